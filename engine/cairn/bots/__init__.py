"""Bots: ``choose_move(game, level, seed=0, budget_s=None, iterations=None)``.

Levels (``LEVELS``), each tuned per game by attributes of the game's
knowledge (``cairn.bots.<game>.KNOWLEDGE``, defaults in
:class:`~cairn.bots.knowledge.Knowledge`):

* ``random``: any legal move, uniformly.
* ``easy``: greedy on immediate value with some noise: every candidate move
  is tried one step ahead on one determinisation and judged by the game's
  forecast (``greedy_value``) plus uniform noise of ``easy_noise`` points.
  Budgets and iterations given by the caller are ignored (it never searches).
* ``medium``: the shared ISMCTS search with a small budget:
  ``medium_iterations`` iterations, stopped early after ``medium_seconds``
  on a slow device (after at least 12).
* ``hard``: the same search with the time budget: ``hard_seconds``, at most
  ``hard_iterations`` and at least ``medium_iterations`` iterations; or, in a game whose
  knowledge says ``hard_search = "lookahead"`` (Clans of Caledonia), rollouts of its strategy
  policy to a horizon (:mod:`cairn.bots.lookahead`), ``hard_iterations`` rollouts at most.
* ``hard0`` (benchmarks only): hard as it was before rollout lookahead, the tree search at
  ``tree_iterations`` (frozen so a new hard can be measured against it).

Each level does at least what the level below may do at most, so the order
of strength holds on a slow phone too; hard stays near 1 s per decision in
Pyodide.  With ``iterations`` (medium, hard) the search runs exactly that
many; with ``budget_s`` it stops by the clock only.

``basic`` and ``greedy`` (old names) play as ``easy``; an unknown level
plays as ``random``.  A bot sees what its seat sees and nothing more: every
position it looks at comes from ``rules.determinize(state, seat, rng)``.
Its randomness is derived from ``seed`` and the public position (ply and
seat), so with ``iterations`` the move is reproducible; with ``budget_s``
(or neither: the level's defaults) the search may stop by the clock.
Bot moves are logged like any other move, so replays never depend on bots.
``choose_move`` never changes ``game``.

``seat_move(game)`` plays for whatever non-human seat is to move: a bot by
its level, a seat of a kind the game defines itself (Caledonia's automa)
by the rules' forced move; ``fixed_move(game, seed)`` the same with a
search of exactly the level's most iterations (the same move on every
device: today's game, friends' games).
"""
from __future__ import annotations

from typing import Any, Callable, Dict, Optional, Tuple

from ..core.rng import Rng, derive_seed
from .knowledge import Knowledge, knowledge_for
from .lookahead import lookahead
from .search import follow_turn, ismcts

Move = Dict[str, Any]

ALIASES = {"basic": "easy", "greedy": "easy"}


def budget(know: Knowledge, level: str) -> Tuple[int, float, int]:
    """A search level's defaults for a game: (most iterations, seconds,
    fewest iterations)."""
    if level == "medium":
        return know.medium_iterations, know.medium_seconds, min(12, know.medium_iterations)
    if level == "hard0":
        return know.tree_iterations or know.hard_iterations, know.hard_seconds, know.medium_iterations
    return know.hard_iterations, know.hard_seconds, know.hard_fewest or know.medium_iterations


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
    noise = know.easy_noise / (1 << 20)
    follow = know.easy_follow
    best, best_value = legal[0], None
    for move in legal:
        trial = rules.copy(world)
        rules.apply(trial, move)
        if follow:
            follow_turn(rules, know, trial, seat, follow)
        value = know.greedy_value(rules, trial, seat) + noise * rng.below(1 << 20)
        if best_value is None or value > best_value:
            best, best_value = move, value
    return best


