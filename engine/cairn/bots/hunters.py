"""What the bots know about Carcassonne: Hunters and Gatherers.

The forecast per seat: points scored, + huts and hunters as if the game
ended now (exact: the final scoring's own recount), + a share of every
unfinished forest and river it leads (gatherers and fishers score nothing
if the game ends first, so the share shrinks as the stack runs down), +
a little for tribe members still in hand (they are the next points).

The forecast is the search's inner loop (about half of hard's time), so it
reads the features from per-tile tables made once (:data:`_TABLES`) instead
of going through the scoring module's general helpers; a test checks it
against them.
"""
from __future__ import annotations

from typing import Any, Dict, List, Tuple

from ..core.rng import Rng
from ..hunters.board import find
from ..hunters.scoring import majority
from ..hunters.state import OVER
from ..hunters.tiles import FOREST, MEADOW, RIVER, TEMPLATES
from .knowledge import Knowledge

Move = Dict[str, Any]

MEMBER_VALUE = 1.5
HUT_VALUE = 1.0


def _tables() -> Tuple[Tuple[Tuple[int, ...], ...], ...]:
    """Per template, per piece: a meadow's animals packed in one int (deer,
    tigers << 10, mammoths and aurochs << 20, fire << 30: a meadow's pieces
    sum into its counts), whether it holds the shrine, 2 per mushroom patch,
    the lake a river ends in (piece index, -1: none), fish."""
    meadow, shrine, mush, lake, fish = [], [], [], [], []
    for t in TEMPLATES:
        meadow.append(tuple(
            (p.animals.get("deer", 0) + (p.animals.get("tiger", 0) << 10)
             + ((p.animals.get("mammoth", 0) + p.animals.get("aurochs", 0)) << 20)
             + ((1 << 30) if p.fire else 0)) for p in t.pieces))
        shrine.append(tuple(p.shrine for p in t.pieces))
        mush.append(tuple(2 if p.mushrooms else 0 for p in t.pieces))
        lake.append(tuple(p.lake for p in t.pieces))
        fish.append(tuple(p.fish for p in t.pieces))
    return tuple(meadow), tuple(shrine), tuple(mush), tuple(lake), tuple(fish)


_TABLES = _tables()
_MASK = (1 << 10) - 1


class HuntersKnowledge(Knowledge):
    scale = 15.0
    # no rollout: a leaf is judged by the forecast straight away.  Random
    # placements only blurred it: with 4 rollout steps hard (300 iterations)
    # beat medium (30) in 3 of 7 games, with none in 21 of 28
    rollout_plies = 0
    # hard: 300 iterations (at 100 it beat medium in 64.5% of 31 games); the
    # late game's large boards make an iteration dearer, so the clock may
    # cut the last decisions on a slow device
    hard_iterations = 300
    tree_iterations = 300   # hard0 (benchmarks): hard as it was
    # medium: 15 iterations.  Medium at 15 beat easy as often as at 30 (79% of 60
    # games against 77% of 200), and hard 300 beat medium 30 in only about 65%
    medium_iterations = 15
    # easy: 3 points of noise.  With 1 (and no rollout) medium beat easy in only
    # 55% of 73 games; with 3 in 75% of 40, and easy still plays every feature
    easy_noise = 3.0

    def evaluate(self, rules: Any, state: Any) -> List[float]:
        s = state
        out = [float(sum(row)) for row in s.score]
        if s.phase == OVER:
            return out
        meadow_t, shrine_t, mush_t, lake_t, fish_t = _TABLES
        pt, ntile, npiece, kinds, pbase = s.pt, s.ntile, s.npiece, s.nkind, s.pbase
        parent, sparent, meeples = s.parent, s.sparent, s.meeples
        features: Dict[int, List[int]] = {}  # root -> the seats of its members
        systems: Dict[int, List[int]] = {}   # river system root -> the seats of its huts
        for node, (seat, role) in meeples.items():
            if role == "hut":
                groups, r = systems, find(sparent, node)
            else:
                groups, r = features, find(parent, node)
            got = groups.get(r)
            if got is None:
                groups[r] = [seat]
            else:
                got.append(seat)
        # huts and hunters as if the game ended now (scoring.final_points)
        pts = [0] * s.n
        for r, seats in systems.items():
            value = 0
            for n in s.snodes[r]:
                value += fish_t[pt[ntile[n]]][npiece[n]]
            for p in majority(seats):
                pts[p] += value
        roots = sorted(features)
        for r in roots:
            if kinds[r] != MEADOW:
                continue
            c = 0
            for n in s.nodes[r]:
                c += meadow_t[pt[ntile[n]]][npiece[n]]
            tigers = 0 if c >> 30 else (c >> 10) & _MASK
            deer = (c & _MASK) - tigers
            value = 2 * ((deer if deer > 0 else 0) + ((c >> 20) & _MASK))
            winners = None
            for n in s.occ[r]:
                if shrine_t[pt[ntile[n]]][npiece[n]]:
                    winners = [meeples[n][0]]
                    break
            for p in winners or majority(features[r]):
                pts[p] += value
        left = len(s.land)
        share = 0.75 if left > 30 else 0.3 + 0.015 * left
        members, huts = s.members, s.huts
        for p in range(s.n):
            out[p] += pts[p]
            out[p] += MEMBER_VALUE * min(members[p], 3) + HUT_VALUE * huts[p] * (left > 10)
        # a share of each unfinished forest and river
        for r in roots:
            kind = kinds[r]
            if kind == FOREST:
                nodes = s.nodes[r]
                value = 2 * len({ntile[n] for n in nodes})
                for n in nodes:
                    value += mush_t[pt[ntile[n]]][npiece[n]]
            elif kind == RIVER:
                nodes = s.nodes[r]
                tiles = {ntile[n] for n in nodes}
                value = len(tiles)
                lakes = set()
                for n in nodes:
                    t = ntile[n]
                    lake = lake_t[pt[t]][npiece[n]]
                    if lake >= 0:
                        lakes.add((t, lake))
                for t, lake in lakes:
                    value += fish_t[pt[t]][lake]
            else:
                continue
            for p in majority(features[r]):
                out[p] += share * value
        return out

    def rollout_move(self, rules: Any, state: Any, legal: List[Move], rng: Rng) -> Move:
        """Place anywhere; put a member down on half of the tiles that allow it."""
        if legal[-1]["type"] == "skip" and rng.below(2):
            return legal[-1]
        return legal[rng.below(len(legal))]


KNOWLEDGE = HuntersKnowledge()
