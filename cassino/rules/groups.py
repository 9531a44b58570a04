"""Groups of loose cards adding up to a value (§4, §5): which sets of
table cards a capture or a build may take.

Which cards can be grouped depends only on the values of the loose cards,
not on their suits; and the groups adding up to v depend only on the loose
cards worth v or less. Tables repeat those few counts far more often than
their exact cards, so the combinatorics are worked out once per count of
values (memoized) as *patterns*: how many cards of each kind a move takes.
A pattern becomes cards in a position with one multiplication, spreading a
set of ranks over the four suits and keeping the loose cards among them
(``expand``).

A *kind* is a value class of cards: the rank for numeral cards (and court
cards under Royal); under buckeye the ten of diamonds is a kind of its own,
worth 10 or 11. Court cards without a value have no kind (they capture by
rank: ``legal.py``). Count vectors are ints with four bits per kind: kind
k's count is ``vec >> 4 * k & 15``, and adding vectors adds counts.
"""

from __future__ import annotations

from itertools import combinations
from typing import TypeVar, Union

from .cards import BIG_CASINO, RANK_SETS, CardSet, cards_of
from .options import Rules

RANK_BITS = 0x1FFF
# Multiplying a set of ranks (bit r-1 for rank r) by REP copies it into all
# four suits' blocks of a card set.
REP = 1 | 1 << 13 | 1 << 26 | 1 << 39
TD_KIND = 13  # buckeye's ten of diamonds, as a kind of its own (field 13)
FIELD = 0xF
GUARDS = sum(8 << 4 * k for k in range(14))
_MEMO_LIMIT = 200_000
_T = TypeVar("_T")


def _spread_table() -> tuple[int, ...]:
    """SPREAD[x]: the 13 bits of x, each moved to the bottom of a 4-bit field."""
    out = [0] * (1 << 13)
    for x in range(1, 1 << 13):
        out[x] = out[x >> 1] << 4 | x & 1
    return tuple(out)


SPREAD = _spread_table()
COMPACT = {spread: x for x, spread in enumerate(SPREAD)}
LOW_BITS = sum(1 << 4 * k for k in range(14))  # the lowest bit of every field

# A sub-multiset of the loose cards: (count vector, kinds present, rank bits).
Sub = tuple[int, int, int]

# A pattern: the ranks (bit r-1) whose loose cards are all taken; or, if the
# move takes only some loose cards of a rank (or buckeye's ten of diamonds),
# a tuple (ranks, extra cards, ((rank, how many), ...)).
Pattern = Union[int, tuple[int, int, tuple[tuple[int, int], ...]]]


def expand(pattern: Pattern, loose: CardSet) -> list[CardSet]:
    """The card sets of a pattern among these loose cards (more than one when
    the move takes only some of the loose cards of a rank). Under buckeye
    ``loose`` leaves out the ten of diamonds, a kind of its own."""
    if type(pattern) is int:
        return [pattern * REP & loose]
    ranks, extra, partial = pattern  # type: ignore[misc]
    outs = [ranks * REP & loose | extra]
    for rank, k in partial:
        cards = loose & RANK_SETS[rank]
        if k == 1:
            picks = []
            while cards:
                low = cards & -cards
                cards ^= low
                picks.append(low)
        else:
            picks = [sum(1 << c for c in combo) for combo in combinations(cards_of(cards), k)]
        outs = [o | p for o in outs for p in picks]
    return outs


