"""Behaviours of the player's files that no other test pinned: a finished
game is never resumed, a failed write leaves no litter, settings take only
values of their own kind (a number is not a switch, a switch is not a
number) up to and including their bounds, and the statistics count what a
game really ended with (the sweep of the deal, the margin against the
best other side, records whose counts add up)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassino.rules import Game, Rules
from cassino.settings import WINDOW_LEAST, WINDOW_MOST, Settings
from cassino.stats import Result, Stats, game_result
from cassino.store import SAVED_GAME, SETTINGS, STATS, Store

SEATS = [{"name": "You", "seat": 0, "kind": "human"}, {"name": "North", "seat": 1, "kind": "ai:beginner"}]
# Sudden death to 1 with the initial pairs: the deal itself pairs the table for a side,
# a sweep that wins the game before anyone plays a card.
WON_AT_THE_DEAL = Rules(initial_pairs=True, sudden_death=True, target=1)


def test_a_saved_game_that_is_already_over_is_set_aside_not_resumed(tmp_path: Path) -> None:
    """Continue on a finished game (the game deletes game.json at the end, so
    this one was written by hand or by another program) would open a table
    with nothing left to play: it is set aside, saying why."""
    game = Game(WON_AT_THE_DEAL, 2, seed=303)
    assert game.over and not game.moves
    Store(tmp_path).save_game(game, SEATS)
    store = Store(tmp_path)
    assert store.load_game() is None
    [said] = store.problems
    assert said.startswith("Your game in progress could not be restored.") and "already over" in said
    assert (tmp_path / f"{SAVED_GAME}.bad").exists() and not store.has_game()


def test_a_write_that_fails_leaves_no_temporary_file_behind(tmp_path: Path) -> None:
    """A value JSON cannot hold fails the write; its half-written temporary
    file must go too, or every failed save would leave one more in the
    player's folder."""
    folder = tmp_path / "home"
    with pytest.raises(TypeError):
        Store(folder).write(SETTINGS, {"a": object()})
    assert not folder.exists() or list(folder.iterdir()) == []  # (it fails before a file is made)


def test_a_negative_score_in_a_hand_edited_game_gives_continue_no_score_to_name(tmp_path: Path) -> None:
    """Scores run from 0: "You -3, North 5" names a game that Continue would
    then refuse to resume. The hint says no score rather than a wrong one."""
    store = Store(tmp_path)
    store.save_game(Game(seed=2), SEATS)
    assert store.game_in_words() == "You 0, North 0"
    data = json.loads((tmp_path / SAVED_GAME).read_text(encoding="utf-8"))
    data["position"]["scores"] = [-3, 5]
    (tmp_path / SAVED_GAME).write_text(json.dumps(data), encoding="utf-8")
    assert store.game_in_words() is None
    assert store.problems == []  # nothing set aside by the hint: Continue says what is wrong


# -- settings ------------------------------------------------------------------------


def test_a_number_for_an_on_off_setting_is_flagged_not_kept(tmp_path: Path) -> None:
    """"sound": 1 is not true: kept as 1, the setting would be neither on nor
    off for the Settings screen's switch. The usual value is used and the
    file's other settings are kept."""
    (tmp_path / SETTINGS).write_text('{"sound": 1, "speed": "slow"}', encoding="utf-8")
    store = Store(tmp_path)
    kept = store.load_settings()
    assert kept.sound is Settings().sound and kept.speed == "slow"
    [said] = store.problems
    assert "setting 'sound' must be true or false, not 1" in said


def test_true_is_not_a_volume() -> None:
    """JSON keeps true apart from 1: a volume of true is refused, not played at full."""
    with pytest.raises(ValueError, match="'volume' must be a number from 0 to 1, not true"):
        Settings.from_json({"volume": True})


def test_a_volume_of_nothing_is_a_muted_game_and_is_kept() -> None:
    """0 is the bottom of the range: a player who turned the sound down to
    nothing finds it so at the next start, not back at the usual volume."""
    assert Settings.from_json({"volume": 0}).volume == 0.0
    assert Settings.from_json({"volume": 1}).volume == 1.0


@pytest.mark.parametrize("size", [(WINDOW_LEAST, WINDOW_LEAST), (WINDOW_MOST, WINDOW_MOST),
                                  (WINDOW_LEAST, WINDOW_MOST)])
def test_the_smallest_and_largest_window_allowed_are_kept(size: tuple[int, int]) -> None:
    """The bounds are allowed themselves: a window shrunk to the least size
    opens at that size again, not at the usual first window."""
    assert Settings.from_json({"window_size": list(size)}).window_size == size


@settings(max_examples=40, deadline=None, database=None)
@given(name=st.sampled_from(["volume", "window_size", "speed", "card_back", "thinking"]), flag=st.booleans())
def test_no_setting_that_is_not_a_switch_takes_true_or_false(name: str, flag: bool) -> None:
    value: object = [flag, 700] if name == "window_size" else flag
    settings_, wrong = Settings.salvage({name: value})
    assert settings_ == Settings() and len(wrong) == 1 and f"'{name}'" in wrong[0]


# -- statistics ----------------------------------------------------------------------


def test_the_sweep_of_the_deal_counts_for_the_side_it_won_the_game_for() -> None:
    """The initial pairs sweep the table for a side as the cards are dealt:
    under sudden death to 1 that wins the game before its round is scored.
    That sweep is the winner's, in its result (the most sweeps in a game)."""
    game = Game(WON_AT_THE_DEAL, 2, seed=303)
    assert game.over and game.winner == 1 and not game.rounds
    assert game_result(game, 1) == Result(True, 1, 0, 1)
    assert game_result(game, 0).sweeps == 0


def test_the_margin_is_against_the_best_other_side_not_the_first() -> None:
    """Three players: seat 2 wins 1-0-0. Seat 0 lost by a point to seat 2;
    measured against seat 1 it would read as lost by nothing."""
    game = Game(WON_AT_THE_DEAL, 3, seed=100)
    assert game.over and game.totals == (0, 0, 1)
    result = game_result(game, 0)
    assert result == Result(False, 0, 1, 0) and result.margin == -1
    assert game_result(game, 1).margin == -1 and game_result(game, 2).margin == 1


@pytest.mark.parametrize("counts", [[3, 1, 1], [1, 1, 1], [2, 3, 0]])
def test_a_record_whose_wins_and_losses_do_not_add_up_to_its_games_is_set_aside(
        tmp_path: Path, counts: list[int]) -> None:
    """Every game played is won or lost: [3, 1, 1] cannot be, and the
    statistics screen would show 3 games of which only 2 are accounted for."""
    doc = Stats().to_json() | {"games": {"expert · Standard": counts}}
    (tmp_path / STATS).write_text(json.dumps(doc), encoding="utf-8")
    store = Store(tmp_path)
    assert store.load_stats() == Stats()
    assert "must be [played, won, lost]" in store.problems[0]
    assert Stats.from_json(Stats().to_json() | {"games": {"expert · Standard": [3, 2, 1]}}).played == 3
