"""The worker's friends' ops (cairn.friends.ops through cairn.facade.handle),
as the page calls them: two devices (two gids in one worker) set up a game by
invite and join, play by turn links through play/bot/undo, and refuse bad
links with a reason and info; each reply carries the record to store."""
import json

from cairn.facade import handle

from friends_pages import Page, b64, call, ok, unb64


def setup_pair(game="hunters"):
    host, friend = Page("Ana", "A1"), Page("Ben", "B1")
    made = ok("friends_create", fid=b64(b"12345678"), game=game, options={},
              seats=[{"kind": "here", "name": "Ana"}, {"kind": "friend", "name": "Ben"}],
              pub=host.pub, root=host.root)
    host.record = made["record"]
    (inv,) = made["invites"]
    got = ok("friends_invite", record=host.record, p=inv["p"], sig=host.sign(inv["message"]))
    host.record = got["record"]
    info = ok("friends_read", data=got["link"])
    assert info["kind"] == "invite" and info["p"] == 1 and friend.verify(info["checks"])
    joined = ok("friends_join", data=got["link"], pub=friend.pub, root=friend.root)
    answer = ok("friends_join_link", record=joined["record"], sig=friend.sign(joined["message"]))
    friend.record = answer["record"]
    assert ok("friends_read", data=answer["link"])["kind"] == "join"
    took = ok("friends_take_join", record=host.record, data=answer["link"])
    assert host.verify(took["checks"]) and took["p"] == 1
    assert took["fingerprints"][1] == joined["fingerprints"][1] or joined["fingerprints"][1] is None
    host.record = took["record"]
    snap = host.keep(ok("friends_start", gid=host.gid, record=host.record, root=host.root))
    return host, friend, snap


def test_a_game_by_links_through_the_worker():
    host, friend, snap = setup_pair()
    f = snap["friends"]
    assert f["me"] == 0 and f["my_turn"] and f["parts"][1]["fp"]
    pages = {0: host, 1: friend}
    me = host
    links_sent = 0
    while True:
        snap = json.loads(handle(json.dumps({"id": 2, "op": "state", "gid": me.gid})))["result"]
        me.keep(snap)
        f = snap["friends"]
        while f["my_turn"]:
            snap = me.keep(ok("play", gid=me.gid, move=snap["legal"][0]))
            f = snap["friends"]
        if f["over"]:
            break
        assert f["to_send"] and f["next"] != f["me"]
        link = me.send()
        links_sent += 1
        other = pages[f["next"]]
        status, snap = other.open(link)
        assert status == "new"
        # the same link again: already applied, nothing changes
        again, info = other.open(link)
        assert again == "applied"
        me = other
        if links_sent >= 24:
            break
    assert links_sent >= 24 and snap["view"]["ply"] > 40


def test_undo_before_sending_and_refusals_with_info():
    host, friend, snap = setup_pair("glenmore")
    legal = snap["legal"]
    snap = host.keep(ok("play", gid=host.gid, move=legal[0]))
    assert snap["view"]["ply"] == 1
    snap = host.keep(ok("undo", gid=host.gid, to="human"))
    assert snap["view"]["ply"] == 0
    # the friend's seat cannot be played here
    while snap["friends"]["my_turn"]:
        snap = host.keep(ok("play", gid=host.gid, move=snap["legal"][-1]))
    link = host.send()
    bad = call("friends_check", gid=friend.gid, record=friend.record, data=link[:-20])
    assert not bad["ok"] and bad["error"]["code"] == "friends" and bad["error"]["reason"] == "damaged"
    status, snap = friend.open(link)
    assert status == "new" and snap["friends"]["me"] == 1
    if snap["friends"]["my_turn"]:
        assert not call("play", gid=host.gid, move=snap["legal"][0])["ok"]   # the host cannot play the friend's seat


def setup_three():
    host, f1, f2 = Page("Ana", "A3"), Page("Ben", "B3"), Page("Cid", "C3")
    made = ok("friends_create", fid=b64(b"abcdefgh"), game="hunters", options={},
              seats=[{"kind": "here", "name": "Ana"}, {"kind": "friend", "name": "Ben"}, {"kind": "friend", "name": "Cid"}],
              pub=host.pub, root=host.root)
    host.record = made["record"]
    invites = {}
    for inv in made["invites"]:
        got = ok("friends_invite", record=host.record, p=inv["p"], sig=host.sign(inv["message"]))
        host.record = got["record"]
        invites[inv["p"]] = got["link"]
    for p, page in ((1, f1), (2, f2)):
        joined = ok("friends_join", data=invites[p], pub=page.pub, root=page.root)
        answer = ok("friends_join_link", record=joined["record"], sig=page.sign(joined["message"]))
        page.record = answer["record"]
        took = ok("friends_take_join", record=host.record, data=answer["link"])
        assert host.verify(took["checks"])
        host.record = took["record"]
    host.keep(ok("friends_start", gid=host.gid, record=host.record, root=host.root))
    return host, f1, f2


