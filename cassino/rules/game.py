"""A whole game: seeded deals, dealer rotation, rounds, and the race to the target.

The seed fixes every deal: round k is shuffled by ``random.Random`` seeded
from the game seed and k, so a seed plus the moves replays a game exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from .cards import DECK, Card
from .errors import IllegalMoveError
from .moves import Move
from .options import STANDARD, Rules
from .position import Position
from .scoring import TeamScore, score_round


def standard_teams(players: int, partnerships: bool = False) -> list[list[int]]:
    """Every seat its own team, or two partnerships of partners sitting opposite."""
    if partnerships:
        if players != 4:
            raise ValueError("partnerships are played by 4 players")
        return [[0, 2], [1, 3]]
    return [[s] for s in range(players)]


def round_deck(seed: int | str, round_index: int) -> list[Card]:
    """The shuffled pack for round ``round_index`` (0-based) of the game ``seed``, top card first."""
    deck = list(DECK)
    random.Random(f"cassino/{seed}/round/{round_index}").shuffle(deck)
    return deck


def first_dealer(seed: int | str, players: int) -> int:
    """The first dealer, chosen at random from the seed (RULES.md §2)."""
    return random.Random(f"cassino/{seed}/dealer").randrange(players)


class RoundResult(NamedTuple):
    """A finished round: who dealt, each team's breakdown, and the totals after it."""

    number: int
    dealer: int
    scores: list[TeamScore]
    totals: tuple[int, ...]


class Game:
    """A game from the first deal to the winner. ``play`` a move at a time; when a
    round ends it is scored and, unless the game is over, the next is dealt."""

    def __init__(self, rules: Rules = STANDARD, players: int = 2,
                 teams: Sequence[Sequence[int]] | None = None, seed: int | str = 0):
        if players not in (2, 3, 4):
            raise ValueError(f"Cassino is played by 2, 3 or 4 players, not {players}")
        self.rules = rules
        self.players = players
        self.teams = [list(t) for t in teams] if teams is not None else standard_teams(players)
        self.seed = seed
        self.first_dealer = first_dealer(seed, players)
        self.totals: tuple[int, ...] = (0,) * len(self.teams)
        self.rounds: list[RoundResult] = []
        self.moves: list[Move] = []          # every move of the game, in order
        self.round_moves: list[tuple[int, Move]] = []  # (seat, move) of the round in play
        self.winner: int | None = None
        self.position = self._deal_round(0)

    def _deal_round(self, index: int) -> Position:
        dealer = (self.first_dealer + index) % self.players
        return Position.deal_round(self.rules, self.players, self.teams, dealer,
                                   round_deck(self.seed, index), self.totals)

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def round_number(self) -> int:
        """1 for the first round."""
        return len(self.rounds) + (0 if self.over else 1)

    def legal_moves(self) -> list[Move]:
        return [] if self.over else self.position.legal_moves()

    def play(self, move: Move, checked: bool = True) -> RoundResult | None:
        """Play a move for the player to move. Returns the round's result if it ended the round."""
        if self.over:
            raise IllegalMoveError("The game is over.", move)
        pos = self.position
        seat = pos.to_move
        if checked:
            pos.play(move)
        else:
            pos.play_unchecked(move)
        self.moves.append(move)
        self.round_moves.append((seat, move))
        if not pos.round_over:
            return None
        return self._finish_round()

    def _finish_round(self) -> RoundResult:
        pos = self.position
        scores = score_round(self.rules, pos.captured, pos.sweeps)
        self.totals = tuple(t + s.total for t, s in zip(self.totals, scores))
        result = RoundResult(len(self.rounds) + 1, pos.dealer, scores, self.totals)
        self.rounds.append(result)
        best = max(self.totals)
        if best >= self.rules.target and self.totals.count(best) == 1:
            self.winner = self.totals.index(best)
        else:  # below the target, or tied at the top: another round
            self.round_moves = []
            self.position = self._deal_round(len(self.rounds))
        return result
