"""What a Glen More move changed on the table, for the page to mark until the
next player has seen it (``Rules.marks``): the chain space a figure moved to,
a tile placed or worked in a display, a market row a good was bought from or
sold to.  Marks (README "Marks"):

    {"kind": "chain", "space": k}                    the figure's new space
    {"kind": "tile", "seat": s, "at": [x, y]}        a tile of seat s's display
    {"kind": "market", "resource": r}                a market row
"""
from __future__ import annotations

from typing import Any, Dict, List

from .state import GlenMoreState


def mark_basis(state: GlenMoreState, move: Dict[str, Any]) -> Any:
    return state.current   # the seat moving (the place of a tile is in its display)


def marks(state: GlenMoreState, move: Dict[str, Any], seat: Any) -> List[Dict[str, Any]]:
    kind = move.get("type")
    tile = lambda at: {"kind": "tile", "seat": seat, "at": list(at)}  # noqa: E731
    if kind in ("take", "pass"):
        return [{"kind": "chain", "space": move["space"]}]
    if kind == "place" or (kind == "activate" and isinstance(move.get("tile"), list)):
        return [tile(move.get("at") or move["tile"])]
    if kind == "move":
        to = move.get("to")
        return [tile(to if isinstance(to, list) else move["from"])]
    if kind in ("buy", "sell"):
        out = [{"kind": "market", "resource": move["resource"]}]
        if kind == "sell" and isinstance(move.get("from"), list):
            out.append(tile(move["from"]))
        return out
    return []
