"""What the bots know about Carcassonne: Hunters and Gatherers.

The forecast per seat: points scored, + huts and hunters as if the game
ended now (exact: the final scoring's own recount), + a share of every
unfinished forest and river it leads (gatherers and fishers score nothing
if the game ends first, so the share shrinks as the stack runs down), +
a little for tribe members still in hand (they are the next points).
"""
from __future__ import annotations

from typing import Any, Dict, List

from ..core.rng import Rng
from ..hunters.board import occupied_roots
from ..hunters.scoring import final_points, forest_value, majority, river_value
from ..hunters.state import OVER
from ..hunters.tiles import FOREST, RIVER
from .knowledge import Knowledge

Move = Dict[str, Any]

MEMBER_VALUE = 1.5
HUT_VALUE = 1.0


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
        pts, _ = final_points(s, False)
        left = len(s.land)
        share = 0.75 if left > 30 else 0.3 + 0.015 * left
        for p in range(s.n):
            out[p] += pts[p][0] + pts[p][1]
            out[p] += MEMBER_VALUE * min(s.members[p], 3) + HUT_VALUE * s.huts[p] * (left > 10)
        kinds, occ, meeples = s.nkind, s.occ, s.meeples
        for r in occupied_roots(s):
            kind = kinds[r]
            if kind != FOREST and kind != RIVER:
                continue
            value = forest_value(s, r) if kind == FOREST else river_value(s, r)
            for p in majority([meeples[n][0] for n in occ[r]]):
                out[p] += share * value
        return out

    def rollout_move(self, rules: Any, state: Any, legal: List[Move], rng: Rng) -> Move:
        """Place anywhere; put a member down on half of the tiles that allow it."""
        if legal[-1]["type"] == "skip" and rng.below(2):
            return legal[-1]
        return legal[rng.below(len(legal))]


KNOWLEDGE = HuntersKnowledge()
