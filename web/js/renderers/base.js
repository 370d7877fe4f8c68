// What every game renderer is built on (interface: web/js/README.md): the
// canvas and its size, pointer events, the camera over a pannable board, the
// hit targets the tests and the keyboard read, and the paint helpers with the
// one font. A renderer extends Renderer and fills in the hooks it needs:
//
//   camAt(x, y)             the press at (x, y) moves the camera (a board that pans)
//   tap(x, y)               a press on the camera's area that did not pan or pinch
//   pressStart(x, y, e) / pressMove(x, y, e) -> bool / pressEnd(x, y, e, cancelled)
//                           a press elsewhere (panels, a board without a camera)
//   hoverAt(x, y) / leave() the mouse moves over the canvas / leaves it
//   wheelAt(x, y, dy)       a wheel turned outside the camera's area
//   resized(changed)        the canvas has its new size (changed: a real change of
//                           shape, not a bar appearing under the board)
//   draw()                  paint everything (redraw() asks for it once per frame)
//   prepare(snap)           before a move's snapshot is shown: work it will need done off the
//                           page's frame (a promise the app awaits, briefly; Hunters' tile art)
//   teardown()              free what the renderer holds when it is dropped
//
// Everything is in CSS px of the canvas; the device pixel ratio is applied by
// begin(). Coordinates the renderer gives out (targets()) are the same.

import { PanZoom } from "../panzoom.js";
import { Motion } from "../motion.js";
import { Layers } from "./layers.js";

/** The one font of the game boards. */
export const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif";
/** Canvas text is never under 11 CSS px: smaller callers get 11. */
export const MIN_PX = 11;

// Text cut short while a frame is drawn (text, fitText, wrap): the layout audit reads them
// (renderer.cuts(); e2e/layout_audit.js). A cut the caller means (a long player name, whose
// whole name is one tap away in the scores) is drawn with {deliberate: true}.
let frameCuts = [];
export function noteCut(full, shown, deliberate) { frameCuts.push({ full: String(full), shown: String(shown), ok: !!deliberate }); }

// What the board drew in the last frame (renderer.drawn(), window.cairn.drawn()): every text
// label and every piece, noted by the very calls that paint them - the renderer's own context's
// fillText (wrapped once, the first time drawn() is asked: record()), notePiece() from a piece's
// drawing - in CSS px of the canvas, cut to the clip in force (clip() is followed through
// save/restore) and dropped when a panel drawn later hides it (noteCover()). The layout audit
// checks them (e2e/layout_audit.js: labels over labels, labels under pieces, too small, squeezed).
const RECORDS = new WeakMap();   // a renderer's context -> its record of the frame

/** A font's size in px (its CSS shorthand). */
const fontPx = (f) => { const m = /([\d.]+)px/.exec(f || ""); return m ? Number(m[1]) : 10; };

/** The box of the local rectangle (x, y, w, h) under the context's transform, in CSS px, cut to
 * the clip in force; null when nothing of it shows. */
function seen(g, rec, x, y, w, h) {
  const m = g.getTransform(), k = 1 / (rec.dpr() || 1);
  const xs = [], ys = [];
  for (const [px, py] of [[x, y], [x + w, y], [x, y + h], [x + w, y + h]]) {
    xs.push((m.a * px + m.c * py + m.e) * k);
    ys.push((m.b * px + m.d * py + m.f) * k);
  }
  let l = Math.min(...xs), t = Math.min(...ys), r = Math.max(...xs), b = Math.max(...ys);
  const c = rec.clip;
  if (c) { l = Math.max(l, c.l); t = Math.max(t, c.t); r = Math.min(r, c.r); b = Math.min(b, c.b); }
  if (r - l < 0.5 || b - t < 0.5) return null;
  return { x: l, y: t, w: r - l, h: b - t };
}

/** Follow what ``g`` paints (a renderer's own context; pictures drawn elsewhere, such as a
 * button's icon, are not the board). */
