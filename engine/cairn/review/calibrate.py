"""The review's calibration set: decisions from games of every bot level, each judged by the deep
reference (:mod:`cairn.review.reference`), kept as data (``tests/data/calibration/GAME.json``)
with the command that made it; and the report of how true the review's marks are against it.

* ``python -m cairn review-calibrate GAME [--procs 2] [--cache DIR] [--out FILE]`` makes the set
  (every step kept in ``--cache``, ``build/.cache/calibration/GAME`` unless told, so a run cut
  short goes on where it stopped):

  1. games: per level (``[GAME.calibration] games``: random, easy, medium, hard), games of that
     level against the medium bot (seats alternating with the seed; ``solo``: the game's solo
     mode), the bots at their iteration caps (so every run plays the same games);
  2. screen: every decision of the level's seat judged by the review as it was when the set was
     made (its first look at the app's budget);
  3. the set: every decision whose screened loss reaches ``select`` points (half the first mark:
     what any review that starts from that look may mark), and a fixed sample of the others
     (``sample``, at least enough for ``least`` decisions);
  4. candidates: the move played, the screen's best and the best of a search far beyond the
     review's budget (``deep``);
  5. the reference: each candidate played out to the end in ``worlds`` shared worlds, more
     (up to ``more``) where the reference cannot yet tell the loss from a mark's threshold.

* ``python -m cairn review-calibration GAME [--procs 2] [--data FILE]``: the review of today
  judges every decision of the set, and every decision of the hard bot's games; per game:
  precision of each mark (the share of marked decisions whose reference loss reaches the mark's
  threshold), marks and unconfirmed marks per hard-bot game, and the claimed loss against the
  reference's (slope, error, the share of claims inside the reference's 95% interval).

A decision's reference loss is the best candidate's mean result less the move played's (in
points of final margin; alone, of final score), with the standard error of that paired
difference; a claim is checked against the move the review names where it is a candidate.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import sys
import time
from multiprocessing import Pool
from typing import Any, Dict, Iterable, List, Optional, Tuple

from .. import GAMES, new_game
from ..bots import seat_for
from ..core.rng import derive_seed
from .bench import play
from .judge import Budget, run
from .reference import Continuation, results, world_seed
from .settings import reference_settings, settings_for

ORDER = ("random", "easy", "medium", "hard")
#: the calibration data's format
FORMAT = 1
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
#: worlds per reference task (a checkpoint)
BATCH = 32


def data_path(name: str) -> str:
    return os.path.join(ROOT, "tests", "data", "calibration", f"{name}.json")


def _log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", flush=True)


# -- the games ------------------------------------------------------------------------------------
def game_specs(name: str) -> List[Dict[str, Any]]:
    """The calibration's games: ``{key, level, players, seed, seat, levels}``."""
    cfg = reference_settings(name)
    out = []
    for players, table in ((2, cfg["games"]), (1, cfg.get("solo", {}))):
        for level in ORDER:
            for k in range(int(table.get(level, 0))):
                seed = 1000 * players + 100 * ORDER.index(level) + k + 1
                seat = 0 if players == 1 else (seed - 1) % players
                levels = ["medium"] * players
                levels[seat] = level
                out.append({"key": f"{level}-{players}p-{seed}", "level": level, "players": players, "seed": seed,
                            "seat": seat, "levels": levels})
    return out


def _play_one(spec: Dict[str, Any]) -> Dict[str, Any]:
    g = play(spec["game"], spec["levels"], spec["seed"])
    replay = new_game(spec["game"], players=[seat_for(lv) for lv in spec["levels"]], seed=spec["seed"])
    moves = []
    for move in g.log:
        legal = replay.legal_moves()
        moves.append(legal.index(move))
        replay.play(move)
    return dict(spec, moves=moves, totals=[s["total"] for s in g.scores()])


def replay(name: str, rec: Dict[str, Any], plies: Iterable[int] = ()) -> Tuple[Any, Dict[int, Any]]:
    """A calibration game played again from its moves: the final game, and a copy of the position
    before each ply of ``plies``."""
    want = set(plies)
    g = new_game(name, players=[seat_for(lv) for lv in rec["levels"]], seed=rec["seed"])
    at: Dict[int, Any] = {}
    for ply, i in enumerate(rec["moves"]):
        if ply in want:
            at[ply] = g.clone()
        g.play(g.legal_moves()[i])
    return g, at


