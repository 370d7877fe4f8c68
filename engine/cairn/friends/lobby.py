"""A friends' game before its first move: the set-up, invites, joins, the start.

The *set-up* is what every device of the game holds alike (its hash is the
head of the log before any move)::

    {"v": 3, "gid": b64(8 bytes), "game", "options", "depth", "clock",
     "seats": [{"name", "kind": "human" | "bot", "level"?, "owner": participant}],
     "parts": [{"name", "alg": "ed25519" | "p256", "key", "anchor", "first"}]}

``clock``: the turn clock, in seconds, chosen by the host (how long a
player may keep the game waiting before the others can hand their seat to a
bot).  Set-ups of version 1 (games begun before the clock) have none: they
take :data:`DEFAULT_CLOCK`.  From version 3 a hand-over in a two-player game
takes back the move waiting for the silent player's draw value (nothing was
drawn) instead of drawing from the other player's value alone, and its note
names who asked (:mod:`cairn.friends.session`); games begun before keep the
rules they began with.

Participant 0 is the host (the device that created the game: it holds its
own seat, every seat played here in turn and every bot); each friend's seat
has a participant of its own.  The host signs an *invite* per friend seat (its
anchor committed, its first value not yet shown); the friend's device answers
with a *join* (its key, anchor and first value c_1, signed); the *start* is
the whole set-up, with the host's c_1 revealed last, so no one could aim the
seed (:func:`cairn.friends.commit.setup_seed`).
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..bots import LEVELS
from ..core.registry import GAMES
from . import commit
from ..core.codec import LinkError, b64, canonical, unb64

VERSION = 3
VERSIONS = (1, 2, 3)  # set-ups this app reads (1: before the turn clock; 2: before a hand-over took back a pending draw)
CLOCKS = (3600, 86400, 3 * 86400, 7 * 86400)   # the turn clocks offered: 1 hour, 1 day, 3 days, a week
DEFAULT_CLOCK = 86400
GID_BYTES = 8
KEY_BYTES = {"ed25519": 32, "p256": 65}
SIG_BYTES = 64
MAX_NAME = 40


def bad(message: str) -> LinkError:
    return LinkError("malformed", message)


def clock_of(setup: Dict[str, Any]) -> int:
    """The game's turn clock in seconds."""
    return setup.get("clock") or DEFAULT_CLOCK


def new_setup(gid: bytes, game: str, options: Dict[str, Any], seats: List[Dict[str, Any]],
              host: Dict[str, Any], depth: int = commit.DEPTH, clock: int = DEFAULT_CLOCK) -> Dict[str, Any]:
    """The host's set-up: ``seats`` are ``{"kind": "here" | "friend" | "bot", "level"?, "name"}``
    (seat 0 is the host's own); ``host`` is ``{"name", "alg", "key", "anchor"}``;
    ``clock`` one of :data:`CLOCKS`."""
    if game not in GAMES:
        raise bad(f"unknown game '{game}'")
    if clock not in CLOCKS:
        raise bad("unknown turn clock")
    parts = [_part(host)]
    plan = []
    for i, s in enumerate(seats):
        kind = s.get("kind")
        name = _name(s.get("name"), f"Player {i + 1}")
        if i == 0 and kind != "here":
            raise bad("the first seat is the host's own")
        if kind == "friend":
            parts.append({"name": name})
            plan.append({"name": name, "kind": "human", "owner": len(parts) - 1})
        elif kind == "here":
            plan.append({"name": name, "kind": "human", "owner": 0})
        elif kind == "bot":
            level = s.get("level") or "medium"
            if level not in LEVELS:
                raise bad(f"unknown bot level '{level}'")
            plan.append({"name": name, "kind": "bot", "level": level, "owner": 0})
        else:
            raise bad(f"seat {i + 1}: a seat is 'here', 'friend' or 'bot'")
    if len(parts) < 2:
        raise bad("a game with friends needs at least one friend's seat")
    rules = GAMES[game]
    if not rules.min_players <= len(plan) <= rules.max_players:
        raise bad(f"{rules.title} takes {rules.min_players}-{rules.max_players} players")
    return {"v": VERSION, "gid": b64(gid), "game": game, "options": dict(options or {}),
            "depth": depth, "clock": clock, "seats": plan, "parts": parts}


