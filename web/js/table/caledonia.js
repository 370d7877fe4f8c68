// Clans of Caledonia in the table document (js/table.js): the round, your clan and each other
// (money, goods, shipping, merchants, contracts, units on the map by map part), the market's
// prices, the export contracts, the ports.

import { t, N_ } from "../i18n/caledonia.js";
import { goodName, unitName, shipName } from "../renderers/caledonia/paint.js";
import { BRACKET } from "../renderers/caledonia/panels.js";

const LAND = { grassland: N_("grassland"), forest: N_("forest"), mountain: N_("mountain"), port: N_("port"), factory: N_("factory"), land: N_("land"), water: N_("water") };
const land = (x) => (LAND[x] ? t(LAND[x]) : String(x));
const money = (n) => `\u00a3${n}`;
const goodsList = (goods) => Object.entries(goods || {}).filter(([, n]) => n > 0).map(([g, n]) => `${n} ${goodName(g)}`).join(", ");

/** A place on the map to choose, in words a reader can tell apart: its map part and land. */
export function place(target, snap) {
  const id = target.move && target.move.space;
  const sp = id != null ? ((snap.view.map && snap.view.map.spaces) || []).find((s) => s.id === id) : null;
  if (!sp) return target.name;
  return t("{place} (map part {part}, {land})", { place: target.name, part: sp.module, land: (sp.terrains || []).map(land).join(", ") || land(sp.kind) });
}

export default function part(snap, { seatName }) {
  const v = snap.view;
  const spaces = new Map(((v.map && v.map.spaces) || []).map((s) => [s.id, s]));
  const units = (v.map && v.map.units) || [];
  const players = (v.players || []).map((p) => {
    const mine = units.filter((u) => u.seat === p.seat);
    const byPart = {};
    for (const u of mine) {
      const part = (spaces.get(u.space) || {}).module || "?";
      (byPart[part] = byPart[part] || []).push(unitName(u.unit));
    }
    const lines = [
      p.clan ? t("clan {name}", { name: p.clan.name }) : "",
      t("money: {money}", { money: money(p.money) }),
      t("goods: {list}", { list: goodsList(p.goods) || t("none") }),
      t("shipping: {level}", { level: shipName(p.shipping || 0) }),
      t("merchants: {pool} ready, {track} to hire", { pool: (p.merchants || {}).pool ?? 0, track: (p.merchants || {}).track ?? 0 }),
      t("contracts: {n} held, {done} fulfilled", { n: (p.contracts || []).length, done: (p.fulfilled || []).length }),
      t("settlements: {n}", { n: p.settlements ?? 0 }),
      ...Object.entries(byPart).map(([part, list]) => t("map part {part}: {units}", { part, units: list.join(", ") })),
      p.passed ? t("passed") : "",
    ];
    return { title: seatName(p.seat), lines };
  });
  const market = (v.market || []).map((m) => [goodName(m.good), money(m.price), BRACKET[m.bracket] ? t(BRACKET[m.bracket]) : String(m.bracket || "")]);
  const contracts = ((v.export && v.export.slots) || []).filter(Boolean).map((c) => {
    const gets = [goodsList(c.imports), c.money ? money(c.money) : "", c.hops ? `${c.hops} ${goodName("hops")}` : ""].filter(Boolean).join(", ");
    return t("needs {needs}; brings {gets}", { needs: goodsList(c.needs), gets });
  });
  const ports = ((v.map && v.map.ports) || []).map((id) => {
    const at = units.filter((u) => u.space === id).map((u) => seatName(u.seat));
    return t("port {part}{used}", { part: (spaces.get(id) || {}).module || "?", used: at.length ? ": " + at.join(", ") : "" });
  });
  return [
    { title: t("Round {n} of {of}", { n: v.round, of: v.rounds }), bare: true },
    { title: t("Players"), sections: players },
    { title: t("Market"), head: [t("good"), t("price"), t("bracket")], rows: market },
    { title: t("Export contracts"), lines: contracts },
    { title: t("Ports"), lines: ports },
  ];
}
