"""The games a worker holds for friends' games (by the caller's ``gid``) and
what every friends' op reads from a request: the device's record, its
secret root, the page's clock (``now``); a device's own entries added while
the log waits for them; a ballot merged with the votes a link brought.
Below :mod:`cairn.friends.ops` and :mod:`cairn.friends.votes`.
"""
from __future__ import annotations

import time
from typing import Any, Dict, Optional

from . import commit, heal, links
from ..core.codec import LinkError, b64, unb64
from .entries import EVIDENCE
from .status import EXTRAS, note_wait, status as _status, touch

#: gid -> {"s": Session, "me": participant, "root": bytes, and the record's extras (status.EXTRAS)}
SESSIONS: Dict[str, Dict[str, Any]] = {}


class FriendsError(ValueError):
    """A refusal for the page: ``code`` picks its words, ``info`` fills them."""

    def __init__(self, code: str, message: str, info: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(message)
        self.code, self.info = code, info or {}


def now_of(req: Dict[str, Any]) -> float:
    t = req.get("now")
    return float(t) if isinstance(t, (int, float)) and not isinstance(t, bool) and t > 0 else time.time() * 1000


def root_of(req: Dict[str, Any]) -> Optional[bytes]:
    text = req.get("root")
    if text is None:
        return None
    try:
        root = bytes.fromhex(text)
    except (TypeError, ValueError):
        raise FriendsError("no_secret", "the device's secret for this game is damaged") from None
    if len(root) != commit.VALUE_BYTES:
        raise FriendsError("no_secret", "the device's secret for this game is damaged")
    return root


def data_of(req: Dict[str, Any], field: str = "data") -> bytes:
    return unb64(req.get(field), "the link")


def record_in(req: Dict[str, Any]) -> Dict[str, Any]:
    """The device's record of a game, as the page stored it (its shape checked:
    a damaged one is refused, never half read)."""
    rec = req.get("record")
    if not isinstance(rec, dict) or rec.get("stage") not in ("lobby", "joined", "play", "rejoining", "out") \
            or not isinstance(rec.get("me"), (int, type(None))):
        raise FriendsError("record", "this game's record is damaged")
    if rec["stage"] != "rejoining" and (not isinstance(rec.get("setup"), dict) or not isinstance(rec.get("me"), int)):
        raise FriendsError("record", "this game's record is damaged")
    return rec


def checks_out(checks: list) -> list:
    """Signatures for the page to verify, in the order to verify them (the
    sender's first): ``{p, alg, key, message, sig, kind, q}`` (base64url; ``q``:
    whose seat a vote or request is about)."""
    return [{"p": c.p, "alg": c.alg, "key": c.key, "message": b64(c.message), "sig": b64(c.sig), "kind": c.kind,
             **({"q": c.q} if c.q >= 0 else {})} for c in checks]


def status(gid: str) -> Dict[str, Any]:
    return _status(SESSIONS[gid])


def held_from(rec: Dict[str, Any], root: Optional[bytes], now: float) -> Dict[str, Any]:
    """A device's game from its stored record."""
    s, me = links.from_record(rec)
    held = {"s": s, "me": me, "root": root}
    for k in EXTRAS:
        if rec.get(k) is not None:
            held[k] = rec[k]
    if held.get("ballot") is not None and "kind" not in held["ballot"]:
        held["ballot"] = dict(held["ballot"], kind="retire")   # a record from before seats could be taken back
    if not held.get("key"):
        held["key"] = s.keys[me][0][2]
    touch(held, now)   # a record from before the turn clock: the wait starts now
    return held


def hold(gid: str, held: Dict[str, Any], games: Dict[str, Any]) -> Dict[str, Any]:
    SESSIONS[gid] = held
    games[gid] = held["s"].game
    return held


def own_moves(held: Dict[str, Any], now: Optional[float] = None) -> None:
    """This device's entries while the log waits for them: evidence of a
    fork it holds (when it is to act), then its draw values.  ``now``: the
    game came here from a link, a vote or another version: the wait it is
    at is noted first (this device saw it now, before its own entries)."""
    s, me = held["s"], held["me"]
    if now is not None:
        note_wait(held, s.wait_here(), now)
    # evidence another device put in the log first is dropped: each fork's is there once
    queued = [ev for ev in held.get("evidence") or []
              if not any(x[0] == EVIDENCE and x[2] == ev["p"] and x[3] == ev["at"] for x in s.entries)]
    while queued and s.next_actor() == me:
        ev = queued.pop(0)
        try:
            s.append(heal.evidence_entry(me, ev))
        except LinkError:
            pass   # no longer fits this log (the fork was before a version it took): dropped
    held["evidence"] = queued or None
    if held.get("key") and s.key_of(me)[1] != held["key"]:
        return   # another device holds this seat now
    s.reveal_mine(me, held["root"], held.get("epoch0") or 0)


def gid_of(req: Dict[str, Any]) -> str:
    gid = req.get("gid")
    if not isinstance(gid, str) or not 0 < len(gid) <= 64:
        raise ValueError("gid must be a short string")
    return gid


def held_of(req: Dict[str, Any]) -> Dict[str, Any]:
    gid = gid_of(req)
    if gid not in SESSIONS:
        raise ValueError("no friends' game is open under this gid")
    return SESSIONS[gid]


def merge(ballot: Optional[Dict[str, Any]], got: Optional[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
    """A ballot with the votes a link brought (the same question), or the link's."""
    if not got:
        return ballot
    same = ballot and ballot.get("kind", "retire") == got.get("kind", "retire") and ballot["q"] == got["q"] \
        and (ballot.get("at") == got.get("at") if got.get("kind", "retire") == "retire" else ballot.get("anchor") == got.get("anchor"))
    if same:
        by = {"by": got["by"]} if ballot.get("by") is None and got.get("by") is not None else {}
        return dict(ballot, votes={**ballot["votes"], **got["votes"]}, **by)
    return dict(got)


