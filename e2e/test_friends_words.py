"""What a person reads of a friends' game, in English, Portuguese and
Romanian: every refusal kind's message as the refusal dialog shows it
(naming the turn, the player it concerns and the sender, each kind its own
words, translated); the bar says whose turn it is (not "a draw") and the
first-game tips leave the device of a player who waits; the saved-games list
says a friends' game's line in the language picked now."""
from __future__ import annotations

import pytest

import friends_play as fp
from friends_play import people  # noqa: F401 (the fixture)
from test_languages import pick

INFO = {"turn": 7, "now": 9, "part": 1, "sender": 2, "names": ["Ana", "Bruno", "Cara"], "fp": "AAAA-BBBB",
        "other": "CCCC-DDDD", "mine": "EEEE-FFFF", "since": 1_700_000_000_000, "until": 1_700_086_400_000}

SHOW = """async ([kind, info]) => {
  const f = window.cairn.friends.parts;
  const { Refusal } = await import('./js/friends/context.js');
  f.ctx.fail(new Refusal(kind, info));
  const text = document.getElementById('friends-reason').textContent;
  document.getElementById('friends-refused').close();
  return text; }"""




def test_every_refusal_kind_in_three_languages(people):
    (app,) = people(1)
    page = app.page
    words = page.evaluate("async () => (await import('./js/friends/words.js')).REFUSAL_WORDS")
    seen = {}
    for tag in ("en", "pt-BR", "ro"):
        pick(app, tag)
        texts = {}
        for kind, template in words.items():
            text = page.evaluate(SHOW, [kind, INFO])
            # the turn, the player it concerns and the sender, where the words name them
            for field, value in (("{turn}", "7"), ("{player}", "Bruno"), ("{sender}", "Cara"), ("{fp}", "AAAA-BBBB")):
                if field in template:
                    assert value in text, (tag, kind, text)
            assert "{" not in text, (tag, kind, text)
            texts[kind] = text
        assert len(set(texts.values())) == len(texts), tag      # one message per kind
        seen[tag] = texts
    for tag in ("pt-BR", "ro"):
        same = [k for k in words if seen[tag][k] == seen["en"][k]]
        assert not same, (tag, same)                           # every one translated
    assert "Bruno" in seen["ro"]["bad_signature"] and "Tura 7" in seen["ro"]["bad_signature"]
    assert "Turno 7" in seen["pt-BR"]["illegal"]
    assert not app.errors


def test_the_bar_the_tips_and_the_saved_list_say_the_right_thing(people):
    """Item 7 of issue 46: after an ordinary turn the waiting device's bar says
    whose turn it is; first-game tips never show on a device that waits; the
    saved-games list's line follows the language picked."""
    ana_app, bruno_app = people(2)
    ana, bruno = ana_app.page, bruno_app.page
    fp.setup(ana, [bruno], "hunters", ["friend"], names=["Ana", "Bruno"])
    ana.wait_for_selector("#coach:not([hidden])")      # Ana's turn: her first game's tips
    fp.play_turn(ana)
    link = fp.send_turn(ana)
    bar = ana.text_content("#friends-bar")
    assert "Bruno's turn, since" in bar and "draw" not in bar, bar
    assert ana.evaluate("document.getElementById('coach').hidden"), "a tip shows on the device that waits"
    fp.open_link(bruno, link)
    fp.play_turn(bruno)
    fp.send_turn(bruno)
    assert bruno.evaluate("document.getElementById('coach').hidden")
    bruno.click("#home-btn")
    # Ana's turn, or (the game's draws differ from run to run: a turn that ends on a tile of
    # Bruno's drawn by both devices) Bruno's move waiting for Ana's part of that draw
    line = bruno.text_content("#saved-list .saved .small")
    assert line.startswith("With friends") and ("Ana's turn" in line or "Bruno's move waits for a draw from Ana" in line), line
    waits = "draw" in line
    pick(bruno_app, "pt-BR")
    line = bruno.text_content("#saved-list .saved .small")
    assert line.startswith("Com amigos") and ("A jogada de Bruno espera um sorteio de Ana" if waits else "Vez de Ana") in line, line
    pick(bruno_app, "ro")
    line = bruno.text_content("#saved-list .saved .small")
    assert line.startswith("Cu prieteni") and ("Mutarea lui Bruno așteaptă o tragere de la Ana" if waits else "Rândul lui Ana") in line, line
    assert not ana_app.errors and not bruno_app.errors