def turn(me, pages, now=None, also=()):
    """``me`` plays its seats' moves and sends (at ``now``); the next to act
    opens it (and the pages ``also``). Returns that page."""
    snap = me.keep(json.loads(handle(json.dumps({"id": 2, "op": "state", "gid": me.gid})))["result"])
    while snap["friends"]["my_turn"] or snap["friends"]["my_bot"]:
        if snap["friends"]["my_bot"]:
            snap = me.keep(ok("bot", gid=me.gid))
        else:
            snap = me.keep(ok("play", gid=me.gid, move=snap["legal"][-1]))
    f = snap["friends"]
    if f["over"]:
        return None
    link = me.send(now=now)
    nxt = pages[f["next"]]
    assert nxt.open(link, now=now)[0] == "new"
    for other in also:
        if other is not me and other is not nxt:
            other.open(link, now=now)
    return nxt


DAY = 86400 * 1000
T0 = 1_700_000_000_000   # the tests' clock (ms): never the machine's


def test_a_majority_hands_a_silent_seat_to_a_bot():
    host, f1, f2 = setup_three()
    pages = {0: host, 1: f1, 2: f2}
    me = host
    while me is not f2:
        me = turn(me, pages, now=T0, also=(host, f1))
    # Cid (f2) stops answering: Ben, who sent Cid the last turn, asks once the
    # turn clock (a day) ran out by his records; Ana agrees
    snap = json.loads(handle(json.dumps({"id": 3, "op": "state", "gid": f1.gid})))["result"]
    assert snap["friends"]["need"] == 2 and snap["friends"]["next"] == 2
    assert snap["friends"]["wait"] == {"p": 2, "since": T0, "until": T0 + DAY}
    early = call("friends_vote_message", gid=f1.gid, q=2, now=T0 + DAY - 1)
    assert not early["ok"] and early["error"]["reason"] == "too_soon" and early["error"]["info"]["until"] == T0 + DAY
    msg = ok("friends_vote_message", gid=f1.gid, q=2, now=T0 + DAY)
    got = ok("friends_vote", gid=f1.gid, q=2, sig=f1.sign(msg["message"]), now=T0 + DAY)
    assert got["ballot"]["votes"].keys() == {"1"} and got["need"] == 2
    f1.record = got["record"]
    link = f1.send(now=T0 + DAY, vote=True)
    check = ok("friends_check", gid=host.gid, record=host.record, data=link)
    assert check["info"]["ballot"]["q"] == 2 and host.verify(check["checks"])
    host.keep(ok("friends_apply", gid=host.gid, record=host.record, data=link, root=host.root, now=T0 + DAY))
    msg = ok("friends_vote_message", gid=host.gid, q=2, now=T0 + DAY)
    snap = host.keep(ok("friends_vote", gid=host.gid, q=2, sig=host.sign(msg["message"]), now=T0 + DAY))
    assert snap["retired"] == 2 and snap["friends"]["parts"][2]["retired"]
    assert snap["view"]["seats"][2]["kind"] == "bot"
    # a vote's signature that does not verify is refused like any other
    bad = link[:-90] + ("A" if link[-90] != "A" else "B") + link[-89:]
    check = call("friends_check", gid=f1.gid, record=f1.record, data=bad)
    assert not check["ok"] or not f1.verify(check["result"]["checks"])
    me = host
    # the game goes on between Ana and Ben, Ana's device playing Cid's seat
    ply = snap["view"]["ply"]
    turns = 0
    for _ in range(40):
        f = json.loads(handle(json.dumps({"id": 4, "op": "state", "gid": me.gid})))["result"]["friends"]
        if not (f["my_turn"] or f["my_bot"]) and not f["to_send"]:
            me = {0: host, 1: f1}[f["next"]]
            continue
        me = turn(me, {0: host, 1: f1, 2: None})
        turns += 1
        if turns >= 6:
            break
    final = json.loads(handle(json.dumps({"id": 5, "op": "state", "gid": me.gid})))["result"]
    assert turns >= 6 and final["view"]["ply"] > ply + 6
    assert any(h["seat"] == 2 and h["ply"] > ply for h in final["history"])   # Cid's seat played by the bot


def test_mangled_links_and_records_are_refused_never_crash():
    """Thousands of links with bytes changed, dropped or added, and damaged
    records: every answer is a status or a friends' refusal (never an
    internal error), and the device's record is never changed by a check."""
    import base64
    from cairn.core.rng import Rng

    host, friend, snap = setup_pair("glenmore")
    while snap["friends"]["my_turn"]:
        snap = host.keep(ok("play", gid=host.gid, move=snap["legal"][0]))
    link = host.send()
    raw = bytearray(unb64(link))
    r = Rng(7)
    kinds = set()
    for i in range(1500):
        b = bytearray(raw)
        for _ in range(1 + r.below(3)):
            what = r.below(3)
            at = r.below(len(b))
            if what == 0:
                b[at] = r.below(256)
            elif what == 1:
                del b[at]
            else:
                b.insert(at, r.below(256))
        data = base64.urlsafe_b64encode(bytes(b)).decode().rstrip("=")
        reply = call("friends_check", gid=friend.gid, record=friend.record, data=data)
        if reply["ok"]:
            kinds.add(reply["result"]["status"])
        else:
            assert reply["error"]["code"] == "friends", reply["error"]
            kinds.add(reply["error"]["reason"])
    assert "damaged" in kinds and len(kinds) >= 3
    for bad in ({"stage": "play"}, {"stage": "play", "setup": {}, "log": "", "me": 0},
                {"stage": "play", "setup": friend.record["setup"], "log": "!!", "me": 1}, {"stage": "lobby"}, "x"):
        reply = call("friends_check", gid="Z9", record=bad, data=link)
        assert not reply["ok"] and reply["error"]["code"] in ("friends", "bad_request"), reply
