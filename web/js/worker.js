// The Python engine in a module Web Worker: starts Pyodide from ../pyodide/
// with the engine's packages from ../boot/ (js/pyboot.js), then answers every
// {id, op, ...} with cairn.facade.handle().
// Protocol: web/js/README.md. JSON strings cross the boundary both ways.
//
// What it starts from (every file through js/files.js: this build's cache
// first, else one download, packed, kept for next time); always the runtime
// and the native libraries with the packages' data files (boot/native.bin,
// boot/data.bin), then:
// - a start-up snapshot made in this browser by an earlier visit (nothing to
//   download: the usual start);
// - else, on a fast link, the snapshot the build made (Python with the engine
//   imported and warm), when it arrives sooner than Python could start;
// - else (a first visit on a slow or metered link, or a snapshot that is
//   missing, damaged or from another build) Python from scratch, from the
//   build's cut of the standard library and what the engine imports to start
//   (boot/stdlib.zip, boot/deps.bin, boot/engine.bin: build/pyimage.mjs);
//   then it makes a snapshot of its own and keeps it, before answering
//   anything, so that the next start is the first kind.
// Once it answers, it downloads what the start left out (boot/later.bin: the
// rest of the engine, of its packages, of the standard library it uses) and
// writes it in; an import of any of it before then loads it at once
// (build/cairn_later.py).  The engine's words in the page's language
// (boot/lang/<lang>.mo) are downloaded as soon as the page names the
// language, and written in before that request is answered.

import { startPython, takeSnapshot, checksum, snapshotArray, WARM_UP, parseImage, writeImage, writeFiles, PYTHON_ROOT, sparse, unsparse } from "./pyboot.js";
import { Files, loadXzDecoder, releaseXzDecoder } from "./files.js";

const base = new URL("../", import.meta.url);
const at = (rel) => new URL(rel, base).href;
let handle = null;          // the facade's handle() (a PyProxy kept for the worker's life)
let python = null;          // the runtime, once up
const queue = [];           // requests not answered yet (before Python is ready, or waiting for a catalogue)
let holding = false;        // true while the start-up snapshot is taken (requests wait)
// "boot=light|snapshot" (tests: js/engine.js, index.html); "lang=pt-BR": the page's likely
// language (index.html), whose catalogue is worth downloading before the page asks
const params = new URLSearchParams(self.name || "");
// Whether a service worker answers this worker's requests ("sw=1": the page had one).
self.cairnControlled = params.get("sw") === "1";

const t0 = performance.now();
const since = () => Math.round(performance.now() - t0);
// When each step of the start finished (ms since the worker started; in the
// boot record, for build/boot_bench.py's breakdown).
const marks = {};
const mark = (name) => { if (marks[name] === undefined) marks[name] = since(); };

// Progress texts are English message ids (marked N_ for the catalogues):
// the page shows them in its language.
const N_ = (text) => text;

// Progress: each stage names what is happening and creeps towards its end
// while it runs, so the bar never stands still for long.
let creep = null;
let pct = 0;
function post(text) {
  const left = loaded.total ? Math.max(0, loaded.total - loaded.bytes) : 0;
  postMessage({ kind: "progress", text, pct: Math.round(pct * 10) / 10, ms: since(), left });
}
let current = "";
function stage(text, from, to) {
  clearInterval(creep);
  current = text;
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
  queue.push(ev.data);
  if (ev.data && ev.data.op === "lang") catalogue(ev.data.lang);   // its download starts now
  pump();
};

let pumping = false;
/** Answer what waits, in order, once Python is ready; a "lang" request waits
 * for its catalogue to be written in. */
async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    while (queue.length && handle && !holding) {
      const msg = queue[0];
      if (msg && msg.op === "lang") await languageIn(msg.lang);
      if (!handle || holding) break;
      answer(queue.shift());
    }
  } finally {
    pumping = false;
  }
}

// -- the engine's catalogues ------------------------------------------------------------
let files = null;           // js/files.js for this build, once the manifest is read
let manifestReady = null;   // resolves with it
const catalogues = new Map();   // engine language code -> promise of {write()} or null (none to load)

