// Readable labels for Glen More moves (used for ui.choices buttons and targets).

/** A display position in words, from the starting village (x east, y south). */
export function at(xy) {
  const [x, y] = xy;
  if (!x && !y) return "at the village";
  const ns = y < 0 ? "north" : y > 0 ? "south" : "";
  const ew = x > 0 ? "east" : x < 0 ? "west" : "";
  if (Math.abs(x) <= 1 && Math.abs(y) <= 1) return `${[ns, ew].filter(Boolean).join("-")} of the village`;
  return `${[ns && `${Math.abs(y)} ${ns}`, ew && `${Math.abs(x)} ${ew}`].filter(Boolean).join(", ")} of the village`;
}

export function spotAt(player, xy) {
  if (!player || !Array.isArray(xy)) return null;
  return player.display.find((d) => d.at[0] === xy[0] && d.at[1] === xy[1]) || null;
}

export function tileName(view, player, xy) {
  const s = spotAt(player, xy);
  const t = s && view.tiles[String(s.tile)];
  return t ? t.name.replace(/ \((sheep|cattle)\)/, "") : "the space";
}

export function counted(list) {
  const n = {};
  for (const r of list) n[r] = (n[r] || 0) + 1;
  return Object.entries(n).map(([r, k]) => (k > 1 ? `${k} ${r}` : r)).join(" + ");
}

/** What handing in `use` at this tile yields, read from the tile's text. */
export function yieldOf(t, use) {
  const text = (t && t.text) || "";
  if (t && t.kind === "distillery") return "1 whisky";
  const pairs = [...text.matchAll(/(\d+)->(\d+)/g)];
  if (pairs.length && /different/.test(text)) {
    const kinds = new Set(use).size;
    const hit = pairs.find((m) => Number(m[1]) === kinds);
    return hit ? `${hit[2]} VP` : "";
  }
  const any = text.match(/any (\d+) resources -> (\d+)/);
  if (any) return `${any[2]} VP`;
  const want = [...use].sort().join("+");
  for (const alt of text.split("|")) {
    const [lhs, rhs] = alt.split("->").map((s) => (s || "").trim());
    if (lhs && lhs.split("+").map((s) => s.trim()).sort().join("+") === want) return rhs;
  }
  return "";
}

export function moveLabel(view, move) {
  const me = view.players[view.current_player];
  const price = (r) => view.market[r];
  switch (move.type) {
    case "take": {
      const e = view.chain[move.space];
      const t = e && view.tiles[String(e.tile)];
      return `Take ${t ? t.name : "tile"}`;
    }
    case "pay":
      if (move.resource === "whisky") return "Pay a whisky barrel";
      if (move.resource === "clansman") {
        return move.from === "chieftain" ? "Pay a chieftain" : `Pay the clan member on ${tileName(view, me, move.from)} ${at(move.from)}`;
      }
      return `Pay ${move.resource} from the ${tileName(view, me, move.from)} ${at(move.from)}`;
    case "buy":
      return `Buy ${move.resource} (${price(move.resource) + 1} coin${price(move.resource) ? "s" : ""})`;
    case "sell":
      return `Sell ${move.resource} for ${price(move.resource)} coin${price(move.resource) === 1 ? "" : "s"}`;
    case "place":
      return `Place ${at(move.at)}`;
    case "gain":
      return `Gain ${move.resource}`;
    case "activate": {
      const name = tileName(view, me, move.tile);
      const spot = spotAt(me, move.tile);
      const t = spot && view.tiles[String(spot.tile)];
      const ness = move.loch_ness ? "Loch Ness: " : "";
      if (move.gain) return `${ness}${name}: take 1 ${move.gain}`;
      if (move.use) {
        const y = yieldOf(t, move.use);
        return `${ness}${name}: ${counted(move.use)}${y ? " → " + y : ""}`;
      }
      return `${ness}Activate ${name}`;
    }
    case "end_activation":
      return "Done activating";
    case "move":
      if (move.to === "chieftain") return `Make chieftain (from ${tileName(view, me, move.from)})`;
      return `Move a clan member from ${tileName(view, me, move.from)} to ${tileName(view, me, move.to)} (${at(move.to)})`;
    case "end_turn":
      return "End turn";
    case "pass":
      return "Pass";
    default:
      return move.type;
  }
}
