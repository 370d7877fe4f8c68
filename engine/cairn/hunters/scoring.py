"""Feature values, scoring of completed forests and rivers, final scoring.

Scores are kept per seat as ``[rivers, forests, huts, hunters]``.
"""
from __future__ import annotations

from typing import Dict, List, Set, Tuple

from .board import find, roots, system_roots
from .state import HuntersState
from .tiles import FOREST, LAKE, MEADOW, RIVER, TEMPLATES, Piece

RIVERS, FORESTS, HUTS, HUNTERS = 0, 1, 2, 3
SEAT_NAMES = ("Red", "Blue", "Yellow", "Green", "Purple")  # the app's seat colours


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat] if seat < len(SEAT_NAMES) else f"Seat {seat}"


def piece_of(s: HuntersState, node: int) -> Piece:
    return TEMPLATES[s.pt[s.ntile[node]]].pieces[s.npiece[node]]


def forest_value(s: HuntersState, root: int) -> int:
    """2 per tile the forest covers + 2 per mushroom patch in it."""
    nodes = s.nodes[root]
    tiles = {s.ntile[n] for n in nodes}
    mush = sum(1 for n in nodes if piece_of(s, n).mushrooms)
    return 2 * len(tiles) + 2 * mush


def has_gold(s: HuntersState, root: int) -> bool:
    return any(piece_of(s, n).gold for n in s.nodes[root])


def river_value(s: HuntersState, root: int) -> int:
    """1 per tile the river covers (so the tiles of its end lakes count) + 1
    per fish in the lakes at its ends (each lake once)."""
    nodes = s.nodes[root]
    tiles = {s.ntile[n] for n in nodes}
    lakes: Set[int] = set()
    for n in nodes:
        lake = piece_of(s, n).lake
        if lake >= 0:
            lakes.add(s.pbase[s.ntile[n]] + lake)
    return len(tiles) + sum(piece_of(s, l).fish for l in lakes)


def system_value(s: HuntersState, root: int) -> int:
    """1 per fish in every lake of the river system."""
    return sum(piece_of(s, n).fish for n in s.snodes[root] if s.nkind[n] == LAKE)


def meadow_animals(s: HuntersState, root: int) -> Dict[str, int]:
    count = {"deer": 0, "mammoth": 0, "tiger": 0, "aurochs": 0, "fire": 0}
    for n in s.nodes[root]:
        p = piece_of(s, n)
        for a, k in p.animals.items():
            count[a] += k
        if p.fire:
            count["fire"] += 1
    return count


def meadow_value(s: HuntersState, root: int) -> int:
    """2 per deer, mammoth and aurochs; each tiger eats one deer (never below
    zero); a fire in the meadow drives every tiger away."""
    c = meadow_animals(s, root)
    tigers = 0 if c["fire"] else c["tiger"]
    return 2 * (max(0, c["deer"] - tigers) + c["mammoth"] + c["aurochs"])


def majority(seats: List[int]) -> List[int]:
    """Seats with the most pieces (ties all win), ascending."""
    if not seats:
        return []
    count: Dict[int, int] = {}
    for p in seats:
        count[p] = count.get(p, 0) + 1
    best = max(count.values())
    return sorted(p for p, c in count.items() if c == best)


def meadow_winners(s: HuntersState, root: int) -> List[int]:
    """The sacred circle: a hunter on the shrine meadow piece makes its owner
    the only one to score that meadow."""
    for n in s.occ[root]:
        if piece_of(s, n).shrine:
            return [s.meeples[n][0]]
    return majority([s.meeples[n][0] for n in s.occ[root]])


def _names(seats: List[int]) -> str:
    return ", ".join(seat_name(p) for p in seats)


def score_completed(s: HuntersState, i: int) -> bool:
    """Score every forest and river of placed tile ``i`` that is now complete;
    members there go home.  Returns True if a completed forest holds gold."""
    base = s.pbase[i]
    done: List[int] = []
    for p, kind in enumerate(TEMPLATES[s.pt[i]].kinds):
        if kind == FOREST or kind == RIVER:
            r = find(s.parent, base + p)
            if s.opn[r] == 0 and r not in done:
                done.append(r)
    gold = False
    for r in done:
        forest = s.nkind[r] == FOREST
        value = forest_value(s, r) if forest else river_value(s, r)
        what = "forest" if forest else "river"
        occ = s.occ[r]
        winners = majority([s.meeples[n][0] for n in occ])
        for p in winners:
            s.score[p][FORESTS if forest else RIVERS] += value
        if winners:
            s.journal.append(f"{what} completed: {_names(winners)} score{'s' if len(winners) == 1 else ''} {value}")
        else:
            s.journal.append(f"{what} completed ({value} points), nobody there")
        for n in occ:
            seat = s.meeples.pop(n)[0]
            s.members[seat] += 1
        s.occ[r] = ()
        if forest and has_gold(s, r):
            gold = True
    return gold


def final_points(s: HuntersState) -> Tuple[List[List[int]], List[str]]:
    """Hut and hunter points per seat ``[[huts, hunters], ...]`` for the
    current board, with readable lines.  Pure: does not change ``s``."""
    pts = [[0, 0] for _ in range(s.n)]
    lines: List[str] = []
    for r in system_roots(s):
        if not s.shuts[r]:
            continue
        value = system_value(s, r)
        winners = majority([s.meeples[n][0] for n in s.shuts[r]])
        for p in winners:
            pts[p][0] += value
        lines.append(f"huts: river system with {value} fish, {_names(winners)} score{'s' if len(winners) == 1 else ''} {value}")
    for r in roots(s):
        if s.nkind[r] != MEADOW or not s.occ[r]:
            continue
        value = meadow_value(s, r)
        winners = meadow_winners(s, r)
        for p in winners:
            pts[p][1] += value
        lines.append(f"hunters: meadow worth {value}, {_names(winners)} score{'s' if len(winners) == 1 else ''} {value}")
    return pts, lines


def final_scoring(s: HuntersState) -> None:
    """Game end: gatherers and fishers on unfinished forests and rivers score
    nothing and go home; then huts and hunters score."""
    for n, (seat, role) in sorted(s.meeples.items()):
        if role == "gatherer" or role == "fisher":
            del s.meeples[n]
            s.members[seat] += 1
            r = find(s.parent, n)
            s.occ[r] = tuple(m for m in s.occ[r] if m != n)
    pts, lines = final_points(s)
    for p in range(s.n):
        s.score[p][HUTS] += pts[p][0]
        s.score[p][HUNTERS] += pts[p][1]
    s.journal.append("game over: final scoring")
    s.journal.extend(lines)