/** Resolves once ``lang``'s catalogue is written in (or there is none to write). */
const languageIn = (lang) => catalogue(lang).then((c) => { if (c) c.write(); }, () => {});

/** The engine's catalogue of ``lang`` ("pt_BR"): downloaded once, written into
 * Python's file system before the language is used (``write``); null for
 * English and unknown codes. */
function catalogue(lang) {
  const asked = typeof lang === "string" ? lang.trim().toLowerCase().replace("-", "_") : "";
  if (!catalogues.has(asked)) {
    catalogues.set(asked, (async () => {
      const f = await (manifestReady || Promise.reject(new Error("no manifest")));
      // "pt", "pt-BR", "pt_br" -> pt_BR (as the engine reads them: cairn.core.i18n.normalize)
      const codes = Object.keys(f.manifest.files).filter((r) => r.startsWith("boot/lang/")).map((r) => r.slice(10, -3));
      const code = codes.find((c) => c.toLowerCase() === asked) || codes.find((c) => c.toLowerCase().split("_")[0] === asked);
      if (!code) return null;
      const rel = `boot/lang/${code}.mo`;
      const bytes = await f.bytes(rel);
      let written = false;
      return {
        write() {
          if (written || !python) return;
          const path = `${PYTHON_ROOT}site-packages/cairn/locale/${code}/LC_MESSAGES/cairn.mo`;
          python.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
          python.FS.writeFile(path, bytes);
          written = true;
        },
      };
    })());
    catalogues.get(asked).catch((e) => console.warn("cairn: no catalogue for", asked, e));
  }
  return catalogues.get(asked);
}

// -- downloads ------------------------------------------------------------------
const loaded = { bytes: 0, total: 0 };

async function fetchJSON(rel) {
  const res = await fetch(at(rel));
  if (!res.ok) throw new Error(`${rel}: HTTP ${res.status}`);
  return res.json();
}

function verified(bytes, want, what) {
  if (checksum(bytes) !== want) throw new Error(`${what} is damaged or from another build`);
  return bytes;
}

const locateLib = (name, bytes) => URL.createObjectURL(new Blob([bytes], { type: "application/wasm" }));

// Pyodide's standard library for a restore: an empty zip (every module of the
// cut is in the snapshot already; build/cairn_later.py restored()).
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

/** A module of the later image imported before it arrived: its bytes at once
 * (build/cairn_later.py calls this; a worker may download synchronously). */
self.cairnFetchSync = (rel) => {
  const xhr = new XMLHttpRequest();
  xhr.open("GET", at(rel), false);
  xhr.responseType = "arraybuffer";
  xhr.send(null);
  if (xhr.status !== 200) throw new Error(`${rel}: HTTP ${xhr.status}`);
  return new Uint8Array(xhr.response);
};

/** Keep the facade's handle() and check it answers; ``cat`` is the catalogue
 * the state the snapshot holds answered when it was made. */
function engineReady(py, cat) {
  if (!cat || !cat.games) return engineHello(py);
  handle = null;
  const h = py.runPython("from cairn.facade import handle\nhandle");
  const reply = JSON.parse(h(JSON.stringify({ id: 0, op: "close", gid: "-" })));
  if (!reply.ok) throw new Error(reply.error.message);
  handle = h;
  return cat;
}

/** Import the facade (instant after a restore), keep its handle(), say hello. */
function engineHello(py) {
  handle = null;
  const h = py.runPython("from cairn.facade import handle\nhandle");
  const hello = JSON.parse(h(JSON.stringify({ id: 0, op: "hello" })));
  if (!hello.ok) throw new Error(hello.error.message);
  handle = h;
  return hello.result;
}

// -- the link -------------------------------------------------------------------------
// The build's snapshot is worth downloading when it arrives in less time
// than Python takes to start and import the engine on a phone (about this).
const SNAPSHOT_WORTH_S = 2;
const PROBE_BYTES = 1 << 20;   // the link's speed is judged on this much of the first downloads
const PROBE_MS = 1500;         // or on what arrived in this time

