"""The random-legal bot: any legal move, uniformly."""
from __future__ import annotations

from typing import Any, Dict

from ..core.rng import Rng


def random_move(game: Any, rng: Rng) -> Dict[str, Any]:
    return rng.choice(game.legal_moves())
