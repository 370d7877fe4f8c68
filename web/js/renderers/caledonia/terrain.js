// Clans of Caledonia's ground with texture (drawn by code, landscape.js): grassland with tufts and
// flowers, forest as tree crowns seen from above, mountains as snow-capped peaks, lochs and the
// sea with waves, and the board's wooden frame round the map. Each hex is painted once per
// terrain and size (cached) and drawn as a picture; the land still reads without colour (trees,
// peaks, waves). Port spaces carry a harbour plaque (drawHarbour).

import { PALETTE, cached, scaleOf, rng, seedOf, grass, canopy } from "../landscape.js";

const ell = (g, cx, cy, rx, ry, fill) => { g.fillStyle = fill; g.beginPath(); g.ellipse(cx, cy, rx, ry, 0, 0, Math.PI * 2); g.fill(); };

/** A mountain peak from the side, its foot (cx, cy), w wide and h tall, a snow cap. */
function peak(g, cx, cy, w, h) {
  g.fillStyle = "#7d756a";
  g.beginPath(); g.moveTo(cx - w / 2, cy); g.lineTo(cx, cy - h); g.lineTo(cx + w / 2, cy); g.closePath(); g.fill();
  g.fillStyle = "#5d564d";
  g.beginPath(); g.moveTo(cx, cy - h); g.lineTo(cx + w / 2, cy); g.lineTo(cx + w * 0.08, cy); g.closePath(); g.fill();
  g.fillStyle = "#f1f1ec";
  g.beginPath(); g.moveTo(cx, cy - h); g.lineTo(cx - w * 0.14, cy - h * 0.7); g.lineTo(cx - w * 0.04, cy - h * 0.76);
  g.lineTo(cx + w * 0.04, cy - h * 0.68); g.lineTo(cx + w * 0.14, cy - h * 0.72); g.closePath(); g.fill();
}

function waves(g, S, rand, colour) {
  g.strokeStyle = colour; g.lineWidth = Math.max(1, S * 0.025); g.lineCap = "round";
  for (let k = 0; k < 6; k++) {
    const x = S * (0.15 + rand() * 0.7), y = S * (0.15 + rand() * 0.7), w = S * 0.12;
    g.beginPath(); g.moveTo(x - w, y); g.quadraticCurveTo(x - w / 2, y - w * 0.45, x, y); g.quadraticCurveTo(x + w / 2, y - w * 0.45, x + w, y); g.stroke();
  }
}

const PAINT = {
  grassland(g, S, rand) {
    grass(g, 0, 0, S, S, rand, { light: "#8dbb55", dark: "#739f45", tufts: 22, flowers: 6 });
  },
  forest(g, S, rand) {
    g.fillStyle = PALETTE.forest; g.fillRect(0, 0, S, S);
    canopy(g, S * 0.02, S * 0.04, S, S, S * 0.17, rand);
  },
  mountain(g, S, rand) {
    const gr = g.createLinearGradient(0, 0, 0, S);
    gr.addColorStop(0, "#9e978b"); gr.addColorStop(1, "#857d71");
    g.fillStyle = gr; g.fillRect(0, 0, S, S);
    for (let k = 0; k < 10; k++) ell(g, rand() * S, rand() * S, S * 0.03, S * 0.015, "rgba(60,55,48,0.35)");
    peak(g, S * 0.3, S * 0.62, S * 0.42, S * 0.36);
    peak(g, S * 0.62, S * 0.78, S * 0.5, S * 0.44);
    peak(g, S * 0.74, S * 0.46, S * 0.3, S * 0.24);
  },
  loch(g, S, rand) {
    const gr = g.createRadialGradient(S / 2, S / 2, 0, S / 2, S / 2, S * 0.6);
    gr.addColorStop(0, PALETTE.waterDeep); gr.addColorStop(1, "#3a7fb8");
    g.fillStyle = gr; g.fillRect(0, 0, S, S);
    waves(g, S, rand, "rgba(220,245,255,0.45)");
  },
  central(g, S, rand) {
    const gr = g.createRadialGradient(S / 2, S / 2, 0, S / 2, S / 2, S * 0.6);
    gr.addColorStop(0, "#214f78"); gr.addColorStop(1, "#2c5f8a");
    g.fillStyle = gr; g.fillRect(0, 0, S, S);
    waves(g, S, rand, "rgba(200,230,255,0.35)");
  },
  port(g, S, rand) {
    PAINT.loch(g, S, rand);
    g.fillStyle = "#8a6238"; g.strokeStyle = "#4d341c"; g.lineWidth = Math.max(1, S * 0.015);
    for (const [x, y] of [[0.2, 0.22], [0.78, 0.76]]) { g.beginPath(); g.arc(S * x, S * y, S * 0.04, 0, Math.PI * 2); g.fill(); g.stroke(); }
  },
  factory(g, S, rand) {
    grass(g, 0, 0, S, S, rand, { light: "#6f7a4e", dark: "#5a6440", tufts: 10, flowers: 0 });
    g.fillStyle = "#8c5a3c"; g.strokeStyle = "#3b2618"; g.lineWidth = Math.max(1, S * 0.02);
    g.beginPath(); g.rect(S * 0.22, S * 0.48, S * 0.56, S * 0.26); g.fill(); g.stroke();
    g.fillStyle = "#5b3a26";
    g.beginPath(); g.moveTo(S * 0.22, S * 0.48); for (let i = 0; i < 3; i++) { g.lineTo(S * (0.22 + i * 0.187), S * 0.38); g.lineTo(S * (0.22 + (i + 1) * 0.187), S * 0.48); } g.closePath(); g.fill(); g.stroke();
    g.fillStyle = "#4a3020"; g.fillRect(S * 0.64, S * 0.2, S * 0.08, S * 0.22);
    ell(g, S * 0.7, S * 0.14, S * 0.07, S * 0.05, "rgba(230,230,230,0.7)");
    ell(g, S * 0.8, S * 0.08, S * 0.08, S * 0.05, "rgba(230,230,230,0.5)");
    g.fillStyle = "#f4d37a";
    for (const x of [0.3, 0.45, 0.6]) g.fillRect(S * x, S * 0.56, S * 0.06, S * 0.07);
  },
};

