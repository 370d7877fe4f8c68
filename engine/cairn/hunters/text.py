"""Readable move lines and reasons for refused moves.

Log lines are messages rendered late, in the reader's language
(:mod:`cairn.core.i18n`); refusal reasons are said at once with ``_()``.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..core.i18n import second_person_file, N_, Message, _, join, msg, name, render
from ..core.words import compass
from .board import ROLE_KIND, find, mismatches, needs
from .state import OVER, PLACE, HuntersState
from .tiles import BY_ID, FOREST, LAKE, MEADOW, RIVER, TEMPLATES

# the player spoken to: "You buy 2 cheese" (data/you.toml)
second_person_file(__package__)

#: what players call each kind of piece (the data files' words are codes)
FEATURE = {FOREST: N_("forest"), RIVER: N_("river"), MEADOW: N_("meadow"), LAKE: N_("lake")}
EDGE = {"F": FEATURE[FOREST], "M": FEATURE[MEADOW], "R": FEATURE[RIVER]}
SIDE = (N_("the north edge"), N_("the east edge"), N_("the south edge"), N_("the west edge"))

#: a tile by what is on it, per bonus ability ("" for a land tile or a plain bonus tile)
_TILE = {
    ("", False): N_("a {kinds} tile"),
    ("", True): N_("a {kinds} tile with a lake"),
    ("bonus", False): N_("a bonus {kinds} tile"),
    ("bonus", True): N_("a bonus {kinds} tile with a lake"),
    ("mushrooms", False): N_("a bonus {kinds} tile with mushrooms"),
    ("shrine", False): N_("a bonus {kinds} tile with a sacred circle"),
    ("fire", False): N_("a bonus {kinds} tile with a fire"),
    ("aurochs", False): N_("a bonus {kinds} tile with an aurochs"),
}

#: the member decision as log lines, per (role, kind of piece)
_PUT = {
    ("gatherer", FOREST): N_("puts a gatherer on the forest of that tile"),
    ("fisher", RIVER): N_("puts a fisher on the river of that tile"),
    ("hunter", MEADOW): N_("puts a hunter on the meadow of that tile"),
    ("hut", RIVER): N_("builds a hut on the river of that tile"),
    ("hut", LAKE): N_("builds a hut on the lake of that tile"),
}


def tile_name(tid: str) -> Message:
    """A tile as players name it, by what is on it: "a forest and meadow
    tile", "a river tile with a lake", "a bonus meadow tile with a fire"."""
    tpl = BY_ID.get(tid)
    if tpl is None:
        return name("a tile")
    kinds = [name(FEATURE[k]) for k in (FOREST, RIVER, MEADOW) if k in tpl.kinds] or [name(FEATURE[LAKE])]
    lake = LAKE in tpl.kinds
    if tpl.bonus in ("mushrooms", "shrine", "fire", "aurochs"):
        key = (tpl.bonus, False)
    else:
        key = ("bonus" if tpl.bonus else "", lake)
    return msg(_TILE[key], kinds=join(kinds))


def where(x: int, y: int) -> Message:
    """A board position relative to the volcano start tile at (0, 0)."""
    way = compass(x, y)
    return name("on the volcano") if way is None else msg("{way} of the volcano", way=way)


def describe(s: HuntersState, move: Dict[str, Any]) -> Any:
    """One log line (a message); the history records the seat, so the line leaves it out."""
    kind = move.get("type")
    if kind == "place" and s.drawn >= 0:
        x, y = move.get("x"), move.get("y")
        at = where(x, y) if _int(x) and _int(y) else name("somewhere")
        return msg("places {tile} {where}", tile=tile_name(TEMPLATES[s.drawn].id), where=at)
    if kind == "meeple" and s.just >= 0:
        text = _put_line(s, move.get("piece"), move.get("role"))
        if text:
            return msg(text)
    if kind == "skip":
        return msg("places nothing")
    return str(move)


