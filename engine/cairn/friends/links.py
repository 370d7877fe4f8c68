"""Links between the devices of a friends' game, as bytes (the page adds the
address, base64url and a check).

* invite (host -> a friend): ``1, blob(deflated JSON {setup, p}), signature``;
* join (the friend -> host): ``1 = 2, blob(deflated JSON), signature``;
* turn (whoever just acted -> the next to act; anyone in the game can open
  it): ``3, sender, gid(8), base, head[base][:4], flags, [blob(set-up)],
  blob(entries base..end), signatures, [vote]``.  The entries are those since
  the oldest point another player still playing is sure to have seen (the end
  of their own last entry), so whoever opens it can follow; when that would
  make the link too long, since the next actor's last entry.  A link from the
  start (base 0) carries the whole set-up (the host's start).  Each author
  of an entry there adds one signature: of the head after its last entry.

:func:`open_turn` says what a turn link is to a device's log: new entries
(checked against the rules and the commitments, with the signatures the page
must verify), already applied, older than what the device has, a gap, a fork
(proven once its signatures verify) or another history.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from . import lobby
from .codec import LinkError, Reader, Writer, b64, damaged, pack_json, unb64, unpack_json
from .session import RETIRE, Session, read_entries, retire_message, write_entry

INVITE, JOIN, TURN = 1, 2, 3
FLAG_SETUP, FLAG_VOTE = 1, 2
HEAD_PREFIX = 4
LINK_BUDGET = 1900   # characters of base64url data a turn link aims under (the page's address is the rest of 2,000)


def b64_len(n: int) -> int:
    return (4 * n + 2) // 3


# -- invites and joins ------------------------------------------------------------------
def signed_link(kind: int, body: Dict[str, Any], sig: bytes) -> bytes:
    return Writer().u8(kind).blob(pack_json(body)).raw(sig).bytes()


def kind_of(data: bytes) -> int:
    if not data:
        raise damaged("it is empty")
    if data[0] not in (INVITE, JOIN, TURN):
        raise damaged("it is not a game link")
    return data[0]


def read_signed(data: bytes) -> Tuple[int, Dict[str, Any], bytes]:
    r = Reader(data)
    kind = r.u8()
    body = unpack_json(r.blob())
    sig = r.raw(lobby.SIG_BYTES)
    if r.left:
        raise damaged("it has extra data")
    return kind, body, sig


# -- turn links -------------------------------------------------------------------------
class TurnLink:
    __slots__ = ("sender", "gid", "base", "head", "setup", "entries", "sigs", "vote")

    def __init__(self) -> None:
        self.setup: Optional[Dict[str, Any]] = None
        self.vote: Optional[Tuple[int, List[Tuple[int, bytes]]]] = None


def read_turn(data: bytes) -> TurnLink:
    r = Reader(data)
    if r.u8() != TURN:
        raise damaged("it is not a turn link")
    t = TurnLink()
    t.sender = r.u8()
    t.gid = r.raw(lobby.GID_BYTES)
    t.base = r.varint()
    t.head = r.raw(HEAD_PREFIX)
    flags = r.u8()
    if flags & FLAG_SETUP:
        t.setup = unpack_json(r.blob())
    t.entries = read_entries(r.blob(1 << 20))
    t.sigs = {}
    for _ in range(r.u8()):
        p = r.u8()
        t.sigs[p] = r.raw(lobby.SIG_BYTES)
    if flags & FLAG_VOTE:
        q, n = r.u8(), r.u8()
        t.vote = (q, [(r.u8(), r.raw(lobby.SIG_BYTES)) for _ in range(n)])
    if r.left:
        raise damaged("it has extra data")
    return t


def link_base(s: Session, me: int, budget: int = LINK_BUDGET) -> int:
    """Where ``me``'s next link starts (see the module docstring)."""
    others = [p for p in s.active() if p != me]
    base = min((s.last_entry(p) for p in others), default=len(s.entries))
    if base and b64_len(len(s.encode(base)) + 80 * len(others)) > budget:
        nxt = s.next_actor()
        if nxt is not None and nxt != me:
            base = max(base, s.last_entry(nxt))
    return base


