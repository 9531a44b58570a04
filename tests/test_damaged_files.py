"""Damaged files in the player's folder, generated: settings.json, stats.json,
setup.json and game.json holding any bytes at all, or a valid file mutated.
Each is either used (and then it is sound: the values it gives work) or set
aside with its bytes intact under a name no other damaged copy has, said in
``problems``; the defaults take its place. Nothing else happens: no
exception, no file lost.

Example counts come from ``CASSINO_FUZZ`` (see tests/fuzzing.py).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from cassino.rules import PRESETS, Rules, seating_refusal, standard_teams
from cassino.settings import AI_DELAYS, CARD_BACKS, SPEEDS, TABLE_COLOURS, Settings
from cassino.setups import CUSTOM, LEVELS, Setup
from cassino.stats import RECENT, Result, Stats
from cassino.rules.jsontext import loads
from cassino.store import LOST, SAVED_GAME, SOME_SETTINGS_LOST, SETTINGS, SETUP, STATS, SavedGame, Store
from tests.fuzzing import damaged_bytes, fuzz, mutated, saved_games, settings_docs, setup_docs, stats_docs

pytestmark = pytest.mark.fuzz


def sound_settings(s: Settings) -> None:
    assert s.speed in SPEEDS and s.card_back in CARD_BACKS and s.ai_delay in AI_DELAYS
    assert s.table_colour in TABLE_COLOURS and 0 <= s.volume <= 1
    assert all(type(getattr(s, k)) is bool for k in ("four_colour", "fullscreen", "sound", "undo"))
    assert s.flight >= 0 and s.ai_pause >= 0
    assert Settings.from_json(json.loads(json.dumps(s.to_json()))) == s


def sound_stats(s: Stats) -> None:
    assert min(s.rounds, s.points, s.best_round, s.sweeps) >= 0 and s.average_round >= 0
    assert all(r.won + r.lost == r.played for r in s.games.values())
    assert s.streak <= s.best_streak and min(s.best_streak, s.most_sweeps) >= 0
    assert len(s.recent) <= RECENT and all(type(r.won) is bool and r.sweeps >= 0 for r in s.recent)
    assert Stats.from_json(json.loads(json.dumps(s.to_json()))) == s


def sound_setup(s: Setup) -> None:
    assert 2 <= s.players <= 6 and s.level in LEVELS and len(s.kinds) == 6 and s.kinds[0] is None
    assert all(k is None or k in LEVELS for k in s.kinds)
    assert len(s.names) == 6 and all(isinstance(n, str) and len(n) <= 16 and n.isprintable() for n in s.names)
    teams = standard_teams(s.players, s.partnerships)
    rules = Rules.from_json(s.custom) if s.game == CUSTOM else PRESETS[s.game].rules(s.players)
    if s.game != CUSTOM:
        assert seating_refusal(rules, s.players, teams) is None
    assert Setup.from_json(json.loads(json.dumps(s.to_json()))) == s


def sound_game(saved: SavedGame | None) -> None:
    if saved is None:
        return  # nothing to resume (an over game is set aside, so never this with a file)
    assert not saved.game.over and saved.game.legal_moves()
    assert len(saved.seats) == saved.game.players
    assert all(0 < len(s["name"]) <= 40 and s["name"].isprintable() for s in saved.seats)


READERS: dict[str, tuple[Callable[[Store], Any], Callable[[], list[Any]], Callable[[Any], None]]] = {
    SETTINGS: (Store.load_settings, settings_docs, sound_settings),
    STATS: (Store.load_stats, stats_docs, sound_stats),
    SETUP: (Store.load_setup, setup_docs, sound_setup),
    SAVED_GAME: (Store.load_game, saved_games, sound_game),
}
DEFAULTS: dict[str, Any] = {SETTINGS: Settings(), STATS: Stats(), SETUP: Setup(), SAVED_GAME: None}


def check_file(name: str, data: bytes, earlier: bool) -> None:
    """Write ``data`` as ``name`` (beside an earlier damaged copy, if ``earlier``)
    and load it: used soundly, or set aside whole."""
    load, _, sound = READERS[name]
    folder = Path(tempfile.mkdtemp(prefix="cassino-damaged-"))
    try:
        if earlier:
            (folder / f"{name}.bad").write_bytes(b"an earlier damaged copy")
        (folder / name).write_bytes(data)
        store = Store(folder)
        value = load(store)
        some = False
        event("set aside" if store.problems else "used")
        if store.problems:
            assert len(store.problems) == 1, store.problems
            said = store.problems[0]
            # Settings some of which were right keep those (one wrong value lost them all).
            some = name == SETTINGS and said.startswith(SOME_SETTINGS_LOST)
            assert said.startswith(f"{SOME_SETTINGS_LOST if some else LOST[name]} {name} was set aside because ") \
                and "\n" not in said and len(said) < 700
            kept = folder / (f"{name}.2.bad" if earlier else f"{name}.bad")
            assert f"It was kept as {kept.name} in {store.folder}." in said
            assert kept.read_bytes() == data
            # The settings kept are written back (else lost at the next start); nothing else is.
            assert (folder / name).exists() == some
            if some:
                again = Store(folder)
                assert again.load_settings() == value and not again.problems
                written = loads(data)  # as the store reads it
                right = {k: v for k, v in value.to_json().items() if k in written and written[k] == v}
                assert right and all(v == DEFAULTS[name].to_json()[k] for k, v in value.to_json().items()
                                     if k not in right), (written, value)
            elif value is not None:
                assert value == DEFAULTS[name]
        else:
            assert (folder / name).read_bytes() == data
            sound(value)
        if earlier:
            assert (folder / f"{name}.bad").read_bytes() == b"an earlier damaged copy"
        assert sorted(os.listdir(folder)) == sorted(
            [name] * (not store.problems or some) + [f"{name}.bad"] * (earlier or bool(store.problems))
            + [f"{name}.2.bad"] * (earlier and bool(store.problems)))
    finally:
        shutil.rmtree(folder)


@pytest.mark.parametrize("name", list(READERS))
@fuzz
@given(data=st.data(), earlier=st.booleans())
def test_damaged_bytes_are_used_soundly_or_set_aside_whole(name: str, data: st.DataObject, earlier: bool) -> None:
    check_file(name, data.draw(damaged_bytes(READERS[name][1])), earlier)


@pytest.mark.parametrize("name", list(READERS))
@fuzz
@given(data=st.data(), earlier=st.booleans())
def test_mutated_files_are_used_soundly_or_set_aside_whole(name: str, data: st.DataObject, earlier: bool) -> None:
    doc = data.draw(mutated(READERS[name][1]))
    check_file(name, json.dumps(doc, ensure_ascii=data.draw(st.booleans())).encode("utf-8"), earlier)


@pytest.mark.parametrize("name", list(READERS))
def test_the_files_the_game_writes_are_read_back(tmp_path: Path, name: str) -> None:
    """The starting points of the generated files are good: each is used as it is."""
    load, docs, sound = READERS[name]
    for doc in docs():
        (tmp_path / name).write_text(json.dumps(doc), encoding="utf-8")
        store = Store(tmp_path)
        value = load(store)
        assert store.problems == []
        sound(value)


def test_every_damaged_copy_is_kept(tmp_path: Path) -> None:
    """Damaged three times: three copies, none overwritten, each named in its notice."""
    kept = []
    for n in range(3):
        (tmp_path / SETTINGS).write_bytes(b"\xff damaged %d" % n)
        store = Store(tmp_path)
        assert store.load_settings() == Settings()
        kept.append(store.problems[0].rsplit("kept as ", 1)[1].removesuffix(f" in {store.folder}."))
    assert [Path(k).name for k in kept] == ["settings.json.bad", "settings.json.2.bad", "settings.json.3.bad"]
    assert [(tmp_path / k).read_bytes() for k in kept] == [b"\xff damaged 0", b"\xff damaged 1", b"\xff damaged 2"]


@pytest.mark.parametrize("make, said", [
    (lambda p: p.mkdir(), "it is not a file"),
    (lambda p: os.mkfifo(p), "it is not a file"),
    (lambda p: p.write_bytes(b" " * (5 * 1024 * 1024)), "it is 5120 KB"),
    (lambda p: p.write_bytes('{"speed": "slow"}'.encode("utf-16")), "it is UTF-16 text; save it as UTF-8"),
    (lambda p: p.write_bytes(b"[" * 50_000), "deeper than 32 levels"),
])
def test_files_that_are_not_json_text_are_set_aside(tmp_path: Path, make: Callable[[Path], None], said: str) -> None:
    if not hasattr(os, "mkfifo") and "mkfifo" in repr(make):
        pytest.skip("no named pipes here")
    make(tmp_path / SETTINGS)
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    assert said in store.problems[0]
    assert os.path.lexists(tmp_path / (SETTINGS + ".bad")) and not os.path.lexists(tmp_path / SETTINGS)


def test_a_saved_game_with_an_unprintable_name_is_set_aside(tmp_path: Path) -> None:
    doc = dict(saved_games()[0])
    doc["players"] = [dict(doc["players"][0], name="You\x00"), doc["players"][1]]
    (tmp_path / SAVED_GAME).write_text(json.dumps(doc), encoding="utf-8")
    store = Store(tmp_path)
    assert store.load_game() is None
    assert "a player must have a name (1 to 40 printable characters)" in store.problems[0]


def test_a_save_is_flushed_to_disk_with_its_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The file's bytes and then the folder's entry: after a power cut the
    folder names the old file or the new one."""
    synced: list[str] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append("folder" if os.path.isdir(f"/proc/self/fd/{fd}") else "file")
        real(fd)

    if os.name != "posix" or not os.path.isdir("/proc/self/fd"):
        pytest.skip("folders are flushed on POSIX; /proc tells them apart")
    monkeypatch.setattr(os, "fsync", fsync)
    Store(tmp_path).save_settings(Settings(speed="slow"))
    assert synced == ["file", "folder"]
    assert Store(tmp_path).load_settings().speed == "slow"