function record(g, dpr) {
  const rec = { dpr, list: [], clip: null, stack: [], path: null };
  RECORDS.set(g, rec);
  const P = CanvasRenderingContext2D.prototype;
  const grow = (x, y) => {
    const p = rec.path || (rec.path = { l: x, t: y, r: x, b: y });
    if (x < p.l) p.l = x; if (x > p.r) p.r = x; if (y < p.t) p.t = y; if (y > p.b) p.b = y;
  };
  g.fillText = function (text, x, y, maxWidth) {
    P.fillText.apply(this, arguments);
    const s = String(text);
    if (!s.trim() || this.globalAlpha <= 0.05) return;
    const adv = this.measureText(s).width, px = fontPx(this.font);
    const w = maxWidth != null && adv > maxWidth ? maxWidth : adv;
    const a = this.textAlign, base = this.textBaseline;
    const x0 = a === "center" ? x - w / 2 : a === "right" || a === "end" ? x - w : x;
    const y0 = base === "top" || base === "hanging" ? y : base === "middle" ? y - px / 2 : base === "bottom" || base === "ideographic" ? y - px : y - px * 0.8;
    const box = seen(this, rec, x0, y0, w, px);
    if (!box) return;
    const m = this.getTransform(), k = 1 / (rec.dpr() || 1);
    const sx = Math.hypot(m.a, m.b) * k, sy = Math.hypot(m.c, m.d) * k;
    rec.list.push({ kind: "label", text: s, box, size: px * sy, squeeze: (w / adv) * (sx / sy) });
  };
  g.save = function () { rec.stack.push(rec.clip); return P.save.call(this); };
  g.restore = function () { if (rec.stack.length) rec.clip = rec.stack.pop(); return P.restore.call(this); };
  g.beginPath = function () { rec.path = null; return P.beginPath.call(this); };
  g.clip = function (...args) {
    const p = rec.path;
    if (p && !(args[0] instanceof Path2D)) {
      const was = rec.clip;
      rec.clip = null;
      const b = seen(this, rec, p.l, p.t, p.r - p.l, p.b - p.t) || { x: 0, y: 0, w: 0, h: 0 };
      const c = { l: b.x, t: b.y, r: b.x + b.w, b: b.y + b.h };
      rec.clip = was ? { l: Math.max(c.l, was.l), t: Math.max(c.t, was.t), r: Math.min(c.r, was.r), b: Math.min(c.b, was.b) } : c;
    }
    return P.clip.apply(this, args);
  };
  for (const [name, pts] of Object.entries({
    moveTo: (a) => [[a[0], a[1]]], lineTo: (a) => [[a[0], a[1]]],
    rect: (a) => [[a[0], a[1]], [a[0] + a[2], a[1] + a[3]]], roundRect: (a) => [[a[0], a[1]], [a[0] + a[2], a[1] + a[3]]],
    arc: (a) => [[a[0] - a[2], a[1] - a[2]], [a[0] + a[2], a[1] + a[2]]], ellipse: (a) => [[a[0] - a[2], a[1] - a[3]], [a[0] + a[2], a[1] + a[3]]],
    arcTo: (a) => [[a[0], a[1]], [a[2], a[3]]], quadraticCurveTo: (a) => [[a[0], a[1]], [a[2], a[3]]],
    bezierCurveTo: (a) => [[a[0], a[1]], [a[2], a[3]], [a[4], a[5]]],
  })) {
    g[name] = function (...args) { for (const [x, y] of pts(args)) grow(x, y); return P[name].apply(this, args); };
  }
  return rec;
}

/** A piece (a meeple, a figure, a unit on its space: ``text`` names it) drawn in the local box
 * (x, y, w, h) of ``g``: noted for renderer.drawn() when ``g`` is a board's. */
export function notePiece(g, text, x, y, w, h) {
  const rec = RECORDS.get(g);
  if (!rec || g.globalAlpha <= 0.05) return;
  const box = seen(g, rec, x, y, w, h);
  if (box) rec.list.push({ kind: "piece", text: String(text), box });
}

