// A whole game's review in Pyodide (the browser's runtime, under Node), per prepared game
// (tests/data/review/<name>.json: a person against the medium bot, and Caledonia's solo
// mode): the facade's review_open, then review_step slices of 80 ms as the page asks for
// them: when the first verdict came (from the open), the whole review's time; then each
// decision judged alone: mean, p95 and the slowest.
//   node build/review_bench.mjs [dist] [--only NAME] [--runs N] [--whole] [--no-look]  (--whole: the whole review
//   only, not each decision alone; --no-look: without the second look, [GAME.look], to weigh its cost)
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve, dirname } from "node:path"; import { pathToFileURL, fileURLToPath } from "node:url";
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const only = opt("--only", null);
const runs = Number(opt("--runs", 1));
const wholeOnly = args.includes("--whole");
const noLook = args.includes("--no-look");
const dist = resolve(args.find((a, i) => !a.startsWith("--") && !["--only", "--runs"].includes(args[i - 1])) || "dist");
const here = dirname(fileURLToPath(import.meta.url));
const dataDir = join(here, "..", "tests", "data", "review");
const saves = {};
for (const f of readdirSync(dataDir).filter((f) => f.endsWith(".json") && !f.includes(".reviewed"))) {
  const name = f.replace(/\.json$/, "");
  if (!only || only === name) saves[name] = readFileSync(join(dataDir, f), "utf8");
}
const { loadPyodide } = await import(pathToFileURL(join(dist, "pyodide", "pyodide.mjs")).href);
// Pyodide's whole runtime and the site's wheels (the page's start-up images hold the same modules)
const py = await loadPyodide({ indexURL: join(dist, "pyodide") + "/" });
const wheels = readdirSync(join(dist, "wheels")).filter((f) => f.endsWith(".whl"));
await py.loadPackage(wheels.map((f) => join(dist, "wheels", f)), { messageCallback: () => {} });
py.globals.set("SAVES", JSON.stringify(saves));
console.log(py.runPython(`
import json, sys, time
from cairn.facade import handle
def ask(**req):
    out = json.loads(handle(json.dumps({"id": 1, **req})))
    assert out["ok"], out
    return out["result"]
lines = [f"Python {sys.version.split()[0]}, ${runs} run(s) each${noLook ? ", without the second look" : ""}"]
if ${noLook ? "True" : "False"}:
    from cairn.review import settings as _settings
    for _row in _settings._data().values():
        if isinstance(_row, dict):
            _row.pop("look", None)
for name, text in json.loads(SAVES).items():
    for run in range(${runs}):
        t0 = time.perf_counter()
        opened = ask(op="review_open", rid="b", save=json.loads(text))
        t_open = time.perf_counter() - t0
        first = None
        slices = []
        while True:
            t = time.perf_counter()
            st = ask(op="review_step", rid="b", ms=80)
            slices.append(time.perf_counter() - t)
            if st["verdicts"] and first is None:
                first = time.perf_counter() - t0
            if st["complete"]:
                break
        whole = time.perf_counter() - t0
        review = ask(op="review_save", rid="b")["review"]
        ask(op="review_close", rid="b")
        slices.sort()
        lines.append(f"{name}: {opened['progress']['total']} decisions, open {t_open:.2f} s, first verdict {first:.2f} s, "
                     f"whole review {whole:.1f} s; a slice's answer p95 {1000 * slices[int(.95 * len(slices))]:.0f} ms, "
                     f"longest {1000 * slices[-1]:.0f} ms")
    if ${runs} >= 1 and not ${wholeOnly ? "True" : "False"}:
        from cairn.review.session import Session, SEED
        from cairn.review.judge import run as judge_run
        s = Session(json.loads(text))
        times = []
        for d in s.decisions:
            t = time.perf_counter()
            judge_run(d.game, d.played, SEED, s.settings.budget)
            times.append(time.perf_counter() - t)
        times.sort()
        q = lambda p: times[min(len(times) - 1, int(len(times) * p))]
        lines.append(f"   each decision alone: mean {1000 * sum(times) / len(times):.0f} ms, p50 {1000 * q(.5):.0f} ms, "
                     f"p95 {1000 * q(.95):.0f} ms, slowest {1000 * times[-1]:.0f} ms")
        lines.append(f"   review digest {review['check'][:16]}")
"\\n".join(lines)
`));
process.exit(0);
