"""JSON text in, a value or one clear sentence out, whatever the bytes are.

Every reader of the program (the command line's files, arguments and stdin;
the player's settings, statistics, last setup and saved game) decodes its
text here, so that damaged input is refused the same way everywhere: by size
up front, then as not UTF-8 (naming UTF-16 and UTF-32, which editors save),
as not JSON, or as JSON no Cassino document can be: nested deeper than any
of ours, numbers too long to be counts, ``NaN``, lone surrogates, a key
given twice in one object. Nothing
here can raise anything but ``InvalidJSONError``, nor take long: the
standard parser is bounded before and after it runs. This converts text;
it reads no files.
"""

from __future__ import annotations

import codecs
import gc
import json
import math
import re
import reprlib
from typing import Any

from .errors import CassinoError

# Far above any document of docs/formats.md (a game record of a 10,000-point
# game is well under one megabyte), and small enough to refuse in a blink.
MAX_BYTES = 4 * 1024 * 1024
# Our documents nest four deep (a record's players, a build's cards); the
# margin is for other programs' extra fields.
MAX_DEPTH = 32
MAX_DIGITS = 40  # a whole number longer than this is no count, score or seed

_BOMS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
         (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"))
_LONG_DIGITS = re.compile(rf"[0-9]{{{MAX_DIGITS + 1}}}")
_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'[]{}"')
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89abAB]|\\u[dD][c-fC-F]")


class InvalidJSONError(CassinoError):
    """Bytes or text that are not a JSON document this program could use."""


class _Refused(Exception):
    """Raised inside the parser's hooks; turned into InvalidJSONError."""


def size_refusal(size: int, limit: int = MAX_BYTES) -> str | None:
    """Why input of ``size`` bytes is refused without reading it; None if it is not."""
    if size > limit:
        big, most = _bytes(size), _bytes(limit)
        if big == most:  # just over: the rounded sizes would read alike
            big, most = f"{size} bytes", f"{limit} bytes"
        return f"it is {big}, more than the {most} any Cassino document needs; is it the right file?"
    return None


def decode(data: bytes | str, limit: int = MAX_BYTES) -> str:
    """The text of ``data`` (UTF-8, a leading byte order mark allowed);
    ``InvalidJSONError`` saying what the bytes are instead."""
    if isinstance(data, str):
        try:
            size = len(data.encode("utf-8"))
        except UnicodeEncodeError:
            raise InvalidJSONError("it is not UTF-8 text (it holds bytes that are not characters)") from None
        text = data
    else:
        size = len(data)
        text = ""
    refusal = size_refusal(size, limit)
    if refusal:
        raise InvalidJSONError(refusal)
    if isinstance(data, str):
        return text[1:] if text.startswith("\ufeff") else text
    for bom, name in _BOMS:
        if data.startswith(bom):
            raise InvalidJSONError(f"it is {name} text; save it as UTF-8")
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    head = data[:64]
    if b"\0" in head and len(data) % 2 == 0 and 0.2 <= head.count(b"\0") / len(head) <= 0.8:
        # JSON text starts with ASCII: zero bytes between its characters say
        # UTF-16 or UTF-32 without a byte order mark.
        raise InvalidJSONError("it looks like UTF-16 or UTF-32 text; save it as UTF-8")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InvalidJSONError(f"it is not UTF-8 text (byte 0x{data[e.start]:02x} at offset "
                               f"{e.start} is not part of a character); is it a text file?") from None


