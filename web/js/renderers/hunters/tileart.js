// Hunters' tile art and glyphs: procedural pictures of a tile's landscape (painted per tile and
// size) and the animals, fish, gold, mushrooms, shrine and fire drawn on it. No page, no DOM:
// the art worker (artworker.js) paints with it off the page's thread as the page does.
import { rng, seedOf, RIVER_W } from "./geometry.js";
import { makeCanvas, grass, canopy } from "../landscape.js";

export const COLORS = {
  table: "#23241f",
  meadow: "#8fb552",
  meadowDark: "#7aa243",
  forest: "#2f6b34",
  forestEdge: "#1d4424",
  water: "#3d8fd1",
  waterDeep: "#2f74b3",
  bank: "#c9b27a",
  ink: "#1b1c18",
};

function pathOf(shapes, s) {
  // Path2D (in pixels, scale s) of a list of polygon / circle shapes
  const p = new Path2D();
  for (const sh of shapes) {
    if (sh.poly) {
      sh.poly.forEach(([x, y], k) => (k ? p.lineTo(x * s, y * s) : p.moveTo(x * s, y * s)));
      p.closePath();
    } else if (sh.circle) {
      p.moveTo(sh.circle[0] * s + sh.r * s, sh.circle[1] * s);
      p.arc(sh.circle[0] * s, sh.circle[1] * s, sh.r * s, 0, Math.PI * 2);
    }
  }
  return p;
}

function strokeLine(g, line, s) {
  g.beginPath();
  line.forEach(([x, y], k) => (k ? g.lineTo(x * s, y * s) : g.moveTo(x * s, y * s)));
  g.stroke();
}

// ---------------------------------------------------------------- tile art
export function paintTile(layout, size) {
  const c = makeCanvas(size, size);
  const g = c.getContext("2d");
  const s = size;
  const rand = rng(seedOf(layout.id) ^ 0x9e37);
  const { pieces, shapes, extra } = layout;

  // meadow: soft gradient and grass tufts
  grass(g, 0, 0, s, s, rand);

  // hedges between two meadows that touch
  g.fillStyle = "rgba(52,92,38,0.85)";
  layout.hedges.forEach(([x, y], k) => {
    if (k % 2) return;
    g.beginPath();
    g.arc(x * s, y * s, s * 0.012, 0, Math.PI * 2);
    g.fill();
  });

  // forests
  pieces.forEach((p, i) => {
    if (p.kind !== "forest") return;
    const path = pathOf(shapes[i], s);
    g.save();
    g.lineJoin = "round";
    g.strokeStyle = COLORS.forestEdge;
    g.lineWidth = s * 0.05;
    g.stroke(path);
    g.fillStyle = COLORS.forest;
    g.fill(path);
    g.clip(path);
    canopy(g, -0.02 * s, -0.02 * s, 1.07 * s, 1.07 * s, 0.075 * s, rng(seedOf(layout.id + ":" + i)));
    g.restore();
  });

  // rivers: bank, water, sparkle
  g.lineCap = "round";
  g.lineJoin = "round";
  const rivers = pieces.map((p, i) => i).filter((i) => pieces[i].kind === "river");
  for (const i of rivers) {
    g.strokeStyle = COLORS.bank;
    g.lineWidth = s * (RIVER_W + 0.05);
    strokeLine(g, extra[i].line, s);
  }
  for (const i of pieces.map((p, k) => k).filter((k) => pieces[k].kind === "lake")) {
    g.save();
    g.strokeStyle = COLORS.bank;
    g.lineWidth = s * 0.05;
    const path = pathOf(shapes[i], s);
    g.stroke(path);
    g.restore();
  }
  for (const i of rivers) {
    g.strokeStyle = COLORS.water;
    g.lineWidth = s * RIVER_W;
    strokeLine(g, extra[i].line, s);
    g.strokeStyle = "rgba(200,235,255,0.55)";
    g.lineWidth = Math.max(1, s * 0.012);
    g.setLineDash([s * 0.04, s * 0.06]);
    strokeLine(g, extra[i].line.map(([x, y]) => [x + 0.015, y - 0.015]), s);
    g.setLineDash([]);
    if (extra[i].spring) {
      const [x, y] = extra[i].spring;
      g.fillStyle = "#7cc4ef";
      g.beginPath(); g.arc(x * s, y * s, s * 0.07, 0, Math.PI * 2); g.fill();
      g.strokeStyle = "#e9f7ff";
      g.lineWidth = Math.max(1, s * 0.01);
      for (const r of [0.025, 0.048]) { g.beginPath(); g.arc(x * s, y * s, r * s, 0, Math.PI * 2); g.stroke(); }
    }
  }
  // lakes on top
  pieces.forEach((p, i) => {
    if (p.kind !== "lake") return;
    const path = pathOf(shapes[i], s);
    const [cx, cy] = extra[i].centre;
    const lg = g.createRadialGradient(cx * s, cy * s, 0, cx * s, cy * s, extra[i].r * s);
    lg.addColorStop(0, COLORS.waterDeep);
    lg.addColorStop(1, COLORS.water);
    g.fillStyle = lg;
    g.fill(path);
    g.strokeStyle = "rgba(220,245,255,0.5)";
    g.lineWidth = Math.max(1, s * 0.008);
    g.beginPath();
    g.arc(cx * s, cy * s, extra[i].r * s * 0.75, Math.PI * 1.1, Math.PI * 1.5);
    g.stroke();
  });
  // fish are part of the lake art
  layout.decor.forEach((items) => items.forEach((d) => d.kind === "fish" && glyph(g, "fish", d.at[0] * s, d.at[1] * s, s * 0.11)));

  // bonus tiles: a golden inner frame
  if (layout.bonus) {
    g.strokeStyle = "rgba(255,210,74,0.9)";
    g.lineWidth = Math.max(1.5, s * 0.022);
    g.strokeRect(s * 0.035, s * 0.035, s * 0.93, s * 0.93);
  }
  // tile rim
  g.strokeStyle = "rgba(0,0,0,0.35)";
  g.lineWidth = Math.max(1, s * 0.012);
  g.strokeRect(0, 0, s, s);
  return c;
}

