"""Save files: versioned JSON holding everything needed to rebuild a game.

A save stores the seed and the move log, never a pickled state: loading
replays every move through the rules, so a hostile file can at worst be
refused.  A game whose chance is fresh (:mod:`cairn.core.chance`: a friends'
game) also stores its chance entries, ``chance: {source, draws: [[ply,
hex]]}``, and is format version 2; a seeded game's save stays version 1, as
every save made before.  A save that keeps a review of the game (:mod:`cairn.review`: its
``review`` field, checked there before it is trusted) is format version 3.  Validation uses
pydantic; every refusal is a :class:`SaveError` whose message names the problem.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Literal, Optional, Tuple, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import SaveError
from .seats import Seat
from .version import __version__

FORMAT = "cairn-save"
FORMAT_VERSION = 3          # the newest this app reads (1: no chance entries, 2: no review)
MAX_SAVE_BYTES = 4_000_000
MAX_MOVES = 20_000
MAX_SEED = 2**53 - 1  # JavaScript numbers stay exact up to here

_MAX_MOVE_KEYS = 16
_MAX_STR = 200
_MAX_LIST = 64
_MAX_DEPTH = 4


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
    seats: List[Seat] = Field(min_length=1, max_length=8)
    moves: List[Dict[str, Any]] = Field(default_factory=list, max_length=MAX_MOVES)
    # the app's notes: plain values, or a list of plies (the hints taken: cairn.hint)
    meta: Dict[str, Union[str, int, float, bool, None, List[Any]]] = Field(default_factory=dict, max_length=32)
    chance: Optional[ChanceLog] = None
    review: Optional[ReviewRecord] = None


def _check_json_value(value: Any, depth: int, where: str) -> None:
    if depth > _MAX_DEPTH:
        raise SaveError(f"{where}: nested too deeply")
    if value is None or isinstance(value, (bool, int, float)):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_SEED:
            raise SaveError(f"{where}: number out of range")
        return
    if isinstance(value, str):
        if len(value) > _MAX_STR:
            raise SaveError(f"{where}: text too long")
        return
    if isinstance(value, list):
        if len(value) > _MAX_LIST:
            raise SaveError(f"{where}: list too long")
        for v in value:
            _check_json_value(v, depth + 1, where)
        return
    if isinstance(value, dict):
        if len(value) > _MAX_MOVE_KEYS:
            raise SaveError(f"{where}: too many fields")
        for k, v in value.items():
            if not isinstance(k, str) or len(k) > 40:
                raise SaveError(f"{where}: bad field name")
            _check_json_value(v, depth + 1, where)
        return
    raise SaveError(f"{where}: not JSON")


def make_save(game: Any, meta: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    fresh = getattr(game, "chance", "seeded") != "seeded"
    review = getattr(game, "review", None)
    if review is not None and not review.get("plies", 0) <= len(game.log):
        review = None   # a review of moves taken back
    save = {
        "format": FORMAT,
        "format_version": 3 if review is not None else 2 if fresh else 1,
        "engine_version": __version__,
        "game": game.rules.name,
        "options": game.options.model_dump(mode="json"),
        "seed": game.seed,
        "seats": [s.to_json() for s in game.seats],
        "moves": list(game.log),
        "meta": dict(meta or {}),
    }
    chance = chance_log(game)
    if chance is not None:
        save["chance"] = chance
    if review is not None:
        save["review"] = review
    return save


def chance_log(game: Any) -> Optional[Dict[str, Any]]:
    """A fresh-chance game's chance entries as its save stores them (None: seeded)."""
    if getattr(game, "chance", "seeded") == "seeded":
        return None
    plies = len(game.log)
    return {"source": game.chance, "draws": [[p, e.hex()] for p, e in sorted(game.draws.items()) if p < plies]}


def parse_save(data: Union[Dict[str, Any], str, bytes]) -> SaveFile:
    """Check the shape of a save (text or dict) without replaying it."""
    if isinstance(data, (bytes, bytearray)):
        if len(data) > MAX_SAVE_BYTES:
            raise SaveError(f"file too large ({len(data)} bytes; limit {MAX_SAVE_BYTES})")
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("not a Cairn save file (not UTF-8 text)") from None
    if isinstance(data, str):
        if len(data) > MAX_SAVE_BYTES:
            raise SaveError(f"file too large ({len(data)} characters; limit {MAX_SAVE_BYTES})")
        try:
            data = json.loads(data)
        except (ValueError, RecursionError):
            raise SaveError("not a Cairn save file (not valid JSON)") from None
    if not isinstance(data, dict):
        raise SaveError("not a Cairn save file (expected a JSON object)")
    if data.get("format") != FORMAT:
        raise SaveError("not a Cairn save file (missing format 'cairn-save')")
    version = data.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError("save file has no format version")
    if version > FORMAT_VERSION:
        raise SaveError(
            f"save file format version {version} is newer than this app understands "
            f"(up to {FORMAT_VERSION}); update the app"
        )
    if version < 1:
        raise SaveError(f"unknown save file format version {version}")
    try:
        save = SaveFile.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "file"
        raise SaveError(f"save file is malformed at '{where}': {err['msg']}") from None
    except RecursionError:
        raise SaveError("save file is malformed (nested too deeply)") from None
    for i, move in enumerate(save.moves):
        _check_json_value(move, 1, f"move {i + 1}")
    if save.review is not None:
        if version < 3:
            raise SaveError(f"save file format version {version} cannot hold a review")
        for i, verdict in enumerate(save.review.verdicts):
            _check_json_value(verdict, 1, f"review verdict {i + 1}")
    for k, v in save.meta.items():
        if k == "notes":
            _check_notes(v)
        elif isinstance(v, list):
            _check_plies(v, f"meta.{k}")
        else:
            _check_json_value(v, 1, f"meta.{k}")
    return save


def _check_notes(value: Any) -> None:
    """``meta.notes``: the app's notes shown in the log at a ply (e.g. a seat
    of a friends' game handed to a bot): ``[{"ply", "text": a message}]``."""
    if not isinstance(value, list) or len(value) > _MAX_LIST:
        raise SaveError("meta.notes: not a short list")
    for note in value:
        if not isinstance(note, dict) or set(note) != {"ply", "text"} or isinstance(note["ply"], bool) \
                or not isinstance(note["ply"], int) or not 0 <= note["ply"] <= MAX_MOVES:
            raise SaveError("meta.notes: a note is malformed")
        _check_json_value(note["text"], 0, "meta.notes")


def _check_plies(value: List[Any], where: str) -> None:
    """A list in a save's meta: plies (whole numbers from 0 to MAX_MOVES), at most MAX_MOVES."""
    if len(value) > MAX_MOVES:
        raise SaveError(f"{where}: list too long")
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_MOVES:
            raise SaveError(f"{where}: not a list of plies")
