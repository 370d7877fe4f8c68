"""Friends' games against what real friends do, through the worker's ops
(tests/friends_pages.py; the clock is the test's): no seat handed to a bot
before the turn clock ran out by the voter's own records; a late answer after
a hand-over, and that player asking for the seat back; a fork healed in a
three-player game (the double signer named, the evidence in the log) and in a
two-player one whose witness is lost (the double signer's own device adds it); a lost
phone rejoining with a new key (two and three players); an invite answered
twice and the host starting with another device in a friend's seat."""
from __future__ import annotations

import pytest

from cairn.core.codec import LinkError
from cairn.friends.held import SESSIONS

from friends_pages import DAY, T0, Page, join, ok, refusal, setup


def turn(page, pages, now=T0, also=(), pick=-1):
    """``page`` plays its turn and sends it at ``now``; the next to act opens it
    (and ``also``).  Returns ``(next page or None at the end, link)``."""
    snap = page.play_turn(pick)
    f = snap["friends"]
    link = page.send(now=now)
    if f["over"]:
        return None, link
    nxt = pages[f["next"]]
    status, _ = nxt.open(link, now=now)
    assert status == "new", status
    for other in also:
        if other is not page and other is not nxt:
            other.open(link, now=now)
    return nxt, link


def same_game(*pages):
    """Every device holds the same game: each one's moves begin the longest's
    (the one that opened the last link may have made the draw that plays the
    move waiting for it)."""
    moves = [p.state()["save"]["moves"] for p in pages]
    longest = max(moves, key=len)
    assert all(m == longest[:len(m)] and len(longest) - len(m) <= 1 for m in moves)


def notes(page):
    return [h["text"] for h in page.state()["history"] if h.get("kind") == "note"]


# -- the turn clock --------------------------------------------------------------------------

def two_versions(ana):
    """Ana signs two versions of her turn: one, then her device put back to before it, another
    (the first move's first choice, then its second); the two links."""
    kept = dict(ana.record)
    ana.play_turn(pick=0)
    v1 = ana.send()
    ok("friends_load", gid=ana.gid, record=kept, root=ana.root, now=T0)   # Ana's device put back
    ana.record = kept
    ana.play_turn(pick=1)
    return v1, ana.send()

def test_a_seat_is_not_handed_to_a_bot_before_the_turn_clock_ran_out():
    """Two players: Ana sends her turn; neither at once nor a minute later
    nor before she sent it may she hand Bruno's seat to a bot; a day after
    sending (the game's clock), by her own records, she may, and the game,
    its log and its final table say so."""
    ana, bruno = setup("hunters", ["Ana", "Bruno"], fid=b"clock-01")
    ana.play_turn()
    reason, _ = refusal("friends_vote_message", gid=ana.gid, q=1, now=T0 + 2 * DAY)   # not sent yet
    assert reason == "too_soon"
    ana.send(now=T0)
    f = ana.status()
    assert f["wait"] == {"p": 1, "since": T0, "until": T0 + DAY} and f["clock"] == 86400
    for later in (2100, 60_000, DAY - 1):
        reason, info = refusal("friends_vote_message", gid=ana.gid, q=1, now=T0 + later)
        assert reason == "too_soon" and info["until"] == T0 + DAY and info["part"] == 1
    snap = ana.vote(1, now=T0 + DAY)
    assert snap["retired"] == 1 and snap["friends"]["parts"][1]["retired"]
    said = notes(ana)
    assert any("Bruno's seat played by a bot from turn" in n and "Ana's request" in n and "not protected" in n for n in said), said
    assert snap["save"]["meta"]["notes"]
    # sending again restarts the wait this device measures (the link may reach Bruno only now)
    ana2, bruno2 = setup("hunters", ["Ana", "Bruno"], fid=b"clock-02")
    ana2.play_turn()
    ana2.send(now=T0)
    ana2.send(now=T0 + DAY - 10)
    assert refusal("friends_vote_message", gid=ana2.gid, q=1, now=T0 + DAY)[0] == "too_soon"


