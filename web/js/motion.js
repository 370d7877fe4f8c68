// Moves shown moving, for every game's board (renderers/base.js gives each renderer one Motion).
// When another seat's move arrives, the board is drawn at its end position as always (its
// targets, marks and texts are the end position's from the first frame: nothing waits), and then
// shown moving over it, in the order played: each thing the move marked (the engine's marks, the
// boxes renderer.marked() gives) travels from where it came from (the renderer's flightFrom(box,
// group), e.g. Glen More's chain space for the tile taken there) to where it lands, or drops onto
// its place, or (a price, a count) fades to its new look, or (a count the move raised) flies to
// the panel from where the move was played; what has not landed yet still shows as it was. Each
// step 200-450 ms, shorter when the moves come fast; the player's own move gets a short settle.
// A tap on the board or any key ends the run at once; prefers-reduced-motion and the "Moves
// shown moving" setting off show the end position at once. The tests' ?fast=1 shows none unless
// ?motion=1. The end position is drawn aside and put on the canvas in the run's first frame
// (aside(): a move's frame records the drawing, the next rasterises it).

// (a canvas element, not an OffscreenCanvas: the board drawn aside on one is the same pixel for
// pixel as on the page's canvas; an OffscreenCanvas smooths text a little differently)
export function makeCanvas(w, h) {
  if (typeof document === "undefined") return new OffscreenCanvas(w, h);
  const c = document.createElement("canvas");
  c.width = w; c.height = h;
  return c;
}

const KEY = "cairn.motion";
const STEP_MS = 450, MIN_MS = 200, SETTLE_MS = 140;

/** The player's setting (on unless turned off). */
export function motionSetting() {
  try { return localStorage.getItem(KEY) !== "off"; } catch (e) { return true; }
}
export function setMotionSetting(on) {
  try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* this page only */ }
}

let reduced = null, asked = null, askedFor = null;   // (the media query and the address's words, read once)
/** Are moves shown moving here now? */
export function motionOn() {
  if (typeof window === "undefined") return false;
  if (reduced === null) reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : false;
  if (reduced && reduced.matches) return false;
  if (askedFor !== location.search) {
    const q = new URLSearchParams(location.search);
    askedFor = location.search;
    asked = q.get("motion") === "0" || (q.get("fast") === "1" && q.get("motion") !== "1") ? false : null;
  }
  if (asked === false) return false;
  return motionSetting();
}

const ease = (t) => 1 - Math.pow(1 - t, 3);
const keyOf = (it) => `${it.ply}:${it.seat}:${it.kind || ""}`;

export class Motion {
  constructor(renderer) {
    this.r = renderer;
    this.before = null;     // the canvas as it was before the run (device px)
    this.after = null;      // the end position, as the renderer drew it
    this.steps = [];        // [{t0, ms, flights: [{to, from, how}]}]
    this.raf = null;
    this.blitRaf = null;    // the end position drawn aside, to be shown at the next frame
    this.running = false;
    this.painting = false;
    this.shown = false;     // the canvas shows ``after`` as it is (a run ended by itself, nothing drawn since)
    this.frames = 0;
    this.lastAt = 0;
    this.onKey = () => this.finish();
  }

  /** Test and benchmark view: {running, kind ("moves": others' moves; "settle": your own),
   * steps, frames painted, on, ms (each step's length), flights ("kind:how" of each thing shown
   * moving: "tile:travel", "count:pulse"...)}. */
  state() {
    return { running: this.running, kind: this.kind || null, steps: this.steps.length, frames: this.frames, on: motionOn(),
      ms: this.steps.map((s) => Math.round(s.ms)),
      flights: this.steps.flatMap((s) => (s.flights || []).map((f) => `${f.to.kind || ""}:${f.how}`)) };
  }

