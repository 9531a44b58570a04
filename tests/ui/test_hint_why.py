"""H shows a hint; H again, while it is on show, says why in the review's
words: the hinted move against the next best one, weighed from your seat."""

from __future__ import annotations

import time

import pygame
import pytest

from cassino.ui.app import App
from cassino.ui.table import TableScene
from tests.rules.helpers import table_position

from .driver import key, open_table, step



def until(app: App, done: object, limit: float = 20.0) -> None:
    end = time.monotonic() + limit
    while not done() and time.monotonic() < end:  # type: ignore[operator]
        step(app)


def test_h_twice_shows_the_hint_then_why() -> None:
    app, table = open_table(table_position(hand="TS 3C 9H", loose="TD 5H KC"))
    assert isinstance(table, TableScene)
    key(app, pygame.K_h)
    until(app, lambda: table.hinter is None)
    assert table.message.startswith("Hint: ") and table.hint_move is not None
    hinted = table.hint_move
    # The keyboard's focus goes to the hinted card: Enter then plays (or offers) it.
    assert table.hand_order(0)[table.input.focus[1]] == hinted.card and table.input.focus[0] == "hand"
    key(app, pygame.K_h)  # the why is weighed in the background; a quick one is told at once
    assert table.explainer is not None and table.message.startswith("Weighing the hint") \
        or table.message.startswith("Why: ")
    until(app, lambda: table.explainer is None)
    if table.message.startswith("Hint changed: "):  # weighed more closely, another move came out ahead
        assert table.hint_move != hinted and "Weighed more closely, it does" in table.message
    else:
        assert table.message.startswith("Why: ")
        assert any(words in table.message for words in (" more than ", " as good as ", "about equally good",
                                                         "a better chance to win", "too close to call"))
        assert table.hint_move == hinted
    assert table.game.moves == [], "asking why never plays"


def test_a_why_that_finds_another_move_clearly_better_changes_the_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    # "On a second look trailing the 3♣ does better than capturing…" left the
    # capture up as the hint, and Enter still played it.
    from cassino.ai import review

    app, table = open_table(table_position(hand="TS 3C 9H", loose="TD 5H KC"))
    key(app, pygame.K_h)
    until(app, lambda: table.hinter is None)
    hinted = table.hint_move
    assert hinted is not None
    better = next(m for m in table.pos.legal_moves() if m.card != hinted.card)
    monkeypatch.setattr(review, "explain", lambda *_, **__: review.Why("Weighed more closely, it does better "
                                                                        "than the other.", better))
    key(app, pygame.K_h)
    until(app, lambda: table.explainer is None)
    assert table.hint_move == better
    assert table.message.startswith("Hint changed: ") and table.message.endswith(
        ". Weighed more closely, it does better than the other.")
    assert table.hand_order(0)[table.input.focus[1]] == better.card, "Enter now plays the new hint's card"
    assert table.game.moves == []


def test_the_why_is_dropped_when_the_game_has_moved_on() -> None:
    app, table = open_table(table_position(hand="TS 3C 9H", loose="TD 5H KC"))
    key(app, pygame.K_h)
    until(app, lambda: table.hinter is None)
    move = table.hint_move
    assert move is not None
    table.ask_hint()  # why? ... and the move is played before the table hears the answer
    assert table.explainer is not None
    assert table.play(move)
    until(app, lambda: table.explainer is None)
    assert not table.message.startswith("Why: ")


def test_h_in_another_player_s_turn_says_the_hint_is_for_your_own() -> None:
    # H did nothing, and said nothing.
    from cassino.rules import Game
    from cassino.settings import Settings
    from cassino.ui.table import Seat

    app = App((1024, 600), Settings(speed="instant", fullscreen=False, ai_delay="long"))
    table = TableScene(app, Game(seed=3), [Seat("You"), Seat("North", "expert")])
    app.replace(table)
    step(app)
    assert table.pos.to_move == 1 or table.pos.to_move == 0
    if table.pos.to_move == 0:  # you lead: let your turn pass first
        table.play(next(m for m in table.pos.legal_moves() if m.kind == "trail"))
        step(app)
    assert table.pos.to_move == 1
    key(app, pygame.K_h)
    assert table.hinter is None and table.hint_move is None
    assert "for your own turn" in table.message


