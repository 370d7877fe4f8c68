"""Friends' games with the keyboard alone and under axe-core, on a phone: the
new-game form's With friends switch, the lobby, an invite, joining, the
answer, the start, a turn sent (the send dialog), the waiting bar, and a
refused link: each screen without a serious or critical axe violation, each
step done with Tab, arrows, Enter and Escape (no pointer)."""
from __future__ import annotations

import pytest

import friends_play as fp
from conftest import _finish
from test_a11y import axe, serious

PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)


@pytest.fixture
def pair(request, chromium, site_url):
    made = []
    yield fp.people_(request, chromium, site_url, 2, made, **PHONE)
    for a in made:
        _finish(request, a)


def tab_to(page, selector, limit=60):
    """Press Tab until ``selector`` has the focus."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def clean(page, where):
    bad = serious(axe(page))
    assert not bad, (where, bad)


def test_friends_screens_by_keyboard_and_axe(pair):
    host, friend = (a.page for a in pair)
    # the form: the game's card, the With friends switch, Create and invite, all by keys
    tab_to(host, "#game-list [data-game='hunters']")
    host.keyboard.press("Enter")
    tab_to(host, "input[name=where][value=here]")
    host.keyboard.press("ArrowRight")                       # radios move with arrows
    host.wait_for_selector("input[name=where][value=friends]:checked")
    assert host.evaluate("document.activeElement.value") == "friends"   # the focus stays on the switch
    clean(host, "form with friends")
    tab_to(host, "#ng-start")
    host.keyboard.press("Enter")
    host.wait_for_selector("#friends-lobby[open]")
    clean(host, "lobby")
    tab_to(host, "#friends-lobby button.invite")
    host.keyboard.press("Enter")
    host.wait_for_selector("#friends-send[open][data-link]")
    assert host.evaluate("document.activeElement.id") in ("friends-copy", "friends-share")
    clean(host, "invite link")
    invite = host.get_attribute("#friends-send", "data-link")
    host.keyboard.press("Escape")
    host.wait_for_selector("#friends-send", state="hidden")

    friend.evaluate("h => { location.hash = h; }", fp.fragment(invite))
    friend.wait_for_selector("#friends-join-box[open]")
    assert friend.evaluate("document.activeElement.id") == "friends-name"
    clean(friend, "join")
    friend.keyboard.press("Tab")
    friend.keyboard.press("Tab")
    tab_to(friend, "#friends-join")
    friend.keyboard.press("Enter")
    friend.wait_for_selector("#friends-send[open][data-link]")
    answer = friend.get_attribute("#friends-send", "data-link")
    friend.keyboard.press("Escape")

    fp.take_answer(host, answer)
    tab_to(host, "#friends-start")
    host.keyboard.press("Enter")
    host.wait_for_function("window.cairn.snapshot() && window.cairn.snapshot().friends && !window.cairn.busy")
    host.wait_for_selector("#friends-start-box[open]")   # every seat with its device's key
    clean(host, "start")
    assert host.evaluate("document.activeElement.id") == "friends-start-ok"
    host.keyboard.press("Enter")
    host.wait_for_selector("#friends-start-box", state="hidden")
    fp.play_turn(host)
    host.wait_for_selector("#friends-bar[data-state=send]")
    clean(host, "send your turn")
    tab_to(host, "#friends-send-btn")
    host.keyboard.press("Enter")
    host.wait_for_selector("#friends-send[open][data-link]")
    clean(host, "send dialog")
    link = host.get_attribute("#friends-send", "data-link")
    host.keyboard.press("Escape")
    host.wait_for_selector("#friends-bar[data-state=waiting]")
    assert "'s turn, since" in host.text_content("#friends-bar")   # the next player's turn (not "waiting for a draw")
    clean(host, "waiting")

    fp.open_link(friend, link)
    got = friend.evaluate("(h) => new Promise((r) => { location.hash = h; const w = () => { const d = document.querySelector('#friends-refused[open]'); if (d) r(d.textContent); else setTimeout(w, 10); }; w(); })",
                          fp.fragment(link))
    assert "already opened" in got
    clean(friend, "refused")
    assert friend.evaluate("document.activeElement.id") == "friends-ok"
    friend.keyboard.press("Enter")
    friend.wait_for_selector("#friends-refused", state="hidden")
