// Clans of Caledonia's ground: what stays the same on the map from move to move (the board and
// its frame, each space's terrain and outline, the rivers, the mist over land not in play, the
// border of the active map). No DOM and no words: the page paints it (map.js, kept as one
// picture per camera: Renderer.layer) and so does a worker (groundworker.js), the same pixels.
import { drawGround, drawMixedGround, drawBoardFrame } from "./terrain.js";

export const TERRAIN = { grassland: "#7fae4f", forest: "#2f6b35", mountain: "#8d8579" };

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

function terrainFill(g, sp, x, y, r, A0) {
  const ts = sp.terrains;
  if (ts.length <= 1) {
    if (drawGround(g, ts[0], x, y, r, A0)) return;
    g.fillStyle = TERRAIN[ts[0]] || "#777";
    hexPath(g, x, y, r, A0);
    g.fill();
    return;
  }
  // mixed: one wedge per land type (two halves or three thirds), each with its own texture
  if (drawMixedGround(g, ts, x, y, r, A0)) return;
  g.save();
  hexPath(g, x, y, r, A0);
  g.clip();
  const n = ts.length;
  for (let i = 0; i < n; i++) {
    const a0 = -Math.PI / 2 + (2 * Math.PI * i) / n, a1 = a0 + (2 * Math.PI) / n;
    g.save();
    g.beginPath();
    g.moveTo(x, y);
    g.arc(x, y, r * 1.2, a0, a1);
    g.closePath();
    g.fillStyle = TERRAIN[ts[i]] || "#777";
    g.fill();
    g.clip();
    drawGround(g, ts[i], x, y, r);
    g.restore();
  }
  g.strokeStyle = "rgba(255,255,255,0.35)";
  g.lineWidth = 1;
  g.beginPath();
  for (let i = 0; i < n; i++) { const a = -Math.PI / 2 + (2 * Math.PI * i) / n; g.moveTo(x, y); g.lineTo(x + Math.cos(a) * r, y + Math.sin(a) * r); }
  g.stroke();
  g.restore();
}

/** The board's frame round the map's spaces on screen: {x, y, w, h} (CSS px) and the glory
 * track's band in it ({x, y, w, h}, or null: no room on the map), or null (no space shown). */
export function boardBox(ctx) {
  const { cam, view } = ctx;
  const r = cam.s * 0.985;
  let bl = Infinity, bt = Infinity, br = -Infinity, bb = -Infinity;
  for (const sp of view.map.spaces) {
    const [x, y] = cam.toScreen(sp.x, sp.y);
    bl = Math.min(bl, x); bt = Math.min(bt, y); br = Math.max(br, x); bb = Math.max(bb, y);
  }
  if (!(bl < br)) return null;
  const m = r * 1.25;
  // the glory track along the board's bottom edge, inside its frame (ctx.glory: its band in
  // map units, when the map has room for it)
  const gb = ctx.glory && !cam.rot ? ctx.glory.band : null;
  const [gx0, gy0] = gb ? cam.toScreen(gb.x0, gb.y0) : [0, 0];
  const [gx1, gy1] = gb ? cam.toScreen(gb.x1, gb.y1) : [0, 0];
  const bottom = gb ? Math.max(bb + m, gy1 + cam.s * 0.3) : bb + m;
  return { x: bl - m, y: bt - m, w: br - bl + 2 * m, h: bottom - bt + m, band: gb ? { x: gx0, y: gy0, w: gx1 - gx0, h: gy1 - gy0 } : null };
}

/** The map's ground, what stays the same from move to move (the renderer keeps it as one
 * picture per camera: Renderer.layer): the board and its wooden frame, each space's terrain
 * and outline, the rivers, the mist over land not in play and the dotted border of the active
 * map. ctx as drawMap's. */
export function drawMapGround(ctx) {
  const { g, cam, view } = ctx;
  const map = view.map;
  const r = cam.s * 0.985;
  const A0 = cam.rot ? Math.PI / 6 : 0;   // the map turned a quarter: pointy-top hexes
  // 0. the board: its wooden frame round the spaces
  const box = boardBox(ctx);
  if (box) {
    g.fillStyle = "#2a5578";
    g.fillRect(box.x, box.y, box.w, box.h);
    drawBoardFrame(g, box.x, box.y, box.w, box.h, r);
  }
  // 1. ground
  for (const sp of map.spaces) {
    const [x, y] = cam.toScreen(sp.x, sp.y);
    if (x < -r * 2 || y < -r * 2 || x > ctx.W + r * 2 || y > ctx.H + r * 2) continue;
    if (sp.kind === "land") {
      terrainFill(g, sp, x, y, r, A0);
    } else if (sp.kind === "loch") {
      drawGround(g, sp.flags.central ? "central" : "loch", x, y, r, A0);
    } else if (sp.kind === "factory") {
      drawGround(g, "factory", x, y, r, A0);
    } else if (sp.kind === "port") {
      drawGround(g, "port", x, y, r, A0);
    }
    hexPath(g, x, y, r, A0);
    g.strokeStyle = "rgba(10,20,15,0.55)";
    g.lineWidth = 1;
    g.stroke();
  }
  // 2. rivers along edges
  g.lineCap = "round";
  for (const rv of map.rivers || []) {
    g.beginPath();
    for (const [[ax, ay], [bx, by]] of rv.segments) {
      const [sx, sy] = cam.toScreen(ax, ay), [tx, ty] = cam.toScreen(bx, by);
      g.moveTo(sx, sy); g.lineTo(tx, ty);
    }
    g.strokeStyle = "#5aa4dc";
    g.lineWidth = Math.max(3, cam.s * 0.16);
    g.stroke();
    g.strokeStyle = "#9fd0f2";
    g.lineWidth = Math.max(1, cam.s * 0.05);
    g.stroke();
  }
  // 3. mist over inactive land, the border of the active map
  for (const sp of map.spaces) {
    const [x, y] = cam.toScreen(sp.x, sp.y);
    if (x < -r * 2 || y < -r * 2 || x > ctx.W + r * 2 || y > ctx.H + r * 2) continue;
    if ((sp.kind === "land" || sp.kind === "port") && !sp.flags.active) {
      hexPath(g, x, y, r, A0);
      g.fillStyle = "rgba(215,215,222,0.62)";
      g.fill();
    }
    if (sp.kind === "land" && sp.flags.border && r > 10) {
      // the border of the active map (some scoring tiles count units there): a dotted inner rim
      g.save();
      hexPath(g, x, y, r * 0.86, A0);
      g.setLineDash([2, 3]);
      g.strokeStyle = "rgba(255,255,255,0.45)";
      g.lineWidth = 1;
      g.stroke();
      g.restore();
    }
  }
}


/** The map's camera as drawMap takes it ({s, rot, toScreen}) from the board's pan-zoom camera's
 * numbers ({s, ox, oy}); ``rot``: the map turned a quarter (a portrait phone). */
export function mapCamera({ s, ox, oy }, rot) {
  const at = (x, y) => [x * s + ox, y * s + oy];
  return { s, rot: !!rot, toScreen: rot ? (x, y) => at(-y, x) : at };
}

/** The ground as the board's layer has it: the map's rectangle ``rect`` (CSS px) filled with
 * the sea and the ground over it (drawMapGround), clipped to the rectangle. */
export function paintGround(g, rect, ctx) {
  g.beginPath(); g.rect(rect.x, rect.y, rect.w, rect.h); g.clip();
  g.fillStyle = "#203447";
  g.fillRect(rect.x, rect.y, rect.w, rect.h);
  drawMapGround(ctx);
}
