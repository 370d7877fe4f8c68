// Painted landscapes shared by the games' art (drawn by code, no image files): seeded noise,
// offscreen canvases cached by key, grass, tree canopies, pines, water, rocks, fields, cottages
// and small side-view animals. Hunters' tiles (hunters/paint.js), Glen More's tiles
// (glenmore/scenes.js) and Caledonia's terrain (caledonia/paint.js) are made of these, so the
// three boards are one family: the same greens, the same water, the same trees.

// --- seeded noise -------------------------------------------------------
export function seedOf(str) {
  let h = 2166136261;
  for (let i = 0; i < str.length; i++) h = Math.imul(h ^ str.charCodeAt(i), 16777619);
  return h >>> 0;
}
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const PALETTE = {
  grass: "#9cc45c", grassDark: "#82aa48", tuft: "rgba(60,100,30,0.35)",
  canopy: ["#3b7d3a", "#33733a"], canopyShadow: "rgba(15,40,18,0.55)", canopyLight: "rgba(140,200,110,0.35)",
  forest: "#2f6b34", forestEdge: "#1d4424",
  water: "#3d8fd1", waterDeep: "#2f74b3", bank: "#c9b27a", foam: "rgba(220,245,255,0.55)",
  rock: "#9aa0a4", rockDark: "#5f666b", rockLight: "#c9cdd0",
  wall: "#ece6d6", wallEdge: "#6b6355", thatch: "#b98a3e", slate: "#56606b",
};

export function makeCanvas(w, h) {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(w, h);
  const c = document.createElement("canvas");
  c.width = w; c.height = h;
  return c;
}

// pictures kept by key (a tile's kind and size in device px); the oldest go past LIMIT
const CACHE = new Map();
const LIMIT = 400;
/** The picture ``key`` of w x h device px, painted once by ``paint(g, w, h)``. */
export function cached(key, w, h, paint) {
  let c = CACHE.get(key);
  if (c) return c;
  c = makeCanvas(Math.max(1, w), Math.max(1, h));
  paint(c.getContext("2d"), w, h);
  CACHE.set(key, c);
  if (CACHE.size > LIMIT) CACHE.delete(CACHE.keys().next().value);
  return c;
}

/** The device px per CSS px of ``g`` now (its transform's scale). */
export function scaleOf(g) {
  const m = g.getTransform();
  return Math.hypot(m.a, m.b) || 1;
}

/** A colour ``hex`` lighter (k > 1) or darker (k < 1). */
export function shade(hex, k) {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex || "");
  if (!m) return hex;
  const n = parseInt(m[1], 16);
  const f = (v) => Math.max(0, Math.min(255, Math.round(v * k)));
  return `rgb(${f(n >> 16)},${f((n >> 8) & 255)},${f(n & 255)})`;
}

const ell = (g, cx, cy, rx, ry, fill) => { g.fillStyle = fill; g.beginPath(); g.ellipse(cx, cy, rx, ry, 0, 0, Math.PI * 2); g.fill(); };

// --- ground --------------------------------------------------------------
/** Grass over (x, y, w, h): a soft gradient, tufts and a few flowers (``s``: the scale of a tuft). */
export function grass(g, x, y, w, h, rand, { light = PALETTE.grass, dark = PALETTE.grassDark, tufts = 38, flowers = 10, s = Math.min(w, h) } = {}) {
  const grad = g.createRadialGradient(x + w * 0.4, y + h * 0.35, s * 0.1, x + w * 0.5, y + h * 0.5, s * 0.8);
  grad.addColorStop(0, light);
  grad.addColorStop(1, dark);
  g.fillStyle = grad;
  g.fillRect(x, y, w, h);
  g.strokeStyle = PALETTE.tuft;
  g.lineWidth = Math.max(1, s / 160);
  g.beginPath();
  for (let k = 0; k < tufts; k++) {
    const tx = x + rand() * w, ty = y + rand() * h, th = s * (0.015 + rand() * 0.015);
    g.moveTo(tx - th * 0.5, ty); g.lineTo(tx - th * 0.2, ty - th);
    g.moveTo(tx, ty); g.lineTo(tx + th * 0.1, ty - th * 1.2);
    g.moveTo(tx + th * 0.5, ty); g.lineTo(tx + th * 0.4, ty - th);
  }
  g.stroke();
  for (let k = 0; k < flowers; k++) {
    g.fillStyle = rand() < 0.5 ? "rgba(255,250,200,0.7)" : "rgba(240,200,230,0.7)";
    g.beginPath();
    g.arc(x + rand() * w, y + rand() * h, s * 0.007, 0, Math.PI * 2);
    g.fill();
  }
}

