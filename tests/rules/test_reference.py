"""A brute-force reference for the legal moves, and the engine checked against it.

The reference below is written straight from §3-§7 and the options
of §9 that change what may be played: Royal (§9.6), aces 1 or 14 and the
hold rule with two-valued cards (§9.7), buckeye (§9.8), all court cards
(§9.4), trailing royals (§9.11), the four controller rules (§9.5), plucks
(§9.17) and calls for 21 (§9.18). It is slow and plain on purpose: for every
card in the hand and every set of table items (loose cards and whole builds)
it asks "could playing this card onto exactly these items be a capture, a
build, or (onto nothing) a trail?", and then applies the holding and
controller rules to each candidate. It shares no code with the engine's move
generator (``legal.py``, ``groups.py``) nor its per-card tables
(``Rules.part_values`` and friends); it uses only the engine's data types
(``Move``, ``Build``, card ints and masks) so that the two answers can be
compared as sets.

The tests then compare ``Position.legal_moves()`` with the reference on
thousands of positions: positions reached by random play from real seeded
deals of every preset and of many option combinations, for 2 to 6 players
and 4 in partnerships, and hand-made positions biased to be interesting
(several single and multiple builds held by various seats, many small loose
cards, pairs, court builds, the ten of diamonds). They also check that
``Position.violation`` says nothing about legal moves and gives a reason for
illegal ones.

Choices the reference makes where docs/rules.md leaves room (the plain reading
of the text; docs/rules-notes.md records the same choices for the engine):

- Royal makes court cards numeral cards "in every respect", so the
  ``court_capture`` option (a rank-only capture) applies only where court
  cards have no value (§9.1 refuses the two together).
- A build move touches at most one existing build (builds are never merged).
- A numeral build is worth at most 10 (13 in Royal, 14 with aces 14): only
  those values have a card that captures them by value. Under trailing
  royals, builds of 11, 12 and 13 are made of court cards of that rank only.
- ``answer`` is read statelessly: a player who controls a build at the
  start of their turn must capture, add to or raise one of their builds.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassino.rules import (BUILD, CALL, CAPTURE, PRESET_LIST, TRAIL, Build, Game, Move,
                           Position, Rules, card_text, cards_of, parse_card, parse_move,
                           shape_of)
from cassino.rules.cards import rank_of
from cassino.rules.legal import generator

from .helpers import cards, table_position

# Tables with more items than this are skipped: 2**12 subsets is plenty.
MAX_ITEMS = 12
TEN_OF_DIAMONDS = parse_card("TD")
TWO_OF_SPADES = parse_card("2S")


def is_spade(card: int) -> bool:
    return card_text(card)[1] == "S"


# ---------------------------------------------------------------------------
# The reference: §1 values, §4 captures, §5 builds, §6 trails, §7
# duties, and the options of §9 that change them
# ---------------------------------------------------------------------------

class Reference:
    """The legal moves under one set of rules, by brute force."""

    def __init__(self, rules: Rules):
        self.rules = rules
        # The highest value a numeral build may have: a card must capture it by value.
        self.top = 14 if rules.ace_14 else 13 if rules.royal else 10
        self._groups: dict[tuple[int, int], frozenset[int]] = {}
        self._completions: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}
        # Each card's values, looked up: the brute force asks millions of times.
        self._parts = [self._part_values(c) for c in range(52)]

    # -- values (§1, §9.6, §9.7, §9.8, §9.11) --

    def part_values(self, card: int) -> tuple[int, ...]:
        return self._parts[card]

    def _part_values(self, card: int) -> tuple[int, ...]:
        """What a card counts as on the table, in a sum or going into a build:
        ace 1, two to ten their pips; court cards nothing, or 11 12 13 in
        Royal; under buckeye the ten of diamonds 10 or 11."""
        r = rank_of(card)
        if r > 10 and not self.rules.royal:
            return ()
        if card == TEN_OF_DIAMONDS and self.rules.buckeye:
            return (10, 11)
        return (r,)

    def capture_values(self, card: int) -> tuple[int, ...]:
        """What a card played from the hand captures as: an ace 1 or 14 under aces 14."""
        if self.rules.ace_14 and rank_of(card) == 1:
            return (1, 14)
        return self.part_values(card)

    def answers(self, card: int) -> tuple[int, ...]:
        """The build values a held card answers for: the values it captures
        as; under trailing royals a court card answers for builds of its rank."""
        if self.rules.trailing_royals and rank_of(card) > 10:
            return (rank_of(card),)
        return self.capture_values(card)

    def holds(self, hand: int, values: list[int]) -> bool:
        """§7 and §9.7: the hand holds a different card for each distinct value."""
        wanted = sorted(set(values))
        held = cards_of(hand)

        def match(i: int, used: frozenset[int]) -> bool:
            if i == len(wanted):
                return True
            return any(c not in used and wanted[i] in self.answers(c) and match(i + 1, used | {c})
                       for c in held)

        return match(0, frozenset())

    # -- groups (§4) --

    def group_counts(self, mask: int, v: int) -> frozenset[int]:
        """The numbers of groups of value v these cards can be split into
        (each card counted at one of its values): {0} for no cards, empty if
        they cannot be split. A group is one card of value v or two or more
        cards adding up to v."""
        key = (mask, v)
        found = self._groups.get(key)
        if found is None:
            found = frozenset()
            values = [self.part_values(c) for c in cards_of(mask)]
            if not mask:
                found = frozenset({0})
            elif all(values):
                # Quick refusal: no number of groups of v fits between the
                # smallest and the largest total the cards can make.
                low, high = sum(min(vs) for vs in values), sum(max(vs) for vs in values)
                if any(low <= k * v <= high for k in range(1, high // v + 1)):
                    found = self._split(mask, v)
            self._groups[key] = found
        return found

    def _split(self, mask: int, v: int) -> frozenset[int]:
        """The group holding the first card is that card and any set of the
        others completing it to v; the rest must split again."""
        first, *others = cards_of(mask)
        counts = set()
        for fv in self.part_values(first):
            for companions in self.completions(tuple(others), v - fv):
                rest = mask & ~(1 << first) & ~companions
                counts |= {k + 1 for k in self.group_counts(rest, v)}
        return frozenset(counts)

    def completions(self, others: tuple[int, ...], need: int) -> tuple[int, ...]:
        """Every set of the ``others`` cards whose values can add up to ``need``."""
        key = (others, need)
        found = self._completions.get(key)
        if found is None:
            out = [0] if need == 0 else []
            if need > 0 and others:
                head, rest = others[0], others[1:]
                for hv in self.part_values(head):
                    out += [more | 1 << head for more in self.completions(rest, need - hv)]
                out += self.completions(rest, need)
            found = self._completions[key] = tuple(out)
        return found

    # -- moves of a legal shape (§4-§6, §9.4, §9.11) --

    def shapes(self, pos: Position) -> dict[Move, tuple[Build, ...]]:
        """Every card play whose shape the rules allow, with the builds it
        touches, before what the player must hold (§5, §7) and the
        controller option.

        - Trail (§6): the card goes to the table, taking nothing.
        - Capture (§4) with value v: every build taken has value v and is a
          group alone; the loose cards taken split into groups of v.
        - A court card without value (§4, §9.4) takes one loose card of its
          rank, or under "all" every loose card of its rank at once; under
          trailing royals (§9.11) any loose cards and builds of its rank
          together, and it builds its rank: on loose cards of its rank, or
          onto one build of its rank with any of them (multiple, of value 11,
          12 or 13).
        - Build (§5) with value V, the card c always in it: new single: c and
          one or more loose cards make one group of V; new multiple: c and the
          loose cards split into two or more groups of V; raise a single
          build of B: V = B + value(c), c alone on it, the loose cards (if
          any) in groups of V, making it multiple; add to a build of V: c and
          the loose cards split into groups of V; the result is multiple.
        """
        rules = self.rules
        hand = pos.hands[pos.to_move]
        out: dict[Move, tuple[Build, ...]] = {}
        for c in cards_of(hand):
            out[Move(c, TRAIL, 0, 0, False)] = ()
        # A build of V leaves the player holding another card of V (§5): only
        # the values the rest of the hand answers for are worth trying.
        held = cards_of(hand)
        targets = {c: {v for other in held if other != c for v in self.answers(other) if v <= self.top}
                   for c in held}
        items: list[int | Build] = [*cards_of(pos.loose), *pos.builds]
        for k in range(1, len(items) + 1):
            for chosen in combinations(items, k):
                loose = sum(1 << x for x in chosen if not isinstance(x, Build))
                builds = tuple(x for x in chosen if isinstance(x, Build))
                takes = loose
                for b in builds:
                    takes |= b.cards
                for c in held:
                    if self.part_values(c):
                        self.numeral_plays(out, c, loose, builds, takes, targets[c])
                    elif rules.trailing_royals:
                        self.trailing_royal_plays(out, c, loose, builds, takes)
                    else:
                        self.court_captures(out, pos, c, loose, builds, takes)
        return out

    def court_captures(self, out: dict[Move, tuple[Build, ...]], pos: Position, c: int,
                       loose: int, builds: tuple[Build, ...], takes: int) -> None:
        same_rank = [x for x in cards_of(pos.loose) if rank_of(x) == rank_of(c)]
        if builds or any(rank_of(x) != rank_of(c) for x in cards_of(loose)):
            return
        if self.rules.court_capture == "one" and loose.bit_count() == 1:
            out[Move(c, CAPTURE, 0, takes, False)] = builds
        if self.rules.court_capture == "all" and loose.bit_count() == len(same_rank):
            out[Move(c, CAPTURE, 0, takes, False)] = builds

    def trailing_royal_plays(self, out: dict[Move, tuple[Build, ...]], c: int, loose: int,
                             builds: tuple[Build, ...], takes: int) -> None:
        rank = rank_of(c)
        if any(rank_of(x) != rank for x in cards_of(loose)) or any(b.value != rank for b in builds):
            return
        out[Move(c, CAPTURE, 0, takes, False)] = builds
        if len(builds) <= 1:
            out[Move(c, BUILD, rank, takes, True)] = builds

    def numeral_plays(self, out: dict[Move, tuple[Build, ...]], c: int, loose: int,
                      builds: tuple[Build, ...], takes: int, targets: set[int]) -> None:
        for v in self.capture_values(c):
            if all(b.value == v for b in builds) and self.group_counts(loose, v):
                out[Move(c, CAPTURE, v, takes, False)] = builds
        with_card = loose | 1 << c
        if not builds:
            if not loose:
                return
            for V in targets:
                counts = self.group_counts(with_card, V)
                if 1 in counts:
                    out[Move(c, BUILD, V, takes, False)] = builds
                if any(k >= 2 for k in counts):
                    out[Move(c, BUILD, V, takes, True)] = builds
        elif len(builds) == 1:
            b = builds[0]
            if not b.multiple:  # raise it: the card alone changes its value
                for cv in self.part_values(c):
                    V = b.value + cv
                    if V in targets and self.group_counts(loose, V):
                        out[Move(c, BUILD, V, takes, bool(loose))] = builds
            if b.value in targets and any(k >= 1 for k in self.group_counts(with_card, b.value)):
                out[Move(c, BUILD, b.value, takes, True)] = builds  # add to it

    # -- duties (§5, §7, §9.5, §9.7) --

    def allowed(self, pos: Position, move: Move, touched: tuple[Build, ...]) -> bool:
        """Whether a card play of a legal shape is legal: §5's "must leave the
        player holding another card of value V", §7's hold rule (a different
        card for each value, §9.7), and the controller option."""
        seat = pos.to_move
        left = pos.hands[seat] & ~(1 << move.card)
        mine = [b for b in pos.builds if b.controller == seat]
        kept = [b.value for b in mine if b not in touched]
        after = kept + ([move.value] if move.kind == BUILD else [])
        if not self.holds(left, after):
            return False
        control = self.rules.controller
        if control in ("hoyle", "strict") and mine and move.kind == TRAIL:
            return False  # §7: a controller may not trail
        if control == "answer" and mine and not any(b in touched for b in mine):
            return False  # capture, raise or add to one of your builds
        if control == "strict" and move.kind == BUILD:
            if move.value in kept:
                return False  # you control another build of that value
            if any(b.controller != seat and b.value == move.value for b in touched):
                return False  # another player's build is raised, never added to
        return True

    # -- actions (§9.17, §9.18) --

    def actions(self, pos: Position) -> set[Move]:
        """The call for 21 and the plucks: on one's turn, before the card play."""
        rules = self.rules
        out: set[Move] = set()
        if not pos.hands[pos.to_move]:
            return out
        if rules.call_for_21:
            out.add(Move.call())
        if (rules.pluck and pos.stock and not pos.plucked >> pos.to_move & 1
                and pos.table.bit_count() >= 2):
            for c in cards_of(pos.loose):
                point_card = (rank_of(c) == 1 or c in (TEN_OF_DIAMONDS, TWO_OF_SPADES)
                              or (rules.spade_scoring and is_spade(c)))
                if not point_card:
                    out.add(Move.pluck(c))
        return out

    def legal_moves(self, pos: Position,
                    shapes: dict[Move, tuple[Build, ...]] | None = None) -> set[Move]:
        """Every legal move for the player to move; none once the game is won."""
        if pos.winner is not None:
            return set()
        if shapes is None:
            shapes = self.shapes(pos)
        return self.actions(pos) | {m for m, t in shapes.items() if self.allowed(pos, m, t)}


