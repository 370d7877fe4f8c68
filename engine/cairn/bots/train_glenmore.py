"""``python -m cairn train glenmore``: learn the weights hard gives the parts of its Glen More
forecast (:func:`cairn.bots.glenmore.features`) in two-seat games, from self-play.

Two-seat games (the dummy die at the table) of ``hard0`` (the tree search on the hand
forecast, at 100 iterations) against itself, parts recorded every third decision outside a
payment, weights fitted per stage of the stacks (tiles left: :data:`EDGES`) pulled towards the
hand forecast (:data:`cairn.bots.glenmore.HAND`), the constant free:
:mod:`cairn.bots.train_forecast`.

Why hard0's games and not medium's, as for Hunters: a forecast fitted to medium's games learns
what things are worth in medium's hands (resources it cannot spend are worth little, jumping
ahead on the chain costs it little), and hard playing by it lost to today's hard (7 of 21 games
at 100 iterations each); fitted to hard0's games it won 16 of 24.
"""
from __future__ import annotations

import os
from typing import Any, Callable, List

from .glenmore import FEATURES, HAND, features, hand_value, tiles_left
from .train_forecast import Recipe
from .train_forecast import train as train_recipe

DEFAULT_OUT = os.path.join(os.path.dirname(__file__), "data", "glenmore.json")
#: the stages by tiles left (two seats: 57 at the start; the scorings come as stacks A, B, C
#: run out, at 36 and 17 left): more than 46, 37-46, 27-36, 18-26, 9-17, 8 or fewer
EDGES = [46, 36, 26, 17, 8, -1]


def scored(s: Any) -> List[float]:
    return [float(p.total_vp) for p in s.players]


def unpaid(s: Any) -> bool:
    """No payment under way (the forecast adds one by hand)."""
    return s.turn.pending is None


RECIPE = Recipe(
    "glenmore", FEATURES, features, left=tiles_left, scored=scored, hand_value=hand_value, edges=EDGES,
    prior=list(HAND) + [0.0], about="Glen More: hard's forecast weights, python -m cairn train glenmore",
    level="hard0", iterations=100, sample_ok=unpaid)


def train(games: int = 120, seed: int = 100, alpha: float = 0.5, out: str = DEFAULT_OUT,
          procs: int = 2, log: Callable[..., Any] = print) -> None:
    train_recipe(RECIPE, games, seed, alpha, out, procs, log)
