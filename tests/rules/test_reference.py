"""A brute-force reference for the legal moves, and the engine checked against it.

The reference below is written straight from RULES.md §3-§7 (and the options
of §9 that change them: Royal, aces 1 or 14, all court cards, and the four
controller rules). It is slow and plain on purpose: for every card in the
hand and every set of table items (loose cards and whole builds) it asks
"could playing this card onto exactly these items be a capture, a build, or
(onto nothing) a trail?", and then applies the holding and controller rules
to each candidate. It shares no code with the engine's move generator
(``Position._generate`` and its helpers); it uses only the engine's data
types (``Move``, ``Build``, card ints and masks) so that the two
answers can be compared as sets.

The tests then compare ``Position.legal_moves()`` with the reference on
thousands of positions: positions reached by random play from real seeded
deals (2, 3 and 4 players and 4 in partnerships, under every combination of
the options above), and hand-made positions biased to be interesting (several
single and multiple builds held by various seats, many small loose cards,
pairs). They also check that ``Position.violation`` says nothing about legal
moves and gives a reason for illegal ones.

Choices the reference makes where RULES.md leaves room (the plain reading
of the text; docs/rules.md records the same choices for the engine):

- Royal makes court cards numeral cards "in every respect", so the
  ``court_capture`` option (a rank-only capture) applies only where court
  cards have no value, i.e. outside Royal.
- ``answer`` (build-duty variant 2) is read statelessly: a player who controls
  a build at the start of their turn must capture, add to or raise one of
  their builds with this move.
- ``strict`` (variant 3): a controller may not trail; after the move the
  player may not control two builds of the same value; a build controlled by
  another player (a partner included) may not be added to, only raised.
  Positions where a player already controls two builds of one value cannot
  arise under ``strict``; the hand-made generator does not make them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassino.rules import (BUILD, CAPTURE, TRAIL, Build, Game, Move, Position, Rules, card_text,
                           cards_of, parse_move)
from cassino.rules.cards import rank_of
from cassino.rules.legal import generator

from .helpers import cards, table_position

# Tables with more items than this are skipped: 2**12 subsets is plenty.
MAX_ITEMS = 12


# ---------------------------------------------------------------------------
# The reference: RULES.md §1 values, §4 captures, §5 builds, §6 trails, §7 duties
# ---------------------------------------------------------------------------

def value(card: int, royal: bool) -> int:
    """§1: ace 1, two to ten their pips; court cards have no value (0 here),
    except in Royal (§9), where jack, queen and king are 11, 12 and 13. An ace
    on the table or in a build always counts 1."""
    return VALUES[royal][card]


VALUES = {royal: tuple(r if r <= 10 or royal else 0 for r in map(rank_of, range(52)))
          for royal in (False, True)}


def capture_values(card: int, rules: Rules) -> tuple[int, ...]:
    """The values a card played from the hand may capture as: its value; an
    ace 1 or 14 under "Royal, aces 1 or 14"; none for a court card without value."""
    v = value(card, rules.royal)
    if v == 1 and rules.ace_14:
        return (1, 14)
    return (v,) if v else ()


def held_values(hand: int, rules: Rules) -> set[int]:
    """The build values a hand "holds a card of": each numeral card's value,
    and 14 for a held ace under "Royal, aces 1 or 14"."""
    held = {value(c, rules.royal) for c in cards_of(hand)} - {0}
    if rules.ace_14 and 1 in held:
        held.add(14)
    return held


def all_numeral(mask: int, royal: bool) -> bool:
    """Court cards without value never take part in a sum or a build (§1)."""
    return all(value(c, royal) for c in cards_of(mask))


@lru_cache(maxsize=500_000)
def splits_into_groups(mask: int, v: int, royal: bool) -> bool:
    """Can these cards be split into disjoint groups each adding up to v?

    A group is one card of value v or two or more cards whose values add up
    to v (§4); the empty set splits trivially (into no groups). Tried the slow
    way: the group holding the first card is any set of the other cards that
    completes it, and the rest must split again."""
    if not mask:
        return True
    if not all_numeral(mask, royal):
        return False  # a court card without value is never part of a group
    first, *others = cards_of(mask)
    for companions in completions(tuple(others), v - value(first, royal), royal):
        if splits_into_groups(mask & ~(1 << first) & ~companions, v, royal):
            return True
    return False


def completions(others: tuple[int, ...], need: int, royal: bool) -> Iterator[int]:
    """Every set (as a mask) of the ``others`` cards whose values add up to ``need``."""
    if need == 0:
        yield 0
    if need <= 0 or not others:
        return
    head, rest = others[0], others[1:]
    for more in completions(rest, need - value(head, royal), royal):  # with the head
        yield more | 1 << head
    yield from completions(rest, need, royal)  # without it


def table_subsets(pos: Position) -> Iterator[tuple[int, tuple[Build, ...], int, bool]]:
    """Every non-empty set of table items, as (loose cards mask, builds, sum
    of the loose cards' values, whether they all have a value). The items
    are the loose cards one by one and the builds, each whole: a build is
    only ever taken or built on as one pile (§4, §5)."""
    royal = pos.rules.royal
    items: list[int | Build] = [*cards_of(pos.loose), *pos.builds]
    for k in range(1, len(items) + 1):
        for chosen in combinations(items, k):
            loose = 0
            total = 0
            numeral = True
            builds = []
            for item in chosen:
                if isinstance(item, Build):
                    builds.append(item)
                else:
                    loose |= 1 << item
                    total += value(item, royal)
                    numeral = numeral and value(item, royal) > 0
            yield loose, tuple(builds), total, numeral


def shape_moves(pos: Position, build_values: set[int] | None = None) -> dict[Move, tuple[Build, ...]]:
    """Every move whose shape §4-§6 allow, with the builds it touches: what
    one card may do to one set of table items, before the rules about what
    the player must hold (§5, §7) and the controller options.

    - Trail (§6): the card goes to the table, taking nothing.
    - Capture (§4) with value v: every build taken has value v and stands as
      a group alone; the loose cards taken split into groups of value v. A
      court card without value takes one loose card of its rank, or under
      "all court cards" every loose card of its rank at once.
    - Build (§5) with value V, the card c always in it:
      new single: c and one or more loose cards add up to V;
      new multiple: c and the loose cards split into two or more groups of V;
      raise a single build of B: V = B + value(c), c goes on alone, and the
      loose cards (if any) split into groups of V, making it multiple;
      add to a build of value V: c and the loose cards split into groups of V
      (c alone or with some of them making one); the result is multiple.
      Never more than one existing build in a build move (builds are never merged).

    ``build_values``, if given, limits the builds listed to those values.
    """
    rules = pos.rules
    royal = rules.royal
    hand = pos.hands[pos.to_move]
    values = range(1, 100) if build_values is None else build_values
    out: dict[Move, tuple[Build, ...]] = {}
    for c in cards_of(hand):
        out[Move(c, TRAIL, 0, 0, False)] = ()
    played = [(c, value(c, royal), capture_values(c, rules)) for c in cards_of(hand)]
    for loose, builds, loose_total, numeral in table_subsets(pos):
        takes = loose
        for b in builds:
            takes |= b.cards

        def groups(cs: int, total: int, v: int) -> bool:
            """Whether cards ``cs`` of values adding up to ``total`` split into groups of v."""
            return numeral and total % v == 0 and splits_into_groups(cs, v, royal)

        for c, cv, capture_as in played:
            # -- captures (§4) --
            if not cv:
                same_rank = [x for x in cards_of(pos.loose) if rank_of(x) == rank_of(c)]
                if not builds and loose and all(rank_of(x) == rank_of(c) for x in cards_of(loose)):
                    if rules.court_capture == "one" and loose.bit_count() == 1:
                        out[Move(c, CAPTURE, 0, takes, False)] = builds
                    if rules.court_capture == "all" and loose.bit_count() == len(same_rank):
                        out[Move(c, CAPTURE, 0, takes, False)] = builds
                continue  # a card without value never builds
            for v in capture_as:
                if all(b.value == v for b in builds) and groups(loose, loose_total, v):
                    out[Move(c, CAPTURE, v, takes, False)] = builds
            # -- builds (§5) --
            if not numeral:
                continue
            with_card = loose | 1 << c
            total = cv + loose_total
            if not builds:
                if not loose:
                    continue
                if total in values:  # new single build
                    out[Move(c, BUILD, total, takes, False)] = builds
                for V in range(1, min(total // 2, 14) + 1):  # new multiple: two groups or more
                    if V in values and groups(with_card, total, V):
                        out[Move(c, BUILD, V, takes, True)] = builds
            elif len(builds) == 1:
                b = builds[0]
                if not b.multiple:  # raise a single build: the card alone changes its value
                    V = b.value + cv
                    if V in values and groups(loose, loose_total, V):
                        out[Move(c, BUILD, V, takes, bool(loose))] = builds
                if b.value in values and groups(with_card, total, b.value):  # add to it
                    out[Move(c, BUILD, b.value, takes, True)] = builds
    return out


def allowed(pos: Position, move: Move, touched: tuple[Build, ...]) -> bool:
    """Whether a move of a legal shape is legal: §5's "must leave the player
    holding another card of value V", §7, and the controller option."""
    rules = pos.rules
    seat = pos.to_move
    held = held_values(pos.hands[seat] & ~(1 << move.card), rules)
    mine = [b for b in pos.builds if b.controller == seat]
    # The values of the builds the player controls after the move: theirs
    # that the move leaves alone, and the one a build move makes.
    after = [b.value for b in mine if b not in touched]
    if move.kind == BUILD:
        if move.value not in held:  # §5: hold another card of value V
            return False
        after.append(move.value)
    if any(v not in held for v in after):  # §7: never a build without its card
        return False
    if rules.ace_14 and 1 in after and 14 in after:
        # One ace takes a build of aces or a build of 14, not both (rules notes §7).
        aces = sum(1 for c in range(52) if (pos.hands[seat] & ~(1 << move.card)) >> c & 1
                   and c % 13 == 0)
        if aces < 2:
            return False
    control = rules.controller
    if control in ("hoyle", "strict") and mine and move.kind == TRAIL:
        return False  # §7: a controller may not trail
    if control == "answer" and mine and not any(b in touched for b in mine):
        return False  # build duty: capture, add to or raise one of your builds
    if control == "strict":
        if len(after) != len(set(after)):
            return False  # at most one build of any value per player
        if move.kind == BUILD and any(b.controller != seat and b.value == move.value
                                      for b in touched):
            return False  # another player's build: only raised, never added to
    return True


def reference_legal_moves(pos: Position,
                          shapes: dict[Move, tuple[Build, ...]] | None = None) -> set[Move]:
    """Every legal move for the player to move, by brute force. (A build of
    V needs another card of value V in the hand, §5, so only the values the
    hand holds are tried as build values: ``allowed`` checks the rest.)"""
    if shapes is None:
        shapes = shape_moves(pos, held_values(pos.hands[pos.to_move], pos.rules))
    return {m for m, touched in shapes.items() if allowed(pos, m, touched)}


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
             f"{[list(t) for t in pos.teams]}; seat {pos.to_move} to move"]
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
    shapes = shape_moves(pos, held_values(pos.hands[pos.to_move], pos.rules))
    ref = reference_legal_moves(pos, shapes)
    got = set(engine)
    if got != ref:
        extra = sorted(m.text() for m in got - ref)
        missing = sorted(m.text() for m in ref - got)
        pytest.fail(f"engine and reference differ\n{describe(pos)}\n"
                    f"  engine only: {extra}\n  reference only: {missing}")
    for m in engine:
        assert pos.violation(m) is None, f"{m.text()} is legal\n{describe(pos)}"
    # Plausible illegal moves: shapes (engine's and reference's) that a rule forbids.
    illegal = {m for m in relaxed_moves(pos) if m not in ref}
    illegal |= {m for m in shapes if m not in ref}
    for m in rng.sample(sorted(illegal), min(6, len(illegal))):
        reason = pos.violation(m)
        assert isinstance(reason, str) and reason, f"{m.text()} is illegal\n{describe(pos)}"
    # Implausible ones: any card of the hand onto any cards of the table.
    table = cards_of(pos.table)
    hand = cards_of(pos.hands[pos.to_move])
    for _ in range(3):
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

