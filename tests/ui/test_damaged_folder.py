"""Every file of the player's folder damaged at once: the game starts, sets
each aside with its bytes intact, says so on the title screen, and plays."""

from __future__ import annotations

import logging
from pathlib import Path

import pygame
import pytest

from cassino.settings import Settings
from cassino.stats import Stats
from cassino.store import SAVED_GAME, SETTINGS, SETUP, STATS, Store
from cassino.ui.app import App
from cassino.ui.menus.stats import StatsScene
from cassino.ui.menus.title import TitleScene
from cassino.ui.screens import setup_scene, show_title
from cassino.ui.table import TableScene

from .driver import key, step

DAMAGED = {
    SETTINGS: b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",              # a picture saved over it
    STATS: b"[" * 100_000 + b"]" * 100_000,                         # absurdly nested
    SETUP: '{"format": 2, "players": 3}'.encode("utf-16"),          # saved as UTF-16
    SAVED_GAME: b'{"save_format": 1, "seed": ' + b"9" * 5000 + b"}",  # a number of 5000 digits
}


@pytest.fixture(autouse=True)
def _quit() -> object:
    yield
    pygame.quit()


def test_every_file_damaged_the_game_still_starts_and_says_so(tmp_path: Path,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    game_log = logging.getLogger("cassino")
    if not game_log.propagate:  # the game's own log file was set up by an earlier test
        game_log.addHandler(caplog.handler)
    for name, data in DAMAGED.items():
        (tmp_path / name).write_bytes(data)
    store = Store(tmp_path)
    assert store.load_settings() == Settings()  # as the game starts: main.run
    app = App((1024, 600), Settings(speed="instant", fullscreen=False), store)
    title = show_title(app)
    step(app)
    assert title.menu.items[0].label == "Continue"
    key(app, pygame.K_RETURN)        # Continue: the saved game cannot be used
    assert isinstance(app.top, TitleScene)
    setup = setup_scene(app)         # the last setup: defaults instead
    assert (setup.players, setup.game) == (2, "standard")
    app.pop(setup)
    stats = StatsScene(app)          # the statistics: empty instead
    assert stats.stats == Stats()
    step(app)

    said = {p.split(" ", 1)[0]: p for p in store.problems}
    assert set(said) == set(DAMAGED)
    assert "it is not UTF-8 text" in said[SETTINGS]
    assert "deeper than 32 levels" in said[STATS]
    assert "it is UTF-16 text" in said[SETUP]
    assert "a number of 5000 digits" in said[SAVED_GAME]
    assert [r.getMessage() for r in caplog.records if r.name == "cassino"] == store.problems  # and in the log
    game_log.removeHandler(caplog.handler)
    for name, data in DAMAGED.items():
        assert (tmp_path / f"{name}.bad").read_bytes() == data
        assert not (tmp_path / name).exists()

    # The title (drawn with its notices) offers Play first now, and Play plays.
    assert app.top is title
    step(app)
    assert title.menu.items[0].label == "Play"
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, TableScene)
