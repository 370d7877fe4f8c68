"""Who sits in each seat: a human or a bot of some level, with a name."""
from __future__ import annotations

from typing import Any, List, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError


class Seat(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["human", "bot", "automa"] = "human"  # automa: a game's own card-driven opponent
    level: Optional[str] = Field(default=None, max_length=32)
    name: str = Field(default="", max_length=40)

    def to_json(self) -> dict:
        d: dict = {"kind": self.kind, "name": self.name}
        if self.kind == "bot":
            d["level"] = self.level or "random"
        elif self.kind == "automa":
            d["level"] = self.level or "3"
        return d


def normalize_seats(players: Union[int, List[Any]]) -> List[Seat]:
    """``players`` is a count or a list of specs: ``"human"``, ``"bot"``,
    ``"bot:LEVEL"`` or dicts ``{"kind", "level", "name"}``."""
    if isinstance(players, bool):
        raise ValueError("players must be a count or a list of seats")
    if isinstance(players, int):
        specs: List[Any] = ["human"] * players
    elif isinstance(players, (list, tuple)):
        specs = list(players)
    else:
        raise ValueError("players must be a count or a list of seats")
    seats: List[Seat] = []
    for i, spec in enumerate(specs):
        if isinstance(spec, str):
            kind, _, level = spec.partition(":")
            spec = {"kind": kind, "level": level or None}
        if not isinstance(spec, dict):
            raise ValueError(f"seat {i + 1}: expected 'human', 'bot' or an object")
        try:
            seat = Seat(**spec)
        except ValidationError as e:
            raise ValueError(f"seat {i + 1}: {e.errors()[0]['msg']}") from None
        if seat.kind == "bot" and not seat.level:
            seat = seat.model_copy(update={"level": "random"})
        if seat.kind == "automa" and not seat.level:
            seat = seat.model_copy(update={"level": "3"})
        if not seat.name:
            default = {"bot": f"Bot {i + 1}", "automa": "Automa"}.get(seat.kind, f"Player {i + 1}")
            seat = seat.model_copy(update={"name": default})
        seats.append(seat)
    return seats