def test_a_third_player_agrees_only_once_their_own_clock_ran_out():
    """Three players: Bruno sends Cara her turn at T0; Ana opens that link
    only half a day later. A day after sending, Bruno asks; Ana's device
    refuses to agree until a day after *it* saw the wait begin."""
    ana, bruno, cara = setup("hunters", ["Ana", "Bruno", "Cara"], fid=b"clock-03")
    pages = {0: ana, 1: bruno, 2: cara}
    page, _ = turn(ana, pages, now=T0, also=(cara,))
    page.play_turn()
    to_cara = bruno.send(now=T0)
    cara.open(to_cara, now=T0)
    ana.open(to_cara, now=T0 + DAY // 2)
    bruno.vote(2, now=T0 + DAY)
    ask = bruno.send(now=T0 + DAY, vote=True)
    status, snap = ana.open(ask, now=T0 + DAY)
    assert snap["friends"]["ballot"]["q"] == 2 and snap["friends"]["need"] == 2
    reason, info = refusal("friends_vote_message", gid=ana.gid, q=2, now=T0 + DAY)
    assert reason == "too_soon" and info["until"] == T0 + DAY // 2 + DAY
    snap = ana.vote(2, now=T0 + DAY // 2 + DAY)
    assert snap["retired"] == 2
    # the note names who asked (Bruno) and who agreed (Ana)
    assert any("Cara's seat played by a bot" in n and "at Bruno's request (agreed by Ana)" in n and "not protected" not in n
               for n in notes(ana)), notes(ana)


# -- a late answer after the hand-over, and the seat asked back ---------------------------------------
def test_a_late_answer_after_the_hand_over_and_the_seat_taken_back():
    ana, bruno = setup("hunters", ["Ana", "Bruno"], fid=b"late-001")
    pages = {0: ana, 1: bruno}
    page, first = turn(ana, pages)          # Bruno has Ana's first turn
    page, _ = turn(bruno, pages)
    ana.play_turn()
    to_bruno = ana.send(now=T0)             # Bruno does not answer this one for a day
    snap = ana.vote(1, now=T0 + DAY)
    assert snap["friends"]["parts"][1]["retired"]
    ana.play_turn(most=4)                   # Ana plays on; the bot plays Bruno's seat on her device
    # Bruno's honest answer arrives late: Ana's device keeps its version (the hand-over)
    bruno.open(to_bruno)
    bruno.play_turn()
    late = bruno.send(now=T0 + DAY + 3600)
    check = ana.check(late)
    info = check["info"]
    assert check["status"] == "fork" and info["keep"] == "mine" and info["why"] == "bot" and info["double"] is None
    assert ana.verify(check["checks"])
    ok("friends_apply", gid=ana.gid, record=ana.record, data=late, root=ana.root)
    # Ana's next link reaches Bruno: the version the others play is the hand-over; he goes over
    after = ana.send(now=T0 + DAY + 7200)
    check = bruno.check(after, now=T0 + DAY + 7200)
    assert check["status"] == "fork" and check["info"]["keep"] == "theirs" and check["info"]["why"] == "bot"
    snap = bruno.switch(after, now=T0 + DAY + 7200)
    assert snap["switched"]["replayed"] == 0 and snap["switched"]["undone"] >= 1
    f = snap["friends"]
    gone = f["retired_me"]
    assert gone and gone["names"] == ["Ana"] and gone["turn"] >= 2 and gone["minutes"] == (T0 + DAY) // 60000
    assert not f["my_turn"]
    # Bruno asks for his seat back (his own key, a new chain); Ana accepts
    msg = ok("friends_ask_back", gid=bruno.gid)
    bruno.keep(ok("friends_asked", gid=bruno.gid, sig=bruno.sign(msg["message"])))
    ask = bruno.send(now=T0 + DAY + 8000, vote=True)
    status, snap = ana.open(ask)
    assert snap["friends"]["ballot"]["kind"] == "rejoin" and snap["friends"]["ballot"]["q"] == 1
    snap = ana.accept(now=T0 + DAY + 9000)
    assert snap["back"] == 1 and not snap["friends"]["parts"][1]["retired"]
    assert any("Bruno took their seat back from turn" in n for n in notes(ana))
    snap = bruno.take_catchup(ana.catchup())
    assert snap["friends"]["retired_me"] is None and not snap["friends"]["parts"][1]["retired"]
    # the game goes on between both devices, Bruno's draws from his new chain
    page = ana if ana.status()["next"] == 0 else bruno
    for _ in range(6):
        page, _ = turn(page, pages, now=T0 + 2 * DAY)
    same_game(ana, bruno)


# -- a fork healed ------------------------------------------------------------------------------
def test_a_fork_heals_in_a_three_player_game():
    """Ana signs two versions of her turn: one to Bruno (who plays next) and
    another to Cara. Bruno plays on his; Cara, opening his link, is told the
    version the others play is Bruno's and goes over; her device puts the
    evidence (Ana's two signatures) in the log; Ana's device goes over too;
    every device ends with the same log naming Ana."""
    ana, bruno, cara = setup("hunters", ["Ana", "Bruno", "Cara"], fid=b"fork-001")
    pages = {0: ana, 1: bruno, 2: cara}
    page = ana
    for _ in range(3):
        page, _ = turn(page, pages, also=(ana, bruno, cara))
    assert page is ana
    v1, v2 = two_versions(ana)
    assert bruno.open(v1)[0] == "new"
    assert cara.open(v2)[0] == "new"
    bruno.play_turn()
    to_cara = bruno.send()
    check = cara.check(to_cara)
    info = check["info"]
    assert check["status"] == "fork" and info["keep"] == "theirs" and info["why"] == "played_on"
    assert info["double"] == 0 and info["theirs"]["played_on"] == [1] and cara.verify(check["checks"])
    assert refusal("friends_apply", gid=cara.gid, record=cara.record, data=to_cara, root=cara.root)[0] == "fork"
    snap = cara.switch(to_cara)
    f = snap["friends"]
    # Cara is to act: her device puts the evidence in the log at once
    assert f["my_turn"] and f["evidence"] == 0 and f["parts"][0]["double"]
    assert any("Ana signed two versions of turn" in n for n in notes(cara))
    cara.play_turn()
    to_ana = cara.send()
    check = ana.check(to_ana)
    assert check["status"] == "fork" and check["info"]["keep"] == "theirs"
    ana.switch(to_ana)
    bruno.open(to_ana)
    page = ana
    for _ in range(3):
        page, _ = turn(page, pages, also=(ana, bruno, cara))
    same_game(ana, bruno, cara)
    for p in (ana, bruno, cara):
        assert p.status()["parts"][0]["double"]
        # the evidence is in each log once, and said once
        assert sum("Ana signed two versions" in n for n in notes(p)) == 1, notes(p)
    s = SESSIONS[cara.gid]["s"]
    (ev,) = [e for e in s.entries if e[0] == "x"]
    with pytest.raises(LinkError, match="in the log already"):   # a second device's evidence of it: refused
        s.copy().append(("x", s.next_actor()) + ev[2:])



def test_a_two_player_fork_is_in_the_log_even_when_the_witness_is_lost():
    """Two players: Ana signs two versions of her turn and Bruno's device keeps
    the first; in Glen More Ana moves again, so Bruno's device sends his draw
    value with the evidence still waiting for his next act, and his phone is
    lost before then. Ana's device, going over to the version kept, puts the
    evidence of its own two signatures in the log; Bruno's new phone, caught
    up from Ana's, names Ana once, as Ana's log does."""
    ana, bruno = setup("glenmore", ["Ana", "Bruno"], fid=b"fork-002")
    pages = {0: ana, 1: bruno}
    page = ana
    while not (page is ana and ana.status()["my_turn"] and ana.status()["turn"] >= 3):
        page, _ = turn(page, pages)
    v1, v2 = two_versions(ana)
    assert bruno.open(v1)[0] == "new"
    info = bruno.check(v2)["info"]
    assert info["keep"] == "mine" and info["double"] == 0
    bruno.keep(ok("friends_apply", gid=bruno.gid, record=bruno.record, data=v2, root=bruno.root, now=T0))
    f = bruno.status()
    # Ana moves again: Bruno's evidence waits for his next act, his draw value goes without it
    assert f["next"] == 0 and f["evidence"] == 1 and f["to_send"]
    to_ana = bruno.send()
    assert ana.check(to_ana)["info"]["keep"] == "theirs"
    ana.switch(to_ana)
    assert sum("Ana signed two versions" in n for n in notes(ana)) == 1, notes(ana)
    page = ana
    while page is ana:
        page, _ = turn(ana, pages, now=T0)        # Bruno's old phone opens it, then is lost
    assert ana.status()["next"] == 1
    # his new phone rejoins (two players: once the game waited for him a turn clock)
    new = new_phone(bruno, ana.invites[1], "fork2")
    take_request(ana, new.request)
    ana.accept(now=T0 + DAY)
    new.take_catchup(ana.catchup(), now=T0 + DAY)
    for p in (ana, new):
        assert sum("Ana signed two versions" in n for n in notes(p)) == 1, notes(p)
        assert len([e for e in SESSIONS[p.gid]["s"].entries if e[0] == "x"]) == 1
    # the old phone, found again, holds the same evidence once (its own queued one dropped)
    assert sum("Ana signed two versions" in n for n in notes(bruno)) == 1, notes(bruno)
    assert bruno.status()["evidence"] == 0

# -- a lost phone ---------------------------------------------------------------------------------
def lost_phone(names, fid):
    pages = setup("hunters", names, fid=fid)
    by = dict(enumerate(pages))
    page = pages[0]
    for _ in range(2 * len(names)):
        page, _ = turn(page, by, also=pages)
    return pages, by, page


def new_phone(old: Page, invite: str, salt: str) -> Page:
    """Bruno's new phone: a new key and secret; from his invite, a request to take his seat back."""
    new = Page(old.name, old.gid + "-new", salt)
    begun = ok("friends_rejoin_begin", fid=old.record["setup"]["gid"], invite=invite, pub=new.pub, root=new.root)
    made = ok("friends_rejoin_link", record=begun["record"], sig=new.sign(begun["message"]))
    new.record = made["record"]
    new.request = ok("friends_seal", body=made["body"], sig=new.sign(made["message"]))["link"]
    return new


def take_request(page, request):
    got = ok("friends_open_request", gid=page.gid, data=request)
    assert page.verify(got["checks"]) and got["q"] == 1 and got["guess"] == 1
    page.keep(ok("friends_take_request", gid=page.gid, data=request, q=1))
    return got


def test_a_lost_phone_rejoins_with_a_new_key_in_a_two_player_game():
    """With two players Ana alone accepts Bruno's new phone: only once the game
    has waited for Bruno (his old phone silent) longer than the turn clock."""
    (ana, bruno), by, page = lost_phone(["Ana", "Bruno"], b"phone-01")
    if page is ana:
        page, _ = turn(ana, by)             # the game waits for Bruno, whose phone is lost
    assert ana.status()["next"] == 1
    new = new_phone(bruno, ana.invites[1], "new")
    got = take_request(ana, new.request)
    assert got["fp"] != ana.status()["parts"][1]["fp"]
    assert refusal("friends_accept_message", gid=ana.gid, now=T0 + DAY - 1)[0] == "accept_too_soon"
    snap = ana.accept(now=T0 + DAY)
    assert snap["back"] == 1
    pieces = ana.catchup()
    assert 1 <= len(pieces) <= 2 and all(len(p) <= 1900 for p in pieces)
    snap = new.take_catchup(pieces)
    f = snap["friends"]
    assert f["me"] == 1 and f["parts"][1]["fp"] == got["fp"] and f["parts"][1]["epoch"] == 1
    by[1] = new
    # the old phone's key no longer plays the seat: what it signs now is refused
    assert bruno.status()["parts"][1]["epoch"] == 0
    page = ana if ana.status()["next"] == 0 else new
    for _ in range(30):
        nxt, link = turn(page, by)
        if nxt is None:
            break
        page = nxt
    same_game(ana, new)
    # Bruno's old phone, found again, learns at once that another device plays his seat
    # (Ana's links carry what it lacks since its last entry), naming who accepted it
    # (its own draw value, made as it opened Ana's turn, meets the seat given away there: a fork)
    later = ana.send(now=T0 + 3 * DAY)
    status, info = bruno.said(later, now=T0 + 3 * DAY)
    assert status == "fork" and info["keep"] == "theirs" and info["why"] == "back" and info["double"] is None
    f = bruno.switch(later, now=T0 + 3 * DAY)["friends"]
    assert f["replaced"] and not f["my_turn"]
    back = [e for e in f["events"] if e["kind"] == "back"]
    assert back and back[0]["p"] == 1 and back[0]["names"] == ["Ana"]


def test_a_lost_phone_rejoins_in_a_three_player_game():
    (ana, bruno, cara), by, page = lost_phone(["Ana", "Bruno", "Cara"], b"phone-02")
    new = new_phone(bruno, ana.invites[1], "new3")
    take_request(ana, new.request)
    got = ana.accept()
    assert got["need"] == 2 and set(got["ballot"]["votes"]) == {"0"}
    ask = ana.send(vote=True)
    status, snap = cara.open(ask)
    assert snap["friends"]["ballot"]["kind"] == "rejoin"
    snap = cara.accept()
    assert snap["back"] == 1
    snap = new.take_catchup(cara.catchup())
    assert snap["friends"]["me"] == 1
    by[1] = new
    to_ana = cara.send()
    ana.open(to_ana)
    page = {0: ana, 1: new, 2: cara}[cara.status()["next"]]
    for _ in range(6):
        page, _ = turn(page, by, also=(ana, new, cara))
    same_game(ana, new, cara)


# -- every seat's device --------------------------------------------------------------------------
def test_an_invite_is_answered_once_and_a_puppet_start_is_told():
    host = Page("Ana", "P-host", "pp")
    made = ok("friends_create", fid="cHVwcGV0MDE", game="hunters", options={}, clock=3600,
              seats=[{"kind": "here", "name": "Ana"}, {"kind": "friend", "name": "Bruno"}], pub=host.pub, root=host.root)
    host.record = made["record"]
    (inv,) = made["invites"]
    got = ok("friends_invite", record=host.record, p=1, sig=host.sign(inv["message"]))
    host.record, invite = got["record"], got["link"]
    assert ok("friends_read", data=invite)["clock"] == 3600
    real = join(invite, Page("Bruno", "P-real", "pp"))
    puppet = join(invite, Page("Bruno", "P-puppet", "pp2"))
    took = ok("friends_take_join", record=host.record, data=puppet.answer)
    host.record = took["record"]
    reason, info = refusal("friends_take_join", record=host.record, data=real.answer)
    assert reason == "answered" and info["part"] == 1 and info["fp"] == took["fingerprints"][1] and info["other"] != info["fp"]
    assert refusal("friends_take_join", record=host.record, data=puppet.answer)[0] == "joined_already"
    host.keep(ok("friends_start", gid=host.gid, record=host.record, root=host.root, now=T0))
    host.play_turn()
    start = host.send()
    reason, info = real.said(start)
    assert reason == "seat_taken"
    assert info["fp"] == took["fingerprints"][1] and info["mine"] != info["fp"]
    # a game that started answers a late answer with a word too
    reason, info = refusal("friends_take_join", record=host.record, data=real.answer)
    assert reason == "answered"
    assert refusal("friends_take_join", record=host.record, data=puppet.answer)[0] == "joined_already"
