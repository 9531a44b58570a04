"""Intermediate: a card counter that looks one reply ahead.

For each legal move it weighs what the move takes now (points, card and spade
majorities under the rules in force, a sweep), what a build secures for
later, what the next player is likely to take in reply given the cards still
unseen, and (two players) what its own remaining hand can take next turn.
With three or more players, in the last deal of a round it plays its best
few moves out to the round's end on a few deals of the hidden cards. Actions:
it calls for 21 when the count says it has won, and plucks when the plucked
card and the play after it are worth more than the play alone.
"""

from __future__ import annotations

import random

from cassino.rules import Build, Event, Move
from cassino.rules.cards import CardSet, cards_of, rank_of
from cassino.rules.legal import CROWDED
from cassino.rules.moves import CALL, PLUCK
from cassino.rules.scoring import call_counts

from .knowledge import (after, best_rank_take, best_take, call_wins_now, candidate_moves, game_sweeps,
                        holds_probability, paired_t, playout, shortlist, unseen_by_rank, unseen_by_value, worth_of)
from .player import Budget, Player
from .view import SeatView, generator_of


# What a sweep that ends the game is worth to the side making it (and against
# the side that would make it): the game, as ``round_margin`` counts it.
GAME_SWEEP = 20.0


class Evaluator:
    """Scores moves for one view; built once per decision."""

    def __init__(self, view: SeatView, weights: dict[str, float] | None = None):
        self.view = view
        self.rules = view.rules
        self.gen = generator_of(view)
        self.worth = worth_of(view)
        n = view.players
        # With more players our next turn is several plays away and the table
        # will have changed by then: what our hand could take from it now is no
        # guide (tuned: the weight helps two players, costs three or more).
        self.w = {"reply": 1.0, "follow": 0.35 if n == 2 else 0.0, "build_keep": 1.0,
                  "sweep": 1.0, "trail_keep": 0.5}
        if weights:
            self.w.update(weights)
        self.next_seat = (view.seat + 1) % n
        self.unseen = view.unseen.bit_count()
        self.by_value = unseen_by_value(view)
        self.by_rank = unseen_by_rank(view)
        # Opponents who play before our next turn (a partner is not one).
        my_team = view.team_of[view.seat]
        self.opponents = [(view.seat + i) % n for i in range(1, n)
                          if view.team_of[(view.seat + i) % n] != my_team]
        self.sweep = self.rules.sweeps * self.w["sweep"]
        # (seat, value) of each build now on the table: its controller keeps a card of that value (§7).
        self.controls = {(b.controller, b.value) for b in view.builds}
        # Under sudden death a sweep may end the game: then it is worth the game to
        # the side making it (as ``round_margin`` counts a game ended in a round).
        ends = game_sweeps(view)
        self.sweep_for = tuple(GAME_SWEEP if ends[t] else self.sweep for t in range(len(ends)))

    def p_holds_value(self, seat: int, v: int) -> float:
        """The chance that ``seat`` holds a card of value ``v``, from the unseen cards."""
        size = self.view.hand_sizes[seat]
        if self.view.stock_size == 0 and len(self.opponents) == 1 and self.view.players == 2:
            # Last deal, two players: the unseen cards are exactly the opponent's hand.
            return 1.0 if self.by_value[v] else 0.0
        return holds_probability(self.by_value[v], self.unseen, size)

    def p_holds(self, seat: int, v: int) -> float:
        """``p_holds_value``, certain for a seat that controls a build of value
        ``v`` now (§7: it keeps a card of that value), even once a move has
        taken the build over: adding to it left it the card."""
        if (seat, v) in self.controls:
            return 1.0
        return self.p_holds_value(seat, v)

    def p_holds_rank(self, seat: int, r: int) -> float:
        """The chance that ``seat`` holds a card of rank ``r``, from the unseen cards."""
        size = self.view.hand_sizes[seat]
        if self.view.stock_size == 0 and self.view.players == 2:
            return 1.0 if self.by_rank[r] else 0.0
        return holds_probability(self.by_rank[r], self.unseen, size)

    def reply_threat(self, loose: CardSet, builds: tuple[Build, ...], seat: int) -> float:
        """Roughly the most the seat can be expected to take from this table next."""
        if self.view.hand_sizes[seat] == 0 and self.view.stock_size == 0:
            return 0.0
        if seat == self.view.seat or self.view.team_of[seat] == self.view.team_of[self.view.seat]:
            return 0.0
        table = loose
        for b in builds:
            table |= b.cards
        # A build's controller keeps a card of its value (§7): no chance about it.
        kept = {b.value for b in builds if b.controller == seat}
        # Pluck Cassino (§9.17): a seat that has not plucked this deal may first
        # pluck the one loose card its capture would leave, and sweep.
        rules = self.rules
        pluck = (rules.pluck and self.view.stock_size > 0 and not self.view.plucked >> seat & 1
                 and table & (table - 1))

        sweep = self.sweep_for[self.view.team_of[seat]]

        def swept(w: float, taken: CardSet) -> float:
            if taken == table:
                return w + sweep
            rest = table & ~taken
            if pluck and not rest & (rest - 1) and rest & loose & ~rules.unpluckable:
                return w + sweep + self.worth.of(rest)
            return w

        options = []
        for v in range(1, rules.max_build + 1):
            if not self.by_value[v]:
                continue
            w, taken = best_take(rules, loose, builds, v, self.worth, self.gen)
            if w > 0:
                options.append((swept(w, taken), 1.0 if v in kept else self.p_holds(seat, v)))
        if not rules.royal:
            for r in (11, 12, 13):
                w, taken = best_rank_take(rules, loose, builds, r, self.worth)
                if w > 0:
                    options.append((swept(w, taken), self.p_holds_rank(seat, r)))
        options.sort(reverse=True)
        expected = 0.0
        miss = 1.0
        for w, p in options:
            expected += w * p * miss
            miss *= 1 - p
        return expected

    def score(self, move: Move) -> float:
        """The move's worth: points and majorities taken or secured, less what the next player can
        take in reply."""
        view = self.view
        worth = self.worth
        loose, builds = after(view, move)
        value = 0.0
        if move.kind == "capture":
            value += worth.of(move.takes | 1 << move.card)
            if not loose and not builds:
                value += self.sweep_for[view.team_of[view.seat]]
        elif move.kind == "build":
            # A build we will take later with the card we keep, unless stolen first.
            b = next(x for x in builds if x.cards >> move.card & 1)
            steal = 1.0
            for s in self.opponents:
                steal *= 1 - self.p_holds(s, b.value)
            value += self.w["build_keep"] * worth.of(b.cards) * steal
        # The next player's best reply, counted against us.
        value -= self.w["reply"] * self.reply_threat(loose, builds, self.next_seat)
        # What our remaining hand could take next turn from this table.
        rest = view.hand & ~(1 << move.card)
        if rest:
            best = 0.0
            for c in cards_of(rest):
                vs = self.rules.capture_values(c)
                if vs:
                    w = max(best_take(self.rules, loose, builds, v, worth, self.gen)[0] for v in vs)
                else:
                    w = best_rank_take(self.rules, loose, builds, rank_of(c), worth)[0]
                best = max(best, w)
            value += self.w["follow"] * best
        # Keep valuable cards in hand rather than trailing them.
        if move.kind == "trail":
            value -= self.w["trail_keep"] * worth.of(1 << move.card)
        return value


