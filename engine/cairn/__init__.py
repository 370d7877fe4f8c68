"""Cairn: rules-exact engines for Glen More, Carcassonne: Hunters and
Gatherers and Clans of Caledonia, behind one contract::

    from cairn import GAMES, new_game, load_game, IllegalMove, SaveError
    g = new_game("glenmore", players=4, seed=7)
    g.play(g.legal_moves()[0])
"""
from .core.version import __version__  # noqa: E402
from .core.errors import IllegalMove, SaveError  # noqa: E402
from .core.registry import GAMES  # noqa: E402
from .core.api import load_game, new_game  # noqa: E402
from . import games as _games  # noqa: E402,F401  (registers every game)

__all__ = ["GAMES", "new_game", "load_game", "IllegalMove", "SaveError", "__version__"]
