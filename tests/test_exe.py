"""The standalone game: its self-test, its log and error screen, and the
one-folder build made by build_exe.spec, run exactly as a player's copy."""

from __future__ import annotations

import json
import logging
import os
import shutil
import stat
import subprocess
import sys
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from cassino.ai.second_core import cores

ROOT = Path(__file__).resolve().parent.parent
GAME_ASSETS = (".ttf", ".wav", ".png")


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "CASSINO_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def _assets_on_disk() -> int:
    return sum(1 for p in (ROOT / "assets").rglob("*") if p.suffix in GAME_ASSETS)


def _check_summary(summary: dict[str, object]) -> None:
    assert summary["selftest"] == "ok", summary
    assert summary["assets"] == _assets_on_disk()
    assert summary["screens"] == 4  # title, new game, rules, settings
    rounds, scores = summary["rounds"], summary["scores"]
    assert isinstance(rounds, int) and isinstance(scores, list) and rounds >= 1
    assert summary["moves"] == 48 * rounds  # two players: 24 cards each, every round
    assert max(scores) >= 21, "a whole game: played to 21"
    assert isinstance(summary["frames"], int) and summary["frames"] > summary["moves"]
    assert summary["second_core"] == ("ok" if cores() >= 2 else "one core")


@pytest.fixture
def keep_logging() -> Iterator[None]:
    """``logs.start`` sets process-wide hooks; put them back after the test."""
    logger = logging.getLogger("cassino")
    saved = (sys.excepthook, threading.excepthook, logger.handlers[:], logger.level, logger.propagate)
    yield
    for handler in logger.handlers:
        if handler not in saved[2]:
            handler.close()
    sys.excepthook, threading.excepthook = saved[0], saved[1]
    logger.handlers[:], logger.level, logger.propagate = saved[2], saved[3], saved[4]
    logging.captureWarnings(False)


def test_selftest_plays_a_whole_game_and_leaves_the_players_files_alone(tmp_path: Path) -> None:
    out = tmp_path / "report" / "summary.json"
    run = subprocess.run([sys.executable, "-m", "cassino", "--selftest", "--selftest-file", str(out)],
                         env=_env(tmp_path / "home"), cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    line = run.stdout.strip().splitlines()[-1]
    assert out.read_text().strip() == line
    summary = json.loads(line)
    _check_summary(summary)
    assert summary["build"] == "python"
    # Only the log: no settings, statistics or saved game were written.
    assert sorted(p.name for p in (tmp_path / "home").iterdir()) == ["cassino.log"]


def test_selftest_fails_and_says_why_when_an_asset_is_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    from cassino.ui import selftest

    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    (tmp_path / "assets" / "sounds" / "sweep.wav").unlink()
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)  # where a build keeps its assets
    assert selftest.run(seed=1, out=tmp_path / "summary.json") == 1
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["selftest"] == "failed" and "sweep.wav" in summary["error"]
    assert json.loads((tmp_path / "summary.json").read_text()) == summary


def test_selftest_fails_when_a_computer_player_breaks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from cassino.ai import make_player
    from cassino.ui import selftest
    from cassino.ui.table import scene as table

    def broken(level: str):  # type: ignore[no-untyped-def]
        player = make_player(level)

        def choose(*args: object) -> None:
            raise RuntimeError("a bug in the computer player")

        player.choose = choose  # type: ignore[method-assign]
        return player

    monkeypatch.setattr(table, "make_player", broken)
    assert selftest.run(seed=1, out=None) == 1
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["selftest"] == "failed" and "gave no legal move" in summary["error"]


