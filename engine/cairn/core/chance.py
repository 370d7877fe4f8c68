"""Where a game's chance comes from (OpenSpiel's explicit chance events).

Every hidden order of a game (face-down stacks, the contract pile) and its
dice come from the state's own :class:`~cairn.core.rng.Rng`.  Two sources:

* **seeded** (solo, hot-seat and bot games; every save made before chance
  entries existed): the seed fixes every hidden order at set-up and the dice
  follow from it, so the seed and the moves replay a game exactly.  Whoever
  holds the seed can also compute every draw to come: fine when no one at
  the table needs protecting from it.
* **fresh**: just before each move that reveals hidden information (a tile
  drawn, a die rolled, a contract turned up) the state's hidden information is
  resampled with 32 bytes of entropy (:meth:`Rules.reshuffle`: from what the
  table knows only, never from the order it replaces), and those bytes are
  recorded in the log as a *chance entry* at that ply.  Nothing held before
  the entropy exists tells what the move will reveal; the log of chance
  entries replays the game exactly.  A friends' game (:mod:`cairn.friends`)
  makes each entropy from two players' secrets (``given``); a save played on
  from one device draws its own (``local``).

Whether a move reveals is a public fact of the position (it depends on what
is left in each stack, never on its order): :func:`reveals` finds out by
playing it on a copy.
"""
from __future__ import annotations

import secrets
from typing import Any, Dict, Optional

from .rng import Rng

#: the chance sources a game can have (``Game.chance``)
SEEDED, GIVEN, LOCAL = "seeded", "given", "local"
ENTROPY_BYTES = 32


class ChanceNeeded(Exception):
    """A move reveals hidden information but no entropy was given for it."""

    def __init__(self, ply: int) -> None:
        super().__init__(f"move {ply + 1} reveals hidden information: it needs a chance entry")
        self.ply = ply


def reveals(rules: Any, state: Any, move: Dict[str, Any]) -> bool:
    """Whether playing ``move`` (legal) in ``state`` reveals hidden information."""
    trial = rules.copy(state)
    before = trial.reveals
    rules.apply(trial, move)
    return trial.reveals != before


def rng_of(entropy: bytes) -> Rng:
    """The generator a chance entry resamples with: its first 8 bytes."""
    return Rng(int.from_bytes(entropy[:8], "big"))


def reshuffled(rules: Any, state: Any, entropy: bytes) -> Any:
    """``state`` with its hidden information resampled from ``entropy``."""
    return rules.reshuffle(state, rng_of(entropy))


def fresh_entropy() -> bytes:
    """Entropy drawn on this device (a ``local`` game's chance entries)."""
    return secrets.token_bytes(ENTROPY_BYTES)


def parse_entropy(text: Any) -> Optional[bytes]:
    """A chance entry's entropy from its hex text, or None when it is not 64 hex digits."""
    if not isinstance(text, str) or len(text) != 2 * ENTROPY_BYTES:
        return None
    try:
        return bytes.fromhex(text)
    except ValueError:
        return None
