"""A whole game: seeded deals, dealer rotation, rounds, and the race to the end.

The seed fixes every deal: round k is shuffled by ``random.Random`` seeded
from the game seed and k, so a seed plus the moves replays a game exactly.
``Game.play`` applies a move through the position's one ``apply`` and keeps
its events; when a round ends the next is dealt, unless the game is over.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from typing import NamedTuple

from .builds import Build
from .cards import DECK, Card, CardSet
from .errors import IllegalMoveError
from .events import DealEvent, Event, RoundEnd
from .moves import Move
from .options import STANDARD, Rules
from .position import Position
from .scoring import final_scores
from .shape import shape_of, standard_teams

_new = tuple.__new__

__all__ = ["Game", "Turn", "first_dealer", "round_deck", "standard_teams"]


class Turn(NamedTuple):
    """One move of a round as everyone at the table saw it: who moved, the
    move, and the table (loose cards, builds) it was made on."""

    seat: int
    move: Move
    loose: CardSet
    builds: tuple[Build, ...]


def round_deck(seed: int | str, round_index: int, pack: Sequence[Card] = DECK) -> list[Card]:
    """The shuffled ``pack`` for round ``round_index`` (0-based) of the game
    ``seed``, top card first. The same seed gives the same cards in every
    version, on every machine."""
    deck = list(pack)
    # random.shuffle's own steps (Fisher-Yates, each draw by getrandbits with
    # rejection), written out: the same deck, without a method call per card.
    getrandbits = random.Random(f"cassino/{seed}/round/{round_index}").getrandbits
    for i, n, k in _shuffle_steps(len(deck)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@lru_cache(maxsize=64)
def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of shuffling ``size`` cards, from the last place to the second:
    place ``i`` takes the card at a place drawn below ``n = i + 1`` with ``k``
    bits. Worked out once per pack size rather than at every step."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def first_dealer(seed: int | str, players: int) -> int:
    """The first dealer, chosen at random from the seed (§2)."""
    return random.Random(f"cassino/{seed}/dealer").randrange(players)


class Game:
    """A game from the first deal to the winner. ``play`` a move at a time;
    when a round ends it is scored and, unless the game is over, the next is
    dealt (its ``deal_event`` says what the deal did)."""

    def __init__(self, rules: Rules = STANDARD, players: int = 2,
                 teams: Sequence[Sequence[int]] | None = None, seed: int | str = 0):
        """Raises ``InvalidRulesError`` for a seating the rules do not allow."""
        self.shape = shape_of(rules, players, teams)
        self.rules = rules
        self.players = players
        self.teams = [list(t) for t in self.shape.teams]
        self.seed = seed
        self.first_dealer = first_dealer(seed, players)
        self.totals: tuple[int, ...] = (0,) * len(self.teams)
        self.rounds: list[RoundEnd] = []
        self.moves: list[Move] = []          # every move of the game, in order
        self.turns: list[Turn] = []          # the round in play, move by move
        self.round_events: list[Event] = []  # what each move of the round in play did
        self.winner: int | None = None
        self.deal_event: DealEvent
        self.position = self._start_round(0)

    def _start_round(self, index: int) -> Position:
        dealer = (self.first_dealer + index) % self.players
        pos = Position.start_of_round(self.shape, dealer,
                                      round_deck(self.seed, index, self.shape.pack),
                                      self.totals, index + 1)
        self.deal_event = pos.deal()
        if pos.winner is not None:  # a sudden-death sweep of initial pairs
            self.winner = pos.winner
            self.totals = final_scores(pos)
        return pos

    @property
    def over(self) -> bool:
        """True once the game has a winner."""
        return self.winner is not None

    @property
    def round_number(self) -> int:
        """1 for the first round: the round in play, or the last one once the game is over."""
        return self.position.round

    def legal_moves(self) -> list[Move]:
        """The legal moves of the player to move, in canonical order."""
        return [] if self.over else self.position.legal_moves()

    def play(self, move: Move, checked: bool = True) -> Event:
        """Play a move for the player to move and return its event; when it
        ends the round, the next round is dealt unless the game is over."""
        if self.winner is not None:
            raise IllegalMoveError("The game is over.", move)
        pos = self.position
        turn = _new(Turn, (pos.to_move, move, pos.loose, pos.builds))
        event = pos.play(move) if checked else pos.apply(move)
        self.moves.append(move)
        self.turns.append(turn)
        self.round_events.append(event)
        if event.round_end is not None:
            end = event.round_end
            self.rounds.append(end)
            self.totals = end.scores
            if event.winner is not None:
                self.winner = event.winner
            else:
                self.turns = []
                self.round_events = []
                self.position = self._start_round(len(self.rounds))
        elif event.winner is not None:  # a call, or a sudden-death sweep
            self.winner = event.winner
            self.totals = final_scores(pos)
        return event
