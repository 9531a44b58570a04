"""The Linux applications menu entry: a valid desktop entry that starts this
copy of the game, whatever its path holds, with the game's icon beside it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cassino import desktop
from cassino.resources import asset_path

ROOT = Path(__file__).resolve().parents[1]
AWKWARD = ["/home/Zoë/My Games/Cassino 1.0/Cassino", "--window", '100% "fun" $HOME `x` back\\slash']


def exec_args(value: str) -> list[str]:
    """An Exec value read back as the spec says: the string escapes first
    (``\\\\`` is one backslash), then the arguments, quoted ones with their
    escapes (a backslash before ``"``, a backquote, ``$`` or a backslash),
    then ``%%`` is ``%``."""
    text, i = "", 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value):
            text += {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}[value[i + 1]]
            i += 2
        else:
            text += value[i]
            i += 1
    args, i = [], 0
    while i < len(text):
        if text[i] == " ":
            i += 1
            continue
        arg = ""
        if text[i] == '"':
            i += 1
            while text[i] != '"':
                if text[i] == "\\":
                    assert text[i + 1] in '"`$\\'
                    i += 1
                arg += text[i]
                i += 1
            i += 1
        else:
            while i < len(text) and text[i] != " ":
                arg += text[i]
                i += 1
        args.append(arg.replace("%%", "%"))
    return args


def entry_values(path: Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line)


def test_the_entry_starts_exactly_the_command_given(tmp_path: Path) -> None:
    entry, icon = desktop.install(tmp_path, AWKWARD)
    values = entry_values(entry)
    assert exec_args(values["Exec"]) == AWKWARD
    assert values["Name"] == "Cassino" and values["Icon"] == "cassino" and values["Terminal"] == "false"
    assert icon == tmp_path / "icons/hicolor/256x256/apps/cassino.png"
    assert icon.read_bytes() == asset_path("icon", "cassino.png").read_bytes()


def test_from_a_checkout_the_entry_starts_this_python_with_the_game() -> None:
    assert desktop.start_command() == [sys.executable, "-m", "cassino"]


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils not installed")
def test_the_entry_is_valid_for_the_freedesktop_tools(tmp_path: Path) -> None:
    entry, _ = desktop.install(tmp_path, AWKWARD)
    result = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout == "", result.stdout + result.stderr


def test_a_path_with_a_line_break_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="control character"):
        desktop.install(tmp_path, ["/tmp/odd\nname/Cassino"])
    assert not (tmp_path / "applications" / "cassino.desktop").exists()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the menu entry is for Linux")
def test_the_command_writes_and_removes_the_entry(tmp_path: Path) -> None:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    made = subprocess.run([sys.executable, "-m", "cassino", "menu-entry"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    entry = tmp_path / "applications" / "cassino.desktop"
    assert made.stdout.splitlines()[0] == f"wrote {entry}"
    assert exec_args(entry_values(entry)["Exec"]) == [sys.executable, "-m", "cassino"]
    gone = subprocess.run([sys.executable, "-m", "cassino", "menu-entry", "--remove"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert gone.returncode == 0 and not entry.exists()
    assert not (tmp_path / "icons/hicolor/256x256/apps/cassino.png").exists()
