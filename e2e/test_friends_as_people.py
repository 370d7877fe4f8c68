"""Friends' games against what real friends do, each person a browser context
(a profile) of their own, links passed as text (e2e/friends_play.py).
Issue 46's weaknesses, each ending as a person understands it: a link whose
sender was changed on the way is refused, said to its reader; no seat is
handed to a bot before the turn clock ran out (the pages' clocks moved
forward, never slept), by the asker's records and by the silent player's own
device's; a late honest answer after a hand-over is not called a fork of its
sender, who is told who took the seat, when and from which turn, goes over
and asks for it back; the host starting with another device in a friend's
seat is told to that friend. Issue 59's whole games, two and three players:
a fork healed (the double signer named in every log, once), a lost phone
rejoining (two players: only after the clock), a hand-over after the clock,
the end sent again from the finished game; every device ends with the same
log and scores."""
from __future__ import annotations

import pytest

import friends_play as fp
from friends_play import people  # noqa: F401 (the fixture)




BACK = "() => { const s = window.cairn.snapshot(); return s && s.friends && s.friends.me === 1 && !window.cairn.busy; }"


def step(sender, receivers, seed=1):
    """``sender`` plays its turn and sends it; each of ``receivers`` opens it."""
    fp.play_turn(sender, seed)
    link = fp.send_turn(sender)
    for r in receivers:
        fp.open_link(r, link)
    return link


def players(page):
    page.click("#friends-players-btn")
    page.wait_for_selector("#friends-players[open]")
    return page.text_content("#friends-players")


def close(page, box):
    page.evaluate("s => { const d = document.querySelector(s); if (d && d.open) d.close(); }", box)


def test_two_players_clock_hand_over_late_answer_and_seat_back(people):
    ana_app, bruno_app = people(2)
    ana, bruno = ana_app.page, bruno_app.page
    fp.setup(ana, [bruno], "hunters", ["friend"], names=["Ana", "Bruno"])
    fp.watch_errors(ana, bruno)
    step(ana, [bruno])
    step(bruno, [ana])
    fp.play_turn(ana, 3)
    to_bruno = fp.send_turn(ana)            # Bruno does not answer this one for a day

    # (6) the sender byte changed on the way: refused, said to its reader (it claims to be his own)
    before = fp.stored(bruno)
    forged = fp.tamper(to_bruno, lambda b: b.__setitem__(1, 1))
    text = fp.open_link(bruno, forged, expect="refused")
    assert "This link says it comes from you, but this device did not sign it" in text, text
    assert fp.stored(bruno) == before

    # (2) no seat taken in seconds: just after sending, no Not answering?
    said = players(ana)
    assert "Not answering?" not in said and "you can hand Bruno's seat to a bot" in said, said
    close(ana, "#friends-players")
    fp.later(ana, 25)
    said = players(ana)
    assert "longer than the turn clock" in said
    ana.click("#friends-players button.retire")
    ana.click("#friends-retire")
    ana.wait_for_function("() => { const s = window.cairn.snapshot(); return s && s.view.seats[1].kind === 'bot' && !window.cairn.busy; }")
    assert any("Bruno's seat played by a bot from turn" in n and "Ana's request" in n for n in fp.notes(ana))

    # Bruno's honest answer arrives late: Ana keeps the hand-over, nobody is called a forker
    fp.open_link(bruno, to_bruno)
    fp.play_turn(bruno, 5)
    late = fp.send_turn(bruno)
    text = fp.open_link(ana, late, expect="refused")
    assert text.startswith("fork: ") and "signed two" not in text and "handed to a bot" in text, text
    ana.click("#friends-keep")
    # Ana's next link tells Bruno: who, when, from which turn; he goes over and asks for his seat back
    fp.play_turn(ana, 7, most=2)
    ana.click("#friends-tell-btn")           # "Send Bruno the game": his seat is a bot's, he is to learn it
    told = fp.read_parts(ana)
    # Bruno's device takes the hand-over in only once his own clock says the game waited for him
    # a day (issue 59): refused before, said to him; a day later for him too, it is the game
    for part in told[:-1]:
        assert "received" in fp.open_link(bruno, part, expect="refused")
    text = fp.open_link(bruno, told[-1], expect="refused")
    assert "Ana's device handed your seat to a bot, but by this device's records you have had the turn only since" in text, text
    fp.later(bruno, 25)
    for part in told[:-1]:
        assert "received" in fp.open_link(bruno, part, expect="refused")
    text = fp.open_link(bruno, told[-1], expect="refused")
    assert text.startswith("fork: ") and "Go over to the version the others play" in text, text
    bruno.click("#friends-go-over")
    bruno.wait_for_selector("#friends-gone[open]")
    gone = bruno.text_content("#friends-gone-text")
    assert "at Ana's request" in gone and "from turn" in gone, gone
    bruno.click("#friends-gone #friends-ask-back")
    ask = fp.read_link(bruno)
    assert "A bot plays your seat" in bruno.text_content("#friends-bar")
    text = fp.open_link(ana, ask, expect="refused")
    assert text.startswith("asked: ") and "Bruno asks" in text, text
    ana.click("#friends-agree")
    fp.take_parts(bruno, fp.read_parts(ana), "() => { const s = window.cairn.snapshot(); return s && s.friends && !s.friends.retired_me && !window.cairn.busy; }")
    assert any("Bruno took their seat back" in n for n in fp.notes(bruno))
    assert not fp.error_toasts(ana) and not fp.error_toasts(bruno), (fp.error_toasts(ana), fp.error_toasts(bruno))
    assert not ana_app.errors and not bruno_app.errors


