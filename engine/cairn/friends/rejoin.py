"""A player who lost the game on their device (a new phone, a cleared
browser), or whose seat was handed to a bot, takes their seat back.

* The device makes a key (a new one, or keeps its own) and a new chain, and
  asks: from a device without the game, a *request* link
  (``5, gid(8), participant or 255, blob(name), alg, blob(key), anchor,
  request signature, link signature``); from a device in the game, the same
  ballot inside its turn links (:mod:`cairn.friends.links`).  The request
  signature (:func:`cairn.friends.session.request_message`) is kept in the
  log's entry; the link's covers every byte of the link.
* The others accept (a majority of them; with two players, the other one):
  each signs :func:`cairn.friends.session.rejoin_message`; the one who makes
  the majority adds the entry (:data:`cairn.friends.entries.REJOIN`): from
  there on the seat signs with that key and draws from the new chain.
* That device sends the whole game to the returning one: a *catch-up*, in as
  few links as fit (``6, sender, gid(8), part, parts, tag(4), blob(piece),
  link signature``).  Its pieces, joined, are ``blob(set-up), blob(the log,
  compact), signatures``: a draw value the next value of the same chain in
  the log tells is left out (hashing that one down gives it), so a whole
  game fits in one or two links.  The returning device checks it all (the
  rules, the chains, every signature, its own request in the log) before it
  keeps anything.
"""
from __future__ import annotations

import hashlib
from typing import Any, Dict, List, Optional, Tuple

from . import commit, entries as E, lobby
from ..core.codec import LinkError, Reader, Writer, b64, damaged, pack_json, unb64, unpack_json
from .links import CATCHUP, LINK_BUDGET, REQUEST, link_message
from .session import Check, Session, request_message

UNKNOWN = 0xFF
PIECE_OVERHEAD = 1 + 1 + 8 + 1 + 1 + 4 + 3 + E.SIG_BYTES


# -- the request --------------------------------------------------------------------------
def request_body(gid: bytes, q: Optional[int], name: str, alg: str, key: bytes, anchor: bytes, request: bytes) -> bytes:
    """A request link without its signature (the page signs :func:`link_message` of it)."""
    w = Writer().u8(REQUEST).raw(gid).u8(UNKNOWN if q is None else q)
    w.blob(name.encode()[:120]).u8(E.ALGS.index(alg)).blob(key).raw(anchor).raw(request)
    return w.bytes()


def read_request(data: bytes) -> Dict[str, Any]:
    r = Reader(data)
    if r.u8() != REQUEST:
        raise damaged("it is not a request")
    gid, q = r.raw(lobby.GID_BYTES), r.u8()
    try:
        name = r.blob(120).decode("utf-8")[:lobby.MAX_NAME]
    except UnicodeDecodeError:
        raise damaged("its name is not text") from None
    a = r.u8()
    if a >= len(E.ALGS):
        raise damaged("it names an unknown signature algorithm")
    alg = E.ALGS[a]
    key = r.blob(128)
    if len(key) != E.KEY_BYTES[alg]:
        raise damaged("its key has the wrong length")
    anchor, request = r.raw(commit.VALUE_BYTES), r.raw(E.SIG_BYTES)
    body = data[:r.at]
    sig = r.raw(E.SIG_BYTES)
    if r.left:
        raise damaged("it has extra data")
    return {"gid": gid, "q": None if q == UNKNOWN else q, "name": name, "alg": alg, "key": key,
            "anchor": anchor, "request": request, "body": body, "sig": sig}


def request_checks(req: Dict[str, Any]) -> List[Check]:
    """The request's two signatures, both by the key it brings."""
    key = b64(req["key"])
    return [Check(-1, request_message(req["gid"], req["alg"], req["key"], req["anchor"]), req["request"], req["alg"], key, "request"),
            Check(-1, link_message(req["body"]), req["sig"], req["alg"], key, "sender")]


def ballot_of_request(req: Dict[str, Any], q: int) -> Dict[str, Any]:
    return {"kind": "rejoin", "q": q, "alg": req["alg"], "key": b64(req["key"]), "anchor": b64(req["anchor"]),
            "request": b64(req["request"]), "name": req["name"], "votes": {}}


# -- the catch-up ----------------------------------------------------------------------------
def payload(s: Session) -> bytes:
    w = Writer().blob(pack_json(s.setup)).blob(E.encode(E.compact(s.entries, s.epochs), compact=True))
    signers = s.signers(0, len(s.entries))
    w.u8(len(signers))
    for p, e, j in signers:
        sig = s.signature(p, e)
        if sig is None:
            raise ValueError("a signature of the log is missing")
        w.u8(p | e << 3).varint(j).raw(sig)
    return w.bytes()


