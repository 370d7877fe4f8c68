"""Hints (issue 32): the medium bot's move for the person to move, through the
facade; legal, the same when only what the seat cannot see differs (the bots'
no-peeking contract), recorded in the save's meta and marked on the history
line of the move that followed; undo forgets hints of positions taken back;
saves without hints still load; a damaged record is refused."""
from __future__ import annotations

import json
import random

import pytest

from cairn import GAMES, SaveError, load_game, new_game
from cairn import hint
from cairn.bots import choose_move
from cairn.bots.knowledge import knowledge_for
from cairn.core.rng import Rng
from facade_calls import refused, request

PEOPLE = {"glenmore": 2, "hunters": 2, "caledonia": 1}




def positions(game_name, seed, every=7, limit=6):
    """Positions of a game between people played at random: every ``every`` plies."""
    rng = random.Random(seed)
    n = PEOPLE[game_name]
    g = new_game(game_name, players=[{"kind": "human", "name": f"P{i}"} for i in range(n)], seed=seed)
    found = []
    while not g.is_over and len(found) < limit:
        if len(g.log) % every == 0 and len(g.legal_moves()) > 1:
            found.append(g.clone())
        g.play(rng.choice(g.legal_moves()))
    return found


def twin(g, k):
    """The same position with everything the seat to move cannot see dealt again."""
    t = g.clone()
    t.state = g.rules.determinize(g.state, g.current_player, Rng(k))
    return t


@pytest.mark.parametrize("game_name", sorted(PEOPLE))
def test_a_hint_is_legal_and_never_peeks(game_name):
    assert game_name in GAMES
    differed = 0
    for g in positions(game_name, seed=4):
        move = hint.suggest(g, cap_s=None)
        assert move in g.legal_moves()
        assert move == choose_move(g, "medium", iterations=knowledge_for(game_name).medium_iterations)   # the medium bot's
        for k in (1, 2):
            t = twin(g, k)
            assert t.rules.view(t.state, g.current_player) == g.rules.view(g.state, g.current_player)
            differed += json.dumps(t.state.to_json(), sort_keys=True) != json.dumps(g.state.to_json(), sort_keys=True)
            assert hint.suggest(t, cap_s=None) == move, (len(g.log), k)
    assert differed, "no position had hidden information to deal again"


@pytest.mark.parametrize("game_name", sorted(PEOPLE))
def test_a_hint_says_whether_its_clock_stopped_it(game_name):
    g = new_game(game_name, players=2, seed=6)
    assert knowledge_for(game_name).medium_iterations > hint.FEWEST
    assert hint.ask(g, cap_s=None) == (hint.suggest(g, cap_s=None), True)
    move, complete = hint.ask(g, cap_s=0.0)   # the clock runs out at once: the search stops at its fewest
    assert move in g.legal_moves() and complete is False


def test_the_facade_records_the_hint_marks_the_next_line_and_undo_forgets_it():
    players = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "easy", "name": "Bot"}]
    snap = request(op="new", gid="h1", game="hunters", players=players, seed=11)
    h = request(op="hint", gid="h1")
    assert h["move"] == snap["legal"][h["index"]] and h["label"] == snap["labels"][h["index"]]["label"]
    assert h["hints"] == [0] and h["meta"]["hints"] == [0]
    assert h["meta"]["hints_followed"] == []
    # the same position, its hidden tiles dealt again: the same hint, and nothing recorded
    assert h["complete"] is True   # this position's search is far within the clock
    for k in (3, 99):
        assert request(op="hint", gid="h1", hidden=k)["move"] == h["move"]
    snap = request(op="play", gid="h1", move=h["move"])
    line = [x for x in snap["history"] if x["seat"] is not None][-1]
    assert line["ply"] == 1 and line.get("hint") is True
    assert snap["save"]["meta"] == {"hints": [0], "hints_followed": [0]}
    h2 = request(op="hint", gid="h1")
    assert h2["hints"] == [0, 1]
    snap = request(op="undo", gid="h1")
    assert snap["view"]["ply"] == 0 and snap["save"]["meta"] == {"hints": [0], "hints_followed": []}
    assert not any(x.get("hint") for x in snap["history"])
    # the save keeps the record; loading it marks the line again
    request(op="hint", gid="h1")
    snap = request(op="play", gid="h1", move=h["move"])
    again = request(op="load", gid="h2", save=snap["save"])
    assert [x["ply"] for x in again["history"] if x.get("hint")] == [1]
    assert load_game(snap["save"]).meta == {"hints": [0], "hints_followed": [0]}
    # a save from before the followed moves were kept: the move after a hint is marked
    old = {**snap["save"], "meta": {"hints": [0]}}
    assert [x["ply"] for x in request(op="load", gid="h7", save=old)["history"] if x.get("hint")] == [1]


def test_a_hint_not_followed_marks_nothing():
    """Issue 48: the log said "hint" on a move played after a hint that showed another one."""
    players = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "easy", "name": "Bot"}]
    snap = request(op="new", gid="h5", game="hunters", players=players, seed=11)
    h = request(op="hint", gid="h5")
    other = next(m for m in snap["legal"] if m != h["move"])
    snap = request(op="play", gid="h5", move=other)
    assert not any(x.get("hint") for x in snap["history"])
    assert snap["save"]["meta"]["hints"] == [0]   # the hint was taken all the same
    again = request(op="load", gid="h6", save=snap["save"])
    assert not any(x.get("hint") for x in again["history"])


def test_hints_only_for_a_person_to_move():
    snap = request(op="new", gid="h3", game="glenmore", players=[{"kind": "bot", "level": "easy", "name": "A"},
                                                                  {"kind": "bot", "level": "easy", "name": "B"}], seed=2)
    assert snap["view"]["current_player"] is not None
    assert refused(op="hint", gid="h3")["code"] == "bad_request"
    request(op="new", gid="h4", game="glenmore", players=[{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}], seed=2)
    assert refused(op="hint", gid="h4", hidden="x")["code"] == "bad_request"


def test_saves_without_hints_load_and_a_damaged_record_is_refused():
    g = new_game("glenmore", players=2, seed=5)
    g.play(g.legal_moves()[0])
    save = g.to_save()
    assert load_game(save).meta == {}
    assert load_game({**save, "meta": {"title": "x", "hints": [0, 1]}}).meta["hints"] == [0, 1]
    for bad in (["1"], [True], [-1], [10**9], list(range(20_001))):
        with pytest.raises(SaveError):
            load_game({**save, "meta": {"hints": bad}})
    # a record the engine cannot read is no record (never an error while playing)
    g.meta = {"hints": "garbage"}
    assert hint.taken(g) == [] and hint.helped_plies(g) == set()
