"""A friends' game between devices (cairn.friends), played in-process with
stand-in signatures (tests/friends_helpers.py): whole games agree on every
device and replay exactly; draws cannot be worked out from anything a player
holds before they happen, and a player's own choices cannot change them;
every kind of bad link is refused and changes nothing."""
import json

import pytest

from cairn import load_game
from cairn.core.rng import Rng
from cairn.friends import commit, device, links
from cairn.core.codec import LinkError, b64
from cairn.friends.entries import MOVE, RETIRE, REVEAL
from cairn.friends.session import majority, retire_message

from friends_helpers import (Device, act, first_bad, link as link_of, opened, play_game, random_chooser, receive, sign,
                             start_game, verify)

CASES = [("hunters", ["here", "friend"]), ("glenmore", ["here", "friend", "friend"]),
         ("caledonia", ["here", "friend"]), ("hunters", ["here", "bot", "friend", "here"]),
         ("glenmore", ["here", "friend", "bot", "friend", "friend"]), ("caledonia", ["here", "friend", "friend", "bot"])]


@pytest.mark.parametrize("game,kinds", CASES, ids=[f"{g}-{len(k)}" for g, k in CASES])
def test_whole_games_agree_on_every_device_and_replay_exactly(game, kinds):
    devices = start_game(game, kinds, seed=len(kinds))
    play_game(devices, random_chooser(11))
    first = devices[0].session
    assert first.game.is_over and first.draws > 0
    for d in devices:
        s = d.session
        assert s.game.state.to_json() == first.game.state.to_json()
        assert s.heads == first.heads
        d.reload()   # the stored record replays to the same game
        assert d.session.game.state.to_json() == first.game.state.to_json()
    save = json.loads(json.dumps(first.game.to_save()))
    assert save["chance"]["source"] == "given" and len(save["chance"]["draws"]) == first.draws
    again = load_game(save)
    assert again.state.to_json() == first.game.state.to_json()


def pending_hunters(seed=2):
    """A 2-player Hunters game where the host has just ended a turn: its move
    waits for the friend's draw value."""
    host, friend = start_game("hunters", ["here", "friend"], seed=seed)
    s = host.session
    place = s.game.legal_moves()[0]
    s.play(0, place, host.root)
    s.play(0, {"type": "skip"}, host.root)
    assert s.pending is not None and s.pending.waiting_for == 1
    return host, friend


def held_bytes(d: Device, sent=(), received=()):
    """Everything a device holds: its stored record, its secret root and every
    value of its own chain, the links it sent and received."""
    held = [json.dumps(d.record()).encode(), d.root] + list(sent) + list(received)
    gid, depth = d.session.gid, d.session.depth
    held += [commit.chain_value(d.root, gid, d.me, k, depth) for k in range(0, 40)]
    return held


def test_the_next_draw_is_in_nothing_the_mover_holds_and_needs_the_other_secret():
    host, friend = pending_hunters()
    sign(host)
    link = link_of(host)
    k = len(host.session.values[1])
    secret = commit.chain_value(friend.root, host.session.gid, 1, k, host.session.depth)
    for blob in held_bytes(host, sent=[link]):
        assert secret not in blob and secret.hex().encode() not in blob and b64(secret).encode() not in blob
    # the draw is a function of that value: other values (same storage, same
    # link, another friend's secret) give other tiles
    s = host.session
    tiles = set()
    for v in [secret] + [bytes([i]) * 16 for i in range(15)]:
        g = s.game.clone()
        g.play(s.pending.move, entropy=commit.draw_entropy(s.gid, s.draws, s.pending.got + [(1, v)]))
        tiles.add(g.state.drawn)
    assert len(tiles) >= 4
    # the friend, opening the link, gets the draw made from its real value
    receive(friend, link)
    assert friend.session.pending is not None and friend.session.next_actor() == 1
    friend.session.reveal_mine(1, friend.root)
    g = s.game.clone()
    g.play(s.pending.move, entropy=commit.draw_entropy(s.gid, s.draws, s.pending.got + [(1, secret)]))
    assert friend.session.game.state.drawn == g.state.drawn