  // -- around the renderer's update --------------------------------------------------------
  beforeUpdate() {
    this.prevSnap = this.r.snap;
    this.prevRecent = this.r.recent || [];
    this.drawnSince = false;
    const was = (this.running || this.blitRaf != null) && this.after;
    if (this.blitRaf != null) cancelAnimationFrame(this.blitRaf);
    this.blitRaf = null;
    this.finish(false);
    this.on = motionOn() && !!this.prevSnap && this.r.W > 0;
    if (!this.on) return;
    // the run before this one ends at once: its end position is where this move starts from
    // (the canvas is the last run's end position, put back and not drawn since: no copy needed)
    const cv = this.r.canvas, a = this.after;
    const kept = this.shown && a && a.width === cv.width && a.height === cv.height;
    if (was || kept) [this.before, this.after] = [this.after, this.before];
    else this.before = this.copy(this.before);
    this.shown = false;
    this.aside();
  }

  /** The renderer draws the end position aside, into ``after``, not on the canvas: the canvas
   * keeps what it showed for the rest of this frame, and the end position is rasterised in the
   * run's first frame (a move's frame no longer draws the board and rasterises it too: in
   * software, at device pixel ratio 3, the two were over 16 ms). Not on a page that follows
   * what the board draws (renderer.drawn(): the tests' audits), whose record is the canvas's. */
  aside() {
    if (this.r.rec) return;
    const cv = this.r.canvas;
    if (!this.after || this.after.width !== cv.width || this.after.height !== cv.height) this.after = makeCanvas(cv.width, cv.height);
    this.canvasG = this.r.g;
    this.r.g = this.after.getContext("2d");
  }

  /** The renderer draws on its canvas again; ``true`` when it drew aside meanwhile. */
  back() {
    if (!this.canvasG) return false;
    this.r.g = this.canvasG;
    this.canvasG = null;
    return true;
  }

  /** The end position drawn aside shown whole on the canvas now (no run shows it). */
  showAside() {
    const g = this.r.g;
    g.save();
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.globalAlpha = 1;
    this.restore(g, null);
    g.restore();
    this.shown = true;
  }

  afterUpdate(ctx) {
    const aside = !!this.canvasG;
    try {
      if (this.r.snap && !this.drawnSince && aside) this.drawNow();
    } finally {
      this.back();
    }
    if (!this.runFor(ctx, aside) && aside) {
      // no run: the end position drawn aside is shown at the next frame (its raster there too)
      if (this.drawnSince) this.blitRaf = requestAnimationFrame(() => { this.blitRaf = null; this.showAside(); });
      else this.r.draw();
    }
    this.ready();
  }

  /** The two canvases of a run (the end position drawn aside, the canvas before it) made while
   * the page is idle, before the first run needs them: making one of the board's size and its
   * first drawing cost 10-25 ms at DPR 3 (the first move shown moving was a frame of 40-60 ms). */
  ready() {
    if (this.readyAsked || !motionOn() || typeof requestIdleCallback === "undefined") return;
    // (during a run its canvases are in use: asked again when it ends; the board's size changes
    // at a run, e.g. when a tip opens under it, and the next run must not make them in its frame)
    if (this.running) { this.readyLater = true; return; }
    const cv = this.r.canvas, fits = (c) => c && c.width === cv.width && c.height === cv.height;
    if (fits(this.after) && fits(this.before)) return;
    this.readyAsked = true;
    requestIdleCallback(() => {
      this.readyAsked = false;
      if (this.running) { this.readyLater = true; return; }
      if (this.canvasG || this.blitRaf != null) return this.ready();   // (after the end position is shown)
      for (const k of ["after", "before"]) {
        if (fits(this[k])) continue;
        const c = makeCanvas(cv.width, cv.height), g = c.getContext("2d");
        g.fillRect(0, 0, 1, 1);   // (its pixels made now, not at its first use)
        g.clearRect(0, 0, 1, 1);
        this[k] = c;
        if (k === "after") this.shown = false;   // (the canvas is not this new one, pixel for pixel)
        return this.ready();   // (one canvas per idle moment)
      }
    }, { timeout: 2000 });
  }

  /** A renderer that draws at the next frame: its end position drawn now. */
  drawNow() {
    if (this.r.raf) cancelAnimationFrame(this.r.raf);
    this.r.raf = null;
    this.r.draw();
  }

