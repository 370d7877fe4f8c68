"""Bots choose moves through the public Game API only (legal_moves, clone,
play, scores, view) - never through rules internals.

``choose_move(game, level)`` is the one entry point; levels are listed in
``LEVELS``.  A bot's randomness is derived from the game's seed and ply, so
bot games are reproducible, but bot moves are logged like any other move,
so replays never depend on bots.
"""
from __future__ import annotations

from typing import Any, Callable, Dict

from ..core.rng import Rng, derive_seed
from .random_bot import random_move

BotFn = Callable[[Any, Rng], Dict[str, Any]]


def basic_move(game: Any, rng: Rng) -> Dict[str, Any]:
    """The game's own basic policy where there is one, else random."""
    policy = BASIC.get(game.name)
    return policy(game, rng) if policy else random_move(game, rng)


def _basic_policies() -> Dict[str, BotFn]:
    from .glenmore_basic import basic_glenmore_move
    from .hunters_basic import basic_hunters_move

    return {"glenmore": basic_glenmore_move, "hunters": basic_hunters_move}


BASIC: Dict[str, BotFn] = _basic_policies()
LEVELS: Dict[str, BotFn] = {"random": random_move, "basic": basic_move}


def choose_move(game: Any, level: str = "random") -> Dict[str, Any]:
    """The move the bot of ``level`` plays in ``game`` for the current seat."""
    if game.is_over:
        raise ValueError("the game is over")
    fn = LEVELS.get(level) or LEVELS["random"]
    rng = Rng(derive_seed(game.seed, len(game.log), level, game.current_player))
    return fn(game, rng)
