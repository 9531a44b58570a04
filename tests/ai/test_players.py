"""Every level plays legal moves in every seating and rule set, reproducibly,
and stops thinking when its budget is cancelled."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

from cassino.ai import LEVELS, Budget, SeatView, make_player
from cassino.ai.arena import match, wilson
from cassino.ai.hint import why
from cassino.rules import Game, Move, Rules, standard_teams

SETUPS = [(2, False, Rules()), (3, False, Rules(controller="strict")), (4, False, Rules()),
          (4, True, Rules(court_capture="all")), (2, False, Rules(royal=True, ace_14=True, sweeps=0)),
          (2, False, Rules(controller="permissive", sweeps=2))]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players,teams,rules", SETUPS)
def test_every_level_plays_a_legal_round(level: str, players: int, teams: bool, rules: Rules) -> None:
    game = Game(rules, players, standard_teams(players, teams), seed=f"{level}/{players}")
    player = make_player(level)
    rng = random.Random(1)
    while not game.rounds:
        pos = game.position
        move = player.choose(SeatView(pos, pos.to_move, game.turns), rng, Budget(work=2))
        assert pos.is_legal(move)
        game.play(move)


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_view_seed_and_work_give_the_same_move(level: str) -> None:
    game = Game(Rules(), 2, seed=5)
    rng = random.Random(2)
    for _ in range(10):
        game.play(rng.choice(game.legal_moves()))
    view = SeatView(game.position, game.position.to_move, game.turns)
    player = make_player(level)
    moves = {player.choose(view, random.Random(9), Budget(work=4)) for _ in range(3)}
    assert len(moves) == 1


# How long these take in real time is measured by benchmarks/ai_response.py.

def test_a_cancelled_expert_still_answers_legally() -> None:
    game = Game(Rules(), 2, seed=8)
    view = SeatView(game.position, game.position.to_move)
    cancel = threading.Event()
    cancel.set()
    move = make_player("expert").choose(view, random.Random(1), Budget(ms=10_000, cancel=cancel))
    assert game.position.is_legal(move)


@pytest.mark.parametrize("seed", [12, 5])
def test_the_expert_stops_when_its_clock_says_the_budget_is_spent(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that moves a millisecond at each look: the Expert looks at it as
    it works and stops at 50 ms (a close call at most ``extend`` times that)."""
    reads = 0
    start = time.perf_counter()

    def clock() -> float:
        nonlocal reads
        reads += 1
        return start + reads / 1000

    game = Game(Rules(), 2, seed=seed)
    view = SeatView(game.position, game.position.to_move)
    expert = make_player("expert")
    monkeypatch.setattr(time, "perf_counter", clock)
    move = expert.choose(view, random.Random(1), Budget(ms=50))
    monkeypatch.undo()
    assert game.position.is_legal(move)
    assert 50 <= reads <= 50 * expert.extend + 10  # type: ignore[attr-defined]


def test_wilson_interval_brackets_the_rate() -> None:
    low, high = wilson(90, 100)
    assert low < 0.9 < high and 0.8 < low and high < 0.96


def test_arena_plays_duplicate_pairs_and_reports_figures() -> None:
    result = match(make_player("beginner"), make_player("random"), 4, seed=1)
    assert result["games"] == 4 and result["wins_a"] + result["wins_b"] == 4
    for key in ("win_rate_a", "win_rate_a_ci", "margin_per_round", "margin_ci", "decision_ms"):
        assert key in result


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_moves_on_a_crowded_table(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table of 30 small cards has millions of legal moves; a computer
    player weighs a few of each kind (the random one picks among those) and
    still plays a legal one, without ever listing them all."""
    from cassino.rules import Position
    from tests.rules.helpers import table_position
    from tests.rules.test_crowded_table import CROWDED

    pos = table_position("8D 9C TS TH", CROWDED)
    for name in ("legal_moves", "moves"):
        def listing(p: Position, real: Any = getattr(Position, name)) -> list[Move]:
            assert p.loose.bit_count() <= 16, "the whole list of a crowded table was asked for"
            return real(p)  # type: ignore[no-any-return]

        monkeypatch.setattr(Position, name, listing)
    move = make_player(level).choose(SeatView(pos, 0), random.Random(1), Budget(work=2))
    assert pos.is_legal(move)
    if level != "random":
        assert move.kind != "trail", "with so much to take, nobody should trail"
        # A hint to trail here says why not take something, weighing the same few moves.
        assert "What you could take or build is worth less" in why(SeatView(pos, 0), Move.trail(move.card))
