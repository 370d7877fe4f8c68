"""Command line: ``python -m cairn play|bench|selfplay ...``.

* ``play GAME [--players N] [--seed S]``: play in the terminal (type a move
  number; ``u`` undoes, ``q`` quits).
* ``bench GAME [--seconds T] [--players N ...]``: random full games per
  second, straight through the rules (the fast unchecked path).
* ``selfplay GAME [--levels hard,medium,easy,random] [-n N] [--players P]
  [--budget hard=0.5,...] [--iterations hard=400,...] [--clock] [--seed S]
  [--out FILE]``: a benchmark of the bot levels against each other through
  the checked API; prints win rates with 95% intervals, average scores and
  think times per decision.  In Clans of Caledonia a level ``automa1``..
  ``automa5`` is the official solo opponent at that difficulty (one seat).
  With ``--players 1`` each level plays the game's solo mode: the average score with its 95%
  interval and, where the game rates a solo score, how many games earned each rating.
* ``train caledonia [--matches medium,automa3;medium,medium] [-n N] [--seed S]
  [--stride K] [--alpha A] [--out FILE] [--start FILE]``: learn the weights of Caledonia's
  forecast from self-play (:mod:`cairn.bots.train`).
* ``train caledonia-policy [--generations G] [-n N] [--seed S] [--procs P] [--out FILE]
  [--start FILE]``: tune the strategy policy's parameters by self-play (:mod:`cairn.bots.tune`).
* ``train caledonia-value [--matches self;self,automa3] [-n N] [--player policy|hard]
  [--seed S] [--procs P] [--alpha A] [--iterations I] [--out FILE] [--start FILE]``: learn
  what a seat will finish with where a round begins (:mod:`cairn.bots.train_value`).
* ``train hunters [-n N] [--seed S] [--procs P] [--alpha A] [--out FILE]``: learn the weights
  of hard's Hunters forecast from two-seat games of medium (:mod:`cairn.bots.train_hunters`).
* ``train glenmore [-n N] [--seed S] [--procs P] [--alpha A] [--out FILE]``: the same for
  hard's Glen More forecast, from two-seat games of ``hard0`` (:mod:`cairn.bots.train_glenmore`).
* ``summary FILE...``: the same figures from ``selfplay --out`` files
  (runs split over processes or seeds, merged; a game played twice counts once).
* ``compare BASE... --new FILE... [--level hard]``: an A/B test of a bot change from
  ``selfplay --out`` files of the same seeds (the seats follow the seed): per seed played in
  both, the level's margin over the best other seat (alone: its score), and the paired
  difference with its standard error and 95% interval.
* ``review GAME ...``, ``review-summary FILE...``, ``review-noise GAME ...``: the game
  review's benchmarks (:mod:`cairn.review.bench`).
* ``review-calibrate GAME ...``: make the review's calibration set (:mod:`cairn.review.calibrate`);
  ``review-calibration GAME ...``: how true the review's marks are on it (:mod:`cairn.review.check`);
  ``review-fit GAME``: the second look's trust fitted to it (:mod:`cairn.review.fit`).
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any, Dict, List, Optional, Tuple

from . import GAMES, IllegalMove, new_game
from .bots import budget, choose_move, seat_for, seat_move, train, train_glenmore, train_hunters, train_value, tune
from .bots.knowledge import knowledge_for
from .bots.search import STATS
from .core import i18n
from .core.rng import Rng


def _bench(name: str, seconds: float, counts: List[int], seed: int) -> None:
    rules = GAMES[name]
    counts = counts or list(range(rules.min_players, rules.max_players + 1))
    print(f"{rules.title}: random full games through the rules, {seconds:g} s per player count")
    for n in counts:
        rng = Rng(seed)
        games = moves = 0
        start = time.perf_counter()
        while True:
            state = rules.setup(n, rng.next64() >> 12, rules.Options())
            while rules.current_player(state) is not None:
                legal = rules.legal_moves(state)
                rules.apply(state, legal[rng.below(len(legal))])
                moves += 1
            games += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
        print(f"  {n} players: {games / elapsed:8.1f} games/s  "
              f"{moves / elapsed:9.0f} moves/s  ({games} games, {moves / games:.0f} moves/game)")


def _level_numbers(spec: str, kind: type) -> Dict[str, Any]:
    """``hard=0.5,medium=0.05`` -> {"hard": 0.5, "medium": 0.05}."""
    out: Dict[str, Any] = {}
    for part in filter(None, spec.split(",")):
        level, _, value = part.partition("=")
        out[level.strip()] = kind(value)
    return out


def _wilson(wins: float, n: int) -> Tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if not n:
        return 0.0, 1.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _tally(results: List[Tuple[int, List[int], List[int]]]) -> Tuple[float, float, float]:
    """Over ``(seat, totals, winners)`` per game: the seat's wins (1/k for a win
    shared by k seats), its average score, and the other seats' average."""
    wins = mine = others = 0.0
    for at, totals, winners in results:
        if at in winners:
            wins += 1 / len(winners)
        mine += totals[at]
        others += sum(t for i, t in enumerate(totals) if i != at) / (len(totals) - 1)
    n = len(results) or 1
    return wins, mine / n, others / n


