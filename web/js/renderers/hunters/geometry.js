// Hunters tile geometry: the shape of every piece of a tile template in the
// unrotated unit square (x east, y south, 0..1), a label map (which piece owns
// each cell), meeple spots and places for animals / nuggets / fish.
// Shapes are analytic (polygons, thick polylines, circles) so drawing (Path2D)
// and hit-testing agree.

export const RES = 64;
const hyp = (a, b) => Math.sqrt(a * a + b * b); // label map resolution per tile side

const MID = { N: [0.5, 0], E: [1, 0.5], S: [0.5, 1], W: [0, 0.5] };
const DIR = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
export const HALF = {
  Nw: [0.25, 0], Ne: [0.75, 0], En: [1, 0.25], Es: [1, 0.75],
  Se: [0.75, 1], Sw: [0.25, 1], Ws: [0, 0.75], Wn: [0, 0.25],
};
const FULL_MEADOW = { N: ["Nw", "Ne"], E: ["En", "Es"], S: ["Se", "Sw"], W: ["Ws", "Wn"] };
const CORNER = { NE: [1, 0], ES: [1, 1], SW: [0, 1], NW: [0, 0] };
const ORDER = ["N", "E", "S", "W"];

export const RIVER_W = 0.13;
const FOREST_D = 0.27;

// --- seeded noise -------------------------------------------------------
import { seedOf, rng } from "../landscape.js";
export { seedOf, rng };

// --- primitive shapes ---------------------------------------------------
function wavyEdge(a, b, rand, amp, n) {
  // points from a to b (exclusive of a) with a gentle wobble to the left/right
  const pts = [];
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const len = hyp(dx, dy) || 1;
  const nx = -dy / len, ny = dx / len;
  for (let i = 1; i <= n; i++) {
    const t = i / n;
    const w = i === n ? 0 : Math.sin(t * Math.PI) * (rand() - 0.5) * 2 * amp;
    pts.push([a[0] + dx * t + nx * w, a[1] + dy * t + ny * w]);
  }
  return pts;
}

function band(port, rand) {
  // trapezoid from the whole edge of `port` inwards, with a wavy inner edge
  const d = FOREST_D;
  const base = {
    N: [[0, 0], [1, 0], [0.82, d], [0.18, d]],
    E: [[1, 0], [1, 1], [1 - d, 0.82], [1 - d, 0.18]],
    S: [[1, 1], [0, 1], [0.18, 1 - d], [0.82, 1 - d]],
    W: [[0, 1], [0, 0], [d, 0.18], [d, 0.82]],
  }[port];
  return [base[0], base[1], base[2], ...wavyEdge(base[2], base[3], rand, 0.035, 6)];
}

function cornerBlob(key, rand) {
  // rounded fill of the corner between two forest edges of one forest
  const [cx, cy] = CORNER[key];
  const r = 0.44;
  const pts = [[cx, cy]];
  const a0 = Math.atan2(0.5 - cy, 0.5 - cx) - Math.PI / 4;
  for (let i = 0; i <= 8; i++) {
    const a = a0 + (Math.PI / 2) * (i / 8);
    const rr = r * (i === 0 || i === 8 ? 1 : 0.95 + rand() * 0.1);
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr]);
  }
  return pts;
}

function centreBand(vertical, rand) {
  const a = 0.35, b = 0.65;
  if (vertical) return [[a, 0], [b, 0], ...wavyEdge([b, 0], [b, 1], rand, 0.03, 6), [a, 1], ...wavyEdge([a, 1], [a, 0], rand, 0.03, 6)];
  return [[0, a], ...wavyEdge([0, a], [1, a], rand, 0.03, 6), [1, b], ...wavyEdge([1, b], [0, b], rand, 0.03, 6)];
}

function blob(cx, cy, r, rand, n = 14) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const rr = r * (0.9 + rand() * 0.2);
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr * 0.9]);
  }
  return pts;
}

function quad(a, c, b, n = 16) {
  const pts = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n, u = 1 - t;
    pts.push([u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]]);
  }
  return pts;
}

