"""``python -m cairn train hunters``: learn the weights hard gives the parts of its Hunters
forecast (:func:`cairn.bots.hunters.features`) in two-seat games, from self-play.

Two-seat games of medium (15 iterations) against medium, parts recorded every third
decision, weights fitted per stage of the stack (land tiles left: :data:`EDGES`) pulled
towards the hand forecast (:data:`PRIOR`): :mod:`cairn.bots.train_forecast`.

What it learns: a tribe member or a hut still in hand is worth about ten points early on
(the hand forecast: 1.5 and 1), so hard no longer spends them on small gains.
"""
from __future__ import annotations

import os
from typing import Any, Callable, List

from .hunters import FEATURES, HUT_VALUE, MEMBER_VALUE, features, hand_value
from .train_forecast import Recipe
from .train_forecast import train as train_recipe

DEFAULT_OUT = os.path.join(os.path.dirname(__file__), "data", "hunters.json")
#: the stages: more than 60 land tiles left, 46-60, 31-45, 16-30, 6-15, 5 or fewer
EDGES = [60, 45, 30, 15, 5, -1]
#: the hand forecast as weights (its share of an unfinished feature taken as 0.6)
PRIOR = [1.0, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, MEMBER_VALUE, 0.0, HUT_VALUE, 0.0]



def land_left(s: Any) -> int:
    return len(s.land)


def scored(s: Any) -> List[float]:
    return [float(sum(row)) for row in s.score]


RECIPE = Recipe(
    "hunters", FEATURES, features, left=land_left, scored=scored, hand_value=hand_value, edges=EDGES, prior=PRIOR,
    about="Hunters: hard's forecast weights, python -m cairn train hunters", level="medium", iterations=15,
    pull_constant=True)


def train(games: int = 600, seed: int = 1, alpha: float = 0.05, out: str = DEFAULT_OUT,
          procs: int = 2, log: Callable[..., Any] = print) -> None:
    train_recipe(RECIPE, games, seed, alpha, out, procs, log)
