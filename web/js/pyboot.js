// Starting Python for the engine, shared by the worker (js/worker.js) and the
// build (build/pyimage.mjs, build/snapshot.mjs, under Node), so that the
// memory snapshot the build makes is restored by exactly the code that made it.
//
// What Python starts from comes as "images" the build made
// (build/pyimage.mjs): one file each, ``CRN1``, a 4-byte length, a JSON
// index {path: [offset, length]} (paths under /lib/python3.14/), then the
// files' bytes.  boot/native.bin holds the native libraries (pydantic_core):
// they are written (with boot/data.bin, the packages' data files) and loaded
// *before* Python starts, at a fixed place in
// memory and in the function table; that is what lets a snapshot taken after
// `import pydantic_core` be restored: Pyodide's own snapshots keep only the
// linear memory, not libraries loaded later with dlopen.  The standard
// library is the build's cut (boot/stdlib.zip, compiled), handed to Pyodide
// as its own; boot/deps.bin and boot/engine.bin (pydantic's and the engine's
// compiled modules) are written once Python is up, before the engine is
// imported (writeImage); boot/later.bin, what the start does not import,
// arrives after (the Python side: build/cairn_later.py, ``_cairn_later``).

// checksum()'s loop in WebAssembly, assembled by hand: f(from, to, a, b) runs the two sums
// over the 32-bit words of its memory from byte ``from`` to ``to`` and returns b << 32 | a.
// A start checks a 38 MB snapshot; on its first run the JavaScript loop takes 45 ms here,
// this 7 (a phone is three to five times slower at both).
const SUM_BODY = [0x00,                                       // no locals but the four arguments
  0x02, 0x40, 0x03, 0x40,                                      // block, loop
  0x20, 0x00, 0x20, 0x01, 0x4f, 0x0d, 0x01,                    //   from >= to: out
  0x20, 0x02, 0x20, 0x00, 0x28, 0x02, 0x00, 0x6a, 0x21, 0x02,  //   a += word at from
  0x20, 0x03, 0x20, 0x02, 0x6a, 0x21, 0x03,                    //   b += a
  0x20, 0x00, 0x41, 0x04, 0x6a, 0x21, 0x00,                    //   from += 4
  0x0c, 0x00, 0x0b, 0x0b,                                      // again; end, end
  0x20, 0x03, 0xad, 0x42, 0x20, 0x86, 0x20, 0x02, 0xad, 0x84, 0x0b];   // b << 32 | a
const section = (id, bytes) => [id, bytes.length, ...bytes];
const SUM_WASM = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  ...section(1, [0x01, 0x60, 0x04, 0x7f, 0x7f, 0x7f, 0x7f, 0x01, 0x7e]),    // (i32 x4) -> i64
  ...section(2, [0x01, 0x01, 0x6d, 0x03, 0x6d, 0x65, 0x6d, 0x02, 0x00, 0x00]), // imports m.mem
  ...section(3, [0x01, 0x00]),
  ...section(7, [0x01, 0x01, 0x66, 0x00, 0x00]),                            // exports f
  ...section(10, [0x01, SUM_BODY.length, ...SUM_BODY])]);
let sumModule;                       // undefined: not made yet; null: no WebAssembly here
const summers = new WeakMap();       // the buffer of a snapshotArray() -> its f
const SUM_STEP = 1 << 20;            // bytes per call (a later call may run optimised code)

/** A zeroed array of ``size`` bytes that checksum() reads at WebAssembly's speed (a
 * WebAssembly memory's; a plain array where there is none). */
export function snapshotArray(size) {
  try {
    if (sumModule === undefined) sumModule = new WebAssembly.Module(SUM_WASM);
    if (!sumModule) return new Uint8Array(size);
    const mem = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(size / 65536)) });
    summers.set(mem.buffer, new WebAssembly.Instance(sumModule, { m: { mem } }).exports.f);
    return new Uint8Array(mem.buffer, 0, size);
  } catch (e) {
    sumModule = sumModule || null;
    return new Uint8Array(size);
  }
}

/** A fast checksum of ``bytes`` (two 32-bit running sums over its 32-bit words, then its
 * last bytes, Fletcher-style), to tell a damaged or mismatched download. */
