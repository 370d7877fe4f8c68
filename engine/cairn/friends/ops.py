"""The worker's requests of a friends' game (``op: "friends_*"``), and the
session behind ``play``, ``bot`` and ``undo`` when the game open under a
``gid`` is a friends' game.  Called by :mod:`cairn.facade` (which passes its
``snapshot``); bytes cross the boundary as base64url text, secrets (the
chain root) as hex.  Every reply that changes a record carries it whole:
the page stores it before it shows or sends anything.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, Optional

from ..bots import seat_move
from ..core import i18n
from ..core.errors import IllegalMove
from ..core.registry import GAMES
from . import commit, device, links, lobby
from .codec import LinkError, b64, unb64
from .session import Session, majority

#: gid -> {"s": Session, "me": participant, "root": bytes, "ballot": a vote being gathered}
SESSIONS: Dict[str, Dict[str, Any]] = {}
#: gid -> the last friends_check's outcome (its link, session and log length): friends_apply's
CHECKED: Dict[str, Any] = {}


class FriendsError(ValueError):
    """A refusal for the page: ``code`` picks its words, ``info`` fills them."""

    def __init__(self, code: str, message: str, info: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(message)
        self.code, self.info = code, info or {}


def _root(req: Dict[str, Any]) -> Optional[bytes]:
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


def _data(req: Dict[str, Any], field: str = "data") -> bytes:
    return unb64(req.get(field), "the link")


def _record(req: Dict[str, Any]) -> Dict[str, Any]:
    """The device's record of a game, as the page stored it (its shape checked:
    a damaged one is refused, never half read)."""
    rec = req.get("record")
    if not isinstance(rec, dict) or rec.get("stage") not in ("lobby", "joined", "play") \
            or not isinstance(rec.get("setup"), dict) or not isinstance(rec.get("me"), int):
        raise FriendsError("invalid", "this game's record is damaged")
    return rec


def _checks(checks: list, s: Optional[Session] = None) -> list:
    """Signatures for the page to verify: ``{p, alg, key, message, sig}`` (base64url)."""
    out = []
    for c in checks:
        if len(c) == 5:
            p, message, sig, alg, key = c
        else:
            p, _j, message, sig = c
            alg, key = s.keys[p]
        out.append({"p": p, "alg": alg, "key": key, "message": b64(message), "sig": b64(sig)})
    return out


# -- status ----------------------------------------------------------------------------------
def status(gid: str) -> Dict[str, Any]:
    """What the page shows of a friends' game beside the board (and stores)."""
    held = SESSIONS[gid]
    s, me = held["s"], held["me"]
    game = s.game
    nxt = s.next_actor()
    kind, who = s.expect()
    seat = game.current_player
    mine = kind == "m" and s.owner[who] == me
    waiting = None
    if s.pending is not None:
        p = s.pending
        waiting = {"seat": p.seat, "from": p.waiting_for,
                   "move": i18n.render(game.rules.describe(game.state, p.move), [x.name for x in game.seats])}
    prints = device.fingerprints(s.setup)
    return {
        "me": me,
        "parts": [{"name": s.names[p], "fp": prints[p], "retired": p in s.retired,
                   "seats": [i for i, o in enumerate(s.owner) if o == p]} for p in range(s.parts)],
        "owner": list(s.owner),
        "next": nxt,
        "my_turn": mine and game.seats[who].kind == "human",
        "my_bot": mine and game.seats[who].kind != "human",
        "seat": seat,
        "seat_name": None if seat is None else game.seats[seat].name,
        "waiting": waiting,
        # entries of this device not in any link yet, and someone else to act (or the end)
        "to_send": s.unsigned(me) and (nxt != me or game.is_over),
        "can_undo": _can_undo(s, me),
        "draw_only": _draw_only(s, me),
        "over": game.is_over,
        "entries": len(s.entries),
        "record": _record_of(held),
        "ballot": held.get("ballot"),
        "need": majority(len(s.active()) - 1) if len(s.active()) > 1 else 0,
    }


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


def _hold(gid: str, s: Session, me: int, root: Optional[bytes], games: Dict[str, Any]) -> None:
    SESSIONS[gid] = {"s": s, "me": me, "root": root}
    games[gid] = s.game


def _own_moves(held: Dict[str, Any]) -> None:
    """Add this device's draw values while the log waits for them."""
    held["s"].reveal_mine(held["me"], held["root"])


# -- play, bot and undo of an open friends' game ---------------------------------------------
def play(gid: str, move: Dict[str, Any]) -> None:
    held = SESSIONS[gid]
    held["s"].play(held["me"], move, held["root"])
    _own_moves(held)


def bot(gid: str) -> Dict[str, Any]:
    held = SESSIONS[gid]
    s = held["s"]
    kind, who = s.expect()
    if kind != "m" or s.owner[who] != held["me"] or s.game.seats[who].kind == "human":
        raise ValueError("no bot of this device is to move")
    move = seat_move(s.game)
    play(gid, move)
    return move


