// Clans of Caledonia map: hexes from view.map (board.to_json(): flat-top, unit
// size, y down), terrain (mixed spaces split in wedges), land costs, rivers on
// edges, lochs, factories, port tiles with the markers of players who used
// them, the mist-shaded land inactive at 1-2 seats, units (settlements joined
// by a band in the owner's colour) as pictograms (pieces.js), neutral workers and
// covered spaces, and the highlights of the current decision (spaces with their
// total cost, or the pictograms of the units that may go there).
import { FONT, unitGlyph, text } from "./paint.js";
import { drawHarbour } from "./terrain.js";
import { hexPath, boardBox } from "./ground.js";
import { seatToken, drawGloryTrack } from "./tracks.js";
import { haloStroke, notePiece } from "../base.js";

// a unit's pictogram on its space, in hex radii (the hex's inner radius is 0.87)
const UNIT_SIZE = 1.2;
const NEUTRAL = "#c9c4b8";
const DIRS = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];

/** Lookup tables for one static map (cached by the renderer per sides/seat count). */
export function indexMap(map) {
  const at = new Map();
  for (const s of map.spaces) at.set(`${s.q},${s.r}`, s);
  const river = new Set();
  for (const rv of map.rivers || []) for (const [a, b] of rv.edges) { river.add(`${a}-${b}`); river.add(`${b}-${a}`); }
  const nbrs = map.spaces.map((s) => DIRS.map(([dq, dr]) => at.get(`${s.q + dq},${s.r + dr}`)).filter(Boolean));
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const s of map.spaces) {
    x0 = Math.min(x0, s.x - 1); x1 = Math.max(x1, s.x + 1);
    y0 = Math.min(y0, s.y - 0.9); y1 = Math.max(y1, s.y + 0.9);
  }
  const portTile = new Map();
  return { at, river, nbrs, box: { x0, y0, x1, y1 }, portTile };
}

/** The space under world point (wx, wy), or null. */
export function spaceAt(idx, wx, wy) {
  const q = (2 / 3) * wx, r = (-1 / 3) * wx + (Math.sqrt(3) / 3) * wy;
  let rq = Math.round(q), rr = Math.round(r), rs = Math.round(-q - r);
  const dq = Math.abs(rq - q), dr = Math.abs(rr - r), ds = Math.abs(rs + q + r);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return idx.at.get(`${rq},${rr}`) || null;
}

/** The unit kinds a highlight offers (mark.units, or its starting-worker moves' units), or null. */
function markUnits(m) {
  if (m.units && m.units.length) return m.units;
  const ms = m.moves || [];
  if (ms.length && ms.every((mv) => mv.type === "start_worker" && mv.unit)) return [...new Set(ms.map((mv) => mv.unit))];
  return null;
}

/** Draw the map over its ground (drawMapGround, drawn first): the glory track, the harbours,
 * the units and everything that changes. ctx: {g, cam ({s, rot, toScreen(x, y)}), view, idx,
 * colorOf, marks: Map(space -> {cost, kind}), sel, small} */
