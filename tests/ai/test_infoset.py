"""The Master's information-set search at a table of more than two: one tree
whose root counts every iteration, sensible choices in partnerships and
three-handed play, a budget read on its own clock, and the same move for the
same view, seed and work whether a second core grows the other tree or not."""

from __future__ import annotations

import random
import threading

import pytest

from cassino.ai import Budget, SeatView
from cassino.ai import second_core
from cassino.ai.infoset import Tree, added, best_of
from cassino.ai.master import ITERATIONS_PER_WORK, Master
from cassino.rules import PRESETS, Game, Rules, standard_teams

from .spots import spot
from .test_honesty import variant_positions
from .test_master import looking_clock

PARTNERS = [[0, 2], [1, 3]]


def table_views(count: int) -> list[SeatView]:
    """Seat views at tables of three or more, from every variant seating."""
    out: list[SeatView] = []
    for pos, history in variant_positions(count * 4, seed=31):
        if pos.players > 2 and len(out) < count:
            out.append(SeatView(pos, pos.to_move, history))  # type: ignore[arg-type]
    return out


def test_the_root_counts_every_iteration_and_tries_each_candidate_first_in_order() -> None:
    pos = spot("TH 5C 3S KH", "TD 4C 8H", players=4, teams=PARTNERS)
    view = SeatView(pos, 0)
    candidates = view.legal_moves()
    tree = Tree(view, candidates, [])
    tree.grow(random.Random(3), len(candidates))
    # One iteration for each candidate, in the order given, before any second visit.
    assert [v for v, _, _ in tree.counts()] == [1] * len(candidates)
    tree.grow(random.Random(4), 200)
    counts = tree.counts()
    assert sum(v for v, _, _ in counts) == tree.iterations == 200 + len(candidates)
    assert all(0.0 <= total / visits <= 1.1 and squares <= total * 1.1 for visits, total, squares in counts)


def test_two_trees_add_up_and_the_most_visited_wins() -> None:
    a = [(3, 1.5, 1.0), (7, 2.0, 1.0), (0, 0.0, 0.0)]
    b = [(5, 4.0, 3.0), (2, 1.0, 0.5), (1, 0.9, 0.81)]
    assert added(a, b) == [(8, 5.5, 4.0), (9, 3.0, 1.5), (1, 0.9, 0.81)]
    assert best_of(added(a, b)) == 1
    # Equal visits: the better mean.
    assert best_of([(4, 1.0, 0.5), (4, 3.0, 2.5)]) == 1


def test_the_evaluator_s_favourite_stands_unless_the_tree_beats_it_clearly() -> None:
    def counts(n: int, mean: float, spread: float) -> tuple[int, float, float]:
        # n values, half at mean - spread and half at mean + spread.
        return (n, n * mean, n * (mean * mean + spread * spread))

    close = [counts(40, 0.50, 0.3), counts(60, 0.52, 0.3)]
    clear = [counts(40, 0.40, 0.1), counts(60, 0.60, 0.1)]
    assert best_of(close) == 1 and best_of(close, trust=1.0) == 0
    assert best_of(clear, trust=1.0) == 1


@pytest.mark.parametrize("players,teams", [(4, PARTNERS), (3, None)])
def test_big_casino_and_a_sweep_are_taken_at_a_bigger_table(players: int, teams: list[list[int]] | None) -> None:
    casino = spot("TH 5C 3S KH", "TD 4C 8H", players=players, teams=teams)
    assert Master().choose(SeatView(casino, 0), random.Random(1), Budget(work=60)).text() == "THx10:TD"
    sweep = spot("9H 5S 2C KD", "2D 7D", players=players, teams=teams)
    assert Master().choose(SeatView(sweep, 0), random.Random(1), Budget(work=60)).text() == "9Hx9:2D,7D"


def test_the_same_view_seed_and_work_give_the_same_move_at_a_bigger_table() -> None:
    for i, view in enumerate(table_views(8)):
        first = Master().choose(view, random.Random(i), Budget(work=3))
        assert first == Master().choose(view, random.Random(i), Budget(work=3))
        assert view.bare_position().is_legal(first)