def edit_link(link, change, keep_sig=True):
    """``link`` read, changed by ``change(turn_link)`` and written again with its
    signatures as they were (what someone altering it on the way can do)."""
    import base64
    from cairn.friends import links
    data = link.split("#f=", 1)[1].rsplit(".", 1)[0]
    t = links.read_turn(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)))
    change(t)
    raw = links.write_turn(t)
    return fp.tamper(link, lambda b: b.__init__(raw))


def test_a_whole_three_player_game_with_a_fork_a_rejoin_a_hand_over_and_the_end_sent_again(people):
    """(issues 46, 59) A whole three-player Glen More game by links, each
    person a browser profile of their own, every link opened by every device:
    Ana signs two versions of a turn (one to the player who acts next, the
    other to the third): the one stranded goes over and the double signer is
    named in every log, once; links changed on the way are refused naming
    the right player; Bruno's phone is lost and his new phone rejoins (Ana
    and Cara accept); it stops answering and after the clock Ana asks and
    Cara agrees (only once her own clock ran out) to hand its seat to a bot;
    Ana and Cara play to the end; the end is sent again to the phone; every
    device ends with the same log and scores."""
    apps = people(4)
    ana, bruno, cara, phone = (a.page for a in apps)     # phone: Bruno's new phone, later
    invites = fp.create_game(ana, "glenmore", ["friend", "friend"], names=["Ana", "Bruno", "Cara"])
    for p, page in zip(sorted(invites), [bruno, cara]):
        fp.take_answer(ana, fp.join(page, invites[p]))
    fp.start(ana)
    by = {0: ana, 1: bruno, 2: cara}
    fp.pass_turns(by, ana, until=lambda p: p is ana and fp.status(p)["my_turn"] and fp.status(p)["turn"] >= 3)
    # Ana signs two versions: the first to the one who acts next in it, the second to the third
    v1, v2, first_next = fp.two_versions(ana)
    nxt = by[first_next]
    third = cara if nxt is bruno else bruno
    fp.deliver(v1, [nxt])
    fp.deliver(v2, [third])
    _, forks = fp.pass_turns(by, fp.acting([nxt]), to="all",
                             until=lambda p: p is ana and fp.status(p)["my_turn"] and fp.status(p)["turn"] >= 5)
    # (which version is kept depends on who played on each: the one stranded goes over)
    assert any("Ana signed two different versions" in f and "Go over" in f for f in forks), forks
    # links changed on the way: refused naming the right player, before any rule could speak
    fp.play_turn(ana, 14)
    st = fp.status(ana)
    to_next = fp.send_turn(ana)
    who = by[st["next"]]
    text = fp.open_link(who, fp.tamper(to_next, lambda b: b.__setitem__(1, 2 if who is bruno else 1)), expect="refused")
    named = "Cara" if who is bruno else "Bruno"
    assert f"This link says it comes from {named}, but {named}'s device did not sign it" in text, text
    fp.deliver(to_next, [p for p in (bruno, cara)])
    # Bruno's phone is lost: his new phone asks to rejoin; Ana, then Cara, accept (a majority)
    request = fp.rejoin(phone, invites[1])
    assert "waiting for the others to let you back in" in phone.text_content("#saved-list")
    text = fp.open_link(ana, request, expect="refused")
    assert text.startswith("asked: ") and "Bruno" in text, text
    ana.click("#friends-accept")
    ask = fp.read_link(ana)
    text = fp.open_link(cara, ask, expect="refused")
    assert text.startswith("asked: ") and "asks to take their seat back" in text, text
    cara.click("#friends-agree")
    fp.take_parts(phone, fp.read_parts(cara), BACK)
    by[1] = phone
    if not fp.status(cara)["my_turn"]:                   # Ana learns of it from Cara's link (sent again)
        cara.click("#friends-again-btn")
        fp.deliver(fp.read_link(cara), [ana])
    current = fp.acting([cara, phone, ana])
    # the phone stops answering: after the clock (each device's own) Ana asks, Cara agrees
    fp.pass_turns(by, current, to=[ana, cara], until=lambda p: p is phone and fp.status(p)["turn"] >= 8)
    for page in (ana, cara):
        fp.later(page, 25)
    fp.hand_over(ana, "Bruno")
    ask = fp.read_link(ana)
    text = fp.open_link(cara, ask, expect="refused")
    assert text.startswith("asked: ") and "Ana asks to let a bot play Bruno's seat" in text, text
    cara.click("#friends-agree")
    cara.wait_for_function("() => { const s = window.cairn.snapshot(); return s.view.seats[1].kind === 'bot' && !window.cairn.busy; }")
    assert any("Bruno's seat played by a bot" in n and "at Ana's request (agreed by Cara)" in n for n in fp.notes(cara)), fp.notes(cara)
    # Ana and Cara play on to the end; the end is sent again to the phone
    duo = {0: ana, 1: ana, 2: cara}
    fp.pass_turns(duo, fp.acting([cara, ana]))
    assert fp.status(ana)["over"] and fp.status(cara)["over"]
    ana.click("#friends-again-btn")                      # the end, sent again from the finished game
    again = fp.read_link(ana)
    fp.later(phone, 25)
    fp.deliver(again, [phone])
    snap = fp.same_log([ana, cara, phone])
    assert snap["view"]["is_over"]
    said = fp.notes(phone)
    assert sum("Ana signed two versions" in n for n in said) == 1, said      # the evidence, once
    assert any("Bruno took their seat back from turn" in n and "new device" in n for n in said), said
    for a in apps[:3]:
        assert len([e for e in a.saved_index() if e.get("friends")]) == 1     # one saved game each
    for a in apps:
        assert not a.errors, a.errors


