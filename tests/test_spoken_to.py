"""The player spoken to (issue 58): every message about the seat of the person holding the
device reads in the second person - "You produce £8", "Produci £8", "Você produz £8" - in
today's game and a solo game (a hot-seat game names each person), with the verb agreeing
in English, Portuguese and Romanian; a planted "You produces" is caught."""
from __future__ import annotations

import functools
import importlib.util
import json
import os
import sys

import pytest

from cairn import new_game
from cairn.core import i18n
from cairn.core.rng import Rng
from cairn.facade import handle

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "build"))
import i18n_agreement as agreement  # noqa: E402

_spec = importlib.util.spec_from_file_location("cairn_i18n_you", os.path.join(ROOT, "build", "i18n.py"))
B = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(B)


@functools.lru_cache(maxsize=None)
def engine_messages():
    """The engine's messages with a literal text (where each is first said), and the names its
    data marks (the second-person forms too): build/i18n.py's, without Babel's slower pass."""
    import cairn.games  # noqa: F401  (loads every game's data, which marks its names)
    found = B._nested_python(B.ENGINE, B.ENGINE_KEYWORDS, B.engine_context)
    for key in i18n.MARKED:
        found.setdefault(key, "data")
    return found

SOLO = {"kind": "automa", "level": "3"}
GAMES = [("caledonia", ["human"], 1, {}), ("caledonia", ["human", SOLO], 3, {}),
         ("caledonia", 3, 2, {"clan_auction": True}), ("glenmore", 2, 4, {}), ("glenmore", 5, 5, {}),
         ("hunters", 2, 6, {}), ("hunters", 5, 7, {})]


def _play(game, players, seed, options):
    g = new_game(game, players=players, seed=seed, options=options)
    rng = Rng(seed + 7)
    while not g.is_over:
        moves = g.legal_moves()
        rest = [m for m in moves if m["type"] != "pass"]
        g.play(rest[rng.below(len(rest))] if rest and rng.below(6) else moves[rng.below(len(moves))])
    return g


@pytest.fixture(scope="module")
def games():
    return [_play(*spec) for spec in GAMES]


def _call(**req):
    reply = json.loads(handle(json.dumps({"id": 1, **req})))
    assert reply["ok"], reply
    return reply["result"]


# -- every line said to the player has its form ------------------------------------------------
def test_every_line_said_to_the_player_has_a_second_person_form(games):
    missing, said = set(), 0
    for g in games:
        people = [i for i, s in enumerate(g.seats) if s.kind == "human"]
        for me in people:
            for h in g.history:
                seen = []
                en = i18n.render(h["text"], lang="en", me=me, you=h["seat"] == me, seen=seen)
                missing |= {(ctx, text) for ctx, text, form in seen if form is None}
                if h["seat"] == me:
                    said += 1
                    assert en.startswith("You "), en
                    for lang in ("pt_BR", "ro"):
                        there = i18n.render(h["text"], lang=lang, me=me, you=True)
                        assert "{" not in there and there != en, (lang, there)
    assert said > 500
    assert not missing, f"messages said to the player with no second-person form: {sorted(missing)}"


def test_every_message_whose_subject_is_a_seat_has_a_form():
    """A message that starts with a seat ("{seat} produces ...") has a second-person form,
    unless only the solo opponent's moves say it (its seat is never a person's)."""
    lacking = [(ctx, mid, where) for (ctx, mid), where in engine_messages().items()
               if isinstance(mid, str) and mid.startswith("{seat}") and (ctx, mid) not in i18n.YOU
               and "automa" not in where]
    assert not lacking, lacking
    assert ("caledonia", "{seat} produces {goods}") in i18n.YOU


def test_a_hot_seat_game_names_each_person_and_a_solo_one_speaks_to_them(games):
    g = games[2]   # Caledonia, three people at one device
    line = next(h for h in g.history if isinstance(h["text"], dict) and h["text"]["msg"] == "{line}; makes {goods}"
                or isinstance(h["text"], dict) and h["text"]["msg"] == "{seat} produces {goods}")
    names = ["Ana", "Bia", "Caio"]
    assert i18n.render(line["text"], names, "en").startswith(("Ana produces", "Bia produces", "Caio produces"))
    seat = line["text"]["args"].get("seat", (line["text"]["args"].get("line") or {}).get("args", {}).get("seat"))["seat"]
    said = {lang: i18n.render(line["text"], names, lang, me=seat) for lang in ("en", "pt_BR", "ro")}
    assert said["en"].startswith("You produce ") and not said["en"].startswith("You produces"), said
    assert said["pt_BR"].startswith("Você produz "), said
    assert said["ro"].startswith("Produci "), said


