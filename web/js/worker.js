// The Python engine in a module Web Worker: starts Pyodide from ../pyodide/
// with the engine's packages from ../boot/ (js/pyboot.js), restoring the
// memory snapshot the build made (Python with the engine imported and warm);
// when the snapshot is missing, damaged or from another build it starts
// Python from scratch and imports the engine instead. Then it answers every
// {id, op, ...} with cairn.core.facade.handle().
// Protocol: web/js/README.md. JSON strings cross the boundary both ways.

import { startPython, checksum } from "./pyboot.js";

const base = new URL("../", import.meta.url);
const at = (rel) => new URL(rel, base).href;
let handle = null;          // the facade's handle() (a PyProxy kept for the worker's life)
const queue = [];           // requests that arrive before Python is ready

const t0 = performance.now();
const since = () => Math.round(performance.now() - t0);

// Progress texts are English message ids (marked N_ for the catalogues):
// the page shows them in its language.
const N_ = (text) => text;

// Progress: each stage names what is happening and creeps towards its end
// while it runs, so the bar never stands still for long.
let creep = null;
let pct = 0;
function post(text) {
  postMessage({ kind: "progress", text, pct: Math.round(pct * 10) / 10, ms: since() });
}
function stage(text, from, to) {
  clearInterval(creep);
  pct = Math.max(pct, from);
  post(text);
  creep = setInterval(() => {
    pct += (to - pct) * 0.12;
    post(text);
  }, 250);
}
function done() { clearInterval(creep); }

function answer(msg) {
  // handle() never raises for a bad request; an exception here means the
  // Python runtime itself failed, so let it escape: the worker's error event
  // makes the page restart the worker and reload the game from its save.
  const reply = handle(JSON.stringify(msg));   // a Python str comes back as a JS string
  postMessage(JSON.parse(reply));
}

onmessage = (ev) => {
  if (handle) answer(ev.data);
  else queue.push(ev.data);
};

// -- downloads ------------------------------------------------------------------
const loaded = { bytes: 0, total: 0 };

async function fetchJSON(rel) {
  const res = await fetch(at(rel));
  if (!res.ok) throw new Error(`${rel}: HTTP ${res.status}`);
  return res.json();
}

/** The bytes of ``rel``, counted into ``loaded`` as they arrive; into
 * ``out`` when given (of the expected size). */
async function fetchBytes(rel, expected, out = null) {
  const res = await fetch(at(rel));
  if (!res.ok) throw new Error(`${rel}: HTTP ${res.status}`);
  if (!res.body || !expected) return new Uint8Array(await res.arrayBuffer());
  out = out || new Uint8Array(expected);
  let n = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done: end, value } = await reader.read();
    if (end) break;
    if (n + value.length > expected) throw new Error(`${rel}: longer than the build said`);
    out.set(value, n);
    n += value.length;
    loaded.bytes += value.length;
  }
  if (n !== expected) throw new Error(`${rel}: ${n} bytes, expected ${expected}`);
  return out;
}

function verified(bytes, want, what) {
  if (checksum(bytes) !== want) throw new Error(`${what} is damaged or from another build`);
  return bytes;
}

const locateLib = (name, bytes) => URL.createObjectURL(new Blob([bytes], { type: "application/wasm" }));

/** After a restore: keep the facade's handle() and check it answers; the
 * catalogue is the one the build asked this very state for (in the snapshot
 * record). */
function engineReady(py, cat) {
  if (!cat || !cat.games) return engineHello(py);
  handle = null;
  const h = py.runPython("from cairn.core.facade import handle\nhandle");
  const reply = JSON.parse(h(JSON.stringify({ id: 0, op: "close", gid: "-" })));
  if (!reply.ok) throw new Error(reply.error.message);
  handle = h;
  return cat;
}

/** Import the facade (instant after a restore), keep its handle(), say hello. */
function engineHello(py) {
  handle = null;
  const h = py.runPython("from cairn.core.facade import handle\nhandle");
  const hello = JSON.parse(h(JSON.stringify({ id: 0, op: "hello" })));
  if (!hello.ok) throw new Error(hello.error.message);
  handle = h;
  return hello.result;
}

// -- boot -----------------------------------------------------------------------------
async function boot() {
  stage(N_("Downloading Python and the game engine"), 2, 55);
  const pyodideURL = at("pyodide/");
  const runtime = Promise.all([import(at("pyodide/pyodide.mjs")), import(at("pyodide/pyodide.asm.mjs"))]);
  const meta = fetchJSON("boot/snapshot.json");
  meta.catch(() => {});
  const index = fetchJSON("boot/packages.json");
  // Sizes come from the snapshot record; without it the image is read whole.
  const image = Promise.all([index, meta.catch(() => null)]).then(async ([idx, m]) => {
    const bytes = await fetchBytes("boot/packages.bin", m && m.packages.size);
    if (m) verified(bytes, m.packages.checksum, "the packages image");
    return { index: idx, bytes };
  });
  image.catch(() => {});
  // The snapshot's array goes to Pyodide at once and fills while the runtime
  // compiles; snapshotReady settles when it is complete and checked.
  const snapshot = meta.then((m) => {
    loaded.total = m.size + m.packages.size;
    return new Uint8Array(m.size);
  });
  const snapshotReady = Promise.all([meta, snapshot]).then(([m, buf]) =>
    fetchBytes("boot/snapshot.bin", m.size, buf).then((b) => verified(b, m.checksum, "the start-up snapshot")));
  snapshot.catch(() => {});
  snapshotReady.catch(() => {});
  const ticker = setInterval(() => {
    if (loaded.total) pct = Math.max(pct, 2 + 53 * Math.min(1, loaded.bytes / loaded.total));
  }, 100);

  const [{ loadPyodide }, asm] = await runtime;
  const common = { loadPyodide, createPyodideModule: asm.default, indexURL: pyodideURL, locateLib };
  let hello = null;
  let mode = "snapshot";
  let reason = null;
  try {
    await snapshot;   // fails fast when there is no snapshot record
    const py = await startPython({ ...common, image, snapshot, snapshotReady, meta,
                                   onStart: () => { clearInterval(ticker); stage(N_("Starting Python from its saved start-up state"), 60, 90); } });
    stage(N_("Checking the game engine"), 90, 99);
    py.runPython("import random; random.seed()");   // not the build's random state
    hello = engineReady(py, (await meta).catalogue);
  } catch (e) {
    clearInterval(ticker);
    reason = String((e && e.message) || e);
    mode = "fresh";
    console.warn("cairn: booting without the snapshot:", reason);
    stage(N_("Starting Python from scratch (no usable start-up snapshot)"), 30, 70);
    // The image as it is, should it be the part that did not match.
    const plain = image.catch(() => Promise.all([index, fetchBytes("boot/packages.bin", 0)])
      .then(([idx, bytes]) => ({ index: idx, bytes })));
    const py = await startPython({ ...common, image: plain, snapshot: null });
    stage(N_("Importing the game engine"), 70, 99);
    hello = engineHello(py);
  }
  done();
  pct = 100;
  post(N_("Ready"));
  postMessage({ kind: "ready", hello, boot: { mode, reason, ms: since() } });
  while (queue.length) answer(queue.shift());
}

boot().catch((e) => {
  done();
  postMessage({ kind: "fatal", message: String((e && e.message) || e) });
});
