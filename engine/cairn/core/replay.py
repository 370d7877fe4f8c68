"""Replays: every position of a saved game, one ply at a time.

A :class:`Replay` checks the whole save once, as loading it does (the file
and the settings by :func:`cairn.load_game`, then every move of the log
played through the rules, so a hostile or broken save is refused with the
same :class:`SaveError`), then serves the position after any ply ``k``
(0 = the set-up, ``plies`` = the last move).

A save is a seed plus a move log, so a position is rebuilt by playing moves.
Going forward from the position shown plays only the moves in between; going
back starts from the nearest checkpoint (a copy of the game kept every
:data:`CHECKPOINT_EVERY` plies, made while the log is checked), so no seek plays
more than ``CHECKPOINT_EVERY - 1`` moves, whatever the game's length.
The position returned is an ordinary :class:`Game` at ply ``k``: its view,
scores, history and ``to_save()`` (the save cut at ``k``, from which a new
game can continue) are those of the save cut at ``k`` loaded afresh.
"""
from __future__ import annotations

from typing import Any, Dict, List

from .api import finish_replay, play_logged, start_of
from .errors import SaveError
from .game import Game
from .save import parse_save

CHECKPOINT_EVERY = 16


class Replay:
    """The positions of one saved game."""

    def __init__(self, save: Any) -> None:
        try:
            checked = parse_save(save)  # the file's shape; SaveError otherwise
            start = start_of(checked)   # its settings (and chance entries)
        except RecursionError:
            raise SaveError("save file is malformed (nested too deeply)") from None
        self._marks: Dict[int, Game] = {0: start}
        game = start.clone()
        for i, move in enumerate(checked.moves):
            play_logged(game, i, move)   # worded as load_game words it
            if (i + 1) % CHECKPOINT_EVERY == 0:
                self._marks[i + 1] = game.clone()
        self.final = finish_replay(game, checked)
        self.moves: List[Dict[str, Any]] = list(game.log)
        self.game = game.clone()  # the position shown

    def forget_review(self) -> None:
        """Drop the review the save kept (found wanting): no position shown carries it."""
        for g in (*self._marks.values(), self.final, self.game):
            g.review = None

    @property
    def plies(self) -> int:
        return len(self.moves)

    def seek(self, ply: Any) -> Game:
        """The game after ``ply`` moves (0..plies).

        :raises ValueError: when ``ply`` is not a whole number in range.
        """
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= self.plies:
            raise ValueError(f"ply must be a whole number from 0 to {self.plies}")
        if ply == self.plies and len(self.game.log) != ply:
            self.game = self.final.clone()
            return self.game
        here = len(self.game.log)
        base = max(p for p in self._marks if p <= ply)
        if not base <= here <= ply:
            self.game = self._marks[base].clone()
        game = self.game
        while len(game.log) < ply:
            game.play(self.moves[len(game.log)])
            p = len(game.log)
            if p % CHECKPOINT_EVERY == 0 and p not in self._marks:
                self._marks[p] = game.clone()
        return game
