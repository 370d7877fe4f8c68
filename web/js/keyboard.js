// Keyboard play on the board, the same for every renderer: built on the
// renderer's targets({all: true}) (the places to tap, CSS px in the canvas).
//
// The canvas is focusable (Tab reaches it after the top bar). There:
//   arrow keys     move to the nearest place in that direction: among the
//                  places of the legal moves first, wherever they are (one
//                  out of sight is brought into view: the renderer's
//                  bringIntoView(target)), then among the other controls (tabs,
//                  zoom buttons, panels); from a control, among the controls
//                  first, then the legal places
//   Home / End     the first / last legal place (reading order)
//   Enter / Space  choose it: the renderer's activate(target) when it has
//                  one, else a tap at its centre (the renderer's own tap code)
//   Escape         cancel a selection: the renderer's cancel() when it has
//                  one, else the choice bar's Back button
// With no place at all in the direction of an arrow the focus stays where it
// is (the board does not pan away from it) and says so.
// A ring (an element over the canvas, so it never depends on the renderer's
// drawing) shows the place with the focus, and its label is read out in a
// polite live region. After each redraw the focus stays on the same place
// (same label and move), else on the nearest one of the same kind (a legal
// place, or a control).

const GAP = 3;   // places closer than this (px) are one place (Hunters: one target per rotation)

export class BoardKeys {
  /** opts: {renderer(): the current renderer or null, announce(text), describe(target, i, n), empty(), edge(target)} */
  constructor(canvas, ring, opts) {
    this.canvas = canvas;
    this.ring = ring;
    this.opts = opts;
    this.list = [];
    this.cur = null;     // {x, y, key, legal}: the place with the focus
    // the ring is the keyboard's: shown once a key is pressed, hidden by a tap or a click
    // (the focus may reach the board after a tap: a ring then would read as a second hint)
    this.keyboard = false;
    document.addEventListener("keydown", (e) => { if (!["Shift", "Control", "Alt", "Meta"].includes(e.key)) this.keyboard = true; }, true);
    document.addEventListener("pointerdown", (e) => { if (e.isTrusted) { this.keyboard = false; this.ring.hidden = true; } }, true);
    canvas.tabIndex = 0;
    // the focus arriving (Tab) lands on a place to choose: the one it was on, else the first
    canvas.addEventListener("focus", () => {
      this.refresh();
      const here = this.current(), legal = this.places();
      if (!here || (!here.legal && legal.length)) this.go(legal[0] || this.list[0]);
      else this.say();
    });
    canvas.addEventListener("blur", () => { this.ring.hidden = true; });
    canvas.addEventListener("keydown", (e) => this.key(e));
    // a pointer press moves the keyboard focus there too (then arrows go on from it)
    for (const type of ["pointerup", "wheel"]) canvas.addEventListener(type, () => this.later());
    canvas.addEventListener("pointerdown", (e) => {
      if (!e.isTrusted) return;
      const r = canvas.getBoundingClientRect();
      this.cur = { x: e.clientX - r.left, y: e.clientY - r.top, key: null, legal: true };
    });
  }

  /** Every place: the legal ones first (out of sight too, ``off``), then the other controls,
   * each part in reading order. */
  targets() {
    const R = this.opts.renderer();
    let all = [];
    try { all = R && R.targets ? R.targets({ all: true }) : []; } catch (e) { all = []; }
    const out = [];
    for (const t of all) {
      const legal = t.legal != null ? !!t.legal : !!t.move;
      if (out.some((o) => o.legal === legal && Math.abs(o.x - t.x) < GAP && Math.abs(o.y - t.y) < GAP)) continue;
      out.push({ ...t, legal, off: !!t.off });
    }
    // reading order: rows (by a third of a typical place's height), then left to right
    const order = (a, b) => (Math.abs(a.y - b.y) > 12 ? a.y - b.y : a.x - b.x);
    return [...out.filter((t) => t.legal).sort(order), ...out.filter((t) => !t.legal).sort(order)];
  }

  /** Legal places to choose now (out of sight ones too). */
  places() { return this.list.filter((t) => t.legal); }