# -- the screen -----------------------------------------------------------------------------------
def _screen_one(task: Tuple[str, Dict[str, Any]]) -> Dict[str, Any]:
    name, rec = task
    g, _ = replay(name, rec)
    from .session import Session, SEED
    s = Session(g.to_save(), seats=[rec["seat"]])
    b = dataclasses.replace(settings_for(name).budget, look=None, trust=None)   # the first look alone
    out = []
    for d in s.decisions:
        v = run(d.game, d.played, SEED, b)
        out.append([d.ply, v.loss, v.best])
    return {"key": rec["key"], "verdicts": out}


def _picked(key: str, ply: int, rate: float) -> bool:
    return derive_seed("calibration-sample", key, ply) % 10000 < rate * 10000


def select(name: str, screens: Dict[str, List[List[Any]]], games: Dict[str, Dict[str, Any]]) -> List[Tuple[str, int]]:
    """The set's decisions: (game key, ply)."""
    cfg = reference_settings(name)
    at = float(cfg["select"])
    rate = float(cfg["sample"])
    keep = float(cfg.get("keep", 1.0))
    while True:
        out = []
        for key in sorted(screens):
            hard = games[key]["level"] == "hard"
            for ply, loss, _best in screens[key]:
                costly = loss >= at and (hard or _picked(key, -1 - ply, keep))
                if costly or (loss < at and _picked(key, ply, rate)):
                    out.append((key, ply))
        if len(out) >= int(cfg["least"]) or rate >= 1:
            return out
        rate = min(1.0, rate * 1.5)


# -- candidates and the reference -----------------------------------------------------------------
def _deep_one(task: Tuple[str, Dict[str, Any], int, Dict[str, Any], Any]) -> Dict[str, Any]:
    name, rec, ply, budget, best = task
    _g, at = replay(name, rec, [ply])
    game = at[ply]
    played = game.legal_moves()[rec["moves"][ply]]
    deep = None
    if int(budget["iterations"]) > 0:   # substitute: none (0) where the CPU time is short
        deep = run(game, played, 7, Budget(int(budget["iterations"]), int(budget["forced"]))).best
    if best == played:   # the review found nothing better: the reference compares the first other move
        best = next(m for m in game.legal_moves() if m != played)
    cands = [played]
    for m in (best, deep):
        if m is not None and m not in cands:
            cands.append(m)
    return {"d": f"{rec['key']}@{ply}", "moves": cands, "deep": deep}


def _ref_one(task: Tuple[str, Dict[str, Any], int, List[Any], int, int, Dict[str, Any]]) -> Dict[str, Any]:
    name, rec, ply, moves, start, stop, cont = task
    _g, at = replay(name, rec, [ply])
    worlds = [world_seed(rec["key"], ply, n) for n in range(start, stop)]
    t = time.process_time()
    res = results(at[ply], moves, worlds, Continuation(**cont))
    return {"d": f"{rec['key']}@{ply}", "moves": moves, "from": start, "to": stop, "results": res,
            "cpu": round(time.process_time() - t, 2)}


def paired(base: List[float], other: List[float]) -> Tuple[float, float, int]:
    """Mean of ``other - base`` over the worlds both have, its standard error, the worlds."""
    n = min(len(base), len(other))
    if n == 0:
        return 0.0, float("inf"), 0
    diffs = [other[i] - base[i] for i in range(n)]
    m = math.fsum(diffs) / n
    if n < 2:
        return m, float("inf"), n
    var = math.fsum((x - m) ** 2 for x in diffs) / (n - 1)
    return m, math.sqrt(var / n), n


def ref_loss(cands: List[Dict[str, Any]]) -> Tuple[float, float, int]:
    """A decision's reference loss: the best candidate's mean gain over the move played (never
    below 0), its standard error, and which candidate (0: the move played)."""
    best, se, at = 0.0, cands[1]["se"] if len(cands) > 1 else 0.0, 0
    for i, c in enumerate(cands[1:], 1):
        if c["gain"] > best:
            best, se, at = c["gain"], c["se"], i
    return best, se, at