VARIANTS = {"standard": {}, "royal": {"royal": True}, "royal14": {"royal": True, "ace_14": True}}
RULESETS = {f"{variant}-{control}-{court}": Rules(controller=control, court_capture=court, **opts)
            for variant, opts in VARIANTS.items()
            for control in ("hoyle", "permissive", "answer", "strict")
            for court in ("one", "all")
            if not (court == "all" and opts.get("royal"))}  # refused together (RULES §9.1)
TABLES = {"2p": (2, None), "3p": (3, None), "4p": (4, None), "4p-teams": (4, [[0, 2], [1, 3]])}

# Positions per test: random play (per parametrized test and per hypothesis
# example) and hand-made (per parametrized test).
PLAYED = 60
PLAYED_HYPOTHESIS = 25
HAND_MADE = 20


def random_move(moves: list[Move], rng: random.Random) -> Move:
    """Half the time any move, half the time a random kind first: so tables
    fill up with trails and builds as well as emptying by captures."""
    if rng.random() < 0.5:
        return rng.choice(moves)
    kinds = sorted({m.kind for m in moves})
    kind = rng.choice(kinds)
    return rng.choice([m for m in moves if m.kind == kind])


def play_and_check(rules: Rules, players: int, teams: list[list[int]] | None, seed: int,
                   positions: int) -> int:
    """Random play from the seeded deals of a game, checking every position
    reached (up to ``positions`` of them). Returns how many were checked.
    A position without a legal move (see the last test: a gap in RULES.md,
    where engine and reference agree) ends the game early."""
    rng = random.Random(f"reference/{seed}")
    game = Game(rules, players, teams, seed=seed)
    checked = 0
    while checked < positions and not game.over:
        pos = game.position
        if not too_big(pos):
            check_position(pos, rng)
            checked += 1
        moves = pos.legal_moves()
        if not moves:
            break
        game.play(random_move(moves, rng))
    return checked


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("name", RULESETS)
def test_random_play_matches_reference(name: str, table: str) -> None:
    """Every position of a round or so of random play from a real deal."""
    players, teams = TABLES[table]
    rules = RULESETS[name]
    seed = sorted(RULESETS).index(name) * 10 + list(TABLES).index(table)
    assert play_and_check(rules, players, teams, seed, PLAYED) > 0


