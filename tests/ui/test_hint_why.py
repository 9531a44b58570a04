"""H shows a hint; H again, while it is on show, says why in the review's
words: the hinted move against the next best one, weighed from your seat."""

from __future__ import annotations

import time

import pygame

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
    assert table.message.startswith("Why: ")
    assert any(words in table.message for words in (" more than ", " as good as ", "about equally good",
                                                     "a better chance to win", "too close to call",
                                                     "On a second look"))
    assert table.hint_move == hinted and table.game.moves == [], "asking why never plays"


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
