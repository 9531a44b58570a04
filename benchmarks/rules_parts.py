"""Where a random round's time goes, this engine beside an earlier commit's.

    python benchmarks/rules_parts.py [--baseline c4a9c82] [--runs 5] [--rounds 400] [--seed 11]

``rules_speed.py`` gives the headline ratio; this splits it into parts, so
that whoever works on the target sees which part holds it back. In a fresh
process for each engine, the random rounds (``--rounds``; two players, the
standard game; each move chosen as this engine's ``selfplay`` chooses it, by
both engines alike) are played three times over:

- ``first``: the rounds with the process's memos empty, as ``selfplay`` runs;
- ``again``: the same rounds once more, every memo filled;
- ``listing``: the part of ``again`` spent listing the moves as play asks
  for them (this engine's ``moves()``, the baseline's ``legal_moves()``);
- ``playing``: the part spent playing the moves chosen (``Game.play``: the
  move applied, the game's records, the deals and the scoring);
- ``rest``: ``again`` less the two: choosing a move and the loop;
- ``warm-up``: ``first`` less ``again``: what filling the memos costs (with
  the interpreter's own warm-up).

``first`` and ``again`` are the process's CPU time (steadier than the wall
clock on a shared machine). The two parts are each one's share of a third
run of the same rounds, split by the wall clock around each call, applied
to ``again``. Each figure is the best of ``--runs`` fresh processes (the
last two are worked out from those), the engines taking turns. Prints a
JSON line per engine and a table of the parts with their ratios.
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

# Runs in a fresh interpreter with the engine under test first on sys.path.
PARTS = textwrap.dedent("""
    import json, random, sys, time
    sys.path.insert(0, sys.argv[1])
    rounds_wanted, seed = int(sys.argv[2]), int(sys.argv[3])
    from cassino.rules import Game, Position
    # As each engine's selfplay lists: this one unsorted (``moves``), the baseline
    # sorted; this one's play reports an event, the baseline's the round's result.
    listing = getattr(Position, "moves", Position.legal_moves)
    split = time.perf_counter

    def rounds(parts):
        pick = random.Random(seed).random
        done = games = 0
        game = Game(players=2, seed=f"{seed}/{games}")
        while done < rounds_wanted:
            t0 = split()
            legal = listing(game.position)
            t1 = split()
            move = legal[int(pick() * len(legal))]
            t2 = split()
            result = game.play(move, checked=False)
            t3 = split()
            if parts is not None:
                parts[0] += t1 - t0
                parts[1] += t3 - t2
            if getattr(result, "round_end", result) is not None:
                done += 1
                if game.over:
                    games += 1
                    game = Game(players=2, seed=f"{seed}/{games}")

    clock = time.process_time
    t = clock(); rounds(None); first = clock() - t
    t = clock(); rounds(None); again = clock() - t
    # A third run split by the wall clock: each part's share of it, applied to ``again``.
    parts = [0.0, 0.0]
    t = split(); rounds(parts); timed = split() - t
    print(json.dumps({"first": first, "again": again, "listing": parts[0] / timed * again,
                      "playing": parts[1] / timed * again}))
""")

PARTS_SHOWN = ("first", "again", "listing", "playing", "rest", "warm-up")


def measure(root: Path, rounds: int, seed: int) -> dict[str, float]:
    """One fresh process's figures for the engine at ``root``, in seconds."""
    got: dict[str, float] = run_json(root, ["-c", PARTS, str(root), str(rounds), str(seed)],
                                     cwd=Path(tempfile.gettempdir()))
    return got


def derived(best: dict[str, float]) -> dict[str, float]:
    """The parts not timed directly, from the best of those that are."""
    return {**best, "rest": best["again"] - best["listing"] - best["playing"],
            "warm-up": best["first"] - best["again"]}


def main() -> int:
    """Measure both engines, taking turns, and print the parts side by side."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--baseline", default="c4a9c82")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=400)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="cassino-parts-") as tmp:
        base = checkout(args.baseline, Path(tmp))
        engines = {"baseline": base, "current": ROOT}
        best: dict[str, dict[str, float]] = {}
        for _ in range(args.runs):
            for name, root in engines.items():
                got = measure(root, args.rounds, args.seed)
                mine = best.setdefault(name, got)
                for k, v in got.items():
                    mine[k] = min(mine[k], v)
    best = {name: derived(figures) for name, figures in best.items()}
    for name, figures in best.items():
        print(json.dumps({"engine": name, **{k: round(v, 4) for k, v in figures.items()}}))
    b, c = best["baseline"], best["current"]
    print(f"\n{args.rounds} random rounds, seed {args.seed}; CPU seconds, best of {args.runs} "
          f"fresh processes each; baseline {args.baseline}\n")
    print("| part | baseline s | current s | ratio | share of current's first |")
    print("|---|---|---|---|---|")
    for k in PARTS_SHOWN:
        ratio = f"{b[k] / c[k]:.2f}x" if c[k] > 0 else "-"
        print(f"| {k} | {b[k]:.3f} | {c[k]:.3f} | {ratio} | {c[k] / c['first']:.0%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
