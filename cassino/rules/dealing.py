"""Dealing (§2, §9.2, §9.10, §9.12, §9.15): the first deal of a
round, the later deals, the draw after each play in Draw Cassino, and the
initial pairs. The schedule (how many cards, in which packets) is the
game's shape (``shape.py``); cards come off the top of the stock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import RANK_SETS, CardSet
from .events import DealEvent
from .scoring import sudden_death_winner

if TYPE_CHECKING:
    from .position import Position


def _pass_out(pos: Position, deal_index: int) -> None:
    """Deal one deal of the schedule: each pass gives every player, from the
    eldest round to the dealer, one packet; in a deal with table cards the
    table's packet comes just before the dealer's."""
    deal = pos.shape.deals[deal_index]
    stock = pos.stock
    hands = pos.hands
    dealer = pos.dealer
    order = pos.shape.order_from(pos.eldest)
    top = 0
    loose = pos.loose
    for size in deal.packets:
        for seat in order:
            if seat == dealer and deal.table:
                for c in stock[top:top + size]:
                    loose |= 1 << c
                top += size
            packet = 0
            for c in stock[top:top + size]:
                packet |= 1 << c
            hands[seat] |= packet
            top += size
    pos.loose = loose
    pos.stock = stock[top:]


def deal_first(pos: Position) -> DealEvent:
    """The first deal of a round from a position made by ``start_of_round``,
    then the initial pairs (§9.12): every table card whose rank shows two or
    more times goes to the eldest's pile, as the eldest's capture (a sweep
    if the table is left empty)."""
    _pass_out(pos, 0)
    pos.to_move = pos.eldest
    pos.plucked = 0
    pos._moves = pos._legal = pos._legal_set = None
    table = pos.loose
    pairs: CardSet = 0
    pairs_to = None
    sweep = False
    winner = None
    if pos.rules.initial_pairs:
        for rank_set in RANK_SETS[1:]:
            same = table & rank_set
            if same & (same - 1):  # two or more of the rank
                pairs |= same
        if pairs:
            pairs_to = pos.eldest
            team = pos.team_of[pairs_to]
            pos.loose &= ~pairs
            pos.captured[team] |= pairs
            pos.last_capturer = pairs_to
            if not pos.loose:
                sweep = True
                pos.sweeps[team] += 1
                if pos.rules.sudden_death:
                    winner = sudden_death_winner(pos, team)
                    pos.winner = winner
    return DealEvent(pos.round, pos.dealer, table, pairs, pairs_to, sweep, winner)


def deal_next(pos: Position) -> None:
    """The next deal of the round: cards to each player, none to the table;
    plucks may be made again."""
    # The deal just finished is the one the stock's size names; the next follows it.
    _pass_out(pos, pos.shape.deal_number(len(pos.stock)))
    pos.plucked = 0


def draw(pos: Position, seat: int) -> tuple[int, ...]:
    """Draw Cassino (§9.10): after a card play the player takes the stock's top card."""
    card = pos.stock[0]
    pos.stock = pos.stock[1:]
    pos.hands[seat] |= 1 << card
    return (card,)
