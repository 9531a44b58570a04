"""What a card counter knows: the worth of cards under the rules in force,
who may hold what, what a table offers to a card of each value. Shared by
the Beginner, Intermediate and the Expert's playouts. Reads a ``SeatView``
(or a position the seat may see) only; every question of legality or of
what a move does goes to the rules engine.
"""

from __future__ import annotations

from math import comb

from cassino.rules import Build, Move, Position, Rules
from cassino.rules.cards import (ACE_SET, BIG_CASINO, JACK, LITTLE_CASINO, RANK_SETS, SPADE_SET,
                                 CardSet, cards_of, rank_of)
from cassino.rules.groups import expand
from cassino.rules.legal import MoveGenerator, generator

from .view import SeatView


def card_points(rules: Rules) -> tuple[float, ...]:
    """The sure points of each card under these rules: 2 big casino, 1 little
    casino and each ace; under spade scoring 1 more for each spade (2 for the
    jack of spades)."""
    out = []
    for c in range(52):
        p = 0.0
        if c == BIG_CASINO:
            p = 2.0
        elif c == LITTLE_CASINO or ACE_SET >> c & 1:
            p = 1.0
        if rules.spade_scoring and c < 13:
            p += 2.0 if rank_of(c) == JACK else 1.0
        out.append(p)
    return tuple(out)


_POINTS: dict[Rules, tuple[float, ...]] = {}


def points_of(rules: Rules) -> tuple[float, ...]:
    got = _POINTS.get(rules)
    if got is None:
        got = _POINTS[rules] = card_points(rules)
    return got


class Worth:
    """The worth of taking each card now, given which majorities are already decided."""

    __slots__ = ("table",)

    def __init__(self, captured: tuple[CardSet, ...] = (), rules: Rules | None = None,
                 pack: int = 52):
        rules = rules or Rules()
        counts = [c.bit_count() for c in captured] or [0]
        spades = [(c & SPADE_SET).bit_count() for c in captured] or [0]
        # Most cards (3 points) needs more than half the pack, most spades (1) 7 spades.
        majority = pack // 2 + 1
        card_share = 0.02 if max(counts) >= majority else 3 / majority
        spade_share = 0.02 if max(spades) >= 7 else 1 / 7
        points = points_of(rules)
        self.table = tuple(points[c] + card_share + (spade_share if c < 13 else 0.0)
                           for c in range(52))

    def of(self, mask: CardSet) -> float:
        t = self.table
        total = 0.0
        while mask:
            low = mask & -mask
            total += t[low.bit_length() - 1]
            mask ^= low
        return total


def worth_of(view: SeatView | Position) -> Worth:
    """The worth of cards for a view or position."""
    return Worth(tuple(view.captured), view.rules, view.shape.round_cards)


def holds_probability(unseen_of_value: int, unseen: int, hand_size: int) -> float:
    """The chance that a hand of ``hand_size`` unseen cards holds at least one of
    ``unseen_of_value`` particular cards (hypergeometric)."""
    if unseen_of_value <= 0 or hand_size <= 0:
        return 0.0
    if hand_size >= unseen:
        return 1.0
    return 1.0 - comb(unseen - unseen_of_value, hand_size) / comb(unseen, hand_size)


def unseen_by_value(view: SeatView) -> list[int]:
    """How many unseen cards capture as each value (index 0: court cards without value)."""
    counts = [0] * 15
    capture_values = view.rules.capture_values_of
    for c in cards_of(view.unseen):
        vs = capture_values[c]
        if not vs:
            counts[0] += 1
        for v in vs:
            counts[v] += 1
    return counts


def unseen_by_rank(view: SeatView) -> list[int]:
    counts = [0] * 14
    for c in cards_of(view.unseen):
        counts[rank_of(c)] += 1
    return counts


# Beyond this many loose cards the full list of legal moves can run to millions
# (every union of groups is a move of its own); players then weigh a few
# moves of each kind instead.
CROWDED = 16


def capture_sets(gen: MoveGenerator, loose: CardSet, v: int, limit: int = 400) -> list[CardSet]:
    """The sets of loose cards a card capturing as v could take (at most
    ``limit``, the richest kept first by size on a crowded table)."""
    values = gen.values
    vec = values.counts(loose)
    spread = loose & values.spread_mask
    out: list[CardSet] = []
    for p in values.captures(vec, v):
        out += expand(p, spread)
        if len(out) > limit:
            break
    return out


def best_take(rules: Rules, loose: CardSet, builds: tuple[Build, ...], v: int,
              worth: Worth, gen: MoveGenerator) -> tuple[float, CardSet]:
    """The most a card capturing as ``v`` could take from this table, and what."""
    best_u, best_w = 0, 0.0
    for u in capture_sets(gen, loose, v):
        w = worth.of(u)
        if w > best_w:
            best_u, best_w = u, w
    for b in builds:
        if b.value == v:
            best_u |= b.cards
            best_w += worth.of(b.cards)
    return best_w, best_u


def best_rank_take(rules: Rules, loose: CardSet, builds: tuple[Build, ...], rank: int,
                   worth: Worth) -> tuple[float, CardSet]:
    """The most a court card without value could take by rank."""
    same = loose & RANK_SETS[rank]
    if rules.trailing_royals:
        taken = same
        for b in builds:
            if b.value == rank:
                taken |= b.cards
    elif rules.court_capture == "all":
        taken = same
    else:
        taken = same & -same
    return (worth.of(taken), taken) if taken else (0.0, 0)


def after(view: SeatView, move: Move) -> tuple[CardSet, tuple[Build, ...]]:
    """The table (loose cards, builds) after the seat plays ``move``, as the
    engine applies it."""
    pos = view.bare_position()
    pos.apply(move)
    return pos.loose, pos.builds


def candidate_moves(pos: Position, worth: Worth | None = None, ordered: bool = True) -> list[Move]:
    """The moves worth weighing for the player to move: every legal move, or on
    a crowded table the moves within a few chosen sets of table cards for each
    card (the richest groups of each value, every build), as the move
    generator lists them. ``ordered=False`` skips sorting the full list."""
    if pos.loose.bit_count() <= CROWDED:
        return pos.legal_moves() if ordered else pos.moves()
    worth = worth or worth_of(pos)
    gen = generator(pos)
    rules = pos.rules
    loose = pos.loose
    builds_mask = 0
    for b in pos.builds:
        builds_mask |= b.cards

    def richest(v: int) -> CardSet:
        u = 0
        groups = sorted(gen.values.groups_of(loose, v), key=lambda g: -worth.of(g))
        for g in groups[:12]:
            if not u & g:
                u |= g
        return u

    out: dict[Move, None] = {}
    for a in gen.actions(pos):
        out[a] = None
    hand = pos.hands[pos.to_move]
    wanted: set[int] = set()
    for c in cards_of(hand):
        wanted.update(rules.capture_values(c))
        wanted.update(rules.answers[c])
    masks = {richest(v) | builds_mask for v in wanted if 0 < v <= rules.max_build} | {builds_mask}
    for c in cards_of(hand):
        for m in masks:
            for move in gen.generate(pos, c, m):
                out[move] = None
        court = loose & RANK_SETS[rank_of(c)]
        if not rules.capture_values(c) and court:
            for move in gen.generate(pos, c, court | builds_mask):
                out[move] = None
    moves = list(out)
    return sorted(moves) if ordered else moves
