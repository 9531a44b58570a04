"""Matches between computer players, as duplicate pairs: every deal is played
twice with the seats swapped, so the luck of the cards cancels out.

Prints figures with 95% intervals so that a claimed difference in strength
can be checked: Wilson's interval for the win rate and a normal interval for
the mean point margin per round.

Time budgets and decision times are read from a ``clock``: ``wall`` (the
default, ``time.perf_counter``), or ``cpu``, the CPU time of the thinking
thread (``time.thread_time``), which other work on a shared machine does not
eat into.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from cassino.rules import Game, Rules, standard_teams

from .player import Budget, Player
from .view import SeatView

# The clocks a match may think by: seconds of wall time, or of the thinking
# thread's CPU time.
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95% score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(xs: list[float], z: float = 1.96) -> tuple[float, tuple[float, float]]:
    """The mean of ``xs`` and its normal-approximation interval at ``z`` (95% by default)."""
    if not xs:
        return 0.0, (0.0, 0.0)
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, (m, m)
    half = z * statistics.stdev(xs) / math.sqrt(len(xs))
    return m, (m - half, m + half)


def play_game(make: Callable[[int], tuple[Player, str]], seed: int | str, players: int,
              teams: list[list[int]], rules: Rules, budget_ms: float | None, work: int | None,
              timings: dict[str, list[float]], clock: str = "wall") -> Game:
    """One game to the target; ``make(seat)`` gives each seat its player and side;
    budgets and timings read ``CLOCKS[clock]``."""
    now = CLOCKS[clock]
    game = Game(rules, players, teams, seed=seed)
    seats = [make(s) for s in range(players)]
    rngs = [random.Random(f"{seed}/seat/{s}") for s in range(players)]
    while not game.over:
        pos = game.position
        seat = pos.to_move
        player, side = seats[seat]
        view = SeatView(pos, seat, game.turns)
        start = now()
        budget = Budget(ms=budget_ms if budget_ms is not None else player.default_ms, work=work,
                        clock=now)
        move = player.choose(view, rngs[seat], budget)
        timings.setdefault(player.level + ":" + side, []).append((now() - start) * 1000)
        game.play(move)
    return game


def match(a: Player, b: Player, games: int, seed: int, players: int = 2, partnerships: bool = False,
          rules: Rules | None = None, budget_ms: float | None = None, work: int | None = None,
          progress: Callable[[int], None] | None = None, clock: str = "wall",
          tally: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games (rounded up to whole duplicate pairs) of a against b;
    time budgets and decision times read ``clock`` (``CLOCKS``: wall or cpu).
    ``progress(played)`` and ``tally(played, wins_a)`` hear of each game played."""
    if clock not in CLOCKS:
        raise ValueError(f"clock {clock!r}: choose one of {', '.join(CLOCKS)}")
    rules = rules or Rules()
    teams = standard_teams(players, partnerships)
    wins_a = wins_b = 0
    margins: list[float] = []
    timings: dict[str, list[float]] = {}
    played = 0
    pairs = (games + 1) // 2
    for g in range(pairs):
        game_seed = f"{seed}/{g}"
        for a_team in (0, 1):
            # Side a holds every seat of team a_team (one seat, or a partnership);
            # in 3 or 4 player games without partners a holds one seat against b's.
            a_seats = set(teams[a_team]) if players == 2 or partnerships else {a_team}

            def make(seat: int) -> tuple[Player, str]:
                return (a, "a") if seat in a_seats else (b, "b")

            game = play_game(make, game_seed, players, teams, rules, budget_ms, work, timings,
                             clock)
            a_teams = {game.position.team_of[s] for s in a_seats}
            winner_is_a = game.winner in a_teams
            wins_a += winner_is_a
            wins_b += not winner_is_a
            for r in game.rounds:
                pa = sum(p for t, p in enumerate(r.points) if t in a_teams)
                pb = max(p for t, p in enumerate(r.points) if t not in a_teams)
                margins.append(pa - pb)
            played += 1
            if progress:
                progress(played)
            if tally:
                tally(played, wins_a)
    low, high = wilson(wins_a, played)
    m, (mlow, mhigh) = mean_interval(margins)
    decision: dict[str, dict[str, float]] = {}
    for side, player in (("a", a), ("b", b)):
        ts = sorted(t for key, ts in timings.items() if key.endswith(":" + side) for t in ts)
        if ts:
            decision[f"{side}:{player.level}"] = {
                "median": round(statistics.median(ts), 3),
                "p95": round(ts[min(len(ts) - 1, int(0.95 * len(ts)))], 3),
                "max": round(ts[-1], 3), "decisions": len(ts)}
    return {
        "a": a.level, "b": b.level, "players": players, "partnerships": partnerships,
        "seed": seed, "games": played, "wins_a": wins_a, "wins_b": wins_b,
        "win_rate_a": round(wins_a / played, 4), "win_rate_a_ci": [round(low, 4), round(high, 4)],
        "rounds": len(margins), "margin_per_round": round(m, 3),
        "margin_ci": [round(mlow, 3), round(mhigh, 3)], "decision_ms": decision, "clock": clock,
    }
