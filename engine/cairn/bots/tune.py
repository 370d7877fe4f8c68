"""``python -m cairn train caledonia-policy``: tune the strategy policy's parameters by
self-play, into ``cairn/bots/data/caledonia_policy.json``.

The policy (:mod:`cairn.bots.caledonia_policy`) judges every move by numbers: what a pound
is worth each round, what a merchant, a shipping step, a settlement is worth, when to pass.
Rather than fit them to anyone's games, this searches them for the policy that scores
best: separable CMA-ES (Ros and Hansen 2008: an evolution strategy with a diagonal
covariance) over the parameters in :data:`SPACE`, each candidate judged by the games it
plays, all candidates of a generation on the same seeds (common random numbers), on the
games the bots meet: the solo mode (its score) and against the official solo opponent (the
margin).  Pure Python; candidates are judged in ``procs`` processes; the same seed writes
the same file; the file is rewritten after every generation, so a long run can be stopped
at any time and continued with ``--start``.
"""
from __future__ import annotations

import json
import math
import os
import time
from multiprocessing import get_context
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .. import new_game
from ..core.rng import Rng
from . import seat_for
from .caledonia_policy import DEFAULTS, Policy, load_params

DEFAULT_OUT = os.path.join(os.path.dirname(__file__), "data", "caledonia_policy.json")

#: (parameter, index in its list or None, step of one sigma, lowest, highest)
SPACE: Tuple[Tuple[str, Optional[int], float, float, float], ...] = (
    *(("mv", k, 0.05, 0.05, 1.0) for k in range(1, 6)),
    ("sale", None, 0.1, 0.3, 1.2),
    ("hop", None, 0.3, 0.0, 3.0),
    ("free_land", None, 1.0, 0.0, 10.0), ("bonus_upgrade", None, 1.0, 0.0, 8.0),
    ("count", None, 1.0, 0.0, 8.0), ("friction", None, 0.3, 0.0, 4.0),
    ("take_threshold", None, 1.0, -5.0, 10.0),
    *(("hire", k, 0.4, -1.0, 4.0) for k in range(1, 6)),
    *(("pool_target", k, 1.0, 2.0, 7.0) for k in range(5)),
    *(("ship", k, 1.0, -5.0, 8.0) for k in range(1, 6)),
    ("settle_each", None, 0.5, -1.0, 5.0), ("unfed", None, 0.15, 0.0, 1.0),
    ("meat_need", None, 1.5, 0.0, 15.0),
    *(("cash_floor", k, 5.0, 0.0, 60.0) for k in range(5)),
    ("pass_threshold", None, 0.5, -8.0, 5.0),
    *(("use", k, 0.15, 0.0, 1.5) for k in (0, 3, 4, 5)),
    ("delay", None, 0.7, 0.0, 8.0), ("reserve", None, 0.2, 0.0, 2.0),
    ("surplus", None, 1.0, 0.0, 6.0),
)
INTEGER = {"pool_target", "cash_floor", "surplus"}


def encode(params: Dict[str, Any]) -> List[float]:
    """The search coordinates of ``params`` (0 = :data:`DEFAULTS`, 1 = one step)."""
    out = []
    for name, idx, step, _lo, _hi in SPACE:
        v = params[name] if idx is None else params[name][idx]
        d = DEFAULTS[name] if idx is None else DEFAULTS[name][idx]
        out.append((v - d) / step)
    return out


