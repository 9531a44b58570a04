"""The scene stack around the table: title, setup, pause, settings, rules,
hints and the full-screen switch, driven by posted events."""

from __future__ import annotations

import time

import pygame
import pytest

from cassino.settings import Settings
from cassino.ui.app import App
from cassino.ui.overlays import RulesScene, SettingsScene
from cassino.ui.table import TableScene
from cassino.ui.title import SetupScene, TitleScene
from tests.rules.helpers import table_position

from .driver import key, open_table, step


@pytest.fixture(autouse=True)
def _quit() -> object:
    yield
    pygame.quit()


def title_app() -> App:
    app = App((1280, 720), Settings(speed="instant", fullscreen=False))
    app.replace(TitleScene(app))
    step(app)
    return app


def test_play_sits_you_down_against_one_intermediate() -> None:
    app = title_app()
    key(app, pygame.K_RETURN)  # "Play" has the focus
    table = app.top
    assert isinstance(table, TableScene)
    assert [s.level for s in table.seats] == [None, "intermediate"]
    assert table.game.rules.target == 21 and table.game.players == 2


def test_new_game_sets_up_three_players_at_the_chosen_level() -> None:
    app = title_app()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # New game
    setup = app.top
    assert isinstance(setup, SetupScene)
    key(app, pygame.K_RETURN)  # Players: 2 -> 3
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Computer players: intermediate -> expert
    assert (setup.players, setup.level) == (3, "expert")
    start = [i.label for i in setup.menu.items].index("Start")
    setup.menu.focus = start
    key(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    assert [s.level for s in table.seats] == [None, "expert", "expert"]


def test_quit_from_the_title_ends_the_loop() -> None:
    app = title_app()
    for _ in range(4):
        key(app, pygame.K_DOWN)
    assert app.top.menu.items[app.top.menu.focus].label == "Quit"  # type: ignore[union-attr]
    key(app, pygame.K_RETURN)
    assert not app.running


def test_pause_menu_reaches_rules_and_settings_and_quits_to_title() -> None:
    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H"))
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    speed = app.settings.speed
    key(app, pygame.K_UP)  # focus stays on the row acted on
    key(app, pygame.K_DOWN)
    settings.menu.focus = 0
    key(app, pygame.K_RETURN)
    assert app.settings.speed != speed
    settings.menu.focus = 1
    key(app, pygame.K_RETURN)
    assert app.settings.four_colour
    key(app, pygame.K_ESCAPE)  # back to the pause menu, still on "Settings"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Quit to title
    assert isinstance(app.top, TitleScene) and len(app.scenes) == 1


def test_f11_switches_between_full_screen_and_a_window_and_the_table_follows() -> None:
    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H"))
    was = app.settings.fullscreen
    key(app, pygame.K_F11)
    assert app.settings.fullscreen != was
    key(app, pygame.K_F11)
    assert app.settings.fullscreen == was
    assert table.geo.size == app.size


def test_h_asks_the_expert_for_a_hint_and_shows_it() -> None:
    app, table = open_table(table_position(hand="8S 3C 9H", loose="8D 5H KC"))
    key(app, pygame.K_h)
    frames = 0
    end = time.monotonic() + 10
    while table.hinter is not None and time.monotonic() < end:
        step(app)
        frames += 1
    assert table.message.startswith("Hint: ")
    assert table.hint_move is not None and table.pos.is_legal(table.hint_move)
    assert table.game.moves == [], "a hint never plays for you"
