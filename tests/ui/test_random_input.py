"""Random input into the real game, from the title screen: clicks, drags,
keys, window resizes and the wheel, seeded, through ``App.step`` as the
frame loop runs them. Nothing a person can do with a mouse and a keyboard
may raise; wherever the game goes (the setup, the rules, a table, the score
sheet), it goes on.

CI runs a short session with a fixed seed; ``CASSINO_RANDOM_EVENTS=50000``
runs a long one (and ``CASSINO_RANDOM_SEED`` another seed).
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pygame

from cassino.settings import Settings
from cassino.store import Store
from cassino.ui.app import App
from cassino.ui.screens import show_title

EVENTS = int(os.environ.get("CASSINO_RANDOM_EVENTS", "2500"))
SEED = int(os.environ.get("CASSINO_RANDOM_SEED", "14"))
KEYS = (pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END,
        pygame.K_BACKSPACE, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_h, pygame.K_p, pygame.K_c,
        pygame.K_s, pygame.K_z, pygame.K_a, pygame.K_5, pygame.K_KP_ENTER)
SIZES = ((1024, 600), (1280, 720), (1920, 1080), (800, 500), (2560, 1440), (1100, 900))



def random_events(rng: random.Random, size: tuple[int, int]) -> list[pygame.event.Event]:
    """One gesture: a click, a drag, a key, the wheel, a resize or a move."""
    w, h = size

    def at() -> tuple[int, int]:
        return rng.randrange(w), rng.randrange(h)

    kind = rng.random()
    if kind < 0.3:
        p, button = at(), rng.choice((1, 1, 1, 3))
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button)]
    if kind < 0.45:
        a, b = at(), at()
        out = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)]
        for k in range(1, 5):
            out.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(a[0] + (b[0] - a[0]) * k // 4,
                                                                  a[1] + (b[1] - a[1]) * k // 4),
                                          rel=(1, 1), buttons=(1, 0, 0)))
        return out + [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)]
    if kind < 0.8:
        key = rng.choice(KEYS)
        mod = pygame.KMOD_CTRL if key == pygame.K_z and rng.random() < 0.5 else \
            pygame.KMOD_SHIFT if rng.random() < 0.1 else 0
        char = chr(key) if 32 <= key < 127 else ""
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0),
                pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=char, scancode=0)]
    if kind < 0.9:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False)]
    if kind < 0.95:
        nw, nh = rng.choice(SIZES)
        return [pygame.event.Event(pygame.VIDEORESIZE, w=nw, h=nh, size=(nw, nh))]
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=at(), rel=(3, 3), buttons=(0, 0, 0))]


def test_random_input_from_the_title_raises_nothing(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    app = App((1280, 720), Settings(speed="fast", ai_delay="none", fullscreen=False), Store(tmp_path))
    show_title(app)
    sent = 0
    screens: set[str] = set()
    while sent < EVENTS:
        if not app.running or not app.scenes:  # Quit was chosen: a new start, as a player would
            app.running = True
            show_title(app)
        events = random_events(rng, app.size)
        sent += len(events)
        app.step(1 / 60, events)
        for _ in range(rng.choice((0, 0, 1, 3, 10))):  # time passes: cards fly, the computer plays
            app.step(1 / 60, [])
        top = app.top
        if top is not None:
            screens.add(type(top).__name__)
    assert {"TitleScene", "TableScene"} <= screens, f"the session saw only {sorted(screens)}"