# The plucks weighed on a crowded table.
CROWDED_PLUCKS = 4


def call_wins(view: SeatView) -> bool:
    """Whether a call for 21 now, on the seat's turn, is won: its side already counts the target (§9.18)."""
    return call_wins_now(view.bare_position())


def count_after(view: SeatView, pluck: Move) -> int:
    """The seat's side's count for a call for 21 (§9.18) once ``pluck`` is made."""
    pos = view.bare_position()
    pos.apply(pluck)
    return call_counts(pos)[view.team_of[view.seat]]


def winning_pluck(view: SeatView, moves: list[Move]) -> Move | None:
    """A pluck after which a call for 21 wins (§9.17, §9.18): the plucked card
    brings the side's count to the target, and the turn goes on to the call."""
    if not view.rules.call_for_21:
        return None
    return next((m for m in moves if m.kind == PLUCK and count_after(view, m) >= view.rules.target), None)


def plays_after_pluck(view: SeatView, pluck: Move) -> SeatView:
    """The seat's view after plucking (the turn goes on with the card play)."""
    pos = view.bare_position()
    pos.apply(pluck)
    return SeatView(pos, view.seat, view.history)


class Intermediate(Player):
    """Counts cards and weighs each move by the evaluator; plays the last deal out at tables of
    three or more."""

    level = "intermediate"

    def __init__(self, weights: dict[str, float] | None = None, endgame_deals: int = 8):
        self.weights = weights
        # With three or more players, the last deal's play decides who takes the
        # cards left on the table and most of what is still out: there the best
        # few moves are played out on this many deals of the hidden cards. (With
        # two, the last deal's cards are all known and the reply is exact.)
        self.endgame_deals = endgame_deals

    def choose(self, view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
        """The move the evaluator scores best (the last deal played out among the best few)."""
        moves = candidate_moves(view.bare_position())
        actions = [m for m in moves if m.card < 0]
        if any(m.kind == CALL for m in actions) and call_wins(view):
            return next(m for m in actions if m.kind == CALL)
        pluck_to_call = winning_pluck(view, actions)
        if pluck_to_call is not None:
            return pluck_to_call
        plays = [m for m in moves if m.card >= 0]
        best_move, best = self._best(view, plays, rng)
        if self.endgame_deals and view.stock_size == 0 and view.players > 2 and len(plays) > 1:
            best_move = self._play_out(view, plays, best_move, rng, self.endgame_deals)
        plucks = [m for m in actions if m.kind == PLUCK]
        if view.loose.bit_count() > CROWDED:
            # A crowded table leaves no sweep to spoil or make: weigh the richest plucks.
            worth = worth_of(view)
            plucks = sorted(plucks, key=lambda m: -worth.of(m.takes))[:CROWDED_PLUCKS]
        for pluck in plucks:
            then = plays_after_pluck(view, pluck)
            ev = Evaluator(then, self.weights)
            gain = ev.worth.of(pluck.takes)
            _, score = self._best(then, [m for m in candidate_moves(then.bare_position())
                                          if m.card >= 0], rng)
            if score + gain > best + 0.05:
                best_move, best = pluck, score + gain
        return best_move

    def _best(self, view: SeatView, moves: list[Move], rng: random.Random) -> tuple[Move, float]:
        if len(moves) == 1:
            return moves[0], Evaluator(view, self.weights).score(moves[0])
        ev = Evaluator(view, self.weights)
        moves = shortlist(moves, ev.worth)
        scores = [ev.score(m) for m in moves]
        best = max(scores)
        top = [m for m, s in zip(moves, scores) if s >= best - 1e-9]
        return (top[rng.randrange(len(top))] if len(top) > 1 else top[0]), best

    def _play_out(self, view: SeatView, plays: list[Move], favourite: Move, rng: random.Random,
                  deals: int) -> Move:
        """In the last deal: the evaluator's best few moves, each played out to the
        round's end on the same few deals of the hidden cards; the one that
        leaves our side furthest ahead."""
        ev = Evaluator(view, self.weights)
        ranked = sorted(shortlist(plays, ev.worth), key=lambda m: -ev.score(m))
        candidates = [favourite] + [m for m in ranked if m != favourite][:ENDGAME_CANDIDATES - 1]
        team = view.team_of[view.seat]
        margins: list[list[float]] = [[] for _ in candidates]
        for _ in range(deals):
            deal = view.sample(rng)
            for i, m in enumerate(candidates):
                q = deal.copy()
                event = q.apply(m)
                if event.round_end is None and event.winner is None:
                    event = playout(q, ev.worth)
                margins[i].append(round_margin(event, team))
        best = max(range(len(candidates)), key=lambda i: (sum(margins[i]), -i))
        # A few deals are noisy: the evaluator's favourite stands unless another
        # move beats it clearly on the same deals.
        return candidates[best] if paired_t(margins[best], margins[0]) > ENDGAME_TRUST else favourite


# The moves played out in the last deal, and how clearly (a paired t
# statistic) the best of them must beat the evaluator's favourite to be played.
ENDGAME_CANDIDATES = 3
ENDGAME_TRUST = 1.0


def round_margin(event: Event, team: int) -> float:
    """Our side's points in the round that ended less the best other side's; a
    game ended within the round (a call, sudden death) counts 20 either way."""
    if event.round_end is None:
        return 20.0 if event.winner == team else -20.0
    points = event.round_end.points
    return points[team] - max(p for t, p in enumerate(points) if t != team)
