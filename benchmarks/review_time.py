"""How long the review of a game takes: the figure the tests do not assert.

    python benchmarks/review_time.py [--games 3] [--calibrate] [--write]

Plays games of exactly three rounds or more (a Beginner as the person,
against the Intermediate, fixed seeds), then reviews the person's moves of
the first three rounds as `python -m cassino review` does (its default
work, the strongest analyst there is), and prints one JSON line per game:
the decisions weighed, CPU seconds and wall-clock seconds, on one core.
With ``--write`` the figures go into benchmarks/results/review.md.

Target (issue 16): the review of a 3-round game under 30 s on one core.

Machines differ by three times or more, and the target was set on one where
the rules engine of commit c4a9c82 made about 1,050 random rounds a second
(issue 13). ``--calibrate`` measures that engine here (its own ``selfplay``,
checked out with ``git archive``, best of 3) and also gives each review's
CPU seconds scaled to such a machine, so that the target can be read on any.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
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
# The reference machine: c4a9c82's random rounds a second there (issue 13).
REFERENCE_COMMIT = "c4a9c82"
REFERENCE_RATE = 1050.0


def three_rounds(seed: int) -> Game:
    """A game's first three rounds (or the whole game if it ends sooner)."""
    game = Game(seed=seed)
    players = [make_player("beginner"), make_player("intermediate")]
    rng = random.Random(seed)
    while not game.over and len(game.rounds) < 3:
        pos = game.position
        game.play(players[pos.to_move].choose(SeatView(pos, pos.to_move, game.turns), rng, Budget(work=10)))
    return game


def machine_factor() -> tuple[float, float]:
    """How much slower this machine is than the reference (above 1: slower),
    and the reference engine's rounds a second here (best of 3 fresh runs)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from checkout import checkout  # benchmarks/checkout.py
    from rules_speed import selfplay

    with tempfile.TemporaryDirectory(prefix="cassino-reference-") as tmp:
        engine = checkout(REFERENCE_COMMIT, Path(tmp))
        rate = max(float(selfplay(engine, ["--players", "2", "--rounds", "400", "--seed", "11"])  # type: ignore[arg-type]
                         ["rounds_per_second"]) for _ in range(3))
    return REFERENCE_RATE / rate, rate


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--seed", type=int, default=900000)
    p.add_argument("--calibrate", action="store_true",
                   help="also scale the CPU seconds to the machine the target was set on")
    p.add_argument("--write", action="store_true")
    args = p.parse_args()
    factor = rate = None
    if args.calibrate:
        factor, rate = machine_factor()
        print(json.dumps({"reference": REFERENCE_COMMIT, "rounds_per_second_here": rate,
                          "rounds_per_second_there": REFERENCE_RATE, "slower_by": round(factor, 2)}), flush=True)
    judge = analyst()
    rows = []
    for i in range(args.games):
        game = three_rounds(args.seed + i)
        cpu, wall = time.process_time(), time.perf_counter()
        moments = review(game, [0], judge=judge)
        row = {"seed": args.seed + i, "rounds": len(game.rounds), "decisions": len(moments),
               "cpu_s": round(time.process_time() - cpu, 2), "wall_s": round(time.perf_counter() - wall, 2),
               "analyst": type(judge).__name__, "work": REVIEW_WORK}
        if factor is not None:
            row["cpu_s_on_reference"] = round(row["cpu_s"] / factor, 2)  # type: ignore[operator]
        rows.append(row)
        print(json.dumps(row), flush=True)
    if args.write:
        key = "cpu_s" if factor is None else "cpu_s_on_reference"
        worst = max(r[key] for r in rows)
        flags = f"--games {args.games} --seed {args.seed}" + (" --calibrate" if factor is not None else "")
        lines = ["# Review time", "",
                 f"Made by `python benchmarks/review_time.py {flags} --write`: "
                 "the first three rounds of games between a Beginner (the person reviewed) and the "
                 f"Intermediate, reviewed as `python -m cassino review` does (work {REVIEW_WORK} a decision, "
                 f"analyst: {type(judge).__name__}), on one core (`CASSINO_ONE_CORE=1`: the Master's "
                 "second core off, so that the CPU seconds are all the work).", ""]
        if factor is None:
            lines += ["| seed | rounds | decisions | CPU s | wall s |", "|---|---|---|---|---|"]
            lines += [f"| {r['seed']} | {r['rounds']} | {r['decisions']} | {r['cpu_s']} | {r['wall_s']} |"
                      for r in rows]
        else:
            lines += [f"This machine made {rate:.0f} random rounds a second with the engine of "
                      f"{REFERENCE_COMMIT}, against about {REFERENCE_RATE:.0f} where the target was set: "
                      + (f"{factor:.2f} times slower" if factor >= 1 else f"{1 / factor:.2f} times faster")
                      + ". The last column scales the CPU seconds by that.", "",
                      "| seed | rounds | decisions | CPU s | wall s | CPU s on the reference machine |",
                      "|---|---|---|---|---|---|"]
            lines += [f"| {r['seed']} | {r['rounds']} | {r['decisions']} | {r['cpu_s']} | {r['wall_s']} "
                      f"| {r['cpu_s_on_reference']} |" for r in rows]
        verdict = "met" if worst < TARGET_S else "missed"
        where = "" if factor is None else ", scaled to the reference machine"
        lines += ["", f"Target: a 3-round game's review under {TARGET_S:.0f} s on one core: {verdict} "
                      f"(slowest {worst} CPU seconds{where}). The wall-clock seconds also count what else the "
                      "machine ran meanwhile (load average "
                      f"{os.getloadavg()[0]:.1f} at the end); the CPU seconds are the review's own work.", ""]
        # The earlier figures stay below, as they were.
        results = ROOT / "benchmarks" / "results" / "review.md"
        earlier = results.read_text().split("\n", 1)[1] if results.exists() else ""
        if earlier.strip():
            lines += ["## Earlier", "", earlier.strip(), ""]
        results.write_text("\n".join(lines))

if __name__ == "__main__":
    main()
