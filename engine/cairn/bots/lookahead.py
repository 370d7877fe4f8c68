"""Rollout lookahead: each candidate move played out to a horizon by a strategy policy, the
positions reached judged by a value, the best kept by sequential halving.

For games whose knowledge has a fast strategy policy and a value that is good at a natural
resting point (Clans of Caledonia: where the next round begins), this sees further than a
tree of single clicks: a candidate is judged after the whole rest of the round, played by
every seat as the policy plays (a card-driven seat by its cards), which is where a plan over
a round shows what it is worth (Tesauro and Galperin's rollout improvement; Keldon Jones's
Race for the Galaxy AI plays the rest of the round with predicted moves, then judges it).

Sequential halving (Karnin, Koren and Somekh 2013): the candidates share the rollouts in
rounds; after each round the better half by mean reward goes on, so most rollouts go to the
moves that matter.  The candidates' n-th rollouts share one world (common random numbers):
the same resampled hidden orders and the same chance after the move, so a card-driven
opponent's luck does not decide between two moves.  Every rollout starts from ``rules.determinize(state, seat, rng)`` (hidden
orders resampled from what the seat knows): the bot never peeks.  The knowledge supplies
``plan_candidates(rules, state, legal)`` (best first), ``play_to_horizon(rules, state, rng,
seat)`` and ``horizon_value(rules, state)`` (per seat, points at the end).
"""
from __future__ import annotations

import math
import time
from typing import Any, Dict, List, Optional

from ..core.rng import Rng
from .knowledge import Knowledge
from .search import STATS, margins

Move = Dict[str, Any]


def reward(values: List[float], seat: int, scale: float) -> float:
    """A seat's reward: its margin over the best other seat, or its own points when alone."""
    if len(values) == 1:
        return values[0] / scale
    return margins(values, scale)[seat]


def lookahead(rules: Any, state: Any, seat: int, know: Knowledge, rng: Rng,
              iterations: Optional[int], budget_s: Optional[float], min_iterations: int = 1) -> Move:
    """The candidate with the best mean reward after sequential halving over at most
    ``iterations`` rollouts (or until ``budget_s`` seconds, after ``min_iterations``)."""
    legal = rules.legal_moves(state)
    cands = know.plan_candidates(rules, state, legal)
    if len(cands) == 1:
        return cands[0]
    started = time.perf_counter()
    deadline = None if budget_s is None else started + budget_s
    total = iterations if iterations is not None else 1 << 30
    sums = [0.0] * len(cands)
    counts = [0] * len(cands)
    alive = list(range(len(cands)))
    worlds: List[int] = []   # the seed of each rollout number's world
    done = 0
    apply, determinize = rules.apply, rules.determinize
    play, judge, scale = know.play_to_horizon, know.horizon_value, know.scale
    out_of_time = False
    while len(alive) > 1 and not out_of_time:
        left = max(1, math.ceil(math.log2(len(alive))))   # halvings still to come
        per = max(1, ((total - done) // left) // len(alive)) if iterations is not None else 1 << 30
        for _ in range(per):
            # common random numbers: the candidates' n-th rollouts share one world and one
            # stream of chance (the same hidden orders, cards and dice), so their difference is
            # the move's, not the luck's
            while len(worlds) <= min(counts[i] for i in alive):
                worlds.append(rng.next64())
            for i in alive:
                if done >= total or (deadline is not None and done >= min_iterations
                                     and time.perf_counter() >= deadline):
                    out_of_time = True
                    if done < total:
                        STATS["clocked"] += 1   # the clock stopped it, not the rollouts' count
                    break
                luck = Rng(worlds[counts[i]])
                d = determinize(state, seat, luck)
                apply(d, cands[i])
                play(rules, d, luck, seat)
                sums[i] += reward(judge(rules, d), seat, scale)
                counts[i] += 1
                done += 1
            if out_of_time:
                break
        if out_of_time:
            break
        alive.sort(key=lambda i: -sums[i] / counts[i])
        alive = alive[:(len(alive) + 1) // 2]
    STATS["iterations"] += done
    STATS["seconds"] += time.perf_counter() - started
    if len(alive) == 1:
        return cands[alive[0]]
    # cut short: the best mean among the candidates tried most
    most = max(counts[i] for i in alive)
    best = max((i for i in alive if counts[i] == most), key=lambda i: sums[i] / counts[i] if counts[i] else -1e300)
    return cands[best]