@settings(max_examples=60, deadline=None)
@given(rules_index=st.integers(0, len(RULESETS) - 1),
       table_index=st.integers(0, len(TABLES) - 1),
       seed=st.integers(0, 2**32 - 1))
def test_random_play_matches_reference_hypothesis(rules_index: int, table_index: int, seed: int) -> None:
    """The same from hypothesis' seeds: a different stretch of play each run."""
    players, teams = list(TABLES.values())[table_index]
    rules = list(RULESETS.values())[rules_index]
    play_and_check(rules, players, teams, seed, PLAYED_HYPOTHESIS)


# ---------------------------------------------------------------------------
# Hand-made positions: several builds, many small loose cards, pairs
# ---------------------------------------------------------------------------

def interesting_position(rng: random.Random, rules: Rules, players: int,
                         teams: list[list[int]] | None) -> Position:
    """A random valid position rich in builds (single and multiple, held by
    various seats), small loose cards and pairs of equal cards."""
    royal = rules.royal
    top = 14 if rules.ace_14 else 13 if royal else 10
    top_card = 13 if royal else 10
    free = set(range(52))

    def take(v: int) -> int | None:
        """A free card of value v (an ace for 14), or None if none is left."""
        want = 1 if v == 14 else v
        choices = sorted(c for c in free if value(c, royal) == want)
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
    for _ in range(rng.choice((0, 1, 1, 2, 2, 3, 3, 4))):
        V = rng.randint(2, 8 if rng.random() < 0.7 else top)
        controller = rng.randrange(players)
        if rules.controller == "strict" and V in controlled[controller]:
            continue  # cannot arise under strict builds
        if V not in held_values(sum(1 << c for c in hands[controller]), rules):
            if len(hands[controller]) == size or (keep := take(V)) is None:
                continue
            hands[controller].append(keep)  # the controller holds a card of the value
        multiple = rng.random() < 0.4
        if multiple:  # two or three groups, each one card of V or two cards adding up to V
            shapes = [rng.choice((1, 1, 2)) if V <= top_card else 2
                      for _ in range(rng.choice((2, 2, 3)))]
        else:
            shapes = [rng.choice((2, 2, 3)) if V >= 3 else 2]
        got: list[int] = []
        for p in (p for parts in shapes for p in split(V, parts)):
            c = take(p) if p <= top_card else None
            if c is None:
                break
            got.append(c)
        else:
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
    # Values worth holding: those of the builds, twice them (to raise a build
    # by a card of its own value), and those of loose cards and pairs of them.
    tempting = sorted({V for _, V, _, _ in builds} | {2 * V for _, V, _, _ in builds}
                      | {value(c, royal) for c in loose}
                      | {value(a, royal) + value(b, royal) for a, b in combinations(loose, 2)})
    tempting = [v for v in tempting if 1 <= v <= top] or [1]
    for hand in hands:
        while len(hand) < size:
            r = rng.random()
            c = take(rng.choice(tempting)) if r < 0.5 else take(rng.randint(1, 6)) if r < 0.75 else None
            if c is None:
                c = rng.choice(sorted(free))
                free.discard(c)
            hand.append(c)

    def text(cs: list[int]) -> str:
        return " ".join(card_text(c) for c in cs)

    others = [text(hands[(to_move + i) % players]) for i in range(1, players)]
    return table_position(text(hands[to_move]), text(loose), builds, others, players,
                          rules, teams, to_move)


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("name", RULESETS)
def test_hand_made_positions_match_reference(name: str, table: str) -> None:
    """Positions rich in builds and small cards, under every rules combination."""
    players, teams = TABLES[table]
    rules = RULESETS[name]
    rng = random.Random(f"hand-made/{name}/{table}")
    for _ in range(HAND_MADE):
        check_position(interesting_position(rng, rules, players, teams), rng)


