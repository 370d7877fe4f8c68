import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "engine"))


def _compile_catalogues() -> None:
    """The engine's translations are compiled at build time; compile them for
    the tests too (they are git-ignored build products)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("cairn_i18n_build", os.path.join(ROOT, "build", "i18n.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.compile_engine()


_compile_catalogues()


def run_node(tmp_path, source: str, *args: str, timeout: int = 300):
    """Run ``source`` (an ES module) under Node with ``args``; the JSON of
    each line it printed (the last lines first), after checking it exited 0."""
    import json
    import subprocess

    script = tmp_path / "script.mjs"
    script.write_text(source)
    proc = subprocess.run(["node", str(script), *args], capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return [json.loads(line) for line in reversed(proc.stdout.strip().splitlines()) if line.startswith(("{", "["))]
