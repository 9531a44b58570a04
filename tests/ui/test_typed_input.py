"""What a player types: only what can be used is taken, so Start never fails on it."""

from __future__ import annotations

from pathlib import Path

import pygame

from cassino.settings import Settings
from cassino.store import Store
from cassino.ui.app import App
from cassino.ui.menus.setup import SetupScene
from cassino.ui.screens import setup_scene, show_title
from cassino.ui.table import TableScene

from .driver import key, step



def type_text(text: str) -> None:
    for ch in text:
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=0, mod=0, unicode=ch, scancode=0))


def test_a_deal_number_takes_only_the_digits_0_to_9(tmp_path: Path) -> None:
    app = App((1280, 720), Settings(speed="instant", fullscreen=False), Store(tmp_path))
    show_title(app)
    app.push(setup_scene(app))
    step(app)
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.menu.focus = next(i for i, it in enumerate(setup.menu.items) if it.label.startswith("Game number"))
    key(app, pygame.K_RETURN)
    type_text("4²٣x 0\u00bd7")  # a superscript two, an Arabic-Indic three, a half: digits to isdigit(), not to int()
    step(app)
    key(app, pygame.K_RETURN)
    assert setup.deal == "407"
    setup.menu.focus = [i.label for i in setup.menu.items].index("Start")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, TableScene) and app.top.game.seed == 407
