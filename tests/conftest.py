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



# -- the order the suite's two processes take the tests in ------------------------------------
# The longest files first (pytest-xdist's "load" scheduling hands tests out in this order, each
# process taking the next when it is free): a long file started last would keep one process busy
# after the other has finished.  A file's tests stay together and in their own order (a file's
# module-scoped page or game is set up once per process, not again each time its tests come
# back round; some files' tests follow on from each other).  Seconds per test from a profiled
# run (e2e/suite_profile.py --durations writes tests/durations.json); a test not listed counts
# as DEFAULT_SECONDS.
DEFAULT_SECONDS = 2.0


def pytest_collection_modifyitems(session, config, items):
    import json

    path = os.path.join(ROOT, "tests", "durations.json")
    try:
        with open(path) as f:
            seconds = json.load(f)
    except (OSError, ValueError):
        return
    total: dict = {}
    first: dict = {}
    for i, item in enumerate(items):
        f = item.nodeid.split("::", 1)[0]
        total[f] = total.get(f, 0.0) + seconds.get(item.nodeid, DEFAULT_SECONDS)
        first.setdefault(f, i)
    order = {id(item): i for i, item in enumerate(items)}
    items.sort(key=lambda item: (-total[item.nodeid.split("::", 1)[0]], first[item.nodeid.split("::", 1)[0]], order[id(item)]))
