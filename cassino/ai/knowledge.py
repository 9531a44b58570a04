"""What a card counter knows: the worth of cards under the rules in force,
who may hold what, what a table offers to a card of each value. Shared by
the Beginner, Intermediate and the Expert's playouts. Reads a ``SeatView``
(or a position the seat may see) only; every question of legality or of
what a move does goes to the rules engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from cassino.rules import Build, Event, Move, Position, Rules
from cassino.rules.cards import RANK_SETS, SPADE_SET, CardSet, cards_of, rank_of
from cassino.rules.groups import expand
from cassino.rules.legal import CROWDED, MoveGenerator, generator
from cassino.rules.moves import CALL_MOVE
from cassino.rules import scoring
from cassino.rules.scoring import call_counts, sweeps_win

from .view import SeatView, generator_of


def card_points(rules: Rules) -> tuple[float, ...]:
    """The sure points of each card under these rules: 2 big casino, 1 little
    casino and each ace; under spade scoring 1 more for each spade (2 for the
    jack of spades)."""
    return tuple(map(float, scoring.card_points(rules)))


_POINTS: dict[Rules, tuple[float, ...]] = {}


def points_of(rules: Rules) -> tuple[float, ...]:
    """Each card's points under these rules (cached per rule set)."""
    got = _POINTS.get(rules)
    if got is None:
        got = _POINTS[rules] = card_points(rules)
    return got


# Among three or more sides, most cards (or spades) is usually won with about
# this many times an even share of them.
PLURALITY = 1.35


def share(points: float, counts: list[int], total: int) -> float:
    """What one more card of a kind is worth towards an item won by the side with
    the most of them (``counts`` per side, ``total`` in the round): the item
    over the number that wins it, or next to nothing once it is decided (the
    leader's lead is more than the cards left to take)."""
    ranked = sorted(counts, reverse=True) + [0]
    if ranked[0] - ranked[1] > total - sum(counts):
        return 0.02
    sides = len(counts)
    wins_at = total // 2 + 1 if sides <= 2 else max(2.0, PLURALITY * total / sides)
    return points / wins_at


class Worth:
    """The worth of taking each card now, given which majorities are already decided."""

    __slots__ = ("table", "takes")

    def __init__(self, captured: tuple[CardSet, ...] = (), rules: Rules | None = None,
                 pack: int = 52):
        rules = rules or Rules()
        counts = [c.bit_count() for c in captured] or [0]
        spades = [(c & SPADE_SET).bit_count() for c in captured] or [0]
        # Most cards is worth 3 points, most spades 1: a card's share of them is the
        # item over the cards it takes to win it (more than half between two
        # sides; among more, a plurality, reached with fewer) until it is decided.
        card_share = share(float(scoring.MOST_CARDS), counts, pack)
        spade_share = share(float(scoring.MOST_SPADES), spades, 13)
        points = points_of(rules)
        self.table = tuple(points[c] + card_share + (spade_share if c < 13 else 0.0)
                           for c in range(52))
        # best_take's answers for loose cards and a value, reused within a decision.
        self.takes: dict[tuple[CardSet, int], tuple[float, CardSet]] = {}

    def of(self, mask: CardSet) -> float:
        """The worth of a set of cards."""
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


def game_sweeps(view: SeatView) -> tuple[bool, ...]:
    """For each side, whether one more sweep of its own would end the game in
    its favour at once (sudden death, §9.19): its score before the round and
    its sweep points, that sweep included, reach the target and pass every
    other side's, counted the same way."""
    rules = view.rules
    if not rules.sudden_death:
        return (False,) * len(view.scores)
    return tuple(sweeps_win(rules, view.scores, [n + (u == t) for u, n in enumerate(view.sweeps)], t)
                 for t in range(len(view.scores)))


def holds_probability(unseen_of_value: int, unseen: int, hand_size: int) -> float:
    """The chance that a hand of ``hand_size`` unseen cards holds at least one of
    ``unseen_of_value`` particular cards (hypergeometric)."""
    if unseen_of_value <= 0 or hand_size <= 0:
        return 0.0
    if hand_size >= unseen:
        return 1.0
    return 1.0 - comb(unseen - unseen_of_value, hand_size) / comb(unseen, hand_size)


def unseen_by_value(view: SeatView, unseen: CardSet | None = None) -> list[int]:
    """How many unseen cards (or of ``unseen``) capture as each value (index 0:
    court cards without value)."""
    counts = [0] * 15
    capture_values = view.rules.capture_values_of
    for c in cards_of(view.unseen if unseen is None else unseen):
        vs = capture_values[c]
        if not vs:
            counts[0] += 1
        for v in vs:
            counts[v] += 1
    return counts


def unseen_by_rank(view: SeatView, unseen: CardSet | None = None) -> list[int]:
    """How many cards of each rank (index 1..13) the seat has not seen."""
    counts = [0] * 14
    for c in cards_of(view.unseen if unseen is None else unseen):
        counts[rank_of(c)] += 1
    return counts


