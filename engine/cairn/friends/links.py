"""Links between the devices of a friends' game, as bytes (the page adds the
address, base64url and a check).

* invite (host -> a friend): ``1, blob(deflated JSON {setup, p}), signature``;
* join (the friend -> host): ``2, blob(deflated JSON), signature``;
* turn (whoever just acted -> the next to act; anyone in the game can open
  it): ``4, sender, gid(8), base, head[base][:4], flags, [blob(set-up)],
  blob(entries base..end), signatures, [ballot], the sender's signature``.
  The entries are those since the oldest point another player still playing
  is sure to have seen, so whoever opens it can follow; when that would make
  the link too long, since the next actor's last entry.  A link from the
  start (base 0) carries the whole set-up (the host's start).  Each author of
  an entry there adds one signature per key it signed with (``p | epoch << 3``
  then 64 bytes): of the head after its last entry.  A *ballot* is a vote
  travelling until it has a majority: to hand a seat to a bot (``1, q,
  votes``) or to let a player take their seat back (``2, q, alg, key,
  anchor, request, votes``).  The sender signs every byte before its
  signature, the sender byte too.  Turn links of the first version (``3``, no
  sender's signature) are refused: the sender sends again.
* a request to take a seat back from a device that lost the game
  (``5``, :mod:`cairn.friends.rejoin`) and the game sent to it in parts
  (``6``, :mod:`cairn.friends.catchup`).

:func:`open_turn` says what a turn link is to a device's log: new entries
(checked against the rules and the commitments, with the signatures the page
must verify), already applied, older than what the device has, a gap, a fork
(:mod:`cairn.friends.heal` says which version is the game) or another history.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from . import commit, entries as E, lobby
from ..core.codec import LinkError, Reader, Writer, b64, damaged, pack_json, unb64, unpack_json
from .outcome import Outcome, link_message, refused_after_sender, sender_check, sender_key
from .session import Check, Session, rejoin_message, request_message, retire_message

INVITE, JOIN, TURN_V1, TURN, REQUEST, CATCHUP = 1, 2, 3, 4, 5, 6
KINDS = (INVITE, JOIN, TURN_V1, TURN, REQUEST, CATCHUP)
FLAG_SETUP, FLAG_BALLOT = 1, 2
HEAD_PREFIX = 4
LINK_BUDGET = 1900   # characters of base64url data a turn link aims under (the page's address is the rest of 2,000)
SIG = E.SIG_BYTES


def b64_len(n: int) -> int:
    return (4 * n + 2) // 3


# -- invites and joins ------------------------------------------------------------------
def signed_link(kind: int, body: Dict[str, Any], sig: bytes) -> bytes:
    return Writer().u8(kind).blob(pack_json(body)).raw(sig).bytes()


def kind_of(data: bytes) -> int:
    if not data:
        raise damaged("it is empty")
    if data[0] not in KINDS:
        raise damaged("it is not a game link")
    return data[0]


def read_signed(data: bytes) -> Tuple[int, Dict[str, Any], bytes]:
    r = Reader(data)
    kind = r.u8()
    body = unpack_json(r.blob())
    sig = r.raw(SIG)
    if r.left:
        raise damaged("it has extra data")
    return kind, body, sig


# -- ballots --------------------------------------------------------------------------------
def write_ballot(w: Writer, b: Dict[str, Any]) -> None:
    """A ballot in a link: its votes, the one who asked first (``by``)."""
    by = b.get("by")
    votes = sorted(((int(v), unb64(s)) for v, s in b["votes"].items()), key=lambda v: (str(v[0]) != str(by), v[0]))
    if b.get("kind", "retire") == "retire":
        w.u8(1).u8(b["q"])
    else:
        w.u8(2).u8(b["q"]).u8(E.ALGS.index(b["alg"])).blob(unb64(b["key"])).raw(unb64(b["anchor"])).raw(unb64(b["request"]))
    E.write_votes(w, votes)


def read_ballot(r: Reader) -> Dict[str, Any]:
    kind = r.u8()
    if kind == 1:
        b: Dict[str, Any] = {"kind": "retire", "q": r.u8()}
    elif kind == 2:
        q, a = r.u8(), r.u8()
        if a >= len(E.ALGS):
            raise damaged("its request names an unknown signature algorithm")
        key = r.blob(128)
        if len(key) != E.KEY_BYTES[E.ALGS[a]]:
            raise damaged("its request's key has the wrong length")
        b = {"kind": "rejoin", "q": q, "alg": E.ALGS[a], "key": b64(key),
             "anchor": b64(r.raw(commit.VALUE_BYTES)), "request": b64(r.raw(SIG))}
    else:
        raise damaged("it holds a vote of an unknown kind")
    votes = E.read_votes(r)
    b["votes"] = {str(v): b64(sig) for v, sig in votes}
    if votes and b["kind"] == "retire":
        b["by"] = votes[0][0]   # written first: the one who asked
    return b


# -- turn links -------------------------------------------------------------------------
class TurnLink:
    __slots__ = ("sender", "gid", "base", "head", "setup", "entries", "sigs", "ballot", "sig", "body", "version")

    def __init__(self) -> None:
        self.setup: Optional[Dict[str, Any]] = None
        self.ballot: Optional[Dict[str, Any]] = None
        self.sigs: Dict[Tuple[int, int], bytes] = {}
        self.sig = b""
        self.version = TURN


def read_turn(data: bytes) -> TurnLink:
    r = Reader(data)
    kind = r.u8()
    if kind not in (TURN, TURN_V1):
        raise damaged("it is not a turn link")
    t = TurnLink()
    t.version = kind
    t.sender = r.u8()
    t.gid = r.raw(lobby.GID_BYTES)
    t.base = r.varint()
    t.head = r.raw(HEAD_PREFIX)
    flags = r.u8()
    if flags & FLAG_SETUP:
        t.setup = unpack_json(r.blob())
    t.entries = E.read_entries(r.blob(1 << 20), compact=kind == TURN)
    for _ in range(r.u8()):
        pe = r.u8()
        p, e = (pe, 0) if kind == TURN_V1 else (pe & 7, pe >> 3)
        t.sigs[(p, e)] = r.raw(SIG)
    if flags & FLAG_BALLOT:
        if kind == TURN_V1:
            q, n = r.u8(), r.u8()
            t.ballot = {"kind": "retire", "q": q, "votes": {str(r.u8()): b64(r.raw(SIG)) for _ in range(n)}}
        else:
            t.ballot = read_ballot(r)
    if kind == TURN:
        t.body = data[:r.at]
        t.sig = r.raw(SIG)
    if r.left:
        raise damaged("it has extra data")
    return t


def link_base(s: Session, me: int, budget: int = LINK_BUDGET, forks=()) -> int:
    """Where ``me``'s next link starts: the oldest point another participant
    is sure to have seen, those whose seats went to a bot included (they learn
    of it from the link), a seat's old device when another took it (it learns
    that, while the link fits), and any point where this device saw two versions
    part (``forks``: a device still on the other version then sees the fork,
    not another history); when that makes the link too long, the oldest of
    those still playing; and when even that is, the next actor's."""
    n = len(s.entries)
    everyone = [p for p in range(s.parts) if p != me]
    active = [p for p in s.active() if p != me]

    def fits(base: int) -> bool:
        size = len(E.encode(E.compact(s.entries[base:], s.epochs[base:]), compact=True))
        return b64_len(size + 66 * (len(everyone) + 1)) <= budget

    # a seat's old device (its key given to another device) learns of it from the link too,
    # while that fits
    old = [s.seen_by(p, s.epoch(p) - 1) for p in everyone if s.epoch(p) > 0]
    parted = [f[0] for f in forks if f[0] < n]
    tiers = ((everyone, parted + old), (everyone, parted), (active, [])) if old else ((everyone, parted), (active, []))
    for group, extra in tiers:
        base = min([s.seen_by(p) for p in group] + extra, default=n)
        if not base or fits(base):
            return base
    nxt = s.next_actor()
    if nxt is not None and nxt != me:
        base = max(base, s.seen_by(nxt))
    return base


