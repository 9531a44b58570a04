"""Play the real game on a virtual screen and take screenshots, as a person would.

    .venv/bin/python tests/ui/xvfb_play.py [--sizes 1920x1080,1024x600] [--out shots] [--seed 3]

Needs Debian's xvfb, xdotool and imagemagick. For each size it starts Xvfb,
opens ``python -m cassino play --quick --seed S`` full screen on it, and plays
with the mouse through xdotool: builds when it can, captures otherwise,
trails last. A headless mirror of the same game (same seed, same computer
players) says where each card is on screen and what the computer will do.
Screenshots: the table at the start, mid-drag, with builds, and at the
round's end. Not part of the test suite: it is for looking at.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"  # the mirror only; the real game gets DISPLAY
os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from cassino.rules import Game, Move  # noqa: E402
from cassino.settings import Settings  # noqa: E402
from cassino.ui.app import App  # noqa: E402
from cassino.ui.table.chooser import ChooserScene  # noqa: E402
from cassino.ui.table import TableScene, default_seats  # noqa: E402
from cassino.ui.table.words import describe  # noqa: E402
from tests.ui.xvfb import Screen  # noqa: E402


def mirror_settle(app: App, table: TableScene) -> None:
    """Let the mirror's computer players move until it is your turn again."""
    for _ in range(20000):
        app.step(1 / 60)
        pos = table.pos
        if (table.round_result is None and table.thinker is None and not table.motion.busy
                and (pos.to_move == 0 or pos.round_over)):
            return
        time.sleep(0.001)


def pick(table: TableScene) -> Move:
    moves = table.pos.legal_moves()
    order = {"build": 0, "capture": 1, "trail": 2}
    return min(moves, key=lambda m: (order[m.kind], -m.takes.bit_count(), m.text()))


def play_size(size: tuple[int, int], out: Path, seed: int, moves_wanted: int) -> None:
    home = tempfile.TemporaryDirectory(prefix="cassino-home-")  # never the player's own saves
    screen = Screen(size, out, Path(home.name), ("--quick", "--seed", str(seed)))
    xdo, shot = screen.xdo, screen.shot
    try:
        time.sleep(2)
        app = App(size, Settings(speed="instant", fullscreen=False))
        table = TableScene(app, Game(seed=seed), default_seats(2))
        app.replace(table)
        mirror_settle(app, table)
        time.sleep(2)
        shot("1-start")
        played = 0
        dragged = False
        while played < moves_wanted and not table.pos.round_over:
            move = pick(table)
            pos = table.pos
            if move.kind == "trail":
                hx, hy = next(r.center for c, r in table.stage.hand_rects(table.bottom) if c == move.card)
                tx, ty = table.geo.table.center
                for it in table.items:  # find bare cloth
                    if it.rect.collidepoint(tx, ty):
                        tx, ty = table.geo.table.x + 10, table.geo.table.bottom - 10
                xdo("mousemove", hx, hy)
                xdo("mousedown", 1)
                for k in range(1, 9):
                    xdo("mousemove", hx + (tx - hx) * k // 8, hy + (ty - hy) * k // 8)
                    time.sleep(0.03)
                if not dragged:
                    shot("2-dragging")
                    dragged = True
                xdo("mouseup", 1)
            else:
                for it in table.items:
                    if it.mask & move.takes:
                        xdo("mousemove", *it.rect.center)
                        xdo("click", 1)
                        time.sleep(0.15)
                hx, hy = next(r.center for c, r in table.stage.hand_rects(table.bottom) if c == move.card)
                xdo("mousemove", hx, hy)
                xdo("click", 1)
                time.sleep(0.4)
            # The same move in the mirror; if the real table shows a chooser, pick the same line.
            label = describe(pos, move)
            if move.kind != "trail":
                for it in table.items:
                    if it.mask & move.takes:
                        table.input.selection.add(it.mask)
                table.controls.offer(move.card, None, everything=not table.input.selection)
                if isinstance(app.top, ChooserScene):
                    index = app.top.labels.index(label)
                    if move.kind == "build" and played < 3:
                        shot(f"3-chooser-{played}")
                    xdo("key", str(index + 1))
                    app.top.choose(index)
            else:
                table.play(move)
            played += 1
            mirror_settle(app, table)
            time.sleep(3.5)  # the real game's computer thinks and moves at normal speed
            if table.pos.builds:
                shot(f"4-builds-{played}")
        shot("5-later")
        pygame.quit()
    finally:
        screen.close()
        home.cleanup()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="1920x1080,1024x600")
    p.add_argument("--out", default="shots")
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--moves", type=int, default=8)
    args = p.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for s in args.sizes.split(","):
        w, h = (int(v) for v in s.split("x"))
        play_size((w, h), out, args.seed, args.moves)


if __name__ == "__main__":
    main()