function inPoly(pts, x, y) {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const xi = pts[i][0], yi = pts[i][1], xj = pts[j][0], yj = pts[j][1];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function boxOf(s) {
  // bounding box of a shape, to skip most cells quickly
  const pts = s.poly || s.line || [s.circle];
  const pad = s.line ? s.w / 2 : s.circle ? s.r : 0;
  let x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
  for (const p of pts) { x0 = Math.min(x0, p[0]); y0 = Math.min(y0, p[1]); x1 = Math.max(x1, p[0]); y1 = Math.max(y1, p[1]); }
  return [x0 - pad, y0 - pad, x1 + pad, y1 + pad];
}

function distSeg(px, py, a, b) {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy || 1e-9;
  let t = ((px - a[0]) * dx + (py - a[1]) * dy) / l2;
  t = Math.max(0, Math.min(1, t));
  return hyp(px - a[0] - t * dx, py - a[1] - t * dy);
}

function inShape(s, x, y) {
  const b = s.box || (s.box = boxOf(s));
  if (x < b[0] || y < b[1] || x > b[2] || y > b[3]) return false;
  if (s.poly) return inPoly(s.poly, x, y);
  if (s.line) {
    for (let i = 1; i < s.line.length; i++) if (distSeg(x, y, s.line[i - 1], s.line[i]) <= s.w / 2) return true;
    return false;
  }
  if (s.circle) return hyp(x - s.circle[0], y - s.circle[1]) <= s.r;
  return false;
}

// --- the layout of one tile template ---------------------------------------
function middlePorts(ports) {
  return (ports || []).filter((p) => p in MID);
}

function meadowPorts(ports) {
  const out = [];
  for (const p of ports || []) {
    if (p in HALF) out.push(p);
    else if (p in FULL_MEADOW) out.push(...FULL_MEADOW[p]);
  }
  return out;
}

function lakeCentres(pieces) {
  // one lake: the centre; several: each pulled towards its rivers' edges
  const lakes = pieces.map((p, i) => (p.kind === "lake" ? i : -1)).filter((i) => i >= 0);
  const centres = {};
  for (const li of lakes) {
    let c = [0.5, 0.5];
    if (lakes.length > 1) {
      let sx = 0, sy = 0;
      pieces.forEach((p) => {
        if (p.kind === "river" && p.lake === li) for (const port of middlePorts(p.ports)) { sx += DIR[port][0]; sy += DIR[port][1]; }
      });
      const l = hyp(sx, sy);
      if (l > 0) c = [0.5 + (sx / l) * 0.2, 0.5 + (sy / l) * 0.2];
      else c = [0.5 + (lakes.indexOf(li) - (lakes.length - 1) / 2) * 0.3, 0.5];
    }
    centres[li] = c;
  }
  return centres;
}

export function buildLayout(tile) {
  const id = tile.id || "?";
  const rand = rng(seedOf(id));
  const pieces = tile.pieces || [];
  const shapes = pieces.map(() => []);
  const extra = pieces.map(() => ({}));
  const lakeAt = lakeCentres(pieces);

  pieces.forEach((p, i) => {
    if (p.kind === "forest") {
      const ports = middlePorts(p.ports);
      for (const port of ports) shapes[i].push({ poly: band(port, rand) });
      const has = (q) => ports.includes(q);
      for (const key of Object.keys(CORNER)) if (has(key[0]) && has(key[1])) shapes[i].push({ poly: cornerBlob(key, rand) });
      const adjacent = ORDER.some((q, k) => has(q) && has(ORDER[(k + 1) % 4]));
      if (!adjacent && has("N") && has("S")) shapes[i].push({ poly: centreBand(true, rand) });
      if (!adjacent && has("E") && has("W")) shapes[i].push({ poly: centreBand(false, rand) });
      if (!ports.length) shapes[i].push({ poly: blob(0.5, 0.5, 0.2, rand) });
    } else if (p.kind === "lake") {
      const c = lakeAt[i] || [0.5, 0.5];
      const r = Object.keys(lakeAt).length > 1 ? 0.15 : 0.18;
      shapes[i].push({ poly: blob(c[0], c[1], r, rand) });
      extra[i].centre = c;
      extra[i].r = r;
    } else if (p.kind === "river") {
      const ports = middlePorts(p.ports);
      let line;
      if (ports.length >= 2) {
        line = quad(MID[ports[0]], [0.5, 0.5], MID[ports[1]]);
      } else if (ports.length === 1) {
        const a = MID[ports[0]], d = DIR[ports[0]];
        let end;
        if (typeof p.lake === "number" && lakeAt[p.lake]) end = lakeAt[p.lake];
        else {
          end = [a[0] - d[0] * 0.3, a[1] - d[1] * 0.3];
          extra[i].spring = end;
        }
        const mid = [(a[0] + end[0]) / 2 + d[1] * 0.03, (a[1] + end[1]) / 2 + d[0] * 0.03];
        line = quad(a, mid, end, 8);
      } else {
        line = [[0.4, 0.5], [0.6, 0.5]];
      }
      shapes[i].push({ line, w: RIVER_W });
      if (extra[i].spring) shapes[i].push({ circle: extra[i].spring, r: 0.075 });
      extra[i].line = line;
    }
  });

  // label map: lakes over rivers over forests; the rest is meadow
  const N = RES;
  const label = new Int16Array(N * N).fill(-1);
  const prio = { lake: 3, river: 2, forest: 1 };
  const order = pieces.map((p, i) => i).filter((i) => prio[pieces[i].kind]).sort((a, b) => prio[pieces[a].kind] - prio[pieces[b].kind]);
  for (let j = 0; j < N; j++) {
    for (let k = 0; k < N; k++) {
      const x = (k + 0.5) / N, y = (j + 0.5) / N;
      for (const i of order) {
        const list = shapes[i];
        for (let q = 0; q < list.length; q++) if (inShape(list[q], x, y)) { label[j * N + k] = i; break; }
      }
    }
  }
  assignMeadows(pieces, label, N);
  const dist = distanceMap(label, N);
  const spots = pieces.map((p, i) => spotOf(label, dist, N, i, extra[i]));
  const decor = pieces.map((p, i) => decorOf(p, i, label, dist, N, spots[i], extra[i]));
  return { id, bonus: tile.bonus || null, pieces, shapes, extra, label, dist, spots, decor, N, hedges: meadowBorders(pieces, label, N) };
}

function assignMeadows(pieces, label, N) {
  // multi-source flood from each meadow's half-edge ports over the free cells
  const meadows = pieces.map((p, i) => (p.kind === "meadow" ? i : -1)).filter((i) => i >= 0);
  if (!meadows.length) {
    for (let c = 0; c < label.length; c++) if (label[c] === -1) label[c] = nearestLabelled(label, N, c);
    return;
  }
  let queue = [];
  for (const mi of meadows) {
    for (const port of meadowPorts(pieces[mi].ports)) {
      const c = edgeCell(label, N, HALF[port]);
      if (c >= 0 && label[c] === -1) { label[c] = mi; queue.push(c); }
    }
  }
  const flood = () => {
    while (queue.length) {
      const next = [];
      for (const c of queue) {
        const x = c % N, y = (c / N) | 0;
        for (let q = 0; q < 4; q++) {
          const nx = x + STEP4[q][0], ny = y + STEP4[q][1];
          if (nx < 0 || ny < 0 || nx >= N || ny >= N) continue;
          const n = ny * N + nx;
          if (label[n] === -1) { label[n] = label[c]; next.push(n); }
        }
      }
      queue = next;
    }
  };
  flood();
  // cells no port reaches: give them to a portless meadow if any, else the first meadow
  const portless = meadows.find((mi) => !meadowPorts(pieces[mi].ports).length);
  for (let c = 0; c < label.length; c++) {
    if (label[c] === -1) {
      label[c] = portless !== undefined ? portless : meadows[0];
      queue = [c];
      flood();
    }
  }
}

function edgeCell(label, N, pt) {
  // the free cell nearest to an edge point, searching inwards
  const cx = Math.min(N - 1, Math.floor(pt[0] * N)), cy = Math.min(N - 1, Math.floor(pt[1] * N));
  let best = -1, bd = 1e9;
  for (let dy = -6; dy <= 6; dy++) for (let dx = -6; dx <= 6; dx++) {
    const x = cx + dx, y = cy + dy;
    if (x < 0 || y < 0 || x >= N || y >= N) continue;
    const c = y * N + x;
    const d = dx * dx + dy * dy;
    if (label[c] === -1 && d < bd) { bd = d; best = c; }
  }
  return best;
}

function nearestLabelled(label, N, c) {
  const x0 = c % N, y0 = (c / N) | 0;
  for (let r = 1; r < N; r++) for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) {
    const x = x0 + dx, y = y0 + dy;
    if (x >= 0 && y >= 0 && x < N && y < N && label[y * N + x] >= 0) return label[y * N + x];
  }
  return 0;
}

