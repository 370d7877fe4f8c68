"""Replays (cairn.core.replay and the facade's load-with-upto / seek): every
position of a saved game, reached in any order, is the position the save cut
at that ply loads to; bad saves and bad plies are refused."""
from __future__ import annotations

import json
import random

import pytest

from cairn import SaveError, load_game, new_game
from cairn.facade import handle
from cairn.core.replay import CHECKPOINT_EVERY, Replay


def finished_save(game, players, seed):
    rng = random.Random(seed)
    g = new_game(game, players=players, seed=seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    return g.to_save()


def cut(save, k):
    return dict(save, moves=save["moves"][:k])


def call(**req):
    return json.loads(handle(json.dumps(req)))


GAMES = [("glenmore", 3, 5), ("hunters", 2, 8), ("caledonia", 4, 3)]


@pytest.mark.parametrize("game,players,seed", GAMES)
def test_every_position_reached_in_any_order_is_the_cut_save_loaded(game, players, seed):
    save = finished_save(game, players, seed)
    n = len(save["moves"])
    assert n > 2 * CHECKPOINT_EVERY
    rep = Replay(save)
    assert rep.plies == n and rep.final.is_over
    rng = random.Random(seed)
    # forward and back by one, long jumps both ways, both ends, a checkpoint's neighbours
    plies = [n, n - 1, n - 2, n - 1, 0, 1, 2, 1, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY,
             CHECKPOINT_EVERY + 1, n // 2, 3, n] + rng.sample(range(n + 1), 8)
    for k in plies:
        got = rep.seek(k)
        want = load_game(cut(save, k))
        assert len(got.log) == k
        assert got.view(None) == want.view(None), k
        assert got.scores() == want.scores(), k
        assert got.history == want.history, k
        assert got.legal_moves() == want.legal_moves(), k
        assert got.to_save() == want.to_save() == cut(save, k) | {"meta": save["meta"]}, k
    assert rep.seek(n).is_over and not rep.seek(n - 1).is_over


def test_seek_refuses_plies_out_of_range():
    save = finished_save("glenmore", 2, 1)
    rep = Replay(save)
    shown = len(rep.seek(5).log)
    for bad in (-1, rep.plies + 1, 1.5, "3", True, None):
        with pytest.raises(ValueError):
            rep.seek(bad)
    assert len(rep.game.log) == shown == 5  # the position shown is unchanged


def test_replay_refuses_a_hostile_save_like_load_does():
    save = finished_save("hunters", 2, 4)
    bad = cut(save, 6)
    bad["moves"][4] = {"type": "place", "x": 99, "y": 99, "rot": 0}
    with pytest.raises(SaveError, match="move 5 of the log is illegal"):
        Replay(bad)
    with pytest.raises(SaveError):
        Replay("{not json")


def test_facade_replay_ops():
    save = finished_save("glenmore", 2, 2)
    n = len(save["moves"])
    opened = call(id=1, op="load", gid="rp", save=save, upto=n)
    assert opened["ok"], opened
    res = opened["result"]
    assert res["replay"]["ply"] == n == res["replay"]["plies"] and res["view"]["is_over"]
    assert res["winners"] and res["history"] == res["replay"]["history"]
    # a step back: the position and history of the save cut at n-1
    back = call(id=2, op="seek", gid="rp", ply=n - 1)["result"]
    want = call(id=2, op="load", gid="want", save=cut(save, n - 1))["result"]
    assert back["view"]["ply"] == n - 1 and back["replay"] == {"ply": n - 1, "plies": n}
    assert "history" not in back and "save" not in back  # the page holds them: lines up to the ply, moves cut
    assert want["history"] == [h for h in res["replay"]["history"] if (h["ply"] or 0) <= n - 1]
    assert {k: want[k] for k in back if k != "replay"} == {k: v for k, v in back.items() if k != "replay"} | {"gid": "want"}
    assert not back["view"]["is_over"]
    # the cut save continues as a new game (a branch): one more legal move plays
    branch = call(id=3, op="load", gid="branch", save=cut(save, n - 1))["result"]
    assert branch["view"]["ply"] == n - 1
    assert call(id=4, op="play", gid="branch", move=branch["legal"][0])["ok"]
    # a replay is not a game in play
    assert call(id=5, op="play", gid="rp", move=save["moves"][-1])["error"]["code"] == "bad_request"
    assert call(id=6, op="seek", gid="rp", ply=n + 1)["error"]["code"] == "bad_request"
    assert call(id=7, op="seek", gid="nope", ply=0)["error"]["code"] == "bad_request"
    # the set-up, from a fresh open at ply 0
    start = call(id=8, op="load", gid="rp", save=json.dumps(save), upto=0)["result"]
    assert start["view"]["ply"] == 0 and start["replay"]["plies"] == n
    bad = call(id=9, op="load", gid="rp2", save=dict(save, moves=save["moves"][:3] + [{"type": "nope"}]), upto=0)
    assert bad["error"]["code"] == "bad_save" and "move 4" in bad["error"]["message"]
    assert call(id=10, op="seek", gid="rp2", ply=0)["error"]["code"] == "bad_request"
    assert call(id=11, op="close", gid="rp")["ok"]
    assert call(id=12, op="seek", gid="rp", ply=0)["error"]["code"] == "bad_request"
