"""Beginner: takes the most valuable capture it sees, otherwise trails its least
useful card; never builds; now and then makes a random mistake."""

from __future__ import annotations

import random

from cassino.rules import Move
from cassino.rules.cards import rank_of

from .intermediate import call_wins
from .knowledge import candidate_moves, worth_of
from .player import Budget, Player
from .view import SeatView


class Beginner(Player):
    """Takes the richest capture it sees, otherwise trails; never builds; slips now and then."""

    level = "beginner"

    def __init__(self, mistake_rate: float = 0.08):
        self.mistake_rate = mistake_rate

    def choose(self, view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
        """A winning call, else the richest capture, else the least useful trail;
        now and then (``mistake_rate``) any capture or trail."""
        moves = candidate_moves(view.bare_position())
        if any(m.kind == "call" for m in moves) and call_wins(view):
            return next(m for m in moves if m.kind == "call")
        moves = [m for m in moves if m.card >= 0]  # no plucks: a beginner just plays
        plain = [m for m in moves if m.kind != "build"] or moves
        if rng.random() < self.mistake_rate:
            return plain[rng.randrange(len(plain))]
        worth = worth_of(view)
        captures = [m for m in moves if m.kind == "capture"]
        if captures:
            table = view.table

            def gain(m: Move) -> tuple[float, int]:
                sweep = 1.0 if m.takes == table else 0.0
                return worth.of(m.takes | 1 << m.card) + sweep, m.takes.bit_count()

            return max(captures, key=gain)
        trails = [m for m in moves if m.kind == "trail"]
        if trails:
            # The least useful card: worth least, and a low card rather than a high
            # one, which could capture more later.
            return min(trails, key=lambda m: (worth.of(1 << m.card), rank_of(m.card)))
        return moves[0]

    def reason(self, view: SeatView, move: Move) -> str:
        """The move in words."""
        return move.describe()
