"""Computer players. Each sees only what its seat may see (``SeatView``) and
returns a legal move; hidden cards reach it only through ``SeatView.sample``.

Levels: ``random``, ``beginner``, ``intermediate``, ``expert``, ``master``.
"""

from __future__ import annotations

from .beginner import Beginner
from .player import Budget, Player, RandomPlayer
from .view import SeatView

LEVELS = ("random", "beginner", "intermediate", "expert", "master")


def make_player(level: str) -> Player:
    """A fresh player of the named level."""
    if level == "random":
        return RandomPlayer()
    if level == "beginner":
        return Beginner()
    if level == "intermediate":
        from .intermediate import Intermediate

        return Intermediate()
    if level == "expert":
        from .expert import Expert

        return Expert()
    if level == "master":
        from .master import Master

        return Master()
    raise ValueError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")


__all__ = ["Beginner", "Budget", "LEVELS", "Player", "RandomPlayer", "SeatView", "make_player"]