export function checksum(bytes) {
  const words = bytes.byteLength >>> 2;
  let f = summers.get(bytes.buffer);
  if (!f && words >= SUM_STEP >>> 2) {   // a big array: copied where WebAssembly sums it
    const copy = snapshotArray(bytes.byteLength);
    f = summers.get(copy.buffer);
    if (f) { copy.set(bytes); bytes = copy; }
  }
  let a = 1, b = 0;
  if (f && bytes.byteOffset % 4 === 0) {
    const end = bytes.byteOffset + (words << 2);
    for (let at = bytes.byteOffset; at < end; at += SUM_STEP) {
      const r = f(at, Math.min(at + SUM_STEP, end), a, b);
      a = Number(r & 0xffffffffn) | 0;
      b = Number(r >> 32n) | 0;
    }
  } else {
    const view = new Uint32Array(bytes.buffer, bytes.byteOffset, words);
    for (let i = 0; i < words; i++) {
      a = (a + view[i]) | 0;
      b = (b + a) | 0;
    }
  }
  for (let i = words << 2; i < bytes.byteLength; i++) {
    a = (a + bytes[i]) | 0;
    b = (b + a) | 0;
  }
  return ((b >>> 0).toString(16).padStart(8, "0") + (a >>> 0).toString(16).padStart(8, "0"));
}

/** Everything Python reads of its surroundings while it starts, held fixed,
 * so that a snapshot (the Python memory the site ships) holds nothing of the
 * machine that made it and is the same on every machine: the environment
 * variables (Emscripten adds USER=web_user, PATH=/, PWD=/ and its own host
 * name; LANG would otherwise come from the builder's locale under Node 21+),
 * and the program name (Emscripten takes it from process.argv[1] under Node,
 * the script's path on the builder's disk; build/snapshot.mjs hides that). */
export const PYTHON_ENV = Object.freeze({ HOME: "/home/pyodide", LANG: "C.UTF-8", _: "./this.program",
                                          PYDANTIC_DISABLE_PLUGINS: "__all__" });

/** Where every image's paths start. */
export const PYTHON_ROOT = "/lib/python3.14/";
const MAGIC = 0x314e5243;   // "CRN1"

/** An image's files: {files: {path: Uint8Array (a view of ``bytes``)}}. */
export function parseImage(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 8 || view.getUint32(0, true) !== MAGIC) throw new Error("not an image of this build");
  const n = view.getUint32(4, true);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + n)));
  const files = {};
  for (const [path, [off, len]] of Object.entries(index)) files[path] = bytes.subarray(8 + n + off, 8 + n + off + len);
  return { files };
}

// A snapshot as stored and downloaded: its pages of zeros left out (more than
// half of Python's memory is zeros: the stack, free space), so there is less
// to unpack, copy and keep. ``CRNS``, the whole size, the number of runs, each
// run's [offset, length] (4-byte little-endian numbers), then the runs' bytes.
const SPARSE = 0x534e5243;   // "CRNS"
const PAGE = 4096;

/** ``bytes`` (a snapshot) without its pages of zeros. */
export function sparse(bytes) {
  if (bytes.byteOffset % 4) bytes = bytes.slice();
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
  const runs = [];
  const pages = Math.ceil(bytes.byteLength / PAGE);
  let start = -1;
  for (let p = 0; p <= pages; p++) {
    let zero = p === pages;
    if (!zero) {
      zero = true;
      const end = Math.min((p + 1) * PAGE, bytes.byteLength);
      if (end - p * PAGE < PAGE || (p * PAGE) % 4) {
        for (let i = p * PAGE; i < end; i++) if (bytes[i]) { zero = false; break; }
      } else {
        for (let i = (p * PAGE) >>> 2, e = end >>> 2; i < e; i++) if (words[i]) { zero = false; break; }
      }
    }
    if (!zero && start < 0) start = p * PAGE;
    if (zero && start >= 0) { runs.push([start, Math.min(p * PAGE, bytes.byteLength) - start]); start = -1; }
  }
  const head = 12 + 8 * runs.length;
  const out = new Uint8Array(head + runs.reduce((n, [, len]) => n + len, 0));
  const view = new DataView(out.buffer);
  view.setUint32(0, SPARSE, true);
  view.setUint32(4, bytes.byteLength, true);
  view.setUint32(8, runs.length, true);
  let at = head;
  runs.forEach(([off, len], i) => {
    view.setUint32(12 + 8 * i, off, true);
    view.setUint32(16 + 8 * i, len, true);
    out.set(bytes.subarray(off, off + len), at);
    at += len;
  });
  return out;
}

