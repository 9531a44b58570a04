"""What one seat may see, and deals of the hidden cards consistent with it.

A computer player is handed a ``SeatView``, never a ``Position``: its own
hand, the table (builds with their values and controllers), every captured
card, the hand sizes, the stock size, the scores, the rules and the history
of plays. Hidden cards reach it only through ``SeatView.sample``, which deals
the unseen cards at random among the other hands and the stock, consistently
with what the seat knows (a player who controls a build of 9 holds a 9).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cassino.rules import Build, Move, Position, Rules
from cassino.rules.cards import FULL_DECK, CardSet, cards_of
from cassino.rules.position import table_cards

History = tuple[tuple[int, Move], ...]


class SeatView:
    """The public position plus one seat's hand. Immutable by convention."""

    __slots__ = ("rules", "players", "teams", "team_of", "seat", "dealer", "to_move", "hand",
                 "hand_sizes", "stock_size", "loose", "builds", "captured", "sweeps",
                 "last_capturer", "scores", "history", "unseen")

    def __init__(self, pos: Position, seat: int, history: Sequence[tuple[int, Move]] = ()):
        self.rules: Rules = pos.rules
        self.players = pos.players
        self.teams = pos.teams
        self.team_of = pos.team_of
        self.seat = seat
        self.dealer = pos.dealer
        self.to_move = pos.to_move
        self.hand: CardSet = pos.hands[seat]
        self.hand_sizes = tuple(h.bit_count() for h in pos.hands)
        self.stock_size = len(pos.stock)
        self.loose: CardSet = pos.loose
        self.builds: tuple[Build, ...] = pos.builds
        self.captured = tuple(pos.captured)
        self.sweeps = tuple(pos.sweeps)
        self.last_capturer = pos.last_capturer
        self.scores = pos.scores
        self.history: History = tuple(history)
        seen = self.hand | pos.table
        for c in pos.captured:
            seen |= c
        # Cards in the other hands or the stock: the ones this seat cannot see.
        self.unseen: CardSet = FULL_DECK & ~seen

    @property
    def table(self) -> CardSet:
        return table_cards(self.loose, self.builds)

    def key(self) -> tuple[object, ...]:
        """Everything the seat sees; two views with equal keys are the same view."""
        return (self.rules, self.players, self.teams, self.seat, self.dealer, self.to_move,
                self.hand, self.hand_sizes, self.stock_size, self.loose, self.builds,
                self.captured, self.sweeps, self.last_capturer, self.scores, self.history)

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves when it is to move. They depend only on its hand and
        the table, so a position with the hidden cards left out gives them exactly."""
        if self.to_move != self.seat:
            return []
        return self.bare_position().legal_moves()

    def bare_position(self) -> Position:
        """The seat's hand and the table, with the hidden cards left out: enough
        for the seat's own moves and their legality, nothing more."""
        hands = [0] * self.players
        hands[self.seat] = self.hand
        return Position(self.rules, self.players, self.teams, self.dealer, self.to_move, hands,
                        (), self.loose, self.builds, list(self.captured), list(self.sweeps),
                        self.last_capturer, self.scores)

    def _needs(self) -> dict[int, set[int]]:
        """For each other seat, the build values it must hold (it controls such a build)."""
        needs: dict[int, set[int]] = {}
        for b in self.builds:
            if b.controller != self.seat:
                needs.setdefault(b.controller, set()).add(b.value)
        return needs

    def _holds(self, mask: CardSet, value: int) -> bool:
        values = self.rules.values
        if value == 14 and self.rules.ace_14:
            value = 1
        return any(values[c] == value for c in cards_of(mask))

    def _holds_all(self, mask: CardSet, values: set[int]) -> bool:
        if not all(self._holds(mask, v) for v in values):
            return False
        if self.rules.ace_14 and {1, 14} <= values:  # one ace answers for one of them
            return sum(1 for c in cards_of(mask) if self.rules.values[c] == 1) >= 2
        return True

    def sample(self, rng: random.Random) -> Position:
        """A full position: the unseen cards dealt at random to the other hands and
        the stock, consistent with every build's controller holding its value."""
        unseen = cards_of(self.unseen)
        needs = self._needs()
        hands = [0] * self.players
        hands[self.seat] = self.hand
        others = [s for s in range(self.players) if s != self.seat]
        for _ in range(20):  # plain rejection first: exact and usually quick
            rng.shuffle(unseen)
            top = 0
            for s in others:
                n = self.hand_sizes[s]
                hands[s] = sum(1 << c for c in unseen[top:top + n])
                top += n
            if all(self._holds_all(hands[s], vs) for s, vs in needs.items()):
                return self._position(hands, unseen[top:])
        # Constructive: give each controller a card of each value it must hold, then fill.
        rng.shuffle(unseen)
        pool = list(unseen)
        hands = [0] * self.players
        hands[self.seat] = self.hand
        values = self.rules.values
        for s, vs in sorted(needs.items()):
            wanted = sorted(vs)
            if self.rules.ace_14 and {1, 14} <= vs:
                wanted.append(1)  # a second ace
            for v in wanted:
                if self._holds(hands[s], v) and not (v == 1 and wanted.count(1) > 1
                                                     and self._aces(hands[s]) < 2):
                    continue
                want = 1 if v == 14 and self.rules.ace_14 else v
                pick = next(c for c in pool if values[c] == want)
                pool.remove(pick)
                hands[s] |= 1 << pick
        for s in others:
            missing = self.hand_sizes[s] - hands[s].bit_count()
            for c in pool[:missing]:
                hands[s] |= 1 << c
            pool = pool[missing:]
        return self._position(hands, pool)

    def _aces(self, mask: CardSet) -> int:
        return sum(1 for c in cards_of(mask) if self.rules.values[c] == 1)

    def _position(self, hands: list[CardSet], stock: Sequence[int]) -> Position:
        return Position(self.rules, self.players, self.teams, self.dealer, self.to_move, hands,
                        stock, self.loose, self.builds, list(self.captured), list(self.sweeps),
                        self.last_capturer, self.scores)
