"""The review's deep reference: what a move is worth, found by playing the game out to its end
many times (the review's calibration, :mod:`cairn.review.calibrate`; never the review itself).

A move is judged by paired playouts: world ``n`` deals everything hidden again from what the
seat knew (``rules.determinize``, the bots' no-peeking contract), plays the move, then plays the
rest of the game to its end; every move compared plays out in the same worlds (common random
numbers: the same deal, and the same random numbers for each seat's ``k``-th decision after the
move), so the difference between two moves' final margins is theirs, not the luck's.  A seat's
result is its final margin over the best other seat (alone: its final score), exact: no forecast
judges the end.

The rest of the game is played by every seat as the app's easy bot plays (greedy on the game's
hand forecast, :func:`cairn.bots.choose_move` at ``easy``) for ``easy`` decisions after the move
(where a move's point is made or lost), then by the game's rollout policy (``tail =
"rollout"``), its strategy policy (``"strategy"``: Caledonia's, a better cheap player) or the
easy bot (``"easy"``) to the end (``data/review.toml``,
``[GAME.reference]``).  The review's judge weighs positions by the hard bot's search and its
learned forecast; the reference uses neither (the rollout policy's tail is what both share).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List

from ..bots import LEVELS
from ..bots.knowledge import knowledge_for
from ..bots.lookahead import reward
from ..core.rng import Rng, derive_seed

Move = Dict[str, Any]


@dataclass(frozen=True)
class Continuation:
    """How the rest of a game is played in the reference's playouts."""

    #: decisions after the move played by the easy bot (every seat's, counted together)
    easy: int = 24
    #: then to the end: "rollout" (the game's rollout policy), "strategy" (a better cheap
    #: player where the game has one: Caledonia's strategy policy) or "easy"
    tail: str = "rollout"


class _View:
    """What a bot level's function reads of a game: its rules and state."""

    __slots__ = ("rules", "state")

    def __init__(self, rules: Any, state: Any) -> None:
        self.rules, self.state = rules, state


def world_seed(key: str, ply: int, n: int) -> int:
    """World ``n`` of the decision at ``ply`` of the game named ``key``."""
    return derive_seed("reference", key, ply, n)


def playout(rules: Any, state: Any, seat: int, world: int, cont: Continuation) -> float:
    """Play ``state`` (in place) to the end of the game; ``seat``'s result in points."""
    return reward(finish(rules, state, world, cont), seat, 1.0)


def play_out(rules: Any, state: Any, choose: Any, label: str, base: int) -> List[float]:
    """Play ``state`` (in place) to the end of the game; every seat's final score. Each seat's
    ``k``-th choice is made by ``choose(seat, legal, rng)`` with its own numbers
    (``derive_seed(label, base, seat, k)``), so two playouts from the same ``base`` after two
    different moves stay paired however many numbers a choice takes; a forced move takes none."""
    current, legal_moves, apply = rules.current_player, rules.legal_moves, rules.apply
    counts: Dict[int, int] = {}
    while True:
        p = current(state)
        if p is None:
            break
        legal = legal_moves(state)
        if len(legal) == 1:
            apply(state, legal[0])
            continue
        k = counts.get(p, 0)
        counts[p] = k + 1
        apply(state, choose(p, legal, Rng(derive_seed(label, base, p, k))))
    return [float(s["total"]) for s in rules.scores(state)]


def finish(rules: Any, state: Any, world: int, cont: Continuation) -> List[float]:
    """Play ``state`` (in place) to the end of the game as ``cont`` says; every seat's final score."""
    know = knowledge_for(rules.name)
    easy = LEVELS["easy"]
    policy = know.strategy_move if cont.tail == "strategy" else know.rollout_move
    view = _View(rules, state)
    made = 0

    def choose(p: int, legal: List[Any], rng: Rng) -> Any:
        nonlocal made
        made += 1
        if made <= cont.easy or cont.tail == "easy":
            return easy(view, p, rng, None, None)
        return policy(rules, state, legal, rng)

    return play_out(rules, state, choose, "reference-move", world)


def results(game: Any, moves: List[Move], worlds: List[int], cont: Continuation) -> List[List[float]]:
    """Per move (each legal in ``game``'s position, for the seat to move), its result in each
    world of ``worlds`` (seeds, :func:`world_seed`)."""
    rules, state = game.rules, game.state
    seat = rules.current_player(state)
    out: List[List[float]] = [[] for _ in moves]
    for w in worlds:
        for i, move in enumerate(moves):
            luck = Rng(w)
            d = rules.determinize(state, seat, luck)
            rules.apply(d, move)
            out[i].append(playout(rules, d, seat, w, cont))
    return out