def _mean_p95(ts: List[float]) -> Tuple[float, float]:
    """Mean and 95th percentile of think times."""
    ts = sorted(ts)
    return sum(ts) / len(ts), ts[min(len(ts) - 1, int(0.95 * len(ts)))]


class _Match:
    """Bot games through the checked API, with think times per level."""

    def __init__(self, name: str, budgets: Dict[str, float], iterations: Dict[str, int]) -> None:
        self.name = name
        self.game_times: Dict[str, List[float]] = {}  # the last game's think times
        self.budgets = budgets
        self.iterations = iterations
        self.times: Dict[str, List[float]] = {}
        self.its: Dict[str, int] = {}
        self.per_decision: Dict[str, List[int]] = {}  # search iterations of each decision

    def play(self, levels: List[str], seed: int) -> Tuple[List[int], List[int]]:
        """One game, seat i played by ``levels[i]``: (totals, winners)."""
        seats = [seat_for(lv) for lv in levels]
        g = new_game(self.name, players=seats, seed=seed)
        self.game_times = {}
        while not g.is_over:
            level = levels[g.current_player]
            if seats[g.current_player]["kind"] != "bot":  # a game's own seat (the automa): the rules' forced move
                g.play(seat_move(g))
                continue
            forced = len(g.legal_moves()) == 1
            its = STATS["iterations"]
            start = time.perf_counter()
            move = choose_move(g, level, seed=seed, budget_s=self.budgets.get(level),
                               iterations=self.iterations.get(level))
            if not forced:
                spent = time.perf_counter() - start
                self.times.setdefault(level, []).append(spent)
                self.game_times.setdefault(level, []).append(round(spent, 5))
                self.its[level] = self.its.get(level, 0) + STATS["iterations"] - its
                if STATS["iterations"] > its:
                    self.per_decision.setdefault(level, []).append(STATS["iterations"] - its)
            g.play(move)
        outcome = g.rules.outcome(g.state)
        rating = outcome.get("args", {}).get("rating") if isinstance(outcome, dict) else None
        self.last_rating = i18n.render(rating, lang="en") if rating is not None else None
        self.last_total = g.scores()[0]["total"]
        return [s["total"] for s in g.scores()], g.winners()

    def play_solo(self, level: str, seed: int) -> Tuple[int, Optional[str]]:
        """One game of the solo mode played by ``level``: (total, the solo rating or None)."""
        self.play([level], seed)
        return self.last_total, self.last_rating

    def think_times(self) -> None:
        print("think time per decision (forced moves excluded):")
        for level, ts in sorted(self.times.items()):
            mean, p95 = _mean_p95(ts)
            its = self.its.get(level, 0)
            rate = f"  {its / sum(ts):6.0f} search iterations/s" if its else ""
            per = sorted(self.per_decision.get(level, []))
            if per:
                rate += (f", iterations per decision: mean {sum(per) / len(per):.0f}, "
                         f"5th percentile {per[len(per) // 20]}, fewest {per[0]}")
            print(f"  {level:8s} mean {1000 * mean:7.1f} ms  p95 {1000 * p95:7.1f} ms"
                  f"  ({len(ts)} decisions){rate}")


