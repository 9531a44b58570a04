"""The thinking time setting: the computer players at the table get their
usual budget scaled by it, and the settings screen cycles it and keeps it."""

from __future__ import annotations

import pygame
import pytest

from cassino.ai.expert import Expert
from cassino.ai.master import Master
from cassino.rules import Game, Rules
from cassino.settings import THINK_SCALE, Settings
from cassino.store import Store
from cassino.ui.app import App
from cassino.ui.menus.settings import SettingsScene
from cassino.ui.table import Seat, TableScene

from .driver import key, step



@pytest.mark.parametrize("thinking", ["quick", "normal", "long"])
@pytest.mark.parametrize("level,usual", [("expert", Expert.default_ms), ("master", Master.default_ms)])
def test_a_computer_player_thinks_as_long_as_the_setting_says(thinking: str, level: str, usual: float) -> None:
    app = App((1024, 600), Settings(speed="instant", fullscreen=False, ai_delay="none", thinking=thinking))
    game = Game(Rules(), 2, seed=4)
    table = TableScene(app, game, [Seat("North", level), Seat("South", level)])
    app.replace(table)
    for _ in range(100):
        if table.thinker is not None:
            break
        step(app)
    assert table.thinker is not None
    assert table.thinker.budget.ms == pytest.approx(usual * THINK_SCALE[thinking])
    table.thinker.cancel()


def test_the_settings_screen_cycles_the_thinking_time_and_keeps_it(tmp_path: object) -> None:
    store = Store(tmp_path)  # type: ignore[arg-type]
    app = App((1024, 600), Settings(fullscreen=False), store)
    scene = SettingsScene(app)
    app.push(scene)
    step(app)
    line = next(i for i, it in enumerate(scene.menu.items) if it.label.startswith("Computer thinking time"))
    scene.menu.focus = line
    seen = []
    for _ in range(3):
        key(app, pygame.K_RETURN)
        step(app)
        seen.append(app.settings.thinking)
        assert scene.menu.items[line].label == f"Computer thinking time: {app.settings.thinking}"
    assert seen == ["long", "quick", "normal"]
    key(app, pygame.K_RETURN)
    assert store.load_settings().thinking == "long"
