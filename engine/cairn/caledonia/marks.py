"""What a Clans of Caledonia move changed on the table, for the page to mark
until the next player has seen it (``Rules.marks``): the units set on the
map (the solo opponent's too), the goods whose price moved, the export
board's boxes that changed, the player whose board changed (an upgrade, a
contract fulfilled).  Found by comparing the position before the move with
the one after, so a card-driven turn (the solo opponent's) is marked like any.
Marks (README "Marks"):

    {"kind": "space", "space": s}        a unit set on (or taken from) map space s
    {"kind": "market", "good": g}        good g's price moved
    {"kind": "export", "slot": i}        box i of the export board changed (a contract taken)
    {"kind": "player", "seat": s}        seat s's board changed
"""
from __future__ import annotations

from typing import Any, Dict, List

from .data import GOODS
from .state import CaledoniaState
from .view import current_seat

# moves that change the mover's own board (upgrades, contracts fulfilled)
BOARD_MOVES = frozenset({"shipping", "technology", "hire", "fulfil", "bonus_upgrade"})


def mark_basis(state: CaledoniaState, move: Dict[str, Any]) -> Any:
    return (dict(state.units), state.prices[:], state.slots[:], current_seat(state))


def marks(state: CaledoniaState, move: Dict[str, Any], basis: Any) -> List[Dict[str, Any]]:
    units, prices, slots, seat = basis
    out: List[Dict[str, Any]] = []
    for s in sorted(set(units) | set(state.units)):
        if units.get(s) != state.units.get(s):
            out.append({"kind": "space", "space": s})
    for i, g in enumerate(GOODS):
        if i < len(prices) and prices[i] != state.prices[i]:
            out.append({"kind": "market", "good": g})
    for i, c in enumerate(slots):
        if i >= len(state.slots) or state.slots[i] != c:
            out.append({"kind": "export", "slot": i})
    if move.get("type") in BOARD_MOVES:
        out.append({"kind": "player", "seat": seat})
    return out
