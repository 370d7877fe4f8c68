"""Words in context in the browser: a Clans of Caledonia game in Portuguese
uses its own rulebook's terms (Cereal, Uísque, the solo ratings), where Glen
More keeps its own (grãos, whisky); a finished solo game is listed with its
rating, not a winner, in the language it was seen in."""
from __future__ import annotations

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "web", "dev"))

from caledonia_drive import CaledoniaPlayer  # noqa: E402

RATINGS_PT = ("Principiante", "Novato", "Mediano", "Perito", "Gênio")   # rulebook p. 9


def _help_text(app, tag):
    app.page.click("#help-btn")
    app.page.wait_for_selector("#help[open]")
    app.page.select_option("#help-lang-select", tag)
    app.page.wait_for_function(f"document.documentElement.lang === '{tag}'")
    app.page.wait_for_timeout(200)
    text = app.page.inner_text("#help-body")
    app.page.click("#help-close")
    return text


def test_a_solo_caledonia_game_in_portuguese_says_its_rulebooks_words(app):
    app.open("?fast=1")
    if "caledonia" not in app.games():
        pytest.skip("Clans of Caledonia is not registered in this build")
    p = CaledoniaPlayer(app.page)
    app.new_game("caledonia", seats=("bot:easy",), seed=21)   # a solo game a bot plays to its rating
    app.page.wait_for_function("window.cairn.snapshot().view.is_over && !window.cairn.busy", timeout=180_000)
    snap = p.snap()
    assert snap["view"]["is_over"] and snap["outcome"].startswith("Solo rating:"), snap["outcome"]
    # now in Portuguese: the engine's words (the rating) and the page's (the rules, the market)
    help_pt = _help_text(app, "pt-BR")
    app.page.wait_for_function("(window.cairn.snapshot().outcome || '').startsWith('Avaliação solo')")
    outcome = app.page.evaluate("window.cairn.snapshot().outcome")
    assert any(r in outcome for r in RATINGS_PT), outcome
    assert "cereal em pão ou uísque" in help_pt, help_pt[:400]
    assert "grãos" not in help_pt and "whisky" not in help_pt.lower()
    p.tab("market")
    names = {t["label"]: t.get("name") or "" for t in p.targets("good")}
    # the market's rows, as a screen reader names them (the page's words in Caledonia's context)
    assert "cereal" in names["good grain"] and "uísque" in names["good whisky"], names
    # the saved games: the rating first, no winner
    app.page.click("#home-btn")
    app.page.wait_for_selector("#saved-list li.saved")
    entry = app.page.inner_text("#saved-list li.saved")
    assert "Avaliação solo" in entry and outcome in entry, entry
    assert "venceu" not in entry and " won " not in entry, entry
    app.page.select_option("#lang-select", "en")
    app.page.wait_for_function("document.documentElement.lang === 'en'")
    app.page.wait_for_function("document.querySelector('#saved-list li.saved').innerText.includes('Solo rating')")
    assert " won " not in app.page.inner_text("#saved-list li.saved")
    assert not app.errors, app.errors


def test_glen_more_keeps_its_own_words_in_portuguese(app):
    app.open("?fast=1&lang=pt-BR")
    app.new_game("glenmore", seats=("human", "bot:easy"))
    help_pt = _help_text(app, "pt-BR")
    assert "grãos" in help_pt and "whisky" in help_pt, help_pt[:400]
    assert "uísque" not in help_pt and "cereal" not in help_pt.lower()
    assert not app.errors, app.errors