def _name(value: Any, default: str) -> str:
    text = value.strip() if isinstance(value, str) else ""
    return (text or default)[:MAX_NAME]


def _part(d: Dict[str, Any], first: bool = False) -> Dict[str, Any]:
    """A joined participant's public fields, checked."""
    alg = d.get("alg")
    if alg not in KEY_BYTES:
        raise bad("unknown signature algorithm")
    key = unb64(d.get("key"), "a key")
    if len(key) != KEY_BYTES[alg]:
        raise bad("a public key has the wrong length")
    if len(unb64(d.get("anchor"), "an anchor")) != commit.VALUE_BYTES:
        raise bad("a commitment has the wrong length")
    out = {"name": _name(d.get("name"), "Player"), "alg": alg, "key": d["key"], "anchor": d["anchor"]}
    if first:
        out["first"] = d.get("first")
    return out


def invite_body(setup: Dict[str, Any], p: int) -> Dict[str, Any]:
    """What the invite for participant ``p`` says (the host signs its digest)."""
    return {"setup": setup, "p": p}


def body_digest(kind: bytes, body: Dict[str, Any]) -> bytes:
    return commit.digest(b"cairn-friends/" + kind, canonical(body))


def setup_digest(setup: Dict[str, Any]) -> bytes:
    """h_0: the head of the log before any move."""
    return body_digest(b"setup", setup)


def check_invite(body: Dict[str, Any]) -> Dict[str, Any]:
    """An invite's set-up, checked enough to show and to join."""
    setup, p = body.get("setup"), body.get("p")
    if not isinstance(setup, dict) or not isinstance(p, int) or isinstance(p, bool):
        raise bad("the invite is malformed")
    check_setup(setup, complete=False)
    if not 1 <= p < len(setup["parts"]) or "key" in setup["parts"][p]:
        raise bad("the invite names no free seat")
    return setup


def join_body(setup: Dict[str, Any], p: int, me: Dict[str, Any], first: bytes, invite: bytes) -> Dict[str, Any]:
    return {"gid": setup["gid"], "p": p, "name": _name(me.get("name"), setup["parts"][p]["name"]),
            "alg": me["alg"], "key": me["key"], "anchor": me["anchor"], "first": b64(first),
            "invite": b64(invite[:8])}


def accept_join(setup: Dict[str, Any], body: Dict[str, Any], invite: bytes) -> Dict[str, Any]:
    """The host's set-up with the join ``body`` taken in (a new set-up); the
    join's signature is checked by the page with the key it carries."""
    p = body.get("p")
    if body.get("gid") != setup["gid"]:
        raise LinkError("other_game", "this answer is for another game")
    if not isinstance(p, int) or isinstance(p, bool) or not 1 <= p < len(setup["parts"]):
        raise bad("the answer names no seat of this game")
    if body.get("invite") != b64(invite[:8]):
        raise LinkError("other_invite", "the answer is to another invite of this game", part=p)
    part = _part(body, first=True)
    gid = unb64(setup["gid"])
    first = unb64(part["first"], "a first value")
    if not commit.follows(unb64(part["anchor"]), first, gid, p, 1):
        raise LinkError("bad_reveal", "the answer's first value does not match its commitment")
    old = setup["parts"][p]
    if "key" in old and (old["key"] != part["key"] or old["anchor"] != part["anchor"]):
        # an invite is answered once: a second device's answer is refused, both devices named
        raise LinkError("answered", "this seat was answered already by another device", part=p,
                        fp=commit.fingerprint(old["alg"], unb64(old["key"])),
                        other=commit.fingerprint(part["alg"], unb64(part["key"])))
    new = dict(setup, parts=[dict(q) for q in setup["parts"]])
    new["parts"][p] = part
    # the friend's own name for themselves names their seat
    new["seats"] = [dict(s, name=part["name"]) if s["owner"] == p else dict(s) for s in setup["seats"]]
    return new


