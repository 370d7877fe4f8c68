"""The review's trust fitted to its calibration set: ``python -m cairn review-fit GAME [--procs 2]``.

For every decision of the set the review's first look finds costly (its loss at least the first
mark), the second look (:mod:`cairn.review.look`, ``[GAME.look]`` in ``data/review.toml``) is
taken to its most worlds once and kept (``build/.cache/calibration/GAME/looks-KIND.jsonl``).
A look stopped early is the first worlds of the whole one (the worlds come in order), so any
trust (:class:`cairn.review.judge.Trust`) gives, without judging again, the very verdicts the
review would: this module tries a grid of them and prints, per candidate, the figures of
:mod:`cairn.review.check` (marks confirmed, the hard bot's marks, claims inside the
reference's range), then the chosen one.

The fit: the claim's weights by least squares of the reference's loss on the first look's loss
and the second look's mean (through the origin), and a few others (:func:`candidates`);
``error``: what the claims miss the reference by beyond the reference's own noise and the look's
(root mean square), 3/4 and half of it; each ``z``; ``sure`` 0 or all the look's worlds.  Of
those that keep marks confirmed at least ``precision`` of the time and at most one mark per
hard-bot game (:func:`holds`), the :func:`preference`'s first.  Then two checks of the choice:
**held out** (:func:`held_out`: each game of the set judged by the trust the fit chooses from
the other games alone, the figures added up) and **the ceiling** (:func:`expected_inside`: how
many of the marks' claims could be expected inside the reference's 95% interval were they
unbiased, the reference's and the look's noise alone).
"""
from __future__ import annotations

import argparse
import json
import math
import os
from multiprocessing import Pool
from typing import Any, Dict, Iterator, List, Optional, Tuple

from .. import GAMES
from ..bots.knowledge import knowledge_for
from ..core.rng import derive_seed
from .calibrate import ROOT, Cache, load, ref_loss, replay
from .judge import Trust
from .look import Look, Paired, paired
from .session import SEED
from .settings import MARKS, settings_for


def _look_one(task: Tuple[str, Dict[str, Any], int, Any, Look]) -> Dict[str, Any]:
    name, rec, ply, best, look = task
    _g, at = replay(name, rec, [ply])
    g = at[ply]
    played = g.legal_moves()[rec["moves"][ply]]
    seat = g.current_player
    know = knowledge_for(name).for_level("hard")
    steps = paired(g.rules, g.state, seat, know, best, played, derive_seed("review", SEED, seat, ply, "look"), look)
    try:
        while True:
            next(steps)
    except StopIteration as done:
        out: Paired = done.value
    return {"d": f"{rec['key']}@{ply}", "diffs": [round(x, 3) for x in out.diffs]}


def looks(name: str, data: Dict[str, Any], bests: Dict[str, Any], look: Look, start: float, procs: int) -> Dict[str, List[float]]:
    path = os.path.join(ROOT, "build", ".cache", "calibration", name, f"looks-{look.kind}{look.plies or ''}.jsonl")
    cache = Cache(path)
    have = {r["d"]: r["diffs"] for r in cache.lines if len(r["diffs"]) >= look.most}
    games = data["games"]
    screen = {(games[d["game"]]["key"], d["ply"]): dict(games[d["game"]]["screen"])[d["ply"]] for d in data["decisions"]}
    tasks = []
    for d in data["decisions"]:
        rec = games[d["game"]]
        key = f"{rec['key']}@{d['ply']}"
        if screen[(rec["key"], d["ply"])] >= start and key not in have and bests.get(key) is not None:
            tasks.append((name, rec, d["ply"], bests[key], look))
    if tasks:
        print(f"looks: {len(tasks)} decisions", flush=True)
        with Pool(procs) as pool:
            for r in pool.imap_unordered(_look_one, tasks):
                cache.add(r)
                have[r["d"]] = r["diffs"]
    return have


def looked(trust: Trust, look: Look, loss: float, diffs: List[float]) -> Paired:
    """The second look's worlds as the review takes them: batches of ``look.batch`` until its
    trust is settled or ``look.most`` worlds."""
    done = trust.settled(loss)
    p = Paired([])
    while p.n < look.most:
        p.diffs.extend(diffs[p.n:p.n + look.batch])
        if done(p):
            break
    return p


def verdict(trust: Trust, look: Look, loss: float, diffs: Optional[List[float]]) -> Tuple[float, float, float]:
    """(claimed, lo, hi) as the review gives them (its looks stopped as it would stop them)."""
    if diffs is None or loss < trust.start:
        return loss, loss, loss
    return trust.claim(loss, looked(trust, look, loss, diffs))


