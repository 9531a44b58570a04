"""What one seat may see, and deals of the hidden cards consistent with it.

A computer player is handed a ``SeatView``, never a ``Position``: its own
hand, the table (builds with their values and controllers), every captured
card, the hand sizes, the stock size, the scores, the rules and the round's
plays, each with the table it was made on. Hidden cards reach it only
through ``SeatView.sample``, which deals the unseen cards at random among
the other hands and the stock, consistently with what the seat knows (a
player who controls a build of 9 holds a 9).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cassino.rules import Build, Move, Position, Rules, Shape, Turn, table_cards
from cassino.rules.cards import CARD_BITS, CardSet, cards_of
from cassino.rules.legal import MoveGenerator, generator

History = tuple[Turn, ...]

# Draws of the hidden hands before a sample gives up: on a build's controller
# holding its value (then a deal is built to fit), and on the cards the others'
# plays say they do not hold (then those are let be).
NEEDS_TRIES = 20
AVOID_TRIES = 200

_WIDTH = tuple((i + 1).bit_length() for i in range(64))


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """``rng.shuffle(cards)``, the same permutation from the same state, at about
    half the cost: at a crowded table, dealing the hidden cards is a large share of
    a search's time. (tests/ai/test_sampling.py checks it against ``random.shuffle``.)"""
    if type(rng) is not random.Random or len(cards) > len(_WIDTH):
        rng.shuffle(cards)
        return
    bits = rng.getrandbits
    width = _WIDTH
    for i in range(len(cards) - 1, 0, -1):
        # CPython's _randbelow(i + 1): draw (i + 1).bit_length() bits until below the bound.
        k = width[i]
        j = bits(k)
        while j > i:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _turns(history: Sequence[Turn | tuple[int, Move]]) -> History:
    """Turns as given; bare (seat, move) pairs get an unknown table (-1)."""
    return tuple(t if isinstance(t, Turn) else Turn(t[0], t[1], -1, ()) for t in history)


