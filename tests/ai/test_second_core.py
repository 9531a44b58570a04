"""The Master's second core: with a fixed amount of work it chooses exactly
what it chooses alone (the helper's deals are kept only when they are what
searching here would have given), and the helper really searches deals."""

from __future__ import annotations

import logging
import multiprocessing
import random
import threading

import pytest

from cassino.ai import Budget, SeatView
from cassino.ai import second_core
from cassino.ai.master import Master
from cassino.ai.worker import Thinker
from cassino.rules import Game, Rules, standard_teams

from .test_honesty import variant_positions


def positions(count: int) -> list[SeatView]:
    """Seat views of positions in Draw Cassino, partnerships, plucks, calls and more."""
    return [SeatView(pos, pos.to_move, history) for pos, history in variant_positions(count, seed=5)]  # type: ignore[arg-type]


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many of the helper's deals were kept, sample by sample."""
    kept: list[int] = []
    real = second_core.Helper.answer

    def answer(self: second_core.Helper, cancel: object) -> object:
        got = real(self, cancel)  # type: ignore[arg-type]
        kept.append(got is not None and got[0] == "done")
        return got

    monkeypatch.setattr(second_core.Helper, "answer", answer)
    monkeypatch.setattr(second_core, "cores", lambda: 2)
    return kept


# Masters that drop candidates early (the helper's deal was searched for
# candidates since dropped) and budgets a deal's search can overrun (the
# helper, with the more generous limit, finished a deal that would have
# stopped the search here).
MASTERS = [({}, 6), ({"min_samples": 2, "drop": 0.3}, 8), ({}, 1)]


@pytest.mark.parametrize("options,work", MASTERS)
def test_a_fixed_amount_of_work_gives_the_same_moves_with_a_second_core(
        counted: list[int], options: dict[str, float], work: int) -> None:
    alone, helped = Master(second_core=False, **options), Master(**options)  # type: ignore[arg-type]
    for i, view in enumerate(positions(16)):
        moves = view.legal_moves()
        a = alone.choose(view, random.Random(i), Budget(work=work))
        b = helped.choose(view, random.Random(i), Budget(work=work))
        assert a == b, (i, a.text(), b.text())
        x = alone.appraise(view, moves, random.Random(i), Budget(work=work))
        y = helped.appraise(view, moves, random.Random(i), Budget(work=work))
        assert [(p.move, p.win, p.points, p.wins) for p in x] == [(p.move, p.win, p.points, p.wins) for p in y]
    # The same moves, and not because the helper sat idle. (Only the deal search
    # borrows it for a deal: appraisals at a bigger table and in Draw Cassino
    # go to the tree, grown here.)
    assert any(counted), "the helper searched deals that were kept"


def test_the_helper_searches_a_deal_as_the_master_does() -> None:
    view = positions(1)[0]
    moves = view.legal_moves()
    job = second_core.Job(view, view.team_of[view.seat], None, [], moves, 8, True)
    from cassino.ai.estimate import Estimate

    estimate = Estimate(view.bare_position(), job.team)
    values, nodes = second_core.search_sample(job, estimate, 77, list(range(len(moves))), 10**9, None)
    again, nodes_again = second_core.search_sample(job, estimate, 77, list(range(len(moves))), 10**9, None)
    assert nodes == nodes_again > len(moves)
    assert [v[:3] for v in values if v] == [v[:3] for v in again if v]
    with pytest.raises(second_core.Stop):
        second_core.search_sample(job, estimate, 77, list(range(len(moves))), nodes, None)


def test_one_core_or_the_switch_off_means_no_helper(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(second_core, "cores", lambda: 1)
    assert second_core.borrow() is None
    monkeypatch.setenv("CASSINO_ONE_CORE", "1")
    assert not second_core.enabled()


def test_a_helper_that_breaks_mid_search_changes_nothing_and_is_given_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(second_core, "cores", lambda: 2)
    monkeypatch.setattr(second_core, "_helper", None)  # a helper of its own, broken for this test only
    monkeypatch.setattr(second_core, "_failed", False)

    def broken(self: second_core.Helper, cancel: object) -> None:
        self.broken = True
        return None

    monkeypatch.setattr(second_core.Helper, "answer", broken)
    for i, view in enumerate(positions(6)):
        alone = Master(second_core=False).choose(view, random.Random(i), Budget(work=6))
        assert Master().choose(view, random.Random(i), Budget(work=6)) == alone
        assert not second_core._lock.locked(), "the helper was given back"


@pytest.mark.parametrize("players,teams", [(2, False), (4, True)])
def test_a_cancelled_search_leaves_the_helper_free_for_the_next(
        monkeypatch: pytest.MonkeyPatch, players: int, teams: bool) -> None:
    # A hint with a long thinking time, cancelled (the player played on): the
    # helper was searching a deal (two players) or growing a tree (partnerships)
    # for that long. The next decision must not wait for it.
    monkeypatch.setattr(second_core, "cores", lambda: 2)
    monkeypatch.setattr(second_core, "_helper", None)  # a helper of its own for this test
    monkeypatch.setattr(second_core, "_failed", False)
    try:
        game = Game(Rules(), players, standard_teams(players, teams), seed=8)
        view = SeatView(game.position, game.position.to_move, game.turns)
        cancel = threading.Event()
        threading.Timer(0.3, cancel.set).start()  # cancelled in the middle of its search
        assert view.bare_position().is_legal(Master().choose(view, random.Random(2),
                                                             Budget(ms=10**7, cancel=cancel)))
        assert second_core._helper is not None, "the helper was borrowed"
        nxt = Game(Rules(), 2, seed=3)
        nxt_view = SeatView(nxt.position, nxt.position.to_move, nxt.turns)
        thinker = Thinker(Master(), nxt_view, 1, ms=400)
        move = thinker.result(timeout=20)
        assert nxt.position.is_legal(move)
    finally:
        if second_core._helper is not None:
            second_core._helper.close()


def test_an_error_in_the_helper_is_written_to_the_log(caplog: pytest.LogCaptureFixture) -> None:
    # The helper's exception was thrown away: a fault in the spawned process (a frozen
    # build's, say) halved the Master's search for the rest of the program, unseen.
    helper = second_core.Helper.__new__(second_core.Helper)
    ours, theirs = multiprocessing.Pipe()
    helper.conn, helper.waiting, helper.broken, helper.answered = ours, True, False, 0
    theirs.send(("error", "ImportError('no module named cassino')", 0))
    with caplog.at_level(logging.WARNING, logger="cassino"):
        assert helper.answer(threading.Event()) is None
    assert helper.broken
    assert any("second core failed" in r.getMessage() and "ImportError" in r.getMessage() for r in caplog.records)