def loads(data: bytes | str, limit: int = MAX_BYTES) -> Any:
    """The JSON value of ``data`` (bytes or text), or ``InvalidJSONError``
    with the reason in words."""
    text = decode(data, limit)
    if not text.strip():
        raise InvalidJSONError("it is empty")
    if "\0" in text:
        raise InvalidJSONError("it holds a zero byte, which JSON text never does; is it a text file?")
    # Parsing makes no reference cycles, and a collection at every few hundred
    # lists of a big file would take ten times as long as the parse itself.
    collecting = gc.isenabled()
    gc.disable()
    try:
        # Whole numbers are checked one by one only where a long run of digits
        # shows (perhaps in a string): a hook for every number costs as much as the parse.
        ints = _int if _LONG_DIGITS.search(text) else int
        value = json.loads(text, parse_int=ints, parse_float=_float, parse_constant=_constant,
                           object_pairs_hook=_object)
    except json.JSONDecodeError as e:
        raise InvalidJSONError(f"it is not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
    except _Refused as e:
        raise InvalidJSONError(str(e)) from None
    except RecursionError:
        raise InvalidJSONError(f"it nests lists or objects deeper than {MAX_DEPTH} levels") from None
    finally:
        if collecting:
            gc.enable()
    depth = _depth(text)
    if depth > MAX_DEPTH:
        raise InvalidJSONError(f"it nests lists or objects {depth if depth <= 2 * MAX_DEPTH else 'far'} "
                               f"levels deep; Cassino's documents need at most {MAX_DEPTH}")
    if _SURROGATE_ESCAPE.search(text):
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise InvalidJSONError("it has a \\u escape that is half of a character (a lone "
                                   "surrogate)") from None
    return value


def _depth(text: str) -> int:
    """How deep valid JSON text nests, counted up to a little past MAX_DEPTH,
    with a few passes of C-speed byte operations rather than a loop per
    character: the strings' escapes and then the strings go, leaving the
    brackets, whose innermost pairs each pass removes. (The text has no
    zero bytes: ``loads`` refuses them first.)"""
    data = text.encode("utf-8")
    if data.count(b"[") + data.count(b"{") <= MAX_DEPTH:
        return 0  # too few brackets to nest too deep
    # With escaped backslashes gone, any backslash before a quote escapes it;
    # the quotes left open and close strings, which hold no structure.
    data = data.replace(b"\\\\", b"").replace(b'\\"', b"").translate(None, _NOT_STRUCTURE)
    if b'"' in data:
        data = b"".join(data.split(b'"')[::2])
    depth = 0
    while data and depth <= 2 * MAX_DEPTH:
        # A zero byte keeps the '[]' just removed from joining a '{' and '}'
        # around it in the same pass: each pass takes exactly one level.
        data = data.replace(b"[]", b"\0").replace(b"{}", b"\0").translate(None, b"\0")
        depth += 1
    return depth if not data else 2 * MAX_DEPTH + 1


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose keys are each given once: a key given twice would be
    read as its last value, silently, where the writer may have meant either."""
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"it gives the key {short(key, 40)} twice in one object; which is meant?")
            seen.add(key)
    return value


def _int(text: str) -> int:
    if len(text) - text.startswith("-") > MAX_DIGITS:
        raise _Refused(f"it has a number of {len(text) - text.startswith('-')} digits; whole numbers in Cassino's "
                       f"documents have at most {MAX_DIGITS}")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"it has a number too large to use ({text[:20]}{'...' if len(text) > 20 else ''})")
    return value


def _constant(text: str) -> float:
    raise _Refused(f"it has {text}, which is not a JSON number")


def _bytes(n: int) -> str:
    if n < 10_000:
        return f"{n} bytes"
    if n < 10_000_000:
        return f"{n / 1024:.0f} KB"
    return f"{n / (1024 * 1024):.0f} MB"


def short(value: object, limit: int = 60) -> str:
    """A value quoted for an error message, cut to about ``limit`` characters;
    a long or deep value is cut before it is written out, so this is quick."""
    text = _REPR.repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


class _JSONRepr(reprlib.Repr):
    """Values as a JSON file writes them where Python's words differ:
    null, true, false (not None, True, False)."""

    def repr_NoneType(self, x: None, level: int) -> str:  # noqa: N802 - reprlib's naming
        return "null"

    def repr_bool(self, x: bool, level: int) -> str:
        return "true" if x else "false"


_REPR = _JSONRepr()
_REPR.maxlevel = 3
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = 60
_REPR.maxlist = _REPR.maxdict = _REPR.maxtuple = _REPR.maxset = 6
