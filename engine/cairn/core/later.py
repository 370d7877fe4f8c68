"""Modules imported when first used rather than when the engine is imported.

The browser starts with what the engine imports to be ready (the build traces
it: build/pyimage.mjs); every other module waits in a later download.  A
module the first screen never needs (the friends' protocol, a game review)
stays out of the start by being reached through :class:`Later` (or imported
inside the function that needs it) instead of a top-level import::

    friends = Later("cairn.friends.ops")
    ...
    if friends.loaded and gid in friends.SESSIONS:   # never imports it
        friends.play(gid, move)                     # imports it (once)

``tests/test_cut_library.py`` lists the modules a start must not bring (LATER_ONLY)."""
from __future__ import annotations

import importlib
import sys
from typing import Any


class Later:
    """Module ``name``, imported on the first attribute asked of it."""

    def __init__(self, name: str):
        self._name = name

    @property
    def loaded(self) -> bool:
        """Whether it is imported already (asking never imports it)."""
        return self._name in sys.modules

    def get(self, attr: str, default: Any) -> Any:
        """Its attribute ``attr`` if it is imported, else ``default``
        (``except friends.get("FriendsError", ()):`` catches nothing before)."""
        return getattr(sys.modules[self._name], attr) if self.loaded else default

    def __getattr__(self, attr: str) -> Any:
        return getattr(importlib.import_module(self._name), attr)
