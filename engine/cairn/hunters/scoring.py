"""Feature values, scoring of completed forests and rivers, final scoring.

Scores are kept per seat as ``[rivers, forests, huts, hunters]``.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Set, Tuple

from ..core.i18n import Message, join, msg, nmsg, seat_ref
from .board import find, hut_roots, occupied_roots
from .state import HuntersState
from .tiles import FOREST, LAKE, MEADOW, RIVER, TEMPLATES, Piece

RIVERS, FORESTS, HUTS, HUNTERS = 0, 1, 2, 3


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
    """The animals of a meadow, and its fires, counted over its pieces."""
    count = {"deer": 0, "mammoth": 0, "tiger": 0, "aurochs": 0, "fire": 0}
    for n in s.nodes[root]:
        p = piece_of(s, n)
        if p.animals:
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
    if len(seats) < 2:
        return seats[:]  # none, or one piece: its seat (the bots' forecast asks this most)
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


def _seats(seats: List[int]) -> Message:
    """The scoring seats as one message argument (each rendered as its player's name)."""
    return join([seat_ref(p) for p in seats])


def _points(n: int) -> Message:
    return nmsg("{n} point", "{n} points", n)


def _animals(c: Dict[str, int]) -> Optional[Message]:
    """A meadow's animals as players count them: "2 deer, 1 mammoth and 1 tiger" (None: none)."""
    words = [nmsg("{n} deer", "{n} deer", c["deer"]), nmsg("{n} mammoth", "{n} mammoths", c["mammoth"]),
             nmsg("{n} aurochs", "{n} aurochs", c["aurochs"]),
             nmsg("{n} tiger", "{n} tigers", c["tiger"])]
    kept = [w for w in words if w["n"]]
    if c["fire"] and c["tiger"]:
        kept.append(msg("a fire that drives the tigers away"))
    return join(kept) if kept else None


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
        occ = s.occ[r]
        winners = majority([s.meeples[n][0] for n in occ])
        for p in winners:
            s.score[p][FORESTS if forest else RIVERS] += value
        if not winners:
            line = (msg("Forest completed, worth {points}: nobody there", points=_points(value)) if forest else
                    msg("River completed, worth {points}: nobody there", points=_points(value)))
        elif forest:
            line = nmsg("Forest completed: {seats} scores {points}", "Forest completed: {seats} score {points}",
                        len(winners), seats=_seats(winners), points=_points(value))
        else:
            line = nmsg("River completed: {seats} scores {points}", "River completed: {seats} score {points}",
                        len(winners), seats=_seats(winners), points=_points(value))
        s.journal.append(line)
        for n in occ:
            seat = s.meeples.pop(n)[0]
            s.members[seat] += 1
        s.occ[r] = ()
        if forest and has_gold(s, r):
            gold = True
    return gold


def final_points(s: HuntersState, with_lines: bool = True) -> Tuple[List[List[int]], List[Message]]:
    """Hut and hunter points per seat ``[[huts, hunters], ...]`` for the
    current board, with log lines (messages; none when ``with_lines`` is
    false, the bots' fast path).  Pure: does not change ``s``."""
    pts = [[0, 0] for _ in range(s.n)]
    lines: List[Message] = []
    meeples = s.meeples
    for r in hut_roots(s):
        value = system_value(s, r)
        winners = majority([meeples[n][0] for n in s.shuts[r]])
        for p in winners:
            pts[p][0] += value
        if with_lines:
            lines.append(nmsg("Huts: {seats} scores {points} for a river system with {fish}",
                              "Huts: {seats} score {points} for a river system with {fish}", len(winners),
                              seats=_seats(winners), points=_points(value), fish=nmsg("{n} fish", "{n} fish", value)))
    kinds = s.nkind
    for r in occupied_roots(s):
        if kinds[r] != MEADOW:
            continue
        value = meadow_value(s, r)
        winners = meadow_winners(s, r)
        for p in winners:
            pts[p][1] += value
        if not with_lines:
            continue
        animals = _animals(meadow_animals(s, r))
        if animals is None:
            lines.append(nmsg("Hunters: {seats} scores {points} for a meadow without animals",
                              "Hunters: {seats} score {points} for a meadow without animals", len(winners),
                              seats=_seats(winners), points=_points(value)))
        else:
            lines.append(nmsg("Hunters: {seats} scores {points} for a meadow with {animals}",
                              "Hunters: {seats} score {points} for a meadow with {animals}", len(winners),
                              seats=_seats(winners), points=_points(value), animals=animals))
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
    s.journal.append(msg("Game over: final scoring"))
    s.journal.extend(lines)