def capture_sets(gen: MoveGenerator, loose: CardSet, v: int, limit: int = 400) -> list[CardSet]:
    """The sets of loose cards a card capturing as v could take (at most
    ``limit`` of them)."""
    values = gen.values
    vec = values.counts(loose)
    spread = loose & values.spread_mask
    out: list[CardSet] = []
    for p in values.captures(vec, v):
        out += expand(p, spread)
        if len(out) > limit:
            break
    return out


def richest_union(gen: MoveGenerator, loose: CardSet, v: int, worth: Worth,
                  groups: int = 0, cards: int = 52) -> CardSet:
    """Disjoint groups of loose cards adding up to v, the richest first: on a
    crowded table, a capture close to the richest without listing every
    union of groups (there can be millions). ``groups`` > 0 looks at only
    that many of the richest groups; ``cards`` caps the size of the union."""
    found = sorted(gen.values.groups_of(loose, v), key=lambda g: -worth.of(g))
    if groups:
        found = found[:groups]
    best, best_w = 0, -1.0
    # The richest groups first, and the smallest first (which leaves room for
    # more of them: on 18 loose cards a 9 can take 16 where the first way takes 11).
    for order in (found, sorted(found, key=lambda g: g.bit_count())):
        u = 0
        for g in order:
            if not u & g and (u | g).bit_count() <= cards:
                u |= g
        w = worth.of(u)
        if w > best_w:
            best, best_w = u, w
    return best


