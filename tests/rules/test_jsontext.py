"""The one JSON decoder of every reader: any bytes give a value or one sentence
saying what the bytes are instead, never another exception."""

from __future__ import annotations

import codecs
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cassino.rules.jsontext import MAX_BYTES, MAX_DEPTH, MAX_DIGITS, InvalidJSONError, loads, short
from tests.fuzzing import damaged_bytes, fuzz, json_values, positions

pytestmark = pytest.mark.fuzz


@pytest.mark.parametrize("data, said", [
    ('{"a": 1}'.encode("utf-16"), "it is UTF-16 text; save it as UTF-8"),
    ('{"a": 1}'.encode("utf-32"), "it is UTF-32 text; save it as UTF-8"),
    ('{"a": 1}'.encode("utf-16-le"), "looks like UTF-16 or UTF-32"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "byte 0x89 at offset 0 is not part of a character"),
    ('{"name": "Zoë"}'.encode("latin-1"), "byte 0xeb at offset 12"),
    (b"", "it is empty"),
    (b" \n\t", "it is empty"),
    (b"{not json", "it is not valid JSON: Expecting property name enclosed in double quotes (line 1, column 2)"),
    (b"[" * 100_000 + b"]" * 100_000, f"deeper than {MAX_DEPTH} levels"),
    (b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), f"{MAX_DEPTH + 1} levels deep"),
    (b"[" + b"7" * 5000 + b"]", "a number of 5000 digits"),
    (b"[NaN]", "it has NaN, which is not a JSON number"),
    (b"[-Infinity]", "it has -Infinity"),
    (b"1e400", "a number too large to use"),
    (b'"\\udc80"', "lone surrogate"),
    (b'["a\x00"]', "zero byte"),
    (b'{"moves": [], "seed": 1, "moves": ["7H-"]}', "it gives the key 'moves' twice in one object"),
    (b'[{"a": {"b": 1, "b": 1}}]', "the key 'b' twice"),
    (b" " * (MAX_BYTES + 1), f"it is {MAX_BYTES + 1} bytes, more than the {MAX_BYTES} bytes"),
    (b" " * (5 * MAX_BYTES), "it is 20 MB, more than the 4096 KB"),
])
def test_what_is_wrong_is_said(data: bytes, said: str) -> None:
    with pytest.raises(InvalidJSONError) as e:
        loads(data)
    assert said in str(e.value)
    assert "\n" not in str(e.value) and len(str(e.value)) < 200


@pytest.mark.parametrize("data, value", [
    (codecs.BOM_UTF8 + b'{"a": [1, 2.5, "\\u00e9\\ud83d\\ude00"]}', {"a": [1, 2.5, "é😀"]}),
    (b"[" * MAX_DEPTH + b"]" * MAX_DEPTH, json.loads("[" * MAX_DEPTH + "]" * MAX_DEPTH)),
    (b"-" + b"9" * MAX_DIGITS, -int("9" * MAX_DIGITS)),
    ('"[[[[ not nesting ]]]] {{{{"'.encode(), "[[[[ not nesting ]]]] {{{{"),
    ('{"name": "Zoë ♠"}'.encode(), {"name": "Zoë ♠"}),
])
def test_good_json_reads_as_the_standard_parser_reads_it(data: bytes, value: object) -> None:
    assert loads(data) == value
    assert loads(data.decode("utf-8-sig")) == value


def test_text_with_bytes_that_are_not_characters_is_refused() -> None:
    # What a command-line argument holds when it was not UTF-8.
    with pytest.raises(InvalidJSONError, match="not UTF-8"):
        loads('{"a": "\udcff"}')


@fuzz
@given(st.binary(max_size=2000))
def test_any_bytes_give_a_value_or_a_reason(data: bytes) -> None:
    try:
        value = loads(data)
    except InvalidJSONError as e:
        assert str(e) and "\n" not in str(e)
    else:
        # Accepted: exactly what the standard parser makes of the same text.
        assert value == json.loads(data.decode("utf-8-sig"))


@fuzz
@given(damaged_bytes(positions))
def test_damaged_documents_give_a_value_or_a_reason(data: bytes) -> None:
    try:
        value = loads(data)
    except InvalidJSONError as e:
        assert str(e) and "\n" not in str(e)
    else:
        assert value == json.loads(data.decode("utf-8-sig"))
        json.dumps(value, ensure_ascii=False).encode("utf-8")  # every string is text


@fuzz
@given(json_values)
def test_every_json_value_we_could_write_reads_back(value: object) -> None:
    assert loads(json.dumps(value)) == value
    assert loads(json.dumps(value, ensure_ascii=False).encode("utf-8")) == value


def test_short_quotes_are_short_whatever_the_value() -> None:
    assert short("7H") == "'7H'"
    assert len(short("x" * 10**6)) <= 60
    assert len(short([["y" * 10**6] * 10**5])) <= 60
    assert short({"a": [[[[1]]]]}) == "{'a': [[[...]]]}"


def nesting(value: object) -> int:
    """How deep a value nests lists and objects, counted the plain way."""
    if isinstance(value, list):
        return 1 + max(map(nesting, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(nesting, value.values()), default=0)
    return 0


tricky_text = st.text(alphabet='[]{}"\\ab\n\u00e9', max_size=8)
nested = st.recursive(st.one_of(tricky_text, st.integers(), st.none()),
                      lambda inner: st.one_of(st.lists(inner, max_size=3),
                                              st.dictionaries(tricky_text, inner, max_size=3)),
                      max_leaves=60)


@fuzz
@given(nested, st.integers(0, 40), st.booleans())
def test_nesting_is_measured_whatever_the_strings_hold(value: object, wrap: int, ascii_only: bool) -> None:
    """Brackets, quotes and backslashes inside strings do not count; every
    list or object does, and one level past MAX_DEPTH is refused."""
    for _ in range(wrap):
        value = [value]
    text = json.dumps(value, ensure_ascii=ascii_only)
    if nesting(value) <= MAX_DEPTH:
        assert loads(text) == value
    else:
        with pytest.raises(InvalidJSONError, match="levels"):
            loads(text)


def test_values_in_messages_are_written_as_json_writes_them() -> None:
    # "setting 'sound' must be true or false, not None" of a file that said null.
    from cassino.rules import move_from_json
    from cassino.rules.errors import CassinoError
    from cassino.settings import Settings

    assert [short(v) for v in (None, True, False, [None, {"a": True}])] == \
        ["null", "true", "false", "[null, {'a': true}]"]
    with pytest.raises(ValueError, match="must be true or false, not null$"):
        Settings.from_json({"sound": None})
    with pytest.raises(CassinoError, match="has no 'kind': it must be 'trail'"):
        move_from_json({"card": "XX"})
