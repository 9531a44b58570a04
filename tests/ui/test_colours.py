"""Colours a player must tell apart stay apart for the commonest colour
blindness: the four-colour deck's suits, on the cards and in the rules' text."""

from __future__ import annotations

import math

import pygame
import pytest

from cassino.ui.art.cards import FOUR_COLOURS
from cassino.ui.rulebook.page import FOUR_SUITS, SUIT_RED

# Machado, Oliveira and Fernandes (2009), full severity, on linear RGB.
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(linear: tuple[float, ...]) -> tuple[float, float, float]:
    r, g, b = linear
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(rgb: tuple[int, ...], matrix: tuple[tuple[float, ...], ...]) -> tuple[float, float, float]:
    """``rgb`` as someone with that colour vision sees it, in CIE Lab."""
    lin = [_linear(c) for c in rgb[:3]]
    return _lab(tuple(max(0.0, min(1.0, sum(m * v for m, v in zip(row, lin)))) for row in matrix))


@pytest.mark.parametrize("matrix", [DEUTERANOPIA, PROTANOPIA], ids=["deuteranopia", "protanopia"])
def test_the_four_colour_deck_s_red_and_coloured_suits_stay_apart(matrix: tuple[tuple[float, ...], ...]) -> None:
    # Green clubs beside red hearts were some 17 apart to a deuteranope (7 in the rules'
    # text): the one pair the four-colour deck is for looked alike to one man in twenty.
    _, hearts, diamonds, clubs = FOUR_COLOURS
    for a, b in ((hearts, clubs), (hearts, diamonds), (diamonds, clubs)):
        assert math.dist(seen(a, matrix), seen(b, matrix)) >= 20, (a, b)
    text = (SUIT_RED, FOUR_SUITS["♦"], FOUR_SUITS["♣"])
    for a, b in ((text[0], text[2]), (text[0], text[1]), (text[1], text[2])):
        assert math.dist(seen(a, matrix), seen(b, matrix)) >= 20, (a, b)


def _luminance(rgb: tuple[int, ...]) -> float:
    r, g, b = (_linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("cloth", ["green", "blue", "red"])
def test_the_cover_s_news_reads_at_4_5_to_1_on_every_cloth(cloth: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat colours straight on the green cloth's centre read at 2.6:1 ("Bob trailed the 5♠.").
    from cassino.rules import Game
    from cassino.settings import Settings
    from cassino.ui.app import App
    from cassino.ui.art import theme
    from cassino.ui.table import Seat, TableScene
    from cassino.ui.table.cover import CoverScene

    from .driver import settle
    from .test_pass_and_play import play_a_trail, ready

    app = App((1024, 600), Settings(speed="instant", fullscreen=False, table_colour=cloth))
    table = TableScene(app, Game(players=4, seed=4), [Seat("Ann"), Seat("Bob"), Seat("Cy"), Seat("Di")])
    app.replace(table)
    settle(app)
    for _ in range(3):
        ready(app)
        settle(app)
        play_a_trail(app, table)
        settle(app)
    cover = app.top
    assert isinstance(cover, CoverScene) and len(cover.news) >= 3
    blocks: list[list[tuple[object, object]]] = []
    real = theme.backed_block
    monkeypatch.setattr(theme, "backed_block", lambda s, lines, pad: blocks.append(lines) or real(s, lines, pad))
    app.draw(app.screen)
    monkeypatch.undo()
    lines = [line for block in blocks for line in block]
    assert len(lines) >= len(cover.news) + 2  # the news, and the words under the button
    for words, at in lines:
        assert isinstance(words, pygame.Surface) and isinstance(at, pygame.Rect)
        ink = max((words.get_at((x, y)) for x in range(words.get_width()) for y in range(words.get_height())),
                  key=lambda c: c.a)  # the most opaque pixel of the words: their colour
        ground = app.screen.get_at((at.left - 2, at.centery))
        assert contrast(tuple(ink), tuple(ground)) >= 4.5, (cloth, tuple(ink), tuple(ground))
