"""A build on the table (§5): its cards, value, kind and controller."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .cards import CardSet
from .moves import plural


class Build(NamedTuple):
    """A build on the table: its cards, announced value, kind and controller seat."""

    cards: CardSet
    value: int
    multiple: bool
    controller: int

    def label(self, by_rank: bool = False) -> str:
        """'8' for a single build, '8s' for a multiple one (as the table shows
        it); 'Ks' for kings where court cards build by rank (§9.11: no number)."""
        value = "JQK"[self.value - 11] if by_rank and 11 <= self.value <= 13 else str(self.value)
        return f"{value}s" if self.multiple else value

    def name(self, by_rank: bool = False) -> str:
        """The build in words, as the play that made it was said: '7' for a
        single build, 'sevens' for a multiple one; 'kings' where court cards
        build by rank (§9.11)."""
        return plural(self.value, by_rank) if self.multiple else self.label(by_rank)


def table_cards(loose: CardSet, builds: Iterable[Build]) -> CardSet:
    """Every card on a table of these loose cards and builds."""
    t = loose
    for b in builds:
        t |= b.cards
    return t