/** "light" on a link that asks to save data or is slow by the browser's own
 * estimate, else undefined (judge by measuring). */
function linkHint() {
  const c = self.navigator && navigator.connection;
  if (!c) return undefined;
  if (c.saveData || c.type === "cellular" || ["slow-2g", "2g", "3g"].includes(c.effectiveType)) return "light";
  return undefined;
}

/** Resolves with the bytes per second seen once PROBE_BYTES arrived or PROBE_MS
 * passed, or as soon as a quarter of that came ``fast`` times faster than
 * ``needed`` bytes per second (a fast link need not be watched for long). */
function measureLink(startedAt, needed = Infinity, fast = 4) {
  return new Promise((resolve) => {
    const tick = () => {
      const ms = performance.now() - startedAt;
      const speed = loaded.bytes / Math.max(ms, 1) * 1000;
      if (loaded.bytes >= PROBE_BYTES || ms >= PROBE_MS || (loaded.bytes >= PROBE_BYTES / 4 && speed >= fast * needed)) resolve(speed);
      else setTimeout(tick, 10);
    };
    tick();
  });
}

// xz or gzip (js/files.js): the xz copies are a quarter smaller but unpacked by a
// decoder in WebAssembly, four to five times slower than the browser's gzip: below
// this speed (bytes per second, measured on the runtime's JavaScript, downloaded
// first) they arrive sooner all the same.
const XZ_BELOW = 4e6;
const XZ_PROBE_MS = 500;   // slower than this for the first file: a slow link, whatever is left

/** The link's speed (bytes per second) as the runtime's JavaScript (``rel``,
 * downloaded first) arrived: 0 when it is not all there after XZ_PROBE_MS (a
 * slow link, whatever is left), null when it was not downloaded (nothing measured). */
async function linkSpeed(rel) {
  if ((await files.unpacked(rel)) || (await files.cached(rel))) return null;   // read from the cache
  const arrived = await Promise.race([files.arrived(rel).then(() => true), new Promise((r) => setTimeout(r, XZ_PROBE_MS, false))]);
  if (!arrived) return 0;
  await new Promise((r) => setTimeout(r, 0));   // (the network's timing of it is recorded meanwhile)
  return files.speed(rel);
}

/** Whether this start wants the xz copies: on a link that asks to save data or is
 * slow (the browser's hint, else ``speed``; none measured: as for a phone);
 * "pack=xz|gzip" in the worker's name chooses (tests). */
function chooseXz(speed) {
  const asked = params.get("pack");
  if (asked === "xz" || asked === "gzip") return asked === "xz";
  if (linkHint() === "light") return true;
  return speed === null || speed < XZ_BELOW;
}

