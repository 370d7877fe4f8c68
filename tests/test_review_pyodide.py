"""The same save gives the same review in CPython and in Pyodide (the browser's runtime,
CPython 3.14 on WebAssembly, under Node from the built site): every verdict and the chart of
the first moves of each prepared game, judged through the facade's review ops there and
here."""
import json
import os
import shutil

import pytest


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIST = os.path.join(ROOT, "dist-latest" if os.environ.get("CAIRN_LATEST") == "1" else "dist")
DATA = os.path.join(ROOT, "tests", "data", "review")
CUT = {"glenmore": 24, "hunters": 24, "caledonia": 20, "caledonia-solo": 14}   # the moves reviewed

# one review, through the facade's ops as the page asks for them: run by Pyodide and by CPython
REVIEW = """
import json
from cairn.facade import handle
def ask(**req):
    out = json.loads(handle(json.dumps({"id": 1, **req})))
    assert out["ok"], out
    return out["result"]
def review(save):
    opened = ask(op="review_open", rid="p", save=save)
    while not ask(op="review_step", rid="p", ms=500)["complete"]:
        pass
    kept = ask(op="review_save", rid="p")["review"]
    ask(op="review_close", rid="p")
    return {"chart": opened["chart"]["values"], "review": kept}
"""

SCRIPT = r"""
import { pathToFileURL } from "url";
import { readdirSync, readFileSync } from "fs";
const [dist, savesPath] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dist + "/pyodide/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dist + "/pyodide/" });
const wheels = readdirSync(dist + "/wheels").filter(f => f.endsWith(".whl"));
await py.loadPackage(wheels.map(f => dist + "/wheels/" + f), { messageCallback: () => {} });
py.globals.set("SAVES", readFileSync(savesPath, "utf8"));
console.log(py.runPython(PROGRAM));
""".replace("PROGRAM", json.dumps(REVIEW + "json.dumps({name: review(save) for name, save in json.loads(SAVES).items()})\n"))


def review_here(save):
    space = {}
    exec(REVIEW, space)
    return space["review"](save)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_same_save_gives_the_same_review_in_pyodide(tmp_path):
    if not os.path.exists(os.path.join(DIST, "pyodide", "pyodide.mjs")):
        pytest.fail("dist/ is not built: run python3 build/site.py first (./test.sh does)")
    from node_helpers import run_node

    saves = {}
    for name, n in CUT.items():
        with open(os.path.join(DATA, f"{name}.json")) as f:
            save = json.load(f)
        saves[name] = dict(save, moves=save["moves"][:n])
    path = tmp_path / "saves.json"
    path.write_text(json.dumps(saves))
    there = run_node(tmp_path, SCRIPT, DIST, str(path), timeout=600)[0]
    for name, save in saves.items():
        here = review_here(save)
        assert there[name]["review"]["verdicts"], name
        assert there[name] == here, name
