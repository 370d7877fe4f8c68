"""Judging one decision: the move a seat played against the best move the hard bot finds,
in points of that seat's expected final margin (alone: its expected final score), from only
what the seat knew then.

The judge is the hard bot's own search at a fixed budget (no clock: the same decision gives
the same verdict on every device), with the played move always among the moves it weighs:

* a tree search game (Glen More, Hunters): the determinised ISMCTS tree
  (:class:`cairn.bots.search.Tree`) grown ``iterations`` times (stopped early once its most
  visited move is settled); that move is the best.  When the played move is another one, the
  tree is grown through it (``forced`` more iterations at most) until it has as many visits
  of its own as the best has, or ``forced``; each move's value is the mean reward of the
  iterations through it, and the loss the best's value less the played one's.
* a rollout game (Clans of Caledonia): the strategy policy's candidates and the played move
  played out to where the next round begins (:mod:`cairn.bots.lookahead`), ``iterations``
  rollouts shared by sequential halving; then the best and the played move get ``forced``
  rollouts each in the same worlds (common random numbers: the same resampled hidden orders
  and the same luck after the move), and the loss is the mean of their paired differences.
  A round played out by one fixed policy judges a move by that policy's follow-up, so where
  this loss reaches ``second_from`` points the move is looked at a second way: the tree search
  over the game's learned forecast (the way its hard bot played before the rollouts, ``tree``
  iterations, ``tree_forced`` through the played move), and the decision loses only what both
  ways agree on: the smaller loss, with the best move of the way that gave it.

Every position searched comes from ``rules.determinize(state, seat, rng)``: the hidden
orders resampled from what the seat knows (the bots' no-peeking contract), so two positions
that differ only in what the seat cannot see get the same verdict.  The randomness comes
from (the review's seed, the seat, the ply), never from the game's own seed.  A move found
better than the best costs nothing (loss 0).

A verdict is worked out step by step (:func:`judgement` is a generator: one step is one
iteration or rollout), so a caller may stop after any step and go on later (the browser
answers the player between steps); the steps are the same whatever the slicing.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Dict, Generator, List, Optional, Tuple

from ..bots.knowledge import knowledge_for
from ..bots.lookahead import Rollouts, halving
from ..bots.search import Tree, move_key
from ..core.rng import Rng, derive_seed
from .look import Look, Paired, paired

Move = Dict[str, Any]


@dataclass(frozen=True)
class Budget:
    """How hard the judge looks at one decision."""

    #: the search's iterations (tree) or rollouts (lookahead) to find the best move
    iterations: int
    #: tree: iterations through the played move at most; lookahead: paired rollouts each
    forced: int
    #: lookahead games: the second look's tree iterations, through the played move at most
    #: (0: none), and the loss from which it is taken
    tree: int = 0
    tree_forced: int = 0
    second_from: float = 0.0
    #: the closer look at a decision the first look finds costly (None: none), and what the
    #: verdict makes of the two looks
    look: Optional[Look] = None
    trust: Optional["Trust"] = None


@dataclass(frozen=True)
class Trust:
    """How a decision looked at twice gets its verdict (fitted to the game's calibration set:
    ``python -m cairn review-calibration``).

    The loss claimed is ``first`` times the first look's loss plus ``second`` times the
    closer look's mean difference (never below 0): the looks shrunk toward what the reference
    finds; its range is ``z`` standard errors either side, the error being the closer look's
    own (scaled) and ``error`` points, the claim's error against the reference beyond it."""

    #: the first look's loss below which a decision is not looked at again (it is good)
    start: float
    first: float
    second: float
    error: float
    z: float
    #: the marks' thresholds (where a range's low end matters)
    marks: Tuple[float, ...] = ()
    #: worlds a decision about to be marked is looked at at least (its size measured closer;
    #: the budget goes to the few marks, not to the many decisions clearly good)
    sure: int = 0

    def claim(self, loss: float, look: Paired) -> Tuple[float, float, float]:
        """(loss claimed, the low end of its range, the high end)."""
        claimed = max(0.0, self.first * loss + self.second * look.mean)
        half = self.z * math.sqrt((self.second * look.se) ** 2 + self.error ** 2)
        return _points(claimed), _points(max(0.0, claimed - half)), _points(claimed + half)

    def settled(self, loss: float) -> Callable[[Paired], bool]:
        """Stop looking once more worlds could not move the claim's range across a mark's
        threshold by chance (its sampling error alone, ``z`` of them, clear of each), and a
        decision about to be marked has had ``sure`` worlds."""
        def done(look: Paired) -> bool:
            claimed = self.first * loss + self.second * look.mean
            room = self.z * math.sqrt(self.error ** 2 + (self.second * look.se) ** 2)
            noise = self.z * self.second * look.se
            if self.marks and claimed - room >= self.marks[0] and look.n < self.sure:
                return False
            return all(abs(claimed - room - m) > noise for m in self.marks)
        return done