def decode(x: Sequence[float], base: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    """Parameters at search coordinates ``x`` (clipped to their ranges)."""
    params = json.loads(json.dumps(base or DEFAULTS))
    for xi, (name, idx, step, lo, hi) in zip(x, SPACE):
        d = DEFAULTS[name] if idx is None else DEFAULTS[name][idx]
        v = min(hi, max(lo, d + xi * step))
        if name in INTEGER:
            v = int(round(v))
        else:
            v = round(v, 4)
        if idx is None:
            params[name] = v
        else:
            params[name][idx] = v
    return params


# -- judging a candidate ---------------------------------------------------------------------------
def play(params: Dict[str, Any], opponent: Optional[str], seed: int) -> float:
    """One game of the policy with ``params``: its score alone (``opponent`` None: the solo
    mode), else its margin over ``opponent`` (a seat level: ``automa3``; seats alternate by
    seed)."""
    policy = Policy(params)
    if opponent is None:
        seats: Any = 1
        me = 0
    else:
        me = seed % 2
        seats = [seat_for("hard"), seat_for(opponent)]
        if me:
            seats.reverse()
    g = new_game("caledonia", players=seats, seed=seed)
    rules, state = g.rules, g.state
    rng = Rng(seed ^ 0x5EED)
    current, legal_moves, apply = rules.current_player, rules.legal_moves, rules.apply
    while True:
        seat = current(state)
        if seat is None:
            break
        legal = legal_moves(state)
        if len(legal) == 1:
            apply(state, legal[0])
        elif seat == me or opponent is None:
            apply(state, policy.choose(state, legal, rng))
        else:
            apply(state, Policy(params).choose(state, legal, rng))
    totals = [s["total"] for s in rules.scores(state)]
    if opponent is None:
        return float(totals[0])
    return float(totals[me] - max(t for i, t in enumerate(totals) if i != me))


def judge(job: Tuple[Dict[str, Any], List[Tuple[Optional[str], int]]]) -> float:
    params, games = job
    return sum(play(params, opp, seed) for opp, seed in games) / len(games)


# -- separable CMA-ES -----------------------------------------------------------------------------
class SepCMA:
    """(mu/mu_w, lambda) evolution strategy with a diagonal covariance matrix."""

    def __init__(self, mean: List[float], sigma: float, rng: Rng, popsize: Optional[int] = None) -> None:
        n = self.n = len(mean)
        self.mean = list(mean)
        self.sigma = sigma
        self.rng = rng
        lam = self.lam = popsize or 4 + int(3 * math.log(n))
        mu = self.mu = lam // 2
        w = [math.log(mu + 0.5) - math.log(i + 1) for i in range(mu)]
        s = sum(w)
        self.w = [x / s for x in w]
        self.mueff = 1.0 / sum(x * x for x in self.w)
        mueff = self.mueff
        self.cc = (4 + mueff / n) / (n + 4 + 2 * mueff / n)
        self.cs = (mueff + 2) / (n + mueff + 5)
        c1 = 2 / ((n + 1.3) ** 2 + mueff)
        cmu = min(1 - c1, 2 * (mueff - 2 + 1 / mueff) / ((n + 2) ** 2 + mueff))
        self.c1 = min(1.0, c1 * (n + 2) / 3)          # the separable variant's faster rates
        self.cmu = min(1 - self.c1, cmu * (n + 2) / 3)
        self.damps = 1 + 2 * max(0.0, math.sqrt((mueff - 1) / (n + 1)) - 1) + self.cs
        self.chin = math.sqrt(n) * (1 - 1 / (4 * n) + 1 / (21 * n * n))
        self.pc = [0.0] * n
        self.ps = [0.0] * n
        self.diag = [1.0] * n
        self.gen = 0

    def _normal(self) -> float:
        u1 = (self.rng.below(1 << 52) + 1) / float(1 << 52)
        u2 = self.rng.below(1 << 52) / float(1 << 52)
        return math.sqrt(-2 * math.log(u1)) * math.cos(2 * math.pi * u2)

    def ask(self) -> List[List[float]]:
        self._z = [[self._normal() for _ in range(self.n)] for _ in range(self.lam)]
        return [[m + self.sigma * math.sqrt(c) * z for m, c, z in zip(self.mean, self.diag, zs)]
                for zs in self._z]

    def tell(self, xs: List[List[float]], fitness: List[float]) -> None:
        """``fitness``: higher is better."""
        n = self.n
        order = sorted(range(self.lam), key=lambda i: -fitness[i])[:self.mu]
        old = self.mean
        self.mean = [sum(self.w[j] * xs[i][k] for j, i in enumerate(order)) for k in range(n)]
        y = [(self.mean[k] - old[k]) / self.sigma for k in range(n)]
        zmean = [y[k] / math.sqrt(self.diag[k]) for k in range(n)]
        cs, cc = self.cs, self.cc
        self.ps = [(1 - cs) * p + math.sqrt(cs * (2 - cs) * self.mueff) * z for p, z in zip(self.ps, zmean)]
        norm = math.sqrt(sum(p * p for p in self.ps))
        self.gen += 1
        hsig = norm / math.sqrt(1 - (1 - cs) ** (2 * self.gen)) / self.chin < 1.4 + 2 / (n + 1)
        self.pc = [(1 - cc) * p + (math.sqrt(cc * (2 - cc) * self.mueff) * yk if hsig else 0.0)
                   for p, yk in zip(self.pc, y)]
        for k in range(n):
            rank_mu = sum(self.w[j] * ((xs[i][k] - old[k]) / self.sigma) ** 2 for j, i in enumerate(order))
            c = self.diag[k]
            c = (1 - self.c1 - self.cmu) * c + self.c1 * (self.pc[k] ** 2 + (0 if hsig else cc * (2 - cc) * c)) \
                + self.cmu * rank_mu
            self.diag[k] = min(25.0, max(1e-4, c))
        self.sigma *= math.exp((cs / self.damps) * (norm / self.chin - 1))
        self.sigma = min(3.0, max(1e-3, self.sigma))


def tune(generations: int = 100, games: int = 24, seed: int = 1, out: str = DEFAULT_OUT,
         start: Optional[str] = None, procs: int = 2, opponents: Sequence[Optional[str]] = (None, "automa3"),
         popsize: Optional[int] = None, sigma: float = 0.6, log=print) -> Dict[str, Any]:
    """Run the search; writes ``out`` after every generation and returns the best parameters
    (the distribution's mean, judged again on fresh seeds each generation)."""
    base = load_params(open(start, encoding="utf-8").read()) if start else json.loads(json.dumps(DEFAULTS))
    rng = Rng(seed)
    es = SepCMA(encode(base), sigma, rng, popsize)
    history: List[Dict[str, Any]] = []
    ctx = get_context("fork") if hasattr(os, "fork") else get_context()
    pool = ctx.Pool(procs) if procs > 1 else None
    mapper = pool.map if pool else map
    try:
        for gen in range(generations):
            t0 = time.perf_counter()
            first = seed * 1_000_003 + gen * 1009
            plan = [(opp, first + j) for opp in opponents for j in range(games)]
            xs = es.ask()
            jobs = [(decode(x, base), plan) for x in xs] + [(decode(es.mean, base), plan)]
            scores = list(mapper(judge, jobs))
            es.tell(xs, scores[:-1])
            mean_score = scores[-1]
            history.append({"generation": gen + 1, "mean": round(mean_score, 2),
                            "best": round(max(scores[:-1]), 2), "sigma": round(es.sigma, 4)})
            log(f"generation {gen + 1}: mean {mean_score:.1f}, best {max(scores[:-1]):.1f}, "
                f"sigma {es.sigma:.3f} ({time.perf_counter() - t0:.0f} s)")
            write(out, decode(es.mean, base), {"seed": seed, "games": games, "opponents": list(opponents),
                                                "generations": gen + 1, "history": history[-20:]})
    finally:
        if pool:
            pool.close()
    return decode(es.mean, base)


def write(path: str, params: Dict[str, Any], meta: Dict[str, Any]) -> None:
    changed = {k: v for k, v in params.items() if v != DEFAULTS.get(k)}
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump({"about": "Clans of Caledonia strategy policy parameters: python -m cairn train caledonia-policy",
                   "params": changed, "meta": meta}, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, path)