def test_the_receiver_cannot_work_out_the_draw_before_the_move_either():
    """Before the host's link, the friend lacks the host's next value: the
    draw opening the friend's turn is in nothing the friend holds."""
    host, friend = start_game("hunters", ["here", "friend"], seed=5)
    friend.session = host.session.copy()   # the friend has the start (as after the host's start link)
    k = len(host.session.values[0])
    value = commit.chain_value(host.root, host.session.gid, 0, k, host.session.depth)
    for blob in held_bytes(friend):
        assert value not in blob and b64(value).encode() not in blob


def test_the_movers_choices_do_not_change_the_draw():
    """Whatever the host does with its turn, the friend's next tile is the same."""
    base_host, friend = start_game("hunters", ["here", "friend"], seed=9)
    s0 = base_host.session
    drawn = set()
    for place in s0.game.legal_moves()[:6]:
        s = s0.copy()
        s.play(0, place, base_host.root)
        for end in s.game.legal_moves()[:4]:
            t = s.copy()
            t.play(0, end, base_host.root)
            if t.pending is None or t.game.state.in_bonus or _gold(t, end):
                continue
            t.reveal_mine(1, friend.root)   # the friend's device resolves the draw
            drawn.add(t.game.state.drawn)
    assert len(drawn) == 1


def _gold(s, move):
    trial = s.game.clone()
    trial.chance = "local"
    trial.play(move)
    return trial.state.drawn_bonus


def test_reloading_does_not_reroll():
    """The friend opening the same link again, or from a reloaded record, gets the same draw."""
    host, friend = pending_hunters(seed=4)
    sign(host)
    link = link_of(host)
    receive(friend, link)
    friend.session.reveal_mine(1, friend.root)
    first = friend.session.game.state.drawn
    again = start_game("hunters", ["here", "friend"], seed=4)[1]   # the friend's device as it was
    receive(again, link)
    again.session.reveal_mine(1, friend.root)
    assert again.session.game.state.drawn == first
    friend.reload()
    assert friend.session.game.state.drawn == first


def test_the_seed_mixes_every_participant_and_the_host_reveals_last():
    devices = start_game("glenmore", ["here", "friend", "friend"], seed=8)
    setup = devices[0].session.setup
    gid = devices[0].session.gid
    firsts = [commit.chain_value(d.root, gid, d.me, 1) for d in devices]
    assert commit.setup_seed(gid, firsts) == devices[0].session.game.seed
    other = list(firsts)
    other[2] = bytes(16)
    assert commit.setup_seed(gid, other) != devices[0].session.game.seed
    # the invites showed the host's anchor only, not its first value
    invite = device.invite_link(dict(devices[0].rec, stage="lobby", setup=dict(setup, parts=[
        {k: v for k, v in setup["parts"][0].items() if k != "first"}] + setup["parts"][1:]), invites={}), 1, b"\0" * 64)
    assert setup["parts"][0]["first"].encode() not in invite


def test_undo_before_sending_only():
    host, friend = start_game("hunters", ["here", "friend"], seed=3)
    s = host.session
    s.play(0, s.game.legal_moves()[0], host.root)
    s.undo(0)
    assert not s.entries and s.game.log == []
    s.play(0, s.game.legal_moves()[1], host.root)
    s.play(0, {"type": "skip"}, host.root)          # waits for the friend's draw
    value = s.values[0][-1]
    s.undo(0)                                       # nothing was drawn: it can be taken back
    assert s.pending is None and len(s.entries) == 1
    s.play(0, {"type": "skip"}, host.root)
    assert s.values[0][-1] == value                 # the same (unsent) value: no re-roll
    sign(host)
    with pytest.raises(Exception, match="since you sent"):
        s.undo(0)


# -- refusals --------------------------------------------------------------------------------
def two_turns(seed=6):
    """Host played a turn and sent it; the friend applied it and played its own."""
    host, friend = start_game("hunters", ["here", "friend"], seed=seed)
    choose = random_chooser(seed)
    act(host, choose)
    first = link_of(host)
    assert receive(friend, first).status == "new"
    act(friend, choose)
    second = link_of(friend)
    return host, friend, first, second


def test_a_link_already_applied_or_older_changes_nothing():
    host, friend, first, second = two_turns()
    assert receive(host, second).status == "new"
    before = host.record()
    assert receive(host, second).status == "applied"
    out = receive(host, first)
    assert out.status == "stale" and out.info["turn"] < out.info["now"]
    assert host.record() == before


