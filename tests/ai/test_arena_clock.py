"""The arena's clock: time budgets and decision times read the wall clock, or
the CPU time of the thinking thread (``--clock cpu``), which a busy machine
does not distort."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from cassino.ai.arena import CLOCKS, match
from cassino.ai.player import Budget, Player, RandomPlayer
from cassino.ai.view import SeatView
from cassino.rules import Move

ROOT = Path(__file__).resolve().parents[2]


class Sleeper(Player):
    """Sleeps 20 ms of wall time a decision (no CPU time), and reports the clock its budget reads."""

    level = "sleeper"
    default_ms = 5.0

    def __init__(self) -> None:
        self.clocks: set[object] = set()

    def choose(self, view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
        assert budget is not None
        self.clocks.add(budget.clock)
        time.sleep(0.02)
        return RandomPlayer().choose(view, rng, budget)


def test_cpu_clock_counts_the_thinking_threads_cpu_time_only() -> None:
    sleeper = Sleeper()
    cpu = match(sleeper, RandomPlayer(), 2, seed=5, clock="cpu")
    assert sleeper.clocks == {time.thread_time}
    assert cpu["clock"] == "cpu"
    # Sleeping takes no CPU time: the decisions look quick on the CPU clock...
    assert cpu["decision_ms"]["a:sleeper"]["median"] < 10
    sleeper = Sleeper()
    wall = match(sleeper, RandomPlayer(), 2, seed=5)
    assert sleeper.clocks == {time.perf_counter}
    assert wall["clock"] == "wall"
    # ... and take their 20 ms on the wall clock.
    assert wall["decision_ms"]["a:sleeper"]["median"] >= 19
    # The clock changes no move of a player that ignores it.
    assert (cpu["wins_a"], cpu["margin_per_round"]) == (wall["wins_a"], wall["margin_per_round"])


def test_budget_on_the_cpu_clock_is_not_spent_by_another_threads_work() -> None:
    budget = Budget(ms=30, clock=CLOCKS["cpu"])

    def spin() -> None:
        end = time.perf_counter() + 0.06
        while time.perf_counter() < end:
            pass

    worker = threading.Thread(target=spin)
    worker.start()
    worker.join()
    assert not budget.spent(0)
    assert Budget(ms=30, clock=CLOCKS["wall"]).clock is time.perf_counter


def test_an_unknown_clock_is_refused() -> None:
    with pytest.raises(ValueError, match="wall, cpu"):
        match(RandomPlayer(), RandomPlayer(), 2, seed=1, clock="sundial")


def test_arena_command_takes_clock() -> None:
    result = subprocess.run([sys.executable, "-m", "cassino", "arena", "--a", "beginner", "--b",
                             "random", "--games", "2", "--seed", "3", "--clock", "cpu"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[-1])["clock"] == "cpu"
    helped = subprocess.run([sys.executable, "-m", "cassino", "arena", "--help"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert "--clock" in helped.stdout and "CPU time" in helped.stdout


def test_ladder_rows_say_their_clock() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("ai_ladder", ROOT / "benchmarks" / "ai_ladder.py")
    assert spec is not None and spec.loader is not None
    ladder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ladder)
    setting = ladder.Setting("draw", 2, False)
    row = ladder.play(("beginner", "random"), 2, 7, setting, "cpu")
    assert row["clock"] == "cpu" and str(row["command"]).endswith("--rules draw --clock cpu")
    old = dict(row, clock=None)
    del old["clock"]  # rows written before the clock was recorded read the wall clock
    lines = ladder.table([row, old])
    assert lines[0].endswith("| clock |")
    assert lines[2].endswith("| cpu |") and lines[3].endswith("| wall |")
    assert "--clock" in subprocess.run([sys.executable, str(ROOT / "benchmarks" / "ai_ladder.py"),
                                        "--help"], capture_output=True, text=True,
                                       timeout=120).stdout


def test_tally_hears_each_game_and_a_wins_so_far() -> None:
    heard: list[tuple[int, int]] = []
    result = match(RandomPlayer(), RandomPlayer(), 4, seed=2, tally=lambda n, w: heard.append((n, w)))
    assert [n for n, _ in heard] == [1, 2, 3, 4]
    assert heard[-1][1] == result["wins_a"]
    assert all(b - a in (0, 1) for (_, a), (_, b) in zip(heard, heard[1:]))
