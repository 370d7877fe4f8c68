"""What a Hunters and Gatherers move changed on the table, for the page to
mark until the next player has seen it (``Rules.marks``): the tile placed
and the member or hut set on it.  Marks (README "Marks"):

    {"kind": "tile", "x": x, "y": y}                 a tile placed there
    {"kind": "piece", "x": x, "y": y, "piece": p}    a member or hut on piece p of that tile
"""
from __future__ import annotations

from typing import Any, Dict, List

from .state import HuntersState


def mark_basis(state: HuntersState, move: Dict[str, Any]) -> Any:
    if move.get("type") == "meeple" and state.just >= 0:
        return (state.px[state.just], state.py[state.just])   # where the tile just placed lies
    return None


def marks(state: HuntersState, move: Dict[str, Any], basis: Any) -> List[Dict[str, Any]]:
    kind = move.get("type")
    if kind == "place":
        return [{"kind": "tile", "x": move["x"], "y": move["y"]}]
    if kind == "meeple" and basis is not None and move.get("role"):
        x, y = basis[0], basis[1]
        return [{"kind": "piece", "x": x, "y": y, "piece": move["piece"]}]
    return []