def test_a_gap_is_told():
    """A device restored from an old copy gets a link that starts after what it has."""
    host, friend, first, second = two_turns()
    restored = friend.session.truncated(len(host.session.entries))   # the friend's copy after the first link
    receive(host, second)
    act(host, random_chooser(1))
    third = link_of(host)
    assert links.read_turn(third).base > len(restored.entries)
    friend.session = restored
    before = restored.heads[:]
    out = receive(friend, third)
    assert out.status == "gap" and friend.session.heads == before


def test_a_fork_is_refused_naming_the_turn_and_both_players():
    host, friend, first, second = two_turns(seed=12)
    # the host's device goes back (a lost storage, or cheating) and plays its
    # first turn again differently, signed with its own key
    again = start_game("hunters", ["here", "friend"], seed=12)[0]
    again.session.sigs = {}
    s = again.session
    legal = s.game.legal_moves()
    original = host.session.entries[0][1]
    s.play(0, legal[(original + 1) % len(legal)], again.root)
    act(again, random_chooser(99))
    forked = link_of(again)
    before = friend.record()
    out = receive(friend, forked)
    assert out.status == "fork"
    assert verify(out.checks, friend.session)    # proven: the host signed both versions
    assert out.info["turn"] == 1 and out.info["player"] == 0 and out.info["sender"] == 0
    assert friend.record() == before


def edited(data: bytes, change, resign=None) -> bytes:
    """The link ``data`` with ``change(turn_link)`` made to it, written again:
    its sender's signature as it was (what someone altering a link on the way
    can do), or made again by ``resign`` (a device sending it as its own)."""
    t = links.read_turn(data)
    change(t)
    if resign is None:
        return links.write_turn(t)
    body = links.write_turn_body(t)
    return body + resign.sign(links.link_message(body))


def test_a_tampered_move_is_refused():
    """A move changed on the way is told as damage (the sender's signature of
    every byte), never as a move the rules refuse; changed by the device that
    signs the link, as the author's signature not covering it or the rules."""
    host, friend, first, second = two_turns(seed=13)
    before = host.record()
    t = links.read_turn(second)
    i = next(i for i, e in enumerate(t.entries) if e[0] == MOVE)
    on_the_way, by_sender = set(), set()
    for delta in (1, 2, 3, 1000):
        def change(t, delta=delta):
            t.entries[i] = (MOVE, t.entries[i][1] + delta)
        on_the_way.add(receive_checked(host, edited(second, change)))
        by_sender.add(receive_checked(host, edited(second, change, resign=friend)))
    assert on_the_way == {"bad_sender"}
    assert by_sender <= {"bad_signature", "illegal"} and "bad_signature" in by_sender
    assert host.record() == before
    assert receive(host, second).status == "new"   # the real one still opens


def test_moves_forged_for_another_seat_are_refused():
    """The friend holds the latest position with the host's seat to move (in
    Caledonia's set-up, where nothing is drawn) and plays it for the host."""
    host, friend = start_game("caledonia", ["here", "friend"], seed=14)
    choose = random_chooser(3)
    by = {0: host, 1: friend}
    current = host
    while True:
        act(current, choose)
        nxt = current.session.next_actor()
        receive(by[nxt], link_of(current))
        current = by[nxt]
        if current is host and friend.session is not None:
            break
    # the host's device now holds the friend's last link; the friend's device
    # holds the same position, the host's seat to move
    s = friend.session
    kind, seat = s.expect()
    assert kind == MOVE and s.owner[seat] == 0 and s.pending is None
    before = host.record()
    for signer_as in (0, 1):
        forged = s.copy()
        forged.owner[seat] = 1                    # the friend's device plays the host's seat
        forged.play(1, forged.game.legal_moves()[0], friend.root)
        forged.owner[seat] = 0
        j = len(forged.entries)
        forged.sigs[signer_as] = (j, friend.sign(forged.turn_message(j)))   # signed with the friend's key
        t = _link_of(forged, 1)
        data = links.write_turn_body(t) + friend.sign(links.link_message(links.write_turn_body(t)))
        assert receive_checked(host, data) in ("bad_signature", "unsigned")
    assert host.record() == before


def _link_of(s, sender):
    t = links.TurnLink()
    t.sender, t.gid, t.base = sender, s.gid, len(s.entries) - 1
    t.head = s.heads[t.base][:links.HEAD_PREFIX]
    t.entries = s.entries[t.base:]
    t.sigs = {(p, 0): sig for p, (j, sig) in s.sigs.items()}
    return t