def turn_link(s: Session, me: int, budget: int = LINK_BUDGET,
              vote: Optional[Tuple[int, List[Tuple[int, bytes]]]] = None) -> bytes:
    """``me``'s link of the log as it stands (every entry of ``me`` signed)."""
    if s.unsigned(me):
        raise ValueError("sign your entries before making a link")
    t = TurnLink()
    t.sender, t.gid = me, s.gid
    t.base = link_base(s, me, budget)
    t.head = s.heads[t.base][:HEAD_PREFIX]
    t.setup = s.setup if t.base == 0 else None
    t.entries = s.entries[t.base:]
    authors = sorted(set(s.authors[t.base:]) | ({0} if t.base == 0 else set()))
    t.sigs = {p: s.sigs[p][1] for p in authors}
    t.vote = vote
    return write_turn(t)


def write_turn(t: TurnLink) -> bytes:
    w = Writer().u8(TURN).u8(t.sender).raw(t.gid).varint(t.base).raw(t.head)
    w.u8((FLAG_SETUP if t.setup is not None else 0) | (FLAG_VOTE if t.vote else 0))
    if t.setup is not None:
        w.blob(pack_json(t.setup))
    entries = Writer()
    for e in t.entries:
        write_entry(entries, e)
    w.blob(entries.bytes())
    w.u8(len(t.sigs))
    for p, sig in sorted(t.sigs.items()):
        w.u8(p).raw(sig)
    if t.vote:
        q, votes = t.vote
        w.u8(q).u8(len(votes))
        for voter, sig in votes:
            w.u8(voter).raw(sig)
    return w.bytes()


class Outcome:
    """What a turn link is to a device's log."""

    __slots__ = ("status", "session", "checks", "info", "start")

    def __init__(self, status: str, session: Optional[Session] = None, checks: Optional[list] = None,
                 start: int = 0, **info: Any) -> None:
        self.status, self.session, self.checks, self.start = status, session, checks or [], start
        self.info = info


def open_turn(s: Optional[Session], t: TurnLink, setup_ok: Any = None, me: Optional[int] = None) -> Outcome:
    """Compare the turn link ``t`` with the device's session ``s`` (None: the
    device holds only its join; ``setup_ok(setup)`` then checks the start the
    link carries; ``me`` the device's participant).  Nothing in ``s`` changes."""
    fresh = s is None
    if s is None:
        if t.setup is None or t.base != 0:
            raise LinkError("not_started", "the game has not started on this device yet: open the host's start link first")
        if setup_ok is not None:
            setup_ok(t.setup)
        s = Session(t.setup)
    elif t.gid != s.gid:
        raise LinkError("other_game", "this link belongs to another game")
    elif t.setup is not None and t.setup != s.setup:
        raise LinkError("diverged", "this link's game was set up differently from yours")
    if t.sender not in range(s.parts):
        raise damaged("it names no player of this game")
    have = len(s.entries)
    if t.base > have:
        return Outcome("gap", turn=_turn(s, have), sender=t.sender)
    if s.heads[t.base][:HEAD_PREFIX] != t.head:
        raise LinkError("diverged", "this link continues another version of this game", turn=_turn(s, t.base), sender=t.sender)
    end = t.base + len(t.entries)
    for i, e in enumerate(t.entries):
        at = t.base + i
        if at >= have:
            break
        if e != s.entries[at]:
            return _fork(s, t, at)
    if end <= have and not fresh:
        # already opened here when only this device added entries since its end
        mine = me is not None and all(a == me for a in s.authors[end:])
        out = Outcome("applied" if mine else "stale", sender=t.sender, turn=_turn(s, end), now=_turn(s, have))
        return _ballot(out, s, t, end)
    trial = s.copy()
    votes_before = len(trial.votes)
    for e in t.entries[have - t.base:]:
        trial.append(e)
    checks = trial.checks(t.base, end, t.sigs) + _vote_checks(trial, votes_before)
    return _ballot(Outcome("new", trial, checks, start=have, sender=t.sender, turn=_turn(trial, end)), trial, t, end)


