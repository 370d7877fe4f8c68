// Makes the Pyodide memory snapshot the app boots from (run by build/site.py
// under Node):  node build/snapshot.mjs DIST
//
// Boots Pyodide from DIST/pyodide with the packages image DIST/boot/packages.*
// through the app's own loader (DIST/js/pyboot.js), imports the engine, asks
// it for its catalogue and plays a move in a new game of every registered game
// (so everything a first game needs is imported and warm), then writes
// DIST/boot/snapshot.bin, DIST/boot/snapshot.json (what the loader needs to
// restore it and to check it, and the engine's "hello" as this state answers
// it) and DIST/boot/catalogue.json (the same "hello" for the page, which shows
// the games before Python is up).
import nodeCrypto from "node:crypto";
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const dist = resolve(process.argv[2] || "dist");
// The runtime takes its program name and arguments from process.argv under
// Node: this script's path on the builder's disk would end up in the
// snapshot. Without them it takes a browser's ("./this.program").
process.argv.length = 1;
const clock = performance.now.bind(performance);
reproducible();
const url = (rel) => pathToFileURL(join(dist, rel)).href;
const { loadPyodide } = await import(url("pyodide/pyodide.mjs"));
const createPyodideModule = (await import(url("pyodide/pyodide.asm.mjs"))).default;
// pyboot.js is a browser module with no package.json saying so: load it as one.
const bootSource = readFileSync(join(dist, "js/pyboot.js"));
const { startPython, takeSnapshot, checksum, WARM_UP } =
  await import("data:text/javascript;base64," + bootSource.toString("base64"));

const index = JSON.parse(readFileSync(join(dist, "boot/packages.json"), "utf8"));
const bytes = new Uint8Array(readFileSync(join(dist, "boot/packages.bin")));
const tmp = mkdtempSync(join(tmpdir(), "cairn-snapshot-"));
let n = 0;
const locateLib = (name, data) => {
  const path = join(tmp, `lib${n++}.so`);
  writeFileSync(path, data);
  return path;
};



const t0 = clock();
const py = await startPython({ loadPyodide, createPyodideModule, indexURL: join(dist, "pyodide") + "/",
                               image: { index, bytes }, locateLib, makeSnapshot: true,
                               stdout: (line) => console.error(line) });
const { hello, warmed } = JSON.parse(py.runPython(WARM_UP));
const { bytes: snap, meta } = takeSnapshot(py);
rmSync(tmp, { recursive: true, force: true });
meta.packages = { size: bytes.byteLength, checksum: checksum(bytes) };
meta.games = warmed;
meta.catalogue = hello;
writeFileSync(join(dist, "boot/snapshot.bin"), snap);
writeFileSync(join(dist, "boot/snapshot.json"), JSON.stringify(meta));
writeFileSync(join(dist, "boot/catalogue.json"), JSON.stringify(hello));
console.log(`[snapshot] ${(snap.byteLength / 1048576).toFixed(1)} MB after warming up ${warmed.join(", ")} ` +
            `in ${((clock() - t0) / 1000).toFixed(1)} s`);
process.exit(0);

/** The same snapshot from the same inputs, on any machine and any day: what the
 * runtime reads from the outside while it starts and warms up is fixed here.
 * Random bytes (Python's hash secret, the random module's seed) come from a
 * seeded generator, the environment and program name Python sees are
 * pyboot.js's PYTHON_ENV (not this machine's), and the clock (the times the file system gives its files,
 * which Python's import system remembers) stands still at 2000-01-01. */
function reproducible() {
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
