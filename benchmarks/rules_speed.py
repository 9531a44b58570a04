"""Rules engine speed, side by side with an earlier commit's engine, in one run.

    python benchmarks/rules_speed.py [--baseline c4a9c82] [--runs 5] [--rounds 400] [--seed 11]
                                     [--quick] [--write]

Checks the baseline commit's ``cassino/`` out into a temporary folder with
``git archive`` and measures both engines on this machine, alternating runs
so that a busy moment hurts both alike:

- random two-player standard rounds per second, each engine's own
  ``python -m cassino selfplay --players 2 --rounds 400 --seed 11`` (best of
  ``--runs``, each in a fresh process, so that no cache carries over);
- the time to list the legal moves (in canonical order) of the same
  mid-round positions (those of the second to the second-last deal of the
  random rounds), each position timed once per fresh process, the best of
  ``--runs`` kept per position; the median position and the mean;
- the same random rounds with both engines' ``rules`` packages loaded into
  one process (as ``rules_baseline`` and ``rules_current``) and run in turn,
  timed by CPU time (fresh memos each run): on a busy machine a steadier
  ratio than the wall-clock figures of separate processes;
- this engine's rounds per second for every preset and for 5 and 6 players
  (best of ``--runs``, the seatings taking turns).

Prints a JSON line per figure and the ratios; ``--write`` also writes
``benchmarks/results/rules_speed.md``. Targets: at least 2.5 times the
baseline's rounds per second and its median legal-move time; each preset
within 25% of the standard game's figure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from checkout import checkout, run_json  # benchmarks/checkout.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"

# Runs inside a fresh interpreter with the engine under test first on sys.path:
# lists the legal moves of each position of a JSON file once, timing each call.
TIME_LEGAL = textwrap.dedent("""
    import json, sys, time
    sys.path.insert(0, sys.argv[1])
    from cassino.rules import position_from_json
    positions = [position_from_json(p) for p in json.load(open(sys.argv[2]))]
    clock = time.perf_counter_ns
    out = []
    for pos in positions:
        t0 = clock()
        pos.legal_moves()
        out.append(clock() - t0)
    print(json.dumps(out))
""")

# Random rounds from the current engine, and the mid-round positions met.
SAMPLE = textwrap.dedent("""
    import json, random, sys
    sys.path.insert(0, sys.argv[1])
    from cassino.rules import Game, Rules, position_to_json
    rng = random.Random(int(sys.argv[3]))
    out, rounds, games = [], 0, 0
    game = Game(Rules(), 2, seed=f"sample/{games}")
    while rounds < int(sys.argv[4]):
        pos = game.position
        if 1 < pos.deal_number < pos.deals_per_round:
            out.append(position_to_json(pos))
        moves = pos.legal_moves()
        if game.play(moves[rng.randrange(len(moves))]).round_end is not None:
            rounds += 1
            if game.over:
                games += 1
                game = Game(Rules(), 2, seed=f"sample/{games}")
    json.dump(out, open(sys.argv[2], "w"))
""")


# Both engines' rules packages in one process, taking turns at the same random
# rounds (each run with fresh memos); CPU seconds per run, as JSON.
SAME_PROCESS = textwrap.dedent("""
    import json, random, sys, time, importlib
    sys.path.insert(0, sys.argv[1])
    engines = {name: importlib.import_module("rules_" + name) for name in ("baseline", "current")}
    runs, rounds, seed = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])

    def play(R):
        rules = R.Rules()
        shape = R.shape_of(rules, 2) if hasattr(R, "shape_of") else None
        if shape is not None and hasattr(shape, "generator"):
            shape.generator = None  # fresh memos
        listing = getattr(R.Position, "moves", R.Position.legal_moves)
        rng = random.Random(seed)
        pick = rng.random
        done = games = 0
        game = R.Game(rules, 2, seed=f"{seed}/{games}")
        t = time.process_time()
        while done < rounds:
            legal = listing(game.position)
            result = game.play(legal[int(pick() * len(legal))], checked=False)
            end = getattr(result, "round_end", result)
            if end is not None:
                done += 1
                if game.over:
                    games += 1
                    game = R.Game(rules, 2, seed=f"{seed}/{games}")
        return time.process_time() - t

    out = {name: [] for name in engines}
    for _ in range(runs):
        for name, R in engines.items():
            out[name].append(play(R))
    print(json.dumps(out))
