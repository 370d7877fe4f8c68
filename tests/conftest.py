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

