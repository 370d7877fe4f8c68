// Hunters' tile pictures, kept per tile and size (a power of two of device px, at most 512).
// Painting one is a few milliseconds of drawing and, at the first use, tens more of rasterising
// (software, on a phone at 3x): a move's frame cannot pay that. So pictures are painted off the
// page's thread (artworker.js, the same code) into bitmaps: a move's new tiles before the move is
// shown (prepare), a zoom's bigger sizes while the smaller picture stands in, scaled up, until
// the sharp one comes (then the board is drawn again). A smaller size is scaled from a bigger one
// already painted. Without a worker (or when it fails) a picture is painted on the page, as before.
import { paintTile } from "./tileart.js";
import { makeCanvas } from "../landscape.js";
import { paintWorker } from "../paintworker.js";

const BIGGEST = 512;
const PREPARE_MS = 250;   // a move is never held longer than this for its pictures

export function artSize(px) {
  let size = 32;
  while (size < px && size < BIGGEST) size *= 2;
  return size;
}

export class TileArt {
  /** ``layoutOf(id)``: the tile's layout (or null); ``tileOf(id)``: its data as the view gives it;
   * ``arrived()``: a picture asked for while a smaller one stood in is here (draw again);
   * ``learnt(id, layout)``: the worker's layout of a tile (built there with its picture). */
  constructor(layoutOf, tileOf, arrived, learnt) {
    this.layoutOf = layoutOf;
    this.learnt = learnt;
    this.tileOf = tileOf;
    this.arrived = arrived;
    this.art = new Map();      // "id@size" -> canvas or bitmap
    this.asked = new Map();    // "id@size" -> {promise, resolve, later}
    this.size = 0;             // the zoom's size last used (its pictures and the last level's are kept)
    this.worker = undefined;   // undefined: not started yet; null: none (painted on the page)
    this.painted = { page: 0, worker: 0 };   // (tests and benchmarks: where pictures were painted)
    this.refused = new Set();  // keys the worker could not paint (painted on the page)
    this.queue = [];           // jobs not yet sent (one is painted at a time: busy, its key)
    this.busy = null;
    this.shrink = new Set();   // "id@size" to be scaled down from a bigger picture when idle
  }

  /** The picture of tile ``id`` for ``px`` device pixels (maybe a smaller one, its sharp one coming). */
  get(id, px) {
    const size = artSize(px);
    if (size !== this.size && px > 120) this.zoomed(size);
    const k = `${id}@${size}`;
    let a = this.art.get(k);
    if (a) return a;
    // (a bigger picture, drawn scaled for now: a zoom out needs every tile smaller, too many to
    // make in the move's frame; they are made while the page is idle, then drawn again)
    const big = this.bigger(id, size);
    if (big) { this.shrinkLater(k); return big; }
    const near = this.smaller(id, size);
    if (near && this.ask(id, size, true)) return near;
    const L = this.layoutOf(id);
    if (!L) return null;
    a = paintTile(L, size);
    this.painted.page++;
    this.art.set(k, a);
    return a;
  }

  /** Have the pictures at ``px`` of the tiles ``ids`` (their data in ``tiles``, as a view gives
   * them: a move's new tiles are not in the view drawn yet) painted off the page; resolves when
   * they are in (or after PREPARE_MS, or at once without a worker: they are painted as drawn). */
  prepare(tiles, ids, px) {
    const size = artSize(px);
    const waits = [];
    for (const id of ids) {
      // (only tiles with no picture yet: one of another size does for the move's frame, and the
      // camera may change with the move, e.g. out of a zoom onto your tile back to the board)
      if (id == null || !tiles[id] || this.art.has(`${id}@${size}`) || this.bigger(id, size) || this.smaller(id, size)) continue;
      if (this.ask(id, size, false, tiles[id])) waits.push(this.asked.get(`${id}@${size}`).promise);
    }
    if (!waits.length) return Promise.resolve();
    return Promise.race([Promise.all(waits), new Promise((r) => setTimeout(r, PREPARE_MS))]);
  }

  /** Pictures being painted off the page (tests wait for none). */
  get pending() { return this.asked.size; }

  clear() {
    this.art.clear();
    this.shrink.clear();
    this.queue = [];
    this.busy = null;
    for (const a of this.asked.values()) a.resolve();
    this.asked.clear();
    if (this.worker) this.worker.terminate();
    this.worker = undefined;
  }

  // -- inside ---------------------------------------------------------------------------------
  zoomed(size) {
    // a new zoom level: forget big pictures of other levels (memory on phones)
    for (const key of [...this.art.keys()]) {
      const b = +key.split("@")[1];
      if (b > 128 && b !== size && b !== this.size) this.art.delete(key);
    }
    // and a zoom's sharper pictures not yet sent, for another level, are not painted: a move's
    // pictures would wait behind them (a tile painted on the page then, 15 ms in its frame)
    this.queue = this.queue.filter((j) => {
      if (!j.later || j.now || j.size === size) return true;
      this.asked.delete(j.key);
      j.resolve();
      return false;
    });
    this.size = size;
  }

