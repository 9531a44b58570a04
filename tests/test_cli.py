"""The command line, run for real: ``python -m cassino legal|apply|replay|selfplay``.

Each test starts the program as a subprocess from the repository's top level
and checks its output against the rules engine and docs/formats.md. A
well-formed move the rules refuse exits with status 1, other refused input
with status 2; either way the reason goes to stderr and nothing to stdout.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cassino.rules import (Game, Move, Position, Rules, card_text, cards_of, parse_move,
                           position_from_json, position_to_json, record_to_json, replay)
from cassino.cli import main
from cassino.rules.cards import FULL_DECK
from tests.rules.helpers import table_position

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return subprocess.run([sys.executable, "-m", "cassino", *args], cwd=ROOT, env=env,
                          input=stdin, capture_output=True, text=True, timeout=60)


def refused(result: subprocess.CompletedProcess[str], status: int = 2) -> str:
    """Check a refusal (``status``: 2 for bad input, 1 for an illegal move; nothing
    on stdout, a message, no traceback); return the message."""
    assert result.returncode == status, (result.returncode, result.stdout, result.stderr)
    assert result.stdout == ""
    assert result.stderr.strip()
    assert "Traceback" not in result.stderr
    return result.stderr


def write_json(path: Path, data: Any) -> str:
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def random_game(rules: Rules, players: int, teams: Any, seed: int | str,
                max_moves: int | None = None) -> Game:
    game = Game(rules, players, teams, seed)
    rng = random.Random(f"cli/{seed}")
    n = 0
    while not game.over and (max_moves is None or n < max_moves):
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
        n += 1
    return game


def busy_position(rules: Rules = Rules(), players: int = 2, teams: Any = None,
                  seed: str = "busy") -> Position:
    """A position from random play with builds on the table and many legal moves."""
    game = Game(rules, players, teams, seed)
    rng = random.Random(seed)
    best = game.position.copy()
    while not game.over:
        pos = game.position
        legal = pos.legal_moves()
        if pos.builds and len(legal) > len(best.legal_moves()) and any(
                m.kind == "build" for m in legal):
            best = pos.copy()
            if len(legal) >= 12:
                break
        game.play(legal[rng.randrange(len(legal))])
    assert best.builds and len(best.legal_moves()) >= 5
    return best


# -- legal ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules, players, teams", [
    (Rules(), 2, None),
    (Rules(royal=True, ace_14=True, sweeps=0), 3, None),
    (Rules(controller="strict", court_capture="all"), 4, [[0, 2], [1, 3]]),
])
def test_legal_prints_every_legal_move_in_canonical_order(tmp_path: Path, rules: Rules,
                                                         players: int, teams: Any) -> None:
    pos = busy_position(rules, players, teams)
    path = write_json(tmp_path / "position.json", position_to_json(pos))
    expected = [m.text() for m in pos.legal_moves()]
    assert expected == [m.text() for m in sorted(pos.legal_moves())]

    result = run("legal", path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == expected
    assert result.stderr == ""

    result = run("legal", path, "--json")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [json.loads(line) for line in lines] == [m.to_json() for m in pos.legal_moves()]
    assert [parse_move(t) for t in expected] == pos.legal_moves()


def test_legal_reads_stdin(tmp_path: Path) -> None:
    pos = busy_position()
    result = run("legal", "-", stdin=json.dumps(position_to_json(pos)))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [m.text() for m in pos.legal_moves()]


@pytest.mark.parametrize("args", [("legal", "-"), ("deal", "-"), ("ai", "--level", "random")])
def test_a_closed_standard_input_is_refused_not_a_bug(args: tuple[str, ...]) -> None:
    # "internal error, please report it: AttributeError: 'NoneType' object has no attribute 'buffer'"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-m", "cassino", *args], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=60,
                            preexec_fn=lambda: os.close(0))  # noqa: PLW1509 - a child with no stdin at all
    said = refused(result)
    assert "standard input is closed" in said and "internal error" not in said, said


def test_an_output_that_cannot_be_written_is_said_so_not_a_bug(tmp_path: Path) -> None:
    # A full disk: "internal error, please report it ...: OSError: [Errno 28] No space left on device".
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    path = write_json(tmp_path / "p.json", position_to_json(busy_position()))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "cassino", "legal", path], cwd=ROOT, env=env, stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=60)
    assert result.returncode == 2 and "No space left on device" in result.stderr, result.stderr
    assert "internal error" not in result.stderr


def unbuffered(on: bool) -> dict[str, str]:
    """The environment of a command run with Python's output unbuffered, or not
    (as most people run it: what is short is then written only at exit)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("PYTHONUNBUFFERED", None)
    if on:
        env["PYTHONUNBUFFERED"] = "1"
    return env


