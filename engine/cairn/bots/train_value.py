"""``python -m cairn train caledonia-value``: learn what a Caledonia seat will finish with,
judged where a round begins (:mod:`cairn.bots.caledonia_value`), from self-play.

1. Play ``games`` games of each match (``self``: a seat played by ``player``, the strategy
   policy or the hard bot; ``automaN``: the official solo opponent; one ``self`` alone: the
   solo mode), seeds ``seed``, ``seed + 1``, ... (seats rotate with the seed), in ``procs``
   processes.
2. Where each round from the second on begins, record every seat's numbers and, once the
   game is over, the points it finished with.
3. For each round and each kind of seat (player, solo opponent) fit the weights by ridge
   regression pulled towards "the points it would have now" (weight 1 on ``score``):
   ``|y - Xw|^2 + alpha * sum_j (X^T X)_jj (w_j - w0_j)^2``, solved exactly.

Expert iteration: a second run with ``--player hard`` learns from the games the hard bot
plays with the first run's weights (``--start``), whose choices are better than the
policy's.  Deterministic from the seed; pure Python.
"""
from __future__ import annotations

import json
import os
import time
from multiprocessing import get_context
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .. import new_game
from ..core.rng import Rng
from . import seat_for
from . import caledonia_value as cv
from .caledonia_policy import Policy
from .train import solve

DEFAULT_OUT = os.path.join(os.path.dirname(__file__), "data", "caledonia_value.json")
ROUNDS = cv.ROUNDS
Sample = Tuple[str, int, List[float], float]   # kind, round, features, final points


#: random moves of the policy while it plays for the data (per thousand decisions): positions
#: a little off its own path, so the value learns what odd moves lead to
NOISE = 30


def play_and_record(levels: Sequence[str], seed: int, player: str = "policy",
                    iterations: Optional[int] = None, noise: int = NOISE) -> List[Sample]:
    """One game, seat i played by ``levels[i]`` (``self`` or ``automaN``): the numbers of
    every seat where each round from the second on begins, with its final points."""
    seats: Any = 1 if list(levels) == ["self"] else [seat_for("hard" if lv == "self" else lv) for lv in levels]
    g = new_game("caledonia", players=seats, seed=seed)
    rules, state = g.rules, g.state
    policy = Policy()
    policy.P = dict(policy.P, noise=noise)
    rng = Rng(seed ^ 0xCA1ED)
    pending: List[Tuple[str, int, int, List[float]]] = []
    seen = set()
    ply = 0
    if player == "hard":
        from . import choose_move
    while True:
        ply += 1
        seat = rules.current_player(state)
        if seat is None:
            break
        if state.round >= 2 and state.round not in seen and cv.at_rest(state):
            seen.add(state.round)
            for s, row in enumerate(cv.features(state)):
                pending.append(("automa" if state.players[s].automa else "player", state.round, s, row))
        legal = rules.legal_moves(state)
        if len(legal) == 1:
            rules.apply(state, legal[0])
        elif player == "hard":
            g.state = state   # the game's log stays empty: the ply picks the bot's stream
            rules.apply(state, choose_move(g, "hard", seed=seed * 100_003 + ply, iterations=iterations))
        else:
            rules.apply(state, policy.choose(state, legal, rng))
    totals = [float(s["total"]) for s in rules.scores(state)]
    return [(kind, r, row, totals[s]) for kind, r, s, row in pending]


def _job(args: Tuple[Sequence[str], int, str, Optional[int]]) -> List[Sample]:
    levels, seed, player, iterations = args
    return play_and_record(levels, seed, player, iterations)


def fit(samples: Sequence[Tuple[List[float], float]], alpha: float, n: int) -> List[float]:
    """Ridge regression of the final points on the numbers, pulled towards weight 1 on the
    points now (column 1) by ``alpha`` times each column's sum of squares."""
    w0 = [0.0] * n
    w0[1] = 1.0
    if len(samples) < 2 * n:
        return w0
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    for x, y in samples:
        for i in range(n):
            xi = x[i]
            if xi:
                xty[i] += xi * y
                ri = xtx[i]
                for j in range(n):
                    ri[j] += xi * x[j]
    for i in range(n):
        lam = alpha * xtx[i][i] + 1e-6
        xtx[i][i] += lam
        xty[i] += lam * w0[i]
    return [round(v, 6) for v in solve(xtx, xty)]


def rmse(samples: Sequence[Tuple[List[float], float]], w: Sequence[float]) -> float:
    if not samples:
        return 0.0
    return (sum((sum(a * b for a, b in zip(w, x)) - y) ** 2 for x, y in samples) / len(samples)) ** 0.5


def train(matches: Sequence[Sequence[str]], games: int, seed: int = 1, player: str = "policy",
          alpha: float = 0.02, out: Optional[str] = DEFAULT_OUT, procs: int = 2,
          iterations: Optional[int] = None, start: Optional[str] = None, log: Any = print) -> Dict[str, Any]:
    """Play, record, fit; write the weights to ``out`` (unless None) and return them."""
    if start:
        with open(start, encoding="utf-8") as f:
            cv.WEIGHTS = cv.load_weights(f.read())
    jobs = []
    for levels in matches:
        for i in range(games):
            s = seed + i
            k = s % len(levels)
            jobs.append((list(levels[k:]) + list(levels[:k]), s, player, iterations))
    t0 = time.perf_counter()
    ctx = get_context("fork") if hasattr(os, "fork") else get_context()
    if procs > 1:
        with ctx.Pool(procs) as pool:
            results = pool.map(_job, jobs, chunksize=1)
    else:
        results = [_job(j) for j in jobs]
    log(f"  {len(jobs)} games ({time.perf_counter() - t0:.0f} s)")
    by: Dict[Tuple[str, int], List[Tuple[List[float], float]]] = {}
    for samples in results:
        for kind, r, row, y in samples:
            by.setdefault((kind, r), []).append((row, y))
    data: Dict[str, Any] = {"game": "caledonia", "features": list(cv.FEATURES),
                            "automa_features": list(cv.AUTOMA_FEATURES), "player": {}, "automa": {}}
    report = []
    for (kind, r), samples in sorted(by.items()):
        n = len(cv.AUTOMA_FEATURES if kind == "automa" else cv.FEATURES)
        w = fit(samples, alpha, n)
        data[kind][str(r)] = w
        w0 = [0.0] * n
        w0[1] = 1.0
        report.append({"kind": kind, "round": r, "samples": len(samples),
                       "rmse_now": round(rmse(samples, w0), 2), "rmse_learned": round(rmse(samples, w), 2)})
        log(f"  {kind} at round {r}: {len(samples)} samples, error {report[-1]['rmse_now']} points "
            f"(score now) -> {report[-1]['rmse_learned']} (learned)")
    data["trained"] = {"matches": [list(m) for m in matches], "games": games, "seed": seed, "player": player,
                       "alpha": alpha, "iterations": iterations,
                       "start": os.path.basename(start) if start else None, "fit": report}
    if out:
        os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
        with open(out, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
        log(f"wrote {out}")
    return data
