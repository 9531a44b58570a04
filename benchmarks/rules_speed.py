"""Rules engine speed: random 2-player rounds per second and the median time to
list a position's legal moves, on one core.

    python benchmarks/rules_speed.py [--rounds 5000] [--seed 1]

Prints one JSON line per seating (2, 3, 4 players, 4 in partnerships), the
2-player line last. The target is at least 1,000 random 2-player rounds per
second.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cassino.cli import main  # noqa: E402


def run(argv: list[str]) -> dict[str, object]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["selfplay", *argv])
    return json.loads(out.getvalue().splitlines()[-1])


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    common = ["--rounds", str(args.rounds), "--seed", str(args.seed)]
    for seating in (["--players", "3"], ["--players", "4"], ["--players", "4", "--teams"],
                    ["--players", "2"]):
        print(json.dumps(run(seating + common)))
