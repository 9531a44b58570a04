"""Damaged input, generated: every reader of the rules and of the command line
(positions, moves, records, rule options, arguments, stdin) answers any
bytes, and any valid document mutated, with a value that works or a refusal
in words; never another exception. At the command line a refusal is one line
on stderr starting ``cassino:`` and naming the file, exit status 2 (1 for a
well-formed move the rules refuse), nothing on stdout.

Example counts come from ``CASSINO_FUZZ`` (see tests/fuzzing.py).
"""

from __future__ import annotations

import functools
import io
import json
import sys
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cassino import cli
from cassino.rules import (CassinoError, Game, Position, Rules, describe_rules, parse_any_move, parse_move,
                           position_from_json, position_to_json, record_to_json, replay)
from cassino.rules.jsontext import loads
from tests.fuzzing import (damaged_bytes, fuzz, json_values, moves, mutated, positions, records,
                           rule_options)

pytestmark = pytest.mark.fuzz
FOLDER = Path(tempfile.mkdtemp(prefix="cassino-fuzz-"))


def message_ok(e: Exception) -> None:
    """A refusal's reason: a sentence, on one line, not a dump of the input."""
    text = str(e)
    assert text and "\n" not in text and len(text) < 2000, text[:300]


# -- the rules' readers ------------------------------------------------------------------

def read_position(data: Any) -> Position | None:
    try:
        return position_from_json(data)
    except CassinoError as e:
        message_ok(e)
        return None


def check_usable(pos: Position) -> None:
    """An accepted position is one the engine can work with: valid, written
    back the same, its moves listed and each one playable."""
    assert pos.problems() == []
    assert position_to_json(position_from_json(json.loads(json.dumps(position_to_json(pos))))) == \
        position_to_json(pos)
    for move in pos.legal_moves()[:3]:
        pos.copy().play(move)


@fuzz
@given(mutated(positions))
def test_mutated_positions_are_read_or_refused(doc: Any) -> None:
    pos = read_position(doc)
    if pos is not None:
        check_usable(pos)


@fuzz
@given(damaged_bytes(positions))
def test_damaged_position_bytes_are_read_or_refused(data: bytes) -> None:
    try:
        doc = loads(data)
    except CassinoError as e:
        message_ok(e)
        return
    pos = read_position(doc)
    if pos is not None:
        check_usable(pos)


@fuzz
@given(st.one_of(st.text(max_size=30), mutated(moves).map(lambda m: m if isinstance(m, str) else json.dumps(m)),
                 damaged_bytes(moves).map(lambda b: b.decode("utf-8", "replace"))),
       st.sampled_from(range(12)))
def test_mutated_moves_are_read_or_refused_and_played_or_refused(text: str, which: int) -> None:
    try:
        move = parse_any_move(text)
    except CassinoError as e:
        message_ok(e)
        return
    assert parse_move(move.text()) == move
    pos = position_from_json(positions()[which % len(positions())])
    try:
        pos.play(move)
    except CassinoError as e:
        message_ok(e)
    else:
        assert pos.problems() == []


@fuzz
@given(st.one_of(mutated(records), damaged_bytes(records)))
def test_mutated_records_are_replayed_or_refused(doc: Any) -> None:
    if isinstance(doc, bytes):
        try:
            doc = loads(doc)
        except CassinoError as e:
            message_ok(e)
            return
    try:
        game = replay(doc)
    except CassinoError as e:
        message_ok(e)
        return
    # Accepted: the game it makes is written as a record that replays to the same place.
    again = replay(json.loads(json.dumps(record_to_json(game))))
    assert position_to_json(again.position) == position_to_json(game.position)


@fuzz
@given(st.one_of(mutated(rule_options), json_values))
def test_mutated_rule_options_are_read_or_refused(doc: Any) -> None:
    try:
        rules = Rules.from_json(doc)
    except CassinoError as e:
        message_ok(e)
        return
    assert Rules.from_json(json.loads(json.dumps(rules.to_json()))) == rules
    assert describe_rules(rules)


# -- the command line, in this process ---------------------------------------------------