/** A panel painted over the board in the local box (x, y, w, h) of ``g``: the labels and pieces
 * drawn before it that it hides (half of them or more) no longer show. */
export function noteCover(g, x, y, w, h) {
  const rec = RECORDS.get(g);
  if (!rec) return;
  const c = seen(g, rec, x, y, w, h);
  if (!c) return;
  rec.list = rec.list.filter((d) => {
    const b = d.box;
    const iw = Math.min(b.x + b.w, c.x + c.w) - Math.max(b.x, c.x), ih = Math.min(b.y + b.h, c.y + c.h) - Math.max(b.y, c.y);
    return !(iw > 0 && ih > 0 && iw * ih >= 0.5 * b.w * b.h);
  });
}

/** A CSS font for ``px`` (never under MIN_PX) and a weight (true: bold). */
export function font(px, weight = 400) {
  const w = weight === true ? 700 : weight === false ? 400 : weight;
  return `${w} ${Math.round(Math.max(MIN_PX, px) * 10) / 10}px ${FONT}`;
}

/** A rounded rectangle's path (radius clamped to the box). */
export function roundRect(g, x, y, w, h, r) {
  r = Math.max(0, Math.min(r, w / 2, h / 2));
  g.beginPath();
  g.moveTo(x + r, y);
  g.arcTo(x + w, y, x + w, y + h, r);
  g.arcTo(x + w, y + h, x, y + h, r);
  g.arcTo(x, y + h, x, y, r);
  g.arcTo(x, y, x + w, y, r);
  g.closePath();
}

/** A rounded box, filled and/or outlined. */
export function box(g, x, y, w, h, r, fill, stroke, lw = 1) {
  roundRect(g, x, y, w, h, r);
  if (fill) { g.fillStyle = fill; g.fill(); }
  if (stroke) { g.strokeStyle = stroke; g.lineWidth = lw; g.stroke(); }
}

/** One line of text, cut short with an ellipsis past ``max`` px; returns its width. */
/** A canvas sized to W x H CSS px at the device's pixel ratio, and its 2D context drawing in
 * CSS px (a chart, a picture: not a board, whose renderer keeps its own size). */
export function pixelContext(canvas, W, H) {
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(W * dpr);
  canvas.height = Math.round(H * dpr);
  const g = canvas.getContext("2d");
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  return g;
}

export function text(g, s, x, y, { size = 13, weight = 400, color = "#f3ecd8", align = "left", base = "middle", max, deliberate = false } = {}) {
  g.font = font(size, weight);
  g.fillStyle = color;
  g.textAlign = align;
  g.textBaseline = base;
  let str = String(s);
  if (max) while (str.length > 2 && g.measureText(str).width > max) str = str.slice(0, -2) + "\u2026";
  if (str !== String(s)) noteCut(s, str, deliberate);
  g.fillText(str, x, y);
  return g.measureText(str).width;
}

/** Text shrunk to fit ``maxW`` (down to MIN_PX), then ellipsised, in the
 * current fill and alignment; a secondary detail (opts.optional) that does not
 * fit whole is left out instead. Returns the size drawn, 0 if none. */
export function fitText(g, s, x, y, maxW, px, opts = {}) {
  const min = Math.max(MIN_PX, opts.min || MIN_PX);
  const weight = opts.bold ? 700 : 400;
  let size = Math.max(min, px);
  g.font = font(size, weight);
  while (size > min && g.measureText(s).width > maxW) {
    size -= 0.5;
    g.font = font(size, weight);
  }
  if (opts.optional && g.measureText(s).width > maxW) return 0;
  let shown = s;
  while (shown.length > 1 && g.measureText(shown).width > maxW) shown = shown.slice(0, -2) + "\u2026";
  if (shown !== s) noteCut(s, shown, opts.deliberate);
  g.fillText(shown, x, y);
  return size;
}

