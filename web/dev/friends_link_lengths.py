"""Benchmark: how long friends' game links get (issue 31's bar: a turn link
of at most 2,000 characters, every game, 1-5 players).

Plays whole games between in-process devices (tests/friends_helpers.py:
the engine's protocol, stand-in 64-byte signatures like Ed25519's and
P-256's) with every seat on its own device (the most signatures and the
longest rounds) and with the host also holding bots and seats played here,
moves chosen by the Easy bot (or at random, ``--random``), and prints for
each game and player count the longest turn link, the longest invite and
answer, as characters of the whole address: a site at a short path
(``index.html#f=`` under an origin and folder: 41 characters before the
data) and the check after it (7).

    python web/dev/friends_link_lengths.py [-n GAMES] [--random] [--games hunters,...]
    python web/dev/friends_link_lengths.py --trials [--games ...]

``--trials``: what real friends do, through the worker's ops
(tests/friends_pages.py): in each game and player count, a third of the
way in, (a) the player to act goes silent and the others hand the seat to a
bot (the ballot's links), then every link goes to every device, the silent
one's too; (b) the player to act loses their phone and rejoins from a new one
(the request link, the ballot's links, the whole game's links); (c) the host
signs two versions of its turn (the next actor gets one, the others the
other) and the stranded ones go over. Every link of the rest of the game
counts.

A one-player game has no one to play with: it is not a friends' game.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [os.path.join(ROOT, "engine"), os.path.join(ROOT, "tests")]

from cairn import GAMES  # noqa: E402
from cairn.bots import choose_move  # noqa: E402
from cairn.friends import device  # noqa: E402
from friends_helpers import play_game, random_chooser, start_game  # noqa: E402

ADDRESS = 41     # e.g. the site's origin, "/cairn/index.html" and "#f="
CHECK = 7
LIMIT = 2000


def url_len(n_bytes: int) -> int:
    return ADDRESS + (4 * n_bytes + 2) // 3 + CHECK


def easy(seed: int):
    count = [0]

    def choose(session, seat):
        count[0] += 1
        return choose_move(session.game, "easy", seed=seed * 1000 + count[0])
    return choose


def layouts(n: int):
    """Seat plans for n players: every seat a friend's; and the host with one
    friend, the other seats bots and a seat played here."""
    yield "all friends", ["here"] + ["friend"] * (n - 1)
    if n >= 3:
        yield "host+bots+1 friend", ["here", "friend"] + ["bot"] * (n - 3) + ["here"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=2, help="games per game, player count and layout")
    ap.add_argument("--random", action="store_true", help="random moves instead of the Easy bot")
    ap.add_argument("--games", default=",".join(sorted(GAMES)))
    ap.add_argument("--trials", action="store_true", help="hand-overs, new phones and forks (see the docstring)")
    args = ap.parse_args()
    if args.trials:
        from friends_trial_lengths import trials
        trials(args.games.split(","), url_len, LIMIT)
        return
    print(f"{'game':10} {'players':>7} {'layout':20} {'links':>6} {'turn link max':>13} {'median':>7} {'invite':>7} {'answer':>7} {'s':>6}")
    worst = 0
    for name in args.games.split(","):
        rules = GAMES[name]
        for n in range(1, 6):
            if n < max(2, rules.min_players) or n > rules.max_players:
                print(f"{name:10} {n:>7} {'-':20} {'(no friends game)':>13}")
                continue
            for label, kinds in layouts(n):
                lengths, t0, invite, answer = [], time.time(), 0, 0
                for g in range(args.n):
                    seed = 100 * n + g + 1
                    devices = start_game(name, kinds, seed=seed, levels=["easy"] * n)
                    invite = max([invite] + [url_len(len(x)) for x in devices[0].invites.values()])
                    for d in devices[1:]:
                        answer = max(answer, url_len(len(device.join_link(d.rec, b"\0" * 64))))
                    choose = random_chooser(seed) if args.random else easy(seed)
                    play_game(devices, choose, on_link=lambda d, data: lengths.append(url_len(len(data))))
                lengths.sort()
                worst = max(worst, lengths[-1])
                print(f"{name:10} {n:>7} {label:20} {len(lengths):>6} {lengths[-1]:>13} {lengths[len(lengths) // 2]:>7} "
                      f"{invite or '':>7} {answer:>7} {time.time() - t0:6.1f}", flush=True)
    print(f"longest turn link: {worst} characters (bar: {LIMIT})")


if __name__ == "__main__":
    main()