# -- the facade: who is "me" ------------------------------------------------------------------------
def test_the_facade_speaks_to_the_person_of_todays_game_and_a_solo_game_only():
    daily = _call(op="daily_new", gid="you-d", game="caledonia", date="2026-11-28", name="", practice=False)
    assert daily["me"] == 0 and daily["view"]["seats"][0]["name"] == "You"   # "You" when unnamed: a default name
    snap = daily
    while not any(h.get("you") for h in snap["history"]):
        snap = _call(op="play", gid="you-d", move=snap["legal"][-1])
    mine = [h for h in snap["history"] if h.get("you")]
    assert mine and all(h["seat"] == 0 and h["text"].startswith("You ") for h in mine), mine
    _call(op="lang", lang="ro")
    try:
        ro = _call(op="state", gid="you-d")
        assert ro["view"]["seats"][0]["name"] == "Tu"
        assert all(not h["text"].startswith("Tu ") for h in ro["history"] if h.get("you")), ro["history"]
    finally:
        _call(op="lang", lang="en")
    hot = _call(op="new", gid="you-h", game="glenmore", players=["human", "human"], seed=3)
    assert hot["me"] is None
    hot = _call(op="play", gid="you-h", move=hot["legal"][0])
    assert not any(h.get("you") for h in hot["history"])
    solo = _call(op="new", gid="you-s", game="glenmore", players=["human", "bot"], seed=3)
    assert solo["me"] == 0
    for gid in ("you-d", "you-h", "you-s"):
        _call(op="close", gid=gid)


def test_someone_elses_result_is_never_said_to_the_reader():
    from test_daily import play_out
    from cairn import daily
    g = play_out("caledonia", name="Ana")
    r = daily.read_result(daily.result_link(g), "2026-11-28")
    assert r["save"]["meta"].get("shared") is True
    rep = _call(op="load", gid="you-r", save=r["save"], upto=4)
    assert rep["me"] is None and not any(h.get("you") for h in rep["replay"]["history"])
    assert any(h["text"].startswith("Ana produces") for h in rep["replay"]["history"])
    _call(op="close", gid="you-r")


# -- agreement ----------------------------------------------------------------------------------------
def _pairs(table=None):
    plural_of = {(c, m[0]): m for (c, m) in engine_messages() if isinstance(m, tuple)}
    return [(ctx, plural_of.get((ctx, third), third), form) for (ctx, third), form in (table or i18n.YOU).items()]


def _catalogues(top):
    return {lang: {k: v[0] for k, v in B.read_catalogues(top, lang).items()} for lang in ("pt_BR", "ro")}


def test_the_second_person_agrees_in_english_portuguese_and_romanian():
    page_messages = B.page_messages()
    bad = agreement.check(engine_messages(), page_messages, i18n.YOU,
                          _catalogues(os.path.join(B.ENGINE, "locale")), _catalogues(os.path.join(B.WEB, "locale")))
    page_lone = [(c, m) for (c, m) in page_messages if isinstance(m, str) and agreement.starts_with_you(m)]
    assert len(_pairs()) > 70 and len(page_lone) > 12
    assert (None, "Game over: you win") in page_lone and ("glenmore", "You place {tile}") in page_lone
    assert not bad, "\n".join(bad)


def test_a_planted_you_produces_is_caught_in_each_language():
    planted = {("caledonia", "{seat} produces {goods}"): "You produces {goods}"}
    assert any("'produces' is not the second person" in p for p in agreement.problems(_pairs(planted), [], {}))
    good = {("caledonia", "{seat} produces {goods}"): "You produce {goods}"}
    wrong = {"ro": {("caledonia", "{seat} produces {goods}"): "{seat} produce {goods}",
                    ("caledonia", "You produce {goods}"): "Tu produce {goods}"},
             "pt_BR": {("caledonia", "{seat} produces {goods}"): "{seat} produz {goods}",
                       ("caledonia", "You produce {goods}"): "Você produzes {goods}"}}
    bad = agreement.problems(_pairs(good), [], wrong)
    assert any(p.startswith("ro:") and "'produce' is not the second person singular" in p for p in bad), bad
    assert any(p.startswith("pt_BR:") and "does not agree" in p for p in bad), bad
    assert agreement.problems([], [(None, "You plays {n} cards")], {})   # a lone message too
