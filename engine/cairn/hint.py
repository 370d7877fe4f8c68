"""Hints: the move the medium bot would play for the seat to move, asked for
by a person (the facade's ``hint`` op), and the record of the hints taken.

A hint sees what the seat to move sees and nothing more: it is the medium
bot's search (:func:`cairn.bots.search.ismcts`, every searched position from
``rules.determinize``: the bots' no-peeking contract) with a fixed seed and
the level's number of iterations, so the same position gives the same hint on
any device, and two positions that differ only in what the seat cannot see
give the same hint.  A safety clock (:data:`CAP_S`, after at least 12
iterations) keeps the rare slow position (a Glen More turn's end: up to
1.8 s in Pyodide with no clock) within a second; only where it stops the
search (such a position, or any on a busy device) may the hint depend on the
device's speed, and :func:`ask` says when it did.

The plies at which hints were taken (the number of moves played when it was
asked) are kept in the game's ``meta`` under :data:`KEY`, so a saved game
says where its player was helped, and under :data:`FOLLOWED` the plies whose
move was the one the hint showed (:func:`followed`, told by the facade when the
move is played); the history line of such a move is marked (``hint: true``; a
save from before the followed ones were kept: any move after a hint).  Taking
moves back forgets the hints of positions no longer in the game.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple

from .bots.knowledge import knowledge_for
from .bots.search import STATS, ismcts
from .core.rng import Rng, derive_seed

LEVEL = "medium"
KEY = "hints"
FOLLOWED = "hints_followed"
SEED = 0
CAP_S = 0.8
FEWEST = 12


def suggest(game: Any, cap_s: Optional[float] = CAP_S) -> Dict[str, Any]:
    """The hint for the seat to move: one of ``game.legal_moves()``; ``game``
    is left untouched (``cap_s=None``: no clock at all, for tests).

    :raises ValueError: when the game is over.
    """
    return ask(game, cap_s)[0]


def ask(game: Any, cap_s: Optional[float] = CAP_S) -> Tuple[Dict[str, Any], bool]:
    """The hint (:func:`suggest`) and whether its search ran to its end: True
    unless the safety clock stopped it, and only then is the hint the same on
    every device (and for every deal of what the seat cannot see)."""
    if game.is_over:
        raise ValueError("the game is over")
    rules, seat = game.rules, game.current_player
    know = knowledge_for(rules.name)
    rng = Rng(derive_seed("bot", SEED, LEVEL, seat, len(game.log)))   # as choose_move derives it
    iterations = know.medium_iterations
    clocked = STATS["clocked"]
    move = ismcts(rules, game.state, seat, know, rng, iterations, cap_s, know.exploration, min(FEWEST, iterations))
    return move, STATS["clocked"] == clocked


def taken(game: Any) -> List[int]:
    """The plies at which hints were taken, in order (a damaged record: none)."""
    plies = game.meta.get(KEY)
    if not isinstance(plies, list):
        return []
    return [p for p in plies if isinstance(p, int) and not isinstance(p, bool)]


def record(game: Any) -> List[int]:
    """Note a hint taken now (at the current ply); returns the record."""
    plies = taken(game)
    ply = len(game.log)
    if ply not in plies:
        plies = sorted(plies + [ply])
    game.meta = {**game.meta, KEY: plies, FOLLOWED: _plies(game.meta.get(FOLLOWED))}
    return plies


def followed(game: Any, ply: int) -> None:
    """The move at ``ply`` (just played) was the one the hint there showed."""
    done = _plies(game.meta.get(FOLLOWED))
    if ply not in done:
        game.meta = {**game.meta, FOLLOWED: sorted(done + [ply])}


def _plies(value: Any) -> List[int]:
    return [p for p in value if isinstance(p, int) and not isinstance(p, bool)] if isinstance(value, list) else []


def forget_after(game: Any) -> None:
    """Drop the hints of positions past the current ply (after an undo)."""
    plies = taken(game)
    if not plies:
        return
    kept = [p for p in plies if p <= len(game.log)]
    if kept != plies:
        meta = {**game.meta, KEY: kept}
        if FOLLOWED in meta:
            meta[FOLLOWED] = [p for p in _plies(meta[FOLLOWED]) if p < len(game.log)]
        game.meta = meta


def helped_plies(game: Any) -> Set[int]:
    """The plies of the moves that followed a hint (their history lines are marked): those
    the record says played the hint's move; a save without that record: any move right
    after a hint."""
    if FOLLOWED in game.meta:
        return {p + 1 for p in _plies(game.meta.get(FOLLOWED))}
    return {p + 1 for p in taken(game)}
