"""How long a "Share today's result" link is for a whole game of each kind.

    PYTHONPATH=engine python web/dev/daily_link_lengths.py [--days 10] [--player hard]

Plays today's game of each kind on ``--days`` consecutive dates from 2026-11-01: the
person's seat by a bot of ``--player``'s level (a fixed iteration count, so runs are
reproducible), the opponent as today's bot plays; then prints the result link's length
(data, and the whole link behind a 45-character address: a site on a host's
sub-path, its index.html and ``#day=``), and the moves the link holds.
Bars (issue 45): <= 1,000 characters for Clans of Caledonia's solo game, <= 2,000 for
the others.
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "engine"))

from cairn import daily  # noqa: E402
from cairn.bots import choose_move  # noqa: E402

ADDRESS = 45   # the length of a site's address on a host's sub-path, with index.html#day=
BARS = {"caledonia": 1000, "glenmore": 2000, "hunters": 2000}


def one(game: str, day: str, level: str):
    g = daily.new_daily(game, day, "Ana")
    while not g.is_over:
        if g.seats[g.current_player].kind == "human":
            g.play(choose_move(g, level, seed=7, iterations=None if level in ("random", "easy") else _iters(g, level)))
        else:
            g.play(daily.bot_move(g))
    link = daily.result_link(g)
    return len(link), len(g.log), g.scores()[daily.deal(game, day)["human"]]["total"]


def _iters(g, level):
    from cairn.bots import budget
    from cairn.bots.knowledge import knowledge_for
    return budget(knowledge_for(g.rules.name).for_level(level), level)[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--days", type=int, default=10)
    ap.add_argument("--player", default="hard", help="the level of the bot that plays the person's seat")
    ap.add_argument("--games", default=",".join(daily.GAMES))
    args = ap.parse_args()
    start = dt.date(2026, 11, 1)
    for game in args.games.split(","):
        t0 = time.time()
        rows = [one(game, (start + dt.timedelta(days=k)).isoformat(), args.player) for k in range(args.days)]
        data = [r[0] for r in rows]
        whole = [n + ADDRESS for n in data]
        print(f"{game:10} {args.days} games, person {args.player}: link data {min(data)}-{max(data)} "
              f"(median {statistics.median(data):.0f}); whole link {min(whole)}-{max(whole)}; bar {BARS[game]}: "
              f"{'met' if max(whole) <= BARS[game] else 'NOT met'}; moves {min(r[1] for r in rows)}-{max(r[1] for r in rows)}; "
              f"person's score {min(r[2] for r in rows)}-{max(r[2] for r in rows)}; {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
