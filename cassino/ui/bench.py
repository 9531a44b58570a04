"""``python -m cassino bench-ui``: frame times of the busiest table, and what
the game costs when nothing happens.

The busiest table: six players in the last deal, twelve loose cards and
two builds on the table, a card being dragged over the table with its drop
targets lit, and computer cards in flight, at 1920x1080. Each frame is timed
from input to the finished picture (events, update, draw, flip). Then the
same table while an Expert thinks in its worker thread; then the real loop
left idle on the title screen and at the table (the share of one core it
uses) and the time from a window's close to the loop's end. The figures are
printed, then one JSON line.
"""

from __future__ import annotations

import os
import statistics
import threading
import time
from typing import TYPE_CHECKING

from cassino.rules import Build, Game, Position, Rules, parse_cards, shape_of, standard_teams
from cassino.rules.cards import FULL_DECK, cards_of

if TYPE_CHECKING:
    from .app import App
    from .table import TableScene

HANDS = ("8S 9H KD", "7D QS 2H", "6C JD 4D", "5S KC 9D", "7C 3S QH", "TS 8C JC")


def busy_position(players: int = 6) -> Position:
    """Seat 0 to move in the last deal of a round of ``players`` (4 to 6):
    three cards a hand, 12 loose cards, a build and a multiple build."""
    hands = [parse_cards(h.split()) for h in HANDS[:players]]
    loose = parse_cards("AH 2D 3H 4S 5C 6H 7S JH QC KH TC AD".split())
    builds = (Build(parse_cards(["3D", "5D"]), 8, False, 0),
              Build(parse_cards(["2C", "4C", "6D"]), 6, True, 2))
    used = loose
    for h in hands:
        used |= h
    for b in builds:
        used |= b.cards
    shape = shape_of(Rules(), players, standard_teams(players))
    rest = cards_of(FULL_DECK & ~used)
    stock: list[int] = []  # the last deal: what is not in play is in the piles
    piles = [0] * players
    for i, c in enumerate(rest):
        piles[i % 2] |= 1 << c
    return Position(shape, players - 1, 0, hands, stock, loose, builds, piles, [0] * players, 1,
                    [7, 5, 9, 3, 2, 6][:len(shape.teams)])


def _table(app: App, players: int) -> TableScene:
    from .table import TableScene, default_seats

    game = Game(Rules(), players, standard_teams(players), seed=1)
    pos = busy_position(players)
    assert not pos.problems(), pos.problems()
    game.position = pos
    table = TableScene(app, game, default_seats(players, "beginner"))
    app.replace(table)
    table.motion.finish()
    table.players.clear()  # nobody moves: the table stays this busy for every frame
    return table


def _stop_if_closed(app: App) -> None:
    """A SIGTERM (SDL makes it a quit event) or the window closed stops the
    benchmark as Ctrl+C does: its frame loops never read it, and ``timeout``
    could not stop a run of a billion frames."""
    if not app.running:
        raise KeyboardInterrupt


def _frames_while_thinking(app: App, table: TableScene, frames: int) -> list[float]:
    """The same busy frames while an Expert searches in the background (it
    shares the interpreter with the drawing thread)."""
    import pygame

    from cassino.ai import SeatView
    from cassino.ai.expert import Expert
    from cassino.ai.worker import Thinker

    view = SeatView(table.pos, table.pos.to_move)
    times = []
    thinker = None
    for i in range(frames):
        if thinker is None or thinker.done:
            thinker = Thinker(Expert(), view, i)
        t0 = time.perf_counter()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(400 + i % 300, 400), rel=(1, 0),
                                             buttons=(1, 0, 0)))
        app.step(1 / 60)
        _stop_if_closed(app)
        times.append((time.perf_counter() - t0) * 1000)
        time.sleep(max(0.0, 1 / 60 - times[-1] / 1000))  # a real frame's idle time, as at 60 Hz
    if thinker is not None:
        thinker.cancel()
        thinker.result(5)
    return sorted(times)


