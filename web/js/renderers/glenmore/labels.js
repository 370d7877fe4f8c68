// Readable labels for Glen More moves (used for ui.choices buttons and targets),
// names of tiles, cards and goods, and tile descriptions, in the page's language.
// The view carries the engine's English names and machine text; they are
// translated here, at draw time.

import { t, tn, N_ } from "../../i18n/glenmore.js";

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

/** A display position in words, from the starting village (x east, y south). */
export function at(xy) {
  const [x, y] = xy;
  if (!x && !y) return t("at the village");
  if (Math.abs(x) <= 1 && Math.abs(y) <= 1) {
    const k = `${y < 0 ? "n" : y > 0 ? "s" : ""}${x > 0 ? "e" : x < 0 ? "w" : ""}`;
    return {
      n: () => t("north of the village"), s: () => t("south of the village"),
      e: () => t("east of the village"), w: () => t("west of the village"),
      ne: () => t("north-east of the village"), nw: () => t("north-west of the village"),
      se: () => t("south-east of the village"), sw: () => t("south-west of the village"),
    }[k]();
  }
  const ns = y < 0 ? tn("{n} north", "{n} north", -y) : y > 0 ? tn("{n} south", "{n} south", y) : "";
  const ew = x > 0 ? tn("{n} east", "{n} east", x) : x < 0 ? tn("{n} west", "{n} west", -x) : "";
  if (ns && ew) return t("{ns} and {ew} of the village", { ns, ew });
  return t("{way} of the village", { way: ns || ew });
}

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

/** What handing in `use` at this tile yields, read from the tile's text. */
export function yieldOf(tile, use) {
  const text = (tile && tile.text) || "";
  if (tile && tile.kind === "distillery") return goodsText(1, "whisky");
  const pairs = [...text.matchAll(/(\d+)->(\d+)/g)];
  if (pairs.length && /different/.test(text)) {
    const kinds = new Set(use).size;
    const hit = pairs.find((m) => Number(m[1]) === kinds);
    return hit ? vpText(Number(hit[2])) : "";
  }
  const any = text.match(/any (\d+) resources -> (\d+)/);
  if (any) return vpText(Number(any[2]));
  const want = [...use].sort().join("+");
  for (const alt of text.split("|")) {
    const [lhs, rhs] = alt.split("->").map((s) => (s || "").trim());
    if (lhs && lhs.split("+").map((s) => s.trim()).sort().join("+") === want) {
      const m = /^(\d+) VP$/.exec(rhs);
      return m ? vpText(Number(m[1])) : rhs;
    }
  }
  return "";
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

export function moveLabel(view, move) {
  const me = view.players[view.current_player];
  const price = (r) => view.market[r];
  switch (move.type) {
    case "take": {
      const e = view.chain[move.space];
      const tile = e && view.tiles[String(e.tile)];
      return t("Take {tile}", { tile: tile ? t(tile.name) : t("tile") });
    }
    case "pay":
      if (move.resource === "whisky") return t("Pay a whisky barrel");
      if (move.resource === "clansman") {
        return move.from === "chieftain" ? t("Pay a chieftain")
          : t("Pay the clan member on {tile} {where}", { tile: tileName(view, me, move.from), where: at(move.from) });
      }
      return t("Pay {res} from the {tile} {where}", { res: resName(move.resource), tile: tileName(view, me, move.from), where: at(move.from) });
    case "buy":
      return tn("Buy {res} ({n} coin)", "Buy {res} ({n} coins)", price(move.resource) + 1, { res: resName(move.resource) });
    case "sell":
      return tn("Sell {res} for {n} coin", "Sell {res} for {n} coins", price(move.resource), { res: resName(move.resource) });
    case "place":
      return t("Place {where}", { where: at(move.at) });
    case "gain":
      return t("Gain {res}", { res: resName(move.resource) });
    case "activate": {
      const name = tileName(view, me, move.tile);
      const spot = spotAt(me, move.tile);
      const tile = spot && view.tiles[String(spot.tile)];
      const ness = move.loch_ness ? "Loch Ness: " : "";
      if (move.gain) return ness + t("{tile}: take {goods}", { tile: name, goods: goodsText(1, move.gain) });
      if (move.use) {
        const y = yieldOf(tile, move.use);
        return `${ness}${name}: ${counted(move.use)}${y ? " → " + y : ""}`;
      }
      return ness + t("Activate {tile}", { tile: name });
    }
    case "end_activation":
      return t("Done activating");
    case "move":
      if (move.to === "chieftain") return t("Make chieftain (from {tile})", { tile: tileName(view, me, move.from) });
      return t("Move a clan member from {source} to {target} ({where})",
        { source: tileName(view, me, move.from), target: tileName(view, me, move.to), where: at(move.to) });
    case "end_turn":
      return t("End turn");
    case "pass":
      return t("Pass");
    default:
      return move.type;
  }
}
