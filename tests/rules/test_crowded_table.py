"""A crowded table: when players trail and trail, a table of 30 small cards
has millions of distinct legal moves (every union of groups is its own
move). Playing, checking and explaining a move must not list them all: they
look only at the items the move takes. (These tests would hang otherwise.)"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassino.rules import PRESETS, Game, Move, Rules, TooManyMovesError, parse_card, parse_move
from cassino.rules.groups import Values

from .helpers import table_position

CROWDED = ("AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H AD 2D 3D 4D 5D 6D 7D "
           "AC 2C 3C 4C 5C 6C 7C 8S 8H")


def crowded():  # type: ignore[no-untyped-def]
    return table_position("8D 9C TS TH", CROWDED)


def test_a_capture_on_a_crowded_table_is_played_without_listing_every_move() -> None:
    pos = crowded()
    move = parse_move("8Dx8:AS,7S,2H,6H,8S")
    assert pos.is_legal(move)
    pos.play(move)
    assert pos.hands[0] >> parse_card("8D") & 1 == 0
    assert pos.loose.bit_count() == 30 - 5


def test_a_nine_taking_28_cards_of_the_crowded_table_is_checked_and_read_from_a_drop() -> None:
    # The 8s with aces, and 2+7, 3+6, 4+5 in every suit: 14 groups of 9.
    # Within those 28 cards there are millions of smaller captures; only
    # the one taking them all is weighed.
    pos = crowded()
    groups = ["AS,8S", "AH,8H"] + [f"{a}{s},{b}{s}" for s in "SHDC" for a, b in ("27", "36", "45")]
    move = parse_move("9Cx9:" + ",".join(groups))
    assert move.takes.bit_count() == 28
    assert pos.is_legal(move) and pos.violation(move) is None
    dropped = [c for c in range(52) if move.takes >> c & 1]
    assert pos.explain(parse_card("9C"), dropped).moves == [move]
    one_more = move._replace(takes=move.takes | 1 << parse_card("AD"))
    assert "cannot be split into groups worth 9" in (pos.violation(one_more) or "")
    pos.play(move)
    assert pos.loose == 1 << parse_card("AD") | 1 << parse_card("AC")


def test_an_illegal_move_on_a_crowded_table_is_refused_with_its_reason() -> None:
    pos = crowded()
    assert "groups worth 8" in (pos.violation(parse_move("8Dx8:AS,2H")) or "")
    assert "keep an 8" in (pos.violation(parse_move("8Dm8:8S")) or "")
    assert pos.violation(parse_move("8Dm9:AS,2S,3S,4S")) is None  # 8+A and 2+3+4, keeping the 9


def test_explaining_a_drop_on_a_crowded_table_lists_its_meanings() -> None:
    pos = crowded()
    card = parse_card("9C")
    meanings = pos.explain(card, [parse_card("AS"), parse_card("8S")])
    assert [m.text() for m in meanings.moves] == ["9Cx9:AS,8S"]
    trail = pos.explain(card, [])
    assert trail.moves == [Move.trail(card)]


def test_listing_a_crowded_table_stops_at_a_limit_and_says_why() -> None:
    pos = crowded()
    with pytest.raises(TooManyMovesError, match="more than 5,000 legal moves: its 30 loose cards"):
        pos.legal_moves(limit=5_000)
    assert pos.is_legal(parse_move("TSx10:AS,2S,7S"))  # one move is still checked alone


def test_a_build_on_a_crowded_table_does_not_escape_the_limit() -> None:
    # Capturing a build together with loose groups of its value: the loose
    # groups are gathered before any move is made of them.
    pos = table_position("8D 9C TS 7H", "AS 2S 3S 4S 5S 6S AH 2H 4H 5H 6H AD 2D 3D 4D 5D 6D "
                         "AC 2C 3C 4C 5C 6C", builds=[("7S 3H", 10, False, 1)], others=["TH KS KH KD"])
    with pytest.raises(TooManyMovesError):
        pos.legal_moves(limit=2_000)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 40))
def test_a_limit_at_least_the_count_lists_the_same_moves(seed: int, plies: int) -> None:
    """The limit changes nothing but whether a listing is refused: a position
    with n legal moves is refused under a limit of n - 1, never lists fewer."""
    game = Game(Rules(), 2, None, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.over:
            break
        game.play(rng.choice(game.legal_moves()))
    moves = game.position.copy().legal_moves()

    def listed(limit: int) -> list[Move] | None:
        fresh = game.position.copy()
        fresh._moves = fresh._legal = fresh._legal_set = None
        try:
            return fresh.legal_moves(limit=limit)
        except TooManyMovesError:
            return None

    assert listed(10**9) == moves
    # The limit bounds the moves weighed, some of which a controller's duty
    # may drop: at exactly the count the list is whole or refused.
    assert listed(len(moves)) in (moves, None)
    if moves:
        assert listed(len(moves) - 1) is None


@settings(max_examples=400, deadline=None)
@given(cards=st.sets(st.integers(0, 51), max_size=16), v=st.integers(1, 14),
       preset=st.sampled_from(["standard", "royal", "royal-aces-14", "buckeye"]))
def test_whether_cards_split_into_groups_is_the_answer_of_listing_every_union(
        cards: set[int], v: int, preset: str) -> None:
    """``Values.partitions`` (how a move taking many cards is checked, without
    listing the unions of their groups) answers as the list of all unions."""
    rules = PRESETS[preset].rules(2)
    values = Values(rules)
    valued = sum(1 << c for c in cards if rules.part_values[c])
    vec = values.counts(valued)
    listed = not vec or v <= values.cap and any(e[0] == vec for e in values._unions(vec, v))
    assert values.partitions(vec, v) == listed


def test_the_limit_stops_the_groups_being_gathered_not_only_the_moves() -> None:
    # Royal, aces 14, 50 loose cards, an ace in hand: every union of groups of 14 was
    # gathered before the limit was looked at (minutes, gigabytes, for a refusal).
    loose = " ".join(f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC" if f"{r}{s}" not in ("AS", "KH"))
    pos = table_position("AS", loose, others=["KH"], rules=PRESETS["royal-aces-14"].rules())
    with pytest.raises(TooManyMovesError, match="its 50 loose cards"):
        pos.legal_moves(limit=1_000)
    assert pos.is_legal(parse_move("AS-")) and pos.is_legal(parse_move("ASx1:AH"))  # one move is still checked
