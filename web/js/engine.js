// The page's side of the worker protocol (web/js/README.md): starts the
// Pyodide worker, matches replies to requests by id, and restarts the worker
// when it crashes or stops answering (the app then reloads its game).
// The engine speaks the page's language: setLanguage() tells the running
// worker and every worker started later, before any other request.

import { t } from "./i18n.js";
import { patch } from "./delta.js";

// Replies that carry only what changed, given the rev of the snapshot held.
const LEAN_OPS = new Set(["play", "undo", "bot", "friends_apply"]);

export class EngineError extends Error {
  /** ``detail``: the engine's error record; its ``reason`` (the kind of a refusal: a link's
   * check that failed) and ``info`` (what it concerns: a move, the scores) pass through. */
  constructor(code, message, detail = {}) {
    super(message);
    this.code = code;
    this.reason = detail.reason || null;
    this.info = detail.info || {};
  }
}

/** Run ``fn`` once the page has painted (or after 100 ms in a hidden tab,
 * where frames do not come). */
function afterFirstPaint(fn) {
  let done = false;
  const go = () => { if (!done) { done = true; fn(); } };
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(go, 0));
  setTimeout(go, 100);
}

export class Engine {
  /** hooks: {progress(text, pct), ready(hello), fatal(message), crashed(reason)} */
  constructor(hooks, { timeoutMs = 60000 } = {}) {
    this.hooks = hooks;
    this.timeoutMs = timeoutMs;
    this.nextId = 1;
    this.pending = new Map();
    this.worker = null;
    this.hello = null;
    this.boot = null;         // {mode: "snapshot" | "fresh", source, reason, ms, bytes, fetched, cached} once ready
    this.readyPromise = null;
    this.lang = null;         // the engine's language (gettext form: "pt_BR")
    this.held = new Map();    // gid -> the last whole snapshot of it (what lean replies change)
  }

  /** Speak ``lang`` from now on (the facade's "lang" op). A worker still
   * starting queues it before anything asked later; a new worker gets it first. */
  setLanguage(lang) {
    this.lang = lang;
    if (this.worker) this._sendLanguage(this.worker);
  }

  _sendLanguage(w) {
    if (this.lang) w.postMessage({ id: this.nextId++, op: "lang", lang: this.lang });   // its reply is not awaited
  }

  start() {
    this.hello = null;
    this.held.clear();        // a new worker holds no game
    let resolveReady, rejectReady;
    this.readyPromise = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
    this.readyPromise.catch(() => {});
    const ready = this.readyPromise;
    const launch = () => {
      if (this.readyPromise !== ready) return;
      // ?boot=light|snapshot chooses how the worker starts, ?pack=xz|gzip what it downloads (tests); passed as
      // its name, so that its script's URL stays the one every cache knows.
      const q = new URLSearchParams(location.search);
      const name = new URLSearchParams();
      for (const k of ["boot", "pack"]) if (q.get(k)) name.set(k, q.get(k));
      const w = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: name.toString() });
      this.worker = w;
      this._wire(w, resolveReady, rejectReady);
      this._sendLanguage(w);
    };
    // The first start adopts the worker index.html started as the page began
    // to load (and what it said meanwhile); without one, it waits for the
    // page's first frame, so the worker's downloads and compiling do not
    // hold up the first paint.
    const early = this.worker === null && typeof window !== "undefined" ? window.cairnEarlyWorker : null;
    if (early) {
      window.cairnEarlyWorker = null;
      const w = early.worker;
      this.worker = w;
      this._wire(w, resolveReady, rejectReady);
      this._sendLanguage(w);
      for (const ev of early.messages) w.onmessage(ev);
      for (const ev of early.errors) w.onerror(ev);
    } else if (this.worker === null) afterFirstPaint(launch);
    else launch();
    return ready;
  }

  _wire(w, resolveReady, rejectReady) {
    w.onmessage = (ev) => {
      const m = ev.data || {};
      if (m.kind === "progress") this.hooks.progress(m.text, m.pct, m.ms, m.left);
      else if (m.kind === "snapshot") { if (this.boot) this.boot.kept = m; }   // the start-up snapshot made after a first start
      else if (m.kind === "ready") { this.hello = m.hello; this.boot = m.boot; resolveReady(m.hello); this.hooks.ready(m.hello); }
      else if (m.kind === "fatal") { rejectReady(new EngineError("fatal", m.message)); this.hooks.fatal(m.message); }
      else this._reply(m);
    };
    w.onerror = (ev) => {
      ev.preventDefault();
      const msg = ev.message || t("the engine worker failed");
      if (!this.hello) { rejectReady(new EngineError("fatal", msg)); this.hooks.fatal(msg); }
      else this.crash(msg);
    };
  }

  ready() { return this.readyPromise; }

  /** Send {op, ...params}; resolves with the result (for a game, always the
   * whole snapshot: a lean reply is patched onto the one held), rejects
   * with EngineError. */
  async request(op, params = {}, timeoutMs = this.timeoutMs) {
    await this.readyPromise;
    const held = LEAN_OPS.has(op) ? this.held.get(params.gid) : null;
    const result = await this._send(op, held ? { ...params, base: held.rev } : params, timeoutMs);
    return this._keep(op, params, result);
  }

  async _keep(op, params, r) {
    if (op === "close") { this.held.delete(params.gid); return r; }
    if (!r || typeof r !== "object") return r;
    if (r.delta) {
      const held = this.held.get(r.gid);
      if (held && held.rev === r.base) r = patch(held.snap, r);
      else {   // not what this page holds (never expected): ask for the whole
        const { delta, base, rev, ...extra } = r;
        r = { ...(await this._send("state", { gid: r.gid }, this.timeoutMs)), ...extra };
      }
    }
    if (r.rev !== undefined && r.view && r.save && r.history) this.held.set(r.gid, { rev: r.rev, snap: r });
    return r;
  }

  async _send(op, params, timeoutMs) {
    const id = this.nextId++;
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.pending.has(id) && this.worker === worker) this.crash(t("no answer to '{op}' in {s} s", { op, s: Math.round(timeoutMs / 1000) }));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, op, ...params });
    });
  }

  _reply(m) {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    clearTimeout(p.timer);
    if (m.ok) p.resolve(m.result);
    else p.reject(new EngineError((m.error && m.error.code) || "internal", (m.error && m.error.message) || t("engine error"), m.error || {}));
  }

  /** Kill the worker, fail what is pending, start a new one, tell the app. */
  crash(reason) {
    if (this.worker) this.worker.terminate();
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new EngineError("crashed", reason));
    }
    this.pending.clear();
    this.start();
    this.hooks.crashed(reason);
  }
}