  /** The end position drawn aside and not shown yet is shown now (true), or there is none. */
  blitNow() {
    if (this.blitRaf == null) return false;
    cancelAnimationFrame(this.blitRaf);
    this.blitRaf = null;
    this.showAside();
    return true;
  }

  /** Start the run that shows the update's moves (true), or say there is none (false). */
  runFor(ctx, aside) {
    const prev = this.prevSnap, snap = this.r.snap;
    this.prevSnap = null;
    this.fromAside = aside;
    if (!this.on || !ctx || !Array.isArray(ctx.recent) || !snap || !prev) return false;
    if (prev.gid !== snap.gid || snap.view.ply <= prev.view.ply) return false;
    if (!this.drawnSince) this.drawNow();
    const now = performance.now();
    const gap = now - (this.lastAt || 0);
    this.lastAt = now;
    const seen = new Set(this.prevRecent.map(keyOf));
    const fresh = new Map();
    (this.r.recent || []).forEach((it, k) => { if (!seen.has(keyOf(it))) fresh.set(k, []); });
    const seenBox = new Set();   // a thing drawn twice (a count in two headers) is shown moving once
    for (const b of this.r.marked()) {
      const id = [b.k, b.kind, b.key, Math.round(b.x), Math.round(b.y)].join("|");
      if (fresh.has(b.k) && !seenBox.has(id)) { seenBox.add(id); fresh.get(b.k).push(b); }
    }
    const groups = [...fresh.entries()].sort((a, b) => a[0] - b[0]).map(([, bs]) => bs).filter((bs) => bs.length);
    if (!fresh.size) {
      // the person's own move (its mover a person, to move before it): a short settle
      const last = (snap.history || [])[(snap.history || []).length - 1];
      const seat = last && last.seat, who = seat != null && prev.view.seats && prev.view.seats[seat];
      if (who && who.kind === "human" && seat === (prev.view.current_player ?? prev.view.current)) {
        this.start([{ settle: true, ms: SETTLE_MS }]);
        return true;
      }
      return false;
    }
    if (!groups.length) return false;
    // moves that come fast (a run of bot moves) are shown faster, never slower than they come
    let ms = Math.max(MIN_MS, Math.min(STEP_MS, 1800 / groups.length));
    if (gap < STEP_MS * 1.6) ms = Math.max(MIN_MS, Math.min(ms, gap * 0.8));
    this.start(groups.map((bs) => ({ ms, flights: bs.map((b) => this.flight(b, bs, this.r.recent[b.k])) })));
    return true;
  }

  /** How the thing marked in ``box`` (by the move ``item`` of the strip) arrives: from a box
   * (travels), or as the renderer says ("fade": a price or count; "pulse": a piece that acted),
   * else it drops onto its place. */
  flight(box, group, item) {
    const hook = this.r.flightFrom ? this.r.flightFrom(box, group, item || {}) : null;
    if (hook === "pulse" && box.kind === "count" && box.up) {
      // a count the move raised (points, coins, goods): it flies to the panel from where the move
      // was played (the move's first place on the board shown with it), then settles there
      const from = group.find((b) => b.kind !== "count" && b.w > 0 && b.h > 0);
      if (from) return { to: box, from, how: "gain" };
    }
    if (hook === "fade" || hook === "pulse") return { to: box, how: hook };
    return { to: box, from: hook || null, how: hook ? "travel" : "drop" };
  }

  start(steps) {
    // the end position: drawn aside (the first frame puts it on the canvas whole), else copied
    const aside = this.fromAside;
    this.fromAside = false;
    if (!aside) this.after = this.copy(this.after);
    let t = performance.now();
    this.steps = steps.map((s) => { const out = { ...s, t0: t }; t += s.ms; return out; });
    this.kind = steps.some((s) => s.settle) ? "settle" : "moves";
    this.end = t;
    this.running = true;
    this.frames = 0;
    // what the last frame painted over the end position (device px; null: the whole canvas)
    this.dirty = aside ? null : [];
    document.addEventListener("keydown", this.onKey, true);
    this.tick();
  }

