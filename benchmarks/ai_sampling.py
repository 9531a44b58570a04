"""How fast the computer players deal the hidden cards, side by side with an
earlier commit's players, in one run.

    python benchmarks/ai_sampling.py [--baseline 6e0cf67] [--runs 3] [--views 40]

Checks the baseline commit's ``cassino/`` out into a temporary folder with
``git archive`` and, alternating fresh processes of the two, measures on the
same seat views (positions reached by Beginners, whose play samples nothing,
so both engines reach the same ones; two, three, four in partnerships and six
players):

- deals of the hidden cards per second, as the Expert and the Master ask for
  them (``SeatView.sample_avoiding``, kept clear of ``knowledge.unlikely_cards``);
- the Master's information-set iterations in its 400 ms on the thinking
  thread's CPU clock (three players or more), the median over the views.

Prints a JSON line per figure (the best of ``--runs``) and the ratios.
Results: ``benchmarks/results/ai_sampling.md``.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import textwrap
from pathlib import Path

from checkout import checkout, run_json  # benchmarks/checkout.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
TABLES = [("2 players", 2, False), ("3 players", 3, False), ("4 in partnerships", 4, True),
          ("6 players", 6, False)]

# Runs in a fresh interpreter with the players under test first on sys.path.
MEASURE = textwrap.dedent("""
    import json, random, statistics, sys, time
    from cassino.ai import Budget, SeatView, make_player, infoset
    from cassino.ai.knowledge import unlikely_cards
    from cassino.rules import Game, Rules, standard_teams

    players, teams, count, what = int(sys.argv[1]), sys.argv[2] == "1", int(sys.argv[3]), sys.argv[4]
    beginner = make_player("beginner")
    views = []
    seed = 0
    while len(views) < count:
        seed += 1
        game = Game(Rules(), players, standard_teams(players, teams), seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(2, 6 * players)):
            if game.over:
                break
            pos = game.position
            game.play(beginner.choose(SeatView(pos, pos.to_move, game.turns), rng))
        if not game.over:
            pos = game.position
            views.append(SeatView(pos, pos.to_move, game.turns))
    if what == "deals":
        avoid = [list(unlikely_cards(v).items()) for v in views]
        start = time.process_time()
        for i, v in enumerate(views):
            rng = random.Random(i)
            for _ in range(200):
                v.sample_avoiding(rng, avoid[i])
        print(json.dumps(len(views) * 200 / (time.process_time() - start)))
    else:
        grown = []
        real = infoset.Tree.grow
        def grow(self, rng, each, stop):
            real(self, rng, each, stop)
            grown.append(self.iterations)
        infoset.Tree.grow = grow
        master = make_player("master")
        master.second_core = False
        for i, v in enumerate(views):
            master.choose(v, random.Random(i), Budget(ms=400, clock=time.thread_time))
        print(json.dumps(statistics.median(grown) if grown else 0))
""")


def measure(tree: Path, players: int, teams: bool, views: int, what: str) -> float:
    return float(run_json(tree, ["-c", MEASURE, str(players), "1" if teams else "0", str(views), what],
                          CASSINO_ONE_CORE="1"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default="6e0cf67")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--views", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = checkout(args.baseline, Path(tmp))
        engines = {"baseline": base, "current": ROOT}
        for name, players, teams in TABLES:
            for what in ("deals", "iterations"):
                if what == "iterations" and players == 2:
                    continue  # two-handed, the Master searches each deal: no tree
                best = {}
                for _ in range(args.runs):
                    for engine, tree in engines.items():
                        got = measure(tree, players, teams, args.views, what)
                        best[engine] = max(best.get(engine, 0.0), got)
                print(json.dumps({"table": name, "figure": what, "commit": args.baseline,
                                  **{k: round(v, 1) for k, v in best.items()},
                                  "ratio": round(best["current"] / best["baseline"], 2)}),
                      flush=True)


if __name__ == "__main__":
    main()
