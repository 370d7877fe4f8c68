// Hunters and Gatherers in the table document (js/table.js): the tile to place, the landscape
// (its tiles and features by kind, open or complete, where they lie, with their worth and who is on them), each
// player's points and supply.

import { t, tn } from "../i18n/hunters.js";
import { featureName, wayFromStart } from "../renderers/hunters/draw.js";

/** Where a feature lies, as the board's places are named (renderers/hunters.js placeName): the
 * way from the start tile to the middle of its tiles [[x, y]]. */
function where(cells) {
  const x = Math.round(cells.reduce((a, c) => a + c[0], 0) / cells.length);
  const y = Math.round(cells.reduce((a, c) => a + c[1], 0) / cells.length);
  if (!x && !y) return t("at the start");
  return t("around {dx}, {dy} {dir} of the start", { dx: Math.abs(x), dy: Math.abs(y), dir: wayFromStart(x, y) });
}

export default function part(snap, { seatName }) {
  const v = snap.view;
  const who = (occ) => Object.entries(occ || {}).filter(([, n]) => n > 0).map(([s, n]) => `${seatName(Number(s))} ${n}`).join(", ");
  const features = [...(v.features || [])].sort((a, b) => Number(a.complete) - Number(b.complete) || a.kind.localeCompare(b.kind));
  const lines = features.map((f) => {
    const on = who(f.occupants);
    const cells = [...new Set(f.parts.map((p) => `${p[0]},${p[1]}`))].map((c) => c.split(",").map(Number));
    const n = cells.length;
    const feature = `${featureName(f.kind, f.complete)} (${where(cells)})`;
    return tn("{feature}: {n} tile, worth {value}{on}", "{feature}: {n} tiles, worth {value}{on}", n, { feature, value: f.value, on: on ? " \u00b7 " + on : "" });
  });
  const players = (v.players || []).map((p) => [seatName(p.seat), String(p.score ?? 0), String(p.members ?? 0), String(p.huts ?? 0)]);
  return [
    { title: t("Landscape"), lines: [
      t("{n} tiles laid; {left} land tiles and {bonus} bonus tiles left", { n: (v.board || []).length, left: v.land_left ?? 0, bonus: v.bonus_left ?? 0 }),
      ...lines] },
    { title: t("Players"), head: [t("Player"), t("Points"), t("Members in supply"), t("Huts in supply")], rows: players },
  ];
}
