// Runs build/import_workload.py (what players make the engine do) inside
// Pyodide under Node and prints, as JSON, what it did and which standard
// library modules it imported:
//   node build/run_workload.mjs full STAGE [--quick]
//       from Pyodide's whole standard library and every file of the wheels,
//       as build/pyimage.mjs traces (STAGE/boot/stdlib-full.zip,
//       STAGE/boot/wheels.bin): build/trace_imports.py lists what it imports;
//   node build/run_workload.mjs cut DIST [--quick]
//       as the browser starts from scratch: the build's cut standard library
//       and images, the later image read when a module of it is imported,
//       Pyodide's whole library only for a module the cut left out (the
//       output names each: tests/test_cut_library.py fails on any).
// The tutorials' scripts come from DIST's or STAGE's js/help/*.tutorial.js;
// friends' games from the engine's tests (tests/test_friends_facade.py).
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadRuntime, libFolder, pythonError } from "./node_env.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const [mode, where, flag] = process.argv.slice(2);
const dist = resolve(where || "dist");
const quick = flag === "--quick";
const { loadPyodide, createPyodideModule, boot } = await loadRuntime(dist);
const read = (rel) => new Uint8Array(readFileSync(join(dist, rel)));
const image = (rel) => boot.parseImage(read(rel));
globalThis.cairnFetchSync = (rel) => read(rel);
const libs = libFolder();

const scripts = [];
const help = join(root, "web", "js", "help");
for (const f of readdirSync(help).filter((n) => n.endsWith(".tutorial.js")).sort()) {
  const m = await import(pathToFileURL(join(help, f)).href);
  scripts.push({ game: f.split(".")[0], ...m.default });
}

try {
  const common = { loadPyodide, createPyodideModule, indexURL: join(dist, "pyodide") + "/", locateLib: libs.locateLib };
  const py = mode === "full"
    ? await boot.startPython({ ...common, native: image("boot/wheels.bin"), later: false,
                               stdLibURL: join(dist, "boot/stdlib-full.zip") })
    : await boot.startPython({ ...common, native: image("boot/native.bin"), data: image("boot/data.bin"),
                               stdLibURL: join(dist, "boot/stdlib.zip") });
  if (mode !== "full") boot.writeImage(py, image("boot/deps.bin"), image("boot/engine.bin"));
  for (const code of ["pt_BR", "ro"]) {   // the catalogues, as the worker writes them in
    const path = `${boot.PYTHON_ROOT}site-packages/cairn/locale/${code}/LC_MESSAGES/cairn.mo`;
    if (mode !== "full") {
      py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      py.FS.writeFile(path, read(`boot/lang/${code}.mo`));
    }
  }
  py.runPython(boot.WARM_UP);
  py.FS.mkdirTree("/workload");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: join(root, "tests") }, "/workload");
  py.FS.writeFile("/import_workload.py", readFileSync(join(here, "import_workload.py")));
  py.globals.set("scripts_json", JSON.stringify(scripts));
  py.globals.set("quick", quick);
  const out = py.runPython(`
import json, sys, _imp
sys.path.insert(0, "/")
sys.path.insert(1, "/workload")
import import_workload, test_friends_facade
done = import_workload.run(json.loads(scripts_json), test_friends_facade, quick=quick)
zip_prefix = "/lib/python314.zip/"
def from_stdlib(m):
    f = getattr(m, "__file__", None) or ""
    frozen = _imp.is_frozen(getattr(m, "__name__", "")) or getattr(getattr(m, "__spec__", None), "origin", None) == "frozen"
    return not frozen and (f.startswith(zip_prefix) or f.startswith("/lib/python3.14/") and "/site-packages/" not in f)
try:
    import _cairn_later
    late = {"sync_loads": _cairn_later.SYNC_LOADS, "fallbacks": _cairn_later.FALLBACKS}
except ImportError:
    late = {}
json.dumps({"done": done, "stdlib": sorted(n for n, m in list(sys.modules.items()) if from_stdlib(m)
                                         and n not in ("import_workload", "_cairn_later")), **late})
`);
  console.log(out);
} catch (e) {
  console.error(pythonError(e));
  process.exit(1);
}
process.exit(0);