def receive_checked(d, data):
    """What opening ``data`` on ``d`` comes to (tests/friends_helpers.opened)."""
    return opened(d, data)


def test_a_bad_reveal_is_refused():
    """A draw value changed on the way is damage (no one accused); one the
    sending device itself signed is that device's bad value."""
    host, friend = pending_hunters(seed=15)
    sign(host)
    link = link_of(host)

    def change(t):
        i = next(i for i, e in enumerate(t.entries) if e[0] == REVEAL)
        t.entries[i] = (REVEAL, 0, bytes(16))
    assert receive_checked(friend, edited(link, change)) == "bad_sender"   # the friend's first link: its start
    assert receive_checked(friend, edited(link, change, resign=host)) == "bad_reveal"
    assert friend.session is None
    friend.session, friend.rec = host.session.truncated(0), {"stage": "play"}   # the friend has the start
    assert receive_checked(friend, edited(link, change)) == "bad_sender"
    assert receive_checked(friend, edited(link, change, resign=host)) == "bad_reveal"
    assert friend.session.heads == host.session.heads[:1]


def test_damaged_links_and_other_games_are_refused():
    host, friend, first, second = two_turns(seed=16)
    for cut in (1, 5, len(second) // 2, len(second) - 1):
        assert receive_checked(host, second[:cut]) in ("damaged", "invalid", "unsigned")
    assert receive_checked(host, b"\x07garbage") == "damaged"
    other = start_game("hunters", ["here", "friend"], seed=17)
    act(other[0], random_chooser(1))
    assert receive_checked(host, link_of(other[0])) == "other_game"


def test_a_link_without_a_needed_signature_is_refused():
    host, friend, first, second = two_turns(seed=18)
    assert receive_checked(host, edited(second, lambda t: t.sigs.pop((1, 0)))) == "bad_sender"   # on the way
    assert receive_checked(host, edited(second, lambda t: t.sigs.pop((1, 0)), resign=friend)) == "unsigned"
    swap = (lambda t: t.sigs.update({(1, 0): t.sigs[(0, 0)]}) if (0, 0) in t.sigs else t.sigs.update({(1, 0): bytes(64)}))
    assert receive_checked(host, edited(second, swap)) == "bad_sender"
    assert receive_checked(host, edited(second, swap, resign=friend)) == "bad_signature"


# -- a player who stops answering ----------------------------------------------------------
def test_a_majority_hands_a_silent_seat_to_a_bot_and_the_game_goes_on():
    devices = start_game("hunters", ["here", "friend", "friend"], seed=21)
    host, f1, f2 = devices
    choose = random_chooser(21)
    # play until it is f2's turn to resolve a draw, then f2 goes silent
    by = {d.me: d for d in devices}
    current = host
    for _ in range(30):
        act(current, choose)
        nxt = current.session.next_actor()
        data = link_of(current)
        for d in devices:
            if d is not current:
                receive(d, data)
        if nxt == 2:
            break
        current = by[nxt]
    s = host.session
    assert s.next_actor() == 2
    # host and f1 vote (a majority of the two others); the entry goes in the log
    need = majority(2)
    assert need == 2
    message = retire_message(s.gid, 2, len(s.entries), s.heads[-1])
    votes = [(0, host.sign(message)), (1, f1.sign(message))]
    s.append((RETIRE, 2, tuple(votes), None))
    assert 2 in s.retired and all(o != 2 for o in s.owner)
    assert s.game.seats[2].kind == "bot"
    assert verify(s.votes)
    # the draw waiting for f2 now waits for someone still playing
    assert s.next_actor() in (0, 1)
    sign(host)
    data = link_of(host)
    assert receive(f1, data).status in ("new", "applied")
    play_game([host, f1] if s.next_actor() == 0 else [f1, host], choose)
    assert host.session.game.is_over and host.session.game.state.to_json() == f1.session.game.state.to_json()


def test_a_vote_without_a_majority_is_refused():
    host, f1, f2 = start_game("hunters", ["here", "friend", "friend"], seed=22)
    s = host.session
    message = retire_message(s.gid, 2, 0, s.heads[0])
    with pytest.raises(LinkError, match="majority"):
        s.append((RETIRE, 2, ((0, host.sign(message)),), None))
    assert not s.retired and not s.entries