def unsettled(s: Session, forks) -> list:
    """The forks ``[at, seen]`` (parted at entry ``at``, seen here when the
    log had ``seen`` entries) some participant has not signed past since on
    this version (it may still hold the other one)."""
    return [f for f in forks or () if f[0] < len(s.entries)
            and any((s.signed_upto(p) or 0) <= f[1] for p in range(s.parts))]


def turn_body(s: Session, me: int, budget: int = LINK_BUDGET, ballot: Optional[Dict[str, Any]] = None,
              forks=()) -> bytes:
    """``me``'s link of the log as it stands (every entry of ``me`` signed),
    without the sender's signature (the page signs :func:`link_message` of it)."""
    if s.unsigned(me):
        raise ValueError("sign your entries before making a link")
    t = TurnLink()
    t.sender, t.gid = me, s.gid
    t.base = link_base(s, me, budget, forks)
    t.head = s.heads[t.base][:HEAD_PREFIX]
    t.setup = s.setup if t.base == 0 else None
    t.entries = E.compact(s.entries[t.base:], s.epochs[t.base:])
    for p, e, _j in s.signers(t.base, len(s.entries)):
        t.sigs[(p, e)] = s.signature(p, e)
    t.ballot = ballot
    return write_turn_body(t)


def write_turn_body(t: TurnLink) -> bytes:
    w = Writer().u8(TURN).u8(t.sender).raw(t.gid).varint(t.base).raw(t.head)
    w.u8((FLAG_SETUP if t.setup is not None else 0) | (FLAG_BALLOT if t.ballot else 0))
    if t.setup is not None:
        w.blob(pack_json(t.setup))
    w.blob(E.encode(t.entries, compact=True))
    w.u8(len(t.sigs))
    for (p, e), sig in sorted(t.sigs.items()):
        w.u8(p | e << 3).raw(sig)
    if t.ballot:
        write_ballot(w, t.ballot)
    return w.bytes()


