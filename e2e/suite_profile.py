"""Where the suite's time goes: a pytest plugin that writes, for every test, its wall time, the
CPU time it cost (this process and every process under it: the Playwright driver, Chromium and
its renderers, Node) and, for the end-to-end tests, how the wall time divides between the parts
(docs/benchmarks.md, "Test suite"):

- ``context``: new browser contexts and pages (a person's fresh profile);
- ``load``: ``goto``/``reload`` (the page and its scripts, up to the load event);
- ``engine``: waiting for the engine to be ready (Python started in the worker);
- ``timeouts``: waits that ended by timing out (a condition that never came);
- ``sleeps``: fixed waits (``wait_for_timeout``);
- ``work``: the rest (the test's own steps, the engine's answers, the checks).

    .venv/bin/python -m pytest tests e2e -n 2 -p suite_profile   # (e2e/ on sys.path: PYTHONPATH=e2e)
    python3 e2e/suite_profile.py                                 # the table of the last run
    python3 e2e/suite_profile.py --durations                     # its wall times: tests/durations.json

Each xdist worker appends a line per test to ``.suite-profile/<worker>.jsonl`` (a run cut short
keeps what it measured); the script joins them.
"""
from __future__ import annotations

import json
import os
import shutil
import sys
import time

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), ".suite-profile")
READY = "dataset.engine === 'ready'"
_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _tree_cpu(root: int) -> float:
    """CPU seconds of ``root``'s descendants (their own and their reaped children's)."""
    kids: dict[int, list[int]] = {}
    stat: dict[int, list[str]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(name)
        stat[pid] = fields
        kids.setdefault(int(fields[1]), []).append(pid)
    total, todo = 0, list(kids.get(root, []))
    while todo:
        pid = todo.pop()
        f = stat[pid]
        total += int(f[11]) + int(f[12]) + int(f[13]) + int(f[14])
        todo.extend(kids.get(pid, []))
    return total / _TICK


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + _tree_cpu(os.getpid())


class _Parts:
    """Wall time of the Playwright calls made by the test, by part."""

    def __init__(self):
        self.parts: dict[str, float] = {}
        self.depth = 0

    def add(self, part, dt):
        self.parts[part] = self.parts.get(part, 0.0) + dt


PARTS = _Parts()


def _part(name, args, failed):
    if failed:
        return "timeouts"
    if name == "wait_for_timeout":
        return "sleeps"
    if name in ("new_context", "new_page"):
        return "context"
    if name in ("goto", "reload"):
        return "load"
    if name == "wait_for_function" and args and READY in str(args[0]):
        return "engine"
    return "work"


def _wrap(cls, name):
    orig = getattr(cls, name)

    def timed(self, *args, **kwargs):
        if PARTS.depth:
            return orig(self, *args, **kwargs)
        PARTS.depth += 1
        t0, failed = time.perf_counter(), False
        try:
            return orig(self, *args, **kwargs)
        except Exception as e:
            failed = "Timeout" in type(e).__name__
            raise
        finally:
            PARTS.depth -= 1
            PARTS.add(_part(name, args, failed), time.perf_counter() - t0)
    timed.__wrapped__ = orig
    setattr(cls, name, timed)


def pytest_configure(config):
    try:
        from playwright.sync_api import _generated as g
    except ImportError:
        return
    import inspect
    for cls in (g.Page, g.Frame, g.Locator, g.ElementHandle, g.Mouse, g.Touchscreen, g.Keyboard,
                g.BrowserContext, g.Browser):
        for name, fn in list(vars(cls).items()):
            if inspect.isfunction(fn) and not name.startswith("_"):
                _wrap(cls, name)
    config._suite_profile = True
    if not os.environ.get("PYTEST_XDIST_WORKER"):   # (the controller, or a run in one process)
        shutil.rmtree(OUT, ignore_errors=True)


def pytest_runtest_protocol(item, nextitem):
    PARTS.parts = {}
    item._sp = (time.perf_counter(), _cpu())


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item):
    # before the fixtures' finalizers close the test's browser contexts (their renderers' time
    # is counted here, while they are still alive)
    t0, c0 = getattr(item, "_sp", (None, None))
    if t0 is None:
        return
    item._sp_end = (time.perf_counter() - t0, _cpu() - c0, dict(PARTS.parts))


def pytest_runtest_makereport(item, call):
    if call.when != "teardown" or not hasattr(item, "_sp_end"):
        return
    wall, cpu, parts = item._sp_end
    if not getattr(item.config, "_suite_profile", None):
        return
    parts["work"] = max(0.0, parts.get("work", 0.0) + wall - sum(parts.values()))
    row = {"test": item.nodeid, "wall": round(wall, 3), "cpu": round(cpu, 3), **{k: round(v, 3) for k, v in parts.items()}}
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, os.environ.get("PYTEST_XDIST_WORKER", "main") + ".jsonl"), "a") as f:
        f.write(json.dumps(row) + "\n")


def table(rows: dict, top: int = 40) -> str:
    keys = ("context", "load", "engine", "timeouts", "sleeps", "work")
    lines = []
    for group in ("e2e/", "tests/"):
        mine = {k: v for k, v in rows.items() if k.startswith(group)}
        if not mine:
            continue
        tot = {k: sum(v.get(k, 0.0) for v in mine.values()) for k in ("wall", "cpu") + keys}
        lines.append(f"{group}: {len(mine)} tests, wall {tot['wall']:.0f} s, CPU {tot['cpu']:.0f} s"
                     + ("".join(f", {k} {tot[k]:.0f} s" for k in keys) if group == "e2e/" else ""))
    lines.append("")
    lines.append("| test | wall s | CPU s | context | load | engine | timeouts | sleeps | work |")
    lines.append("|---|---|---|---|---|---|---|---|---|")
    for k, v in sorted(rows.items(), key=lambda kv: -kv[1]["wall"])[:top]:
        lines.append(f"| `{k}` | {v['wall']:.1f} | {v['cpu']:.1f} | " + " | ".join(f"{v.get(p, 0.0):.1f}" for p in keys) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    rows = {}
    for name in sorted(os.listdir(OUT)):
        with open(os.path.join(OUT, name)) as f:
            for line in f:
                row = json.loads(line)
                rows[row.pop("test")] = row
    if sys.argv[1:] == ["--durations"]:
        # the suite's order (tests/conftest.py): the tests of this run, longest first
        path = os.path.join(os.path.dirname(HERE), "tests", "durations.json")
        with open(path, "w") as f:
            json.dump({k: round(v["wall"], 1) for k, v in sorted(rows.items(), key=lambda kv: -kv[1]["wall"])}, f, indent=0)
            f.write("\n")
        print(f"{len(rows)} tests' seconds written to {path}")
    else:
        print(table(rows, int(sys.argv[1]) if len(sys.argv) > 1 else 40))
