"""The entries of a friends' game's log, as tuples and as bytes.

Kinds (the tuple's first item):

* ``("m", i)``: the seat to move plays its ``i``-th legal move;
* ``("r", p, v)``: participant ``p`` reveals the next value ``v`` of its chain;
* ``("t", q, votes, minutes)``: ``q``'s seats go to a bot (a majority of the
  others signed ``votes``: ``((voter, signature), ...)``); ``minutes``: when
  (the author's clock, minutes since 1970), None in logs written before it
  was recorded;
* ``("j", q, alg, key, anchor, minutes, request, votes)``: ``q`` takes its
  seats (back) with the key ``key`` (its device's, new or the same) and a new
  chain whose anchor is ``anchor``; ``request`` is that key's signature of the
  request, ``votes`` a majority of the others';
* ``("x", author, p, at, other, signature)``: evidence that ``p`` signed two
  versions of the log from entry ``at`` on: ``other`` (bytes: the entries of
  the version this log did not keep, from ``at``) and ``p``'s signature of
  that version's head.

In a link or a stored log each entry is a number then its data: ``2 + i`` a
move, ``1`` a draw value, ``0`` a vote-like entry: ``q, count, votes`` (a
hand-over as first written), or ``0xFF, sub, ...`` for the kinds added since
(``sub``: 1 a hand-over with its time, 2 a seat taken back, 3 evidence).  A
*compact* log (a whole game sent to a device that lost its own, see
:mod:`cairn.friends.catchup`) may leave a draw value out (``p | 0x80``) when
the next value of the same chain in it tells it.
"""
from __future__ import annotations

from typing import Any, List, Optional, Tuple

from . import commit
from ..core.codec import LinkError, Reader, Writer

MOVE, REVEAL, RETIRE, REJOIN, EVIDENCE = "m", "r", "t", "j", "x"
SIG_BYTES = 64
ALGS = ("ed25519", "p256")
KEY_BYTES = {"ed25519": 32, "p256": 65}
EXT = 0xFF
_SUB = {RETIRE: 1, REJOIN: 2, EVIDENCE: 3}
OMITTED = 0x80
Entry = Tuple[Any, ...]


def invalid(message: str, **info: Any) -> LinkError:
    return LinkError("malformed", message, **info)


def write_votes(w: Writer, votes) -> None:
    w.u8(len(votes))
    for voter, sig in votes:
        w.u8(voter).raw(sig)


def read_votes(r: Reader) -> tuple:
    return tuple((r.u8(), r.raw(SIG_BYTES)) for _ in range(r.u8()))


def write_entry(w: Writer, e: Entry, compact: bool = False) -> None:
    kind = e[0]
    if kind == MOVE:
        w.varint(e[1] + 2)
    elif kind == REVEAL:
        if compact and e[2] is None:
            w.varint(1).u8(e[1] | OMITTED)
        else:
            w.varint(1).u8(e[1]).raw(e[2])
    elif kind == RETIRE and e[3] is None:
        w.varint(0).u8(e[1])
        write_votes(w, e[2])
    else:
        w.varint(0).u8(EXT).u8(_SUB[kind])
        if kind == RETIRE:
            w.u8(e[1]).varint(e[3])
            write_votes(w, e[2])
        elif kind == REJOIN:
            _, q, alg, key, anchor, minutes, request, votes = e
            w.u8(q).u8(ALGS.index(alg)).blob(key).raw(anchor).varint(minutes).raw(request)
            write_votes(w, votes)
        else:
            _, author, p, at, other, sig = e
            w.u8(author).u8(p).varint(at).blob(other).raw(sig)


