"""Rendered text is kept by the bytes of its pixels: a long session at a big
window held some 74 MB of it in 2048 images, where a frame draws a hundred or two."""

from __future__ import annotations

import pygame
import pytest

from cassino.ui.art import theme


def test_text_kept_stays_within_its_budget_and_what_was_drawn_last_is_still_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.font.init()
    theme.reset()
    monkeypatch.setattr(theme, "TEXT_BUDGET", 200_000)
    lines = [f"Round {n}: Bot{n % 5} captured 7♣+2♦ with the 9♥ and swept the table" for n in range(400)]
    for line in lines:
        theme.text(line, 20)
    assert 0 < theme._text_bytes <= 200_000
    kept = theme.text(lines[-1], 20)
    assert theme.text(lines[-1], 20) is kept, "the newest is drawn from the cache"
    first = theme.text(lines[0], 20)
    theme.text(lines[1], 20)
    assert theme.text(lines[0], 20) is first, "drawn again, the oldest became the newest"
    assert theme._text_bytes == sum(s.get_width() * s.get_height() * s.get_bytesize() for s in theme._texts.values())
    theme.reset()
    assert not theme._texts and theme._text_bytes == 0
