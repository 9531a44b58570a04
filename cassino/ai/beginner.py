"""Beginner: takes the most valuable capture it sees, otherwise trails its least
useful card; builds only in Royal, to the value of a court card it holds;
plucks a loose spade when it may; now and then makes a random mistake."""

from __future__ import annotations

import random

from cassino.rules import Move
from cassino.rules.cards import SPADE_SET, rank_of
from cassino.rules.moves import PLUCK

from .intermediate import call_wins
from .knowledge import candidate_moves, worth_of
from .player import Budget, Player
from .view import SeatView

# The values of the court cards in Royal: the builds a Royal beginner makes.
COURT_VALUES = (11, 12, 13)


class Beginner(Player):
    """Takes the richest capture it sees, otherwise trails; builds only to a court
    card's value in Royal; plucks spades; slips now and then."""

    level = "beginner"

    def __init__(self, mistake_rate: float = 0.08):
        self.mistake_rate = mistake_rate

    def choose(self, view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
        """A winning call, else a pluck of the highest loose spade, else the
        richest capture, else (Royal) the richest build to a court card held,
        else the least useful trail; now and then (``mistake_rate``) any
        capture or trail."""
        moves = candidate_moves(view.bare_position())
        if any(m.kind == "call" for m in moves) and call_wins(view):
            return next(m for m in moves if m.kind == "call")
        # A spade lying loose is a card for most cards and most spades alike:
        # a beginner sees that much, and not what the pluck opens up (§9.17).
        spades = [m for m in moves if m.kind == PLUCK and m.takes & SPADE_SET]
        if spades:
            return max(spades, key=lambda m: m.takes)
        moves = [m for m in moves if m.card >= 0]
        plain = [m for m in moves if m.kind != "build"] or moves
        if rng.random() < self.mistake_rate:
            return plain[rng.randrange(len(plain))]
        worth = worth_of(view)
        captures = [m for m in moves if m.kind == "capture"]
        if captures:
            table = view.table
            sweep = view.rules.sweeps

            def gain(m: Move) -> tuple[float, int]:
                return (worth.of(m.takes | 1 << m.card) + (sweep if m.takes == table else 0.0),
                        m.takes.bit_count())

            return max(captures, key=gain)
        if view.rules.royal:
            # In Royal a court card in hand is a big number that sums make: a
            # beginner sees "these make my king" and builds it (the most it can
            # gather). Without such builds it wins little more than 95% of games
            # against random play there, where sweeps score nothing (98% with
            # them, seeds below 10000); other builds stay beyond it.
            builds = [m for m in moves if m.kind == "build" and m.value in COURT_VALUES]
            if builds:
                return max(builds, key=lambda m: (worth.of(m.takes | 1 << m.card), -m.takes.bit_count()))
        trails = [m for m in moves if m.kind == "trail"]
        if trails:
            # The least useful card: worth least, and a low card rather than a high
            # one, which could capture more later.
            return min(trails, key=lambda m: (worth.of(1 << m.card), rank_of(m.card)))
        return moves[0]