def pieces(s: Session, me: int, budget: int = LINK_BUDGET) -> List[bytes]:
    """The catch-up's links, each without its signature (the page signs
    :func:`link_message` of each): as many as the budget needs."""
    data = payload(s)
    size = max(64, budget * 3 // 4 - PIECE_OVERHEAD)
    chunks = [data[i:i + size] for i in range(0, len(data), size)] or [b""]
    if len(chunks) > 32:
        raise ValueError("the game is too long to send in links: export it as a file")
    tag = hashlib.sha256(data).digest()[:4]
    return [Writer().u8(CATCHUP).u8(me).raw(s.gid).u8(i).u8(len(chunks)).raw(tag).blob(c).bytes()
            for i, c in enumerate(chunks)]


def read_piece(data: bytes) -> Dict[str, Any]:
    r = Reader(data)
    if r.u8() != CATCHUP:
        raise damaged("it is not a part of a game")
    sender, gid, part, parts, tag = r.u8(), r.raw(lobby.GID_BYTES), r.u8(), r.u8(), r.raw(4)
    chunk = r.blob(1 << 14)
    body = data[:r.at]
    sig = r.raw(E.SIG_BYTES)
    if r.left or not 0 <= part < parts:
        raise damaged("it has extra data")
    return {"sender": sender, "gid": gid, "part": part, "parts": parts, "tag": tag, "chunk": chunk,
            "body": body, "sig": sig}


def assemble(got: Dict[str, str]) -> Optional[Tuple[bytes, List[Dict[str, Any]]]]:
    """The payload once every part is in (``got``: part number -> the link's
    bytes in base64url), with the parts; None while some are missing."""
    read = [read_piece(unb64(v)) for _k, v in sorted(got.items(), key=lambda kv: int(kv[0]))]
    if not read or len(read) != read[0]["parts"]:
        return None
    if any(p["tag"] != read[0]["tag"] or p["parts"] != read[0]["parts"] or p["gid"] != read[0]["gid"]
           or p["part"] != i for i, p in enumerate(read)):
        raise LinkError("catchup_mixed", "these parts are of different sendings of the game")
    data = b"".join(p["chunk"] for p in read)
    if hashlib.sha256(data).digest()[:4] != read[0]["tag"]:
        raise damaged("its parts do not fit together")
    return data, read


def replay(data: bytes, strict_from: Any = None) -> Tuple[Session, List[Check]]:
    """The session a catch-up holds, replayed through the rules, and every
    signature to verify (nothing is kept before they verify).  ``strict_from``
    (a function of the log read, giving where the entries new to this device
    begin): from there every entry is checked as a link's are (the session's
    ``strict``); a device with no game (0) checks the whole past so but for
    its bots' moves, which the others played again as each came."""
    r = Reader(data)
    setup = unpack_json(r.blob())
    log = E.read_entries(r.blob(1 << 20), compact=True)
    sigs: Dict[Tuple[int, int], bytes] = {}
    for _ in range(r.u8()):
        pe, _j = r.u8(), r.varint()
        sigs[(pe & 7, pe >> 3)] = r.raw(E.SIG_BYTES)
    if r.left:
        raise damaged("it has extra data")
    s = Session(setup)
    start = strict_from(log) if strict_from is not None else len(log)
    s.bot_check = start > 0
    for i, e in enumerate(E.fill(s, log)):
        s.strict = i >= start
        s.append(e)
    s.strict, s.bot_check = False, True
    checks = s.checks(0, len(s.entries), sigs) + s.votes
    s.keep_signatures(checks)
    return s, checks


def taken_back_by(s: Session, key: str, anchor: str) -> Optional[Tuple[int, int]]:
    """``(participant, epoch)`` whose seat the log gave to ``key`` with the
    chain ``anchor``, or None."""
    for p in range(s.parts):
        for e, (_start, _alg, k) in enumerate(s.keys[p]):
            if e and k == key and s.values[p] and _anchor_at(s, p, e) == anchor:
                return p, e
    return None


def _anchor_at(s: Session, p: int, e: int) -> Optional[str]:
    n = 0
    for entry in s.entries:
        if entry[0] == E.REJOIN and entry[1] == p:
            n += 1
            if n == e:
                return b64(entry[4])
    return None
