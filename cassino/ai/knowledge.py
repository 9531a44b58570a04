"""What a card counter knows: the worth of cards, who may hold what, what a
table offers to a card of each value. Shared by the Beginner, Intermediate and
the Expert's playouts. Reads a ``SeatView`` only.
"""

from __future__ import annotations

from math import comb

from cassino.rules import Build, Move, Position, Rules
from cassino.rules.cards import (ACE_SET, BIG_CASINO, DECK, LITTLE_CASINO, RANK_SETS, SPADE_SET,
                                 CardSet, cards_of, rank_of)
from cassino.rules.position import disjoint_unions, groups_by_sum

from .view import SeatView

# Points a card is worth to whoever takes it, before majorities are clinched:
# most cards (3 points) needs 27 cards, most spades (1 point) 7 spades.
CARD_SHARE = 3 / 27
SPADE_SHARE = 1 / 7


def card_points(card: int) -> float:
    """The sure points of a card: 2 big casino, 1 little casino, 1 an ace."""
    if card == BIG_CASINO:
        return 2.0
    if card == LITTLE_CASINO or ACE_SET >> card & 1:
        return 1.0
    return 0.0


POINTS = tuple(card_points(c) for c in DECK)


class Worth:
    """The worth of taking each card now, given which majorities are already decided."""

    __slots__ = ("table",)

    def __init__(self, captured: tuple[CardSet, ...] = ()):
        counts = [c.bit_count() for c in captured] or [0]
        spades = [(c & SPADE_SET).bit_count() for c in captured] or [0]
        card_share = 0.02 if max(counts) >= 27 else CARD_SHARE
        spade_share = 0.02 if max(spades) >= 7 else SPADE_SHARE
        self.table = tuple(POINTS[c] + card_share + (spade_share if c < 13 else 0.0)
                           for c in DECK)

    def of(self, mask: CardSet) -> float:
        t = self.table
        total = 0.0
        while mask:
            low = mask & -mask
            total += t[low.bit_length() - 1]
            mask ^= low
        return total


def holds_probability(unseen_of_value: int, unseen: int, hand_size: int) -> float:
    """The chance that a hand of ``hand_size`` unseen cards holds at least one of
    ``unseen_of_value`` particular cards (hypergeometric)."""
    if unseen_of_value <= 0 or hand_size <= 0:
        return 0.0
    if hand_size >= unseen:
        return 1.0
    return 1.0 - comb(unseen - unseen_of_value, hand_size) / comb(unseen, hand_size)


def unseen_by_value(view: SeatView) -> list[int]:
    """How many unseen cards there are of each value (index 0: courts without value)."""
    counts = [0] * 15
    values = view.rules.values
    for c in cards_of(view.unseen):
        counts[values[c]] += 1
    if view.rules.ace_14:
        counts[14] = counts[1]
    return counts


def unseen_by_rank(view: SeatView) -> list[int]:
    counts = [0] * 14
    for c in cards_of(view.unseen):
        counts[rank_of(c)] += 1
    return counts


def best_take(rules: Rules, loose: CardSet, builds: tuple[Build, ...], v: int,
              worth: Worth, sums: dict[int, list[CardSet]] | None = None) -> tuple[float, CardSet]:
    """The most a card of value ``v`` could take from this table, and what."""
    if sums is None:
        sums = groups_by_sum(loose, rules.values, rules.max_build)
    best_u, best_w = 0, 0.0
    groups = sums.get(v, ())
    if loose.bit_count() > CROWDED:
        # Too many unions to try them all: take the richest groups greedily.
        for g in sorted(groups, key=lambda g: -worth.of(g)):
            if not best_u & g:
                best_u |= g
        best_w = worth.of(best_u)
        groups = ()
    for u in disjoint_unions(groups):
        w = worth.of(u)
        if w > best_w:
            best_u, best_w = u, w
    for b in builds:
        if b.value == v:
            best_u |= b.cards
            best_w += worth.of(b.cards)
    return best_w, best_u


def after(view: SeatView, move: Move) -> tuple[CardSet, tuple[Build, ...]]:
    """The table (loose cards, builds) after the seat plays ``move``."""
    t = move.takes
    loose = view.loose & ~t
    cb = 1 << move.card
    if move.kind == "trail":
        return loose | cb, view.builds
    if move.kind == "capture":
        return loose, tuple(b for b in view.builds if not b.cards & t)
    new = Build(t | cb, move.value, move.multiple, view.seat)
    kept = tuple(b for b in view.builds if not b.cards & t)
    return loose, kept + (new,)


# Beyond this many loose cards the full list of legal moves can run to millions
# (every union of groups is a move of its own); players then weigh a few
# moves of each kind instead.
CROWDED = 16


def candidate_moves(pos: Position, worth: Worth | None = None, ordered: bool = True) -> list[Move]:
    """The moves worth weighing for the player to move: every legal move, or on
    a crowded table the trails, the richest capture of each value (with and
    without builds), the best few builds of each kind, raises and additions.
    ``ordered=False`` skips sorting the full list (for playouts)."""
    if pos.loose.bit_count() <= CROWDED:
        return pos.legal_moves() if ordered else pos.unordered_moves()
    worth = worth or Worth(tuple(pos.captured))
    rules = pos.rules
    values = rules.values
    loose = pos.loose
    sums = groups_by_sum(loose, values, rules.max_build)
    ranked = {v: sorted(gs, key=lambda g: -worth.of(g)) for v, gs in sums.items()}

    def richest(v: int, avoid: CardSet = 0) -> CardSet:
        u = avoid
        for g in ranked.get(v, ()):
            if not u & g:
                u |= g
        return u & ~avoid

    hand = pos.hands[pos.to_move]
    held = {values[c] for c in cards_of(hand)}
    out: set[Move] = set()
    for c in cards_of(hand):
        out.add(Move.trail(c))
        cv = values[c]
        if not cv:
            same = loose & RANK_SETS[rank_of(c)]
            if same and rules.court_capture == "all":
                out.add(Move(c, "capture", 0, same, False))
            elif same:
                out.add(Move(c, "capture", 0, same & -same, False))
            continue
        for v in rules.capture_values(c):
            in_builds = 0
            for b in pos.builds:
                if b.value == v:
                    in_builds |= b.cards
            best = ranked.get(v, [0])[0]
            for t in (richest(v), richest(v) | in_builds, in_builds, best, best | in_builds):
                if t:
                    out.add(Move(c, "capture", v, t, False))
        for V in held | ({14} if rules.ace_14 and 1 in held else set()):
            if V < 1 or V > rules.max_build:
                continue
            firsts = ranked.get(V - cv, [])[:4] if V > cv else [0] if V == cv else []
            for g in firsts:
                if g:
                    out.add(Move(c, "build", V, g, False))
                extra = richest(V, g)
                if extra:
                    out.add(Move(c, "build", V, g | extra, True))
            for b in pos.builds:
                if not b.multiple and b.value + cv == V:
                    out.add(Move(c, "build", V, b.cards, False))
                    extra = richest(V)
                    if extra:
                        out.add(Move(c, "build", V, b.cards | extra, True))
                elif b.value == V:
                    for g in firsts:
                        out.add(Move(c, "build", V, b.cards | g, True))
    legal = sorted(m for m in out if pos.is_legal(m))
    return legal or pos.legal_moves()
