// The home screen's picture of each game's board, painted by the game's own drawing code (no
// image files): a Glen More estate (glenmore/draw.js drawTile), a corner of a Hunters landscape
// (hunters/paint.js paintTile), a patch of Caledonia's map (caledonia/terrain.js). What each shows
// is cut from real positions (pictures-data.js, web/dev/gen_pictures.py).

import DATA from "./pictures-data.js";
import { pixelContext } from "./base.js";
import { drawTile } from "./glenmore/draw.js";
import { buildLayout } from "./hunters/geometry.js";
import { paintTile } from "./hunters/paint.js";
import { drawGround, drawBoardFrame } from "./caledonia/terrain.js";

/** The bounds of points [[x, y]]: {x0, y0, x1, y1}. */
function bounds(pts) {
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

const PAINT = {
  glenmore(g, W, H) {
    const tiles = DATA.glenmore;
    const b = bounds(tiles.map((d) => d.at));
    const s = Math.min(W / (b.x1 - b.x0 + 1), H / 2.6);   // the estate's middle rows, large
    const ox = (W - (b.x1 - b.x0 + 1) * s) / 2, oy = (H - (b.y1 - b.y0 + 1) * s) / 2;
    for (const d of tiles) drawTile(g, d.tile, ox + (d.at[0] - b.x0) * s + 1, oy + (d.at[1] - b.y0) * s + 1, s - 2, { detail: false });
  },
  hunters(g, W, H) {
    const land = DATA.hunters;
    const b = bounds(land.map((d) => [d.x, d.y]));
    const s = Math.max(W / (b.x1 - b.x0 + 1), H / (b.y1 - b.y0 + 1));
    const ox = (W - (b.x1 - b.x0 + 1) * s) / 2, oy = (H - (b.y1 - b.y0 + 1) * s) / 2;
    const px = Math.ceil(s * (window.devicePixelRatio || 1));
    for (const d of land) {
      const art = paintTile(buildLayout(d.tile), Math.min(256, Math.max(32, px)));
      const cx = ox + (d.x - b.x0 + 0.5) * s, cy = oy + (d.y - b.y0 + 0.5) * s;
      g.save();
      g.translate(cx, cy);
      g.rotate((d.rot * Math.PI) / 2);
      g.drawImage(art, -s / 2, -s / 2, s, s);
      g.restore();
    }
  },
  caledonia(g, W, H) {
    const spaces = DATA.caledonia;
    const b = bounds(spaces.map((s) => [s.x, s.y]));
    const k = Math.min(W / (b.x1 - b.x0 + 2), H / (b.y1 - b.y0 + 1.8));
    const ox = (W - (b.x1 - b.x0) * k) / 2, oy = (H - (b.y1 - b.y0) * k) / 2;
    g.fillStyle = "#2a5578";
    g.fillRect(0, 0, W, H);
    for (const s of spaces) {
      const x = ox + (s.x - b.x0) * k, y = oy + (s.y - b.y0) * k;
      const kind = s.kind === "land" ? s.terrains[0] : s.kind === "loch" ? (s.central ? "central" : "loch") : s.kind;
      drawGround(g, kind, x, y, k * 0.985, 0);
    }
    drawBoardFrame(g, 3, 3, W - 6, H - 6, 10);
  },
};

/** Paint ``game``'s picture on ``canvas`` (its CSS size, at the device's pixel ratio); false when
 * the game has none. */
export function drawPicture(game, canvas) {
  const paint = PAINT[game];
  if (!paint) return false;
  const r = canvas.getBoundingClientRect();
  const W = Math.max(1, Math.round(r.width || canvas.width)), H = Math.max(1, Math.round(r.height || canvas.height));
  const g = pixelContext(canvas, W, H);
  g.fillStyle = "#1b2826";
  g.fillRect(0, 0, W, H);
  g.save();
  g.beginPath();
  g.rect(0, 0, W, H);
  g.clip();
  paint(g, W, H);
  g.restore();
  return true;
}
