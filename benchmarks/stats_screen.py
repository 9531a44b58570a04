"""The statistics screen's frame time with many kinds of games, against an
earlier commit's, side by side in one run on this machine: that commit's
``cassino/`` and ``assets/`` are checked out into a temporary folder with
``git archive`` and both draw the same statistics (``--games`` games, each
to a target of its own, so each is a kind of game of its own) with SDL's
dummy video driver.

    python benchmarks/stats_screen.py [--base e397785] [--games 25] [--frames 20]

Prints, per window size, each side's median and best frame in milliseconds
(the median of ``--frames`` frames after the first), and their ratio.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import textwrap
from pathlib import Path

from checkout import checkout, run_json  # benchmarks/checkout.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
SIZES = ((1024, 600), (1920, 1080))

# Runs inside a fresh interpreter with the checkout under test first on sys.path.
FRAMES = textwrap.dedent("""
    import json, statistics, sys, tempfile, time
    from pathlib import Path
    from cassino.rules import Rules
    from cassino.settings import Settings
    from cassino.stats import Result, Stats
    from cassino.store import Store
    from cassino.ui.app import App
    from cassino.ui.menus.stats import StatsScene
    from cassino.ui.screens import show_title
    games, frames, width, height = map(int, sys.argv[1:5])
    stats = Stats()
    for g in range(games):
        won = g % 3 > 0
        stats.record_game(("expert", "beginner")[g % 2], Rules(target=5 + g),
                          Result(won, 21 if won else 15, 17 if won else 21, 1))
    store = Store(Path(tempfile.mkdtemp()))
    store.save_stats(stats)
    app = App((width, height), Settings(speed="instant", fullscreen=False), store)
    show_title(app)
    app.push(StatsScene(app))
    times = []
    for _ in range(frames + 1):
        t = time.perf_counter()
        app.step(1 / 60)
        times.append(time.perf_counter() - t)
    times = times[1:]
    print(json.dumps({"median_ms": round(statistics.median(times) * 1000, 2),
                      "best_ms": round(min(times) * 1000, 2)}))
""")


def frames(where: Path, games: int, count: int, size: tuple[int, int]) -> dict[str, float]:
    """The checkout at ``where`` drawing the statistics screen: its median and best frame."""
    result: dict[str, float] = run_json(where, ["-c", FRAMES, str(games), str(count), str(size[0]), str(size[1])],
                                        SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return result


def main() -> int:
    """Both checkouts at each window size, one JSON line each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="e397785")
    parser.add_argument("--games", type=int, default=25)
    parser.add_argument("--frames", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = checkout(args.base, Path(tmp), ("cassino", "assets"))
        for size in SIZES:
            was = frames(base, args.games, args.frames, size)
            now = frames(ROOT, args.games, args.frames, size)
            print(json.dumps({"size": f"{size[0]}x{size[1]}", "games": args.games, "base": args.base,
                              "base_ms": was, "now_ms": now,
                              "ratio": round(was["median_ms"] / now["median_ms"], 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
