"""The statistics a player keeps: streaks, the best round, sweeps and the
recent results, as games and rounds are counted; stats.json read back,
from this version and earlier ones, and refused with a reason when a new
field is wrong."""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from cassino.rules import Game, Rules
from cassino.stats import RECENT, Result, Stats, game_result
from cassino.store import STATS, Store
from cassino.ui.table import keeping
from cassino.ui.table.seats import Seat

STANDARD = Rules()


def won(by: int = 5, sweeps: int = 0) -> Result:
    return Result(True, 21, 21 - by, sweeps)


def lost(by: int = 5, sweeps: int = 0) -> Result:
    return Result(False, 21 - by, 21, sweeps)


def play(stats: Stats, *results: Result) -> Stats:
    for r in results:
        stats.record_game("intermediate", STANDARD, r)
    return stats


def test_after_winning_three_and_losing_one_the_streak_is_one_loss_and_the_best_three_wins() -> None:
    stats = play(Stats(), won(), won(), won(), lost())
    assert (stats.streak, stats.best_streak) == (-1, 3)
    assert (stats.played, stats.won) == (4, 3)
    play(stats, lost())
    assert (stats.streak, stats.best_streak) == (-2, 3)  # two lost in a row
    play(stats, won(), won())
    assert (stats.streak, stats.best_streak) == (2, 3)   # a new run, not yet the best
    play(stats, won(), won())
    assert (stats.streak, stats.best_streak) == (4, 4)   # now it is


def test_the_best_round_is_the_most_points_in_one_round() -> None:
    stats = Stats()
    for points, sweeps in ((5, 0), (9, 2), (3, 1)):
        stats.record_round(points, sweeps)
    assert (stats.best_round, stats.rounds, stats.points, stats.sweeps) == (9, 3, 17, 3)
    assert stats.average_round == pytest.approx(17 / 3)


def test_the_most_sweeps_in_a_game_and_the_recent_results_oldest_first() -> None:
    stats = play(Stats(), won(3, sweeps=2), lost(7, sweeps=4), won(1))
    assert stats.most_sweeps == 4
    assert [(r.won, r.margin) for r in stats.recent] == [(True, 3), (False, -7), (True, 1)]


def test_only_the_last_games_are_kept_for_the_chart() -> None:
    stats = play(Stats(), *(won(by=n) for n in range(1, RECENT + 6)))
    assert len(stats.recent) == RECENT
    assert [r.margin for r in stats.recent] == list(range(6, RECENT + 6))  # the first five let go
    assert stats.played == RECENT + 5 and stats.best_streak == RECENT + 5  # counts keep every game


def test_a_game_won_by_sweeps_before_its_first_round_was_scored_counts_those_sweeps(tmp_path: Path) -> None:
    """Sudden death to 3: a side that sweeps three times wins inside the
    first round, which is never scored; its result has those three sweeps,
    and so do the statistics' sweeps, though no round was counted."""
    game, winner = _sudden_death_game()
    result = game_result(game, winner)
    assert result == Result(True, 3, 0, 3)
    assert game_result(game, 1 - winner).won is False

    # Counted at the table as the game ends inside the round.
    store = Store(tmp_path)
    seats = [Seat("You"), Seat("North", "beginner")] if winner == 0 else [Seat("North", "beginner"), Seat("You")]
    table = SimpleNamespace(app=SimpleNamespace(store=store), humans=[winner], practice=False, pos=game.position,
                            game=game, seats=seats, say=lambda *a, **k: None)
    keeping.count(table)
    stats = store.load_stats()
    assert (stats.sweeps, stats.rounds, stats.most_sweeps, stats.streak) == (3, 0, 3, 1)
    assert stats.recent == [result] and stats.played == 1


def _sudden_death_game() -> tuple[Game, int]:
    """A two-player game to 3 under sudden death that a side wins by sweeping
    in the first round (capture-happy random play; the first such seed)."""
    for seed in range(500):
        game = Game(Rules(sudden_death=True, target=3), 2, seed=seed)
        rng = random.Random(seed)
        event = None
        while not game.over:
            moves = game.legal_moves()
            event = game.play(rng.choice([m for m in moves if m.kind == "capture"] or moves))
        if event is not None and event.round_end is None and not game.rounds:
            assert game.winner is not None
            return game, game.winner
    raise AssertionError("no game of 500 was won by sweeps in its first round")


