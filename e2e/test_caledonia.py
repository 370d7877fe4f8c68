"""Clans of Caledonia in the browser, played by tapping the canvas and the choice bar
(web/dev/caledonia_drive.py): a whole solo game to its rating on a phone, a whole game
against the solo opponent (automa) to the final table, a 4-seat hot-seat game reloaded and
resumed, export and re-import, and undo inside a turn.  The humans take a few main actions
(expand, trade, take a contract) and then pass, which keeps each game under a minute."""
from __future__ import annotations

import json
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "web", "dev"))

from caledonia_drive import CaledoniaPlayer  # noqa: E402

PLAN = ["expand", "trade", "contract"]


def _open(app, touch=False):
    app.open("?fast=1")
    if "caledonia" not in app.games():
        pytest.skip("Clans of Caledonia is not registered in this build")
    return CaledoniaPlayer(app.page, touch=touch)


def _small_targets(p):
    return [t["label"] for t in p.page.evaluate("window.cairn.targets()") if min(t["w"], t["h"]) < 43.5]


def test_solo_game_to_its_rating_by_tapping(phone):
    p = _open(phone, touch=True)
    p.start(["human"], seed=21)
    small = set()
    seen = set()
    while True:
        snap = p.wait_human()
        if snap["view"]["is_over"]:
            break
        small.update(_small_targets(p))
        seen.add(p.decide(PLAN))
    assert {"pick", "place", "expand", "trade", "contract", "pass"} <= seen, seen
    final = p.snap()["view"]["final"]
    assert len(final) == 1 and final[0]["rating"] and final[0]["total"] == p.snap()["scores"][0]["total"]
    info = phone.page.evaluate("window.cairn.layout()")
    assert info["tab"] == "final"
    assert not small, f"board targets under 44 px on a phone: {sorted(small)[:5]}"
    assert not phone.errors, phone.errors


def test_game_against_the_solo_opponent_to_the_final_table(app):
    p = _open(app)
    p.start(["human", "automa:3"], seed=8)
    n = p.play(PLAN)
    snap = p.snap()
    assert snap["view"]["is_over"] and n >= 8
    final = snap["view"]["final"]
    assert [r["seat"] for r in final] == [0, 1]
    assert all(set(r["breakdown"]) >= {"glory", "contracts", "settlements"} for r in final)
    automa_moves = [h for h in snap["history"] if h["seat"] == 1]
    assert len(automa_moves) >= 10   # it played its cards every round
    # the solo opponent's moves, as the app plays them (engine request + drawing)
    print(f"\nautoma: {len(automa_moves)} moves, {sum(p.automa_ms) / max(1, len(p.automa_ms)):.0f} ms each in the app")
    assert app.page.evaluate("window.cairn.layout()")["tab"] == "final"
    assert not app.errors, app.errors


def test_four_seat_hot_seat_reloaded_and_resumed(app):
    p = _open(app)
    p.start(["human"] * 4, seed=4)
    p.play(PLAN, until=lambda s: s["view"]["round"] >= 3)
    before = p.snap()
    assert before["view"]["round"] == 3 and len(before["view"]["players"]) == 4
    assert sum(1 for u in before["view"]["map"]["units"] if u["unit"] not in ("woodcutter", "miner")) >= 1
    app.page.reload()
    app.wait_ready()
    app.page.wait_for_function("window.cairn.snapshot() !== null")
    p.wait_idle()
    after = p.snap()
    assert after["view"]["ply"] == before["view"]["ply"]
    assert after["save"]["moves"] == before["save"]["moves"]
    p.turns = 0
    p.play("pass", limit=6)
    assert p.ply() > before["view"]["ply"]
    assert not app.errors, app.errors


def test_export_and_import_a_caledonia_game(app, tmp_path):
    p = _open(app)
    p.start(["human", "automa:2"], seed=5)
    p.play(PLAN, limit=6)
    before = p.wait_human()   # the automa's reply has been played: the position is settled
    with app.page.expect_download() as dl:
        app.page.click("#export")
    path = os.path.join(tmp_path, "caledonia.cairn.json")
    dl.value.save_as(path)
    save = json.load(open(path))
    assert save["game"] == "caledonia" and save["moves"] == before["save"]["moves"]
    app.page.click("#home-btn")
    app.page.set_input_files("#import-file", path)
    app.page.wait_for_function("window.cairn.snapshot() !== null")
    p.wait_idle()
    after = p.snap()
    assert after["gid"] != before["gid"]
    assert after["view"]["ply"] == before["view"]["ply"]
    assert after["view"]["players"] == before["view"]["players"]
    assert not app.errors, app.errors


def test_undo_inside_a_turn(app):
    p = _open(app)
    p.start(["human", "automa:1"], seed=9)
    while "expand" not in {m["type"] for m in p.wait_human()["legal"]}:
        p.decide(PLAN)
    before = p.snap()
    assert p.press("", group="Expand") and p.played(before["view"]["ply"])
    p.wait_idle()
    mid = p.snap()
    assert mid["view"]["pending"][-1]["kind"] == "place" and p.targets("space")
    app.page.click("#undo")
    app.page.wait_for_function(f"window.cairn.snapshot().view.ply === {before['view']['ply']}")
    p.wait_idle()
    back = p.snap()
    assert back["view"]["pending"] == [] and back["legal"] == before["legal"]
    assert not p.targets("space")   # no highlighted spaces left on the map
    assert not app.errors, app.errors