def test_the_hint_stays_for_the_turn() -> None:
    # "Hint: Capture A♦ with the A♣. It takes 2 aces." was gone after six seconds, its why after twelve.
    app, table = open_table(table_position(hand="TS 3C 9H", loose="TD 5H KC"))
    key(app, pygame.K_h)
    start = time.monotonic()
    while table.hinter is not None and time.monotonic() < start + 20:
        step(app)
    assert table.message.startswith("Hint: ")
    table.update(30.0)
    step(app)
    assert table.message.startswith("Hint: ") and table.message_time > 0
    assert app.wake_in() is None or app.wake_in() < float("inf")


def test_a_hint_kept_for_the_turn_gives_way_to_what_to_do_while_choosing(monkeypatch: object) -> None:
    import pytest

    from cassino.ui.art import theme
    from cassino.ui.table import panel

    app, table = open_table(table_position(hand="TS 3C 9H", loose="TD 5H KC"))
    key(app, pygame.K_h)
    start = time.monotonic()
    while table.hinter is not None and time.monotonic() < start + 20:
        step(app)
    from cassino.rules import parse_card

    table.input.selection.add(1 << parse_card("TD"))  # a table item chosen, that the 10♠ takes
    said: list[str] = []
    real = theme.wrap_even
    mp = pytest.MonkeyPatch()
    mp.setattr(theme, "wrap_even", lambda text, *a, **k: said.append(text) or real(text, *a, **k))
    panel.paint_status(table, app.screen)
    table.input.selection.clear()
    panel.paint_status(table, app.screen)
    mp.undo()
    # (H was a key: the words are for keys.)
    assert said[0].startswith("Press Enter on the card") and said[1].startswith("Hint: "), said


def test_the_hinted_card_carries_the_word_hint() -> None:
    # A white ring on an ivory card was all that marked it, and the same ring lights the cards that fit a selection.
    from .test_variants_table import drawn_text

    app, table = open_table(table_position(hand="TS 3C 9H", loose="TD 5H KC"))
    assert "hint" not in drawn_text(app)
    key(app, pygame.K_h)
    until(app, lambda: table.hinter is None)
    assert table.hint_move is not None and table.hint_move.card >= 0
    assert "hint" in drawn_text(app)


def test_h_again_while_the_why_is_weighed_waits_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # A third H, the reason still being worked out, began a fresh hint: the reason could be lost.
    import threading

    from cassino.ai import review

    app, table = open_table(table_position(hand="TS 3C 9H", loose="TD 5H KC"))
    key(app, pygame.K_h)
    until(app, lambda: table.hinter is None)
    hinted = table.hint_move
    gate = threading.Event()

    def slow(*_: object, **__: object) -> review.Why:
        gate.wait(10)
        return review.Why("It takes the most.", None)
    monkeypatch.setattr(review, "explain", slow)
    key(app, pygame.K_h)
    assert table.explainer is not None and table.message.startswith("Weighing the hint")
    key(app, pygame.K_h)
    assert table.hinter is None and table.message.startswith("Weighing the hint")
    gate.set()
    until(app, lambda: table.explainer is None)
    assert table.message == "Why: It takes the most." and table.hint_move == hinted


def test_h_again_after_the_why_says_it_again_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Why? (H)" stayed lit and weighed the same moves over again, the line unchanged.
    from cassino.ai import review

    app, table = open_table(table_position(hand="TS 3C 9H", loose="TD 5H KC"))
    key(app, pygame.K_h)
    until(app, lambda: table.hinter is None)
    calls: list[int] = []
    monkeypatch.setattr(review, "explain", lambda *_, **__: calls.append(1) or review.Why("It takes the most.", None))
    key(app, pygame.K_h)
    until(app, lambda: table.explainer is None)
    assert table.message == "Why: It takes the most."
    table.say("Something else.")
    key(app, pygame.K_h)
    assert table.explainer is None and table.message == "Why: It takes the most." and calls == [1]
