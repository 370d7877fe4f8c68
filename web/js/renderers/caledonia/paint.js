// Clans of Caledonia: small painting helpers shared by the map and the panels:
// colours, good chips, unit glyphs (one shape per kind of unit, in the owner's
// colour, with a short name), boxes and wrapped text. Names and the short
// letters on chips and glyphs are English message ids (N_), shown through t()
// when drawn (goodName, unitName, the chip letters).
import { t, N_ } from "../../i18n/caledonia.js";
import { drawSeatMark } from "../../seatmark.js";

export const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

export const TERRAIN = { grassland: "#7fae4f", forest: "#2f6b35", mountain: "#8d8579" };
export const WATER = "#3d79a8", CENTRAL = "#2c5f8a";

// chip letters are unique across goods and units (one message id each)
export const GOOD = {
  wool: { c: "#f2eee2", t: "#333", a: N_("Wo"), name: N_("wool") },
  milk: { c: "#cfe6f5", t: "#1d3a52", a: N_("Mi"), name: N_("milk") },
  grain: { c: "#e7c24a", t: "#4a3800", a: N_("Gr"), name: N_("grain") },
  bread: { c: "#b5793a", t: "#fff", a: N_("Br"), name: N_("bread") },
  cheese: { c: "#f5d33f", t: "#5a4300", a: N_("Ch"), name: N_("cheese") },
  whisky: { c: "#b4511c", t: "#fff", a: N_("Wh"), name: N_("whisky") },
  cotton: { c: "#ffffff", t: "#555", a: N_("Co"), name: N_("cotton") },
  tobacco: { c: "#7a5230", t: "#fff", a: N_("To"), name: N_("tobacco") },
  sugarcane: { c: "#9fd36a", t: "#234", a: N_("Su"), name: N_("sugar cane") },
  hops: { c: "#4f9a3a", t: "#fff", a: N_("Ho"), name: N_("hops") },
  beef: { c: "#a8322d", t: "#fff", a: N_("Be"), name: N_("beef") },
  mutton: { c: "#d98c8c", t: "#3a0d0d", a: N_("Mu"), name: N_("mutton") },
};

