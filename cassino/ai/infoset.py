"""Information-set search: one tree over what the seat can know, for the Master
at a table of more than two and in Draw Cassino.

Searching each sampled deal on its own (``alphabeta``) lets every seat play
as if it saw every hand (and, in Draw Cassino, every card still to be
drawn); with several other hands, or a whole stock, that flaw swamps the search.
Here one tree is grown over the whole decision (single-observer information
set Monte Carlo tree search): each iteration deals the hidden cards afresh
(``SeatView.sample_avoiding``), walks down the tree choosing, among the moves
that deal allows, the one with the best upper confidence bound (counted
against how often it was available, since a card an opponent may not hold
is not always playable), adds one new move, and plays the deal out with the
greedy policy as far as the Expert's playouts go (``expert.horizon_for``:
in partnerships and at five or six players to the deal's end, in Draw
Cassino a few plies), the rest of the round left to ``estimate.Estimate``.
A node of the tree is a sequence of moves seen from our seat, never a deal,
so our own later plays are chosen without knowing the hidden hands. Our
side maximises the chance of winning the game; every other side minimises it
(the cautious reading).

``appraise`` weighs given moves the same way for a review, each tried once
on every sampled deal so that they are compared on the same deals.

With a fixed amount of work the iterations are split between two trees
grown from two seeds, whose root counts are added: a second core grows the
other tree at the same time (``second_core``), and without one both are
grown here, so the move is the same either way.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import log, sqrt

from cassino.rules import Event, Move, Position
from cassino.rules.cards import CardSet

from .alphabeta import promise, widest_captures
from .estimate import MARGIN_WEIGHT, Estimate, Shares
from .expert import horizon_for, outcome, playout_until
from .knowledge import Worth, candidate_moves, worth_of
from .view import SeatView

# How widely the tree looks beyond the best move so far (the UCB constant; a
# value is a win chance). The textbook value for rewards in [0, 1], not tuned yet.
EXPLORE = 0.5
# The clock is read every this many iterations (a power of two).
CLOCK_ITERATIONS = 4

# A root's counts: for each candidate, (visits, total value, total squared value).
Counts = list[tuple[int, float, float]]


class Node:
    """A sequence of moves from the root, as our seat sees it."""

    __slots__ = ("children", "visits", "total", "squares", "avail")

    def __init__(self) -> None:
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.avail = 0


def tree_moves(pos: Position, worth: Worth) -> list[Move]:
    """The card plays weighed inside the tree: ``candidate_moves`` without the
    captures that take a strict subset of what the same card could take."""
    return widest_captures([m for m in candidate_moves(pos, worth, ordered=False) if m.card >= 0])


class Tree:
    """One information-set tree for the seat of ``view``, over ``candidates``
    (the root's moves, the likeliest best first)."""

    def __init__(self, view: SeatView, candidates: list[Move], avoid: list[tuple[int, CardSet]],
                 shares: Shares | None = None, explore: float = EXPLORE):
        self.view = view
        self.candidates = candidates
        self.avoid = avoid
        self.team = view.team_of[view.seat]
        self.team_of = view.team_of
        self.worth = worth_of(view)
        self.estimate = Estimate(view.bare_position(), self.team, shares)
        self.sweep = self.estimate.sweep_points + 0.5
        # Where a playout stops: as the Expert's do (``expert.horizon_for``).
        self.horizon = horizon_for(view)
        self.explore = explore
        self.root = Node()
        self.iterations = 0

    def grow(self, rng: random.Random, iterations: int | None,
             stop: Callable[[], bool] = lambda: False) -> None:
        """Run ``iterations`` iterations (or until ``stop`` says so, asked every
        few; with a count it is asked only about cancelling, between them)."""
        done = 0
        while iterations is None or done < iterations:
            if done % CLOCK_ITERATIONS == 0 and stop():
                break
            self.iterate(self.view.sample_avoiding(rng, self.avoid))
            done += 1

    def iterate(self, pos: Position, first: Move | None = None) -> tuple[float, float, float]:
        """One iteration on the dealt position ``pos`` (changed in place); with
        ``first``, one that starts with that candidate, for an appraisal. Returns
        the value met and (for an appraisal) its two parts: the chance of winning
        the game and the round's margin."""
        node = self.root
        path: list[Node] = []
        moves = self.candidates if first is None else [first]
        explore = self.explore
        while True:
            ours = self.team_of[pos.to_move] == self.team
            untried = [m for m in moves if m not in node.children]
            for m in moves:
                child = node.children.get(m)
                if child is not None:
                    child.avail += 1
            if untried:
                if node is self.root:
                    move = untried[0]
                else:
                    table = pos.table
                    move = max(untried, key=lambda m: promise(m, self.worth, table, self.sweep))
                child = Node()
                child.avail = 1
                node.children[move] = child
                path.append(child)
                event = pos.apply(move)
                break
            best = None
            best_bound = -1e18
            for m in moves:
                child = node.children[m]
                mean = child.total / child.visits
                bound = (mean if ours else 1.0 - mean) + explore * sqrt(log(child.avail) / child.visits)
                if bound > best_bound:
                    best, best_bound = m, bound
            assert best is not None
            node = node.children[best]
            path.append(node)
            event = pos.apply(best)
            if event.round_end is not None or event.winner is not None or event.dealt:
                break
            moves = tree_moves(pos, self.worth)
        found = self._value(pos, event, first is not None)
        value = found[0]
        self.root.visits += 1
        self.iterations += 1
        for n in path:
            n.visits += 1
            n.total += value
            n.squares += value * value
        return found

    def _value(self, pos: Position, event: Event, parts: bool = False) -> tuple[float, float, float]:
        """What the position after ``event`` is worth to our side, and its win
        chance and round margin: the game's or round's end exactly, else a
        greedy playout to the horizon (the round's end, the deal's or a few
        plies) and the estimate of the rest. (An ended round's two parts are
        worked out only if ``parts``: play needs the value alone.)"""
        if event.round_end is None and event.winner is None:
            end = playout_until(pos, self.worth, lambda: False, self.horizon, event)
            assert end is not None
            event = end
        if event.round_end is not None or event.winner is not None:
            value = outcome(pos, self.team, event)
            if not parts:
                return value, value, 0.0
            win, margin = self.estimate.final(pos, event)
            return value, win, margin
        win, margin = self.estimate.value(pos, not event.dealt)
        return win + MARGIN_WEIGHT * margin, win, margin

    def counts(self) -> Counts:
        """Each candidate's visits, total value and total squared value."""
        out = []
        for m in self.candidates:
            child = self.root.children.get(m)
            out.append((0, 0.0, 0.0) if child is None else (child.visits, child.total, child.squares))
        return out


def appraise(view: SeatView, moves: list[Move], avoid: list[tuple[int, CardSet]], rng: random.Random,
             stop: Callable[[int], bool], shares: Shares | None = None) -> list[list[tuple[float, float]]]:
    """Each of ``moves``' win chance and round margin deal by deal, for a
    review: every move is tried once on each sampled deal, all below one
    tree, so that our later plays are chosen as in play (without seeing the
    hidden hands) and the moves are compared on the same deals. ``stop(deals)``
    is asked before each deal; at least one is always played."""
    tree = Tree(view, moves, avoid, shares)
    out: list[list[tuple[float, float]]] = [[] for _ in moves]
    deals = 0
    while deals == 0 or not stop(deals):
        deal = view.sample_avoiding(rng, avoid)
        for m, values in zip(moves, out):
            _, win, margin = tree.iterate(deal.copy(), m)
            values.append((win, margin))
        deals += 1
    return out


def best_of(counts: Counts, trust: float | None = None) -> int:
    """The most visited candidate (the better mean between equals). With
    ``trust``, the first candidate (the evaluator's favourite) stands unless
    the most visited beats its mean by more than ``trust`` standard errors."""
    best = max(range(len(counts)),
               key=lambda i: (counts[i][0], counts[i][1] / counts[i][0] if counts[i][0] else 0.0, -i))
    if trust is None or best == 0 or min(counts[0][0], counts[best][0]) < 2:
        return best
    (n0, t0, s0), (n1, t1, s1) = counts[0], counts[best]
    m0, m1 = t0 / n0, t1 / n1
    var = max(0.0, s0 / n0 - m0 * m0) / (n0 - 1) + max(0.0, s1 / n1 - m1 * m1) / (n1 - 1)
    if var <= 0.0:
        return best if m1 > m0 else 0
    return best if (m1 - m0) / sqrt(var) > trust else 0


def added(a: Counts, b: Counts) -> Counts:
    """Two trees' root counts, added."""
    return [(x[0] + y[0], x[1] + y[1], x[2] + y[2]) for x, y in zip(a, b)]
