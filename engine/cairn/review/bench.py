"""The review's benchmarks (``python -m cairn review ...``).

* ``review GAME [--levels random,easy,medium,hard] [-n 20] [--players 2] [--opponent medium]
  [--seed 1] [--procs 2] [--out FILE] [--chart-only]``: each level plays ``-n`` games against the opponent
  (seats alternating with the seed; ``--players 1``: alone, the game's solo mode), the bots at
  their iteration caps (no clock: reproducible); the level's seat is reviewed as a person's
  would be (the app's budget) and each game's verdicts and the chart's errors are written as
  one JSON line; then the summary below.
* ``review-summary FILE...``: per game and level, the points lost per decision with a 95%
  interval (as the review counts them: a decision marked good, whose loss the bot cannot tell
  from noise, loses none; a ratio over games: every decision counts, the games are the units),
  and the same with every loss counted; whether the
  levels are ordered random > easy > medium > hard with each step clear of the intervals, the
  judge's time per decision, and how far the chart's expected final scores are from the final
  scores by stage of the game (root mean square, and the mean error).
* ``review-noise GAME [-n 60] [--seeds 6] [--players 2] [--procs 2]``: the judgement's own
  noise: decisions from games of every level, each judged with several seeds; the pooled
  standard deviation of a decision's loss and the spread between its verdicts (what the marks'
  thresholds in ``data/review.toml`` must stay above).
"""
from __future__ import annotations

import argparse
import json
import math
import time
from multiprocessing import Pool
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .. import GAMES, new_game
from ..bots import budget, choose_move, seat_for, seat_move
from ..bots.knowledge import knowledge_for
from .judge import run
from .session import SEED, Session
from .settings import MARKS, settings_for

ORDER = ("random", "easy", "medium", "hard")
STAGES = 5


def _caps(name: str) -> Dict[str, int]:
    know = knowledge_for(name)
    return {lv: budget(know, lv)[0] for lv in ("medium", "hard")}


def play(name: str, levels: Sequence[str], seed: int) -> Any:
    """One game of bots at their iteration caps (seat ``i`` played by ``levels[i]``)."""
    caps = _caps(name)
    g = new_game(name, players=[seat_for(lv) for lv in levels], seed=seed)
    while not g.is_over:
        spec = g.seats[g.current_player]
        if spec.kind == "bot":
            g.play(choose_move(g, spec.level, seed=seed, iterations=caps.get(spec.level)))
        else:
            g.play(seat_move(g))
    return g


