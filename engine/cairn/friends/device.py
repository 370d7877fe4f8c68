"""What one device does in a friends' game, on its *record* (the JSON it
keeps: see :func:`cairn.friends.links.to_record`) and its secret chain root.

Signatures are the page's (WebCrypto keys that never leave the browser):
every function that needs one returns the message to sign, and the page
calls the next with the signature; every signature a link brings comes back
as ``(participant, message, signature)`` checks for the page to verify with
that participant's key before it keeps anything.

Stages of a record: ``lobby`` (the host, friends joining), ``joined`` (a
friend's device waiting for the start), ``play``, ``rejoining`` (a device
that asked to take a seat back and waits for the game: see
:mod:`cairn.friends.rejoin`), ``out`` (a device whose answer the host did
not use: another device holds its seat).
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from . import commit, links, lobby
from ..core.codec import LinkError, b64, unb64
from .session import Check, Session


def _me(pub: Dict[str, Any], anchor: bytes) -> Dict[str, Any]:
    return {"name": pub.get("name"), "alg": pub.get("alg"), "key": pub.get("key"), "anchor": b64(anchor)}


# -- the host ------------------------------------------------------------------------------
def create(gid: bytes, game: str, options: Dict[str, Any], seats: List[Dict[str, Any]],
           pub: Dict[str, Any], root: bytes, clock: int = lobby.DEFAULT_CLOCK) -> Dict[str, Any]:
    """A new game's lobby record: ``seats`` as :func:`lobby.new_setup` takes
    them, ``pub`` the host's ``{name, alg, key}``, ``clock`` the turn clock."""
    setup = lobby.new_setup(gid, game, options, seats, _me(pub, commit.anchor(root, gid, 0)), clock=clock)
    return {"v": 1, "stage": "lobby", "setup": setup, "me": 0, "invites": {}, "key": pub.get("key")}


def invite_message(rec: Dict[str, Any], p: int) -> bytes:
    return lobby.body_digest(b"invite", lobby.invite_body(rec["setup"], p))


def invite_link(rec: Dict[str, Any], p: int, sig: bytes) -> bytes:
    """The invite for participant ``p`` (signed by the host); the record keeps
    what it said, so the answer can be matched to it after others joined."""
    rec["invites"][str(p)] = {"sig": b64(sig), "digest": b64(invite_message(rec, p))}
    return links.signed_link(links.INVITE, lobby.invite_body(rec["setup"], p), sig)


def take_join(rec: Dict[str, Any], data: bytes) -> Tuple[Dict[str, Any], List[tuple], int]:
    """The lobby record with a friend's join in it, the join's signature to
    check (by the key it brings), and the participant who joined."""
    kind, body, sig = links.read_signed(data)
    if kind != links.JOIN:
        raise LinkError("malformed", "this is not an answer to an invite")
    p = body.get("p")
    parts = rec["setup"]["parts"]
    if isinstance(p, int) and 0 < p < len(parts) and body.get("gid") == rec["setup"]["gid"] \
            and parts[p].get("key") is not None and parts[p].get("key") == body.get("key"):
        raise LinkError("joined_already", "this answer was taken in already", part=p)
    if rec.get("stage") != "lobby":
        if not isinstance(p, int) or not 0 < p < len(parts) or body.get("gid") != rec["setup"]["gid"]:
            raise LinkError("started", "this game has started already")
        raise LinkError("answered", "this seat was answered already by another device", part=p,
                        fp=fingerprint(parts[p]["alg"], parts[p]["key"]) if parts[p].get("key") else None,
                        other=fingerprint(body.get("alg"), body.get("key")) if body.get("alg") in lobby.KEY_BYTES
                        and isinstance(body.get("key"), str) else None)
    sent = rec.get("invites", {}).get(str(p)) if isinstance(p, int) else None
    invite = unb64(sent["digest"]) if isinstance(sent, dict) and isinstance(sent.get("digest"), str) else b""
    setup = lobby.accept_join(rec["setup"], body, invite)
    part = setup["parts"][p]
    check = Check(p, lobby.body_digest(b"join", body), sig, part["alg"], part["key"], "join")
    return dict(rec, setup=setup), [check], p


def start(rec: Dict[str, Any], root: bytes) -> Session:
    """Every friend joined: the host reveals its first value; the game begins."""
    setup = rec["setup"]
    gid = unb64(setup["gid"])
    return Session(lobby.start(setup, commit.chain_value(root, gid, 0, 1, setup["depth"])))