def _ballot(out: Outcome, s: Session, t: TurnLink, end: int) -> Outcome:
    """A vote the link carries (to hand a seat to a bot), when it is about the
    position the device now has: its signatures join the checks."""
    if not t.vote or len(s.entries) != end:
        return out
    q, votes = t.vote
    if q not in s.active() or any(v not in s.active() or v == q for v, _ in votes):
        raise LinkError("invalid", "the link's vote names a player who is not playing")
    message = vote_message(s, q)
    out.checks = out.checks + [(v, -1, message, sig) for v, sig in votes]
    out.info["vote"] = {"q": q, "at": end, "votes": {str(v): b64(sig) for v, sig in votes}}
    return out


def _fork(s: Session, t: TurnLink, at: int) -> Outcome:
    """The link and the log part at entry ``at``: replay the link's branch to
    check it (a bad entry is a refusal of its own) and give its signatures to
    check; once they verify, the fork is proven."""
    branch = s.truncated(at)
    votes_before = len(branch.votes)
    for e in t.entries[at - t.base:]:
        branch.append(e)
    checks = branch.checks(t.base, t.base + len(t.entries), t.sigs) + _vote_checks(branch, votes_before)
    author = s.authors[at]
    return Outcome("fork", None, checks, turn=s.turns[at], player=author, sender=t.sender)


def _vote_checks(s: Session, before: int) -> list:
    return [(voter, -1, message, sig) for voter, message, sig in s.votes[before:]]


def _turn(s: Session, n: int) -> int:
    """The game's turn at the point after ``n`` entries."""
    if n < len(s.turns):
        return s.turns[n]
    return s.game.turn_now


def vote_message(s: Session, q: int) -> bytes:
    at = len(s.entries)
    return retire_message(s.gid, q, at, s.heads[at])


def retire_entry(q: int, votes: List[Tuple[int, bytes]], first: Optional[int] = None) -> tuple:
    """The log's entry handing ``q``'s seats to bots; its author (the first
    voter) is ``first``, the device that adds it and signs after it."""
    ordered = sorted(votes, key=lambda v: (v[0] != first, v[0]))
    return (RETIRE, q, tuple(ordered))


# -- records: a device's copy of a game -------------------------------------------------
def to_record(s: Session, me: int, extra: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    rec = {"v": 1, "stage": "play", "setup": s.setup, "me": me, "log": b64(s.encode()),
           "sigs": {str(p): [j, b64(sig)] for p, (j, sig) in sorted(s.sigs.items())}}
    rec.update(extra or {})
    return rec


def from_record(rec: Dict[str, Any]) -> Tuple[Session, int]:
    """The session a record holds (its log replayed through the rules: a
    damaged record is refused with a LinkError)."""
    if not isinstance(rec, dict) or rec.get("stage") != "play":
        raise LinkError("invalid", "this game's record is damaged")
    try:
        s = Session(rec["setup"])
        for e in read_entries(unb64(rec.get("log", ""), "the log")):
            s.append(e)
        for p, (j, sig) in (rec.get("sigs") or {}).items():
            s.sigs[int(p)] = (int(j), unb64(sig, "a signature"))
    except LinkError:
        raise LinkError("invalid", "this game's record is damaged") from None
    except (KeyError, TypeError, ValueError, AttributeError):
        raise LinkError("invalid", "this game's record is damaged") from None
    me = rec.get("me")
    if not isinstance(me, int) or not 0 <= me < s.parts:
        raise LinkError("invalid", "this game's record is damaged")
    return s, me
