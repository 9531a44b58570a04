"""How long the review of a game takes: the figure the tests do not assert.

    python benchmarks/review_time.py [--games 3] [--write]

Plays games of exactly three rounds or more (a Beginner as the person,
against the Intermediate, fixed seeds), then reviews the person's moves of
the first three rounds as `python -m cassino review` does (its default
work, the strongest analyst there is), and prints one JSON line per game:
the decisions weighed, CPU seconds and wall-clock seconds, on one core.
With ``--write`` the figures go into benchmarks/results/review.md.

Target (issue 16): the review of a 3-round game under 30 s on one core.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# One core, as the target says: the Master's helper process stays off, so the
# CPU seconds measured here are all the work.
os.environ["CASSINO_ONE_CORE"] = "1"
sys.path.insert(0, str(ROOT))

from cassino.ai import Budget, SeatView, make_player  # noqa: E402
from cassino.ai.review import REVIEW_WORK, analyst, review  # noqa: E402
from cassino.rules import Game  # noqa: E402

TARGET_S = 30.0


def three_rounds(seed: int) -> Game:
    """A game's first three rounds (or the whole game if it ends sooner)."""
    game = Game(seed=seed)
    players = [make_player("beginner"), make_player("intermediate")]
    rng = random.Random(seed)
    while not game.over and len(game.rounds) < 3:
        pos = game.position
        game.play(players[pos.to_move].choose(SeatView(pos, pos.to_move, game.turns), rng, Budget(work=10)))
    return game


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--seed", type=int, default=900000)
    p.add_argument("--write", action="store_true")
    args = p.parse_args()
    judge = analyst()
    rows = []
    for i in range(args.games):
        game = three_rounds(args.seed + i)
        cpu, wall = time.process_time(), time.perf_counter()
        moments = review(game, [0], judge=judge)
        row = {"seed": args.seed + i, "rounds": len(game.rounds), "decisions": len(moments),
               "cpu_s": round(time.process_time() - cpu, 2), "wall_s": round(time.perf_counter() - wall, 2),
               "analyst": type(judge).__name__, "work": REVIEW_WORK}
        rows.append(row)
        print(json.dumps(row), flush=True)
    if args.write:
        worst = max(r["cpu_s"] for r in rows)
        lines = ["# Review time", "",
                 f"Made by `python benchmarks/review_time.py --games {args.games} --seed {args.seed} --write`: "
                 "the first three rounds of games between a Beginner (the person reviewed) and the "
                 f"Intermediate, reviewed as `python -m cassino review` does (work {REVIEW_WORK} a decision, "
                 f"analyst: {type(judge).__name__}), on one core (`CASSINO_ONE_CORE=1`: the Master's "
                 "second core off, so that the CPU seconds are all the work).", "",
                 "| seed | rounds | decisions | CPU s | wall s |", "|---|---|---|---|---|"]
        lines += [f"| {r['seed']} | {r['rounds']} | {r['decisions']} | {r['cpu_s']} | {r['wall_s']} |" for r in rows]
        verdict = "met" if worst < TARGET_S else "missed"
        lines += ["", f"Target: a 3-round game's review under {TARGET_S:.0f} s on one core: {verdict} "
                      f"(slowest {worst} CPU seconds). The wall-clock seconds also count what else the "
                      "machine ran meanwhile (load average "
                      f"{os.getloadavg()[0]:.1f} at the end); the CPU seconds are the review's own work.", ""]
        (ROOT / "benchmarks" / "results" / "review.md").write_text("\n".join(lines))


if __name__ == "__main__":
    main()