/** A name (or a line of help) written whole in a narrow box: on one line, else on up to
 * ``maxLines`` (two at most, split between words), at ``px`` down to MIN_PX (a bold name in the
 * regular weight last) - never narrowed sideways: a name that does not fit so is cut (and noted),
 * or with ``optional`` left out (its whole name is a long press away). Centred on ``cx``
 * (align "left": from it), from ``y`` down, in the current fill. Returns {lines, size, h}
 * (h: the height used, 0 when left out; ``measure``: nothing drawn). */
export function fitLines(g, s, cx, y, maxW, px, { bold = false, maxLines = 2, lh = 1.12, align = "center", measure = false, optional = false } = {}) {
  let weight = bold ? 700 : 400;
  const words = String(s).split(/\s+/).filter(Boolean);
  const splits = (n) => {
    if (n === 1 || words.length < 2) return [[words.join(" ")]];
    const out = [];
    for (let i = 1; i < words.length; i++) out.push([words.slice(0, i).join(" "), words.slice(i).join(" ")]);
    return out;
  };
  const widest = (ls) => Math.max(...ls.map((l) => g.measureText(l).width));
  const most = Math.min(maxLines, 2);
  let pick = null;
  // whole at some size, on the fewest lines; then (a bold name) in the regular weight
  for (const w of bold ? [700, 400] : [400]) {
    for (let n = 1; n <= most && !pick; n++) {
      for (let size = Math.max(MIN_PX, px); size >= MIN_PX; size -= 0.5) {
        g.font = font(size, w);
        const best = splits(n).map((ls) => [ls, widest(ls)]).sort((a, b) => a[1] - b[1])[0];
        if (best[1] <= maxW) { pick = { lines: best[0], size }; weight = w; break; }
      }
    }
    if (pick) break;
  }
  if (!pick && optional) return { lines: 0, size: 0, h: 0 };
  if (!pick && measure) return { lines: most, size: MIN_PX, h: most * MIN_PX * lh };
  if (!pick) {
    g.font = font(MIN_PX, weight);
    const ls = splits(most).map((l) => [l, widest(l)]).sort((a, b) => a[1] - b[1])[0][0];
    const cut = ls.map((l) => { let t = l; while (t.length > 1 && g.measureText(t).width > maxW) t = t.slice(0, -2) + "\u2026"; return t; });
    noteCut(s, cut.join(" "));
    pick = { lines: cut, size: MIN_PX };
  }
  g.font = font(pick.size, weight);
  const h = pick.lines.length * pick.size * lh;
  if (measure) return { lines: pick.lines.length, size: pick.size, h };
  g.textAlign = align;
  g.textBaseline = "top";
  pick.lines.forEach((l, i) => g.fillText(l, cx, y + i * pick.size * lh));
  return { lines: pick.lines.length, size: pick.size, h };
}

/** Word-wrapped text from (x, y) top-left; returns the height used. */
export function wrap(g, s, x, y, w, { size = 12, color = "#d9d2bd", weight = 400, lh = 1.3, maxLines = 8, draw = true, deliberate = false } = {}) {
  g.font = font(size, weight);
  g.fillStyle = color;
  g.textAlign = "left";
  g.textBaseline = "top";
  const words = String(s).split(/\s+/);
  let line = "", n = 0;
  const out = [];
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (g.measureText(next).width > w && line) { out.push(line); line = word; } else line = next;
  }
  if (line) out.push(line);
  if (draw && out.length > maxLines) noteCut(s, out.slice(0, maxLines).join(" "), deliberate);
  for (const l of out.slice(0, maxLines)) { if (draw) g.fillText(l, x, y + n * size * lh); n++; }
  return n * size * lh;
}

/** Stroke the current path in ``colour`` (``width`` px) over a darker, wider line under it, so it
 * stands out on any ground; ``halo`` the colour under it ("" none). Two strokes, not a blurred
 * shadow: a shadow's blur is rasterised in software on many phones and cost a move's frame most
 * of its time (web/dev/motion_bench.py). */
export function haloStroke(g, colour, width, halo = "rgba(0,0,0,0.55)", spread = 3) {
  if (halo) {
    g.strokeStyle = halo;
    g.lineWidth = width + spread;
    g.stroke();
  }
  g.strokeStyle = colour;
  g.lineWidth = width;
  g.stroke();
}

