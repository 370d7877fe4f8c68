"""``new_game`` and ``load_game``: the two ways to get a :class:`Game`."""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Union

from pydantic import ValidationError

from .errors import SaveError
from .game import Game
from .registry import get_rules
from .save import MAX_SEED, load_save
from .seats import normalize_seats


def new_game(
    name: str,
    players: Union[int, List[Any]] = 2,
    seed: Optional[int] = None,
    options: Optional[Dict[str, Any]] = None,
) -> Game:
    """Start a game.

    :param players: a seat count or a list of seat specs (``"human"``,
        ``"bot:random"``, ``{"kind": "bot", "level": ..., "name": ...}``).
    :param seed: 0..2**53-1; ``None`` picks one at random.
    :raises ValueError: unknown game, bad player count, seed or options.
    """
    rules = get_rules(name)
    seats = normalize_seats(players)
    if not rules.min_players <= len(seats) <= rules.max_players:
        raise ValueError(
            f"{rules.title} takes {rules.min_players}-{rules.max_players} players, not {len(seats)}"
        )
    for i, seat in enumerate(seats):
        if seat.kind not in rules.seat_kinds:
            raise ValueError(f"seat {i + 1}: {rules.title} has no '{seat.kind}' seats")
    if seed is None:
        import secrets

        seed = secrets.randbelow(MAX_SEED)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be an integer from 0 to {MAX_SEED}")
    try:
        opts = rules.Options(**(options or {}))
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "options"
        raise ValueError(f"bad option '{where}': {err['msg']}") from None
    return Game(rules, seats, seed, opts)


def load_game(data: Union[Dict[str, Any], str, bytes]) -> Game:
    """Rebuild a game from a save (dict, JSON text or bytes).

    :raises SaveError: naming the problem, for anything malformed, too
        large, from an unknown version, or with an illegal move in its log.
    """
    try:
        return load_save(data)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError("save file is malformed (nested too deeply)") from None
