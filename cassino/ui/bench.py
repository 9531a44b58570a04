"""``python -m cassino bench-ui``: frame times of the busiest realistic table.

Four players, twelve loose cards and two builds on the table, a card being
dragged over the table with its drop targets lit, and computer cards in
flight, at 1920x1080. Each frame is timed from input to the finished picture
(events, update, draw, flip); the figures are printed, then one JSON line.
"""

from __future__ import annotations

import os
import statistics
import time

from cassino.rules import Build, Game, Position, Rules, parse_cards, shape_of, standard_teams
from cassino.rules.cards import FULL_DECK, cards_of
from .table import TableScene as TableScene_


def busy_position() -> Position:
    """Seat 0 to move in a four-player round: 12 loose cards, a build and a multiple build."""
    hands = [parse_cards(h.split()) for h in ("8S 9H KD 3C", "7D QS 2H", "6C JD 4D", "5S KC 9D")]
    loose = parse_cards("AH 2D 3H 4S 5C 6H 7S JH QC KH TC AD".split())
    builds = (Build(parse_cards(["3D", "5D"]), 8, False, 0),
              Build(parse_cards(["2C", "4C", "6D"]), 6, True, 2))
    used = loose
    for h in hands:
        used |= h
    for b in builds:
        used |= b.cards
    rest = cards_of(FULL_DECK & ~used)
    stock, captured = rest[:16], rest[16:]
    pile = 0
    for c in captured:
        pile |= 1 << c
    return Position(shape_of(Rules(), 4, standard_teams(4)), 0, 0, hands, stock, loose, builds,
                    [pile, 0, 0, 0], [0, 0, 0, 0], 1, [7, 5, 9, 3])


def _frames_while_thinking(app: object, table: object, frames: int) -> list[float]:
    """The same busy frames while an Expert searches in the background (it
    shares the interpreter with the drawing thread)."""
    import pygame

    from cassino.ai import SeatView
    from cassino.ai.expert import Expert
    from cassino.ai.worker import Thinker

    assert isinstance(table, TableScene_)
    view = SeatView(table.pos, table.pos.to_move)
    times = []
    thinker = None
    for i in range(frames):
        if thinker is None or thinker.done:
            thinker = Thinker(Expert(), view, i)
        t0 = time.perf_counter()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(400 + i % 300, 400), rel=(1, 0),
                                             buttons=(1, 0, 0)))
        app.step(1 / 60)  # type: ignore[attr-defined]
        times.append((time.perf_counter() - t0) * 1000)
        time.sleep(max(0.0, 1 / 60 - times[-1] / 1000))  # a real frame's idle time, as at 60 Hz
    if thinker is not None:
        thinker.cancel()
        thinker.result(5)
    return sorted(times)


def bench(frames: int = 600, size: tuple[int, int] = (1920, 1080)) -> dict[str, object]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from .app import App
    from .table import TableScene, default_seats

    app = App(size)
    game = Game(Rules(), 4, standard_teams(4), seed=1)
    pos = busy_position()
    assert not pos.problems(), pos.problems()
    game.position = pos
    table = TableScene(app, game, default_seats(4, "beginner"))
    app.replace(table)
    table.motion.finish()
    table.players.clear()  # nobody moves: the table stays this busy for every frame
    # Pick up the 8 of spades and drag it over the table.
    card = table.hand_order(0)[-1]
    start = table.stage.hand_rects(0)[-1][1].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] - 40), rel=(0, -40), buttons=(1, 0, 0)))
    app.step(1 / 60)
    assert table.input.drag is not None and table.input.drag.card == card, "the benchmark's drag did not start"
    flying = [c for s in (1, 2, 3) for c in table.hand_order(s)]
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
        if i >= warm:
            times.append((time.perf_counter() - t0) * 1000)
    assert table.input.drag is not None and table.motion.busy
    thinking = _frames_while_thinking(app, table, min(frames, 300))
    times.sort()
    result = {
        "frames": len(times),
        "size": list(size),
        "median_ms": round(statistics.median(times), 3),
        "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 3),
        "max_ms": round(times[-1], 3),
        "video_driver": pygame.display.get_driver(),
        "table_items": len(table.items),
        "thinking_median_ms": round(statistics.median(thinking), 3),
        "thinking_p99_ms": round(thinking[min(len(thinking) - 1, int(len(thinking) * 0.99))], 3),
    }
    print(f"{len(times)} frames at {size[0]}x{size[1]}, 4 players, {len(table.items)} table items, "
          f"dragging and animating: median {result['median_ms']} ms, p99 {result['p99_ms']} ms, "
          f"max {result['max_ms']} ms (60 Hz budget 16.7 ms)")
    print(f"{len(thinking)} frames of the same table while an Expert thinks in its worker thread: "
          f"median {result['thinking_median_ms']} ms, p99 {result['thinking_p99_ms']} ms")
    pygame.quit()
    return result