// a picture's size in device px for a hex 2r CSS px wide: steps of 2^(1/4) (a zoom paints anew
// only now and then)
const sizeStep = (dev) => Math.max(8, Math.round(Math.pow(2, Math.ceil(Math.log2(dev) * 4) / 4)));

/** The hex of the picture of S px (its first corner at angle a0) as the clip. */
function hexClip(c, S, a0) {
  c.beginPath();
  for (let i = 0; i < 6; i++) {
    const a = a0 + (Math.PI / 3) * i;
    c.lineTo(S / 2 + (S / 2) * Math.cos(a), S / 2 + (S / 2) * Math.sin(a));
  }
  c.closePath();
  c.clip();
}

/** The picture of ground ``kind`` (a terrain, "loch", "central", "port" or "factory") drawn in
 * the hex of radius r (CSS px) at (x, y) of ``g`` (its first corner at angle a0; a0 null: the
 * whole square of 2r, for a caller's own clip), painted once per size step. */
export function drawGround(g, kind, x, y, r, a0 = null) {
  const paint = PAINT[kind];
  if (!paint) return false;
  const S = sizeStep(r * scaleOf(g) * 2);
  const pic = cached(`cal:${kind}:${S}:${a0}`, S, S, (c) => {
    if (a0 != null) hexClip(c, S, a0);
    paint(c, S, rng(seedOf(`cal:${kind}`)));
  });
  g.drawImage(pic, x - r, y - r, r * 2, r * 2);
  return true;
}

/** A space of several land types (``kinds``, two or three) in the hex of radius r at (x, y): a
 * wedge of each (two halves or three thirds from the top) with its own texture, parted by light
 * lines; one picture per size step, as drawGround's (false: a kind without a texture). */
export function drawMixedGround(g, kinds, x, y, r, a0) {
  if (!kinds.every((k) => PAINT[k])) return false;
  const S = sizeStep(r * scaleOf(g) * 2);
  const pic = cached(`cal:mixed:${kinds.join("+")}:${S}:${a0}`, S, S, (c) => {
    const R = S / 2, n = kinds.length;
    hexClip(c, S, a0);
    kinds.forEach((kind, i) => {
      const w0 = -Math.PI / 2 + (2 * Math.PI * i) / n;
      c.save();
      c.beginPath(); c.moveTo(R, R); c.arc(R, R, R * 1.2, w0, w0 + (2 * Math.PI) / n); c.closePath();
      c.clip();
      PAINT[kind](c, S, rng(seedOf(`cal:${kind}`)));
      c.restore();
    });
    c.strokeStyle = "rgba(255,255,255,0.35)";
    c.lineWidth = Math.max(1, S / (2 * r));   // 1 CSS px at the board's scale
    c.beginPath();
    for (let i = 0; i < n; i++) { const a = -Math.PI / 2 + (2 * Math.PI * i) / n; c.moveTo(R, R); c.lineTo(R + Math.cos(a) * R, R + Math.sin(a) * R); }
    c.stroke();
  });
  g.drawImage(pic, x - r, y - r, r * 2, r * 2);
  return true;
}

