"""Random Clans of Caledonia games - 1-4 players, the solo mode, humans against the official
solo opponent at every difficulty, every variant - with invariants checked after every move
(the OpenSpiel random_sim_test for this game).  ``CAIRN_SOAK=N`` multiplies the game counts
(the thousands-of-games soak run; the default keeps the suite fast)."""
from __future__ import annotations

import json
import os
from collections import Counter

import pytest

from cairn import GAMES, load_game, new_game
from cairn.caledonia import economy as eco
from cairn.caledonia.data import CONTRACTS, FARM_UNITS, IMPORTS
from cairn.caledonia.state import OVER
from cairn.core.rng import Rng

RULES = GAMES["caledonia"]
SOAK = int(os.environ.get("CAIRN_SOAK", "1"))
MAX_MOVES = 20000


def check_invariants(s):
    board = eco.board_of(s)
    held = []
    for seat, p in enumerate(s.players):
        assert p.money >= 0, "money never negative"
        assert min(p.goods) >= 0, "goods never negative"
        assert p.glory >= 0 and 0 <= p.shipping <= 5
        assert p.pool >= 0 and p.track >= 0
        assert p.pool + p.track + sum(abs(k) for k in p.market) == 7, "merchants conserved"
        on_map = Counter(u for o, u in s.units.values() if o == seat)
        assert on_map == Counter({u: k for u, k in p.deployed.items() if k}), "units on board + map conserved"
        for u in FARM_UNITS:
            assert p.deployed[u] <= 4
        workers = p.deployed["woodcutter"] + p.deployed["miner"] + p.deployed["fisherman"]
        assert workers <= 8
        if p.clan != "macdonald" and not p.automa:
            assert p.deployed["woodcutter"] <= 4 and p.deployed["miner"] <= 4 and p.deployed["fisherman"] == 0
        assert len(p.contracts) <= (2 if p.clan == "buchanan" else 1)
        assert p.cellar == [0, 0, 0] or p.clan == "mackenzie"
        held += p.contracts + p.fulfilled
    shown = [c for c in s.slots if c is not None]
    pending = []
    for step in s.pending:
        for key in ("drawn", "contracts"):
            v = step.get(key) if isinstance(step, dict) else None
            if isinstance(v, list):
                pending += [c for c in v if isinstance(c, int)]
    everywhere = held + shown + s.deck + pending
    assert len(everywhere) == len(set(everywhere)), "a contract is in one place only"
    assert set(everywhere) <= set(CONTRACTS)
    assert all(0 <= x <= 9 for x in s.prices), "price markers within 0-9"
    fishermen = []
    for sid, (o, u) in s.units.items():
        sp = board.spaces[sid]
        assert sid not in s.blocked and sp.active, "units only on free active spaces"
        if u == "fisherman":
            assert sp.kind in ("loch", "port")
            fishermen.append(sid)
        else:
            assert sp.kind == "land" and eco.suits(s, o, u, sid), f"{u} on unsuitable land"
    for f in fishermen:
        assert not set(board.adjacent(f)) & set(fishermen), "two fishermen are never adjacent"
    imported = [0, 0, 0]
    for p in s.players:
        for c in p.fulfilled:
            for g, k in CONTRACTS[c].imports:
                imported[IMPORTS.index(g)] += k
    assert imported == s.imports, "import tracks = imports on fulfilled contracts"


def play_random(s, rng, check=True):
    moves = 0
    while RULES.current_player(s) is not None:
        legal = RULES.legal_moves(s)
        assert legal, f"no legal move in phase {s.phase}"
        RULES.apply(s, legal[rng.below(len(legal))])
        moves += 1
        if check:
            check_invariants(s)
        assert moves < MAX_MOVES, "game does not end"
    assert s.phase == OVER and s.round == 5
    scores = RULES.scores(s)
    assert len(scores) == s.n
    for sc in scores:
        assert sc["total"] == sum(sc["breakdown"].values())
    assert RULES.winners(s)
    return moves


def new_state(seats, seed, **options):
    g = new_game("caledonia", players=seats, seed=seed, options=options)
    return g.state


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_finish_with_invariants(players):
    rng = Rng(500 + players)
    for _ in range(25 * SOAK):
        s = RULES.setup(players, rng.next64() >> 12, RULES.Options())
        play_random(s, rng)


@pytest.mark.parametrize("difficulty", [1, 2, 3, 4, 5])
def test_random_humans_against_the_solo_opponent(difficulty):
    rng = Rng(900 + difficulty)
    for k in range(6 * SOAK):
        humans = 1 + k % 3
        seats = ["human"] * humans + [{"kind": "automa", "level": str(difficulty)}]
        s = new_state(seats, rng.next64() >> 12)
        assert sum(p.automa for p in s.players) == 1
        play_random(s, rng)


VARIANTS = [
    {"static_imports": True},
    {"scoring_tiles": False},
    {"ports": False},
    {"scoring_tiles": False, "ports": False},
    {"tight_map": True},
    {"clans": False},
    {"clan_auction": True},
    {"sides": "2121", "static_imports": True, "tight_map": True},
]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "+".join(sorted(o)))
def test_random_games_in_every_variant(options):
    rng = Rng(len(json.dumps(options)))
    for k in range(8 * SOAK):
        players = 1 + k % 4
        s = new_state(players, rng.next64() >> 12, **options)
        play_random(s, rng)


def test_same_seed_and_moves_same_game_and_save_round_trip():
    rng = Rng(4242)
    for k in range(4):
        seats = [["human"] * 3, ["human", {"kind": "automa", "level": "4"}], ["human"], ["bot:random"] * 4][k]
        g = new_game("caledonia", players=seats, seed=100 + k, options={"static_imports": k == 1})
        steps = 0
        while not g.is_over and steps < 400:
            legal = g.legal_moves()
            g.play(legal[rng.below(len(legal))])
            steps += 1
        save = json.loads(json.dumps(g.to_save()))
        h = load_game(save)
        assert h.state.to_json() == g.state.to_json()
        assert h.view(0) == g.view(0)
        again = new_game("caledonia", players=seats, seed=100 + k, options={"static_imports": k == 1})
        for m in g.log:
            again.play(m)
        assert again.state.to_json() == g.state.to_json()


def test_views_never_show_hidden_order():
    rng = Rng(31)
    g = new_game("caledonia", players=["human", "human", {"kind": "automa", "level": "2"}], seed=8)
    for _ in range(300):
        if g.is_over:
            break
        for seat in (None, 0, 1, 2):
            v = json.dumps(g.view(seat))
            assert '"draw"' not in v and '"rng"' not in v
            assert json.dumps(sorted(g.state.deck))[1:-1] not in v
        legal = g.legal_moves()
        g.play(legal[rng.below(len(legal))])
    # two games that differ only in the hidden draw pile order have the same views
    seats = ["human", "human", {"kind": "automa", "level": "2"}]
    a = new_game("caledonia", players=seats, seed=5)
    b = new_game("caledonia", players=seats, seed=5)
    b.state.deck.reverse()
    b.state.automa.draw.reverse()
    assert a.view(0) == b.view(0)


def test_illegal_moves_are_refused_with_a_reason():
    from cairn import IllegalMove

    g = new_game("caledonia", players=2, seed=3)
    with pytest.raises(IllegalMove) as e:
        g.play({"type": "trade", "good": "whisky", "side": "buy", "n": 3})
    assert str(e.value)
    with pytest.raises(IllegalMove):
        g.play({"type": "pick", "clan": "nobody", "tile": 99})
