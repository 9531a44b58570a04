"""Master: searches every deal of the hidden cards it samples, to the deal's end;
at a table of more than two and in Draw Cassino, one tree over what its seat
can know.

Each sample deals the cards the seat cannot see at random, consistently with
what it knows (``SeatView.sample``) and with what the others' plays in this
deal suggest they do not hold (``knowledge.unlikely_cards``, the Expert's
inference). On that deal every candidate move is searched by alpha-beta to
the end of the deal (``alphabeta.DealSearch``; with more players, a horizon
of so many card plays), and what is left of the round is estimated
(``estimate.Estimate``): the value is the chance of winning the game from
the score, not the round's points alone. Every candidate is judged on the
same deals, and a candidate clearly behind the best is dropped as the
samples come in, so that the time goes to the close calls. The search's
favourite is played only if it beats the evaluator's clearly on the same
deals, as the Expert's playouts must: the search is noisy, the evaluator not.

At a table of more than two, several hidden hands make a search that sees
each sampled deal whole too wrong, and so does Draw Cassino, whose one long
deal would show the search every card still to be drawn: there one
information-set tree (``infoset``) is grown over all the sampled deals instead.

``appraise`` gives, for any moves of the seat, the same figures on the same
deals: the win chance and the round's expected margin, for a review of a
game (where the Master plays by its tree, from the tree: ``infoset.appraise``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from math import sqrt

from cassino.rules import Move, Position
from cassino.rules.moves import CALL, PLUCK

from . import infoset, second_core
from .alphabeta import DealSearch, Stop, Value
from .estimate import MARGIN_WEIGHT, Estimate, Shares
from .expert import solved_ending
from .intermediate import Evaluator, call_wins, winning_pluck
from .knowledge import (Worth, candidate_moves, paired_t, playout, shortlist, unlikely_cards,
                        worth_of)
from .player import Budget, Player
from .review import Appraisal
from .view import SeatView

# Search nodes worth one unit of fixed work: about 3 ms, so that with the same
# --work the Master thinks about as much longer than the Expert as its time
# budget is longer (400 ms against 140).
NODES_PER_WORK = 240
# Deals searched per unit of fixed work at the most. Late in a round a deal's
# search is a handful of nodes, and the nodes alone would let a decision run
# through thousands of deals (seconds of sampling) for no better judgement:
# a few hundred paired deals already tell the candidates apart.
DEALS_PER_WORK = 4
# What a playout costs, in search nodes (a playout of the rest of the round).
ROLLOUT_NODES = 25
# Plucks weighed at the root on a crowded table.
ROOT_PLUCKS = 4
# Iterations of the information-set search worth one unit of fixed work (about 3 ms:
# measured in Draw Cassino and in partnerships, 3,000 to 6,000 in its 400 ms).
ITERATIONS_PER_WORK = 28


class Master(Player):
    """Samples the hidden cards and searches each deal to its end by alpha-beta."""

    level = "master"
    default_ms = 400.0

    def __init__(self, horizon: int = 8, wide_horizon: int = 4, candidates: int = 10,
                 drop: float = 5.0, min_samples: int = 40, shares: Shares | None = None,
                 infer: bool = True, prune_captures: bool = True, rollout: float = 0.0,
                 clip: float | None = None, second_core: bool = True, tree: bool = True,
                 trust: float = 1.0, tree_trust: float | None = 1.0):
        # Card plays searched on each deal before the estimate takes over: two
        # players see the whole deal (8 plays); more players a round of the
        # table and our next play (``wide_horizon``).
        self.horizon = horizon
        self.wide_horizon = wide_horizon
        # The evaluator's best few moves are searched (all of them in the last deal).
        self.candidates = candidates
        # A candidate is dropped once it trails the best by ``drop`` standard errors.
        self.drop = drop
        self.min_samples = min_samples
        self.shares = shares
        self.infer = infer
        self.prune_captures = prune_captures
        self.rollout = rollout
        self.clip = clip
        # Search the next deal on a second core when the machine has one.
        self.second_core = second_core
        # At a table of more than two, and in Draw Cassino (where a sampled deal
        # shows every card still to be drawn): one information-set tree
        # (``infoset``) rather than a search of each sampled deal.
        self.tree = tree
        # How clearly the search must prefer a move to overrule the evaluator's
        # favourite (a paired t statistic, as the Expert's ``confidence``).
        self.trust = trust
        # The same for the tree's favourite (None: the most visited stands).
        self.tree_trust = tree_trust

    # -- choosing ------------------------------------------------------------------------

    def choose(self, view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
        """The candidate with the best mean value over the sampled deals."""
        budget = budget or Budget(ms=self.default_ms)
        moves = candidate_moves(view.bare_position())
        if len(moves) == 1:
            return moves[0]
        if any(m.kind == CALL for m in moves):
            if call_wins(view):
                return next(m for m in moves if m.kind == CALL)
            pluck_to_call = winning_pluck(view, moves)
            if pluck_to_call is not None:
                return pluck_to_call
            moves = [m for m in moves if m.kind != CALL]
        candidates = self._candidates(view, moves)
        if len(candidates) == 1:
            return candidates[0]
        if self._by_tree(view):
            return candidates[self._grow(view, candidates, rng, budget)]
        results, _ = self._search(view, candidates, rng, budget, race=True)
        return candidates[self._trusted(results)]

    def _by_tree(self, view: SeatView) -> bool:
        """Whether the Master plays (and judges) by its information-set tree here:
        at a table of more than two, and in Draw Cassino while cards are still to
        be drawn; not in a partnership's ending, whose sampled deals are searched
        to the last card (``solved_ending``), nor in two players' Draw Cassino once
        the stock is out: every card is known, and the search solves it (the tree
        trailed a 4♥ for -11 where the 3♠ lost 5)."""
        return self.tree and (view.players > 2 or (view.rules.draw and view.stock_size > 0)) \
            and not solved_ending(view)

    def _trusted(self, results: list[list[Value] | None]) -> int:
        """The searched favourite if it beats the evaluator's (the first
        candidate) clearly on the same deals: by a paired t statistic above
        ``trust``; else the evaluator's. The search's values are noisy, the
        evaluator's judgement is not."""
        best = _best(results)
        first = results[0]
        top = results[best]
        if best == 0 or not first or top is None or len(first) < 4:
            return best
        t = paired_t([v[0] for v in top], [v[0] for v in first])
        return best if t > self.trust else 0

    def _candidates(self, view: SeatView, moves: list[Move]) -> list[Move]:
        """The moves worth searching: the evaluator's best few card plays (all of
        them in a small position), its favourite first, and the plucks (the
        richest few)."""
        worth = worth_of(view)
        plays = [m for m in moves if m.card >= 0]
        plucks = [m for m in moves if m.kind == PLUCK]
        plucks = sorted(plucks, key=lambda m: -worth.of(m.takes))[:ROOT_PLUCKS]
        plays = shortlist(plays, worth)
        ev = Evaluator(view)
        scored = sorted(((ev.score(m), i) for i, m in enumerate(plays)), key=lambda x: -x[0])
        plays = [plays[i] for _, i in scored[: self.candidates]]
        return plays + plucks

    # -- one tree over the seat's information (more than two players, Draw Cassino) -----

    def _grow(self, view: SeatView, candidates: list[Move], rng: random.Random, budget: Budget) -> int:
        """The candidate most visited by the information-set search (``infoset``;
        the evaluator's favourite comes first, so the root tries it first and
        it wins ties): two trees from two seeds, the other one on the second
        core if there is one (with a fixed amount of work, half the
        iterations each)."""
        avoid = list(unlikely_cards(view).items()) if self.infer else []
        seeds = rng.getrandbits(64), rng.getrandbits(64)
        each = None if budget.work is None else max(1, budget.work * ITERATIONS_PER_WORK // 2)
        clock = budget.clock
        start = clock()
        ms = budget.ms or self.default_ms
        here = infoset.Tree(view, candidates, avoid, self.shares)

        def stop() -> bool:
            # Stop before the next few iterations would run past the budget
            # (with a margin: an iteration may be slower than the average).
            if budget.cancel.is_set():
                return True
            if each is not None:
                return False
            spent = (clock() - start) * 1000
            pace = spent / here.iterations if here.iterations else 0.0
            return spent + pace * (infoset.CLOCK_ITERATIONS + 1) > ms * 0.98

        helper = None
        if (self.second_core and second_core.enabled()
                and (budget.work is not None or clock is time.perf_counter)):
            helper = second_core.borrow()
        counts = None
        try:
            if helper is not None:
                helper.start_tree(view, candidates, avoid, self.shares, seeds[1], each,
                                  ms * 0.98 / 1000 - (clock() - start))
            here.grow(random.Random(seeds[0]), each, stop)
            if helper is not None:
                answer = helper.answer(budget.cancel)
                if answer is not None and answer[0] == "tree":
                    counts = infoset.added(here.counts(), answer[1])
        finally:
            if helper is not None:
                second_core.give_back(helper)
        if counts is None:
            if each is not None and not budget.cancel.is_set():
                # No second core: the other tree is grown here, so that the move is the same.
                other = infoset.Tree(view, candidates, avoid, self.shares)
                other.grow(random.Random(seeds[1]), each, stop)
                counts = infoset.added(here.counts(), other.counts())
            else:
                counts = here.counts()
        return infoset.best_of(counts, self.tree_trust)

    # -- the search over sampled deals -------------------------------------------------

    def _depth(self, view: SeatView) -> int:
        if view.players == 2:
            return self.horizon
        if solved_ending(view):
            # The last deal of two sides, few cards left: each deal searched to the
            # round's end (the tree's greedy playouts misplayed the ending).
            return sum(view.hand_sizes)
        return self.wide_horizon

    def _search(self, view: SeatView, moves: list[Move], rng: random.Random, budget: Budget,
                race: bool) -> tuple[list[list[Value] | None], int]:
        """Each move's value on each sampled deal (None for a move dropped from
        the race), every move on the same deals; and how many deals were
        searched (0: none in time, and the values only say the evaluator's
        favourite stands)."""
        team = view.team_of[view.seat]
        bare = view.bare_position()
        estimate = Estimate(bare, team, self.shares)
        worth = worth_of(view)
        avoid = list(unlikely_cards(view).items()) if self.infer else []
        known = _known(view)
        depth = self._depth(view)
        results: list[list[Value] | None] = [[] for _ in moves]
        work_nodes = budget.work * NODES_PER_WORK if budget.work is not None else None
        work_deals = budget.work * DEALS_PER_WORK if budget.work is not None else 1 << 60
        nodes = 0
        samples = 0
        timed = budget.work is None
        clock = budget.clock
        start = clock()
        hard_ms = (budget.ms or self.default_ms) * 3.0
        # (Fixed work: a deal's search may run past the budget, never past three times it.)
        hard_nodes = work_nodes * 3 if work_nodes is not None else 1 << 60

        def out_of_time() -> bool:
            if budget.cancel.is_set():
                return True
            return timed and (clock() - start) * 1000 > (hard_ms if not samples else budget.ms or self.default_ms)

        # A second core searches the next deal ahead (``second_core``): only
        # where that cannot change what a fixed amount of work chooses.
        helper = None
        # (Not on a budget of one thread's CPU time, which the helper's would not count in.)
        if (self.second_core and not known and not self.rollout and self.clip is None
                and second_core.enabled() and (budget.work is not None or clock is time.perf_counter)):
            helper = second_core.borrow()
        borrowed = helper  # given back at the end, even if it breaks meanwhile
        ahead: list[int] | None = None  # the candidates the helper's deal is searched for
        try:
            if helper is not None:
                helper.send_job(second_core.Job(view, team, self.shares, avoid, moves, depth,
                                                self.prune_captures))
            while True:
                seed = rng.getrandbits(64)
                live = [i for i, r in enumerate(results) if r is not None]
                values: list[Value | None] | None = None
                if ahead is not None and helper is not None:
                    # The helper searched this deal: its answer stands if it is what
                    # searching here would have given.
                    answer = helper.answer(budget.cancel)
                    sent, ahead = ahead, None
                    if answer is None:
                        if budget.cancel.is_set():
                            break
                        helper = None  # broken: alone from here
                    elif sent == live:
                        if answer[0] == "stop" or answer[2] >= max(1, hard_nodes - nodes):
                            break  # here too the budget would have run out in this deal
                        values, sample_nodes = answer[1], answer[2]
                if values is None:
                    if helper is not None and not budget.cancel.is_set():
                        peek = random.Random()
                        peek.setstate(rng.getstate())
                        seconds = None if not timed else \
                            (budget.ms or self.default_ms) / 1000 - (clock() - start)
                        helper.start(peek.getrandbits(64), live, max(1, hard_nodes - nodes), seconds)
                        ahead = live
                    deal = view.sample_avoiding(random.Random(seed), avoid)
                    search = DealSearch(estimate, worth, max(1, hard_nodes - nodes), out_of_time,
                                        self.prune_captures)
                    try:
                        values = self._sample_values(search, deal, moves, results, depth, race)
                    except Stop:
                        break
                    sample_nodes = search.nodes
                nodes += sample_nodes
                samples += 1
                if self.rollout:
                    values = [self._roll(v, worth, team, estimate) for v in values]
                    nodes += ROLLOUT_NODES * sum(v is not None for v in values)
                for i, v in enumerate(values):
                    r = results[i]
                    if r is not None and v is not None:
                        r.append(v)
                if known:
                    break
                if race and samples >= self.min_samples:
                    self._race(results)
                    if sum(r is not None for r in results) == 1:
                        break
                if work_nodes is not None:
                    if nodes >= work_nodes or samples >= work_deals or budget.cancel.is_set():
                        break
                elif budget.spent_time():
                    break
        finally:
            if borrowed is not None:
                second_core.give_back(borrowed)
        if samples == 0:
            # Not one deal searched in time: the evaluator's favourite stands.
            first: list[list[Value] | None] = [[(1.0, 1.0, 0.0, None)]]
            return first + [[(0.0, 0.0, 0.0, None)] for _ in moves[1:]], 0
        return results, samples

    def _sample_values(self, search: DealSearch, deal: Position, moves: list[Move],
                       results: list[list[Value] | None], depth: int,
                       race: bool) -> list[Value | None]:
        """Each live move's value on one deal. In a race, the leader so far is
        searched first; a move that falls ``clip`` or more below it on this deal
        gets the bound its search proves (fail-soft), which costs far less than
        its exact value."""
        values: list[Value | None] = [None] * len(moves)
        live = [i for i, r in enumerate(results) if r is not None]
        if not race or self.clip is None or not results[live[0]]:
            for i in live:
                values[i] = search.move_value(deal, moves[i], depth)
            return values
        n = len(results[live[0]] or [])
        live.sort(key=lambda i: -sum(v[0] for v in results[i] or []) / n)
        lead = search.move_value(deal, moves[live[0]], depth)
        values[live[0]] = lead
        floor = lead[0] - self.clip
        for i in live[1:]:
            values[i] = search.move_value(deal, moves[i], depth, floor)
        return values

    def _roll(self, v: Value | None, worth: Worth, team: int, estimate: Estimate) -> Value | None:
        if v is None or v[3] is None:
            return v
        q = v[3].copy()
        event = playout(q, worth)
        win, margin = estimate.final(q, event)
        w = self.rollout
        win = (1 - w) * v[1] + w * win
        margin = (1 - w) * v[2] + w * margin
        return (win + MARGIN_WEIGHT * margin, win, margin, None)

    def _race(self, results: list[list[Value] | None]) -> None:
        """Drop the candidates that trail the best clearly (paired on the same deals)."""
        live = [i for i, r in enumerate(results) if r is not None]
        n = len(results[live[0]] or [])
        means = {i: sum(v[0] for v in results[i] or []) / n for i in live}
        best = max(live, key=lambda i: (means[i], -i))
        top = results[best] or []
        for i in live:
            if i == best:
                continue
            r = results[i] or []
            diffs = [a[0] - b[0] for a, b in zip(r, top)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            se = sqrt(var / n)
            if mean + self.drop * se < 0.0 or (se < 1e-12 and mean <= 0.0):
                results[i] = None

    # -- appraising ----------------------------------------------------------------------

    def appraise(self, view: SeatView, moves: Sequence[Move], rng: random.Random,
                 budget: Budget | None = None) -> list[Appraisal]:
        """Each of ``moves`` (legal moves of the seat to move) with its chance of
        winning the game and the round's expected margin, all on the same
        sampled deals, so that the differences between them are fair."""
        budget = budget or Budget(ms=self.default_ms)
        if self._by_tree(view):
            return self._appraise_by_tree(view, list(moves), rng, budget)
        results, samples = self._search(view, list(moves), rng, budget, race=False)
        exact = _known(view) and samples == 1
        out = []
        for m, r in zip(moves, results):
            r = r or []
            n = max(1, len(r))
            out.append(Appraisal(m, sum(v[1] for v in r) / n, sum(v[2] for v in r) / n,
                                 tuple(v[1] for v in r), tuple(v[2] for v in r), exact))
        return out

    def _appraise_by_tree(self, view: SeatView, moves: list[Move], rng: random.Random,
                          budget: Budget) -> list[Appraisal]:
        """``appraise`` where the Master plays by its information-set tree: the
        moves weighed below one tree (``infoset.appraise``), as many
        iterations as ``choose`` would grow for a fixed work, else by the clock."""
        avoid = list(unlikely_cards(view).items()) if self.infer else []
        clock = budget.clock
        start = clock()
        ms = budget.ms or self.default_ms
        if budget.work is not None:
            deals = max(1, budget.work * ITERATIONS_PER_WORK // max(1, len(moves)))

            def stop(done: int) -> bool:
                return done >= deals or budget.cancel.is_set()
        else:
            def stop(done: int) -> bool:
                return budget.cancel.is_set() or (clock() - start) * 1000 > ms

        found = infoset.appraise(view, moves, avoid, rng, stop, self.shares)
        out = []
        for m, values in zip(moves, found):
            n = len(values)
            wins = tuple(w for w, _ in values)
            margins = tuple(p for _, p in values)
            out.append(Appraisal(m, sum(wins) / n, sum(margins) / n, wins, margins))
        return out


def _known(view: SeatView) -> bool:
    """Nothing hidden but the one other hand, which the cards unseen make up
    exactly: one deal says it all."""
    return view.players == 2 and view.stock_size == 0


def _best(results: list[list[Value] | None]) -> int:
    """The index of the best mean value among the candidates still in the race."""
    best, best_mean = 0, -1e18
    for i, r in enumerate(results):
        if r:
            mean = sum(v[0] for v in r) / len(r)
            if mean > best_mean:
                best, best_mean = i, mean
    return best