def _stage(ply: int, plies: int) -> int:
    return min(STAGES - 1, STAGES * ply // max(1, plies))


def _review_one(task: Tuple[str, int, str, str, int, bool]) -> Dict[str, Any]:
    name, players, level, opponent, seed, chart_only = task
    at = 0 if players == 1 else (seed - 1) % players
    levels = [opponent] * players
    levels[at] = level
    g = play(name, levels, seed)
    s = Session(g.to_save(), seats=[at])
    budget_ = settings_for(name).budget
    decisions, times = [], []
    for d in ([] if chart_only else s.decisions):
        t = time.perf_counter()
        v = run(d.game, d.played, SEED, budget_)
        times.append(round(time.perf_counter() - t, 4))
        decisions.append([d.ply, v.loss, v.gap, v.lo])
    final = [x["total"] for x in g.scores()]
    bots = [i for i, x in enumerate(g.seats) if x.kind == "bot"]   # not the solo opponent's
    stages = [[0.0, 0, 0.0] for _ in range(STAGES)]
    for ply, values in enumerate(s.values[:-1]):
        st = stages[_stage(ply, s.plies)]
        for i in bots:
            e = values[i] - final[i]
            st[0] += e * e
            st[1] += 1
            st[2] += e
    return {"game": name, "players": players, "level": level, "opponent": opponent, "seed": seed, "seat": at,
            "levels": levels, "totals": final, "decisions": decisions, "times": times, "chart": stages}


def review(name: str, levels: List[str], games: int, players: int, opponent: str, seed: int, procs: int,
           out: Optional[str], chart_only: bool = False) -> None:
    tasks = [(name, players, lv, opponent, seed + k, chart_only) for k in range(games) for lv in levels]
    records = []
    started = time.perf_counter()
    with Pool(procs) as pool:
        for rec in pool.imap_unordered(_review_one, tasks):
            records.append(rec)
            if out:
                with open(out, "a") as f:
                    f.write(json.dumps(rec) + "\n")
            print(f"  {rec['level']:>6s} seed {rec['seed']}: {len(rec['decisions'])} decisions, "
                  f"{_sum(r[1] for r in rec['decisions']) / max(1, len(rec['decisions'])):.2f} points lost each "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)
    summarise(records)


def _sum(xs: Any) -> float:
    total = 0.0
    for x in xs:
        total += x
    return total


def _ratio(games: List[Tuple[float, int]]) -> Tuple[float, float]:
    """Points lost per decision over games of (points lost, decisions), with its standard
    error (the ratio estimator's, the games as the units)."""
    lost = _sum(l for l, _ in games)
    n = sum(d for _, d in games)
    if not n:
        return 0.0, 0.0
    m = lost / n
    g = len(games)
    if g < 2:
        return m, float("nan")
    var = _sum((l - m * d) ** 2 for l, d in games) * g / (g - 1)
    return m, math.sqrt(var) / n


def summarise(records: List[Dict[str, Any]]) -> None:
    groups: Dict[Tuple[str, int, str], Dict[str, Dict[int, Dict[str, Any]]]] = {}
    for r in records:
        groups.setdefault((r["game"], r["players"], r["opponent"]), {}).setdefault(r["level"], {})[r["seed"]] = r
    for (name, players, opponent), by_level in sorted(groups.items()):
        title = GAMES[name].title
        vs = "alone" if players == 1 else f"against {opponent}"
        print(f"{title}, {players} player{'s' if players > 1 else ''}, each level {vs}; points lost per decision "
              "(95% interval), the judge's time per decision:")
        rows = {}
        mark = settings_for(name).mark_of
        for level in sorted(by_level, key=lambda lv: ORDER.index(lv) if lv in ORDER else len(ORDER)):
            games = list(by_level[level].values())
            if not any(r["decisions"] for r in games):   # a run of the chart alone (--chart-only)
                continue
            # points lost as the review counts them: only where the bot can tell a loss from noise
            # (the low end of its range reaches a mark; a record without ranges: the loss itself)
            m, se = _ratio([(_sum(d[1] for d in r["decisions"] if mark(d[1], d[3] if len(d) > 3 else d[1]) in MARKS),
                             len(r["decisions"])) for r in games])
            times = sorted(t for r in games for t in r["times"])
            n = sum(len(r["decisions"]) for r in games)
            rows[level] = (m - 1.96 * se, m + 1.96 * se)
            mean_t = _sum(times) / len(times) if times else 0.0
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
            score = _sum(r["totals"][r["seat"]] for r in games) / len(games)
            raw, raw_se = _ratio([(_sum(d[1] for d in r["decisions"]), len(r["decisions"])) for r in games])
            print(f"  {level:>6s}: {len(games)} games, {n} decisions, {m:.2f} [{m - 1.96 * se:.2f}, {m + 1.96 * se:.2f}]"
                  f" (every loss counted: {raw:.2f} [{raw - 1.96 * raw_se:.2f}, {raw + 1.96 * raw_se:.2f}])"
                  f"  avg score {score:.1f}  judge {1000 * mean_t:.0f} ms mean, {1000 * p95:.0f} ms p95")
        present = [lv for lv in ORDER if lv in rows]
        steps = [f"{a} > {b}: {'clear' if rows[a][0] > rows[b][1] else 'NOT clear'}" for a, b in zip(present, present[1:])]
        if steps:
            print("  order: " + "; ".join(steps))
        stages = [[0.0, 0, 0.0] for _ in range(STAGES)]
        for games in by_level.values():
            for r in games.values():
                for st, (sse, k, err) in zip(stages, r["chart"]):
                    st[0] += sse
                    st[1] += k
                    st[2] += err
        rmse = ", ".join(f"{math.sqrt(a / b):.1f}" if b else "-" for a, b, _ in stages)
        bias = ", ".join(f"{c / b:+.1f}" if b else "-" for _a, b, c in stages)
        print(f"  chart: expected final score against the final score by fifth of the game, root mean square "
              f"{rmse}; mean error {bias}")


def read(paths: List[str]) -> List[Dict[str, Any]]:
    seen: Dict[Tuple[Any, ...], Dict[str, Any]] = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    seen[(r["game"], r["players"], r["opponent"], r["level"], r["seed"])] = r
    return list(seen.values())


def _noise_one(task: Tuple[str, int, str, int, int, int]) -> List[Dict[str, Any]]:
    name, players, level, seed, per_game, seeds = task
    at = 0 if players == 1 else (seed - 1) % players
    levels = ["medium"] * players
    levels[at] = level
    g = play(name, levels, seed)
    s = Session(g.to_save(), seats=[at])
    picked = s.decisions[::max(1, len(s.decisions) // per_game)][:per_game]
    budget_ = settings_for(name).budget
    out = []
    for d in picked:
        losses = [run(d.game, d.played, k, budget_).loss for k in range(seeds)]
        out.append({"level": level, "ply": d.ply, "losses": losses})
    return out


def noise(name: str, decisions: int, seeds: int, players: int, procs: int, seed: int) -> None:
    per_game = max(1, decisions // (2 * len(ORDER)))
    tasks = [(name, players, lv, seed + k, per_game, seeds) for k in range(2) for lv in ORDER]
    rows: List[Dict[str, Any]] = []
    with Pool(procs) as pool:
        for part in pool.imap_unordered(_noise_one, tasks):
            rows += part
    var = 0.0
    spreads, devs = [], []
    for r in rows:
        xs = r["losses"]
        m = _sum(xs) / len(xs)
        var += _sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
        spreads.append(max(xs) - min(xs))
        devs += [abs(x - m) for x in xs]
    sd = math.sqrt(var / len(rows))
    spreads.sort()
    devs.sort()
    q = lambda xs, p: xs[min(len(xs) - 1, int(p * len(xs)))]
    marks = settings_for(name).marks
    print(f"{GAMES[name].title}, {players} players: {len(rows)} decisions (every level's games) judged with {seeds} seeds each:")
    print(f"  pooled standard deviation of a decision's loss {sd:.2f} points; a verdict's distance from its "
          f"decision's mean: 95th percentile {q(devs, .95):.2f}, 99th {q(devs, .99):.2f}; spread between a decision's "
          f"verdicts: median {q(spreads, .5):.1f}, 90th percentile {q(spreads, .9):.1f}, largest {spreads[-1]:.1f}")
    print(f"  marks begin at {marks[0]:g} / {marks[1]:g} / {marks[2]:g} points (inaccuracy / mistake / blunder); "
          f"3 standard deviations: {3 * sd:.1f}")


def main(argv: List[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m cairn")
    sub = p.add_subparsers(dest="cmd", required=True)
    rp = sub.add_parser("review", help="how many points each bot level loses per decision, as the review judges")
    rp.add_argument("game", choices=sorted(GAMES))
    rp.add_argument("--levels", default=",".join(ORDER))
    rp.add_argument("-n", "--games", type=int, default=20, help="games per level")
    rp.add_argument("--players", type=int, default=2)
    rp.add_argument("--opponent", default="medium")
    rp.add_argument("--seed", type=int, default=1)
    rp.add_argument("--procs", type=int, default=2)
    rp.add_argument("--out", default=None, help="append one JSON line per game to this file")
    rp.add_argument("--chart-only", action="store_true", help="measure the chart only (no decision judged)")
    sp = sub.add_parser("review-summary", help="the figures of review --out files")
    sp.add_argument("files", nargs="+")
    np_ = sub.add_parser("review-noise", help="how much one decision's verdict varies with the seed")
    np_.add_argument("game", choices=sorted(GAMES))
    np_.add_argument("-n", "--decisions", type=int, default=64)
    np_.add_argument("--seeds", type=int, default=6)
    np_.add_argument("--players", type=int, default=2)
    np_.add_argument("--procs", type=int, default=2)
    np_.add_argument("--seed", type=int, default=100)
    a = p.parse_args(argv)
    if a.cmd == "review":
        review(a.game, a.levels.split(","), a.games, a.players, a.opponent, a.seed, a.procs, a.out, a.chart_only)
    elif a.cmd == "review-summary":
        summarise(read(a.files))
    else:
        noise(a.game, a.decisions, a.seeds, a.players, a.procs, a.seed)
    return 0
