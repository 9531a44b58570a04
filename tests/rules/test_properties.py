"""Invariants of the rules over thousands of random games (hypothesis).

Each example plays a whole round, or a whole game, with uniformly random legal
moves from a seeded deal, and checks after every move what must always hold.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassino.rules import Game, Position, Rules, cards_of, round_deck, standard_teams
from cassino.rules.cards import FULL_DECK, SPADE_SET
from cassino.rules.legal import generator

from .helpers import RULE_SETS

SEATINGS = [(2, False), (3, False), (4, False), (4, True)]
OPTIONS = RULE_SETS
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def all_cards_once(pos: Position) -> None:
    """The 52 cards are all accounted for, each exactly once."""
    places = list(pos.hands) + [pos.loose] + [b.cards for b in pos.builds] + list(pos.captured)
    seen = 0
    total = 0
    for mask in places:
        assert not seen & mask, f"a card is in two places: {cards_of(seen & mask)}"
        seen |= mask
        total += mask.bit_count()
    for c in pos.stock:
        assert not seen >> c & 1
        seen |= 1 << c
        total += 1
    assert seen == FULL_DECK and total == 52


def controllers_hold_their_values(pos: Position) -> None:
    """RULES.md §7: nobody controls a build without holding a card of its value."""
    for b in pos.builds:
        values = {pos.rules.values[c] for c in cards_of(pos.hands[b.controller])}
        if pos.rules.ace_14 and 1 in values:
            values.add(14)
        assert b.value in values, f"seat {b.controller} controls a {b.value}-build without a {b.value}"


def play_round(pos: Position, rng: random.Random, check_each_move: bool = True) -> int:
    """Play the round to its end with random legal moves; returns the number of moves."""
    moves = 0
    while not pos.round_over:
        legal = pos.legal_moves()
        assert legal, "a legal move always exists while cards are in hand (§7)"
        assert len(set(legal)) == len(legal), "each move is listed once"
        seat = pos.to_move
        mine = pos.controlled_by(seat)
        move = rng.choice(legal)
        if move.kind == "trail" and mine:
            assert pos.rules.controller == "permissive", "a controller may not trail (§7)"
        before = pos.copy()
        pos.play(move)  # the engine accepts every move it generated
        moves += 1
        assert before.hands[seat] >> move.card & 1 and not pos.hands[seat] >> move.card & 1
        if check_each_move:
            all_cards_once(pos)
            controllers_hold_their_values(pos)
            assert pos.problems() == [], pos.problems()
    return moves


@pytest.mark.parametrize("players,partnerships", SEATINGS)
@settings(max_examples=400)
@given(seed=seeds)
def test_random_rounds_keep_every_invariant(players: int, partnerships: bool, seed: int) -> None:
    rng = random.Random(seed)
    rules = OPTIONS[seed % len(OPTIONS)]
    teams = standard_teams(players, partnerships)
    pos = Position.deal_round(rules, players, teams, seed % players, round_deck(seed, 0))
    assert pos.problems() == []
    all_cards_once(pos)
    moves = play_round(pos, rng)
    assert moves == 48, "every card in the pack but the four first table cards is played"
    # The end of the round: no build survives, the table is empty.
    assert pos.builds == () and pos.loose == 0
    all_cards_once(pos)


def expected_points(pos: Position) -> int:
    """11 a round, less 3 for a tie for most cards and 1 for a tie for most spades,
    plus the sweep points."""
    cards = [c.bit_count() for c in pos.captured]
    spades = [(c & SPADE_SET).bit_count() for c in pos.captured]
    points = 11
    if cards.count(max(cards)) > 1:
        points -= 3
    if spades.count(max(spades)) > 1:
        points -= 1
    return points + sum(pos.sweeps) * pos.rules.sweeps


@pytest.mark.parametrize("players,partnerships", SEATINGS)
@settings(max_examples=300)
@given(seed=seeds)
def test_every_game_adds_up_round_by_round_and_ends_with_a_clear_winner(
        players: int, partnerships: bool, seed: int) -> None:
    rng = random.Random(seed)
    rules = OPTIONS[seed % len(OPTIONS)]
    game = Game(rules, players, standard_teams(players, partnerships), seed=seed)
    totals = [0] * len(game.teams)
    dealers = []
    while not game.over:
        pos = game.position
        dealers.append(pos.dealer)
        while True:
            legal = pos.legal_moves()
            result = game.play(rng.choice(legal)).round_end
            if result is not None:
                break
        assert sum(result.points) == expected_points(pos)
        assert sum(result.cards) == 52
        assert sum(result.spades) == 13
        totals = [t + p for t, p in zip(totals, result.points)]
        assert list(result.scores) == totals
        assert len(game.rounds) < 200, "a game ends"
    best = max(totals)
    assert best >= rules.target and totals.count(best) == 1
    assert game.winner == totals.index(best)
    # The deal passes one seat clockwise each round.
    assert all(b == (a + 1) % players for a, b in zip(dealers, dealers[1:]))


@settings(max_examples=200)
@given(seed=seeds)
def test_copies_are_independent(seed: int) -> None:
    rng = random.Random(seed)
    pos = Position.deal_round(Rules(), 2, None, 0, round_deck(seed, 0))
    for _ in range(rng.randrange(30)):
        pos.play(rng.choice(pos.legal_moves()))
    snapshot = pos.copy()
    copy = pos.copy()
    while not copy.round_over:
        copy.play(rng.choice(copy.legal_moves()))
    for key in Position.__slots__:
        if not key.startswith("_"):
            assert getattr(pos, key) == getattr(snapshot, key), key


@settings(max_examples=100)
@given(seed=seeds, players=st.sampled_from([2, 3, 4]))
def test_the_same_seed_gives_the_same_game(seed: int, players: int) -> None:
    def play(seed: int) -> list[str]:
        rng = random.Random(seed)
        game = Game(Rules(), players, seed=seed)
        for _ in range(60):
            game.play(rng.choice(game.legal_moves()))
        return [m.text() for m in game.moves]

    assert play(seed) == play(seed)


@pytest.mark.parametrize("players,partnerships", SEATINGS)
@settings(max_examples=150)
@given(seed=seeds)
def test_checking_one_move_agrees_with_the_full_list(players: int, partnerships: bool, seed: int) -> None:
    """``is_legal`` on a fresh position looks only at the cards a move takes; it
    must accept exactly the moves ``legal_moves`` lists, and refuse the moves of
    a legal shape that the hold and controller rules forbid."""
    rng = random.Random(seed)
    rules = OPTIONS[seed % len(OPTIONS)]
    pos = Position.deal_round(rules, players, standard_teams(players, partnerships), 0,
                              round_deck(seed, 0))
    while not pos.round_over:
        legal = set(pos.legal_moves())
        fresh = pos.copy()
        gen = generator(pos)
        shaped = [m for c in cards_of(pos.hands[pos.to_move])
                  for m in gen.generate(pos, c, None, relaxed=True)]
        for move in shaped:
            fresh._moves = fresh._legal = fresh._legal_set = None
            assert fresh.is_legal(move) == (move in legal), move.text()
        pos.play(rng.choice(sorted(legal)))
