"""Cassino in the Linux applications menu: a desktop entry and its icon.

The unzipped game is a folder anywhere on the disk; ``Cassino menu-entry``
(``python -m cassino menu-entry`` from a checkout) writes, in the user's
data folder (``$XDG_DATA_HOME``, else ``~/.local/share``), the entry
``applications/cassino.desktop`` that starts this very copy, and the icon
``icons/hicolor/256x256/apps/cassino.png``; ``--remove`` takes both away.
The entry follows the freedesktop.org Desktop Entry Specification.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from cassino.resources import asset_path

ENTRY = Path("applications") / "cassino.desktop"
ICON = Path("icons") / "hicolor" / "256x256" / "apps" / "cassino.png"


def data_home() -> Path:
    """Where a user's menu entries and icons go."""
    xdg = os.environ.get("XDG_DATA_HOME", "")
    return Path(xdg) if os.path.isabs(xdg) else Path.home() / ".local" / "share"


def start_command() -> list[str]:
    """The command that starts this copy of the game: the executable itself
    when frozen by PyInstaller, else this Python with ``-m cassino``."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, "-m", "cassino"]


def exec_line(args: list[str]) -> str:
    """``args`` as a desktop entry's Exec value: each argument quoted, with
    the spec's escapes (inside quotes a backslash, a quote, a backquote and a
    dollar sign take a backslash; then, as in every string value, each
    backslash is doubled), and a percent sign doubled."""
    def quote(arg: str) -> str:
        inner = "".join("\\" + c if c in '"`$\\' else c for c in arg)
        return '"' + inner.replace("\\", "\\\\").replace("%", "%%") + '"'

    return " ".join(quote(a) for a in args)


def entry_text(args: list[str]) -> str:
    """The desktop entry that starts ``args``."""
    for a in args:
        if any(c in a for c in "\n\r\t\0"):
            raise ValueError(f"a path with a control character cannot go in a menu entry: {a!r}")
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Name=Cassino",
        "GenericName=Card game",
        "Comment=The classic fishing card game: trail, build, capture and sweep",
        f"Exec={exec_line(args)}",
        "Icon=cassino",
        "Terminal=false",
        "Categories=Game;CardGame;",
        "Keywords=casino;cards;fishing;",
        "",
    ])


def install(home: Path | None = None, args: list[str] | None = None) -> list[Path]:
    """Write the entry and the icon; the paths written."""
    home = home if home is not None else data_home()
    entry, icon = home / ENTRY, home / ICON
    text = entry_text(args if args is not None else start_command())
    entry.parent.mkdir(parents=True, exist_ok=True)
    icon.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(asset_path("icon", "cassino.png"), icon)
    entry.write_text(text, encoding="utf-8")
    return [entry, icon]


def remove(home: Path | None = None) -> list[Path]:
    """Take the entry and the icon away; the paths removed."""
    home = home if home is not None else data_home()
    gone = []
    for path in (home / ENTRY, home / ICON):
        try:
            path.unlink()
            gone.append(path)
        except FileNotFoundError:
            pass
    return gone
