"""What the table shows at rest, laid out: every table item (loose card or
build) and every hand, each card's resting spot, and the areas a click or a
drop is tested against.

One source: the painter draws resting cards where the stage puts them, the
outlines and badges round the stage's items, and the input asks the same
stage what is under the pointer. The motion only ever takes cards to the
spots of the stage on show, so when nothing moves the picture and the hit
areas agree by construction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from cassino.rules import Build, Position, cards_of
from cassino.rules.cards import rank_of, suit_of

from ..art.cards import RATIO
from .layout import TAG_ROOM, TableLayout
from .motion import Spot
from .words import value_groups


@dataclass
class Item:
    """A table item on show: the loose card or build, its cards' spots (bottom
    first) and its outline."""

    mask: int
    thing: int | Build
    rect: pygame.Rect
    spots: dict[int, Spot]

    @property
    def build(self) -> Build | None:
        """The build this item shows, or None for a loose card."""
        return self.thing if isinstance(self.thing, Build) else None


def hand_order(pos: Position, seat: int) -> list[int]:
    """A hand as it is held: by rank, then suit."""
    return sorted(cards_of(pos.hands[seat]), key=lambda c: (rank_of(c), suit_of(c)))


def table_piles(pos: Position, played: Sequence[int] = ()) -> tuple[list[list[int]], list[int | Build]]:
    """The table's items in the order the table shows them, each with its
    cards bottom first (``played``: the cards played this round, in order).
    The review shows its tables so too, to be recognised.

    Each item keeps the place of its oldest card: the cards dealt to the
    table by rank, then each card trailed after them, and a build where the
    card it was made on lay. (Builds first and loose cards by rank moved cards
    no play had touched: a trail went in mid-row, a new build jumped to the
    row's start, and a player watching one card lost it.)"""
    when = {c: i for i, c in enumerate(played)}  # cards dealt to the table came first (-1)

    def place(c: int) -> tuple[int, int, int]:
        return (when.get(c, -1), rank_of(c), suit_of(c))
    items: list[tuple[tuple[int, int, int], list[int], int | Build]] = []
    for b in pos.builds:
        groups = value_groups(cards_of(b.cards), pos.rules, b.value) if b.multiple else None
        if groups:
            # A multiple build is fanned group by group, so its groups of the value
            # show; the group of the card played last comes last.
            groups.sort(key=lambda g: max(when.get(c, -1) for c in g))
            cards = [c for g in groups for c in g]
        else:
            cards = sorted(cards_of(b.cards), key=lambda c: when.get(c, -1))
        items.append((min(place(c) for c in cards), cards, b))
    for c in cards_of(pos.loose):
        items.append((place(c), [c], c))
    items.sort(key=lambda item: item[0])
    return [cards for _, cards, _ in items], [thing for _, _, thing in items]


class Stage:
    """The table at rest for one position, one layout and one bottom seat.
    ``face_up`` is the seat whose hand is shown (None: every hand face down)."""

    def __init__(self, geo: TableLayout, pos: Position, face_up: int | None, played: Sequence[int] = (),
                 backs: Sequence[int] | None = None):
        """``played``: the cards played this round, in order, so that a build
        is stacked as it was made, the card played last on top. ``backs``:
        each card's place in a face-down hand (by rank where not given)."""
        self.geo = geo
        self.pos = pos
        self.face_up = face_up
        piles, things = table_piles(pos, played)
        placed, self.table_w = geo.table_items(piles)
        self.items = [Item(p.mask, thing, p.rect, p.spots) for p, thing in zip(placed, things)]
        self.item_of = {it.mask: it.thing for it in self.items}
        self.hands = {seat: hand_order(pos, seat) if seat == face_up or backs is None
                      else sorted(cards_of(pos.hands[seat]), key=backs.__getitem__)
                      for seat in range(pos.players)}
        self.spots: dict[int, Spot] = {}
        for it in self.items:
            self.spots.update(it.spots)
        for seat, cards in self.hands.items():
            self.spots.update(geo.hand_spots(seat, cards, seat == face_up))

    # -- what is where -----------------------------------------------------------------------

    def hand_rects(self, seat: int) -> list[tuple[int, pygame.Rect]]:
        """Each card of ``seat``'s hand and the rectangle it rests in, left to right."""
        out = []
        for c in self.hands[seat]:
            s = self.spots[c]
            out.append((c, pygame.Rect(round(s.x), round(s.y), round(s.w), round(s.w * RATIO))))
        return out

    def hand_card_at(self, seat: int, p: tuple[int, int]) -> int | None:
        """The card of ``seat``'s hand under ``p`` (the one on top where they overlap)."""
        for c, r in reversed(self.hand_rects(seat)):
            if r.collidepoint(p):
                return c
        return None

    def hit_rect(self, item: Item) -> pygame.Rect:
        """Where a click or drop counts as on ``item``: its outline and a
        margin; a build's, its owner's words under it too (a card dropped on
        "North's build" trailed)."""
        r = item.rect.inflate(self.table_w // 6, self.table_w // 6)
        if item.build is not None:
            r.height += round(self.table_w * TAG_ROOM) - self.table_w // 12  # the row's room for the words
        return r

    def drop_item(self, card: pygame.Rect, p: tuple[int, int]) -> Item | None:
        """The table item a card dropped with the pointer at ``p`` lands on:
        the one under the pointer; else, the pointer in a gap, the one the
        card itself covers most, if it covers a quarter of the card (a card
        laid over two cards with the pointer between them trailed)."""
        under = self.item_at(p)
        if under is not None or not self.geo.table.collidepoint(p):
            return under
        best, most = None, card.width * card.height // 4
        for it in self.items:
            cover = card.clip(self.hit_rect(it))
            if cover.width * cover.height > most:
                best, most = it, cover.width * cover.height
        return best

    def item_at(self, p: tuple[int, int]) -> Item | None:
        """The table item under the point ``p`` (the topmost), if any."""
        for it in reversed(self.items):
            if self.hit_rect(it).collidepoint(p):
                return it
        return None

    def bare_cloth(self, p: tuple[int, int]) -> bool:
        """``p`` is on the cloth clear of every item (a drop there trails)."""
        return self.geo.table.collidepoint(p) and self.item_at(p) is None
