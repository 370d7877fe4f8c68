"""Errors raised across the engine contract.

Both derive from ``ValueError`` (as python-chess does) so callers can catch
bad input broadly, and each carries a human-readable reason.
"""
from __future__ import annotations


class IllegalMove(ValueError):
    """A move that is not one of ``legal_moves()`` right now.

    ``reason`` says why in words a player understands.
    """

    def __init__(self, reason: str, move: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.move = move


class SaveError(ValueError):
    """A save file that cannot be loaded: malformed, unknown version, too
    large, or whose move log contains an illegal move."""