def _idle(app: App, seconds: float) -> tuple[float, float]:
    """The real loop left alone for ``seconds``: the share of one core it
    used, and the seconds from the window's close to the loop's end."""
    import pygame

    closed: list[float] = []

    def close() -> None:
        time.sleep(seconds)
        closed.append(time.perf_counter())
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    app.running = True
    pygame.event.clear()
    closer = threading.Thread(target=close, daemon=True)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    closer.start()
    app.run()  # returns when the close arrives (and has shut pygame down)
    ended = time.perf_counter()
    cpu = time.process_time() - cpu0
    closer.join()
    return cpu / (closed[0] - wall0), ended - closed[0]


def _percentile(times: list[float], q: float) -> float:
    return times[min(len(times) - 1, int(len(times) * q))]


def bench(frames: int = 600, size: tuple[int, int] = (1920, 1080), players: int = 6,
          idle_seconds: float = 3.0) -> dict[str, object]:
    """The figures, printed and returned (see the module's docstring)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from .app import App
    from .screens import show_title

    app = App(size)
    driver = pygame.display.get_driver()
    table = _table(app, players)
    # Pick up the highest card of your hand and drag it over the table.
    rects = table.stage.hand_rects(table.bottom)
    card, start = rects[-1][0], rects[-1][1].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] - 40), rel=(0, -40),
                                         buttons=(1, 0, 0)))
    app.step(1 / 60)
    assert table.input.drag is not None and table.input.drag.card == card, "the benchmark's drag did not start"
    flying = [c for s in range(1, players) for c in table.hand_order(s)]
    times = []
    warm = 30
    for i in range(frames + warm):
        t0 = time.perf_counter()
        x = table.geo.table.x + (i * 7) % table.geo.table.width
        y = table.geo.table.y + (i * 3) % table.geo.table.height
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(7, 3), buttons=(1, 0, 0)))
        # Keep computer cards in flight: one leaves its hand for the table and back, over and over.
        c = flying[i // 20 % len(flying)]
        s = table.motion.get(c)
        if s is not None and not s.moving:
            home = s.at
            s.go(table.geo.stock_spot(), 0.15)
            s.go(home, 0.15, then=True)
        app.step(1 / 60)
        _stop_if_closed(app)
        if i >= warm:
            times.append((time.perf_counter() - t0) * 1000)
    assert table.input.drag is not None and table.motion.busy
    thinking = _frames_while_thinking(app, table, min(frames, 300))
    times.sort()
    # Idle: the table at rest with nothing to do, then the title screen.
    table.controls.cancel()
    table.motion.finish()
    table_cpu, _ = _idle(app, idle_seconds)
    app = App(size)
    show_title(app)
    title_cpu, quit_s = _idle(app, idle_seconds)
    result = {
        "frames": len(times),
        "size": list(size),
        "players": players,
        "median_ms": round(statistics.median(times), 3),
        "p99_ms": round(_percentile(times, 0.99), 3),
        "max_ms": round(times[-1], 3),
        "video_driver": driver,
        "table_items": len(table.items),
        "thinking_median_ms": round(statistics.median(thinking), 3),
        "thinking_p99_ms": round(_percentile(thinking, 0.99), 3),
        "idle_table_cpu": round(table_cpu, 4),
        "idle_title_cpu": round(title_cpu, 4),
        "quit_s": round(quit_s, 3),
    }
    print(f"{len(times)} frames at {size[0]}x{size[1]}, {players} players, {len(table.items)} table items, "
          f"dragging and animating: median {result['median_ms']} ms, p99 {result['p99_ms']} ms, "
          f"max {result['max_ms']} ms (60 Hz budget 16.7 ms)")
    print(f"{len(thinking)} frames of the same table while an Expert thinks in its worker thread: "
          f"median {result['thinking_median_ms']} ms, p99 {result['thinking_p99_ms']} ms")
    print(f"idle for {idle_seconds:g} s: the table uses {table_cpu:.1%} of a core, the title screen "
          f"{title_cpu:.1%}; closing the window ends the loop in {quit_s * 1000:.0f} ms")
    return result
