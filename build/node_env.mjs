// What the build's Node scripts that run Python (build/pyimage.mjs,
// build/snapshot.mjs) share: the same bytes from the same inputs on any
// machine and any day, and the site's own loader (js/pyboot.js).
import nodeCrypto from "node:crypto";
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

/** Hold fixed what the runtime reads from the outside while it starts and
 * runs: random bytes (Python's hash secret, the random module's seed) come
 * from a seeded generator, the clock (the times the file system gives its
 * files, which Python's import system remembers) stands still at
 * 2000-01-01, and the program's name and arguments are a browser's (the
 * runtime takes them from process.argv under Node: the script's path on the
 * builder's disk). The environment Python sees is js/pyboot.js's PYTHON_ENV.
 * Call first. */
export function reproducible() {
  process.argv.length = 1;
  let s = 0x9e3779b9;
  const next = () => {   // xorshift32
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s;
  };
  const fill = (view) => {
    const b = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < b.length; i++) b[i] = next() & 255;
    return view;
  };
  nodeCrypto.randomFillSync = fill;   // what the runtime reads under Node
  Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fill, configurable: true });
  Math.random = () => next() / 4294967296;
  const epoch = Date.UTC(2000, 0, 1);
  Date.now = () => epoch;
  performance.now = () => 0;
}

/** The runtime and the site's loader from ``dist``: {loadPyodide,
 * createPyodideModule, boot (js/pyboot.js's exports)}. */
export async function loadRuntime(dist) {
  const url = (rel) => pathToFileURL(join(dist, rel)).href;
  const { loadPyodide } = await import(url("pyodide/pyodide.mjs"));
  const createPyodideModule = (await import(url("pyodide/pyodide.asm.mjs"))).default;
  // pyboot.js is a browser module with no package.json saying so: load it as one.
  const copy = join(mkdtempSync(join(tmpdir(), "cairn-pyboot-")), "pyboot.mjs");
  writeFileSync(copy, readFileSync(join(dist, "js/pyboot.js")));
  const boot = await import(pathToFileURL(copy).href);
  rmSync(dirname(copy), { recursive: true, force: true });
  return { loadPyodide, createPyodideModule, boot };
}

/** A place for the native libraries the loader hands over as bytes. */
export function libFolder() {
  const tmp = mkdtempSync(join(tmpdir(), "cairn-build-"));
  let n = 0;
  return {
    tmp,
    locateLib: (name, data) => {
      const path = join(tmp, `lib${n++}.so`);
      writeFileSync(path, data);
      return path;
    },
  };
}

/** Python's error, without the runtime's minified source around it. */
export function pythonError(e) {
  const text = String((e && e.message) || e);
  const at = text.indexOf("Traceback (most recent call last)");
  return at >= 0 ? text.slice(at) : text.slice(-4000);
}