def read_entry(r: Reader, compact: bool = False) -> Entry:
    n = r.varint()
    if n >= 2:
        return (MOVE, n - 2)
    if n == 1:
        p = r.u8()
        if compact and p & OMITTED:
            return (REVEAL, p & ~OMITTED, None)
        return (REVEAL, p, r.raw(commit.VALUE_BYTES))
    q = r.u8()
    if q != EXT:
        return (RETIRE, q, read_votes(r), None)
    sub = r.u8()
    if sub == 1:
        q = r.u8()
        minutes = r.varint()
        return (RETIRE, q, read_votes(r), minutes)
    if sub == 2:
        q, a = r.u8(), r.u8()
        if a >= len(ALGS):
            raise invalid("a seat taken back names an unknown signature algorithm")
        alg = ALGS[a]
        key = r.blob(128)
        if len(key) != KEY_BYTES[alg]:
            raise invalid("a seat taken back brings a key of the wrong length")
        anchor, minutes, request = r.raw(commit.VALUE_BYTES), r.varint(), r.raw(SIG_BYTES)
        return (REJOIN, q, alg, key, anchor, minutes, request, read_votes(r))
    if sub == 3:
        author, p, at = r.u8(), r.u8(), r.varint()
        other = r.blob(1 << 14)
        return (EVIDENCE, author, p, at, other, r.raw(SIG_BYTES))
    raise invalid("the link holds an entry of a kind this app does not know")


def read_entries(data: bytes, limit: int = 20_000, compact: bool = False) -> List[Entry]:
    r = Reader(data)
    out: List[Entry] = []
    while r.left:
        if len(out) >= limit:
            raise invalid("the link has too many entries")
        out.append(read_entry(r, compact))
    return out


def encode(entries, compact: bool = False) -> bytes:
    w = Writer()
    for e in entries:
        write_entry(w, e, compact)
    return w.bytes()


def entry_bytes(e: Entry) -> bytes:
    """An entry as the log's hash chain takes it: its kind's letter, then as a link writes it."""
    w = Writer().raw(e[0].encode())
    write_entry(w, e)
    return w.bytes()


def compact(entries: List[Entry], epochs: List[int]) -> List[Entry]:
    """``entries`` with each draw value left out that the next value of the
    same chain (same participant, same ``epochs``) among them tells."""
    out = list(entries)
    later: dict = {}      # participant -> the epoch of its next draw value
    for i in range(len(out) - 1, -1, -1):
        e = out[i]
        if e[0] != REVEAL:
            continue
        if later.get(e[1]) == epochs[i]:
            out[i] = (REVEAL, e[1], None)
        later[e[1]] = epochs[i]
    return out


def fill(s: Any, entries: List[Entry]):
    """The entries of a compact log, each left-out draw value worked out (by
    hashing down the next value of its chain there) at the moment it is
    appended to the session ``s`` (the caller appends each before the next)."""
    from ..core.codec import damaged
    nxt: dict = {}
    full_after: List[Optional[int]] = [None] * len(entries)
    for i in range(len(entries) - 1, -1, -1):
        e = entries[i]
        if e[0] == REVEAL:
            full_after[i] = nxt.get(e[1])
            if e[2] is not None:
                nxt[e[1]] = i
    for i, e in enumerate(entries):
        if e[0] == REVEAL and e[2] is None:
            p, f = e[1], full_after[i]
            if f is None or not 0 <= p < s.parts:
                raise damaged("a draw value is missing")
            steps = sum(1 for x in entries[i + 1:f + 1] if x[0] == REVEAL and x[1] == p)
            k = len(s.values[p])
            e = (REVEAL, p, commit.back(entries[f][2], s.gid, s.tag(p), k + steps, steps))
        yield e


def same(a: Entry, b: Entry) -> bool:
    """Whether a link's entry ``a`` (maybe a left-out draw value) is the log's ``b``:
    a chain's value at a place is the only one its anchor allows."""
    if a[0] == REVEAL and a[2] is None:
        return b[0] == REVEAL and b[1] == a[1]
    return a == b


def minutes_of(ms: Optional[int]) -> int:
    """Minutes since 1970 of a time in milliseconds (0 when unknown)."""
    return max(0, int(ms // 60000)) if isinstance(ms, (int, float)) else 0
