// Time of a hint (the facade's "hint" op: the medium bot's move for the person to move,
// a fixed number of iterations) in Pyodide, per game: a person (random moves) against the
// easy bot, a hint asked at every one of the person's decisions; p50, p95 and the slowest.
//   node build/hint_bench.mjs [dist] [--games N]
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os"; import { join, resolve } from "node:path"; import { pathToFileURL } from "node:url";
const args = process.argv.slice(2);
const games = args.includes("--games") ? Number(args[args.indexOf("--games") + 1]) : 2;
const dist = resolve(args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--games") || "dist");
const url = (rel) => pathToFileURL(join(dist, rel)).href;
const { loadPyodide } = await import(url("pyodide/pyodide.mjs"));
const createPyodideModule = (await import(url("pyodide/pyodide.asm.mjs"))).default;
const { startPython } = await import("data:text/javascript;base64," + readFileSync(join(dist, "js/pyboot.js")).toString("base64"));
const index = JSON.parse(readFileSync(join(dist, "boot/packages.json"), "utf8"));
const bytes = new Uint8Array(readFileSync(join(dist, "boot/packages.bin")));
const tmp = mkdtempSync(join(tmpdir(), "hb-")); let n = 0;
const py = await startPython({ loadPyodide, createPyodideModule, indexURL: join(dist, "pyodide") + "/", image: { index, bytes },
  locateLib: (name, data) => { const p = join(tmp, `l${n++}.so`); writeFileSync(p, data); return p; } });
console.log(py.runPython(`
import json, sys, time
from cairn.facade import handle
from cairn.core.rng import Rng
def ask(**req):
    out = json.loads(handle(json.dumps({"id": 1, **req})))
    assert out["ok"], out
    return out["result"]
def bench(game, players, seed):
    r = Rng(seed)
    snap = ask(op="new", gid="b", game=game, players=players, seed=seed)
    times = []
    while not snap["view"]["is_over"]:
        seat = snap["view"]["current_player"]
        if snap["view"]["seats"][seat]["kind"] == "human":
            t = time.perf_counter()
            ask(op="hint", gid="b")
            times.append((time.perf_counter() - t) * 1000)
            snap = ask(op="play", gid="b", move=snap["legal"][r.below(len(snap["legal"]))])
        else:
            snap = ask(op="bot", gid="b")
    ask(op="close", gid="b")
    return times
me = {"kind": "human", "name": "Ana"}
easy = {"kind": "bot", "level": "easy", "name": "Bot"}
lines = [f"Python {sys.version.split()[0]}, {${games}} games each"]
for game, players in (("glenmore", [me, easy]), ("hunters", [me, easy]), ("caledonia", [me]), ("caledonia", [me, easy, easy, easy])):
    times = []
    for seed in range(1, ${games} + 1):
        times += bench(game, players, seed)
    times.sort()
    q = lambda p: times[min(len(times) - 1, int(len(times) * p))]
    lines.append(f"{game} {len(players)}p: {len(times)} hints, p50 {q(.5):.0f} ms, p95 {q(.95):.0f} ms, slowest {times[-1]:.0f} ms")
"\\n".join(lines)
`));
process.exit(0);