@pytest.mark.parametrize("on", [False, True], ids=["buffered", "unbuffered"])
def test_a_short_answer_to_a_full_disk_or_a_reader_gone_ends_as_said(on: bool) -> None:
    # Written only at exit, outside the command's handlers: "Exception ignored ...
    # BrokenPipeError" and status 120 for `selfplay | true`, 120 for a full disk.
    command = [sys.executable, "-m", "cassino", "selfplay", "--rounds", "2"]
    proc = subprocess.Popen(command, cwd=ROOT, env=unbuffered(on), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader gone before a word was written
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0 and err == b"", err
    if Path("/dev/full").exists():
        with open("/dev/full", "w") as full:
            result = subprocess.run(command, cwd=ROOT, env=unbuffered(on), stdout=full, stderr=subprocess.PIPE,
                                    text=True, timeout=60)
        assert result.returncode == 2 and result.stderr == \
            "cassino: input or output failed: No space left on device\n", result.stderr


def test_a_closed_standard_output_is_not_success() -> None:
    # selfplay ran, wrote nothing anywhere, and said 0.
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-m", "cassino", "selfplay", "--rounds", "2"], cwd=ROOT, env=env,
                            stderr=subprocess.PIPE, text=True, timeout=60,
                            preexec_fn=lambda: os.close(1))  # noqa: PLW1509
    assert result.returncode == 2 and "standard output is closed" in result.stderr, result.stderr


def test_legal_of_a_finished_round_prints_nothing(tmp_path: Path) -> None:
    game = random_game(Rules(), 2, None, "finished")
    assert game.over and game.position.round_over
    result = run("legal", write_json(tmp_path / "p.json", position_to_json(game.position)))
    assert result.returncode == 0 and result.stdout == ""