/** A mark of what the others did since your move (js/recent.js): an outline in the mover's
 * colour round the box {x, y, w, h}, solid and thicker when its chip is the one chosen
 * (``on``: "chosen" | "shown" | "faded"). Returns the box drawn (for renderer.marked()). */
export function markBox(g, b, colour, on = "shown", radius = 6) {
  g.save();
  g.globalAlpha = on === "faded" ? 0.4 : 1;
  if (on !== "chosen") g.setLineDash([8, 5]);
  roundRect(g, b.x - 3, b.y - 3, b.w + 6, b.h + 6, radius);
  haloStroke(g, colour, on === "chosen" ? 5 : 3);
  g.restore();
  return { x: b.x - 3, y: b.y - 3, w: b.w + 6, h: b.h + 6 };
}

/** Moves shown moving (js/motion.js): a count of ``seat``'s drawn in ``box`` that was ``was`` at
 * the update before and is ``now`` changes as the move that changed it is shown: a gain flies to
 * it from where the move was played (``up``), a loss swells to its new value (``R``: the renderer,
 * or what carries its ``markBoxes`` and ``recentOf``). */
export function countChanged(R, seat, key, was, now, box) {
  if (!R || was == null || String(was) === String(now) || !R.markBoxes || !R.recentOf) return;
  const k = R.recentOf(seat);
  const num = (v) => Number(String(v).replace(/[^\d.-]/g, ""));
  if (k != null) R.markBoxes.push({ k, kind: "count", key: `${key} ${seat}`, x: box.x, y: box.y, w: box.w, h: box.h, up: num(now) > num(was) });
}

/** Is (x, y) inside the rectangle {x, y, w, h}? */
export const inRect = (x, y, r) => x >= r.x && y >= r.y && x <= r.x + r.w && y <= r.y + r.h;