def write_turn(t: TurnLink) -> bytes:
    """A whole link (its body written again, then its signature ``t.sig``)."""
    return write_turn_body(t) + t.sig


def open_turn(s: Optional[Session], t: TurnLink, setup_ok: Any = None, me: Optional[int] = None) -> Outcome:
    """Compare the turn link ``t`` with the device's session ``s`` (None: the
    device holds only its join; ``setup_ok(setup)`` then checks the start the
    link carries; ``me`` the device's participant).  Nothing in ``s`` changes.
    A refusal of what the link holds is an outcome ``refused`` (its reason in
    ``info``) whose one check is the sender's signature: said once that
    verifies (:mod:`cairn.friends.outcome`)."""
    if t.version != TURN:
        raise LinkError("old_link", "this link was made by an earlier version of the app", sender=t.sender)
    if s is None and (t.setup is None or t.base != 0):
        raise LinkError("not_started", "the game has not started on this device yet: open the host's start link first",
                        sender=t.sender)
    if s is not None and t.gid != s.gid:
        raise LinkError("other_game", "this link belongs to another game")
    key = sender_key(s, t)
    if key is None:
        raise damaged("it names no player of this game")
    try:
        return _open_turn(s, t, setup_ok, me)
    except LinkError as e:
        if e.code in ("old_link", "not_started", "other_game") and s is not None:
            raise
        return _with(refused_after_sender(key, t, e, me=me), t)


def _open_turn(s: Optional[Session], t: TurnLink, setup_ok: Any, me: Optional[int]) -> Outcome:
    fresh = s is None
    if s is None:
        if setup_ok is not None:
            setup_ok(t.setup)
        s = Session(t.setup)
    elif t.setup is not None and t.setup != s.setup:
        raise LinkError("diverged", "this link's game was set up differently from yours", sender=t.sender, turn=0)
    have = len(s.entries)
    if t.base > have:
        out = Outcome("gap", checks=[sender_check(s, t)], turn=_turn(s, have), sender=t.sender)
        return _with(out, t)
    if s.heads[t.base][:HEAD_PREFIX] != t.head:
        raise LinkError("diverged", "this link continues another version of this game",
                        turn=_turn(s, t.base), sender=t.sender)
    end = t.base + len(t.entries)
    for i, e in enumerate(t.entries):
        at = t.base + i
        if at >= have:
            break
        if not E.same(e, s.entries[at]):
            from . import heal
            return _with(heal.fork(s, t, at, me), t)
    if end <= have and not fresh:
        # already opened here when only this device added entries since its end
        mine = me is not None and all(a == me for a in s.authors[end:])
        out = Outcome("applied" if mine else "stale", checks=[sender_check(s, t)], sender=t.sender,
                      turn=_turn(s, end), now=_turn(s, have))
        return _with(ballot_of(out, s, t, end), t)
    trial = s.copy()
    before = len(trial.votes)
    trial.strict = True   # entries new to this device: checked as it alone can (module session)
    for e in E.fill(trial, t.entries[have - t.base:]):
        trial.append(e)
    trial.strict = False
    checks = [sender_check(trial, t)] + trial.checks(t.base, end, t.sigs) + trial.votes[before:]
    out = Outcome("new", trial, checks, start=have, sender=t.sender, turn=_turn(trial, end))
    return _with(ballot_of(out, trial, t, end), t)


