"""How long the replay view's engine side takes (CPython), on the longest kind
of game: Clans of Caledonia, 4 players, played by random moves that pass only
when little else is left (so the game runs long). Times the facade requests
the page makes: ``load`` with ``upto`` (checks the save, builds the
checkpoints) and ``seek`` one move back, one move forward, one turn back and
to random plies. Prints medians and the worst, and the machine's load.

    python3 build/replay_bench.py [--seed N] [--game caledonia] [--players 4]

The same steps in the browser (Pyodide, drawing included):
``python3 web/dev/shoot_replay.py``.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "engine"))

from cairn import new_game  # noqa: E402
from cairn.facade import handle  # noqa: E402
from cairn.core.replay import CHECKPOINT_EVERY  # noqa: E402


def long_game(game, players, seed):
    rng = random.Random(seed)
    g = new_game(game, players=[{"kind": "human", "name": f"P{i + 1}"} for i in range(players)], seed=seed)
    while not g.is_over:
        moves = g.legal_moves()
        keep = [m for m in moves if m["type"] != "pass"]
        g.play(rng.choice(keep if keep and rng.random() < 0.97 else moves))
    return g


def call(**req):
    out = json.loads(handle(json.dumps({"id": 1, **req})))
    assert out["ok"], out
    return out["result"]


def timed(fn):
    t = time.perf_counter()
    fn()
    return (time.perf_counter() - t) * 1000


def report(label, ms):
    print(f"  {label:<22} median {statistics.median(ms):6.1f} ms   worst {max(ms):6.1f} ms   ({len(ms)} requests)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="caledonia")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=4)
    a = ap.parse_args()
    g = long_game(a.game, a.players, a.seed)
    save = g.to_save()
    n = len(save["moves"])
    seats = {h["ply"]: h["seat"] for h in g.history if h["seat"] is not None}
    print(f"{a.game}, {a.players} players, seed {a.seed}: {n} moves; checkpoint every {CHECKPOINT_EVERY} plies; "
          f"load average {os.getloadavg()[0]:.1f}")
    report("open at the end", [timed(lambda: call(op="load", gid="b", save=save, upto=n)) for _ in range(5)])
    report("back one move", [timed(lambda k=k: call(op="seek", gid="b", ply=k)) for k in range(n - 1, n - 81, -1)])
    report("forward one move", [timed(lambda k=k: call(op="seek", gid="b", ply=k)) for k in range(n - 80, n + 1)])
    turns, k = [], n
    while k > 0 and len(turns) < 40:
        s = k
        while s > 1 and seats[s - 1] == seats[k]:
            s -= 1
        k = s - 1
        turns.append(timed(lambda k=k: call(op="seek", gid="b", ply=k)))
    report("back one turn", turns)
    rng = random.Random(1)
    report("jump anywhere", [timed(lambda: call(op="seek", gid="b", ply=rng.randint(0, n))) for _ in range(60)])


if __name__ == "__main__":
    main()
