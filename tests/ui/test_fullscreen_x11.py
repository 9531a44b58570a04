"""Full screen on a real X server with no window manager (a bare X session, a
kiosk): F11 to a window and back must cover the screen from its corner again.
Runs the real game under Xvfb; skipped where Xvfb and xdotool are missing."""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from .xvfb import Screen

pytestmark = pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                                reason="needs Xvfb and xdotool (Debian: xvfb, xdotool)")


def geometry(screen: Screen) -> tuple[int, int, int, int]:
    """The game window's place and size: x, y, width, height."""
    window = screen.xdo("search", "--pid", str(screen.game.pid)).split()[0]
    said = screen.xdo("getwindowgeometry", window)
    x, y = map(int, re.search(r"Position: (-?\d+),(-?\d+)", said).groups())  # type: ignore[union-attr]
    w, h = map(int, re.search(r"Geometry: (\d+)x(\d+)", said).groups())  # type: ignore[union-attr]
    return x, y, w, h


def settled(screen: Screen, done: "Callable[[tuple[int, int, int, int]], bool]",
            limit: float = 4.0) -> tuple[int, int, int, int]:
    """The window's geometry once ``done`` holds for it (the switch takes the
    X server a moment that varies from run to run), or as it is at ``limit``."""
    end = time.monotonic() + limit
    while True:
        now = geometry(screen)
        if done(now) or time.monotonic() > end:
            return now
        time.sleep(0.1)


def test_f11_twice_covers_the_screen_from_its_corner_again(tmp_path: Path) -> None:
    screen = Screen((1600, 900), tmp_path, tmp_path / "home")
    try:
        assert settled(screen, lambda g: g == (0, 0, 1600, 900)) == (0, 0, 1600, 900)  # the first start: full screen
        screen.keys("F11")
        x, y, w, h = settled(screen, lambda g: g[2:] != (1600, 900))
        assert (w, h) != (1600, 900) and (x, y) != (0, 0)  # a window, centred
        screen.keys("F11")
        assert settled(screen, lambda g: g == (0, 0, 1600, 900)) == (0, 0, 1600, 900)
    finally:
        screen.close()


def windowed(tmp_path: Path, size: tuple[int, int]) -> Screen:
    """The game started in a window (the setting), on a screen of ``size``."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text('{"fullscreen": false}', encoding="utf-8")
    return Screen(size, tmp_path, home)


def test_a_window_on_a_small_desktop_leaves_room_for_its_title_bar(tmp_path: Path) -> None:
    # On a 1024x600 screen the window was 1024x600: under its title bar, its bottom was off the screen.
    screen = windowed(tmp_path, (1024, 600))
    try:
        x, y, w, h = geometry(screen)
        assert w == 1024 and h <= 600 - 48, (x, y, w, h)
    finally:
        screen.close()


def test_a_window_asked_for_on_the_command_line_fits_the_desktop(tmp_path: Path) -> None:
    # The README's --window 1280x720 on a 1280x720 screen: under its title bar, its bottom was off the screen.
    screen = Screen((1280, 720), tmp_path, tmp_path / "home", ("--window", "1280x720"))
    try:
        x, y, w, h = geometry(screen)
        assert w == 1280 and h <= 720 - 48, (x, y, w, h)
    finally:
        screen.close()


def test_a_window_comes_back_from_full_screen_where_it_was(tmp_path: Path) -> None:
    # F11 to full screen and back put the window in the screen's corner, where full screen had moved it.
    screen = Screen((1600, 900), tmp_path, tmp_path / "home")
    try:
        screen.keys("F11")  # a window
        settled(screen, lambda g: g[2:] != (1600, 900))
        window = screen.xdo("search", "--pid", str(screen.game.pid)).split()[0]
        screen.xdo("windowmove", window, 300, 200)
        before = settled(screen, lambda g: g[:2] == (300, 200))
        assert before[:2] == (300, 200), before
        screen.keys("F11")
        assert settled(screen, lambda g: g == (0, 0, 1600, 900)) == (0, 0, 1600, 900)
        screen.keys("F11")
        assert settled(screen, lambda g: g == before) == before
    finally:
        screen.close()


def test_a_first_window_is_in_proportion_to_a_big_desktop(tmp_path: Path) -> None:
    # Always 1280x720: a ninth of a 4K screen, its words some 12 pixels tall.
    screen = windowed(tmp_path, (2560, 1440))
    try:
        x, y, w, h = geometry(screen)
        assert 1600 < w < 2560 and abs(w / h - 16 / 9) < 0.02, (w, h)
    finally:
        screen.close()


def test_the_full_screen_start_makes_its_window_once(tmp_path: Path) -> None:
    # SDL's OpenGL path destroyed the first window and made another: the desktop
    # showed for a moment between two black screens.
    screen = Screen((1280, 720), tmp_path, tmp_path / "home")  # the first frames shown
    try:
        assert screen.xdo("search", "--pid", str(screen.game.pid)).split() == [screen.first_window]
    finally:
        screen.close()