/** Ploughed rows of ripe grain over (x, y, w, h), slanting (one of Glen More's fields). */
export function fieldRows(g, x, y, w, h, rand, { base = "#e2bd45", row = "#c89a2a", ear = "#f6dc7a" } = {}) {
  g.fillStyle = base;
  g.fillRect(x, y, w, h);
  const n = 7, step = h / n;
  g.lineCap = "round";
  for (let i = -2; i < n + 2; i++) {
    const y0 = y + i * step;
    g.strokeStyle = row; g.lineWidth = Math.max(1, step * 0.22);
    g.beginPath(); g.moveTo(x - 2, y0 + step * 0.7); g.lineTo(x + w + 2, y0 - step * 0.3); g.stroke();
    g.strokeStyle = ear; g.lineWidth = Math.max(1, step * 0.12);
    g.setLineDash([Math.max(1, step * 0.25), Math.max(1, step * 0.2)]);
    g.beginPath(); g.moveTo(x - 2, y0 + step * 0.35); g.lineTo(x + w + 2, y0 - step * 0.65); g.stroke();
    g.setLineDash([]);
  }
  for (let k = 0; k < 12; k++) ell(g, x + rand() * w, y + rand() * h, step * 0.12, step * 0.05, "rgba(120,80,20,0.35)");
}

/** Water in ``path`` (a Path2D) with its deeper middle at (cx, cy) r, a bank round it and glints. */
export function water(g, path, cx, cy, r, { bank = PALETTE.bank, bankW = r * 0.12 } = {}) {
  g.save();
  if (bank) { g.lineJoin = "round"; g.strokeStyle = bank; g.lineWidth = bankW; g.stroke(path); }
  const lg = g.createRadialGradient(cx, cy, 0, cx, cy, r);
  lg.addColorStop(0, PALETTE.waterDeep);
  lg.addColorStop(1, PALETTE.water);
  g.fillStyle = lg;
  g.fill(path);
  g.clip(path);
  g.strokeStyle = PALETTE.foam;
  g.lineWidth = Math.max(1, r * 0.03);
  for (const [dx, dy, k] of [[-0.35, -0.25, 0.4], [0.2, 0.1, 0.5], [-0.1, 0.4, 0.35]]) {
    g.beginPath();
    g.moveTo(cx + (dx - k / 2) * r, cy + dy * r);
    g.quadraticCurveTo(cx + dx * r, cy + (dy - 0.08) * r, cx + (dx + k / 2) * r, cy + dy * r);
    g.stroke();
  }
  g.restore();
}

/** A round lake's path about (cx, cy), radius r, wobbling by ``rand``. */
export function lakePath(cx, cy, rx, ry, rand) {
  const p = new Path2D();
  const n = 14;
  for (let i = 0; i <= n; i++) {
    const a = (i / n) * Math.PI * 2, k = 0.86 + rand() * 0.2;
    const px = cx + Math.cos(a) * rx * k, py = cy + Math.sin(a) * ry * k;
    if (i) p.lineTo(px, py); else p.moveTo(px, py);
  }
  p.closePath();
  return p;
}

// --- trees and rocks -------------------------------------------------------
/** One round tree crown seen from above at (cx, cy), radius r (Hunters' forests are made of these). */
export function crown(g, cx, cy, r, rand, colours = PALETTE.canopy) {
  ell(g, cx + r * 0.25, cy + r * 0.3, r, r, PALETTE.canopyShadow);
  ell(g, cx, cy, r, r, rand() < 0.5 ? colours[0] : colours[1]);
  ell(g, cx - r * 0.3, cy - r * 0.3, r * 0.45, r * 0.45, PALETTE.canopyLight);
}

