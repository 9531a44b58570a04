"""The one place that decides what is legal (§3-§7, §9).

``MoveGenerator.generate`` lists the legal moves of a position: the
actions (a call for 21, plucks), then for each card in the hand its trail,
captures and builds. Every other question is answered from it: whether a
move is legal (the moves of that card taking exactly its cards: ``exact``),
what a card dropped on some table items could mean, and, with ``relaxed=True``
(the shapes of §4 and §5 alone, whatever the hand holds), why a move is
refused (``reasons.py``).

The duties of a player who controls builds (§7, the ``controller`` option,
the hold rule with two-valued cards of §9.7) are written once, in
``duty``, and ``holds`` is the one answer to "does this hand keep a card
for each of these build values?".

Speed: a generator is made once per rule set and decides then which paths
apply. What the loose cards offer (the sums they reach, the patterns of
their groups) is memoized by their count of each value (``groups.py``),
and what a hand answers for by its count of each rank: positions share
both far more often than they share cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, NamedTuple

from .cards import BIG_CASINO, RANK_SETS, CardSet, rank_of
from .errors import TooManyMovesError
from .groups import ALONE, FIELD, REP, SPREAD, TD_KIND, Pattern, TooMany, Values, expand, joined
from .moves import BUILD, CALL_MOVE, CAPTURE, NO_CARD, PLUCK, TRAIL, Move
from .options import Rules

if TYPE_CHECKING:
    from .builds import Build
    from .position import Position

_new = tuple.__new__
TD_SHIFT = (1 << 4 * TD_KIND) - (1 << 4 * 9)  # buckeye: the ten of diamonds from the tens to its own kind
_NO_PATTERNS: list[Pattern] = []  # shared, never changed: a sum no group makes
_MEMO_LIMIT = 50_000  # hands' facts kept before the memo starts again


class Duty(NamedTuple):
    """Why a move of a legal shape breaks a controller's duty: a ``kind``
    (``no_trail``, ``keep``, ``hold_new``, ``distinct``, ``answer``,
    ``strict_same``, ``strict_add``), the build concerned (if any) and the
    value concerned."""

    kind: str
    build: "Build | None"
    value: int


class MoveGenerator:
    """The legal moves of positions under one set of rules."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.cap = rules.max_build
        self.values = Values(rules)
        self.spread_mask = self.values.spread_mask
        self.capmask = (1 << rules.max_build + 1) - 1
        self.answer_bits = tuple(sum(1 << v for v in vs) for vs in rules.answers)
        self.capture_bits = tuple(sum(1 << v for v in vs) for vs in rules.capture_values_of)
        # A loose card's value as a shift of the bitmask of reachable sums (0: none).
        self.shift = tuple(vs[0] if vs else 0 for vs in rules.part_values)
        self.two_valued_parts = any(len(vs) > 1 for vs in rules.part_values)
        self.trails = tuple(Move(c, TRAIL, 0, 0, False) for c in range(52))
        # Per card: its trail, capture values (as bits and as a tuple), values in a
        # build, the build values it answers for (bits), and its rank's cards.
        self.card_info = tuple(
            (self.trails[c], self.capture_bits[c], rules.capture_values_of[c], rules.part_values[c],
             self.answer_bits[c], RANK_SETS[rank_of(c)]) for c in range(52))
        # The same, with the card first, read by the card's bit (no bit_length).
        self.card_by_bit = {1 << c: (c, *self.card_info[c]) for c in range(52)}
        self.part_values = rules.part_values
        self.capture_values = rules.capture_values_of
        self.answers = rules.answers
        self.answer_masks = rules.answer_masks
        self.two_valued = rules.two_valued
        self.by_rank = rules.trailing_royals
        self.court_all = rules.court_capture == "all"
        self.controller = rules.controller
        self.may_trail_controlling = rules.controller == "permissive"
        self.strict = rules.controller == "strict"
        self.has_actions = rules.pluck or rules.call_for_21
        # The duties come down to the hold rule alone (checked with bitmasks).
        self.simple_duty = rules.controller in ("hoyle", "permissive")
        self.buckeye = rules.buckeye
        self.field_mask = self.values.field_mask
        # Hands' facts are keyed by their count of each rank that answers for a build.
        self.hand_fields = SPREAD[sum({1 << rank_of(c) - 1 for c in range(52) if rules.answers[c]})] * 0xF
        self.hand_facts: dict[int, tuple[int, int, int]] = {}
        self.below = self.values.below
        self.captures_by = self.values.captures_by
        self.singles_by = self.values.singles_by

    # -- the loose cards' groups (groups.py) -------------------------------------

    def splits(self, cards: CardSet, v: int) -> bool:
        """Whether these cards split into groups of v each (none for no cards)."""
        return self.values.splits(cards, v)

    # -- holding -------------------------------------------------------------------------

    def holds(self, hand: CardSet, values: Iterable[int]) -> bool:
        """Whether ``hand`` keeps a card for each of these build values, a
        different card for each (§7, §9.7): an ace under aces 14 and the
        ten of diamonds under buckeye answer for either of their values, but
        not for both at once."""
        masks = self.answer_masks
        vs = [v for v in set(values)]
        if not hand & self.two_valued:
            for v in vs:
                if not (0 < v < len(masks) and hand & masks[v]):
                    return False
            return True
        return _match(hand, sorted(vs), masks)

    # -- duties --------------------------------------------------------------------------

    def duty(self, pos: Position, move: Move) -> Duty | None:
        """The controller's duty a card play of a legal shape breaks, if any
        (§7; §9.5 for the ``controller`` option; §9.7 the hold rule)."""
        seat = pos.to_move
        mine = [b for b in pos.builds if b.controller == seat]
        kind = move.kind
        t = move.takes
        keep = [b for b in mine if not b.cards & t]
        values = {b.value for b in keep}
        if kind == BUILD:
            values.add(move.value)
        if values:
            left = pos.hands[seat] & ~(1 << move.card)
            if not self.holds(left, values):
                if kind == BUILD and not self.holds(left, (move.value,)):
                    return Duty("hold_new", None, move.value)
                for b in keep:
                    if not self.holds(left, (b.value,)):
                        return Duty("keep", b, b.value)
                return Duty("distinct", None, max(values))
        if kind == TRAIL and mine and not self.may_trail_controlling:
            return Duty("no_trail", mine[0], mine[0].value)
        if self.controller == "answer" and mine and not any(b.cards & t for b in mine):
            return Duty("answer", mine[0], mine[0].value)
        if self.strict and kind == BUILD:
            for b in keep:
                if b.value == move.value:
                    return Duty("strict_same", b, move.value)
            for b in pos.builds:
                if b.cards & t and b.controller != seat and b.value == move.value:
                    return Duty("strict_add", b, move.value)
        return None

    # -- actions ---------------------------------------------------------------------------

    def actions(self, pos: Position) -> list[Move]:
        """The call for 21 and the plucks open to the player to move (§9.17, §9.18)."""
        out: list[Move] = []
        rules = self.rules
        if rules.call_for_21:
            out.append(CALL_MOVE)
        if rules.pluck and pos.stock and not pos.plucked >> pos.to_move & 1:
            table = pos.loose
            for b in pos.builds:
                table |= b.cards
            if table.bit_count() >= 2:
                m = pos.loose & ~rules.unpluckable
                while m:
                    low = m & -m
                    m ^= low
                    out.append(_new(Move, (NO_CARD, PLUCK, 0, low, False)))
        return out

    # -- card plays ----------------------------------------------------------------------

    def generate(self, pos: Position, only: int | None = None, within: CardSet | None = None,
                 relaxed: bool = False, limit: int | None = None, exact: bool = False) -> list[Move]:
        """The legal moves of the player to move, in generation order (actions
        first). ``only``: just the plays of that card; ``within``: just the
        moves whose taken cards all lie in that set (no actions then);
        ``exact`` (with ``within``): just those taking all of it, which stays
        quick where the moves within it run to millions (a capture of twenty
        cards of a crowded table: its groups' patterns are few, their cards'
        unions many, and only the pattern taking them all is spread to cards).
        ``relaxed``: every move of a legal shape (§4, §5) for the card, held or
        not, to any build value, with no duty or hold rule. ``limit``: raise
        ``TooManyMovesError`` rather than weigh more moves than that, before
        the controller's duties drop any (a crowded table has millions: every
        union of groups is a move).

        Most cards of most hands can only trail; bitmasks of the sums the loose
        cards can make and of the values the hand answers for find that out
        with a few integer operations, and the loose cards' groups (memoized
        by their values: ``groups.py``) are looked up only for the sums wanted."""
        if pos.winner is not None:
            return []
        seat = pos.to_move
        full_hand = hand = pos.hands[seat]
        if not hand:
            return []
        loose = pos.loose
        builds = all_builds = pos.builds
        if only is None and within is None and not relaxed:
            out: list[Move] = self.actions(pos) if self.has_actions else []
        else:
            out = []
            if only is not None:
                hand = 1 << only if relaxed else hand & 1 << only
                if not hand:
                    return out
            if within is not None:
                loose &= within
                builds = tuple(b for b in builds if not b.cards & ~within)
        start = len(out)
        append = out.append if limit is None else _bounded(out, limit, loose)
        card_info = self.card_info

        # What the hand answers for (once and twice over) and the gaps a build
        # could bridge, read by its count of each rank: hands repeat their
        # ranks far more often than their cards.
        if full_hand & full_hand - 1:
            hk = (SPREAD[full_hand & 0x1FFF] + SPREAD[full_hand >> 13 & 0x1FFF]
                  + SPREAD[full_hand >> 26 & 0x1FFF] + SPREAD[full_hand >> 39]) & self.hand_fields
            if self.buckeye and full_hand >> BIG_CASINO & 1:
                hk += TD_SHIFT
            facts = self.hand_facts.get(hk)
            if facts is None:
                facts = self._hand_facts(full_hand, hk)
            held, twice, gaps = facts
        else:  # a last card answers for its own values, once, and builds nothing
            held = card_info[full_hand.bit_length() - 1][4]
            twice = gaps = 0

        # What the loose cards offer: the sums their groups make (bit s), and
        # their groups for each sum, memoized by their count of each value.
        values = self.values
        vec = (SPREAD[loose & 0x1FFF] + SPREAD[loose >> 13 & 0x1FFF] + SPREAD[loose >> 26 & 0x1FFF]
               + SPREAD[loose >> 39]) & self.field_mask
        if self.buckeye:
            if loose >> BIG_CASINO & 1:
                vec += TD_SHIFT
            spread = loose & self.spread_mask
        else:
            spread = loose
        reach = values.reaches.get(vec)
        if reach is None:
            reach = values.reach(vec)
        below = self.below
        captures_by = self.captures_by
        singles_by = self.singles_by
        join = joined
        spread_to: Callable[[Pattern, CardSet], list[CardSet]] = expand
        if exact:
            # Only the moves taking every loose card: ask whether they all
            # split as wanted, and spread no pattern over its choices of suits.
            whole = _Exact(values, _count(vec) == loose.bit_count(), loose)
            values = whole  # type: ignore[assignment]
            captures_by, join, spread_to = _NO_MEMOS, _no_join, whole.spread
        build_bits = single_bits = 0
        mine = None
        if all_builds:
            for b in builds:
                build_bits |= 1 << b.value
                if not b.multiple:
                    single_bits |= 1 << b.value
            mine = [b for b in all_builds if b.controller == seat]
        offered = reach | build_bits
        trail = relaxed or not mine or self.may_trail_controlling
        # A build joins a card to loose cards or a build, making a value another
        # card answers for: the gap between the two must be a sum of the table
        # (or a single build's value, or nothing: a multiple build).
        building = relaxed or gaps & (reach | single_bits | 1)

        # The build values each card may make: those the rest of the hand
        # answers for (any value, relaxed).
        if relaxed:
            held_cap, spare = self.capmask, 0
        else:
            held_cap, spare = held & self.capmask, ~twice
        card_by_bit = self.card_by_bit
        m = hand
        while m:
            low = m & -m
            m ^= low
            c, move_trail, cbits, cvs, bvs, own, rank_set = card_by_bit[low]
            if trail:
                append(move_trail)
            if not cbits:
                # A court card without value captures by rank (§4, §9.4, §9.11).
                if self.by_rank:
                    self._court_plays(out, c, loose, builds, held & ~(own & ~twice), relaxed)
                else:
                    same = loose & rank_set
                    if same:
                        if self.court_all:
                            # Every loose card of its rank (§9.4): within some
                            # cards, none if any of them lies outside.
                            if not pos.loose & rank_set & ~same:
                                append(_new(Move, (c, CAPTURE, 0, same, False)))
                        else:
                            while same:
                                one = same & -same
                                same ^= one
                                append(_new(Move, (c, CAPTURE, 0, one, False)))
                continue

            # Captures (§4): disjoint groups of loose cards and whole builds of v.
            if offered & cbits:
                for v in cvs:
                    if not offered >> v & 1:
                        continue
                    if reach >> v & 1:
                        found = captures_by[v].get(vec & below[v])
                        if found is None:
                            try:
                                found = values.captures(vec, v, limit)
                            except TooMany:
                                raise too_many_moves(limit or 0, loose) from None
                    else:
                        found = _NO_PATTERNS
                    if not build_bits >> v & 1:
                        for p in found:
                            if type(p) is int:
                                append(_new(Move, (c, CAPTURE, v, p * REP & spread, False)))
                            else:
                                for t in spread_to(p, spread):
                                    append(_new(Move, (c, CAPTURE, v, t, False)))
                        continue
                    sets = [0]
                    for b in builds:
                        if b.value == v:
                            sets += [x | b.cards for x in sets]
                    takes = [0]
                    for p in found:
                        takes += spread_to(p, spread)
                        if limit is not None and len(takes) > limit:
                            raise too_many_moves(limit, loose)
                    for bs in sets:
                        for t in takes:
                            if t | bs:
                                append(_new(Move, (c, CAPTURE, v, t | bs, False)))

            # Builds (§5): to a value the rest of the hand answers for.
            if not building:
                continue
            targets = held_cap & ~(own & spare)
            for bv in bvs:
                with_group = reach << bv
                if build_bits:
                    wanted = (with_group | reach & 1 << bv | single_bits << bv
                              | build_bits & (with_group | 1 << bv)) & targets
                else:
                    wanted = (with_group | reach & 1 << bv) & targets
                while wanted:
                    vbit = wanted & -wanted
                    wanted ^= vbit
                    V = vbit.bit_length() - 1
                    if V > bv:
                        firsts = singles_by[V - bv].get(vec & below[V - bv])
                        if firsts is None:
                            firsts = values.singles(vec, bv, V)
                        for p in firsts:
                            if type(p) is int:
                                append(_new(Move, (c, BUILD, V, p * REP & spread, False)))
                            else:
                                for t in spread_to(p, spread):
                                    append(_new(Move, (c, BUILD, V, t, False)))
                    else:
                        firsts = ALONE
                    if reach >> V & 1:
                        # Multiple builds: that group (or the card alone) and
                        # one or more groups of V.
                        unions = captures_by[V].get(vec & below[V])
                        if unions is None:
                            unions = values.captures(vec, V)
                        found = join(firsts, unions)
                        if found is None:
                            found = values.multiples(vec, bv, V)
                        for p in found:
                            if type(p) is int:
                                append(_new(Move, (c, BUILD, V, p * REP & spread, True)))
                            else:
                                for t in spread_to(p, spread):
                                    append(_new(Move, (c, BUILD, V, t, True)))
                    if build_bits:
                        for b in builds:
                            if b.value == V:  # add to it
                                for p in values.additions(vec, bv, V):
                                    for t in spread_to(p, spread):
                                        append(_new(Move, (c, BUILD, V, b.cards | t, True)))
                            elif not b.multiple and b.value + bv == V:  # raise it
                                append(_new(Move, (c, BUILD, V, b.cards, False)))
                                if reach >> V & 1:
                                    for p in values.captures(vec, V):
                                        for t in spread_to(p, spread):
                                            append(_new(Move, (c, BUILD, V, b.cards | t, True)))

        if exact:
            out[start:] = [m for m in out[start:] if m[3] == within]
        if relaxed or not (mine or self.strict):
            return out
        if mine and self.simple_duty and not full_hand & self.two_valued:
            # The hold rule alone (§7): every build the player still controls
            # after the move needs a card of its value left in hand.
            kept = out[:start]
            for move in out[start:]:
                t = move[3]
                need = 0
                for b in mine:
                    if not b[0] & t:
                        need |= 1 << b[1]
                if not need & ~(held & ~(card_info[move[0]][4] & ~twice)):
                    kept.append(move)
            return kept
        if mine and self.simple_duty:
            # The hold rule alone, with two-valued cards in hand: a different
            # card for each value (``holds``), asked once per hand left and values.
            kept = out[:start]
            answers: dict[int, bool] = {}
            for move in out[start:]:
                t = move[3]
                need = 1 << move[2] if move[1] == BUILD else 0
                for b in mine:
                    if not b[0] & t:
                        need |= 1 << b[1]
                if not need:
                    kept.append(move)
                    continue
                key = (full_hand & ~(1 << move[0])) << 16 | need
                ok = answers.get(key)
                if ok is None:
                    ok = answers[key] = self.holds(key >> 16, [v for v in range(16) if need >> v & 1])
                if ok:
                    kept.append(move)
            return kept
        duty = self.duty
        out[start:] = [m for m in out[start:] if duty(pos, m) is None]
        return out

    def _hand_facts(self, hand: CardSet, key: int) -> tuple[int, int, int]:
        """What a hand of these ranks answers for, as bitmasks of values: the
        build values it answers for, those it answers for twice, and the gaps
        between a card's value and a build value another card answers for
        (bit 0: the same value)."""
        by_bit = self.card_by_bit
        held = twice = 0
        cards = []
        m = hand
        while m:
            low = m & -m
            m ^= low
            info = by_bit[low]
            bits = info[5]
            twice |= held & bits
            held |= bits
            cards.append(info)
        gaps = 0
        for info in cards:
            targets = held & ~(info[5] & ~twice)
            for bv in info[4]:
                gaps |= targets >> bv
        memo = self.hand_facts
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        facts = memo[key] = (held, twice, gaps)
        return facts

    def _court_plays(self, out: list[Move], c: int, loose: CardSet, builds: tuple[Build, ...],
                     targets: int, relaxed: bool) -> None:
        """A court card without value under trailing royals: it captures by rank,
        and captures and builds whole sets of its rank (§9.11)."""
        rank = rank_of(c)
        same = loose & RANK_SETS[rank]
        append = out.append
        ofrank = [b for b in builds if b.value == rank]
        loose_sets = _subsets(same)
        build_sets = [0]
        for b in ofrank:
            build_sets += [x | b.cards for x in build_sets]
        for bs in build_sets:
            for s in loose_sets:
                if s | bs:
                    append(_new(Move, (c, CAPTURE, 0, s | bs, False)))
        if relaxed or targets >> rank & 1:
            for s in loose_sets[1:]:
                append(_new(Move, (c, BUILD, rank, s, True)))
            for b in ofrank:
                for s in loose_sets:
                    append(_new(Move, (c, BUILD, rank, b.cards | s, True)))


