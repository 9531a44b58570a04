"""The rules engine's speed counted in instructions, beside an earlier commit's:
a figure that a busy machine does not move.

    python benchmarks/rules_instructions.py [--baseline c4a9c82] [--rounds 400] [--seed 11]
                                            [--presets royal,royal-aces-14,buckeye]

Needs valgrind (Debian's ``valgrind`` package). ``rules_speed.py`` and
``rules_parts.py`` time the engines by the clock, which a shared machine can
move by half from one run to the next; this counts the instructions each
engine executes (valgrind's callgrind) for the same random two-player rounds
(each move chosen as this engine's ``selfplay`` chooses it, by both engines
alike, as ``rules_parts.py`` does):

- ``first``: the rounds in a fresh process, as ``selfplay`` runs them;
- ``again``: the same rounds once more, every memo filled;
- ``warm-up``: ``first`` less ``again``.

Starting Python and importing the rules is counted in a run that plays no
round and taken off. Counts vary by about 1% with the hash seed, which is
fixed (``PYTHONHASHSEED=0``). The fewer instructions, the faster, but not in
proportion: an engine can get through fewer of them a second (the notes in
``results/rules_speed.md``). ``--presets`` also counts this engine's rounds
under those presets, as a share of the standard game's (the 25% target).
Prints a JSON line per run and a table.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from checkout import checkout  # benchmarks/checkout.py, beside this script

ROOT = Path(__file__).resolve().parent.parent

# Runs under callgrind with the engine under test first on sys.path: the
# random rounds ``passes`` times over (0: the start-up alone).
ROUNDS = textwrap.dedent("""
    import json, random, sys
    sys.path.insert(0, sys.argv[1])
    rounds_wanted, seed, passes, preset = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    from cassino.rules import Game, Position
    if preset == "standard":
        def new_game(s):
            return Game(players=2, seed=s)
    else:
        from cassino.rules.options import PRESETS
        rules = PRESETS[preset].rules(2)
        def new_game(s):
            return Game(rules, 2, seed=s)
    listing = getattr(Position, "moves", Position.legal_moves)

    def rounds():
        pick = random.Random(seed).random
        done = games = 0
        game = new_game(f"{seed}/{games}")
        while done < rounds_wanted:
            legal = listing(game.position)
            result = game.play(legal[int(pick() * len(legal))], checked=False)
            if getattr(result, "round_end", result) is not None:
                done += 1
                if game.over:
                    games += 1
                    game = new_game(f"{seed}/{games}")

    for _ in range(passes):
        rounds()
""")

COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def count(root: Path, rounds: int, seed: int, passes: int, preset: str) -> int:
    """Instructions a fresh process executes for the engine at ``root``."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           sys.executable, "-c", ROUNDS, str(root), str(rounds), str(seed),
                           str(passes), preset],
                          capture_output=True, text=True, check=True, cwd=tempfile.gettempdir(),
                          env=dict(os.environ, PYTHONHASHSEED="0"))
    found = COLLECTED.search(done.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def parts(root: Path, rounds: int, seed: int, preset: str = "standard") -> dict[str, int]:
    """The rounds' instructions, fresh and again, less the start-up."""
    runs = [count(root, rounds, seed, passes, preset) for passes in (0, 1, 2)]
    return {"start-up": runs[0], "first": runs[1] - runs[0], "again": runs[2] - runs[1],
            "warm-up": 2 * runs[1] - runs[0] - runs[2]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--baseline", default="c4a9c82")
    ap.add_argument("--rounds", type=int, default=400)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--presets", default="", help="comma-separated presets to count as well")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt install valgrind); nothing counted.", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="cassino-instructions-") as tmp:
        base = checkout(args.baseline, Path(tmp))
        figures = {"baseline": parts(base, args.rounds, args.seed),
                   "current": parts(ROOT, args.rounds, args.seed)}
    for name, got in figures.items():
        print(json.dumps({"engine": name, "rules": "standard", **got}), flush=True)
    presets = {}
    for preset in filter(None, args.presets.split(",")):
        presets[preset] = parts(ROOT, args.rounds, args.seed, preset)
        print(json.dumps({"engine": "current", "rules": preset, **presets[preset]}), flush=True)
    b, c = figures["baseline"], figures["current"]
    print(f"\n{args.rounds} random two-player rounds, seed {args.seed}; millions of instructions "
          f"(callgrind), start-up taken off; baseline {args.baseline}\n")
    print("| part | baseline | current | ratio |")
    print("|---|---|---|---|")
    for k in ("first", "again", "warm-up"):
        ratio = f"{b[k] / c[k]:.2f}x" if c[k] > 0 and b[k] > 0 else "-"
        print(f"| {k} | {b[k] / 1e6:,.0f}M | {c[k] / 1e6:,.0f}M | {ratio} |")
    if presets:
        print("\n| rules | first | of the standard game |")
        print("|---|---|---|")
        print(f"| standard | {c['first'] / 1e6:,.0f}M | 1.00 |")
        for preset, got in presets.items():
            print(f"| {preset} | {got['first'] / 1e6:,.0f}M | {c['first'] / got['first']:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
