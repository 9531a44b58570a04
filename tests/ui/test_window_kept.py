"""The window's size is kept from one run to the next: a player who made the
window bigger found it back at its first size every time."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from cassino.settings import Settings
from cassino.store import Store
from cassino.ui.app import App, Scene


def closed_after(app: App) -> None:
    """The loop run until the window is closed (a QUIT already waiting)."""
    app.push(Scene(app))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()


def test_a_resized_window_opens_at_that_size_next_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(App, "room", staticmethod(lambda: (1800, 1000)))
    store = Store(tmp_path)
    app = App(None, Settings(fullscreen=False), store)
    first = app.size
    app.resize((1300, 760))
    assert first != (1300, 760)
    closed_after(app)
    kept = Store(tmp_path).load_settings()
    assert kept.window_size == (1300, 760)
    assert App(None, kept, Store(tmp_path)).size == (1300, 760)
    pygame.quit()


def test_a_kept_size_too_big_for_this_desktop_is_brought_within_it(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(App, "room", staticmethod(lambda: (1200, 700)))
    app = App(None, Settings(fullscreen=False, window_size=(2400, 1300)), Store(tmp_path))
    assert app.size == (1200, 700)
    pygame.quit()


def test_a_size_the_command_line_asked_for_is_not_kept(tmp_path: Path) -> None:
    store = Store(tmp_path)
    app = App((1100, 650), Settings(fullscreen=False), store)
    app.resize((1200, 700))
    closed_after(app)
    assert Store(tmp_path).load_settings().window_size is None


def test_the_loop_asleep_looks_for_input_at_the_frame_rate_and_wakes_when_asked(tmp_path: Path) -> None:
    # pygame.event.wait looked a thousand times a second: some 1.5% of a core doing nothing.
    import time
    from unittest import mock

    from cassino.ui.app import FPS

    app = App((1024, 600), Settings(fullscreen=False), Store(tmp_path))
    pygame.event.clear()
    with mock.patch("cassino.ui.app.time.sleep", wraps=time.sleep) as slept:
        start = time.perf_counter()
        assert app._sleep(0.1) == []  # nothing came: back when the scene asked, not before
        took = time.perf_counter() - start
    assert 0.09 <= took < 0.5
    assert 4 <= slept.call_count <= 0.1 * FPS + 2  # a look each frame, not each millisecond
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    woke = app._sleep(None)
    assert [e.type for e in woke if e.type == pygame.KEYDOWN] == [pygame.KEYDOWN]
    pygame.quit()


class _Heard(Scene):
    """A scene that keeps the mouse events it is given."""

    def __init__(self, app: App):
        super().__init__(app)
        self.heard: list[tuple[int, tuple[int, int]]] = []

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.heard.append((event.type, event.pos))


def test_a_click_after_the_window_moved_under_a_still_pointer_is_where_the_pointer_is(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # F11 moved the window under a still pointer: SDL kept its old place in the window
    # until the mouse moved, and a click on the bare cloth captured the king lying there.
    app = App((1024, 600), Settings(speed="instant", fullscreen=False))
    scene = _Heard(app)
    app.push(scene)
    pointer = {"desktop": (900, 450), "sdl": (580, 250)}  # where it is, and where SDL thinks it is
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda desktop=False: pointer["desktop" if desktop else "sdl"])
    monkeypatch.setattr(pygame.display, "get_window_position", lambda: (0, 0))
    app.resize((1100, 650))  # (the window changed; the pointer stood still on the desktop)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=1, pos=(580, 250)))
    app.step(1 / 60)
    assert scene.heard == [(pygame.MOUSEBUTTONDOWN, (900, 450)), (pygame.MOUSEBUTTONUP, (900, 450))]
    # The window's own motion, at the old place, does not undo it, even once still (it came late).
    app.still_until = 0.0
    scene.heard.clear()
    for kind, extra in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}), (pygame.MOUSEBUTTONDOWN,
                                                                                        {"button": 1})):
        pygame.event.post(pygame.event.Event(kind, pos=(580, 250), **extra))
    app.step(1 / 60)
    assert scene.heard[-1] == (pygame.MOUSEBUTTONDOWN, (900, 450))
    # Once the hand moves the mouse, even at once, SDL knows where it is: its places are taken as they come.
    app.still_until = time.perf_counter() + 10
    pointer.update(desktop=(903, 450), sdl=(903, 450))
    scene.heard.clear()
    for kind, extra in ((pygame.MOUSEMOTION, {"rel": (3, 0), "buttons": (0, 0, 0)}), (pygame.MOUSEBUTTONDOWN,
                                                                                         {"button": 1})):
        pygame.event.post(pygame.event.Event(kind, pos=(903, 450), **extra))
    app.step(1 / 60)
    assert scene.heard == [(pygame.MOUSEBUTTONDOWN, (903, 450))]  # (the motion itself within the window's still time)
    pygame.quit()