const STEP4 = [[1, 0], [-1, 0], [0, 1], [0, -1]];

function distanceMap(label, N) {
  // chessboard distance to the nearest cell of another piece or the tile rim
  // (two-pass chamfer within each piece)
  const d = new Float32Array(N * N);
  for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) {
    const c = y * N + x, l = label[c];
    const edge = x === 0 || y === 0 || x === N - 1 || y === N - 1 ||
      label[c + 1] !== l || label[c - 1] !== l || label[c + N] !== l || label[c - N] !== l;
    d[c] = edge ? 1 : 1e9;
  }
  const relax = (c, n) => { if (label[n] === label[c] && d[n] + 1 < d[c]) d[c] = d[n] + 1; };
  for (let y = 1; y < N - 1; y++) for (let x = 1; x < N - 1; x++) {
    const c = y * N + x;
    relax(c, c - N - 1); relax(c, c - N); relax(c, c - N + 1); relax(c, c - 1);
  }
  for (let y = N - 2; y > 0; y--) for (let x = N - 2; x > 0; x--) {
    const c = y * N + x;
    relax(c, c + N + 1); relax(c, c + N); relax(c, c + N - 1); relax(c, c + 1);
  }
  return d;
}

function cellsOf(label, N, i) {
  const out = [];
  for (let c = 0; c < label.length; c++) if (label[c] === i) out.push(c);
  return out;
}