export class Renderer {
  /** cam: {min, max} for a board that pans and zooms (this.cam, see ../panzoom.js), or null. */
  constructor(canvas, ui, { cam = null } = {}) {
    this.canvas = canvas;
    this.ui = ui;
    this.g = canvas.getContext("2d");
    // what it draws (drawn()): followed from the first time someone asks (a test, the layout
    // audit), never on a player's page, where the wrapped calls cost each frame a millisecond or two
    this.rec = RECORDS.get(this.g) || null;
    this.snap = null;
    this.interactive = false;
    this.touch = !!(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
    this.W = 0;
    this.H = 0;
    this.dpr = 1;
    this.hits = [];       // [{x, y, w, h, move?, act?, label, clip?}] drawn this frame, last on top
    this.raf = null;
    // (camLiveAt: when the player last moved it; a layer is not kept while it moves: layers.js)
    this.cam = cam ? new PanZoom({ ...cam, onChange: () => { this.camLiveAt = performance.now(); this.camMoved(); } }) : null;
    // moves shown moving (../motion.js): around every update and frame of the renderer
    this.motion = new Motion(this);
    const update = this.update, draw = this.draw;
    this.update = (snapshot, ctx) => { this.motion.beforeUpdate(); update.call(this, snapshot, ctx); this.motion.afterUpdate(ctx); };
    this.draw = () => { draw.call(this); this.motion.drew(); };
    this.prevTouchAction = canvas.style.touchAction;
    canvas.style.touchAction = "none";
    this.on = {
      pointerdown: (e) => this.onDown(e),
      pointermove: (e) => this.onMove(e),
      pointerup: (e) => this.onUp(e, false),
      pointercancel: (e) => this.onUp(e, true),
      pointerleave: (e) => { if (e.pointerType === "mouse") this.leave(); },
      wheel: (e) => this.onWheel(e),
      contextmenu: (e) => e.preventDefault(),
      // a tap changes the choice buttons at once: no follow-up "click" may land
      // on a button that has just appeared under the finger
      touchend: (e) => { if (e.cancelable) e.preventDefault(); },
    };
    for (const [k, f] of Object.entries(this.on)) canvas.addEventListener(k, f, { passive: false });
  }

  // ---------------------------------------------------------------- interface
  /** Work ``snap``'s drawing will need, done before it is shown (a promise, or null: nothing). */
  prepare(snap) { return null; }

  /** Keep the snapshot and whether the player may act; returns the previous snapshot. */
  take(snapshot, ctx) {
    const prev = this.snap;
    this.snap = snapshot;
    // the view before this update, in the same game (what a count had: moves shown moving)
    this.was = prev && prev.gid === snapshot.gid ? prev.view : null;
    this.interactive = !!(ctx && ctx.interactive);
    // what the others did since your move (js/recent.js: the engine's marks), and the one chosen
    this.recent = (ctx && ctx.recent) || [];
    this.focus = ctx && ctx.focus != null ? ctx.focus : null;
    return prev;
  }

  resize() {
    const r = this.canvas.getBoundingClientRect();
    const W = Math.max(1, r.width || this.canvas.clientWidth || 300);
    const H = Math.max(1, r.height || this.canvas.clientHeight || 300);
    const changed = !this.W || Math.abs(W - this.W) > 2 || Math.abs(H - this.H) > 0.3 * this.H;
    this.W = W;
    this.H = H;
    this.dpr = window.devicePixelRatio || 1;
    const bw = Math.round(W * this.dpr), bh = Math.round(H * this.dpr);
    if (this.canvas.width !== bw) this.canvas.width = bw;
    if (this.canvas.height !== bh) this.canvas.height = bh;
    this.resized(changed);
    this.draw();
    this.motion.ready();   // (a run's canvases of the new size made while idle)
  }

  /** The legal moves on the canvas now: [{x, y, w, h, move, label, name?}] (CSS px); with
   * ``{all: true}`` also those drawn out of sight (outside their clip), marked ``off`` (the
   * keyboard brings them into view: bringIntoView). A hit with ``legal`` (an act that opens a legal
   * move's choices) comes too, without a move. */
  targets({ all = false } = {}) {
    const out = [];
    for (const h of this.hits) {
      if (!h.move && !(all && h.legal)) continue;
      const x = h.x + h.w / 2, y = h.y + h.h / 2;
      const off = (h.clip && !inRect(x, y, h.clip)) || x < 0 || y < 0 || x > this.W || y > this.H;
      if (off && !all) continue;
      const t = { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10, w: h.w, h: h.h, move: h.move || null, label: h.label, name: h.name };
      if (all) Object.assign(t, { legal: true, off: !!off });
      out.push(t);
    }
    return out;
  }

  /** The items of the strip (ctx.recent) with ``kind`` marks, each as {k, mark, colour, on}. */
  recentMarks(kind) {
    const out = [];
    (this.recent || []).forEach((it, k) => {
      if (it.seat == null) return;
      const on = this.focus == null ? "shown" : this.focus === k ? "chosen" : "faded";
      for (const m of it.marks || []) if (m.kind === kind) out.push({ k, mark: m, colour: this.ui.seatColor(it.seat), on });
    });
    return out;
  }

  /** The strip's item a change of ``seat``'s belongs to, for moves shown moving: its latest move
   * since yours, else the latest event (a production, a scoring), else the latest item; null
   * when nothing happened since your move. */
  recentOf(seat) {
    const recent = this.recent || [];
    const latest = (f) => { for (let k = recent.length - 1; k >= 0; k--) if (f(recent[k])) return k; return null; };
    return latest((it) => it.seat === seat) ?? latest((it) => it.seat == null) ?? (recent.length ? recent.length - 1 : null);
  }

  /** The marks drawn in the last frame: [{k (the strip's item), kind, x, y, w, h}] (tests read them). */
  marked() { return this.markBoxes || []; }

  /** What the board draws over itself now, in CSS px of the canvas: [{x, y, w, h, kind:
   * "control" | "banner" | "panel", label}] (buttons, a line of help, a panel of scores). No
   * place of a legal move lies under them (the layout audit checks: e2e/layout_audit.js). */
  furniture() { return []; }

  /** Text cut short in the last frame: [{full, shown, ok}] (ok: deliberate). */
  cuts() { return this.cutList || []; }

  /** A new frame's list of cut text and of what it draws (begin() calls it; a renderer that
   * paints its own background calls it first). */
  startCuts() {
    frameCuts = this.cutList = [];
    if (this.rec) Object.assign(this.rec, { list: [], clip: null, stack: [], path: null });
  }

  /** What the last frame drew that shows: [{kind: "label" | "piece", text, box: {x, y, w, h}}]
   * (CSS px of the canvas, in the order drawn; a label also has ``size``, its height in px, and
   * ``squeeze``, its width drawn over its natural width). */
  drawn() {
    if (!this.rec) {   // the first question: follow the context from now on, and draw the frame again
      this.rec = RECORDS.get(this.g) || record(this.g, () => this.dpr);
      this.draw();
    }
    return this.rec.list.map((d) => ({ ...d, box: { ...d.box } }));
  }

  /** The same at the view of the whole board (a board with a camera: ``showWhole()``, what its
   * fit button shows; false: no such view now), the player's view put back after; null for a
   * board without one. */
  drawnWhole() {
    if (!this.cam || !this.showWhole || !this.snap) return null;
    this.motion.finish(false);
    const c = this.cam, keep = { s: c.s, ox: c.ox, oy: c.oy, userMoved: c.userMoved };
    const own = { userMoved: this.userMoved, fitFor: this.fitFor, autoFocus: this.autoFocus, rot: this.rot, mine: this.mine, away: this.away };
    try {
      if (this.showWhole() === false) return null;
      this.draw();
      return this.drawn();
    } finally {
      Object.assign(c, keep);
      Object.assign(this, own);
      this.draw();
    }
  }

  /** Where the parts of the board are, for the tests (a renderer says more). */
  layoutInfo() { return { W: this.W, H: this.H, scale: this.cam ? this.cam.s : null }; }

  destroy() {
    this.motion.finish(false);
    for (const [k, f] of Object.entries(this.on)) this.canvas.removeEventListener(k, f);
    this.canvas.style.touchAction = this.prevTouchAction;
    this.canvas.style.cursor = "";
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = null;
    clearTimeout(this.pressTimer);
    this.teardown();
    if (this.layers) this.layers.clear();   // their pictures (layer()) go with the board
    this.layers = null;
    this.hits = [];
    this.snap = null;
    try { this.ui.choices([]); } catch (e) { /* the shell is gone */ }
  }

  // ---------------------------------------------------------------- hooks (defaults)
  camAt() { return !!this.cam; }
  /** The camera moved by the player (a drag, a pinch, the wheel, a zoom button, the keyboard):
   * the view is theirs (``mine``) from now on; renderers that override this call it. */
  camMoved() { this.keepView(); this.redraw(); }
  tap() {}
  pressStart() {}
  pressMove() { return false; }
  pressEnd() {}
  hoverAt() {}
  leave() {}
  wheelAt() {}
  resized() {}
  draw() {}
  teardown() {}

  // ---------------------------------------------------------------- the player's view
  // The camera belongs to the player: the view they set (keepView(), from camMoved) stays
  // through moves and replies. A renderer may leave it for a moment to show something (a bot's
  // move, the tile just placed: goAway() first), and comes back to it (comeBack()) when that is
  // over; the fit button gives the view back to the renderer (forgetView()).
  keepView() {
    if (!this.cam) return;
    this.mine = { s: this.cam.s, ox: this.cam.ox, oy: this.cam.oy };
    this.away = false;
  }

  /** The camera is about to show something else than the player's view (back with comeBack()). */
  goAway() { if (this.mine) this.away = true; }

  /** Back to the player's view, after goAway(); true when the camera moved. */
  comeBack() {
    const back = !!(this.away && this.mine);
    if (back) Object.assign(this.cam, this.mine, { userMoved: true });
    this.away = false;
    return back;
  }

  forgetView() { this.mine = null; this.away = false; }

  /** The rectangle the camera shows ({x, y, w, h}), or null when it is not shown now. */
  camRect() { return this.cam ? { x: 0, y: 0, w: this.W, h: this.H } : null; }

  /** Keyboard (js/keyboard.js): bring the place ``target`` (CSS px, maybe out of sight) into
   * the middle of the camera's view when it is not well inside it; true when the view moved. */
  bringIntoView(target) {
    const r = this.revealRect ? this.revealRect() : this.camRect();
    if (!r || !this.cam) return false;
    // well inside, its whole tap area too (a place half under the edge is out of sight: targets())
    const padX = Math.max(Math.min(r.w, r.h) * 0.12, (target.w || 0) / 2), padY = Math.max(Math.min(r.w, r.h) * 0.12, (target.h || 0) / 2);
    if (target.x >= r.x + padX && target.x <= r.x + r.w - padX && target.y >= r.y + padY && target.y <= r.y + r.h - padY) return false;
    this.cam.ox += r.x + r.w / 2 - target.x;
    this.cam.oy += r.y + r.h / 2 - target.y;
    this.cam.userMoved = true;
    this.camMoved();
    return true;
  }

  // ---------------------------------------------------------------- drawing
  redraw() {
    if (this.raf) return;
    this.raf = requestAnimationFrame(() => { this.raf = null; this.draw(); });
  }

  /** A layer of the board that changes seldom (a map's ground) drawn as one picture, once per
   * ``key``; opts: its pictures painted off the page (./layers.js). */
  layer(name, key, paint, opts) {
    if (!this.layers) this.layers = new Layers(this);
    return this.layers.draw(name, key, paint, opts);
  }

  /** Have layer ``name``'s picture for ``key`` painted off the page ahead of its use. */
  layerAhead(name, key, meta, offPage) {
    if (!this.layers) this.layers = new Layers(this);
    this.layers.warm(name, key, meta, offPage);
  }

  /** Start a frame: device pixels set, the canvas filled with ``background``, no hits. */
  begin(background) {
    const g = this.g;
    g.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    g.fillStyle = background;
    g.fillRect(0, 0, this.W, this.H);
    this.hits = [];
    this.markBoxes = [];
    this.startCuts();
    return g;
  }

  /** The topmost hit under (x, y) (inside its clip), or null. */
  hitAt(x, y, hits = this.hits) {
    for (let i = hits.length - 1; i >= 0; i--) {
      const h = hits[i];
      if (inRect(x, y, h) && (!h.clip || inRect(x, y, h.clip))) return h;
    }
    return null;
  }

  // ---------------------------------------------------------------- pointer events
  local(e) {
    const r = this.canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  }

  onDown(e) {
    e.preventDefault();
    this.motion.finish();   // a tap ends a run of moves shown moving at once (and does what it does)
    const [x, y] = this.local(e);
    try { this.canvas.setPointerCapture(e.pointerId); } catch (_) { /* synthetic events */ }
    if (this.cam && this.camAt(x, y)) this.cam.down(e.pointerId, x, y);
    else this.pressStart(x, y, e);
  }

  onMove(e) {
    const [x, y] = this.local(e);
    if (this.cam && this.cam.has(e.pointerId)) { e.preventDefault(); this.cam.move(e.pointerId, x, y); return; }
    if (this.pressMove(x, y, e)) { e.preventDefault(); return; }
    if (e.pointerType === "mouse") this.hoverAt(x, y);
  }

  onUp(e, cancelled) {
    const [x, y] = this.local(e);
    if (this.cam && this.cam.has(e.pointerId)) {
      if (this.cam.up(e.pointerId, cancelled)) this.tap(x, y);
      return;
    }
    this.pressEnd(x, y, e, cancelled);
  }

  onWheel(e) {
    e.preventDefault();
    const [x, y] = this.local(e);
    const dy = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
    if (this.cam && this.camAt(x, y)) this.cam.wheel(x, y, dy);
    else this.wheelAt(x, y, dy);
  }
}