def _close(loss: float, se: float, marks: List[float]) -> bool:
    """Can the reference not yet tell ``loss`` from a mark's threshold?"""
    return any(abs(loss - m) < 1.96 * se for m in marks)


class Cache:
    """A step's lines, kept as JSON lines in a file (read back when a run goes on)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.lines: List[Dict[str, Any]] = []
        if os.path.exists(path):
            with open(path) as f:
                for line in f:
                    line = line.strip()
                    if line:
                        try:
                            self.lines.append(json.loads(line))
                        except ValueError:
                            pass   # a line cut short when a run was stopped

    def add(self, rec: Dict[str, Any]) -> None:
        self.lines.append(rec)
        with open(self.path, "a") as f:
            f.write(json.dumps(rec, separators=(",", ":")) + "\n")


def _pool(procs: int, fn: Any, tasks: List[Any], done: Any, what: str) -> None:
    if not tasks:
        return
    _log(f"{what}: {len(tasks)} tasks")
    started = time.perf_counter()
    if procs <= 1:
        it: Iterable[Any] = map(fn, tasks)
        pool = None
    else:
        pool = Pool(procs)
        it = pool.imap_unordered(fn, tasks)
    try:
        for k, rec in enumerate(it, 1):
            done(rec)
            if k % max(1, len(tasks) // 20) == 0 or k == len(tasks):
                el = time.perf_counter() - started
                _log(f"  {what}: {k}/{len(tasks)} ({el:.0f} s, about {el / k * (len(tasks) - k):.0f} s left)")
    finally:
        if pool is not None:
            pool.close()
            pool.join()


STEPS = ("games", "screen", "candidates", "reference")


def calibrate(name: str, procs: int, cache_dir: Optional[str], out: Optional[str], until: str = "reference") -> None:
    started = time.time()
    cfg = reference_settings(name)
    cache_dir = cache_dir or os.path.join(ROOT, "build", ".cache", "calibration", name)
    os.makedirs(cache_dir, exist_ok=True)
    cont = {"easy": int(cfg["easy"]), "tail": str(cfg["tail"])}
    marks = list(settings_for(name).marks)
    # 1. the games
    gc = Cache(os.path.join(cache_dir, "games.jsonl"))
    have = {r["key"] for r in gc.lines}
    specs = [dict(s, game=name) for s in game_specs(name) if s["key"] not in have]
    _pool(procs, _play_one, specs, gc.add, "games")
    wanted = {s["key"] for s in game_specs(name)}
    games = {r["key"]: r for r in gc.lines if r["key"] in wanted}
    if until == "games":
        return
    # 2. the screen
    sc = Cache(os.path.join(cache_dir, "screen.jsonl"))
    have = {r["key"] for r in sc.lines}
    _pool(procs, _screen_one, [(name, games[k]) for k in sorted(games) if k not in have], sc.add, "screen")
    screens = {r["key"]: r["verdicts"] for r in sc.lines if r["key"] in games}
    chosen = select(name, screens, games)
    # the costliest first: a run cut short has the decisions that matter most
    loss_of = {(k, v[0]): v[1] for k, vs in screens.items() for v in vs}
    chosen.sort(key=lambda d: (-loss_of[d], d))
    _log(f"the set: {len(chosen)} decisions of {sum(len(v) for v in screens.values())}")
    if until == "screen":
        return
    # 3. candidates
    dc = Cache(os.path.join(cache_dir, "candidates.jsonl"))
    have = {r["d"] for r in dc.lines}
    best_of = {(k, v[0]): v[2] for k, vs in screens.items() for v in vs}
    _pool(procs, _deep_one, [(name, games[k], p, cfg["deep"], best_of[(k, p)]) for k, p in chosen
                             if f"{k}@{p}" not in have], dc.add, "candidates")
    cands = {r["d"]: r["moves"] for r in dc.lines}
    if until == "candidates":
        return
    # 4. the reference, in rounds: every decision to ``worlds``, then the close ones further
    rc = Cache(os.path.join(cache_dir, "reference.jsonl"))
    while True:
        res = _gather(rc.lines, cands)
        tasks = []
        for k, p in chosen:
            d = f"{k}@{p}"
            r = res.get(d)
            n = len(r[0]) if r else 0
            want = int(cfg["worlds"])
            if n >= want:
                c = _candidates(r)
                loss, se, _ = ref_loss(c)
                if n < int(cfg["more"]) and _close(loss, se, marks):
                    want = min(int(cfg["more"]), n + 2 * BATCH)
            for start in range(n, want, BATCH):
                tasks.append((name, games[k], p, cands[d], start, min(want, start + BATCH), cont))
        if not tasks:
            break
        _pool(procs, _ref_one, tasks, rc.add, "reference")
    res = _gather(rc.lines, cands)
    cpu = sum(r.get("cpu", 0) for r in rc.lines)
    write(name, games, screens, chosen, cands, res, cfg, cont, out, time.time() - started, cpu)


def _gather(lines: List[Dict[str, Any]], cands: Dict[str, List[Any]]) -> Dict[str, List[List[float]]]:
    """Per decision, per candidate, its results in worlds 0, 1, ... (the lines of its candidates
    now, contiguous from world 0)."""
    parts: Dict[str, Dict[int, Dict[str, Any]]] = {}
    for r in lines:
        if cands.get(r["d"]) == r["moves"]:
            parts.setdefault(r["d"], {})[r["from"]] = r
    out = {}
    for d, by in parts.items():
        res: List[List[float]] = [[] for _ in cands[d]]
        n = 0
        while n in by:
            r = by[n]
            for i, xs in enumerate(r["results"]):
                res[i] += xs
            n = r["to"]
        out[d] = res
    return out


def _candidates(res: List[List[float]]) -> List[Dict[str, Any]]:
    out = []
    for i, xs in enumerate(res):
        m, se, n = paired(res[0], xs)
        out.append({"gain": round(m, 2), "se": round(se, 2) if i else 0.0, "n": n})
    return out


def write(name: str, games: Dict[str, Any], screens: Dict[str, Any], chosen: List[Tuple[str, int]],
          cands: Dict[str, Any], res: Dict[str, Any], cfg: Dict[str, Any], cont: Dict[str, Any],
          out: Optional[str], seconds: float, cpu: float) -> None:
    keys = sorted(games)
    decisions = []
    for k, p in chosen:
        d = f"{k}@{p}"
        c = _candidates(res[d])
        decisions.append({"game": keys.index(k), "ply": p,
                          "moves": [dict(m, **x) for m, x in zip(({"move": mv} for mv in cands[d]), c)]})
    doc = {
        "format": FORMAT, "game": name,
        "made_by": f"python -m cairn review-calibrate {name}",
        "reference": {"playouts": "to the end, paired (common random numbers)", **cont,
                      "worlds": int(cfg["worlds"]), "more": int(cfg["more"]), "deep": cfg["deep"]},
        "cpu_seconds": round(cpu), "wall_seconds": round(seconds),
        "games": [dict({k: games[key][k] for k in ("key", "level", "players", "seed", "seat", "levels", "moves",
                                                      "totals")}, screen=[v[:2] for v in screens[key]])
                  for key in keys],
        "decisions": decisions,
    }
    path = out or data_path(name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
        f.write("\n")
    _log(f"wrote {path}: {len(decisions)} decisions from {len(keys)} games; the reference took {cpu:.0f} s of CPU")


def load(name: str, path: Optional[str] = None) -> Dict[str, Any]:
    with open(path or data_path(name)) as f:
        return json.load(f)


def main(argv: List[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m cairn review-calibrate")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--procs", type=int, default=2)
    p.add_argument("--cache", default=None, help="where each step is kept (default build/.cache/calibration/GAME)")
    p.add_argument("--out", default=None, help="the data file (default tests/data/calibration/GAME.json)")
    p.add_argument("--until", choices=STEPS, default="reference", help="stop after this step")
    a = p.parse_args(argv)
    calibrate(a.game, a.procs, a.cache, a.out, a.until)
    return 0
