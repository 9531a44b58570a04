"""``Cassino --selftest``: is this install (or this build) whole and working?

Opens the window (SDL's dummy drivers will do), loads every asset, draws
each screen on the way to a game (title, new game, rules, settings), then
plays one whole seeded game between two computer players through the real
table scene, frame by frame, at the quickest speed, dismissing each round's
summary with the Enter key as a player would. Along the way it checks what
the table showed against the engine: every card in someone's pile at each
round's end, the same counts as the scoring, the game record replaying to
the same result, nothing logged as an error. Then, on a machine with two
cores, the Master makes one decision with its second core (a helper
process: in the executable this proves it can start) and without, which
must agree. One JSON line says how it went.
It touches none of the player's files: settings and saves are not read or
written; only the summary is written where asked.
"""

from __future__ import annotations

import json
import logging
import random
import sys
import time
from pathlib import Path
from typing import Any

import pygame

from cassino import __version__
from cassino.ai import Budget, SeatView
from cassino.ai import second_core as core
from cassino.ai.master import Master
from cassino.resources import asset_path
from cassino.rules import Game, Rules, record_to_json, replay
from cassino.settings import Settings

from .app import ICON, App
from .art import theme
from .menus.settings import SettingsScene
from .menus.setup import SetupScene
from .rulebook.screen import RulesScene
from .screens import show_title
from .sound import NAMES as SOUND_NAMES
from .table import Seat, TableScene
from .table.scoresheet import RoundOverScene

STEP = 0.1          # seconds of game time per frame: animations end in a frame or two
MAX_FRAMES = 20000  # a whole game takes a few thousand; more means it is stuck
MAX_SECONDS = 300.0
SEATS = (Seat("West", "intermediate"), Seat("East", "beginner"))
SUITS_TEXT = "10♦ 2♠ A♥ K♣"

log = logging.getLogger("cassino.selftest")


class SelfTestFailure(Exception):
    """Something the self-test found wrong, in words."""


