"""Dev server for the Caledonia renderer harness (web/dev/caledonia.html?live=1): the shared
web/dev/serve.py with Clans of Caledonia registered even before engine/cairn/games.py lists it.

    PYTHONPATH=engine python3 web/dev/caledonia_serve.py [port]
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cairn import GAMES  # noqa: E402
from cairn.core.registry import register  # noqa: E402

if "caledonia" not in GAMES:
    from cairn.caledonia.rules import CaledoniaRules

    register(CaledoniaRules())

import serve  # noqa: E402

if __name__ == "__main__":
    sys.argv = [sys.argv[0], sys.argv[1] if len(sys.argv) > 1 else "8766", "caledonia"]
    serve.main()