/** The snapshot ``packed`` (sparse) holds, into ``out`` (a new zeroed array
 * of its size when none). */
export function unsparse(packed, out = null) {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  if (packed.byteLength < 12 || view.getUint32(0, true) !== SPARSE) throw new Error("not a snapshot of this build");
  const size = view.getUint32(4, true);
  const n = view.getUint32(8, true);
  out = out || new Uint8Array(size);
  if (out.byteLength !== size) throw new Error(`a snapshot of ${size} bytes, not ${out.byteLength}`);
  let at = 12 + 8 * n;
  for (let i = 0; i < n; i++) {
    const off = view.getUint32(12 + 8 * i, true);
    const len = view.getUint32(16 + 8 * i, true);
    if (off + len > size || at + len > packed.byteLength) throw new Error("the snapshot is damaged");
    out.set(packed.subarray(at, at + len), off);
    at += len;
  }
  return out;
}

/** Write an image's files into Python's file system (``FS``: the runtime's). */
export function writeFiles(FS, image) {
  const made = new Set();
  for (const [name, data] of Object.entries(image.files)) {
    const path = PYTHON_ROOT + name;
    const dir = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(dir)) { FS.mkdirTree(dir); made.add(dir); }
    FS.writeFile(path, data);
  }
}

/** Write images into a running Python and let its import system see them. */
export function writeImage(py, ...images) {
  for (const image of images) writeFiles(py.FS, image);
  py.runPython("import _cairn_later; _cairn_later.refresh()");
}

// Room left before the native libraries for what a runtime adds first (the
// browser's runtime takes a function table slot more than Node's).
const TABLE_SLACK = 64;
const MEMORY_SLACK = 65536;

function fsPreRun(opts, state) {
  return (Module) => {
    // Runs after Pyodide's own preRun steps (which make site-packages) and
    // holds the start of Python until the image is in place.
    Module.addRunDependency("cairn-packages");
    const mark = opts.onMark || (() => {});
    mark("prerun");
    (async () => {
      try {
        const image = state.image = await opts.native;
        const meta = opts.snapshot ? await opts.meta : null;
        writeFiles(Module.FS, image);
        if (opts.data) writeFiles(Module.FS, await opts.data);
        // The libraries go at a fixed function-table slot and memory address
        // (those of the snapshot when restoring one), whatever the runtime
        // took before them.
        const table = Module.wasmTable;
        const memory = Module.getMemory(0);   // the heap's start; not moved yet
        const at = meta ? meta.libs : { table: table.length + TABLE_SLACK, memory: memory + MEMORY_SLACK };
        if (table.length > at.table || memory > at.memory) {
          throw new Error(`the runtime took more room than the snapshot left (${table.length}/${at.table}, ${memory}/${at.memory})`);
        }
        table.grow(at.table - table.length);
        if (at.memory > memory) Module.getMemory(at.memory - memory);
        state.libs = at;
        mark("libraries placed");
        for (const name of Object.keys(image.files).filter((n) => n.endsWith(".so")).sort()) {
          await Module.loadDynamicLibrary(PYTHON_ROOT + name, { loadAsync: true, global: false, nodelete: true }, {});
        }
        mark("libraries loaded");
      } catch (e) {
        state.error = e;
      } finally {
        Module.removeRunDependency("cairn-packages");
      }
    })();
  };
}

