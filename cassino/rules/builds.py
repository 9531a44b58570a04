"""A build on the table (§5): its cards, value, kind and controller."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .cards import CardSet


class Build(NamedTuple):
    """A build on the table: its cards, announced value, kind and controller seat."""

    cards: CardSet
    value: int
    multiple: bool
    controller: int

    def label(self) -> str:
        """'8' for a single build, '8s' for a multiple one (as the table shows it)."""
        return f"{self.value}s" if self.multiple else str(self.value)


def table_cards(loose: CardSet, builds: Iterable[Build]) -> CardSet:
    """Every card on a table of these loose cards and builds."""
    t = loose
    for b in builds:
        t |= b.cards
    return t
