"""Readable move lines and reasons for refused moves."""
from __future__ import annotations

from typing import Any, Dict, List

from .board import ROLE_KIND, find, mismatches, needs
from .state import OVER, PLACE, HuntersState
from .tiles import KIND_NAMES, LAKE, RIVER, TEMPLATES
from ..core.words import relative_position

EDGE_NAMES = {"F": "forest", "M": "meadow", "R": "river"}
DIR_NAMES = ("north", "east", "south", "west")


BONUS_NAMES = {"mushrooms": "mushroom", "shrine": "shrine", "fire": "fire", "aurochs": "aurochs"}


def tile_name(tid: str) -> str:
    """A tile as players name it, by what is on it: "a forest and meadow
    tile", "a river tile with a lake", "a bonus tile with a shrine"."""
    tpl = next((t for t in TEMPLATES if t.id == tid), None)
    if tpl is None:
        return "a tile"
    kinds = [k for k in ("forest", "river", "meadow") if KIND_NAMES.index(k) in tpl.kinds]
    if not kinds:
        kinds = ["lake"]
    body = " and ".join(kinds) if len(kinds) < 3 else "forest, river and meadow"
    lake = " with a lake" if LAKE in tpl.kinds else ""
    if tpl.bonus:
        extra = BONUS_NAMES.get(tpl.bonus)
        what = f" with {'an' if extra == 'aurochs' else 'a'} {extra}" if extra else lake
        return f"a bonus {body} tile{what}"
    return f"a {body} tile{lake}"


def where(x: int, y: int) -> str:
    """A board position relative to the volcano start tile at (0, 0)."""
    return relative_position(x, y, "the volcano", "on the volcano")


def describe(s: HuntersState, move: Dict[str, Any]) -> str:
    """One log line; the history records the seat, so the line leaves it out."""
    kind = move.get("type")
    if kind == "place" and s.drawn >= 0:
        x, y = move.get("x"), move.get("y")
        at = where(x, y) if _int(x) and _int(y) else "somewhere"
        return f"places {tile_name(TEMPLATES[s.drawn].id)} {at}"
    if kind == "meeple" and s.just >= 0:
        tpl = TEMPLATES[s.pt[s.just]]
        p = move.get("piece")
        what = KIND_NAMES[tpl.kinds[p]] if isinstance(p, int) and 0 <= p < len(tpl.kinds) else "piece"
        role = move.get("role")
        if role == "hut":
            return f"builds a hut on the {what} of that tile"
        return f"puts a {role} on the {what} of that tile"
    if kind == "skip":
        return "places nothing"
    return str(move)


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def why_illegal(s: HuntersState, move: Dict[str, Any], legal: List[Dict[str, Any]]) -> str:
    kind = move.get("type")
    if s.phase == OVER:
        return "the game is over"
    if kind not in ("place", "meeple", "skip"):
        return f"unknown move type '{kind}'; use place, meeple or skip"
    if s.phase == PLACE:
        if kind != "place":
            return "place the drawn tile first"
        x, y, r = move.get("x"), move.get("y"), move.get("rot")
        if not (_int(x) and _int(y)):
            return "a place move needs integer x and y"
        if not _int(r) or not 0 <= r <= 3:
            return "rot must be 0, 1, 2 or 3 (quarter turns clockwise)"
        if set(move) - {"type", "x", "y", "rot"}:
            return "a place move has only x, y and rot"
        if (x, y) in s.grid:
            return f"wrong position: the place {where(x, y)} already holds a tile"
        if not needs(s, x, y):
            return f"wrong position: the place {where(x, y)} does not touch a placed tile edge to edge"
        bad = mismatches(s, s.drawn, x, y, r)
        if bad:
            d, ours, theirs = bad[0]
            return (f"edges do not match: the {DIR_NAMES[d]} edge is {EDGE_NAMES[ours]} "
                    f"but the neighbour shows {EDGE_NAMES[theirs]}")
        return "this placement is not legal"
    # member decision
    if kind == "place":
        return "the tile is already placed; put a tribe member or hut on it, or skip"
    if kind == "skip":
        return "skip is not possible now"
    p, role = move.get("piece"), move.get("role")
    tpl = TEMPLATES[s.pt[s.just]]
    if role not in ("gatherer", "fisher", "hunter", "hut"):
        return "role must be gatherer, fisher, hunter or hut"
    if not _int(p) or not 0 <= p < len(tpl.kinds):
        return f"piece must be 0..{len(tpl.kinds) - 1}: members go only on the tile just placed"
    if set(move) - {"type", "piece", "role"}:
        return "a meeple move has only piece and role"
    pk = tpl.kinds[p]
    if role == "hut":
        if pk not in (RIVER, LAKE):
            return f"a hut goes on a river or lake, not on a {KIND_NAMES[pk]}"
        if s.huts[s.cur] <= 0:
            return "no huts left"
        return "this river system already has a hut"
    if ROLE_KIND[role] != pk:
        need = {"gatherer": "forest", "fisher": "river", "hunter": "meadow"}[role]
        return f"a {role} goes on a {need}, not on a {KIND_NAMES[pk]}"
    if s.members[s.cur] <= 0:
        return "no tribe members left"
    if s.occ[find(s.parent, s.pbase[s.just] + p)]:
        return f"this {KIND_NAMES[pk]} is already occupied by a tribe member"
    return "this move is not legal now"