""")


def python() -> str:
    return sys.executable


def selfplay(engine: Path, args: list[str]) -> dict[str, object]:
    """One fresh ``selfplay`` run of the engine in ``engine``: its JSON line."""
    line: dict[str, object] = run_json(engine, ["-m", "cassino", "selfplay", *args], PYTHONHASHSEED="0")
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="c4a9c82")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--quick", action="store_true", help="fewer runs, no presets")
    parser.add_argument("--write", action="store_true", help="write benchmarks/results/rules_speed.md")
    args = parser.parse_args()
    runs = 2 if args.quick else args.runs
    common = ["--players", "2", "--rounds", str(args.rounds), "--seed", str(args.seed)]
    figures: dict[str, object] = {"baseline": args.baseline, "runs": runs}
    with tempfile.TemporaryDirectory() as tmp:
        old = checkout(args.baseline, Path(tmp) / "old")
        new = ROOT
        # Rounds per second, alternating the engines.
        rates: dict[str, list[float]] = {"baseline": [], "current": []}
        for _ in range(runs):
            for name, engine in (("baseline", old), ("current", new)):
                rates[name].append(float(selfplay(engine, common)["rounds_per_second"]))  # type: ignore[arg-type]
        best = {k: max(v) for k, v in rates.items()}
        figures["selfplay"] = {"command": "python -m cassino selfplay " + " ".join(common),
                               "rounds_per_second": best, "all_runs": rates,
                               "ratio": round(best["current"] / best["baseline"], 2)}
        print(json.dumps({"selfplay": figures["selfplay"]}), flush=True)

        # Legal moves of the same mid-round positions.
        positions = Path(tmp) / "positions.json"
        subprocess.run([python(), "-c", SAMPLE, str(new), str(positions), str(args.seed), "100"],
                       check=True)
        per: dict[str, list[int]] = {}
        for _ in range(runs):
            for name, engine in (("baseline", old), ("current", new)):
                done = subprocess.run([python(), "-c", TIME_LEGAL, str(engine), str(positions)],
                                      capture_output=True, text=True, check=True,
                                      env=dict(os.environ, PYTHONHASHSEED="0"))
                times = json.loads(done.stdout)
                per[name] = times if name not in per else [min(a, b) for a, b in zip(per[name], times)]
        legal = {}
        for name, times in per.items():
            legal[name] = {"median_us": round(statistics.median(times) / 1000, 2),
                           "mean_us": round(statistics.fmean(times) / 1000, 2)}
        figures["legal_moves"] = {
            "positions": len(per["current"]), "per_engine": legal,
            "median_ratio": round(legal["baseline"]["median_us"] / legal["current"]["median_us"], 2),
            "mean_ratio": round(legal["baseline"]["mean_us"] / legal["current"]["mean_us"], 2)}
        print(json.dumps({"legal_moves": figures["legal_moves"]}), flush=True)

        # The same random rounds, both engines in one process, by CPU time.
        both = Path(tmp) / "both"
        both.mkdir()
        (both / "rules_baseline").symlink_to(old / "cassino" / "rules")
        (both / "rules_current").symlink_to(new / "cassino" / "rules")
        done = subprocess.run([python(), "-c", SAME_PROCESS, str(both), str(max(runs, 3)),
                               str(args.rounds), str(args.seed)],
                              capture_output=True, text=True, check=True,
                              env=dict(os.environ, PYTHONHASHSEED="0"))
        cpu = json.loads(done.stdout)
        figures["same_process"] = {"cpu_seconds": {k: round(min(v), 4) for k, v in cpu.items()},
                                   "all_runs": cpu,
                                   "ratio": round(min(cpu["baseline"]) / min(cpu["current"]), 2)}
        print(json.dumps({"same_process": figures["same_process"]}), flush=True)

    if not args.quick:
        presets: dict[str, float] = {}
        from cassino.rules import PRESET_LIST

        seatings = [(preset.key, 2 if 2 in preset.players else preset.players[0]) for preset in PRESET_LIST]
        seatings += [("{}", 6), ("california", 6)]  # six players (five: the preset)
        for _ in range(runs):  # best of runs, the seatings in turn
            for rules, players in seatings:
                line = selfplay(ROOT, ["--players", str(players), "--rounds", str(args.rounds),
                                       "--seed", str(args.seed), "--rules", rules])
                key = f"{rules} ({players} players)"
                presets[key] = max(presets.get(key, 0.0), float(line["rounds_per_second"]))  # type: ignore[arg-type]
        standard = presets["standard (2 players)"]
        figures["presets"] = {k: {"rounds_per_second": v, "of_standard": round(v / standard, 2)}
                              for k, v in presets.items()}
        print(json.dumps({"presets": figures["presets"]}), flush=True)
    if args.write:
        write(figures)


def write(f: dict[str, object]) -> None:
    sp = f["selfplay"]
    lm = f["legal_moves"]
    assert isinstance(sp, dict) and isinstance(lm, dict)
    lines = ["# Rules engine speed", "",
             f"Made by `python benchmarks/rules_speed.py --write` (baseline commit {f['baseline']}, "
             f"checked out with `git archive`; both engines measured alternately in one run, "
             f"best of {f['runs']} fresh processes each).", "",
             "| figure | baseline | current | ratio |", "|---|---|---|---|",
             f"| random 2-player rounds/s (`{sp['command']}`) | {sp['rounds_per_second']['baseline']:.0f} | "
             f"{sp['rounds_per_second']['current']:.0f} | {sp['ratio']:.2f}x |",
             f"| legal moves, median mid-round position ({lm['positions']} positions) | "
             f"{lm['per_engine']['baseline']['median_us']} us | {lm['per_engine']['current']['median_us']} us | "
             f"{lm['median_ratio']:.2f}x |",
             f"| legal moves, mean of the same positions | {lm['per_engine']['baseline']['mean_us']} us | "
             f"{lm['per_engine']['current']['mean_us']} us | {lm['mean_ratio']:.2f}x |"]
    sp2 = f.get("same_process")
    if isinstance(sp2, dict):
        lines.append(f"| the same {sp['command'].split('--rounds ')[1].split()[0]} random rounds, both engines in "
                     f"one process, CPU seconds (best run) | {sp2['cpu_seconds']['baseline']:.3f} s | "
                     f"{sp2['cpu_seconds']['current']:.3f} s | {sp2['ratio']:.2f}x |")
    lines.append("")
    presets = f.get("presets")
    if isinstance(presets, dict):
        lines += ["Every preset and seat count, current engine (random play, rounds/s):", "",
                  "| rules (players) | rounds/s | of the standard game |", "|---|---|---|"]
        for k, v in presets.items():
            lines.append(f"| {k} | {v['rounds_per_second']:.0f} | {v['of_standard']:.2f} |")
        lines.append("")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "rules_speed.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