def test_statistics_written_before_streaks_and_recent_results_still_load(tmp_path: Path) -> None:
    earlier = {"format": 1, "games": {"intermediate · standard": [3, 2, 1]}, "rounds": 9, "points": 50,
               "best_round": 9, "sweeps": 4}
    (tmp_path / STATS).write_text(json.dumps(earlier), encoding="utf-8")
    store = Store(tmp_path)
    stats = store.load_stats()
    assert store.problems == []
    assert (stats.played, stats.won, stats.best_round, stats.sweeps) == (3, 2, 9, 4)
    assert (stats.streak, stats.best_streak, stats.most_sweeps, stats.recent) == (0, 0, 0, [])
    play(stats, won())  # and they go on counting from there
    store.save_stats(stats)
    assert Store(tmp_path).load_stats() == stats


def test_a_file_with_more_recent_games_than_the_chart_shows_keeps_the_last(tmp_path: Path) -> None:
    stats = play(Stats(), *(won(by=n) for n in range(1, RECENT + 1)))
    doc = stats.to_json()
    doc["recent"] = [lost(by=99).to_json()] * 4 + doc["recent"]  # a hand-edited file
    assert Stats.from_json(doc) == stats


def test_a_game_given_up_keeps_its_mark_and_files_without_it_still_load(tmp_path: Path) -> None:
    given_up = Result(False, 4, 9, 0, given_up=True)
    stats = play(Stats(), won(), given_up)
    assert stats.to_json()["recent"][0] == won().to_json() and "given_up" not in stats.to_json()["recent"][0]
    store = Store(tmp_path)
    store.save_stats(stats)
    assert Store(tmp_path).load_stats().recent[-1] == given_up


@pytest.mark.parametrize("change, said", [
    ({"streak": 4, "best_streak": 3}, "'streak' must be a whole number (games won in a row, or below zero lost), "
                                      "no more than 'best_streak' (3), not 4"),
    ({"streak": True}, "'streak' must be a whole number"),
    ({"best_streak": -1}, "'best_streak' must be a whole number of 0 or more, not -1"),
    ({"most_sweeps": "2"}, "'most_sweeps' must be a whole number of 0 or more, not '2'"),
    ({"recent": {"won": True}}, "'recent' must be a list of the last games' results"),
    ({"recent": [{"score": 21, "other": 15}]}, "a recent game must be an object with \"won\": true or false"),
    ({"recent": [{"won": 1, "score": 21, "other": 15}]}, "a recent game must be an object with \"won\""),
    ({"recent": [{"won": True, "score": 2.5, "other": 15}]}, "a recent game's 'score' must be a whole number, not 2.5"),
    ({"recent": [{"won": True, "score": 21, "other": 15, "sweeps": -1}]},
     "a recent game's 'sweeps' must be a whole number of 0 or more, not -1"),
    ({"games": {"expert · Standard": [True, True, False]}}, "must be [played, won, lost]"),
    ({"recent": [{"won": False, "score": 2, "other": 5, "given_up": "yes"}]},
     "a recent game's 'given_up' must be true (for a game lost) or false, not 'yes'"),
    ({"recent": [{"won": True, "score": 21, "other": 5, "given_up": True}]},
     "a recent game's 'given_up' is true for a game won: only a game lost is given up"),
    # A hand-edited file: an average round above the best one.
    ({"rounds": 10**39, "points": 10**38, "best_round": 0},
     f"'points' ({10**38}) over 'rounds' ({10**39}) cannot be had with a 'best_round' of 0"),
    ({"rounds": 2, "points": 3, "best_round": 9}, "'points' (3) over 'rounds' (2) cannot be had"),
    ({"format": 2}, "it was written by a newer Cassino (statistics format 2; this one reads format 1)"),
])
def test_a_wrong_new_field_sets_the_file_aside_saying_what_is_wrong(tmp_path: Path, change: dict[str, object],
                                                                   said: str) -> None:
    doc = play(Stats(), won(), lost()).to_json() | change
    data = json.dumps(doc).encode()
    (tmp_path / STATS).write_bytes(data)
    store = Store(tmp_path)
    assert store.load_stats() == Stats()
    assert said in store.problems[0]
    assert (tmp_path / f"{STATS}.bad").read_bytes() == data