def undo(gid: str) -> None:
    """Take back this device's last moves not yet sent, to its last human decision."""
    held = SESSIONS[gid]
    s, me = held["s"], held["me"]
    s.undo(me)
    while True:
        kind, who = s.expect()
        if kind != "m" or s.owner[who] != me or s.game.seats[who].kind == "human":
            return
        try:
            s.undo(me)
        except IllegalMove:
            return


# -- requests --------------------------------------------------------------------------------
def dispatch(op: str, req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    try:
        return _dispatch(op, req, games, snapshot)
    except LinkError as e:
        raise FriendsError(e.code, str(e), _named(e.info, req)) from None


def _named(info: Dict[str, Any], req: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in info.items() if isinstance(v, (int, str)) or v is None}


def _gid(req: Dict[str, Any]) -> str:
    gid = req.get("gid")
    if not isinstance(gid, str) or not 0 < len(gid) <= 64:
        raise ValueError("gid must be a short string")
    return gid


def _held(req: Dict[str, Any]) -> Dict[str, Any]:
    gid = _gid(req)
    if gid not in SESSIONS:
        raise ValueError("no friends' game is open under this gid")
    return SESSIONS[gid]


def _dispatch(op: str, req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    if op == "friends_create":
        gid = unb64(req.get("fid"), "the game id")
        if len(gid) != lobby.GID_BYTES:
            raise ValueError("fid must be 8 bytes")
        root = _root(req)
        rec = device.create(gid, req.get("game"), req.get("options") or {}, req.get("seats") or [],
                            req.get("pub") or {}, root)
        # the options, checked as a new game checks them
        GAMES[rec["setup"]["game"]].Options(**rec["setup"]["options"])
        return {"record": rec, "invites": _invites(rec), "fingerprints": device.fingerprints(rec["setup"])}
    if op == "friends_invite":
        rec = _record(req)
        p = req.get("p")
        return {"record": rec, "link": b64(device.invite_link(rec, p, unb64(req.get("sig"), "a signature")))}
    if op == "friends_read":
        return read(_data(req))
    if op == "friends_join":
        rec, message = device.join(_data(req), req.get("pub") or {}, _root(req))
        return {"record": rec, "message": b64(message), "fingerprints": device.fingerprints(rec["setup"])}
    if op == "friends_join_link":
        rec = _record(req)
        return {"record": rec, "link": b64(device.join_link(rec, unb64(req.get("sig"), "a signature")))}
    if op == "friends_take_join":
        rec, checks, p = device.take_join(_record(req), _data(req))
        return {"record": rec, "checks": _checks(checks), "p": p, "fingerprints": device.fingerprints(rec["setup"])}
    if op == "friends_start":
        gid, root = _gid(req), _root(req)
        s = device.start(_record(req), root)
        _hold(gid, s, 0, root, games)
        _own_moves(SESSIONS[gid])
        return snapshot(gid, s.game)
    if op == "friends_load":
        gid = _gid(req)
        s, me = links.from_record(_record(req))
        _hold(gid, s, me, _root(req), games)
        SESSIONS[gid]["ballot"] = _record(req).get("ballot")
        _own_moves(SESSIONS[gid])
        return snapshot(gid, s.game)
    if op == "friends_sign":
        held = _held(req)
        todo = held["s"].to_sign(held["me"])
        return {"j": todo[0], "message": b64(todo[1])} if todo else None
    if op == "friends_link":
        held = _held(req)
        s, me = held["s"], held["me"]
        if req.get("sig") is not None:
            j = req.get("j")
            todo = s.to_sign(me)
            if not todo or todo[0] != j:
                raise ValueError("the signature is for another point of the game")
            s.sigs[me] = (j, unb64(req.get("sig"), "a signature"))
        budget = req.get("budget")
        budget = budget if isinstance(budget, int) and 200 <= budget <= 100_000 else links.LINK_BUDGET
        ballot = held.get("ballot") if req.get("vote") else None
        vote = (ballot["q"], [(int(v), unb64(sig, "a vote")) for v, sig in ballot["votes"].items()]) \
            if ballot and ballot["at"] == len(s.entries) else None
        link = b64(links.turn_link(s, me, budget, vote=vote))
        return {"link": link, "record": _record_of(held), "friends": status(_gid(req))}
    if op in ("friends_check", "friends_apply"):
        return _open(op, req, games, snapshot)
    if op == "friends_vote_message":
        held = _held(req)
        return {"message": b64(links.vote_message(held["s"], _voted(held, req.get("q"))))}
    if op == "friends_vote":
        return _vote(_gid(req), req, snapshot)
    raise ValueError(f"unknown op '{op}'")


def _voted(held: Dict[str, Any], q: Any) -> int:
    s = held["s"]
    if not isinstance(q, int) or q == held["me"] or q not in s.active() or len(s.active()) < 2 or s.game.is_over:
        raise ValueError("no such player to hand to a bot")
    return q


def _vote(gid: str, req: Dict[str, Any], snapshot: Callable) -> Any:
    """This device agrees that ``q``'s seats be played by bots (its signature
    of the vote at the log's end).  With a majority of the others the entry
    goes in the log and the game goes on (a snapshot); else a link asking the
    rest to agree."""
    held = SESSIONS[gid]
    s, me = held["s"], held["me"]
    q = _voted(held, req.get("q"))
    at = len(s.entries)
    ballot = held.get("ballot")
    if not ballot or ballot["q"] != q or ballot["at"] != at:
        ballot = {"q": q, "at": at, "votes": {}}
    ballot["votes"][str(me)] = req.get("sig")
    votes = [(int(v), unb64(sig, "a vote")) for v, sig in ballot["votes"].items()]
    if len(votes) >= majority(len(s.active()) - 1):
        s.append(links.retire_entry(q, votes, first=me))
        held["ballot"] = None
        _own_moves(held)
        return snapshot(gid, s.game) | {"retired": q}
    held["ballot"] = ballot
    return {"ballot": ballot, "need": majority(len(s.active()) - 1), "record": _record_of(held)}


def _record_of(held: Dict[str, Any]) -> Dict[str, Any]:
    extra = {"ballot": held["ballot"]} if held.get("ballot") else None
    return links.to_record(held["s"], held["me"], extra)


def _invites(rec: Dict[str, Any]) -> list:
    return [{"p": p, "message": b64(device.invite_message(rec, p))} for p in range(1, len(rec["setup"]["parts"]))]


def read(data: bytes) -> Dict[str, Any]:
    """What a link is, for the page to decide where it goes."""
    kind = links.kind_of(data)
    if kind == links.INVITE:
        setup, p, checks = device.read_invite(data)
        rules = GAMES[setup["game"]]
        return {"kind": "invite", "fid": setup["gid"], "p": p, "game": setup["game"], "title": rules.title,
                "seats": setup["seats"], "parts": [{"name": x["name"]} for x in setup["parts"]],
                "fingerprints": device.fingerprints(setup), "checks": _checks(checks)}
    if kind == links.JOIN:
        _kind, body, _sig = links.read_signed(data)
        return {"kind": "join", "fid": body.get("gid"), "p": body.get("p"), "name": body.get("name")}
    t = links.read_turn(data)
    return {"kind": "turn", "fid": b64(t.gid), "sender": t.sender, "base": t.base}


def _open(op: str, req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    """``friends_check``: what a turn link is to this device's record, with the
    signatures to verify (nothing changes); ``friends_apply`` (once they
    verified): the same, taken in, and the game's snapshot."""
    gid = _gid(req)
    rec = _record(req)
    held = SESSIONS.get(gid)
    if rec.get("stage") == "play" and (held is None or held["s"].heads[0] != _h0(rec)):
        s, me = links.from_record(rec)   # the record's game, replayed once: kept for the apply
        held = SESSIONS[gid] = {"s": s, "me": me, "root": _root(req), "ballot": rec.get("ballot")}
    session = held["s"] if held and rec.get("stage") == "play" else None
    key = (req.get("data"), id(session), len(session.entries) if session else -1)
    cached = CHECKED.pop(gid, None)
    out = cached[1] if op == "friends_apply" and cached and cached[0] == key else device.open_link(rec, session, _data(req))
    if op == "friends_check":
        CHECKED[gid] = (key, out)   # the apply that follows (once the page verified) reuses it
    me = held["me"] if held and session is not None else rec.get("me")
    info = dict(out.info, status=out.status)
    view_of = out.session or session
    if view_of is not None:
        info["names"] = view_of.names
    if op == "friends_check":
        return {"status": out.status, "checks": _checks(out.checks, out.session or session), "info": info}
    if out.status != "new" and info.get("vote"):
        # nothing new but a vote: the device keeps it (its signatures verified by the page)
        held = held if held and held["s"] is session else {"s": session, "me": me, "root": _root(req)}
        _hold(gid, session, me, held.get("root"), games)
        SESSIONS[gid]["ballot"] = _merge(held.get("ballot"), info["vote"])
        return snapshot(gid, session.game) | {"opened": info}
    if out.status != "new":
        raise FriendsError(out.status, f"the link is not new ({out.status})", info)
    s = out.session
    s.keep_signatures([c for c in out.checks if c[1] >= 0])
    ballot = (held or {}).get("ballot")
    _hold(gid, s, me, _root(req) if _root(req) is not None else (held or {}).get("root"), games)
    SESSIONS[gid]["ballot"] = _merge(ballot, info.get("vote"))
    _own_moves(SESSIONS[gid])
    return snapshot(gid, s.game) | {"opened": info}


def _merge(ballot: Optional[Dict[str, Any]], vote: Optional[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
    if not vote:
        return ballot
    if ballot and ballot["q"] == vote["q"] and ballot["at"] == vote["at"]:
        return dict(vote, votes={**ballot["votes"], **vote["votes"]})
    return dict(vote)


def _h0(rec: Dict[str, Any]) -> bytes:
    return lobby.setup_digest(rec["setup"])