export const UNIT = {
  sheep: { shape: "animal", a: N_("Sh"), name: N_("sheep") },
  cow: { shape: "animal", a: N_("Cw"), name: N_("cow") },
  dairy: { shape: "house", a: N_("Da"), name: N_("cheese dairy") },
  bakery: { shape: "house", a: N_("Ba"), name: N_("bakery") },
  field: { shape: "field", a: N_("Fi"), name: N_("grain field") },
  distillery: { shape: "house", a: N_("Di"), name: N_("distillery") },
  woodcutter: { shape: "worker", a: N_("Wc"), name: N_("woodcutter") },
  miner: { shape: "worker", a: N_("Mn"), name: N_("miner") },
  fisherman: { shape: "boat", a: N_("Fm"), name: N_("fisherman") },
  worker: { shape: "worker", a: N_("Wk"), name: N_("worker") },
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

export function box(g, x, y, w, h, r, fill, stroke, lw = 1) {
  g.beginPath();
  g.roundRect(x, y, w, h, r);
  if (fill) { g.fillStyle = fill; g.fill(); }
  if (stroke) { g.strokeStyle = stroke; g.lineWidth = lw; g.stroke(); }
}

export function text(g, s, x, y, { size = 13, weight = 400, color = "#f3ecd8", align = "left", base = "middle", max } = {}) {
  g.font = `${weight} ${size}px ${FONT}`;
  g.fillStyle = color;
  g.textAlign = align;
  g.textBaseline = base;
  let str = String(s);
  if (max) while (str.length > 2 && g.measureText(str).width > max) str = str.slice(0, -2) + "\u2026";
  g.fillText(str, x, y);
  return g.measureText(str).width;
}

/** Word-wrapped text from (x, y) top-left; returns the height used. */
export function wrap(g, s, x, y, w, { size = 12, color = "#d9d2bd", weight = 400, lh = 1.3, maxLines = 8, draw = true } = {}) {
  g.font = `${weight} ${size}px ${FONT}`;
  g.fillStyle = color;
  g.textAlign = "left";
  g.textBaseline = "top";
  const words = String(s).split(/\s+/);
  let line = "", n = 0;
  const out = [];
  for (const word of words) {
    const t = line ? `${line} ${word}` : word;
    if (g.measureText(t).width > w && line) { out.push(line); line = word; } else line = t;
  }
  if (line) out.push(line);
  for (const l of out.slice(0, maxLines)) { if (draw) g.fillText(l, x, y + n * size * lh); n++; }
  return n * size * lh;
}

/** A round chip for a good (or import, hops, meat) with its short name; r = radius. */
export function goodChip(g, good, x, y, r) {
  const d = GOOD[good] || { c: "#999", t: "#000", a: "?" };
  g.beginPath();
  g.arc(x, y, r, 0, Math.PI * 2);
  g.fillStyle = d.c;
  g.fill();
  g.strokeStyle = "rgba(0,0,0,0.55)";
  g.lineWidth = 1;
  g.stroke();
  g.font = `700 ${Math.max(8, Math.round(r * 1.0))}px ${FONT}`;
  g.fillStyle = d.t;
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.fillText(d.a === "?" ? "?" : t(d.a), x, y + 0.5);
}

/** "n x chip" at (x, y) middle-left; returns the width used. */
export function goodCount(g, good, n, x, y, r, color = "#f3ecd8") {
  let w = 0;
  if (n !== 1 && n !== undefined) {
    w = text(g, `${n}`, x, y, { size: Math.round(r * 1.3), weight: 700, color }) + 2;
  }
  goodChip(g, good, x + w + r, y, r);
  return w + 2 * r + 4;
}

function lighten(hex, k) {
  const n = parseInt(hex.slice(1), 16);
  const f = (c) => Math.round(c + (255 - c) * k);
  return `rgb(${f(n >> 16)},${f((n >> 8) & 255)},${f(n & 255)})`;
}

/** A unit on the map or a player board: shape by kind (animal = disc, building = house,
 * field = square, worker = pawn, fisherman = boat) in the owner's colour, short name inside. */
export function unitGlyph(g, unit, x, y, size, color, { ghost = false } = {}) {
  const u = UNIT[unit] || UNIT.worker;
  const s = size;
  g.save();
  g.globalAlpha = ghost ? 0.45 : 1;
  g.beginPath();
  if (u.shape === "animal") {
    g.ellipse(x, y, s * 0.5, s * 0.42, 0, 0, Math.PI * 2);
  } else if (u.shape === "house") {
    g.moveTo(x - s * 0.45, y + s * 0.42);
    g.lineTo(x - s * 0.45, y - s * 0.08);
    g.lineTo(x, y - s * 0.5);
    g.lineTo(x + s * 0.45, y - s * 0.08);
    g.lineTo(x + s * 0.45, y + s * 0.42);
    g.closePath();
  } else if (u.shape === "field") {
    g.rect(x - s * 0.42, y - s * 0.42, s * 0.84, s * 0.84);
  } else if (u.shape === "boat") {
    g.moveTo(x - s * 0.5, y - s * 0.05);
    g.lineTo(x + s * 0.5, y - s * 0.05);
    g.lineTo(x + s * 0.3, y + s * 0.38);
    g.lineTo(x - s * 0.3, y + s * 0.38);
    g.closePath();
  } else {
    g.arc(x, y - s * 0.28, s * 0.2, 0, Math.PI * 2);
    g.moveTo(x - s * 0.36, y + s * 0.45);
    g.quadraticCurveTo(x - s * 0.36, y - s * 0.08, x, y - s * 0.08);
    g.quadraticCurveTo(x + s * 0.36, y - s * 0.08, x + s * 0.36, y + s * 0.45);
    g.closePath();
  }
  g.fillStyle = color;
  g.fill();
  g.lineWidth = Math.max(1, s * 0.06);
  g.strokeStyle = "rgba(0,0,0,0.75)";
  g.stroke();
  if (!ghost) drawSeatMark(g, color, x + s * 0.4, y - s * 0.36, s * 0.13);
  if (u.shape === "field") {
    g.strokeStyle = lighten(color, 0.55);
    g.lineWidth = Math.max(1, s * 0.05);
    for (const dx of [-0.22, 0, 0.22]) {
      g.beginPath();
      g.moveTo(x + dx * s, y - s * 0.34);
      g.lineTo(x + dx * s, y - s * 0.12);
      g.stroke();
    }
  }
  const fs = Math.max(7, Math.round(s * 0.36));
  g.font = `800 ${fs}px ${FONT}`;
  g.textAlign = "center";
  g.textBaseline = "middle";
  const ty = u.shape === "worker" ? y + s * 0.2 : u.shape === "boat" ? y + s * 0.17 : u.shape === "field" ? y + s * 0.12 : y + s * 0.06;
  g.lineWidth = 3;
  g.strokeStyle = "rgba(0,0,0,0.65)";
  const a = t(u.a);
  g.strokeText(a, x, ty);
  g.fillStyle = "#fff";
  g.fillText(a, x, ty);
  g.restore();
}

/** Flat-top hexagon path centred at (x, y) with centre-to-corner radius r (a0 = pi/6: pointy-top,
 * for the map turned a quarter on a portrait phone). */
export function hexPath(g, x, y, r, a0 = 0) {
  g.beginPath();
  for (let i = 0; i < 6; i++) {
    const a = a0 + Math.PI / 3 * i;
    const px = x + r * Math.cos(a), py = y + r * Math.sin(a);
    if (i) g.lineTo(px, py); else g.moveTo(px, py);
  }
  g.closePath();
}