_REFERENCES: dict[Rules, Reference] = {}
# Memo entries kept over all references before they start afresh: the memos
# only speed the brute force up, and a long run (many examples) would grow
# them to gigabytes.
_MEMO_LIMIT = 1_000_000


def reference(rules: Rules) -> Reference:
    if sum(len(r._groups) + len(r._completions) for r in _REFERENCES.values()) > _MEMO_LIMIT:
        _REFERENCES.clear()
    if rules not in _REFERENCES:
        _REFERENCES[rules] = Reference(rules)
    return _REFERENCES[rules]


def reference_legal_moves(pos: Position) -> set[Move]:
    return reference(pos.rules).legal_moves(pos)


def relaxed_moves(pos: Position) -> list[Move]:
    """The engine's moves of a legal shape, whatever the duties (its own
    list for explaining refusals)."""
    gen = generator(pos)
    return [m for c in cards_of(pos.hands[pos.to_move]) for m in gen.generate(pos, c, None, relaxed=True)]


def too_big(pos: Position) -> bool:
    return pos.loose.bit_count() + len(pos.builds) > MAX_ITEMS


# ---------------------------------------------------------------------------
# Comparing the engine with the reference
# ---------------------------------------------------------------------------

def describe(pos: Position) -> str:
    """The position as text, for failure messages: enough to rebuild it."""
    def cs(mask: int) -> str:
        return " ".join(card_text(c) for c in cards_of(mask)) or "-"
    lines = [f"rules: {pos.rules.describe()}; players {pos.players}, teams "
             f"{[list(t) for t in pos.teams]}; seat {pos.to_move} to move; stock "
             f"{len(pos.stock)}; plucked {pos.plucked:b}; winner {pos.winner}"]
    for s, h in enumerate(pos.hands):
        lines.append(f"  hand {s}: {cs(h)}")
    lines.append(f"  loose: {cs(pos.loose)}")
    for b in pos.builds:
        lines.append(f"  build {cs(b.cards)} value {b.value} "
                     f"{'multiple' if b.multiple else 'single'} controller {b.controller}")
    return "\n".join(lines)


