"""The worker's requests about seats: handing a silent player's seat to a bot
(only once the turn clock ran out by the voter's own records), taking a seat
back (a player whose seat went to a bot, or who lost the game on their
device: a new key), accepting that, and sending the whole game to a device
that took its seat back (:mod:`cairn.friends.rejoin`).

A *ballot* (kept in the device's record until the log settles it) is
``{"kind": "retire", "q", "at", "by", "votes"}`` (``by``: who asked) or
``{"kind": "rejoin", "q", "alg", "key", "anchor", "request", "name"?,
"votes"}`` (``votes``: voter -> signature, base64url).

Every device checks by its own records, when it takes in a hand-over (or a
seat still played given to another device by the one player left to accept
it), that the game had waited for that player longer than the turn clock
(:func:`clock_check`); the time in the entry decides nothing.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, Optional

from . import commit, device, links, lobby, rejoin
from ..core.codec import LinkError, b64, unb64
from .entries import minutes_of
from .held import (SESSIONS, FriendsError, checks_out, gid_of, held_from, held_of, hold, merge, now_of, own_moves,
                   record_in, root_of)
from .session import majority, rejoin_message, request_message
from .status import record_of, seen, status, touch, wait


# -- a seat handed to a bot ---------------------------------------------------------------------
def _silent(held: Dict[str, Any], q: Any, now: float, back: bool = False) -> int:
    """``q``, when this device may vote to hand its seat to a bot now (``back``:
    accept that another device takes it, the one player left to): the game
    waits for ``q`` and has, by this device's records, for the turn clock."""
    s = held["s"]
    if not isinstance(q, int) or q == held["me"] or q not in s.active() or len(s.active()) < 2 or s.game.is_over:
        raise ValueError("no such player to hand to a bot")
    if s.next_actor() != q:
        raise LinkError("accept_not_waited" if back else "not_waited", "the game is not waiting for this player",
                        part=q, waited=s.next_actor())
    w = wait(held)
    if w is None:
        raise LinkError("accept_too_soon" if back else "too_soon", "this device has not sent the turn this player is to answer", part=q)
    if now < w["until"]:
        raise LinkError("accept_too_soon" if back else "too_soon", "the turn clock has not run out yet", part=q,
                        since=int(w["since"]), until=int(w["until"]))
    return q


def early(holder: Dict[str, Any], s: Any, start: int, now: float) -> Optional[Dict[str, Any]]:
    """The refusal (its ``info``) of the first hand-over among ``s``'s entries
    from ``start`` on (or seat still played given to another device by the one
    player left) made before the game had waited for that player, by this
    device's records (``holder``: its held game or record, with ``waits``),
    for the turn clock; None when there is none.  A wait this device never
    saw before begins now (the refusal notes it: ``note``)."""
    for e in s.events:
        if e["at"] < start or not e.get("wait"):
            continue
        began = seen(holder, e["wait"])
        since = int(began if began is not None else now)
        until = since + s.clock * 1000
        if now >= until:
            continue
        return {"reason": "handover_early" if e["kind"] == "bot" else "back_early", "part": e["p"], "turn": e["turn"],
                "by": e["asker"], "since": since, "until": until, "clock": s.clock, "first": began is None,
                "note": e["wait"] if began is None else None}
    return None


def clock_check(holder: Dict[str, Any], out: Any, now: float) -> Any:
    """``out`` (what a link is to this device), refused (:func:`early`) when it
    holds a hand-over this device's records do not allow yet; its checks
    stay (the page verifies them first: damage is told before the clock)."""
    from .outcome import Outcome
    if out.status not in ("new", "fork") or out.session is None:
        return out
    late = early(holder, out.session, out.start if out.status == "new" else out.info["at"], now)
    if late is None:
        return out
    refusal = Outcome("refused", checks=out.checks, sender=out.info.get("sender"), **late)
    refusal.link = out.link
    return refusal


