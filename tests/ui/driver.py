"""Driving the real table headless: a window on SDL's dummy driver, posted
mouse and keyboard events, and frames stepped through ``App.step``."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

import pygame

from cassino.rules import Game, Position, Rules
from cassino.settings import Settings
from cassino.ui.app import App, Scene
from cassino.ui.screens import show_title, sit_down
from cassino.ui.table import Seat, TableScene


def open_table(pos: Position | None = None, size: tuple[int, int] = (1280, 720), speed: str = "instant",
               levels: tuple[str | None, ...] = (None, "beginner"), seed: int = 7) -> tuple[App, TableScene]:
    """A table with ``pos`` in play (or a fresh game), you in seat 0."""
    app = App(size, Settings(speed=speed, fullscreen=False))
    players = pos.players if pos is not None else len(levels)
    game = Game(pos.rules if pos is not None else Rules(), players,
                [list(t) for t in pos.teams] if pos is not None else None, seed=seed)
    if pos is not None:
        game.position = pos
        game.totals = tuple(pos.scores)
    seats = [Seat("You") if lv is None else Seat(f"Bot{i}", lv) for i, lv in enumerate(levels)]
    table = sit_down(app, game, seats)
    settle(app)
    return app, table


S = TypeVar("S", bound=Scene)


def over_title(make: Callable[[App], S], size: tuple[int, int] = (1280, 720)) -> tuple[App, S]:
    """A window of ``size`` at the title, and the screen ``make`` opens over it, drawn once."""
    app = App(size, Settings(speed="instant", fullscreen=False))
    show_title(app)
    scene = make(app)
    app.push(scene)
    step(app)
    return app, scene


def step(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(1 / 60)
        # The real loop sleeps between frames; a loop that never did would hold
        # the interpreter and starve the computer players' threads (a hint that
        # takes milliseconds took seconds, and over ten on a busy machine).
        time.sleep(0)


def settle(app: App, limit: float = 20.0) -> None:
    """Run frames until no card moves and no computer player thinks (and a
    round's or game's end has shown its summary)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        step(app)
        table = app.scenes[0]
        if not isinstance(table, TableScene) or app.top is not table:
            return
        pos = table.pos
        waiting = (pos is table.game.position and not pos.round_over and not table.game.over
                   and pos.to_move in table.players)
        if not (table.motion.busy or table.thinker is not None or waiting or table.round_result
                or table.game_ended):
            step(app)
            return
        time.sleep(0.002)
    raise AssertionError("the table never settled")


def post(kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def click(app: App, at: tuple[int, int], button: int = 1) -> None:
    post(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=at, button=button)
    post(pygame.MOUSEBUTTONUP, pos=at, button=button)
    step(app, 2)


def click_twice(app: App, at: tuple[int, int]) -> None:
    """A hand card clicked, which picks it up, then clicked again: all its plays
    (the only one played at once)."""
    click(app, at)
    click(app, at)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    step(app)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0))
        step(app)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    step(app, 2)


def key(app: App, k: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)
    step(app)


def focus_hand_card(app: App, table: TableScene, card: int) -> None:
    """Moves the keyboard focus along your hand to ``card`` (the focus is in the hand)."""
    hand = table.hand_order(0)
    for _ in range(len(hand) + 1):  # the first Right only shows where the focus is
        if table.input.keyboard and hand[table.input.focus[1]] == card:
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError(f"the focus never reached card {card} in your hand")


def hand_card_centre(table: TableScene, card: int) -> tuple[int, int]:
    for c, r in table.stage.hand_rects(table.bottom):
        if c == card:
            return r.center
    raise AssertionError(f"card {card} is not in your hand on screen")


def item_centre(table: TableScene, mask: int) -> tuple[int, int]:
    for it in table.items:
        if it.mask == mask:
            return it.rect.center
    raise AssertionError("no such table item on screen")


def bare_cloth(table: TableScene) -> tuple[int, int]:
    """A point on the table's cloth clear of every item: where a trail is dropped."""
    area = table.geo.table
    for y in range(area.bottom - 5, area.top, -7):
        for x in range(area.left + 5, area.right, 7):
            if table.stage.item_at((x, y)) is None:
                return (x, y)
    raise AssertionError("no bare cloth on the table")