def check_position(pos: Position, rng: random.Random) -> None:
    """The engine's legal moves are sorted, distinct and exactly the reference's;
    ``violation`` is None for each of them and a reason for illegal moves."""
    engine = pos.legal_moves()
    assert engine == sorted(set(engine)), "legal_moves() not sorted or has duplicates\n" + describe(pos)
    ref_of = reference(pos.rules)
    shapes = ref_of.shapes(pos) if pos.winner is None else {}
    ref = ref_of.legal_moves(pos, shapes)
    got = set(engine)
    if got != ref:
        extra = sorted(m.text() for m in got - ref)
        missing = sorted(m.text() for m in ref - got)
        pytest.fail(f"engine and reference differ\n{describe(pos)}\n"
                    f"  engine only: {extra}\n  reference only: {missing}")
    for m in engine:
        assert pos.violation(m) is None, f"{m.text()} is legal\n{describe(pos)}"
    # Plausible illegal moves: shapes (engine's and reference's) that a rule
    # forbids, and plucks of every loose card.
    illegal = {m for m in relaxed_moves(pos) if m not in ref}
    illegal |= {m for m in shapes if m not in ref}
    illegal |= {Move.pluck(c) for c in cards_of(pos.loose)} - ref
    if Move.call() not in ref:
        illegal.add(Move.call())
    for m in rng.sample(sorted(illegal), min(6, len(illegal))):
        reason = pos.violation(m)
        assert isinstance(reason, str) and reason, f"{m.text()} is illegal\n{describe(pos)}"
    # Implausible ones: any card of the hand onto any cards of the table.
    table = cards_of(pos.table)
    hand = cards_of(pos.hands[pos.to_move])
    for _ in range(3 if hand else 0):
        takes = 0
        for c in rng.sample(table, rng.randint(0, min(4, len(table)))):
            takes |= 1 << c
        kind = rng.choice((CAPTURE, BUILD)) if takes else TRAIL
        m = Move(rng.choice(hand), kind, rng.randint(0, 15) if takes else 0, takes,
                 kind == BUILD and rng.random() < 0.5)
        reason = pos.violation(m)
        if m in ref:
            assert reason is None, f"{m.text()} is legal\n{describe(pos)}"
        else:
            assert isinstance(reason, str) and reason, f"{m.text()} is illegal\n{describe(pos)}"