class Values:
    """The kinds of cards of one rule set, and the memo of their patterns."""

    def __init__(self, rules: Rules):
        self.cap = rules.max_build
        kinds: list[tuple[int, ...]] = [()] * 14
        for rank in range(1, 14):
            kinds[rank - 1] = rules.part_values[rank - 1]  # the spade of that rank
        self.buckeye = rules.buckeye
        if rules.buckeye:
            kinds[TD_KIND] = rules.part_values[BIG_CASINO]
        self.kind_values = tuple(kinds)
        self.field_mask = sum(FIELD << 4 * k for k in range(14) if kinds[k])
        # below[s]: the fields of the kinds that can be part of a group of s.
        self.below = tuple(sum(FIELD << 4 * k for k in range(14) if kinds[k] and min(kinds[k]) <= s)
                           for s in range(self.cap + 1))
        # The loose cards patterns are spread over: all but buckeye's ten of diamonds.
        self.spread_mask = ((1 << 52) - 1) & ~(1 << BIG_CASINO if rules.buckeye else 0)
        # Memos, keyed by a count vector (cut to the kinds that matter) and values.
        self.capture_memo: dict[int, list[Pattern]] = {}
        self.single_memo: dict[int, list[Pattern]] = {}
        self.multiple_memo: dict[int, list[Pattern]] = {}
        self.addition_memo: dict[int, list[Pattern]] = {}
        self.reach_memo: dict[int, int] = {}
        self._sums_memo: dict[int, list[Sub]] = {}
        self._parts: dict[int, list[Sub]] = {}
        self._unions_memo: dict[int, list[Sub]] = {}

    def counts(self, loose: CardSet) -> int:
        """The count vector of the loose cards that have a value."""
        vec = (SPREAD[loose & RANK_BITS] + SPREAD[loose >> 13 & RANK_BITS]
               + SPREAD[loose >> 26 & RANK_BITS] + SPREAD[loose >> 39]) & self.field_mask
        if self.buckeye and loose >> BIG_CASINO & 1:
            vec += (1 << 4 * TD_KIND) - (1 << 4 * 9)
        return vec

    # -- the patterns of moves, memoized -------------------------------------------
    # The move generator reads the memos directly and calls these on a miss.

    def reach(self, vec: int) -> int:
        """The sums some group of these cards adds up to (bit s), from 1 up."""
        reach = 1
        capmask = (1 << self.cap + 1) - 1
        for k in range(14):
            for _ in range(vec >> 4 * k & FIELD):
                r = reach
                for v in self.kind_values[k]:
                    r |= reach << v
                reach = r & capmask
        return self._remember(self.reach_memo, vec, reach & ~1)

    def captures(self, vec: int, v: int) -> list[Pattern]:
        """The non-empty sets of loose cards that split into groups of v: a
        capture's loose cards (§4). Key: ``(vec & below[v]) << 4 | v``."""
        low = vec & self.below[v]
        return self._remember(self.capture_memo, low << 4 | v,
                              [self._pattern(x, vec) for x in self._unions(low, v)])

    def singles(self, vec: int, bv: int, V: int) -> list[Pattern]:
        """The groups adding up to V - bv: with a card counting bv, a new single
        build of V. Key: ``(vec & below[V - bv]) << 4 | V - bv``."""
        s = V - bv
        low = vec & self.below[s]
        return self._remember(self.single_memo, low << 4 | s,
                              [self._pattern(x, vec) for x in self._sums(low, s)])

    def multiples(self, vec: int, bv: int, V: int) -> list[Pattern]:
        """The loose cards that, with a card counting bv, split into two or more
        groups of V: a new multiple build (§5). Key: ``(vec & below[V]) << 8 | V << 4 | bv``."""
        low = vec & self.below[V]
        return self._remember(self.multiple_memo, low << 8 | V << 4 | bv,
                              [self._pattern(x, vec) for x in self._multiples(low, bv, V)])

    def additions(self, vec: int, bv: int, V: int) -> list[Pattern]:
        """The loose cards that, with a card counting bv, make one or more groups
        of V: what joins that card in adding to a build of V (§5); the empty
        pattern when the card alone makes V. Key as for ``multiples``."""
        low = vec & self.below[V]
        key = low << 8 | V << 4 | bv
        got = self.addition_memo.get(key)
        if got is None:
            lone = [(0, 0, 0)] if bv == V else self._sums(low, V - bv)
            subs = {e[0]: e for e in lone + self._multiples(low, bv, V)}
            got = self._remember(self.addition_memo, key, [self._pattern(e, vec) for e in subs.values()])
        return got

    @staticmethod
    def _remember(memo: dict[int, _T], key: int, value: _T) -> _T:
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        memo[key] = value
        return value

    def splits(self, cards: CardSet, v: int, groups: int = 1) -> bool:
        """Whether these cards (all with a value) split into ``groups`` or more
        groups of v each; no cards split into none."""
        if not cards:
            return True
        vec = self.counts(cards)
        if groups <= 1:
            return any(e[0] == vec for e in self._unions(vec, v))
        return any(e[0] == vec for e in self._multiples(vec, 0, v))

    def groups_of(self, cards: CardSet, v: int) -> list[CardSet]:
        """The sets of these cards adding up to v (one group each)."""
        vec = self.counts(cards)
        return [t for x in self._sums(vec, v) for t in expand(self._pattern(x, vec), cards & self.spread_mask)]

    # -- the combinatorics, in count vectors -----------------------------------------
    # A group or set of groups is kept as (count vector, kinds present as the low
    # bit of their fields, ranks present as rank bits): the last two let a pattern
    # be read off with one comparison (``_pattern``).

    def _sums(self, vec: int, s: int) -> list[Sub]:
        """The sub-multisets of ``vec`` adding up to exactly s (any value of a
        two-valued card)."""
        if s <= 0:
            return []
        key = (vec & self.below[s]) << 4 | s
        got = self._sums_memo.get(key)
        if got is None:
            room = (vec & self.below[s]) + GUARDS
            got = self._remember(self._sums_memo, key, [
                e for e in self._partitions(s) if (room - e[0]) & GUARDS == GUARDS])
        return got

    def _partitions(self, s: int) -> list[Sub]:
        """Every multiset of kinds adding up to s (at most four of a kind),
        whatever the table: worked out once per sum."""
        got = self._parts.get(s)
        if got is None:
            out: list[int] = []
            kinds = [(k, vs) for k, vs in enumerate(self.kind_values) if vs]

            def walk(i: int, left: int, acc: int) -> None:
                for j in range(i, len(kinds)):
                    k, values = kinds[j]
                    unit = 1 << 4 * k
                    for v in values:
                        taken, need = acc, left
                        for _ in range(4 if len(values) == 1 else 1):
                            need -= v
                            if need < 0:
                                break
                            taken += unit
                            if need == 0:
                                out.append(taken)
                            else:
                                walk(j + 1, need, taken)

            walk(0, s, 0)
            got = self._parts[s] = [_sub(x) for x in dict.fromkeys(out)]
        return got

    def _unions(self, vec: int, v: int) -> list[Sub]:
        """The non-empty sub-multisets of ``vec`` that split into groups of v."""
        key = (vec & self.below[v]) << 4 | v
        got = self._unions_memo.get(key)
        if got is None:
            got = self._remember(self._unions_memo, key, self._unions_of(vec & self.below[v], v))
        return got

    def _unions_of(self, vec: int, v: int) -> list[Sub]:
        groups = self._sums(vec, v)
        if len(groups) <= 1:
            # One group: unless its cards could be taken twice over, it is all.
            if not groups or (vec + GUARDS - 2 * groups[0][0]) & GUARDS != GUARDS:
                return list(groups)
        room = vec + GUARDS
        seen: dict[int, Sub] = {0: (0, 0, 0)}
        frontier: list[Sub] = [(0, 0, 0)]
        while frontier:  # one more group at a time, while the cards last
            grown = []
            for u, up, ur in frontier:
                for g, gp, gr in groups:
                    x = u + g
                    if (room - x) & GUARDS == GUARDS and x not in seen:
                        e = seen[x] = (x, up | gp, ur | gr)
                        grown.append(e)
            frontier = grown
        return list(seen.values())[1:]

    def _multiples(self, vec: int, bv: int, V: int) -> list[Sub]:
        """The sub-multisets that, with a card counting bv, split into two or
        more groups of V."""
        firsts = [(0, 0, 0)] if bv == V else self._sums(vec, V - bv)
        room = vec + GUARDS
        out: dict[int, Sub] = {}
        for f, fp, fr in firsts:
            for u, up, ur in self._unions(vec, V):
                x = f + u
                if (room - x) & GUARDS == GUARDS and x not in out:
                    out[x] = (x, fp | up, fr | ur)
        return list(out.values())

    def _pattern(self, e: Sub, vec: int) -> Pattern:
        """How a sub-multiset of the loose cards (counted ``vec``) becomes cards."""
        x, present, ranks = e
        if x == vec & present * FIELD and not present >> 4 * TD_KIND:
            return ranks  # every loose card of each kind taken: the common case
        d = x ^ vec
        differs = (d | d >> 1 | d >> 2 | d >> 3) & LOW_BITS
        full = present & ~differs & ~(1 << 4 * TD_KIND)
        extra = 1 << BIG_CASINO if x >> 4 * TD_KIND & FIELD else 0
        partial = []
        rest = present & differs & ~(1 << 4 * TD_KIND)
        k = 0
        while rest >> 4 * k:
            if rest >> 4 * k & 1:
                partial.append((k + 1, x >> 4 * k & FIELD))
            k += 1
        return (COMPACT[full], extra, tuple(partial))


def _sub(x: int) -> Sub:
    """A count vector with the kinds it holds (low bits of their fields) and its rank bits."""
    present = (x | x >> 1 | x >> 2 | x >> 3) & LOW_BITS
    return (x, present, COMPACT[present & ~(1 << 4 * TD_KIND)])
