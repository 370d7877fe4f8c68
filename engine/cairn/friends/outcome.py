"""What a link is to a device's log (:class:`Outcome`) and the signature
its sender makes of it: below :mod:`cairn.friends.links` and
:mod:`cairn.friends.heal`, which both say what links are.

The order a device checks a link in tells damage on the way from a real
conflict before it accuses anyone: its check and decoding (``damaged``),
then its sender's signature of every byte (``bad_sender``: changed on the
way, or made by someone else), then its authors' signatures, then the rules
and the draw values (each refusal of those is the doing of the device that
signed the link: an honest device refuses them before it keeps anything),
then whether it is another version (a fork).  So a refusal found while
reading the entries (:func:`refused_after_sender`) waits for the sender's
signature to verify before it is said."""
from __future__ import annotations

from typing import Any, Optional

from . import commit
from ..core.codec import damaged
from .session import Check, Session


def link_message(body: bytes) -> bytes:
    """What a link's sender signs: every byte of the link before its signature."""
    return commit.digest(b"cairn-friends/link", body)


class Outcome:
    """What a turn link is to a device's log."""

    __slots__ = ("status", "session", "checks", "info", "start", "link")

    def __init__(self, status: str, session: Optional[Session] = None, checks: Optional[list] = None,
                 start: int = 0, **info: Any) -> None:
        self.status, self.session, self.checks, self.start = status, session, checks or [], start
        self.info = info
        self.link: Optional[Any] = None


def sender_check(s: Session, t: Any) -> Check:
    if t.sender not in range(s.parts):
        raise damaged("it names no player of this game")
    return Check(t.sender, link_message(t.body), t.sig, *s.key_of(t.sender), "sender")


def sender_key(s: Optional[Session], t: Any):
    """The key the link's sender signs it with, read before its entries are
    taken in (a seat taken back in the link brings the sender's new key):
    ``(alg, key)``, or None when the link names no such player."""
    if s is None:
        parts = t.setup.get("parts") if isinstance(t.setup, dict) else None
        part = parts[t.sender] if isinstance(parts, list) and 0 <= t.sender < len(parts) else None
        if not isinstance(part, dict) or not isinstance(part.get("alg"), str) or not isinstance(part.get("key"), str):
            return None
        alg, key = part["alg"], part["key"]
    elif t.sender in range(s.parts):
        alg, key = s.key_of(t.sender)
    else:
        return None
    from .entries import REJOIN
    from ..core.codec import b64
    for e in t.entries:
        if e[0] == REJOIN and e[1] == t.sender and (s is None or e[4] not in s.anchors):
            alg, key = e[2], b64(e[3])
    return alg, key


def refused_after_sender(key, t: Any, e: Any, **more: Any) -> Outcome:
    """A refusal found in the link's content (``e``, a LinkError), to be said
    once its sender's signature verifies (else it was changed on the way)."""
    check = Check(t.sender, link_message(t.body), t.sig, key[0], key[1], "sender")
    return Outcome("refused", checks=[check], **{"sender": t.sender, **e.info, **more, "reason": e.code})