  bigger(id, size) {
    for (let big = size * 2; big <= BIGGEST; big *= 2) if (this.art.has(`${id}@${big}`)) return this.art.get(`${id}@${big}`);
    return null;
  }

  smaller(id, size) {
    for (let small = size / 2; small >= 32; small /= 2) if (this.art.has(`${id}@${small}`)) return this.art.get(`${id}@${small}`);
    return null;
  }

  /** The picture of ``key`` ("id@size") scaled down from a bigger one, made when the page is idle
   * (a few per idle moment: each is a fraction of a millisecond, a zoom's 40 tiles over 10 ms). */
  shrinkLater(key) {
    if (this.shrink.has(key)) return;
    this.shrink.add(key);
    if (this.shrink.size > 1) return;
    const idle = typeof requestIdleCallback === "function" ? (f) => requestIdleCallback(f, { timeout: 500 }) : (f) => setTimeout(() => f(null), 30);
    const work = (deadline) => {
      if (!this.shrink.size) return;   // (cleared)
      const t0 = performance.now();
      const more = () => (deadline && !deadline.didTimeout ? deadline.timeRemaining() > 1 : performance.now() - t0 < 4);
      for (const k of [...this.shrink]) {
        if (!more()) break;
        this.shrink.delete(k);
        const [id, size] = k.split("@");
        const a = this.art.has(k) ? null : this.scaledDown(id, +size);
        if (a) this.art.set(k, a);
      }
      if (this.shrink.size) idle(work);
      else this.arrived();   // (drawn again with the sharp pictures)
    };
    idle(work);
  }

  /** The picture at ``size`` made from a bigger one already painted: an image scaled down, a
   * fraction of a millisecond. */
  scaledDown(id, size) {
    const src = this.bigger(id, size);
    if (!src) return null;
    const c = makeCanvas(size, size);
    const g = c.getContext("2d");
    g.imageSmoothingQuality = "high";
    g.drawImage(src, 0, 0, size, size);
    return c;
  }

  /** Ask the worker for the picture (false: no worker, paint it here). The worker paints one at a
   * time, a move's pictures (prepare) before a zoom's sharper ones (``later``). */
  ask(id, size, later, tile = this.tileOf(id)) {
    const key = `${id}@${size}`;
    const had = this.asked.get(key);
    if (had) {
      if (!later && had.later && this.queue.includes(had)) { this.queue.splice(this.queue.indexOf(had), 1); this.queue.unshift(had); }
      had.later = had.later || later;
      had.now = had.now || !later;
      return true;
    }
    if (!tile || this.refused.has(key)) return false;
    if (!this.start()) return false;
    let resolve;
    const promise = new Promise((r) => { resolve = r; });
    const job = { key, tile: { ...tile, id }, size, promise, resolve, later, now: !later };   // (now: a move waits for it)
    this.asked.set(key, job);
    if (later) this.queue.push(job);
    else this.queue.splice(this.queue.findIndex((j) => j.later) < 0 ? this.queue.length : this.queue.findIndex((j) => j.later), 0, job);
    this.send();
    return true;
  }

  send() {
    if (this.busy || !this.worker || !this.queue.length) return;
    const { key, tile, size } = this.queue.shift();
    this.busy = key;
    this.worker.postMessage({ key, tile, size });
  }

  start() {
    if (this.worker === undefined) this.worker = paintWorker(new URL("./artworker.js", import.meta.url), "tile-art", (d) => this.answer(d), () => this.failed());
    return this.worker;
  }

  answer({ key, bitmap, layout, error }) {
    if (this.busy === key) this.busy = null;
    this.send();
    const a = this.asked.get(key);
    if (!a) { if (bitmap) bitmap.close(); return; }   // (cleared meanwhile)
    this.asked.delete(key);
    if (bitmap && !error) {
      this.art.set(key, bitmap);
      this.painted.worker++;
      if (layout) this.learnt(key.slice(0, key.lastIndexOf("@")), layout);
    } else this.refused.add(key);
    a.resolve();
    if (a.later) this.arrived();   // (a failed one is painted on the page at the next draw)
  }

  /** The worker could not start or crashed: what it was asked is painted on the page. */
  failed() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.queue = [];
    this.busy = null;
    const waiting = [...this.asked.values()];
    this.asked.clear();
    for (const a of waiting) a.resolve();
    if (waiting.some((a) => a.later)) this.arrived();
  }
}