def _selfplay(name: str, levels: List[str], games: int, players: int, seed: int,
              budgets: Dict[str, float], iterations: Dict[str, int], out: Optional[str] = None,
              clock: bool = False) -> None:
    """Two players: each level against the next and the first against the
    last, ``games`` games each.  More players: ``levels[0]`` against
    players-1 copies of each other level.  The first level's seat follows the
    game's seed (seed 1: seat 0, seed 2: seat 1, ...), so runs split over
    seeds seat as one run.  Wins count 1/k when k seats share the win (the
    game's own tie-break first).  Medium and hard search their level's
    iteration cap unless given ``iterations`` or ``budgets``; with ``clock``,
    they play as in the app (time-capped defaults).  ``out``: a file that
    gets one JSON line per game (levels by seat, totals, winners, think
    times), to merge runs split over processes."""
    if not clock:  # reproducible: each search level at its iteration cap, no clock
        know = knowledge_for(name)
        for lv in ("medium", "hard", "hard0"):
            if lv not in budgets and lv not in iterations:
                iterations[lv] = budget(know, lv)[0]
    match = _Match(name, budgets, iterations)
    title = GAMES[name].title
    if players == 1:
        return _solo(match, levels, games, seed, out)
    if players == 2:  # each level against the next, and the first against the last
        pairs = list(zip(levels, levels[1:]))
        if len(levels) > 2:
            pairs.append((levels[0], levels[-1]))
    else:
        pairs = [(levels[0], b) for b in levels[1:]]
    for a, b in pairs:  # seats the rules refuse (an automa outside Caledonia, or twice) stop here
        try:
            new_game(name, players=[seat_for(a)] + [seat_for(b)] * (players - 1), seed=seed)
        except ValueError as e:
            raise SystemExit(f"selfplay {a} vs {b}: {e}") from None
    spent = {lv: (f"{iterations[lv]} iterations" if lv in iterations else
                  f"{budgets[lv]} s" if lv in budgets else "default") for lv in levels}
    print(f"{title}, {players} players, {games} games per match, seeds from {seed}; "
          + ", ".join(f"{lv}: {spent[lv]}" for lv in levels if lv in ("medium", "hard", "hard0")))
    for a, b in pairs:
        results = []
        start = time.perf_counter()
        for k in range(games):
            at = (seed + k - 1) % players  # by the game's seed, so runs split over seeds seat as one run
            seats = [b] * players
            seats[at] = a
            totals, winners = match.play(seats, seed + k)
            if out:
                with open(out, "a") as f:
                    f.write(json.dumps({"game": name, "seed": seed + k, "seats": seats, "totals": totals,
                                        "winners": winners, "iterations": iterations, "budgets": budgets,
                                        "times": match.game_times}) + "\n")
            results.append((at, totals, winners))
        wins, score_a, score_b = _tally(results)
        lo, hi = _wilson(wins, games)
        vs = b if players == 2 else f"{players - 1}x {b}"
        print(f"  {a:>6s} vs {vs:<10s} {a} wins {100 * wins / games:5.1f}% "
              f"[{100 * lo:5.1f}, {100 * hi:5.1f}]  avg score {score_a:6.1f} vs {score_b:6.1f}"
              f"  ({time.perf_counter() - start:.0f} s)", flush=True)
    match.think_times()


def _solo(match: "_Match", levels: List[str], games: int, seed: int, out: Optional[str]) -> None:
    """The solo mode: each level plays ``games`` games alone (seeds ``seed``...)."""
    rules = GAMES[match.name]
    if rules.min_players > 1:
        raise SystemExit(f"selfplay: {rules.title} has no solo mode")
    spent = {lv: (f"{match.iterations[lv]} iterations" if lv in match.iterations else
                  f"{match.budgets[lv]} s" if lv in match.budgets else "default") for lv in levels}
    print(f"{rules.title}, solo, {games} games per level, seeds from {seed}; "
          + ", ".join(f"{lv}: {spent[lv]}" for lv in levels if lv in ("medium", "hard", "hard0")))
    for level in levels:
        totals, ratings = [], []
        start = time.perf_counter()
        for k in range(games):
            total, rating = match.play_solo(level, seed + k)
            totals.append(total)
            ratings.append(rating)
            if out:
                with open(out, "a") as f:
                    f.write(json.dumps({"game": match.name, "seed": seed + k, "seats": [level], "totals": [total],
                                        "winners": [0], "rating": rating, "iterations": match.iterations,
                                        "budgets": match.budgets, "times": match.game_times}) + "\n")
        print(f"  {level:>6s} alone: {_solo_line(totals, ratings)}  ({time.perf_counter() - start:.0f} s)", flush=True)
    match.think_times()


def _mean_sd(xs: List[float]) -> Tuple[float, float]:
    """The mean and the sample standard deviation (0 for a single value)."""
    n = len(xs)
    mean = sum(xs) / n
    return mean, math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0


