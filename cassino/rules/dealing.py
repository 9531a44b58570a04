"""Dealing (§2, §9.2, §9.10, §9.12, §9.15): the first deal of a
round, the later deals, the draw after each play in Draw Cassino, and the
initial pairs. The schedule (how many cards, in which packets) is the
game's shape (``shape.py``); cards come off the top of the stock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CARD_BITS, RANK_SETS, CardSet, mask_of
from .events import DealEvent
from .scoring import sudden_death_winner

if TYPE_CHECKING:
    from .position import Position

_BIT = CARD_BITS.__getitem__  # a card's bit: map() calls no Python


def _pass_out(pos: Position, deal_index: int) -> None:
    """Deal one deal of the schedule, as the shape's handout for the dealer
    says: each pass gives every player, from the eldest round to the dealer,
    one packet; in a deal with table cards the table's packet comes just
    before the dealer's."""
    picks, table_pick, cards, seats, table = pos.shape.handouts[deal_index][pos.dealer]
    stock = pos.stock
    hands = pos.hands
    if len(stock) >= cards:
        # A stock's cards are distinct, so their bits add up to their set.
        for seat, pick in picks:
            hands[seat] |= sum(map(_BIT, pick(stock)))
        if table_pick is not None:
            pos.loose |= sum(map(_BIT, table_pick(stock)))
    else:  # a made-up pack too short for the deal: the cards it has, in the same order
        have = len(stock)
        for seat, places in enumerate(seats):
            hands[seat] |= mask_of(stock[i] for i in places if i < have)
        pos.loose |= mask_of(stock[i] for i in table if i < have)
    pos.stock = stock[cards:]


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
