"""The worker's requests of a friends' game (``op: "friends_*"``), and the
session behind ``play``, ``bot`` and ``undo`` when the game open under a
``gid`` is a friends' game.  Called by :mod:`cairn.facade` (which passes its
``snapshot``); bytes cross the boundary as base64url text, secrets (the
chain root) as hex.  Every reply that changes a record carries it whole:
the page stores it before it shows or sends anything.  ``now`` (milliseconds
since 1970, the page's clock; this process's when absent) dates what the
turn clock measures.

The votes (a seat handed to a bot, a seat taken back) are
:mod:`cairn.friends.votes`; a device taking its seat back
:mod:`cairn.friends.rejoin` (ops in ``votes``).
"""
from __future__ import annotations

from typing import Any, Callable, Dict, Optional

from ..core.errors import IllegalMove
from ..core.registry import GAMES
from . import device, heal, links, lobby
from ..core.codec import LinkError, b64, unb64
from .held import (SESSIONS, FriendsError, checks_out, data_of, gid_of, held_from, held_of, hold, merge, now_of,
                   own_moves, record_in, root_of, status)
from .session import Session
from .status import record_of, status as _status, touch

#: gid -> the last friends_check's outcome (its link, session and log length): friends_apply's
CHECKED: Dict[str, Any] = {}


# -- play, bot and undo of an open friends' game ---------------------------------------------
def play(gid: str, move: Dict[str, Any]) -> None:
    held = SESSIONS[gid]
    own_moves(held)
    held["s"].play(held["me"], move, held["root"], held.get("epoch0") or 0)
    own_moves(held)


def bot(gid: str) -> Dict[str, Any]:
    """The move of this device's bot to move: the one every device plays
    itself to check it (exactly its level's iterations, the game's seed)."""
    held = SESSIONS[gid]
    s = held["s"]
    kind, who = s.expect()
    if kind != "m" or s.owner[who] != held["me"] or s.game.seats[who].kind == "human":
        raise ValueError("no bot of this device is to move")
    move = s.bot_move()
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
    from . import votes
    try:
        if op in votes.OPS:
            return votes.OPS[op](req, games, snapshot)
        return _dispatch(op, req, games, snapshot)
    except LinkError as e:
        raise FriendsError(e.code, str(e), _named({**_who(req), **e.info})) from None
    except FriendsError as e:
        e.info = _named({**_who(req), **e.info})
        raise


def _who(req: Dict[str, Any]) -> Dict[str, Any]:
    """The players' names and this device's participant, for a refusal's
    words (they name the players it is about, never "a player")."""
    held = SESSIONS.get(req.get("gid")) if isinstance(req.get("gid"), str) else None
    if held is not None:
        return {"names": list(held["s"].names), "me": held["me"]}
    rec = req.get("record")
    setup = rec.get("setup") if isinstance(rec, dict) else None
    parts = setup.get("parts") if isinstance(setup, dict) else None
    if isinstance(parts, list) and all(isinstance(p, dict) for p in parts):
        return {"names": [p.get("name") if isinstance(p.get("name"), str) else "?" for p in parts], "me": rec.get("me")}
    return {}


def _named(info: Dict[str, Any]) -> Dict[str, Any]:
    """What of a refusal's details the page gets: numbers, words, lists of them."""
    def plain(v: Any) -> bool:
        return isinstance(v, (int, str)) or v is None
    return {k: v for k, v in info.items() if plain(v) or (isinstance(v, list) and all(plain(x) for x in v))}