def joined(setup: Dict[str, Any]) -> List[bool]:
    return ["key" in p for p in setup["parts"]]


def start(setup: Dict[str, Any], host_first: bytes) -> Dict[str, Any]:
    """The whole set-up: every friend joined, the host's c_1 revealed."""
    if not all(joined(setup)):
        raise bad("not every friend has joined yet")
    new = dict(setup, parts=[dict(q) for q in setup["parts"]])
    new["parts"][0]["first"] = b64(host_first)
    check_setup(new, complete=True)
    return new


def check_setup(setup: Dict[str, Any], complete: bool = True) -> None:
    """Refuse a set-up that is malformed, names an unknown game or seat plan,
    or (``complete``) lacks a participant or has a first value that does not
    follow its anchor."""
    if not isinstance(setup, dict) or setup.get("v") not in VERSIONS:
        raise LinkError("version", "the game's settings are from another version of the app")
    if setup["v"] >= 2 and setup.get("clock") not in CLOCKS:
        raise bad("the game's settings are malformed")
    gid = unb64(setup.get("gid"), "the game id")
    if len(gid) != GID_BYTES or setup.get("game") not in GAMES:
        raise bad("the game's settings are malformed")
    depth = setup.get("depth")
    if not isinstance(depth, int) or not 8 <= depth <= 4096:
        raise bad("the game's settings are malformed")
    parts, seats = setup.get("parts"), setup.get("seats")
    if not isinstance(parts, list) or not 2 <= len(parts) <= 5 or not isinstance(seats, list):
        raise bad("the game's settings are malformed")
    if not isinstance(setup.get("options"), dict):
        raise bad("the game's settings are malformed")
    for i, s in enumerate(seats):
        if not isinstance(s, dict) or s.get("kind") not in ("human", "bot") or not isinstance(s.get("owner"), int) \
                or not 0 <= s["owner"] < len(parts) or not isinstance(s.get("name"), str) or len(s["name"]) > MAX_NAME:
            raise bad(f"seat {i + 1} of the settings is malformed")
        if s["kind"] == "bot" and (s.get("level") not in LEVELS or s["owner"] != 0):
            raise bad(f"seat {i + 1} of the settings is malformed")
    for p, part in enumerate(parts):
        if not isinstance(part, dict):
            raise bad("the game's settings are malformed")
        if p and not any(s["owner"] == p for s in seats):
            raise bad("a participant holds no seat")
        if "key" in part or p == 0 or complete:
            _part(part)
        if complete:
            first = unb64(part.get("first"), "a first value")
            if not commit.follows(unb64(part["anchor"]), first, gid, p, 1):
                raise LinkError("bad_reveal", f"{part['name']}'s first value does not match their commitment")
        elif "first" in part and p == 0:
            raise bad("the invite shows the host's first value too soon")


def seed_of(setup: Dict[str, Any]) -> int:
    gid = unb64(setup["gid"])
    return commit.setup_seed(gid, [unb64(p["first"]) for p in setup["parts"]])


def engine_seats(setup: Dict[str, Any]) -> List[Dict[str, Any]]:
    out = []
    for s in setup["seats"]:
        seat: Dict[str, Any] = {"kind": s["kind"], "name": s["name"]}
        if s["kind"] == "bot":
            seat["level"] = s["level"]
        out.append(seat)
    return out


def find_part(setup: Dict[str, Any], key: str) -> Optional[int]:
    for p, part in enumerate(setup["parts"]):
        if part.get("key") == key:
            return p
    return None
