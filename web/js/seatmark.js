// A seat's shape drawn on its pieces (ui.js SEAT_SHAPES: circle, square,
// triangle, diamond, star), so pieces are told apart without seeing hues.
// Renderers call it with the colour they paint the piece in; a colour that
// is not a seat's draws nothing.

import { SEAT_COLOURS, SEAT_SHAPES } from "./ui.js";

/** The shape of the seat whose colour is ``colour`` at (x, y), radius r: dark with a light edge. */
export function drawSeatMark(g, colour, x, y, r) {
  const i = SEAT_COLOURS.indexOf(String(colour).toLowerCase());
  if (i < 0 || r < 2) return;
  g.save();
  g.beginPath();
  shapePath(g, SEAT_SHAPES[i], x, y, r);
  g.fillStyle = "rgba(12,16,14,0.85)";
  g.fill();
  g.lineWidth = Math.max(1, r * 0.28);
  g.strokeStyle = "rgba(255,255,255,0.9)";
  g.stroke();
  g.restore();
}

export function shapePath(g, shape, x, y, r) {
  if (shape === "square") g.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7);
  else if (shape === "triangle") { g.moveTo(x, y - r * 1.05); g.lineTo(x + r, y + r * 0.75); g.lineTo(x - r, y + r * 0.75); g.closePath(); }
  else if (shape === "diamond") { g.moveTo(x, y - r * 1.1); g.lineTo(x + r, y); g.lineTo(x, y + r * 1.1); g.lineTo(x - r, y); g.closePath(); }
  else if (shape === "star") {
    for (let k = 0; k < 10; k++) {
      const a = -Math.PI / 2 + (k * Math.PI) / 5, rr = k % 2 ? r * 0.45 : r * 1.1;
      if (k) g.lineTo(x + rr * Math.cos(a), y + rr * Math.sin(a)); else g.moveTo(x + rr * Math.cos(a), y + rr * Math.sin(a));
    }
    g.closePath();
  } else g.arc(x, y, r * 0.85, 0, Math.PI * 2);
}
