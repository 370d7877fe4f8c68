"""A game's review settings (``data/review.toml``): the judge's budget, where the marks
begin, the history lines that are the game's moments."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any, Dict, Optional, Tuple

from ..core.datafiles import read_text
from .judge import Budget, Trust
from .look import Look

#: the marks, from the least to the costliest (a decision below the first is good)
MARKS = ("inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class Settings:
    budget: Budget
    #: points lost from which each of :data:`MARKS` begins
    marks: Tuple[float, float, float]
    moments: Tuple[str, ...]
    #: where the chart is judged: "turn" (where each turn begins) or "move" (after every move)
    chart: str = "turn"

    def mark(self, loss: float) -> str:
        """``good`` or the costliest of :data:`MARKS` whose threshold ``loss`` reaches."""
        out = "good"
        for name, at in zip(MARKS, self.marks):
            if loss >= at:
                out = name
        return out

    def mark_of(self, loss: float, lo: float) -> str:
        """A verdict's mark: the costliest whose threshold the low end of its range (``lo``)
        reaches; ``close`` where the loss (about) reaches the first but its range's low end
        does not (the bot cannot tell the two moves apart); else ``good``."""
        out = self.mark(lo)
        if out == "good" and loss >= self.marks[0] > lo:
            return "close"
        return out


#: a game without settings: the hard bot's defaults, marks as for a game scored in tens
DEFAULT = Settings(Budget(100, 30), (2.0, 4.0, 8.0), ())

_table: Optional[Dict[str, Any]] = None


def _data() -> Dict[str, Any]:
    global _table
    if _table is None:
        _table = tomllib.loads(read_text(__package__, "data", "review.toml"))
    return _table


def reference_settings(game_name: str) -> Dict[str, Any]:
    """The game's calibration (``[GAME.reference]``: :mod:`cairn.review.calibrate`)."""
    row = _data().get(game_name)
    if row is None or "reference" not in row:
        raise KeyError(f"{game_name} has no calibration settings")
    return dict(row["reference"])


def settings_for(game_name: str) -> Settings:
    row = _data().get(game_name)
    if row is None:
        return DEFAULT
    b, m = row["budget"], row["marks"]
    marks = (float(m["inaccuracy"]), float(m["mistake"]), float(m["blunder"]))
    look = trust = None
    if "look" in row and "trust" in row:
        lk, tr = row["look"], row["trust"]
        look = Look(str(lk["kind"]), int(lk.get("plies", 0)), int(lk["batch"]), int(lk["most"]))
        trust = Trust(float(tr["start"]), float(tr["first"]), float(tr["second"]), float(tr["error"]), float(tr["z"]),
                      marks, int(tr.get("sure", 0)))
    return Settings(Budget(int(b["iterations"]), int(b["forced"]), int(b.get("tree", 0)), int(b.get("tree_forced", 0)),
                           float(m["inaccuracy"]), look, trust),
                    marks, tuple(row.get("moments", ())), str(row.get("chart", "turn")))
