// Caledonia's map ground painted off the page (groundworker.js): one picture at a time, a newer
// camera's replacing one still waiting (its promise gets null); a picture wanted ahead (the whole
// map's, for the bots' moves) waits in a slot of its own, painted when nothing else waits.
// Without a worker, or when it fails, every promise gets null and the board paints its ground
// on the page, as before.

import { paintWorker } from "../paintworker.js";

export class GroundArt {
  constructor() {
    this.worker = undefined;   // undefined: not started yet; null: none
    this.busy = null;          // the job being painted: {id, resolve}
    this.waiting = null;       // the next one
    this.ahead = null;         // one wanted ahead, painted when nothing else waits
    this.n = 0;
    this.painted = 0;          // (tests and benchmarks: pictures the worker painted)
  }

  /** A promise of the ground's picture for ``job`` (groundworker.js's), or of null; ``ahead``:
   * wanted before it is needed (painted after any other). */
  paint(job, ahead = false) {
    if (!this.start()) return Promise.resolve(null);
    return new Promise((resolve) => {
      const slot = ahead ? "ahead" : "waiting";
      if (this[slot]) this[slot].resolve(null);
      this[slot] = { id: ++this.n, job, resolve };
      this.send();
    });
  }

  send() {
    if (this.busy || !this.worker) return;
    const slot = this.waiting ? "waiting" : this.ahead ? "ahead" : null;
    if (!slot) return;
    this.busy = this[slot];
    this[slot] = null;
    this.worker.postMessage({ id: this.busy.id, job: this.busy.job });
  }

  start() {
    if (this.worker === undefined) this.worker = paintWorker(new URL("./groundworker.js", import.meta.url), "map-ground", (d) => this.answer(d), () => this.stop());
    return this.worker;
  }

  answer({ id, bitmap, error }) {
    const job = this.busy && this.busy.id === id ? this.busy : null;
    this.busy = null;
    if (job) {
      if (bitmap && !error) this.painted++;
      else if (bitmap) bitmap.close();
      job.resolve(bitmap && !error ? bitmap : null);
    } else if (bitmap) bitmap.close();
    this.send();
  }

  /** No more pictures (the board is dropped, or the worker failed): every promise gets null. */
  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    for (const j of [this.busy, this.waiting, this.ahead]) if (j) j.resolve(null);
    this.busy = this.waiting = this.ahead = null;
  }
}