def _solo_line(totals: List[int], ratings: List[Optional[str]]) -> str:
    """Average score with its 95% interval, range, and the ratings earned."""
    n = len(totals)
    mean, sd = _mean_sd(totals)
    half = 1.96 * sd / math.sqrt(n)
    line = (f"avg score {mean:6.1f} [{mean - half:.1f}, {mean + half:.1f}]  sd {sd:.1f}  "
            f"range {min(totals)}-{max(totals)}  ({n} games)")
    named = [(r, t) for r, t in zip(ratings, totals) if r]
    if named:
        counts: Dict[str, int] = {}
        lowest: Dict[str, int] = {}   # a rating is a band of totals: listed from the lowest band up
        for r, t in named:
            counts[r] = counts.get(r, 0) + 1
            lowest[r] = min(t, lowest.get(r, t))
        line += "  ratings: " + ", ".join(f"{r} {counts[r]}" for r in sorted(counts, key=lowest.get))
    return line


STRENGTH = ["hard", "hard0", "medium", "easy", "random"]


def _read_selfplay(paths: List[str]) -> Tuple[List[Dict[str, Any]], int]:
    """The games in ``selfplay --out`` files, in file order, and how many non-empty lines were
    not such a game; a file that cannot be read is named and skipped."""
    records: List[Dict[str, Any]] = []
    bad = 0
    for path in paths:
        try:
            f = open(path)
        except OSError as e:
            print(f"skipped {path}: {e.strerror}")
            continue
        with f:
            for line in f:
                if not line.strip():
                    continue
                try:
                    d = json.loads(line)
                    ok = isinstance(d, dict) and all(k in d for k in ("game", "seed", "seats", "totals", "winners"))
                except ValueError:
                    ok = False
                if ok:
                    records.append(d)
                else:
                    bad += 1
    return records, bad


def _summary(paths: List[str]) -> None:
    """Merge ``selfplay --out`` lines: per game, player count, first level and
    the others' level (and the search settings), the first level's win rate
    with its 95% interval, average scores, and think times per level."""
    groups: Dict[Tuple[Any, ...], Dict[int, Dict[str, Any]]] = {}
    records, bad = _read_selfplay(paths)
    for d in records:
        seats, seed = d["seats"], d["seed"]
        if len(seats) > 2:  # one seat against copies of another level
            first = next((lv for lv in seats if seats.count(lv) == 1), seats[0])
        else:  # the stronger level first
            first = min(seats, key=lambda lv: STRENGTH.index(lv) if lv in STRENGTH else len(STRENGTH))
        other = next((lv for lv in seats if lv != first), first)
        key = (d["game"], len(seats), first, other, json.dumps(d.get("iterations", {}), sort_keys=True),
               json.dumps(d.get("budgets", {}), sort_keys=True))
        groups.setdefault(key, {})[seed] = d
    if bad:
        print(f"skipped {bad} lines that are not selfplay records")
    for (game, players, a, b, its, budgets), games in sorted(groups.items()):
        if players == 1:
            print(f"{game}, solo, {a} ({its} {budgets}): {len(games)} games, seeds {min(games)}-{max(games)}: "
                  + _solo_line([d["totals"][0] for d in games.values()], [d.get("rating") for d in games.values()]))
            continue
        wins, score_a, score_b = _tally([(d["seats"].index(a), d["totals"], d["winners"]) for d in games.values()])
        times: Dict[str, List[float]] = {}
        for d in games.values():
            for lv, ts in d.get("times", {}).items():
                times.setdefault(lv, []).extend(ts)
        n = len(games)
        lo, hi = _wilson(wins, n)
        vs = b if players == 2 else f"{players - 1}x {b}"
        print(f"{game}, {players} players, {a} vs {vs} ({its} {budgets}): {n} games, seeds "
              f"{min(games)}-{max(games)}: {a} wins {100 * wins / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]  "
              f"avg score {score_a:.1f} vs {score_b:.1f}")
        for lv, ts in sorted(times.items()):
            mean, p95 = _mean_p95(ts)
            print(f"    {lv:8s} think time mean {1000 * mean:7.1f} ms  p95 {1000 * p95:7.1f} ms"
                  f"  ({len(ts)} decisions)")


def _records(paths: List[str]) -> Dict[Tuple[str, Tuple[str, ...], int], Dict[str, Any]]:
    """``selfplay --out`` games by (game, the levels seated, seed)."""
    return {(d["game"], tuple(sorted(d["seats"])), d["seed"]): d for d in _read_selfplay(paths)[0]
            if isinstance(d["seed"], int) and isinstance(d["seats"], list)}