# ---------------------------------------------------------------------------
# The rules options and tables under test
# ---------------------------------------------------------------------------

CONTROLLERS = ("hoyle", "permissive", "answer", "strict")
VARIANTS = {
    "standard": {}, "all-courts": {"court_capture": "all"}, "royal": {"royal": True},
    "royal14": {"royal": True, "ace_14": True}, "buckeye": {"royal": True, "buckeye": True},
    "trailing": {"trailing_royals": True},
}
RULESETS = {f"{variant}-{control}": Rules(controller=control, **opts)
            for variant, opts in VARIANTS.items() for control in CONTROLLERS}
RULESETS.update({
    "buckeye14-hoyle": Rules(royal=True, buckeye=True, ace_14=True),
    "buckeye14-strict": Rules(royal=True, buckeye=True, ace_14=True, controller="strict"),
    "pluck": Rules(pluck=True),
    "pluck-spades": Rules(pluck=True, spade_scoring=True, controller="answer"),
    "pluck-trailing": Rules(pluck=True, trailing_royals=True, initial_pairs=True),
    "pluck-buckeye14": Rules(pluck=True, royal=True, buckeye=True, ace_14=True,
                             controller="permissive"),
    "call": Rules(call_for_21=True, sudden_death=True),
    "call-pluck-royal14": Rules(call_for_21=True, pluck=True, royal=True, ace_14=True,
                                card_tie_to_spades=True),
    "draw-singly-courts": Rules(draw=True, deal_singly=True, court_capture="all",
                                controller="strict"),
})
TABLES = {"2p": (2, None), "3p": (3, None), "4p": (4, None), "4p-teams": (4, [[0, 2], [1, 3]]),
          "5p": (5, None), "6p": (6, None)}
TWO_SIDES = ("2p", "4p-teams")


def seatings(rules: Rules) -> list[str]:
    return list(TWO_SIDES) if rules.call_for_21 else list(TABLES)


# Positions per test: random play (per parametrized test and per hypothesis
# example) and hand-made (per parametrized test: 64 tests, each position up to
# 4,096 sets of table items for the brute force).
PLAYED = 25
PLAYED_HYPOTHESIS = 25
HAND_MADE = 9
# Random play captures when the table holds this many loose cards: a table of
# thirty has millions of distinct moves (see test_crowded_table.py).
CROWDED = 9


