"""What a snapshot says so that the page need not work it out: the turn
being played by each game's own idea of a turn, the last move, each history
line's kind (move, idle, event, scoring with each seat's points) and turn,
and an undo back to the last human decision in one request."""
import json

import pytest

from cairn import new_game
from cairn.core.rng import Rng
from cairn.facade import handle


def call(**req):
    reply = json.loads(handle(json.dumps({"id": 1, **req})))
    assert reply["ok"], reply
    return reply["result"]


def play_out(game, seed, limit=2000):
    r = Rng(seed)
    while not game.is_over and len(game.log) < limit:
        legal = game.legal_moves()
        game.play(legal[r.below(len(legal))])


def turns_by_hand(game):
    """The turns as counted independently of the rules' hook."""
    if game.name == "glenmore":   # a turn begins by taking a tile or passing
        return sum(m["type"] in ("take", "pass") for m in game.log)
    if game.name == "hunters":    # placing the drawn land tile; a bonus tile (its draw is told) is in the same turn
        bonus_draws = sum(1 for h in game.history if h["seat"] is None
                          and isinstance(h["text"], dict) and h["text"].get("msg") == "{seat} draws {tile}")
        return sum(m["type"] == "place" for m in game.log) - bonus_draws
    runs, last = 0, object()
    for h in game.history:       # a seat's run of moves
        if h["seat"] is not None and h["seat"] != last:
            runs += 1
        if h["seat"] is not None:
            last = h["seat"]
    if game.name == "caledonia":   # and a seat's next turn of the action phase in a run (the others passed)
        g = new_game(game.name, players=len(game.seats), seed=game.seed)
        for m in game.log:
            seat = g.current_player
            g.play(m)
            if g.state.phase == "actions" and g.current_player == seat and not g.state.turn and not g.state.pending:
                runs += 1   # its turn ended (a new one began: nothing of it done yet)
    return runs


@pytest.mark.parametrize("name, players", [("glenmore", 3), ("hunters", 2), ("caledonia", 3)])
def test_turns_kinds_and_points_over_a_whole_game(name, players):
    g = new_game(name, players=players, seed=17)
    totals = [s["total"] for s in g.scores()]
    r = Rng(4)
    while not g.is_over:
        legal = g.legal_moves()
        g.play(legal[r.below(len(legal))])
    moves = [h for h in g.history if h["seat"] is not None]
    assert len(moves) == len(g.log)
    for h, m in zip(moves, g.log):
        assert h["kind"] == ("idle" if m["type"] in g.rules.idle_moves else "move")
    assert g.turn == max(h["turn"] for h in g.history) == sum(1 for h in moves if h.get("turn_start"))
    assert g.turn == turns_by_hand(g)
    # Every point scored is on a scoring line (once per move), and the sum is the final score.
    gained = [0] * players
    seen = set()
    for h in g.history:
        if h["kind"] == "scoring" and h["ply"] not in seen:
            seen.add(h["ply"])
            gained = [a + b for a, b in zip(gained, h["points"])]
        assert (h["kind"] == "scoring") == ("points" in h)
    final = [s["total"] for s in g.scores()]
    assert seen, "no scoring line in a whole game"
    assert [f - t for f, t in zip(final, totals)] == gained or name == "glenmore"   # Glen More scores quietly too


def test_hunters_turns_count_bonus_tiles_in_the_turn_that_earned_them():
    for seed in range(30):
        g = new_game("hunters", players=2, seed=seed)
        play_out(g, seed)
        assert g.turn == turns_by_hand(g)
        if sum(m["type"] == "place" for m in g.log) > g.turn:   # a bonus tile was placed
            return
    pytest.fail("no bonus tile in 30 games")


