"""Every way a friends' link or request can be refused has a reason of its
own (the page words each one: web/js/friends/words.js), made here for real:
each kind produced by the engine from a real link or record, none mistaken
for another; a link whose sender byte is changed is refused (the sender signs
every byte); a link of the first version (its sender unsigned) is refused."""
from __future__ import annotations

import os
import re

from cairn.friends import links
from cairn.core.codec import LinkError
from cairn.friends.entries import MOVE, RETIRE, REVEAL

from friends_helpers import REFUSED_BY, act, link as link_of, opened, random_chooser, receive, start_game
from friends_pages import DAY, T0, Page, call, join, ok, refusal, setup
from test_friends_protocol import two_turns

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def edited(data, change, resign=None):
    t = links.read_turn(data)
    change(t)
    body = links.write_turn_body(t)
    return body + (resign.sign(links.link_message(body)) if resign else t.sig)


def test_a_link_whose_sender_byte_is_changed_is_refused():
    host, friend, first, second = two_turns(31)
    changed = bytearray(second)
    assert changed[1] == 1
    changed[1] = 0                       # "this link is from the host"
    assert opened(host, bytes(changed)) == "bad_sender"
    assert opened(host, second) == "new"  # the real one opens


def test_every_refusal_kind_has_its_own_reason():
    made = {}
    host, friend, first, second = two_turns(32)
    made["damaged"] = opened(host, second[:len(second) // 2])
    made["old_link"] = opened(host, _first_version(friend, second))
    other = start_game("hunters", ["here", "friend"], seed=33)
    act(other[0], random_chooser(1))
    made["other_game"] = opened(host, link_of(other[0]))
    made["diverged"] = opened(host, edited(second, lambda t: setattr(t, "head", b"\0\0\0\0"), resign=friend))
    made["new"] = opened(host, second)
    receive(host, second)
    made["applied"] = opened(host, second)
    made["stale"] = opened(host, first)
    act(host, random_chooser(2))
    third = link_of(host)
    restored = start_game("hunters", ["here", "friend"], seed=32)[1]
    restored.session = friend.session.truncated(1)
    made["gap"] = opened(restored, third)
    i = next(i for i, e in enumerate(links.read_turn(second).entries) if e[0] == MOVE)

    def bump(t, by):
        t.entries[i] = (MOVE, t.entries[i][1] + by)
    made["illegal"] = opened(_fresh(32), edited(second, lambda t: bump(t, 500), resign=friend))
    made["bad_signature"] = opened(_fresh(32), edited(second, lambda t: bump(t, 1), resign=friend))
    made["unsigned"] = opened(_fresh(32), edited(second, lambda t: t.sigs.pop((1, 0)), resign=friend))
    j = next(i for i, e in enumerate(links.read_turn(second).entries) if e[0] == REVEAL)

    def bad_value(t):
        t.entries[j] = (REVEAL, t.entries[j][1], bytes(16))
    made["bad_reveal"] = opened(_fresh(32), edited(second, bad_value, resign=friend))
    made["missing_draw"] = opened(_fresh(32), edited(second, lambda t: t.entries.pop(j), resign=friend))
    try:
        start_game("hunters", ["here", "friend"], seed=34)[0].session.append((REVEAL, 0, bytes(16)))
    except LinkError as e:
        made["out_of_turn"] = e.code
    made["bad_vote"] = opened(_fresh(32), edited(second, lambda t: t.entries.append((RETIRE, 0, (), None)), resign=friend))
    made.update(_ops_kinds())
    made["bad_evidence"] = _bad_evidence()
    kinds = {k: v for k, v in made.items() if k not in ("new",)}
    wrong = {k: v for k, v in kinds.items() if k != v}
    assert not wrong, wrong
    assert made["new"] == "new"
    # and the page has words for each of them (one message per kind)
    words = open(os.path.join(ROOT, "web", "js", "friends", "words.js"), encoding="utf-8").read()
    table = words[words.index("const REFUSALS"):words.index("\n};", words.index("const REFUSALS"))]
    worded = set(re.findall(r"^\s+(\w+): ", table, re.M))
    missing = set(kinds) - worded - {"applied", "stale", "gap", "fork"} - set()
    assert not missing, missing
    assert {"applied", "stale", "gap", "fork", "bad_sender", "bad_vote_sig", "bad_request_sig", "bad_evidence",
            "bad_invite", "bad_join", "unknown_game"} <= worded


def _first_version(d, data):
    """The link ``data`` as the app's first version wrote it (kind 3, every
    draw value written, the sender not signed)."""
    from cairn.core.codec import Writer
    from cairn.friends.entries import encode
    t = links.read_turn(data)
    w = Writer().u8(links.TURN_V1).u8(t.sender).raw(t.gid).varint(t.base).raw(t.head).u8(0)
    w.blob(encode(d.session.entries[t.base:t.base + len(t.entries)]))
    w.u8(len(t.sigs))
    for (p, _e), sig in sorted(t.sigs.items()):
        w.u8(p).raw(sig)
    return w.bytes()


def _fresh(seed):
    """The host's device of :func:`two_turns` as it was before the friend's
    link came (the same game and moves, made again)."""
    host, _friend = start_game("hunters", ["here", "friend"], seed=seed)
    act(host, random_chooser(seed))
    return host


def _ops_kinds():
    """The refusals of the worker's ops: answers, starts, votes, records, catch-ups."""
    made = {}
    host = Page("Ana", "K-host", "kinds")
    made_ = ok("friends_create", fid="a2luZHMtMDE", game="hunters", options={}, clock=3600,
               seats=[{"kind": "here", "name": "Ana"}, {"kind": "friend", "name": "Bruno"}], pub=host.pub, root=host.root)
    host.record = made_["record"]
    got = ok("friends_invite", record=host.record, p=1, sig=host.sign(made_["invites"][0]["message"]))
    host.record, invite = got["record"], got["link"]
    real = join(invite, Page("Bruno", "K-real", "kinds"))
    puppet = join(invite, Page("Bruno", "K-puppet", "kinds2"))
    host.record = ok("friends_take_join", record=host.record, data=puppet.answer)["record"]
    made["answered"] = refusal("friends_take_join", record=host.record, data=real.answer)[0]
    made["joined_already"] = refusal("friends_take_join", record=host.record, data=puppet.answer)[0]
    host.keep(ok("friends_start", gid=host.gid, record=host.record, root=host.root, now=T0))
    host.play_turn()
    start = host.send(now=T0)
    made["seat_taken"] = real.said(start)[0]
    made["too_soon"] = refusal("friends_vote_message", gid=host.gid, q=1, now=T0 + 1000)[0]
    a2, _b2 = setup("hunters", ["Ana", "Bruno"], fid=b"kinds-05")
    a2.play_turn()
    reason, info = refusal("friends_vote_message", gid=a2.gid, q=1, now=T0 + 2 * DAY)   # not sent yet
    made["not_sent"] = "not_sent" if reason == "too_soon" and info.get("until") is None else reason
    made["record"] = refusal("friends_load", gid="K-bad", record={"stage": "play", "setup": {}, "me": 0, "log": "!!"})[0]
    made["no_secret"] = refusal("friends_load", gid="K-bad2", record=host.record, root="zz")[0]
    from friends_pages import b64
    for kind, change in (("version", {"v": 9}), ("malformed", {"depth": 3})):
        odd = b64(links.signed_link(links.INVITE, {"setup": dict(host.record["setup"], **change), "p": 1}, bytes(64)))
        made[kind] = refusal("friends_read", data=odd)[0]
    other = Page("Ana", "K-other", "other")
    other_made = ok("friends_create", fid="b3RoZXItMDE", game="hunters", options={},
                    seats=[{"kind": "here", "name": "Ana"}, {"kind": "friend", "name": "Bruno"}], pub=other.pub, root=other.root)
    got = ok("friends_invite", record=other_made["record"], p=1, sig=other.sign(other_made["invites"][0]["message"]))
    stranger = join(got["link"], Page("Bruno", "K-stranger", "stranger"))
    made["other_invite"] = _other_invite(host, stranger)
    made["started"] = refusal("friends_take_join", record=host.record, data=stranger.answer)[0]
    made.update(_signed_wrong(got["record"], got["link"], stranger, host))
    # a device waiting for the start, opening a turn link that is not the start
    made["not_started"] = "not_started" if puppet.said(_later_link(host))[0] == "not_started" else "?"
    # a device that asked for its seat back, waiting for the game
    made["rejoining"] = refusal("friends_check", gid="K-rj", record={"stage": "rejoining", "me": 1, "fid": host.record["setup"]["gid"],
                                                                        "setup": host.record["setup"]}, data=start)[0]
    # three players: a vote for someone the game does not wait for
    a, b, c = setup("hunters", ["Ana", "Bruno", "Cara"], fid=b"kinds-03")
    a.play_turn()
    a.send(now=T0)
    made["not_waited"] = refusal("friends_vote_message", gid=a.gid, q=2, now=T0 + 2 * DAY)[0]
    # parts of two different sendings of a whole game
    made.update(_mixed_parts())
    return made


def _signed_wrong(lobby_rec, invite, answerer, held):
    """An invite, an answer and a request to take a seat back, each changed
    after it was signed: refused by what the signature that fails signs."""
    from friends_pages import b64, unb64
    made = {}
    kind, body, sig = links.read_signed(unb64(invite))
    changed = b64(links.signed_link(kind, dict(body, setup=dict(body["setup"], game="glenmore")), sig))
    bad = Page.first_bad(ok("friends_read", data=changed)["checks"])
    made["bad_invite"] = REFUSED_BY[bad["kind"]] if bad else "?"
    kind, body, sig = links.read_signed(unb64(answerer.answer))
    changed = b64(links.signed_link(kind, dict(body, name="Mallory"), sig))
    bad = Page.first_bad(ok("friends_take_join", record=lobby_rec, data=changed)["checks"])
    made["bad_join"] = REFUSED_BY[bad["kind"]] if bad else "?"
    phone = Page("Bruno", "K-phone", "kinds-phone")
    begun = ok("friends_rejoin_begin", fid=held.record["setup"]["gid"], q=1, pub=phone.pub, root=phone.root)
    made_req = ok("friends_rejoin_link", record=begun["record"], sig=phone.sign(begun["message"]))
    request = bytearray(unb64(ok("friends_seal", body=made_req["body"], sig=phone.sign(made_req["message"]))["link"]))
    request[-64 - 64 - 1] ^= 1                                # a byte of the anchor: both signatures cover it
    bad = Page.first_bad(ok("friends_open_request", gid=held.gid, data=b64(bytes(request)))["checks"])
    made["bad_request_sig"] = REFUSED_BY[bad["kind"]] if bad else "?"
    return made


def _bad_evidence():
    """A link holding evidence of a fork whose signature is not the player's."""
    from cairn.friends.entries import EVIDENCE, encode
    host, friend, first, second = two_turns(35)
    receive(host, second)
    s = host.session
    i = next(i for i, a in enumerate(s.authors) if a == 1 and s.entries[i][0] == MOVE)
    s.append((EVIDENCE, 0, 1, i, encode([(MOVE, s.entries[i][1] + 1)]), bytes(64)))
    act(host, random_chooser(35))
    return opened(friend, link_of(host))


def _other_invite(host, stranger):
    """An answer to another game's invite with this game's id: refused by its invite."""
    from friends_pages import b64, unb64
    data = unb64(stranger.answer)
    kind, body, sig = links.read_signed(data)
    body = dict(body, gid=host.record["setup"]["gid"])
    forged = b64(links.signed_link(links.JOIN, body, sig))
    lobby_rec = dict(host.record, stage="lobby", setup=dict(host.record["setup"], parts=[
        host.record["setup"]["parts"][0], {"name": "Bruno"}]))
    return refusal("friends_take_join", record=lobby_rec, data=forged)[0]


def _later_link(host):
    """A link of the host's without the set-up (as one that does not start at it)."""
    from friends_pages import b64, unb64
    t = links.read_turn(unb64(host.send(now=T0)))
    t.setup = None
    body = links.write_turn_body(t)
    return b64(body + unb64(host.sign(b64(links.link_message(body)))))


def _mixed_parts():
    """Parts of two sendings of a whole game put together; a whole game that
    does not hold this device's request."""
    from cairn.friends import rejoin
    made = {}
    a, b = setup("glenmore", ["Ana", "Bruno"], fid=b"kinds-04")
    a.play_turn()
    one = a.catchup(budget=300)
    a.send(now=T0)
    a.play_turn() if a.status()["my_turn"] else None
    b.open(a.send(now=T0))
    b.play_turn()
    two = b.catchup(budget=300)
    assert len(one) > 1 and len(two) > 1
    try:
        rejoin.assemble({"0": one[0], "1": two[1]})
    except LinkError as e:
        made["catchup_mixed"] = e.code
    rec = {"stage": "rejoining", "me": 1, "fid": a.record["setup"]["gid"], "setup": None, "key": "x", "anchor": "y", "parts": {}}
    for piece in one:
        reply = call("friends_open_catchup", gid="K-mix", record=rec, data=piece)
        if not reply["ok"]:
            made["not_back"] = reply["error"]["reason"]
            break
        rec = reply["result"]["record"]
    return made


def test_the_docs_table_has_every_refusal_its_exact_words_and_a_test_that_shows_it():
    """docs/friends.md: every kind of refusal the page words, its exact English
    words, and a test (that exists) showing it."""
    import json
    words = open(os.path.join(ROOT, "web", "js", "friends", "words.js"), encoding="utf-8").read()
    table = words[words.index("const REFUSALS"):words.index("\n};", words.index("const REFUSALS"))]
    worded = {m.group(1): json.loads('"' + m.group(2) + '"')
              for m in re.finditer(r'^\s+"?([\w:]+)"?: N_\("((?:[^"\\]|\\.)*)"\),?$', table, re.M)}
    docs = open(os.path.join(ROOT, "docs", "friends.md"), encoding="utf-8").read()
    rows = {m.group(1): (m.group(2).replace("\\|", "|"), m.group(3), m.group(4))
            for m in re.finditer(r"^\| `([\w:]+)` \| (.+?) \| `([\w/.]+)::(\w+)` \|$", docs, re.M)}
    assert set(rows) == set(worded), (set(worded) - set(rows), set(rows) - set(worded))
    for kind, (said, path, test) in rows.items():
        assert said == worded[kind], kind
        source = open(os.path.join(ROOT, path), encoding="utf-8").read()
        assert f"def {test}(" in source, (kind, path, test)
