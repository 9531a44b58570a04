"""Where the files in ``assets/`` are: beside the package in a checkout or an
editable install, or in PyInstaller's unpacked bundle in the executable."""

from __future__ import annotations

import sys
from pathlib import Path


def asset_path(*parts: str) -> Path:
    """The path of a file in ``assets/``, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``."""
    bundle = getattr(sys, "_MEIPASS", None)
    root = Path(bundle) if bundle else Path(__file__).resolve().parent.parent
    return root.joinpath("assets", *parts)
