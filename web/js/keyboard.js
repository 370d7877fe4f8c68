// Keyboard play on the board, the same for every renderer: built on the
// renderer's targets() (the clickable places, CSS px in the canvas).
//
// The canvas is focusable (Tab reaches it after the top bar). There:
//   arrow keys     move to the nearest highlighted place in that direction
//   Home / End     the first / last place (reading order)
//   Enter / Space  choose it: the renderer's activate(target) when it has
//                  one, else a tap at its centre (the renderer's own tap code)
//   Escape         cancel a selection: the renderer's cancel() when it has
//                  one, else the choice bar's Back button
// With no place in the direction of an arrow, the renderer's scrollBy(dx, dy)
// (when it has one) pans its board that way, so places out of sight are reached.
// A ring (an element over the canvas, so it never depends on the renderer's
// drawing) shows the place with the focus, and its label is read out in a
// polite live region. After each redraw the focus stays on the same place
// (same label and move), else on the nearest one.

const GAP = 3;   // places closer than this (px) are one place (Hunters: one target per rotation)

export class BoardKeys {
  /** opts: {renderer(): the current renderer or null, announce(text), onChange()} */
  constructor(canvas, ring, opts) {
    this.canvas = canvas;
    this.ring = ring;
    this.opts = opts;
    this.list = [];
    this.cur = null;     // {x, y, key}: the place with the focus
    canvas.tabIndex = 0;
    canvas.addEventListener("focus", () => { this.refresh(); if (!this.cur) this.pick(this.list[0]); else this.say(); });
    canvas.addEventListener("blur", () => { this.ring.hidden = true; });
    canvas.addEventListener("keydown", (e) => this.key(e));
    // a pointer press moves the keyboard focus there too (then arrows go on from it)
    for (const type of ["pointerup", "wheel"]) canvas.addEventListener(type, () => this.later());
    canvas.addEventListener("pointerdown", (e) => {
      if (!e.isTrusted) return;
      const r = canvas.getBoundingClientRect();
      this.cur = { x: e.clientX - r.left, y: e.clientY - r.top, key: null };
    });
  }

  targets() {
    const R = this.opts.renderer();
    let all = [];
    try { all = R && R.targets ? R.targets() : []; } catch (e) { all = []; }
    const out = [];
    for (const t of all) {
      if (out.some((o) => Math.abs(o.x - t.x) < GAP && Math.abs(o.y - t.y) < GAP)) continue;
      out.push(t);
    }
    // reading order: rows (by a third of a typical place's height), then left to right
    return out.sort((a, b) => (Math.abs(a.y - b.y) > 12 ? a.y - b.y : a.x - b.x));
  }

  static keyOf(t) { return `${t.label || ""}|${t.move ? JSON.stringify(t.move) : ""}`; }

  /** The targets changed (a redraw): keep the focus on the same place or the nearest. */
  refresh() {
    this.list = this.targets();
    if (this.cur && this.list.length) {
      const same = this.list.find((t) => this.cur.key && BoardKeys.keyOf(t) === this.cur.key);
      const t = same || nearest(this.list, this.cur.x, this.cur.y);
      this.cur = { x: t.x, y: t.y, key: BoardKeys.keyOf(t) };
    }
    this.place();
  }

  /** Refresh once the renderer has drawn (its own redraws wait for an animation frame). */
  later() {
    requestAnimationFrame(() => requestAnimationFrame(() => this.refresh()));
  }

  current() {
    if (!this.cur) return null;
    return this.list.find((t) => BoardKeys.keyOf(t) === this.cur.key) || null;
  }

  pick(t, speak = true) {
    if (!t) { this.cur = null; this.place(); if (speak) this.opts.announce(this.opts.empty()); return; }
    this.cur = { x: t.x, y: t.y, key: BoardKeys.keyOf(t) };
    this.place();
    if (speak) this.say();
  }

  say() {
    const t = this.current();
    this.opts.announce(t ? this.opts.describe(t, this.list.indexOf(t), this.list.length) : this.opts.empty());
  }

