"""The Master: legal moves in every preset and seating, the same move for the
same view, seed and work, nothing but the seat's view, sensible choices, an
estimate of unfinished rounds that reads the score, and appraisals of any
moves on the same deals."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cassino.ai import Budget, SeatView
from cassino.ai.estimate import Estimate, game_value
from cassino.ai.master import Master
from cassino.ai.review import Appraisal
from cassino.rules import PRESETS, Game, Rules, parse_move, standard_teams

from .spots import spot
from .test_honesty import shuffled_hidden, variant_positions


def seatings() -> list[tuple[str, int, bool]]:
    """Every preset with every seating it is played by."""
    out = []
    for key, preset in PRESETS.items():
        for players in range(2, 7):
            for teams in (False, True):
                if (not teams or players == 4) and preset.allows(players, teams):
                    out.append((key, players, teams))
    return out


@pytest.mark.parametrize("key,players,teams", seatings())
def test_the_master_plays_legal_moves_in_every_preset_and_seating(key: str, players: int,
                                                                  teams: bool) -> None:
    rules = PRESETS[key].rules(players)
    game = Game(rules, players, standard_teams(players, teams), seed=f"master/{key}/{players}")
    master = Master()
    rng = random.Random(1)
    plays = 0
    # The first deal and the start of the next: plucks, calls and draws come up early.
    while not game.over and plays < 4 * players + 3:
        pos = game.position
        move = master.choose(SeatView(pos, pos.to_move, game.turns), rng, Budget(work=1))
        assert pos.is_legal(move), move.text()
        game.play(move)
        plays += 1


def test_the_same_view_seed_and_work_give_the_same_move() -> None:
    for pos, history in variant_positions(8, seed=12):
        view = SeatView(pos, pos.to_move, history)  # type: ignore[arg-type]
        first = Master().choose(view, random.Random(5), Budget(work=3))
        again = Master().choose(view, random.Random(5), Budget(work=3))
        assert first == again


def test_the_move_depends_only_on_the_view() -> None:
    rng = random.Random(8)
    for i, (pos, history) in enumerate(variant_positions(16, seed=6)):
        seat = pos.to_move
        worlds = [pos] + [shuffled_hidden(pos, seat, rng) for _ in range(3)]
        chosen = {Master().choose(SeatView(w, seat, history), random.Random(i), Budget(work=2))  # type: ignore[arg-type]
                  for w in worlds}
        assert len(chosen) == 1, [m.text() for m in chosen]


def test_big_casino_is_taken() -> None:
    pos = spot("TH 5C 3S KH", "TD 4C 8H")
    assert Master().choose(SeatView(pos, 0), random.Random(1), Budget(work=20)).text() == "THx10:TD"


def test_a_sweep_is_taken() -> None:
    pos = spot("9H 5S 2C KD", "2D 7D")
    assert Master().choose(SeatView(pos, 0), random.Random(1), Budget(work=20)).text() == "9Hx9:2D,7D"


def test_a_call_comes_exactly_when_the_count_reaches_the_target() -> None:
    rules = Rules(call_for_21=True)
    for score in (17, 18):
        pos = spot("7H 8C", "5D KS", rules=rules, captured=["TD AS 4C"], scores=[score, 10])
        move = Master().choose(SeatView(pos, 0), random.Random(1), Budget(work=4))
        assert (move.kind == "call") == (score + 3 >= 21)


def test_a_pluck_that_turns_a_capture_into_a_sweep() -> None:
    pos = spot("2H JS", "6D 2C", rules=Rules(pluck=True))
    assert Master().choose(SeatView(pos, 0), random.Random(1), Budget(work=20)).text() == "pluck:6D"


def test_appraisals_cover_every_move_on_the_same_deals() -> None:
    pos = spot("TH 5C 3S KH", "TD 4C 8H")
    view = SeatView(pos, 0)
    moves = view.legal_moves()
    got = Master().appraise(view, moves, random.Random(3), Budget(work=20))
    assert [a.move for a in got] == moves
    assert all(isinstance(a, Appraisal) and 0.0 <= a.win <= 1.0 for a in got)
    assert len({a.deals for a in got}) == 1 and got[0].deals >= 1
    # deal by deal, for the review's paired test
    assert all(abs(sum(a.wins) / a.deals - a.win) < 1e-9 for a in got)
    # Leaving big casino to the other player costs: taking it with the ten is worth
    # more than trailing that ten, deal by deal. (Trailing the king and taking it
    # next turn may be as good: no test of which of those a few deals prefer.)
    take = next(a for a in got if a.move == parse_move("THx10:TD"))
    trail = next(a for a in got if a.move == parse_move("TH-"))
    assert take.points - trail.points > 1.0


def test_the_same_appraisal_for_the_same_seed_and_work() -> None:
    pos = spot("9H 5S 2C KD", "2D 7D AH")
    view = SeatView(pos, 0)
    moves = view.legal_moves()
    a = Master().appraise(view, moves, random.Random(4), Budget(work=5))
    b = Master().appraise(view, moves, random.Random(4), Budget(work=5))
    assert a == b


def test_the_estimate_reads_the_piles() -> None:
    # Seat 0 has taken big casino and three aces: its side is expected to lead.
    pos = spot("7H 8C", "5D KS", captured=["TD AS AH AD 4C"])
    ahead = Estimate(pos, 0).expected(pos)[0]
    assert ahead[0] > ahead[1] + 3.0


def test_the_win_chance_follows_the_score() -> None:
    rules = Rules()
    near = game_value(rules, 3, (19, 12), 0, [5.5, 5.5], 4.0, 1.0)[0]
    far = game_value(rules, 3, (12, 19), 0, [5.5, 5.5], 4.0, 1.0)[0]
    even = game_value(rules, 1, (0, 0), 0, [5.5, 5.5], 4.0, 1.0)[0]
    assert near > 0.9 and far < 0.1 and abs(even - 0.5) < 1e-9


def looking_clock(monkeypatch: pytest.MonkeyPatch) -> tuple[Callable[[], float], list[int]]:
    """A clock that moves a second at each look (as ``arena --clock cpu``
    gives one, only faster), and the count of looks; the Master's wall clock
    is made to fail the test if read."""
    import types

    from cassino.ai import master

    def wall() -> float:
        raise AssertionError("the Master read the wall clock")

    monkeypatch.setattr(master, "time", types.SimpleNamespace(perf_counter=wall))
    looks = [0]

    def clock() -> float:
        looks[0] += 1
        return float(looks[0])

    return clock, looks


def test_the_master_thinks_by_its_budget_s_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Master reads its budget's clock, never the wall's, and stops by it
    after a few looks."""
    clock, looks = looking_clock(monkeypatch)
    game = Game(Rules(), 2, seed=21)
    pos = game.position
    view = SeatView(pos, pos.to_move, game.turns)
    move = Master().choose(view, random.Random(2), Budget(ms=5000, clock=clock))
    assert pos.is_legal(move)
    assert looks[0] <= 3 * 5 + 3  # never past three times the budget, by this clock
