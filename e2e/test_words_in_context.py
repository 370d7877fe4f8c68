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


def test_a_finished_caledonia_game_shows_its_final_table_once_on_a_laptop(app, tmp_path):
    """Issue 58: on a laptop Caledonia's board shows the final table beside the map, so the
    page's own table under the scores goes (shown twice before) and comes back when another
    of the board's tabs is chosen; the solo game's sheet has no "Bid 0" (no clan auction)."""
    import json
    from cairn import load_game, new_game
    from cairn.core.rng import Rng

    g = new_game("caledonia", players=["human"], seed=5)
    rng = Rng(5)
    while not g.is_over:
        legal = g.legal_moves()
        g.play(legal[rng.below(len(legal))])
    save = g.to_save()
    save["moves"] = save["moves"][:-1]   # the last decision left to play here
    path = tmp_path / "last.cairn.json"
    path.write_text(json.dumps(load_game(save).to_save()))
    app.page.set_viewport_size({"width": 1366, "height": 768})
    app.open("?fast=1")
    app.page.evaluate("() => { try { localStorage.setItem('cairn:coached:caledonia', '1'); } catch (e) { } }")
    app.page.set_input_files("#import-file", str(path))
    app.page.wait_for_function("window.cairn.snapshot() && window.cairn.snapshot().legal.length > 0 && !window.cairn.busy")
    app.page.evaluate("window.cairn.play(window.cairn.snapshot().legal[0])")
    app.page.wait_for_function("window.cairn.snapshot().view.is_over && document.body.classList.contains('sheet-open')")
    app.page.wait_for_function("window.cairn.renderer.sideTab === 'final'")   # the board's own table, beside the map
    try:   # (a frame or two after the board's drawing)
        app.page.wait_for_function("document.getElementById('final').offsetParent === null", timeout=3000)
    except Exception:
        pass
    tables = app.page.evaluate("""() => [...document.querySelectorAll('table')].filter((t) => t.offsetParent !== null).length""")
    assert tables == 0 and not app.page.is_visible("#final"), "the final table shows twice"
    assert app.page.evaluate("window.cairn.renderer.finalShown") is True
    # another tab beside the map: the page's table comes back, without a Bid line
    app.page.evaluate("window.cairn.renderer.setTab('players')")
    app.page.wait_for_function("window.cairn.renderer.finalShown === false && document.querySelector('#score-table').offsetParent !== null")
    rows = app.page.eval_on_selector_all("#score-table tbody th", "ths => ths.map((t) => t.textContent)")
    assert "Glory" in rows and "Bid" not in rows, rows
    assert not app.errors, app.errors
