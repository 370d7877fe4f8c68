"""Command line: ``python -m cairn play|bench|selfplay ...``.

* ``play GAME [--players N] [--seed S]``: play in the terminal (type a move
  number; ``u`` undoes, ``q`` quits).
* ``bench GAME [--seconds T] [--players N ...]``: random full games per
  second, straight through the rules (the fast unchecked path).
* ``selfplay GAME [--games K] [--bots LEVEL,LEVEL,...]``: bot-vs-bot games
  through the checked API; prints scores.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import List, Optional

from . import GAMES, IllegalMove, new_game
from .bots import choose_move
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


def _selfplay(name: str, games: int, bots: List[str], seed: int) -> None:
    for k in range(games):
        g = new_game(name, players=[{"kind": "bot", "level": b} for b in bots], seed=seed + k)
        while not g.is_over:
            g.play(choose_move(g, g.seats[g.current_player].level or "random"))
        totals = [s["total"] for s in g.scores()]
        print(f"game {k + 1} seed {seed + k}: scores {totals} winners {g.winners()} ({len(g.log)} moves)")


def _play(name: str, players: int, seed: Optional[int]) -> None:
    g = new_game(name, players=players, seed=seed)
    print(f"{GAMES[name].title}, {players} players, seed {g.seed}")
    while not g.is_over:
        view = g.view()
        legal = g.legal_moves()
        print(f"\n-- ply {view['ply']}, seat {g.current_player + 1} to move --")
        for i, m in enumerate(legal):
            print(f"  {i:3d}: {g.rules.describe(g.state, m)}")
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


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="python -m cairn")
    sub = p.add_subparsers(dest="cmd", required=True)
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
            sp.add_argument("--games", type=int, default=3)
            sp.add_argument("--bots", default="random,random")
    a = p.parse_args(argv)
    if a.cmd == "bench":
        _bench(a.game, a.seconds, a.players, a.seed)
    elif a.cmd == "selfplay":
        _selfplay(a.game, a.games, a.bots.split(","), a.seed)
    else:
        _play(a.game, a.players, a.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
