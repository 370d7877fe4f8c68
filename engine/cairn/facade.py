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

A snapshot also says who is spoken to: ``me``, the seat of the person holding
the device (:func:`me_seat`: the one person of a game played against bots or
the solo opponent, today's game, this device's seat in a friends' game; null
in a hot-seat game, where each person is named), whose history lines are said
in the second person (``you: true`` on a line of that seat's move: "You buy 2
cheese", shown without the seat's name); and ``undo_stop``: why nothing can
be taken back now, in the game's words (the move that revealed something and
what it revealed), or null.

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

Reviews (:mod:`cairn.review.ops`, loaded only when one is asked for): ``review_open``,
``review_step``, ``review_save``, ``review_close`` judge a saved game's decisions a slice
at a time, so the page's other requests wait at most one slice.  A save may keep its review
(format version 3); ``load`` checks it as far as it can at once and drops one found wanting,
saying why (``review_dropped``).

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
from . import daily, hint
from .bots import PLAYER_LEVELS, seat_move
from .core import delta, i18n
from .core.replay import Replay
from .core.rng import Rng
from .core.save import chance_log
from .core.seats import YOU_NAME, display_names
from .core.later import Later

#: the friends' protocol: imported by the first friends_* request, not by a start
friends = Later("cairn.friends.ops")

_games: Dict[str, Any] = {}
_replays: Dict[str, Replay] = {}  # gid -> a saved game being replayed
_sent: Dict[str, Dict[str, Any]] = {}  # gid -> what its last snapshot held (for lean replies)
_shown: Dict[str, Any] = {}  # gid -> (ply, move) of the hint shown last (was it followed?)
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
        "bot_levels": sorted(PLAYER_LEVELS),   # (hard0: benchmarks only)
        "games": [
            {
                "name": r.name,
                "title": i18n.pgettext(r.name, r.title),   # in the reader's language
                "min_players": r.min_players,
                "max_players": r.max_players,
                "seat_kinds": list(r.seat_kinds),
                "options": r.Options.model_json_schema(),
            }
            for r in GAMES.values()
        ],
        # today's games (cairn.daily), the solo one first: {game, solo}
        "daily": sorted(({"game": g, "solo": spec["opponent"] is None} for g, spec in daily.DAILY.items()),
                        key=lambda d: (not d["solo"], d["game"])),
    }


def me_seat(gid: Any, game: Any) -> Any:
    """The seat of the person holding the device, said in the second person: the one
    person's seat of a game played on this device against bots or the solo opponent, this
    device's one seat in a friends' game; None in a hot-seat game (several people at one
    device: each is named) and in someone else's game opened from a link (``meta.shared``)."""
    if game.meta.get("shared"):
        return None
    humans = [i for i, s in enumerate(game.seats) if s.kind == "human"]
    if _friends_game(gid):
        held = friends.SESSIONS[gid]
        owner = held["s"].owner
        humans = [i for i in humans if owner[i] == held["me"]]
    return humans[0] if len(humans) == 1 else None


def snapshot(gid: str, game: Any, lean: bool = False) -> Dict[str, Any]:
    """Everything a renderer needs after any change (``lean``: without the
    history and the save, which a replay's page already holds)."""
    me = me_seat(gid, game)
    snap = {
        "gid": gid,
        "view": _named(game.view(None), game),
        "me": me,
        **_position(game),
        # the final table's names of the score breakdown's keys (never change in a game)
        "categories": {k: i18n._(v) for k, v in game.rules.score_categories.items()},
    }
    if not lean:
        snap.update(history=history_text(game, me=me), save=game.to_save())
        _remember(gid, game, _plain(snap["view"]), _label_table(snap["labels"]))
        snap["rev"] = _sent[gid]["rev"]
        if _friends_game(gid):
            snap["friends"] = friends.status(gid)
    return snap


def _named(view: Dict[str, Any], game: Any) -> Dict[str, Any]:
    """The view with each seat's name as the reader reads it (a default name in their language)."""
    names = display_names(game.seats)
    view["seats"] = [{**s, "name": n} for s, n in zip(view.get("seats", []), names)]
    return view


def _outcome(game: Any) -> Any:
    """The end of the game in words when naming winners would be wrong (a
    solo rating), in the reader's language; else None."""
    line = game.outcome()
    return None if line is None else i18n.render(line, display_names(game.seats))


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
        "undo_stop": _undo_stop(game),
    }