def test_a_save_killed_at_any_moment_leaves_the_old_file_or_the_new(tmp_path: Path) -> None:
    """A process saving as fast as it can, killed at twenty moments: the file
    is always one of the saves, whole."""
    import signal
    import subprocess
    import sys
    import time

    script = ("import sys\nfrom pathlib import Path\nfrom cassino.store import Store\nfrom cassino.stats import Stats\n"
              "store = Store(Path(sys.argv[1]))\nn = 0\n"
              "while True:\n    s = Stats(rounds=n, points=n * 1000, best_round=1000)\n"
              "    s.games.update({f'level {i} · game': __import__('cassino.stats').stats.Record(n, n, 0)"
              " for i in range(200)})\n    store.save_stats(s)\n    n += 1\n"
              "    if n == 1: print('saving', flush=True)\n")
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=str(root))
    for moment in range(20):
        proc = subprocess.Popen([sys.executable, "-c", script, str(tmp_path)], env=env, stdout=subprocess.PIPE)
        assert proc.stdout is not None and proc.stdout.readline() == b"saving\n"
        time.sleep(0.003 * moment)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        store = Store(tmp_path)
        stats = store.load_stats()
        assert store.problems == [] and stats.points == stats.rounds * 1000 and len(stats.games) == 200


@pytest.mark.parametrize("key", ["a\x00b · Standard", "x" * 100_000 + " · Standard", "expert · \n", ""])
def test_statistics_under_a_name_no_screen_can_show_are_set_aside(tmp_path: Path, key: str) -> None:
    """A name is drawn on the statistics screen: a zero byte or a hundred
    thousand characters would stop the game there."""
    (tmp_path / STATS).write_text(json.dumps({"format": 1, "games": {key: [1, 1, 0]}}), encoding="utf-8")
    store = Store(tmp_path)
    assert store.load_stats() == Stats()
    assert "is not the name of a game" in store.problems[0]


