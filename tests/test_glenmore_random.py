"""Random Glen More games, 2-5 players, with invariants checked after every
move (the OpenSpiel random_sim_test for this game).  ``CAIRN_SOAK=N``
multiplies the game counts (the thousands-of-games soak run,
docs/benchmarks.md; the default is a seeded sample that keeps the suite fast)."""
import os

import pytest

from cairn import GAMES, new_game
from cairn.core.rng import Rng
from cairn.glenmore.chain import is_last_turn
from cairn.glenmore.tiles import TILES

RULES = GAMES["glenmore"]
SOAK = int(os.environ.get("CAIRN_SOAK", "1"))
GAMES_PER_COUNT = 100 * SOAK   # 500 at CAIRN_SOAK=5


def check_invariants(s, vp_before):
    for p in s.players:
        assert p.coins >= 0 and p.whisky >= 0 and p.chieftains >= 0
        for spot in p.display.values():
            assert min(spot.res) >= 0 and spot.clansmen >= 0
            tile = TILES[spot.tile]
            if tile.produces is not None or tile.kind == "abbey":
                assert sum(spot.res) <= 3, "a production tile holds at most 3 resources"
            if tile.produces is not None:
                assert all(n == 0 for i, n in enumerate(spot.res) if i != tile.produces)
    gained = [sum(v for k, v in p.vp.items() if k != "tile_penalty") for p in s.players]
    assert all(a >= b for a, b in zip(gained, vp_before)), "VP are never lost"
    return gained


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_finish_with_invariants(players):
    rng = Rng(1000 + players)
    finished = 0
    for _ in range(GAMES_PER_COUNT):
        s = RULES.setup(players, rng.next64() >> 12, RULES.Options())
        vp = [0] * players
        turns = 0
        done = set()  # seats whose certain last turn has been played
        while s.current is not None:
            legal = RULES.legal_moves(s)
            assert legal, f"no legal move in phase {s.phase}"
            move = legal[rng.below(len(legal))]
            if s.phase == "move" and is_last_turn(s):
                done.add(s.current)
            RULES.apply(s, move)
            if move["type"] in ("end_turn", "pass"):
                turns += 1
                if s.current is not None:
                    assert s.phase == "take"
                    assert s.current not in done, "a certain last turn was not the last"
                    assert s.players[s.current].clansmen_on_display() >= 1
                    assert sum(e is None for e in s.chain) == 1, "13 of 14 chain spaces filled"
                    gap = s.chain.index(None)
                    assert s.chain[(gap + 1) % 14][0] in ("fig",), "a figure is rearmost"
            vp = check_invariants(s, vp)
        assert s.scorings == 3 and s.phase == "over"
        scores = RULES.scores(s)
        assert all(sc["total"] == sum(sc["breakdown"].values()) for sc in scores)
        fewest = min(len(p.display) for p in s.players)
        for p, sc in zip(s.players, scores):
            assert sc["breakdown"]["tile_penalty"] == -3 * (len(p.display) - fewest)
            assert sc["breakdown"]["coins"] == p.coins
        assert turns >= 5
        finished += 1
    assert finished == GAMES_PER_COUNT


def test_random_games_through_the_checked_api_replay_from_saves():
    from cairn import load_game

    rng = Rng(77)
    for k in range(12):
        g = new_game("glenmore", players=2 + k % 4, seed=k)
        while not g.is_over:
            legal = g.legal_moves()
            g.play(legal[rng.below(len(legal))])
        h = load_game(g.to_save())
        assert h.is_over and h.scores() == g.scores() and h.winners() == g.winners()
