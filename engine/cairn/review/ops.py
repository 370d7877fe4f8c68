"""The worker's requests of a game's review (``op: "review_*"``), called by
:mod:`cairn.facade` (which imports this module only when such a request comes, so nothing
of the review is loaded before a review is asked for).

* ``review_open {rid, save, seats?}``: reads the save (checked as any load), finds the
  decisions of the seats reviewed (the people's, unless ``seats`` names others), draws the
  chart and takes up a review kept in the save (see :mod:`cairn.review.session`); answers
  :func:`state` plus ``decisions`` (``[{ply, seat}]``, in order), ``chart`` (``values``: per
  ply from 0 to the end, each seat's expected final score; ``moments``: ``[{ply, text}]``),
  ``marks`` (the points from which each mark begins) and ``plies``.
* ``review_step {rid, ms?}``: judges for about ``ms`` milliseconds (80 unless said; at least
  one step), then answers :func:`state` with the ``verdicts`` newly judged.  The replay's own
  requests wait at most one slice.
* ``review_save {rid}``: the save with the review as judged so far (format version 3), for
  the page to keep; ``review: null`` and the save as it came when nothing is judged yet.
* ``review_labels {rid}``: :func:`state` with every verdict judged so far, its labels in the
  reader's language (after the page's language changed).
* ``review_close {rid}``.
* ``review_record {saves?, games?}``: for the record screen, each save's summary
  (:func:`cairn.review.tally.summary`; a save that cannot be read: ``{error}``) and each
  game's solo ratings (``ratings: {game: [{least, name}]}``) for the games named.

A verdict: ``{ply, seat, loss, value, mark, played, best, played_label, best_label}`` (labels
in the reader's language; ``mark`` one of ``good``, ``inaccuracy``, ``mistake``, ``blunder``).
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List

from ..core import i18n
from ..core.errors import SaveError
from ..core.save import make_save
from . import tally
from .session import Session

#: rid -> the review open under it
SESSIONS: Dict[str, Session] = {}
MAX_OPEN = 4
DEFAULT_MS = 80
MAX_MS = 2000
MAX_RECORD = 50

#: why a kept review was dropped, in the reader's words (the session says it in English)
DROPPED = {
    "made by another version of the reviewer": i18n.N_("it was made by another version of the reviewer"),
    "it covers moves this game does not have": i18n.N_("it covers moves this game does not have"),
    "it was changed after it was made": i18n.N_("it was changed after it was made"),
    "it belongs to another game, or the moves changed": i18n.N_("it belongs to another game, or the moves changed"),
    "it judged other seats": i18n.N_("it judged other seats"),
    "it was made with another seed": i18n.N_("it was made with another seed"),
    "its decisions are not this game's": i18n.N_("its decisions are not this game's"),
    "a verdict in it is impossible": i18n.N_("a verdict in it is impossible"),
    "a decision judged again did not give the verdict kept": i18n.N_("a decision judged again did not give the verdict kept"),
    "not a review": i18n.N_("it is not a review"),
}


class ReviewError(ValueError):
    pass


def _rid(req: Dict[str, Any]) -> str:
    rid = req.get("rid")
    if not isinstance(rid, str) or not 0 < len(rid) <= 64:
        raise ReviewError("rid must be a short string")
    return rid


def _session(req: Dict[str, Any]) -> Session:
    s = SESSIONS.get(_rid(req))
    if s is None:
        raise ReviewError("no such review is open")
    return s


def dropped_words(why: Any) -> Any:
    """Why a kept review was dropped, in the reader's language (None: it was not)."""
    if why is None:
        return None
    return i18n._(DROPPED.get(why, why))


def state(s: Session, labels: Callable[..., List[str]], new: List[Any] = ()) -> Dict[str, Any]:
    return {
        "progress": {"done": 0 if s.checking else s.done, "total": len(s.decisions), "checking": s.checking},
        "complete": s.complete,
        "dropped": dropped_words(s.dropped),
        "summary": s.summary() if not s.checking else {},
        "verdicts": [s.verdict_json(d, labels) for d in new],
    }


def dispatch(op: str, req: Dict[str, Any], labels: Callable[..., List[str]]) -> Any:
    """``labels(game, moves)``: the moves' words in the reader's language (the facade's)."""
    if op == "review_open":
        rid = _rid(req)
        seats = req.get("seats")
        if seats is not None and (not isinstance(seats, list) or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in seats)):
            raise ReviewError("seats must be a list of seat numbers")
        SESSIONS.pop(rid, None)
        s = Session(req.get("save"), seats)
        if seats is not None and not all(0 <= x < len(s.final.seats) for x in seats):
            raise ReviewError("no such seat")
        while len(SESSIONS) >= MAX_OPEN:
            SESSIONS.pop(next(iter(SESSIONS)))
        SESSIONS[rid] = s
        names = [x.name for x in s.final.seats]
        known = [] if s.checking else [d for d in s.decisions if d.verdict is not None]
        return {"rid": rid, "plies": s.plies, "seats": s.seats,
                "decisions": [{"ply": d.ply, "seat": d.seat} for d in s.decisions],
                "chart": s.chart_json(lambda text: i18n.render(text, names)),
                "marks": dict(zip(("inaccuracy", "mistake", "blunder"), s.settings.marks)),
                **state(s, labels, known)}
    if op == "review_step":
        s = _session(req)
        ms = req.get("ms", DEFAULT_MS)
        if isinstance(ms, bool) or not isinstance(ms, (int, float)) or not 0 <= ms <= MAX_MS:
            raise ReviewError(f"ms must be a number of milliseconds up to {MAX_MS}")
        new = s.work(ms / 1000)
        return state(s, labels, new)
    if op == "review_save":
        s = _session(req)
        game = s.final
        game.review = s.kept()
        return {"save": make_save(game, game.meta), "review": game.review}
    if op == "review_record":
        saves, games = req.get("saves") or [], req.get("games") or []
        if not isinstance(saves, list) or len(saves) > MAX_RECORD or not isinstance(games, list):
            raise ReviewError(f"saves must be a list of at most {MAX_RECORD} saves, games a list of names")
        out = []
        for save in saves:
            try:
                out.append(tally.summary(save))
            except SaveError as e:
                out.append({"error": str(e)})
        return {"summaries": out, "ratings": {g: tally.ratings(g) for g in games if isinstance(g, str)}}
    if op == "review_labels":
        s = _session(req)
        return state(s, labels, [d for d in s.decisions if d.verdict is not None])
    if op == "review_close":
        SESSIONS.pop(req.get("rid"), None)
        return {"closed": True}
    raise ReviewError(f"unknown op '{op}'")
