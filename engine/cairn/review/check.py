"""How true the review's marks are: ``python -m cairn review-calibration GAME [--procs 2]
[--data FILE] [--out FILE]`` (the calibration set: :mod:`cairn.review.calibrate`).

Today's review judges every decision of the set (at the app's budget and seed, as a device
would) and every decision of the hard bot's games in it; then, per game:

* **precision** of each mark: the share of decisions so marked whose reference loss reaches the
  mark's threshold ("confirmed"), and the share the reference contradicts (its 95% interval
  wholly below the first mark's threshold);
* **the hard bot's games**: marks per game (mean and most), and those the reference does not
  confirm;
* **claimed against reference** over the marked decisions: the least-squares slope of the
  reference's loss on the claimed one (through the origin), the root mean square of their
  difference, the share of claims inside the reference's 95% interval, and the share of the
  reference's losses inside the range the review shows;
* **what it misses**: decisions the reference finds a mistake (its interval wholly above the
  mistake's threshold) that the review does not mark.

The reference's loss of a decision is that of the move the review names as better, where it is
one of the set's candidates (else the best candidate's): the claim checked is "that move was
about so many points better".  ``--out`` keeps each decision's verdict and reference (JSON lines).
"""
from __future__ import annotations

import argparse
import json
import math
import time
from multiprocessing import Pool
from typing import Any, Dict, List, Optional, Tuple

from .. import GAMES, new_game
from ..bots import seat_for
from .calibrate import ORDER, load, ref_loss, replay
from .judge import run
from .session import SEED
from .settings import MARKS, settings_for


def decisions_of(name: str, rec: Dict[str, Any]) -> List[int]:
    """The plies where the game's reviewed seat had a choice."""
    out = []
    h = new_game(name, players=[seat_for(lv) for lv in rec["levels"]], seed=rec["seed"])
    for ply, i in enumerate(rec["moves"]):
        legal = h.legal_moves()
        if h.current_player == rec["seat"] and len(legal) > 1:
            out.append(ply)
        h.play(legal[i])
    return out


def _judge(task: Tuple[str, Dict[str, Any], List[int]]) -> List[Dict[str, Any]]:
    name, rec, plies = task
    _g, at = replay(name, rec, plies)
    s = settings_for(name)
    out = []
    for ply in plies:
        game = at[ply]
        played = game.legal_moves()[rec["moves"][ply]]
        t = time.process_time()
        v = run(game, played, SEED, s.budget)
        out.append({"key": rec["key"], "ply": ply, "loss": v.loss, "lo": v.lo, "hi": v.hi, "mark": s.mark_of(v.loss, v.lo),
                    "best": v.best, "cpu": time.process_time() - t})
    return out


def judge_all(name: str, data: Dict[str, Any], procs: int) -> Dict[Tuple[str, int], Dict[str, Any]]:
    games = data["games"]
    want: Dict[int, set] = {}
    for d in data["decisions"]:
        want.setdefault(d["game"], set()).add(d["ply"])
    for i, rec in enumerate(games):
        if rec["level"] == "hard":
            want.setdefault(i, set()).update(decisions_of(name, rec))
    tasks = []
    for i, plies in want.items():
        plies = sorted(plies)
        for k in range(0, len(plies), 8):   # small tasks: the two processes stay busy
            tasks.append((name, games[i], plies[k:k + 8]))
    out: Dict[Tuple[str, int], Dict[str, Any]] = {}
    with Pool(procs) as pool:
        for part in pool.imap_unordered(_judge, tasks):
            for v in part:
                out[(v["key"], v["ply"])] = v
    return out


def _fmt(x: float, d: int = 2) -> str:
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{d}f}"


def figures(name: str, data: Dict[str, Any], verdicts: Dict[Tuple[str, int], Dict[str, Any]]) -> Dict[str, Any]:
    """The report's figures (see the module's docstring), from the set and today's verdicts."""
    s = settings_for(name)
    at = dict(zip(MARKS, s.marks))
    games = data["games"]
    rows = []
    for d in data["decisions"]:
        rec = games[d["game"]]
        v = verdicts[(rec["key"], d["ply"])]
        cands = d["moves"]
        loss, se, _ = ref_loss(cands)
        named = next((c for c in cands[1:] if c["move"] == v["best"]), None)
        ref, ref_se = (named["gain"], named["se"]) if named is not None else (loss, se)
        rows.append({"level": rec["level"], "key": rec["key"], "ply": d["ply"], "v": v, "loss": loss, "se": se,
                     "ref": ref, "ref_se": ref_se, "named": named is not None})
    out: Dict[str, Any] = {"decisions": len(rows), "marks": {}}
    for m in MARKS:
        mine = [r for r in rows if r["v"]["mark"] == m]
        out["marks"][m] = {"n": len(mine), "confirmed": sum(1 for r in mine if r["loss"] >= at[m]),
                           "contradicted": sum(1 for r in mine if r["loss"] + 1.96 * r["se"] < at["inaccuracy"])}
    grave = [r for r in rows if r["v"]["mark"] in ("mistake", "blunder")]
    out["grave"] = {"n": len(grave), "confirmed": sum(1 for r in grave if r["loss"] >= at[r["v"]["mark"]]),
                    "at_least_mistake": sum(1 for r in grave if r["loss"] >= at["mistake"])}
    # the hard bot's games: every decision of them judged
    hard = [g for g in games if g["level"] == "hard"]
    per = []
    unconfirmed = []
    ref_of = {(r["key"], r["ply"]): r for r in rows}
    for g in hard:
        marked = [v for (k, _p), v in verdicts.items() if k == g["key"] and v["mark"] in MARKS]
        per.append(len(marked))
        unconfirmed.append(sum(1 for v in marked if (v["key"], v["ply"]) not in ref_of
                               or ref_of[(v["key"], v["ply"])]["loss"] < at[v["mark"]]))
    out["hard"] = {"games": len(hard), "marks": per, "unconfirmed": unconfirmed}
    marked = [r for r in rows if r["v"]["mark"] in MARKS]
    out["claims"] = claims(marked)
    out["missed"] = sum(1 for r in rows if r["loss"] - 1.96 * r["se"] >= at["mistake"]
                        and r["v"]["mark"] not in ("mistake", "blunder"))
    out["found"] = sum(1 for r in rows if r["loss"] - 1.96 * r["se"] >= at["mistake"])
    out["close"] = sum(1 for r in rows if r["v"]["mark"] == "close")
    out["by_level"] = {lv: {"decisions": sum(1 for r in rows if r["level"] == lv),
                            "marks": sum(1 for r in rows if r["level"] == lv and r["v"]["mark"] in MARKS),
                            "grave": sum(1 for r in rows if r["level"] == lv and r["v"]["mark"] in ("mistake", "blunder"))}
                       for lv in ORDER}
    out["rows"] = rows
    return out


