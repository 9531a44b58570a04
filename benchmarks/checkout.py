"""An earlier commit's files beside today's, for the benchmarks that measure
both in one run (``rules_speed.py``, ``ui_frames.py``, ``stats_screen.py``),
and a fresh interpreter to run each of them in."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def checkout(commit: str, where: Path, paths: tuple[str, ...] = ("cassino",)) -> Path:
    """The commit's ``paths`` (the ``cassino/`` package by default), extracted
    into ``where`` with ``git archive``."""
    where.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "archive", commit, *paths], cwd=ROOT, capture_output=True,
                             check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as t:
        t.extractall(where, filter="data")
    return where


def run_json(tree: Path, args: list[str], cwd: Path | None = None, **env: str) -> Any:
    """``python ARGS`` in a fresh interpreter, the files at ``tree`` first on its
    import path (run in ``cwd``, by default ``tree``; ``env`` added to the
    environment): the last line it prints, read as JSON."""
    out = subprocess.run([sys.executable, *args], cwd=cwd or tree, env=dict(os.environ, PYTHONPATH=str(tree), **env),
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])