// -- boot -----------------------------------------------------------------------------
async function boot() {
  stage(N_("Downloading Python and the game engine"), 2, 55);
  manifestReady = fetchJSON("boot/manifest.json").then((m) => (files = new Files(base, m, (n) => { loaded.bytes += n; })));
  const manifest = (await manifestReady).manifest;
  mark("manifest");
  if (params.get("lang")) catalogue(params.get("lang"));
  const pyodideURL = at("pyodide/");
  const meta = manifest.snapshot;
  const common = ["pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.mjs", "boot/native.bin",
                  "boot/data.bin"];
  const fresh = ["boot/stdlib.zip", "boot/deps.bin", "boot/engine.bin"];
  const wanted = params.get("boot");   // "light" or "snapshot": tests and the curious choose
  // This browser's own snapshot, the usual start, is read from the cache (23 MB: the
  // longest part of such a start) while the rest is looked up and Python's runtime starts
  // (its bytes are needed only once the runtime is up).
  const localRead = (wanted === "light" || wanted === "snapshot" ? Promise.resolve(null) : files.localSnapshot())
    .then((local) => {
      if (!local) return null;
      const bytes = local.bytes.arrayBuffer().then((ab) => new Uint8Array(ab));
      bytes.catch(() => {});
      return { meta: local.meta, bytes };
    })
    .catch(() => null);
  loaded.total = await files.missing(common);
  post(current);   // how much there is to download, at once
  const ticker = setInterval(() => {
    if (loaded.total) pct = Math.max(pct, 2 + 53 * Math.min(1, loaded.bytes / loaded.total));
  }, 100);
  const startedAt = performance.now();

  // The runtime's JavaScript first (it tells how fast the link is: chooseXz): from its
  // own address when this browser kept it unpacked (the service worker answers from the
  // cache, and the browser may keep its compiled code), else unpacked here from the
  // packed download.
  const script = (rel) => files.unpacked(rel).then((kept) => kept && self.cairnControlled
    ? import(at(rel))
    : files.packed
      ? files.bytes(rel).then((b) => import(URL.createObjectURL(new Blob([b], { type: "text/javascript" }))))
      : import(at(rel)));
  const runtime = Promise.all([script("pyodide/pyodide.mjs"), script("pyodide/pyodide.asm.mjs")]);
  runtime.catch(() => {});
  let speed = null;
  if (loaded.total > 0) {
    // the xz decoder loads meanwhile (21 KB): a build without xz copies, or a browser that
    // cannot unpack or load it, gets gzip
    const decoder = files.packed && files.entry("pyodide/pyodide.asm.wasm").xz
      ? loadXzDecoder().then(() => true, (e) => { console.warn("cairn: no xz decoder:", e); return false; })
      : Promise.resolve(false);
    speed = await linkSpeed("pyodide/pyodide.asm.mjs");
    files.xz = chooseXz(speed) && (await decoder);
    mark(files.xz ? "xz" : "gzip");
    loaded.total = loaded.bytes + (await files.missing(common.filter((r) => !files.fromCache.includes(r) && !files.fetched.includes(r))));
    post(current);
  }

  // The runtime and the native libraries download at once, whatever the start;
  // Pyodide's own downloads (the wasm, the standard library) are handed to it
  // from these.
  const once = (make) => { let p = null; return () => (p = p || make()); };
  const wasm = () => once(() => files.response("pyodide/pyodide.asm.wasm", "application/wasm"));
  let wasmResponse = wasm();
  wasmResponse().catch(() => {});
  const image = (rel) => { const p = files.bytes(rel).then(parseImage); p.catch(() => {}); return p; };
  const native = image("boot/native.bin");
  native.then(() => mark("native"), () => {});
  const data = image("boot/data.bin");

  // Which start: a snapshot of this browser's, the build's (downloaded when
  // the link is fast, or kept from an earlier visit), or none.
  let source = null;
  let snapMeta = meta;
  let snapshot = null;
  let snapshotReady = null;
  let packedSnapshot = null;   // the build's, as downloaded (kept as this browser's own)
  const local = await localRead;
  if (local) {
    source = "local";
    snapMeta = local.meta;
    const buf = snapshotArray(snapMeta.size);   // (checked at WebAssembly's speed)
    snapshot = Promise.resolve(buf);
    snapshotReady = local.bytes.then((b) => verified(unsparse(b, buf), snapMeta.checksum, "the start-up snapshot"));
  } else if (files.packed && manifest.files["boot/snapshot.bin"]) {
    let take = wanted === "snapshot" || (wanted !== "light" && !!(await files.cached("boot/snapshot.bin")));
    if (!take && wanted !== "light" && linkHint() !== "light" && loaded.total > 0) {
      // the speed the runtime's JavaScript came at, else measured on what arrives now
      if (speed === null) speed = await measureLink(startedAt, files.sent("boot/snapshot.bin") / SNAPSHOT_WORTH_S);
      take = files.sent("boot/snapshot.bin") / speed <= SNAPSHOT_WORTH_S;
    }
    mark("probe");
    if (take) {
      source = "build";
      loaded.total += await files.missing(["boot/snapshot.bin"]);
      post(current);
      const buf = snapshotArray(meta.size);
      snapshot = Promise.resolve(buf);
      packedSnapshot = files.bytes("boot/snapshot.bin");
      snapshotReady = packedSnapshot.then((b) => { mark("snapshot unpacked"); unsparse(b, buf); mark("snapshot placed");
                                                   return verified(buf, meta.checksum, "the start-up snapshot"); });
    }
  }
  if (snapshotReady) snapshotReady.then(() => mark("snapshot"), () => {});
  files.arrived("pyodide/pyodide.asm.wasm").then(() => mark("wasm bytes"));
  if (source === "build") files.arrived("boot/snapshot.bin").then(() => mark("snapshot bytes"));
  // A start from scratch needs the cut standard library, and the start's
  // modules (the packages' and the engine's), which are written in once
  // Python is up: they download once the runtime has arrived, while Python
  // starts, rather than sharing the link with what Python waits for.
  let start = null;
  const startFiles = () => {
    if (!start) {
      start = { stdlib: once(() => files.response("boot/stdlib.zip", "application/zip")),
                python: files.arrived("pyodide/pyodide.asm.wasm")
                  .then(() => Promise.all([image("boot/deps.bin"), image("boot/engine.bin")])) };
      start.stdlib().catch(() => {});
      start.python.then(() => mark("python files"), () => {});
    }
    return start;
  };
  if (!snapshot) {
    loaded.total += await files.missing(fresh);
    post(current);
    startFiles();
  }

  const [{ loadPyodide }, asm] = await runtime;
  mark("runtime");
  const common_ = { loadPyodide, createPyodideModule: asm.default, indexURL: pyodideURL, locateLib, lock: manifest.lock, native, data,
                    onModule: () => mark("module"), onMark: mark };
  let hello = null;
  let mode = "snapshot";
  let reason = null;
  let py = null;
  try {
    if (!snapshot) throw new Error(files.packed ? "a first start on this link: Python starts from scratch" : "this browser cannot unpack downloads");
    py = await startPython({ ...common_, snapshot, snapshotReady, meta: snapMeta,
                             responses: { "pyodide.asm.wasm": wasmResponse,
                                          "python_stdlib.zip": () => Promise.resolve(new Response(EMPTY_ZIP)) },
                             onStart: () => { mark("start"); clearInterval(ticker); stage(N_("Starting Python from its saved start-up state"), 60, 90); } });
    mark("python");
    stage(N_("Checking the game engine"), 90, 99);
    python = py;
    py.runPython("import random; random.seed()");   // not the snapshot's random state
    hello = engineReady(py, snapMeta.catalogue);
  } catch (e) {
    if (source) clearInterval(ticker);
    reason = String((e && e.message) || e);
    mode = "fresh";
    python = null;
    if (source) console.warn("cairn: booting without the snapshot:", reason);
    if (source === "local") files.dropLocalSnapshot().catch(() => {});
    // A planned start from scratch goes on downloading under the first stage.
    if (source) stage(N_("Starting Python from scratch (no usable start-up snapshot)"), 30, 70);
    // Fresh responses: a failed start may have used the first ones.
    if (source) wasmResponse = wasm();
    const { stdlib, python: modules } = startFiles();
    py = await startPython({ ...common_, snapshot: null, makeSnapshot: true,
                             responses: { "pyodide.asm.wasm": wasmResponse, "python_stdlib.zip": stdlib },
                             onStart: () => {
                               mark("start");
                               clearInterval(ticker);
                               if (!source) stage(N_("Starting Python (the first time takes longest)"), 56, 80);
                             } });
    mark("python");
    python = py;
    stage(N_("Importing the game engine"), 80, 99);
    writeImage(py, ...(await modules));
    hello = engineReady(py, meta.catalogue);   // the build's hello: this engine's, in English
  }
  done();
  pct = 100;
  post(N_("Ready"));
  mark("ready");
  const record = { mode, source, reason, ms: since(), bytes: loaded.bytes, fetched: files.fetched, cached: files.fromCache,
                   link: speed === null ? null : Math.round(Math.min(speed, 1e12)), packing: files.xz && !files.xzFailed ? "xz" : "gzip",
                   marks, origin: performance.timeOrigin + t0, created: performance.timeOrigin };
  holding = mode === "fresh";
  postMessage({ kind: "ready", hello, boot: record });
  if (holding) setTimeout(() => languageFirst().then((first) => keepSnapshot(py, files, hello, first)).finally(() => { release(); later(py); }), 0);
  else {
    release();
    later(py);
    // The build's snapshot, kept unpacked as this browser's own: the next start reads it as
    // it is instead of unpacking it again (the packed copy stays for a new build's sake).
    if (source === "build") setTimeout(() => packedSnapshot.then((bytes) => files.keepLocalSnapshot(bytes, snapMeta)).catch(() => {}), 0);
  }
}