def test_the_longest_name_a_game_has_is_kept() -> None:
    rules = Rules(sweeps=2, court_capture="all", controller="strict", spade_scoring=True, initial_pairs=True,
                  all_eleven="bonus", card_tie_to_spades=True, deal_singly=True, pluck=True, call_for_21=True,
                  sudden_death=True, count_out=True, target=10_000)
    stats = Stats()
    stats.record_game("beginner+intermediate+expert+beginner+intermediate", rules, Result(True, 10_000, 9_998), 4)
    assert Stats.from_json(json.loads(json.dumps(stats.to_json()))) == stats


@pytest.mark.parametrize("make", [
    lambda p: p.mkdir(),
    lambda p: os.mkfifo(p),  # reading it would wait for a writer for ever
    lambda p: p.write_bytes(b" " * (5 * 1024 * 1024)),
    lambda p: p.write_bytes(b"[" * 50_000),
    lambda p: p.write_bytes("{}".encode("utf-16")),
], ids=["folder", "pipe", "over the size limit", "deep", "utf-16"])
def test_continues_hint_passes_over_a_kept_game_that_is_no_plain_file(tmp_path: Path,
                                                                      make: Callable[[Path], None]) -> None:
    if not hasattr(os, "mkfifo") and "mkfifo" in repr(make):
        pytest.skip("no named pipes here")
    make(tmp_path / SAVED_GAME)
    store = Store(tmp_path)
    assert store.game_in_words() is None
    assert store.problems == [] and os.path.lexists(tmp_path / SAVED_GAME), "Continue says what is wrong, not the hint"
