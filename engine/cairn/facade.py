"""The JSON facade: the only Python the browser worker calls.  It sits on
top of everything (the games, the bots, ``core``); nothing imports it.

``handle(request_json) -> response_json``.  Every request carries an ``id``
and an ``op``; every reply carries the same ``id`` and either
``{"ok": true, "result": ...}`` or ``{"ok": false, "error": {"code", "message"}}``.
Expected failures (illegal move, bad save, bad request) are error replies;
only a bug produces ``code: "internal"``.

Ops: ``hello`` (optional ``lang``), ``lang`` (the language of every text
from now on: ``en``, ``pt-BR``, ``ro``), ``new``, ``load``, ``play``, ``undo``
(``to: "human"``: back to the last human decision, bots' replies included),
``bot``, ``hint``, ``state``, ``close``.  Games are held by ``gid`` (the
caller's id for the game).

``hint`` (a person to move): the medium bot's move for that seat
(:mod:`cairn.hint`; it sees only what the seat sees), answered as
``{move, index, label, hints, meta, complete}`` (``index`` in ``legal``,
``label`` the move's words, ``hints`` the plies at which hints were taken, now
this one too, kept in the save's ``meta``; ``complete`` false when the hint's
safety clock stopped its search, so a slower or busier device may have
answered otherwise); a history line of a move played right after a hint
carries ``hint: true``.  With ``hidden: k`` it answers the same
position with everything the seat cannot see dealt again from ``k`` (a check
that hints do not peek) and records nothing.

A snapshot also says what the page would otherwise work out: ``turn`` (the
number of the turn being played, by the game's own idea of a turn),
``last_move`` (``{ply, seat, move}``), and each history line's ``kind``
(``move``, ``idle``: a move that changes nothing worth telling, ``event``,
``scoring``: an event line with ``points``, each seat's gain), its ``turn``
and ``turn_start`` (the first move of a turn), and ``labels``: for each
move of ``legal`` (same order) ``{label, cost, group, info}`` in the reader's
language (``Rules.labels``: the button's text with what the move costs or
gives, a short cost for a mark on the board or null, a heading shared by
alternatives of one kind or null, a longer explanation or null).

Lean replies: ``play``, ``undo`` and ``bot`` given ``base`` (the ``rev`` of
the last snapshot of this game the caller holds) answer only what changed
since: ``{gid, rev, base, legal, scores, winners, delta: {view: edits (see
:mod:`cairn.core.delta`), labels: [entry | index], history: [from, lines],
moves: [from, moves], meta, chance?}}`` (``chance``: the save's chance entries
whole, for a game whose chance is fresh) - the caller keeps the view, the labels, the
history and the save by applying them (``web/js/delta.js``; a label given as
an index is that entry of the caller's table: the last whole snapshot's
labels, then every entry a lean reply sent whole since, in order).  Any
other ``base`` (or none) gets the whole snapshot, which always carries its
``rev``.

Replays: ``load`` with ``upto`` (a ply, 0 = the set-up) checks the whole
save like any load and answers the position after ``upto`` moves, plus
``replay: {ply, plies, history}`` (the whole game's history, for the move
list); ``seek`` with ``ply`` then moves that replay to any other ply
(answer: the snapshot without ``history`` and ``save`` - the history is the
whole history's lines up to that ply, the save the save's first ``ply``
moves - plus ``replay: {ply, plies}``).  A replay's gid is not
a game in play: ``play``/``undo``/``bot`` do not reach it.

Friends' games (:mod:`cairn.friends.ops`): the ``friends_*`` ops make and
read invites, joins and turn links and open a friends' game under a gid
(``friends_start``, ``friends_load``, ``friends_apply``); ``play``, ``bot``
and ``undo`` of such a gid go through its signed log, and each of its
snapshots and lean replies adds ``friends`` (whose turn, what is waiting for
whom, whether this device has a turn to send, and the record to store).  A
refusal is an error with ``code: "friends"``, a ``reason`` and ``info``.
"""
from __future__ import annotations

import json
import traceback
from typing import Any, Dict

from . import GAMES, IllegalMove, SaveError, __version__, load_game, new_game
from . import hint
from .bots import LEVELS, seat_move
from .core import delta, i18n
from .core.replay import Replay
from .core.rng import Rng
from .core.save import chance_log
from .core.later import Later

#: the friends' protocol: imported by the first friends_* request, not by a start
friends = Later("cairn.friends.ops")

_games: Dict[str, Any] = {}
_replays: Dict[str, Replay] = {}  # gid -> a saved game being replayed
_sent: Dict[str, Dict[str, Any]] = {}  # gid -> what its last snapshot held (for lean replies)
_revs = iter(range(1, 2**53))
MAX_REQUEST = 5_000_000


