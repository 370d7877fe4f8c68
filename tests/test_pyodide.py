"""The engine on CPython 3.14 inside Pyodide (the browser's runtime), run
under Node from the built site in dist/: every game plays a random game to
the end, saves and reloads, and the facade answers."""
import os
import shutil

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# the site test.sh built: dist/, or dist-latest/ under ./test.sh --latest (as build/site.py)
DIST = os.path.join(ROOT, "dist-latest" if os.environ.get("CAIRN_LATEST") == "1" else "dist")

SCRIPT = r"""
import { pathToFileURL } from "url";
import { readdirSync } from "fs";
const dist = process.argv[2];
const { loadPyodide } = await import(pathToFileURL(dist + "/pyodide/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dist + "/pyodide/" });
const wheels = readdirSync(dist + "/wheels").filter(f => f.endsWith(".whl"));
await py.loadPackage(wheels.map(f => dist + "/wheels/" + f), { messageCallback: () => {} });
console.log(py.runPython(`
import json, sys
from cairn import GAMES, new_game, load_game
from cairn.facade import handle
from cairn.core.rng import Rng
out = {"version": sys.version_info[:2], "games": {}}
for name in sorted(GAMES):
    g = new_game(name, players=3, seed=11)
    r = Rng(2)
    while not g.is_over:
        legal = g.legal_moves()
        g.play(legal[r.below(len(legal))])
    h = load_game(json.dumps(g.to_save()))
    out["games"][name] = {"moves": len(g.log), "same": h.scores() == g.scores()}
out["hello"] = json.loads(handle(json.dumps({"id": 1, "op": "hello"})))["ok"]
from cairn import daily
out["daily"] = {name: daily.deal(name, "2026-11-28") for name in daily.GAMES}
g = daily.new_daily("caledonia", "2026-11-28", "Ana")
r = Rng(5)
while not g.is_over:
    legal = g.legal_moves()
    g.play(legal[r.below(len(legal))])
out["daily_link"] = daily.result_link(g)
json.dumps(out)
`));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_engine_runs_in_pyodide_314(tmp_path):
    if not os.path.exists(os.path.join(DIST, "pyodide", "pyodide.mjs")):
        pytest.fail("dist/ is not built: run python3 build/site.py first (./test.sh does)")
    from node_helpers import run_node

    result = run_node(tmp_path, SCRIPT, DIST)[0]
    assert result["version"] == [3, 14]
    assert result["hello"] is True
    from cairn import GAMES

    assert set(result["games"]) == set(GAMES)
    for name, r in result["games"].items():
        assert r["moves"] > 20 and r["same"], name
    # today's game: the same deal on any device, and the same result link for the same moves
    from cairn import daily
    from cairn.core.rng import Rng

    assert result["daily"] == {name: daily.deal(name, "2026-11-28") for name in daily.GAMES}
    g = daily.new_daily("caledonia", "2026-11-28", "Ana")
    r = Rng(5)
    while not g.is_over:
        legal = g.legal_moves()
        g.play(legal[r.below(len(legal))])
    assert result["daily_link"] == daily.result_link(g)
