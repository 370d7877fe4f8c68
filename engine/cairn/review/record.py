"""A review as a save keeps it (the save's ``review`` field, format version 3), and the checks
that keep a review edited by hand from being trusted.

``{"version", "seed", "plies", "seats", "bound", "verdicts", "check"}``:

* ``version``: the reviewer's (:data:`VERSION`: the judge, its budgets and marks); a review
  from another one is dropped (it would judge otherwise), never shown as this one's;
* ``plies``: the moves it covers (the save's first ``plies`` moves; a game may go on after
  its review), ``seats``: the seats it judged;
* ``bound``: SHA-256 of what the verdicts depend on (the game, its options, seed and seats'
  kinds, the moves covered and their chance entries), so a review moved to another game or
  left on a log edited since is dropped;
* ``verdicts``: one per decision judged, in order: ``[ply, loss, gap, value, best, lo, hi]``
  (points in tenths as the judge gives them; ``best`` the best move, or null when it is the move
  played; ``lo``, ``hi``: the range the loss likely lies in);
* ``check``: SHA-256 of everything above: an edit that does not also recompute it is caught
  at once.  One that does is caught where it touched the decisions re-judged when the review
  is opened (:mod:`cairn.review.session`): each verdict is a pure function of the position,
  the seed and the budget, so a saved verdict must be the one the judge gives again.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Dict, List, Optional

#: the reviewer's version: a new judge, budget or marks makes older reviews void
VERSION = 3


def _plain(value: Any) -> Any:
    """``value`` with every whole float an int: a page's JSON (JavaScript's numbers) writes 2.0
    as 2, and a review must keep its digest through it."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _digest(value: Any) -> str:
    text = json.dumps(_plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def bound(game: Any, plies: int) -> str:
    """What a review of ``game``'s first ``plies`` moves depends on, as one digest (from the
    game as the engine holds it, so any save of it gives the same)."""
    return _digest({
        "game": game.rules.name, "options": game.options.model_dump(mode="json"), "seed": game.seed,
        "seats": [[s.kind, s.level] for s in game.seats], "moves": game.log[:plies],
        "draws": [[p, e.hex()] for p, e in sorted(game.draws.items()) if p < plies],
    })


def make(game: Any, seed: int, plies: int, seats: List[int], verdicts: List[List[Any]]) -> Dict[str, Any]:
    """The saved form of a review of ``game``'s first ``plies`` moves."""
    rec = {"version": VERSION, "seed": seed, "plies": plies, "seats": list(seats),
           "bound": bound(game, plies), "verdicts": [list(v) for v in verdicts]}
    rec["check"] = _digest(rec)
    return rec


def problem(game: Any, rec: Any) -> Optional[str]:
    """Why the review ``rec`` kept with ``game`` cannot be trusted as it stands (English, for
    a log), or None: another reviewer's, not this game's (or its moves changed), edited."""
    if not isinstance(rec, dict):
        return "not a review"
    if rec.get("version") != VERSION:
        return "made by another version of the reviewer"
    plies = rec.get("plies")
    if not isinstance(plies, int) or isinstance(plies, bool) or not 0 <= plies <= len(game.log):
        return "it covers moves this game does not have"
    body = {k: v for k, v in rec.items() if k != "check"}
    if rec.get("check") != _digest(body):
        return "it was changed after it was made"
    if rec.get("bound") != bound(game, plies):
        return "it belongs to another game, or the moves changed"
    return None
