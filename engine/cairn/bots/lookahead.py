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
from typing import Any, Dict, Iterator, List, Optional

from ..core.rng import Rng
from .knowledge import Knowledge
from .search import STATS, margins

Move = Dict[str, Any]


def reward(values: List[float], seat: int, scale: float) -> float:
    """A seat's reward: its margin over the best other seat, or its own points when alone."""
    if len(values) == 1:
        return values[0] / scale
    return margins(values, scale)[seat]


class Rollouts:
    """Rollouts of candidate moves with common random numbers: each candidate's ``n``-th
    rollout plays in world ``n`` (the same resampled hidden orders and the same chance after
    the move, drawn from ``rng`` in order as first needed), so two candidates' ``n``-th
    rewards differ by the moves, not by the luck.  Keeps every reward (a review pairs them)
    and the running sums (the search's means)."""

    def __init__(self, rules: Any, state: Any, seat: int, know: Knowledge, rng: Rng,
                 cands: List[Move]) -> None:
        self.rules, self.state, self.seat, self.know, self.rng = rules, state, seat, know, rng
        self.cands = cands
        self.worlds: List[int] = []
        self.rewards: List[List[float]] = [[] for _ in cands]
        self.sums = [0.0] * len(cands)
        self.counts = [0] * len(cands)
        self.done = 0
        #: the candidates still in (:func:`halving`)
        self.alive = list(range(len(cands)))

    def world(self, n: int) -> int:
        """The seed of rollout number ``n``'s world."""
        worlds = self.worlds
        while len(worlds) <= n:
            worlds.append(self.rng.next64())
        return worlds[n]

    def play(self, i: int) -> float:
        """Candidate ``i``'s next rollout: its reward (also kept)."""
        rules, know = self.rules, self.know
        luck = Rng(self.world(self.counts[i]))
        d = rules.determinize(self.state, self.seat, luck)
        rules.apply(d, self.cands[i])
        know.play_to_horizon(rules, d, luck, self.seat)
        r = reward(know.horizon_value(rules, d), self.seat, know.scale)
        self.rewards[i].append(r)
        self.sums[i] += r
        self.counts[i] += 1
        self.done += 1
        return r

    def mean(self, i: int) -> float:
        return self.sums[i] / self.counts[i] if self.counts[i] else -1e300

    def leader(self) -> Move:
        """The one candidate left, or (cut short) the best mean among those tried most."""
        alive, counts = self.alive, self.counts
        if len(alive) == 1:
            return self.cands[alive[0]]
        most = max(counts[i] for i in alive)
        return self.cands[max((i for i in alive if counts[i] == most), key=self.mean)]


def halving(ro: Rollouts, total: int, per_cap: Optional[int] = None) -> Iterator[None]:
    """Sequential halving over ``ro``'s candidates in at most ``total`` rollouts: after each
    round the better half by mean reward goes on (``ro.alive``).  Yields before each
    rollout, so the caller may stop there (a clock) or spread the work over calls.
    ``per_cap``: rollouts per candidate in a round at most (None: the share of ``total``)."""
    alive, counts = ro.alive, ro.counts
    while len(alive) > 1:
        left = max(1, math.ceil(math.log2(len(alive))))   # halvings still to come
        per = max(1, ((total - ro.done) // left) // len(alive)) if per_cap is None else per_cap
        for _ in range(per):
            # common random numbers: the candidates' n-th rollouts share one world and one
            # stream of chance (the same hidden orders, cards and dice), so their difference is
            # the move's, not the luck's
            ro.world(min(counts[i] for i in alive))
            for i in alive:
                if ro.done >= total:
                    return
                yield
                ro.play(i)
        alive.sort(key=lambda i: -ro.sums[i] / counts[i])
        del alive[(len(alive) + 1) // 2:]


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
    ro = Rollouts(rules, state, seat, know, rng, cands)
    for _ in halving(ro, total, None if iterations is not None else 1 << 30):
        if deadline is not None and ro.done >= min_iterations and time.perf_counter() >= deadline:
            STATS["clocked"] += 1   # the clock stopped it, not the rollouts' count
            break
    STATS["iterations"] += ro.done
    STATS["seconds"] += time.perf_counter() - started
    return ro.leader()