/** Crowns filling (x, y, w, h) in rows (``step``: their spacing) - a wood seen from above. */
export function canopy(g, x, y, w, h, step, rand, colours) {
  for (let yy = y; yy < y + h; yy += step * 0.8) {
    for (let xx = x; xx < x + w; xx += step) {
      const cx = xx + (rand() - 0.5) * step * 0.7, cy = yy + (rand() - 0.5) * step * 0.7;
      crown(g, cx, cy, step * (0.55 + rand() * 0.25), rand, colours);
    }
  }
}

/** A Scots pine from the side, its foot at (cx, cy), ``h`` tall. */
export function pine(g, cx, cy, h, dark = "#24562c") {
  ell(g, cx + h * 0.12, cy, h * 0.22, h * 0.06, "rgba(0,0,0,0.25)");
  g.fillStyle = "#5a3a1a";
  g.fillRect(cx - h * 0.035, cy - h * 0.22, h * 0.07, h * 0.22);
  for (let i = 0; i < 3; i++) {
    const top = cy - h * (0.45 + i * 0.2), w = h * (0.34 - i * 0.08), base = cy - h * (0.15 + i * 0.2);
    g.fillStyle = i % 2 ? shade(dark, 1.25) : dark;
    g.beginPath(); g.moveTo(cx, top - h * 0.1); g.lineTo(cx + w, base); g.lineTo(cx - w, base); g.closePath(); g.fill();
  }
}

/** A boulder at (cx, cy), radius r: a lit face and a shaded one. */
export function rock(g, cx, cy, r, rand) {
  const pts = [];
  const n = 7;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 + rand() * 0.4, k = 0.75 + rand() * 0.3;
    pts.push([cx + Math.cos(a) * r * k, cy + Math.sin(a) * r * k * 0.8]);
  }
  ell(g, cx + r * 0.2, cy + r * 0.55, r * 0.9, r * 0.35, "rgba(0,0,0,0.28)");
  g.fillStyle = PALETTE.rock; g.strokeStyle = PALETTE.rockDark; g.lineWidth = Math.max(0.8, r * 0.1);
  g.beginPath(); pts.forEach(([px, py], i) => (i ? g.lineTo(px, py) : g.moveTo(px, py))); g.closePath(); g.fill(); g.stroke();
  g.fillStyle = PALETTE.rockLight;
  g.beginPath(); g.moveTo(pts[3][0], pts[3][1]); g.lineTo(pts[4][0], pts[4][1]); g.lineTo(cx, cy); g.closePath(); g.fill();
}

// --- buildings and animals (side view, foot at (cx, cy), ``z`` wide) --------------------------
/** A whitewashed cottage with a thatched (or slate) roof, door, window and a smoking chimney. */
export function cottage(g, cx, cy, z, { roof = PALETTE.thatch, smoke = true } = {}) {
  const u = z / 100;
  ell(g, cx + 6 * u, cy + 2 * u, 52 * u, 8 * u, "rgba(0,0,0,0.25)");
  g.fillStyle = PALETTE.wall; g.strokeStyle = PALETTE.wallEdge; g.lineWidth = Math.max(0.8, 2.5 * u);
  g.beginPath(); g.rect(cx - 42 * u, cy - 34 * u, 84 * u, 34 * u); g.fill(); g.stroke();
  g.fillStyle = "#7a6a58"; g.fillRect(cx + 22 * u, cy - 62 * u, 10 * u, 20 * u);
  g.fillStyle = roof; g.strokeStyle = shade(roof, 0.6);
  g.beginPath(); g.moveTo(cx - 50 * u, cy - 30 * u); g.quadraticCurveTo(cx - 30 * u, cy - 62 * u, cx, cy - 64 * u);
  g.quadraticCurveTo(cx + 30 * u, cy - 62 * u, cx + 50 * u, cy - 30 * u); g.closePath(); g.fill(); g.stroke();
  g.fillStyle = "#5a3a1a"; g.fillRect(cx - 8 * u, cy - 22 * u, 16 * u, 22 * u);
  g.fillStyle = "#f4d37a"; g.fillRect(cx - 32 * u, cy - 24 * u, 12 * u, 10 * u); g.fillRect(cx + 20 * u, cy - 24 * u, 12 * u, 10 * u);
  if (smoke) { ell(g, cx + 30 * u, cy - 72 * u, 7 * u, 5 * u, "rgba(235,235,235,0.75)"); ell(g, cx + 36 * u, cy - 82 * u, 9 * u, 6 * u, "rgba(235,235,235,0.55)"); }
}

