"""How promptly the computer players answer: the timings the tests do not assert.

    python benchmarks/ai_response.py [--runs 3]

Prints one JSON line per figure (the best of ``--runs``, in seconds):

- a cancelled Expert with ten seconds of budget (it should answer at once);
- the Expert with a 50 ms budget (a close call may think a few times that);
- a background ``Thinker`` with a 100 ms deadline, from start to answer;
- each level's decision on a crowded table (30 loose cards: millions of
  captures and builds for an 8 or a 10), for two, three and six players and
  with plucking; the Expert with a 140 ms budget.

Targets: the cancelled Expert within 0.5 s, the 50 ms Expert within 1 s,
the Thinker within 2 s, crowded decisions within 1, 1.5 and 2 seconds
(Beginner, Intermediate, Expert).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cassino.ai import Budget, SeatView, make_player  # noqa: E402
from cassino.ai.worker import Thinker  # noqa: E402
from cassino.rules import Game, Rules  # noqa: E402
from tests.ai.spots import spot  # noqa: E402

CROWDED = ("AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H AD 2D 3D 4D 5D 6D 7D "
           "AC 2C 3C 4C 5C 6C 7C 8S 8H")
TABLES = [("standard, 2 players", Rules(), 2), ("Royal, 6 players", Rules(royal=True, sweeps=0), 6),
          ("Pluck, 2 players", Rules(pluck=True), 2),
          ("Royal with buckeye and aces 14, 3 players", Rules(royal=True, buckeye=True, ace_14=True), 3)]


def best(runs: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        work()
        times.append(time.perf_counter() - t)
    return round(min(times), 4)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()

    def view(seed: int) -> SeatView:
        game = Game(Rules(), 2, seed=seed)
        return SeatView(game.position, game.position.to_move)

    def cancelled() -> object:
        cancel = threading.Event()
        cancel.set()
        return make_player("expert").choose(view(8), random.Random(1), Budget(ms=10_000, cancel=cancel))

    figures = {
        "cancelled_expert_s": best(args.runs, cancelled),
        "expert_50ms_s": best(args.runs, lambda: make_player("expert").choose(view(12), random.Random(1),
                                                                             Budget(ms=50))),
        "thinker_100ms_s": best(args.runs, lambda: Thinker(make_player("expert"), view(3), seed=1,
                                                          ms=100).result(timeout=30)),
    }
    for name, value in figures.items():
        print(json.dumps({"figure": name, "seconds": value}), flush=True)
    for label, rules, players in TABLES:
        hand = "8D 9C TS TH" if players <= 4 else "8D TH"
        pos = spot(hand, CROWDED, rules=rules, players=players, stock_size=8 if rules.pluck else 0)
        for level, budget in (("beginner", None), ("intermediate", None), ("expert", Budget(ms=140))):
            seconds = best(args.runs, lambda: make_player(level).choose(SeatView(pos, 0), random.Random(1),
                                                                         budget and Budget(ms=140)))
            print(json.dumps({"figure": "crowded_table", "table": label, "level": level, "seconds": seconds}),
                  flush=True)


if __name__ == "__main__":
    main()
