"""The ``ai`` and ``arena`` commands: move JSON for positions, one answer per
stdin line that depends only on that line, and match figures as JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cassino.rules import Game, Rules, move_from_json, position_from_json, position_to_json

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cassino", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)


def positions() -> list[dict[str, object]]:
    out = []
    for seed in (1, 2, 3):
        game = Game(Rules(), 2, seed=seed)
        out.append(position_to_json(game.position))
    return out


def test_ai_prints_a_legal_move_for_a_position_file(tmp_path: Path) -> None:
    data = positions()[0]
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data))
    for level in ("beginner", "intermediate", "expert"):
        result = run("ai", "--level", level, str(path), "--work", "3", "--seed", "4")
        assert result.returncode == 0, result.stderr
        move = move_from_json(json.loads(result.stdout))
        assert position_from_json(data).is_legal(move)


def test_ai_answers_each_stdin_line_on_its_own() -> None:
    lines = [json.dumps(p) for p in positions()]
    forward = run("ai", "--level", "expert", "--work", "3", "--seed", "7", stdin="\n".join(lines))
    backward = run("ai", "--level", "expert", "--work", "3", "--seed", "7",
                   stdin="\n".join(reversed(lines)))
    assert forward.returncode == backward.returncode == 0
    answers = forward.stdout.splitlines()
    assert len(answers) == 3
    assert answers == list(reversed(backward.stdout.splitlines()))


def test_ai_reports_a_broken_line_and_goes_on() -> None:
    good = json.dumps(positions()[0])
    result = run("ai", "--level", "beginner", stdin=f"{good}\nnot json\n{good}\n")
    answers = result.stdout.splitlines()
    assert result.returncode == 2 and len(answers) == 3
    assert "error" in json.loads(answers[1]) and "line 2" in result.stderr


def test_ai_refuses_an_oversized_line_by_its_real_size_and_goes_on() -> None:
    good = json.dumps(positions()[0])
    huge = '{"pad": "' + "x" * 6_000_000 + '"}'  # some 5.7 MB, over the 4 MB a document may have
    result = run("ai", "--level", "beginner", stdin=f"{huge}\n{good}\n")
    answers = result.stdout.splitlines()
    assert result.returncode == 2 and len(answers) == 2
    assert "5859 KB, more than the 4096 KB" in json.loads(answers[0])["error"]
    assert "line 1" in result.stderr and "card" in json.loads(answers[1])


def test_ai_names_the_file_of_a_position_with_no_move_to_choose(tmp_path: Path) -> None:
    done = Game(Rules(), 2, seed=5)
    while not done.over:
        done.play(done.position.legal_moves()[0])
    path = tmp_path / "over.json"
    path.write_text(json.dumps(position_to_json(done.position)))
    result = run("ai", "--level", "beginner", str(path))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"cassino: {path}: there is no move to choose")


def test_arena_prints_its_figures_last() -> None:
    result = run("arena", "--a", "beginner", "--b", "random", "--games", "2", "--seed", "3")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout.splitlines()[-1])
    for key in ("games", "wins_a", "wins_b", "win_rate_a", "win_rate_a_ci", "margin_per_round",
                "margin_ci", "decision_ms"):
        assert key in figures
    assert figures["games"] == 2
