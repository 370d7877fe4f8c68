// Makes the Pyodide memory snapshot the app boots from (run by build/site.py
// under Node, after build/pyimage.mjs):  node build/snapshot.mjs DIST
//
// Boots Pyodide from DIST/pyodide with what the browser starts from (the cut
// standard library DIST/boot/stdlib.zip, the native libraries, the packages'
// and the engine's compiled modules: DIST/boot/*.bin) through the app's own
// loader (DIST/js/pyboot.js), imports the engine, asks it for its catalogue
// and plays a move in a new game of every registered game (js/pyboot.js
// WARM_UP: so everything a first game needs is imported and warm), then
// writes DIST/boot/snapshot.bin (without its pages of zeros: js/pyboot.js
// sparse), DIST/boot/snapshot.json (what the loader
// needs to restore it and to check it, and the engine's "hello" as this state
// answers it) and DIST/boot/catalogue.json (the same "hello" for the page,
// which shows the games before Python is up).  The warm-up must import
// nothing from the later image (it is what defines the start): it fails if
// it does.
import { readFileSync, writeFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { reproducible, loadRuntime, libFolder, pythonError } from "./node_env.mjs";

const dist = resolve(process.argv[2] || "dist");
const clock = performance.now.bind(performance);   // the real one (reproducible() stops the runtime's)
reproducible();
const t0 = clock();
const { loadPyodide, createPyodideModule, boot } = await loadRuntime(dist);
const read = (rel) => new Uint8Array(readFileSync(join(dist, rel)));
const image = (rel) => boot.parseImage(read(rel));
// A module of the later image imported now would be read from here (and fail the build).
globalThis.cairnFetchSync = (rel) => read(rel);
const libs = libFolder();

try {
  const py = await boot.startPython({ loadPyodide, createPyodideModule, indexURL: join(dist, "pyodide") + "/",
                                      native: image("boot/native.bin"), data: image("boot/data.bin"), stdLibURL: join(dist, "boot/stdlib.zip"),
                                      locateLib: libs.locateLib, makeSnapshot: true,
                                      stdout: (line) => console.error(line) });
  boot.writeImage(py, image("boot/deps.bin"), image("boot/engine.bin"));
  const { hello, warmed } = JSON.parse(py.runPython(boot.WARM_UP));
  const late = JSON.parse(py.runPython("import _cairn_later, json; json.dumps(_cairn_later.SYNC_LOADS + _cairn_later.FALLBACKS)"));
  if (late.length) throw new Error(`the warm-up imported what a start does not bring: ${late.join(", ")}`);
  const { bytes: snap, meta } = boot.takeSnapshot(py);
  meta.games = warmed;
  meta.catalogue = hello;
  writeFileSync(join(dist, "boot/snapshot.bin"), boot.sparse(snap));
  writeFileSync(join(dist, "boot/snapshot.json"), JSON.stringify(meta));
  writeFileSync(join(dist, "boot/catalogue.json"), JSON.stringify(hello));
  console.log(`[snapshot] ${(snap.byteLength / 1048576).toFixed(1)} MB after warming up ${warmed.join(", ")} ` +
              `in ${((clock() - t0) / 1000).toFixed(1)} s`);
} catch (e) {
  console.error(pythonError(e));
  process.exit(1);
} finally {
  rmSync(libs.tmp, { recursive: true, force: true });
}
process.exit(0);
