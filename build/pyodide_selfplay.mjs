// Runs `python -m cairn ...` (selfplay, bench) inside the site's Pyodide under
// Node, on the engine source of this checkout, to measure the bots as the
// browser runs them:
//   node build/pyodide_selfplay.mjs selfplay glenmore --levels hard,medium -n 2 --clock
// Needs a built site (`python3 build/site.py`): its Pyodide and pydantic wheels.
import { pathToFileURL, fileURLToPath } from "url";
import { readdirSync, existsSync } from "fs";
import { dirname, join } from "path";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = process.env.CAIRN_DIST || join(root, "dist");
if (!existsSync(join(dist, "pyodide", "pyodide.mjs"))) {
  console.error(`no Pyodide in ${dist}: build the site first (python3 build/site.py)`);
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(dist, "pyodide", "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: join(dist, "pyodide") + "/" });
const wheels = readdirSync(join(dist, "wheels")).filter((f) => f.endsWith(".whl") && !f.startsWith("cairn"));
await py.loadPackage(wheels.map((f) => join(dist, "wheels", f)), { messageCallback: () => {} });
py.FS.mkdirTree("/engine");
py.FS.mount(py.FS.filesystems.NODEFS, { root: join(root, "engine") }, "/engine");
py.setStdout({ batched: (s) => console.log(s) });
py.globals.set("cli_args", py.toPy(process.argv.slice(2)));
py.runPython(`
import sys
sys.path.insert(0, "/engine")
from cairn.__main__ import main
print("Pyodide", sys.version.split()[0], flush=True)
main(list(cli_args))
`);