def _dispatch(op: str, req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    if op == "friends_create":
        gid = unb64(req.get("fid"), "the game id")
        if len(gid) != lobby.GID_BYTES:
            raise ValueError("fid must be 8 bytes")
        clock = req.get("clock", lobby.DEFAULT_CLOCK)
        rec = device.create(gid, req.get("game"), req.get("options") or {}, req.get("seats") or [],
                            req.get("pub") or {}, root_of(req), clock=clock)
        # the options, checked as a new game checks them
        GAMES[rec["setup"]["game"]].Options(**rec["setup"]["options"])
        return {"record": rec, "invites": _invites(rec), "fingerprints": device.fingerprints(rec["setup"])}
    if op == "friends_invite":
        rec = record_in(req)
        return {"record": rec, "link": b64(device.invite_link(rec, req.get("p"), unb64(req.get("sig"), "a signature")))}
    if op == "friends_read":
        return read(data_of(req))
    if op == "friends_join":
        rec, message = device.join(data_of(req), req.get("pub") or {}, root_of(req))
        return {"record": rec, "message": b64(message), "fingerprints": device.fingerprints(rec["setup"])}
    if op == "friends_join_link":
        rec = record_in(req)
        return {"record": rec, "link": b64(device.join_link(rec, unb64(req.get("sig"), "a signature")))}
    if op == "friends_take_join":
        rec, checks, p = device.take_join(record_in(req), data_of(req))
        return {"record": rec, "checks": checks_out(checks), "p": p, "fingerprints": device.fingerprints(rec["setup"])}
    if op == "friends_start":
        gid, root = gid_of(req), root_of(req)
        rec = record_in(req)
        s = device.start(rec, root)
        held = hold(gid, {"s": s, "me": 0, "root": root, "key": rec.get("key") or s.keys[0][0][2]}, games)
        own_moves(held, now_of(req))
        touch(held, now_of(req))
        return snapshot(gid, s.game)
    if op == "friends_load":
        gid = gid_of(req)
        held = hold(gid, held_from(record_in(req), root_of(req), now_of(req)), games)
        own_moves(held)
        return snapshot(gid, held["s"].game)
    if op == "friends_sign":
        held = held_of(req)
        todo = held["s"].to_sign(held["me"])
        return {"j": todo[0], "message": b64(todo[1])} if todo else None
    if op == "friends_link":
        return _link(req)
    if op == "friends_seal":
        return {"link": b64(data_of(req, "body") + unb64(req.get("sig"), "a signature"))}
    if op in ("friends_check", "friends_apply", "friends_switch"):
        return _open(op, req, games, snapshot)
    if op == "friends_match":
        return {"fid": match(data_of(req), req.get("records") or [])}
    raise ValueError(f"unknown op '{op}'")


def _link(req: Dict[str, Any]) -> Dict[str, Any]:
    """This device's turn link as the log stands (its entries signed first:
    ``sig`` of ``j``), without the sender's signature: ``{body, message}``
    for the page to sign (then ``friends_seal``); the wait for the one it
    goes to starts now."""
    held = held_of(req)
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
    if ballot and ballot.get("kind", "retire") == "retire" and ballot.get("at") != len(s.entries):
        ballot = None
    held["forks"] = links.unsettled(s, held.get("forks")) or None
    body = links.turn_body(s, me, budget - 86, ballot=_ballot_out(ballot), forks=held.get("forks") or ())
    touch(held, now_of(req), sent=not req.get("vote"))   # a ballot's link sends no turn: the wait goes on
    return {"body": b64(body), "message": b64(links.link_message(body)), "record": record_of(held),
            "friends": _status(held)}


def _ballot_out(ballot: Optional[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
    if not ballot:
        return None
    return {k: v for k, v in ballot.items() if k != "name"}


def _invites(rec: Dict[str, Any]) -> list:
    return [{"p": p, "message": b64(device.invite_message(rec, p))} for p in range(1, len(rec["setup"]["parts"]))]


def read(data: bytes) -> Dict[str, Any]:
    """What a link is, for the page to decide where it goes."""
    from . import rejoin
    kind = links.kind_of(data)
    if kind == links.INVITE:
        setup, p, checks = device.read_invite(data)
        rules = GAMES[setup["game"]]
        return {"kind": "invite", "fid": setup["gid"], "p": p, "game": setup["game"], "title": rules.title,
                "seats": setup["seats"], "parts": [{"name": x["name"]} for x in setup["parts"]],
                "clock": lobby.clock_of(setup), "fingerprints": device.fingerprints(setup), "checks": checks_out(checks)}
    if kind == links.JOIN:
        _kind, body, _sig = links.read_signed(data)
        return {"kind": "join", "fid": body.get("gid"), "p": body.get("p"), "name": body.get("name")}
    if kind == links.REQUEST:
        r = rejoin.read_request(data)
        return {"kind": "request", "fid": b64(r["gid"]), "q": r["q"], "name": r["name"],
                "fp": device.fingerprint(r["alg"], b64(r["key"]))}
    if kind == links.CATCHUP:
        r = rejoin.read_piece(data)
        return {"kind": "catchup", "fid": b64(r["gid"]), "sender": r["sender"], "part": r["part"], "parts": r["parts"]}
    t = links.read_turn(data)
    return {"kind": "turn", "fid": b64(t.gid), "sender": t.sender, "base": t.base}


def match(data: bytes, records: list) -> Optional[str]:
    """The game id of the one of this device's games (``records``, in play)
    a turn link whose game id this device does not know continues: its head
    where it starts is that game's there (its id was changed on the way);
    None when it is none of them (a game this browser has not joined)."""
    t = links.read_turn(data)
    for rec in records:
        try:
            s, _me = links.from_record(rec)
        except LinkError:
            continue
        if t.gid != s.gid and t.base <= len(s.entries) and s.heads[t.base][:links.HEAD_PREFIX] == t.head:
            return rec["setup"]["gid"]
    return None


def _open(op: str, req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    """``friends_check``: what a turn link is to this device's record, with the
    signatures to verify (nothing changes); ``friends_apply`` (once they
    verified): the same, taken in, and the game's snapshot; ``friends_switch``
    (a fork whose other version is the game): go over to it.  A link refused
    for what it holds is ``refused`` (its reason in ``info``), said once its
    signatures verify; applied, it only notes when this device first saw the
    game wait for the player a hand-over names (the turn clock runs from there)."""
    from . import votes
    gid = gid_of(req)
    rec = record_in(req)
    now = now_of(req)
    held = SESSIONS.get(gid)
    if rec.get("stage") == "play" and not _holds(held, rec):
        root = root_of(req) if root_of(req) is not None else (held or {}).get("root")
        held = hold(gid, held_from(rec, root, now), games)   # the record's game, replayed once: kept for the apply
    session = held["s"] if held and rec.get("stage") == "play" else None
    key = (req.get("data"), id(session), len(session.entries) if session else -1)
    cached = CHECKED.pop(gid, None)
    if op != "friends_check" and cached and cached[0] == key:
        out = cached[1]
    else:
        out = device.open_link(rec, session, data_of(req))
        # a hand-over (or a seat given to another device by one player) only once this
        # device's own records say the game waited for that player longer than the clock
        out = votes.clock_check(held if session is not None else rec, out, now)
    if op == "friends_check":
        CHECKED[gid] = (key, out)   # the apply that follows (once the page verified) reuses it
    me = held["me"] if held and session is not None else rec.get("me")
    info = dict(out.info, status=out.status, me=me)
    view_of = out.session or session
    if view_of is not None:
        info["names"] = view_of.names
    elif isinstance(rec.get("setup"), dict):
        info["names"] = [p.get("name") for p in rec["setup"]["parts"]]
    if op == "friends_check":
        return {"status": out.status, "checks": checks_out(out.checks), "info": _named_info(info)}
    if out.status == "refused":
        return _refused(gid, held if session is not None else None, rec, info, games)
    root = root_of(req) if root_of(req) is not None else (held or {}).get("root")
    if out.status == "fork":
        return _fork(op, gid, held, out, info, root, now, games, snapshot)
    if out.status != "new" and info.get("ballot"):
        # nothing new but a vote: the device keeps it (its signatures verified by the page)
        held["ballot"] = merge(held.get("ballot"), info["ballot"])
        hold(gid, held, games)
        return snapshot(gid, session.game) | {"opened": _named_info(info)}
    if out.status != "new":
        raise FriendsError(out.status, f"the link is not new ({out.status})", _named_info(info))
    s = out.session
    s.keep_signatures([c for c in out.checks if c.kind == "turn"])
    if held is None or session is None:   # the start, on a friend's device
        held = {"s": s, "me": me, "root": root, "key": rec.get("key") or s.keys[me][0][2], "waits": rec.get("waits")}
    ballot = merge(_still_open(held.get("ballot"), s), info.get("ballot"))
    held = hold(gid, dict(held, s=s, root=root, ballot=ballot), games)
    own_moves(held, now)
    touch(held, now)
    return snapshot(gid, s.game) | {"opened": _named_info(info)}


def _refused(gid: str, held: Optional[Dict[str, Any]], rec: Dict[str, Any], info: Dict[str, Any],
             games: Dict[str, Any]) -> Any:
    """A link refused for what it holds, its signatures verified: nothing is
    taken in; a hand-over this device saw the wait of for the first time
    notes when (``{refused, record}``), else the refusal."""
    from .status import note_wait
    named = _named_info(info)
    wait = info.get("note")
    if not wait:
        raise FriendsError(info["reason"], "the link is refused", named)
    if held is not None:
        note_wait(held, wait, info["since"])
        hold(gid, held, games)
        return {"refused": named, "record": record_of(held)}
    rec = dict(rec)
    note_wait(rec, wait, info["since"])
    return {"refused": named, "record": rec}


def _holds(held: Optional[Dict[str, Any]], rec: Dict[str, Any]) -> bool:
    """Whether the game held here is the record's, or the record's with more
    since (a bot's step or a move the page has not stored yet): then it is
    kept, else the record's game is replayed."""
    if held is None or held["s"].heads[0] != lobby.setup_digest(rec["setup"]):
        return False
    try:
        log = unb64(rec.get("log", ""), "the log")
    except LinkError:
        return False
    return held["s"].encode()[:len(log)] == log


def _still_open(ballot: Optional[Dict[str, Any]], s: Session) -> Optional[Dict[str, Any]]:
    """A ballot the log has not settled yet (a seat taken back is settled
    once its chain is in the log; a hand-over once its point has passed)."""
    if not ballot:
        return None
    if ballot.get("kind") == "rejoin":
        return None if unb64(ballot["anchor"]) in s.anchors else ballot
    return ballot if ballot.get("at") == len(s.entries) and ballot["q"] in s.active() else None


def _named_info(info: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in info.items() if k not in ("evidence",)}


def _fork(op: str, gid: str, held: Dict[str, Any], out: Any, info: Dict[str, Any], root: Optional[bytes],
          now: float, games: Dict[str, Any], snapshot: Callable) -> Any:
    """A fork, its signatures verified: the device keeps its version (and the
    double signer's evidence, to add when it next acts), or goes over to the
    link's (``friends_switch``, when that one is the game).  The double
    signer's own device keeps the evidence too: with two players the other
    device may be lost before it acts again, and the evidence with it."""
    ev = out.info.get("evidence")
    if not any(f[0] == info["at"] for f in held.get("forks") or []):
        held["forks"] = (held.get("forks") or []) + [[info["at"], len(held["s"].entries)]]
    if op == "friends_apply":
        if info["keep"] != "mine":
            raise FriendsError("fork", "the other version is the game: go over to it", _named_info(info))
        if ev and not _has_evidence(held, ev):
            held["evidence"] = (held.get("evidence") or []) + [ev]
        hold(gid, held, games)
        own_moves(held)
        return snapshot(gid, held["s"].game) | {"opened": _named_info(info)}
    branch = out.session
    branch.keep_signatures([c for c in out.checks if c.kind == "turn"])
    done = heal.go_over(held["s"], branch, info["at"], held["me"], root, held.get("epoch0") or 0, held.get("key"))
    new = dict(held, s=branch, root=root, ballot=_still_open(held.get("ballot"), branch))
    if ev and not _has_evidence(held, ev):
        new["evidence"] = (held.get("evidence") or []) + [ev]
    hold(gid, new, games)
    own_moves(new, now)
    touch(new, now)
    return snapshot(gid, branch.game) | {"opened": _named_info(info), "switched": done}


def _has_evidence(held: Dict[str, Any], ev: Dict[str, Any]) -> bool:
    s = held["s"]
    queued = any(e["p"] == ev["p"] and e["at"] == ev["at"] for e in held.get("evidence") or [])
    logged = any(x[0] == "x" and x[2] == ev["p"] and x[3] == ev["at"] for x in s.entries)
    return queued or logged