def claims(marked: List[Dict[str, Any]]) -> Dict[str, Any]:
    """Claimed loss against the reference's over marked decisions."""
    n = len(marked)
    if not n:
        return {"n": 0}
    xs = [r["v"]["loss"] for r in marked]
    ys = [r["ref"] for r in marked]
    sxx = math.fsum(x * x for x in xs)
    slope = math.fsum(x * y for x, y in zip(xs, ys)) / sxx if sxx else float("nan")
    rms = math.sqrt(math.fsum((x - y) ** 2 for x, y in zip(xs, ys)) / n)
    bias = math.fsum(x - y for x, y in zip(xs, ys)) / n
    inside = sum(1 for r in marked if abs(r["v"]["loss"] - r["ref"]) <= 1.96 * r["ref_se"])
    covered = sum(1 for r in marked if r["v"]["lo"] is not None and r["v"]["lo"] <= r["ref"] <= r["v"]["hi"])
    return {"n": n, "slope": slope, "rms": rms, "bias": bias, "inside": inside, "covered": covered,
            "named": sum(1 for r in marked if r["named"])}


def report(name: str, fig: Dict[str, Any], seconds: float, cpu: float) -> None:
    s = settings_for(name)
    print(f"{GAMES[name].title}: {fig['decisions']} decisions of the calibration set; marks from "
          f"{s.marks[0]:g} / {s.marks[1]:g} / {s.marks[2]:g} points; judged in {seconds:.0f} s "
          f"({cpu:.0f} s of CPU, {1000 * cpu / max(1, fig['judged']):.0f} ms a decision)")
    for m in MARKS:
        x = fig["marks"][m]
        print(f"  {m:>10s}: {x['n']:3d} marked, confirmed {x['confirmed']} ({_pct(x['confirmed'], x['n'])}), "
              f"contradicted {x['contradicted']}")
    g = fig["grave"]
    print(f"  mistake or blunder: {g['n']} marked, confirmed at their own threshold {g['confirmed']} "
          f"({_pct(g['confirmed'], g['n'])}), at least a mistake {g['at_least_mistake']} ({_pct(g['at_least_mistake'], g['n'])})")
    h = fig["hard"]
    if h["games"]:
        print(f"  hard bot's games: {h['games']}, marks per game {_fmt(sum(h['marks']) / h['games'])} "
              f"(most {max(h['marks'])}; {h['marks']}), unconfirmed per game {_fmt(sum(h['unconfirmed']) / h['games'])}")
    c = fig["claims"]
    if c["n"]:
        print(f"  claimed vs reference ({c['n']} marks, {c['named']} with the named move among the candidates): "
              f"slope {_fmt(c['slope'])}, rms error {_fmt(c['rms'])}, mean (claimed - reference) {_fmt(c['bias'])}; "
              f"claims inside the reference's 95% interval {c['inside']} ({_pct(c['inside'], c['n'])}); "
              f"reference inside the range shown {c['covered']} ({_pct(c['covered'], c['n'])})")
    print(f"  missed: {fig['missed']} of the {fig['found']} decisions the reference finds a mistake not marked "
          f"a mistake or worse; close calls said: {fig['close']}")
    print("  by level: " + "; ".join(f"{lv} {x['decisions']} decisions, {x['marks']} marks ({x['grave']} grave)"
                                    for lv, x in fig["by_level"].items()))


def _pct(a: int, n: int) -> str:
    return f"{100 * a / n:.0f}%" if n else "-"


def main(argv: List[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m cairn review-calibration")
    p.add_argument("games", nargs="+", choices=sorted(GAMES))
    p.add_argument("--procs", type=int, default=2)
    p.add_argument("--data", default=None, help="the calibration data (default tests/data/calibration/GAME.json)")
    p.add_argument("--out", default=None, help="write each decision's verdict and reference here (JSON lines)")
    a = p.parse_args(argv)
    for name in a.games:
        data = load(name, a.data)
        t = time.perf_counter()
        verdicts = judge_all(name, data, a.procs)
        seconds = time.perf_counter() - t
        fig = figures(name, data, verdicts)
        fig["judged"] = len(verdicts)
        report(name, fig, seconds, sum(v["cpu"] for v in verdicts.values()))
        if a.out:
            with open(a.out, "a") as f:
                for r in fig["rows"]:
                    f.write(json.dumps({"game": name, **{k: r[k] for k in ("level", "key", "ply", "loss", "se", "ref", "ref_se")},
                                        "verdict": r["v"]}) + "\n")
    return 0
