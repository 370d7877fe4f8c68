// Hunters painting: piece overlays for highlights, members and huts; the tile art and glyphs
// are in tileart.js (painted off the page's thread too: artworker.js).
import { makeCanvas, shade } from "../landscape.js";
import { drawSeatMark } from "../../seatmark.js";
import { notePiece } from "../base.js";

export { COLORS, paintTile, glyph } from "./tileart.js";

// overlay for one piece: translucent fill and a solid rim, white (tint with composite)
export function paintPieceMask(layout, i, color, rim = 3) {
  const N = layout.N;
  const sc = 4;
  const c = makeCanvas(N * sc, N * sc);
  const g = c.getContext("2d");
  const L = layout.label;
  g.fillStyle = color;
  g.globalAlpha = 0.38;
  for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) if (L[y * N + x] === i) g.fillRect(x * sc, y * sc, sc, sc);
  g.globalAlpha = 1;
  for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) {
    if (L[y * N + x] !== i) continue;
    const other = (dx, dy) => {
      const nx = x + dx, ny = y + dy;
      return nx >= 0 && ny >= 0 && nx < N && ny < N && L[ny * N + nx] !== i;
    };
    if (other(1, 0)) g.fillRect(x * sc + sc - rim, y * sc, rim, sc);
    if (other(-1, 0)) g.fillRect(x * sc, y * sc, rim, sc);
    if (other(0, 1)) g.fillRect(x * sc, y * sc + sc - rim, sc, rim);
    if (other(0, -1)) g.fillRect(x * sc, y * sc, sc, rim);
  }
  return c;
}

// ---------------------------------------------------------------- members and huts
export function meeplePath(z) {
  // classic figure, centred, height about z
  const p = new Path2D();
  const u = z / 100;
  p.moveTo(-12 * u, -30 * u);
  p.arc(0, -34 * u, 14 * u, Math.PI * 0.85, Math.PI * 0.15, false);
  p.lineTo(44 * u, -14 * u);
  p.quadraticCurveTo(50 * u, -2 * u, 40 * u, 2 * u);
  p.lineTo(20 * u, 4 * u);
  p.lineTo(40 * u, 46 * u);
  p.quadraticCurveTo(40 * u, 52 * u, 32 * u, 52 * u);
  p.lineTo(10 * u, 52 * u);
  p.lineTo(0, 30 * u);
  p.lineTo(-10 * u, 52 * u);
  p.lineTo(-32 * u, 52 * u);
  p.quadraticCurveTo(-40 * u, 52 * u, -40 * u, 46 * u);
  p.lineTo(-20 * u, 4 * u);
  p.lineTo(-40 * u, 2 * u);
  p.quadraticCurveTo(-50 * u, -2 * u, -44 * u, -14 * u);
  p.closePath();
  return p;
}

export function drawMember(g, x, y, z, color, role) {
  notePiece(g, role || "member", x - z * 0.42, y - z * 0.45, z * 0.84, z * 0.9);
  g.save();
  g.translate(x, y);
  if (role === "hunter") g.rotate(-Math.PI / 2);
  g.fillStyle = "rgba(0,0,0,0.35)";
  g.save(); g.translate(z * 0.05, z * 0.07); g.fill(meeplePath(z)); g.restore();
  const p = meeplePath(z);
  const gr = g.createLinearGradient(-z * 0.4, -z * 0.5, z * 0.4, z * 0.5);
  gr.addColorStop(0, shade(color, 1.25));
  gr.addColorStop(1, shade(color, 0.8));
  g.fillStyle = gr;
  g.fill(p);
  g.strokeStyle = "rgba(0,0,0,0.7)";
  g.lineWidth = Math.max(1, z * 0.045);
  g.stroke(p);
  drawSeatMark(g, color, 0, z * 0.08, z * 0.11);
  g.restore();
}

export function drawHut(g, x, y, z, color) {
  notePiece(g, "hut", x - z * 0.46, y - z * 0.48, z * 0.92, z * 0.92);
  g.save();
  g.translate(x, y);
  const u = z / 100;
  const p = new Path2D();
  p.moveTo(0, -48 * u);
  p.lineTo(46 * u, 10 * u);
  p.lineTo(36 * u, 10 * u);
  p.lineTo(36 * u, 44 * u);
  p.lineTo(-36 * u, 44 * u);
  p.lineTo(-36 * u, 10 * u);
  p.lineTo(-46 * u, 10 * u);
  p.closePath();
  g.fillStyle = "rgba(0,0,0,0.35)";
  g.save(); g.translate(z * 0.05, z * 0.07); g.fill(p); g.restore();
  g.fillStyle = color;
  g.fill(p);
  g.fillStyle = shade(color, 0.7);
  g.beginPath(); g.moveTo(0, -48 * u); g.lineTo(46 * u, 10 * u); g.lineTo(-46 * u, 10 * u); g.closePath(); g.fill();
  g.fillStyle = "rgba(0,0,0,0.55)";
  g.beginPath(); g.roundRect(-10 * u, 18 * u, 20 * u, 26 * u, [8 * u, 8 * u, 0, 0]); g.fill();
  g.strokeStyle = "rgba(0,0,0,0.7)";
  g.lineWidth = Math.max(1, z * 0.045);
  g.stroke(p);
  drawSeatMark(g, color, 0, z * 0.22, z * 0.12);
  g.restore();
}
