"""Who sits in each seat: a human, a bot of some level, or a kind of seat a
game defines itself (its rules' ``seat_kinds`` and ``seat_defaults``), with
a name."""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from . import i18n

#: What every game's seats of these kinds get when a spec leaves them out.
SEAT_DEFAULTS: Dict[str, Dict[str, str]] = {
    "human": {"name": "Player {n}"},
    "bot": {"level": "random", "name": "Bot {n}"},
}


#: the names the app gives seats nobody named (English message ids, ``{n}`` the seat's number,
#: as saves keep them): shown in the reader's language (:func:`display_names`)
DEFAULT_NAMES = (i18n.N_("Player {n}"), i18n.N_("Bot {n}"), i18n.N_("Apprentice"), i18n.N_("You"))
#: the name of today's game's person when they gave none (the one seat spoken to)
YOU_NAME = DEFAULT_NAMES[3]


def display_names(seats: List["Seat"]) -> List[str]:
    """Each seat's name as a player reads it: a default name (``Player 2``, ``Bot 2``,
    ``Apprentice``) in the current language, any other name as it was given."""
    out = []
    for i, seat in enumerate(seats):
        name = seat.name
        for d in DEFAULT_NAMES:
            if name == d.format(n=i + 1):
                name = i18n._(d).format(n=i + 1)
                break
        out.append(name)
    return out


class Seat(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str = Field(default="human", pattern=r"^[a-z]{1,16}$")
    level: Optional[str] = Field(default=None, max_length=32)
    name: str = Field(default="", max_length=40)

    def to_json(self) -> dict:
        d: dict = {"kind": self.kind, "name": self.name}
        if self.kind != "human" and self.level is not None:
            d["level"] = self.level
        return d


def normalize_seats(players: Union[int, List[Any]],
                    defaults: Optional[Mapping[str, Mapping[str, str]]] = None) -> List[Seat]:
    """``players`` is a count or a list of specs: ``"human"``, ``"bot"``,
    ``"bot:LEVEL"`` or dicts ``{"kind", "level", "name"}``.  A seat without a
    level or name gets its kind's from ``defaults`` (a game's own kinds)
    or :data:`SEAT_DEFAULTS`."""
    table = {**SEAT_DEFAULTS, **(defaults or {})}
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
        given = table.get(seat.kind, {})
        if not seat.level and given.get("level"):
            seat = seat.model_copy(update={"level": given["level"]})
        if not seat.name:
            seat = seat.model_copy(update={"name": given.get("name", "Player {n}").format(n=i + 1)})
        seats.append(seat)
    return seats