  /** End the run now: the end position shown (``redraw`` false: the caller draws next). Only
   * what the last frame painted over is put back from the end position the renderer drew. */
  finish(redraw = true) {
    if (this.blitRaf != null) {   // (no run, an end position to show: shown now, or left to the caller)
      if (redraw) { this.blitNow(); return; }
      cancelAnimationFrame(this.blitRaf);
      this.blitRaf = null;
    }
    if (!this.running) return;
    this.running = false;
    this.steps = [];
    if (this.readyLater) { this.readyLater = false; queueMicrotask(() => this.ready()); }
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = null;
    document.removeEventListener("keydown", this.onKey, true);
    if (!redraw) return;
    const cv = this.r.canvas, a = this.after;
    if (!a || a.width !== cv.width || a.height !== cv.height) { this.r.draw(); return; }
    const g = this.r.g;
    g.save();
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.globalAlpha = 1;
    this.restore(g, this.dirty);
    g.restore();
    this.dirty = [];
    this.shown = true;   // the canvas is ``after`` now, pixel for pixel
  }

  /** Put back the end position in ``rects`` (null: the whole canvas). */
  restore(g, rects) {
    const a = this.after;
    if (!rects) { g.clearRect(0, 0, a.width, a.height); g.drawImage(a, 0, 0); return; }
    for (const [x, y, w, h] of rects) { g.clearRect(x, y, w, h); g.drawImage(a, x, y, w, h, x, y, w, h); }
  }

  /** A rectangle of device px, grown by a pixel for the edges' smoothing and kept on the canvas. */
  rect(x, y, w, h) {
    const cv = this.r.canvas;
    const x0 = Math.max(0, Math.floor(x) - 2), y0 = Math.max(0, Math.floor(y) - 2);
    const x1 = Math.min(cv.width, Math.ceil(x + w) + 2), y1 = Math.min(cv.height, Math.ceil(y + h) + 2);
    return x1 > x0 && y1 > y0 ? [x0, y0, x1 - x0, y1 - y0] : null;
  }

  /** The renderer drew a frame during the run (a hover, a resize): that is the end position now. */
  drew() {
    this.drawnSince = true;
    this.shown = false;
    if (this.blitRaf != null && !this.canvasG) { cancelAnimationFrame(this.blitRaf); this.blitRaf = null; }   // the canvas is new already
    if (!this.running || this.painting) return;
    this.after = this.copy(this.after);
    this.dirty = [];   // the canvas is the end position whole again
    this.paint(performance.now());
  }

  copy(into) {
    const cv = this.r.canvas;
    let c = into;
    if (!c || c.width !== cv.width || c.height !== cv.height) c = makeCanvas(cv.width, cv.height);
    const g = c.getContext("2d");
    g.clearRect(0, 0, c.width, c.height);
    g.drawImage(cv, 0, 0);
    return c;
  }

  tick() {
    this.raf = requestAnimationFrame(() => {
      this.raf = null;
      if (!this.running) return;
      const now = performance.now();
      if (now >= this.end) { this.finish(true); return; }
      this.paint(now);
      this.tick();
    });
  }