def rows_of(name: str, data: Dict[str, Any], bests: Dict[str, Any], diffs: Dict[str, List[float]]) -> List[Dict[str, Any]]:
    games = data["games"]
    out = []
    for d in data["decisions"]:
        rec = games[d["game"]]
        key = f"{rec['key']}@{d['ply']}"
        loss1 = dict(rec["screen"])[d["ply"]]
        loss, se, _ = ref_loss(d["moves"])
        named = next((c for c in d["moves"][1:] if c["move"] == bests.get(key)), None)
        ref, ref_se = (named["gain"], named["se"]) if named is not None else (loss, se)
        out.append({"key": key, "level": rec["level"], "loss1": loss1, "diffs": diffs.get(key), "loss": loss, "se": se,
                    "ref": ref, "ref_se": ref_se})
    return out


def score(name: str, rows: List[Dict[str, Any]], trust: Trust, look: Look, hard_games: int) -> Dict[str, Any]:
    s = settings_for(name)
    at = dict(zip(MARKS, s.marks))
    marked, grave, hard_marks, worlds = [], [], {}, 0
    for r in rows:
        claimed, lo, hi = verdict(trust, look, r["loss1"], r["diffs"])
        if r["diffs"] is not None and r["loss1"] >= trust.start:
            p = verdict_n(trust, look, r["loss1"], r["diffs"])
            worlds += p
        mark = s.mark_of(claimed, lo)
        if mark in MARKS:
            marked.append((r, mark, claimed, lo, hi))
            if r["level"] == "hard":
                hard_marks[r["key"].split("@")[0]] = hard_marks.get(r["key"].split("@")[0], 0) + 1
    grave = [m for m in marked if m[1] in ("mistake", "blunder")]
    # recall: the decisions the reference finds a clear mistake (its 95% interval above the mark)
    clear = [r for r in rows if r["loss"] - 1.96 * r["se"] >= at["mistake"]]
    named = {id(r): mark for r, mark, *_ in marked}
    found = sum(1 for r in clear if named.get(id(r)) in ("mistake", "blunder"))
    found_any = sum(1 for r in clear if id(r) in named)
    conf = sum(1 for r, mark, *_ in grave if r["loss"] >= at[mark])
    conf_any = sum(1 for r, mark, *_ in marked if r["loss"] >= at[mark])
    inside = sum(1 for r, _m, c, *_ in marked if abs(c - r["ref"]) <= 1.96 * r["ref_se"])
    covered = sum(1 for r, _m, c, lo, hi in marked if lo <= r["ref"] <= hi)
    xs = [c for _r, _m, c, *_ in marked]
    ys = [r["ref"] for r, *_ in marked]
    sxx = math.fsum(x * x for x in xs)
    return {"marks": len(marked), "grave": len(grave), "grave_confirmed": conf, "confirmed": conf_any,
            "hard": max(hard_marks.values(), default=0), "hard_total": sum(hard_marks.values()), "hard_games": hard_games,
            "inside": inside, "covered": covered,
            "slope": math.fsum(x * y for x, y in zip(xs, ys)) / sxx if sxx else float("nan"),
            "rms": math.sqrt(math.fsum((x - y) ** 2 for x, y in zip(xs, ys)) / len(xs)) if xs else float("nan"),
            "worlds": worlds, "clear": len(clear), "found": found, "found_any": found_any}


def verdict_n(trust: Trust, look: Look, loss: float, diffs: List[float]) -> int:
    """How many worlds the second look takes at this decision."""
    return looked(trust, look, loss, diffs).n


def fit_weights(rows: List[Dict[str, Any]], look: Look) -> Tuple[float, float, float]:
    """Least squares of the reference's loss on (first look's loss, second look's mean), through
    the origin; the residual's root mean square beyond the reference's and the look's noise."""
    xs = [(r["loss1"], sum(r["diffs"]) / len(r["diffs"])) for r in rows if r["diffs"]]
    ys = [r["ref"] for r in rows if r["diffs"]]
    a11 = math.fsum(x[0] * x[0] for x in xs)
    a12 = math.fsum(x[0] * x[1] for x in xs)
    a22 = math.fsum(x[1] * x[1] for x in xs)
    b1 = math.fsum(x[0] * y for x, y in zip(xs, ys))
    b2 = math.fsum(x[1] * y for x, y in zip(xs, ys))
    det = a11 * a22 - a12 * a12
    first, second = (b1 * a22 - b2 * a12) / det, (a11 * b2 - a12 * b1) / det
    if first < 0 or second < 0:   # one look alone
        first, second = (0.0, b2 / a22) if b2 / a22 * b2 >= b1 / a11 * b1 else (b1 / a11, 0.0)
    res = [y - (first * x[0] + second * x[1]) for x, y in zip(xs, ys)]
    # what the residual holds beyond the reference's noise and the look's own (its whole worlds)
    ses = [r["ref_se"] ** 2 + (second * Paired(r["diffs"]).se) ** 2 for r in rows if r["diffs"]]
    extra = math.fsum(e * e - s for e, s in zip(res, ses)) / max(1, len(res))
    return first, second, math.sqrt(max(0.0, extra))


