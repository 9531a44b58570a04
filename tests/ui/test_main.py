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
