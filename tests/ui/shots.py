"""Screenshots of whole games, motion included, drawn by the real table
headless (SDL's dummy driver) and saved frame by frame: for looking at.

    .venv/bin/python tests/ui/shots.py [--sizes 1920x1080,1024x600] [--players 2,4,6] [--out shots]

For each size and table it plays a seeded game at normal speed: you (seat
0) by dragging cards with posted mouse events, captures first; the others
are computer players. It saves the table as each of your plays and the
computer's lands (bursts of frames while cards fly), a sweep when one
happens, the score sheet building up, and the end. Not part of the suite.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from cassino.rules import Game, Move, standard_teams  # noqa: E402
from cassino.settings import Settings  # noqa: E402
from cassino.ui.app import App  # noqa: E402
from cassino.ui.screens import sit_down  # noqa: E402
from cassino.ui.table import TableScene, default_seats  # noqa: E402
from cassino.ui.table.chooser import ChooserScene  # noqa: E402
from cassino.ui.table.scoresheet import RoundOverScene  # noqa: E402

STEP = 1 / 60


class Shooter:
    def __init__(self, app: App, out: Path, tag: str, limit: int):
        self.app, self.out, self.tag, self.n, self.limit = app, out, tag, 0, limit

    def shot(self, name: str, must: bool = False) -> None:
        """Save the frame (past the limit only if ``must``: sweeps, score sheets, the end)."""
        if self.n >= self.limit and not must:
            return
        self.n += 1
        self.app.draw(self.app.screen)
        path = self.out / f"{self.tag}-{self.n:03d}-{name}.png"
        pygame.image.save(self.app.screen, str(path))


def pick(table: TableScene) -> Move:
    moves = table.pos.legal_moves()
    order = {"capture": 0, "build": 1, "trail": 2}
    return min(moves, key=lambda m: (order.get(m.kind, 3), -m.takes.bit_count(), m.text()))


def post(kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def drag_play(app: App, table: TableScene, move: Move) -> None:
    """Your move by mouse: select what it takes, then drag the card onto one of them (or the cloth)."""
    hand = dict(table.stage.hand_rects(table.bottom))
    start = hand[move.card].center
    items = [it for it in table.items if it.mask & move.takes]
    for it in items[1:]:
        post(pygame.MOUSEBUTTONDOWN, pos=it.rect.center, button=1)
        post(pygame.MOUSEBUTTONUP, pos=it.rect.center, button=1)
        app.step(STEP)
    if items:
        end = items[0].rect.center
    else:
        area = table.geo.table
        end = next((x, y) for y in range(area.bottom - 8, area.top, -9) for x in range(area.x + 8, area.right, 9)
                   if table.stage.item_at((x, y)) is None)
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step(STEP)
    for k in range(1, 7):
        post(pygame.MOUSEMOTION, pos=(start[0] + (end[0] - start[0]) * k // 6, start[1] + (end[1] - start[1]) * k // 6),
             rel=(1, 1), buttons=(1, 0, 0))
        app.step(STEP)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.step(STEP)
    top = app.top
    if isinstance(top, ChooserScene):
        i = top.moves.index(move) if move in top.moves else 0
        top.choose(i)


def burst(app: App, shoot: Shooter, name: str, every: int = 6, frames: int = 90) -> None:
    """Frames while the cards fly; a picture every ``every`` frames."""
    table = app.scenes[0]
    for f in range(frames):
        app.step(STEP)
        assert isinstance(table, TableScene)
        if not table.motion.busy and f > 2:
            break
        if f % every == 3:
            shoot.shot(f"{name}-f{f}", must="sweep" in name)


def play(size: tuple[int, int], players: int, out: Path, seed: int, limit: int, rounds: int) -> None:
    app = App(size, Settings(speed="normal", ai_delay="none", fullscreen=False))
    teams = standard_teams(players, players == 4)
    game = Game(players=players, teams=teams, seed=seed)
    table = sit_down(app, game, default_seats(players, "intermediate"))
    shoot = Shooter(app, out, f"{size[0]}x{size[1]}-{players}p", limit)
    burst(app, shoot, "deal", every=10, frames=400)
    shoot.shot("start")
    seen_rounds = 0
    for _ in range(400000):
        top = app.top
        if isinstance(top, RoundOverScene):
            for f in range(0, 200):
                app.step(STEP)
                if f % 25 == 5:
                    shoot.shot("sheet", must=True)
                if top.built and not top.confetti:
                    break
                if top.confetti and top.clock > (len(top.rows) + 1) * top.row_time + 2:
                    break
            shoot.shot("sheet-done", must=True)
            seen_rounds += 1
            if table.game.over or seen_rounds >= rounds:
                return
            post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
            post(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
            app.step(STEP)
            burst(app, shoot, "deal", every=15, frames=400)
            continue
        if top is not table:
            app.step(STEP)
            continue
        if table.human_turn() and table.at_rest():
            move = pick(table)
            before = len(table.game.moves)
            drag_play(app, table, move)
            if len(table.game.moves) > before:
                event = table.game.round_events[-1] if table.game.round_events else None
                name = "you-" + move.kind + ("-sweep" if event is not None and event.sweep else "")
                burst(app, shoot, name, every=5)
            continue
        moves = len(table.game.moves)
        app.step(STEP)
        if len(table.game.moves) > moves:
            kind = table.game.moves[-1].kind
            event = table.game.round_events[-1] if table.game.round_events else None
            sweep = "-sweep" if event is not None and event.sweep else ""
            burst(app, shoot, f"cpu-{kind}{sweep}", every=8 if kind == "capture" else 30)
        else:
            pygame.time.wait(1)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="1920x1080,1024x600")
    p.add_argument("--players", default="2,4,6")
    p.add_argument("--out", default="shots")
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--limit", type=int, default=60, help="screenshots per game at most")
    p.add_argument("--rounds", type=int, default=1)
    args = p.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for s in args.sizes.split(","):
        w, h = (int(v) for v in s.split("x"))
        for n in args.players.split(","):
            play((w, h), int(n), out, args.seed, args.limit, args.rounds)
            pygame.quit()


if __name__ == "__main__":
    main()