@pytest.mark.parametrize("n", [2, 3])
def test_an_invite_answered_twice_and_the_host_starting_with_another_device(people, n):
    """(4) Bruno's invite answered by his phone and by a puppet; the host takes
    the puppet's answer: Bruno's answer is refused with a word (both keys);
    every device's start screen shows each seat's key (the puppet's in
    Bruno's seat); Bruno, opening the start, is told the host started with
    another device in his seat, and his list says so instead of waiting."""
    apps = people(n + 1)
    ana, bruno, puppet = (a.page for a in apps[:3])
    others = [a.page for a in apps[3:]]
    invites = fp.create_game(ana, "glenmore", ["friend"] * (n - 1), names=["Ana", "Bruno", "Cara"][:n])
    real = fp.join(bruno, invites[1])
    fake = fp.join(puppet, invites[1], name="Bruno")
    fp.take_answer(ana, fake)
    text = _refused_answer(ana, real)
    assert "Bruno's seat was answered already, by another device" in text, text
    puppet_fp = ana.evaluate("() => [...document.querySelectorAll('#friends-lobby .lobby-row[data-part=\"1\"] .muted')].map(x => x.textContent).join()")
    for p, page in zip(sorted(invites)[1:], others):
        fp.take_answer(ana, fp.join(page, invites[p]))
    ana.wait_for_selector("#friends-lobby[open] #friends-start:enabled")
    ana.click("#friends-start")
    ana.wait_for_selector("#friends-start-box[open]")
    seats = ana.text_content("#friends-start-box")
    key = puppet_fp.split("key ")[-1].strip()
    assert key and key in seats, (key, seats)
    ana.click("#friends-start-ok")
    fp.play_turn(ana)
    start = fp.send_turn(ana)
    for page in others + [puppet]:
        page.evaluate("h => { location.hash = h; }", fp.fragment(start))
        page.wait_for_selector("#friends-start-box[open]")
        assert key in page.text_content("#friends-start-box")   # every device shows Bruno's seat with the puppet's key
        page.click("#friends-start-ok")
    text = fp.open_link(bruno, start, expect="refused")
    assert "The host started with another device in your seat (key " + key in text, text
    bruno.click("#home-btn") if bruno.is_visible("#home-btn") else None
    assert "the host started with another device in your seat" in bruno.text_content("#saved-list")
    for a in apps:
        assert not a.errors, a.errors


