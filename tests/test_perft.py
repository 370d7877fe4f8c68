"""Perft-style regression (python-chess): legal-move counts along fixed
seeded lines, stored as data. A change here means the rules changed."""
import json
import os

import pytest

from cairn import GAMES
from cairn.core.rng import Rng

DATA = os.path.join(os.path.dirname(__file__), "data")
FILES = sorted(f for f in os.listdir(DATA) if f.endswith("_perft.json"))


@pytest.mark.parametrize("name", FILES)
def test_legal_move_counts_unchanged(name):
    with open(os.path.join(DATA, name)) as f:
        data = json.load(f)
    rules = GAMES[data["game"]]
    for line in data["lines"]:
        s = rules.setup(line["players"], line["seed"], rules.Options())
        rng = Rng(line["seed"])
        counts = []
        for _ in line["counts"]:
            legal = rules.legal_moves(s)
            counts.append(len(legal))
            rules.apply(s, legal[rng.below(len(legal))])
        assert counts == line["counts"], f"{line['players']} players, seed {line['seed']}"
