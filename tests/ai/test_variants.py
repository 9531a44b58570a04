"""Every level plays whole games legally in every preset and in the option
combinations docs/rules.md §9.1 allows, for two to six players and partnerships,
and decides in sane time on crowded tables of every kind."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cassino.ai import LEVELS, Budget, SeatView, make_player
from cassino.rules import PRESET_LIST, Game, Rules, seating_refusal, standard_teams

from .spots import spot


def seatings(players: tuple[int, ...] = (2, 3, 4, 5, 6)) -> list[tuple[int, bool]]:
    out = []
    for n in players:
        out.append((n, False))
        if n == 4:
            out.append((4, True))
    return out


PRESET_GAMES = [(p.key, p.rules(n), n, teams) for p in PRESET_LIST
                for n, teams in seatings(p.players) if p.allows(n, teams)]

# Each option, and options that meet in the rules (a pluck before a call, a
# sweep by sudden death under count-out, court cards in every way), over
# the seatings §9.1 allows for them.
OPTIONS: list[dict[str, Any]] = [
    {"pluck": True}, {"call_for_21": True}, {"sudden_death": True}, {"count_out": True},
    {"all_eleven": "bonus"}, {"all_eleven": "win"}, {"initial_pairs": True},
    {"draw": True}, {"draw": True, "deal_singly": True}, {"deal_singly": True},
    {"controller": "strict"}, {"controller": "answer"}, {"controller": "permissive"},
    {"rounds": 2}, {"sweeps": 2, "court_capture": "all"}, {"card_tie_to_spades": True},
    {"royal": True, "buckeye": True, "ace_14": True, "pluck": True, "controller": "answer"},
    {"royal": True, "ace_14": True, "controller": "strict", "draw": True},
    {"trailing_royals": True, "pluck": True, "controller": "strict"},
    {"trailing_royals": True, "controller": "permissive", "initial_pairs": True},
    {"spade_scoring": True, "pluck": True, "call_for_21": True, "target": 61},
    {"draw": True, "sudden_death": True, "count_out": True, "all_eleven": "win"},
    {"court_capture": "all", "initial_pairs": True, "sweeps": 2, "sudden_death": True},
    {"buckeye": True, "royal": True, "call_for_21": True, "sweeps": 0, "target": 11},
]


def option_games() -> list[tuple[str, Rules, int, bool]]:
    """Each option set at two seatings it allows, taking the seatings in turn."""
    out = []
    turn = 0
    every = seatings()
    for options in OPTIONS:
        rules = Rules(**options)
        allowed = [(n, t) for n, t in every if seating_refusal(rules, n, standard_teams(n, t)) is None]
        for _ in range(min(2, len(allowed))):
            while every[turn % len(every)] not in allowed:
                turn += 1
            n, t = every[turn % len(every)]
            turn += 1
            out.append((str(options), rules, n, t))
    return out


OPTION_GAMES = option_games()


def play_game(rules: Rules, players: int, teams: bool, seed: str) -> int:
    """A whole game with every level seated (rotating with the seed), every
    move checked; the number of moves."""
    game = Game(rules, players, standard_teams(players, teams), seed=seed)
    shift = sum(map(ord, seed))
    seats = [make_player(LEVELS[(s + shift) % len(LEVELS)]) for s in range(players)]
    rng = random.Random(seed)
    moves = 0
    while not game.over:
        pos = game.position
        view = SeatView(pos, pos.to_move, game.turns)
        move = seats[pos.to_move].choose(view, rng, Budget(work=1))
        assert pos.is_legal(move), (move.text(), pos.violation(move))
        game.play(move)
        moves += 1
        assert moves < 5000, "the game does not end"
    return moves


@pytest.mark.parametrize("name,rules,players,teams", PRESET_GAMES,
                         ids=[f"{k}-{n}{'t' if t else ''}" for k, _, n, t in PRESET_GAMES])
def test_every_level_plays_whole_games_of_every_preset(name: str, rules: Rules, players: int,
                                                       teams: bool) -> None:
    assert play_game(rules, players, teams, f"{name}/{players}") > 0


@pytest.mark.parametrize("name,rules,players,teams", OPTION_GAMES,
                         ids=[f"{k}-{n}{'t' if t else ''}" for k, _, n, t in OPTION_GAMES])
def test_every_level_plays_whole_games_with_options_combined(name: str, rules: Rules,
                                                             players: int, teams: bool) -> None:
    assert play_game(rules, players, teams, f"{name}/{players}") > 0


def test_the_options_cover_every_seating() -> None:
    assert {(n, t) for _, _, n, t in OPTION_GAMES} == set(seatings())


# A table of 30 small cards: millions of captures and builds for an 8 or a 10.
CROWDED = ("AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H AD 2D 3D 4D 5D 6D 7D "
           "AC 2C 3C 4C 5C 6C 7C 8S 8H")


@pytest.mark.parametrize("rules,players", [(Rules(), 2), (Rules(royal=True, sweeps=0), 6),
                                           (Rules(pluck=True), 2),
                                           (Rules(royal=True, buckeye=True, ace_14=True), 3)])
def test_decisions_on_a_crowded_table_capture_or_build(rules: Rules, players: int) -> None:
    """(How long each level takes here: benchmarks/ai_response.py.)"""
    # The last deal (no stock) but for the pluck, which needs a deal to come.
    hand = "8D 9C TS TH" if players <= 4 else "8D TH"
    pos = spot(hand, CROWDED, rules=rules, players=players, stock_size=8 if rules.pluck else 0)
    for level, budget in (("beginner", None), ("intermediate", None), ("expert", Budget(work=20))):
        move = make_player(level).choose(SeatView(pos, 0), random.Random(1), budget)
        assert pos.is_legal(move)
        assert move.kind not in ("trail",), (level, move.text())
