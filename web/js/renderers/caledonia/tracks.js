// Clans of Caledonia's tracks drawn as the printed board's strips: a wooden rim round a
// parchment band of numbered steps, each clan's marker (its seat's colour AND shape, as the seat
// marks, so colour-blind players tell them apart) on its step, stacked when shared. The glory
// track runs along the map's bottom edge inside the board's frame (or heads the players' tab
// where the map has no room for it); the import tracks and the market's price tracks are strips
// of the same wood.
import { SEAT_COLOURS, SEAT_SHAPES } from "../../ui.js";
import { shapePath } from "../../seatmark.js";
import { notePiece, text, font } from "../base.js";
import { drawGood } from "./pieces.js";

/** The glory track's length: a marker past it goes round again, a lap told beside it ("+50"). */
export const GLORY_LAP = 50;
/** Map units the glory track adds under the map's box, and its band in map units under ``box``
 * (the hexes' box: indexMap), inside the board's frame. */
export const GLORY_BELOW = 3.55;
export const gloryBand = (box) => ({ x0: box.x0 + 0.05, x1: box.x1 - 0.05, y0: box.y1 + 0.4, y1: box.y1 + 3.2 });
const WOOD = ["#7a5230", "#5e3d22"], PARCH = ["#f1e6c8", "#e2d3ae"], INK = "#3b2c1a", GILT = "#d8b25a";

/** A clan's marker at (x, y), radius r: its seat's shape in its colour, a dark edge, a shadow
 * and a glint (a wooden piece standing on the board). */
export function seatToken(g, colour, x, y, r) {
  const i = SEAT_COLOURS.indexOf(String(colour).toLowerCase());
  const shape = i >= 0 ? SEAT_SHAPES[i] : "circle";
  g.save();
  g.beginPath(); shapePath(g, shape, x + r * 0.14, y + r * 0.2, r);
  g.fillStyle = "rgba(0,0,0,0.35)"; g.fill();
  g.beginPath(); shapePath(g, shape, x, y, r);
  g.fillStyle = colour; g.fill();
  g.lineWidth = Math.max(1, r * 0.2); g.strokeStyle = "#1a120a"; g.stroke();
  g.beginPath(); g.arc(x - r * 0.25, y - r * 0.25, r * 0.22, 0, Math.PI * 2);
  g.fillStyle = "rgba(255,255,255,0.45)"; g.fill();
  g.restore();
}

/** A board strip: a wooden rim k px wide round a parchment band (x, y, w, h), a gilt line inside. */
export function woodStrip(g, x, y, w, h, k) {
  g.save();
  const gr = g.createLinearGradient(x, y - k, x, y + h + k);
  gr.addColorStop(0, WOOD[0]); gr.addColorStop(0.5, WOOD[1]); gr.addColorStop(1, WOOD[0]);
  g.beginPath(); g.roundRect(x - k, y - k, w + 2 * k, h + 2 * k, k * 0.9);
  g.fillStyle = "rgba(0,0,0,0.4)"; g.translate(1, 2); g.fill(); g.translate(-1, -2);
  g.fillStyle = gr; g.fill();
  const pg = g.createLinearGradient(x, y, x, y + h);
  pg.addColorStop(0, PARCH[0]); pg.addColorStop(1, PARCH[1]);
  g.fillStyle = pg; g.fillRect(x, y, w, h);
  g.strokeStyle = GILT; g.lineWidth = Math.max(1, k * 0.22);
  g.strokeRect(x + 0.5, y + 0.5, w - 1, h - 1);
  g.restore();
}

/** The steps of a track across (x, w): n cells on the band (y, h), shaded by fives (gilt at each
 * tenth, or where ``coin(i)`` says: a bonus step), their numbers under them at ``fs`` px every
 * ``every`` steps (written where they fit). Returns the cells' centres. */
function steps(g, x, y, w, h, n, { fs, ny, every = 5, coin = null, first = 0 }) {
  const cw = w / n, xs = [];
  for (let i = 0; i < n; i++) {
    const cx = x + i * cw;
    const v = first + i;
    const gold = coin ? coin(v) : v % 10 === 0;
    g.fillStyle = gold ? "#d9b45c" : v % 5 === 0 ? "#cdb98c" : i % 2 ? "#e8dbb9" : "#f3e9cf";
    g.fillRect(cx, y, cw, h);
    g.fillStyle = "rgba(59,44,26,0.5)";
    g.fillRect(cx, y, Math.max(0.6, cw * 0.06), h);
    xs.push(cx + cw / 2);
  }
  g.strokeStyle = "rgba(59,44,26,0.7)"; g.lineWidth = 1;
  g.strokeRect(x, y, w, h);
  // numbers: each ``every``-th step, or each 2*every where they would touch
  g.font = font(fs, 700);
  const wide = g.measureText(`${first + n - 1}`).width + 4;
  const step = wide > cw * every ? every * 2 : every;
  for (let i = 0; i < n; i++) {
    const v = first + i;
    if (v % step === 0) text(g, `${v}`, xs[i], ny, { size: fs, weight: 700, color: INK, align: "center" });
  }
  return xs;
}

/** Markers over their steps: [{colour, at (x), name}] in a lane whose bottom is ``base``, radius
 * r; a marker that would touch one already placed goes a row up (shared steps stack), each on a
 * stalk down to its step. */
