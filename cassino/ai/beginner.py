"""Beginner: takes the most valuable capture it sees, otherwise trails its least
useful card; never builds; now and then makes a random mistake."""

from __future__ import annotations

import random

from cassino.rules import Move
from cassino.rules.cards import rank_of

from .knowledge import Worth, candidate_moves
from .player import Budget, Player
from .view import SeatView


class Beginner(Player):
    level = "beginner"

    def __init__(self, mistake_rate: float = 0.08):
        self.mistake_rate = mistake_rate

    def choose(self, view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
        moves = candidate_moves(view.bare_position())
        plain = [m for m in moves if m.kind != "build"] or moves
        if rng.random() < self.mistake_rate:
            return plain[rng.randrange(len(plain))]
        worth = Worth(view.captured)
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
        return move.describe()