// ---------------------------------------------------------------- glyphs
// every glyph is drawn centred at (x, y) with size `z` (about its width)
export function glyph(g, kind, x, y, z) {
  g.save();
  g.translate(x, y);
  g.scale(z / 100, z / 100);
  g.lineJoin = "round";
  g.lineCap = "round";
  const ell = (cx, cy, rx, ry, fill) => { g.fillStyle = fill; g.beginPath(); g.ellipse(cx, cy, rx, ry, 0, 0, Math.PI * 2); g.fill(); };
  const leg = (x0, y0, x1, y1, w, col) => { g.strokeStyle = col; g.lineWidth = w; g.beginPath(); g.moveTo(x0, y0); g.lineTo(x1, y1); g.stroke(); };
  const shadow = () => ell(0, 34, 42, 9, "rgba(0,0,0,0.25)");
  if (kind === "deer") {
    shadow();
    const c = "#a8672e";
    for (const lx of [-22, -14, 16, 24]) leg(lx, 0, lx + (lx < 0 ? -2 : 2), 32, 5, "#7a4a1f");
    ell(0, -2, 30, 13, c);
    ell(4, 0, 16, 6, "#e9d2a8");
    leg(22, -8, 30, -26, 9, c);
    ell(35, -28, 10, 7, c);
    ell(43, -26, 5, 4, "#4a2c12");
    g.strokeStyle = "#5a3a1a"; g.lineWidth = 3.5;
    g.beginPath();
    g.moveTo(30, -34); g.lineTo(24, -52); g.moveTo(27, -44); g.lineTo(17, -50); g.moveTo(24, -52); g.lineTo(28, -60);
    g.moveTo(36, -34); g.lineTo(40, -54); g.moveTo(39, -46); g.lineTo(48, -52);
    g.stroke();
    ell(-31, -8, 5, 4, "#f3e9d2");
  } else if (kind === "mammoth") {
    shadow();
    const c = "#6e4b35";
    for (const lx of [-24, -12, 12, 22]) leg(lx, 6, lx, 32, 11, "#5a3c2a");
    g.fillStyle = c;
    g.beginPath();
    g.moveTo(-38, 12); g.quadraticCurveTo(-42, -30, -8, -32); g.quadraticCurveTo(22, -40, 34, -16);
    g.quadraticCurveTo(46, 4, 40, 26); g.lineTo(34, 26); g.quadraticCurveTo(34, 8, 26, 8); g.lineTo(-38, 14); g.closePath();
    g.fill();
    g.strokeStyle = "#4d3424"; g.lineWidth = 4;
    g.beginPath(); g.moveTo(-30, -14); g.lineTo(-26, 0); g.moveTo(-16, -22); g.lineTo(-12, -6); g.stroke();
    g.strokeStyle = "#f4efe0"; g.lineWidth = 5;
    g.beginPath(); g.moveTo(34, -2); g.quadraticCurveTo(52, 6, 50, -12); g.stroke();
    ell(28, -20, 3, 3, "#1b130c");
  } else if (kind === "tiger") {
    shadow();
    const c = "#e98a24";
    for (const lx of [-24, -14, 14, 24]) leg(lx, 2, lx, 32, 7, "#c26c14");
    g.strokeStyle = c; g.lineWidth = 6;
    g.beginPath(); g.moveTo(-32, -4); g.quadraticCurveTo(-52, -10, -46, -32); g.stroke();
    ell(-2, 0, 32, 13, c);
    ell(32, -10, 13, 12, c);
    ell(24, -21, 4, 5, c); ell(36, -22, 4, 5, c);
    g.strokeStyle = "#2a1a0c"; g.lineWidth = 4;
    g.beginPath();
    for (const sx of [-20, -8, 4, 16]) { g.moveTo(sx, -12); g.lineTo(sx + 4, 0); }
    g.stroke();
    g.fillStyle = "#fff"; g.beginPath(); g.moveTo(38, -4); g.lineTo(41, 8); g.lineTo(44, -4); g.fill();
    ell(36, -13, 2.5, 2.5, "#1b130c");
  } else if (kind === "aurochs") {
    shadow();
    const c = "#2d221c";
    for (const lx of [-22, -12, 14, 24]) leg(lx, 4, lx, 32, 8, "#1d1612");
    ell(-2, -2, 32, 16, c);
    ell(-10, -14, 18, 8, c);
    ell(32, -4, 12, 11, c);
    g.strokeStyle = "#efe4c8"; g.lineWidth = 5;
    g.beginPath(); g.moveTo(30, -12); g.quadraticCurveTo(24, -30, 36, -34); g.moveTo(38, -12); g.quadraticCurveTo(46, -28, 52, -26); g.stroke();
    ell(-4, 2, 18, 5, "#4b3a2e");
    ell(36, -6, 2.5, 2.5, "#e8d9b8");
  } else if (kind === "fish") {
    g.fillStyle = "#eaf6ff";
    g.beginPath(); g.ellipse(0, 0, 28, 12, 0, 0, Math.PI * 2); g.fill();
    g.beginPath(); g.moveTo(-22, 0); g.lineTo(-42, -14); g.lineTo(-40, 14); g.closePath(); g.fill();
    ell(14, -3, 3, 3, "#173a5a");
    g.strokeStyle = "rgba(23,58,90,0.5)"; g.lineWidth = 3;
    g.beginPath(); g.moveTo(-4, -8); g.quadraticCurveTo(2, 0, -4, 8); g.stroke();
  } else if (kind === "gold") {
    ell(3, 5, 22, 17, "rgba(0,0,0,0.35)");
    g.fillStyle = "#f2c230";
    g.strokeStyle = "#8a6410"; g.lineWidth = 5;
    g.beginPath();
    g.moveTo(-20, 4); g.lineTo(-10, -16); g.lineTo(10, -18); g.lineTo(22, -2); g.lineTo(12, 16); g.lineTo(-12, 16); g.closePath();
    g.fill(); g.stroke();
    ell(-4, -6, 7, 4, "#fff3b0");
  } else if (kind === "mushrooms") {
    for (const [mx, my, k] of [[-12, 6, 0.8], [12, 0, 1]]) {
      g.save(); g.translate(mx, my); g.scale(k, k);
      ell(0, 24, 16, 5, "rgba(0,0,0,0.3)");
      g.fillStyle = "#f3ead6"; g.fillRect(-6, 0, 12, 24);
      g.fillStyle = "#d8332a";
      g.beginPath(); g.moveTo(-24, 4); g.quadraticCurveTo(-22, -24, 0, -24); g.quadraticCurveTo(22, -24, 24, 4); g.closePath(); g.fill();
      ell(-9, -10, 4, 3, "#fff"); ell(7, -14, 4, 3, "#fff"); ell(12, -2, 3, 2.5, "#fff");
      g.restore();
    }
  } else if (kind === "shrine") {
    ell(0, 8, 46, 22, "rgba(120,110,90,0.45)");
    for (let k = 0; k < 7; k++) {
      const a = (k / 7) * Math.PI * 2;
      const sx = Math.cos(a) * 36, sy = Math.sin(a) * 16;
      g.fillStyle = "#a7a39a"; g.strokeStyle = "#5d5a52"; g.lineWidth = 3;
      g.beginPath(); g.roundRect(sx - 6, sy - 22, 12, 26, 4); g.fill(); g.stroke();
    }
    g.fillStyle = "#c9c5bb"; g.strokeStyle = "#5d5a52";
    g.beginPath(); g.roundRect(-9, -30, 18, 34, 5); g.fill(); g.stroke();
  } else if (kind === "volcano") {
    // a cone of dark rock with a glowing crater and smoke (the start tile's landmark)
    ell(0, 30, 50, 12, "rgba(0,0,0,0.3)");
    g.fillStyle = "#5b4a3e"; g.strokeStyle = "#2e241d"; g.lineWidth = 4;
    g.beginPath(); g.moveTo(-50, 30); g.lineTo(-14, -22); g.lineTo(14, -22); g.lineTo(50, 30); g.closePath(); g.fill(); g.stroke();
    g.fillStyle = "#7a6656";
    g.beginPath(); g.moveTo(-14, -22); g.lineTo(-4, -22); g.lineTo(-22, 30); g.lineTo(-40, 30); g.closePath(); g.fill();
    g.fillStyle = "#e8531e";
    g.beginPath(); g.ellipse(0, -22, 14, 5, 0, 0, Math.PI * 2); g.fill();
    g.fillStyle = "#ffb02e";
    g.beginPath(); g.moveTo(-8, -22); g.lineTo(-3, -2); g.lineTo(2, -14); g.lineTo(6, 4); g.lineTo(9, -22); g.closePath(); g.fill();
    ell(-6, -40, 10, 8, "rgba(200,195,190,0.8)"); ell(6, -52, 13, 9, "rgba(200,195,190,0.65)"); ell(-2, -64, 9, 7, "rgba(200,195,190,0.5)");
  } else if (kind === "fire") {
    g.strokeStyle = "#5a3516"; g.lineWidth = 8;
    g.beginPath(); g.moveTo(-26, 26); g.lineTo(26, 12); g.moveTo(-26, 12); g.lineTo(26, 26); g.stroke();
    g.fillStyle = "#e8531e";
    g.beginPath(); g.moveTo(-22, 18); g.quadraticCurveTo(-30, -14, -4, -42); g.quadraticCurveTo(-6, -18, 8, -20);
    g.quadraticCurveTo(6, -34, 14, -40); g.quadraticCurveTo(32, -10, 22, 18); g.closePath(); g.fill();
    g.fillStyle = "#ffc23a";
    g.beginPath(); g.moveTo(-10, 18); g.quadraticCurveTo(-14, -4, 0, -18); g.quadraticCurveTo(2, -4, 10, -8); g.quadraticCurveTo(16, 4, 10, 18); g.closePath(); g.fill();
  }
  g.restore();
}
