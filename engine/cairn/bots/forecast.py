"""A points forecast with learned weights per stage of the game (shared by the games whose
hard bot judges positions by one: Hunters and Glen More).

A game's knowledge module reduces a position to a few whole parts per seat (what it would
score if the game ended now, what it holds, what is still to come) and a clock that runs
down (tiles left in the stacks).  The forecast of a seat is its points scored plus, for the
stage the clock is in, a weighted sum of its parts and a constant.  The weights are learned
from self-play by :mod:`cairn.bots.train_forecast` and shipped as data (``bots/data/``):

``{"features": [part names..., "constant"], "edges": [e0, e1, ...], "weights": [[...], ...]}``

where stage ``i`` is the first with more than ``edges[i]`` left (the last takes the rest).
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Sequence

from .knowledge import bundled


def bucket(edges: Sequence[int], left: int) -> int:
    """The row of learned weights for ``left`` (tiles still in the stacks)."""
    for i, e in enumerate(edges):
        if left > e:
            return i
    return len(edges) - 1


def load_table(names: Sequence[str], text: Optional[str] = None,
               file: Optional[str] = None) -> Optional[Dict[Any, Any]]:
    """The learned weights: ``{"edges": [...], 0: row, 1: row, ...}`` (each row a weight per
    part in ``names`` and the constant last), read from ``text`` or the shipped ``file``;
    None without the file or when it was trained on other parts."""
    if text is None:
        text = bundled(file) if file else None
        if text is None:
            return None
    data = json.loads(text)
    if data.get("features") != list(names) + ["constant"]:
        return None   # trained on other parts
    table: Dict[Any, Any] = {"edges": [int(e) for e in data["edges"]]}
    for i, row in enumerate(data["weights"]):
        if len(row) != len(names) + 1:
            raise ValueError(f"{file or 'weights'}: a row of weights has the wrong length")
        table[i] = [float(v) for v in row]
    return table


def linear(table: Dict[Any, Any], x: Sequence[float], left: int) -> float:
    """The learned value of one seat's parts ``x`` with ``left`` tiles left."""
    w: List[float] = table[bucket(table["edges"], left)]
    v = w[-1]
    for a, b in zip(w, x):
        v += a * b
    return v
