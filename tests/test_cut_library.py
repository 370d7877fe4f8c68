"""The start-up's cut library (build/pyimage.mjs): Python in the browser starts
from the standard library cut to what the engine uses and from what a start
imports, everything else of the engine coming later (boot/later.bin).

Every game, bots of every level, hints, replays, languages, refusals, the
tutorials and friends' games run inside Pyodide from the built site's cut
library (build/import_workload.py through build/run_workload.mjs, as the
browser starts from scratch): a module of the standard library the cut lacks
fails here, named (run ``python3 build/trace_imports.py``); in a player's
browser it would load Pyodide's whole library instead, never break a game.
A start leaves out what the first screen does not need."""
import json
import os
import shutil

import pytest

from node_helpers import run_node

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIST = os.path.join(ROOT, "dist-latest" if os.environ.get("CAIRN_LATEST") == "1" else "dist")
# Modules a start must not import: the first screen never needs them (build/pyimage.mjs puts
# every module the start does not import in the later image; cairn.core.later says how to
# keep one out).  A future module the first screen does not need joins this list.
LATER_ONLY = ("cairn.friends", "cairn.bots.train", "cairn.bots.tune", "cairn.__main__", "cairn.review")

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def _built():
    if not os.path.exists(os.path.join(DIST, "boot", "python.json")):
        pytest.fail("dist/ is not built: run python3 build/site.py first (./test.sh does)")
    with open(os.path.join(DIST, "boot", "python.json")) as f:
        return json.load(f)


def test_every_game_plays_from_the_cut_library(tmp_path):
    record = _built()
    import subprocess

    proc = subprocess.run(["node", os.path.join(ROOT, "build", "run_workload.mjs"), "cut", DIST, "--quick"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["fallbacks"] == [], (
        f"the engine imported standard library modules the build's cut leaves out: {out['fallbacks']}; "
        "run python3 build/trace_imports.py and commit build/stdlib_used.txt")
    done = out["done"]
    assert done["games"] >= 10 and done["bots"] >= 20 and done["hints"] >= 6 and done["languages"] > 0
    assert done["refusals"] == 8 and done["tutorials"] >= 45 and done["friends"] >= 3, done
    # what it imported beyond the start came from the later image, loaded when first needed
    later = set(record["later"])
    assert set(out["sync_loads"]) <= later
    assert set(out["stdlib"]) - set(record["start"]["stdlib"]) <= later


PROBE = r"""
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
const [root, dist, name] = process.argv.slice(2);
const { loadRuntime, libFolder } = await import(pathToFileURL(join(root, "build/node_env.mjs")).href);
const { loadPyodide, createPyodideModule, boot } = await loadRuntime(dist);
const read = (rel) => new Uint8Array(readFileSync(join(dist, rel)));
const fetched = [];
globalThis.cairnFetchSync = (rel) => { fetched.push(rel); return read(rel); };
const py = await boot.startPython({ loadPyodide, createPyodideModule, indexURL: join(dist, "pyodide") + "/",
  native: boot.parseImage(read("boot/native.bin")), data: boot.parseImage(read("boot/data.bin")),
  stdLibURL: join(dist, "boot/stdlib.zip"), locateLib: libFolder().locateLib });
boot.writeImage(py, boot.parseImage(read("boot/deps.bin")), boot.parseImage(read("boot/engine.bin")));
py.globals.set("name", name);
const out = py.runPython(`
import importlib, json, _cairn_later
mod = importlib.import_module(name)
json.dumps({"fallbacks": _cairn_later.FALLBACKS, "sync_loads": _cairn_later.SYNC_LOADS, "file": mod.__file__})
`);
console.log(JSON.stringify({ ...JSON.parse(out), fetched }));
process.exit(0);
"""


def test_a_module_the_cut_left_out_is_named_and_still_loads(tmp_path):
    """The safety net behind the test above: a standard library module the cut
    left out loads Pyodide's whole library (one download) and is named."""
    _built()
    out = run_node(tmp_path, PROBE, ROOT, DIST, "xml.dom.minidom")[0]
    assert out["fallbacks"] == ["xml"] and out["fetched"] == ["pyodide/python_stdlib.zip"]
    assert out["file"].startswith("/lib/python314-full.zip/xml/dom/minidom")


def test_a_module_of_the_later_image_loads_when_first_imported(tmp_path):
    _built()
    out = run_node(tmp_path, PROBE, ROOT, DIST, "cairn.friends.ops")[0]
    assert out["fallbacks"] == [] and out["sync_loads"] == ["cairn.friends"]   # its package first, the rest with it
    assert out["fetched"] == ["boot/later.bin.gz"]


def test_a_start_leaves_out_what_the_first_screen_does_not_need():
    """The friends' protocol, the bots' training, the command line (and the game
    review to come) are not imported by a start: the build's record says what
    the warm-up imported and which module imported each."""
    record = _built()
    start = record["start"]["packages"]
    brought = [m for m in start if m.startswith(LATER_ONLY)]

    def chain(m):
        out = [m]
        while out[-1] in record["why"] and len(out) < 12:
            out.append(record["why"][out[-1]])
        return " <- ".join(out)

    assert brought == [], "a start imports " + "; ".join(chain(m) for m in brought)
    assert {"cairn.friends.ops", "cairn.bots.train"} <= set(record["later"])