def _searcher(level: str, tree_only: bool = False) -> Callable[..., Move]:
    """A search level; ``tree_only``: the tree search at hard's budget whatever the game's
    hard plays (``hard0``, hard as it was before rollout lookahead, kept for benchmarks)."""
    def search(game: Any, seat: int, rng: Rng, budget_s: Optional[float], iterations: Optional[int]) -> Move:
        rules = game.rules
        know = knowledge_for(rules.name).for_level("hard0" if tree_only else level)
        most, seconds, fewest = budget(know, "hard0" if tree_only else level)
        if iterations is not None:
            budget_s, fewest = None, 1
        elif budget_s is None:
            iterations, budget_s = most, seconds
        if level == "hard" and not tree_only and know.hard_search == "lookahead":
            return lookahead(rules, game.state, seat, know, rng, iterations, budget_s, fewest)
        return ismcts(rules, game.state, seat, know, rng, iterations, budget_s, know.exploration, fewest)
    return search


LEVELS: Dict[str, Callable[..., Move]] = {
    "random": _random,
    "easy": _greedy,
    "medium": _searcher("medium"),
    "hard": _searcher("hard"),
    # not offered in the app: today's hard frozen for benchmarks (the tree search at its budget)
    "hard0": _searcher("hard", tree_only=True),
}

#: the levels a player picks from (the app's seat menu): ``hard0`` is for benchmarks only
PLAYER_LEVELS = ("random", "easy", "medium", "hard")


def choose_move(game: Any, level: str = "random", seed: int = 0,
                budget_s: Optional[float] = None, iterations: Optional[int] = None) -> Move:
    """The move the bot of ``level`` plays for the seat to move in ``game``:
    always one of ``game.legal_moves()``; ``game`` is left untouched.

    :raises ValueError: if the game is over.
    """
    if game.is_over:
        raise ValueError("the game is over")
    level = ALIASES.get(level, level)
    fn = LEVELS.get(level, LEVELS["random"])
    seat = game.current_player
    rng = Rng(derive_seed("bot", seed, level, seat, len(game.log)))
    return fn(game, seat, rng, budget_s, iterations)


def seat_for(level: str) -> Dict[str, str]:
    """The seat spec a benchmark or training level names: ``automaN`` is a game's own
    card-driven seat (Caledonia's solo opponent at difficulty N), anything else a bot."""
    if level.startswith("automa"):
        return {"kind": "automa", "level": level[len("automa"):]}
    return {"kind": "bot", "level": level}


def seat_move(game: Any, seed: int = 0, budget_s: Optional[float] = None,
              iterations: Optional[int] = None) -> Move:
    """The move of the seat to move when no human plays it: a ``bot`` seat's
    by its level (:func:`choose_move`); a seat of one of the game's own kinds
    (its rules' ``seat_kinds``, e.g. Caledonia's card-driven ``automa``)
    plays the rules' forced move, the only legal move it has.

    :raises ValueError: if the game is over, a human is to move, or such a
        seat has more than one move.
    """
    if game.is_over:
        raise ValueError("the game is over")
    spec = game.seats[game.current_player]
    if spec.kind == "human":
        raise ValueError("it is a human's turn")
    if spec.kind == "bot":
        return choose_move(game, spec.level or "random", seed, budget_s, iterations)
    legal = game.legal_moves()
    if len(legal) != 1:
        raise ValueError(f"a seat of kind '{spec.kind}' has no forced move here")
    return legal[0]


def fixed_move(game: Any, seed: int = 0) -> Move:
    """The move of the non-human seat to move searched to exactly its level's
    most iterations (never stopped by the clock): the same on every device
    for the same position and ``seed`` (today's game; a friends' game, whose
    every device plays its bots' moves itself to check them)."""
    spec = game.seats[game.current_player] if not game.is_over else None
    if spec is None or spec.kind != "bot":
        return seat_move(game, seed)
    level = ALIASES.get(spec.level or "random", spec.level or "random")
    most = budget(knowledge_for(game.rules.name).for_level(level), level)[0] if level in ("medium", "hard") else None
    return choose_move(game, level, seed=seed, iterations=most)
