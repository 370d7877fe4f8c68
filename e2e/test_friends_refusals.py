"""Links a friends' game must refuse, each with its words, changing nothing
on the device that opens them (its stored record and saved-games list stay
as they were, and the genuine link still opens afterwards): a link opened
again, an older link, a damaged link, a tampered move, a move forged for
another player's seat (signed with the forger's own key), and a fork (the
host's device rolled back plays its turn again differently). Two browser
contexts play a Clans of Caledonia game (its set-up moves draw nothing, so a
forger could play the other seat without any draw value)."""
from __future__ import annotations

import base64
import zlib

import pytest

import friends_play as fp
from cairn.friends import links
from cairn.friends.session import MOVE
from conftest import _finish

@pytest.fixture
def pair(request, chromium, site_url):
    made = []
    yield fp.people_(request, chromium, site_url, 2, made)
    for a in made:
        _finish(request, a)


def data_of(link):
    return link.split("#f=", 1)[1].rsplit(".", 1)[0]


def bytes_of(link):
    d = data_of(link)
    return base64.urlsafe_b64decode(d + "=" * (-len(d) % 4))


def link_with(bytes_, like):
    """A link to the same page holding ``bytes_``, with a right check (what a
    tamperer can make: the check is no secret)."""
    data = base64.urlsafe_b64encode(bytes_).decode().rstrip("=")
    check = base64.urlsafe_b64encode(zlib.crc32(data.encode()).to_bytes(4, "big")).decode().rstrip("=")
    return like.split("#f=", 1)[0] + "#f=" + data + "." + check


def refused(page, link, words):
    """``words``: what the message says (or a tuple: one of them)."""
    before = fp.stored(page)
    text = fp.open_link(page, link, expect="refused")
    assert any(w in text for w in ((words,) if isinstance(words, str) else words)), text
    assert fp.stored(page) == before
    return text


def step(sender, receiver):
    """``sender`` plays its turn and sends it; ``receiver`` opens it."""
    fp.play_turn(sender)
    link = fp.send_turn(sender)
    fp.open_link(receiver, link)
    return link