class _Errors(logging.Handler):
    """Collects every error the game logs while the self-test runs."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def required_assets() -> list[Path]:
    """The files the game cannot do without."""
    return ([asset_path("fonts", name) for name in theme.FONT_FILES]
            + [asset_path("sounds", f"{name}.wav") for name in SOUND_NAMES]
            + [asset_path(*ICON)])


def load_assets() -> int:
    """Load every font, sound and image in ``assets/``; the number loaded."""
    missing = [str(p) for p in required_assets() if not p.is_file()]
    if missing:
        raise SelfTestFailure(f"missing asset(s): {', '.join(missing)}")
    root = asset_path()
    loaded = 0
    for path in sorted(root.rglob("*")):
        kind = path.suffix.lower()
        try:
            if kind == ".ttf":
                font = pygame.font.Font(str(path), 24)
                absent = [ch for ch, m in zip(SUITS_TEXT, font.metrics(SUITS_TEXT)) if m is None]
                if absent:
                    raise SelfTestFailure(f"{path.name} lacks the glyphs {''.join(absent)!r}")
                font.render(SUITS_TEXT, True, (0, 0, 0))
            elif kind == ".wav":
                if pygame.mixer.get_init():
                    if pygame.mixer.Sound(str(path)).get_length() <= 0:
                        raise SelfTestFailure(f"{path.name} is silent")
                else:
                    with path.open("rb") as f:
                        if f.read(4) != b"RIFF":
                            raise SelfTestFailure(f"{path.name} is not a WAV file")
            elif kind == ".png":
                pygame.image.load(str(path))
            else:
                continue
        except (pygame.error, OSError) as e:
            raise SelfTestFailure(f"cannot load {path}: {e}") from None
        loaded += 1
    return loaded


def _check_round(table: TableScene, scene: RoundOverScene) -> None:
    result = scene.result
    if result is None:
        return  # the game ended inside a round: nothing was counted
    piles = [table.shown_pile(s) for s in range(table.pos.players)]  # as the picture shows them
    pack = table.pos.shape.round_cards
    if sum(piles) != pack:
        raise SelfTestFailure(f"round {result.round}: the piles hold {sum(piles)} cards, not {pack}")
    for t, team in enumerate(table.pos.teams):
        if sum(piles[s] for s in team) != result.cards[t]:
            raise SelfTestFailure(f"round {result.round}: the table counted "
                                  f"{sum(piles[s] for s in team)} cards for a side the scoring gives "
                                  f"{result.cards[t]}")


def show_screens(app: App) -> int:
    """A frame of each screen a player passes on the way to the table: in a
    built executable this proves every module and font they need is inside."""
    title = show_title(app)
    app.step(STEP)
    shown = 1
    for scene in (SetupScene(app, lambda choice: None), RulesScene(app), SettingsScene(app)):
        app.push(scene)
        app.step(STEP)
        app.pop(scene)
        shown += 1
    if app.top is not title or not app.running:
        raise SelfTestFailure("the title screen did not come back after the other screens")
    return shown


def play_game(app: App, seed: int, started: float) -> dict[str, Any]:
    """One whole game through the table scene; figures for the summary."""
    game = Game(Rules(), len(SEATS), seed=seed)
    table = TableScene(app, game, list(SEATS))
    app.replace(table)
    frames = 0
    # The summary answered last, held (not its id(): a freed scene's address may
    # come back as the next summary's, which would then go unanswered).
    answered: RoundOverScene | None = None
    summaries = 0
    while True:
        top = app.top
        if isinstance(top, RoundOverScene) and top is not answered:
            answered = top
            summaries += 1
            _check_round(table, top)
            if game.over:
                break
            for kind in (pygame.KEYDOWN, pygame.KEYUP):  # a press, not a held key's repeat
                pygame.event.post(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
        if frames >= MAX_FRAMES or time.perf_counter() - started > MAX_SECONDS:
            raise SelfTestFailure(f"the game did not finish: {frames} frames, {len(game.moves)} moves, "
                                  f"round {game.round_number}")
        if not app.running:
            raise SelfTestFailure("the window closed before the game ended")
        app.step(STEP)
        frames += 1
        if table.thinker is not None and not table.thinker.done:
            # The game sleeps between frames; flat out, the frames would keep the
            # interpreter from the computer player's thread: let it think.
            time.sleep(0.0005)
    app.step(STEP)  # the final summary, drawn
    frames += 1
    record = record_to_json(game, table.seat_records())
    again = replay(json.loads(json.dumps(record)))
    if list(again.totals) != list(game.totals) or again.winner != game.winner:
        raise SelfTestFailure(f"the game record replays to {again.totals}, the table showed {game.totals}")
    if summaries != len(game.rounds):
        raise SelfTestFailure(f"{len(game.rounds)} rounds were played but {summaries} summaries shown")
    return {"frames": frames, "moves": len(game.moves), "rounds": len(game.rounds),
            "scores": list(game.totals), "winner": SEATS[game.winner].name if game.winner is not None else None}


def check_second_core() -> str:
    """The Master's second core, where the machine has one: a decision with
    a fixed amount of work must come out the same with the helper process as
    without it, and the helper must have searched deals (in the executable,
    that proves its process can start)."""
    if core.cores() < 2 or not core.enabled():
        return "one core"
    game = Game(Rules(), 2, seed=3)
    view = SeatView(game.position, game.position.to_move, game.turns)
    alone = Master(second_core=False).choose(view, random.Random(1), Budget(work=20))
    helped = Master().choose(view, random.Random(1), Budget(work=20))
    if helped != alone:
        raise SelfTestFailure(f"the Master chose {helped.text()} with its second core, {alone.text()} without")
    if core.answered() == 0:
        raise SelfTestFailure("the Master's second core did not start or searched nothing")
    return "ok"


def run(seed: int = 1, out: Path | None = None, size: tuple[int, int] = (1280, 720)) -> int:
    """The self-test; exit status 0 only if everything worked."""
    started = time.perf_counter()
    errors = _Errors()
    logging.getLogger("cassino").addHandler(errors)
    summary: dict[str, Any] = {"selftest": "ok", "version": __version__,
                               "build": "executable" if getattr(sys, "frozen", False) else "python",
                               "seed": seed}
    try:
        app = App(size, Settings(speed="instant", ai_delay="none", fullscreen=False), store=None)
        summary["video"] = pygame.display.get_driver()
        summary["assets"] = load_assets()
        summary["screens"] = show_screens(app)
        summary.update(play_game(app, seed, started))
        summary["second_core"] = check_second_core()
        summary["frames"] = app.frames
        if errors.messages:
            raise SelfTestFailure(f"errors were logged: {'; '.join(errors.messages[:3])}")
    except Exception as e:  # noqa: BLE001 - any failure is the self-test's answer
        log.exception("self-test failed")
        summary["selftest"] = "failed"
        summary["error"] = f"{type(e).__name__}: {e}"
    finally:
        logging.getLogger("cassino").removeHandler(errors)
        pygame.quit()
    summary["seconds"] = round(time.perf_counter() - started, 2)
    line = json.dumps(summary)
    print(line, flush=True)
    if out is not None:
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(line + "\n", encoding="utf-8")
        except OSError as e:
            print(f"cassino: cannot write {out}: {e.strerror}", file=sys.stderr)
            return 1
    return 0 if summary["selftest"] == "ok" else 1
