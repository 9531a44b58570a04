"""A second core for the Master: a helper process that searches the next
sampled deal while this one is searched here.

The Master's samples are searched in order; after each one it may drop
candidates and it may stop. The helper searches sample k+1 ahead, with the
candidates still in the race before sample k is counted and a node limit
that can only be too generous. When sample k has been counted, the answer
for k+1 is kept only if it is exactly what searching it here would have
given: the same candidates, and fewer nodes than the budget had left (a
search that would have run out here is treated as running out). Otherwise
sample k+1 is searched again here. So a fixed amount of work gives the same
move with or without the helper; a time budget just gets through more deals.

The helper is one process per program, started on first use (a fresh
interpreter: ``spawn``, which is also what a frozen executable can do) and
used by one search at a time; a search that finds it busy, not started yet
or broken searches alone. Nothing is lost if it never starts. A search
cancelled while the helper works for it tells the helper to stop (it looks
for a message whenever it checks its clock), so the next search never
waits on stale work.

At a table of more than two, and in Draw Cassino, the Master grows
information-set trees (``infoset``) instead: the helper grows the second of
its two trees, from its own seed, and sends back the root's counts.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import random
import signal
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from cassino.rules import Move
from cassino.rules.cards import CardSet

from . import infoset
from .alphabeta import DealSearch, Stop, Value
from .estimate import Estimate, Shares
from .knowledge import worth_of
from .view import SeatView

log = logging.getLogger("cassino.second_core")

# A sample's values as they cross between processes: without the leaf positions.
Values = list[tuple[float, float, float, None]]


class Job:
    """What one decision's samples need, sent to the helper once per decision."""

    __slots__ = ("view", "team", "shares", "avoid", "moves", "depth", "prune_captures")

    def __init__(self, view: SeatView, team: int, shares: Shares | None, avoid: list[tuple[int, CardSet]],
                 moves: list[Move], depth: int, prune_captures: bool):
        self.view = view
        self.team = team
        self.shares = shares
        self.avoid = avoid
        self.moves = moves
        self.depth = depth
        self.prune_captures = prune_captures

    def __getstate__(self) -> tuple[Any, ...]:
        return tuple(getattr(self, k) for k in self.__slots__)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        for k, v in zip(self.__slots__, state):
            setattr(self, k, v)


def search_sample(job: Job, estimate: Estimate, seed: int, live: list[int], node_limit: int,
                  out_of_time: Callable[[], bool] | None) -> tuple[list[Value | None], int]:
    """One sampled deal (from ``seed``) with each live candidate searched on
    it, as the Master searches it, and the nodes that took; ``Stop`` if the
    node limit or the clock ran out."""
    deal = job.view.sample_avoiding(random.Random(seed), job.avoid)
    search = DealSearch(estimate, worth_of(job.view), max(1, node_limit), out_of_time, job.prune_captures)
    values: list[Value | None] = [None] * len(job.moves)
    for i in live:
        values[i] = search.move_value(deal, job.moves[i], job.depth)
    return values, search.nodes


def _serve(conn: Connection) -> None:
    """The helper process: one decision's job, then its samples, until told to quit."""
    # Ctrl+C in a terminal reaches every process of the command: the main one
    # stops, and this one ends when its pipe closes, without a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    job: Job | None = None
    estimate: Estimate | None = None
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):  # the main process gone, killed: its pipe reset, not a traceback
            return
        kind = message[0]
        if kind == "quit":
            return
        if kind == "cancel":
            continue  # the work it cancelled has already stopped
        if kind == "tree":
            _, view, candidates, avoid, shares, seed, iterations, seconds = message
            deadline = time.perf_counter() + seconds
            try:
                tree = infoset.Tree(view, candidates, avoid, shares)
                # A message while at work can only be a cancel (or quit): stop.
                tree.grow(random.Random(seed), iterations,
                          lambda: conn.poll() or iterations is None and time.perf_counter() > deadline)
                conn.send(("tree", tree.counts(), tree.iterations))
            except Exception as e:
                conn.send(("error", repr(e), 0))
            continue
        if kind == "job":
            job = message[1]
            assert job is not None
            estimate = Estimate(job.view.bare_position(), job.team, job.shares)
            continue
        _, seed, live, node_limit, seconds = message
        assert job is not None and estimate is not None
        deadline = None if seconds is None else time.perf_counter() + seconds

        def out_of_time() -> bool:
            return conn.poll() or deadline is not None and time.perf_counter() > deadline

        try:
            values, nodes = search_sample(job, estimate, seed, live, node_limit, out_of_time)
            conn.send(("done", [None if v is None else (v[0], v[1], v[2], None) for v in values], nodes))
        except Stop:
            conn.send(("stop", None, node_limit))
        except Exception as e:  # reported, and the Master searches alone from then on
            conn.send(("error", repr(e), 0))


