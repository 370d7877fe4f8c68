"""The review's second look at a decision about to be marked: the move the first look found
better and the move played, each played on in the same worlds (common random numbers: the same
deal of what the seat could not see, the same random numbers for each seat's ``k``-th decision
after the move), their difference averaged with its standard error.

A world is played on in one of these ways (``look.kind`` in ``data/review.toml``):

* ``turn``: the mover's turn finished greedily by the hard bot's forecast (as the easy level
  looks one step ahead), then ``plies`` steps of the game's rollout policy, then the hard bot's
  forecast of every seat's final score (Glen More, Hunters: what their tree search's leaves
  are judged by, without the tree);
* ``round``: the rest of the round by the strategy policy, then the round-start value (the way
  Caledonia's hard bot looks ahead);
* ``end``: the game played to its end by the game's strategy policy (its rollout policy where
  it has none), exact;
* ``easy``: ``plies`` decisions as the easy bot plays, then as ``end``.

The worlds come in batches; after each, :func:`settled` may stop the look early (the budget goes
where the verdict is close).  Every step is one world of one move, so the look yields like the
rest of a judgement.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Dict, Generator, List, Optional, Tuple

from ..bots.lookahead import reward
from ..bots.search import follow_turn, rollout
from ..core.rng import Rng, derive_seed

Move = Dict[str, Any]

#: steps of the mover's own turn finished greedily at most (``turn``)
TURN_STEPS = 12


@dataclass(frozen=True)
class Look:
    """How a second look plays on (see the module's docstring)."""

    kind: str = "turn"
    #: ``turn``: the rollout policy's steps after the mover's turn
    plies: int = 0
    #: worlds in each batch, and at most
    batch: int = 16
    most: int = 96


def _turn(rules: Any, d: Any, seat: int, know: Any, rng: Rng, look: Look) -> List[float]:
    follow_turn(rules, know, d, seat, TURN_STEPS)
    if look.plies and rules.current_player(d) is not None:
        rollout(rules, d, know, rng, look.plies)
    return know.evaluate(rules, d)


def _round(rules: Any, d: Any, seat: int, know: Any, rng: Rng, look: Look) -> List[float]:
    know.play_to_horizon(rules, d, rng, seat)
    return know.horizon_value(rules, d)


def _end(rules: Any, d: Any, seat: int, know: Any, rng: Rng, look: Look) -> List[float]:
    """To the end by the strategy policy, each seat's ``k``-th choice from its own numbers (so
    the two moves' playouts stay paired however many numbers a choice takes: reference.play_out)."""
    from .reference import play_out
    policy = know.strategy_move
    return play_out(rules, d, lambda p, legal, r: policy(rules, d, legal, r), "look-move", rng.below(1 << 30))


def _easy(rules: Any, d: Any, seat: int, know: Any, rng: Rng, look: Look) -> List[float]:
    """``plies`` decisions (every seat's) as the easy bot plays them, then to the end as
    ``end``, each seat's ``k``-th choice from its own numbers."""
    from .reference import Continuation, finish
    return finish(rules, d, rng.below(1 << 30), Continuation(easy=look.plies, tail="strategy"))


KINDS: Dict[str, Callable[..., List[float]]] = {"turn": _turn, "round": _round, "end": _end, "easy": _easy}


def world(seed: int, n: int) -> int:
    return derive_seed("look", seed, n)


def result(rules: Any, state: Any, seat: int, know: Any, move: Move, w: int, look: Look) -> float:
    """``move``'s result in world ``w`` for ``seat``, in points of its margin (alone: score)."""
    luck = Rng(w)
    d = rules.determinize(state, seat, luck)
    rules.apply(d, move)
    return reward(KINDS[look.kind](rules, d, seat, know, luck, look), seat, 1.0)


@dataclass
class Paired:
    """The look so far: the worlds' differences (the better move's result less the played's)."""

    diffs: List[float]

    @property
    def n(self) -> int:
        return len(self.diffs)

    @property
    def mean(self) -> float:
        return math.fsum(self.diffs) / len(self.diffs) if self.diffs else 0.0

    @property
    def se(self) -> float:
        n = len(self.diffs)
        if n < 2:
            return float("inf")
        m = self.mean
        return math.sqrt(math.fsum((x - m) ** 2 for x in self.diffs) / (n - 1) / n)


def paired(rules: Any, state: Any, seat: int, know: Any, best: Move, played: Move, seed: int, look: Look,
           settled: Optional[Callable[[Paired], bool]] = None) -> Generator[None, None, Paired]:
    """The second look, one step (one world of one move) per ``next()``; stops after a batch
    when ``settled(look so far)`` says so, or at ``look.most`` worlds."""
    out = Paired([])
    while out.n < look.most:
        for _ in range(look.batch):
            w = world(seed, out.n)
            yield
            a = result(rules, state, seat, know, best, w, look)
            yield
            b = result(rules, state, seat, know, played, w, look)
            out.diffs.append(a - b)
        if settled is not None and settled(out):
            break
    return out


def interval(mean: float, se: float, z: float) -> Tuple[float, float]:
    return mean - z * se, mean + z * se