/** What the start left out, written in once it arrives (an import before
 * then loads it at once: build/cairn_later.py); then the runtime and the
 * native libraries kept unpacked too, for the next start. */
async function later(py) {
  try {
    const image = parseImage(await files.bytes("boot/later.bin"));
    writeFiles(py.FS, image);
    py.runPython("import _cairn_later; _cairn_later.arrived()");
    mark("later");
  } catch (e) {
    console.warn("cairn: the rest of the engine did not arrive (it loads when needed):", e);
  }
  for (const [rel, type] of UNPACK_FOR_LATER) await files.keepUnpacked(rel, type);
  await releaseXzDecoder();
}

// What a start reads every time: kept unpacked once the app is ready (about 15 MB more
// in the cache), so that later starts unpack nothing of it.
const UNPACK_FOR_LATER = [["pyodide/pyodide.asm.wasm", "application/wasm"], ["pyodide/pyodide.asm.mjs", "text/javascript"],
                          ["pyodide/pyodide.mjs", "text/javascript"],
                          ["boot/native.bin", "application/octet-stream"], ["boot/data.bin", "application/octet-stream"]];

/** After a start from scratch: warm the engine up and keep a snapshot of
 * this state for the next start (nothing of a game is in it yet: requests
 * wait until it is taken). */
