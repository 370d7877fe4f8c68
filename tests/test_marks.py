"""What each move changed on the table (issue 48: the page marks the others' moves since
yours): every move that places something says where (a history line's ``marks``), in each
game, the solo opponent's card-driven turns included; and what a reader sees in their own
language: the games' names and the seats nobody named."""
from __future__ import annotations

import json

import pytest

from cairn import facade, new_game
from cairn.bots import choose_move
from cairn.core import i18n
from cairn.core.seats import display_names, normalize_seats


def played(game, players, seed=3, n=160):
    g = new_game(game, players=players, seed=seed)
    while not g.is_over and len(g.log) < n:
        g.play(choose_move(g, "random", seed=len(g.log)))
    return g


def lines_with_moves(g):
    return [(h, g.log[h["ply"] - 1]) for h in g.history if h["seat"] is not None]


def test_glen_more_marks_the_chain_the_tiles_and_the_market():
    g = played("glenmore", 3)
    seen = set()
    for h, m in lines_with_moves(g):
        marks = h.get("marks", [])
        if m["type"] == "take":
            assert marks == [{"kind": "chain", "space": m["space"]}]
        if m["type"] == "place":
            assert marks == [{"kind": "tile", "seat": h["seat"], "at": m["at"]}]
        if m["type"] in ("buy", "sell"):
            assert {"kind": "market", "resource": m["resource"]} in marks
        seen |= {x["kind"] for x in marks}
        json.dumps(marks)   # plain JSON
    assert seen == {"chain", "tile", "market"}, seen


def test_hunters_marks_the_tile_and_the_member_on_it():
    g = played("hunters", 2)
    placed = {}
    kinds = set()
    for h, m in lines_with_moves(g):
        marks = h.get("marks", [])
        if m["type"] == "place":
            assert marks == [{"kind": "tile", "x": m["x"], "y": m["y"]}]
            placed = (m["x"], m["y"])
        if m["type"] == "meeple" and m.get("role"):
            assert marks == [{"kind": "piece", "x": placed[0], "y": placed[1], "piece": m["piece"]}]
        if m["type"] == "skip":
            assert marks == []
        kinds |= {x["kind"] for x in marks}
    assert kinds == {"tile", "piece"}


@pytest.mark.parametrize("opponent", [{"kind": "bot", "level": "random"}, {"kind": "automa", "level": "3"}])
def test_caledonia_marks_what_changed_the_solo_opponents_cards_too(opponent):
    g = played("caledonia", [{"kind": "human"}, opponent], n=220)
    kinds = {x["kind"] for h, _ in lines_with_moves(g) if h["seat"] == 1 for x in h.get("marks", [])}
    assert {"space", "market"} <= kinds, kinds
    for h, m in lines_with_moves(g):
        if m["type"] == "place" or m["type"] == "start_worker":
            assert {"kind": "space", "space": m["space"]} in h.get("marks", []), (m, h.get("marks"))


def test_names_and_titles_in_the_readers_language():
    seats = normalize_seats([{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "human", "name": "Ana"},
                             {"kind": "human", "name": "Apprentice"}])
    try:
        i18n.set_language("ro")
        assert display_names(seats) == ["Jucătorul 1", "Robotul 2", "Ana", "Ucenic"]
        titles = {x["name"]: x["title"] for x in facade.catalogue()["games"]}
        assert titles["hunters"] == "Carcassonne: Vânători și culegători"
        i18n.set_language("pt_BR")
        assert facade.catalogue()["games"][[x["name"] for x in facade.catalogue()["games"]].index("caledonia")]["title"] == "Clãs da Caledônia"
        assert "hard0" not in facade.catalogue()["bot_levels"]
    finally:
        i18n.set_language("en")
    assert display_names(seats)[:2] == ["Player 1", "Bot 2"]   # (as saves keep them)