  /** One frame of the run. The canvas keeps the end position the renderer drew; a frame puts back
   * what the frame before painted over and paints only the places not landed yet and the things
   * moving (a settle, the whole board fading in, is the one full-canvas frame). */
  paint(now) {
    const g = this.r.g, d = this.r.dpr || 1;
    this.painting = true;
    this.frames++;
    g.save();
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.globalAlpha = 1;
    const settling = this.steps.some((s) => s.settle && now < s.t0 + s.ms);
    this.restore(g, settling ? null : this.dirty);
    const dirty = settling ? null : [];
    const mark = (x, y, w, h) => { if (dirty) { const r = this.rect(x, y, w, h); if (r) dirty.push(r); } };
    for (const s of this.steps) {
      const t = Math.max(0, Math.min(1, (now - s.t0) / s.ms));
      if (s.settle) {
        g.globalAlpha = 1 - ease(t);
        g.drawImage(this.before, 0, 0);
        g.globalAlpha = 1;
        continue;
      }
      if (t >= 1) continue;
      // not landed yet: the place shows as it was; then the thing arriving
      for (const f of s.flights) {
        const b = f.to, sx = b.x * d, sy = b.y * d, sw = b.w * d, sh = b.h * d;
        if (sw < 1 || sh < 1) continue;
        g.drawImage(this.before, sx, sy, sw, sh, sx, sy, sw, sh);
        mark(sx, sy, sw, sh);
        if (t <= 0) continue;
        const e = ease(t);
        if (f.how === "pulse") {   // it was there before: it swells and settles
          g.drawImage(this.after, sx, sy, sw, sh, sx, sy, sw, sh);
          const k = 1 + 0.1 * Math.sin(Math.PI * t);
          const kx = sx + (sw - sw * k) / 2, ky = sy + (sh - sh * k) / 2;
          g.drawImage(this.after, sx, sy, sw, sh, kx, ky, sw * k, sh * k);
          mark(kx, ky, sw * k, sh * k);
          continue;
        }
        if (f.how === "fade") {
          g.globalAlpha = e;
          g.drawImage(this.after, sx, sy, sw, sh, sx, sy, sw, sh);
          g.globalAlpha = 1;
          continue;
        }
        let cx = sx + sw / 2, cy = sy + sh / 2, k = 1, a = 1;
        if (f.how === "gain") {   // from the move's place, small and rising, to its place on the panel
          const F = f.from;
          const fx = (F.x + F.w / 2) * d, fy = (F.y + F.h / 2) * d;
          cx = fx + (cx - fx) * e;
          cy = fy + (cy - fy) * e - Math.sin(Math.PI * t) * Math.max(sh, 24 * d);
          k = 1 + 0.35 * Math.sin(Math.PI * t);
          a = Math.min(1, t * 5);
          g.globalAlpha = a;
          g.drawImage(this.after, sx, sy, sw, sh, cx - (sw * k) / 2, cy - (sh * k) / 2, sw * k, sh * k);
          mark(cx - (sw * k) / 2, cy - (sh * k) / 2, sw * k, sh * k);
          g.globalAlpha = 1;
          continue;
        }
        if (f.how === "travel") {
          const F = f.from;
          const fx = (F.x + F.w / 2) * d, fy = (F.y + F.h / 2) * d;
          cx = fx + (cx - fx) * e;
          cy = fy + (cy - fy) * e - Math.sin(Math.PI * t) * sh * 0.25;
          k = (Math.min(F.w / b.w, 1.5) + (1 - Math.min(F.w / b.w, 1.5)) * e) * (1 + 0.12 * Math.sin(Math.PI * t));
        } else {
          cy -= (1 - e) * sh * 0.35;
          k = 1 + 0.08 * (1 - e);
          a = Math.min(1, t * 6);
        }
        const shx = cx + sw * 0.06, shy = cy + sh * 0.1 + (1 - e) * sh * 0.2, rx = sw * k * 0.45, ry = sh * k * 0.42;
        g.globalAlpha = a * 0.35;
        g.fillStyle = "#000";
        g.beginPath();
        g.ellipse(shx, shy, rx, ry, 0, 0, Math.PI * 2);
        g.fill();
        mark(shx - rx, shy - ry, 2 * rx, 2 * ry);
        g.globalAlpha = a;
        g.drawImage(this.after, sx, sy, sw, sh, cx - (sw * k) / 2, cy - (sh * k) / 2, sw * k, sh * k);
        mark(cx - (sw * k) / 2, cy - (sh * k) / 2, sw * k, sh * k);
        g.globalAlpha = 1;
      }
    }
    g.restore();
    // after a settle the whole canvas was painted: the next frame puts it all back
    this.dirty = dirty || [this.rect(0, 0, this.r.canvas.width, this.r.canvas.height)];
    this.painting = false;
  }
}
