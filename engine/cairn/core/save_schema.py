"""What a save file may hold, as pydantic checks it (:func:`cairn.core.save.parse_save`
reads a save through it; writing one needs none of this).  This module, and pydantic with
it, is imported when the first save is read, not when the engine is: a start of the app
loads no validation library."""
from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, Tuple, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .save import MAX_MOVES, MAX_SEED

__all__ = ["ChanceLog", "ReviewRecord", "SaveFile", "ValidationError"]


class ChanceLog(BaseModel):
    """A fresh-chance game's draws: where they came from and, for each
    revealing move, its ply and the entropy resampled before it (hex)."""

    model_config = ConfigDict(extra="forbid")

    source: Literal["given", "local"]
    draws: List[Tuple[int, str]] = Field(default_factory=list, max_length=MAX_MOVES)


class ReviewRecord(BaseModel):
    """A review of the game kept in its save (its meaning and its checks: :mod:`cairn.review.record`)."""

    model_config = ConfigDict(extra="forbid")

    version: int
    seed: int = Field(ge=0, le=MAX_SEED)
    plies: int = Field(ge=0, le=MAX_MOVES)
    seats: List[int] = Field(max_length=8)
    bound: str = Field(max_length=64)
    verdicts: List[List[Any]] = Field(default_factory=list, max_length=MAX_MOVES)
    check: str = Field(max_length=64)


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: str
    format_version: int
    engine_version: str = Field(max_length=40)
    game: str = Field(max_length=40)
    options: Dict[str, Any] = Field(default_factory=dict)
    seed: int = Field(ge=0, le=MAX_SEED)
    seats: List[Dict[str, Any]] = Field(min_length=1, max_length=8)   # each a Seat's (checked by parse_save)
    moves: List[Dict[str, Any]] = Field(default_factory=list, max_length=MAX_MOVES)
    # the app's notes: plain values, or a list of plies (the hints taken: cairn.hint)
    meta: Dict[str, Union[str, int, float, bool, None, List[Any]]] = Field(default_factory=dict, max_length=32)
    chance: Optional[ChanceLog] = None
    review: Optional[ReviewRecord] = None
