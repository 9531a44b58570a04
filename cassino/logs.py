"""The game's log file, in the player's own folder.

A windowed build has no console, so whatever would have gone to the terminal
(warnings, an unexpected error's traceback, a computer player that failed)
goes to ``cassino.log`` beside the settings; the README tells players to send
it with a problem report. The file is small and rotates: one old copy kept.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import platform
import sys
import threading
from pathlib import Path
from types import TracebackType

LOG_NAME = "cassino.log"
MAX_BYTES = 512 * 1024

log = logging.getLogger("cassino")


def start(folder: Path) -> Path | None:
    """Log to ``folder/cassino.log`` from now on; the file's path, or None if it
    cannot be written (the game still runs, logging to stderr if there is one)."""
    # A windowed build may have no stdout or stderr at all; give libraries
    # that write to them somewhere harmless rather than an exception.
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))
    path: Path | None = folder / LOG_NAME
    handler: logging.Handler
    try:
        folder.mkdir(parents=True, exist_ok=True)
        where = folder / LOG_NAME
        if where.exists() and not where.is_file():
            # A pipe, say: opening it to write waits for a reader that never comes (the
            # game hung before its window), and a folder cannot be written to at all.
            raise OSError(f"{where} is not a file")
        # (A path of no text in a message is written escaped, not refused.)
        handler = logging.handlers.RotatingFileHandler(where, maxBytes=MAX_BYTES, backupCount=1, encoding="utf-8",
                                                       errors="backslashreplace")
    except OSError:
        path = None
        handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    log.handlers[:] = [handler]
    # A log that cannot be written (a full disk, its old copy a folder) is no
    # reason for a traceback on the terminal at every line: the game goes on.
    logging.raiseExceptions = False
    log.setLevel(logging.INFO)
    log.propagate = False
    logging.captureWarnings(True)
    logging.getLogger("py.warnings").handlers[:] = [handler]
    sys.excepthook = _unexpected
    threading.excepthook = _unexpected_in_thread
    from cassino import __version__

    frozen = "executable" if getattr(sys, "frozen", False) else "python"
    log.info("Cassino %s (%s) on Python %s, %s", __version__, frozen, platform.python_version(),
             platform.platform())
    return path


def _unexpected(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
    log.critical("unexpected error", exc_info=(kind, error, tb))
    sys.__excepthook__(kind, error, tb)


def _unexpected_in_thread(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is not None:
        log.error("unexpected error in thread %s", args.thread.name if args.thread else "?",
                  exc_info=(args.exc_type, args.exc_value, args.exc_traceback))