def vote_message(req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    held = held_of(req)
    q = _silent(held, req.get("q"), now_of(req))
    return {"message": b64(links.vote_message(held["s"], q))}


def vote(req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    """This device agrees that ``q``'s seats be played by bots (its signature
    of the vote at the log's end).  With a majority of the others the entry
    goes in the log and the game goes on (a snapshot); else a ballot to send."""
    gid = gid_of(req)
    held = held_of(req)
    s, me = held["s"], held["me"]
    now = now_of(req)
    q = _silent(held, req.get("q"), now)
    at = len(s.entries)
    ballot = held.get("ballot")
    if not ballot or ballot.get("kind", "retire") != "retire" or ballot["q"] != q or ballot.get("at") != at:
        ballot = {"kind": "retire", "q": q, "at": at, "by": me, "votes": {}}
    ballot["votes"][str(me)] = req.get("sig")
    if len(ballot["votes"]) >= majority(len(s.active()) - 1):
        s.append(links.vote_entry("retire", ballot, me, minutes_of(now)))
        held["ballot"] = None
        own_moves(held)
        touch(held, now)
        return snapshot(gid, s.game) | {"retired": q}
    held["ballot"] = ballot
    return {"ballot": ballot, "need": majority(len(s.active()) - 1), "record": record_of(held), "friends": status(held)}


# -- a seat taken back ---------------------------------------------------------------------------
def ask_back(req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    """A device in the game whose seat went to a bot (or to another device)
    asks for it back with its own key and a new chain: the message its key
    signs (``friends_asked`` takes the signature)."""
    held = held_of(req)
    s, me = held["s"], held["me"]
    if me in s.active() and s.key_of(me)[1] == held.get("key"):
        raise ValueError("this device holds its seat")
    root = held.get("root")
    if root is None:
        raise LinkError("no_secret", "this device has lost its secret for this game")
    epoch = s.epoch(me) + 1
    anchor = commit.anchor(commit.epoch_root(root, epoch), s.gid, commit.ANY_SEAT, s.depth)
    alg, key = _own(held)
    held["asking"] = {"alg": alg, "key": key, "anchor": b64(anchor)}
    return {"message": b64(request_message(s.gid, alg, unb64(key), anchor))}


def _own(held: Dict[str, Any]):
    s, me = held["s"], held["me"]
    for _start, alg, key in s.keys[me]:
        if key == held.get("key"):
            return alg, key
    raise ValueError("this device's key is not in this game")


def asked(req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    """The request signed: a ballot of this device's own, sent in its links."""
    held = held_of(req)
    a = held.pop("asking", None)
    if not a:
        raise ValueError("no request is being made")
    ballot = {"kind": "rejoin", "q": held["me"], **a, "request": req.get("sig"), "votes": {}}
    held["ballot"] = ballot
    held["request"] = {"anchor": a["anchor"], "key": a["key"]}
    return {"record": record_of(held), "friends": status(held)}


def open_request(req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    """A request link from a device without the game: its signatures to check
    and whom it may be (``q``: the seat it names, else by name)."""
    held = held_of(req)
    r = rejoin.read_request(data_of_req(req))
    s = held["s"]
    if r["gid"] != s.gid:
        raise LinkError("other_game", "this request belongs to another game")
    if r["anchor"] in s.anchors:
        raise LinkError("applied", "this request was taken in already")
    guess = r["q"] if r["q"] is not None else next((p for p in range(s.parts) if s.names[p].lower() == r["name"].lower()), None)
    return {"checks": checks_out(rejoin.request_checks(r)), "q": r["q"], "guess": guess, "name": r["name"],
            "fp": device.fingerprint(r["alg"], b64(r["key"])), "names": s.names,
            "fps": [device.fingerprint(*s.key_of(p)) for p in range(s.parts)]}


def data_of_req(req: Dict[str, Any]) -> bytes:
    return unb64(req.get("data"), "the link")


def take_request(req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    """The request (its signatures verified), for seat ``q``: this device's ballot."""
    held = held_of(req)
    r = rejoin.read_request(data_of_req(req))
    q = req.get("q")
    s = held["s"]
    if not isinstance(q, int) or not 0 <= q < s.parts or q == held["me"] or r["gid"] != s.gid:
        raise ValueError("no such seat")
    held["ballot"] = merge(held.get("ballot"), rejoin.ballot_of_request(r, q))
    return {"record": record_of(held), "friends": status(held)}


def accept_message(req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    held = held_of(req)
    b = held.get("ballot")
    if not b or b.get("kind") != "rejoin":
        raise ValueError("no seat is asked back")
    s = held["s"]
    if b["q"] in s.active() and len([p for p in s.active() if p != b["q"]]) < 2:
        _silent(held, b["q"], now_of(req), back=True)
    return {"message": b64(rejoin_message(held["s"].gid, b["q"], b["alg"], unb64(b["key"]), unb64(b["anchor"])))}


def accept(req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    """This device accepts the ballot's request.  With a majority of the
    others the entry goes in the log: a snapshot, plus ``catchup``: the
    pieces of the whole game for the returning device to sign and send."""
    gid = gid_of(req)
    held = held_of(req)
    s, me = held["s"], held["me"]
    now = now_of(req)
    b = held.get("ballot")
    if not b or b.get("kind") != "rejoin" or b["q"] == me:
        raise ValueError("no seat is asked back")
    others = [p for p in s.active() if p != b["q"]]
    if b["q"] in s.active() and len(others) < 2:
        # the one player left alone gives a seat still played to another device only as it
        # could hand it to a bot: the game waits for it, longer than the turn clock
        _silent(held, b["q"], now, back=True)
    b["votes"][str(me)] = req.get("sig")
    need = majority(len(others))
    if len(b["votes"]) < need:
        return {"ballot": b, "need": need, "record": record_of(held), "friends": status(held)}
    s.append(links.vote_entry("rejoin", b, me, minutes_of(now)))
    held["ballot"] = None
    own_moves(held)
    touch(held, now)
    return snapshot(gid, s.game) | {"back": b["q"]}


def catchup(req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    """The whole game for a device that took its seat back: its links without
    their signatures, each with the message this device signs.  Everything
    of this device's must be signed first (``sig`` of ``j``, as ``friends_link``)."""
    held = held_of(req)
    s, me = held["s"], held["me"]
    if req.get("sig") is not None:
        todo = s.to_sign(me)
        if not todo or todo[0] != req.get("j"):
            raise ValueError("the signature is for another point of the game")
        s.sigs[me] = (todo[0], unb64(req.get("sig"), "a signature"))
    if s.unsigned(me):
        raise ValueError("sign your entries before sending the game")
    budget = req.get("budget")
    budget = budget if isinstance(budget, int) and 200 <= budget <= 100_000 else links.LINK_BUDGET
    bodies = rejoin.pieces(s, me, budget)
    return {"pieces": [{"body": b64(b), "message": b64(links.link_message(b))} for b in bodies],
            "record": record_of(held), "friends": status(held)}


# -- a device without the game ---------------------------------------------------------------------
def rejoin_begin(req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    """A device that lost the game asks to take seat ``q`` (or, from a turn
    link, a seat the others pick by ``name``) of game ``fid`` with its new key:
    the record to keep (stage ``rejoining``) and the message its key signs."""
    gid = unb64(req.get("fid"), "the game id")
    if len(gid) != lobby.GID_BYTES:
        raise ValueError("fid must be 8 bytes")
    pub, root = req.get("pub") or {}, root_of(req)
    if pub.get("alg") not in lobby.KEY_BYTES or root is None:
        raise ValueError("a key and a secret are needed")
    key = unb64(pub.get("key"), "a key")
    setup = None
    q = req.get("q")
    if req.get("invite"):
        setup, q, checks = device.read_invite(unb64(req["invite"], "the invite"))
    if q is not None and (not isinstance(q, int) or not 0 <= q < 5):
        raise ValueError("no such seat")
    depth = setup["depth"] if setup else commit.DEPTH
    anchor = commit.anchor(root, gid, commit.ANY_SEAT, depth)
    rec = {"v": 1, "stage": "rejoining", "fid": b64(gid), "me": q, "setup": setup, "name": pub.get("name") or "",
           "key": pub.get("key"), "alg": pub["alg"], "anchor": b64(anchor), "parts": {},
           "fp": device.fingerprint(pub["alg"], pub["key"])}
    return {"record": rec, "message": b64(request_message(gid, pub["alg"], key, anchor))}


def rejoin_link(req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    """The request link (its request signed: ``sig``), without its own signature."""
    rec = record_in(req)
    rec["request"] = req.get("sig")
    body = rejoin.request_body(unb64(rec["fid"]), rec.get("me"), rec.get("name") or "", rec["alg"],
                               unb64(rec["key"]), unb64(rec["anchor"]), unb64(req.get("sig"), "a signature"))
    rec["body"] = b64(body)
    return {"record": rec, "body": b64(body), "message": b64(links.link_message(body))}


def open_catchup(req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    """A part of the whole game, on the device that asked for its seat: kept
    in its record until all are in; then every signature to check."""
    rec = record_in(req)
    data = data_of_req(req)
    piece = rejoin.read_piece(data)
    fid = rec.get("fid") or rec["setup"]["gid"]
    if b64(piece["gid"]) != fid:
        raise LinkError("other_game", "this link belongs to another game")
    parts = dict(rec.get("parts") or {})
    if any(rejoin.read_piece(unb64(v))["tag"] != piece["tag"] for v in parts.values()):
        parts = {}   # a newer sending: start again with its parts
    parts[str(piece["part"])] = req.get("data")
    rec = dict(rec, parts=parts)
    got = rejoin.assemble(parts)
    if got is None:
        return {"status": "part", "have": len(parts), "of": piece["parts"], "record": rec}
    data, read = got
    s, checks = _replay(req, rec, data)
    senders = [rejoin.Check(p["sender"], links.link_message(p["body"]), p["sig"], *s.key_of(p["sender"]), "sender")
               for p in read]
    info = {"names": s.names, "sender": read[0]["sender"], "turn": s.game.turn_now}
    if rec.get("stage") == "play" and not rec.get("request"):
        return _in_game(req, rec, s, checks + senders, info)
    mine = rejoin.taken_back_by(s, rec.get("key"), rec.get("anchor") or (rec.get("request") or {}).get("anchor"))
    if mine is None:
        raise LinkError("not_back", "the others have not taken your request in yet: ask them again", sender=read[0]["sender"])
    invited = rec.get("setup") if rec.get("stage") == "rejoining" else None
    if invited and any(invited.get(k) != s.setup.get(k) for k in ("gid", "game", "depth")):
        raise LinkError("other_game", "this game is not the one you were invited to")
    return {"status": "complete", "checks": checks_out(checks + senders), "record": rec, "me": mine[0], "info": info}


def _in_game(req: Dict[str, Any], rec: Dict[str, Any], s, checks: list, info: Dict[str, Any]) -> Dict[str, Any]:
    """The whole game sent to a device that plays in it (a seat handed to a
    bot, a device left far behind): new to it, older, or another version
    (then which one is the game, as for a link)."""
    from . import heal
    held = SESSIONS.get(gid_of(req)) or held_from(rec, root_of(req), now_of(req))
    mine = held["s"]
    if mine.heads[0] != s.heads[0] or all(k[2] != held.get("key") for k in s.keys[held["me"]]):
        raise LinkError("other_game", "this game is not the one on this device")
    at = heal.parting(mine, s)
    info["me"] = held["me"]
    late = early(held, s, heal.parting_raw(mine, s.entries), now_of(req))
    if late is not None:
        info.update(late, status="refused")
        return {"status": "refused", "checks": checks_out(checks), "record": rec, "me": held["me"], "info": info}
    if at is None:
        status = "complete" if len(s.entries) > len(mine.entries) else "applied"
    elif at == len(s.entries):
        status = "stale"
    else:
        signed = {p: (j, s.signature(p, e)) for p, e, j in s.signers(at, len(s.entries)) if j > at and e == s.epoch(p)}
        info.update(heal.analyse(mine, s, at, held["me"], info["sender"], signed))
        info.pop("evidence", None)
        status = "fork"
    info["status"] = status
    return {"status": status, "checks": checks_out(checks), "record": rec, "me": held["me"], "info": info}


def _replay(req: Dict[str, Any], rec: Dict[str, Any], data: bytes):
    """A whole game sent to this device, replayed: the entries new to it
    checked as a link's are (the device with no game: its whole past but
    for its bots' moves)."""
    from . import heal
    if rec.get("stage") != "play":
        return rejoin.replay(data, strict_from=lambda log: 0)
    held = SESSIONS.get(gid_of(req)) or held_from(rec, root_of(req), now_of(req))
    return rejoin.replay(data, strict_from=lambda log: heal.parting_raw(held["s"], log))


def _late(gid: str, held: Dict[str, Any], late: Dict[str, Any], games: Dict[str, Any]) -> Any:
    """A whole game refused for a hand-over this device's records do not allow yet
    (:func:`early`): the wait it saw first now is noted, nothing else kept."""
    from .status import note_wait
    if not late.get("note"):
        raise FriendsError(late["reason"], "the game sent is refused", late)
    note_wait(held, late["note"], late["since"])
    hold(gid, held, games)
    return {"refused": late, "record": record_of(held)}


def take_catchup(req: Dict[str, Any], games: Dict[str, Any], snapshot: Callable) -> Any:
    """Every signature verified: the device plays its seat again (a device
    that took its seat back), or goes on from the whole game it was sent."""
    from . import heal
    gid = gid_of(req)
    rec = record_in(req)
    got = rejoin.assemble(rec.get("parts") or {})
    if got is None:
        raise ValueError("parts are missing")
    s, checks = _replay(req, rec, got[0])
    now = now_of(req)
    if rec.get("stage") == "play" and not rec.get("request"):
        held = SESSIONS.get(gid) or held_from(rec, root_of(req), now)
        mine = held["s"]
        late = early(held, s, heal.parting_raw(mine, s.entries), now)
        if late is not None:
            return _late(gid, held, late, games)
        at = heal.parting(mine, s)
        done = None
        if at is not None and at < len(s.entries):
            signed = {p: (j, s.signature(p, e)) for p, e, j in s.signers(at, len(s.entries)) if j > at and e == s.epoch(p)}
            info = heal.analyse(mine, s, at, held["me"], got[1][0]["sender"], signed)
            done = heal.go_over(mine, s, at, held["me"], held.get("root") or root_of(req), held.get("epoch0") or 0,
                                held.get("key"))
            if info.get("evidence"):   # the double signer's own device's too (see ops._fork)
                held["evidence"] = (held.get("evidence") or []) + [info["evidence"]]
        elif at is not None:
            raise LinkError("stale", "this game is older than the one on this device")
        held = hold(gid, dict(held, s=s, parts=None), games)
        own_moves(held, now)
        touch(held, now)
        return snapshot(gid, s.game) | ({"switched": done} if done else {})
    anchor = rec.get("anchor") or (rec.get("request") or {}).get("anchor")
    mine = rejoin.taken_back_by(s, rec.get("key"), anchor)
    if mine is None:
        raise LinkError("not_back", "the others have not taken your request in yet")
    q, epoch = mine
    new_device = rec.get("stage") == "rejoining"
    held = {"s": s, "me": q, "root": root_of(req), "key": rec.get("key"), "epoch0": epoch if new_device else (rec.get("epoch0") or 0)}
    if not new_device:
        held.update({k: rec[k] for k in ("since", "forks", "waits") if rec.get(k)})
    hold(gid, held, games)
    own_moves(held, now)
    touch(held, now)
    return snapshot(gid, s.game)


OPS = {
    "friends_vote_message": vote_message,
    "friends_vote": vote,
    "friends_ask_back": ask_back,
    "friends_asked": asked,
    "friends_open_request": open_request,
    "friends_take_request": take_request,
    "friends_accept_message": accept_message,
    "friends_accept": accept,
    "friends_catchup": catchup,
    "friends_rejoin_begin": rejoin_begin,
    "friends_rejoin_link": rejoin_link,
    "friends_open_catchup": open_catchup,
    "friends_take_catchup": take_catchup,
}
