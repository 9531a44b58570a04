"""Thinking without freezing the window: a computer player's decision in a
background thread, with a deadline, that the table polls each frame and can
cancel (when the player quits, or skips ahead)."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Generic, TypeVar, cast

from cassino.rules import Move

from .player import Budget, Player
from .view import SeatView

T = TypeVar("T")


class Errand(Generic[T]):
    """A piece of thinking in a background thread (a computer player's move,
    the reason for a hint): ``work(cancel)`` runs there and should stop soon
    once ``cancel`` is set; the UI polls ``done`` and reads ``value``."""

    def __init__(self, work: Callable[[threading.Event], T], name: str,
                 cancel: threading.Event | None = None):
        self.cancel_event = cancel if cancel is not None else threading.Event()
        self.value: T | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(work,), name=name, daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[threading.Event], T]) -> None:
        try:
            self.value = work(self.cancel_event)
        except BaseException as e:  # reported to the UI thread, never lost
            self.error = e

    @property
    def done(self) -> bool:
        """True once the work has finished (or failed)."""
        return not self._thread.is_alive()

    def cancel(self) -> None:
        """Ask the work to stop early (a player's best move so far still arrives)."""
        self.cancel_event.set()

    def wait(self, timeout: float | None = None) -> T:
        """Wait for the value (for tools and tests; the UI polls ``done``)."""
        self._thread.join(timeout)
        if self._thread.is_alive():
            raise TimeoutError(f"{self._thread.name} is still at work")
        if self.error is not None:
            raise self.error
        return cast(T, self.value)  # the work's own answer, None included


class Thinker(Errand[Move]):
    """One decision of a computer player in progress, within its budget."""

    def __init__(self, player: Player, view: SeatView, seed: int | str, ms: float | None = None,
                 work: int | None = None):
        cancel = threading.Event()
        self.budget = Budget(ms=ms if ms is not None else player.default_ms, work=work, cancel=cancel)
        super().__init__(lambda _: player.choose(view, random.Random(seed), self.budget),
                         f"ai-{player.level}", cancel)

    @property
    def move(self) -> Move | None:
        """The move, once chosen."""
        return self.value

    def result(self, timeout: float | None = None) -> Move:
        """Wait for the move (for tools and tests; the UI polls ``done``)."""
        return self.wait(timeout)