def test_a_fixed_amount_of_work_grows_the_same_trees_with_a_second_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(second_core, "cores", lambda: 2)
    grown: list[bool] = []
    real = second_core.Helper.answer

    def answer(self: second_core.Helper, cancel: threading.Event) -> object:
        got = real(self, cancel)
        grown.append(got is not None and got[0] == "tree")
        return got

    monkeypatch.setattr(second_core.Helper, "answer", answer)
    for i, view in enumerate(table_views(10)):
        alone = Master(second_core=False).choose(view, random.Random(i), Budget(work=4))
        helped = Master().choose(view, random.Random(i), Budget(work=4))
        assert alone == helped, (i, alone.text(), helped.text())
    assert sum(grown) >= 5, "the helper grew trees"


def test_the_tree_thinks_by_its_budget_s_clock_and_stops_on_cancel(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tree reads its budget's clock, never the wall's, and stops before
    the next few iterations would pass the budget."""
    clock, looks = looking_clock(monkeypatch)
    game = Game(Rules(), 4, standard_teams(4, True), seed=8)
    pos = game.position
    view = SeatView(pos, pos.to_move, game.turns)
    assert pos.is_legal(Master().choose(view, random.Random(2), Budget(ms=5000, clock=clock)))
    assert looks[0] <= 8
    cancel = threading.Event()
    cancel.set()
    assert pos.is_legal(Master().choose(view, random.Random(2), Budget(ms=10**7, cancel=cancel)))


def test_draw_cassino_two_handed_is_searched_by_the_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal searched whole would show every card still to be drawn: Draw
    Cassino goes to the tree even with two players."""
    grown: list[int] = []
    real = Tree.grow

    def grow(self: Tree, *args: object, **kwargs: object) -> None:
        grown.append(1)
        real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Tree, "grow", grow)
    rules = PRESETS["draw"].rules(2)
    game = Game(rules, 2, seed=12)
    game.play(game.legal_moves()[0])
    pos = game.position
    move = Master(second_core=False).choose(SeatView(pos, pos.to_move, game.turns), random.Random(1), Budget(work=4))
    assert pos.is_legal(move) and grown


def test_a_review_at_a_bigger_table_weighs_the_moves_below_one_tree_on_the_same_deals(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the Master plays by its tree, it appraises by it too: every move
    tried on each sampled deal, the figures deal by deal, the same for the
    same seed, and leaving big casino to the next player costs."""

    def no_deal_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the deal search appraised a partnership's moves")

    monkeypatch.setattr(Master, "_search", no_deal_search)
    pos = spot("TH 5C 3S KH", "TD 4C 8H", players=4, teams=PARTNERS)
    view = SeatView(pos, 0)
    moves = view.legal_moves()
    got = Master().appraise(view, moves, random.Random(3), Budget(work=20))
    assert [a.move for a in got] == moves
    assert {a.deals for a in got} == {20 * ITERATIONS_PER_WORK // len(moves)}
    assert all(0.0 <= a.win <= 1.0 and abs(sum(a.wins) / a.deals - a.win) < 1e-9 for a in got)
    assert got == Master().appraise(view, moves, random.Random(3), Budget(work=20))
    casino = next(a for a in got if a.move.text() == "THx10:TD")
    trail = next(a for a in got if a.move.text() == "TH-")
    assert casino.points - trail.points > 1.0 and casino.win > trail.win


def test_a_timed_review_at_a_bigger_table_stops_by_its_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """A second passes at each look: with 2.5 s, a deal after 0, 1 and 2 s, none after 3."""
    clock, looks = looking_clock(monkeypatch)
    pos = spot("TH 5C 3S KH", "TD 4C 8H", players=4, teams=PARTNERS)
    view = SeatView(pos, 0)
    got = Master().appraise(view, view.legal_moves(), random.Random(3), Budget(ms=2500, clock=clock))
    assert {a.deals for a in got} == {3}