# ---------------------------------------------------------------------------
# The reference on the rules' own examples (so the reference is checked too)
# ---------------------------------------------------------------------------

def moves_text(moves: set[Move], card: str) -> set[str]:
    c = cards(card).bit_length() - 1
    return {m.text() for m in moves if m.card == c}


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
    want = {Move(cards("8S").bit_length() - 1, CAPTURE, 8, t, False) for t in takes}
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
    assert not any(m.card == cards("9C").bit_length() - 1 and m.kind == CAPTURE for m in ref)
    assert set(pos.legal_moves()) == ref


def test_reference_controller_keeps_its_card() -> None:
    """§7: controlling an 8-build and holding 8 and 4: the 4 may not be
    trailed; the 8 may capture the build, but nothing that leaves it behind."""
    pos = table_position("8C 4D", "AH", [("5S 3S", 8, False, 0)], others=["9H KC"])
    ref = reference_legal_moves(pos)
    assert "4D-" not in moves_text(ref, "4D")
    assert moves_text(ref, "8C") == {"8Cx8:3S,5S"}
    assert set(pos.legal_moves()) == ref


def test_reference_controller_options() -> None:
    """§7 and §9: who may trail, and what a controller must do, option by option."""
    builds = [("5S 3S", 8, False, 0), ("2D 4D", 6, False, 1)]
    for control, trail_4, add_to_6 in (("hoyle", False, True), ("permissive", True, True),
                                       ("answer", False, False), ("strict", False, False)):
        pos = table_position("8C 6H 4C", "2C", builds, others=["6C 9H TS"],
                             rules=Rules(controller=control))
        ref = reference_legal_moves(pos)
        assert ("4C-" in moves_text(ref, "4C")) == trail_4, control
        # 4C + 2C added to the other player's 6-build, keeping the 6H.
        assert ("4Cm6:2D,4D,2C" in moves_text(ref, "4C")) == add_to_6, control
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
    """§9 strict builds: a partner's build may be raised but not added to;
    under hoyle it may be added to."""
    builds = [("2D 3D", 5, False, 2)]
    for control, add, raise_ in (("hoyle", True, True), ("strict", False, True)):
        pos = table_position("5C 5H 3C 8H", "", builds,
                             others=["9H KC QD 7C", "5S JD QC 9C", "TH KD KH 6S"],
                             players=4, teams=[[0, 2], [1, 3]], rules=Rules(controller=control))
        ref = reference_legal_moves(pos)
        assert ("5Cm5:2D,3D" in moves_text(ref, "5C")) == add, control
        assert ("3Cb8:2D,3D" in moves_text(ref, "3C")) == raise_, control
        assert set(pos.legal_moves()) == ref, control


