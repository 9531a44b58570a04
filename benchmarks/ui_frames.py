"""The table's frame times against the table of commit c4a9c82, side by side
in one run on this machine: that commit's ``cassino/`` is checked out into a
temporary folder with ``git archive`` and both run ``python -m cassino
bench-ui`` (today's at six players, the busiest table; that commit's at
four, the most it seats). Prints both figures, their ratio, and today's idle
CPU and quitting time.

    python benchmarks/ui_frames.py [--frames 600] [--rounds 3]

The target (issue 14): today's median at most 1.1x that commit's, today's
p99 under 3x today's median; idle under 5% of a core; quitting under 0.5 s.
Each side runs ``--rounds`` times alternately; the best median of each is kept.
Frames are timed twice: by the wall clock (as ``bench-ui`` does), and by the
drawing thread's CPU time (``bench-ui`` run with ``time.perf_counter``
standing for ``time.thread_time``), which a busy machine's other processes
do not inflate: on a shared machine, the CPU figures are the comparison.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from checkout import checkout, run_json  # benchmarks/checkout.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
BASE = "c4a9c82"


CPU_CLOCK = ("import runpy, sys, time; time.perf_counter = time.thread_time; "
             "sys.argv = ['cassino', 'bench-ui', '--frames', sys.argv[1]]; "
             "runpy.run_module('cassino', run_name='__main__')")


def run(where: Path, frames: int, cpu: bool = False) -> dict[str, object]:
    args = ["-c", CPU_CLOCK, str(frames)] if cpu else ["-m", "cassino", "bench-ui", "--frames", str(frames)]
    result: dict[str, object] = run_json(where, args, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = checkout(BASE, Path(tmp), ("cassino", "assets"))
        old: list[dict[str, object]] = []
        new: list[dict[str, object]] = []
        old_cpu: list[dict[str, object]] = []
        new_cpu: list[dict[str, object]] = []
        for _ in range(args.rounds):
            old.append(run(base, args.frames))
            new.append(run(ROOT, args.frames))
            old_cpu.append(run(base, args.frames, cpu=True))
            new_cpu.append(run(ROOT, args.frames, cpu=True))
    figures = {}
    for clock, (olds, news) in (("wall clock", (old, new)), ("CPU time", (old_cpu, new_cpu))):
        o = min(olds, key=lambda r: float(r["median_ms"]))  # type: ignore[arg-type]
        n = min(news, key=lambda r: float(r["median_ms"]))  # type: ignore[arg-type]
        om, nm, np99 = float(o["median_ms"]), float(n["median_ms"]), float(n["p99_ms"])  # type: ignore[arg-type]
        print(f"{clock}: {BASE} table, {o.get('players', 4)} players: median {om} ms, p99 {o['p99_ms']} ms; "
              f"today's table, {n['players']} players: median {nm} ms, p99 {np99} ms")
        print(f"  median ratio today / {BASE}: {nm / om:.2f} (target <= 1.1); today's p99 / median: "
              f"{np99 / nm:.2f} (target < 3)")
        figures[clock] = {"base_median_ms": om, "base_p99_ms": o["p99_ms"], "median_ms": nm, "p99_ms": np99,
                          "ratio": round(nm / om, 3)}
    n = min(new, key=lambda r: float(r["median_ms"]))  # type: ignore[arg-type]
    print(f"idle: table {float(n['idle_table_cpu']):.1%} of a core, title {float(n['idle_title_cpu']):.1%} "  # type: ignore[arg-type]
          f"(target < 5%); quitting {float(n['quit_s']) * 1000:.0f} ms (target < 500)")  # type: ignore[arg-type]
    print(json.dumps({"base": BASE, "wall": figures["wall clock"], "cpu": figures["CPU time"],
                      "idle_table_cpu": n["idle_table_cpu"], "idle_title_cpu": n["idle_title_cpu"],
                      "quit_s": n["quit_s"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
