// Glen More in the table document (js/table.js): the chain with each tile and its cost, the
// market's prices, each player's estate (tiles, clan members, resources), coins and points.

import { t } from "../i18n/glenmore.js";
import { nameOf, resName, goodsText, tileLines } from "../renderers/glenmore/labels.js";

const GOODS = ["wood", "stone", "sheep", "cattle", "grain"];

const costText = (cost) => {
  const parts = Object.entries(cost || {}).filter(([, n]) => n > 0).map(([r, n]) => goodsText(n, r));
  return parts.length ? t("costs {goods}", { goods: parts.join(" + ") }) : t("free");
};

export default function part(snap, { seatName }) {
  const v = snap.view;
  const tileOf = (id) => v.tiles[String(id)];
  const chain = (v.chain || []).map((c) => {
    if (c.kind === "tile") {
      const tile = tileOf(c.tile);
      if (!tile) return "";
      const does = tileLines(tile, v.cards).join("; ");
      return t("{tile}: {cost}{does}", { tile: nameOf(tile.name), cost: costText(tile.cost), does: does ? " \u00b7 " + does : "" });
    }
    if (c.kind === "figure") return t("{name}'s marker", { name: seatName(c.seat) });
    if (c.kind === "die") return t("the die");
    return t("empty space");
  });
  const market = GOODS.map((r) => {
    const f = (v.market || {})[r] || 0;
    const buy = f < 3 ? String(f + 1) : "\u2013", sell = f > 0 ? String(f) : "\u2013";
    return [resName(r), buy, sell];
  });
  const players = (v.players || []).map((p) => {
    const lines = [
      t("{n} coins", { n: p.coins }), t("{n} VP", { n: p.vp }),
      goodsText(p.whisky, "whisky"), t("clan members at home: {n}", { n: p.clansmen }),
    ];
    if (p.cards && p.cards.length) lines.push(t("cards: {list}", { list: p.cards.map((c) => (v.cards[c] ? nameOf(v.cards[c].name) : c)).join(", ") }));
    for (const d of p.display || []) {
      const tile = tileOf(d.tile);
      const goods = GOODS.filter((r) => d.resources && d.resources[r] > 0).map((r) => goodsText(d.resources[r], r));
      const held = [d.clansmen ? goodsText(d.clansmen, "clansman") : "", ...goods].filter(Boolean).join(", ");
      lines.push(t("{tile} at {x}, {y}{held}", { tile: tile ? nameOf(tile.name) : "?", x: d.at[0], y: d.at[1], held: held ? ": " + held : "" }));
    }
    return { title: seatName(p.seat), lines };
  });
  return [
    { title: t("The chain (in order)"), lines: chain },
    { title: t("Market"), head: [t("Resource"), t("buy"), t("sell")], rows: market },
    { title: t("Players"), sections: players },
  ];
}