def test_reference_ace_14() -> None:
    """§9 Royal, aces 1 or 14: a hand ace captures as 1 or 14, a held ace
    answers for a 14-build, an ace in a build counts 1."""
    rules = Rules(royal=True, ace_14=True)
    pos = table_position("AC AD", "KH AH", [("9S 5S", 14, False, 1)], others=["AS 2H"], rules=rules)
    ref = reference_legal_moves(pos)
    assert {"ACx1:AH", "ACx14:AH,KH", "ACx14:5S,9S", "ACx14:5S,9S,AH,KH",
            "ACb14:KH", "ACm14:5S,9S,KH"} <= moves_text(ref, "AC")
    assert set(pos.legal_moves()) == ref


def test_a_legal_move_always_exists_with_aces_14() -> None:
    """§7 says a legal move always exists. Under "Royal, aces 1 or 14" one
    held ace meets the hold rule for a build of 14 and for a build of aces,
    but can capture only one of them. docs/rules.md §9.7: controlling
    both needs two aces, so the build of aces is refused here, with why."""
    rules = Rules(royal=True, ace_14=True)
    pos = table_position("AS AH 5C", "9D AD", others=["2C 3C 4C"], rules=rules)
    for text in ("5Cb14:9D", "2C-"):
        pos.play(parse_move(text))
    refused = parse_move("AHm1:AD")
    assert refused not in pos.legal_moves()
    assert "two aces" in (pos.violation(refused) or "")
    assert reference_legal_moves(pos) == set(pos.legal_moves())
    assert pos.legal_moves(), "§7: a legal move always exists\n" + describe(pos)
