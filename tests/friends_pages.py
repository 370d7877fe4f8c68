"""Devices of a friends' game driven through the worker's ops
(:func:`cairn.facade.handle`), as the page drives them: each holds its gid
for the game, a stand-in key (HMAC-SHA256 twice, 64 bytes), a secret root and
its stored record; the tests' clock is given (``now``), never the machine's."""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import Dict, List, Optional

from cairn.facade import handle

from friends_helpers import KEYS, REFUSED_BY

DAY = 86400 * 1000
T0 = 1_700_000_000_000


def call(op, **params):
    return json.loads(handle(json.dumps({"id": 1, "op": op, **params})))


def ok(op, **params):
    reply = call(op, **params)
    assert reply["ok"], reply
    return reply["result"]


def refusal(op, **params):
    """The refusal's ``(reason, info)`` of a request that must be refused."""
    reply = call(op, **params)
    assert not reply["ok"], reply
    assert reply["error"]["code"] == "friends", reply
    return reply["error"]["reason"], reply["error"]["info"]


def b64(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Page:
    """One device: its gid for the game, key, secret root, stored record."""

    def __init__(self, name: str, gid: str, salt: str = ""):
        self.name, self.gid = name, gid
        self.secret = hashlib.sha256((name + salt).encode()).digest()
        self.pub = {"name": name, "alg": "ed25519", "key": b64(hashlib.sha256(self.secret).digest())}
        KEYS[self.pub["key"]] = self.secret
        self.root = hashlib.sha256(b"root" + (name + salt).encode()).digest()[:16].hex()
        self.record = None
        self.me: Optional[int] = None

    def sign(self, message_b64):
        return b64(hmac.new(self.secret, unb64(message_b64), hashlib.sha256).digest() * 2)

    @staticmethod
    def first_bad(checks):
        for c in checks:
            secret = KEYS.get(c["key"])
            if secret is None or b64(hmac.new(secret, unb64(c["message"]), hashlib.sha256).digest() * 2) != c["sig"]:
                return c
        return None

    def verify(self, checks):
        return self.first_bad(checks) is None

    def keep(self, snap):
        if isinstance(snap, dict) and "friends" in snap:
            self.record = snap["friends"]["record"]
        return snap

    def state(self):
        return self.keep(ok("state", gid=self.gid))

    def status(self):
        return self.state()["friends"]

    def send(self, now=T0, **more):
        todo = ok("friends_sign", gid=self.gid)
        params = {"sig": self.sign(todo["message"]), "j": todo["j"]} if todo else {}
        got = ok("friends_link", gid=self.gid, now=now, **params, **more)
        self.record = got["record"]
        return ok("friends_seal", body=got["body"], sig=self.sign(got["message"]))["link"]

    def check(self, link, now=T0):
        return ok("friends_check", gid=self.gid, record=self.record, data=link, now=now)

    def said(self, link, now=T0):
        """What opening ``link`` here tells, as the page tells it: ``(reason,
        info)`` of a refusal (a signature that does not verify first, named by
        what it signs), else ``(status, info)``; a hand-over whose wait this
        device sees first is noted, as the page has it noted."""
        reply = call("friends_check", gid=self.gid, record=self.record, data=link, now=now)
        if not reply["ok"]:
            return reply["error"]["reason"], reply["error"]["info"]
        check = reply["result"]
        bad = self.first_bad(check["checks"])
        if bad is not None:
            return REFUSED_BY[bad["kind"]], dict(check["info"], player=bad["p"], q=bad.get("q"))
        info = check["info"]
        if check["status"] == "refused":
            if info.get("note"):
                got = ok("friends_apply", gid=self.gid, record=self.record, data=link, root=self.root, now=now)
                assert got["refused"]["reason"] == info["reason"]
                self.record = got["record"]
            return info["reason"], info
        return check["status"], info

    def open(self, link, now=T0):
        """Open a turn link: ``(status, snapshot or info)``; applied when new (or
        carrying a ballot) and every signature verifies."""
        check = self.check(link, now=now)
        assert self.verify(check["checks"]), self.first_bad(check["checks"])
        assert check["status"] != "refused", check["info"]
        if check["status"] == "new" or (check["info"].get("ballot") and check["status"] in ("applied", "stale")):
            snap = self.keep(ok("friends_apply", gid=self.gid, record=self.record, data=link, root=self.root, now=now))
            return check["status"], snap
        return check["status"], check["info"]

    def switch(self, link, now=T0):
        """A fork whose other version is the game: go over to it."""
        check = self.check(link, now=now)
        assert check["status"] == "fork" and self.verify(check["checks"])
        return self.keep(ok("friends_switch", gid=self.gid, record=self.record, data=link, root=self.root, now=now))

    def play_turn(self, pick=-1, most=10_000):
        """Play this device's seats (bots too) while they are to move (at most ``most`` moves)."""
        snap = self.state()
        while (snap["friends"]["my_turn"] or snap["friends"]["my_bot"]) and most > 0:
            most -= 1
            if snap["friends"]["my_bot"]:
                snap = self.keep(ok("bot", gid=self.gid))
            else:
                legal = snap["legal"]
                snap = self.keep(ok("play", gid=self.gid, move=legal[pick % len(legal)]))
        return snap

    def vote(self, q, now):
        msg = ok("friends_vote_message", gid=self.gid, q=q, now=now)
        return self.keep(ok("friends_vote", gid=self.gid, q=q, sig=self.sign(msg["message"]), now=now))

    def accept(self, now=T0):
        msg = ok("friends_accept_message", gid=self.gid, now=now)
        return self.keep(ok("friends_accept", gid=self.gid, sig=self.sign(msg["message"]), now=now))

    def catchup(self, budget=None) -> List[str]:
        todo = ok("friends_sign", gid=self.gid)
        params = {"sig": self.sign(todo["message"]), "j": todo["j"]} if todo else {}
        got = ok("friends_catchup", gid=self.gid, budget=budget, **params)
        self.record = got["record"]
        return [ok("friends_seal", body=p["body"], sig=self.sign(p["message"]))["link"] for p in got["pieces"]]

    def take_catchup(self, pieces: List[str], now=T0):
        """Open every piece; once all are in, check and keep the game."""
        for piece in pieces:
            got = ok("friends_open_catchup", gid=self.gid, record=self.record, data=piece)
            self.record = got["record"]
        assert got["status"] == "complete", got
        assert self.verify(got["checks"]), self.first_bad(got["checks"])
        snap = self.keep(ok("friends_take_catchup", gid=self.gid, record=self.record, root=self.root, now=now))
        self.me = snap["friends"]["me"]
        return snap


def setup(game: str, names: List[str], fid: bytes = b"12345678", kinds: Optional[List[str]] = None, clock: int = 86400,
          gids: Optional[List[str]] = None) -> List[Page]:
    """A game set up by invites and answers through the ops: one Page per
    participant (the host first), the start opened by every friend."""
    kinds = kinds or ["here"] + ["friend"] * (len(names) - 1)
    gids = gids or [f"{n}-{fid.hex()}" for n in names]
    host = Page(names[0], gids[0], fid.hex())
    made = ok("friends_create", fid=b64(fid), game=game, options={}, clock=clock,
              seats=[{"kind": k, "name": n} for k, n in zip(kinds, names)], pub=host.pub, root=host.root)
    host.record, host.me = made["record"], 0
    pages = [host]
    invites: Dict[int, str] = {}
    for inv in made["invites"]:
        got = ok("friends_invite", record=host.record, p=inv["p"], sig=host.sign(inv["message"]))
        host.record = got["record"]
        invites[inv["p"]] = got["link"]
    friend_names = [n for k, n in zip(kinds, names) if k == "friend"]
    for p, name, gid in zip(sorted(invites), friend_names, gids[1:]):
        page = join(invites[p], Page(name, gid, fid.hex()))
        took = ok("friends_take_join", record=host.record, data=page.answer)
        assert host.verify(took["checks"])
        host.record = took["record"]
        pages.append(page)
    host.invites = invites
    start = host.keep(ok("friends_start", gid=host.gid, record=host.record, root=host.root, now=T0))
    host.start = start
    return pages


def join(invite: str, page: Page) -> Page:
    joined = ok("friends_join", data=invite, pub=page.pub, root=page.root)
    answer = ok("friends_join_link", record=joined["record"], sig=page.sign(joined["message"]))
    page.record, page.answer, page.me = answer["record"], answer["link"], joined["record"]["me"]
    return page


def craft(page: Page, add) -> str:
    """A turn link ``page``'s device makes outside the app's buttons, as a
    dishonest friend can with the page's own code: its game from its stored
    record (the engine's own modules), ``add(s, me, sign)`` adds what it
    likes (``sign(message) -> signature``: its own device key), then its key
    signs its entries and the whole link, as the app's Send would."""
    from cairn.friends import links

    def sign(message: bytes) -> bytes:
        return unb64(page.sign(b64(message)))

    s, me = links.from_record(page.record)
    add(s, me, sign)
    todo = s.to_sign(me)
    if todo:
        s.sigs[me] = (todo[0], sign(todo[1]))
    body = links.turn_body(s, me)
    return b64(body + sign(links.link_message(body)))