def test_bad_links_are_refused_and_change_nothing(pair):
    host, friend = (a.page for a in pair)
    fp.setup(host, [friend], "caledonia", ["friend"], names=["Ana", "Bruno"])
    by = {0: host, 1: friend}
    # whoever is to act first (the host, or the friend picking its clan first) goes
    current = host
    sent = []
    while len(sent) < 3:
        fp.play_turn(current)
        st = fp.status(current)
        link = fp.send_turn(current)
        nxt = by[st["next"]]
        fp.open_link(nxt, link)
        sent.append((current, nxt, link))
        current = nxt
    last_from, last_to, last = sent[-1]
    old_from, old_to, old = sent[-3]

    # the same link again, and an older one
    refused(last_to, last, "You already opened this link")
    refused(old_to, old, "older than the game on this device")
    # a character lost on the way
    refused(last_to, last[:len(last) // 2] + last[len(last) // 2 + 1:], "damaged")

    # the next turn, tampered with on the way: another move in its place
    fp.play_turn(current)
    st = fp.status(current)
    genuine = fp.send_turn(current)
    receiver = by[st["next"]]
    t = links.read_turn(bytes_of(genuine))
    i = next(i for i, e in enumerate(t.entries) if e[0] == MOVE)
    t.entries[i] = (MOVE, t.entries[i][1] + 1)
    # (changed on the way: the sender's signature of every byte tells it first, naming the
    # sender, before any rule or accusation)
    name = "Ana" if current is host else "Bruno"
    text = refused(receiver, link_with(links.write_turn(t), genuine), f"says it comes from {name}, but {name}'s device did not sign it")
    assert "send it again" in text and "a player" not in text, text
    fp.open_link(receiver, genuine)     # the genuine one still opens: nothing was lost
    sender, current = current, receiver

    # a move forged for the other seat: the device holding the latest position
    # (current) plays the other player's seat and signs it with its own key
    forger, victim = current, sender
    forged = forge(forger, victim_part=0 if forger is friend else 1)
    # the victim reads it: moves in its name it never signed, made by the forger's device (named)
    text = refused(victim, forged, "moves in your name that this device never signed")
    assert ("Bruno" if forger is friend else "Ana") + "'s device made them" in text, text

    # a fork: the host's device goes back to before its last turn (a restored
    # copy, or cheating) and plays that turn again differently
    fork_test(host, friend, by)


def _without_a_draw(s, me):
    """``s`` after one of ``me``'s legal moves that draws nothing (the test holds no
    device's secret, which a draw needs; the game's draws differ run to run, and the first
    legal move was once a revealing one)."""
    for move in s.game.legal_moves():
        after = s.copy()
        try:
            after.play(me, move, None)
        except links.LinkError:
            continue
        return after
    pytest.skip("every move of the forger's turn draws from the deck this run")


def forge(page, victim_part):
    """A link from ``page``'s device in which it plays the seat of participant
    ``victim_part``, signing as that player with its own key (its own moves,
    if it had some to play first, signed rightly)."""
    rec = fp.record_of(page)
    s, me = links.from_record(rec)
    for _ in range(30):   # the forger's own moves first, while it is its turn (set-up moves draw nothing)
        kind, seat = s.expect()
        assert kind == MOVE
        if s.owner[seat] == victim_part:
            break
        s = _without_a_draw(s, me)
    assert s.owner[seat] == victim_part
    fid = rec["setup"]["gid"]

    def signed(j):
        message = base64.urlsafe_b64encode(s.turn_message(j)).decode().rstrip("=")
        sig = page.evaluate("""async ([fid, message]) => {
            const k = await import('./js/friends/keys.js');
            return k.sign(await k.identity(fid), message); }""", [fid, message])
        return base64.urlsafe_b64decode(sig + "=" * (-len(sig) % 4))

    if s.unsigned(me):
        j = s.last_entry(me)
        s.sigs[me] = (j, signed(j))
    s.owner[seat] = me                 # the forger's device plays the other's seat...
    s.play(me, s.game.legal_moves()[0], None)
    s.owner[seat] = victim_part        # ...which, in the log, is the other's move
    j = len(s.entries)
    s.sigs[victim_part] = (j, signed(j))   # "the other's" signature, made with the forger's key
    t = links.TurnLink()
    t.sender, t.gid, t.base = me, s.gid, s.last_entry(victim_part)
    t.head = s.heads[t.base][:links.HEAD_PREFIX]
    t.setup = s.setup if t.base == 0 else None
    t.entries = s.entries[t.base:]
    own = len(t.entries) > 1   # the forger's own moves before the forged one
    t.sigs = {(victim_part, 0): s.sigs[victim_part][1], **({(me, 0): s.sigs[me][1]} if own or t.base == 0 else {})}
    body = links.write_turn_body(t)
    digest = base64.urlsafe_b64encode(links.link_message(body)).decode().rstrip("=")
    sig = page.evaluate("""async ([fid, message]) => {
        const k = await import('./js/friends/keys.js');
        return k.sign(await k.identity(fid), message); }""", [fid, digest])   # the forger sends it as itself
    like = page.evaluate("location.origin + location.pathname")
    return link_with(body + base64.urlsafe_b64decode(sig + "=" * (-len(sig) % 4)), like + "#f=x.y")


def fork_test(host, friend, by):
    """The host keeps a copy of its record, plays and sends its turn; the friend
    opens it. The host's device is put back to the copy and plays the same
    turn otherwise: the friend refuses that, naming the turn and both players."""
    # bring the game to the host's turn
    for _ in range(10):
        if fp.status(host).get("my_turn"):
            break
        for a, b in ((host, friend), (friend, host)):
            st = fp.status(a)
            if st.get("my_turn") or st.get("my_bot") or st.get("to_send"):
                step(a, b)
                break
    assert fp.status(host)["my_turn"]
    gid = host.evaluate("window.cairn.gid")
    key = f"cairn:friends:{gid}"
    copy = host.evaluate("k => localStorage.getItem(k)", key)
    legal = host.evaluate("window.cairn.snapshot().legal")
    assert len(legal) > 1
    host.evaluate("m => window.cairn.play(m)", legal[0])
    fp.play_turn(host, 3)
    first = fp.send_turn(host)
    fp.open_link(friend, first)
    # the host's device, rolled back
    host.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, copy])
    host.reload()
    host.wait_for_function("document.documentElement.dataset.engine === 'ready' && window.cairn.snapshot() && window.cairn.snapshot().friends && !window.cairn.busy")
    host.evaluate("m => window.cairn.play(m)", legal[-1])
    fp.play_turn(host, 4)
    second = fp.send_turn(host)
    before = fp.stored(friend)
    text = fp.open_link(friend, second, expect="refused")
    assert text.startswith("fork: ") and "Ana signed two different versions" in text, text
    assert fp.stored(friend) == before   # nothing kept until the player chooses
