"""The errors of the rules package: each says what was wrong and what would be right."""

from __future__ import annotations


class CassinoError(ValueError):
    """Base of every error the rules package raises on bad input."""


class InvalidCardError(CassinoError):
    """Text that is not a card."""


class InvalidMoveError(CassinoError):
    """Text or JSON that does not describe a move at all."""


class IllegalMoveError(CassinoError):
    """A well-formed move that the rules do not allow in this position."""

    def __init__(self, reason: str, move: object | None = None):
        super().__init__(reason)
        self.reason = reason
        self.move = move


class InvalidRulesError(CassinoError):
    """A rules object with an unknown option or a bad value; for options that
    do not go together, ``conflict`` says which (``options.Conflict``), so
    that a screen can name them as it shows them."""

    def __init__(self, reason: str, conflict: object | None = None):
        super().__init__(reason)
        self.conflict = conflict


class TooManyMovesError(CassinoError):
    """A crowded table whose legal moves are too many to list (every union of
    groups is a move of its own, §4); each move can still be checked and
    played alone."""


class InvalidPositionError(CassinoError):
    """A position that breaks the rules or the format."""


class InvalidRecordError(CassinoError):
    """A game record that cannot be read or replayed."""