/** The board's frame round the box (x, y, w, h) of the map (CSS px): a wooden rim with a gilt
 * line inside, as the printed board's edge. */
export function drawBoardFrame(g, x, y, w, h, k) {
  const rim = Math.max(6, k * 0.45);
  g.save();
  g.lineJoin = "round";
  g.strokeStyle = "rgba(0,0,0,0.45)";
  g.lineWidth = rim + 4;
  g.strokeRect(x - rim / 2 + 2, y - rim / 2 + 3, w + rim, h + rim);
  const gr = g.createLinearGradient(x, y - rim, x, y + h + rim);
  gr.addColorStop(0, "#7a5230"); gr.addColorStop(0.5, "#5e3d22"); gr.addColorStop(1, "#7a5230");
  g.strokeStyle = gr;
  g.lineWidth = rim;
  g.strokeRect(x - rim / 2, y - rim / 2, w + rim, h + rim);
  g.strokeStyle = "#d8b25a";
  g.lineWidth = Math.max(1, rim * 0.14);
  g.strokeRect(x + rim * 0.1, y + rim * 0.1, w - rim * 0.2, h - rim * 0.2);
  g.restore();
}

/** A port space as a harbour plaque at (x, y) in a hex of radius r: a ring of quay planks with
 * mooring posts and a jetty out to the water, round a parchment plate with the bonus tile's
 * number (``label``); returns the plate's number box. */
export function drawHarbour(g, x, y, r, label, text) {
  const R = r * 0.6, plank = Math.max(3, r * 0.17);
  g.save();
  // the jetty: planks out to the upper right, on two posts
  g.translate(x, y); g.rotate(-Math.PI / 4);
  g.fillStyle = "rgba(0,0,0,0.35)"; g.fillRect(R - 1, -plank * 0.55 + 2, r * 0.42, plank * 1.1);
  g.fillStyle = "#9a7043"; g.fillRect(R - 2, -plank * 0.55, r * 0.42, plank * 1.1);
  g.strokeStyle = "#4d341c"; g.lineWidth = 1;
  g.strokeRect(R - 2, -plank * 0.55, r * 0.42, plank * 1.1);
  for (let k = 1; k < 4; k++) { g.beginPath(); g.moveTo(R - 2 + k * r * 0.105, -plank * 0.55); g.lineTo(R - 2 + k * r * 0.105, plank * 0.55); g.stroke(); }
  g.fillStyle = "#3b2616";
  for (const s of [-1, 1]) { g.beginPath(); g.arc(R + r * 0.36, s * plank * 0.55, Math.max(1.5, r * 0.05), 0, Math.PI * 2); g.fill(); }
  g.restore();
  // the quay: a ring of planks
  g.save();
  g.beginPath(); g.arc(x + 1, y + 2, R + plank / 2, 0, Math.PI * 2);
  g.fillStyle = "rgba(0,0,0,0.35)"; g.fill();
  g.beginPath(); g.arc(x, y, R, 0, Math.PI * 2);
  g.strokeStyle = "#8a6238"; g.lineWidth = plank; g.stroke();
  g.strokeStyle = "#4d341c"; g.lineWidth = 1;
  g.beginPath(); g.arc(x, y, R + plank / 2, 0, Math.PI * 2); g.stroke();
  g.beginPath(); g.arc(x, y, R - plank / 2, 0, Math.PI * 2); g.stroke();
  g.strokeStyle = "rgba(59,38,22,0.8)";
  for (let k = 0; k < 12; k++) {
    const a = (Math.PI / 6) * k + 0.1;
    g.beginPath();
    g.moveTo(x + Math.cos(a) * (R - plank / 2), y + Math.sin(a) * (R - plank / 2));
    g.lineTo(x + Math.cos(a) * (R + plank / 2), y + Math.sin(a) * (R + plank / 2));
    g.stroke();
  }
  // the plate with the tile's number
  const P = R - plank / 2;
  const pg = g.createRadialGradient(x - P * 0.3, y - P * 0.3, 0, x, y, P);
  pg.addColorStop(0, "#f6ecd2"); pg.addColorStop(1, "#dfcda3");
  g.beginPath(); g.arc(x, y, P, 0, Math.PI * 2);
  g.fillStyle = pg; g.fill();
  g.strokeStyle = "#d8b25a"; g.lineWidth = Math.max(1, r * 0.04);
  g.beginPath(); g.arc(x, y, P - Math.max(1, r * 0.05), 0, Math.PI * 2); g.stroke();
  g.restore();
  const size = Math.max(11, Math.round(r * 0.5));
  const w = text(g, label, x, y + 0.5, { size, weight: 800, color: "#3b2c1a", align: "center" });
  return { x: x - w / 2, y: y - size / 2, w, h: size };
}
