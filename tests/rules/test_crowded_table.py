"""A crowded table: when players trail and trail, a table of 30 small cards
has millions of distinct legal moves (every union of groups is its own
move). Playing, checking and explaining a move must not list them all: they
look only at the items the move takes. (These tests would hang otherwise.)"""

from __future__ import annotations

from cassino.rules import Move, parse_card, parse_move

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
