"""Groups of loose cards adding up to a value (§4, §5): which sets of
table cards a capture or a build may take.

Which cards can be grouped depends only on the values of the loose cards,
not on their suits; and the groups adding up to v depend only on the loose
cards worth v or less. Tables repeat those few counts far more often than
their exact cards, so the combinatorics are worked out once per count of
values (memoized) as *patterns*: how many cards of each kind a move takes;
and once more under the counts of just the kinds that take part, since the
table's other cards change nothing.
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
from typing import Any, Union

from .cards import BIG_CASINO, RANK_SETS, CardSet, cards_of
from .options import Rules

RANK_BITS = 0x1FFF
# Multiplying a set of ranks (bit r-1 for rank r) by REP copies it into all
# four suits' blocks of a card set.
REP = 1 | 1 << 13 | 1 << 26 | 1 << 39
TD_KIND = 13  # buckeye's ten of diamonds, as a kind of its own (field 13)
FIELD = 0xF
GUARDS = sum(8 << 4 * k for k in range(14))
_MEMO_VECTORS = 60_000  # counts of loose cards memoized (some 300,000 entries in all) before a fresh start


def _spread_table() -> tuple[int, ...]:
    """SPREAD[x]: the 13 bits of x, each moved to the bottom of a 4-bit field."""
    out = [0] * (1 << 13)
    for x in range(1, 1 << 13):
        out[x] = out[x >> 1] << 4 | x & 1
    return tuple(out)


SPREAD = _spread_table()
COMPACT = {spread: x for x, spread in enumerate(SPREAD)}
LOW_BITS = sum(1 << 4 * k for k in range(14))  # the lowest bit of every field
RANK_FIELDS = (1 << 4 * TD_KIND) - 1  # the fields of the thirteen ranks

# A sub-multiset of the loose cards: (count vector, the fields of the kinds it
# holds, the kinds it holds as bits: bit k for kind k, which is the rank bits
# but for buckeye's ten of diamonds, bit 13).
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
    base = ranks * REP & loose | extra
    if len(partial) == 1 and partial[0][1] == 1:
        # Whole ranks and one card of another rank: the common case, each card of it in turn.
        cards = loose & RANK_SETS[partial[0][0]]
        one = []
        while cards:
            low = cards & -cards
            cards ^= low
            one.append(base | low)
        return one
    outs = [base]
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


class TooMany(Exception):
    """More sets than a listing asked for may follow (``captures``' ``most``)."""


class Values:
    """The kinds of cards of one rule set, and the memos of their patterns.

    The memos are read directly by the move generator, one dict per sum or
    value, keyed by the count vector cut to the kinds that can take part
    (``vec & below[s]``); the methods fill them on a miss."""

    def __init__(self, rules: Rules):
        self.cap = cap = rules.max_build
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
                           for s in range(cap + 1))
        # The loose cards patterns are spread over: all but buckeye's ten of diamonds.
        self.spread_mask = ((1 << 52) - 1) & ~(1 << BIG_CASINO if rules.buckeye else 0)
        self.part_values = rules.part_values
        # Kinds worth more than half the largest build (two never meet in a
        # group): the low bits of their fields; the other kinds' fields.
        self.high_bits = sum(1 << 4 * k for k in range(14) if kinds[k] and min(kinds[k]) > cap // 2)
        self.low_fields = self.field_mask & ~(self.high_bits * FIELD)
        self._low_reaches: dict[int, int] = {}
        self._collapsed_reaches: dict[int, int] = {}
        self._high_shifts: dict[int, tuple[int, ...]] = {}  # the values of the high kinds present
        # Memos: the sums reached, by count vector; patterns of captures (by
        # value), single builds (by the sum joining the card), multiple builds
        # and additions (by value and card's value), and the groups and their
        # unions as sub-multisets (by sum), each by the cut count vector.
        self.reaches: dict[int, int] = {}
        self.captures_by: tuple[dict[int, list[Pattern]], ...] = tuple({} for _ in range(cap + 1))
        self.singles_by: tuple[dict[int, list[Pattern]], ...] = tuple({} for _ in range(cap + 1))
        self.multiples_by: dict[int, dict[int, list[Pattern]]] = {}
        self.additions_by: dict[int, dict[int, list[Pattern]]] = {}
        self._groups_by: tuple[dict[int, list[Sub]], ...] = tuple({} for _ in range(cap + 1))
        self._unions_by: tuple[dict[int, list[Sub]], ...] = tuple({} for _ in range(cap + 1))
        self._parts: dict[int, list[Sub]] = {}  # partitions of each sum
        self._valued = [(k, vs) for k, vs in enumerate(self.kind_values) if vs]
        self._completed: dict[tuple[int, int], list[int]] = {}  # ``_completions``
        self._fits: dict[int, tuple[list[Sub], int, list[tuple[int, list[tuple[int, tuple[int, ...]]],
                                                                 dict[int, int]]]]] = {}
        self._drops: list[dict[int, int]] = []  # the memos of each sum's halves (``_fitting``)
        self._split: dict[int, bool] = {}  # ``partitions``, by count vector and value

    def _forget(self) -> None:
        """Forget every memo and start afresh: long searches meet ever more
        tables. Checked at each new count of the loose cards, whose number
        bounds the other memos' (about five entries to one)."""
        memos: list[dict[int, Any]] = [
            self.reaches, self._low_reaches, self._collapsed_reaches, *self.captures_by, *self.singles_by,
            *self._groups_by, *self._unions_by, *self._drops, *self.multiples_by.values(),
            *self.additions_by.values(), self._split]
        for m in memos:
            m.clear()
        self._high_shifts.clear()

    def counts(self, loose: CardSet) -> int:
        """The count vector of the loose cards that have a value."""
        vec = (SPREAD[loose & RANK_BITS] + SPREAD[loose >> 13 & RANK_BITS]
               + SPREAD[loose >> 26 & RANK_BITS] + SPREAD[loose >> 39]) & self.field_mask
        if self.buckeye and loose >> BIG_CASINO & 1:
            vec += (1 << 4 * TD_KIND) - (1 << 4 * 9)
        return vec

    # -- the patterns of moves, memoized -------------------------------------------

    def reach(self, vec: int) -> int:
        """The sums some group of the loose cards counted ``vec`` adds up to
        (bit s), from 1 up. Memoized by ``vec``.

        A group holds at most one card of a high kind (worth more than half
        the largest build), so the sums are those of the low kinds (memoized
        by their counts, which repeat far more often) plus each high kind
        present: memoized also by the low kinds' counts and which high kinds
        are present."""
        low = vec & self.low_fields
        # High kinds count only by their presence: tables that differ only in
        # how many of a high kind they hold share their sums.
        key = low | (vec | vec >> 1 | vec >> 2) & self.high_bits
        sums = self._collapsed_reaches.get(key)
        if sums is None:
            reach = self._low_reaches.get(low)
            if reach is None:
                reach = 1
                capmask = (1 << self.cap + 1) - 1
                k = 0
                while low >> 4 * k:
                    for _ in range(low >> 4 * k & FIELD):
                        r = reach
                        for v in self.kind_values[k]:
                            r |= reach << v
                        reach = r & capmask
                    k += 1
                self._low_reaches[low] = reach
            high = key ^ low
            shifts = self._high_shifts.get(high)
            if shifts is None:
                shifts = self._high_shifts[high] = tuple(
                    v for k in range(14) if high >> 4 * k & 1 for v in self.kind_values[k])
            sums = reach
            for v in shifts:
                sums |= reach << v
            sums &= (1 << self.cap + 1) - 2
            self._collapsed_reaches[key] = sums
        if len(self.reaches) >= _MEMO_VECTORS:
            self._forget()
        self.reaches[vec] = sums
        return sums

    def captures(self, vec: int, v: int, most: int | None = None) -> list[Pattern]:
        """The non-empty sets of loose cards that split into groups of v: a
        capture's loose cards (§4). Memo: ``captures_by[v]``. ``most``: raise
        ``TooMany`` rather than work out more than that many (each is a move at
        least: a crowded table asked for every move could take minutes)."""
        low = vec & self.below[v]
        memo = self.captures_by[v]
        got = memo.get(low)
        if got is None:
            # Kinds that are in no group of v change nothing: the answer for the
            # other kinds' counts alone (far fewer tables) is often known already.
            groups = self._groups(low, v)
            key = low & _used(groups)
            got = memo.get(key)
            if got is None:
                self._groups_by[v].setdefault(key, groups)
                got = memo[key] = _patterns(self._unions(key, v, most), key)
            memo[low] = got
        return got

    def singles(self, vec: int, bv: int, V: int) -> list[Pattern]:
        """The groups adding up to V - bv: with a card counting bv, a new single
        build of V. Memo: ``singles_by[V - bv]``."""
        s = V - bv
        low = vec & self.below[s]
        memo = self.singles_by[s]
        got = memo.get(low)
        if got is None:
            groups = self._groups(low, s)
            key = low & _used(groups)  # as in captures
            got = memo.get(key)
            if got is None:
                got = memo[key] = _patterns(groups, key)
            memo[low] = got
        return got

    def multiples(self, vec: int, bv: int, V: int) -> list[Pattern]:
        """The loose cards that, with a card counting bv, split into two or more
        groups of V: a new multiple build (§5). Memo: ``multiples_by[V << 4 | bv]``.

        A group of V - bv (or the card alone) and one or more groups of V, in
        count vectors. The generator asks only where ``joined`` has no answer
        (where each takes every loose card of its ranks, they go together where
        their ranks do not meet: no memo needed)."""
        low = vec & self.below[V]
        memo = self.multiples_by.get(V << 4 | bv)
        if memo is None:
            memo = self.multiples_by[V << 4 | bv] = {}
        got = memo.get(low)
        if got is None:
            got = memo[low] = _patterns(self._multiples(low, bv, V), vec)
        return got

    def additions(self, vec: int, bv: int, V: int) -> list[Pattern]:
        """The loose cards that, with a card counting bv, make one or more groups
        of V: what joins that card in adding to a build of V (§5); the empty
        pattern when the card alone makes V. Memo: ``additions_by[V << 4 | bv]``."""
        low = vec & self.below[V]
        memo = self.additions_by.get(V << 4 | bv)
        if memo is None:
            memo = self.additions_by[V << 4 | bv] = {}
        got = memo.get(low)
        if got is None:
            lone = [(0, 0, 0)] if bv == V else self._groups(low, V - bv)
            subs = {e[0]: e for e in lone + self._multiples(low, bv, V)}
            got = memo[low] = _patterns(list(subs.values()), vec)
        return got

    def splits(self, cards: CardSet, v: int, groups: int = 1) -> bool:
        """Whether these cards (all with a value) split into ``groups`` or more
        groups of v each; no cards split into none."""
        if not cards:
            return True
        vec = self.counts(cards)
        if groups <= 1:
            return self.partitions(vec, v)
        return any(e[0] == vec for e in self._multiples(vec, 0, v))

    def partitions(self, vec: int, v: int) -> bool:
        """Whether the loose cards counted ``vec`` (all of them, none left
        over) split into groups of v; none split into none. Asks only after
        the groups holding the lowest kind present, so that a table of thirty
        cards is answered without listing the unions of its groups."""
        if not vec:
            return True
        if not 0 < v <= self.cap or vec & ~self.below[v]:
            return False
        least = most = 0
        k = 0
        while vec >> 4 * k:
            n = vec >> 4 * k & FIELD
            if n:
                least += n * min(self.kind_values[k])
                most += n * max(self.kind_values[k])
            k += 1
        if least == most and least % v:  # no two-valued card: the sum tells at once
            return False
        return self._splits_whole(vec, v)

    def _splits_whole(self, vec: int, v: int) -> bool:
        """``partitions``, by the groups holding the lowest kind present."""
        if not vec:
            return True
        key = vec << 4 | v
        got = self._split.get(key)
        if got is None:
            lowest = vec & -vec
            field = FIELD << (lowest.bit_length() - 1 & ~3)
            got = False
            for g, _, _ in self._groups(vec, v):
                if g & field and self._splits_whole(vec - g, v):
                    got = True
                    break
            self._split[key] = got
        return got

    def joins(self, vec: int, bv: int, V: int, groups: int) -> bool:
        """Whether the loose cards counted ``vec`` (all of them) with a card
        counting bv split into ``groups`` or more groups of V, the card in one
        of them: alone, or with a group of V - bv."""
        rests = [vec] if bv == V else [vec - g for g, _, _ in self._groups(vec, V - bv)]
        return any((rest or groups <= 1) and self.partitions(rest, V) for rest in rests)

    def groups_of(self, cards: CardSet, v: int) -> list[CardSet]:
        """The sets of these cards adding up to v (one group each)."""
        vec = self.counts(cards)
        return [t for p in _patterns(self._groups(vec, v), vec) for t in expand(p, cards & self.spread_mask)]

    # -- the combinatorics, in count vectors -----------------------------------------
    # A group or set of groups is kept as a ``Sub``: its count vector, and the
    # kinds it holds two ways, which let a pattern be read off with one
    # comparison (``_patterns``) and tell which kinds a table's answer depends on.

    def _groups(self, vec: int, s: int) -> list[Sub]:
        """The sub-multisets of ``vec`` adding up to exactly s (any value of a
        two-valued card), in the order of ``_partitions``."""
        if not 0 < s <= self.cap:
            return []
        low = vec & self.below[s]
        got = self._groups_by[s].get(low)
        if got is None:
            # The partitions that fit: none takes more cards of a kind than the
            # table holds. Each kind's count names, as bits over the list of
            # partitions, those that take more; what is left, in list order.
            # The lower and the higher kinds' counts are looked up apart: each
            # half repeats far more often than the whole table.
            parts, whole, halves = self._fitting(s)
            keep = whole
            for fields, excess, drops in halves:
                half = low & fields
                drop = drops.get(half)
                if drop is None:
                    drop = 0
                    for shift, over in excess:
                        drop |= over[half >> shift & FIELD]
                    drops[half] = drop
                keep &= ~drop
            got = []
            while keep:
                bit = keep & -keep
                keep ^= bit
                got.append(parts[bit.bit_length() - 1])
            self._groups_by[s][low] = got
        return got

    def _fitting(self, s: int) -> tuple[list[Sub], int, list[tuple[int, list[tuple[int, tuple[int, ...]]],
                                                                     dict[int, int]]]]:
        """The partitions of s, a bit for each, and for each half of the kinds
        that can be part of them (the lower and the higher): its fields, for
        each of its kinds by count on the table (0 to 15) the bits of the
        partitions taking more of that kind than that count, and a memo of
        the half's counts. Worked out once per sum."""
        got = self._fits.get(s)
        if got is None:
            parts = self._partitions(s)
            excess = []
            for k, values in enumerate(self.kind_values):
                if values and min(values) <= s:
                    # A partition taking c cards of kind k takes more than n of
                    # them for each n below c (c is at most four).
                    shift = 4 * k
                    over = [0] * 16
                    for i, e in enumerate(parts):
                        for n in range(e[0] >> shift & FIELD):
                            over[n] |= 1 << i
                    excess.append((shift, tuple(over)))
            middle = (len(excess) + 1) // 2
            halves: list[tuple[int, list[tuple[int, tuple[int, ...]]], dict[int, int]]] = [
                (sum(FIELD << shift for shift, _ in half), half, {})
                for half in (excess[:middle], excess[middle:]) if half]
            self._drops.extend(h[2] for h in halves)
            got = self._fits[s] = (parts, (1 << len(parts)) - 1, halves)
        return got

    def _partitions(self, s: int) -> list[Sub]:
        """Every multiset of kinds adding up to s (at most four of a kind),
        whatever the table: worked out once per sum."""
        got = self._parts.get(s)
        if got is None:
            got = self._parts[s] = [_sub(x) for x in dict.fromkeys(self._completions(0, s))]
        return got

    def _completions(self, i: int, left: int) -> list[int]:
        """The multisets of the kinds with a value, from the i-th on, adding up
        to ``left``, as count vectors: the kinds in order, each taken once,
        twice, ... (a two-valued kind once, at either value) before the next.
        Memoized by (i, left), which the sums share."""
        got = self._completed.get((i, left))
        if got is None:
            got = []
            kinds = self._valued
            for j in range(i, len(kinds)):
                k, values = kinds[j]
                unit = 1 << 4 * k
                for v in values:
                    taken, need = 0, left
                    for _ in range(4 if len(values) == 1 else 1):
                        need -= v
                        if need < 0:
                            break
                        taken += unit
                        if need == 0:
                            got.append(taken)
                        else:
                            got += [taken + x for x in self._completions(j + 1, need)]
            self._completed[(i, left)] = got
        return got

    def _unions(self, vec: int, v: int, most: int | None = None) -> list[Sub]:
        """The non-empty sub-multisets of ``vec`` that split into groups of v
        (``most``: as in ``captures``)."""
        if not 0 < v <= self.cap:
            return []
        low = vec & self.below[v]
        memo = self._unions_by[v]
        got = memo.get(low)
        if got is not None:
            return got
        groups = self._groups(low, v)
        key = low & _used(groups)  # as in captures
        got = memo.get(key)
        if got is None:
            room = key + GUARDS
            if len(groups) <= 1:
                # One group (or none): taken once, twice, ... while the cards last.
                got = list(groups)
                if groups:
                    g, gp, gr = groups[0]
                    x = g + g
                    while (room - x) & GUARDS == GUARDS:
                        got.append((x, gp, gr))
                        x += g
            else:
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
                    if most is not None and len(seen) > most:
                        raise TooMany(most)
                got = list(seen.values())[1:]
            memo[key] = got
        memo[low] = got
        return got

    def _multiples(self, vec: int, bv: int, V: int) -> list[Sub]:
        """The sub-multisets that, with a card counting bv, split into two or
        more groups of V."""
        firsts = [(0, 0, 0)] if bv == V else self._groups(vec, V - bv)
        room = (vec & self.below[V]) + GUARDS
        out: dict[int, Sub] = {}
        for f, fp, fr in firsts:
            for u, up, ur in self._unions(vec, V):
                x = f + u
                if (room - x) & GUARDS == GUARDS and x not in out:
                    out[x] = (x, fp | up, fr | ur)
        return list(out.values())


def _partial(e: Sub, vec: int) -> Pattern:
    """The tuple form of a sub-multiset of the loose cards (counted ``vec``)
    that takes only some of a rank's loose cards, or buckeye's ten of
    diamonds: the ranks it takes whole, the ten, and how many of each rank
    taken in part. (``_patterns`` gives the plain form of the others.)"""
    x, fields, kinds = e
    differ = vec & fields ^ x  # non-zero in the fields of the kinds taken in part
    extra = 1 << BIG_CASINO if kinds >> TD_KIND else 0
    some = COMPACT[(differ | differ >> 1 | differ >> 2 | differ >> 3) & LOW_BITS & RANK_FIELDS]
    partial = []
    m = some
    while m:
        bit = m & -m
        m ^= bit
        k = bit.bit_length() - 1
        partial.append((k + 1, x >> 4 * k & FIELD))
    return (kinds & ~some & RANK_BITS, extra, tuple(partial))


def _patterns(subs: list[Sub], vec: int) -> list[Pattern]:
    """The patterns of these sub-multisets of the loose cards (counted
    ``vec``): the ranks whose loose cards each takes whole, or the tuple form."""
    out: list[Pattern] = []
    for e in subs:
        if e[0] == vec & e[1] and not e[2] >> TD_KIND:
            out.append(e[2])  # every loose card of each kind taken (no ten of diamonds apart): the common case
        else:
            out.append(_partial(e, vec))
    return out


def _used(subs: list[Sub]) -> int:
    """The fields of every kind these sub-multisets hold."""
    fields = 0
    for e in subs:
        fields |= e[1]
    return fields


def joined(firsts: list[Pattern], unions: list[Pattern]) -> list[Pattern] | None:
    """A first group joined by unions of groups, when every pattern takes whole
    ranks and one side is a single pattern (so that each join is new): those
    whose ranks do not meet. None when that shortcut does not apply."""
    if len(firsts) != 1 and len(unions) != 1:
        return None
    out: list[Pattern] = []
    for f in firsts:
        if type(f) is not int:
            return None
        for u in unions:
            if type(u) is not int:
                return None
            if not f & u:
                out.append(f | u)
    return out


ALONE: list[Pattern] = [0]  # the card played makes the value alone: no loose cards


def _sub(x: int) -> Sub:
    """A count vector with the fields of the kinds it holds and its kind bits."""
    present = (x | x >> 1 | x >> 2 | x >> 3) & LOW_BITS
    return (x, present * FIELD, COMPACT[present & RANK_FIELDS] | (present >> 4 * TD_KIND) << TD_KIND)
