"""Look at the variants in the real game on a virtual screen: the setup of
every preset, a refused custom game, five- and six-player tables, a Royal
aces-14 table with its legend, a pluck and a call for 21.

    .venv/bin/python tests/ui/xvfb_variants.py [--sizes 1024x600,1920x1080] [--out /tmp/ui_shots]

Needs Debian's xvfb, xdotool and imagemagick. Each run of the game gets a
fresh player's folder (``CASSINO_HOME`` in a temporary folder) holding a
remembered setup, so that New game opens on the seating wanted; from there
everything is done with the keyboard, as a person would, through xdotool.
Not part of the test suite: the screenshots are for looking at.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from cassino.rules import PRESET_LIST, first_dealer  # noqa: E402
from cassino.settings import Settings  # noqa: E402
from cassino.store import Store  # noqa: E402
from tests.ui.xvfb import Screen  # noqa: E402

LEVELS = ["intermediate"] * 5
SEED = 4242  # the deal number typed in each game's setup


def prepare(home: Path, players: int, game: str, custom: dict[str, Any] | None = None,
            partnerships: bool = False) -> None:
    """A player's folder whose New game opens on this seating and game, cards moving fast."""
    store = Store(home)
    store.save_settings(Settings(speed="fast", ai_delay="none"))
    store.write("setup.json", {"format": 2, "players": players, "level": "intermediate",
                               "partnerships": partnerships, "kinds": [None, *LEVELS], "game": game,
                               "short": False, "custom": custom or {}})


def launch(size: tuple[int, int], out: Path, players: int, game: str, custom: dict[str, Any] | None = None,
           partnerships: bool = False) -> tuple[Screen, tempfile.TemporaryDirectory[str]]:
    home = tempfile.TemporaryDirectory(prefix="cassino-home-")
    prepare(Path(home.name), players, game, custom, partnerships)
    return Screen(size, out, Path(home.name)), home


def open_setup(s: Screen) -> None:
    s.keys("Down")    # New game
    s.keys("Return")


def start_from_setup(s: Screen, home: Path) -> None:
    """Type the deal number, start, and wait until it is your turn (the saved
    game says whose turn it is; with no move saved, the deal number says who
    plays first)."""
    s.keys("Up", times=3)  # from the first line round to Back, Start, then the deal number
    s.keys("Return")
    s.type(str(SEED))
    s.keys("Return")
    s.keys("Down")         # Start
    s.keys("Return")
    wait_for_turn(home)


def wait_for_turn(home: Path, limit: float = 60.0) -> None:
    end = time.monotonic() + limit
    time.sleep(2.0)  # the deal
    while time.monotonic() < end:
        try:
            saved = json.loads((home / "game.json").read_text(encoding="utf-8"))
            if saved["position"]["to_move"] == 0:
                break
        except FileNotFoundError:
            setup = json.loads((home / "setup.json").read_text(encoding="utf-8"))
            if (first_dealer(SEED, setup["players"]) + 1) % setup["players"] == 0:
                break  # you play first
        except (ValueError, KeyError):
            pass  # being written
        time.sleep(0.3)
    time.sleep(1.5)  # the last card lands


def setups(size: tuple[int, int], out: Path) -> None:
    """Every preset two players may play, Custom and a refusal; then five and six players."""
    s, home = launch(size, out, 2, "standard")
    try:
        open_setup(s)
        s.keys("Down", times=3)  # Players, All computers, North, then Game
        for preset in PRESET_LIST:
            if not preset.allows(2, False):
                continue
            s.shot(f"setup-{preset.key}")
            s.keys("Return")
        s.shot("setup-custom")
        s.keys("Down", times=5)  # Sweeps, Court cards, Build control, Royal values, Aces 1 or 14
        s.keys("Return")
        s.shot("setup-custom-refused")
        s.keys("Return")         # Aces 1 or 14 back to no
        s.keys("Up", times=8)    # Players
        s.keys("Return", times=3)  # 2 -> 5 players
        s.keys("Down", times=6)  # All computers, Seats 2-5, then Game
        s.keys("Return")         # Custom -> Five players
        s.shot("setup-five-players")
        s.keys("Up", times=6)
        s.keys("Return")         # 6 players: California
        s.keys("Down", times=7)
        s.shot("setup-california-6-players")
    finally:
        s.close()
        home.cleanup()


def portuguese(size: tuple[int, int], out: Path) -> None:
    s, home = launch(size, out, 4, "portuguese", partnerships=True)
    try:
        open_setup(s)
        s.keys("Down", times=6)  # Players, All computers, Seats 2-4, Partnerships, Game
        s.shot("setup-portuguese-4-partnerships")
    finally:
        s.close()
        home.cleanup()


def table(size: tuple[int, int], out: Path, name: str, players: int, game: str,
          custom: dict[str, Any] | None = None, then: str = "") -> None:
    s, home = launch(size, out, players, game, custom)
    try:
        open_setup(s)
        start_from_setup(s, Path(home.name))
        s.shot(f"table-{name}")
        if then == "pluck and call":
            s.keys("p")
            s.shot(f"table-{name}-plucking")
            s.keys("Escape")
            s.keys("c")
            s.shot(f"table-{name}-call")
            s.keys("Escape")
        elif then == "rules":
            s.keys("Escape")
            s.keys("Down")
            s.keys("Return")  # the pause menu's Rules: at this game's section
            s.shot(f"table-{name}-rules")
    finally:
        s.close()
        home.cleanup()


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--sizes", default="1024x600,1920x1080")
    p.add_argument("--out", default="/tmp/ui_shots")
    args = p.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for text in args.sizes.split(","):
        w, h = (int(v) for v in text.split("x"))
        size = (w, h)
        setups(size, out)
        portuguese(size, out)
        table(size, out, "5-players", 5, "five-players")
        table(size, out, "6-players-california", 6, "california", then="rules")
        table(size, out, "royal-aces-14-4-players", 4, "royal-aces-14")
        table(size, out, "pluck-call-2-players", 2, "custom", {"pluck": True, "call_for_21": True},
              then="pluck and call")


if __name__ == "__main__":
    main()
