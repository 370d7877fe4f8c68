"""A player's record: what each finished saved game says of how it went (the page keeps these
with its saved games and draws the record screen from them: ``review_record``).

A game's summary: its seats (kind, bot level, name), the final totals and the winners (the
game's own tie-break), the people at the table (the seats of kind ``human``), the solo
rating where the game rates a solo score (Clans of Caledonia: Newbie to Genius), and, when
the save keeps a review that passes the checks it can pass at once
(:func:`cairn.review.record.problem`), each person's points lost per decision in it (counted
as the review counts them: only where the bot can tell a loss from noise).
"""
from __future__ import annotations

from typing import Any, Dict, List

from ..core import i18n
from ..core.api import load_game
from ..core.registry import GAMES
from . import record
from .settings import MARKS, settings_for


def ratings(game_name: str) -> List[Dict[str, Any]]:
    """The game's solo ratings, lowest first: ``[{least, name}]`` (names in the reader's language)."""
    rules = GAMES.get(game_name)
    if rules is None:
        return []
    return [{"least": least, "name": i18n.render(label)} for least, label in rules.solo_ratings()]


def summary(save: Any) -> Dict[str, Any]:
    """What a saved game says for the record (see the module's docstring)."""
    g = load_game(save)
    totals = [s["total"] for s in g.scores()]
    out: Dict[str, Any] = {
        "game": g.rules.name, "over": g.is_over, "moves": len(g.log),
        "seats": [{"kind": s.kind, "level": s.level, "name": s.name} for s in g.seats],
        "totals": totals, "winners": g.winners(),
        "people": [i for i, s in enumerate(g.seats) if s.kind == "human"],
        "rating": None, "review": None, "tutorial": bool(g.meta.get("tutorial")),
    }
    bands = g.rules.solo_ratings()
    if g.is_over and len(g.seats) == 1 and bands:
        at = 0
        for i, (least, _label) in enumerate(bands):
            if totals[0] >= least:
                at = i
        out["rating"] = at
    rec = g.review
    if rec is not None and record.problem(g, rec) is None:
        marks = settings_for(g.rules.name)
        by_seat: Dict[str, Dict[str, Any]] = {}
        plies = {}
        for h in g.history:
            if h.get("seat") is not None and h.get("ply"):
                plies[h["ply"] - 1] = h["seat"]
        for v in rec.get("verdicts", []):
            seat = plies.get(v[0])
            if seat is None:
                continue
            row = by_seat.setdefault(str(seat), {"lost": 0.0, "decisions": 0})
            if marks.mark_of(float(v[1]), float(v[5])) in MARKS:   # as the review counts it (Session.lost)
                row["lost"] += float(v[1])
            row["decisions"] += 1
        out["review"] = {seat: {"average": round(r["lost"] / r["decisions"], 2), "decisions": r["decisions"]}
                         for seat, r in by_seat.items() if r["decisions"]}
        out["review_complete"] = rec.get("plies") == len(g.log)
    return out
