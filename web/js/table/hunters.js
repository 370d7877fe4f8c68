// Hunters and Gatherers in the table document (js/table.js): the tile to place, the landscape
// (its tiles and features by kind, open or complete, with their worth and who is on them), each
// player's points and supply.

import { t, tn } from "../i18n/hunters.js";
import { featureName } from "../renderers/hunters/draw.js";

export default function part(snap, { seatName }) {
  const v = snap.view;
  const who = (occ) => Object.entries(occ || {}).filter(([, n]) => n > 0).map(([s, n]) => `${seatName(Number(s))} ${n}`).join(", ");
  const features = [...(v.features || [])].sort((a, b) => Number(a.complete) - Number(b.complete) || a.kind.localeCompare(b.kind));
  const lines = features.map((f) => {
    const on = who(f.occupants);
    const n = new Set(f.parts.map((p) => `${p[0]},${p[1]}`)).size;
    return tn("{feature}: {n} tile, worth {value}{on}", "{feature}: {n} tiles, worth {value}{on}", n, { feature: featureName(f.kind, f.complete), value: f.value, on: on ? " \u00b7 " + on : "" });
  });
  const players = (v.players || []).map((p) => [seatName(p.seat), String(p.score ?? 0), String(p.members ?? 0), String(p.huts ?? 0)]);
  return [
    { title: t("Landscape"), lines: [
      t("{n} tiles laid; {left} land tiles and {bonus} bonus tiles left", { n: (v.board || []).length, left: v.land_left ?? 0, bonus: v.bonus_left ?? 0 }),
      ...lines] },
    { title: t("Players"), head: [t("Player"), t("Points"), t("Members in supply"), t("Huts in supply")], rows: players },
  ];
}
