"""Scoring a round (RULES.md §8), item by item for each team."""

from __future__ import annotations

from typing import NamedTuple

from .cards import ACE_SET, BIG_CASINO, LITTLE_CASINO, SPADE_SET, CardSet
from .options import Rules


class TeamScore(NamedTuple):
    """One team's round: counts, the points of each item, and the total."""

    cards: int
    spades: int
    most_cards: int
    most_spades: int
    big_casino: int
    little_casino: int
    aces: int
    sweeps: int
    sweep_points: int
    total: int

    def items(self) -> dict[str, int]:
        """The points of each scoring item, for breakdowns."""
        return {"most cards": self.most_cards, "most spades": self.most_spades,
                "big casino": self.big_casino, "little casino": self.little_casino,
                "aces": self.aces, "sweeps": self.sweep_points}


def _unique_max(counts: list[int]) -> int | None:
    best = max(counts)
    return counts.index(best) if counts.count(best) == 1 else None


def score_round(rules: Rules, captured: list[CardSet], sweeps: list[int]) -> list[TeamScore]:
    """The points each team scores for a finished round. A tie for most cards
    or most spades scores nothing for that item."""
    cards = [c.bit_count() for c in captured]
    spades = [(c & SPADE_SET).bit_count() for c in captured]
    top_cards = _unique_max(cards)
    top_spades = _unique_max(spades)
    out = []
    for t, cap in enumerate(captured):
        most_cards = 3 if t == top_cards else 0
        most_spades = 1 if t == top_spades else 0
        big = 2 if cap >> BIG_CASINO & 1 else 0
        little = 1 if cap >> LITTLE_CASINO & 1 else 0
        aces = (cap & ACE_SET).bit_count()
        sweep_points = sweeps[t] * rules.sweeps
        total = most_cards + most_spades + big + little + aces + sweep_points
        out.append(TeamScore(cards[t], spades[t], most_cards, most_spades, big, little, aces,
                             sweeps[t], sweep_points, total))
    return out
