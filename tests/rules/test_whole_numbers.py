"""Refusals of the interchange formats (docs/formats.md) that no other test
pinned: true and false are never numbers, a sweep takes two cards at
least, and JSON is refused just past its documented bounds (nesting 32
deep, 40 digits) but not at them."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassino.rules import (Game, InvalidPositionError, InvalidRecordError, Rules, position_from_json,
                           position_to_json, record_to_json, replay)
from cassino.rules.jsontext import MAX_DEPTH, MAX_DIGITS, InvalidJSONError, loads

from .helpers import table_position


def plucking_position() -> dict[str, Any]:
    """A valid position's JSON with every kind of whole number in it: seat 1
    (the dealer) controls a build of 6 and has plucked; it made the last capture."""
    pos = table_position("3H 8S KD QC", "5C AS", builds=[("2D 4D", 6, False, 1)], others=["6C 9D TD JD"],
                         rules=Rules(pluck=True), stock_size=24, plucked=[1], last_capturer=1)
    data = position_to_json(pos)
    data["round"] = 1
    position_from_json(copy.deepcopy(data))  # as it stands, it loads
    return data


def with_value(data: dict[str, Any], path: tuple[str | int, ...], value: object) -> dict[str, Any]:
    out = copy.deepcopy(data)
    holder: Any = out
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    return out


# -- true and false are not numbers -------------------------------------------------


@pytest.mark.parametrize("path, value", [
    (("dealer",), True),             # true == 1: the dealer would be seat 1
    (("plucked", 0), True),          # seat 1 would have plucked
    (("builds", 0, "multiple"), 0),  # and the other way: 0 is not false
], ids=["dealer true", "plucked [true]", "multiple 0"])
def test_a_position_is_refused_where_a_bool_and_a_number_stand_for_each_other(
        path: tuple[str | int, ...], value: object) -> None:
    """A program that writes true for seat 1, or 0 for false, has a bug
    of its own: reading its file as if it meant the number (or the
    switch) would play on from a position it never described."""
    data = plucking_position()
    with pytest.raises(InvalidPositionError) as e:
        position_from_json(with_value(data, path, value))
    field = next(step for step in reversed(path) if isinstance(step, str))
    assert f"'{field}'" in str(e.value)


def test_a_record_whose_seed_is_true_is_refused() -> None:
    """Seed true would replay as the deals of seed 1: another game than the
    one the record's writer played."""
    data = record_to_json(Game(seed=1))
    assert replay(data).seed == 1
    with pytest.raises(InvalidRecordError, match="'seed' must be a whole number .*, not true"):
        replay(data | {"seed": True})


INTEGER_FIELDS: list[tuple[str | int, ...]] = [
    ("players",), ("dealer",), ("to_move",), ("round",), ("sweeps", 0), ("scores", 1),
    ("builds", 0, "value"), ("builds", 0, "controller"), ("last_capturer",), ("plucked", 0), ("winner",)]


@settings(max_examples=60, deadline=None, database=None)
@given(path=st.sampled_from(INTEGER_FIELDS), flag=st.booleans())
def test_no_whole_number_of_a_position_is_ever_true_or_false(path: tuple[str | int, ...], flag: bool) -> None:
    with pytest.raises(InvalidPositionError):
        position_from_json(with_value(plucking_position(), path, flag))


@settings(max_examples=20, deadline=None, database=None)
@given(field=st.sampled_from(["seed", "seat"]), flag=st.booleans())
def test_no_whole_number_of_a_record_is_ever_true_or_false(field: str, flag: bool) -> None:
    data = record_to_json(Game(seed=int(flag)))
    if field == "seed":
        data["seed"] = flag
    else:
        data["players"][int(flag)]["seat"] = flag
    with pytest.raises(InvalidRecordError):
        replay(data)


# -- a sweep takes two cards ---------------------------------------------------------


@settings(max_examples=40, deadline=None, database=None)
@given(sweeps=st.integers(0, 4), taken=st.integers(0, 9))
def test_each_sweep_counted_needs_two_captured_cards(sweeps: int, taken: int) -> None:
    """A sweep is a capture, the card played and one from the table at
    least: a side counting one sweep with a single card captured cannot
    have got there, while two cards are enough for it."""
    pile = "2C 3C 4C 5C 6C 7C 8C 9C TC".split()[:taken]
    data = position_to_json(table_position("3H 8S", "5D", captured=[" ".join(pile)]))
    data["sweeps"] = [sweeps, 0]
    if 2 * sweeps <= taken:
        assert position_from_json(data).sweeps[0] == sweeps
    else:
        with pytest.raises(InvalidPositionError, match="each sweep takes two at least"):
            position_from_json(data)


def test_one_sweep_with_one_card_captured_is_refused() -> None:
    data = position_to_json(table_position("3H 8S", "5D", captured=["2C"]))
    data["sweeps"] = [1, 0]
    with pytest.raises(InvalidPositionError, match="team 0 counts 1 sweep this round but has captured 1 card"):
        position_from_json(data)


# -- the bounds of JSON text -----------------------------------------------------------


def test_json_nested_exactly_as_deep_as_allowed_is_read_and_one_deeper_is_not() -> None:
    """docs/formats.md: JSON nested more than 32 deep is refused, so 32 is
    read. (A beside list makes enough brackets that the depth is really
    counted: a document of 32 brackets in all cannot nest deeper.)"""
    deepest = "[[]," + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "]"
    assert loads(deepest) == json.loads(deepest)
    deeper = "[[]," + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "]"
    with pytest.raises(InvalidJSONError, match=f"it nests lists or objects {MAX_DEPTH + 1} levels deep"):
        loads(deeper)


def test_a_whole_number_of_the_most_digits_allowed_is_read_and_one_more_is_not() -> None:
    """docs/formats.md: a whole number of more than 40 digits is refused."""
    assert MAX_DIGITS == 40
    assert loads("1" * MAX_DIGITS) == int("1" * MAX_DIGITS)
    with pytest.raises(InvalidJSONError, match=f"a number of {MAX_DIGITS + 1} digits"):
        loads("1" * (MAX_DIGITS + 1))
    with pytest.raises(InvalidJSONError, match=f"a number of {MAX_DIGITS + 1} digits"):
        loads(b'{"seed": -' + b"7" * (MAX_DIGITS + 1) + b"}")