def _undo_stop(game: Any) -> Any:
    """Why nothing can be taken back now (:attr:`Game.undo_stop`), in the reader's words."""
    why = game.undo_stop
    return None if why is None else i18n.render(why, display_names(game.seats))


def labels(game: Any, legal: list) -> list:
    """Each legal move's ``{label, cost, group, info}`` in the reader's
    language (``Rules.labels``, rendered here; same length and order as
    ``legal``)."""
    names = display_names(game.seats)
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


def lines(game: Any) -> list:
    """The game's history with the app's notes (``meta["notes"]``: what
    happened to the game outside its moves, e.g. a seat of a friends' game
    handed to a bot) each after the lines of its ply, as ``kind: "note"``."""
    notes = game.meta.get("notes") if isinstance(game.meta, dict) else None
    if not notes:
        return game.history
    out, i = [], 0
    hist = game.history
    for note in sorted(notes, key=lambda n: n["ply"]):
        while i < len(hist) and (hist[i]["ply"] or 0) <= note["ply"]:
            out.append(hist[i])
            i += 1
        turn = out[-1]["turn"] if out else 0
        out.append({"ply": note["ply"], "seat": None, "text": note["text"], "turn": turn, "kind": "note"})
    return out + hist[i:]


def _remember(gid: str, game: Any, view: Dict[str, Any], table: Dict[str, Any]) -> None:
    _sent[gid] = {"rev": next(_revs), "view": view, "history": list(lines(game)),
                  "moves": list(game.log), "labels": table, "lang": i18n.get_language(), "me": me_seat(gid, game)}


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
    me = me_seat(gid, game)
    if (sent is None or isinstance(base, bool) or base != sent["rev"] or sent["lang"] != i18n.get_language()
            or sent.get("me") != me):   # (who is spoken to changed: every line said again)
        return snapshot(gid, game)
    view = _plain(_named(game.view(None), game))
    h = _common(sent["history"], lines(game))
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
        "me": me,
        **extra,
        **position,
        "delta": {
            "view": edits,
            "labels": refs,
            "history": [h, history_text(game, h, me)],
            "moves": [m, list(game.log[m:])],
            "meta": dict(game.meta),
            **({"chance": chance} if chance is not None else {}),
        },
    }


def history_text(game: Any, start: int = 0, me: Any = None) -> list:
    """The history (from line ``start``) with every line rendered in the
    current language (lines are stored as messages: see :mod:`cairn.core.i18n`);
    seat ``me``'s lines in the second person (a move's line flagged ``you``)."""
    names = display_names(game.seats)
    helped = hint.helped_plies(game)
    out = []
    for h in lines(game)[start:]:
        mine = me is not None and h["seat"] == me and h.get("kind") != "note"
        said: list = []
        line = dict(h, text=i18n.render(h["text"], names, me=me, you=mine, seen=said), key=_key(h["text"]))
        if mine and any(form is not None for _, _, form in said):
            line["you"] = True   # said to the player ("You buy ..."): the page shows no name before it
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

    def stuck() -> IllegalMove:   # in the game's words: the move that revealed what
        return IllegalMove(_undo_stop(game) or i18n._("undo is not possible here: something hidden was revealed since"))

    if not game.can_undo and game.log:
        # the last move revealed something (on the bots' turn, or just before the human's:
        # the reply may have come in while the page asked), in the reader's words either way
        raise stuck()
    kept = game.clone()
    game.undo()   # IllegalMove when nothing can be taken back
    while not human_to_move() and game.can_undo:
        game.undo()
    if not human_to_move():
        _games[gid] = kept
        raise stuck()
    return game


def _hint(gid: str, game: Any, hidden: Any) -> Dict[str, Any]:
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
    if hidden is None:
        _shown[gid] = (len(game.log), json.loads(json.dumps(move)))
    return {"move": move, "index": index, "label": labels(game, legal)[index]["label"],
            "hints": plies, "meta": dict(game.meta), "complete": complete}


def _daily_result(result: Dict[str, Any]) -> Dict[str, Any]:
    """A today's game's result for the page: the engine's end words rendered."""
    out = dict(result)
    if out.get("outcome") is not None:   # in every language: the results board keeps it
        names = [s["name"] for s in out["save"]["seats"]]
        out["outcome"] = {lang: i18n.render(out["outcome"], names, lang) for lang in i18n.LANGUAGES}
    return out


