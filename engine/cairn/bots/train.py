"""``python -m cairn train caledonia``: learn the weights of Caledonia's forecast from
self-play, into the data file the bots load (``cairn/bots/data/caledonia.json``).

1. Play ``games`` games (seeds ``seed``, ``seed + 1``, ...) of each match in ``matches``
   (e.g. ``medium,automa3``: the medium bot against the official solo opponent at
   difficulty 3; seats alternate by seed) through the checked API.
2. At every ``stride``-th ply, for every seat a bot plays, record the parts of the forecast
   (:meth:`~cairn.bots.caledonia.CaledoniaKnowledge.features`) and, once the game is over,
   the points that seat finished with.
3. For each number of action phases left (0-5), fit the weights by ridge regression towards
   the hand forecast (weight 1 on its parts, 0 on the others): minimise
   ``|y - Xw|^2 + alpha * sum_j (X^T X)_jj (w_j - w0_j)^2``, solved exactly (pure Python,
   a 17x17 linear system per phase count).

Deterministic from the seed (the bots' moves are reproducible with fixed iterations), so
the same command writes the same file.  Pure Python: no numpy at training or run time.
"""
from __future__ import annotations

import json
import os
import time
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .. import new_game
from . import choose_move, seat_for, seat_move
from .caledonia import FEATURES, HAND, KNOWLEDGE, K, load_weights

Sample = Tuple[List[float], float]
PHASES = 6
DEFAULT_OUT = os.path.join(os.path.dirname(__file__), "data", "caledonia.json")


def play_and_record(levels: Sequence[str], seed: int, stride: int,
                    iterations: Optional[Dict[str, int]] = None) -> List[Sample]:
    """One game, seat i played by ``levels[i]``: (features, final points) of the bot seats
    at every ``stride``-th ply."""
    seats = [seat_for(lv) for lv in levels]
    g = new_game("caledonia", players=seats, seed=seed)
    iterations = iterations or {}
    pending: List[Tuple[int, List[float]]] = []
    ply = 0
    while not g.is_over:
        if ply % stride == 0:
            for seat, row in enumerate(KNOWLEDGE.features(g.state)):
                if not isinstance(row, float):
                    pending.append((seat, row))
        ply += 1
        level = levels[g.current_player]
        if seats[g.current_player]["kind"] != "bot":
            g.play(seat_move(g))
        else:
            g.play(choose_move(g, level, seed=seed, iterations=iterations.get(level)))
    totals = [float(s["total"]) for s in g.scores()]
    return [(row, totals[seat]) for seat, row in pending]


def solve(a: List[List[float]], b: List[float]) -> List[float]:
    """``x`` with ``a x = b`` (Gaussian elimination with partial pivoting; ``a`` square and
    non-singular)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        pivot = m[c][c]
        for r in range(c + 1, n):
            f = m[r][c] / pivot
            if f:
                mr, mc = m[r], m[c]
                for j in range(c, n + 1):
                    mr[j] -= f * mc[j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def prior() -> List[float]:
    """The hand forecast as weights: 1 on its parts, 0 on the others."""
    return [1.0 if i in HAND else 0.0 for i in range(len(FEATURES))]


def fit(samples: Sequence[Sample], alpha: float) -> List[float]:
    """Ridge regression of the final points on the features, pulled towards :func:`prior`
    by ``alpha`` times each feature's own sum of squares (the ``k`` column is left out:
    it is constant within a phase count).  Too few samples: the prior."""
    w0 = prior()
    cols = [j for j in range(len(FEATURES)) if j != K]
    n = len(cols)
    if len(samples) < 2 * n:
        return w0
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    for row, y in samples:
        x = [row[j] for j in cols]
        for i in range(n):
            xi = x[i]
            if xi:
                xty[i] += xi * y
                ri = xtx[i]
                for j in range(n):
                    ri[j] += xi * x[j]
    for i, j in enumerate(cols):
        lam = alpha * xtx[i][i] + 1e-6
        xtx[i][i] += lam
        xty[i] += lam * w0[j]
    w = solve(xtx, xty)
    out = [0.0] * len(FEATURES)
    for i, j in enumerate(cols):
        out[j] = round(w[i], 6)
    return out


def error(samples: Sequence[Sample], w: Sequence[float]) -> float:
    """Root mean square error of the weights' forecast, in points."""
    if not samples:
        return 0.0
    return (sum((sum(a * b for a, b in zip(w, row)) - y) ** 2 for row, y in samples) / len(samples)) ** 0.5


def _record(matches: Sequence[Sequence[str]], games: int, seed: int, stride: int,
            iterations: Optional[Dict[str, int]], log: Any) -> List[List[Sample]]:
    """Samples by action phases left, from ``games`` games of each match (the first level's
    seat alternates with the seed)."""
    by_k: List[List[Sample]] = [[] for _ in range(PHASES)]
    start = time.perf_counter()
    for levels in matches:
        for i in range(games):
            s = seed + i
            seats = list(levels) if s % 2 else list(levels)[::-1]
            for row, y in play_and_record(seats, s, stride, iterations):
                by_k[int(row[K])].append((row, y))
        log(f"  {','.join(levels)}: {games} games ({time.perf_counter() - start:.0f} s)")
    return by_k


def train(matches: Sequence[Sequence[str]], games: int, seed: int, stride: int = 3,
          alpha: float = 0.05, out: Optional[str] = DEFAULT_OUT,
          iterations: Optional[Dict[str, int]] = None, log: Any = print,
          start: Optional[str] = None) -> Dict[str, Any]:
    """Play, record, fit; write the weights to ``out`` (unless None) and return them.  The
    bots play on the hand forecast, or with ``start``'s weights (a file this wrote: a
    second round of training on the games the learned forecast plays)."""
    begin = None
    if start:
        with open(start) as f:
            begin = load_weights(f.read())
        if begin is None:
            raise ValueError(f"{start}: not weights for these features")
    loaded, KNOWLEDGE.weights = KNOWLEDGE.weights, begin
    try:
        by_k = _record(matches, games, seed, stride, iterations, log)
    finally:
        KNOWLEDGE.weights = loaded
    weights, report = [], []
    for k, samples in enumerate(by_k):
        w = fit(samples, alpha)
        weights.append(w)
        report.append({"phases_left": k, "samples": len(samples),
                       "rmse_hand": round(error(samples, prior()), 2),
                       "rmse_learned": round(error(samples, w), 2)})
        log(f"  {k} action phases left: {len(samples)} samples, error {report[-1]['rmse_hand']} "
            f"points (hand) -> {report[-1]['rmse_learned']} (learned)")
    data = {"game": "caledonia", "features": list(FEATURES), "weights": weights,
            "trained": {"matches": [list(m) for m in matches], "games": games, "seed": seed,
                        "stride": stride, "alpha": alpha, "iterations": iterations or {},
                        "start": os.path.basename(start) if start else None,
                        "fit": report}}
    if out:
        os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
        with open(out, "w") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
        log(f"wrote {out}")
    return data