function spotOf(label, dist, N, i, extra) {
  if (extra.line) {
    // rivers: a point on the centre line, away from the lake
    const L = extra.line;
    const p = extra.spring || !L.length ? L[Math.floor(L.length * 0.45)] : L[Math.floor((L.length - 1) / 2)];
    if (p) return [p[0], p[1]];
  }
  if (extra.centre) return [extra.centre[0], extra.centre[1]];
  const cells = cellsOf(label, N, i);
  if (!cells.length) return [0.5, 0.5];
  let sx = 0, sy = 0;
  for (const c of cells) { sx += c % N; sy += (c / N) | 0; }
  const mx = sx / cells.length, my = sy / cells.length;
  let best = cells[0], bs = -1e9;
  for (const c of cells) {
    const x = c % N, y = (c / N) | 0;
    const s = Math.min(dist[c], N * 0.16) - 0.05 * hyp(x - mx, y - my);
    if (s > bs) { bs = s; best = c; }
  }
  return [((best % N) + 0.5) / N, (((best / N) | 0) + 0.5) / N];
}

function decorOf(p, i, label, dist, N, spot, extra) {
  // places for the glyphs a piece shows: animals, shrine, fire, gold, mushrooms
  const items = [];
  if (p.kind === "meadow") {
    for (const a of ["mammoth", "aurochs", "deer", "tiger"]) for (let k = 0; k < ((p.animals || {})[a] || 0); k++) items.push(a);
    if (p.shrine) items.push("shrine");
    if (p.fire) items.push("fire");
  } else if (p.kind === "forest") {
    if (p.gold) items.push(...Array(p.gold === true ? 1 : +p.gold || 1).fill("gold"));
    if (p.mushrooms) items.push(...Array(p.mushrooms === true ? 1 : +p.mushrooms || 1).fill("mushrooms"));
    if (p.volcano) items.unshift("volcano");   // the start tile's (the texts name places from it)
  } else if (p.kind === "lake") {
    const n = p.fish || 0;
    const c = extra.centre || [0.5, 0.5];
    const out = [];
    for (let k = 0; k < n; k++) {
      const a = (k / Math.max(n, 1)) * Math.PI * 2 + 0.6;
      const r = n === 1 ? 0 : 0.075;
      out.push({ kind: "fish", at: [c[0] + Math.cos(a) * r, c[1] + Math.sin(a) * r * 0.8 + (n === 1 ? 0.06 : 0)] });
    }
    return out;
  }
  if (!items.length) return [];
  const cells = cellsOf(label, N, i);
  let mx = 0, my = 0;
  for (const c of cells) { mx += (c % N) + 0.5; my += ((c / N) | 0) + 0.5; }
  mx /= cells.length || 1; my /= cells.length || 1;
  const chosen = [[spot[0] * N, spot[1] * N]];
  const out = [];
  const room = N * 0.11; // about half a glyph
  const gap = N * 0.24; // wanted distance to the meeple spot and other glyphs
  for (const kind of items) {
    let best = null, bs = -1e9;
    for (const c of cells) {
      const x = (c % N) + 0.5, y = ((c / N) | 0) + 0.5;
      let md = 1e9;
      for (const q of chosen) md = Math.min(md, hyp(x - q[0], y - q[1]));
      // room for the glyph first, then near the wanted gap, then near the middle of the piece
      let s = Math.min(dist[c], room) * 3 - Math.abs(Math.min(md, gap * 1.5) - gap) * 0.6 - hyp(x - mx, y - my) * 0.25;
      if (md < gap * 0.7) s -= (gap * 0.7 - md) * 3;
      if (s > bs) { bs = s; best = [x, y]; }
    }
    if (!best) break;
    chosen.push(best);
    out.push({ kind, at: [best[0] / N, best[1] / N] });
  }
  return out;
}