def _margin(d: Dict[str, Any], level: str) -> Optional[float]:
    """The ``level``'s score less the best other seat's in one selfplay record (alone: its
    score); None when the level is not in exactly one seat."""
    seats, totals = d["seats"], d["totals"]
    if seats.count(level) != 1:
        return None
    at = seats.index(level)
    if len(totals) == 1:
        return float(totals[0])
    return float(totals[at] - max(t for i, t in enumerate(totals) if i != at))


def _compare(base_paths: List[str], new_paths: List[str], level: str) -> None:
    """Paired A/B figures: the same seeds played by the old and the new bot."""
    base, new = _records(base_paths), _records(new_paths)
    pairs: Dict[Tuple[str, Tuple[str, ...]], List[Tuple[int, float, float, bool, bool]]] = {}
    for key in sorted(set(base) & set(new)):
        a, b = base[key], new[key]
        if a["seats"] != b["seats"]:
            continue   # not the same game: the seats differ
        ma, mb = _margin(a, level), _margin(b, level)
        if ma is None or mb is None:
            continue
        at = a["seats"].index(level)
        pairs.setdefault(key[:2], []).append((key[2], ma, mb, at in a["winners"], at in b["winners"]))
    if not pairs:
        print(f"no seed played by {level} in both")
        return
    for (game, seated), rows in sorted(pairs.items()):
        n = len(rows)
        players = len(seated)
        others = [lv for lv in seated if lv != level]
        kinds = list(dict.fromkeys(others))
        match = f"{level} vs " + ("alone" if not others else f"{len(others)}x {kinds[0]}"
                                  if len(others) > 1 and len(kinds) == 1 else ", ".join(kinds))
        mean, sd = _mean_sd([mb - ma for _s, ma, mb, _wa, _wb in rows])
        se = sd / math.sqrt(n) if n > 1 else float("nan")
        what = "score" if players == 1 else "margin"
        line = (f"{game}, {match}: {n} seeds in both "
                f"({min(r[0] for r in rows)}-{max(r[0] for r in rows)}): {what} "
                f"{sum(r[1] for r in rows) / n:.1f} -> {sum(r[2] for r in rows) / n:.1f}, "
                f"paired difference {mean:+.1f} (se {se:.1f}, 95% [{mean - 1.96 * se:+.1f}, {mean + 1.96 * se:+.1f}])")
        if players > 1:
            line += f"; wins {sum(r[3] for r in rows)} -> {sum(r[4] for r in rows)}"
        print(line)


def _play(name: str, players: int, seed: Optional[int]) -> None:
    g = new_game(name, players=players, seed=seed)
    print(f"{GAMES[name].title}, {players} players, seed {g.seed}")
    while not g.is_over:
        view = g.view()
        legal = g.legal_moves()
        print(f"\n-- ply {view['ply']}, seat {g.current_player + 1} to move --")
        for i, m in enumerate(legal):
            print(f"  {i:3d}: {i18n.render(g.rules.describe(g.state, m))}")
        choice = input("move number (u = undo, v = view, q = quit)> ").strip()
        if choice == "q":
            return
        if choice == "v":
            print(json.dumps(view, indent=1)[:4000])
            continue
        try:
            if choice == "u":
                g.undo()
            else:
                g.play(legal[int(choice)])
        except (IllegalMove, ValueError, IndexError) as e:
            print(f"refused: {e}")
    for i, s in enumerate(g.scores()):
        print(f"seat {i + 1}: {s['total']} {s['breakdown']}")


VALUE_MATCHES = "self;self,automa1;self,automa3;self,automa5;self,self;self,self,self,self"


#: the games whose hard learns its forecast's weights (``train GAME``)
FORECASTS = {"glenmore": train_glenmore, "hunters": train_hunters}


def _train(a: argparse.Namespace) -> None:
    if a.game in FORECASTS:   # a learned forecast: its module's own defaults for what is not given
        given = {"games": a.games, "seed": a.seed, "alpha": a.alpha, "out": a.out}
        FORECASTS[a.game].train(procs=a.procs, **{k: v for k, v in given.items() if v is not None})
        return
    if a.seed is None:
        a.seed = 1
    matches = [m.split(",") for m in (a.matches or "").split(";") if m]
    if a.game == "caledonia":
        train.train(matches or [["medium", "automa3"], ["medium", "medium"]], a.games or 150, a.seed, a.stride,
                    0.05 if a.alpha is None else a.alpha, a.out or train.DEFAULT_OUT, start=a.start)
    elif a.game == "caledonia-policy":
        tune.tune(a.generations, a.games or 24, a.seed, a.out or tune.DEFAULT_OUT, a.start, a.procs)
    else:
        train_value.train(matches or [m.split(",") for m in VALUE_MATCHES.split(";")], a.games or 200, a.seed,
                          a.player, 0.02 if a.alpha is None else a.alpha, a.out or train_value.DEFAULT_OUT,
                          a.procs, a.iterations, a.start)


