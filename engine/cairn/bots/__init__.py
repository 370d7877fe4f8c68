"""Bots: ``choose_move(game, level, seed=0, budget_s=None, iterations=None)``.

Levels (``LEVELS``):

* ``random``: any legal move, uniformly.
* ``easy``: the shared ISMCTS search with a fixed 10 iterations: in
  effect greedy on the game's forecast one step ahead (its priors), with
  the noise of a handful of samples; budgets given by the caller are ignored.
* ``medium``: the same search, 30 iterations or 0.4 s (at least 12).
* ``hard``: the same search for 0.7 s (at least 30 iterations).

(``greedy``, not in LEVELS: one step ahead on one determinisation with a point of noise,
is kept as a level for comparison: it is strong at Hunters and weak at
Glen More, where a turn is many steps.)

``basic`` (the old name) is kept as an alias of ``easy``; an unknown level
plays as ``random``.  A bot sees what its seat sees and nothing more: every
position it looks at comes from ``rules.determinize(state, seat, rng)``.
Its randomness is derived from ``seed`` and the public position (ply and
seat), so with ``iterations`` the move is reproducible; with ``budget_s``
(or neither: the level's ``DEFAULTS``) the search stops by the clock.
Bot moves are logged like any other move, so replays never depend on bots.
``choose_move`` never changes ``game``.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, Optional

from ..core.rng import Rng, derive_seed
from .knowledge import knowledge_for
from .search import ismcts

Move = Dict[str, Any]

#: per level without budget or iterations from the caller: (most iterations,
#: seconds, fewest iterations).  Each level does at least what the level below
#: may do at most, so the order of strength holds on a slow phone too; hard
#: stays near 1 s per decision in Pyodide.
DEFAULTS = {"easy": (10, None, 10), "medium": (30, 0.4, 12), "hard": (None, 0.7, 30)}
#: the search's exploration constant per level
EXPLORATION = {"easy": 0.25, "medium": 0.25, "hard": 0.25}
GREEDY_NOISE = 1.0  # points of noise on the greedy level's judgement
ALIASES = {"basic": "easy"}


def _random(game: Any, seat: int, rng: Rng, budget_s: Optional[float], iterations: Optional[int]) -> Move:
    legal = game.rules.legal_moves(game.state)
    return legal[rng.below(len(legal))]


def _greedy(game: Any, seat: int, rng: Rng, budget_s: Optional[float], iterations: Optional[int]) -> Move:
    rules = game.rules
    know = knowledge_for(rules.name)
    legal = rules.legal_moves(game.state)
    if len(legal) == 1:
        return legal[0]
    legal = know.candidates(rules, game.state, legal)
    world = rules.determinize(game.state, seat, rng)
    best, best_value = legal[0], None
    for move in legal:
        trial = rules.copy(world)
        rules.apply(trial, move)
        value = know.greedy_value(rules, trial, seat) + GREEDY_NOISE * (rng.below(1 << 20) / (1 << 20))
        if best_value is None or value > best_value:
            best, best_value = move, value
    return best


def _searcher(level: str) -> Callable[..., Move]:
    def search(game: Any, seat: int, rng: Rng, budget_s: Optional[float], iterations: Optional[int]) -> Move:
        rules = game.rules
        most, seconds, fewest = DEFAULTS[level]
        if level == "easy":
            iterations, budget_s = most, None
        elif iterations is not None:
            budget_s, fewest = None, 1
        elif budget_s is None:
            iterations, budget_s = most, seconds
        return ismcts(rules, game.state, seat, knowledge_for(rules.name), rng,
                      iterations, budget_s, EXPLORATION[level], fewest)
    return search


LEVELS: Dict[str, Callable[..., Move]] = {
    "random": _random,
    "easy": _searcher("easy"),
    "medium": _searcher("medium"),
    "hard": _searcher("hard"),
}


def choose_move(game: Any, level: str = "random", seed: int = 0,
                budget_s: Optional[float] = None, iterations: Optional[int] = None) -> Move:
    """The move the bot of ``level`` plays for the seat to move in ``game``:
    always one of ``game.legal_moves()``; ``game`` is left untouched.

    :raises ValueError: if the game is over.
    """
    if game.is_over:
        raise ValueError("the game is over")
    level = ALIASES.get(level, level)
    fn = LEVELS.get(level) or (_greedy if level == "greedy" else LEVELS["random"])
    seat = game.current_player
    rng = Rng(derive_seed("bot", seed, level, seat, len(game.log)))
    return fn(game, seat, rng, budget_s, iterations)