/**
 * Start Pyodide with the native libraries in place.
 * opts: {loadPyodide, createPyodideModule (default export of pyodide.asm.mjs),
 *        indexURL, native: the native image (parseImage) or a promise of it,
 *        data: the data files' image (or a promise), written in too,
 *        stdLibURL: where Pyodide reads the standard library (default
 *          indexURL's; the worker hands it the build's cut through responses),
 *        locateLib(name, bytes) -> URL or path the loader can read it from,
 *        snapshot: a promise of a Uint8Array, or null,
 *        snapshotReady: a promise that settles once the snapshot's bytes are
 *          all in that array (so it can be handed over while downloading),
 *        meta: snapshot.json or a promise of it (when restoring),
 *        makeSnapshot: bool, stdout(line), onModule() (called once the runtime
 *        is compiled and the native libraries loaded), onStart() (called when everything is
 *        downloaded and Python itself starts), later: false for a standard
 *        library without ``_cairn_later`` (the build's trace: Pyodide's own),
 *        responses: {name: () => Promise<Response>} for files of indexURL
 *          (see below), lock: the runtime's package lock (else it is read
 *          from indexURL)}
 * Everything runs at once: the runtime downloads and compiles while the
 * image and snapshot download.
 * Returns the Pyodide API; py.cairnTableAtStart is the function table's size
 * before Python started (for takeSnapshot).
 */
export async function startPython(opts) {
  const { snapshot } = opts;
  // Files Pyodide downloads itself from indexURL (the runtime's wasm, the
  // standard library) come from opts.responses while it starts, so the
  // caller can hand it packed downloads unpacked, or copies it keeps.
  const realFetch = globalThis.fetch;
  if (opts.responses) {
    globalThis.fetch = (input, init) => {
      const url = String(input && input.url !== undefined ? input.url : input);
      const name = url.startsWith(opts.indexURL) ? url.slice(opts.indexURL.length) : null;
      if (name && opts.responses[name]) return opts.responses[name]();
      return realFetch(input, init);
    };
  }
  try {
    return await start(opts, snapshot);
  } finally {
    if (opts.responses) globalThis.fetch = realFetch;
  }
}

async function start(opts, snapshot) {
  const state = { image: null, error: null, table: 0, libs: null };
  const create = async (settings) => {
    settings.preRun.push(fsPreRun(opts, state));
    const instantiate = settings.instantiateWasm;
    if (instantiate && opts.onMark) {
      settings.instantiateWasm = (imports, ok) => instantiate(imports, (instance, module) => { opts.onMark("runtime instantiated"); ok(instance, module); });
    }
    const base = settings.locateFile;
    // The dynamic loader asks locateFile for a library it cannot read from
    // the file system yet (before the runtime is up): hand it the bytes.
    settings.locateFile = (path) => {
      if (state.image && path.startsWith(PYTHON_ROOT)) {
        const name = path.slice(PYTHON_ROOT.length);
        const data = state.image.files[name];
        if (data) return opts.locateLib(name, data);
      }
      return base(path);
    };
    const Module = await opts.createPyodideModule(settings);
    if (state.error) throw state.error;
    if (opts.onModule) opts.onModule();
    state.table = Module.wasmTable.length;
    // Pyodide sizes the memory from the snapshot only when the memory is
    // imported; Pyodide's wasm exports its own, so grow it here.
    if (snapshot) {
      const meta = await opts.meta;
      if (meta.memory > Module.HEAP8.length) Module.growMemory(meta.memory);
      await opts.snapshotReady;
    }
    if (opts.onStart) opts.onStart();
    return Module;
  };
  const py = await opts.loadPyodide({
    indexURL: opts.indexURL,
    stdout: opts.stdout || (() => {}),
    stderr: opts.stdout || (() => {}),
    env: { ...PYTHON_ENV },
    args: [],
    createPyodideModule: create,
    ...(opts.lock ? { lockFileContents: opts.lock } : {}),
    ...(opts.stdLibURL ? { stdLibURL: opts.stdLibURL } : {}),
    ...(snapshot ? { _loadSnapshot: snapshot } : {}),
    ...(opts.makeSnapshot ? { _makeSnapshot: true } : {}),
  });
  py.cairnTableAtStart = state.table;
  py.cairnLibs = state.libs;
  if (snapshot) {
    const meta = await opts.meta;
    // The native libraries must sit in the same table slots as when the
    // snapshot was made.
    if (state.table !== meta.table_start) throw new Error(`function table starts at ${state.table}, not ${meta.table_start}`);
    relink(py._module, meta);
    py.runPython("import _cairn_later; _cairn_later.restored()");
  } else if (opts.later !== false) {
    py.runPython("import _cairn_later; _cairn_later.install()");
  }
  return py;
}