function meadowBorders(pieces, label, N) {
  // cells where two different meadows touch: drawn as a hedge
  const out = [];
  for (let y = 0; y < N; y++) for (let x = 0; x < N - 1; x++) {
    for (let q = 0; q < 2; q++) {
      const dx = q === 0 ? 1 : 0, dy = 1 - dx;
      const nx = x + dx, ny = y + dy;
      if (ny >= N) continue;
      const a = label[y * N + x], b = label[ny * N + nx];
      if (a !== b && a >= 0 && b >= 0 && pieces[a].kind === "meadow" && pieces[b].kind === "meadow") out.push([(x + 0.5 + dx / 2) / N, (y + 0.5 + dy / 2) / N]);
    }
  }
  return out;
}

// rotation helpers: local unit coords (0..1) <-> offsets from the tile centre
export function rotatePoint(u, v, rot) {
  // unrotated unit coords -> offset from tile centre after `rot` quarter turns clockwise
  let x = u - 0.5, y = v - 0.5;
  for (let k = 0; k < ((rot % 4) + 4) % 4; k++) [x, y] = [-y, x];
  return [x, y];
}

export function unrotatePoint(dx, dy, rot) {
  let x = dx, y = dy;
  for (let k = 0; k < ((rot % 4) + 4) % 4; k++) [x, y] = [y, -x];
  return [x + 0.5, y + 0.5];
}

export function pieceAt(layout, u, v) {
  const N = layout.N;
  const k = Math.max(0, Math.min(N - 1, Math.floor(u * N)));
  const j = Math.max(0, Math.min(N - 1, Math.floor(v * N)));
  return layout.label[j * N + k];
}
