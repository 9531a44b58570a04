"""The window's size is kept from one run to the next: a player who made the
window bigger found it back at its first size every time."""

from __future__ import annotations

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