# -- a friend ------------------------------------------------------------------------------
def read_invite(data: bytes) -> Tuple[Dict[str, Any], int, List[tuple]]:
    """An invite's set-up, the participant it invites, and its signature to check."""
    kind, body, sig = links.read_signed(data)
    if kind != links.INVITE:
        raise LinkError("malformed", "this is not an invite")
    setup = lobby.check_invite(body)
    host = setup["parts"][0]
    return setup, body["p"], [Check(0, lobby.body_digest(b"invite", body), sig, host["alg"], host["key"], "invite")]


def join(data: bytes, pub: Dict[str, Any], root: bytes) -> Tuple[Dict[str, Any], bytes]:
    """A friend's device takes the seat an invite offers: its record and the
    message to sign (then :func:`join_link`)."""
    setup, p, _checks = read_invite(data)
    gid = unb64(setup["gid"])
    first = commit.chain_value(root, gid, p, 1, setup["depth"])
    me = _me(pub, commit.anchor(root, gid, p, setup["depth"]))
    invite = lobby.body_digest(b"invite", lobby.invite_body(setup, p))
    body = lobby.join_body(setup, p, me, first, invite)
    lobby._part(dict(body))   # the device's own key and anchor, checked as the host will
    rec = {"v": 1, "stage": "joined", "me": p, "setup": setup, "join": body, "key": pub.get("key")}
    return rec, lobby.body_digest(b"join", body)


def join_link(rec: Dict[str, Any], sig: bytes) -> bytes:
    rec["join_sig"] = b64(sig)
    return links.signed_link(links.JOIN, rec["join"], sig)


def _start_matches(rec: Dict[str, Any]):
    """For a joined device: the start a link carries must be the invite's game
    with this device's own join in it."""
    def check(setup: Dict[str, Any]) -> None:
        mine, invited = rec["join"], rec["setup"]
        p = rec["me"]
        lobby.check_setup(setup, complete=True)
        same = all(setup.get(k) == invited.get(k) for k in ("gid", "game", "options", "depth")) \
            and len(setup["seats"]) == len(invited["seats"]) \
            and [(s["kind"], s.get("level"), s["owner"]) for s in setup["seats"]] \
            == [(s["kind"], s.get("level"), s["owner"]) for s in invited["seats"]] \
            and all(setup["parts"][0].get(k) == invited["parts"][0].get(k) for k in ("alg", "key", "anchor"))
        if not same:
            raise LinkError("other_game", "this start is not the game you were invited to")
        if setup.get("v") != invited.get("v") or lobby.clock_of(setup) != lobby.clock_of(invited):
            # the turn clock is part of the invite: a start with another is not the game joined
            raise LinkError("clock_changed", "this start's turn clock is not the invite's", part=0,
                            clock=lobby.clock_of(setup), invited=lobby.clock_of(invited))
        part = setup["parts"][p]
        if any(part.get(k) != mine[k] for k in ("alg", "key", "anchor", "first")):
            raise LinkError("seat_taken", "this game started with another device in your seat", part=p,
                            fp=commit.fingerprint(part["alg"], unb64(part["key"])),
                            mine=commit.fingerprint(mine["alg"], unb64(mine["key"])))
    return check


# -- any device in play --------------------------------------------------------------------
def open_link(rec: Dict[str, Any], session: Optional[Session], data: bytes) -> links.Outcome:
    """What a turn link is to this device's game (``session``: the record's,
    when already built)."""
    t = links.read_turn(data)
    if rec.get("stage") == "joined":
        if t.gid != unb64(rec["setup"]["gid"]):
            raise LinkError("other_game", "this link belongs to another game")
        return links.open_turn(None, t, _start_matches(rec))
    if rec.get("stage") == "lobby":
        raise LinkError("not_started", "this game has not started yet", sender=t.sender)
    if rec.get("stage") == "out":
        raise LinkError("seat_taken", "this game started with another device in your seat", part=rec.get("me"),
                        fp=rec.get("fp"), mine=rec.get("mine"))
    if rec.get("stage") == "rejoining":
        raise LinkError("rejoining", "this device waits for the whole game from the others", sender=t.sender)
    return links.open_turn(session, t, me=rec.get("me"))


def fingerprints(setup: Dict[str, Any]) -> List[Optional[str]]:
    return [commit.fingerprint(p["alg"], unb64(p["key"])) if "key" in p else None for p in setup["parts"]]


def fingerprint(alg: str, key: str) -> str:
    return commit.fingerprint(alg, unb64(key))