def cli_run(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    """``python -m cassino ARGV`` in this process: (status, stdout, stderr),
    stdout as strict UTF-8 as a real one is."""
    out_bytes = io.BytesIO()
    out = io.TextIOWrapper(out_bytes, encoding="utf-8", errors="strict", newline="\n")
    err = io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                status = cli.main(argv)
            except SystemExit as e:
                status = e.code if isinstance(e.code, int) else 2
        out.flush()
    finally:
        sys.stdin = saved
    return status, out_bytes.getvalue().decode("utf-8"), err.getvalue()


def check_refusal(status: int, out: str, err: str, name: str | None = None) -> None:
    assert status in (1, 2), (status, err)
    assert out == ""
    lines = err.splitlines()
    # One line, bounded: a refused position's every problem, never a dump of the input.
    assert len(lines) == 1 and lines[0].startswith("cassino: ") and len(lines[0]) <= 20 + cli.MAX_LINE, err[:500]
    assert "Traceback" not in err and "internal error" not in err
    if name is not None:
        assert name in lines[0], lines[0]


def as_file(data: bytes, name: str = "damaged.json") -> str:
    path = FOLDER / name
    path.write_bytes(data)
    return str(path)


def position_bytes() -> st.SearchStrategy[bytes]:
    return st.one_of(damaged_bytes(positions), mutated(positions).map(lambda d: json.dumps(d).encode()))


@fuzz
@given(position_bytes(), st.sampled_from(["legal", "legal --json", "deal", "apply", "apply --event"]),
       st.one_of(st.sampled_from(moves()), st.text(max_size=20), mutated(moves)))
def test_command_line_position_files(data: bytes, command: str, move: Any) -> None:
    argv = command.split() + [as_file(data)]
    if argv[0] == "apply":
        argv.insert(2, move if isinstance(move, str) else json.dumps(move))
    status, out, err = cli_run(argv)
    if status == 0:
        assert err == ""
        for line in out.splitlines():
            if line.startswith("{"):
                json.loads(line)
    elif argv[0] == "apply" and "damaged.json:" not in err:
        check_refusal(status, out, err)  # the move was refused, not the file
    else:
        check_refusal(status, out, err, "damaged.json")


@fuzz
@given(st.one_of(damaged_bytes(records), mutated(records).map(lambda d: json.dumps(d).encode())))
def test_command_line_record_files(data: bytes) -> None:
    status, out, err = cli_run(["replay", as_file(data, "record.json")])
    if status == 0:
        assert err == "" and "Result:" in out
    else:
        check_refusal(status, out, err, "record.json")


@functools.cache
def short_records() -> list[Any]:
    """The records cut to their first moves: a review weighs every decision."""
    return [dict(r, moves=r["moves"][:16]) for r in records()]


@fuzz
@given(st.one_of(damaged_bytes(short_records), mutated(short_records).map(lambda d: json.dumps(d).encode())))
def test_command_line_review_of_record_files(data: bytes) -> None:
    status, out, err = cli_run(["review", as_file(data, "record.json"), "--seat", "0", "--work", "1"])
    if status == 0:  # a record of no moves has nothing to review, and says so
        assert err == "" and (" decisions reviewed, " in out or out.endswith(": no moves in this record to review.\n"))
    else:
        check_refusal(status, out, err, "record.json")


@fuzz
@given(st.one_of(st.text(max_size=40), mutated(rule_options).map(json.dumps), json_values.map(json.dumps)))
def test_command_line_rule_options(text: str) -> None:
    assume(not text.startswith("-"))  # that would be an option of its own
    status, out, err = cli_run(["selfplay", "--rounds", "1", "--rules", text])
    if status == 0:
        assert json.loads(out)["rounds"] == 1
    else:
        check_refusal(status, out, err, "--rules")


@fuzz
@given(st.lists(st.one_of(position_bytes(), st.binary(max_size=40)), min_size=1, max_size=4),
       st.sampled_from(["random", "beginner", "intermediate", "expert"]))
def test_ai_answers_every_stdin_line_or_says_why(lines: list[bytes], level: str) -> None:
    data = b"\n".join(line.replace(b"\n", b" ").replace(b"\r", b" ") for line in lines) + b"\n"
    status, out, err = cli_run(["ai", "--level", level, "--work", "20"], stdin=data)
    answers = [json.loads(line) for line in out.splitlines()]
    asked = [line for line in data.split(b"\n") if line.strip()]
    assert len(answers) == len(asked)
    errors = [a for a in answers if "error" in a]
    assert status == (2 if errors else 0)
    assert len(err.splitlines()) == len(errors)
    assert all(line.startswith("cassino: line ") for line in err.splitlines())


@fuzz
@given(position_bytes())
def test_legal_reads_stdin(data: bytes) -> None:
    status, out, err = cli_run(["legal", "-"], stdin=data)
    if status == 0:
        assert err == ""
    else:
        check_refusal(status, out, err, "-:")


# Command lines: valid ones with small numbers, then tokens changed, dropped or added.
VALID_ARGV = [
    ["legal", "POS"], ["apply", "POS", "7H-"], ["deal", "POS"], ["replay", "REC"],
    ["review", "REC", "--seat", "1", "--work", "1", "--count", "2"],
    ["selfplay", "--rounds", "1", "--seed", "3"], ["selfplay", "--players", "3", "--rounds", "1", "--rules", "royal"],
    ["ai", "--level", "random", "POS"], ["ai", "--level", "beginner", "POS", "--seed", "2", "--work", "5"],
    ["arena", "--a", "random", "--b", "beginner", "--games", "1", "--seed", "1"],
    ["arena", "--a", "random", "--b", "random", "--games", "1", "--players", "4", "--teams"],
]
TOKENS = ["legal", "apply", "deal", "replay", "review", "selfplay", "ai", "arena", "--json", "--seat", "--count", "--event", "--rules",
          "--players", "--teams", "--rounds", "--seed", "--games", "--ms", "--work", "--level", "--a", "--b",
          "--progress", "-", "POS", "REC", "0", "1", "2", "-1", "7", "1e3", "nan", "inf", "-inf", "9" * 50,
          "99999999999999999999", "royal", "{}", "{\"royal\": true}", "[", "", " ", "\x00x", "\udcff",
          "7H-", "call", "expert", "random", "--window", "10x10", "--selftest-seed", "x"]


def _small(token: str) -> bool:
    """Numbers that keep a generated command quick (selfplay rounds, arena games, ai work)."""
    try:
        return float(token) <= 3 or token.strip().startswith("-")
    except ValueError:
        return True


@fuzz
@given(st.sampled_from(VALID_ARGV), st.lists(st.tuples(st.sampled_from(["set", "drop", "add"]), st.integers(0, 9),
                                                       st.one_of(st.sampled_from(TOKENS), st.text(max_size=8))),
                                             max_size=3))
def test_command_line_arguments(argv: list[str], changes: list[tuple[str, int, str]]) -> None:
    argv = list(argv)
    for op, at, token in changes:
        at = at % (len(argv) + 1)
        if op == "set" and at < len(argv):
            argv[at] = token
        elif op == "drop" and at < len(argv):
            del argv[at]
        else:
            argv.insert(at, token)
    assume(all(_small(a) for a in argv))
    assume(not {"play", "bench-ui", "--selftest", "-h", "--help"} & set(argv) and argv[:1] != [])
    pos = as_file(json.dumps(positions()[2]).encode(), "pos.json")
    rec = as_file(json.dumps(records()[1]).encode(), "rec.json")
    argv = [pos if a == "POS" else rec if a == "REC" else a for a in argv]
    status, out, err = cli_run(argv)
    if status != 0:
        check_refusal(status, out, err)


# -- the real program: what in-process runs cannot show ----------------------------------

@pytest.mark.parametrize("data", [
    b"\xff\xfe{\x00}\x00", b"\x89PNG\r\n\x1a\n" + bytes(range(256)), b"[" * 200_000, b"[" + b"9" * 100_000 + b"]",
    b'{"format": "cassino-position/1", "players": "\\ud800"}', b"x" * (5 * 1024 * 1024),
])
@pytest.mark.parametrize("command", ["legal", "replay", "review"])
def test_the_program_refuses_damaged_files_in_one_line(tmp_path: Path, command: str, data: bytes) -> None:
    from tests.test_cli import run

    path = tmp_path / "input.json"
    path.write_bytes(data)
    result = run(command, str(path))
    check_refusal(result.returncode, result.stdout, result.stderr, "input.json")


def test_the_program_refuses_a_long_stdin_line_and_answers_the_next(tmp_path: Path) -> None:
    from tests.test_cli import run

    good = json.dumps(positions()[1])
    result = run("ai", "--level", "random", stdin="[" * (5 * 1024 * 1024) + "\n" + good + "\n")
    answers = result.stdout.splitlines()
    assert result.returncode == 2 and len(answers) == 2
    assert "error" in json.loads(answers[0]) and "kind" in json.loads(answers[1])
    assert result.stderr.startswith("cassino: line 1: ") and len(result.stderr.splitlines()) == 1


def test_a_broken_stdin_line_is_placed_by_its_column() -> None:
    # "line 3: ... (line 2, column 1)" counted the line's own newline as a line of its own.
    from tests.test_cli import run

    good = json.dumps(positions()[1])
    result = run("ai", "--level", "random", stdin=good + "\n\n[1,2\r\n")
    assert result.returncode == 2
    assert result.stderr.splitlines() == ["cassino: line 3: it is not valid JSON: Expecting ',' delimiter (column 5)"]
    assert json.loads(result.stdout.splitlines()[1]) == {"error": "it is not valid JSON: Expecting ',' delimiter (column 5)"}


def test_a_saved_game_is_not_a_position(tmp_path: Path) -> None:
    """A file of the wrong kind is refused by what it lacks, in words."""
    game = Game(seed=3)
    path = as_file(json.dumps(record_to_json(game)).encode(), "wrong.json")
    status, out, err = cli_run(["legal", path])
    check_refusal(status, out, err, "wrong.json")
    assert "'format' must be 'cassino-position/1'" in err
