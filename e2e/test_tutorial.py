"""Learn to play (issue 32) in the browser: each game's tutorial, started from
the home screen's Learn to play row, completed by tapping only what is lit
(e2e/learn_helpers.py), on a phone (390x844, touch) and a laptop, in English,
Portuguese and Romanian (the language picked on the home screen; every step's
words checked against the catalogue); every kind of move the engine offers
the learner is played at least once; a wrong move is refused with a word and
changes nothing (nothing sent to the engine); Back a step goes back; the end
offers a real game against the easy bot, which opens with a hint shown."""
from __future__ import annotations

import json
import os

import pytest

from conftest import _finish, _new_app, load_site_module
from learn_helpers import LIGHT, STATE, follow_step, wait_learner
from test_a11y import axe, serious

SIZES = {
    "phone": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2),
    "laptop": dict(viewport={"width": 1366, "height": 768}),
}
GAMES = ("glenmore", "hunters", "caledonia")
LANGS = ("en", "pt-BR", "ro")

SCRIPT = """async (game) => { const m = await import(`./js/help/${game}.tutorial.js`); return m.default; }"""
OFFERED = "() => [...new Set(window.cairn.snapshot().legal.map(m => m.type))]"


def catalogue(lang):
    if lang == "en":
        return {}
    with open(os.path.join(load_site_module().DIST, "locale", f"{lang}.json"), encoding="utf-8") as f:
        return json.load(f)["messages"]


def words(messages, game, english):
    return messages.get(f"{game}\u0004{english}") or messages.get(english) or english


def refuse_a_wrong_move(page, app, script):
    """Another legal move than the step's: refused with a word, nothing sent, nothing changed."""
    snap = app.snapshot()
    expected = script["steps"][snap["view"]["ply"]]["move"]
    canon = lambda m: json.dumps(m, sort_keys=True)
    wrong = next(m for m in snap["legal"] if canon(m) != canon(expected))
    page.evaluate("""() => { window.__sent = 0; const e = window.cairn.engine; const req = e.request.bind(e);
      e.request = (op, args, ms) => { if (op === 'play') window.__sent++; return req(op, args, ms); }; }""")
    page.evaluate("(m) => window.cairn.renderer.ui.play(m)", wrong)
    page.wait_for_selector("#tutor .tut-no:not([hidden])")
    page.wait_for_timeout(150)
    assert page.evaluate("window.__sent") == 0
    after = app.snapshot()
    assert after["view"]["ply"] == snap["view"]["ply"] and after["save"]["moves"] == snap["save"]["moves"]


def lit_after_turning(page):
    """The step's light on a smaller phone and back (a window resized, a phone turned): its
    place, out of sight at the new size, is brought into view again and lit (it was lit only
    once per tutorial step: after a resize, nothing was lit and the learner was stuck)."""
    size = page.viewport_size
    for w, h in ((360, 640), (size["width"], size["height"])):
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(300)   # (the board fitted to the new size, the light followed)
        page.wait_for_function(f"!!({LIGHT})()", timeout=5000)


def run_tutorial(page, app, game, lang, messages, touch, checks):
    script = page.evaluate(SCRIPT, game)
    page.click(f"#learn-section button[data-game='{game}']")
    wait_learner(page)
    offered, played = set(), set()
    steps = 0
    while True:
        wait_learner(page)
        st = page.evaluate(STATE)
        if st["ended"]:
            assert st["text"] == words(messages, game, script["end"])
            break
        ply = page.evaluate("window.cairn.snapshot().view.ply")
        step = script["steps"][ply]
        assert st["text"] == words(messages, game, step["say"]), (lang, game, ply)
        offered |= set(page.evaluate(OFFERED))
        if checks and steps == 0 and game == "glenmore":   # (the card and the light are the same in every game)
            bad = serious(axe(page))   # the tutorial's screen: its card, the light, the board
            assert not bad, json.dumps(bad, indent=1)
        if checks and touch and steps == 0:
            lit_after_turning(page)
        if checks and steps == 1:
            refuse_a_wrong_move(page, app, script)
            # Back a step, then on again
            page.click("#tutor .tut-back")
            page.wait_for_function("window.cairn.snapshot().view.ply === 0 && !window.cairn.busy")
            wait_learner(page)
            follow_step(page, touch)
            wait_learner(page)
            assert page.evaluate("window.cairn.snapshot().view.ply") == ply
        follow_step(page, touch)
        played.add(page.evaluate(f"window.cairn.snapshot().save.moves[{ply}].type"))
        steps += 1
    assert steps == sum(1 for s in script["steps"] if s.get("say"))
    assert offered <= played, (game, offered - played)
    return steps


@pytest.mark.parametrize("size", SIZES)
def test_each_tutorial_by_its_light_in_three_languages(request, chromium, site_url, size):
    app = _new_app(request, chromium, site_url, **SIZES[size])
    page = app.page
    touch = size == "phone"
    try:
        app.open("?fast=1&nosw")
        for lang in LANGS:
            if page.is_visible("#home-btn"):
                page.click("#home-btn")
            page.select_option("#lang-select", lang)
            page.wait_for_function(f"document.documentElement.lang === {json.dumps(lang)}")
            messages = catalogue(lang)
            page.wait_for_selector("#learn-section button.learn")
            assert page.inner_text("#learn-section h2") == words(messages, None, "Learn to play")
            for game in GAMES:
                if page.is_visible("#home-btn"):
                    page.click("#home-btn")
                run_tutorial(page, app, game, lang, messages, touch, checks=lang == "en")
            # the end: a real game against the easy bot, a hint shown at once (hints on)
            page.click("#tutor .tut-real")
            page.wait_for_function("!document.getElementById('hint-card').hidden", timeout=60_000)
            snap = app.snapshot()
            assert snap["save"]["meta"]["hints_on"] is True and not snap["save"]["meta"].get("tutorial")
            assert [s["kind"] for s in snap["view"]["seats"]] == ["human", "bot"] and snap["view"]["seats"][1]["level"] == "easy"
            assert page.is_hidden("#tutor")
        assert not app.errors, app.errors
    finally:
        _finish(request, app)
