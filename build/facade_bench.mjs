// Facade time per move in Pyodide and the size of its replies, whole snapshots
// (no base) against lean replies (base), over one 4-player Clans of Caledonia
// game of random moves:  node build/facade_bench.mjs [dist]
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os"; import { join, resolve } from "node:path"; import { pathToFileURL } from "node:url";
const dist = resolve(process.argv[2] || "dist");
const url = (rel) => pathToFileURL(join(dist, rel)).href;
const { loadPyodide } = await import(url("pyodide/pyodide.mjs"));
const createPyodideModule = (await import(url("pyodide/pyodide.asm.mjs"))).default;
const { startPython } = await import("data:text/javascript;base64," + readFileSync(join(dist, "js/pyboot.js")).toString("base64"));
const { gunzipSync } = await import("node:zlib");
const index = JSON.parse(readFileSync(join(dist, "boot/packages.json"), "utf8"));
const bytes = new Uint8Array(readFileSync(join(dist, "boot/packages.bin")));
const tmp = mkdtempSync(join(tmpdir(), "ft-")); let n = 0;
const py = await startPython({ loadPyodide, createPyodideModule, indexURL: join(dist, "pyodide") + "/", image: { index, bytes },
  locateLib: (name, data) => { const p = join(tmp, `l${n++}.so`); writeFileSync(p, data); return p; } });
console.log(py.runPython(`
import json, time
from cairn.facade import handle
from cairn.core.rng import Rng
def run(lean):
    r = Rng(5)
    reply = json.loads(handle(json.dumps({"id": 1, "op": "new", "gid": "t", "game": "caledonia", "players": 4, "seed": 7})))["result"]
    times, sizes = [], []
    while not reply["view"]["is_over"] if "view" in reply else True:
        legal = reply["legal"]
        if not legal: break
        req = {"id": 2, "op": "play", "gid": "t", "move": legal[r.below(len(legal))]}
        if lean: req["base"] = reply["rev"]
        t = time.perf_counter()
        text = handle(json.dumps(req))
        times.append((time.perf_counter() - t) * 1000)
        sizes.append(len(text))
        reply = json.loads(text)["result"]
        if "delta" in reply:
            reply["view"] = {"is_over": reply["delta"]["view"] and any(e[1] == ["is_over"] and e[2] for e in reply["delta"]["view"])}
    handle(json.dumps({"id": 3, "op": "close", "gid": "t"}))
    times.sort(); sizes.sort()
    q = lambda xs, p: xs[int(len(xs) * p) - 1]
    return f"{len(times)} moves: {sum(times)/len(times):.1f} ms mean, p99 {q(times,.99):.1f} ms; reply median {sizes[len(sizes)//2]/1e3:.1f} KB, p99 {q(sizes,.99)/1e3:.1f} KB"
"whole: " + run(False) + "\\nlean:  " + run(True)
`));
process.exit(0);