def _daily(op: str, req: Dict[str, Any]) -> Any:
    """Today's game (:mod:`cairn.daily`): ``daily_deal`` {game, date}; ``daily_new`` {gid,
    game, date, name, practice} (a snapshot); ``daily_result`` {gid, name?} (a finished
    today's game's link and result); ``daily_read`` {data, today} (a result link checked and
    replayed: the result, its ``save``); ``daily_check`` {save, start, count} (the bot's
    moves played again: ``{next, plies, done}``).  A refused link is an error with
    ``code: "daily"``, a ``reason`` and ``info``."""
    if op == "daily_deal":
        return daily.deal(_text(req, "game"), _text(req, "date"))
    if op == "daily_new":
        gid = _gid(req)
        _forget_friends(gid)
        game = daily.new_daily(_text(req, "game"), _text(req, "date"), _text(req, "name") or YOU_NAME,
                               practice=req.get("practice") is True)
        _games[gid] = game
        return snapshot(gid, game)
    if op == "daily_result":
        game = _game(req)
        name = req.get("name")
        return {"data": daily.result_link(game, name if isinstance(name, str) else None),
                **_daily_result(daily.summary(game))}
    if op == "daily_read":
        today = req.get("today")
        return _daily_result(daily.read_result(req.get("data"), today if isinstance(today, str) else None))
    if op == "daily_check":
        start, count = req.get("start", 0), req.get("count", 1)
        if any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 20_000 for v in (start, count)):
            raise BadRequest("start and count must be whole numbers")
        return daily.check_bot_moves(req.get("save"), start, count)
    raise BadRequest(f"unknown op '{op}'")


def _labels_of(game: Any, moves: list) -> list:
    """Just the words of ``moves`` (legal in ``game``), in the reader's language."""
    return [e["label"] for e in labels(game, moves)]


def _review(op: str, req: Dict[str, Any]) -> Any:
    """A ``review_*`` request (:mod:`cairn.review.ops`, imported only now: nothing of the
    review is loaded before a review is asked for)."""
    from .review import ops as review_ops
    try:
        return review_ops.dispatch(op, req, _labels_of)
    except review_ops.ReviewError as e:
        raise BadRequest(str(e)) from None


def _kept_review(game: Any) -> Dict[str, Any]:
    """A loaded game's review, checked as far as it can be at once (its version, its digest,
    the moves it belongs to: :func:`cairn.review.record.problem`); one that fails is dropped
    and the answer says why (``review_dropped``, in the reader's words)."""
    if game.review is None:
        return {}
    from .review import ops as review_ops, record
    why = record.problem(game, game.review)
    if why is None:
        return {}
    game.review = None
    return {"review_dropped": review_ops.dropped_words(why)}


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
    if isinstance(op, str) and op.startswith("review_"):
        return _review(op, req)
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
        dropped = _kept_review(rep.final)
        if dropped:
            rep.forget_review()
        game = rep.seek(req["upto"])
        _replays[gid] = rep
        return snapshot(gid, game) | dropped | {"replay": {"ply": len(game.log), "plies": rep.plies,
                                                           "history": history_text(rep.final, me=me_seat(gid, rep.final))}}
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
        dropped = _kept_review(game)
        _games[gid] = game
        return snapshot(gid, game) | dropped
    if op == "state":
        return snapshot(_gid(req), _game(req))
    if op == "play":
        game = _game(req)
        if _friends_game(_gid(req)):
            friends.play(_gid(req), _move(req))
        else:
            game.play(_move(req))
            shown = _shown.pop(_gid(req), None)
            if shown and shown[0] == len(game.log) - 1 and game.log[-1] == shown[1]:
                hint.followed(game, shown[0])   # the move the hint showed: its line is marked
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
            # ValueError (bad_request) on a human's turn or at the end; today's game's bots
            # search a fixed number of iterations (the same move on every device)
            move = daily.bot_move(game) if daily.is_daily(game) and not game.is_over else seat_move(game)
            game.play(move)
        return lean_snapshot(_gid(req), game, req.get("base")) | {"bot_move": move}
    if op == "hint":
        return _hint(_gid(req), _game(req), req.get("hidden"))
    if isinstance(op, str) and op.startswith("daily_"):
        return _daily(op, req)
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
            _shown.pop(gid, None)
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
    except daily.ResultError as e:
        err = {"code": "daily", "reason": e.code, "message": str(e), "info": e.info}
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