def random_move(moves: list[Move], pos: Position, rng: random.Random) -> Move:
    """Half the time any move, half the time a random kind first: so tables
    fill up with trails and builds as well as emptying by captures. A call
    ends the game, so it is made only now and then; a crowded table is
    cleared by its biggest capture."""
    plays = [m for m in moves if m.kind != CALL]
    if not plays or (Move.call() in moves and rng.random() < 0.01):
        return Move.call()
    if pos.loose.bit_count() >= CROWDED:
        captures = [m for m in plays if m.kind == CAPTURE]
        if captures:
            return max(captures, key=lambda m: (m.takes.bit_count(), m))
    if rng.random() < 0.5:
        return rng.choice(plays)
    kind = rng.choice(sorted({m.kind for m in plays}))
    return rng.choice([m for m in plays if m.kind == kind])


def play_and_check(rules: Rules, players: int, teams: list[list[int]] | None, seed: int | str,
                   positions: int) -> int:
    """Random play from the seeded deals of a game, checking every position
    reached (up to ``positions`` of them), and the last one if a call or a
    sudden-death sweep ended the game. Returns how many were checked."""
    rng = random.Random(f"reference/{seed}")
    game = Game(rules, players, teams, seed=seed)
    checked = 0
    while checked < positions:
        pos = game.position
        if not too_big(pos):
            check_position(pos, rng)
            checked += 1
        if game.over:
            break
        moves = pos.legal_moves()
        assert moves, "§7: a legal move always exists\n" + describe(pos)
        game.play(random_move(moves, pos, rng))
    return checked


@pytest.mark.parametrize("name, table", [(name, table) for name, rules in RULESETS.items()
                                         for table in seatings(rules)])
def test_random_play_matches_reference(name: str, table: str) -> None:
    """Every position of a deal or two of random play from a real deal."""
    rules = RULESETS[name]
    players, teams = TABLES[table]
    assert play_and_check(rules, players, teams, f"{name}/{table}", PLAYED) > 0


PRESET_SEATINGS = [(p.key, players, partners) for p in PRESET_LIST for players in p.players
                   for partners in (False, True) if p.allows(players, partners)]


@pytest.mark.parametrize("key, players, partners", PRESET_SEATINGS)
def test_random_play_of_every_preset_matches_reference(key: str, players: int, partners: bool) -> None:
    preset = next(p for p in PRESET_LIST if p.key == key)
    teams = [[0, 2], [1, 3]] if partners else None
    assert play_and_check(preset.rules(players), players, teams, f"{key}/{players}", PLAYED) > 0


@settings(max_examples=50, deadline=None)
@given(rules_index=st.integers(0, len(RULESETS) - 1),
       table_index=st.integers(0, len(TABLES) - 1),
       seed=st.integers(0, 2**32 - 1))
def test_random_play_matches_reference_hypothesis(rules_index: int, table_index: int, seed: int) -> None:
    """The same from hypothesis' seeds: a different stretch of play each run."""
    rules = list(RULESETS.values())[rules_index]
    table = seatings(rules)[table_index % len(seatings(rules))]
    players, teams = TABLES[table]
    play_and_check(rules, players, teams, seed, PLAYED_HYPOTHESIS)


# ---------------------------------------------------------------------------
# Hand-made positions: several builds, many small loose cards, pairs, court
# builds, the ten of diamonds, plucks
# ---------------------------------------------------------------------------

def interesting_position(rng: random.Random, rules: Rules, players: int,
                         teams: list[list[int]] | None) -> Position:
    """A random valid position rich in builds (single and multiple, held by
    various seats), small loose cards and pairs of equal cards; under
    trailing royals builds of court cards, under pluck a stock and seats
    that have plucked. Drawn again until valid."""
    for _ in range(100):
        try:
            return _interesting_position(rng, rules, players, teams)
        except AssertionError:  # a hand that does not answer for its builds, say
            continue
    raise AssertionError("no valid position drawn")


