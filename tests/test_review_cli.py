"""``python -m cassino review RECORD``: the costliest moves of a game's human
players, each with the better move and its reason; bad records and seats
refused in one line, as by every command."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from cassino.ai import Budget, SeatView, make_player
from cassino.rules import Game
from cassino.rules.formats import record_to_json

from tests.test_damaged_input import check_refusal, cli_run

PLAYERS = [{"name": "Ann", "seat": 0, "kind": "human"}, {"name": "Bot", "seat": 1, "kind": "ai:intermediate"}]


def a_record(tmp_path: Path, moves: int = 40, players: list[dict[str, object]] = PLAYERS) -> tuple[Path, Game]:
    """A game of a beginner (Ann, reviewed) against the intermediate, as a record file."""
    game = Game(seed=77)
    levels = [make_player("beginner"), make_player("intermediate")]
    rng = random.Random(1)
    while not game.over and len(game.moves) < moves:
        pos = game.position
        game.play(levels[pos.to_move].choose(SeatView(pos, pos.to_move, game.turns), rng, Budget(work=5)))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_to_json(game, players)))
    return path, game


def test_the_review_names_the_costliest_moves_with_the_better_move_and_why(tmp_path: Path) -> None:
    path, game = a_record(tmp_path, moves=150)  # into the fourth round
    # As many as the review screen steps through, unless asked (the command line listed 5, the screen 8).
    status, out, err = cli_run(["review", str(path), "--work", "10"])
    assert status == 0 and err == ""
    lines = out.splitlines()
    # Ann's 72 moves: those with a choice to weigh are the decisions, the rest said left out.
    # The mistakes not shown are accounted for ("9 clear mistakes ... The costliest first:" and 8 shown
    # left one unexplained): a better move shown once, and those that cost less.
    head = re.fullmatch(r"Ann: (\d+) decisions reviewed, (\d+) clear mistakes?.*?(?:; (\d+) moves? that had only "
                        r"one sensible choice (?:was|were) left out)?\. The 8 costliest first \("
                        r"(?:(\d+) more had the same better move as one shown)?(?:, )?(?:(\d+) more cost less)?\):",
                        lines[0])
    assert head is not None, lines[0]
    assert int(head[1]) + int(head[3] or 0) == 72
    shown = [ln for ln in lines if ln.startswith("Round ")]
    assert int(head[2]) > 8 and len(shown) == 8 and any(ln.startswith("Round 2, ") for ln in shown), shown
    assert int(head[2]) == 8 + int(head[4] or 0) + int(head[5] or 0)
    again = Game(seed=77)
    movers = []
    for m in game.moves:
        movers.append(again.position.to_move)
        again.play(m)
    for ln in shown:
        # The record's number only where it differs from the round's (round 1: the same, said once).
        place = re.match(r"Round (\d+), move (\d+) \(Ann(?:; move (\d+) of the record)?\): played: .*; better: ", ln)
        assert place is not None, ln
        round_, into = int(place.group(1)), int(place.group(2))
        number = int(place.group(3) or into)
        assert (place.group(3) is None) == (round_ == 1), ln
        assert movers[number - 1] == 0  # one of Ann's moves
        # Its place in its round, as the review screen gives it: a round of two is 48 moves.
        assert (round_, into) == (1 + (number - 1) // 48, (number - 1) % 48 + 1)
    reasons = [ln for ln in lines if ln.startswith("  ")]
    assert len(reasons) == len(shown) and all(" more against your opponent than " in r or "chance to win" in r
                                              for r in reasons)


def test_the_json_review_lists_the_same_moments(tmp_path: Path) -> None:
    path, game = a_record(tmp_path)
    status, out, err = cli_run(["review", str(path), "--work", "10", "--count", "3", "--json"])
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["seats"] == [0] and data["moves"] == 20 and 0 < data["decisions"] <= 20
    assert len(data["moments"]) == min(3, data["mistakes"])
    for m in data["moments"]:
        assert m["seat"] == 0 and game.moves[m["move"] - 1].text() == m["played"] != m["best"]
        assert m["win_lost"] >= 0 and m["reason"] and isinstance(m["lesson"], str)
    status, text, _ = cli_run(["review", str(path), "--work", "10", "--count", "3"])
    assert [f"move {m['move']} " in text for m in data["moments"]] == [True] * len(data["moments"])
    for m in data["moments"]:  # the console line: the reason, then the lesson
        assert f"  {m['reason']} {m['lesson']}".rstrip() + "\n" in text


def test_a_record_without_human_players_needs_the_seat_named(tmp_path: Path) -> None:
    bots = [{"name": "A", "seat": 0, "kind": "ai:expert"}, {"name": "B", "seat": 1, "kind": "ai:expert"}]
    path, _ = a_record(tmp_path, moves=6, players=bots)
    status, out, err = cli_run(["review", str(path)])
    check_refusal(status, out, err, "--seat")
    status, out, err = cli_run(["review", str(path), "--seat", "1", "--work", "5"])
    head = re.match(r"B: (\d+) decisions? reviewed, [^;\n]*(?:; (\d+) moves? that had only one)?", out)
    assert status == 0 and head is not None, out
    assert int(head[1]) + int(head[2] or 0) == 3, "B's three moves, each counted once"
    assert '(The reasons speak to B as "you".)' in out, "a computer player's moves: who 'you' is"
    status, out, err = cli_run(["review", str(path), "--seat", "2"])
    check_refusal(status, out, err, "seats are 0 to 1")


def test_a_record_with_an_illegal_move_is_refused_as_replay_refuses_it(tmp_path: Path) -> None:
    path, _ = a_record(tmp_path, moves=6)
    data = json.loads(path.read_text())
    data["moves"][3] = "call"
    path.write_text(json.dumps(data))
    status, out, err = cli_run(["review", str(path)])
    check_refusal(status, out, err, "move 4")
    assert status == cli_run(["replay", str(path)])[0]


def test_a_call_lost_on_the_spot_is_not_counted_as_0_points_lost(tmp_path: Path, monkeypatch: object) -> None:
    # "1 clear mistake (about 0.0 of a point in all)": what it lost was the game, not points.
    import pytest

    from cassino.ai import review as reviewing
    from cassino.rules import Move, Rules

    game = Game(Rules(call_for_21=True), 2, seed=5)
    if game.position.to_move != 0:
        game.play(next(m for m in game.legal_moves() if m.kind == "trail"))
    game.play(Move.call())
    path = tmp_path / "called.json"
    path.write_text(json.dumps(record_to_json(game, PLAYERS)))
    number = len(game.moves) - 1
    lost = reviewing.Moment(number, 1, 0, Move.call(), Move.trail(0), 0.57, 0.0, True,
                            "Calling for 21 lost the game.", chance=0.0)
    mp = pytest.MonkeyPatch()
    mp.setattr(reviewing, "review", lambda *a, **k: [lost])
    status, out, err = cli_run(["review", str(path), "--work", "10"])
    mp.undo()
    assert status == 0 and out.splitlines()[0] == "Ann: 1 decision reviewed, 1 clear mistake.", out
