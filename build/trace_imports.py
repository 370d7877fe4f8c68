#!/usr/bin/env python3
"""List the standard library modules the engine uses: build/stdlib_used.txt.

    python3 build/trace_imports.py [--quick]

Runs what players make the engine do (build/import_workload.py: every game,
seat count and option, bots of every level, hints, replays, languages,
refusals, the tutorials, friends' games) inside Pyodide from its whole
standard library (build/run_workload.mjs), and writes every standard library
module imported, those Pyodide's own start imports included.  The build's
cut keeps these and no others (build/pyimage.mjs: what a start imports in
boot/stdlib.zip, the rest in boot/later.bin).  Run it after a change that
imports a module of the standard library the engine did not use before:
tests/test_cut_library.py fails naming any the list lacks.  Builds dist/
first if it is stale (it runs on dist/'s Pyodide and wheels)."""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "stdlib_used.txt")
HEADER = """\
# The standard library modules the engine uses (whole games of every kind, bots,
# hints, replays, languages, tutorials, friends' games; Pyodide's own start too):
# the build's cut keeps these and no others (build/pyimage.mjs).  Made by
# python3 build/trace_imports.py; tests/test_cut_library.py fails naming a
# module the engine imports that is not here.
"""


def load_site():
    spec = importlib.util.spec_from_file_location("cairn_site_builder", os.path.join(HERE, "site.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def trace(quick: bool = False) -> dict:
    site = load_site()
    site.ensure_built(site.DIST)
    with tempfile.TemporaryDirectory(prefix="cairn-trace-") as stage:
        shutil.copytree(os.path.join(site.DIST, "pyodide"), os.path.join(stage, "pyodide"))
        os.makedirs(os.path.join(stage, "js"))
        shutil.copy(os.path.join(site.DIST, "js", "pyboot.js"), os.path.join(stage, "js"))
        os.makedirs(os.path.join(stage, "boot"))
        wheels = os.path.join(site.DIST, "wheels")
        with open(os.path.join(stage, "boot", "wheels.bin"), "wb") as f:
            f.write(site.patched_packages([os.path.join(wheels, w)
                                           for w in site.wheel_manifest(os.listdir(wheels))["wheels"]]))
        site.patched_stdlib(os.path.join(site.DIST, "pyodide", "python_stdlib.zip"),
                            os.path.join(stage, "boot", "stdlib-full.zip"))
        cmd = ["node", os.path.join(HERE, "run_workload.mjs"), "full", stage] + (["--quick"] if quick else [])
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise SystemExit(proc.stderr[-4000:])
        return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer and shorter games (what the test runs)")
    args = ap.parse_args(argv)
    out = trace(args.quick)
    with open(OUT, "w") as f:
        f.write(HEADER + "".join(m + "\n" for m in out["stdlib"]))
    print(f"{len(out['stdlib'])} modules written to build/stdlib_used.txt; the workload did {out['done']}")


if __name__ == "__main__":
    main()
