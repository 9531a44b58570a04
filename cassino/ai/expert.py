"""Expert: searches over the deals it cannot see.

Each iteration deals the hidden cards at random consistently with what the
seat knows (``SeatView.sample``), and with what the other players' plays in
this deal suggest they do not hold (``unlikely_cards``: who trailed beside a
loose ace holds no ace). Then it plays every candidate move out with a fast
greedy policy for all players: to the end of the round, or in Draw Cassino
for a few plies and in partnerships to the end of the deal, the rest of the
round then left to the Master's estimate (``estimate.Estimate``). The move
with the best mean outcome wins, if it beats the Intermediate's own choice
clearly. Candidates are the Intermediate's best few, so the search spends
its time where it matters; a close call may take a few times the budget. In the last deal of
a two-player round a card counter knows every card, and the round is solved
exactly by alpha-beta search instead. Anytime: it stops at the budget, and
reads the clock before every ply of every playout (every few dozen nodes of
the search), so that no decision runs on past its stretched budget by more
than one ply, whatever the table.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import erf, sqrt

from cassino.rules import Event, Move, Position
from cassino.rules.moves import CALL, CALL_MOVE, PLUCK
from cassino.rules.scoring import final_scores

from .estimate import Estimate, decided_score
from .intermediate import Evaluator, call_wins, winning_pluck
from .knowledge import (Worth, call_wins_now, candidate_moves, greedy_move, paired_t, playout,  # noqa: F401
                        plays_this_deal, shortlist, unlikely_cards, worth_of)
from .player import Budget, Player
from .view import SeatView


# How the game's race goes on from given totals: a round's margin between
# two teams spreads about this much, and each team scores about this much a
# round (scaled by the points a round of these rules is worth).
ROUND_SPREAD = 5.5
ROUND_POINTS = 6.5
MARGIN_WEIGHT = 0.01


def outcome(pos: Position, team: int, event: Event) -> float:
    """What the end of a playout is worth to our team: 1 or 0 when the game
    ended; otherwise the chance of winning the game from the totals the round
    leaves: the lead against the spread of the rounds still to play, so that
    early on it follows the round's margin and near the target it plays to
    win; plus a hundredth of the round's margin. A game won or lost outranks
    every chance (``decided_score``): a sure win by a point beats a 99% chance
    and a big margin."""
    if event.winner is not None and event.round_end is None:  # a call or sudden death
        final = final_scores(pos)
        return decided_score(1.0 if event.winner == team else 0.0,
                             final[team] - max(x for t, x in enumerate(final) if t != team))
    end = event.round_end
    assert end is not None
    points = end.points
    margin = points[team] - max(p for t, p in enumerate(points) if t != team)
    if event.winner is not None:
        return decided_score(1.0 if event.winner == team else 0.0, margin)
    tie_break = MARGIN_WEIGHT * margin
    totals = end.scores
    ours = totals[team]
    theirs = max(x for t, x in enumerate(totals) if t != team)
    rules = pos.rules
    scale = max(1.0, sum(points) / 11.0)
    if rules.rounds is not None:
        rounds = max(1.0, rules.rounds - pos.round)
    else:
        rounds = max(1.0, (rules.target - max(ours, theirs)) / (ROUND_POINTS * scale))
    return 0.5 * (1.0 + erf((ours - theirs) / (ROUND_SPREAD * scale * sqrt(2.0 * rounds)))) + tie_break




# Solver nodes worth one unit of fixed work (a playout of every candidate).
NODES_PER_WORK = 400
# The solver reads the clock once every this many nodes (a power of two).
CLOCK_NODES = 64


def playout_until(pos: Position, worth: Worth, stop: Callable[[], bool], horizon: int | None = None,
                  first: Event | None = None) -> Event | None:
    """``playout`` (the greedy policy for every seat to the round's end), asking
    ``stop`` before each ply: None, the position left unfinished, once it says
    stop. With a ``horizon``, it also stops after that many plies, or (0) once
    a new deal is dealt, and returns that ply's event (``first``: the event of
    the move before, which may have dealt already)."""
    plies = 0
    event = first
    while True:
        if horizon is not None and event is not None and (event.dealt if horizon == 0 else plies >= horizon):
            return event
        if stop():
            return None
        event = pos.apply(greedy_move(pos, worth))
        plies += 1
        if event.round_end is not None or event.winner is not None:
            return event


class _Solver:
    """Alpha-beta over a fully known last deal of a two-team round."""

    def __init__(self, team: int, budget: Budget):
        self.team = team
        self.budget = budget
        self.nodes = 0
        # A fixed amount of work bounds the search by nodes instead of the clock.
        self.node_limit = budget.work * NODES_PER_WORK if budget.work is not None else 1 << 62
        self.table: dict[tuple[object, ...], float] = {}

    def value(self, pos: Position, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.nodes & (CLOCK_NODES - 1) == 0 and (self.budget.spent_time()
                                                    or self.nodes > self.node_limit):
            raise TimeoutError
        if pos.rules.call_for_21 and call_wins_now(pos):
            # The side to move calls and wins (§9.18): searched as card plays alone,
            # a last deal was "won at the round's end" past the other side's call.
            q = pos.copy()
            return outcome(q, self.team, q.apply(CALL_MOVE))
        key = (pos.to_move, tuple(pos.hands), pos.loose, pos.builds, tuple(pos.captured),
               tuple(pos.sweeps), pos.last_capturer)
        cached = self.table.get(key)
        if cached is not None:
            return cached
        maximizing = pos.team_of[pos.to_move] == self.team
        moves = sorted((m for m in candidate_moves(pos) if m.card >= 0),
                       key=lambda m: (m.kind != "capture", -m.takes.bit_count()))
        best = -1e9 if maximizing else 1e9
        a, b = alpha, beta
        for m in moves:
            v = self.child(pos, m, a, b)
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

    def child(self, pos: Position, move: Move, alpha: float, beta: float) -> float:
        q = pos.copy()
        event = q.apply(move)
        if event.round_end is not None or event.winner is not None:
            return outcome(q, self.team, event)
        return self.value(q, alpha, beta)

    def best_move(self, pos: Position, rank: Callable[[Move], float] | None = None) -> Move:
        """The move of the best exact value; among equals, the one ``rank`` (the
        evaluator's judgement) puts first. Against play that sees every card
        many moves tie, but a trail that hands over an ace at once and a
        capture that makes the other side find its way are not alike at the
        table."""
        best_move, best = None, -1e9
        moves = [m for m in candidate_moves(pos) if m.card >= 0]  # a call or pluck: weighed before
        if rank is not None:
            moves = sorted(moves, key=lambda m: -rank(m))
        for m in moves:
            v = self.child(pos, m, best, 1e9)
            if v > best or best_move is None:
                best_move, best = m, v
        assert best_move is not None
        return best_move


AUTO = "auto"
# Draw Cassino's playouts stop after this many plies: its one long deal makes
# a playout to the round's end slow and noisy (tuned on seeds below 10000).
DRAW_HORIZON = 4


# From this many players on, the playouts stop at the deal's end: at five
# players that wins clearly more games; at six, as many, by a better margin
# (benchmarks/results/ladder_variants.md, "Five and six players").
CROWD = 5


def horizon_for(view: SeatView) -> int | None:
    """Where the Expert's playouts stop by default: after ``DRAW_HORIZON``
    plies in Draw Cassino; at the end of the deal in partnerships and at
    tables of ``CROWD`` or more, where three or more other hands make the
    rest of the round mostly noise; else at the round's end (the standard
    two-player game and Royal play better so)."""
    if view.rules.draw:
        return DRAW_HORIZON
    if len(view.teams) < view.players or view.players >= CROWD:
        return 0
    return None


# At most this many cards in all hands in the last deal of two sides (partnerships),
# and each sampled deal is solved exactly rather than played out greedily: the
# greedy ending trailed a last ace, or took a build and left the loose card of
# its value that the partner had trailed for it. (A whole last deal of four, 16
# cards, took seconds to solve; 11, some 15 ms.)
SOLVED_CARDS = 11


def solved_ending(view: SeatView) -> bool:
    """Whether the rest of the round is searched to its end on each sampled deal:
    the last deal of two sides at a table of more than two (two players solve
    theirs whole: every card is known), with few cards left."""
    return (view.stock_size == 0 and len(view.teams) == 2 and view.players > 2
            and sum(view.hand_sizes) <= SOLVED_CARDS)


# How sure the playouts must be to overrule the evaluator: in partnerships,
# where the playouts stop at the deal's end, they are worth trusting sooner
# (tuned on seeds below 10000).
CONFIDENCE = 1.0
PARTNERS_CONFIDENCE = 0.5


def confidence_for(view: SeatView) -> float:
    """The Expert's default ``confidence`` in a setting."""
    return PARTNERS_CONFIDENCE if len(view.teams) < view.players else CONFIDENCE