@dataclass
class Verdict:
    """One decision judged: ``loss`` in points, about what playing ``best`` instead would have
    gained (never below 0), likely between ``lo`` and ``hi``; ``gap`` the first look's best
    move's value less the played one's; ``value`` the seat's expected final margin (alone:
    score) after the best move, in points; ``steps`` the iterations, rollouts or worlds it took.
    A decision the first look found cheap is not looked at again: its range is its loss."""

    ply: int
    seat: int
    played: Move
    best: Move
    loss: float
    gap: float
    value: float
    steps: int
    lo: float = 0.0
    hi: float = 0.0


def rng_for(seed: int, seat: int, ply: int, look: str = "") -> Rng:
    """The judge's randomness for one decision (and one way of looking at it): from the
    review's seed and the public position (seat, ply), never from the game's seed (which
    fixes hidden orders)."""
    return Rng(derive_seed("review", seed, seat, ply, look) if look else derive_seed("review", seed, seat, ply))


def judgement(game: Any, played: Move, seed: int, budget: Budget) -> Generator[None, None, Verdict]:
    """The verdict on ``played`` for the seat to move in ``game`` (left untouched), one
    step per ``next()``; the verdict is the generator's return value."""
    rules, state = game.rules, game.state
    seat = rules.current_player(state)
    ply = len(game.log)
    know = knowledge_for(rules.name).for_level("hard")
    rng = rng_for(seed, seat, ply)
    legal = rules.legal_moves(state)
    if played not in legal:
        raise ValueError("the move played is not legal here")
    if know.hard_search == "lookahead":
        out = yield from _by_rollouts(rules, state, seat, know, rng, legal, played, budget)
        if budget.tree and out[1] >= budget.second_from:
            tree = Budget(budget.tree, budget.tree_forced)
            second = yield from _by_tree(rules, state, seat, know, rng_for(seed, seat, ply, "tree"), legal, played, tree)
            if second[1] < out[1]:
                out = (second[0], second[1], second[2], out[3] + second[3])
            else:
                out = (out[0], out[1], out[2], out[3] + second[3])
    else:
        out = yield from _by_tree(rules, state, seat, know, rng, legal, played, budget)
    best, gap, value, steps = out
    loss = max(0.0, gap)
    trust = budget.trust
    if budget.look is None or trust is None or best == played or loss < trust.start:
        return Verdict(ply, seat, played, best, loss, gap, value, steps, loss, loss)
    # a closer look: the two moves played on in the same worlds
    second = yield from paired(rules, state, seat, know, best, played, derive_seed("review", seed, seat, ply, "look"),
                               budget.look, trust.settled(loss))
    claimed, lo, hi = trust.claim(loss, second)
    return Verdict(ply, seat, played, best, claimed, gap, value, steps + 2 * second.n, lo, hi)


def _points(x: float) -> float:
    """A judged number in points as a verdict keeps it (a tenth)."""
    return round(x, 1) + 0.0


def _by_tree(rules: Any, state: Any, seat: int, know: Any, rng: Rng, legal: List[Move],
             played: Move, budget: Budget) -> Generator[None, None, tuple]:
    cands = know.candidates(rules, state, legal)
    if played not in cands:
        cands = cands + [played]
    if len(cands) == 1:
        return played, 0.0, 0.0, 0
    tree = Tree(rules, state, seat, know, rng, cands, know.exploration)
    limit = budget.iterations
    check = 8
    while tree.done < limit:
        if tree.done >= check:
            check = tree.done + 8
            if tree.decided(limit - tree.done):
                break
        yield
        tree.iterate()
    best = tree.best()
    children = tree.root.children
    top = children[move_key(best)]
    scale = know.scale
    if best == played:
        return best, 0.0, _points(top.total / top.visits * scale), tree.done
    key = move_key(played)
    want = min(budget.forced, top.visits)
    forced = 0
    while forced < budget.forced:
        mine = children.get(key)
        if mine is not None and mine.visits >= want:
            break
        yield
        tree.iterate(forced=key)
        forced += 1
    mine = children[key]
    gap = top.total / top.visits - mine.total / mine.visits
    return best, _points(gap * scale), _points(top.total / top.visits * scale), tree.done


def _by_rollouts(rules: Any, state: Any, seat: int, know: Any, rng: Rng, legal: List[Move],
                 played: Move, budget: Budget) -> Generator[None, None, tuple]:
    cands = list(know.plan_candidates(rules, state, legal))
    if played not in cands:
        cands.append(played)
    if len(cands) == 1:
        return played, 0.0, 0.0, 0
    ro = Rollouts(rules, state, seat, know, rng, cands)
    yield from halving(ro, budget.iterations)
    best = ro.leader()
    b, p = cands.index(best), cands.index(played)
    k = budget.forced
    for i in (b, p):
        while ro.counts[i] < k:
            yield
            ro.play(i)
    rb, rp = ro.rewards[b], ro.rewards[p]
    gap = 0.0
    for n in range(k):
        gap += rb[n] - rp[n]
    gap /= k
    mean = 0.0
    for n in range(k):
        mean += rb[n]
    scale = know.scale
    value = _points(mean / k * scale)
    if b == p:
        return best, 0.0, value, ro.done
    return best, _points(gap * scale), value, ro.done


def run(game: Any, played: Move, seed: int, budget: Budget) -> Verdict:
    """:func:`judgement` all at once."""
    steps = judgement(game, played, seed, budget)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
