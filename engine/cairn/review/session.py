"""One game's review in the making: its decisions, its chart, the verdicts so far.

A :class:`Session` reads a save once (checked as any load: :class:`cairn.core.replay.Replay`'s
rules), finds every decision of the seats it reviews (a position where one of them is to move
with more than one legal move), draws the chart (:mod:`cairn.review.chart`) and then judges
the decisions in order (:mod:`cairn.review.judge`), as much as the caller's time slice allows
(:meth:`Session.work`): the verdicts are the same however the work is sliced.

A review kept in the save (:mod:`cairn.review.record`) is taken up where it stopped, after
two checks: the cheap ones of :func:`cairn.review.record.problem` (its version, its digest,
the game and moves it belongs to) with each verdict possible (a legal best move, a loss
inside its range, never below 0), and, before anything else is judged, three of its decisions
judged again (the costliest and two picked by its digest), which must give the very
verdicts kept.  A review that fails either is dropped (:attr:`Session.dropped` says why) and the game
is reviewed afresh.
"""
from __future__ import annotations

import math
import time
from typing import Any, Callable, Dict, Generator, List, Optional

from ..core.api import finish_replay, play_logged, start_of
from ..core.save import parse_save
from . import chart, record
from .judge import Verdict, judgement
from .settings import MARKS, settings_for

#: the review's seed: every device reviews a save the same
SEED = 0
#: the costliest decisions listed per seat
COSTLIEST = 3

Labels = Callable[[Any, List[Dict[str, Any]]], List[str]]


class Decision:
    __slots__ = ("ply", "seat", "game", "played", "verdict")

    def __init__(self, ply: int, seat: int, game: Any, played: Dict[str, Any]) -> None:
        self.ply, self.seat, self.game, self.played = ply, seat, game, played
        self.verdict: Optional[Verdict] = None


def _kept(v: Verdict) -> List[Any]:
    """A verdict as the save keeps it: ``[ply, loss, gap, value, best or null, lo, hi]``."""
    return [v.ply, v.loss, v.gap, v.value, None if v.best == v.played else v.best, v.lo, v.hi]


