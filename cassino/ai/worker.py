"""Thinking without freezing the window: a computer player's decision in a
background thread, with a deadline, that the table polls each frame and can
cancel (when the player quits, or skips ahead)."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from cassino.rules import Move

from .player import Budget, Player
from .view import SeatView

T = TypeVar("T")


class Thinker:
    """One decision in progress. ``done`` / ``move`` are read by the UI thread."""

    def __init__(self, player: Player, view: SeatView, seed: int | str, ms: float | None = None,
                 work: int | None = None):
        self.cancel_event = threading.Event()
        self.budget = Budget(ms=ms if ms is not None else player.default_ms, work=work,
                             cancel=self.cancel_event)
        self.move: Move | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(player, view, seed),
                                        name=f"ai-{player.level}", daemon=True)
        self._thread.start()

    def _run(self, player: Player, view: SeatView, seed: int | str) -> None:
        try:
            self.move = player.choose(view, random.Random(seed), self.budget)
        except BaseException as e:  # reported to the UI thread, never lost
            self.error = e

    @property
    def done(self) -> bool:
        """True once the player has answered (or failed)."""
        return not self._thread.is_alive()

    def cancel(self) -> None:
        """Ask the player to stop; its best move so far still arrives."""
        self.cancel_event.set()

    def result(self, timeout: float | None = None) -> Move:
        """Wait for the move (for tools and tests; the UI polls ``done``)."""
        self._thread.join(timeout)
        if self.error is not None:
            raise self.error
        if self.move is None:
            raise TimeoutError("the computer player is still thinking")
        return self.move


class Errand(Generic[T]):
    """Any other piece of thinking in a background thread (the reason for a
    hint, say): ``work(cancel)`` runs there and should stop soon once
    ``cancel`` is set; the UI polls ``done`` and reads ``result``."""

    def __init__(self, work: Callable[[threading.Event], T], name: str):
        self.cancel_event = threading.Event()
        self.result: T | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(work,), name=name, daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[threading.Event], T]) -> None:
        try:
            self.result = work(self.cancel_event)
        except BaseException as e:  # reported to the UI thread, never lost
            self.error = e

    @property
    def done(self) -> bool:
        """True once the work has finished (or failed)."""
        return not self._thread.is_alive()

    def cancel(self) -> None:
        """Ask the work to stop early."""
        self.cancel_event.set()
