"""How long the program takes to refuse the biggest damaged inputs.

    python benchmarks/bad_input.py [--runs 3] [--write]

The promise (issue 15): the command line answers any input of up to a few
megabytes within a second, and refuses bigger ones by their size up front;
the game sets any damaged file of the player's folder aside as quickly.
This builds the inputs that cost the readers most, each just under the size
limit (4 MB): a million empty hands, a million teams, a million integers, a
file of brackets, a binary file, a file too big by one byte, a 50 MB one; it
times ``python -m cassino legal`` / ``replay`` on each as a fresh process
(the best of ``--runs``, start-up included, which a bare ``legal`` on a good
position shows), and ``Store`` reading each as each of the player's files.
Prints a JSON line per input and the slowest; ``--write`` also writes
``benchmarks/results/bad_input.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cassino.rules import Game, position_to_json, record_to_json  # noqa: E402
from cassino.rules.jsontext import MAX_BYTES  # noqa: E402
from cassino.store import SAVED_GAME, SETTINGS, SETUP, STATS, Store  # noqa: E402


def filled(doc: dict[str, object], key: str, item: object, size: int = MAX_BYTES - 4096) -> bytes:
    """``doc`` with ``key`` a list of ``item`` as long as fits in ``size`` bytes."""
    one = len(json.dumps(item)) + 2
    return json.dumps(dict(doc, **{key: [item] * (size // one)})).encode()


def inputs() -> dict[str, tuple[str, bytes]]:
    """name -> (command, bytes): the costliest inputs for each reader."""
    game = Game(seed=5)
    for _ in range(7):
        game.play(game.legal_moves()[0])
    pos, rec = position_to_json(game.position), record_to_json(game)
    half = MAX_BYTES // 2 - 8
    return {
        "good position (start-up)": ("legal", json.dumps(pos).encode()),
        "position: a million hands": ("legal", filled(pos, "hands", [])),
        "position: a million teams": ("legal", filled(pos, "teams", [0])),
        "position: a million scores": ("legal", filled(pos, "scores", 0)),
        "position: a million plucked": ("legal", filled(pos, "plucked", 0)),
        "position: a million stock cards": ("legal", filled(pos, "stock", "7H")),
        "position: unknown keys": ("legal", json.dumps(dict(pos, **{f"k{i}": i for i in range(MAX_BYTES // 20)})).encode()),
        "brackets, 2 million deep": ("legal", b"[" * half + b"]" * half),
        "digits, one number": ("legal", b"9" * (MAX_BYTES - 1)),
        "binary": ("legal", os.urandom(MAX_BYTES - 1)),
        "UTF-16": ("legal", json.dumps(dict(pos, pad="x" * (MAX_BYTES // 2 - 2000))).encode("utf-16")),
        "limit + 1 byte": ("legal", b" " * (MAX_BYTES + 1)),
        "50 MB": ("legal", b" " * (50 * 1024 * 1024)),
        "record: a million moves": ("replay", filled(rec, "moves", "7H-")),
        "record: a million teams": ("replay", filled(rec, "teams", [0])),
        "record: a million players": ("replay", filled(rec, "players", {})),
        "record: a 10000-point game, then a bad move": ("replay", longest_game()),
    }


def longest_game() -> bytes:
    """The longest record the rules allow to be played (a game to 10,000 points,
    random legal moves), one move too many at its end."""
    import random

    from cassino.rules import Rules

    game = Game(Rules(target=10_000), 2, None, 1)
    rng = random.Random(1)
    while not game.over:
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))], checked=False)
    rec = record_to_json(game)
    rec["moves"].append("7H-")
    return json.dumps(rec).encode()


def cli_seconds(command: str, path: Path, runs: int) -> tuple[float, int, str]:
    best, status, said = float("inf"), 0, ""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for _ in range(runs):
        t = time.perf_counter()
        result = subprocess.run([sys.executable, "-m", "cassino", command, str(path)], cwd=ROOT, env=env,
                                capture_output=True, text=True)
        best = min(best, time.perf_counter() - t)
        status, said = result.returncode, (result.stderr.strip() or result.stdout.strip()).splitlines()[0][:100]
        assert "Traceback" not in result.stderr, result.stderr
    return best, status, said


def store_seconds(name: str, data: bytes, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            (Path(folder) / name).write_bytes(data)
            store = Store(Path(folder))
            load = {SETTINGS: store.load_settings, STATS: store.load_stats, SETUP: store.load_setup,
                    SAVED_GAME: store.load_game}[name]
            t = time.perf_counter()
            load()
            best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name, (command, data) in inputs().items():
            path = Path(folder) / "input.json"
            path.write_bytes(data)
            seconds, status, said = cli_seconds(command, path, args.runs)
            folder_seconds = max(store_seconds(f, data, args.runs) for f in (SETTINGS, STATS, SETUP, SAVED_GAME))
            row = {"input": name, "bytes": len(data), "command": command, "status": status,
                   "cli_seconds": round(seconds, 3), "store_seconds": round(folder_seconds, 3), "said": said}
            rows.append(row)
            print(json.dumps(row), flush=True)
    slowest = max(rows[1:], key=lambda r: r["cli_seconds"])
    print(json.dumps({"slowest_cli": slowest["input"], "cli_seconds": slowest["cli_seconds"],
                      "startup_seconds": rows[0]["cli_seconds"],
                      "slowest_store_seconds": max(r["store_seconds"] for r in rows)}))
    if args.write:
        lines = ["# Refusing the biggest damaged inputs", "",
                 "Made by `python benchmarks/bad_input.py --write`: each input as a file for the command "
                 "line (a fresh `python -m cassino` process, start-up included; best of "
                 f"{args.runs}) and as each file of the player's folder (`Store`, in process, the slowest of "
                 "the four). The size limit is 4 MB.", "",
                 "| input | bytes | command | exit | seconds | player's folder, seconds | what it says |",
                 "|---|---:|---|---:|---:|---:|---|"]
        for r in rows:
            lines.append(f"| {r['input']} | {r['bytes']} | {r['command']} | {r['status']} | {r['cli_seconds']} | "
                         f"{r['store_seconds']} | {str(r['said']).replace('|', '/')} |")
        (ROOT / "benchmarks" / "results" / "bad_input.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