/** A sheep (white fleece, black face and legs). */
export function sheep(g, cx, cy, z) {
  const u = z / 100;
  ell(g, cx, cy + 2 * u, 42 * u, 8 * u, "rgba(0,0,0,0.25)");
  g.strokeStyle = "#222"; g.lineWidth = 7 * u; g.lineCap = "round";
  g.beginPath(); for (const lx of [-22, -10, 12, 24]) { g.moveTo(cx + lx * u, cy - 20 * u); g.lineTo(cx + lx * u, cy); } g.stroke();
  for (const [fx, fy, r] of [[-24, -34, 16], [-6, -40, 18], [14, -36, 17], [-14, -24, 16], [8, -24, 16], [24, -28, 13]]) ell(g, cx + fx * u, cy + fy * u, r * u, r * u, "#f6f3ea");
  g.strokeStyle = "rgba(120,110,90,0.45)"; g.lineWidth = 2 * u;
  g.beginPath(); g.ellipse(cx, cy - 32 * u, 36 * u, 18 * u, 0, 0, Math.PI * 2); g.stroke();
  ell(g, cx + 38 * u, cy - 36 * u, 11 * u, 14 * u, "#2a2a2a");
  ell(g, cx + 30 * u, cy - 46 * u, 6 * u, 3 * u, "#2a2a2a");
}

/** A black cow with pale horns. */
export function cow(g, cx, cy, z, coat = "#2f2a28") {
  const u = z / 100;
  ell(g, cx, cy + 2 * u, 46 * u, 8 * u, "rgba(0,0,0,0.25)");
  g.strokeStyle = shade(coat, 0.8); g.lineWidth = 8 * u; g.lineCap = "round";
  g.beginPath(); for (const lx of [-26, -14, 14, 26]) { g.moveTo(cx + lx * u, cy - 20 * u); g.lineTo(cx + lx * u, cy); } g.stroke();
  g.fillStyle = coat;
  g.beginPath(); g.roundRect(cx - 36 * u, cy - 48 * u, 70 * u, 32 * u, 12 * u); g.fill();
  ell(g, cx + 40 * u, cy - 44 * u, 12 * u, 11 * u, coat);
  ell(g, cx + 46 * u, cy - 38 * u, 7 * u, 5 * u, "#8a6a5a");
  g.strokeStyle = "#efe4c8"; g.lineWidth = 4 * u;
  g.beginPath(); g.moveTo(cx + 36 * u, cy - 52 * u); g.quadraticCurveTo(cx + 30 * u, cy - 64 * u, cx + 24 * u, cy - 62 * u);
  g.moveTo(cx + 44 * u, cy - 52 * u); g.quadraticCurveTo(cx + 50 * u, cy - 64 * u, cx + 56 * u, cy - 62 * u); g.stroke();
  g.strokeStyle = coat; g.lineWidth = 4 * u;
  g.beginPath(); g.moveTo(cx - 36 * u, cy - 42 * u); g.quadraticCurveTo(cx - 46 * u, cy - 30 * u, cx - 42 * u, cy - 18 * u); g.stroke();
}

/** A fence of posts and two rails from (x0, y) to (x1, y), ``h`` tall. */
export function fence(g, x0, x1, y, h) {
  g.strokeStyle = "#7a5a32"; g.lineWidth = Math.max(1, h * 0.14); g.lineCap = "round";
  g.beginPath();
  g.moveTo(x0, y - h * 0.7); g.lineTo(x1, y - h * 0.7);
  g.moveTo(x0, y - h * 0.3); g.lineTo(x1, y - h * 0.3);
  const n = Math.max(2, Math.round((x1 - x0) / (h * 1.4)));
  for (let i = 0; i <= n; i++) { const px = x0 + ((x1 - x0) * i) / n; g.moveTo(px, y); g.lineTo(px, y - h); }
  g.stroke();
}
