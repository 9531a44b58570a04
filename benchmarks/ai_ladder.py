"""The strength ladder: every pair of computer levels, as duplicate-pair arena
matches (2 players, standard rules, games to 21), written to
benchmarks/results/ladder.json and ladder.md.

    python benchmarks/ai_ladder.py [--games 300] [--expert-games 100] [--key-games 300]
                                   [--seed 900000] [--jobs 2] [--pairs expert:intermediate ...]

--pairs plays only the pairs named (stronger level first) on their usual seeds
and keeps the other rows of ladder.json as they are.

--key-games is for Expert vs Intermediate, the pair whose target is hardest
to show; the other Expert pairs are slow and far apart, so fewer games do.

Reported figures use seeds from 900000 up; tuning used seeds below 10000, so
the reported games were never seen while tuning.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cassino.ai import LEVELS, make_player  # noqa: E402
from cassino.ai.arena import match  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"


def play(pair: tuple[str, str], games: int, seed: int) -> dict[str, object]:
    a, b = pair
    start = time.perf_counter()
    result = match(make_player(a), make_player(b), games, seed)
    result["wall_seconds"] = round(time.perf_counter() - start, 1)
    result["command"] = f"python -m cassino arena --a {a} --b {b} --games {games} --seed {seed}"
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--expert-games", type=int, default=100)
    parser.add_argument("--key-games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=900000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pairs", nargs="*", metavar="A:B",
                        help="play only these pairs; keep the other rows of ladder.json")
    args = parser.parse_args()
    # Stronger level first in each pair: a is the one expected to win.
    pairs = [(b, a) for a, b in itertools.combinations(LEVELS, 2)]
    # The longest match first, so that the others fill the second core meanwhile.
    pairs.sort(key=lambda p: p != ("expert", "intermediate"))
    only = {tuple(p.split(":")) for p in args.pairs} if args.pairs else None
    old: dict[tuple[str, str], dict[str, Any]] = {}
    if only is not None:
        old = {(str(r["a"]), str(r["b"])): r
               for r in json.loads((RESULTS / "ladder.json").read_text(encoding="utf-8"))}
    jobs = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for i, pair in enumerate(pairs):
            games = (args.key_games if pair == ("expert", "intermediate")
                     else args.expert_games if "expert" in pair else args.games)
            if only is None or pair in only:
                jobs.append(pool.submit(play, pair, games, args.seed + 1000 * i))
        played = iter([j.result() for j in jobs])
    results: list[dict[str, Any]] = [next(played) if only is None or pair in only else old[pair]
                                     for pair in pairs]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "ladder.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    lines = ["# Computer player ladder", "",
             "2 players, standard rules, games to 21, duplicate pairs (each deal played twice, "
             "seats swapped). Produced by `python benchmarks/ai_ladder.py "
             f"--games {args.games} --expert-games {args.expert_games} --key-games {args.key_games} "
             f"--seed {args.seed}`; "
             "each row's own command is in ladder.json.", "",
             "| a vs b | games | a wins | win rate a (95% CI) | margin/round (95% CI) | a decision ms median / p95 / max |",
             "|---|---|---|---|---|---|"]
    for r in results:
        ci = r["win_rate_a_ci"]
        mci = r["margin_ci"]
        dec = r["decision_ms"][f"a:{r['a']}"]
        lines.append(f"| {r['a']} vs {r['b']} | {r['games']} | {r['wins_a']} | "
                     f"{r['win_rate_a']:.1%} ({ci[0]:.1%}-{ci[1]:.1%}) | "
                     f"{r['margin_per_round']:+.2f} ({mci[0]:+.2f} to {mci[1]:+.2f}) | "
                     f"{dec['median']:.2f} / {dec['p95']:.2f} / {dec['max']:.2f} |")
    (RESULTS / "ladder.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
