"""Alpha-beta search of one deal with every card known: the Master's look ahead.

The Master deals the hidden cards at random (``SeatView.sample``) and, on
each such deal, searches the play to the end of the current deal (or to a
horizon of so many card plays): our side takes the best move for us, every
other side the worst for us (between two sides that is exact; with more it
is the cautious "paranoid" reading). Where the search stops, an ``Estimate``
says what the rest of the round is worth; a move that ends the round or the
game is scored exactly. The value is the chance of winning the game plus a
hundredth of the round's margin (``estimate.MARGIN_WEIGHT``), and each value
carries its two parts so that a review can show them.

A transposition table keeps each position's value (exact, or a bound) and
best move; moves are tried richest capture first. Inside the tree a capture
that takes a strict subset of what the same card could take is left out (it
is almost never better), and so are plucks, but for one that leaves a
capture of the mover's the whole table (a sweep): the root weighs the rest.
"""

from __future__ import annotations

from collections.abc import Callable

from cassino.rules import Move, Position
from cassino.rules.cards import CardSet
from cassino.rules.legal import CROWDED
from cassino.rules.moves import CAPTURE, PLUCK, TRAIL
from cassino.rules.scoring import call_counts

from .estimate import MARGIN_WEIGHT, Estimate, decided_score
from .knowledge import Worth, candidate_moves

# A value: (win chance + MARGIN_WEIGHT * margin, win chance, margin, and the
# position the search stopped at where an estimate stands for the rest, else None).
Value = tuple[float, float, float, "Position | None"]

EXACT, LOWER, UPPER = 0, 1, 2
INFINITY = 1e9


class Stop(Exception):
    """The search ran out of budget (nodes or time) in the middle of a deal."""


class DealSearch:
    """Alpha-beta over one fully dealt position, for ``estimate.team``."""

    def __init__(self, estimate: Estimate, worth: Worth, node_limit: int,
                 out_of_time: Callable[[], bool] | None = None, prune_captures: bool = True):
        self.estimate = estimate
        self.team = estimate.team
        self.team_of = estimate.team_of
        self.worth = worth
        self.node_limit = node_limit
        self.out_of_time = out_of_time
        self.prune_captures = prune_captures
        self.call = estimate.rules.call_for_21
        self.target = estimate.rules.target
        self.nodes = 0
        self.table: dict[tuple[object, ...], tuple[int, Value, Move | None]] = {}

    def _leaf(self, value: tuple[float, float], pos: Position | None = None, over: bool = False) -> Value:
        win, margin = value
        if over:  # the game is over: won or lost, whatever the round's margin
            return (decided_score(win, margin), win, margin, None)
        return (win + MARGIN_WEIGHT * margin, win, margin, pos)

    def move_value(self, pos: Position, move: Move, depth: int,
                   alpha: float = -INFINITY, beta: float = INFINITY) -> Value:
        """The value of playing ``move`` from ``pos`` and searching ``depth``
        card plays deep (the move itself counts one, unless a pluck)."""
        self.nodes += 1
        if self.nodes >= self.node_limit or (
                self.nodes & 255 == 0 and self.out_of_time is not None and self.out_of_time()):
            raise Stop
        q = pos.copy()
        event = q.apply(move)
        if event.round_end is not None or event.winner is not None:
            return self._leaf(self.estimate.final(q, event), over=event.winner is not None)
        if event.dealt:
            # A new deal: its cards are anyone's, whoever this sample gave them to.
            return self._leaf(self.estimate.value(q, hands_known=False), q)
        if move.card >= 0:
            depth -= 1
        if depth <= 0:
            return self._leaf(self.estimate.value(q), q)
        return self.search(q, depth, alpha, beta)

    def search(self, pos: Position, depth: int, alpha: float, beta: float) -> Value:
        """The value of ``pos`` within the window (alpha, beta): exact inside it,
        a bound outside."""
        if self.call:
            counts = call_counts(pos)
            side = self.team_of[pos.to_move]
            if counts[side] >= self.target:  # the side to move calls and wins
                return self._leaf((1.0 if side == self.team else 0.0, 0.0), over=True)
        key = (pos.to_move, tuple(pos.hands), len(pos.stock), pos.loose, pos.builds,
               tuple(pos.captured), tuple(pos.sweeps), pos.last_capturer, pos.plucked)
        entry = self.table.get(key)
        first = None
        if entry is not None:
            flag, val, first = entry
            if flag == EXACT:
                return val
            if flag == LOWER:
                if val[0] >= beta:
                    return val
            elif val[0] <= alpha:
                return val
        maximizing = self.team_of[pos.to_move] == self.team
        a0, b0 = alpha, beta
        best: Value | None = None
        best_move = None
        for m in self.ordered(pos, first):
            v = self.move_value(pos, m, depth, alpha, beta)
            if maximizing:
                if best is None or v[0] > best[0]:
                    best, best_move = v, m
                    if v[0] > alpha:
                        alpha = v[0]
            else:
                if best is None or v[0] < best[0]:
                    best, best_move = v, m
                    if v[0] < beta:
                        beta = v[0]
            if alpha >= beta:
                break
        assert best is not None
        flag = LOWER if best[0] >= b0 else UPPER if best[0] <= a0 else EXACT
        self.table[key] = (flag, best, best_move)
        return best

    def ordered(self, pos: Position, first: Move | None) -> list[Move]:
        """The moves worth searching, the likeliest best first: captures by what
        they take (a sweep counts), then builds, then trails of the cards least
        worth taking; the table's best move before all."""
        if pos.loose.bit_count() > CROWDED:
            moves = candidate_moves(pos, self.worth, ordered=False)
        else:
            moves = pos.moves()
        worth = self.worth
        table = pos.table
        sweep = self.estimate.sweep_points + 0.5
        plucks = [m for m in moves if m.kind == PLUCK]
        moves = [m for m in moves if m.card >= 0]  # calls: weighed at the root only
        # Plucks too, but for the one that clears the way for a sweep: the
        # card plucked is all a capture of this player's leaves (Pluck Cassino).
        whole = {m.takes for m in moves if m.kind == CAPTURE} if plucks else set()
        sweeping = [p for p in plucks if table & ~p.takes in whole]
        if self.prune_captures:
            moves = widest_captures(moves)
        scored = [(promise(m, worth, table, sweep), m) for m in moves]
        scored.sort(key=lambda x: -x[0])
        out = sweeping + [m for _, m in scored]
        if first is not None and first in out:
            out.remove(first)
            out.insert(0, first)
        return out


def promise(m: Move, worth: Worth, table: CardSet, sweep: float) -> float:
    """How likely a card play is to be the best, to try it early: captures by
    what they take (``sweep`` more for a sweep of ``table``), then builds,
    then the trails of the cards least worth taking."""
    if m.kind == CAPTURE:
        return 10.0 + worth.of(m.takes | 1 << m.card) + (sweep if m.takes == table else 0.0)
    if m.kind == TRAIL:
        return -worth.of(1 << m.card)
    return 5.0 + worth.of(m.takes | 1 << m.card)


def widest_captures(moves: list[Move]) -> list[Move]:
    """``moves`` without the captures that take a strict subset of what the
    same card could take (almost never better), in the same order."""
    takes: dict[int, list[CardSet]] = {}
    for m in moves:
        if m.kind == CAPTURE:
            takes.setdefault(m.card, []).append(m.takes)
    if not takes:
        return moves
    return [m for m in moves if m.kind != CAPTURE
            or not any(o != m.takes and o & m.takes == m.takes for o in takes[m.card])]
