"""What a page shows for each legal move of Hunters and Gatherers (``Rules.labels``): the
button's text in the reader's language (no move costs anything).  The member decision is
named by role and by the kind of piece of the tile just placed, as the rules see it."""
from __future__ import annotations

from typing import Any, Dict, List

from ..core.i18n import N_, msg, name, render
from .state import HuntersState
from .text import tile_name, where
from .tiles import FOREST, LAKE, MEADOW, RIVER, TEMPLATES

Move = Dict[str, Any]

#: the member decision as a button, per (role, kind of piece)
PUT = {
    ("gatherer", FOREST): N_("Gatherer on the forest"),
    ("fisher", RIVER): N_("Fisher on the river"),
    ("hunter", MEADOW): N_("Hunter on the meadow"),
    ("hut", RIVER): N_("Hut on the river"),
    ("hut", LAKE): N_("Hut on the lake"),
}
#: a tile's turn as placed (quarter turns clockwise)
TURN = (N_("as drawn"), N_("turned a quarter clockwise"), N_("turned half round"),
        N_("turned a quarter anticlockwise"))


def label_of(s: HuntersState, move: Move, said: Dict[Any, str]) -> Dict[str, Any]:
    """One move's entry; ``said``: words already rendered for this position
    (the drawn tile, each place, each turn: many moves share them)."""
    kind = move.get("type")
    info = None
    if kind == "place" and s.drawn >= 0:
        if "tile" not in said:
            said["tile"] = render(tile_name(TEMPLATES[s.drawn].id))
        at = (move["x"], move["y"])
        if at not in said:
            said[at] = render(where(*at))
        turn = move["rot"] % 4
        if turn not in said:
            said[turn] = render(name(TURN[turn]))
        label = msg("Place {tile} {where}, {turn}", tile=said["tile"], where=said[at], turn=said[turn])
    elif kind == "meeple" and s.just >= 0:
        kinds = TEMPLATES[s.pt[s.just]].kinds
        piece = kinds[move["piece"]] if 0 <= move["piece"] < len(kinds) else None
        text = PUT.get((move["role"], piece))
        label = name(text) if text else str(move["role"])   # every legal pair has its words
    elif kind == "skip":
        label, info = name(N_("Place nothing")), name(N_("Keep your tribe members for later"))
    else:
        label = str(kind)
    return {"label": label, "cost": None, "group": None, "info": info}


def labels(s: HuntersState, legal: List[Move]) -> List[Dict[str, Any]]:
    said: Dict[Any, str] = {}
    return [label_of(s, m, said) for m in legal]