/** After a restore: the JS side of the dynamic linker as it was when the
 * snapshot was made (handles Python's dlopen got, table slots added later). */
function relink(Module, meta) {
  const libs = Module.LDSO.loadedLibsByName;
  for (const [handle, name] of meta.handles) {
    if (!libs[name]) throw new Error(`snapshot names a library that is not loaded: ${name}`);
    Module.LDSO.loadedLibsByHandle[handle] = libs[name];
  }
  const table = Module.wasmTable;
  for (const [i, name, sym] of meta.table_entries) {
    if (table.length <= i) table.grow(i + 1 - table.length);
    table.set(i, libs[name].exports[sym]);
  }
  // Slots added after the snapshot was made (by the browser's side of the
  // runtime) come after every slot the snapshot can name.
  if (table.length < meta.table) throw new Error(`function table ${table.length} < ${meta.table}`);
}

/** Make a snapshot of ``py`` (started with makeSnapshot) and its meta record. */
export function takeSnapshot(py) {
  const tableAtStart = py.cairnTableAtStart;
  const Module = py._module;
  const libs = Module.LDSO.loadedLibsByName;
  const table = Module.wasmTable;
  const entries = [];
  for (let i = tableAtStart; i < table.length; i++) {
    const f = table.get(i);
    if (!f) continue;
    let found = null;
    for (const [name, dso] of Object.entries(libs)) {
      if (name === "__main__") continue;
      for (const [sym, v] of Object.entries(dso.exports || {})) {
        if (v === f) { found = [i, name, sym]; break; }
      }
      if (found) break;
    }
    if (!found) throw new Error(`function table slot ${i} holds a function no library exports`);
    entries.push(found);
  }
  const handles = Object.entries(Module.LDSO.loadedLibsByHandle)
    .filter(([h, dso]) => Number(h) !== 0 && dso.name !== "__main__")
    .map(([h, dso]) => [Number(h), dso.name]);
  // Pyodide's record of installed packages is a JS object Python points to;
  // the snapshot can only hold an empty one.
  for (const k of Object.keys(py.loadedPackages)) delete py.loadedPackages[k];
  const bytes = py.makeMemorySnapshot();
  return {
    bytes,
    meta: { memory: Module.HEAP8.length, libs: py.cairnLibs, table_start: tableAtStart, table: table.length, table_entries: entries, handles,
            size: bytes.byteLength, checksum: checksum(bytes) },
  };
}

/** What runs before a snapshot is taken (the build's and the browser's
 * alike): the facade imported, and a game of every registered game made,
 * played a move, saved and loaded, so that a first game imports nothing.
 * What it imports is what a start brings (build/pyimage.mjs traces it):
 * everything else waits in the later image.
 * The value of its last line is the JSON of {hello, warmed}. */
export const WARM_UP = `
import gc, json
from cairn.facade import handle

def call(**req):
    reply = json.loads(handle(json.dumps({"id": 0, **req})))
    if not reply["ok"]:
        raise RuntimeError(f"{req.get('op')}: {reply['error']}")
    return reply["result"]

hello = call(op="hello")
warmed = []
for g in hello["games"]:
    try:
        snap = call(op="new", gid="warm", game=g["name"], players=g["min_players"], seed=1)
        if snap["legal"]:
            snap = call(op="play", gid="warm", move=snap["legal"][0])
        call(op="load", gid="warm-load", save=json.dumps(snap["save"]))
        warmed.append(g["name"])
    except Exception as e:  # a game that cannot start still gets its own error later
        print("cairn snapshot: could not warm up", g["name"], e)
    finally:
        call(op="close", gid="warm")
        call(op="close", gid="warm-load")
# The refusal path of saves (pydantic validation errors) too.
json.loads(handle(json.dumps({"id": 0, "op": "load", "gid": "x", "save": {"format": "cairn-save"}})))
gc.collect()
json.dumps({"hello": hello, "warmed": warmed})
`;
