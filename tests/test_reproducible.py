"""The same bytes from any checkout, and no trace of the builder in the site.

The site is built a second time from another checkout of the same sources: a
copy at a longer path, under a folder whose name is a sentinel, with HOME,
USER, LOGNAME and TMPDIR naming the sentinel too.  Both builds must give the
same build id and the same bytes in every file, and no file of either (gzip
copies unpacked) may hold the sentinel or this machine's checkout path, home
folder, user or host name (build/traces.py).  A leak planted on purpose (an
environment variable Python sees before the snapshot) must be found."""
import importlib.util
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SENTINEL = "cairn-sentinel-5e1f0c27"


def _load(name, filename):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "build", filename))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


site = _load("cairn_site_builder", "site.py")
traces = _load("cairn_traces", "traces.py")
# (its tests in one of the suite's processes: the second build is made once)
pytestmark = pytest.mark.xdist_group("reproducible")
NOT_SOURCES = shutil.ignore_patterns(".git", ".venv", ".venv-latest", "dist", "dist-latest", "node_modules",
                                     ".cache", "__pycache__", ".pytest_cache", "artifacts", "out")


@pytest.fixture(scope="module")
def here():
    site.ensure_built(site.DIST)
    return site.DIST


@pytest.fixture(scope="module")
def elsewhere(tmp_path_factory, here):
    """dist/ of another checkout of these sources, built by another 'user' (see above)."""
    top = tmp_path_factory.mktemp("clone") / SENTINEL
    checkout = top / "another-checkout-of-cairn-at-a-longer-path"
    shutil.copytree(ROOT, checkout, ignore=NOT_SOURCES)
    # What the first build downloaded (pinned by hash): npm's Pyodide, PyPI's pydantic wheels.
    shutil.copytree(os.path.join(ROOT, "build", "node_modules"), checkout / "build" / "node_modules", symlinks=True)
    shutil.copytree(os.path.join(ROOT, "build", ".cache"), checkout / "build" / ".cache",
                    ignore=shutil.ignore_patterns("dist-staging-*", "build.lock"))
    for d in ("home", "tmp"):
        (top / d).mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CAIRN_", "PYTEST_"))}
    env.update(HOME=str(top / "home"), USER=SENTINEL + "-user", LOGNAME=SENTINEL + "-user", TMPDIR=str(top / "tmp"))
    out = subprocess.run([sys.executable, "build/site.py"], cwd=checkout, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    dist = str(checkout / "dist")
    assert f"(build {_build_id(dist)})" in out.stdout + out.stderr   # what the builder is told
    return dist


def _build_id(dist):
    import json
    with open(os.path.join(dist, "build.json")) as f:
        return json.load(f)["id"]


def test_two_checkouts_at_different_paths_build_the_same_bytes(here, elsewhere):
    assert _build_id(here) == _build_id(elsewhere)
    files = site.list_files(here)
    assert files == site.list_files(elsewhere)
    differ = [rel for rel in files
              if open(os.path.join(here, rel), "rb").read() != open(os.path.join(elsewhere, rel), "rb").read()]
    assert differ == []


def test_no_file_of_the_site_names_the_builder(here, elsewhere):
    assert traces.find_traces(elsewhere, {"sentinel": SENTINEL}) == []
    needles, left_out = traces.builder_needles(ROOT, traces.runtime_files(here))
    print("checked:", needles, "left out:", left_out)
    assert "checkout path" in needles   # always distinctive: the scan below can fail
    assert traces.find_traces(here, needles) == []
    assert traces.find_traces(elsewhere, needles) == []


def test_a_planted_leak_is_found(tmp_path, here):
    """An environment variable Python sees before the snapshot ends up in the snapshot, and
    the scan names it: the fixed environment (pyboot.js PYTHON_ENV) is what keeps it clean."""
    planted = tmp_path / "site"
    shutil.copytree(os.path.join(here, "pyodide"), planted / "pyodide", ignore=shutil.ignore_patterns("*.gz"))
    os.makedirs(planted / "boot")
    for f in ("native.bin", "data.bin", "stdlib.zip", "deps.bin", "engine.bin"):
        shutil.copy(os.path.join(here, "boot", f), planted / "boot" / f)
    os.makedirs(planted / "js")
    with open(os.path.join(here, "js", "pyboot.js"), encoding="utf-8") as f:
        boot = f.read()
    fixed = 'HOME: "/home/pyodide",'
    assert boot.count(fixed) == 1
    leak = str(tmp_path / SENTINEL / "checkout")   # as if a script put its own path there
    (planted / "js" / "pyboot.js").write_text(boot.replace(fixed, fixed + f' CAIRN_PLANTED: "{leak}",'),
                                             encoding="utf-8")
    subprocess.run(["node", os.path.join(ROOT, "build", "snapshot.mjs"), str(planted)], check=True,
                   capture_output=True)
    found = traces.find_traces(str(planted / "boot"), {"planted": SENTINEL})
    assert [rel for rel, _label, _n in found] == ["snapshot.bin"]
    with pytest.raises(SystemExit, match="snapshot.bin"):
        traces.check(str(planted), leak)   # the build's own check refuses such a site
