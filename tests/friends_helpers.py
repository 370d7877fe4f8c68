"""Devices of a friends' game in one process, for tests and the link-length
benchmark: each has its own chain root and a stand-in signature (HMAC-SHA256
twice: 64 bytes like Ed25519's; the page signs with WebCrypto), and they pass
links as bytes, exactly as the page would pass them in the address."""
from __future__ import annotations

import hashlib
import hmac
from typing import Callable, Dict, List, Optional

from cairn.core.rng import Rng
from cairn.friends import device, links
from cairn.core.codec import b64

KEYS: Dict[str, bytes] = {}   # public key (b64) -> the secret that "signs" for it


class Device:
    def __init__(self, name: str, seed: int) -> None:
        rng = Rng(seed * 7919 + 1)
        self.secret = rng.next64().to_bytes(8, "big") * 4
        self.root = b"".join(rng.next64().to_bytes(8, "big") for _ in range(2))
        key = hashlib.sha256(self.secret).digest()
        self.pub = {"name": name, "alg": "ed25519", "key": b64(key)}
        KEYS[self.pub["key"]] = self.secret
        self.name = name
        self.rec: Optional[dict] = None
        self.session = None
        self.me: Optional[int] = None
        self.inbox: List[bytes] = []

    def sign(self, message: bytes) -> bytes:
        return hmac.new(self.secret, message, hashlib.sha256).digest() * 2

    # -- keeping a record in step ---------------------------------------------------
    def record(self) -> dict:
        return links.to_record(self.session, self.me)

    def reload(self) -> None:
        """As after closing the page: the game rebuilt from the stored record."""
        self.session, self.me = links.from_record(self.record())


def verify(checks, session=None) -> bool:
    """Each check (:class:`cairn.friends.session.Check`) verifies with the key it names."""
    return first_bad(checks) is None


def first_bad(checks):
    for c in checks:
        secret = KEYS.get(c.key)
        if secret is None or hmac.new(secret, c.message, hashlib.sha256).digest() * 2 != c.sig:
            return c
    return None


def link(d: "Device", budget: int = links.LINK_BUDGET, ballot=None) -> bytes:
    """``d``'s turn link as its log stands, signed by ``d`` (the sender)."""
    body = links.turn_body(d.session, d.me, budget, ballot=ballot)
    return body + d.sign(links.link_message(body))


def start_game(game: str, kinds: List[str], seed: int = 1, options: Optional[dict] = None,
               levels: Optional[List[str]] = None) -> List[Device]:
    """A game set up through invites and joins: ``kinds`` per seat ("here",
    "friend", "bot"; seat 0 the host's).  Returns one Device per participant
    (the host first), every one holding the started session."""
    host = Device("Host", seed)
    seats = [{"kind": k, "name": f"P{i + 1}", **({"level": (levels or ["random"] * 9)[i]} if k == "bot" else {})}
             for i, k in enumerate(kinds)]
    gid = hashlib.sha256(b"gid%d" % seed).digest()[:8]
    host.rec = device.create(gid, game, options or {}, seats, host.pub, host.root)
    host.me = 0
    friends = []
    parts = range(1, len(host.rec["setup"]["parts"]))
    # every invite made first, as the page makes them; the answers come in later
    invites = {p: device.invite_link(host.rec, p, host.sign(device.invite_message(host.rec, p))) for p in parts}
    host.invites = invites
    for p in parts:
        invite = invites[p]
        f = Device(f"Friend{p}", seed * 31 + p)
        _setup, _p, checks = device.read_invite(invite)
        assert verify(checks)
        f.rec, message = device.join(invite, f.pub, f.root)
        answer = device.join_link(f.rec, f.sign(message))
        host.rec, checks, got = device.take_join(host.rec, answer)
        assert got == p and verify(checks)
        f.me = p
        friends.append(f)
    host.session = device.start(host.rec, host.root)
    host.rec = {"stage": "play"}
    return [host] + friends


def random_chooser(seed: int) -> Callable:
    rng = Rng(seed)

    def choose(session, seat):
        legal = session.game.legal_moves()
        return legal[rng.below(len(legal))]
    return choose


def act(d: Device, choose: Callable, max_moves: int = 400) -> None:
    """``d`` adds what it owes: its draw values, and moves for its seats while
    they are to move; then signs."""
    s = d.session
    for _ in range(max_moves):
        s.reveal_mine(d.me, d.root)
        kind, who = s.expect()
        if kind != "m" or s.owner[who] != d.me:
            break
        # a bot's move is the one every device plays again to check it
        s.play(d.me, s.bot_move() if s.game.seats[who].kind == "bot" else choose(s, who), d.root)
    sign(d)


def sign(d: Device) -> None:
    todo = d.session.to_sign(d.me)
    if todo:
        j, message = todo
        d.session.sigs[d.me] = (j, d.sign(message))


def receive(d: Device, data: bytes) -> links.Outcome:
    """``d`` opens a turn link: applied when new and every signature verifies."""
    out = device.open_link(dict(d.rec or {"stage": "play"}, me=d.me), d.session, data)
    assert out.status != "refused", out.info
    if out.status == "new":
        assert verify(out.checks, out.session), "signatures"
        out.session.keep_signatures([c for c in out.checks if c.kind == "turn"])
        d.session = out.session
        d.rec = {"stage": "play"}
    return out


def play_game(devices: List[Device], choose: Callable, max_links: int = 5000,
              on_link: Optional[Callable] = None, broadcast: bool = False) -> int:
    """Play to the end passing links to whoever must act next (``broadcast``:
    to every other device); returns the number of links sent."""
    by = {d.me: d for d in devices}
    current = devices[0]
    sent = 0
    while sent < max_links:
        act(current, choose)
        nxt = current.session.next_actor()
        if nxt is None or nxt == current.me:
            if nxt is None:
                # the end: everyone gets the last moves
                data = link(current)
                for d in devices:
                    if d is not current:
                        receive(d, data)
                if on_link:
                    on_link(current, data)
                return sent + 1
            continue
        data = link(current)
        sent += 1
        if on_link:
            on_link(current, data)
        targets = [d for d in devices if d is not current] if broadcast else [by[nxt]]
        for d in targets:
            receive(d, data)
        current = by[nxt]
    raise AssertionError("the game did not end")


REFUSED_BY = {"turn": "bad_signature", "sender": "bad_sender", "vote": "bad_vote_sig", "request": "bad_request_sig",
              "evidence": "bad_evidence", "invite": "bad_invite", "join": "bad_join"}


def opened(d: Device, data: bytes) -> str:
    """What opening ``data`` on ``d`` comes to, as the page tells it: a
    refusal's code (a signature that does not verify first, named by what it
    signs: damage before any accusation), else the outcome's status."""
    from cairn.core.codec import LinkError
    try:
        out = device.open_link(d.rec if d.session is None else {"stage": "play", "me": d.me}, d.session, data)
    except LinkError as e:
        return e.code
    bad = first_bad(out.checks)
    if bad is not None:
        return REFUSED_BY[bad.kind]
    return out.info["reason"] if out.status == "refused" else out.status
