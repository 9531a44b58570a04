"""The Expert reads the round's history: it rebuilds the table each play was
made on, and infers which cards a player who trailed (or took little) did not
hold. A budget stretched for a close call stays reproducible with fixed work."""

from __future__ import annotations

import random

import pytest

from cassino.ai import Budget, SeatView
from cassino.ai.expert import MARGIN_WEIGHT, Expert, outcome, replay, unlikely_cards
from cassino.rules import Game, Move, Position, Rules, card_symbol, score_round, standard_teams
from cassino.rules.cards import cards_of


@pytest.mark.parametrize("players,teams,rules", [
    (2, False, Rules()), (3, False, Rules(controller="strict")), (4, True, Rules()),
    (2, False, Rules(royal=True, ace_14=True, sweeps=0)), (2, False, Rules(controller="answer"))])
def test_replay_rebuilds_the_table_of_every_play(players: int, teams: bool, rules: Rules) -> None:
    game = Game(rules, players, standard_teams(players, teams), seed=f"replay/{players}")
    rng = random.Random(3)
    tables = []
    while not game.rounds:
        pos = game.position
        tables.append((pos.loose, set(pos.builds)))
        view = SeatView(pos, pos.to_move, game.round_moves)
        plays = replay(view)
        assert len(plays) == len(view.history)
        for (seat, move, loose, builds), (real_loose, real_builds), (s, m) in zip(
                plays, tables, view.history):
            assert (seat, move) == (s, m)
            assert loose == real_loose and set(builds) == real_builds
        game.play(rng.choice(game.legal_moves()))


def test_a_player_who_trailed_holds_no_card_that_took_an_ace() -> None:
    # Find a deal where the first player trails beside a loose ace.
    rng = random.Random(0)
    for _ in range(200):
        game = Game(Rules(), 2, seed=rng.randrange(10**6))
        pos = game.position
        aces = [c for c in cards_of(pos.loose) if c % 13 == 0]
        if aces and not any(m.kind == "capture" for m in pos.legal_moves()):
            break
    else:
        pytest.skip("no such deal")
    seat = pos.to_move
    trail = next(m for m in pos.legal_moves() if m.kind == "trail")
    game.play(trail)
    view = SeatView(game.position, game.position.to_move, game.round_moves)
    unlikely = unlikely_cards(view)
    other_aces = [c for c in cards_of(view.unseen) if c % 13 == 0]  # an ace takes an ace
    assert other_aces
    for c in other_aces:
        assert unlikely[seat] >> c & 1, card_symbol(c)


def test_inference_names_only_cards_the_seat_cannot_see_in_other_hands() -> None:
    game = Game(Rules(), 2, seed=11)
    view = SeatView(game.position, game.position.to_move)
    assert unlikely_cards(view) == {}  # nothing played yet this deal: nothing inferred
    moves: list[Move] = [m for m in game.legal_moves() if m.kind == "trail"]
    game.play(moves[0])
    view = SeatView(game.position, game.position.to_move, game.round_moves)
    for seat, mask in unlikely_cards(view).items():
        assert seat != view.seat
        assert not mask & ~view.unseen  # only cards the seat cannot see


def test_a_stretched_budget_gives_the_same_move_for_the_same_work() -> None:
    game = Game(Rules(), 2, seed=21)
    rng = random.Random(2)
    for _ in range(5):
        game.play(rng.choice(game.legal_moves()))
    view = SeatView(game.position, game.position.to_move, game.round_moves)
    moves = {Expert(extend=3.0).choose(view, random.Random(5), Budget(work=6)) for _ in range(3)}
    assert len(moves) == 1


def test_budget_scale_stretches_work_and_time() -> None:
    work = Budget(work=10)
    assert not work.spent(10, 1.5) and work.spent(15, 1.5) and work.spent(10)
    timed = Budget(ms=0.0)
    assert timed.spent(0) and timed.spent(0, 3.0)
    assert not Budget(ms=60_000).spent(0, 2.0)


def finished_round(seed: int) -> Position:
    pos = Game(Rules(), 2, seed=seed).position
    rng = random.Random(seed)
    while not pos.round_over:
        moves = pos.legal_moves()
        pos.play_unchecked(moves[rng.randrange(len(moves))])
    return pos


def test_the_outcome_is_the_chance_of_winning_the_game() -> None:
    pos = finished_round(5)
    round_points = [s.total for s in score_round(pos.rules, pos.captured, pos.sweeps)]
    # Early in the game it follows the round's margin, between 0 and 1.
    pos.scores = (0, 0)
    early = outcome(pos, 0)
    assert 0.0 < early < 1.0
    assert (early > 0.5) == (round_points[0] > round_points[1])
    assert abs(early + outcome(pos, 1) - 1.0) < 1e-9
    # A round that takes us to the target ahead wins the game outright.
    lead = (round_points[0] - round_points[1]) * MARGIN_WEIGHT  # a hundredth of the margin
    pos.scores = (21 - round_points[0], 0)
    assert outcome(pos, 0) == pytest.approx(1.0 + lead) and outcome(pos, 1) == pytest.approx(-lead)
    # Level at the target: another round, an even race.
    pos.scores = (21 - round_points[0], 21 - round_points[1])
    assert outcome(pos, 0) == pytest.approx(0.5 + lead)