def _with(out: Outcome, t: TurnLink) -> Outcome:
    out.link = t
    return out


def ballot_of(out: Outcome, s: Session, t: TurnLink, end: int) -> Outcome:
    """A vote the link carries: its signatures join the checks, and the
    ballot goes in ``info`` when it is still open on this device (a hand-over
    is about the position the device has, so only when at the same point)."""
    b = t.ballot
    if not b:
        return out
    q = b["q"]
    if not isinstance(q, int) or not 0 <= q < s.parts:
        raise LinkError("bad_vote", "the link's vote names no player of this game", sender=t.sender)
    votes = [(int(v), unb64(sig)) for v, sig in b["votes"].items()]
    if any(v not in s.active() or v == q for v, _ in votes):
        raise LinkError("bad_vote", "the link's vote names a player who is not playing", sender=t.sender, part=q)
    if b["kind"] == "retire":
        if len(s.entries) != end or q not in s.active():
            return out
        message = retire_message(s.gid, q, end, s.heads[end])
        b = dict(b, at=end)
    else:
        key, anchor = unb64(b["key"]), unb64(b["anchor"])
        if anchor in s.anchors:
            return out   # taken in already
        message = rejoin_message(s.gid, q, b["alg"], key, anchor)
        out.checks = out.checks + [Check(q, request_message(s.gid, b["alg"], key, anchor), unb64(b["request"]),
                                         b["alg"], b["key"], "request")]
    out.checks = out.checks + [Check(v, message, sig, *s.key_of(v), "vote") for v, sig in votes]
    out.info["ballot"] = b
    return out


def _turn(s: Session, n: int) -> int:
    """The game's turn at the point after ``n`` entries."""
    if n < len(s.turns):
        return s.turns[n]
    return s.game.turn_now


def vote_message(s: Session, q: int) -> bytes:
    at = len(s.entries)
    return retire_message(s.gid, q, at, s.heads[at])


def vote_entry(kind: str, ballot: Dict[str, Any], first: int, minutes: int) -> tuple:
    """The log's entry a ballot with a majority makes; its author (the first
    voter) is ``first``, the device that adds it and signs after it; then the
    one who asked (a hand-over's ``by``), then the others."""
    by = ballot.get("by") if kind == "retire" else None
    by = int(by) if str(by).isdigit() else None
    votes = tuple(sorted(((int(v), unb64(s)) for v, s in ballot["votes"].items()),
                         key=lambda v: (v[0] != first, v[0] != by, v[0])))
    if kind == "retire":
        return (E.RETIRE, ballot["q"], votes, minutes)
    return (E.REJOIN, ballot["q"], ballot["alg"], unb64(ballot["key"]), unb64(ballot["anchor"]), minutes,
            unb64(ballot["request"]), votes)


# -- records: a device's copy of a game -------------------------------------------------
def to_record(s: Session, me: int, extra: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    rec = {"v": 1, "stage": "play", "setup": s.setup, "me": me, "log": b64(s.encode()),
           "sigs": {str(p): [j, b64(sig)] for p, (j, sig) in sorted(s.sigs.items())}}
    if s.past:
        rec["past"] = {f"{p}/{e}": [j, b64(sig)] for (p, e), (j, sig) in sorted(s.past.items())}
    rec.update(extra or {})
    return rec


def from_record(rec: Dict[str, Any]) -> Tuple[Session, int]:
    """The session a record holds (its log replayed through the rules: a
    damaged record is refused with a LinkError)."""
    if not isinstance(rec, dict) or rec.get("stage") != "play":
        raise LinkError("record", "this game's record is damaged")
    try:
        s = Session(rec["setup"])
        for e in E.read_entries(unb64(rec.get("log", ""), "the log")):
            s.append(e)
        for p, (j, sig) in (rec.get("sigs") or {}).items():
            s.sigs[int(p)] = (int(j), unb64(sig, "a signature"))
        for pe, (j, sig) in (rec.get("past") or {}).items():
            p, e = pe.split("/")
            s.past[(int(p), int(e))] = (int(j), unb64(sig, "a signature"))
    except LinkError:
        raise LinkError("record", "this game's record is damaged") from None
    except (KeyError, TypeError, ValueError, AttributeError):
        raise LinkError("record", "this game's record is damaged") from None
    me = rec.get("me")
    if not isinstance(me, int) or not 0 <= me < s.parts:
        raise LinkError("record", "this game's record is damaged")
    return s, me
