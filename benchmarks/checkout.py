"""An earlier commit's files beside today's, for the benchmarks that measure
both in one run (``rules_speed.py``, ``ui_frames.py``, ``stats_screen.py``)."""

from __future__ import annotations

import io
import subprocess
import tarfile
from pathlib import Path

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
