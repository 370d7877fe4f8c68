"""Learning a forecast's weights (:mod:`cairn.bots.forecast`) from self-play, for any game
that names its parts in a :class:`Recipe` (Hunters: :mod:`cairn.bots.train_hunters`, Glen
More: :mod:`cairn.bots.train_glenmore`).

1. Play ``games`` games of ``recipe.level`` against itself (seeds ``seed``, ``seed + 1``,
   ...), in ``procs`` processes.
2. Every ``recipe.stride``-th decision (where ``recipe.sample_ok`` allows) record each seat's
   parts, the clock and its points so far; once the game is over, the points it finished
   with.
3. Per stage (``recipe.edges``) fit the weights of the parts and a constant to the points
   still to come, by ridge regression pulled towards the hand forecast's weights
   (``recipe.prior``): ``|y - Xw|^2 + alpha * sum_j ((X^T X)_jj + 1) (w_j - w0_j)^2``,
   solved exactly, on four samples in five; the fifth is held out for the printed check.
   The constant is left free unless ``recipe.pull_constant`` (Hunters, as its shipped weights
   were fitted): a hand forecast that leaves out the points every seat will still score (Glen
   More's: 45 points early on) would otherwise bend every other weight to make up for it.

Deterministic from the seed; pure Python.
"""
from __future__ import annotations

import functools
import json
import os
import time
from multiprocessing import get_context
from typing import Any, Callable, List, Optional, Sequence, Tuple

from .. import new_game
from . import choose_move
from .forecast import bucket
from .train import solve

Sample = Tuple[int, List[float], float]   # the clock, parts, points still to come


class Recipe:
    """What a game's forecast training needs (functions at a module's top level: the
    worker processes receive it pickled)."""

    def __init__(self, game: str, names: Sequence[str], features: Callable[[Any], List[List[float]]],
                 left: Callable[[Any], int], scored: Callable[[Any], List[float]],
                 hand_value: Callable[[List[float], int], float], edges: Sequence[int],
                 prior: Sequence[float], about: str, level: str = "medium", iterations: int = 30,
                 stride: int = 3, players: int = 2,
                 sample_ok: Optional[Callable[[Any], bool]] = None, pull_constant: bool = False) -> None:
        if len(prior) != len(names) + 1:
            raise ValueError("the prior needs a weight per part and the constant")
        self.game, self.names, self.features, self.left, self.scored = game, list(names), features, left, scored
        self.hand_value, self.edges, self.prior, self.about = hand_value, list(edges), list(prior), about
        self.level, self.iterations, self.stride, self.players = level, iterations, stride, players
        self.sample_ok, self.pull_constant = sample_ok, pull_constant


def play(recipe: Recipe, seed: int) -> List[Sample]:
    """One game of ``recipe.level`` against itself: its samples."""
    g = new_game(recipe.game, players=recipe.players, seed=seed)
    seen = []
    ply = 0
    while not g.is_over:
        s = g.state
        if ply % recipe.stride == 0 and (recipe.sample_ok is None or recipe.sample_ok(s)):
            seen.append((recipe.left(s), recipe.features(s), recipe.scored(s)))
        g.play(choose_move(g, recipe.level, seed=seed, iterations=recipe.iterations))
        ply += 1
    final = [sc["total"] for sc in g.scores()]
    return [(left, list(f[p]), float(final[p] - score[p]))
            for left, f, score in seen for p in range(recipe.players)]


def fit(recipe: Recipe, samples: List[Sample], alpha: float) -> Tuple[List[List[float]], List[Any]]:
    """Weights per stage, and per stage the held-out error of the hand forecast and of the
    weights (root mean square, points)."""
    k = len(recipe.names) + 1
    prior = recipe.prior
    weights, report = [], []
    for stage in range(len(recipe.edges)):
        rows = [(f + [1], y, left) for left, f, y in samples if bucket(recipe.edges, left) == stage]
        train = [r for i, r in enumerate(rows) if i % 5]
        held = rows[::5]
        xtx = [[0.0] * k for _ in range(k)]
        xty = [0.0] * k
        for x, y, _ in train:
            for i in range(k):
                if x[i]:
                    xty[i] += x[i] * y
                    row = xtx[i]
                    for j in range(k):
                        row[j] += x[i] * x[j]
        pull = [alpha * (xtx[i][i] + 1) for i in range(k)]
        if not recipe.pull_constant:
            pull[-1] = 0.0
        a = [[xtx[i][j] + (pull[i] if i == j else 0.0) for j in range(k)] for i in range(k)]
        b = [xty[i] + pull[i] * prior[i] for i in range(k)]
        w = solve(a, b) if train else prior[:]
        weights.append([round(v, 4) for v in w])

        def rmse(pred: Any) -> float:
            return (sum((pred(x, left) - y) ** 2 for x, y, left in held) / max(1, len(held))) ** 0.5

        report.append({"stage": stage, "samples": len(rows),
                       "rmse_hand": round(rmse(lambda x, left: recipe.hand_value(x[:-1], left)), 2),
                       "rmse_learned": round(rmse(lambda x, _l: sum(p * q for p, q in zip(w, x))), 2)})
    return weights, report


def train(recipe: Recipe, games: int, seed: int, alpha: float, out: str, procs: int = 2,
          log: Callable[..., Any] = print) -> None:
    """Play, fit and write the weights to ``out`` (see the module docstring)."""
    t0 = time.perf_counter()
    seeds = list(range(seed, seed + games))
    one = functools.partial(play, recipe)
    if procs > 1:
        ctx = get_context("fork") if hasattr(os, "fork") else get_context()
        with ctx.Pool(procs) as pool:
            per_game = pool.map(one, seeds, chunksize=4)
    else:
        per_game = [one(s) for s in seeds]
    samples = [smp for rows in per_game for smp in rows]
    log(f"{games} games, {len(samples)} samples ({time.perf_counter() - t0:.0f} s)")
    weights, report = fit(recipe, samples, alpha)
    for r in report:
        log(f"stage {r['stage']}: {r['samples']} samples, held-out error hand {r['rmse_hand']}, "
            f"learned {r['rmse_learned']}")
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump({"about": recipe.about, "features": recipe.names + ["constant"], "edges": recipe.edges,
                   "weights": weights,
                   "trained": {"games": games, "seed": seed, "alpha": alpha, "stride": recipe.stride,
                               f"{recipe.level}_iterations": recipe.iterations, "fit": report}},
                  fh, indent=1)
        fh.write("\n")
    os.replace(tmp, out)