class BadRequest(ValueError):
    pass


def _friends_game(gid: Any) -> bool:
    """Whether ``gid`` is a friends' game (never imports the protocol)."""
    return friends.loaded and gid in friends.SESSIONS


def _forget_friends(gid: Any) -> None:
    if friends.loaded:
        friends.SESSIONS.pop(gid, None)


def catalogue() -> Dict[str, Any]:
    return {
        "engine_version": __version__,
        "bot_levels": sorted(LEVELS),
        "games": [
            {
                "name": r.name,
                "title": r.title,
                "min_players": r.min_players,
                "max_players": r.max_players,
                "seat_kinds": list(r.seat_kinds),
                "options": r.Options.model_json_schema(),
            }
            for r in GAMES.values()
        ],
    }


def snapshot(gid: str, game: Any, lean: bool = False) -> Dict[str, Any]:
    """Everything a renderer needs after any change (``lean``: without the
    history and the save, which a replay's page already holds)."""
    snap = {
        "gid": gid,
        "view": game.view(None),
        **_position(game),
        # the final table's names of the score breakdown's keys (never change in a game)
        "categories": {k: i18n._(v) for k, v in game.rules.score_categories.items()},
    }
    if not lean:
        snap.update(history=history_text(game), save=game.to_save())
        _remember(gid, game, _plain(snap["view"]), _label_table(snap["labels"]))
        snap["rev"] = _sent[gid]["rev"]
        if _friends_game(gid):
            snap["friends"] = friends.status(gid)
    return snap


def _outcome(game: Any) -> Any:
    """The end of the game in words when naming winners would be wrong (a
    solo rating), in the reader's language; else None."""
    line = game.outcome()
    return None if line is None else i18n.render(line, [s.name for s in game.seats])


def _plain(view: Dict[str, Any]) -> Dict[str, Any]:
    """The view as the caller reads it (JSON's lists for tuples), sharing
    nothing with the game's state: what later edits are made against."""
    return json.loads(json.dumps(view))


def _position(game: Any) -> Dict[str, Any]:
    """What every snapshot and lean reply says of the position now."""
    legal = [] if game.is_over else game.legal_moves()   # generated once: the turn and labels read it too
    return {
        "legal": legal,
        "labels": labels(game, legal),
        "scores": game.scores(),
        "winners": game.winners(),
        "turn": game.turn_with(legal),
        "last_move": game.last_move,
        "outcome": _outcome(game),
    }


def labels(game: Any, legal: list) -> list:
    """Each legal move's ``{label, cost, group, info}`` in the reader's
    language (``Rules.labels``, rendered here; same length and order as
    ``legal``)."""
    names = [s.name for s in game.seats]
    out = []
    for entry in game.rules.labels(game.state, legal):
        said = {k: None if entry.get(k) is None else i18n.render(entry[k], names)
                for k in ("label", "cost", "group", "info")}
        label = said["label"] or ""
        said["label"] = label[:1].upper() + label[1:]   # a button's text ("the starting village: ...")
        out.append(said)
    return out


def _entry(e: Dict[str, Any]) -> tuple:
    return (e["label"], e["cost"], e["group"], e["info"])


def _label_table(labels: list) -> Dict[str, Any]:
    """The labels a caller holds for a game, by entry: those of the last whole
    snapshot (by position), then every new entry a lean reply sent, in order."""
    index: Dict[tuple, int] = {}
    for i, e in enumerate(labels):
        index.setdefault(_entry(e), i)
    return {"index": index, "n": len(labels)}


def _label_refs(table: Dict[str, Any], labels: list) -> list:
    """The labels as a lean reply sends them: each entry the caller holds as
    its index in the table (most recur: the same buttons turn after turn),
    each new one whole (the caller appends it to its table)."""
    index, out = table["index"], []
    for e in labels:
        i = index.get(_entry(e))
        if i is None:
            index[_entry(e)] = table["n"]
            table["n"] += 1
            out.append(e)
        else:
            out.append(i)
    return out


def _remember(gid: str, game: Any, view: Dict[str, Any], table: Dict[str, Any]) -> None:
    _sent[gid] = {"rev": next(_revs), "view": view, "history": list(game.history),
                  "moves": list(game.log), "labels": table, "lang": i18n.get_language()}


def _common(a: list, b: list) -> int:
    """How many first items two lists share."""
    n = min(len(a), len(b))
    for i in range(n):
        if a[i] != b[i]:
            return i
    return n