class Session:
    def __init__(self, save: Any, seats: Optional[List[int]] = None, seed: int = SEED) -> None:
        checked = parse_save(save)
        game = start_of(checked)
        self.name = game.rules.name
        self.settings = settings_for(self.name)
        self.seed = seed
        self.seats = [i for i, s in enumerate(game.seats) if s.kind == "human"] if seats is None else list(seats)
        self.decisions: List[Decision] = []
        self.values: List[List[float]] = []   # per ply, each seat's expected final score
        for i, move in enumerate(checked.moves):
            legal = game.rules.legal_moves(game.state)
            # the chart moves where a turn begins (the table at rest) and holds within a turn,
            # or after every move (the game's settings say which)
            settled = not self.values or self.settings.chart == "move" or game.turn_with(legal) > game.turn
            self.values.append(chart.expected(game) if settled else self.values[-1])
            seat = game.current_player
            before = game.clone() if seat in self.seats and len(legal) > 1 else None
            play_logged(game, i, move)
            if before is not None:
                self.decisions.append(Decision(i, seat, before, game.log[-1]))
        self.values.append(chart.expected(game))
        self.final = finish_replay(game, checked)
        self.plies = len(checked.moves)
        self.dropped: Optional[str] = None
        self._checks: List[Decision] = []
        self.kept_before = checked.review.model_dump(mode="json") if getattr(checked, "review", None) else None
        self._restore(self.kept_before)
        self._steps: Optional[Generator[None, None, Verdict]] = None
        self._current: Optional[Decision] = None

    # -- a review kept in the save -------------------------------------------------------
    def _restore(self, rec: Any) -> None:
        if rec is None:
            return
        why = record.problem(self.final, rec)
        if why is None and rec.get("seats") != self.seats:
            why = "it judged other seats"
        if why is None and rec.get("seed") != self.seed:
            why = "it was made with another seed"
        covered = [d for d in self.decisions if d.ply < rec.get("plies", -1)] if why is None else []
        kept = rec.get("verdicts") if why is None else None
        if why is None and (not isinstance(kept, list) or len(kept) != len(covered)):
            why = "its decisions are not this game's"
        if why is None:
            for d, v in zip(covered, kept):
                if not (isinstance(v, list) and len(v) == 7 and v[0] == d.ply):
                    why = "its decisions are not this game's"
                    break
                best = d.played if v[4] is None else v[4]
                numbers = [v[1], v[2], v[3], v[5], v[6]]
                if not all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in numbers) \
                        or not 0 <= v[5] <= v[1] <= v[6] or (v[1] > 0 and v[4] is None) or v[4] == d.played \
                        or best not in d.game.rules.legal_moves(d.game.state):
                    why = "a verdict in it is impossible"
                    break
                d.verdict = Verdict(d.ply, d.seat, d.played, best, float(v[1]), float(v[2]), float(v[3]), 0,
                                    float(v[5]), float(v[6]))
        if why is not None:
            self._drop(why)
            return
        if covered:
            # the costliest, and two more picked by the digest (an edit cannot choose them
            # without changing them)
            costliest = max(covered, key=lambda d: (d.verdict.loss, -d.ply))
            self._checks = [costliest]
            for at in (0, 8):
                picked = covered[int(rec["check"][at:at + 8], 16) % len(covered)]
                if picked not in self._checks:
                    self._checks.append(picked)

    def _drop(self, why: str) -> None:
        self.dropped = why
        self._checks = []
        for d in self.decisions:
            d.verdict = None
        self.kept_before = None

    # -- the work --------------------------------------------------------------------------
    @property
    def checking(self) -> bool:
        """Re-judging a kept review's sample (nothing new is judged meanwhile)."""
        return bool(self._checks)

    @property
    def done(self) -> int:
        return sum(1 for d in self.decisions if d.verdict is not None)

    @property
    def complete(self) -> bool:
        return not self._checks and all(d.verdict is not None for d in self.decisions)

    def _next(self) -> Optional[Decision]:
        if self._checks:
            return self._checks[0]
        return next((d for d in self.decisions if d.verdict is None), None)

    def work(self, seconds: float) -> List[Decision]:
        """Judge for about ``seconds`` (at least one step; a slice ends between two steps of
        a judgement, which goes on at the next call); the decisions newly judged.  After a
        failed check of a kept review, every decision is pending again."""
        deadline = time.perf_counter() + seconds
        out: List[Decision] = []
        while True:
            d = self._next()
            if d is None:
                return out
            if self._current is not d:
                self._current, self._steps = d, judgement(d.game, d.played, self.seed, self.settings.budget)
            try:
                next(self._steps)
            except StopIteration as finished:
                self._current = self._steps = None
                self._finish(d, finished.value, out)
            if time.perf_counter() >= deadline:
                return out

    def _finish(self, d: Decision, v: Verdict, out: List[Decision]) -> None:
        if self._checks and self._checks[0] is d:
            self._checks.pop(0)
            if d.verdict is None or _kept(d.verdict) != _kept(v):
                self._drop("a decision judged again did not give the verdict kept")
            elif not self._checks:
                out.extend(x for x in self.decisions if x.verdict is not None)
            return
        d.verdict = v
        out.append(d)

    # -- what the page and the save get --------------------------------------------------------
    def mark(self, d: Decision) -> str:
        """``good``, ``close`` or one of the marks (:meth:`Settings.mark_of`)."""
        return self.settings.mark_of(d.verdict.loss, d.verdict.lo)

    def verdict_json(self, d: Decision, labels: Labels) -> Dict[str, Any]:
        v = d.verdict
        same = v.best == v.played
        words = labels(d.game, [v.played] if same else [v.played, v.best])
        return {"ply": d.ply, "seat": d.seat, "loss": v.loss, "lo": v.lo, "hi": v.hi, "value": v.value, "mark": self.mark(d),
                "played": v.played, "best": v.best, "played_label": words[0],
                "best_label": words[0] if same else words[1]}

    def lost(self, d: Decision) -> float:
        """The points a decision counts as lost: its loss where the bot can tell it from noise
        (marked an inaccuracy or worse), else none (a close call neither)."""
        return d.verdict.loss if self.mark(d) in MARKS else 0.0

    def summary(self) -> Dict[str, Any]:
        """Per seat reviewed: decisions judged, points lost per decision (:meth:`lost`), each
        mark's count, the plies of its costliest marked decisions then its close calls (at most
        :data:`COSTLIEST` in all)."""
        out = {}
        for seat in self.seats:
            mine = [d for d in self.decisions if d.seat == seat and d.verdict is not None]
            total = 0.0
            for d in mine:
                total += self.lost(d)
            counts = {"good": 0, "close": 0, "inaccuracy": 0, "mistake": 0, "blunder": 0}
            for d in mine:
                counts[self.mark(d)] += 1
            # the marked decisions, costliest first, then the close calls (the highest range first)
            costly = sorted((d for d in mine if self.lost(d) > 0 or self.mark(d) == "close"),
                            key=lambda d: (self.lost(d) == 0, -d.verdict.loss if self.lost(d) else -d.verdict.hi, d.ply))
            out[str(seat)] = {"decisions": len(mine), "of": sum(1 for d in self.decisions if d.seat == seat),
                              "average": round(total / len(mine), 2) if mine else None,
                              "marks": counts, "costliest": [d.ply for d in costly[:COSTLIEST]]}
        return out

    def kept(self) -> Optional[Dict[str, Any]]:
        """The review as the save keeps it (what is judged so far: the moves before the first
        decision still pending), or None when nothing is judged yet or a check is under way."""
        if self._checks:
            return self.kept_before
        pending = next((d for d in self.decisions if d.verdict is None), None)
        plies = self.plies if pending is None else pending.ply
        verdicts = [_kept(d.verdict) for d in self.decisions if d.ply < plies]
        if not verdicts and pending is not None:
            return None
        return record.make(self.final, self.seed, plies, self.seats, verdicts)

    def chart_json(self, render: Callable[[Any], str]) -> Dict[str, Any]:
        return {"values": self.values,
                "moments": [{"ply": m["ply"], "text": render(m["text"])}
                            for m in chart.moments(self.name, self.final.history)]}