function markers(g, list, base, r, cellTop, top) {
  const placed = [];
  // as many rows as the lane holds; past them, a marker stands aside (to the right) on a
  // slanted stalk to its step
  const rows = Math.max(1, Math.floor((base - top - 2 * r) / (r * 1.55)) + 1);
  for (const m of [...list].sort((a, b) => a.at - b.at)) {
    for (let k = 0; ; k++) {
      const level = k % rows, x = m.at + Math.floor(k / rows) * r * 2;
      if (!placed.some((p) => p.level === level && Math.abs(p.x - x) < r * 1.9)) { placed.push({ ...m, level, x }); break; }
    }
  }
  for (const p of placed) {
    p.y = base - r - p.level * r * 1.55;
    g.strokeStyle = "rgba(40,28,16,0.8)"; g.lineWidth = 1;
    g.beginPath(); g.moveTo(p.x, p.y); g.lineTo(p.at, cellTop); g.stroke();
  }
  for (const p of placed) {
    seatToken(g, p.colour, p.x, p.y, r);
    notePiece(g, p.name, p.x - r, p.y - r, 2 * r, 2 * r);
  }
  return placed;
}

/** The glory track in the box (x, y, w, h) (CSS px, its rim outside it): steps 0-49, every
 * fifth numbered, each seat's marker on its glory (a lap beyond told "+50" beside it).
 * players: [{seat, glory}]. */
export function drawGloryTrack(g, x, y, w, h, players, colorOf, title = "") {
  const k = Math.max(3, Math.min(8, h * 0.14));
  woodStrip(g, x, y, w, h, k);
  const fs = Math.max(11, Math.min(16, Math.round(h * 0.3)));
  const cellH = Math.max(4, h * 0.15);
  const numY = y + h - fs * 0.5 - 2;
  const cellTop = numY - fs * 0.5 - 2 - cellH;
  const pad = Math.max(2, w * 0.006);
  const xs = steps(g, x + pad, cellTop, w - 2 * pad, cellH, GLORY_LAP, { fs, ny: numY });
  const r = Math.max(5, Math.min(11, (cellTop - y) * 0.36, (xs[1] - xs[0]) * 1.3));
  const list = players.map((p) => ({
    colour: colorOf(p.seat), at: xs[((p.glory % GLORY_LAP) + GLORY_LAP) % GLORY_LAP], lap: Math.floor(p.glory / GLORY_LAP),
    name: `glory marker ${p.seat} at ${p.glory}`,
  }));
  // the track's name in its lane, at the end no marker stands near
  if (title) {
    g.font = font(fs, 800);
    const tw = g.measureText(title).width;
    const ty = y + (cellTop - y) / 2;
    const right = !list.some((m) => m.at > x + w - tw - 3 * r - 8);
    const left = !list.some((m) => m.at < x + tw + 3 * r + 8);
    if (right || left) text(g, title, right ? x + w - 6 : x + 6, ty, { size: fs, weight: 800, color: "#6b4e2a", align: right ? "right" : "left" });
  }
  const placed = markers(g, list, cellTop - 2, r, cellTop, y + 2);
  for (const p of placed) {
    if (p.lap > 0) text(g, `+${p.lap * GLORY_LAP}`, p.x + r + 2, p.y, { size: 11, weight: 800, color: INK });
  }
}

/** An import track in the box (x, y, w, h): steps 0..n-1 (the bonus pound at every ``marked``-th
 * step in gilt), the good's token standing on step ``at``. */
export function drawImportTrack(g, good, at, x, y, w, h, n, marked) {
  const k = 3;
  woodStrip(g, x, y, w, h, k);
  const fs = 11, cellH = 5;
  const numY = y + h - fs * 0.5 - 1;
  const cellTop = numY - fs * 0.5 - 1 - cellH;
  const xs = steps(g, x + 2, cellTop, w - 4, cellH, n, { fs, ny: numY, coin: (v) => v > 0 && v % marked === 0 });
  const r = Math.max(5, Math.min(8, (cellTop - y) * 0.45));
  const cx = xs[Math.min(at, n - 1)], cy = cellTop - r - 1;
  g.beginPath(); g.arc(cx, cy, r, 0, Math.PI * 2);
  g.fillStyle = "#f7efd9"; g.fill();
  g.strokeStyle = INK; g.lineWidth = 1.2; g.stroke();
  drawGood(g, good, cx, cy, r * 1.7);
  notePiece(g, `import marker ${good} at ${at}`, cx - r, cy - r, 2 * r, 2 * r);
}

/** A market good's price track in (x, y, w, h): the prices in parchment cells in a wooden rim,
 * the price now on a gilt cell with a dark edge (the market marker). Returns the cell width. */
export function drawPriceTrack(g, prices, pos, x, y, w, h) {
  woodStrip(g, x, y, w, h, 3);
  const cw = w / prices.length;
  prices.forEach((p, i) => {
    const cur = i === pos;
    g.fillStyle = cur ? "#ffd95a" : i % 2 ? "#e8dbb9" : "#f3e9cf";
    g.fillRect(x + i * cw, y, cw, h);
    if (i) { g.fillStyle = "rgba(59,44,26,0.45)"; g.fillRect(x + i * cw, y, 1, h); }
  });
  prices.forEach((p, i) => {
    const cur = i === pos;
    if (cur) {
      g.strokeStyle = "#3b2c1a"; g.lineWidth = 2;
      g.strokeRect(x + i * cw + 1, y + 1, cw - 2, h - 2);
    }
    text(g, `${p}`, x + i * cw + cw / 2, y + h / 2, { size: 11, weight: cur ? 800 : 600, color: cur ? "#1a120a" : "#5a4630", align: "center" });
  });
  return cw;
}