def lean_snapshot(gid: str, game: Any, base: Any) -> Dict[str, Any]:
    """What changed since the snapshot ``base`` of this game (see the module
    docstring); the whole snapshot when ``base`` is not the last one sent."""
    sent = _sent.get(gid)
    if sent is None or isinstance(base, bool) or base != sent["rev"] or sent["lang"] != i18n.get_language():
        return snapshot(gid, game)
    view = _plain(game.view(None))
    h = _common(sent["history"], game.history)
    m = _common(sent["moves"], game.log)
    edits = delta.diff(sent["view"], view)
    position = _position(game)
    refs = _label_refs(sent["labels"], position.pop("labels"))
    _remember(gid, game, view, sent["labels"])
    extra = {"friends": friends.status(gid)} if _friends_game(gid) else {}
    chance = chance_log(game)   # a fresh-chance game's draws: the save's whole list (small)
    return {
        "gid": gid,
        "rev": _sent[gid]["rev"],
        "base": base,
        **extra,
        **position,
        "delta": {
            "view": edits,
            "labels": refs,
            "history": [h, history_text(game, h)],
            "moves": [m, list(game.log[m:])],
            "meta": dict(game.meta),
            **({"chance": chance} if chance is not None else {}),
        },
    }


def history_text(game: Any, start: int = 0) -> list:
    """The history (from line ``start``) with every line rendered in the
    current language (lines are stored as messages: see :mod:`cairn.core.i18n`)."""
    names = [s.name for s in game.seats]
    helped = hint.helped_plies(game)
    out = []
    for h in game.history[start:]:
        line = dict(h, text=i18n.render(h["text"], names), key=_key(h["text"]))
        if h["seat"] is not None and h["ply"] in helped:
            line["hint"] = True   # the move played right after a hint
        out.append(line)
    return out


def _key(text: Any) -> str:
    """A history line's English message id (a plain line: its text), for
    the page to recognise a kind of line whatever the language."""
    if isinstance(text, dict) and isinstance(text.get("msg"), str):
        return text["msg"]
    return text if isinstance(text, str) else ""


def _gid(req: Dict[str, Any]) -> str:
    gid = req.get("gid")
    if not isinstance(gid, str) or not 0 < len(gid) <= 64:
        raise BadRequest("gid must be a short string")
    return gid


def _game(req: Dict[str, Any]) -> Any:
    gid = _gid(req)
    if gid not in _games:
        raise BadRequest("no such game is open")
    return _games[gid]


def _object(req: Dict[str, Any], field: str) -> Dict[str, Any]:
    """An optional JSON object field ({} when absent or null)."""
    value = req.get(field)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadRequest(f"{field} must be an object")
    return value


def _text(req: Dict[str, Any], field: str, default: str = "") -> str:
    value = req.get(field, default)
    if not isinstance(value, str):
        raise BadRequest(f"{field} must be text")
    return value


def _move(req: Dict[str, Any]) -> Dict[str, Any]:
    move = req.get("move")
    if not isinstance(move, dict):
        raise BadRequest("move must be an object (one of the legal moves)")
    return move


def _undo_to_human(gid: str, game: Any) -> Any:
    """Take back moves until a human is to decide again (the bots' replies
    and the human's own last move), in one request; when a move that
    revealed something stops it on another seat's turn, nothing changes
    (letting that seat play again would only replay its moves)."""
    def human_to_move() -> bool:
        return game.is_over or game.seats[game.current_player].kind == "human"

    stuck = IllegalMove(i18n._("undo is not possible here: a tile was revealed during the other seats' turns"))
    if not game.can_undo and game.log:
        # the last move revealed something (on the bots' turn, or just before the human's:
        # the reply may have come in while the page asked), in the reader's words either way
        raise stuck
    kept = game.clone()
    game.undo()   # IllegalMove when nothing can be taken back
    while not human_to_move() and game.can_undo:
        game.undo()
    if not human_to_move():
        _games[gid] = kept
        raise stuck
    return game


def _hint(game: Any, hidden: Any) -> Dict[str, Any]:
    """The ``hint`` op (see the module's docstring)."""
    if game.is_over:
        raise BadRequest("the game is over")
    seat = game.current_player
    if game.seats[seat].kind != "human":
        raise BadRequest("hints are for a person's move")
    asked = game
    if hidden is not None:
        if isinstance(hidden, bool) or not isinstance(hidden, int) or not 0 <= hidden < 2**53:
            raise BadRequest("hidden must be a whole number")
        asked = game.clone()
        asked.state = game.rules.determinize(game.state, seat, Rng(hidden))
    move, complete = hint.ask(asked)
    legal = game.legal_moves()
    index = legal.index(move)
    plies = hint.taken(game) if hidden is not None else hint.record(game)
    return {"move": move, "index": index, "label": labels(game, legal)[index]["label"],
            "hints": plies, "meta": dict(game.meta), "complete": complete}


