"""Settings and the game in progress kept as JSON in the player's folder:
written atomically, read back exactly, and a damaged file set aside (never
fatal, never lost)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassino.ai import make_player
from cassino.ai.view import SeatView
from cassino.rules import Game, position_to_json
from cassino.settings import Settings
from cassino.setups import LEVELS, Setup
from cassino.stats import Stats
from cassino.store import SAVED_GAME, SETTINGS, Store, saved_game_facts, saved_game_in_words

SEATS = [{"name": "You", "seat": 0, "kind": "human"}, {"name": "North", "seat": 1, "kind": "ai:beginner"}]


def played(moves: int, seed: int = 4) -> Game:
    """A game some moves in, played by two Beginners."""
    import random

    game = Game(seed=seed)
    player = make_player("beginner")
    for i in range(moves):
        seat = game.position.to_move
        game.play(player.choose(SeatView(game.position, seat, game.turns), random.Random(i)))
    return game


def test_settings_are_kept_between_runs(tmp_path: Path) -> None:
    Store(tmp_path).save_settings(Settings(speed="slow", four_colour=True, fullscreen=False, card_back="red"))
    again = Store(tmp_path).load_settings()
    assert again == Settings(speed="slow", four_colour=True, fullscreen=False, card_back="red")


def test_no_files_yet_means_defaults_and_no_saved_game(tmp_path: Path) -> None:
    store = Store(tmp_path / "new")
    assert store.load_settings() == Settings()
    assert store.load_game() is None and not store.has_game()
    assert store.problems == []


@pytest.mark.parametrize("text, said", [
    ("{not json", "not valid JSON"),
    ('{"speed": "warp"}', "'speed' must be one of instant, fast, normal, slow"),
    ('{"four_colour": "yes"}', "'four_colour' must be true or false"),
    ("[1, 2]", "a JSON object"),
])
def test_damaged_settings_are_set_aside_and_defaults_used(tmp_path: Path, text: str, said: str) -> None:
    (tmp_path / SETTINGS).write_text(text, encoding="utf-8")
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    assert len(store.problems) == 1 and said in store.problems[0]
    assert (tmp_path / (SETTINGS + ".bad")).read_text(encoding="utf-8") == text
    assert not (tmp_path / SETTINGS).exists()


def test_settings_kept_from_a_partly_wrong_file_are_kept_at_the_next_start_too(tmp_path: Path) -> None:
    """Read from the file set aside and never written back, the blue cloth
    was green again at the next start: "the others kept" held for one run."""
    text = '{"speed": 3, "card_back": "red", "table_colour": "blue"}'
    (tmp_path / SETTINGS).write_text(text, encoding="utf-8")
    store = Store(tmp_path)
    kept = store.load_settings()
    assert (kept.card_back, kept.table_colour, kept.speed) == ("red", "blue", Settings().speed)
    assert len(store.problems) == 1 and (tmp_path / (SETTINGS + ".bad")).read_text(encoding="utf-8") == text
    again = Store(tmp_path)
    assert again.load_settings() == kept and again.problems == []


@pytest.mark.parametrize("name", [SETTINGS, "game.json"])
def test_a_file_of_nothing_but_null_is_damaged_not_missing(tmp_path: Path, name: str) -> None:
    # Read as "no file", a null saved game left Continue on the title doing nothing, for good.
    (tmp_path / name).write_text("null", encoding="utf-8")
    store = Store(tmp_path)
    assert store.load_settings() == Settings() and store.load_game() is None
    assert len(store.problems) == 1 and "null" in store.problems[0] and name in store.problems[0]
    assert (tmp_path / (name + ".bad")).read_text(encoding="utf-8") == "null"
    assert not store.has_game()


def test_a_folder_in_a_files_place_is_set_aside_when_the_file_is_written(tmp_path: Path) -> None:
    # A folder named game.json: every save failed ("Is a directory"), and a new game
    # started with "Start anew" could never be kept.
    (tmp_path / "game.json").mkdir()
    (tmp_path / "game.json" / "inside.txt").write_text("kept", encoding="utf-8")
    store = Store(tmp_path)
    store.delete("game.json")  # "Start anew": the game in progress goes
    game = Game(seed=5)
    store.save_game(game, [{"name": "You", "seat": 0, "kind": "human"},
                           {"name": "North", "seat": 1, "kind": "ai:beginner"}])
    assert store.load_game() is not None
    assert (tmp_path / "game.json.bad" / "inside.txt").read_text(encoding="utf-8") == "kept"
    assert len(store.problems) == 1 and "not a file" in store.problems[0]


def test_a_damaged_file_that_cannot_be_moved_aside_is_left_and_said_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import cassino.store

    def refuse(path: Path) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(cassino.store, "_keep", refuse)
    (tmp_path / SETTINGS).write_bytes(b"\x89PNG junk")
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    assert store.load_settings() == Settings()  # met again, said once
    [said] = store.problems
    assert said.startswith("Your settings could not be read, so the usual ones are in use. "
                           f"settings.json in {tmp_path} could not be used because it is not UTF-8 text")
    assert "is it a text file? Nor could it be moved aside (Permission denied), so it is left as it was." in said
    assert "set aside" not in said
    assert (tmp_path / SETTINGS).read_bytes() == b"\x89PNG junk"
    # Left as it was, it is not written over at the next save either (nor deleted).
    with pytest.raises(OSError, match="settings.json is damaged and could not be moved aside"):
        store.save_settings(Settings(speed="fast"))
    (tmp_path / SAVED_GAME).write_bytes(b"\x89PNG junk")
    assert store.load_game() is None
    store.delete(SAVED_GAME)
    assert (tmp_path / SETTINGS).read_bytes() == (tmp_path / SAVED_GAME).read_bytes() == b"\x89PNG junk"


def test_one_wrong_setting_loses_no_other(tmp_path: Path) -> None:
    # "speed": "warp" threw away "fullscreen": false and the rest with it.
    (tmp_path / SETTINGS).write_text('{"speed": "warp", "fullscreen": false, "card_back": "red", "volume": 7}',
                                     encoding="utf-8")
    store = Store(tmp_path)
    assert store.load_settings() == Settings(fullscreen=False, card_back="red")
    [said] = store.problems
    assert said.startswith("Some of your settings could not be read: those are back to the usual ones, the others "
                           "kept. settings.json was set aside because setting 'speed' must be one of instant, fast, "
                           "normal, slow, not 'warp'; setting 'volume' must be a number from 0 to 1, not 7.")
    assert (tmp_path / "settings.json.bad").exists()


def test_a_saved_game_resumes_exactly_where_it_was(tmp_path: Path) -> None:
    game = played(23)
    Store(tmp_path).save_game(game, SEATS)
    loaded = Store(tmp_path).load_game()
    assert loaded is not None
    again, seats, practice, dealt_in = loaded
    assert seats == SEATS and not practice and not dealt_in
    assert position_to_json(again.position) == position_to_json(game.position)
    assert again.turns == game.turns and again.totals == game.totals


def test_a_saved_game_whose_players_leave_out_their_seats_is_seated_by_their_place(tmp_path: Path) -> None:
    """docs/formats.md: an entry without ``seat`` sits at its place in the list.
    Read so, such a save crashed New game ("Start anew" weighs whether giving it
    up counts as a loss, by each player's seat)."""
    from cassino.ui.table import keeping

    game = played(23)
    Store(tmp_path).save_game(game, [{"name": "You", "kind": "human"}, {"name": "North", "kind": "ai:beginner"}])
    store = Store(tmp_path)
    loaded = store.load_game()
    assert loaded is not None
    assert loaded.seats == SEATS
    keeping.count_abandoned(store, loaded)
    assert store.load_stats().recent[-1].given_up


@pytest.mark.parametrize("level", LEVELS)
def test_a_game_against_any_level_the_table_offers_resumes(tmp_path: Path, level: str) -> None:
    seats = [SEATS[0], {"name": "North", "seat": 1, "kind": f"ai:{level}"}]
    Store(tmp_path).save_game(played(5), seats)
    loaded = Store(tmp_path).load_game()
    assert loaded is not None and loaded.seats == seats


def test_saving_replaces_the_file_whole(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = played(5)
    store.save_game(game, SEATS)
    store.save_game(played(6), SEATS)
    assert sorted(p.name for p in tmp_path.iterdir()) == [SAVED_GAME]  # no temporary files left
    assert len(json.loads((tmp_path / SAVED_GAME).read_text(encoding="utf-8"))["moves"]) == 6


def _damaged(tmp_path: Path, change: object) -> Store:
    store = Store(tmp_path)
    store.save_game(played(9), SEATS)
    data = json.loads((tmp_path / SAVED_GAME).read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    (tmp_path / SAVED_GAME).write_text(json.dumps(data), encoding="utf-8")
    return Store(tmp_path)


@pytest.mark.parametrize("change, said", [
    (lambda d: d["moves"].__setitem__(3, "KS-"), "move 4"),
    (lambda d: d.__setitem__("save_format", 99), "newer Cassino"),
    (lambda d: d["position"].__setitem__("to_move", 1 - d["position"]["to_move"]), "do not lead to the position"),
    (lambda d: d.__setitem__("players", [{"name": "A", "kind": "human"}, {"name": 3, "kind": "ai:god"}]), "'name' must be text"),
    (lambda d: d.__setitem__("players", [{"name": "A", "kind": "human"}, {"name": "B", "kind": "ai:god"}]), "a player must"),
    (lambda d: d.__setitem__("seed", [1]), "'seed'"),
])
def test_a_damaged_saved_game_is_set_aside_and_the_reason_given(tmp_path: Path, change: object, said: str) -> None:
    store = _damaged(tmp_path, change)
    assert store.load_game() is None
    assert len(store.problems) == 1 and said in store.problems[0], store.problems
    assert (tmp_path / (SAVED_GAME + ".bad")).exists() and not store.has_game()


def test_a_killed_game_resumes_from_its_last_saved_move(tmp_path: Path) -> None:
    """The real program, killed without warning after the computer's first move."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from cassino.rules import first_dealer

    seed = next(s for s in range(100) if first_dealer(s, 2) == 0)  # you deal: North plays first
    env = {**os.environ, "CASSINO_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen([sys.executable, "-m", "cassino", "play", "--window", "1024x600", "--quick",
                             "--seed", str(seed)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        # (The game is kept from the deal on; then after every move.)
        def moves_saved() -> int:
            kept = Store(tmp_path).load_game() if (tmp_path / SAVED_GAME).exists() else None
            return len(kept.game.moves) if kept is not None else -1

        end = time.monotonic() + 60
        while moves_saved() < 1 and time.monotonic() < end and proc.poll() is None:
            time.sleep(0.1)
        assert moves_saved() == 1, "no save after the computer's move"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    loaded = Store(tmp_path).load_game()
    assert loaded is not None
    assert loaded.game.seed == seed and len(loaded.game.moves) == 1
    assert loaded.game.position.to_move == 0  # your turn, where it was


def test_every_setting_round_trips_and_bad_choices_are_named(tmp_path: Path) -> None:
    chosen = Settings(speed="fast", four_colour=True, fullscreen=False, card_back="green", sound=False,
                      volume=0.25, ai_delay="long", table_colour="blue", undo=True, thinking="quick",
                      window_size=(1100, 700))
    assert Settings.from_json(json.loads(json.dumps(chosen.to_json()))) == chosen
    with pytest.raises(ValueError, match="'table_colour' must be one of green, blue, red"):
        Settings.from_json({"table_colour": "purple"})
    with pytest.raises(ValueError, match="'thinking' must be one of quick, normal, long"):
        Settings.from_json({"thinking": 400})
    with pytest.raises(ValueError, match="'volume' must be a number from 0 to 1"):
        Settings.from_json({"volume": 3})
    for bad in ([1100], [1100, 700, 1], ["1100", 700], [1100.0, 700], [True, 700], [10, 700], [1100, 10**9], {}):
        with pytest.raises(ValueError, match=r"'window_size' must be null or \[width, height\] in pixels"):
            Settings.from_json({"window_size": bad})


def test_continue_names_the_kept_games_score(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = played(60)  # into the second round (48 cards are played in a round)
    store.save_game(game, SEATS)
    you, north = game.position.scores
    assert game.position.round == 2 and you + north > 0
    assert store.game_in_words() == f"You {you}, North {north}"


def test_partners_are_named_together_with_their_score(tmp_path: Path) -> None:
    store = Store(tmp_path)
    seats = [{"name": name, "seat": i, "kind": "human" if i == 0 else "ai:beginner"}
             for i, name in enumerate(["You", "West", "North", "East"])]
    store.save_game(Game(players=4, teams=[[0, 2], [1, 3]], seed=2), seats)
    assert store.game_in_words() == "You & North 0, West & East 0"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(field=st.sampled_from(["players", "position", "teams", "scores", "name", "rules", "sweeps"]),
       value=json_values)
def test_any_field_of_a_kept_game_gives_its_words_or_none(field: str, value: object) -> None:
    """Continue's hint reads the file without checking the game: whatever a
    field holds, it gives words or None, and never raises."""
    doc: dict[str, Any] = json.loads(json.dumps({"players": SEATS, "position": position_to_json(Game(seed=3).position)}))
    if field in ("players", "position"):
        doc[field] = value
    elif field == "name":
        doc["players"][1]["name"] = value
    else:
        doc["position"][field] = value
    words = saved_game_in_words(doc)
    assert words is None or words.startswith("You ")
    facts = saved_game_facts(doc)  # the rules and round named: never raises either
    assert facts is None or 2 <= facts.players <= 6


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=300) | json_values.map(lambda v: json.dumps(v).encode()))
def test_any_bytes_kept_as_the_game_leave_the_hint_plain_and_the_file_alone(data: bytes) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / SAVED_GAME).write_bytes(data)
        store = Store(Path(folder))
        assert store.game_in_words() is None  # never a real game's
        assert (Path(folder) / SAVED_GAME).read_bytes() == data and store.problems == []


def test_continue_says_when_the_latest_moves_could_not_be_saved(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # A read-only folder or a full disk: the table warns at each move, but Continue
    # then offered "your game as you left it" and brought back an older position.
    from cassino.ui.menus.title import kept_game_words

    seats = [{"name": "You", "seat": 0, "kind": "human"}, {"name": "North", "seat": 1, "kind": "ai:beginner"}]
    store = Store(tmp_path)
    game = Game(seed=2)
    store.save_game(game, seats)
    assert kept_game_words(store) == "Back to your game as you left it: You 0, North 0 (Standard)"
    game.play(game.legal_moves()[0])

    def full(name: str, data: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "write", full)
    with pytest.raises(OSError):
        store.save_game(game, seats)
    said = kept_game_words(store)
    assert said.startswith("Back to your game as last saved") and "could not be saved" in said
    # The game named for a player of several kinds: its rules and round ("your game" named none).
    from cassino.rules import Rules

    other = Store(tmp_path / "draw")
    draw = Game(Rules(draw=True), seed=3)
    other.save_game(draw, seats)
    assert kept_game_words(other) == "Back to your game as you left it: You 0, North 0 (Draw Cassino)"
    # A game of fixed rounds says its round; another's position does not (round 1 was said in round 2).
    fixed = Store(tmp_path / "fixed")
    california = Game(Rules(court_capture="all", sweeps=0, deal_singly=True, rounds=4), seed=3)
    while not california.rounds:
        california.play(california.legal_moves()[0])
    # Saved as round 2 was dealt, its sheet not yet closed: Continue opens on round 1's sheet.
    fixed.save_game(california, seats)
    assert kept_game_words(fixed).endswith("(California, round 1 of 4 over)"), kept_game_words(fixed)
    fixed.save_game(california, seats, dealt_in=True)
    assert kept_game_words(fixed).endswith("(California, round 2 of 4)"), kept_game_words(fixed)
    california.play(california.legal_moves()[0])
    fixed.save_game(california, seats)
    assert kept_game_words(fixed).endswith("(California, round 2 of 4)"), kept_game_words(fixed)


def test_continue_counts_the_sweeps_sudden_death_has_scored(tmp_path: Path) -> None:
    """Under sudden death a sweep scores at once: Continue's hint says the
    score the table shows, not the score the round began with."""
    from cassino.rules import Rules

    store = Store(tmp_path)
    game = Game(Rules(sudden_death=True, sweeps=2, target=31), seed=5)
    while not any(game.position.sweeps):
        pos = game.position
        sweeps = [m for m in game.legal_moves() if m.kind == "capture" and pos.table & ~m.takes == 0]
        game.play(sweeps[0] if sweeps else game.legal_moves()[0])
    assert game.winner is None
    store.save_game(game, SEATS)
    pos = game.position
    shown = [s + n * 2 for s, n in zip(pos.scores, pos.sweeps)]
    assert shown != list(pos.scores)
    assert store.game_in_words() == f"You {shown[0]}, North {shown[1]}"


@pytest.mark.parametrize("inside", [False, True])
def test_a_folder_that_cannot_be_used_is_said_once_not_once_per_file(tmp_path: Path, inside: bool) -> None:
    """The player's folder is a file (or lies under one): each of the four
    files said "could not be read (Not a directory). Nor could it be moved
    aside ..., so it is left as it was", of files that were never there."""
    (tmp_path / "file").write_text("a file", encoding="utf-8")
    folder = tmp_path / "file" / "home" if inside else tmp_path / "file"
    store = Store(folder)
    assert store.load_settings() == Settings() and store.load_stats() == Stats()
    assert store.load_setup() == Setup() and store.load_game() is None
    [said] = store.problems
    assert said.startswith(f"Your folder {folder} cannot be used (")
    assert ("a file stands where one of the folders above it should be" if inside else "it is a file") in said
    assert (tmp_path / "file").read_text(encoding="utf-8") == "a file"


def test_a_folder_that_cannot_be_written_is_said_at_the_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only folder was said only once a game could not be saved, in a
    line the computer's next move replaced: the game was lost at quitting."""
    (tmp_path / SETTINGS).write_text('{"speed": "slow"}', encoding="utf-8")
    assert Store(tmp_path).load_settings().speed == "slow" and Store(tmp_path).problems == []
    real = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: False if Path(path) == tmp_path else real(path, mode))
    store = Store(tmp_path)
    assert store.load_settings().speed == "slow" and store.load_stats() == Stats()
    assert store.problems == [f"Your folder {tmp_path} cannot be written: your settings, statistics and games "
                              f"are read from it but not kept in it this time."]


def test_settings_this_copy_does_not_know_are_kept_when_it_saves(tmp_path: Path) -> None:
    """A newer copy's settings were lost the first time an older copy saved its own."""
    (tmp_path / SETTINGS).write_text('{"speed": "slow", "hint_style": {"arrows": [1, 2]}, "card_back": "red"}',
                                     encoding="utf-8")
    store = Store(tmp_path)
    settings = store.load_settings()
    assert (settings.speed, settings.card_back) == ("slow", "red") and store.problems == []
    settings.speed = "fast"
    store.save_settings(settings)
    written = json.loads((tmp_path / SETTINGS).read_text(encoding="utf-8"))
    assert written["hint_style"] == {"arrows": [1, 2]} and written["speed"] == "fast"
    assert Store(tmp_path).load_settings() == settings


def test_a_file_the_game_read_whole_is_written_so_that_it_reads_it_again(tmp_path: Path) -> None:
    """Read whole at 2 MB, written indented at 5 MB: over the reading limit, the
    settings were set aside at the next start and every one was lost."""
    from cassino.rules.jsontext import MAX_BYTES

    big = json.dumps({"speed": "slow", "newer_copy_option": [0] * 1_000_000}, separators=(",", ":"))
    assert MAX_BYTES // 4 < len(big) < MAX_BYTES
    (tmp_path / SETTINGS).write_text(big, encoding="utf-8")
    store = Store(tmp_path)
    settings = store.load_settings()
    settings.speed = "fast"
    store.save_settings(settings)
    again = Store(tmp_path)
    assert again.load_settings().speed == "fast" and again.problems == []
    # Too big even so, it is refused and the file is left as it was.
    store.other_settings["newer_copy_option"] = [0] * (MAX_BYTES // 2)
    with pytest.raises(OSError, match="more than the game reads back"):
        store.save_settings(settings)
    assert Store(tmp_path).load_settings().speed == "fast"


def test_a_save_into_a_folder_that_cannot_be_used_says_why_in_the_game_s_words(tmp_path: Path) -> None:
    """Saving said "File exists" of a file standing where the folder should be."""
    import pytest

    (tmp_path / "file").write_text("a file", encoding="utf-8")
    store = Store(tmp_path / "file")
    with pytest.raises(OSError) as refused:
        store.save_settings(Settings())
    assert refused.value.strerror == "your folder cannot be used: it is a file, not a folder"
    assert (tmp_path / "file").read_text(encoding="utf-8") == "a file"


def test_a_second_copy_open_at_once_reads_the_folder_but_keeps_nothing(tmp_path: Path) -> None:
    # Two windows on one folder: the last move made in either replaced the other's game,
    # a setting changed in one was undone by the other, and a game given up in one and
    # won in the other was counted twice.
    from cassino.store import SHARED

    (tmp_path / ".game.json.k2j4x9.tmp").write_text('{"half": ', encoding="utf-8")  # a write cut short
    first, second = Store(tmp_path), Store(tmp_path)
    assert first.claim() and not first.shared
    assert not list(tmp_path.glob("*.tmp")), "what a copy stopped mid-write left is cleared by the next"
    first.save_settings(Settings(table_colour="blue"))
    assert not second.claim() and second.shared and SHARED in second.problems
    assert second.load_settings().table_colour == "blue", "it reads what the first keeps"
    with pytest.raises(OSError, match="open in another window"):
        second.save_settings(Settings(table_colour="red"))
    with pytest.raises(OSError):
        second.delete("settings.json")
    assert first.load_settings().table_colour == "blue"
    first.save_settings(Settings(table_colour="red"))  # the first keeps on keeping
    first.release()
    third = Store(tmp_path)
    assert third.claim() and not third.shared, "once the first is closed, the next copy keeps the files"
    third.release()


@pytest.mark.skipif(os.name != "posix", reason="file modes as POSIX has them")
def test_a_file_rewritten_keeps_its_mode_and_a_new_one_is_readable_by_the_player_s_other_programs(
        tmp_path: Path) -> None:
    # mkstemp's 0600 made every file the game rewrote private, whatever the player had set.
    from cassino.store import NEW_FILE_MODE

    store = Store(tmp_path)
    store.save_settings(Settings())
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE((tmp_path / "settings.json").stat().st_mode) == NEW_FILE_MODE == 0o666 & ~umask
    (tmp_path / "settings.json").chmod(0o640)
    store.save_settings(Settings(table_colour="blue"))
    assert stat.S_IMODE((tmp_path / "settings.json").stat().st_mode) == 0o640