async function keepSnapshot(py, files, hello, first = []) {
  try {
    const t = performance.now();
    py.runPython(WARM_UP);
    const { bytes, meta } = takeSnapshot(py);
    meta.catalogue = hello;
    const packed = sparse(bytes);
    const taken = performance.now() - t;
    release();   // the engine answers while the copy is written
    const kept = await files.keepLocalSnapshot(packed, meta);
    postMessage({ kind: "snapshot", kept, ms: Math.round(taken), size: bytes.byteLength, first });
  } catch (e) {
    console.warn("cairn: could not keep a start-up snapshot:", e);
    postMessage({ kind: "snapshot", kept: false, reason: String((e && e.message) || e) });
  }
}

/** Before the snapshot after a start from scratch (which holds every request back for up to
 * a second): the page's language and the games' names in it (``lang``, then ``hello``: the
 * page asks for them as soon as it hears the engine is ready; they change no game), so that
 * a first visit does not show the engine's English meanwhile. A language's catalogue is
 * downloaded by then, or soon (else it waits for the snapshot, as the rest does). The
 * snapshot then holds that language; a later start is told its own. */
const BEFORE_SNAPSHOT = new Set(["lang", "hello"]);
async function languageFirst() {
  const first = [];   // what was answered (the snapshot's message says)
  const until = performance.now() + 150;   // the page's first requests, a moment after "ready"
  while (performance.now() < until || (queue.length && BEFORE_SNAPSHOT.has(queue[0] && queue[0].op))) {
    if (!queue.length) { await new Promise((r) => setTimeout(r, 10)); continue; }
    const msg = queue[0];
    if (!msg || !BEFORE_SNAPSHOT.has(msg.op)) break;
    if (msg.op === "lang") {
      const ready = await Promise.race([languageIn(msg.lang).then(() => true), new Promise((r) => setTimeout(r, 1500, false))]);
      if (!ready) break;
    }
    first.push(msg.op);
    answer(queue.shift());
  }
  return first;
}

function release() {
  holding = false;
  pump();
}

boot().catch((e) => {
  done();
  postMessage({ kind: "fatal", message: String((e && e.message) || e) });
});
