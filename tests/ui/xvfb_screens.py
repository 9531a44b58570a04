"""Walk the menu screens of the real game on a virtual screen and take screenshots.

    .venv/bin/python tests/ui/xvfb_screens.py [--sizes 1920x1080,1024x600] [--out /tmp/screens]

Needs Debian's xvfb, xdotool and imagemagick. For each size it starts Xvfb,
opens ``python -m cassino play`` full screen on it with a fresh player's
folder (``CASSINO_HOME`` in a temporary folder, with a few games of
statistics in it) and goes through the menus with the keyboard, as a person
would: the title, statistics, settings, the rules (two sections), the setup
of a pass-and-play game (a name being typed, a custom game with strict build control),
the cover that asks to pass the screen, one move through the chooser, the
pause menu, and the title again with the game to continue. Not part of the
test suite: the screenshots are for looking at.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from cassino.rules import Rules  # noqa: E402
from cassino.stats import Result, Stats  # noqa: E402
from cassino.store import Store  # noqa: E402
from tests.ui.xvfb import Screen  # noqa: E402


def seed_statistics(home: Path) -> None:
    """A few games already played, so the statistics screen has something to show."""
    stats = Stats()
    # Fourteen games of ups and downs: a run of wins, a loss, a close call, a rout.
    for margin in (4, 7, -2, 3, 1, 9, -6, -1, 5, 12, 2, -8):
        won = margin > 0
        stats.record_game("intermediate", Rules(), Result(won, 21 if won else 21 + margin, 21 - margin if won else 21,
                                                          abs(margin) % 3))
    stats.record_game("expert", Rules(royal=True, sweeps=0), Result(False, 12, 22))
    stats.record_game("expert", Rules(royal=True, sweeps=0), Result(True, 22, 19, 2))
    for points, sweeps in ((7, 1), (4, 0), (9, 2), (3, 0), (6, 1)):
        stats.record_round(points, sweeps)
    Store(home).save_stats(stats)


def walk(size: tuple[int, int], out: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="cassino-home-") as tmp:
        home = Path(tmp)
        seed_statistics(home)
        screen = Screen(size, out, home)
        try:
            s = screen
            # The title: Play, New game, Rules, Settings, Statistics, Quit (nothing to continue yet).
            s.shot("01-title")
            s.keys("Down", times=4)
            s.keys("Return")
            s.shot("02-statistics")
            s.keys("Escape")
            s.keys("Up")
            s.keys("Return")
            s.shot("03-settings")
            s.keys("Escape")
            s.keys("Up")
            s.keys("Return")
            s.shot("04-rules-the-aim")
            s.keys("Down", times=5)  # Raising and multiple builds: builds drawn with their badges
            s.shot("05-rules-raising")
            s.keys("Down", times=19)  # Strict builds, among the custom options (past the variants)
            s.shot("06-rules-strict")
            s.keys("Escape")
            # New game: seat 2 a person, a custom game with strict build control, the names typed.
            s.keys("Up")
            s.keys("Return")
            s.keys("Down")             # North (with one computer seat, no line for all computers)
            s.keys("Return", times=3)  # North: Intermediate -> Expert -> Master -> Person; the names' rows appear
            s.keys("Down", times=2)    # past Name at North to Game
            s.keys("Return", times=10)  # Standard, the nine other presets for two, then Custom
            s.keys("Down", times=3)    # Sweeps, Court cards, Build control
            s.keys("Return", times=3)  # hoyle -> permissive -> answer -> strict
            s.keys("Up", times=6)      # Name at South
            s.keys("Return")
            s.type("Ann")
            s.keys("Return")
            s.keys("Down", times=2)    # Name at North
            s.keys("Return")
            s.type("Benjamin")
            s.shot("07-setup-typing-a-name")
            s.keys("Return")
            s.keys("Down", times=22)   # past Game, the 19 options and the deal number: Start
            s.shot("08-setup-ready")
            s.keys("Return")
            time.sleep(2)  # the deal
            s.shot("09-pass-and-play-cover")
            s.keys("Return")
            time.sleep(2)
            s.shot("10-table")
            # One move by keyboard: a card of the hand, Enter shows what it can do, 1 takes the first.
            s.keys("Down")
            s.keys("Return")
            s.shot("11-chooser")
            s.keys("1")
            time.sleep(2)  # the card flies; then the screen is covered for the next person
            s.shot("12-pass-to-the-other-person")
            s.keys("Return")
            time.sleep(1)
            s.keys("Escape")
            s.shot("13-pause")
            s.keys("Down")
            s.keys("Return")
            s.shot("14-rules-from-the-pause")
            s.keys("Escape")
            s.keys("Down", times=3)  # past Settings and New game
            s.keys("Return")  # Quit to title: the game is kept, and Continue appears
            s.shot("15-title-with-continue")
        finally:
            screen.close()


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--sizes", default="1920x1080,1024x600")
    p.add_argument("--out", default="/tmp/screens")
    args = p.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for s in args.sizes.split(","):
        w, h = (int(v) for v in s.split("x"))
        walk((w, h), out)


if __name__ == "__main__":
    main()
