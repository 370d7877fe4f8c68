"""What the page shows of a friends' game in play beside the board (and
stores): whose move, who the game waits for and since when by this device's
records (the turn clock), what happened to seats, the ballot being gathered,
every seat with its device's fingerprint, and the record to keep."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..core import i18n
from . import links
from .session import Session, majority


WAITS = 12   # the waits a device remembers when it first saw (a hand-over names a recent one)


def wait_key(s: Session) -> Optional[List[int]]:
    """What the game waits for, as this device records it: the participant
    to act, its entries so far and its epoch (None: the game is over)."""
    q = s.next_actor()
    if q is None:
        return None
    return [q, s.last_entry(q), s.epoch(q)]


def touch(held: Dict[str, Any], now: float, sent: bool = False) -> None:
    """Note when the wait began, by this device's clock: when the participant
    to act changed (a link opened), or this device sent its turn (the wait
    for the one it sent to starts then: this device's own Not answering?
    measures from there).  Each wait's first sight is kept too (``waits``):
    a hand-over another device makes is taken in only once the game has
    waited, by those records, for the turn clock."""
    key = wait_key(held["s"])
    since = held.get("since")
    if key is None:
        held["since"] = None
    elif sent or not since or since[:3] != key:
        held["since"] = key + [int(now)]
    note_wait(held, held["s"].wait_here(), now)


def note_wait(holder: Dict[str, Any], key: Optional[List[Any]], now: float) -> None:
    """Keep when this device first saw the game wait at ``key`` (:meth:`Session.wait_here`;
    its record's ``waits``)."""
    if key is None:
        return
    waits = [w for w in holder.get("waits") or [] if isinstance(w, list) and len(w) == 4]
    if any(w[:3] == list(key) for w in waits):
        return
    holder["waits"] = (waits + [list(key) + [int(now)]])[-WAITS:]


def seen(holder: Dict[str, Any], key: List[Any]) -> Optional[int]:
    """When this device first saw the game wait at ``key`` (None: never before)."""
    for w in holder.get("waits") or []:
        if isinstance(w, list) and len(w) == 4 and w[:3] == list(key):
            return w[3]
    return None


def wait(held: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    """Whom the game waits for, since when, and from when the others may hand
    that player's seat to a bot (this device's records; None when this
    device has not sent what the wait follows)."""
    s, me = held["s"], held["me"]
    key, since = wait_key(s), held.get("since")
    if key is None or key[0] == me or not since or since[:3] != key:
        return None
    return {"p": key[0], "since": since[3], "until": since[3] + s.clock * 1000}


def _own_key(held: Dict[str, Any]) -> Optional[str]:
    return held.get("key")


def status(held: Dict[str, Any]) -> Dict[str, Any]:
    from . import device
    s, me = held["s"], held["me"]
    game = s.game
    nxt = s.next_actor()
    kind, who = s.expect()
    seat = game.current_player
    mine = kind == "m" and s.owner[who] == me
    names = [x.name for x in game.seats]
    waiting = None
    if s.pending is not None:
        p = s.pending
        waiting = {"seat": p.seat, "from": p.waiting_for, "mid": _mid_turn(s),
                   "move": i18n.render(game.rules.describe(game.state, p.move), names)}
    prints = [device.fingerprint(*s.key_of(p)) for p in range(s.parts)]
    replaced = _own_key(held) is not None and s.key_of(me)[1] != _own_key(held)
    events = [dict(e, names=[s.names[v] for v in e["by"]]) for e in s.events]
    retired_me = next((e for e in reversed(events) if e["kind"] == "bot" and e["p"] == me), None) if me in s.retired else None
    return {
        "me": me,
        "parts": [{"name": s.names[p], "fp": prints[p], "retired": p in s.retired, "epoch": s.epoch(p),
                   "seats": [i for i, o in enumerate(s.owner) if o == p],
                   "double": any(e["kind"] == "fork" and e["p"] == p for e in s.events)} for p in range(s.parts)],
        "seats": [{"name": names[i], "kind": game.seats[i].kind, "owner": s.owner[i], "fp": prints[s.owner[i]]}
                  for i in range(len(names))],
        "owner": list(s.owner),
        "next": nxt,
        "my_turn": mine and game.seats[who].kind == "human" and not replaced,
        "my_bot": mine and game.seats[who].kind != "human" and not replaced,
        "seat": seat,
        "seat_name": None if seat is None else game.seats[seat].name,
        "turn": game.turn_now,
        "waiting": waiting,
        # entries of this device not in any link yet, and someone else to act (or the end)
        "to_send": s.unsigned(me) and (nxt != me or game.is_over) and not replaced,
        "can_undo": _can_undo(s, me),
        "draw_only": _draw_only(s, me),
        "over": game.is_over,
        "entries": len(s.entries),
        "clock": s.clock,
        "wait": wait(held),
        "events": events,
        "retired_me": retired_me,
        "replaced": replaced,
        "asked_back": bool(held.get("request")),
        "record": record_of(held),
        "ballot": _ballot(held.get("ballot")),
        "need": majority(len(s.active()) - 1) if len(s.active()) > 1 else 0,
        "need_back": _need_back(s, held.get("ballot")),
        "evidence": len(held.get("evidence") or []),
    }


def _mid_turn(s: Session) -> bool:
    """Whether the move waiting for its draw leaves its mover to move again
    (a draw in the middle of a turn: a round trip), not the end of a turn."""
    rules = s.game.rules
    trial = rules.copy(s.game.state)
    rules.apply(trial, s.pending.move)
    nxt = rules.current_player(trial)
    return nxt is not None and s.owner[nxt] == s.owner[s.pending.seat]


def _ballot(b: Optional[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
    from . import device
    if b and b.get("kind") == "rejoin":
        return dict(b, fp=device.fingerprint(b["alg"], b["key"]))
    return b


def _need_back(s: Session, ballot: Optional[Dict[str, Any]]) -> int:
    if not ballot or ballot.get("kind") != "rejoin":
        return 0
    return majority(len([p for p in s.active() if p != ballot["q"]]))


def _draw_only(s: Session, me: int) -> bool:
    """Whether what this device has to send is only draw values (a draw made
    here for another device's turn, not a turn of its own)."""
    start = s.signed_upto(me) or 0
    mine = [e for a, e in zip(s.authors[start:], s.entries[start:]) if a == me]
    return bool(mine) and all(e[0] == "r" for e in mine)


def _can_undo(s: Session, me: int) -> bool:
    """Whether :meth:`Session.undo` would take something back now."""
    if not s.entries or s.authors[-1] != me or len(s.entries) <= (s.signed_upto(me) or 0):
        return False
    if s.pending is not None:
        return s.pending.at == len(s.entries) - 2 and len(s.pending.got) == 1
    return s.entries[-1][0] == "m" and s.game.can_undo


EXTRAS = ("ballot", "since", "evidence", "key", "epoch0", "request", "forks", "waits")


def record_of(held: Dict[str, Any]) -> Dict[str, Any]:
    extra = {k: held[k] for k in EXTRAS if held.get(k) is not None}
    return links.to_record(held["s"], held["me"], extra)
