"""Undo's refusal in the game's words (issue 58): the engine knows its chance events, so the
snapshot's ``undo_stop`` (and the refusal of an undo) names the move and what it revealed -
Caledonia's solo opponent drew a card, a contract was drawn, Glen More's or Hunters' next
tile - never "a new tile was revealed (or the die rolled)" in a game that has neither."""
from __future__ import annotations

import json

from cairn.core import i18n
from cairn.facade import handle

SOLO = {"kind": "automa", "level": "3"}


def call(**req):
    return json.loads(handle(json.dumps({"id": 1, **req})))


def ok(**req):
    reply = call(**req)
    assert reply["ok"], reply
    return reply["result"]


def _to_a_stop(gid, snap, pick=-1, most=200):
    """Play the person's moves (``legal[pick]``; the bots' and the solo opponent's by ``bot``)
    until undo is refused on the person's turn."""
    for _ in range(most):
        v = snap["view"]
        seat = v["seats"][v["current_player"]]
        if seat["kind"] == "human" and snap["undo_stop"]:
            return snap
        snap = ok(op="play", gid=gid, move=snap["legal"][pick]) if seat["kind"] == "human" else ok(op="bot", gid=gid)
    raise AssertionError("undo was never stopped")


def test_caledonias_solo_opponent_drew_a_card():
    snap = ok(op="new", gid="u-c", game="caledonia", players=["human", SOLO], seed=3)
    assert snap["undo_stop"] is None   # nothing played yet: nothing to say
    snap = _to_a_stop("u-c", snap)
    n = snap["view"]["ply"]
    words = snap["undo_stop"]
    assert "solo opponent" in words and "move " in words, words
    assert "tile" not in words and "die" not in words, words
    refused = call(op="undo", gid="u-c", to="human")
    assert not refused["ok"] and refused["error"]["message"] == words
    assert ok(op="state", gid="u-c")["view"]["ply"] == n   # refused: nothing changed
    ok(op="lang", lang="ro")
    try:
        ro = ok(op="state", gid="u-c")["undo_stop"]
    finally:
        ok(op="lang", lang="en")
    assert "adversarul solo" in ro and ro != words, ro
    ok(op="close", gid="u-c")


def test_each_game_names_its_own_chance():
    said = {}
    for game, players in (("glenmore", ["human", "bot"]), ("hunters", ["human", "bot"]), ("caledonia", ["human"])):
        snap = ok(op="new", gid="u-g", game=game, players=players, seed=5)
        said[game] = _to_a_stop("u-g", snap, pick=0)["undo_stop"]
        ok(op="close", gid="u-g")
    assert "tile" in said["glenmore"] and "tile" in said["hunters"], said
    assert "contract" in said["caledonia"], said   # the solo mode without an opponent: contracts drawn


def test_the_stop_is_the_move_that_revealed():
    from cairn import new_game
    g = new_game("caledonia", players=["human", SOLO], seed=3)
    while g.undo_stop is None or g.seats[g.current_player].kind != "human":
        g.play(g.legal_moves()[-1])
    m = g.undo_stop
    assert m["args"]["n"] == g._floor and 0 < g._floor <= len(g.log)
    assert i18n.render(m).startswith(f"Undo stops at move {g._floor}: ")
