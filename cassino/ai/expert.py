"""Expert: searches over the deals it cannot see.

Each iteration deals the hidden cards at random consistently with what the
seat knows (``SeatView.sample``), then plays every candidate move out to the
end of the round with a fast greedy policy for all players; the move with the
best mean round margin wins. Candidates are the Intermediate's best few, so
the search spends its time where it matters. In the last deal of a
two-player round a card counter knows every card, and the round is solved
exactly by alpha-beta search instead. Anytime: it stops at the budget.
"""

from __future__ import annotations

import random

from cassino.rules import Move, Position, score_round
from cassino.rules.cards import rank_of

from .intermediate import Evaluator
from .knowledge import Worth, candidate_moves
from .player import Budget, Player
from .view import SeatView


def greedy_move(pos: Position, worth: Worth) -> Move:
    """The playout policy: the richest capture (a sweep counts); else a build
    that secures something; else trail the card least worth taking, high
    before low (a high card joins fewer sums)."""
    moves = candidate_moves(pos, worth, ordered=False)
    if len(moves) == 1:
        return moves[0]
    table = pos.table
    sweep = pos.rules.sweeps
    best = None
    best_w = 0.0
    for m in moves:
        if m.kind == "capture":
            w = worth.of(m.takes | 1 << m.card) + (sweep if m.takes == table else 0.0)
        elif m.kind == "build":
            w = 0.6 * worth.of(m.takes | 1 << m.card) - 0.3
        else:
            continue
        if w > best_w:
            best, best_w = m, w
    if best is not None:
        return best
    trail = None
    trail_w = 1e9
    for m in moves:
        if m.kind == "trail":
            w = worth.of(1 << m.card) * 10 - rank_of(m.card) * 0.01
            if w < trail_w:
                trail, trail_w = m, w
    return trail if trail is not None else moves[0]


def margin(pos: Position, team: int) -> float:
    """Our team's round points less the best other team's, for a finished round."""
    scores = score_round(pos.rules, pos.captured, pos.sweeps)
    ours = scores[team].total
    return ours - max(s.total for t, s in enumerate(scores) if t != team)


def playout(pos: Position, worth: Worth) -> None:
    while not pos.round_over:
        pos.play_unchecked(greedy_move(pos, worth))


class _Solver:
    """Alpha-beta over a fully known last deal of a two-team round."""

    def __init__(self, team: int, budget: Budget):
        self.team = team
        self.budget = budget
        self.nodes = 0
        self.table: dict[tuple[object, ...], float] = {}

    def value(self, pos: Position, alpha: float, beta: float) -> float:
        if pos.round_over:
            return margin(pos, self.team)
        self.nodes += 1
        if self.nodes & 255 == 0 and self.budget.spent_time():
            raise TimeoutError
        key = (pos.to_move, tuple(pos.hands), pos.loose, pos.builds, tuple(pos.captured),
               tuple(pos.sweeps), pos.last_capturer)
        cached = self.table.get(key)
        if cached is not None:
            return cached
        maximizing = pos.team_of[pos.to_move] == self.team
        moves = sorted(candidate_moves(pos), key=lambda m: (m.kind != "capture", -m.takes.bit_count()))
        best = -1e9 if maximizing else 1e9
        a, b = alpha, beta
        for m in moves:
            q = pos.copy()
            q.play_unchecked(m)
            v = self.value(q, a, b)
            if maximizing:
                best = max(best, v)
                a = max(a, v)
            else:
                best = min(best, v)
                b = min(b, v)
            if a >= b:
                break
        if alpha < best < beta:  # only exact values are safe to reuse
            self.table[key] = best
        return best

    def best_move(self, pos: Position) -> Move:
        best_move, best = None, -1e9
        for m in candidate_moves(pos):
            q = pos.copy()
            q.play_unchecked(m)
            v = self.value(q, best, 1e9)
            if v > best or best_move is None:
                best_move, best = m, v
        assert best_move is not None
        return best_move


class Expert(Player):
    level = "expert"
    default_ms = 140.0

    def __init__(self, candidates: int = 6, confidence: float = 1.0):
        self.candidates = candidates
        self.confidence = confidence

    def choose(self, view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
        budget = budget or Budget(ms=self.default_ms)
        moves = candidate_moves(view.bare_position())
        if len(moves) == 1:
            return moves[0]
        team = view.team_of[view.seat]
        known = view.stock_size == 0 and len(view.teams) == 2 and view.players == 2
        if known:
            try:
                return _Solver(team, budget).best_move(view.sample(rng))
            except TimeoutError:
                pass
        ev = Evaluator(view)
        scored = sorted(((ev.score(m), m) for m in moves), key=lambda x: -x[0])
        candidates = [m for _, m in scored[: self.candidates]]
        worth = Worth(view.captured)
        results: list[list[float]] = [[] for _ in candidates]
        done = 0
        while True:
            deal = view.sample(rng)  # the same deal for every candidate: fair comparisons
            for i, m in enumerate(candidates):
                q = deal.copy()
                q.play_unchecked(m)
                playout(q, worth)
                results[i].append(margin(q, team))
            done += 1
            if budget.spent(done):
                break
        return candidates[self._pick(results)]

    def _pick(self, results: list[list[float]]) -> int:
        """The candidate the playouts prefer, if they prefer it clearly over the
        evaluator's favourite (index 0): a paired comparison on the same deals,
        so that noise in a few dozen playouts does not overrule good judgement."""
        n = len(results[0])
        means = [sum(r) / n for r in results]
        best = max(range(len(results)), key=lambda i: (means[i], -i))
        if best == 0 or n < 4:
            return best if n >= 4 else 0
        diffs = [a - b for a, b in zip(results[best], results[0])]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return best if mean > self.confidence * (var / n) ** 0.5 else 0