  static keyOf(t) { return `${t.label || ""}|${t.move ? JSON.stringify(t.move) : ""}`; }

  /** The targets changed (a redraw): keep the focus on the same place, else the nearest of the
   * same kind. While there is none of its kind (a legal place while the others play) the focus
   * waits where it was, so it comes back to a place to choose, not to a zoom button or a tab.
   * ``moved`` (a move was played): the focus on a control goes to the first place to choose. */
  refresh(moved = false) {
    this.list = this.targets();
    if (this.cur && this.list.length) {
      const same = this.cur.key ? this.list.find((t) => BoardKeys.keyOf(t) === this.cur.key) : null;
      let t = same;
      if (!t) {
        const kind = this.list.filter((x) => x.legal === !!this.cur.legal && !x.off);
        t = kind.length ? nearest(kind, this.cur.x, this.cur.y) : null;
      }
      if (t && moved && !t.legal && this.places().length) t = this.places()[0];
      if (t) this.cur = { x: t.x, y: t.y, key: BoardKeys.keyOf(t), legal: t.legal };
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
    this.cur = { x: t.x, y: t.y, key: BoardKeys.keyOf(t), legal: t.legal };
    this.place();
    if (speak) this.say();
  }

  /** The focus to ``t``; one out of sight is brought into view first (the renderer pans). */
  go(t, then = null) {
    const R = this.opts.renderer();
    if (t && t.off && R && typeof R.bringIntoView === "function" && R.bringIntoView(t)) {
      this.cur = { x: t.x, y: t.y, key: BoardKeys.keyOf(t), legal: t.legal };
      this.ring.hidden = true;
      requestAnimationFrame(() => requestAnimationFrame(() => {
        this.refresh();
        this.say();
        if (then) then(this.current());
      }));
      return;
    }
    this.pick(t);
    if (then) then(t);
  }

  say() {
    const t = this.current();
    this.opts.announce(t ? this.opts.describe(t, this.list.indexOf(t), this.list.length) : this.opts.empty());
  }

  /** The ring over the focused place (only while the canvas has the focus and the place is in sight). */
  place() {
    const t = this.current();
    if (!t || t.off || document.activeElement !== this.canvas || !this.keyboard) { this.ring.hidden = true; return; }
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
    if (!here) { this.go(this.list[0]); return; }
    const best = (cands, cone) => {
      let out = null, score = Infinity;
      for (const t of cands) {
        if (BoardKeys.keyOf(t) === BoardKeys.keyOf(here)) continue;
        const ax = t.x - here.x, ay = t.y - here.y;
        const along = ax * dx + ay * dy;             // distance in the asked direction
        const across = Math.abs(ax * dy - ay * dx);  // distance sideways
        if (along <= 2 || (cone && across > along)) continue;
        const s = along + 2 * across;
        if (s < score) { score = s; out = t; }
      }
      return out;
    };
    // the same kind first (legal places, or controls), within 45 degrees of the arrow's way,
    // then anywhere on that side; only then the other kind (from a place, the next place that
    // way, however slanted, before a zoom button)
    const same = this.list.filter((x) => x.legal === here.legal), other = this.list.filter((x) => x.legal !== here.legal);
    const t = best(same, true) || best(same, false) || best(other, true) || best(other, false);
    if (t) this.go(t);
    else {
      // nothing that way: the focus stays (the board never pans away from it), and says so
      if (here.off) this.go(here);
      this.opts.announce(this.opts.edge ? this.opts.edge(here) : this.opts.describe(here, this.list.indexOf(here), this.list.length));
    }
  }

  activate() {
    const t = this.current();
    if (!t) return;
    if (t.off) { this.go(t, (shown) => { if (shown && !shown.off) this.choose(shown); }); return; }
    this.choose(t);
  }

  choose(t) {
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
    else if (e.key === "Home" || e.key === "End") {
      this.list = this.targets();
      const legal = this.places();
      const from = legal.length ? legal : this.list;
      this.go(e.key === "Home" ? from[0] : from[from.length - 1]);
    } else if (e.key === "Enter" || e.key === " ") this.activate();
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
