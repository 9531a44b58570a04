"""The game's shape, derived from its rules and seating (§1, §2, §9.2).

How many players and which teams, which pack (52 cards; 49 for five
players), and the deal schedule: how many cards each player and the table
get in each deal of a round, in packets of which sizes (and so which places
of the stock go to whom). Everything that needs one of these facts reads it
here; nothing else assumes 52 cards, four-card deals or at most four seats.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any, NamedTuple

from .cards import CLUBS, DECK, DIAMONDS, HEARTS, Card, CardSet, make_card
from .errors import InvalidRulesError
from .jsontext import short
from .options import Conflict, Rules

MIN_PLAYERS = 2
MAX_PLAYERS = 6
# Five players leave out the twos of hearts, diamonds and clubs (§9.2).
FIVE_PLAYER_OMITS: CardSet = sum(1 << make_card(2, s) for s in (HEARTS, DIAMONDS, CLUBS))


class Deal(NamedTuple):
    """One deal of a round: cards to each player and to the table, and the
    packet sizes of its passes (each pass gives every player one packet)."""

    hand: int
    table: int
    packets: tuple[int, ...]


# Picks some cards out of the stock, by their places in it.
Pick = Callable[[Sequence[Card]], tuple[Card, ...]]


class Handout(NamedTuple):
    """Where the cards of one deal go, for one dealer: the places in the stock
    (0 for its top card) of each seat's cards and of the table's, and how many
    cards the deal takes; ``picks`` (a seat and its cards) and ``table_pick``
    (None when the table gets none) fetch them all at once."""

    picks: tuple[tuple[int, Pick], ...]
    table_pick: Pick | None
    cards: int
    seats: tuple[tuple[int, ...], ...]
    table: tuple[int, ...]


def _pick(places: Sequence[int]) -> Pick:
    if len(places) == 1:  # itemgetter of one place gives the card, not a tuple
        return itemgetter(slice(places[0], places[0] + 1))
    return itemgetter(*places)


def standard_teams(players: int, partnerships: bool = False) -> list[list[int]]:
    """Every seat its own team, or two partnerships of partners sitting opposite."""
    if partnerships:
        if players != 4:
            raise InvalidRulesError("partnerships are played by 4 players, seats 0+2 against 1+3")
        return [[0, 2], [1, 3]]
    return [[s] for s in range(players)]


def seating_refusal(rules: Rules, players: object, teams: object) -> str | None:
    """Why these players and teams cannot play under these rules (§1,
    §9.1, §9.2), and what would do; None if they can."""
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        return f"Cassino is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {short(players)}"
    # (Lengths first: a list of a million teams is refused without a look at each.)
    if (not isinstance(teams, (list, tuple)) or not all(isinstance(t, (list, tuple)) for t in teams[:MAX_PLAYERS + 1])
            or not all(type(s) is int for t in teams[:MAX_PLAYERS + 1] for s in t[:MAX_PLAYERS + 1])):
        return f"'teams' must be a list of seat lists, such as [[0], [1]], not {short(teams)}"
    if len(teams) > players or any(len(t) > players for t in teams):
        seats = []
    else:
        seats = sorted(s for t in teams for s in t)
    if seats != list(range(players)) or any(not t for t in teams):
        return (f"'teams' must place each of the seats 0..{players - 1} in exactly one team, "
                f"not {short(teams)}")
    if any(len(t) != 1 for t in teams):
        if players != 4 or sorted(sorted(t) for t in teams) != [[0, 2], [1, 3]]:
            return ("partnerships are for 4 players, partners sitting opposite: [[0, 2], [1, 3]]; "
                    "otherwise every seat plays for itself")
    conflict = seating_conflict(rules, teams)
    return conflict.text if conflict else None


def seating_conflict(rules: Rules, teams: Sequence[Sequence[int]]) -> Conflict | None:
    """An option this many sides cannot play (§9.18), as a ``Conflict`` with
    ``"sides"``; None if there is none."""
    if rules.call_for_21 and len(teams) != 2:
        why = "two players, or four in two partnerships"
        return Conflict("call_for_21", True, "sides", True, why,
                        f"'call_for_21' needs exactly two sides: {why}, not {len(teams)} sides")
    return None


class Shape:
    """Players, teams, pack and deal schedule of a game under some rules.
    Made once per seating with ``shape_of`` and shared by every position."""

    __slots__ = ("rules", "players", "teams", "team_of", "pack", "pack_mask", "deals",
                 "stock_after", "round_cards", "orders", "team_orders", "handouts", "deal_numbers",
                 "generator")

    def __init__(self, rules: Rules, players: int, teams: Sequence[Sequence[int]]):
        refusal = seating_refusal(rules, players, teams)
        if refusal:
            raise InvalidRulesError(refusal)
        self.rules = rules
        self.players = players
        self.teams: tuple[tuple[int, ...], ...] = tuple(tuple(t) for t in teams)
        team_of = [0] * players
        for i, team in enumerate(self.teams):
            for seat in team:
                team_of[seat] = i
        self.team_of = tuple(team_of)
        omit = FIVE_PLAYER_OMITS if players == 5 else 0
        self.pack: tuple[Card, ...] = tuple(c for c in DECK if not omit >> c & 1)
        self.pack_mask: CardSet = sum(1 << c for c in self.pack)
        self.round_cards = len(self.pack)
        self.deals = self._schedule(rules, players, len(self.pack))
        # The stock's size after each deal: the deal under way is the one whose
        # figure is the first at or below the stock's size.
        left = len(self.pack)
        after = []
        for d in self.deals:
            left -= d.hand * players + d.table
            after.append(left)
        self.stock_after = tuple(after)
        # Every seat in turn order from each seat (dealing and counting go round).
        self.orders = tuple(tuple((seat + i) % players for i in range(players)) for seat in range(players))
        # Every team in turn order from each seat: the order in which sweeps count.
        self.team_orders = tuple(tuple(dict.fromkeys(team_of[s] for s in order)) for order in self.orders)
        # Worked out here once, so that a deal is a few lookups: the handout of
        # each deal by dealer, and which deal a stock of each size is in.
        self.handouts = tuple(tuple(self._handout(d, dealer) for dealer in range(players))
                              for d in self.deals)
        self.deal_numbers = tuple(self._deal_number(n) for n in range(self.round_cards + 1))
        self.generator: Any = None  # the move generator, made by legal.py on first use

    @staticmethod
    def _schedule(rules: Rules, players: int, cards: int) -> tuple[Deal, ...]:
        def packets(n: int) -> tuple[int, ...]:
            if rules.deal_singly:
                return (1,) * n
            return (2,) * (n // 2) + ((1,) if n % 2 else ())

        first = Deal(4, 4, packets(4))
        if rules.draw:  # Draw Cassino deals once; the rest is drawn (§9.10)
            return (first,)
        later_hand = 5 if players == 5 else 4
        rest = cards - 4 * players - 4
        later = Deal(later_hand, 0, packets(later_hand))
        return (first,) + (later,) * (rest // (later_hand * players))

    @property
    def sides(self) -> int:
        """How many teams score separately."""
        return len(self.teams)

    @property
    def deals_per_round(self) -> int:
        """How many deals a round has."""
        return len(self.deals)

    def _handout(self, deal: Deal, dealer: int) -> Handout:
        """Each pass gives every player, from the eldest round to the dealer, one
        packet off the top of the stock; in a deal with table cards the table's
        packet comes just before the dealer's."""
        seats: list[list[int]] = [[] for _ in range(self.players)]
        table: list[int] = []
        top = 0
        for size in deal.packets:
            for seat in self.orders[self.eldest(dealer)]:
                if seat == dealer and deal.table:
                    table += range(top, top + size)
                    top += size
                seats[seat] += range(top, top + size)
                top += size
        return Handout(tuple((seat, _pick(places)) for seat, places in enumerate(seats) if places),
                       _pick(table) if table else None, top,
                       tuple(tuple(places) for places in seats), tuple(table))

    def deal_number(self, stock_size: int) -> int:
        """Which deal of the round is under way (1 for the first) for a stock of this size."""
        if 0 <= stock_size <= self.round_cards:
            return self.deal_numbers[stock_size]
        return self._deal_number(stock_size)

    def _deal_number(self, stock_size: int) -> int:
        for i, left in enumerate(self.stock_after):
            if stock_size >= left:
                return i + 1
        return len(self.deals)

    def eldest(self, dealer: int) -> int:
        """The player after the dealer, who plays first and is dealt to first."""
        return (dealer + 1) % self.players

    def order_from(self, seat: int) -> tuple[int, ...]:
        """Every seat in turn order, starting with ``seat``."""
        return self.orders[seat]

    def key(self) -> tuple[object, ...]:
        """What makes two shapes the same: the rules, players and teams."""
        return (self.rules, self.players, self.teams)

    def __repr__(self) -> str:
        return f"Shape({self.rules!r}, players={self.players}, teams={self.teams})"


@lru_cache(maxsize=256)
def _shape(rules: Rules, players: int, teams: tuple[tuple[int, ...], ...]) -> Shape:
    return Shape(rules, players, teams)


def shape_of(rules: Rules, players: int, teams: Sequence[Sequence[int]] | None = None) -> Shape:
    """The shared shape of a seating; every seat its own team unless ``teams`` says."""
    if teams is None:
        teams = [[s] for s in range(players)] if type(players) is int and players > 0 else []
    try:
        key = tuple(tuple(t) for t in teams)
        hash(key)
    except TypeError:
        raise InvalidRulesError(f"'teams' must be a list of seat lists, not {short(teams)}") from None
    return _shape(rules, players, key)
