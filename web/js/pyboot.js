// Starting Python for the engine, shared by the worker (js/worker.js) and the
// build (build/snapshot.mjs, under Node), so that the memory snapshot the build
// makes is restored by exactly the code that made it.
//
// The engine's packages come as one "packages image" (boot/packages.json +
// boot/packages.bin: every file of every wheel, unpacked by build/site.py).
// Its files are written into site-packages and its native libraries
// (pydantic_core) are loaded *before* Python starts, at a fixed place in
// memory and in the function table; that is what lets a snapshot taken after
// `import pydantic_core` be restored: Pyodide's own snapshots keep only the
// linear memory, not libraries loaded later with dlopen.

/** A fast checksum of ``bytes`` (two 32-bit running sums, Fletcher-style), to
 * tell a damaged or mismatched download. */
export function checksum(bytes) {
  const n = bytes.byteLength >>> 2;
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, n);
  let a = 1, b = 0;
  for (let i = 0; i < n; i++) {
    a = (a + words[i]) | 0;
    b = (b + a) | 0;
  }
  for (let i = n << 2; i < bytes.byteLength; i++) {
    a = (a + bytes[i]) | 0;
    b = (b + a) | 0;
  }
  return ((b >>> 0).toString(16).padStart(8, "0") + (a >>> 0).toString(16).padStart(8, "0"));
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
    (async () => {
      try {
        const image = state.image = await opts.image;
        const meta = opts.snapshot ? await opts.meta : null;
        const site = state.site = Module.API.sitePackages.replace(/\/?$/, "/");
        const made = new Set();
        for (const [name, [off, len]] of Object.entries(image.index.files)) {
          const path = site + name;
          const dir = path.slice(0, path.lastIndexOf("/"));
          if (!made.has(dir)) { Module.FS.mkdirTree(dir); made.add(dir); }
          Module.FS.writeFile(path, image.bytes.subarray(off, off + len));
        }
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
        for (const name of image.index.dynlibs) {
          await Module.loadDynamicLibrary(site + name, { loadAsync: true, global: false, nodelete: true }, {});
        }
      } catch (e) {
        state.error = e;
      } finally {
        Module.removeRunDependency("cairn-packages");
      }
    })();
  };
}

/**
 * Start Pyodide with the packages image in place.
 * opts: {loadPyodide, createPyodideModule (default export of pyodide.asm.mjs),
 *        indexURL, image: {index, bytes} or a promise of it,
 *        locateLib(name, bytes) -> URL or path the loader can read it from,
 *        snapshot: a promise of a Uint8Array, or null,
 *        snapshotReady: a promise that settles once the snapshot's bytes are
 *          all in that array (so it can be handed over while downloading),
 *        meta: snapshot.json or a promise of it (when restoring),
 *        makeSnapshot: bool, stdout(line), onStart() (called when everything is
 *        downloaded and Python itself starts)}
 * Everything runs at once: the runtime downloads and compiles while the
 * image and snapshot download.
 * Returns the Pyodide API; py.cairnTableAtStart is the function table's size
 * before Python started (for takeSnapshot).
 */
export async function startPython(opts) {
  const { snapshot } = opts;
  const state = { site: null, image: null, error: null, table: 0, libs: null };
  const create = async (settings) => {
    settings.preRun.push(fsPreRun(opts, state));
    const base = settings.locateFile;
    // The dynamic loader asks locateFile for a library it cannot read from
    // the file system yet (before the runtime is up): hand it the bytes.
    settings.locateFile = (path) => {
      if (state.site && path.startsWith(state.site)) {
        const name = path.slice(state.site.length);
        const entry = state.image.index.files[name];
        if (entry) return opts.locateLib(name, state.image.bytes.subarray(entry[0], entry[0] + entry[1]));
      }
      return base(path);
    };
    const Module = await opts.createPyodideModule(settings);
    if (state.error) throw state.error;
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
    createPyodideModule: create,
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
