"""What a link is to a device's log (:class:`Outcome`) and the signature
its sender makes of it: below :mod:`cairn.friends.links` and
:mod:`cairn.friends.heal`, which both say what links are."""
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


