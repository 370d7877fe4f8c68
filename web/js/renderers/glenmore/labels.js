// Glen More's names on the page: tiles, cards and goods, and what a tile does
// (drawn on the board), in the page's language; and each move's button text,
// which is the engine's (snapshot.labels, through ../words.js). The view
// carries the engine's English names and machine text; they are translated
// here, at draw time.

import { t, tn, N_ } from "../../i18n/glenmore.js";
import { labelOf } from "../words.js";

// every name the view can carry (the engine's data/tiles.csv and cards.csv), for the catalogues
N_("Quarry"); N_("Forest"); N_("Meadow (sheep)"); N_("Pasture (cattle)"); N_("Grain field");
N_("Village"); N_("Start village"); N_("Distillery"); N_("Butcher"); N_("Fair"); N_("Grocer");
N_("Bridge"); N_("Tavern"); N_("Iona Abbey"); N_("Loch Lochy"); N_("Loch Morar"); N_("Loch Ness");
N_("Loch Oich"); N_("Loch Shiel"); N_("Castle of Mey"); N_("Castle Stalker"); N_("Castle Moil");
N_("Cawdor Castle"); N_("Duart Castle"); N_("Donan Castle"); N_("Armadale Castle");

const RES_NAMES = { wood: N_("wood"), stone: N_("stone"), sheep: N_("sheep"), cattle: N_("cattle"), grain: N_("grain") };

/** A tile's or card's name in the page's language. */
export const nameOf = (english) => t(english);

/** A resource's name ("wood"). */
export const resName = (r) => (RES_NAMES[r] ? t(RES_NAMES[r]) : r);

/** "2 wood", "1 sheep". */
export function goodsText(n, r) {
  switch (r) {
    case "wood": return tn("{n} wood", "{n} wood", n);
    case "stone": return tn("{n} stone", "{n} stone", n);
    case "sheep": return tn("{n} sheep", "{n} sheep", n);
    case "cattle": return tn("{n} cattle", "{n} cattle", n);
    case "grain": return tn("{n} grain", "{n} grain", n);
    case "whisky": return tn("{n} whisky", "{n} whisky", n);
    case "clansman": return tn("{n} clan member", "{n} clan members", n);
    case "any_different": return tn("{n} different resource", "{n} different resources", n);
    default: return `${n} ${r}`;
  }
}

export const vpText = (n) => t("{n} VP", { n });

export function spotAt(player, xy) {
  if (!player || !Array.isArray(xy)) return null;
  return player.display.find((d) => d.at[0] === xy[0] && d.at[1] === xy[1]) || null;
}

/** The name of the tile at xy in a player's estate, without "(sheep)"-style notes. */
export function tileName(view, player, xy) {
  const s = spotAt(player, xy);
  const tile = s && view.tiles[String(s.tile)];
  return tile ? t(tile.name).replace(/ \([^)]*\)$/, "") : t("the space");
}

/** "2 sheep + wood". */
export function counted(list) {
  const n = {};
  for (const r of list) n[r] = (n[r] || 0) + 1;
  return Object.entries(n).map(([r, k]) => (k > 1 ? goodsText(k, r) : resName(r))).join(" + ");
}

/** What a tile does, one line per alternative, from the view's machine text. */
export function tileLines(tile, cards) {
  const text = (tile && tile.text) || "";
  if (!text) return [];
  if (tile.card && cards && cards[tile.card] && text === cards[tile.card].name) return [];
  let m = /^1 (wood|stone|sheep|cattle|grain)$/.exec(text);
  if (m) return [t("each activation: {goods}", { goods: goodsText(1, m[1]) })];
  if (text === "1 move") return [t("each activation: 1 move for a clan member")];
  if (text === "1 resource of your choice") return [t("each activation: 1 resource of your choice")];
  m = /^(\d+) VP$/.exec(text);
  if (m) return [t("each activation: {vp}", { vp: vpText(Number(m[1])) })];
  if (/^different resources/.test(text)) {
    const pairs = [...text.matchAll(/(\d+)->(\d+)/g)].map((p) => `${p[1]}→${p[2]}`).join(", ");
    return [t("different resources: {pairs} VP", { pairs })];
  }
  m = /any (\d+) resources -> (\d+)/.exec(text);
  if (m) return [t("any {n} resources → {vp}", { n: m[1], vp: vpText(Number(m[2])) })];
  if (text === "1 grain -> 1 whisky") return [`${goodsText(1, "grain")} → ${goodsText(1, "whisky")}`];
  return text.split("|").map((alt) => {
    const [lhs, rhs] = alt.split("->").map((s) => (s || "").trim());
    if (!rhs) return alt.trim();
    const vp = /^(\d+) VP$/.exec(rhs);
    return `${counted(lhs.split("+").map((s) => s.trim()))} → ${vp ? vpText(Number(vp[1])) : rhs}`;
  });
}

/** A legal move's button text: the engine's words (``view`` is not needed any more; the
 * argument stays for the callers). */
export function moveLabel(view, move) {
  return labelOf(move);
}
