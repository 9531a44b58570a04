"""Honesty: a computer player's move depends only on what its seat may see.

For many positions, the hidden cards (other hands and the stock) are dealt
again in many ways consistent with the seat's view; with the same seed and a
fixed amount of work, every level must choose the same move every time. A
player that peeks at the real hands is caught by the same test.
"""

from __future__ import annotations

import random

import pytest

from cassino.ai import LEVELS, Budget, Player, SeatView, make_player
from cassino.rules import PRESETS, Game, Move, Position, Rules, standard_teams
from cassino.rules.cards import cards_of


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
                                              ("intermediate", 40, 1), ("expert", 12, 3),
                                              ("master", 12, 2)])
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


# Seatings and rules where hidden cards move about: Draw Cassino's draws from
# the stock, five and six hands, plucks, calls, spade scoring, buckeye.
VARIANT_SEATINGS = [(2, False, PRESETS["draw"].rules(2)), (4, True, PRESETS["draw"].rules(4)),
                    (3, False, Rules(draw=True, deal_singly=True)),
                    (5, False, PRESETS["five-players"].rules(5)), (6, False, Rules(pluck=True)),
                    (2, False, Rules(pluck=True, call_for_21=True)),
                    (4, True, Rules(spade_scoring=True, call_for_21=True, target=61)),
                    (3, False, PRESETS["buckeye"].rules(3))]


def variant_positions(count: int, seed: int) -> list[tuple[Position, tuple[object, ...]]]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        players, teams, rules = VARIANT_SEATINGS[len(out) % len(VARIANT_SEATINGS)]
        game = Game(rules, players, standard_teams(players, teams), seed=rng.randrange(10**9))
        for _ in range(rng.randrange(1, 40)):
            if game.over:
                break
            plays = [m for m in game.legal_moves() if m.kind != "call"]
            game.play(rng.choice(plays))
        pos = game.position
        if not game.over and not pos.round_over and len(pos.legal_moves()) > 1:
            out.append((pos.copy(), tuple(game.turns)))
    return out


def shuffled_hidden(pos: Position, seat: int, rng: random.Random) -> Position:
    """The same position with every card the seat cannot see (the other hands
    and the stock) dealt again at random, sizes kept: dealt independently of
    the players' own sampling."""
    other = pos.copy()
    hidden = [c for s in range(pos.players) if s != seat for c in cards_of(pos.hands[s])]
    hidden += list(pos.stock)
    rng.shuffle(hidden)
    top = 0
    for s in range(pos.players):
        if s != seat:
            n = pos.hands[s].bit_count()
            other.hands[s] = sum(1 << c for c in hidden[top:top + n])
            top += n
    other.stock = tuple(hidden[top:])
    return other


def test_a_view_never_holds_another_player_s_cards_nor_the_stock() -> None:
    """Every field of a seat's view is the same however the cards it cannot
    see lie, in Draw Cassino (cards drawn by the others) as in every other
    seating: so a view cannot hold them."""
    rng = random.Random(4)
    for pos, history in variant_positions(48, seed=5):
        for seat in range(pos.players):
            view = SeatView(pos, seat, history)  # type: ignore[arg-type]
            assert view.hand == pos.hands[seat]
            for _ in range(3):
                again = SeatView(shuffled_hidden(pos, seat, rng), seat, history)  # type: ignore[arg-type]
                for field in SeatView.__slots__:
                    assert getattr(again, field) == getattr(view, field), field


def test_in_draw_cassino_a_drawn_card_is_seen_only_by_its_drawer() -> None:
    game = Game(PRESETS["draw"].rules(2), 2, seed=9)
    seat = game.position.to_move
    top = game.position.stock[0]
    game.play(next(m for m in game.legal_moves() if m.kind == "trail"))
    pos = game.position
    assert pos.hands[seat] >> top & 1
    assert SeatView(pos, seat, game.turns).hand >> top & 1
    other = SeatView(pos, 1 - seat, game.turns)
    assert other.unseen >> top & 1 and not other.hand >> top & 1


@pytest.mark.parametrize("level", LEVELS)
def test_the_move_depends_only_on_the_view_in_every_variant(level: str) -> None:
    player = make_player(level)
    strong = level in ("expert", "master")
    work = 2 if strong else 1
    rng = random.Random(8)
    for i, (pos, history) in enumerate(variant_positions(16 if strong else 40, seed=6)):
        seat = pos.to_move
        worlds = [pos] + [shuffled_hidden(pos, seat, rng) for _ in range(4)]
        chosen = {player.choose(SeatView(w, seat, history), random.Random(i), Budget(work=work))  # type: ignore[arg-type]
                  for w in worlds}
        assert len(chosen) == 1, [m.text() for m in chosen]
        assert pos.is_legal(chosen.pop())


def test_a_peeker_is_caught_by_the_shuffled_worlds_too() -> None:
    peeker = Peeker()
    rng = random.Random(3)
    caught = 0
    for i, (pos, history) in enumerate(variant_positions(24, seed=6)):
        worlds = [pos] + [shuffled_hidden(pos, pos.to_move, rng) for _ in range(4)]
        caught += len(moves_chosen(peeker, worlds, history, seed=i, work=1)) > 1
    assert caught >= 4


def test_deals_kept_clear_of_unlikely_cards_still_respect_what_the_seat_knows() -> None:
    tried = 0
    for pos, history in positions(20, seed=13):
        view = SeatView(pos, pos.to_move, history)
        if view.unseen.bit_count() < 30:
            continue  # late in the round: too few cards to deal around the unlikely ones
        tried += 1
        other = (pos.to_move + 1) % pos.players
        unlikely = sum(1 << c for c in cards_of(view.unseen)[:6])
        for i in range(5):
            deal = view.sample_avoiding(random.Random(i), [(other, unlikely)])
            assert not deal.hands[other] & unlikely
            assert SeatView(deal, pos.to_move, history).key() == view.key()
    assert tried >= 5
