"""The one interface of every computer player, and the budget it thinks within.

A player is asked ``choose(view, rng, budget)`` and returns a legal move for
``view.seat``. It sees only the ``SeatView``; its randomness comes only from
``rng``. A ``Budget`` bounds its thinking by a deadline, by a fixed amount of
work (so that view + seed + work always give the same move), and can be
cancelled from another thread.
"""

from __future__ import annotations

import random
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable

from cassino.rules import Move
from cassino.rules.legal import CROWDED

from .knowledge import candidate_moves
from .view import SeatView


class Budget:
    """How long a player may think: a time limit in ms, or a fixed amount of work
    (iterations or samples; then the clock is ignored), and a cancel flag.
    ``clock`` (seconds, ``time.perf_counter`` by default) lets a test count
    how often a player looks at it."""

    def __init__(self, ms: float | None = None, work: int | None = None,
                 cancel: threading.Event | None = None,
                 clock: Callable[[], float] | None = None):
        self.work = work
        self.clock = clock or time.perf_counter
        self.start = self.clock()
        self.ms = None if work is not None else ms
        self.deadline = None if self.ms is None else self.start + self.ms / 1000
        self.cancel = cancel or threading.Event()

    def spent_time(self) -> bool:
        """True once the deadline has passed, or on cancel (fixed work ignores the clock)."""
        if self.cancel.is_set():
            return True
        return self.work is None and self.deadline is not None and self.clock() >= self.deadline

    def spent(self, done: int, scale: float = 1.0) -> bool:
        """True once ``done`` units of work use up the budget, or on cancel.
        ``scale`` stretches the budget (time or work alike), for a player that
        may think longer over a hard decision: so a fixed amount of work still
        gives the same move every time."""
        if self.cancel.is_set():
            return True
        if self.work is not None:
            return done >= self.work * scale
        return self.ms is not None and self.clock() >= self.start + self.ms * scale / 1000


class Player(ABC):
    """A computer player of one level."""

    level: str = "?"
    default_ms: float = 0.0

    @abstractmethod
    def choose(self, view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
        """A legal move for ``view.seat``, which is to move."""


class RandomPlayer(Player):
    """Uniformly random legal moves: the floor of the strength ladder."""

    level = "random"

    def choose(self, view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
        """A random legal move (a call for 21 only if it is the only one). On a
        crowded table, whose legal moves can run to millions, a random one of
        those the other levels weigh (``candidate_moves``)."""
        if view.loose.bit_count() > CROWDED:
            moves = candidate_moves(view.bare_position())
        else:
            moves = view.legal_moves()
        # No call for 21 unless nothing else is legal: a random call would end nearly every game at once.
        plays = [m for m in moves if m.kind != "call"] or moves
        return plays[rng.randrange(len(plays))]
