"""How long a "share as a link" URL is for a finished 4-player game of each game.

The app's link is ``index.html#save=<base64url, no padding, of the deflate-raw
compressed save JSON>`` (web/js/share.js: ``JSON.stringify(save)`` - compact -
through ``CompressionStream("deflate-raw")``).  Python's zlib with wbits=-15 is
the same raw deflate format (the browser's compressor may pick slightly
different blocks, so its output differs by a few bytes; e2e/test_share.py
compares the two for one game).

    PYTHONPATH=engine python web/dev/link_lengths.py [--level easy] [--seeds 1,2,3]

Plays each game to the end with four bots (``choose_move`` with a fixed
iteration count, so runs are reproducible), then prints the save's JSON size
(pretty as exported, compact as linked), the deflated size and the length of
the fragment and of the whole link.
"""
from __future__ import annotations

import argparse
import base64
import json
import os
import sys
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "engine"))

from cairn import new_game  # noqa: E402
from cairn.bots import choose_move  # noqa: E402

GAMES = ["glenmore", "hunters", "caledonia"]
SITE_LENGTH = 36   # a typical address in front of the fragment (scheme, host, /cairn/index.html)


def link_fragment(save: dict) -> str:
    """The ``#save=...`` fragment the app makes for ``save``."""
    text = json.dumps(save, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    comp = zlib.compressobj(level=9, wbits=-15)
    raw = comp.compress(text) + comp.flush()
    return "#save=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def play_out(game_name: str, seed: int, level: str, iterations: int) -> dict:
    players = [{"kind": "bot", "level": level, "name": f"Bot {i + 1}"} for i in range(4)]
    g = new_game(game_name, players=players, seed=seed, options={})
    n = 0
    while not g.is_over:
        g.play(choose_move(g, level, seed=seed * 1000 + n, iterations=iterations))
        n += 1
    return g.to_save()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="easy")
    ap.add_argument("--iterations", type=int, default=10)
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--games", default=",".join(GAMES))
    args = ap.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    print(f"4 players, level {args.level} ({args.iterations} iterations), seeds {seeds}")
    print(f"{'game':<10} {'seed':>4} {'moves':>5} {'pretty':>7} {'compact':>7} {'deflated':>8} "
          f"{'fragment':>8} {'link':>6} {'secs':>5}")
    for name in args.games.split(","):
        for seed in seeds:
            t0 = time.perf_counter()
            save = play_out(name, seed, args.level, args.iterations)
            secs = time.perf_counter() - t0
            pretty = len(json.dumps(save, indent=1).encode("utf-8"))
            compact = len(json.dumps(save, separators=(",", ":")).encode("utf-8"))
            frag = link_fragment(save)
            deflated = len(base64.urlsafe_b64decode(frag[6:] + "=" * (-len(frag[6:]) % 4)))
            print(f"{name:<10} {seed:>4} {len(save['moves']):>5} {pretty:>7} {compact:>7} {deflated:>8} "
                  f"{len(frag):>8} {SITE_LENGTH + len(frag):>6} {secs:>5.1f}")


if __name__ == "__main__":
    main()
