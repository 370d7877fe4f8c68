"""The rules protocol every game implements (boardgame.io / OpenSpiel style).

A game is data plus functions over a mutable *state* object:

* ``setup(n_players, seed, options)`` -> state
* ``current_player(state)`` -> seat or ``None`` when the game is over
* ``legal_moves(state)`` -> list of JSON dicts, each with a ``"type"``,
  in a deterministic order, never empty before the end
* ``apply(state, move)`` -> None: the fast, *unchecked* path (python-chess's
  ``push``); ``Game.play`` checks legality first
* ``scores(state)`` -> per seat ``{"total": int, "breakdown": {...}}``
* ``view(state, seat)`` -> JSON for renderers; never leaks hidden order

A state object must offer ``copy()``, ``to_json()`` and three attributes the
platform reads: ``rng`` (:class:`cairn.core.rng.Rng`), ``reveals`` (an int
the rules bump whenever hidden information is revealed: a tile drawn, a die
rolled; undo cannot cross such a move) and ``journal`` (a list the rules may
append readable event lines to, e.g. scoring results; the platform drains it).
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

from pydantic import BaseModel, ConfigDict

from .i18n import msg
from .rng import Rng

Move = Dict[str, Any]


class NoOptions(BaseModel):
    """Options model for a game without options."""

    model_config = ConfigDict(extra="forbid")


class Rules:
    """Base class: override the methods marked as required."""

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 5
    Options: type = NoOptions
    #: seat kinds this game accepts: "human", "bot" (cairn.bots at a level),
    #: and kinds of its own, whose seats play the rules' forced move (the
    #: only legal move when such a seat is to move: a card-driven opponent)
    seat_kinds: tuple = ("human", "bot")
    #: a game's own seat kinds' default level and name (core.seats.SEAT_DEFAULTS)
    seat_defaults: Dict[str, Dict[str, str]] = {}

    # -- required ---------------------------------------------------------
    def setup(self, n_players: int, seed: int, options: Any) -> Any:
        raise NotImplementedError

    def setup_seats(self, seats: List[Any], seed: int, options: Any) -> Any:
        """Like :meth:`setup` for games that need to know each seat's kind
        (a seat of a kind of its own); by default only the count matters."""
        return self.setup(len(seats), seed, options)

    def current_player(self, state: Any) -> Optional[int]:
        raise NotImplementedError

    def legal_moves(self, state: Any) -> List[Move]:
        raise NotImplementedError

    def apply(self, state: Any, move: Move) -> None:
        raise NotImplementedError

    def scores(self, state: Any) -> List[Dict[str, Any]]:
        raise NotImplementedError

    def view(self, state: Any, seat: Optional[int] = None) -> Dict[str, Any]:
        raise NotImplementedError

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        """A new state (the argument is untouched) equal to ``state`` except
        that everything ``seat`` cannot see (face-down stack orders, future
        dice/draws: the state's own rng) is resampled from what ``seat``
        knows: the unseen items sorted canonically, then shuffled with
        ``rng``, and the state's rng reseeded from ``rng``.  Two states that
        differ only in hidden order give the same result for the same rng.

        Bots search only such states, so they never peek.  Every game must
        say what it hides: the default refuses.
        """
        raise NotImplementedError(f"{self.name or type(self).__name__} does not implement determinize")

    def reshuffle(self, state: Any, rng: Rng) -> Any:
        """A new state (the argument is untouched) equal to ``state`` except
        that everything hidden from *every* seat (face-down stack orders, the
        state's own rng) is resampled with ``rng``, canonically: the result
        depends only on what the table knows and on ``rng``, never on the
        hidden order it replaces.  A friends' game calls it with fresh
        entropy just before each move that reveals something
        (:mod:`cairn.core.chance`), so no one can work out a draw before it.

        By default :meth:`determinize` for seat 0, which is exact when no seat
        holds private information (true of every game here:
        ``tests/test_friends_chance.py`` checks that every seat gets the same
        state).  A game whose ``determinize`` forgets something public (or
        marks the copy as a bot's) overrides this.
        """
        return self.determinize(state, 0, rng)

    # -- optional, with defaults -----------------------------------------
    def is_over(self, state: Any) -> bool:
        return self.current_player(state) is None

    def winners(self, state: Any) -> List[int]:
        """Seats with the best total (override for tie-breaks)."""
        totals = [s["total"] for s in self.scores(state)]
        best = max(totals)
        return [i for i, t in enumerate(totals) if t == best]

    def describe(self, state: Any, move: Move) -> str:
        """One readable log line for ``move`` (called before it is applied)."""
        return json.dumps(move, sort_keys=True)

    def labels(self, state: Any, legal: List[Move]) -> List[Dict[str, Any]]:
        """For each move of ``legal`` (same order), what a page shows for it:
        ``{"label", "cost", "group", "info"}``: the button's text (with what
        the move costs or gives), a short cost for a mark on the board
        (None: costs nothing), a heading shared by alternatives of one kind
        (or None) and a longer explanation (or None).  Each is a message
        (rendered late, like log lines) or plain text; the facade renders them
        in the reader's language.  By default: the move's log line."""
        return [{"label": self.describe(state, m), "cost": None, "group": None, "info": None} for m in legal]

    def mark_basis(self, state: Any, move: Move) -> Any:
        """What :meth:`marks` needs to know of the position before ``move``
        (called just before it is applied; by default nothing)."""
        return None

    def marks(self, state: Any, move: Move, basis: Any) -> List[Dict[str, Any]]:
        """What ``move`` (just applied: ``state`` is after it) changed on the
        table that a page marks until the next player has seen it: the tile
        placed, the pieces set down, the price that moved.  Plain JSON dicts
        with a ``kind`` in the game's own terms (its README says them);
        ``basis`` is :meth:`mark_basis`'s answer.  Kept on the move's history
        line (``marks``).  By default none."""
        return []

    def chance_counts(self, state: Any) -> Any:
        """What :meth:`revealed` needs to tell which chance event a move revealed: a few
        counts of the position before the move (called before each move of a game in play,
        never in a bot's search: keep it cheap).  By default nothing."""
        return None

    def revealed(self, counts: Any, state: Any, move: Move) -> Any:
        """What ``move`` (just applied; it revealed hidden information) revealed, in the
        game's words, as a message: why undo stops there ("the solo opponent drew a card").
        ``counts``: :meth:`chance_counts` of the position before it."""
        return msg("something hidden was revealed")

    #: the score breakdown's keys and their names on the final table (English, marked N_)
    score_categories: Dict[str, str] = {}

    def outcome(self, state: Any) -> Any:
        """A line for the end of the game when naming a winner says the wrong
        thing (a solo game's rating), or None: the page names the winners."""
        return None

    def solo_ratings(self) -> List[Any]:
        """The solo mode's ratings of a final score, lowest first: ``[(least total, name)]``
        (the name a message, rendered late), or none when the game rates no solo score."""
        return []

    #: move types that change nothing worth telling (ending a turn, placing
    #: nothing): their history lines have kind "idle"
    idle_moves: frozenset = frozenset()

    def starts_turn(self, state: Any, move: Move, last_seat: Optional[int]) -> bool:
        """Whether ``move`` (about to be played in ``state``) opens a new turn,
        ``last_seat`` having made the move before it (None: none yet).  By
        default a turn is a seat's run of moves."""
        return self.current_player(state) != last_seat

    def why_illegal(self, state: Any, move: Move, legal: List[Move]) -> str:
        """Reason a move is refused; games refine this for common mistakes."""
        if self.is_over(state):
            return "the game is over"
        kind = move.get("type")
        kinds = sorted({m["type"] for m in legal})
        if kind not in kinds:
            return f"a '{kind}' move is not possible now; possible: {', '.join(kinds)}"
        return f"this '{kind}' move is not legal in this position"

    def copy(self, state: Any) -> Any:
        return state.copy()