def test_selftest_answers_every_summary_even_where_addresses_repeat(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A round's summary freed after it is dismissed can leave its address, and so
    its id(), to the next round's: the self-test must still answer that one (it
    once stalled there, "the game did not finish: 20000 frames, 96 moves, round 3").
    Here every object has one id, the worst case."""
    from cassino.ui import selftest

    monkeypatch.setattr(selftest, "id", lambda obj: 0, raising=False)
    assert selftest.run(seed=1, out=None) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["rounds"] >= 2 and summary["moves"] == 48 * summary["rounds"]


def test_an_unexpected_error_is_logged_and_shown_with_the_logs_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, keep_logging: None) -> None:
    from cassino.ui import crash, main, screens

    class Broken:
        def __init__(self, app: object, routes: object) -> None:
            raise RuntimeError("the title screen broke")

    shown: list[tuple[BaseException, Path | None]] = []
    monkeypatch.setenv("CASSINO_HOME", str(tmp_path))
    monkeypatch.setattr(screens, "TitleScene", Broken)
    monkeypatch.setattr(crash, "show", lambda error, path, wait=True: shown.append((error, path)))
    assert main.run((1024, 600)) == 1
    (error, path), = shown
    assert path == tmp_path / "cassino.log" and str(error) == "the title screen broke"
    log = path.read_text()
    assert "RuntimeError: the title screen broke" in log and "Traceback" in log
    words = crash.message(error, path)
    assert str(path) in words and "RuntimeError: the title screen broke" in words


def test_the_error_screen_draws_every_line_inside_a_small_window(tmp_path: Path) -> None:
    import pygame

    from cassino.ui import crash

    pygame.display.init()
    pygame.font.init()
    try:
        deep = tmp_path.joinpath(*["a-rather-long-folder-name"] * 8) / "cassino.log"
        screen = pygame.Surface((1024, 600))
        crash._draw(screen, crash.message(ValueError("bad"), deep))
        background = screen.get_at((0, 0))
        lit = [x for x in range(1024) if any(screen.get_at((x, y)) != background for y in range(0, 600, 2))]
        # The path's line is far wider than the window unshrunk; shrunk, it
        # spans most of the width and keeps clear of both edges.
        assert lit and min(lit) >= 10 and max(lit) <= 1013 and max(lit) - min(lit) > 700
    finally:
        pygame.quit()


def test_without_a_console_output_still_has_somewhere_to_go(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, keep_logging: None) -> None:
    from cassino import logs

    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    path = logs.start(tmp_path / "folder")
    assert path == tmp_path / "folder" / "cassino.log"
    print("nobody sees this")  # a windowed build's stray output must not raise
    logging.getLogger("cassino.table").warning("the game could not be saved")
    for handler in logging.getLogger("cassino").handlers:
        handler.flush()
    assert "WARNING cassino.table: the game could not be saved" in path.read_text()


def test_the_one_folder_build_runs_its_selftest(tmp_path: Path) -> None:
    """What CI ships: build_exe.spec's one-folder app, then its own --selftest."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip('PyInstaller is not installed (pip install -e ".[test,build]")')
    dist = tmp_path / "dist"
    build = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                            "--distpath", str(dist), "--workpath", str(tmp_path / "build"),
                            str(ROOT / "build_exe.spec"), "--", "--only", "onedir"],
                           cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    exe = dist / "Cassino" / ("Cassino.exe" if sys.platform == "win32" else "Cassino")
    assert exe.is_file()
    # Every asset the game reads is inside; none of the scripts that made them.
    packed = next(d for d in (dist / "Cassino").rglob("assets") if d.is_dir())
    inside = {f"assets/{p.relative_to(packed).as_posix()}" for p in packed.rglob("*") if p.is_file()}
    wanted = {p.relative_to(ROOT).as_posix() for p in (ROOT / "assets").rglob("*")
              if p.is_file() and p.suffix != ".py" and "__pycache__" not in p.parts}
    assert wanted <= inside and not any(name.endswith(".py") for name in inside)
    # Only the fonts whose licence travels with them: pygame's own (GPL, none shipped) stays out.
    assert not any((dist / "Cassino").rglob("freesansbold.ttf"))
    # The licences of what it bundles travel with it: LGPL 2.1 for pygame-ce and its
    # libraries, the interpreter's and platformdirs' (it shipped only the fonts').
    licences = next(d for d in (dist / "Cassino").rglob("licences") if d.is_dir())
    assert {"README.md", "LGPL-2.1.txt", "Python-LICENSE.txt", "platformdirs-LICENSE.txt",
            # and the notices the libraries pygame-ce packs ask to travel with a build
            "FreeType-LICENSE.txt", "libpng-LICENSE.txt", "Ogg-Vorbis-LICENSE.txt"} <= {
        p.name for p in licences.iterdir()}
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in (licences / "LGPL-2.1.txt").read_text(encoding="utf-8")
    assert "pygame-ce" in (licences / "README.md").read_text(encoding="utf-8")
    # A system library copied in carries the notice its licence asks for (libffi's MIT).
    ffi_notice = Path("/usr/share/doc/libffi8/copyright")
    if any((dist / "Cassino").rglob("libffi.so*")) and ffi_notice.is_file():
        assert (licences / "libffi-copyright.txt").read_bytes() == ffi_notice.read_bytes()
    download = next(dist.glob("Cassino-*.zip"))
    with zipfile.ZipFile(download) as z:
        assert any(name.rstrip("/").endswith(f"Cassino/{exe.name}") for name in z.namelist())
        # The folder's links (pygame-ce's libraries) stay links: copies made the download a fifth bigger.
        for link in (p for p in (dist / "Cassino").rglob("*") if p.is_symlink()):
            info = z.getinfo(link.relative_to(dist).as_posix())
            assert stat.S_ISLNK(info.external_attr >> 16), f"{info.filename} is stored as a copy"

    home = tmp_path / "home"
    run = subprocess.run([str(exe), "--selftest"], env=_env(home), capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr + (home / "cassino.log").read_text()
    summary = json.loads(run.stdout.strip().splitlines()[-1])
    _check_summary(summary)
    assert summary["build"] == "executable"
    assert json.loads((home / "selftest.json").read_text()) == summary
    # Nothing written beside the program: the player's folder only.
    assert not any(p.suffix == ".json" for p in (dist / "Cassino").rglob("*"))
