"""Dev tool: the finished games the review's tests and benchmarks use
(``tests/data/review/``): in each game a person (played by the medium bot at its iteration
cap, a fair club player) against the medium bot, and Clans of Caledonia's solo mode; each
as a plain save (``<name>.json``) and with its whole review kept (``<name>.reviewed.json``,
made by the engine's own review).

    PYTHONPATH=engine python3 web/dev/gen_review_saves.py
"""
from __future__ import annotations

import json
import os

from cairn import new_game
from cairn.bots import budget, choose_move, seat_move
from cairn.bots.knowledge import knowledge_for
from cairn.review.session import Session

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data", "review")
GAMES = {   # name: (game, seats, seed)
    "glenmore": ("glenmore", 2, 21),
    "hunters": ("hunters", 2, 22),
    "caledonia": ("caledonia", 2, 23),
    "caledonia-solo": ("caledonia", 1, 24),
}


#: games taken from the review's calibration set (tests/data/calibration/GAME.json) instead:
#: Glen More's seed 21 gave a game the review, since issue 62, marks nothing in
FROM_CALIBRATION = {"glenmore": "medium-2p-2203"}


def from_calibration(game: str, key: str) -> dict:
    from cairn.review.calibrate import load
    rec = next(g for g in load(game)["games"] if g["key"] == key)
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "medium", "name": "Bot"}]
    assert rec["seat"] == 0 and rec["levels"] == ["medium", "medium"]
    g = new_game(game, players=seats, seed=rec["seed"])
    for i in rec["moves"]:
        g.play(g.legal_moves()[i])
    return g.to_save()


def finished(game: str, players: int, seed: int) -> dict:
    seats = [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "level": "medium", "name": "Bot"}] * (players - 1)
    g = new_game(game, players=seats, seed=seed)
    cap = budget(knowledge_for(game), "medium")[0]
    while not g.is_over:
        human = g.seats[g.current_player].kind == "human"
        g.play(choose_move(g, "medium", seed=seed, iterations=cap) if human else seat_move(g, seed=seed, iterations=cap))
    return g.to_save()


def main() -> None:
    os.makedirs(OUT, exist_ok=True)
    for name, (game, players, seed) in GAMES.items():
        save = from_calibration(game, FROM_CALIBRATION[name]) if name in FROM_CALIBRATION else finished(game, players, seed)
        with open(os.path.join(OUT, f"{name}.json"), "w") as f:
            json.dump(save, f, separators=(",", ":"))
        s = Session(save)
        while not s.complete:
            s.work(10.0)
        s.final.review = s.kept()
        with open(os.path.join(OUT, f"{name}.reviewed.json"), "w") as f:
            json.dump(s.final.to_save(), f, separators=(",", ":"))
        print(name, len(save["moves"]), "moves,", len(s.decisions), "decisions,", s.summary())


if __name__ == "__main__":
    main()
