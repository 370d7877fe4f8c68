"""The engine's data files (``cairn/<package>/data/...``), read from beside the
package's modules: what ``importlib.resources`` does for a package installed as
files (a wheel always is: pip, Pyodide), without the machinery it imports
(tempfile, shutil, zipfile and their compressors), which the browser's start
would otherwise load for nothing (build/pyimage.mjs)."""
from __future__ import annotations

import os
import sys


def read_text(package: str, *parts: str) -> str:
    """The text (UTF-8) of the file ``parts`` under ``package``'s folder, e.g.
    ``read_text("cairn.glenmore", "data", "tiles.csv")``; FileNotFoundError
    when there is none."""
    folder = os.path.dirname(sys.modules[package].__file__)
    with open(os.path.join(folder, *parts), encoding="utf-8") as f:
        return f.read()