def _interesting_position(rng: random.Random, rules: Rules, players: int,
                          teams: list[list[int]] | None) -> Position:
    ref = reference(rules)
    top = ref.top
    top_card = 13 if rules.royal else 10
    shape = shape_of(rules, players, teams)
    free = set(shape.pack)

    def take(v: int) -> int | None:
        """A free card of value v (an ace for 14; the ten of diamonds for 11
        under buckeye too), or None if none is left."""
        want = 1 if v == 14 else v
        choices = sorted(c for c in free if want in ref.part_values(c))
        if not choices:
            return None
        c = rng.choice(choices)
        free.discard(c)
        return c

    def split(v: int, parts: int) -> list[int]:
        """v as a sum of ``parts`` positive values, at random."""
        cuts = sorted(rng.sample(range(1, v), parts - 1))
        return [b - a for a, b in zip([0, *cuts], [*cuts, v])]

    to_move = rng.randrange(players)
    size = rng.randint(1, 4)
    hands: list[list[int]] = [[] for _ in range(players)]
    builds: list[tuple[str, int, bool, int]] = []
    controlled: list[list[int]] = [[] for _ in range(players)]

    def keep_card(controller: int, V: int) -> bool:
        """The controller holds a card answering for V (adding one if needed)."""
        if ref.holds(sum(1 << c for c in hands[controller]), controlled[controller] + [V]):
            return True
        if len(hands[controller]) == size:
            return False
        wanted = sorted(c for c in free if V in ref.answers(c))
        if not wanted:
            return False
        c = rng.choice(wanted)
        free.discard(c)
        hands[controller].append(c)
        return True

    for _ in range(rng.choice((0, 1, 1, 2, 2, 3, 3, 4))):
        controller = rng.randrange(players)
        if rules.trailing_royals and rng.random() < 0.35:  # a build of court cards
            rank = rng.randint(11, 13)
            same = sorted(c for c in free if rank_of(c) == rank)
            if len(same) < 3 or (rules.controller == "strict" and rank in controlled[controller]):
                continue
            if not keep_card(controller, rank):
                continue
            got = [c for c in rng.sample(sorted(c for c in free if rank_of(c) == rank), 2)]
            free.difference_update(got)
            controlled[controller].append(rank)
            builds.append((" ".join(card_text(c) for c in got), rank, True, controller))
            continue
        V = rng.randint(2, 8 if rng.random() < 0.7 else top)
        if rules.controller == "strict" and V in controlled[controller]:
            continue  # cannot arise under strict builds
        if not keep_card(controller, V):
            continue
        multiple = rng.random() < 0.4
        if multiple:  # two or three groups, each one card of V or two cards adding up to V
            shapes = [rng.choice((1, 1, 2)) if V <= top_card else 2
                      for _ in range(rng.choice((2, 2, 3)))]
        else:
            shapes = [rng.choice((2, 2, 3)) if V >= 3 else 2]
        got: list[int] = []
        for p in (p for parts in shapes for p in split(V, parts)):
            c = take(p) if p <= top_card or (p == 11 and rules.buckeye) else None
            if c is None:
                break
            got.append(c)
        else:
            # The ten of diamonds counted 11 where it went in as 11: still a
            # valid build, since it may count either.
            controlled[controller].append(V)
            builds.append((" ".join(card_text(c) for c in got), V, multiple, controller))
            continue
        free.update(got)
    loose: list[int] = []
    for _ in range(rng.randint(0, 10)):
        if len(loose) + len(builds) >= MAX_ITEMS:
            break
        r = rng.random()
        v = rng.randint(1, 5) if r < 0.6 else rng.randint(1, 10) if r < 0.85 else rng.randint(11, 13)
        same_rank = sorted(c for c in free if rank_of(c) == v)
        if not same_rank:
            continue
        pair = 2 if rng.random() < 0.3 and len(loose) + len(builds) + 2 <= MAX_ITEMS else 1
        for c in rng.sample(same_rank, min(pair, len(same_rank))):
            free.discard(c)
            loose.append(c)
    if rules.buckeye and TEN_OF_DIAMONDS in free and rng.random() < 0.5:
        free.discard(TEN_OF_DIAMONDS)  # the two-valued card, loose or in a hand
        (loose if rng.random() < 0.5 else hands[rng.randrange(players)]).append(TEN_OF_DIAMONDS)
    # Values worth holding: those of the builds, twice them (to raise a build
    # by a card of its own value), and those of loose cards and pairs of them.
    first = [ref.part_values(c)[0] if ref.part_values(c) else rank_of(c) for c in loose]
    tempting = sorted({V for _, V, _, _ in builds} | {2 * V for _, V, _, _ in builds}
                      | set(first) | {a + b for a, b in combinations(first, 2)})
    tempting = [v for v in tempting if 1 <= v <= top] or [1]
    for hand in hands:
        del hand[size:]
        while len(hand) < size:
            r = rng.random()
            c = take(rng.choice(tempting)) if r < 0.5 else take(rng.randint(1, 6)) if r < 0.75 else None
            if c is None:
                c = rng.choice(sorted(free))
                free.discard(c)
            hand.append(c)

    def text(cs: list[int]) -> str:
        return " ".join(card_text(c) for c in cs)

    stock_size = 0
    plucked: list[int] = []
    if rules.pluck:
        stock_size = rng.choice([s for s in shape.stock_after if s <= len(free)])
        plucked = [s for s in range(players) if rng.random() < 0.3]
    others = [text(hands[(to_move + i) % players]) for i in range(1, players)]
    return table_position(text(hands[to_move]), text(loose), builds, others, players,
                          rules, teams, to_move, stock_size=stock_size, plucked=plucked)


# Each rule set on two seatings, in turn through all six (hand-made positions
# cost the reference more than positions from play).
HAND_MADE_CASES = []
for _i, (_name, _rules) in enumerate((n, r) for n, r in RULESETS.items() if not r.draw):
    _tables = seatings(_rules)
    HAND_MADE_CASES += [(_name, _tables[(2 * _i) % len(_tables)]),
                        (_name, _tables[(2 * _i + 1) % len(_tables)])]