class _Exact:
    """The patterns of a listing that keeps only the moves taking every loose
    card (``generate``'s ``exact``): the one pattern taking them all where
    they split as the move needs (``_WHOLE``), none where they do not; a
    build's first group as ever (a group is no union: they are few)."""

    def __init__(self, values: Values, valued: bool, loose: CardSet):
        self.values = values
        self.valued = valued  # every loose card has a value (a court card may not)
        self.loose = loose
        self.singles = values.singles

    def captures(self, vec: int, v: int, most: int | None = None) -> list[Pattern]:
        return _WHOLE_ONLY if self.valued and vec and self.values.partitions(vec, v) else _NO_PATTERNS

    def multiples(self, vec: int, bv: int, V: int) -> list[Pattern]:
        return _WHOLE_ONLY if self.valued and self.values.joins(vec, bv, V, 2) else _NO_PATTERNS

    def additions(self, vec: int, bv: int, V: int) -> list[Pattern]:
        return _WHOLE_ONLY if self.valued and self.values.joins(vec, bv, V, 1) else _NO_PATTERNS

    def spread(self, pattern: Pattern, spread: CardSet) -> list[CardSet]:
        """``expand``, for a pattern that must take every loose card: its one set
        of cards, or none when it takes only some of a rank's loose cards."""
        if pattern is _WHOLE:
            return [self.loose]
        if type(pattern) is int:
            return [pattern * REP & spread]
        ranks, extra, partial = pattern  # type: ignore[misc]
        for rank, k in partial:
            if k != (spread & RANK_SETS[rank]).bit_count():
                return []
        return expand(pattern, spread)