  /** The ring over the focused place (only while the canvas has the focus). */
  place() {
    const t = this.current();
    if (!t || document.activeElement !== this.canvas) { this.ring.hidden = true; return; }
    const w = Math.max(24, Math.min(t.w || 44, 160)), h = Math.max(24, Math.min(t.h || 44, 160));
    const s = this.ring.style;
    s.left = `${this.canvas.offsetLeft + t.x - w / 2 - 6}px`;
    s.top = `${this.canvas.offsetTop + t.y - h / 2 - 6}px`;
    s.width = `${w + 12}px`;
    s.height = `${h + 12}px`;
    this.ring.hidden = false;
  }

  move(dx, dy) {
    this.list = this.targets();
    if (!this.list.length) { this.pick(null); return; }
    const here = this.current();
    if (!here) { this.pick(this.list[0]); return; }
    let best = null, bestScore = Infinity;
    for (const t of this.list) {
      if (t === here) continue;
      const ax = t.x - here.x, ay = t.y - here.y;
      const along = ax * dx + ay * dy;             // distance in the asked direction
      const across = Math.abs(ax * dy - ay * dx);  // distance sideways
      if (along <= 2) continue;
      const score = along + 2 * across;
      if (score < bestScore) { bestScore = score; best = t; }
    }
    if (best) this.pick(best);
    else this.scroll(dx, dy);
  }

  /** No place that way: the renderer pans its board that way (scrollBy), then the
   * focus goes to the nearest place in that direction, if one came into view. */
  scroll(dx, dy) {
    const R = this.opts.renderer();
    const here = this.current();
    if (!R || typeof R.scrollBy !== "function" || !R.scrollBy(dx, dy)) { this.say(); return; }
    requestAnimationFrame(() => {
      this.list = this.targets();
      // the place now nearest where the ring was (the old one has moved away)
      const others = here ? this.list.filter((t) => BoardKeys.keyOf(t) !== BoardKeys.keyOf(here)) : [];
      const t = here ? nearest(others.length ? others : this.list, here.x, here.y) : this.list[0];
      this.pick(t || null);
    });
  }

  activate() {
    const t = this.current();
    if (!t) return;
    const R = this.opts.renderer();
    if (R && typeof R.activate === "function" && R.activate(t)) return;
    tapAt(this.canvas, t.x, t.y);
  }

  cancel() {
    const R = this.opts.renderer();
    if (R && typeof R.cancel === "function" && R.cancel()) return;
    const back = document.querySelector("#choices button.back");
    if (back) back.click();
  }

  key(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (dirs[e.key]) this.move(...dirs[e.key]);
    else if (e.key === "Home") { this.list = this.targets(); this.pick(this.list[0]); }
    else if (e.key === "End") { this.list = this.targets(); this.pick(this.list[this.list.length - 1]); }
    else if (e.key === "Enter" || e.key === " ") this.activate();
    else if (e.key === "Escape") this.cancel();
    else return;
    e.preventDefault();
    e.stopPropagation();
    if (e.key === "Enter" || e.key === " " || e.key === "Escape") this.later();
  }
}

function nearest(list, x, y) {
  let best = list[0], bd = Infinity;
  for (const t of list) {
    const d = Math.hypot(t.x - x, t.y - y);
    if (d < bd) { bd = d; best = t; }
  }
  return best;
}

/** A tap (pointer down and up, no movement) at canvas CSS px (x, y). */
export function tapAt(canvas, x, y) {
  const r = canvas.getBoundingClientRect();
  const base = { bubbles: true, cancelable: true, clientX: r.left + x, clientY: r.top + y, pointerId: 31, pointerType: "mouse", isPrimary: true, button: 0 };
  canvas.dispatchEvent(new PointerEvent("pointerdown", { ...base, buttons: 1 }));
  canvas.dispatchEvent(new PointerEvent("pointerup", { ...base, buttons: 0 }));
}