def revealed(counts: Any, state: HuntersState, move: Dict[str, Any]) -> Message:
    """What a move that revealed hidden information revealed (why undo stops there): the
    next tile, drawn from the face-down stack."""
    return msg("a new tile was drawn")


def _put_line(s: HuntersState, p: Any, role: Any) -> Optional[str]:
    kinds = TEMPLATES[s.pt[s.just]].kinds
    if not _int(p) or not 0 <= p < len(kinds):
        return None
    return _PUT.get((role, kinds[p]))


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _feature(k: int) -> str:
    return _(FEATURE[k])


def why_illegal(s: HuntersState, move: Dict[str, Any], legal: List[Dict[str, Any]]) -> str:
    """Why ``move`` is refused, in the current language."""
    kind = move.get("type")
    if s.phase == OVER:
        return _("the game is over")
    if kind not in ("place", "meeple", "skip"):
        return _("unknown move type '{kind}'; use place, meeple or skip").format(kind=kind)
    if s.phase == PLACE:
        if kind != "place":
            return _("place the drawn tile first")
        x, y, r = move.get("x"), move.get("y"), move.get("rot")
        if not (_int(x) and _int(y)):
            return _("a place move needs integer x and y")
        if not _int(r) or not 0 <= r <= 3:
            return _("rot must be 0, 1, 2 or 3 (quarter turns clockwise)")
        if set(move) - {"type", "x", "y", "rot"}:
            return _("a place move has only x, y and rot")
        if (x, y) in s.grid:
            return _("wrong position: the place {where} already holds a tile").format(where=render(where(x, y)))
        if not needs(s, x, y):
            return _("wrong position: the place {where} does not touch a placed tile edge to edge").format(
                where=render(where(x, y)))
        bad = mismatches(s, s.drawn, x, y, r)
        if bad:
            d, ours, theirs = bad[0]
            return _("edges do not match: {side} is {ours} but the neighbour shows {theirs}").format(
                side=_(SIDE[d]), ours=_(EDGE[ours]), theirs=_(EDGE[theirs]))
        return _("this placement is not legal")
    # member decision
    if kind == "place":
        return _("the tile is already placed; put a tribe member or hut on it, or skip")
    if kind == "skip":
        return _("skip is not possible now")
    p, role = move.get("piece"), move.get("role")
    tpl = TEMPLATES[s.pt[s.just]]
    if role not in ("gatherer", "fisher", "hunter", "hut"):
        return _("role must be gatherer, fisher, hunter or hut")
    if not _int(p) or not 0 <= p < len(tpl.kinds):
        return _("piece must be 0..{last}: members go only on the tile just placed").format(last=len(tpl.kinds) - 1)
    if set(move) - {"type", "piece", "role"}:
        return _("a meeple move has only piece and role")
    pk = tpl.kinds[p]
    if role == "hut":
        if pk not in (RIVER, LAKE):
            return _("a hut goes on a river or lake; that part of the tile is {kind}").format(kind=_feature(pk))
        if s.huts[s.cur] <= 0:
            return _("no huts left")
        return _("this river system already has a hut")
    if ROLE_KIND[role] != pk:
        wrong = {"gatherer": _("a gatherer goes on a forest; that part of the tile is {kind}"),
                 "fisher": _("a fisher goes on a river; that part of the tile is {kind}"),
                 "hunter": _("a hunter goes on a meadow; that part of the tile is {kind}")}[role]
        return wrong.format(kind=_feature(pk))
    if s.members[s.cur] <= 0:
        return _("no tribe members left")
    if s.occ[find(s.parent, s.pbase[s.just] + p)]:
        return {FOREST: _("this forest already holds a tribe member"),
                RIVER: _("this river already holds a tribe member"),
                MEADOW: _("this meadow already holds a tribe member")}.get(pk, _("this move is not legal now"))
    return _("this move is not legal now")
