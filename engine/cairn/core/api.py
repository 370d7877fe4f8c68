"""``new_game`` and ``load_game``: the two ways to get a :class:`Game`."""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Union

from pydantic import ValidationError

import secrets

from . import chance as _chance
from .errors import IllegalMove, SaveError
from .game import Game
from .registry import GAMES, get_rules
from .save import MAX_SEED, parse_save
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
    seats = normalize_seats(players, rules.seat_defaults)
    if not rules.min_players <= len(seats) <= rules.max_players:
        raise ValueError(
            f"{rules.title} takes {rules.min_players}-{rules.max_players} players, not {len(seats)}"
        )
    for i, seat in enumerate(seats):
        if seat.kind not in rules.seat_kinds:
            raise ValueError(f"seat {i + 1}: {rules.title} has no '{seat.kind}' seats")
    if seed is None:
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
        return _replay_save(data)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError("save file is malformed (nested too deeply)") from None


def _replay_save(data: Union[Dict[str, Any], str, bytes]) -> Game:
    """Rebuild the game a save describes by replaying its log."""
    save = parse_save(data)
    game = start_of(save)
    for i, move in enumerate(save.moves):
        play_logged(game, i, move)
    return finish_replay(game, save)


def start_of(save: Any) -> Game:
    """The game a checked save (:func:`parse_save`) starts from: its settings
    and, for a game with fresh chance, its chance entries (played by
    :func:`play_logged`: a revealing move without its entry is refused)."""
    if save.game not in GAMES:
        raise SaveError(f"save file is for an unknown game '{save.game}'")
    try:
        game = new_game(save.game, players=[s.model_dump() for s in save.seats],
                        seed=save.seed, options=save.options)
    except (ValueError, ValidationError) as e:
        raise SaveError(f"save file has bad settings: {e}") from None
    if save.chance is not None:
        draws: Dict[int, bytes] = {}
        for i, (ply, text) in enumerate(save.chance.draws):
            entropy = _chance.parse_entropy(text)
            if entropy is None or not 0 <= ply < len(save.moves) or ply in draws:
                raise SaveError(f"chance entry {i + 1} of the save is malformed")
            draws[ply] = entropy
        game.chance, game.draws = _chance.GIVEN, draws
    game.meta = dict(save.meta)
    if save.review is not None:
        game.review = save.review.model_dump(mode="json")
    return game


def play_logged(game: Game, i: int, move: Any) -> None:
    """Play move ``i`` of a save's log; SaveError when it cannot be."""
    try:
        game.play(move)
    except IllegalMove as e:
        raise SaveError(f"move {i + 1} of the log is illegal: {e.reason}") from None
    except _chance.ChanceNeeded:
        raise SaveError(f"move {i + 1} of the log reveals hidden information "
                        "but the save has no chance entry for it") from None


def finish_replay(game: Game, save: Any) -> Game:
    """After the whole log: a game with fresh chance draws its own from now on
    (a friends' game opened as a file plays on from this device)."""
    if game.chance != _chance.SEEDED:
        game.chance = _chance.LOCAL
    return game