class SeatView:
    """The public position plus one seat's hand. Immutable by convention."""

    __slots__ = ("shape", "rules", "players", "teams", "team_of", "seat", "dealer", "to_move",
                 "hand", "hand_sizes", "stock_size", "loose", "builds", "captured", "sweeps",
                 "last_capturer", "scores", "round", "plucked", "history", "unseen",
                 "_unseen_cards")

    def __init__(self, pos: Position, seat: int, history: Sequence[Turn | tuple[int, Move]] = ()):
        self.shape: Shape = pos.shape
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
        self.round = pos.round
        self.plucked = pos.plucked
        self.history: History = _turns(history)
        seen = self.hand | pos.table
        for c in pos.captured:
            seen |= c
        # Cards in the other hands or the stock: the ones this seat cannot see.
        self.unseen: CardSet = pos.shape.pack_mask & ~seen
        self._unseen_cards = tuple(cards_of(self.unseen))

    @property
    def table(self) -> CardSet:
        """Every card on the table: loose and in builds."""
        return table_cards(self.loose, self.builds)

    def key(self) -> tuple[object, ...]:
        """Everything the seat sees; two views with equal keys are the same view."""
        return (self.rules, self.players, self.teams, self.seat, self.dealer, self.to_move,
                self.hand, self.hand_sizes, self.stock_size, self.loose, self.builds,
                self.captured, self.sweeps, self.last_capturer, self.scores, self.round,
                self.plucked, self.history)

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves when it is to move. They depend only on its hand, the
        table and the stock's size, so a position with the hidden cards left out gives
        them exactly."""
        if self.to_move != self.seat:
            return []
        return self.bare_position().legal_moves()

    def bare_position(self) -> Position:
        """The seat's hand and the table, the hidden cards dealt in card order as
        stand-ins (not where they really are): enough for the seat's own moves,
        their legality and what they do to the table, nothing more."""
        hands = [0] * self.players
        hands[self.seat] = self.hand
        stand_ins = self._unseen_cards
        top = 0
        for s in range(self.players):
            if s != self.seat:
                n = self.hand_sizes[s]
                hands[s] = sum(1 << c for c in stand_ins[top:top + n])
                top += n
        return self._position(hands, stand_ins[top:])

    def _holds_all(self, hand: CardSet, values: set[int]) -> bool:
        return generator_of(self).holds(hand, values)

    def _needs(self) -> dict[int, set[int]]:
        """For each other seat, the build values it must hold (it controls such a build)."""
        needs: dict[int, set[int]] = {}
        for b in self.builds:
            if b.controller != self.seat:
                needs.setdefault(b.controller, set()).add(b.value)
        return needs

    def sample(self, rng: random.Random) -> Position:
        """A full position: the unseen cards dealt at random to the other hands and
        the stock, consistent with every build's controller holding its value."""
        hands, stock = self._deal(rng)
        return self._position(hands, stock)

    def sample_avoiding(self, rng: random.Random, avoid: Sequence[tuple[int, CardSet]]) -> Position:
        """``sample``, kept clear of the cards each seat in ``avoid`` probably
        does not hold (``knowledge.unlikely_cards``) while a few tries find such
        a deal: rejection keeps the odds of the deals that fit."""
        dealt = self._draw(rng, avoid, AVOID_TRIES) if avoid else None
        hands, stock = dealt if dealt is not None else self._deal(rng)
        return self._position(hands, stock)

    def _deal(self, rng: random.Random) -> tuple[list[CardSet], list[int]]:
        """``sample``'s hands and stock, before they are made a position."""
        dealt = self._draw(rng, (), NEEDS_TRIES)
        if dealt is not None:
            return dealt
        # Constructive: give each controller a card for each value it must hold, then fill.
        needs = self._needs()
        pool = list(self._unseen_cards)
        shuffle(rng, pool)
        hands = [0] * self.players
        hands[self.seat] = self.hand
        masks = self.rules.answer_masks
        for s, vs in sorted(needs.items()):
            for v in sorted(vs):
                if self._holds_all(hands[s], set(vs) & set(range(1, v + 1))):
                    continue
                pick = next((c for c in pool if masks[v] >> c & 1), None)
                if pick is not None:
                    pool.remove(pick)
                    hands[s] |= 1 << pick
        for s in range(self.players):
            if s != self.seat:
                missing = self.hand_sizes[s] - hands[s].bit_count()
                for c in pool[:missing]:
                    hands[s] |= 1 << c
                pool = pool[missing:]
        return hands, pool

    def _draw(self, rng: random.Random, avoid: Sequence[tuple[int, CardSet]],
              tries: int) -> tuple[list[CardSet], list[int]] | None:
        """A deal drawn uniformly among those where every controller holds its
        builds' values and no seat of ``avoid`` holds its cards; None if ``tries``
        draws find none. Rejection, made cheap: the hands are drawn a seat at a
        time (a Fisher-Yates shuffle stopped early), the seats with something to
        check first, and a draw is dropped at the first hand that fails, before
        the rest of the cards are shuffled."""
        needs = self._needs()
        banned = dict(avoid)
        sizes = self.hand_sizes
        order = sorted((s for s in range(self.players) if s != self.seat),
                       key=lambda s: (s not in needs and s not in banned, s))
        holds = generator_of(self).holds
        cards = list(self._unseen_cards)
        count = len(cards)
        bits = rng.getrandbits if type(rng) is random.Random else None
        bit = CARD_BITS
        hands = [0] * self.players
        hands[self.seat] = self.hand
        for _ in range(tries):
            top = 0
            for s in order:
                hand = 0
                for i in range(top, top + sizes[s]):
                    left = count - i  # draw uniformly among cards[i:]
                    if bits is not None:
                        k = left.bit_length()
                        j = bits(k)
                        while j >= left:
                            j = bits(k)
                    else:
                        j = rng.randrange(left)
                    j += i
                    cards[i], cards[j] = cards[j], cards[i]
                    hand |= bit[cards[i]]
                top += sizes[s]
                if hand & banned.get(s, 0) or (s in needs and not holds(hand, needs[s])):
                    break
                hands[s] = hand
            else:
                stock = cards[top:]
                shuffle(rng, stock)
                return hands, stock
        return None

    def _position(self, hands: list[CardSet], stock: Sequence[int]) -> Position:
        return Position(self.shape, self.dealer, self.to_move, hands, stock, self.loose,
                        self.builds, list(self.captured), list(self.sweeps), self.last_capturer,
                        self.scores, self.round, self.plucked)


def generator_of(view: SeatView) -> MoveGenerator:
    """The move generator of a view's rules."""
    gen = view.shape.generator
    return gen if gen is not None else generator(view._position([0] * view.players, ()))
