"""The replay view: a finished game imported as a file opens at its end with
the final table; stepping by move and by turn, the keys, the slider's ends and
a tap on a move of the list show the position the engine gives for that ply
(the whole view and the scores, checked against CPython's replay of the save
cut there); "Continue from here" starts a new saved game at that ply and the
original saved game is unchanged; a game in play opens in it and comes back.
On a phone the controls are big enough to tap and nothing overflows."""
from __future__ import annotations

import json
import random

from play_helpers import Player

from cairn import load_game, new_game

WAIT = "window.cairn.replay && window.cairn.replay.open && !window.cairn.replay.busy"


def finished_game(game="glenmore", seed=11):
    rng = random.Random(seed)
    g = new_game(game, players=[{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bruno"}], seed=seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    return g


def at(save, k):
    """CPython's game after the save's first k moves."""
    return load_game(dict(save, moves=save["moves"][:k]))


def seats_by_ply(g):
    seats = {}
    for h in g.history:
        if h["seat"] is not None:
            seats[h["ply"]] = h["seat"]
    return seats


def import_finished(app, tmp_path, g):
    path = tmp_path / "finished.cairn.json"
    path.write_text(json.dumps(g.to_save()))
    app.page.set_input_files("#import-file", str(path))
    app.page.wait_for_function(WAIT, timeout=120_000)


def shown(app):
    """What the replay view shows: its ply, the scores in the panel, the snapshot drawn."""
    app.page.wait_for_function(WAIT)
    return app.page.evaluate("""() => ({
      ply: window.cairn.replay.ply,
      attr: Number(document.documentElement.dataset.replayPly),
      counter: document.getElementById('rp-counter').textContent,
      slider: Number(document.getElementById('rp-slider').value),
      totals: [...document.querySelectorAll('#rp-scores .score .total')].map((e) => Number(e.textContent)),
      view: window.cairn.replay.snapshot().view,
      finalShown: !document.getElementById('rp-final').hidden,
    })""")


def check_position(app, save, k):
    s = shown(app)
    want = at(save, k)
    assert s["ply"] == s["attr"] == s["slider"] == k
    assert s["counter"] == (f"Move {k} / {len(save['moves'])}" if k else f"Start ({len(save['moves'])} moves)")
    assert s["totals"] == [x["total"] for x in want.scores()]
    assert s["view"] == json.loads(json.dumps(want.view(None)))
    assert s["finalShown"] == want.is_over
    return s


def test_replay_a_finished_game_step_jump_and_branch(app, tmp_path):
    g = finished_game()
    save = g.to_save()
    n = len(save["moves"])
    seats = seats_by_ply(g)
    app.open("?fast=1")
    import_finished(app, tmp_path, g)

    # a finished game opens at its end, with the final table
    check_position(app, save, n)
    assert app.page.is_visible("#replay-score-table")
    assert app.page.is_disabled("#rp-next") and app.page.is_disabled("#rp-continue")
    index = app.saved_index()
    assert len(index) == 1 and index[0]["over"]
    gid = index[0]["gid"]
    stored = app.page.evaluate(f"localStorage.getItem('cairn:save:{gid}')")
    assert json.loads(stored)["moves"] == save["moves"]

    # one move back and forward
    app.page.click("#rp-prev")
    check_position(app, save, n - 1)
    app.page.click("#rp-next")
    check_position(app, save, n)
    # one turn back twice, then forward: a turn is the moves of one seat in a row
    k = n
    for _ in range(2):
        start = k
        while start > 1 and seats[start - 1] == seats[k]:
            start -= 1
        k = start - 1
        app.page.click("#rp-prevTurn")
        check_position(app, save, k)
    assert seats[k] != seats[k + 1]
    end = k + 1
    while end < n and seats[end + 1] == seats[k + 1]:
        end += 1
    app.page.click("#rp-nextTurn")
    check_position(app, save, end)
    assert end - k >= 1 and seats[end] != seats.get(end + 1)

    # keys, the ends, a move tapped in the list
    app.page.keyboard.press("ArrowLeft")
    check_position(app, save, end - 1)
    app.page.keyboard.press("Home")
    check_position(app, save, 0)
    app.page.keyboard.press("End")
    check_position(app, save, n)
    app.page.click("#rp-start")
    check_position(app, save, 0)
    # autoplay at the fast speed, then pause: it stays where it stopped
    app.page.select_option("#rp-speed", "400")
    app.page.click("#rp-play")
    app.page.wait_for_function("window.cairn.replay.ply >= 3")
    app.page.click("#rp-play")
    app.page.wait_for_function(WAIT)
    stopped = shown(app)["ply"]
    app.page.wait_for_timeout(900)
    check_position(app, save, stopped)
    app.page.click("#rp-log li.move[data-ply='37']")
    check_position(app, save, 37)
    assert app.page.get_attribute("#rp-log li.current", "data-ply") == "37"
    assert app.page.eval_on_selector_all("#rp-log li.future", "ls => ls.every((l) => Number(l.dataset.ply) > 37)")

    # continue from here: a new game at this ply; the original is untouched
    app.page.click("#rp-continue")
    app.page.wait_for_function("window.cairn.snapshot() && !window.cairn.replay.open && window.cairn.gid")
    app.wait_idle()
    branch = app.snapshot()
    assert branch["view"]["ply"] == 37 and not branch["view"]["is_over"]
    assert branch["save"]["moves"] == save["moves"][:37] and branch["save"]["seed"] == save["seed"]
    assert branch["gid"] != gid and app.page.is_visible("#play")
    index = {e["gid"]: e for e in app.saved_index()}
    assert set(index) == {gid, branch["gid"]} and index[gid]["over"] and not index[branch["gid"]]["over"]
    assert app.page.evaluate(f"localStorage.getItem('cairn:save:{gid}')") == stored
    app.make_move()
    assert app.ply() == 38

    # the game in play opens in the replay at its position and comes back
    if not app.page.is_visible("#replay-btn"):
        app.page.click("#sheet-btn")
    app.page.click("#replay-btn")
    app.page.wait_for_function(WAIT)
    assert shown(app)["ply"] == 38 and app.page.inner_text("#rp-close") == "Back to the game"
    app.page.click("#rp-close")
    app.page.wait_for_function(f"window.cairn.gid === '{branch['gid']}' && window.cairn.snapshot() && window.cairn.snapshot().view.ply === 38")

    # the saved-games list: a game in progress replays from its start, a finished one's View is its replay at the end
    app.page.click("#home-btn")
    app.page.click(f"#saved-list li[data-gid='{branch['gid']}'] button.replay")
    app.page.wait_for_function(WAIT)
    assert shown(app)["ply"] == 0 and app.page.evaluate("window.cairn.replay.plies") == 38
    app.page.click("#rp-close")
    assert app.page.query_selector(f"#saved-list li[data-gid='{gid}'] button.replay") is None
    app.page.click(f"#saved-list li[data-gid='{gid}'] button.resume")
    app.page.wait_for_function(WAIT)
    check_position(app, save, n)
    assert app.page.evaluate(f"localStorage.getItem('cairn:save:{gid}')") == stored
    assert app.errors == []


def test_replay_on_a_phone(phone, tmp_path):
    g = finished_game(seed=3)
    save = g.to_save()
    n = len(save["moves"])
    phone.open("?fast=1")
    import_finished(phone, tmp_path, g)
    p = Player(phone.page, touch=True)
    # at the end the sheet shows the final table over the board
    assert phone.page.is_visible("#replay-score-table")
    assert p.check() == []
    p.tap_el(phone.page.query_selector("#rp-sheet-btn"))
    phone.page.wait_for_function("!document.body.classList.contains('rp-sheet-open')")
    p.tap_el(phone.page.query_selector("#rp-prevTurn"))
    phone.page.wait_for_function(WAIT)
    assert phone.page.evaluate("window.cairn.replay.ply") < n
    assert p.check() == []
    rect = phone.page.eval_on_selector("#rp-board", "e => e.getBoundingClientRect().toJSON()")
    assert rect["height"] > 300 and rect["width"] == 360
    assert phone.errors == []
