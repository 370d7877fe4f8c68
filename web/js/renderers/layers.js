// A board's layers that change seldom (Caledonia's map ground: its terrain, outlines, rivers,
// frame), each kept as a picture of the board's size in device px and copied whole into every
// frame, so that a move's frame rasterises only what changed. On a phone at DPR 3 without a GPU
// the ground was most of a frame's raster (18 of 22 ms here); copying its picture costs 2-3 ms.
//
// Pictures are kept per key (what the layer shows depends on: the camera, the size), the last
// few of them (a camera that goes back and forth between the whole map and the player's part of
// it finds both). A key not kept is painted on the page at once, or, when the renderer has a
// painter off the page (opts.offPage), asked of it while a kept picture that covers the view
// stands in, moved and scaled to the new camera (opts.standIn; none: painted on the board this
// once), until the sharp one comes (the renderer's layerArrived(): draw again). A picture may be
// asked ahead of its use (warm). No text or piece may be painted in a layer: the frame's record
// (Renderer.drawn()) sees only the board's own context.

// (a layer's canvas is an element, as the board's own, so that its pixels are the same as if
// drawn on the board: the motion's canvases are made so too)
import { makeCanvas } from "../motion.js";

const free = (c) => { if (c && c.canvas && typeof c.canvas.close === "function") c.canvas.close(); };

export class Layers {
  constructor(renderer) {
    this.r = renderer;
    this.lists = new Map();   // name -> [{key, meta, canvas, w, h}], the latest first
    this.asked = new Set();   // "name|key" asked off the page
    this.gone = false;
  }

  /** Draw layer ``name`` for ``key`` on the renderer's context (under the clip in force): its
   * picture kept, else painted by ``paint(g)`` (the board's CSS px), else (with opts.offPage) a
   * stand-in while it is painted off the page. opts: {keep (pictures kept, 3), meta (the camera
   * the key stands for), offPage(key, meta, w, h, ahead) -> Promise of an ImageBitmap of w x h
   * device px (or null: not painted; ahead: wanted before it is needed), standIn(meta of a kept
   * picture) -> [k, tx, ty, rank] (CSS px: the kept picture scaled k and moved; the highest rank
   * is taken) or null, under(g): what a stand-in is drawn over}. Returns "kept", "painted",
   * "stand-in" or "direct" (painted on the board this once, its picture asked off the page). */
  draw(name, key, paint, { keep = 3, meta = null, offPage = null, standIn = null, under = null } = {}) {
    const r = this.r, cv = r.canvas, W = cv.width, H = cv.height;
    const list = this.lists.get(name) || [];
    this.lists.set(name, list);
    const fits = (c) => c.w === W && c.h === H;
    let i = list.findIndex((c) => c.key === key && fits(c));
    if (i >= 0) {
      const [c] = list.splice(i, 1);
      list.unshift(c);
      this.copy(c.canvas, [1, 0, 0, 0]);
      return "kept";
    }
    if (offPage) {
      this.ask(name, key, meta, offPage, keep);
      let best = null;
      for (const c of list) {
        const m = fits(c) && standIn ? standIn(c.meta) : null;
        if (m && (!best || m[3] > best.m[3])) best = { c, m };
      }
      if (best) {
        if (under) under(this.r.g);
        this.copy(best.c.canvas, best.m);
        return "stand-in";
      }
      // none: painted on the board this once (its picture comes from off the page)
      const g = r.g;
      g.save();
      paint(g);
      g.restore();
      return "direct";
    }
    const old = list.length >= keep ? list.pop() : null;
    const canvas = old && fits(old) && !(old.canvas.close) ? old.canvas : makeCanvas(W, H);
    if (old && old.canvas !== canvas) free(old);
    const lg = canvas.getContext("2d");
    lg.setTransform(1, 0, 0, 1, 0, 0);
    lg.clearRect(0, 0, W, H);
    lg.setTransform(r.dpr, 0, 0, r.dpr, 0, 0);
    lg.save();
    paint(lg);
    lg.restore();
    list.unshift({ key, meta, canvas, w: W, h: H });
    this.copy(canvas, [1, 0, 0, 0]);
    return "painted";
  }

  /** The picture (device px) copied on the board, scaled k and moved (tx, ty) CSS px. */
  copy(pic, [k, tx, ty]) {
    const g = this.r.g, dpr = this.r.dpr;
    g.save();
    g.setTransform(k, 0, 0, k, tx * dpr, ty * dpr);
    g.drawImage(pic, 0, 0);
    g.restore();
  }

  /** Have the picture of ``key`` painted off the page ahead of its use (kept when it comes). */
  warm(name, key, meta, offPage, keep = 3) {
    const list = this.lists.get(name) || [];
    const cv = this.r.canvas;
    if (list.some((c) => c.key === key && c.w === cv.width && c.h === cv.height)) return;
    this.ask(name, key, meta, offPage, keep, true);
  }

  ask(name, key, meta, offPage, keep, ahead = false) {
    const id = `${name}|${key}`;
    if (this.asked.has(id)) return;
    this.asked.add(id);
    const W = this.r.canvas.width, H = this.r.canvas.height;
    Promise.resolve().then(() => offPage(key, meta, W, H, ahead)).then((bitmap) => {
      this.asked.delete(id);
      if (!bitmap) return;
      if (this.gone) { bitmap.close && bitmap.close(); return; }
      const list = this.lists.get(name) || [];
      this.lists.set(name, list);
      if (list.some((c) => c.key === key && c.w === W && c.h === H)) { bitmap.close && bitmap.close(); return; }
      const entry = { key, meta, canvas: bitmap, w: W, h: H };
      // (one painted ahead goes second: after the picture in use, before older ones)
      if (ahead) { list.splice(Math.min(1, list.length), 0, entry); while (list.length > keep) free(list.pop()); return; }
      list.unshift(entry);
      while (list.length > keep) free(list.pop());
      if (this.r.layerArrived) this.r.layerArrived(name, key);
    }, () => { this.asked.delete(id); });
  }

  /** Pictures being painted off the page (tests wait for none). */
  get pending() { return this.asked.size; }

  /** A promise that resolves when no picture is being painted off the page, or after ``ms``. */
  settled(ms) {
    if (!this.asked.size) return Promise.resolve();
    return new Promise((resolve) => {
      const t0 = performance.now();
      const look = () => (!this.asked.size || performance.now() - t0 >= ms ? resolve() : setTimeout(look, 15));
      look();
    });
  }

  clear() {
    this.gone = true;
    for (const list of this.lists.values()) list.forEach(free);
    this.lists.clear();
  }
}
