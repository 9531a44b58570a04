"""Honesty: a computer player's move depends only on what its seat may see.

For many positions, the hidden cards (other hands and the stock) are dealt
again in many ways consistent with the seat's view; with the same seed and a
fixed amount of work, every level must choose the same move every time. A
player that peeks at the real hands is caught by the same test.
"""

from __future__ import annotations

import random

import pytest

from cassino.ai import Budget, Player, SeatView, make_player
from cassino.rules import Game, Move, Position, Rules, standard_teams


class Peeker(Player):
    """A cheat: captures whatever the next player's hand could take if left."""

    level = "peeker"

    def __init__(self) -> None:
        self.real: Position | None = None

    def choose(self, view: SeatView, rng: random.Random, budget: Budget | None = None) -> Move:
        assert self.real is not None
        moves = view.legal_moves()
        opponent = self.real.hands[(view.seat + 1) % view.players]
        # Prefer moves that play a card of a rank the opponent holds: needs their hand.
        ranks = {c % 13 for c in range(52) if opponent >> c & 1}
        return min(moves, key=lambda m: (m.card % 13 not in ranks, m))


def positions(count: int, seed: int) -> list[tuple[Position, tuple[tuple[int, Move], ...]]]:
    """Positions from random play, with the round's history, across seatings and rules."""
    rng = random.Random(seed)
    out = []
    seatings = [(2, False, Rules()), (3, False, Rules()), (4, True, Rules()),
                (2, False, Rules(royal=True, ace_14=True, sweeps=0)),
                (2, False, Rules(controller="answer"))]
    while len(out) < count:
        players, teams, rules = seatings[len(out) % len(seatings)]
        game = Game(rules, players, standard_teams(players, teams), seed=rng.randrange(10**9))
        for _ in range(rng.randrange(1, 47)):
            game.play(rng.choice(game.legal_moves()))
        if not game.position.round_over and len(game.position.legal_moves()) > 1:
            out.append((game.position.copy(), tuple(game.turns)))
    return out


def redeals(pos: Position, history: tuple[tuple[int, Move], ...], n: int, seed: int) -> list[Position]:
    view = SeatView(pos, pos.to_move, history)
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        other = view.sample(rng)
        assert other.problems() == []
        assert SeatView(other, pos.to_move, history).key() == view.key()
        out.append(other)
    return out


def moves_chosen(player: Player, worlds: list[Position], history, seed: int, work: int) -> set[Move]:  # type: ignore[no-untyped-def]
    chosen = set()
    for world in worlds:
        if isinstance(player, Peeker):
            player.real = world
        view = SeatView(world, world.to_move, history)
        chosen.add(player.choose(view, random.Random(seed), Budget(work=work)))
    return chosen


@pytest.mark.parametrize("level,count,work", [("random", 40, 1), ("beginner", 40, 1),
                                              ("intermediate", 40, 1), ("expert", 12, 3)])
def test_the_move_never_depends_on_hidden_cards(level: str, count: int, work: int) -> None:
    player = make_player(level)
    for i, (pos, history) in enumerate(positions(count, seed=7)):
        worlds = [pos] + redeals(pos, history, 6, seed=i)
        assert len(moves_chosen(player, worlds, history, seed=i, work=work)) == 1


def test_a_player_that_peeks_is_caught() -> None:
    caught = 0
    for i, (pos, history) in enumerate(positions(30, seed=11)):
        worlds = [pos] + redeals(pos, history, 8, seed=i)
        caught += len(moves_chosen(Peeker(), worlds, history, seed=i, work=1)) > 1
    assert caught >= 5


def test_sampled_deals_respect_what_the_seat_knows() -> None:
    """A player who controls a build of some value is dealt a card of that value."""
    for pos, history in positions(60, seed=3):
        for world in redeals(pos, history, 5, seed=1):
            for b in world.builds:
                values = {world.rules.values[c] for c in range(52) if world.hands[b.controller] >> c & 1}
                if world.rules.ace_14 and 1 in values:
                    values.add(14)
                assert b.value in values
            assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in pos.hands]
            assert len(world.stock) == len(pos.stock)
