"""Cards as small ints, card sets as 52-bit masks, and their text forms.

A card is ``suit * 13 + (rank - 1)`` with suits in canonical order
(spades, hearts, diamonds, clubs) and ranks ace=1 .. king=13, so sorting
card ints gives the canonical order of docs/formats.md. A set of cards is an int
whose bit ``1 << card`` is set for each card it holds.
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import InvalidCardError
from .jsontext import short

Card = int
CardSet = int

SUITS = "SHDC"
RANKS = "A23456789TJQK"
SUIT_SYMBOLS = "\u2660\u2665\u2666\u2663"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = ("ace", "two", "three", "four", "five", "six", "seven",
              "eight", "nine", "ten", "jack", "queen", "king")

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
ACE, JACK, QUEEN, KING = 1, 11, 12, 13

DECK: tuple[Card, ...] = tuple(range(52))
FULL_DECK: CardSet = (1 << 52) - 1


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (1..13) and ``suit`` (0..3)."""
    return suit * 13 + rank - 1


def rank_of(card: Card) -> int:
    """Ace 1 .. king 13."""
    return card % 13 + 1


def suit_of(card: Card) -> int:
    """0 spades, 1 hearts, 2 diamonds, 3 clubs."""
    return card // 13


# RANK_SETS[r]: the four cards of rank r (index 0 unused).
RANK_SETS: tuple[CardSet, ...] = (0,) + tuple(
    sum(1 << make_card(r, s) for s in range(4)) for r in range(1, 14))

BIG_CASINO: Card = make_card(10, DIAMONDS)
LITTLE_CASINO: Card = make_card(2, SPADES)
SPADE_SET: CardSet = (1 << 13) - 1
ACE_SET: CardSet = sum(1 << make_card(ACE, s) for s in range(4))

CARD_BITS = tuple(1 << c for c in DECK)  # a card's bit, 1 << card, as a lookup (hot loops)
_TEXT = tuple(RANKS[c % 13] + SUITS[c // 13] for c in DECK)
_PARSE = {t: c for c, t in enumerate(_TEXT)}


def card_text(card: Card) -> str:
    """Two-character text form: ``TD`` for the ten of diamonds."""
    return _TEXT[card]


def card_symbol(card: Card) -> str:
    """Short form for people: ``10\u2666``, ``Q\u2660``."""
    rank = rank_of(card)
    label = "10" if rank == 10 else RANKS[rank - 1]
    return label + SUIT_SYMBOLS[suit_of(card)]


def card_name(card: Card) -> str:
    """Long form for people: ``ten of diamonds``."""
    return f"{RANK_NAMES[rank_of(card) - 1]} of {SUIT_NAMES[suit_of(card)]}"


def parse_card(text: str) -> Card:
    """Parse ``7H``, ``td``, ``10D`` (the last as a courtesy to people)."""
    if not isinstance(text, str):
        raise InvalidCardError(f"a card is a two-character string like '7H', not {short(text)}")
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    try:
        return _PARSE[t]
    except KeyError:
        raise InvalidCardError(
            f"{short(text)} is not a card: write rank then suit, ranks "
            f"{' '.join(RANKS)} and suits {' '.join(SUITS)}, e.g. '7H' or 'TD'"
        ) from None


def cards_of(mask: CardSet) -> list[Card]:
    """The cards of a set, in canonical order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: Iterable[Card]) -> CardSet:
    """The set of these cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_text(mask: CardSet, sep: str = ",") -> str:
    """``2D,8D,6C``: the cards of a set in canonical order."""
    return sep.join(_TEXT[c] for c in cards_of(mask))


def parse_cards(texts: object, what: str = "the cards") -> CardSet:
    """A set from card strings; a card given twice is an error."""
    if isinstance(texts, str) or not isinstance(texts, (list, tuple)):
        raise InvalidCardError(f"{what} must be a list of cards like [\"7H\", \"TD\"], not {short(texts)}")
    mask = 0
    for t in texts:
        c = parse_card(t)
        if mask >> c & 1:
            raise InvalidCardError(f"the {card_text(c)} is listed twice in {what}")
        mask |= 1 << c
    return mask
