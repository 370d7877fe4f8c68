"""What the devices of a friends' game sign, and the checks the page makes
of signatures (:class:`Check`); how many votes a majority is and who asked
for a hand-over; a refusal with its reason.  Below :mod:`cairn.friends.session`."""
from __future__ import annotations

from typing import Any, List, NamedTuple

from . import commit
from ..core.codec import LinkError


class Check(NamedTuple):
    """A signature the page must verify: ``p``'s (with ``alg``/``key``) of
    ``message``.  ``kind``: "turn" (the head after its entries, ``j``; ``ke``
    its key's epoch), "vote", "request" (a seat asked back), "evidence",
    "sender" (a whole link), "invite", "join"."""
    p: int
    message: bytes
    sig: bytes
    alg: str
    key: str
    kind: str
    j: int = -1
    ke: int = 0
    q: int = -1     # a vote's or request's: whose seat it is about


def refused(code: str, message: str, **info: Any) -> LinkError:
    return LinkError(code, message, **info)


def asker(voters: List[int]) -> int:
    """Who asked for a hand-over: the second voter when there are several
    (the first completed the majority and wrote the entry), else the only one."""
    return voters[1] if len(voters) > 1 else voters[0]


def majority(others: int) -> int:
    """Votes needed among ``others`` participants (all but the one concerned)."""
    return others // 2 + 1


def turn_message(gid: bytes, j: int, head: bytes) -> bytes:
    return b"cairn-friends/turn" + gid + j.to_bytes(4, "big") + head


def retire_message(gid: bytes, q: int, at: int, head: bytes) -> bytes:
    return b"cairn-friends/retire" + gid + bytes([q]) + at.to_bytes(4, "big") + head


def request_message(gid: bytes, alg: str, key: bytes, anchor: bytes) -> bytes:
    """What a device asking for a seat signs with its key (new or the same):
    the key and the new chain's anchor it brings."""
    return commit.digest(b"cairn-friends/request", gid, alg.encode(), key, anchor)


def rejoin_message(gid: bytes, q: int, alg: str, key: bytes, anchor: bytes) -> bytes:
    """What a player accepting that ``q`` takes its seats (back) with ``key`` signs."""
    return commit.digest(b"cairn-friends/rejoin", gid, bytes([q]), alg.encode(), key, anchor)