def _refused_answer(page, link):
    page.evaluate("h => { location.hash = h; }", fp.fragment(link))
    page.wait_for_selector("#friends-refused[open]")
    text = page.text_content("#friends-reason")
    page.click("#friends-ok")
    return text


def test_a_whole_two_player_game_with_a_fork_a_rejoin_a_hand_over_and_the_end_sent_again(people):
    """(issue 59) A whole two-player Glen More game by links, each person a
    browser profile of their own: Ana signs two versions of a turn (healed,
    named in both logs); Bruno's phone is lost and his new phone rejoins,
    which Ana alone accepts only once the game has waited for him longer than
    the turn clock; the new phone then stops answering and after the clock
    Ana hands its seat to a bot and plays on alone to the end; the end's link
    is lost, and sent again from the finished game (Send again stays); every
    device ends with the same log and scores."""
    ana_app, bruno_app, phone_app = people(3)
    ana, bruno, phone = ana_app.page, bruno_app.page, phone_app.page
    invites = fp.create_game(ana, "glenmore", ["friend"], names=["Ana", "Bruno"])
    fp.take_answer(ana, fp.join(bruno, invites[1], name="Bruno"))
    fp.start(ana)
    by = {0: ana, 1: bruno}
    current, _ = fp.pass_turns(by, ana, until=lambda p: p is ana and fp.status(p)["my_turn"] and fp.status(p)["turn"] >= 3)
    # Ana signs two versions of her turn: Bruno gets both and keeps the one he played on
    v1, v2, _ = fp.two_versions(ana)
    fp.deliver(v1, [bruno])
    (fork,) = fp.deliver(v2, [bruno])
    assert "Ana signed two different versions" in fork, fork
    current, forks = fp.pass_turns(by, fp.acting([bruno, ana]), until=lambda p: p is bruno and fp.status(p)["turn"] >= 6)
    assert any("Ana signed two different versions" in f for f in forks), forks   # Ana's device goes over
    # the game waits for Bruno, whose phone is lost: his new phone asks to rejoin; Ana alone
    # accepts it only once the game has waited for him longer than the turn clock
    request = fp.rejoin(phone, invites[1])
    text = fp.open_link(ana, request, expect="refused")
    assert text.startswith("asked: ") and "Bruno" in text, text
    ana.click("#friends-accept")
    ana.wait_for_selector("#friends-refused[open]")
    assert "Bruno's own device may still answer" in ana.text_content("#friends-reason")
    assert ana.text_content("#friends-refused h2") == "Not possible now"
    ana.click("#friends-ok")
    fp.later(ana, 25)
    fp.open_link(ana, request, expect="refused")
    ana.click("#friends-accept")
    fp.take_parts(phone, fp.read_parts(ana), BACK)
    by[1] = phone
    current, _ = fp.pass_turns(by, fp.acting([phone, ana]), until=lambda p: p is phone and fp.status(p)["turn"] >= 9)
    # the new phone stops answering: after the clock Ana hands its seat to a bot and plays on alone
    fp.later(ana, 50)
    fp.hand_over(ana, "Bruno")
    ana.wait_for_function("() => { const s = window.cairn.snapshot(); return s && s.view.seats[1].kind === 'bot' && !window.cairn.busy; }")
    fp.play_alone(ana)
    lost = fp.send_turn(ana)                            # the end's link, lost on the way
    assert ana.is_visible("#friends-again-btn") and ana.is_visible("#friends-players-btn")
    ana.click("#friends-again-btn")                     # sent again from the finished game
    again = fp.read_link(ana)
    assert again and lost
    fp.later(phone, 25)                                 # by the phone's records, the clock ran out too
    fp.deliver(again, [phone])
    snap = fp.same_log([ana, phone])
    assert snap["view"]["is_over"]
    said = fp.notes(phone)
    assert sum("Ana signed two versions" in n for n in said) == 1, said      # the evidence, once
    assert any("Bruno took their seat back" in n and "new device" in n for n in said), said
    assert any("Bruno's seat played by a bot" in n and "not protected" in n for n in said), said
    for a in (ana_app, phone_app):
        assert not a.errors, a.errors
