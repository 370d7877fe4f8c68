// What Python starts from in the browser, cut to what a start imports and
// compiled (run by build/site.py under Node):  node build/pyimage.mjs DIST
//
// Boots Pyodide from DIST/pyodide with its whole standard library and every
// file of the wheels (DIST/boot/stdlib-full.zip, DIST/boot/wheels.bin:
// written by build/site.py, build/python_patches.py's changes made) and
// runs what runs before a start-up snapshot (js/pyboot.js WARM_UP: the
// facade imported, a move of every game played, a save loaded), noting
// every module imported and every file read.  Then it writes, every Python
// module compiled (pyc; the standard library's and the packages' without
// docstrings and asserts, Python -OO's way; the engine's as written; line
// numbers kept, column positions dropped):
//   boot/stdlib.zip   the standard library a start imports, plus _cairn_later
//                     (build/cairn_later.py with its tables): Pyodide's
//                     standard library zip in the browser
//   boot/native.bin   the native libraries (pydantic_core)
//   boot/data.bin     the packages' data files (every start has them: the
//                     engine reads some only when a game needs them)
//   boot/deps.bin     the packages' modules a start imports (pydantic, ...)
//   boot/engine.bin   the engine's modules a start imports
//   boot/later.bin    everything else: the engine's other modules, the
//                     packages' others, and the standard
//                     library's modules that whole games, bots, hints,
//                     replays, tutorials and friends' games import
//                     (build/stdlib_used.txt, made by build/trace_imports.mjs)
//   boot/lang/<lang>.mo  each language's engine catalogue
//   boot/python.json  what went where (for the record and the tests)
// Images are build/cairn_later.py's format (js/pyboot.js parseImage).
// Left out: wheel metadata (*.dist-info: pydantic's plugins are off,
// PYTHON_ENV), type stubs (*.pyi, py.typed).
import { readFileSync, writeFileSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { reproducible, loadRuntime, libFolder, pythonError } from "./node_env.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.argv[2] || "dist");
reproducible();
const { loadPyodide, createPyodideModule, boot } = await loadRuntime(dist);
const wheels = boot.parseImage(new Uint8Array(readFileSync(join(dist, "boot/wheels.bin"))));
const libs = libFolder();

let py;
try {
  py = await boot.startPython({ loadPyodide, createPyodideModule, indexURL: join(dist, "pyodide") + "/",
                                native: wheels, locateLib: libs.locateLib, later: false,
                                stdLibURL: join(dist, "boot/stdlib-full.zip"),
                                stdout: (line) => console.error(line) });
  py.FS.mkdirTree("/build");
  py.FS.writeFile("/build/stdlib_used.txt", readFileSync(join(here, "stdlib_used.txt")));
  py.FS.writeFile("/build/cairn_later.py", readFileSync(join(here, "cairn_later.py")));
  py.FS.writeFile("/build/warm_up.py", boot.WARM_UP);
  py.runPython(readFileSync(join(here, "pyimage.py"), "utf8"));
  const out = py.runPython("make_images()");
  const files = JSON.parse(out);
  for (const [rel, path] of Object.entries(files.written)) {
    mkdirSync(dirname(join(dist, rel)), { recursive: true });
    writeFileSync(join(dist, rel), py.FS.readFile(path));
  }
  writeFileSync(join(dist, "boot/python.json"), JSON.stringify(files.record));
  const s = files.record.sizes;
  console.log(`[pyimage] start: ${files.record.start.stdlib.length} standard library modules, ` +
              `${files.record.start.packages.length} of the packages; later: ${files.record.later.length} modules; ` +
              Object.entries(s).map(([k, v]) => `${k} ${(v / 1e3).toFixed(0)} KB`).join(", "));
} catch (e) {
  console.error(pythonError(e));
  process.exit(1);
} finally {
  rmSync(libs.tmp, { recursive: true, force: true });
}
process.exit(0);