def candidates(name: str, rows: List[Dict[str, Any]], look: Look) -> Iterator[Trust]:
    """The trusts the fit tries: the least-squares weights (and a few shrunk or one look's
    alone), their error, 3/4 and half of it, each ``z``, a mark's worlds at least 0 or all."""
    s = settings_for(name)
    start = s.marks[0]
    first, second, error = fit_weights([r for r in rows if r["diffs"] is not None and r["loss1"] >= start], look)
    weights = [(first, second), (0.0, 1.0), (0.5 * first, second), (first, 0.8 * second), (0.0, second), (0.0, 0.85), (0.1, 0.8)]
    for first_, second_ in weights:
        for err in (error, 0.75 * error, 0.5 * error):
            for z in (1.0, 1.28, 1.645, 1.96, 2.33):
                for sure in sorted({0, look.most}):
                    yield Trust(start, round(first_, 2), round(second_, 2), round(err, 2), z, s.marks, sure)


def holds(f: Dict[str, Any], precision: float) -> bool:
    """Marks (and mistakes or blunders) confirmed ``precision`` of the time, at most one mark per
    hard-bot game, and some marks."""
    return (f["grave"] == 0 or f["grave_confirmed"] >= precision * f["grave"]) and f["hard"] <= 1 \
        and f["marks"] > 0 and f["confirmed"] >= precision * f["marks"]


def preference(f: Dict[str, Any]) -> Tuple[Any, ...]:
    """Of the trusts that hold: claims inside the reference's range for 80% of the marks first,
    then the clear mistakes named, the share inside, the marks, the fewest worlds."""
    return (f["inside"] >= 0.8 * f["marks"], f["found"], f["found_any"], f["inside"] / f["marks"] if f["marks"] else 0,
            f["marks"], -f["worlds"])


def choose(name: str, rows: List[Dict[str, Any]], look: Look, precision: float) -> Optional[Tuple[Trust, Dict[str, Any]]]:
    """The fit's choice over ``rows``: of :func:`candidates` that :func:`holds`, the :func:`preference`'s first."""
    if not any(r["diffs"] for r in rows if r["loss1"] >= settings_for(name).marks[0]):
        return None   # nothing looked at again: nothing to fit
    hard_games = len({game_of(r) for r in rows if r["level"] == "hard"})
    chosen = None
    for t in candidates(name, rows, look):
        f = score(name, rows, t, look, hard_games)
        if holds(f, precision) and (chosen is None or preference(f) > chosen[2]):
            chosen = (t, f, preference(f))
    return None if chosen is None else chosen[:2]


def game_of(row: Dict[str, Any]) -> str:
    return row["key"].split("@")[0]


#: the figures :func:`held_out` adds up over the games
SUMMED = ("marks", "confirmed", "grave", "grave_confirmed", "inside", "covered", "found", "found_any", "clear")


def held_out(name: str, rows: List[Dict[str, Any]], look: Look, precision: float = 0.9) -> Dict[str, Any]:
    """Leave one game out: each game of the set judged by the trust the fit chooses from the
    others' decisions alone (weights, error and all), the figures added up over the games (the
    hard bot: most marks in one game).  What the fit's own figures would be on games it did not
    see; a game whose fit holds nothing counts no marks."""
    out: Dict[str, Any] = {k: 0 for k in SUMMED}
    out["hard"] = 0
    for g in sorted({game_of(r) for r in rows}):
        chosen = choose(name, [r for r in rows if game_of(r) != g], look, precision)
        if chosen is None:
            continue
        mine = [r for r in rows if game_of(r) == g]
        f = score(name, mine, chosen[0], look, 1)
        for k in SUMMED:
            out[k] += f[k]
        out["hard"] = max(out["hard"], f["hard"])
    return out


def expected_inside(name: str, rows: List[Dict[str, Any]], trust: Trust, look: Look) -> Tuple[float, float, float]:
    """How many of the trust's marks a claim could be expected to have inside the reference's 95%
    interval were it unbiased, its only error the look's noise: at the worlds the look took, at
    all its worlds, and with the trust's ``error`` (what the claims miss the reference by beyond
    both noises) beside them.  The ceiling the reference's own noise leaves the share inside."""
    s = settings_for(name)
    out = [0.0, 0.0, 0.0]
    for r in rows:
        claimed, lo, _hi = verdict(trust, look, r["loss1"], r["diffs"])
        if s.mark_of(claimed, lo) not in MARKS:
            continue
        ref = r["ref_se"]
        taken = trust.second * looked(trust, look, r["loss1"], r["diffs"]).se if r["diffs"] else 0.0
        whole = trust.second * Paired(r["diffs"]).se if r["diffs"] else 0.0
        sds = (math.hypot(taken, ref), math.hypot(whole, ref), math.sqrt(taken ** 2 + ref ** 2 + trust.error ** 2))
        for i, sd in enumerate(sds):
            out[i] += math.erf(1.96 * ref / sd / math.sqrt(2)) if sd > 0 else 1.0
    return out[0], out[1], out[2]