def test_snapshot_carries_the_turn_and_the_last_move_and_undo_goes_back_to_the_human():
    snap = call(op="new", gid="u", game="caledonia", players=["human", "bot:random"], seed=8)
    while snap["view"]["current_player"] != 0:   # the set-up (clans) first
        snap = call(op="bot", gid="u")
    start = snap["view"]["ply"]
    move = snap["legal"][0]
    snap = call(op="play", gid="u", move=move)
    assert snap["last_move"] == {"ply": start + 1, "seat": 0, "move": move}
    human_ply = snap["view"]["ply"]
    while snap["view"]["current_player"] == 0 and snap["legal"]:   # finish the human's turn
        snap = call(op="play", gid="u", move=snap["legal"][-1])
    while snap["view"]["current_player"] != 0:
        snap = call(op="bot", gid="u")
    assert snap["view"]["ply"] > human_ply
    back = call(op="undo", gid="u", to="human")
    assert back["view"]["current_player"] == 0 and back["view"]["seats"][0]["kind"] == "human"
    assert back["view"]["ply"] < snap["view"]["ply"]
    assert back["history"] == [h for h in snap["history"] if h["ply"] is None or h["ply"] <= back["view"]["ply"]]
    call(op="close", gid="u")


def test_undo_to_human_stopped_by_a_revealed_tile_changes_nothing():
    """Hunters: each bot turn draws a tile, so a human's move cannot be
    taken back past a bot's turn; the game stays as it was."""
    snap = call(op="new", gid="h", game="hunters", players=["human", "bot:random"], seed=2)
    while snap["view"]["current_player"] == 0:
        snap = call(op="play", gid="h", move=snap["legal"][0])
    while snap["view"]["current_player"] == 1:
        snap = call(op="bot", gid="h")
    reply = json.loads(handle(json.dumps({"id": 1, "op": "undo", "gid": "h", "to": "human"})))
    assert not reply["ok"] and reply["error"]["code"] == "illegal_move"
    assert call(op="state", gid="h")["save"] == snap["save"]
    call(op="close", gid="h")


def test_a_solo_game_ends_with_its_rating_not_a_winner():
    """Clans of Caledonia's solo mode rates the final total (Newbie .. Genius);
    the snapshot's ``outcome`` says so in the reader's language, and games
    with winners to name have none."""
    from cairn.caledonia.scoring import solo_rating

    g = new_game("caledonia", players=1, seed=3)
    play_out(g, 1)
    total = g.scores()[0]["total"]
    snap = call(op="load", gid="solo", save=json.dumps(g.to_save()))
    assert snap["outcome"] == f"Solo rating: {solo_rating(total)} ({total} points)"
    call(op="lang", lang="pt-BR")
    try:
        assert call(op="state", gid="solo")["outcome"].startswith("Avaliação solo: ")
    finally:
        call(op="lang", lang="en")
        call(op="close", gid="solo")
    two = new_game("caledonia", players=2, seed=3)
    play_out(two, 2)
    assert two.is_over and call(op="load", gid="two", save=json.dumps(two.to_save()))["outcome"] is None
    call(op="close", gid="two")


def _undo_after_a_reveal(gid, seat):
    """A Glen More game (human, random bot) played until ``seat`` is to move right after a
    move that revealed a tile; then an undo to the last human decision: it is refused in
    the reader's words and the game is as it was."""
    snap = call(op="new", gid=gid, game="glenmore", players=["human", "bot:random"], seed=5)
    for _ in range(300):
        if snap["view"]["current_player"] == seat and not snap["view"]["can_undo"] and snap["view"]["ply"]:
            break
        snap = call(op="bot", gid=gid) if snap["view"]["current_player"] == 1 else call(op="play", gid=gid, move=snap["legal"][0])
    else:
        pytest.fail("never such a position")
    reply = json.loads(handle(json.dumps({"id": 1, "op": "undo", "gid": gid, "to": "human"})))
    # in the game's words: the move that revealed a tile (issue 58), as the snapshot said it
    assert reply["error"]["code"] == "illegal_move" and reply["error"]["message"] == snap["undo_stop"], reply
    assert "a new tile was drawn" in reply["error"]["message"], reply
    assert call(op="state", gid=gid)["save"] == snap["save"]
    call(op="close", gid=gid)


def test_undo_to_human_refuses_in_the_same_words_when_the_bots_last_move_revealed_a_tile():
    """Glen More: a bot's move that refilled the rondel from the stack can
    not be taken back; asked from a bot's turn, the refusal says why."""
    _undo_after_a_reveal("r", 1)


def test_undo_to_human_refuses_in_the_same_words_when_the_human_is_to_move_after_a_reveal():
    """The same refusal when the bots' turn is over (the page asked while their answer came in):
    the human is to move and the move before revealed a tile."""
    _undo_after_a_reveal("q", 0)
