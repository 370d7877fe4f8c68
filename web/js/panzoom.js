// A camera over a world drawn on a canvas, shared by the board renderers:
// pan (one finger or mouse drag), pinch-zoom (two fingers), wheel zoom,
// zoom buttons, fit-to-rectangle, and tap detection (a press that neither
// moved more than a few pixels nor became a pinch). The renderer feeds it
// pointer positions in canvas CSS px and draws with toScreen()/toWorld().

export class PanZoom {
  /** opts: {min, max} scale limits (CSS px per world unit); onChange() after any camera move. */
  constructor({ min = 8, max = 260, onChange = () => {} } = {}) {
    this.min = min;
    this.max = max;
    this.onChange = onChange;
    this.s = 40;
    this.ox = 0;
    this.oy = 0;
    this.userMoved = false;
    this.pointers = new Map();
    this.pinch = null;
    this.panning = false;
    this.pinched = false;
  }

  toScreen(wx, wy) { return [wx * this.s + this.ox, wy * this.s + this.oy]; }
  toWorld(sx, sy) { return [(sx - this.ox) / this.s, (sy - this.oy) / this.s]; }

  /** Show the world box {x0, y0, x1, y1} centred in the screen rectangle {x, y, w, h}. */
  fit(box, rect, maxScale = this.max) {
    const bw = Math.max(1e-6, box.x1 - box.x0), bh = Math.max(1e-6, box.y1 - box.y0);
    this.s = Math.max(this.min, Math.min(maxScale, rect.w / bw, rect.h / bh));
    this.ox = rect.x + rect.w / 2 - (box.x0 + box.x1) / 2 * this.s;
    this.oy = rect.y + rect.h / 2 - (box.y0 + box.y1) / 2 * this.s;
    this.userMoved = false;
  }

  /** Zoom by ``k`` about (sx, sy): the player's (onChange), or the renderer's own (``quiet``). */
  zoomAt(sx, sy, k, quiet = false) {
    const s = Math.max(this.min, Math.min(this.max, this.s * k));
    const [wx, wy] = this.toWorld(sx, sy);
    this.s = s;
    this.ox = sx - wx * s;
    this.oy = sy - wy * s;
    if (quiet) return;
    this.userMoved = true;
    this.onChange();
  }

  /** Pointer handling: down/move/up with canvas CSS px. up() returns true for a tap. */
  down(id, x, y) {
    this.pointers.set(id, { x, y, x0: x, y0: y });
    if (this.pointers.size === 1) { this.panning = false; this.pinched = false; }
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, s: this.s, mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2, ox: this.ox, oy: this.oy };
      this.pinched = true;
    }
  }

  /** Returns true when the pointer is one of ours (the caller should preventDefault). */
  move(id, x, y) {
    const p = this.pointers.get(id);
    if (!p) return false;
    if (this.pointers.size >= 2 && this.pinch) {
      p.x = x; p.y = y;
      const [a, b] = [...this.pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
      const s = Math.max(this.min, Math.min(this.max, this.pinch.s * d / this.pinch.d));
      const wx = (this.pinch.mx - this.pinch.ox) / this.pinch.s, wy = (this.pinch.my - this.pinch.oy) / this.pinch.s;
      this.s = s;
      this.ox = mx - wx * s;
      this.oy = my - wy * s;
      this.userMoved = true;
      this.onChange();
      return true;
    }
    if (!this.panning && Math.hypot(x - p.x0, y - p.y0) > 8) this.panning = true;
    if (this.panning) {
      this.ox += x - p.x;
      this.oy += y - p.y;
      this.userMoved = true;
      this.onChange();
    }
    p.x = x; p.y = y;
    return true;
  }

  up(id, cancelled = false) {
    const p = this.pointers.get(id);
    this.pointers.delete(id);
    if (this.pointers.size < 2) this.pinch = null;
    return !!p && !cancelled && this.pointers.size === 0 && !this.panning && !this.pinched;
  }

  has(id) { return this.pointers.has(id); }

  wheel(x, y, deltaY, deltaMode = 0) {
    const d = deltaMode === 1 ? deltaY * 16 : deltaY;
    this.zoomAt(x, y, Math.exp(-d * 0.0015));
  }
}
