"""``python -m cairn train hunters``: learn the weights hard gives the parts of its Hunters
forecast (:func:`cairn.bots.hunters.features`) in two-seat games, from self-play.

1. Play ``games`` two-seat games of medium against medium (seeds ``seed``, ``seed + 1``,
   ...), in ``procs`` processes.
2. Every third decision record each seat's parts and points so far and, once the game is
   over, the points it finished with.
3. Per stage of the stack (land tiles left: :data:`EDGES`) fit the weights of the parts and
   a constant to the points still to come, by ridge regression pulled towards the hand
   forecast's weights (:data:`PRIOR`): ``|y - Xw|^2 + alpha * sum_j ((X^T X)_jj + 1)
   (w_j - w0_j)^2``, solved exactly, on four samples in five; the fifth is held out for
   the printed check.

What it learns: a tribe member or a hut still in hand is worth about ten points early on
(the hand forecast: 1.5 and 1), so hard no longer spends them on small gains.
Deterministic from the seed; pure Python.
"""
from __future__ import annotations

import json
import os
import time
from multiprocessing import get_context
from typing import Any, List, Tuple

from .. import new_game
from . import choose_move
from .hunters import FEATURES, HUT_VALUE, MEMBER_VALUE, N_FEATURES, bucket, features, hand_value
from .train import solve

DEFAULT_OUT = os.path.join(os.path.dirname(__file__), "data", "hunters.json")
#: the stages: more than 60 land tiles left, 46-60, 31-45, 16-30, 6-15, 5 or fewer
EDGES = [60, 45, 30, 15, 5, -1]
#: the hand forecast as weights (its share of an unfinished feature taken as 0.6)
PRIOR = [1.0, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, MEMBER_VALUE, 0.0, HUT_VALUE, 0.0]
STRIDE = 3
MEDIUM_ITERATIONS = 15
Sample = Tuple[int, List[int], float]   # land tiles left, parts, points still to come


def play(seed: int) -> List[Sample]:
    """One game of medium against medium: its samples."""
    g = new_game("hunters", players=2, seed=seed)
    seen = []
    ply = 0
    while not g.is_over:
        if ply % STRIDE == 0:
            s = g.state
            seen.append((len(s.land), features(s), [sum(row) for row in s.score]))
        g.play(choose_move(g, "medium", seed=seed, iterations=MEDIUM_ITERATIONS))
        ply += 1
    final = [sc["total"] for sc in g.scores()]
    return [(left, f[p], float(final[p] - score[p])) for left, f, score in seen for p in range(2)]


def fit(samples: List[Sample], alpha: float) -> Tuple[List[List[float]], List[Any]]:
    """Weights per stage, and per stage the held-out error of the hand forecast and of the
    weights (root mean square, points)."""
    k = N_FEATURES + 1
    weights, report = [], []
    for stage in range(len(EDGES)):
        rows = [(f + [1], y, left) for left, f, y in samples if bucket(EDGES, left) == stage]
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
        a = [[xtx[i][j] + (alpha * (xtx[i][i] + 1) if i == j else 0.0) for j in range(k)] for i in range(k)]
        b = [xty[i] + alpha * (xtx[i][i] + 1) * PRIOR[i] for i in range(k)]
        w = solve(a, b) if train else PRIOR[:]
        weights.append([round(v, 4) for v in w])

        def rmse(pred: Any) -> float:
            return (sum((pred(x, left) - y) ** 2 for x, y, left in held) / max(1, len(held))) ** 0.5

        report.append({"stage": stage, "samples": len(rows),
                       "rmse_hand": round(rmse(hand_value), 2),
                       "rmse_learned": round(rmse(lambda x, _l: sum(p * q for p, q in zip(w, x))), 2)})
    return weights, report


def train(games: int = 600, seed: int = 1, alpha: float = 0.05, out: str = DEFAULT_OUT,
          procs: int = 2, log=print) -> None:
    t0 = time.perf_counter()
    seeds = list(range(seed, seed + games))
    if procs > 1:
        ctx = get_context("fork") if hasattr(os, "fork") else get_context()
        with ctx.Pool(procs) as pool:
            per_game = pool.map(play, seeds, chunksize=4)
    else:
        per_game = [play(s) for s in seeds]
    samples = [smp for rows in per_game for smp in rows]
    log(f"{games} games, {len(samples)} samples ({time.perf_counter() - t0:.0f} s)")
    weights, report = fit(samples, alpha)
    for r in report:
        log(f"stage {r['stage']}: {r['samples']} samples, held-out error hand {r['rmse_hand']}, "
            f"learned {r['rmse_learned']}")
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump({"about": "Hunters: hard's forecast weights, python -m cairn train hunters",
                   "features": list(FEATURES) + ["constant"], "edges": EDGES, "weights": weights,
                   "trained": {"games": games, "seed": seed, "alpha": alpha, "stride": STRIDE,
                               "medium_iterations": MEDIUM_ITERATIONS, "fit": report}},
                  fh, indent=1)
        fh.write("\n")
    os.replace(tmp, out)