def dispatch(req: Dict[str, Any]) -> Any:
    """One request's result; BadRequest (or the engine's own errors) for a
    malformed one: every field is checked for its kind here, at the edge."""
    op = req.get("op")
    if op == "hello":
        if "lang" in req:
            i18n.set_language(_text(req, "lang"))
        return catalogue()
    if op == "lang":
        return {"lang": i18n.set_language(_text(req, "lang", "en"))}
    if isinstance(op, str) and op.startswith("friends_"):
        # friends_apply of the game shown (given base) answers leanly, like play
        answer = (lambda gid, game: lean_snapshot(gid, game, req.get("base"))) if "base" in req else snapshot
        return friends.dispatch(op, req, _games, answer)
    if op == "new":
        gid = _gid(req)
        _forget_friends(gid)
        game = new_game(_text(req, "game"), players=req.get("players", 2),
                        seed=req.get("seed"), options=_object(req, "options"))
        game.meta = dict(_object(req, "meta"))
        _games[gid] = game
        return snapshot(gid, game)
    if op == "load" and req.get("upto") is not None:
        gid = _gid(req)
        rep = Replay(req.get("save"))
        game = rep.seek(req["upto"])
        _replays[gid] = rep
        return snapshot(gid, game) | {"replay": {"ply": len(game.log), "plies": rep.plies,
                                                 "history": history_text(rep.final)}}
    if op == "seek":
        rep = _replays.get(_gid(req))
        if rep is None:
            raise BadRequest("no such replay is open")
        game = rep.seek(req.get("ply"))
        return snapshot(_gid(req), game, lean=True) | {"replay": {"ply": len(game.log), "plies": rep.plies}}
    if op == "load":
        gid = _gid(req)
        _forget_friends(gid)
        game = load_game(req.get("save"))
        _games[gid] = game
        return snapshot(gid, game)
    if op == "state":
        return snapshot(_gid(req), _game(req))
    if op == "play":
        game = _game(req)
        if _friends_game(_gid(req)):
            friends.play(_gid(req), _move(req))
        else:
            game.play(_move(req))
        return lean_snapshot(_gid(req), game, req.get("base"))
    if op == "undo":
        game = _game(req)
        if _friends_game(_gid(req)):
            friends.undo(_gid(req))
        elif req.get("to") == "human":
            game = _undo_to_human(_gid(req), game)
        else:
            game.undo()
        hint.forget_after(game)
        return lean_snapshot(_gid(req), game, req.get("base"))
    if op == "bot":
        game = _game(req)
        if _friends_game(_gid(req)):
            move = friends.bot(_gid(req))
        else:
            move = seat_move(game)   # ValueError (bad_request) on a human's turn or at the end
            game.play(move)
        return lean_snapshot(_gid(req), game, req.get("base")) | {"bot_move": move}
    if op == "hint":
        return _hint(_game(req), req.get("hidden"))
    if op == "meta":
        game = _game(req)
        meta = req.get("meta")
        if not isinstance(meta, dict):
            raise BadRequest("meta must be an object")
        game.meta = dict(meta)
        return {"ok": True}
    if op == "close":
        gid = req.get("gid")
        if isinstance(gid, str):
            _games.pop(gid, None)
            _replays.pop(gid, None)
            _forget_friends(gid)
            _sent.pop(gid, None)
        return {"closed": True}
    raise BadRequest(f"unknown op '{op}'")


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON reply (never raises)."""
    rid = None
    try:
        if not isinstance(request_json, str) or len(request_json) > MAX_REQUEST:
            raise BadRequest("request too large or not text")
        req = json.loads(request_json)
        if not isinstance(req, dict):
            raise BadRequest("request must be a JSON object")
        rid = req.get("id")
        result = dispatch(req)
        return json.dumps({"id": rid, "ok": True, "result": result})
    except friends.get("FriendsError", ()) as e:
        err = {"code": "friends", "reason": e.code, "message": str(e), "info": e.info}
    except IllegalMove as e:
        err = {"code": "illegal_move", "message": e.reason}
    except SaveError as e:
        err = {"code": "bad_save", "message": str(e)}
    except (BadRequest, ValueError, KeyError, TypeError) as e:
        code = "bad_request" if isinstance(e, (BadRequest, ValueError)) else "internal"
        err = {"code": code, "message": str(e)}
        if code == "internal":
            err["trace"] = traceback.format_exc(limit=8)
    except Exception as e:  # a bug: report it, never crash the worker
        err = {"code": "internal", "message": f"{type(e).__name__}: {e}",
               "trace": traceback.format_exc(limit=8)}
    return json.dumps({"id": rid, "ok": False, "error": err})