class Expert(Player):
    """Plays its best candidate moves out on many deals of the unseen cards; solves the last deal of
    two players exactly."""

    level = "expert"
    default_ms = 140.0

    def __init__(self, candidates: int = 6, confidence: float | str = AUTO, extend: float = 2.8,
                 settle: tuple[float, float] = (0.25, 2.0), infer: bool = True,
                 horizon: int | None | str = AUTO):
        self.candidates = candidates
        # Playouts stop after this many plies, or at the end of the deal they
        # are in (0), and the round's rest is the Master's estimate
        # (``estimate.Estimate``); None plays every round out to its end.
        # AUTO chooses by the setting (``horizon_for``).
        self.horizon = horizon
        # The paired t statistic by which the playouts' favourite must beat the
        # evaluator's to be played; AUTO chooses by the setting (``confidence_for``).
        self.confidence = confidence
        # Deal the hidden cards as the other players' trails suggest (``unlikely_cards``).
        self.infer = infer
        # A close call may think up to ``extend`` times the budget (time or work alike),
        # while the playouts' favourite is neither clearly better than the evaluator's
        # nor clearly not: its paired t statistic lies within ``settle``.
        self.extend = extend
        self.settle = settle

    def choose(self, view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
        """The candidate that does best over sampled deals, within the budget."""
        budget = budget or Budget(ms=self.default_ms)
        moves = candidate_moves(view.bare_position())
        if len(moves) == 1:
            return moves[0]
        if any(m.kind == CALL for m in moves) and call_wins(view):
            return next(m for m in moves if m.kind == CALL)
        pluck_to_call = winning_pluck(view, moves)
        if pluck_to_call is not None:
            return pluck_to_call
        plucks = [m for m in moves if m.kind == PLUCK]
        moves = [m for m in moves if m.card >= 0]
        if plucks:
            # A pluck keeps the turn: weigh each pluck with the play after it
            # against the plays alone, as the Intermediate does.
            from .intermediate import Intermediate

            choice = Intermediate().choose(view, rng, budget)
            if choice.kind == PLUCK:
                return choice
        if len(moves) == 1:
            return moves[0]
        team = view.team_of[view.seat]
        known = view.stock_size == 0 and len(view.teams) == 2 and view.players == 2
        ev = Evaluator(view)
        if known:
            try:
                return _Solver(team, budget).best_move(view.sample(rng), ev.score)
            except TimeoutError:
                pass
        scored = sorted(((ev.score(m), m) for m in shortlist(moves, ev.worth)), key=lambda x: -x[0])
        candidates = [m for _, m in scored[: self.candidates]]
        avoid = list(unlikely_cards(view).items()) if self.infer else []
        confidence = confidence_for(view) if self.confidence == AUTO else self.confidence
        assert isinstance(confidence, (int, float))
        if solved_ending(view):
            solved = self._solve_deals(view, rng, budget, candidates, team, avoid, confidence)
            if solved is not None:
                return solved
        worth = worth_of(view)
        horizon = horizon_for(view) if self.horizon == AUTO else self.horizon
        assert horizon is None or isinstance(horizon, int)
        estimate = Estimate(view.bare_position(), team) if horizon is not None else None
        results: list[list[float]] = [[] for _ in candidates]
        done = 0

        def stop() -> bool:
            # Past the stretched budget no playout goes on: a sample left
            # unfinished is dropped.
            return budget.spent(done, self.extend)

        def sample() -> bool:
            # The same deal for every candidate: fair comparisons.
            deal = view.sample_avoiding(rng, avoid)
            values = []
            for m in candidates:
                q = deal.copy()
                event = q.apply(m)
                if event.round_end is None and event.winner is None:
                    if estimate is not None:
                        end = playout_until(q, worth, stop, horizon, event)
                    else:
                        end = playout_until(q, worth, stop)
                    if end is None:
                        return False
                    event = end
                if estimate is not None and event.round_end is None and event.winner is None:
                    win, margin = estimate.value(q, not event.dealt)
                    values.append(win + MARGIN_WEIGHT * margin)
                else:
                    values.append(outcome(q, team, event))
            for r, v in zip(results, values):
                r.append(v)
            return True

        while (done == 0 or not budget.spent(done)) and sample():
            done += 1
        while done and not budget.spent(done, self.extend) and self._close_call(results) and sample():
            done += 1
        if not done:
            return candidates[0]  # not one deal played out: the evaluator's favourite
        return candidates[self._pick(results, confidence)]

    def _solve_deals(self, view: SeatView, rng: random.Random, budget: Budget, candidates: list[Move],
                     team: int, avoid: list[tuple[int, int]], confidence: float) -> Move | None:
        """The candidate best over sampled deals of the unseen cards, each searched
        exactly to the round's end (``solved_ending``); None if not one deal was
        solved within the budget (the playouts then decide)."""
        results: list[list[float]] = [[] for _ in candidates]
        done = 0
        while done == 0 or not budget.spent(done):
            deal = view.sample_avoiding(rng, avoid)
            solver = _Solver(team, budget)  # its table holds for every candidate on this deal
            try:
                values = [solver.child(deal, m, -1e9, 1e9) for m in candidates]
            except TimeoutError:
                break
            for r, v in zip(results, values):
                r.append(v)
            done += 1
        if not done:
            return None
        return candidates[self._pick(results, confidence)]

    def _contest(self, results: list[list[float]]) -> tuple[int, float]:
        """The candidate with the best mean, and the paired t statistic of its
        lead over the evaluator's favourite (index 0) on the same deals."""
        n = len(results[0])
        means = [sum(r) / n for r in results]
        best = max(range(len(results)), key=lambda i: (means[i], -i))
        if best == 0 or n < 4:
            return best, 0.0
        return best, paired_t(results[best], results[0])

    def _close_call(self, results: list[list[float]]) -> bool:
        best, t = self._contest(results)
        return best != 0 and self.settle[0] < t < self.settle[1]

    def _pick(self, results: list[list[float]], confidence: float = 1.0) -> int:
        """The candidate the playouts prefer, if they prefer it clearly over the
        evaluator's favourite (index 0): a paired comparison on the same deals,
        so that noise in a few dozen playouts does not overrule good judgement."""
        if len(results[0]) < 4:
            return 0
        best, t = self._contest(results)
        return best if best == 0 or t > confidence else 0
