"""The Expert's playouts may stop short of the round's end: after a few plies
(Draw Cassino, one long deal) or at the end of the deal (partnerships, five
and six players), the rest of the round left to the Master's estimate. The
standard two-player game and Royal still play every round out."""

from __future__ import annotations

import random

import pytest

from cassino.ai import Budget, SeatView
from cassino.ai.expert import (AUTO, CONFIDENCE, DRAW_HORIZON, PARTNERS_CONFIDENCE, Expert,
                               confidence_for, horizon_for, playout_until)
from cassino.ai.knowledge import worth_of
from cassino.rules import PRESETS, Game, Rules, standard_teams


def first_view(rules: Rules, players: int = 2, teams: bool = False, seed: int = 4) -> SeatView:
    game = Game(rules, players, standard_teams(players, teams), seed=seed)
    return SeatView(game.position, game.position.to_move, game.turns)


def test_each_setting_has_its_horizon() -> None:
    assert horizon_for(first_view(Rules())) is None
    assert horizon_for(first_view(PRESETS["royal"].rules(2))) is None
    assert horizon_for(first_view(Rules(), 3)) is None
    assert horizon_for(first_view(Rules(), 4)) is None
    assert horizon_for(first_view(PRESETS["draw"].rules(2))) == DRAW_HORIZON
    assert horizon_for(first_view(Rules(), 4, teams=True)) == 0
    assert horizon_for(first_view(PRESETS["five-players"].rules(5), 5)) == 0
    assert horizon_for(first_view(Rules(), 6)) == 0
    assert horizon_for(first_view(PRESETS["draw"].rules(5), 5)) == DRAW_HORIZON
    assert Expert().horizon == AUTO
    assert confidence_for(first_view(Rules())) == CONFIDENCE
    assert confidence_for(first_view(PRESETS["royal"].rules(2))) == CONFIDENCE
    assert confidence_for(first_view(Rules(), 4, teams=True)) == PARTNERS_CONFIDENCE
    assert confidence_for(first_view(Rules(), 6)) == CONFIDENCE
    assert Expert().confidence == AUTO


def test_a_playout_stops_at_its_horizon_or_at_the_next_deal() -> None:
    view = first_view(Rules(), 4, teams=True)
    deal = view.sample(random.Random(1))
    worth = worth_of(view)
    q = deal.copy()
    playout_until(q, worth, lambda: False, 5, q.apply(q.legal_moves()[0]))
    # The first move and five plies of the playout: six cards played of sixteen.
    assert sum(h.bit_count() for h in q.hands) == 16 - 6
    q = deal.copy()
    event = playout_until(q, worth, lambda: False, 0, q.apply(q.legal_moves()[0]))
    assert event is not None and event.dealt and event.round_end is None
    # The next deal is in the hands, none of it played.
    assert sum(h.bit_count() for h in q.hands) == 16
    # Without a horizon the round is played out.
    q = deal.copy()
    event = playout_until(q, worth, lambda: False)
    assert event is not None and event.round_end is not None


@pytest.mark.parametrize("rules,players,teams", [
    (PRESETS["draw"].rules(2), 2, False), (Rules(), 4, True), (Rules(), 2, False)])
def test_the_expert_with_a_horizon_plays_legally_and_reproducibly(rules: Rules, players: int,
                                                                  teams: bool) -> None:
    game = Game(rules, players, standard_teams(players, teams), seed=17)
    rng = random.Random(2)
    for _ in range(3):
        game.play(rng.choice(game.legal_moves()))
    pos = game.position
    view = SeatView(pos, pos.to_move, game.turns)
    for horizon in (AUTO, 0, 6, None):
        moves = {Expert(horizon=horizon).choose(view, random.Random(5), Budget(work=8))
                 for _ in range(2)}
        assert len(moves) == 1 and pos.is_legal(moves.pop())
