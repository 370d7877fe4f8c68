"""Seat kinds: ``human`` and ``bot`` everywhere, and kinds a game defines
itself (Caledonia's card-driven ``automa``), whose defaults come from the
game's rules and whose moves are the rules' forced move, played through the
same machinery as a bot's (``cairn.bots.seat_move``); ``core`` and the
facade know no game's kinds."""
import json
import os
import re

import pytest

from cairn import new_game
from cairn.bots import seat_move
from cairn.facade import handle

ENGINE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "engine", "cairn")


def test_a_games_own_seat_kind_takes_its_defaults_from_the_rules():
    g = new_game("caledonia", players=["human", "automa"], seed=3)
    assert [s.to_json() for s in g.seats] == [{"kind": "human", "name": "Player 1"},
                                              {"kind": "automa", "name": "Automa", "level": "3"}]
    g = new_game("caledonia", players=["bot", {"kind": "automa", "level": "5", "name": "Card"}], seed=3)
    assert [s.to_json() for s in g.seats] == [{"kind": "bot", "name": "Bot 1", "level": "random"},
                                              {"kind": "automa", "name": "Card", "level": "5"}]
    with pytest.raises(ValueError, match="Glen More has no 'automa' seats"):
        new_game("glenmore", players=["human", "automa"], seed=3)


def test_seat_move_plays_a_bot_by_level_and_a_games_own_kind_by_its_forced_move():
    g = new_game("caledonia", players=["automa", "bot:random"], seed=11)
    kinds = set()
    while not g.is_over and len(g.log) < 400:
        spec = g.seats[g.current_player]
        move = seat_move(g)
        if spec.kind == "automa":
            assert g.legal_moves() == [move]   # its card decides: the only legal move
        assert move in g.legal_moves()
        kinds.add(spec.kind)
        g.play(move)
    assert kinds == {"automa", "bot"} and g.is_over
    h = new_game("hunters", players=["human", "bot"], seed=1)
    with pytest.raises(ValueError, match="human"):
        seat_move(h)


def test_the_facade_plays_the_automa_through_the_bot_op():
    reply = json.loads(handle(json.dumps({"id": 1, "op": "new", "gid": "s", "game": "caledonia",
                                          "players": ["automa", "human"], "seed": 4})))
    assert reply["ok"]
    while reply["result"]["view"]["current_player"] == 0:
        reply = json.loads(handle(json.dumps({"id": 2, "op": "bot", "gid": "s"})))
        assert reply["ok"] and reply["result"]["bot_move"]["type"] == "automa"
    refused = json.loads(handle(json.dumps({"id": 3, "op": "bot", "gid": "s"})))
    assert refused["error"]["code"] == "bad_request" and "human" in refused["error"]["message"]
    handle(json.dumps({"id": 4, "op": "close", "gid": "s"}))


def test_core_and_the_facade_name_no_games_seat_kind():
    for path in [os.path.join(ENGINE, "core", f) for f in os.listdir(os.path.join(ENGINE, "core"))] + \
            [os.path.join(ENGINE, "facade.py")]:
        if path.endswith(".py"):
            with open(path, encoding="utf-8") as f:
                assert not re.search(r"automa", f.read(), re.I), path