class Helper:
    """The parent's end of the helper process."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child,), name="cassino-second-core", daemon=True)
        self.process.start()
        child.close()
        self.waiting = False   # a sample was sent whose answer has not been read
        self.broken = False
        self.answered = 0      # deals searched to the end, and trees grown, by the helper

    def send_job(self, job: Job) -> None:
        """The decision the next samples belong to."""
        self.drain()
        self.conn.send(("job", job))

    def start(self, seed: int, live: list[int], node_limit: int, seconds: float | None) -> None:
        """Search sample ``seed`` ahead."""
        self.drain()
        self.conn.send(("sample", seed, live, node_limit, seconds))
        self.waiting = True

    def start_tree(self, view: SeatView, candidates: list[Move], avoid: list[tuple[int, CardSet]],
                   shares: Shares | None, seed: int, iterations: int | None, seconds: float) -> None:
        """Grow an information-set tree (``infoset.Tree``) from ``seed``: so many
        iterations, or for so many seconds; its answer is its root's counts."""
        self.drain()
        self.conn.send(("tree", view, candidates, avoid, shares, seed, iterations, seconds))
        self.waiting = True

    def answer(self, cancel: threading.Event) -> tuple[str, Any, int] | None:
        """The answer to the sample sent (None if cancelled first, or broken)."""
        while not self.conn.poll(0.005):
            if cancel.is_set():
                # Stop the helper too: the next search would otherwise wait for
                # it to finish work no one wants (a long budget's, for hours).
                try:
                    self.conn.send(("cancel",))
                except OSError:
                    self.broken = True
                return None
            if not self.process.is_alive():
                return None
        self.waiting = False
        answer: tuple[str, Any, int] = self.conn.recv()
        if answer[0] == "error":
            # Said, for the log: the Master goes on alone, at half its search, unseen.
            log.warning("the second core failed (%s): the Master searches on one core from now", answer[1])
            self.broken = True
            return None
        self.answered += answer[0] in ("done", "tree")
        return answer

    def drain(self) -> None:
        """Read and forget an answer no one waited for."""
        if self.waiting:
            self.conn.recv()
            self.waiting = False

    def close(self) -> None:
        """Tell the helper to quit; do not wait long for it."""
        try:
            self.conn.send(("quit",))
        except OSError:
            pass
        self.process.join(0.5)
        if self.process.is_alive():
            self.process.kill()


_lock = threading.Lock()
_helper: Helper | None = None
_failed = False


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def borrow() -> Helper | None:
    """The helper, for one search, if there is a second core and no one else
    is using it; ``give_back`` when done. None means: search alone."""
    global _helper, _failed
    if _failed or cores() < 2 or not _lock.acquire(blocking=False):
        return None
    try:
        if _helper is None:
            _helper = Helper()
            atexit.register(_helper.close)
        if _helper.broken or not _helper.process.is_alive():
            raise RuntimeError("the helper process stopped")
        return _helper
    except Exception:  # no second process here (a sandbox, a frozen build without it): alone
        _failed = True
        _lock.release()
        return None


def give_back(helper: Helper) -> None:
    """The search is done with the helper."""
    _lock.release()


def answered() -> int:
    """How many deals (or trees) the helper has searched for this program so far."""
    return 0 if _helper is None else _helper.answered


def enabled() -> bool:
    """Whether searches may use the helper (``CASSINO_ONE_CORE=1`` says no)."""
    return os.environ.get("CASSINO_ONE_CORE", "") not in ("1", "true", "yes")
