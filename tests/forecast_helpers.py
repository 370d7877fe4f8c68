"""Shared checks of the bots' learned forecasts (Hunters, Glen More)."""
import random

from cairn import new_game


def random_positions(name, seed, players):
    """Every position of one game of random moves, the game itself yielded at each (over last)."""
    g = new_game(name, players=players, seed=seed)
    r = random.Random(seed)
    while True:
        yield g
        if g.is_over:
            return
        g.play(r.choice(g.legal_moves()))


def trained_twice(train, tmp_path):
    """The text of two files the same training call writes (``train(out)``)."""
    files = []
    for name in ("a.json", "b.json"):
        out = tmp_path / name
        train(str(out))
        files.append(out.read_text())
    return files