def main(argv: List[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m cairn review-fit")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--procs", type=int, default=2)
    p.add_argument("--kind", default=None, help="the look's kind (default the game's [GAME.look])")
    p.add_argument("--most", type=int, default=None)
    p.add_argument("--plies", type=int, default=None)
    p.add_argument("--batch", type=int, default=None, help="worlds between two checks of the early stop")
    p.add_argument("--precision", type=float, default=0.9)
    p.add_argument("--data", default=None, help="the calibration data (default tests/data/calibration/GAME.json)")
    a = p.parse_args(argv)
    name = a.game
    s = settings_for(name)
    base = s.budget.look or Look("end", 0, 16, 64)
    look = Look(a.kind or base.kind, base.plies if a.plies is None else a.plies, a.batch or base.batch,
                a.most or base.most)
    data = load(name, a.data)
    games = data["games"]
    screen_cache = Cache(os.path.join(ROOT, "build", ".cache", "calibration", name, "screen.jsonl"))
    bests = {f"{r['key']}@{v[0]}": v[2] for r in screen_cache.lines for v in r["verdicts"]}
    start = s.marks[0]
    diffs = looks(name, data, bests, look, start, a.procs)
    rows = rows_of(name, data, bests, diffs)
    flagged = [r for r in rows if r["diffs"] is not None and r["loss1"] >= start]
    first, second, error = fit_weights(flagged, look)
    hard_games = sum(1 for g in games if g["level"] == "hard")
    print(f"{GAMES[name].title}: {len(rows)} decisions, {len(flagged)} looked at again ({look.kind}, up to {look.most} worlds); "
          f"fit: first {first:.2f}, second {second:.2f}, error {error:.2f}")
    print("  first look / second look (se) / reference (se): " + ", ".join(
        f"{r['loss1']:.1f}/{Paired(r['diffs']).mean:.1f} ({Paired(r['diffs']).se:.1f})/{r['ref']:.1f} ({r['ref_se']:.1f})"
        for r in flagged))
    chosen = None
    for t in candidates(name, rows, look):
        f = score(name, rows, t, look, hard_games)
        ok = holds(f, a.precision)
        print(f"  first {t.first:.2f} second {t.second:.2f} error {t.error:.2f} z {t.z:.2f} sure {t.sure}: marks "
              f"{f['marks']} (grave {f['grave']}, confirmed {f['grave_confirmed']}; any confirmed "
              f"{f['confirmed']}), hard bot most {f['hard']} ({f['hard_total']} in {hard_games} games), claims "
              f"inside the reference's 95% {f['inside']}, reference inside the shown range {f['covered']}, "
              f"clear mistakes named {f['found']} (marked {f['found_any']}) of {f['clear']}, slope "
              f"{f['slope']:.2f}, rms {f['rms']:.2f}, worlds {f['worlds']}{'  OK' if ok else ''}")
        if ok and (chosen is None or preference(f) > chosen[2]):
            chosen = (t, f, preference(f))
    if chosen is None:
        print("  none holds")
    else:
        t, f, _ = chosen
        print(f"chosen: trust = {{ start = {t.start}, first = {t.first}, second = {t.second}, error = {t.error}, z = {t.z}, "
              f"sure = {t.sure} }}")
        h = held_out(name, rows, look, a.precision)
        print(f"held out (each game judged by the trust this fit chooses from the other games): marks {h['marks']} "
              f"(confirmed {h['confirmed']}; mistake or blunder {h['grave']}, confirmed {h['grave_confirmed']}), hard bot "
              f"most {h['hard']}, claims inside the reference's 95% {h['inside']}, reference inside the shown range "
              f"{h['covered']}, clear mistakes named {h['found']} (marked {h['found_any']}) of {h['clear']}; in the fit: marks "
              f"{f['marks']}, inside {f['inside']}")
        e = expected_inside(name, rows, t, look)
        print(f"claims inside to be expected of {f['marks']} marks were each claim unbiased: {e[0]:.1f} (the look's noise "
              f"alone), {e[1]:.1f} (at all its worlds), {e[2]:.1f} (with the trust's error beside it)")
    return 0
