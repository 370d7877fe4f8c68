"""The renderer's view (see README.md): board, features, players, drawn tile."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from .board import roots, system_roots
from .scoring import forest_value, meadow_value, river_value, system_value
from .state import CATEGORIES, HuntersState
from .tiles import FOREST, KIND_NAMES, RIVER, TEMPLATES

SYSTEM_ID_OFFSET = 100000  # feature ids of hut river systems


def _occupants(s: HuntersState, nodes) -> Dict[str, int]:
    out: Dict[str, int] = {}
    for n in nodes:
        k = str(s.meeples[n][0])
        out[k] = out.get(k, 0) + 1
    return out


def _part(s: HuntersState, n: int) -> List[int]:
    i = s.ntile[n]
    return [s.px[i], s.py[i], s.npiece[n]]


def features(s: HuntersState) -> List[Dict[str, Any]]:
    out = []
    for r in roots(s):
        kind = s.nkind[r]
        value = (forest_value(s, r) if kind == FOREST else
                 river_value(s, r) if kind == RIVER else meadow_value(s, r))
        out.append({"id": r, "kind": KIND_NAMES[kind],
                    "parts": [_part(s, n) for n in sorted(s.nodes[r])],
                    "complete": s.opn[r] == 0, "occupants": _occupants(s, s.occ[r]),
                    "value": value})
    for r in system_roots(s):
        out.append({"id": SYSTEM_ID_OFFSET + r, "kind": "system",
                    "parts": [_part(s, n) for n in sorted(s.snodes[r])],
                    "complete": s.sopen[r] == 0, "occupants": _occupants(s, s.shuts[r]),
                    "value": system_value(s, r)})
    return out


def view(s: HuntersState, seat: Optional[int] = None) -> Dict[str, Any]:
    shown = set(s.pt)
    drawn = None
    if s.drawn >= 0:
        shown.add(s.drawn)
        drawn = {"tile": TEMPLATES[s.drawn].id, "bonus": s.drawn_bonus}
    shown.update(s.discards)
    board = []
    for i in range(len(s.pt)):
        base = s.pbase[i]
        meeples = [{"piece": n - base, "seat": v[0], "role": v[1]}
                   for n, v in sorted(s.meeples.items()) if s.ntile[n] == i]
        board.append({"x": s.px[i], "y": s.py[i], "tile": TEMPLATES[s.pt[i]].id,
                      "rot": s.prot[i], "meeples": meeples})
    just = None if s.just < 0 else {"x": s.px[s.just], "y": s.py[s.just]}
    return {
        "phase": s.phase,
        "drawn": drawn,
        "just_placed": just,
        "land_left": len(s.land),
        "bonus_left": len(s.bonus),
        "board": board,
        "players": [{"seat": p, "score": sum(s.score[p]), "members": s.members[p],
                     "huts": s.huts[p],
                     "breakdown": dict(zip(CATEGORIES, s.score[p]))} for p in range(s.n)],
        "features": features(s),
        "tiles": {TEMPLATES[t].id: TEMPLATES[t].json for t in sorted(shown)},
        "spots": [[x, y, r] for x, y, r in s.spots],
        "discarded": [TEMPLATES[t].id for t in s.discards],
        "turn": s.turn,
    }