export function drawMap(ctx) {
  const { g, cam, view, idx, colorOf, marks } = ctx;
  const map = view.map;
  const r = cam.s * 0.985;
  const A0 = cam.rot ? Math.PI / 6 : 0;
  const units = new Map((map.units || []).map((u) => [u.space, u]));
  const blocked = map.blocked || {};
  const ports = new Map(((view.export && view.export.ports) || []).filter((p) => p.space != null).map((p) => [p.space, p]));
  const taken = [];   // the boxes of what is written or stands on the map (a price gives way to them)
  const costs = [];   // the lands' prices to write, last
  // the glory track in its band of the board (its numbers and markers change: not the ground's)
  const box = boardBox(ctx);
  const band = box && box.band;
  if (band && band.y + band.h > 0 && band.y < ctx.H) drawGloryTrack(g, band.x, band.y, band.w, band.h, ctx.glory.players, colorOf, ctx.glory.title);
  // 3. harbours; costs
  for (const sp of map.spaces) {
    const [x, y] = cam.toScreen(sp.x, sp.y);
    if (x < -r * 2 || y < -r * 2 || x > ctx.W + r * 2 || y > ctx.H + r * 2) continue;
    if (sp.kind === "port" && sp.flags.active) {
      // a harbour plaque with the bonus tile's number; the markers of the clans who used it on
      // its quay (their colours and shapes)
      const p = ports.get(sp.id);
      const nb = drawHarbour(g, x, y, r, p ? `${p.port}` : "\u2693", text);
      taken.push(nb);
      const used = p ? p.used_by || [] : [];
      const tr = Math.max(4, r * 0.17);
      // on the quay, clear of the number (a small scale: further out)
      const d = Math.max(r * 0.66, Math.hypot(nb.w / 2, nb.h / 2) + tr * 1.3 + 1);
      used.forEach((seat, k) => {
        const a = Math.PI * 0.75 + k * 0.5;
        const tx = x + Math.cos(a) * d, ty = y + Math.sin(a) * d;
        seatToken(g, colorOf(seat), tx, ty, tr);
        notePiece(g, `port ${p.port} used by ${seat}`, tx - tr, ty - tr, 2 * tr, 2 * tr);
        taken.push({ x: tx - tr, y: ty - tr, w: 2 * tr, h: 2 * tr });
      });
    }
    // the land's price: written last, where nothing else is (a unit, a blocked space, a
    // highlighted space's own total, a neighbour's words all come first)
    if (sp.kind === "land" && sp.flags.active && !units.has(sp.id) && !blocked[sp.id] && !(marks && marks.has(sp.id)) && r > 9) {
      costs.push({ sp, x, y });
    }
  }
  // 4. settlements: a band between neighbouring units of one owner
  g.lineCap = "round";
  for (const u of map.units || []) {
    const sp = map.spaces[u.space];
    for (const nb of idx.nbrs[u.space]) {
      if (nb.id <= u.space) continue;
      const o = units.get(nb.id);
      if (!o || o.seat !== u.seat || idx.river.has(`${u.space}-${nb.id}`)) continue;
      const [ax, ay] = cam.toScreen(sp.x, sp.y), [bx, by] = cam.toScreen(nb.x, nb.y);
      g.beginPath(); g.moveTo(ax, ay); g.lineTo(bx, by);
      g.strokeStyle = "rgba(0,0,0,0.6)";
      g.lineWidth = Math.max(4, cam.s * 0.26);
      g.stroke();
      g.strokeStyle = colorOf(u.seat);
      g.lineWidth = Math.max(2, cam.s * 0.16);
      g.stroke();
    }
  }
  // 5. blocked spaces and units
  for (const [sid, kind] of Object.entries(blocked)) {
    const sp = map.spaces[Number(sid)];
    if (!sp) continue;
    const [x, y] = cam.toScreen(sp.x, sp.y);
    if (kind === "covered") {
      hexPath(g, x, y, r * 0.8, A0);
      g.fillStyle = "rgba(40,35,30,0.85)";
      g.fill();
      const cs = Math.max(11, Math.round(r * 0.6));
      const cw = text(g, "\u2715", x, y, { size: cs, weight: 800, color: "#bbb", align: "center" });
      taken.push({ x: x - cw / 2, y: y - cs / 2, w: cw, h: cs });
    } else {
      unitGlyph(g, "worker", x, y, cam.s * UNIT_SIZE, NEUTRAL);   // a grey worker, no seat's mark
      taken.push(pieceBox(x, y, cam.s * UNIT_SIZE));
    }
  }
  for (const u of map.units || []) {
    const sp = map.spaces[u.space];
    const [x, y] = cam.toScreen(sp.x, sp.y);
    unitGlyph(g, u.unit, x, y, cam.s * UNIT_SIZE, colorOf(u.seat));
    taken.push(pieceBox(x, y, cam.s * UNIT_SIZE));
  }
  // what the others did since your move (the engine's marks): a ring in the mover's colour
  for (const [sid, m] of ctx.fresh || []) {
    const sp = map.spaces[sid];
    if (!sp) continue;
    const [x, y] = cam.toScreen(sp.x, sp.y);
    g.save();
    g.globalAlpha = m.on === "faded" ? 0.4 : 1;
    g.beginPath();
    g.arc(x, y, r * 0.74, 0, Math.PI * 2);
    if (m.on !== "chosen") g.setLineDash([Math.max(3, r * 0.2), Math.max(2, r * 0.1)]);
    haloStroke(g, m.colour, Math.max(m.on === "chosen" ? 4 : 2.5, r * (m.on === "chosen" ? 0.16 : 0.11)));
    g.restore();
    if (ctx.boxes) ctx.boxes.push({ k: m.k, kind: "space", key: String(sid), x: x - r * 0.74, y: y - r * 0.74, w: r * 1.48, h: r * 1.48 });
  }
  // 6. highlights: every space of the current decision, then on each what may go there or its
  // total cost, where that is clear of what is written already (at a small scale, crowded ones
  // give way: the space stays lit, a tap on it names its choice)
  const meets = (a, b) => a.x < b.x + b.w + 1 && b.x < a.x + a.w + 1 && a.y < b.y + b.h + 1 && b.y < a.y + a.h + 1;
  if (marks && marks.size) {
    for (const [sid] of marks) {
      const sp = map.spaces[sid];
      const [x, y] = cam.toScreen(sp.x, sp.y);
      const chosen = ctx.sel === sid;
      hexPath(g, x, y, r * 0.9, A0);
      g.fillStyle = chosen ? "rgba(255,240,120,0.55)" : "rgba(255,236,150,0.28)";
      g.fill();
      g.strokeStyle = chosen ? "#fff" : "#ffe066";
      g.lineWidth = chosen ? 4 : 2.5;
      g.stroke();
    }
    for (const [sid, m] of marks) {
      const sp = map.spaces[sid];
      const [x, y] = cam.toScreen(sp.x, sp.y);
      const kinds = markUnits(m);
      // what may go here, inside the hex: the units' pictograms on a dark pill where they fit
      // (12 px or more each), else their number
      const room = r * 1.5, gap = 2;
      const us = kinds ? Math.min(30, Math.round(r * (kinds.length === 1 ? 0.8 : 0.62)), Math.floor((room - 6 + gap) / kinds.length - gap)) : 0;
      if (kinds && us >= 12) {
        const tw = kinds.length * (us + gap) - gap + 6;
        const ly = y + r * 0.12;
        const box = { x: x - tw / 2, y: ly - us / 2 - 2, w: tw, h: us + 4 };
        if (taken.some((o) => meets(o, box))) continue;
        taken.push(box);
        g.fillStyle = "rgba(25,25,20,0.88)";
        g.beginPath();
        g.roundRect(box.x, box.y, box.w, box.h, 5);
        g.fill();
        const col = colorOf(view.current);
        kinds.forEach((u, k) => unitGlyph(g, u, x - tw / 2 + 3 + us / 2 + k * (us + gap), ly, us, col));
      } else if (kinds || m.label) {
        // a word or a price (a count of units at a small scale): under the middle where there is
        // room, in the middle of the hex at a small scale
        const words = kinds ? `${kinds.length}` : m.label;
        const fs = Math.max(11, Math.min(18, Math.round(r * 0.42)));
        g.font = `800 ${fs}px ${FONT}`;
        const tw = g.measureText(words).width + (r > 24 ? 8 : 4);
        const ly = r > 24 ? y + r * 0.5 : y;
        const box = { x: x - tw / 2, y: ly - fs * 0.65, w: tw, h: fs * 1.3 };
        if (taken.some((o) => meets(o, box))) continue;
        taken.push(box);
        g.fillStyle = m.ship ? "rgba(20,60,110,0.92)" : "rgba(25,25,20,0.88)";
        g.beginPath();
        g.roundRect(box.x, box.y, box.w, box.h, 4);
        g.fill();
        text(g, words, x, ly, { size: fs, weight: 800, color: "#ffe680", align: "center" });
      }
    }
  }
  // 7. the lands' prices where they are clear of everything else (at a small scale, crowded
  // ones give way)
  const fs = Math.max(11, Math.round(r * 0.38));   // never under 11 px (a hex is then 2r >= 20 px wide)
  g.font = `700 ${fs}px ${FONT}`;
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.lineWidth = 3;
  g.strokeStyle = "rgba(0,0,0,0.6)";
  g.fillStyle = "#fff6d6";
  for (const { sp, x, y } of costs) {
    const t = `\u00a3${sp.cost}`;
    const w = g.measureText(t).width;
    const b = { x: x - w / 2, y: y - r * 0.52 - fs / 2, w, h: fs };
    if (taken.some((o) => meets(o, b))) continue;
    taken.push(b);
    g.strokeText(t, x, y - r * 0.52);
    g.fillText(t, x, y - r * 0.52);
  }
}

/** A unit's pictogram's box on the map (what a price gives way to). */
const pieceBox = (x, y, size) => ({ x: x - size * 0.42, y: y - size * 0.42, w: size * 0.84, h: size * 0.84 });
