// Clans of Caledonia: small painting helpers shared by the map and the panels:
// colours, goods and units as pictograms (pieces.js; a unit in its owner's
// colour with the seat's shape mark), boxes and wrapped text. Names are
// English message ids (N_), shown through t() when drawn (goodName, unitName).
import { t, N_ } from "../../i18n/caledonia.js";
import { drawSeatMark } from "../../seatmark.js";
import { drawUnit, drawGood, MARK_AT } from "./pieces.js";
import { FONT, box, text, wrap, notePiece } from "../base.js";

export { FONT, box, text, wrap };

export const WATER = "#3d79a8", CENTRAL = "#2c5f8a";

// names (English message ids); the pieces themselves are drawings (pieces.js)
export const GOOD = {
  wool: { name: N_("wool") },
  milk: { name: N_("milk") },
  grain: { name: N_("grain") },
  bread: { name: N_("bread") },
  cheese: { name: N_("cheese") },
  whisky: { name: N_("whisky") },
  cotton: { name: N_("cotton") },
  tobacco: { name: N_("tobacco") },
  sugarcane: { name: N_("sugar cane") },
  hops: { name: N_("hops") },
  beef: { name: N_("beef") },
  mutton: { name: N_("mutton") },
};

export const UNIT = {
  sheep: { name: N_("sheep") },
  cow: { name: N_("cow") },
  dairy: { name: N_("cheese dairy") },
  bakery: { name: N_("bakery") },
  field: { name: N_("grain field") },
  distillery: { name: N_("distillery") },
  woodcutter: { name: N_("woodcutter") },
  miner: { name: N_("miner") },
  fisherman: { name: N_("fisherman") },
  worker: { name: N_("worker") },
};
/** A good's or a unit's name in the current language. */
export const goodName = (g) => (GOOD[g] ? t(GOOD[g].name) : String(g));
export const unitName = (u) => (UNIT[u] ? t(UNIT[u].name) : String(u));
/** "2 wool" (a count and a good's name, as on the components). */
export const nGood = (n, g) => `${n} ${goodName(g)}`;
/** The shipping track's steps. */
export const SHIP = [N_("none"), N_("river"), N_("loch 1"), N_("loch 2"), N_("loch 3"), N_("loch 4")];
export const shipName = (i) => (SHIP[i] ? t(SHIP[i]) : String(i));
export const UNIT_ORDER = ["sheep", "cow", "dairy", "bakery", "field", "distillery", "woodcutter", "miner", "fisherman"];
export const MAKES = { sheep: "wool", cow: "milk", dairy: "cheese", bakery: "bread", field: "grain", distillery: "whisky" };

/** A money change as a player reads it: "+£5", "\u2212£10", "free". */
export function pounds(n) {
  return n > 0 ? `+\u00a3${n}` : n < 0 ? `\u2212\u00a3${-n}` : t("free");
}

/** A good's pictogram (or an import's, hops', meat's) centred on (x, y) in a circle of radius r. */
export function goodChip(g, good, x, y, r) {
  drawGood(g, good, x, y, r * 2);
}

/** "n x good" at (x, y) middle-left; returns the width used. */
export function goodCount(g, good, n, x, y, r, color = "#f3ecd8") {
  let w = 0;
  if (n !== 1 && n !== undefined) {
    w = text(g, `${n}`, x, y, { size: Math.round(r * 1.3), weight: 700, color }) + 2;
  }
  goodChip(g, good, x + w + r, y, r);
  return w + 2 * r + 4;
}

/** A unit on the map or a player board: its pictogram (pieces.js) in the owner's colour,
 * `size` px square, with the seat's shape mark in a corner the drawing leaves free. */
export function unitGlyph(g, unit, x, y, size, color, { ghost = false } = {}) {
  if (!ghost) {
    notePiece(g, unit, x - size * 0.42, y - size * 0.42, size * 0.84, size * 0.84);
    // the figure stands on the board: a soft shadow at its foot
    g.fillStyle = "rgba(0,0,0,0.28)";
    g.beginPath(); g.ellipse(x + size * 0.05, y + size * 0.36, size * 0.34, size * 0.09, 0, 0, Math.PI * 2); g.fill();
  }
  drawUnit(g, unit, x, y, size, color, { ghost });
  const [mx, my] = MARK_AT[unit] || MARK_AT.worker;
  if (!ghost) drawSeatMark(g, color, x + mx * size, y + my * size, size * 0.11);
}

