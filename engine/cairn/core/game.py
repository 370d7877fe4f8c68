"""``Game``: one game in progress - rules + state + move log + seats.

This is the object the contract names (``new_game`` returns one).  It checks
every move against ``legal_moves()``, keeps the log that save files store,
a readable history, and supports undo back to the last move that revealed
hidden information (a drawn tile, a die roll).
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

from . import chance as _chance
from .errors import IllegalMove
from .i18n import msg
from .rules import Move, Rules
from .save import make_save
from .seats import Seat


def canonical_move(move: Any) -> Move:
    """The JSON form of a move (tuples become lists), or IllegalMove."""
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMove("a move is a JSON object with a string 'type'", move)
    try:
        return json.loads(json.dumps(move))
    except (TypeError, ValueError):
        raise IllegalMove("a move must be plain JSON", move) from None


class Game:
    """A game in progress.  Create with :func:`cairn.new_game`."""

    def __init__(self, rules: Rules, seats: List[Seat], seed: int, options: Any,
                 chance: str = _chance.SEEDED) -> None:
        self.rules = rules
        self.seats = seats
        self.seed = seed
        self.options = options  # the validated pydantic options model
        # where draws come from (cairn.core.chance): "seeded" (the seed fixed them at
        # set-up), "given" (each revealing move needs its entropy: a friends' game) or
        # "local" (drawn here); draws: ply -> the entropy resampled before that move
        self.chance = chance
        self.draws: Dict[int, bytes] = {}
        self.meta: Dict[str, Any] = {}  # the app's notes (title, dates), kept in saves
        # a review of the game as its save keeps it (cairn.review.record; None: none), kept
        # in its saves; the review module checks it before trusting it
        self.review: Optional[Dict[str, Any]] = None
        self.state = rules.setup_seats(seats, seed, options)
        self.log: List[Move] = []
        self.history: List[Dict[str, Any]] = []
        self.turn = 0          # turns begun so far (rules.starts_turn)
        self._last_seat: Optional[int] = None
        self._totals = self._score_totals()
        self._drain_journal(None)
        self._floor = 0
        self._floor_state = rules.copy(self.state)
        self._floor_history = len(self.history)
        self._floor_turn = (self.turn, self._last_seat, self._totals)
        self._floor_why: Any = None   # what the move at the floor revealed (rules.revealed)

    # -- the contract -----------------------------------------------------
    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def current_player(self) -> Optional[int]:
        return self.rules.current_player(self.state)

    @property
    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    def legal_moves(self) -> List[Move]:
        if self.is_over:
            return []
        return self.rules.legal_moves(self.state)

    def play(self, move: Any, entropy: Optional[bytes] = None) -> None:
        """Apply one legal move.  In a game whose chance is not seeded, a move
        that reveals hidden information first resamples it with ``entropy``
        (or the chance entry already recorded for this ply; a ``local`` game
        draws its own).

        :raises IllegalMove: with a reason, if ``move`` is not legal now, or
            entropy is given for a move that reveals nothing.
        :raises cairn.core.chance.ChanceNeeded: a ``given`` game's revealing
            move without its entropy (nothing changes).
        """
        move = canonical_move(move)
        if self.is_over:
            raise IllegalMove("the game is over", move)
        legal = self.rules.legal_moves(self.state)
        if move not in legal:
            raise IllegalMove(self.rules.why_illegal(self.state, move, legal), move)
        self._apply(move, entropy)

    def reveals(self, move: Move) -> bool:
        """Whether playing ``move`` (one of the legal moves) now reveals hidden information."""
        return _chance.reveals(self.rules, self.state, move)

    def undo(self) -> None:
        """Take back the last move.

        :raises IllegalMove: if there is none, or it revealed hidden
            information (a drawn tile, a die roll).
        """
        if not self.can_undo:
            if not self.log:
                raise IllegalMove("there is no move to undo")
            raise IllegalMove("cannot undo past a move that revealed hidden information")
        keep = self.log[self._floor:-1]
        self.state = self.rules.copy(self._floor_state)
        del self.log[self._floor:]
        del self.history[self._floor_history:]
        self.turn, self._last_seat, self._totals = self._floor_turn
        for m in keep:
            self._apply(m)

    @property
    def can_undo(self) -> bool:
        return len(self.log) > self._floor

    @property
    def undo_stop(self) -> Any:
        """Why nothing can be taken back now, when a move revealed hidden information since
        the last move (undo cannot cross it): a message naming the move and what it revealed
        in the game's words ("Undo stops at move 38: the solo opponent drew a card, ..."),
        else None."""
        if self.can_undo or not self.log or self._floor_why is None:
            return None
        return msg("Undo stops at move {n}: {what}, and that cannot be hidden again.",
                   n=self._floor, what=self._floor_why)

    def scores(self) -> List[Dict[str, Any]]:
        return self.rules.scores(self.state)

    def winners(self) -> List[int]:
        return self.rules.winners(self.state) if self.is_over else []

    def view(self, seat: Optional[int] = None) -> Dict[str, Any]:
        v = self.rules.view(self.state, seat)
        v.update(
            game=self.rules.name,
            ply=len(self.log),
            current_player=self.current_player,
            is_over=self.is_over,
            can_undo=self.can_undo,
            seats=[s.to_json() for s in self.seats],
        )
        return v

    def to_save(self) -> Dict[str, Any]:
        return make_save(self, self.meta)

    def clone(self) -> "Game":
        """An independent copy (for bots that look ahead)."""
        g = Game.__new__(Game)
        g.rules, g.seats, g.seed, g.options = self.rules, self.seats, self.seed, self.options
        g.chance, g.draws = self.chance, dict(self.draws)
        g.meta = dict(self.meta)
        g.review = self.review
        g.state = self.rules.copy(self.state)
        g.log = list(self.log)
        g.history = list(self.history)
        g.turn, g._last_seat, g._totals = self.turn, self._last_seat, self._totals
        g._floor, g._floor_state, g._floor_history = self._floor, self._floor_state, self._floor_history
        g._floor_turn, g._floor_why = self._floor_turn, self._floor_why
        return g

    # -- internals --------------------------------------------------------
    def _apply(self, move: Move, entropy: Optional[bytes] = None) -> None:
        if self.chance != _chance.SEEDED:
            self._fresh_draw(move, entropy)
        seat = self.current_player
        text = self.rules.describe(self.state, move)
        starts = self.rules.starts_turn(self.state, move, self._last_seat)
        before = self.state.reveals
        counts = self.rules.chance_counts(self.state)
        basis = self.rules.mark_basis(self.state, move)
        self.rules.apply(self.state, move)
        marks = self.rules.marks(self.state, move, basis)
        self.log.append(move)
        self._last_seat = seat
        if starts:
            self.turn += 1
        line = {"ply": len(self.log), "seat": seat, "text": text, "turn": self.turn,
                "kind": "idle" if move.get("type") in self.rules.idle_moves else "move"}
        if starts:
            line["turn_start"] = True
        if marks:
            line["marks"] = marks   # what it changed on the table (the page marks it: rules.marks)
        self.history.append(line)
        self._drain_journal(len(self.log))
        if self.state.reveals != before:
            self._floor = len(self.log)
            self._floor_state = self.rules.copy(self.state)
            self._floor_history = len(self.history)
            self._floor_turn = (self.turn, self._last_seat, self._totals)
            self._floor_why = self.rules.revealed(counts, self.state, move)

    def _fresh_draw(self, move: Move, entropy: Optional[bytes]) -> None:
        """Before a revealing move of a game with fresh chance: resample what is
        hidden with this ply's entropy and record it (see cairn.core.chance)."""
        ply = len(self.log)
        if entropy is None:
            entropy = self.draws.get(ply)
        if not self.reveals(move):
            if entropy is not None:
                raise IllegalMove("a chance entry was given for a move that reveals nothing", move)
            return
        if entropy is None:
            if self.chance != _chance.LOCAL:
                raise _chance.ChanceNeeded(ply)
            entropy = _chance.fresh_entropy()
        if len(entropy) != _chance.ENTROPY_BYTES:
            raise IllegalMove("a chance entry must be 32 bytes", move)
        self.state = _chance.reshuffled(self.rules, self.state, entropy)
        self.draws[ply] = entropy

    def _score_totals(self) -> List[int]:
        return [s["total"] for s in self.rules.scores(self.state)]

    def _drain_journal(self, ply: Optional[int]) -> None:
        """The rules' journal lines of the last move (or the set-up) into the
        history: kind "scoring" with ``points`` (each seat's gain) when the
        scores changed since the last journal lines, else "event"."""
        journal = self.state.journal
        if journal:
            totals = self._score_totals()
            gains = [a - b for a, b in zip(totals, self._totals)]
            self._totals = totals
            scored = any(gains)
            for line in journal:
                entry = {"ply": ply, "seat": None, "text": line, "turn": self.turn,
                         "kind": "scoring" if scored else "event"}
                if scored:
                    entry["points"] = gains
                self.history.append(entry)
            journal.clear()

    def outcome(self) -> Any:
        """The rules' end-of-game line (a message), when over and it has one."""
        return self.rules.outcome(self.state) if self.is_over else None

    @property
    def last_move(self) -> Optional[Dict[str, Any]]:
        """``{ply, seat, move}`` of the last move played (None before any)."""
        if not self.log:
            return None
        return {"ply": len(self.log), "seat": self._last_seat, "move": self.log[-1]}

    @property
    def turn_now(self) -> int:
        """The number of the turn being played (the next move's): the turns
        begun so far, plus one when the next move opens a new turn."""
        return self.turn_with(self.legal_moves())

    def turn_with(self, legal: List[Move]) -> int:
        """:attr:`turn_now` given the legal moves already generated (any of
        them tells: they are all the same seat's next decision)."""
        if not legal:
            return self.turn
        return self.turn + (1 if self.rules.starts_turn(self.state, legal[0], self._last_seat) else 0)

    def __repr__(self) -> str:
        return (
            f"<Game {self.rules.name} players={len(self.seats)} seed={self.seed} "
            f"ply={len(self.log)} current={self.current_player}>"
        )