@pytest.mark.parametrize("name, table", HAND_MADE_CASES)
def test_hand_made_positions_match_reference(name: str, table: str) -> None:
    """Positions rich in builds and small cards, under every rules combination."""
    rules = RULESETS[name]
    players, teams = TABLES[table]
    rng = random.Random(f"hand-made/{name}/{table}")
    for _ in range(HAND_MADE):
        check_position(interesting_position(rng, rules, players, teams), rng)


# ---------------------------------------------------------------------------
# The reference on the rules' own examples (so the reference is checked too)
# ---------------------------------------------------------------------------

def moves_text(moves: set[Move], card: str | None = None) -> set[str]:
    c = parse_card(card) if card else None
    return {m.text() for m in moves if c is None or m.card == c}


def texts(*text: str) -> set[str]:
    return {parse_move(t).text() for t in text}


def test_reference_capture_example() -> None:
    """§4: table A 2 3 5 6 8; an 8 may take {8, 6+2, 5+3} or {8, 5+2+A}, or any
    part of one of those; it cannot take all six cards."""
    pos = table_position("8S", "AH 2H 3H 5H 6H 8H")
    groups = [cards("8H"), cards("6H 2H"), cards("5H 3H"), cards("5H 2H AH")]
    takes = set()
    for k in range(1, 5):
        for chosen in combinations(groups, k):
            u = 0
            for g in chosen:
                if u & g:
                    break
                u |= g
            else:
                takes.add(u)
    want = {Move(parse_card("8S"), CAPTURE, 8, t, False) for t in takes}
    ref = reference_legal_moves(pos)
    assert {m for m in ref if m.kind == CAPTURE} == want
    assert len(want) == 9
    assert set(pos.legal_moves()) == ref


def test_reference_build_example() -> None:
    """§5: table A 2, hand 3 3 6: a 3 may capture A+2, build a single 6 from
    3+A+2, make a multiple build of threes from 3 and A+2, or trail; not build 4 or 5."""
    pos = table_position("3C 3D 6H", "AS 2H")
    ref = reference_legal_moves(pos)
    assert moves_text(ref, "3C") == {"3C-", "3Cx3:AS,2H", "3Cb6:AS,2H", "3Cm3:AS,2H"}
    assert set(pos.legal_moves()) == ref


def test_reference_build_is_not_part_of_a_sum() -> None:
    """§4: a 7-build and a loose 2 cannot be taken by a 9."""
    pos = table_position("9C 7D", "2H", [("3S 4S", 7, False, 0)])
    ref = reference_legal_moves(pos)
    assert not any(m.card == parse_card("9C") and m.kind == CAPTURE for m in ref)
    assert set(pos.legal_moves()) == ref


def test_reference_controller_keeps_its_card() -> None:
    """§7: controlling an 8-build and holding 8 and 4: the 4 may not be
    trailed; the 8 may capture the build, but nothing that leaves it behind."""
    pos = table_position("8C 4D", "AH", [("5S 3S", 8, False, 0)], others=["9H KC"])
    ref = reference_legal_moves(pos)
    assert "4D-" not in moves_text(ref, "4D")
    assert moves_text(ref, "8C") == texts("8Cx8:5S,3S")
    assert set(pos.legal_moves()) == ref


def test_reference_controller_example() -> None:
    """§9.5: seat 0 holds 8C 2H 9S and controls 5S+3H (8); seat 1 controls
    3C+4C (7); 6D is loose."""
    hoyle = texts("8Cx8:5S,3H", "2Hb9:3C,4C", "2Hb8:6D", "2Hm8:5S,3H,6D")
    want = {"hoyle": hoyle, "permissive": hoyle | texts("2H-", "9S-"),
            "answer": texts("8Cx8:5S,3H", "2Hm8:5S,3H,6D"), "strict": hoyle - texts("2Hb8:6D")}
    for control, moves in want.items():
        pos = table_position("8C 2H 9S", "6D", [("5S 3H", 8, False, 0), ("3C 4C", 7, False, 1)],
                             others=["7S TS JD"], rules=Rules(controller=control))
        ref = reference_legal_moves(pos)
        assert moves_text(ref) == moves, control
        assert set(pos.legal_moves()) == ref, control


def test_reference_one_card_for_two_builds() -> None:
    """§7 with two builds of one value and one card of it: controlling two
    4-builds and holding 4 and 8, the 4 may capture both builds, but not raise
    one to 8 (leaving the other without a 4), nor capture just one; the 8
    may not be played at all (not trailed, not built on anything)."""
    pos = table_position("4C 8D", "AH", [("3S AS", 4, False, 0), ("2D 2C", 4, False, 0)],
                         others=["9H KC"])
    ref = reference_legal_moves(pos)
    assert moves_text(ref, "4C") == {"4Cx4:AS,3S,2D,2C"}
    assert moves_text(ref, "8D") == set()
    assert set(pos.legal_moves()) == ref


