"""Two versions of a friends' game meet: which one is the game, and how a
device on the other one goes over to it.

A *fork*: a link's entries differ from the device's own from entry ``at`` on.
Either one participant signed two versions (the *double signer*: it authored
the entry at ``at`` in both, a move or a draw value), or two devices added an
entry at the same point honestly (a hand-over to a bot, or a seat taken back,
against the late answer of that very player).  The version kept is, in order:

1. the one where the player's seat was handed to a bot or taken back, over
   that player's own late entry (a majority decided it);
2. the one the most other players went on playing on (entries after ``at``
   by anyone but the authors of the two entries at ``at``; a device's own
   entries not sent yet do not count, so every device decides alike);
3. the one the most players hold (signed something on it, or hold it: this
   device its own, the link's sender the link's);
4. the one whose head after ``at`` is the smaller (any rule every device
   applies alike).

A device on the other version offers to go over (:func:`go_over`): it takes
the kept version and plays again its own moves made on the other one after
``at`` while they are still legal there, the rest undone.  The double
signer's two signatures are kept as evidence for the log
(:data:`cairn.friends.entries.EVIDENCE`), added by this device when it next
acts: by every device that saw both versions, the double signer's own too
(with two players the other may be lost before it acts); the first one in
the log is kept, the other copies dropped.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from ..core.codec import b64
from .entries import EVIDENCE, MOVE, REJOIN, RETIRE, REVEAL, encode, fill
from .outcome import Outcome, sender_check
from .session import Session


def fork(s: Session, t: Any, at: int, me: Optional[int]) -> Any:
    """The outcome of a link ``t`` that parts from ``s`` at entry ``at``: its
    version replayed (a bad entry is a refusal of its own), the signatures
    to check, and which version is the game (``info``)."""
    branch = s.truncated(at)
    before = len(branch.votes)
    branch.strict = True   # the other version's entries are new to this device
    for e in fill(branch, t.entries[at - t.base:]):
        branch.append(e)
    branch.strict = False
    end = t.base + len(t.entries)
    checks = [sender_check(branch, t)] + branch.checks(t.base, end, t.sigs) + branch.votes[before:]
    theirs_signed = {c.p: (c.j, c.sig) for c in checks if c.kind == "turn" and c.j > at}
    info = analyse(s, branch, at, me, t.sender, theirs_signed)
    return Outcome("fork", branch, checks, **info)


def analyse(s: Session, branch: Session, at: int, me: Optional[int], sender: int,
            theirs_signed: Dict[int, Tuple[int, bytes]]) -> Dict[str, Any]:
    """What a device holding ``s`` says of ``branch`` (a link's version, or a
    whole game sent to it) parting from it at ``at``: both versions (who made,
    signed, holds and played on each), the double signer if any, which one is
    the game and why, and the evidence to keep (``info``)."""
    mine_signed = {p: (j, sig) for p, (j, sig) in s.sigs.items() if j > at}
    mine = _version(s, at, mine_signed, holder=me)
    theirs = _version(branch, at, theirs_signed, holder=sender)
    double = _double(s, branch, at)
    for v in (mine, theirs):
        v["played_on"] = sorted({a for a in v["after"] if a not in (mine["author"], theirs["author"])})
    keep, why = decide(s, branch, at, mine, theirs)
    return {"at": at, "turn": s.turns[at], "double": double, "player": double if double is not None else mine["author"],
            "sender": sender, "keep": keep, "why": why,
            "mine": _public(mine), "theirs": _public(theirs), "names": branch.names,
            "evidence": _evidence(s, branch, at, double, mine_signed, theirs_signed, keep)}


def _version(s: Session, at: int, signed: Dict[int, int], holder: Optional[int]) -> Dict[str, Any]:
    # who went on playing on it: the holder's own entries count only as far as it signed (sent)
    # them, so every device, whatever it has not sent yet, weighs both versions alike
    upto = signed.get(holder, (at + 1, None))[0] if holder is not None else len(s.entries)
    after = [a for i, a in enumerate(s.authors[at + 1:], at + 1) if a != holder or i < upto]
    holders = set(signed) | set(after)
    if holder is not None:
        holders.add(holder)
    e = s.entries[at]
    return {"author": s.authors[at], "entry": e[0], "q": e[1] if e[0] in (RETIRE, REJOIN) else None,
            "after": set(after), "signers": sorted(signed), "holders": sorted(holders),
            "head": s.heads[at + 1], "entries": len(s.entries) - at}


def _public(v: Dict[str, Any]) -> Dict[str, Any]:
    return {"author": v["author"], "kind": {MOVE: "move", REVEAL: "draw", RETIRE: "bot", REJOIN: "back",
                                             EVIDENCE: "evidence"}[v["entry"]],
            "q": v["q"], "signers": v["signers"], "holders": v["holders"], "played_on": v["played_on"]}


def _double(s: Session, branch: Session, at: int) -> Optional[int]:
    """The participant who signed two versions (authored the entry at ``at``
    in both, a move or a draw value), or None (an honest race)."""
    a, b = s.entries[at], branch.entries[at]
    if s.authors[at] == branch.authors[at] and a[0] == b[0] and a[0] in (MOVE, REVEAL):
        return s.authors[at]
    return None


def decide(s: Session, branch: Session, at: int, mine: Dict[str, Any], theirs: Dict[str, Any]) -> Tuple[str, str]:
    """Which version is the game ("mine" or "theirs") and why (see the module docstring)."""
    for a, b, name in ((mine, theirs, "mine"), (theirs, mine, "theirs")):
        if a["q"] is not None and b["q"] is None and b["author"] == a["q"]:
            return name, "bot" if a["entry"] == RETIRE else "back"
    for key, why in (("played_on", "played_on"), ("holders", "held")):
        if len(mine[key]) != len(theirs[key]):
            return ("mine" if len(mine[key]) > len(theirs[key]) else "theirs"), why
    return ("mine" if mine["head"] < theirs["head"] else "theirs"), "tie"


def _evidence(s: Session, branch: Session, at: int, double: Optional[int], mine_signed: Dict[int, Tuple[int, bytes]],
              theirs_signed: Dict[int, Tuple[int, bytes]], keep: str) -> Optional[Dict[str, Any]]:
    """The double signer's signature of the version not kept, with its entries
    from ``at``: what the device adds to the log as evidence."""
    if double is None:
        return None
    lost, signed = (s, mine_signed) if keep == "theirs" else (branch, theirs_signed)
    j, sig = signed.get(double, (0, None))
    other = lost.entries[at:j] if j else None
    if not other or sig is None:
        return None
    return {"p": double, "at": at, "other": b64(encode(other)), "sig": b64(sig)}


def parting(s: Session, other: Session) -> Optional[int]:
    """The first entry where ``other`` (a whole game sent to this device)
    differs from ``s``; None when ``s`` is where ``other`` begins."""
    n = min(len(s.entries), len(other.entries))
    for i in range(n):
        if s.entries[i] != other.entries[i]:
            return i
    return None if len(s.entries) <= len(other.entries) else n


def parting_raw(s: Session, log: List[Any]) -> int:
    """Where ``log`` (a whole game's, read: a draw value may be left out)
    begins to hold entries new to ``s``: its first entry that differs, or
    where ``s`` ends."""
    from .entries import same
    n = min(len(s.entries), len(log))
    return next((i for i in range(n) if not same(log[i], s.entries[i])), n)


def go_over(s: Session, branch: Session, at: int, me: int, root: Optional[bytes], first_epoch: int = 0,
            key: Optional[str] = None) -> Dict[str, Any]:
    """``branch`` (the kept version) with ``me``'s own moves made on ``s``
    after ``at`` played again while legal there (and the same turn is being
    played there): ``{"replayed": n, "undone": n}`` (``branch`` changes in place).
    ``key``: this device's; when another device holds the seat there, nothing
    of this device's is played again."""
    mine = _my_moves(s, at, me)
    if key is not None and branch.key_of(me)[1] != key:
        return {"replayed": 0, "undone": len(mine)}
    replayed = 0
    for turn, move in mine:
        kind, seat = branch.expect()
        if kind != MOVE or branch.owner[seat] != me or branch.game.turn_now != turn \
                or move not in branch.game.legal_moves():
            break
        branch.play(me, move, root, first_epoch)
        replayed += 1
    branch.reveal_mine(me, root, first_epoch)
    return {"replayed": replayed, "undone": len(mine) - replayed}


def _my_moves(s: Session, at: int, me: int) -> List[Tuple[int, Dict[str, Any]]]:
    """``me``'s moves after entry ``at`` of ``s``, as ``(turn, move)`` (not indices)."""
    if not any(s.authors[i] == me and s.entries[i][0] == MOVE for i in range(at, len(s.entries))):
        return []
    replay = s.truncated(at)
    out = []
    for i in range(at, len(s.entries)):
        e = s.entries[i]
        if s.authors[i] == me and e[0] == MOVE and replay.pending is None:
            out.append((replay.game.turn_now, replay.game.legal_moves()[e[1]]))
        replay.append(e)
    return out


def evidence_entry(author: int, ev: Dict[str, Any]) -> tuple:
    from ..core.codec import unb64
    return (EVIDENCE, author, ev["p"], ev["at"], unb64(ev["other"]), unb64(ev["sig"]))
