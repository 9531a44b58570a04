"""Starting the game where it cannot be seen: said at once, never a window
that runs unseen."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="a display is always there")
def test_without_a_display_the_game_says_so_and_stops(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_VIDEO_DRIVER")}
    env.update(CASSINO_HOME=str(tmp_path), PYTHONPATH=str(ROOT), SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-m", "cassino", "play", "--window", "1024x600"], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result.stderr
    said = [line for line in result.stderr.splitlines() if line.startswith("cassino: ")]
    assert said == [said[0]] and "there is no display to open the game's window on" in said[0]
    assert "Traceback" not in result.stderr
    assert "there is no display" in (tmp_path / "cassino.log").read_text(encoding="utf-8")
    assert "(no DISPLAY or WAYLAND_DISPLAY is set)" in said[0] and "python -m cassino --help" in said[0]


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="a display is always there")
def test_a_display_named_but_not_there_is_said_so(tmp_path: Path) -> None:
    # A stale DISPLAY (over SSH, say) was reported as "no DISPLAY ... is set".
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_VIDEO_DRIVER")}
    env.update(CASSINO_HOME=str(tmp_path), PYTHONPATH=str(ROOT), SDL_AUDIODRIVER="dummy", DISPLAY=":399")
    result = subprocess.run([sys.executable, "-m", "cassino", "play", "--window", "1024x600"], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result.stderr
    said = [line for line in result.stderr.splitlines() if line.startswith("cassino: ")]
    assert len(said) == 1 and "DISPLAY=:399 is set, but no display answers there" in said[0], said


def test_the_title_says_at_once_that_statistics_or_the_last_setup_are_damaged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # They were read, and reported, only once their screens were opened.
    from cassino.ui import main
    from cassino.ui.app import App

    (tmp_path / "stats.json").write_text('{"games": 7}', encoding="utf-8")
    (tmp_path / "setup.json").write_bytes(b"\x00\x01")
    monkeypatch.setenv("CASSINO_HOME", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    seen: list[str] = []
    monkeypatch.setattr(App, "run", lambda self: seen.extend(self.store.problems))
    assert main.run((1024, 600)) == 0
    assert [p.split(".", 1)[0] for p in seen] == ["Your statistics could not be read, so they start afresh",
                                                  "Your last new-game setup could not be read, so the usual one "
                                                  "is offered"]


def _started(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quick: bool) -> tuple[str, list[str], list[str]]:
    """Start the game in ``tmp_path``: the scene on top, its menu's labels and the title's notices."""
    from cassino.ui import main
    from cassino.ui.app import App

    monkeypatch.setenv("CASSINO_HOME", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    seen: list[tuple[str, list[str], list[str]]] = []

    def one_frame(self: App) -> None:
        self.step(1 / 60)
        menu = getattr(self.top, "menu", None)
        seen.append((type(self.top).__name__, [i.label for i in menu.items] if menu else [],
                     list(self.store.problems)))

    monkeypatch.setattr(App, "run", one_frame)
    assert main.run((1024, 600), quick=quick, seed=3) == 0
    return seen[0]


def _game_in_progress(tmp_path: Path) -> None:
    from cassino.rules import Game
    from cassino.store import Store
    from cassino.ui.table import Seat
    from cassino.ui.table.keeping import seat_records

    game = Game(seed=5)
    game.play(game.position.legal_moves()[0])
    Store(tmp_path).save_game(game, seat_records([Seat("You"), Seat("North", "intermediate")]))


def test_quick_play_asks_before_a_game_in_progress_is_lost(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # --quick dealt a new game over the kept one without a word, and it never
    # counted as lost: a way out of a losing game.
    _game_in_progress(tmp_path)
    scene, labels, _ = _started(tmp_path, monkeypatch, quick=True)
    assert scene == "Overlay" and labels[0] == "Continue the game in progress"
    # With nothing kept it still goes straight to the table.
    scene, _, _ = _started(tmp_path / "fresh", monkeypatch, quick=True)
    assert scene == "TableScene"


def test_a_damaged_game_in_progress_is_reported_at_start_not_offered_as_continue(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Continue was offered, and the damage said, only once Continue was chosen.
    (tmp_path / "game.json").write_bytes(bytes(range(256)) * 2)
    scene, labels, problems = _started(tmp_path, monkeypatch, quick=False)
    assert scene == "TitleScene" and "Continue" not in labels
    assert [p.split(".", 1)[0] for p in problems] == ["Your game in progress could not be restored"]
    assert (tmp_path / "game.json.bad").exists() and not (tmp_path / "game.json").exists()
    # A sound one is offered.
    _game_in_progress(tmp_path)
    scene, labels, problems = _started(tmp_path, monkeypatch, quick=False)
    assert labels[0] == "Continue" and problems == []