def test_reference_strict_partners() -> None:
    """§9.5 strict: a partner's build may be raised but not added to; under
    hoyle it may be added to."""
    builds = [("2D 3D", 5, False, 2)]
    for control, add, raise_ in (("hoyle", True, True), ("strict", False, True)):
        pos = table_position("5C 5H 3C 8H", "", builds,
                             others=["9H KC QD 7C", "5S JD QC 9C", "TH KD KH 6S"],
                             players=4, teams=[[0, 2], [1, 3]], rules=Rules(controller=control))
        ref = reference_legal_moves(pos)
        assert ("5Cm5:2D,3D" in moves_text(ref, "5C")) == add, control
        assert ("3Cb8:2D,3D" in moves_text(ref, "3C")) == raise_, control
        assert set(pos.legal_moves()) == ref, control


def test_reference_royal_example() -> None:
    """§9.6: table JS, hand KD 2H: 2Hb13:JS, 2H-, KD-."""
    pos = table_position("KD 2H", "JS", rules=Rules(royal=True))
    assert moves_text(reference_legal_moves(pos)) == texts("2Hb13:JS", "2H-", "KD-")
    assert set(pos.legal_moves()) == reference_legal_moves(pos)


def test_reference_ace_14_examples() -> None:
    """§9.7: table KS AH, hand AC; and the hold rule with two-valued cards."""
    rules = Rules(royal=True, ace_14=True)
    pos = table_position("AC", "KS AH", rules=rules)
    assert moves_text(reference_legal_moves(pos)) == texts("ACx14:KS,AH", "ACx1:AH", "AC-")
    assert set(pos.legal_moves()) == reference_legal_moves(pos)
    pos = table_position("AC AD", "AS", [("KS AH", 14, False, 0)], rules=rules)
    assert moves_text(reference_legal_moves(pos)) == texts("ACx14:KS,AH", "ADx14:KS,AH",
                                                           "ACx1:AS", "ADx1:AS")
    assert set(pos.legal_moves()) == reference_legal_moves(pos)


def test_reference_buckeye_examples() -> None:
    """§9.8: table JS 7H 3C, hand TD KD; table TD 2C, hand JH 9C."""
    rules = Rules(royal=True, buckeye=True)
    for hand, loose, want in (
            ("TD KD", "JS 7H 3C", texts("TDx10:7H,3C", "TDx11:JS", "TDb13:3C", "TD-", "KD-")),
            ("JH 9C", "TD 2C", texts("JHx11:TD", "9Cb11:2C", "9Cm11:TD,2C", "JH-", "9C-"))):
        pos = table_position(hand, loose, rules=rules)
        assert moves_text(reference_legal_moves(pos)) == want
        assert set(pos.legal_moves()) == reference_legal_moves(pos)


def test_reference_trailing_royals_example() -> None:
    """§9.11: table QS QH 5C, hand QD QC."""
    pos = table_position("QD QC", "QS QH 5C", rules=Rules(trailing_royals=True))
    ref = reference_legal_moves(pos)
    for q in ("QD", "QC"):
        assert moves_text(ref, q) == texts(f"{q}x:QS", f"{q}x:QH", f"{q}x:QS,QH", f"{q}m12:QS",
                                           f"{q}m12:QH", f"{q}m12:QS,QH", f"{q}-")
    assert set(pos.legal_moves()) == ref


def test_reference_pluck_example() -> None:
    """§9.17: table 5D 9C, hand 5H, stock not empty; none in the last deal."""
    pos = table_position("5H", "5D 9C", rules=Rules(pluck=True), stock_size=8)
    ref = reference_legal_moves(pos)
    assert moves_text(ref) == texts("pluck:5D", "pluck:9C", "5Hx5:5D", "5H-")
    assert set(pos.legal_moves()) == ref
    pos = table_position("5H", "5D 9C", rules=Rules(pluck=True))
    assert moves_text(reference_legal_moves(pos)) == texts("5Hx5:5D", "5H-")


def test_reference_call_is_open_on_every_turn_until_the_game_ends() -> None:
    """§9.18: before the card play the player to move may call; then nothing."""
    pos = table_position("5H", "5D 9C", rules=Rules(call_for_21=True))
    assert Move.call() in reference_legal_moves(pos) and Move.call() in pos.legal_moves()
    pos.play(Move.call())
    assert reference_legal_moves(pos) == set() == set(pos.legal_moves())


def test_a_legal_move_always_exists_with_aces_14() -> None:
    """§7 says a legal move always exists. Under "Royal, aces 1 or 14" one
    held ace meets the hold rule for a build of 14 and for a build of aces,
    but can capture only one of them; §9.7: controlling both needs two aces,
    so the build of aces is refused here, with why."""
    rules = Rules(royal=True, ace_14=True)
    pos = table_position("AS AH 5C", "9D AD", others=["2C 3C 4C"], rules=rules)
    for text in ("5Cb14:9D", "2C-"):
        pos.play(parse_move(text))
    refused = parse_move("AHm1:AD")
    assert refused not in pos.legal_moves()
    assert "two aces" in (pos.violation(refused) or "")
    assert reference_legal_moves(pos) == set(pos.legal_moves())
    assert pos.legal_moves(), "§7: a legal move always exists\n" + describe(pos)
