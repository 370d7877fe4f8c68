"""The table of games and the two entry points ``new_game``/``load_game``."""
from __future__ import annotations

from typing import Dict

from .rules import Rules

GAMES: Dict[str, Rules] = {}


def register(rules: Rules) -> Rules:
    GAMES[rules.name] = rules
    return rules


def get_rules(name: str) -> Rules:
    """The rules registered as ``name``; ValueError for anything else (an
    unknown name, or not a name at all)."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES)) or "none"
        raise ValueError(f"unknown game '{name}' (known: {known})") from None