_WHOLE: Pattern = (0, 0, ())  # every loose card (compared by identity)
_WHOLE_ONLY: list[Pattern] = [_WHOLE]
_NO_MEMOS: tuple[dict[int, list[Pattern]], ...] = tuple({} for _ in range(16))  # never filled


def _no_join(firsts: list[Pattern], unions: list[Pattern]) -> None:
    """``joined`` for an exact listing: no shortcut (the patterns are not unions)."""
    return None


def _count(vec: int) -> int:
    """How many cards a count vector counts."""
    n = 0
    while vec:
        n += vec & FIELD
        vec >>= 4
    return n


def _subsets(mask: CardSet) -> list[CardSet]:
    """Every subset of a set of cards, the empty one first."""
    out = [0]
    while mask:
        low = mask & -mask
        mask ^= low
        out += [x | low for x in out]
    return out


def _match(hand: CardSet, values: list[int], masks: tuple[int, ...]) -> bool:
    """A different card of ``hand`` for each value (a small bipartite matching)."""
    if not values:
        return True
    v = values[0]
    if not 0 < v < len(masks):
        return False
    m = hand & masks[v]
    while m:
        low = m & -m
        m ^= low
        if _match(hand & ~low, values[1:], masks):
            return True
    return False


def generator(pos: Position) -> MoveGenerator:
    """The move generator of a position's rules (made once per seating)."""
    shape = pos.shape
    gen: MoveGenerator | None = shape.generator
    if gen is None:
        gen = shape.generator = MoveGenerator(shape.rules)
    return gen


def _bounded(out: list[Move], limit: int, loose: CardSet) -> Callable[[Move], None]:
    """``out.append`` that refuses to list more than ``limit`` moves."""

    def append(move: Move) -> None:
        if len(out) >= limit:
            raise too_many_moves(limit, loose)
        out.append(move)

    return append


# Beyond this many loose cards the full list of legal moves can run to millions
# (every union of groups is a move of its own): the computer players then weigh a
# few moves of each kind, and the table asks only for the moves of a gesture.
CROWDED = 16


def too_many_moves(limit: int, loose: CardSet) -> TooManyMovesError:
    """The refusal of a listing longer than ``limit``."""
    return TooManyMovesError(
        f"this position has more than {limit:,} legal moves: its {loose.bit_count()} loose cards "
        f"group in too many ways to list (every choice of groups is a move of its own, §4); "
        f"a single move can still be checked and played")