def test_legal_refuses_a_table_with_too_many_moves_to_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Every choice of groups is a move (§4): 30 small loose cards have millions.
    ``legal`` says so and stops, rather than fill the machine's memory; the
    position's single moves still play."""
    from cassino import cli
    from tests.rules.test_crowded_table import crowded

    path = write_json(tmp_path / "crowded.json", position_to_json(crowded()))
    monkeypatch.setattr(cli, "LEGAL_LIMIT", 20_000)
    assert main(["legal", path]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "more than 20,000 legal moves: its 30 loose cards" in err
    assert "played with apply" in err
    assert main(["apply", path, "9Cx9:AS,8S"]) == 0


# -- apply ---------------------------------------------------------------------------


def apply_with_engine(pos: Position, move: Move) -> dict[str, Any]:
    after = pos.copy()
    after.play(move)
    return position_to_json(after)


def test_apply_prints_the_next_position(tmp_path: Path) -> None:
    pos = busy_position()
    path = write_json(tmp_path / "position.json", position_to_json(pos))
    moves = pos.legal_moves()
    picks = {moves[0], moves[-1]} | {m for m in moves if m.kind == "build"} | \
        {m for m in moves if m.kind == "capture"}
    for move in sorted(picks)[:6]:
        result = run("apply", path, move.text())
        assert result.returncode == 0, result.stderr
        lines = result.stdout.splitlines()
        assert len(lines) == 1
        out = json.loads(lines[0])
        assert out == apply_with_engine(pos, move)
        position_from_json(out)   # the output is itself a valid position


def test_apply_accepts_move_json_and_lower_case_text(tmp_path: Path) -> None:
    pos = busy_position()
    path = write_json(tmp_path / "position.json", position_to_json(pos))
    move = next(m for m in pos.legal_moves() if m.kind != "trail")
    expected = apply_with_engine(pos, move)
    for arg in (json.dumps(move.to_json()), move.text().lower(),
                json.dumps(dict(move.to_json(), takes=list(reversed(move.to_json()["takes"]))))):
        result = run("apply", path, arg)
        assert result.returncode == 0, (arg, result.stderr)
        assert json.loads(result.stdout) == expected


def test_apply_at_the_end_of_a_deal_deals_the_next(tmp_path: Path) -> None:
    game = Game(Rules(), 2, None, "deal")
    rng = random.Random(1)
    while sum(h.bit_count() for h in game.position.hands) != 1:
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
    pos = game.position
    move = pos.legal_moves()[0]
    result = run("apply", write_json(tmp_path / "p.json", position_to_json(pos)), move.text())
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out == apply_with_engine(pos, move)
    assert [len(h) for h in out["hands"]] == [4, 4]
    assert len(out["stock"]) == len(pos.stock) - 8


def test_apply_refuses_an_illegal_move_with_the_reason(tmp_path: Path) -> None:
    pos = busy_position()
    path = write_json(tmp_path / "position.json", position_to_json(pos))
    not_held = cards_of(FULL_DECK & ~pos.hands[pos.to_move])[0]
    bad = Move.trail(not_held)
    message = refused(run("apply", path, bad.text()), status=1)
    assert bad.text() in message
    assert "not in your hand" in message
    assert pos.violation(bad) in message

    # A well-formed capture with a wrong value, given as JSON.
    held = cards_of(pos.hands[pos.to_move])
    loose = cards_of(pos.loose)
    wrong = next(Move(c, "capture", pos.rules.values[c], 1 << t, False) for c in held for t in loose
                 if pos.rules.values[c] and pos.rules.values[t] != pos.rules.values[c])
    assert not pos.is_legal(wrong)
    message = refused(run("apply", path, json.dumps(wrong.to_json())), status=1)
    assert pos.violation(wrong) in message


@pytest.mark.parametrize("move", ["8Sz8:8D", "", "{\"card\": \"8S\"", "{\"card\": \"8S\", \"kind\": \"dig\"}",
                                  "ZZ-"])
def test_apply_refuses_a_malformed_move(tmp_path: Path, move: str) -> None:
    pos = busy_position()
    path = write_json(tmp_path / "position.json", position_to_json(pos))
    refused(run("apply", path, move))


def _valid_position() -> dict[str, Any]:
    return position_to_json(Game(Rules(), 2, None, "broken").position)


def _broken(change: Any) -> dict[str, Any]:
    data = _valid_position()
    change(data)
    return data


BROKEN_FILES = [
    ("card twice", lambda: _broken(lambda d: d["loose"].append(d["hands"][0][0])), ["both", "hand of seat 0"]),
    ("card missing", lambda: _broken(lambda d: d["stock"].pop()), ["missing"]),
    ("bad format", lambda: _broken(lambda d: d.update(format="cassino/9")), ["'format'"]),
    ("unknown option", lambda: _broken(lambda d: d.update(rules={"jokers": True})), ["jokers"]),
    ("hand sizes", lambda: _broken(lambda d: d["hands"][1].pop()), ["cards but should have"]),
    ("teams seat not at the table", lambda: _broken(lambda d: d.update(teams=[[0], [2]])), ["'teams'"]),
]


@pytest.mark.parametrize("command", ["legal", "apply"])
@pytest.mark.parametrize("make, words", [(m, w) for _, m, w in BROKEN_FILES],
                         ids=[name for name, _, _ in BROKEN_FILES])
def test_broken_position_file_is_refused(tmp_path: Path, command: str, make: Any,
                                         words: list[str]) -> None:
    path = write_json(tmp_path / "broken.json", make())
    args = [command, path] + (["7H-"] if command == "apply" else [])
    message = refused(run(*args))
    assert message.startswith("cassino: ")
    assert "broken.json" in message
    for w in words:
        assert w in message, (w, message)


def test_unreadable_position_files_are_refused(tmp_path: Path) -> None:
    (tmp_path / "not.json").write_text("{not json", encoding="utf-8")
    assert "not valid JSON" in refused(run("legal", str(tmp_path / "not.json")))
    assert "cannot read" in refused(run("legal", str(tmp_path / "absent.json")))
    assert "object" in refused(run("apply", write_json(tmp_path / "list.json", [1, 2]), "7H-"))


# -- replay --------------------------------------------------------------------------


@pytest.mark.parametrize("rules, why", [
    (Rules(count_out=True, target=11), "(counted out item by item, Bot reached 11 first, with "),
    (Rules(all_eleven="win", target=61), "(Bot took all eleven base points, which wins the game)"),
])
def test_replay_says_why_a_game_was_won_where_the_totals_do_not(tmp_path: Path, rules: Rules, why: str) -> None:
    # "Result: Player 1 wins, 11-12" and "Player 2 wins, 40-48" (short of 61) said no more.
    game = next(g for n in range(400) for g in [random_game(rules, 2, None, f"won/{n}")]
                if g.winner == 1 and (g.totals[1] < g.totals[0] or g.totals[1] < rules.target))
    result = run("replay", write_json(tmp_path / "record.json", _record(game, ["Ann", "Bot"])))
    last = result.stdout.splitlines()[-1]
    assert last.startswith(f"Result: Bot wins, {game.totals[0]}-{game.totals[1]} {why}"), last
    assert not re.search(r"the [2-9TJQKA][SHDC]\b", last), "a card in words, as the review says it: " + last


def _record(game: Game, names: list[str]) -> dict[str, Any]:
    return record_to_json(game, [{"name": n, "seat": s, "kind": "human"} for s, n in enumerate(names)])


@pytest.mark.parametrize("players, teams, names", [
    (2, None, ["Ann", "Bot"]),
    (3, None, ["Ann", "Bob", "Cy"]),
    (4, [[0, 2], [1, 3]], ["Ann", "Bob", "Cy", "Di"]),
    (2, None, ["You", "You"]),  # the game's own records name the person "You": "You win"
])
def test_replay_prints_round_scores_and_the_result(tmp_path: Path, players: int, teams: Any,
                                                   names: list[str]) -> None:
    game = random_game(Rules(), players, teams, f"replay/{players}/{teams}")
    assert game.over and game.winner is not None
    path = write_json(tmp_path / "record.json", _record(game, names))
    result = run("replay", path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    labels = [" & ".join(names[s] for s in team) for team in game.teams]

    round_lines = [line for line in lines if line.startswith("Round ")]
    assert round_lines == [f"Round {r.round} (dealer: seat {r.dealer})" for r in game.rounds]
    i = 0
    for r in game.rounds:
        assert lines[i] == f"Round {r.round} (dealer: seat {r.dealer})"
        for t, label in enumerate(labels):
            i += 1
            line = lines[i]
            def count(n: int, word: str) -> str:
                return f"{n} {word}" + ("" if n == 1 else "s")  # "1 point", not "1 points"

            assert line.startswith(f"  {label}: {count(r.points[t], 'point')} ({count(r.cards[t], 'card')}, "
                                   f"{count(r.spades[t], 'spade')}"), line
            assert line.endswith(f"total {r.scores[t]}"), line
        i += 1
    assert i == len(lines) - 1
    winner = labels[game.winner]
    verb = "wins" if len(game.teams[game.winner]) == 1 and winner != "You" else "win"  # "P1 & P3 win"
    assert lines[-1] == f"Result: {winner} {verb}, {'-'.join(map(str, game.totals))}"


def test_replay_of_an_unfinished_record(tmp_path: Path) -> None:
    game = random_game(Rules(), 2, None, "unfinished", max_moves=60)
    path = write_json(tmp_path / "record.json", _record(game, ["Ann", "Bot"]))
    result = run("replay", path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"Round 1 (dealer: seat {game.rounds[0].dealer})"
    assert lines[-1].startswith("Result: unfinished after 60 moves, round 2 in play")
    assert f"Ann {game.totals[0]}" in lines[-1] and f"Bot {game.totals[1]}" in lines[-1]


@pytest.mark.parametrize("argv", [["ai", "--level", "expert", "POS"], ["review", "REC"],
                                  ["arena", "--a", "master", "--b", "expert", "--games", "1"]])
def test_work_past_hours_a_decision_is_refused_at_once(tmp_path: Path, argv: list[str],
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """--work 999999999999999999 would think for years without a word: refused,
    as an --ms past an hour is."""
    game = random_game(Rules(), 2, None, "work", max_moves=6)
    files = {"POS": write_json(tmp_path / "p.json", position_to_json(game.position)),
             "REC": write_json(tmp_path / "r.json", _record(game, ["Ann", "Bot"]))}
    argv = [files.get(a, a) for a in argv]
    with pytest.raises(SystemExit) as stop:
        main([*argv, "--work", "999999999999999999"])
    assert stop.value.code == 2
    assert "'999999999999999999' is more than 1000000" in capsys.readouterr().err


def test_a_refused_position_s_line_lists_every_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # docs/formats.md: "its message lists every problem it finds"; the line was cut at 300 characters.
    pos = position_to_json(table_position(hand="AS", others=["2S"]))
    pos["captured"], pos["sweeps"] = [[], []], [9, 9]
    path = write_json(tmp_path / "bad.json", pos)
    assert main(["legal", str(path)]) == 2
    said = capsys.readouterr().err.strip()
    assert "cards missing from the position: 3S" in said and "KC" in said
    assert "team 0 counts 9 sweeps" in said and "team 1 counts 9 sweeps" in said and not said.endswith("...")


def test_a_file_named_with_bytes_of_no_text_is_named_with_them_escaped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name = os.fsdecode(os.fsencode(tmp_path) + b"/\xff\xfe.json")
    assert main(["legal", name]) == 2
    assert "/\\xff\\xfe.json: No such file or directory" in capsys.readouterr().err


def test_a_refusal_about_a_file_deep_in_folders_keeps_its_reason(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    deep = tmp_path / ("d" * 200) / ("e" * 200) / "missing.json"
    assert main(["legal", str(deep)]) == 2
    said = capsys.readouterr().err.strip()
    assert said.endswith("/missing.json: No such file or directory") and len(said) <= len("cassino: ") + 300
    assert "..." in said


def test_replay_into_a_file_of_a_narrow_encoding_writes_utf8(tmp_path: Path) -> None:
    """Output redirected on Windows is cp1252, which holds neither a suit's sign
    nor every name: the command writes UTF-8 rather than fail half-way."""
    game = random_game(Rules(), 2, None, "narrow", max_moves=20)
    path = write_json(tmp_path / "record.json", _record(game, ["Zoë 🂡 Ünï", "Bot"]))
    env = dict(os.environ, PYTHONIOENCODING="cp1252", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "cassino", "replay", path], cwd=ROOT, env=env,
                          capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("utf-8")
    assert "Zoë 🂡 Ünï" in text.splitlines()[-1]


def test_replay_refuses_a_record_with_an_illegal_move(tmp_path: Path) -> None:
    game = random_game(Rules(), 2, None, "replay-illegal")
    record = _record(game, ["Ann", "Bot"])
    index = 30
    before = replay(dict(record, moves=record["moves"][:index])).position
    not_held = cards_of(FULL_DECK & ~before.hands[before.to_move])[0]
    bad = f"{card_text(not_held)}-"
    record["moves"][index] = bad
    message = refused(run("replay", write_json(tmp_path / "record.json", record)), status=1)
    assert f"move {index + 1} " in message
    assert bad in message
    # Said as to the seat that moved: the record's reader is not that player.
    assert f"is illegal; the rules would tell seat {before.to_move}: The " in message
    assert "not in your hand" in message


@pytest.mark.parametrize("record, words", [
    ({"format": "cassino-record/2", "players": [{}, {}], "seed": 1, "moves": []}, ["'format'"]),
    ({"format": "cassino-record/1", "players": [{}, {}], "seed": 1, "moves": ["8Sq"]}, ["move 1 "]),
    ([], ["object"]),
])
def test_replay_refuses_broken_records(tmp_path: Path, record: Any, words: list[str]) -> None:
    message = refused(run("replay", write_json(tmp_path / "record.json", record)))
    for w in words:
        assert w in message


# -- selfplay ------------------------------------------------------------------------

SUMMARY_KEYS = {"rounds", "moves", "seconds", "rounds_per_second"}


def selfplay(*args: str) -> dict[str, Any]:
    result = run("selfplay", *args)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines
    summary = json.loads(lines[-1])
    assert isinstance(summary, dict)
    assert SUMMARY_KEYS <= set(summary)
    return summary


def test_a_reader_that_stops_early_is_not_an_error(tmp_path: Path) -> None:
    # `legal POSITION | head -1`: the pipe closes with most of 15,748 moves unwritten.
    # That is the reader's choice: status 0 and not a word, as Unix tools do.
    pos = table_position("7C 8C 9C TC", "AS 2S 3S 4S 5S 6S AH 2H 3H 4H 5H 6H AD 2D")
    path = tmp_path / "busy.json"
    path.write_text(json.dumps(position_to_json(pos)), encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "cassino", "legal", str(path)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0 and first.strip() and err == b"", err


def test_a_seating_the_rules_refuse_names_the_option_asked_for() -> None:
    # "'call_for_21' needs exactly two sides..." came without the "--players 3:" that
    # every other refusal of the options begins with.
    result = run("selfplay", "--players", "3", "--rules", '{"call_for_21": true}', "--rounds", "1")
    assert result.returncode == 2
    assert result.stderr.startswith("cassino: --players 3: 'call_for_21' needs exactly two sides"), result.stderr


def test_selfplay_prints_a_json_summary_and_is_reproducible() -> None:
    a = selfplay("--players", "2", "--rounds", "50", "--seed", "3")
    assert a["rounds"] == 50
    assert type(a["moves"]) is int and a["moves"] == 50 * 48   # every card of every round
    assert isinstance(a["seconds"], (int, float)) and a["seconds"] >= 0
    assert isinstance(a["rounds_per_second"], (int, float)) and a["rounds_per_second"] > 0
    b = selfplay("--players", "2", "--rounds", "50", "--seed", "3")
    assert (a["rounds"], a["moves"]) == (b["rounds"], b["moves"])
    assert {k: v for k, v in a.items() if "second" not in k and k != "legal_moves_median_us"} == \
        {k: v for k, v in b.items() if "second" not in k and k != "legal_moves_median_us"}


def test_selfplay_four_players_in_partnerships() -> None:
    s = selfplay("--players", "4", "--teams", "--rounds", "20", "--seed", "3")
    assert s["rounds"] == 20 and s["moves"] == 20 * 48
    assert s.get("players", 4) == 4 and s.get("teams", True) is True


def test_selfplay_three_players_with_rules() -> None:
    s = selfplay("--players", "3", "--rounds", "10", "--seed", "1", "--rules",
                 '{"royal": true, "ace_14": true, "sweeps": 0}')
    assert s["rounds"] == 10 and s["moves"] == 10 * 48


@pytest.mark.parametrize("args, words", [
    (["--players", "2", "--teams"], ["--teams"]),
    (["--rules", '{"jokers": true}'], ["jokers"]),
    (["--rules", "{royal"], ["--rules"]),
])
def test_selfplay_refuses_bad_settings(args: list[str], words: list[str]) -> None:
    message = refused(run("selfplay", "--rounds", "1", *args))
    for w in words:
        assert w in message


# -- no command ----------------------------------------------------------------------


def _opened(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> dict[str, object]:
    """Run the command in-process with a loop that draws three frames and stops."""
    from cassino.ui.app import App

    seen: dict[str, object] = {}

    def three_frames(self: App) -> None:
        for _ in range(3):
            self.step(1 / 60)
        seen["scene"] = type(self.top).__name__
        seen["size"] = self.size
        seen["seed"] = getattr(self.top, "game", None) and self.top.game.seed  # type: ignore[union-attr]

    monkeypatch.setattr(App, "run", three_frames)
    seen["status"] = main(argv)
    return seen


def test_no_command_opens_the_title_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _opened(monkeypatch, [])
    assert seen["status"] == 0 and seen["scene"] == "TitleScene"


def test_play_quick_in_a_window_sits_down_at_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _opened(monkeypatch, ["play", "--window", "1024x600", "--quick", "--seed", "3"])
    assert seen == {"status": 0, "scene": "TableScene", "size": (1024, 600), "seed": 3}


def test_a_bad_window_size_is_refused() -> None:
    result = run("play", "--window", "big")
    assert result.returncode == 2
    assert "WIDTHxHEIGHT" in result.stderr


@pytest.mark.parametrize("size", ["16384x16384", "8193x600", "1024x9000"])
def test_a_window_larger_than_any_screen_is_refused(size: str) -> None:
    # 16384x16384 was shown as asked: 2.6 GB before anything was drawn.
    result = run("bench-ui", "--frames", "1", "--size", size)
    assert result.returncode == 2 and "larger than any screen; at most 8192x8192" in result.stderr, result.stderr


@pytest.mark.parametrize("size", ["800x600", "1024x599", "1023x768"])
def test_a_window_smaller_than_the_table_is_refused_with_the_least_it_needs(size: str) -> None:
    result = run("play", "--window", size)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().endswith(f"--window {size} is too small; the table needs at least 1024x600")


def test_bench_ui_prints_frame_times_as_json_last() -> None:
    result = run("bench-ui", "--frames", "30", "--size", "1024x600")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["frames"] == 30 and figures["size"] == [1024, 600]
    assert 0 < figures["median_ms"] <= figures["p99_ms"] <= figures["max_ms"]
    assert figures["table_items"] >= 12


def test_bench_ui_stops_at_a_terminate_signal() -> None:
    # SDL turns SIGTERM into a quit event, which the benchmark's frames never read:
    # `timeout` could not stop a run of a billion frames, only SIGKILL.
    import signal
    import time

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    bench = subprocess.Popen([sys.executable, "-m", "cassino", "bench-ui", "--frames", "999999999", "--size",
                              "1024x600"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        time.sleep(3)  # into its frames
        bench.send_signal(signal.SIGTERM)
        assert bench.wait(timeout=20) == 130
    finally:
        if bench.poll() is None:
            bench.kill()
            bench.wait()


def test_a_pipe_where_the_log_goes_neither_hangs_nor_stops_the_game(tmp_path: Path) -> None:
    # Opening a named pipe to write waits for a reader: the game hung before its window.
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    os.mkfifo(tmp_path / "cassino.log")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    said = subprocess.run([sys.executable, "-c", f"from pathlib import Path; from cassino import logs; "
                                                 f"print(logs.start(Path({str(tmp_path)!r})))"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=30)
    assert said.returncode == 0 and said.stdout.strip() == "None", said


def test_a_log_that_cannot_be_written_prints_no_traceback(tmp_path: Path) -> None:
    # Its old copy a folder: at the rollover every line printed "--- Logging error ---" and a
    # traceback to the terminal. A message with a byte of no text is written escaped.
    (tmp_path / "cassino.log").write_bytes(b"x" * (600 * 1024))
    (tmp_path / "cassino.log.1").mkdir()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    said = subprocess.run([sys.executable, "-c", f"from pathlib import Path; from cassino import logs; "
                                                 f"logs.start(Path({str(tmp_path)!r})); "
                                                 f"logs.log.warning('one'); logs.log.warning('two')"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=30)
    assert said.returncode == 0 and said.stderr == "", said
    (tmp_path / "cassino.log.1").rmdir()
    (tmp_path / "cassino.log").unlink()
    said = subprocess.run([sys.executable, "-c", f"from pathlib import Path; from cassino import logs; "
                                                 f"logs.start(Path({str(tmp_path)!r})); "
                                                 f"logs.log.warning('in %s', '/tmp/h\\udcffx')"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=30)
    assert said.returncode == 0 and said.stderr == "", said
    assert "in /tmp/h\\udcffx" in (tmp_path / "cassino.log").read_text(encoding="utf-8")


def test_the_download_s_refusals_name_its_own_program(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """The built program is 'Cassino' (Cassino.exe on Windows): 'cassino --help'
    was no command a player of the download could run."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/Cassino/Cassino")
    with pytest.raises(SystemExit) as exit_:
        main(["legal"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "(Cassino --help lists the commands and options)" in err and "cassino --help" not in err
    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out.startswith("usage: Cassino ")


def test_version_says_which_cassino_this_is(capsys: pytest.CaptureFixture[str]) -> None:
    import cassino

    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"Cassino {cassino.__version__}\n"