def main(argv: Optional[List[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in ("review", "review-summary", "review-noise"):
        from .review import bench
        return bench.main(argv)
    if argv and argv[0] == "review-calibrate":
        from .review import calibrate
        return calibrate.main(argv[1:])
    if argv and argv[0] == "review-calibration":
        from .review import check
        return check.main(argv[1:])
    if argv and argv[0] == "review-fit":
        from .review import fit
        return fit.main(argv[1:])
    p = argparse.ArgumentParser(prog="python -m cairn")
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("summary").add_argument("files", nargs="+", help="selfplay --out files")
    cp = sub.add_parser("compare", help="paired A/B figures from selfplay --out files of the same seeds")
    cp.add_argument("base", nargs="+", help="selfplay --out files of the bot before the change")
    cp.add_argument("--new", nargs="+", required=True, help="... and after it")
    cp.add_argument("--level", default="hard", help="the level that changed")
    tp = sub.add_parser("train", help="learn or tune the bots (Caledonia, Glen More, Hunters) from self-play")
    tp.add_argument("game", choices=["caledonia", "caledonia-policy", "caledonia-value", "glenmore", "hunters"])
    tp.add_argument("--matches", default=None,
                    help="matches to play, ';' between matches, ',' between seats "
                         "(caledonia: medium,automa3;medium,medium; caledonia-value: self;self,automa3;...)")
    tp.add_argument("-n", "--games", type=int, default=None, help="games per match (per candidate and mode)")
    tp.add_argument("--seed", type=int, default=None, help="the first game's seed (glenmore: 100, else 1)")
    tp.add_argument("--stride", type=int, default=3, help="caledonia: record every k-th ply")
    tp.add_argument("--alpha", type=float, default=None, help="ridge pull towards the prior")
    tp.add_argument("--generations", type=int, default=120, help="caledonia-policy: generations")
    tp.add_argument("--procs", type=int, default=2, help="processes")
    tp.add_argument("--player", default="policy", choices=["policy", "hard"],
                    help="caledonia-value: who plays the games")
    tp.add_argument("--iterations", type=int, default=None, help="caledonia-value: hard's rollouts per decision")
    tp.add_argument("--out", default=None, help="the file to write (default: the one the bots load)")
    tp.add_argument("--start", default=None, help="start from (play with) this file")
    for cmd in ("play", "bench", "selfplay"):
        sp = sub.add_parser(cmd)
        sp.add_argument("game", choices=sorted(GAMES))
        sp.add_argument("--seed", type=int, default=None if cmd == "play" else 1)
        if cmd == "play":
            sp.add_argument("--players", type=int, default=2)
        if cmd == "bench":
            sp.add_argument("--seconds", type=float, default=5.0)
            sp.add_argument("--players", type=int, nargs="*", default=[])
        if cmd == "selfplay":
            sp.add_argument("--levels", default="hard,medium,easy,random")
            sp.add_argument("-n", "--games", type=int, default=20, help="games per match")
            sp.add_argument("--players", type=int, default=2)
            sp.add_argument("--budget", default="", help="seconds per decision, e.g. hard=0.5,medium=0.05")
            sp.add_argument("--iterations", default="", help="search iterations, e.g. hard=400,medium=60")
            sp.add_argument("--out", default=None, help="append one JSON line per game to this file")
            sp.add_argument("--clock", action="store_true",
                            help="medium/hard as in the app (their time caps) instead of their iteration caps")
    a = p.parse_args(argv)
    if a.cmd == "summary":
        _summary(a.files)
    elif a.cmd == "compare":
        _compare(a.base, a.new, a.level)
    elif a.cmd == "train":
        _train(a)
    elif a.cmd == "bench":
        _bench(a.game, a.seconds, a.players, a.seed)
    elif a.cmd == "selfplay":
        _selfplay(a.game, a.levels.split(","), a.games, a.players, a.seed,
                  _level_numbers(a.budget, float), _level_numbers(a.iterations, int), a.out, a.clock)
    else:
        _play(a.game, a.players, a.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
