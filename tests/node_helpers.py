"""Running a Node script from a test (the built site's Pyodide, the page's modules)."""
import json
import subprocess


def run_node(tmp_path, source: str, *args: str, timeout: int = 300):
    """Run ``source`` (an ES module) under Node with ``args``; the JSON of
    each line it printed (the last lines first), after checking it exited 0."""
    script = tmp_path / "script.mjs"
    script.write_text(source)
    proc = subprocess.run(["node", str(script), *args], capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return [json.loads(line) for line in reversed(proc.stdout.strip().splitlines()) if line.startswith(("{", "["))]
