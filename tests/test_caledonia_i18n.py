"""Clans of Caledonia in Portuguese (Brazil) and Romanian: every log line of full random games
(with the solo opponent, the auction, ports, scoring tiles) renders in each language with no
English line left and no placeholder left; refusal reasons and the view's texts are said in
the current language; the journal stays language-free (messages, JSON)."""
from __future__ import annotations

import json
import re

import pytest

from cairn import IllegalMove, new_game
from cairn.core import i18n
from cairn.core.rng import Rng

SETUPS = [
    (["human", "human", "human", "human"], {}),
    (["human", {"kind": "automa", "level": "3"}], {}),
    (["human", "human", "human"], {"clan_auction": True, "tight_map": True}),
]


def _play(players, options, seed):
    g = new_game("caledonia", players=players, seed=seed, options=options)
    rng = Rng(seed + 7)
    while not g.is_over:
        moves = g.legal_moves()
        rest = [m for m in moves if m["type"] != "pass"]
        g.play(rest[rng.below(len(rest))] if rest and rng.below(6) else moves[rng.below(len(moves))])
    return g


@pytest.fixture(scope="module")
def games():
    return [_play(players, options, seed) for seed, (players, options) in enumerate(SETUPS)]


def _only_names_and_numbers(text, names):
    for n in names:
        text = text.replace(n, "")
    return not re.search(r"[A-Za-z]{2,}", text)


@pytest.mark.parametrize("lang", ["pt_BR", "ro"])
def test_every_log_line_of_a_full_game_is_translated(games, lang):
    for g in games:
        names = [s.name or f"P{i}" for i, s in enumerate(g.seats)]
        assert len(g.history) > 100
        kinds = set()
        for h in g.history:
            en = i18n.render(h["text"], names, lang="en")
            there = i18n.render(h["text"], names, lang=lang)
            kinds.add(h["text"].get("msg"))
            assert "{" not in there and "}" not in there, there
            assert there != en or _only_names_and_numbers(en, names), f"{lang} left in English: {en}"
        assert len(kinds) > 12


def test_the_journal_is_language_free_and_json(games):
    g = games[1]
    i18n.set_language("ro")
    try:
        text = json.dumps(g.history, ensure_ascii=False)
    finally:
        i18n.set_language("en")
    assert "câștigă" not in text and "pasează" not in text   # words are rendered, never stored
    assert json.loads(text) == g.history
    # the same history reads in English and in Romanian
    names = [s.name for s in g.seats]
    en = [i18n.render(h["text"], names, lang="en") for h in g.history]
    ro = [i18n.render(h["text"], names, lang="ro") for h in g.history]
    assert any("(card " in t for t in en) and any("(cartea " in t for t in ro)
    assert any(t.startswith(names[0] + " produces") for t in en)


@pytest.mark.parametrize("lang,word", [("pt_BR", "você"), ("ro", "ai")])
def test_refusal_reasons_are_said_in_the_current_language(lang, word):
    g = new_game("caledonia", players=2, seed=3)
    while g.state.phase != "actions":
        g.play(g.legal_moves()[0])
    bad = {"type": "trade", "good": "whisky", "side": "sell", "n": 1}
    with pytest.raises(IllegalMove) as english:
        g.play(bad)
    i18n.set_language(lang)
    try:
        with pytest.raises(IllegalMove) as there:
            g.play(bad)
    finally:
        i18n.set_language("en")
    assert str(there.value) != str(english.value)
    assert re.search(rf"\b{word}\b", str(there.value)), str(there.value)


def test_the_view_speaks_the_current_language():
    g = new_game("caledonia", players=2, seed=4)
    en = g.view(0)
    i18n.set_language("pt_BR")
    try:
        pt = g.view(0)
    finally:
        i18n.set_language("en")
    for a, b in zip(en["export"]["ports"], pt["export"]["ports"]):
        assert a["text"] != b["text"] and "{" not in b["text"]
    for a, b in zip(en["export"]["scoring"], pt["export"]["scoring"]):
        assert a["text"] != b["text"]
    offers = [(a["clan"]["summary"], b["clan"]["summary"]) for a, b in zip(en["offers"], pt["offers"]) if a["clan"]]
    assert offers and all(x != y for x, y in offers)