def best_take(rules: Rules, loose: CardSet, builds: tuple[Build, ...], v: int,
              worth: Worth, gen: MoveGenerator) -> tuple[float, CardSet]:
    """The most a card capturing as ``v`` could take from this table, and what
    (on a crowded table, nearly the most)."""
    got = worth.takes.get((loose, v))
    if got is None:
        best_u, best_w = 0, 0.0
        if loose.bit_count() > CROWDED:
            best_u = richest_union(gen, loose, v, worth)
            best_w = worth.of(best_u)
        else:
            for u in capture_sets(gen, loose, v):
                w = worth.of(u)
                if w > best_w:
                    best_u, best_w = u, w
        got = worth.takes[(loose, v)] = (best_w, best_u)
    best_w, best_u = got
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
    generator lists them, and each card's richest capture whole.
    ``ordered=False`` skips sorting the full list."""
    if pos.loose.bit_count() <= CROWDED:
        return pos.legal_moves() if ordered else pos.moves()
    worth = worth or worth_of(pos)
    gen = generator(pos)
    rules = pos.rules
    loose = pos.loose
    builds_mask = 0
    for b in pos.builds:
        builds_mask |= b.cards

    def richest(v: int) -> set[CardSet]:
        # The richest groups of v, overlapping or not; and a capture of several
        # groups, kept small enough that the moves within it stay few.
        return {richest_union(gen, loose, v, worth, 12), richest_union(gen, loose, v, worth, 0, 10)}

    out: dict[Move, None] = {}
    for a in gen.actions(pos):
        out[a] = None
    hand = pos.hands[pos.to_move]
    wanted: set[int] = set()
    for c in cards_of(hand):
        wanted.update(rules.capture_values(c))
        wanted.update(rules.answers[c])
    masks = {u | builds_mask for v in wanted if 0 < v <= rules.max_build for u in richest(v)}
    masks.add(builds_mask)
    wholes: dict[int, CardSet] = {}  # the richest capture of each value, whole
    for c in cards_of(hand):
        for m in masks:
            for move in gen.generate(pos, c, m):
                out[move] = None
        # And the richest capture of each value whole, however many cards it
        # takes (the listings above stop near ten): checked alone, not listed within.
        for v in rules.capture_values(c):
            whole = wholes.get(v)
            if whole is None:  # (once for each value: cards of one rank share it)
                whole = wholes[v] = richest_union(gen, loose, v, worth)
            if whole.bit_count() > 10:
                for b in pos.builds:
                    if b.value == v:
                        whole |= b.cards
                for move in gen.generate(pos, c, whole, exact=True):
                    out[move] = None
        court = loose & RANK_SETS[rank_of(c)]
        if not rules.capture_values(c) and court:
            for move in gen.generate(pos, c, court | builds_mask):
                out[move] = None
    moves = list(out)
    return sorted(moves) if ordered else moves


# Beyond this many candidate moves, only the most promising are weighed in full.
SHORTLIST = 32


def shortlist(moves: list[Move], worth: Worth, keep: int = SHORTLIST) -> list[Move]:
    """The moves worth weighing in full: all of them when they are few; else
    every trail and the ``keep`` captures and builds that take the most, in
    their given order (a crowded table can offer hundreds of captures)."""
    if len(moves) <= keep:
        return moves
    plays = [m for m in moves if m.kind in ("capture", "build")]
    plays.sort(key=lambda m: -worth.of(m.takes | 1 << m.card) * (1.0 if m.kind == "capture" else 0.6))
    chosen = set(plays[:keep])
    return [m for m in moves if m in chosen or m.kind not in ("capture", "build")]


def plays_this_deal(view: SeatView) -> list[tuple[int, Move, CardSet, tuple[Build, ...]]]:
    """The card plays made since the last deal, each with the table it was made
    on (as everyone saw it). Under Draw Cassino, where hands refill, each
    other player's last play: since then it has drawn one card only, so
    what it did not hold then it very likely still does not hold."""
    plays = [t for t in view.history if t.move.card >= 0]
    if view.rules.draw:
        recent = plays[-(view.players - 1):]
    else:
        shape = view.shape
        dealt = shape.deals[shape.deal_number(view.stock_size) - 1].hand * view.players
        played = dealt - sum(view.hand_sizes)
        recent = plays[len(plays) - played:] if played else []
    if any(t.loose < 0 for t in recent):
        return []  # the tables of those plays are unknown
    return [(t.seat, t.move, t.loose, t.builds) for t in recent]


def unlikely_cards(view: SeatView, threshold: float = 0.3) -> dict[int, CardSet]:
    """For each other seat, the unseen cards it probably does not hold. A player
    who trailed earlier in this deal would rather have captured something worth
    more than ``threshold`` with a card it held, and one who captured would
    rather have captured ``threshold`` more: so it held no such card then, and
    still holds none now. Read from the plays of this deal alone."""
    rules = view.rules
    worth = worth_of(view)
    wt = worth.table
    gen = generator_of(view)
    unseen = cards_of(view.unseen)
    out: dict[int, CardSet] = {}
    for seat, m, loose, builds in plays_this_deal(view):
        if seat == view.seat or m.kind == "build":
            continue
        table = loose
        for b in builds:
            table |= b.cards
        took = 0.0
        if m.kind == "capture":
            took = worth.of(m.takes | 1 << m.card) + (rules.sweeps if m.takes == table else 0.0)
        takes: dict[int, tuple[float, CardSet]] = {}
        mask = 0
        for c in unseen:
            best = 0.0
            vs = rules.capture_values(c)
            for v in vs:
                got = takes.get(v)
                if got is None:
                    got = takes[v] = best_take(rules, loose, builds, v, worth, gen)
                if got[1]:
                    best = max(best, got[0] + wt[c] + (rules.sweeps if got[1] == table else 0.0))
            if not vs:
                w, taken = best_rank_take(rules, loose, builds, rank_of(c), worth)
                if taken:
                    best = w + wt[c] + (rules.sweeps if taken == table else 0.0)
            if best > took + threshold:
                mask |= 1 << c
        if mask:
            out[seat] = out.get(seat, 0) | mask
    return out


def greedy_move(pos: Position, worth: Worth) -> Move:
    """The playout policy: the richest capture (a sweep counts); else a build
    that secures something; else trail the card least worth taking, high
    before low (a high card joins fewer sums). Plucks and calls are left
    to the decision at the root."""
    moves = candidate_moves(pos, worth, ordered=False)
    if len(moves) == 1:
        return moves[0]
    table = pos.table
    sweep = pos.rules.sweeps
    best = None
    best_w = 0.0
    for m in moves:
        if m.kind == "capture":
            w = worth.of(m.takes | 1 << m.card) + (sweep if m.takes == table else 0.0)
        elif m.kind == "build":
            w = 0.6 * worth.of(m.takes | 1 << m.card) - 0.3
        else:
            continue
        if w > best_w:
            best, best_w = m, w
    if best is not None:
        return best
    trail = None
    trail_w = 1e9
    for m in moves:
        if m.kind == "trail":
            w = worth.of(1 << m.card) * 10 - rank_of(m.card) * 0.01
            if w < trail_w:
                trail, trail_w = m, w
    if trail is not None:
        return trail
    return next((m for m in moves if m.card >= 0), moves[0])


def playout(pos: Position, worth: Worth) -> Event:
    """Play the round out with the greedy policy; the event that ended it.
    Under the call for 21 a side calls as soon as its count wins (the greedy
    policy weighs card plays only: its playouts went on to the round's end
    past a call that had already won the game)."""
    calls = pos.rules.call_for_21
    while True:
        if calls and call_wins_now(pos):
            return pos.apply(CALL_MOVE)
        event = pos.apply(greedy_move(pos, worth))
        if event.round_end is not None or event.winner is not None:
            return event


def call_wins_now(pos: Position) -> bool:
    """Whether the side to move may call for 21 (§9.18) now and win: its count
    has reached the target."""
    return call_counts(pos)[pos.team_of[pos.to_move]] >= pos.rules.target


def paired_t(ours: Sequence[float], theirs: Sequence[float]) -> float:
    """How clearly ``ours`` beats ``theirs``, the two valued on the same deals
    (as many as the shorter has): the paired t statistic of their differences
    (huge for a lead without spread, 0 for no lead or fewer than two deals).
    Differences within rounding of each other count as no spread, and a lead
    within rounding of nothing as none."""
    n = min(len(ours), len(theirs))
    if n < 2:
        return 0.0
    diffs = [a - b for a, b in zip(ours, theirs)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var <= 1e-18:
        return 1e9 if mean > 1e-12 else 0.0
    return float(mean / (var / n) ** 0.5)
