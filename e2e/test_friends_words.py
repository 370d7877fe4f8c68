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
    said_to_its_reader(app)
    refused_by_the_page(app)
    assert not app.errors


WORDS = """([kind, info]) => import('./js/friends/words.js').then((w) => w.refusalText(kind, info))"""


def said_to_its_reader(app):
    """Issue 59: the words know who reads them: about the reader's own seat, a
    value the link's own signer made, a link the reader's own device sent (never
    "ask yourself"); times in the language chosen, not the browser's."""
    page = app.page
    pick(app, "en")
    names = ["Ana", "Bruno", "Cara"]

    def said(kind, **info):
        return page.evaluate(WORDS, [kind, {"names": names, "turn": 7, **info}])
    assert "Bruno's draw value" in said("bad_reveal", part=1, sender=2, me=0) and "Cara's device signed the link: it made that value" in said("bad_reveal", part=1, sender=2, me=0)
    assert "Bruno's device is not playing fair" in said("bad_reveal", part=1, sender=1, me=0)
    assert said("bad_reveal", part=1, sender=2, me=1).startswith("Turn 7: this link holds a draw value in your name")
    assert "Cara's device made them" in said("bad_signature", part=1, sender=2, me=1)
    for kind in ("handover_early", "handover_not_waited", "back_early", "back_not_waited"):
        other, mine = said(kind, part=1, by=0, waited=0, me=2, clock=86400), said(kind, part=1, by=0, waited=0, me=1, clock=86400)
        assert "Bruno's seat" in other and "your seat" in mine and "Ana's device" in mine, (kind, other, mine)
    own = said("gap", sender=1, me=1)
    assert own.startswith("This link was sent from this device") and "Bruno" not in own
    assert said("applied", sender=1, me=1) == "This is a link this device sent: it holds nothing new here."
    assert said("bad_sender", sender=1, me=1).startswith("This link says it comes from you")
    assert said("bad_vote_sig", player=2, q=1, sender=1, me=0).startswith("A vote in this link about Bruno's seat, said to be Cara's")
    assert "a player" not in said("too_soon", part=1, since=1_700_000_000_000, until=1_700_086_400_000)
    pick(app, "pt-BR")
    text = said("too_soon", part=1, since=1_700_000_000_000, until=1_700_086_400_000)
    assert " AM" not in text and " PM" not in text and "nov." in text, text   # 14 nov., 22:13 (not 10:13 PM)
    pick(app, "ro")
    assert "nov." in said("too_soon", part=1, since=1_700_000_000_000, until=1_700_086_400_000)
    pick(app, "en")


def refused_by_the_page(app):
    """The refusals the page makes itself, for real: a turn link of a game this
    browser never joined, an answer opened by a device that did not make the game."""
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests"))
    import friends_pages
    from friends_pages import setup
    page = app.page
    ana, bruno = setup("hunters", ["Ana", "Bruno"], fid=b"words-01")
    ana.play_turn()
    link = ana.send()
    origin = page.evaluate("location.origin + location.pathname")
    for data, words in ((link, "this browser has not joined"), (bruno.answer, "for the device that created the game")):
        text = fp.open_link(page, fp.tamper(origin + "#f=AAAA.x", lambda b, d=data: b.__init__(friends_pages.unb64(d))), expect="refused")
        assert words in text, text


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
