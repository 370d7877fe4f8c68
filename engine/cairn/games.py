"""Imports each game package so it registers itself in ``GAMES``."""
from .core.registry import register

# One line per game; each Rules class lives in its game's package.
from .glenmore.rules import GlenMoreRules
register(GlenMoreRules())
from .hunters.rules import HuntersRules
register(HuntersRules())
from .caledonia.rules import CaledoniaRules
register(CaledoniaRules())
