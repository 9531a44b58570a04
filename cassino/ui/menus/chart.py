"""The chart of recent results on the statistics screen: one bar per game,
oldest on the left, as long as the points it was won or lost by. A win
stands up from the middle line as a filled gold bar, a loss hangs below it
as an outlined one, so the two differ by place and shape, not colour alone."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from cassino.stats import RECENT, Result

from ..art import theme

LOST = (226, 120, 104)  # a loss: the warning's red, a shade darker so that gold stays the eye's first stop


def caption(results: Sequence[Result]) -> str:
    """The line over the chart: how many games it shows, and which way it reads."""
    n = len(results)
    if n == 0:
        return "Recent games: none finished yet"
    if n == 1:
        return "Your one finished game: won or lost by"
    return f"Your last {n} games, latest on the right: won or lost by"


def margin_words(result: Result) -> str:
    """A bar's label: the points ahead (+5) or behind (−3) at the end. None
    for a game given up (its cross says it, as the legend does), nor for a
    game won behind on the totals or lost ahead (by a call, the count-out,
    all eleven: "won by −1" read as a mistake)."""
    m = result.margin
    if result.given_up or (m > 0) != result.won or m == 0 and result.won:
        return ""
    return f"+{m}" if m > 0 else f"−{-m}" if m < 0 else "0"


def chart_height(fs: int, room: int) -> int:
    """The chart's height (caption and bars) in ``room`` pixels at font size ``fs``."""
    return max(round(fs * 4.5), min(round(fs * 9), room))


def draw_chart(surface: pygame.Surface, box: pygame.Rect, results: Sequence[Result], fs: int) -> None:
    """The caption and legend on one line, then a bar per game in ``box``."""
    line = round(fs * 1.4)
    legend = _legend(surface, box.right, box.y, fs, any(r.given_up for r in results))
    t = theme.fit_text(caption(results), fs, min(box.width * 2 // 3, legend - box.x - fs), theme.DIM)
    surface.blit(t, (box.x, box.y))
    area = pygame.Rect(box.x, box.y + line, box.width, box.height - line)
    mid = area.centery
    pygame.draw.line(surface, theme.PANEL_LINE, (area.x, mid), (area.right, mid), 1)
    if not results:
        return
    small = max(11, round(fs * 0.72))  # 9 px was hard to read at 1024x600
    slot = area.width / RECENT  # always room for RECENT bars: a bar keeps its width as games come
    bar = max(2, round(slot * 0.64))
    scale = max(1, *(abs(r.margin) for r in results if not r.given_up), 1)
    # Every bar's margin where the labels fit side by side; else only the longest win's and
    # loss's, which give the scale.
    labelled = set(range(len(results)))
    if not all(theme.font(small).size(margin_words(r))[0] <= slot for r in results):
        labelled = {max((i for i, r in enumerate(results) if r.won == won and not r.given_up),
                        key=lambda i: abs(results[i].margin), default=-1) for won in (True, False)}
    reach = area.height // 2 - small - 3
    for i, r in enumerate(results):
        # A game given up has no result to measure: a stub, and its cross.
        length = 2 if r.given_up else max(2, round(abs(r.margin) / scale * reach))
        cx = area.x + round(slot * (i + 0.5))
        rect = pygame.Rect(cx - bar // 2, mid - length if r.won else mid + 1, bar, length)
        if r.won:
            pygame.draw.rect(surface, theme.GOLD, rect, border_top_left_radius=2, border_top_right_radius=2)
        else:
            pygame.draw.rect(surface, LOST, rect, max(1, bar // 6))
        below = rect.bottom + 2
        if r.given_up:  # a cross under the bar: lost by starting anew, not played out
            below = _cross(surface, cx, below, bar)
        if i in labelled and margin_words(r):
            t = theme.text(margin_words(r), small, theme.GOLD if r.won else LOST)
            where = t.get_rect(midbottom=(cx, rect.top - 2)) if r.won else t.get_rect(midtop=(cx, below))
            if not r.given_up or area.contains(where):  # a cross says it where its word has no room
                surface.blit(t, where.clamp(area))


def _cross(surface: pygame.Surface, cx: int, top: int, size: int) -> int:
    """A cross ``size`` wide centred on ``cx`` from ``top`` down; where the room under it begins."""
    size = max(6, size)
    half = size // 2
    width = max(2, size // 5)
    pygame.draw.line(surface, LOST, (cx - half, top), (cx + half, top + size), width)
    pygame.draw.line(surface, LOST, (cx - half, top + size), (cx + half, top), width)
    return top + size + 2


def _legend(surface: pygame.Surface, right: int, y: int, fs: int, given_up: bool = False) -> int:
    """'▮ won  ▯ lost' at the caption line's right end, drawn as the bars are
    (and '× given up' before them when the chart has such a game); where it begins."""
    mark = max(6, round(fs * 0.7))
    x = right
    for word, kind in (("lost", "lost"), ("won", "won"), ("given up", "cross"))[:3 if given_up else 2]:
        t = theme.text(word, fs, theme.DIM)
        x -= t.get_width()
        surface.blit(t, (x, y))
        # (A cross's thick strokes reach past its box: one stroke more of room, or "✕given up".)
        x -= mark + fs // 3 + (max(2, mark // 5) if kind == "cross" else 0)
        r = pygame.Rect(x, y + (t.get_height() - mark) // 2, mark, mark)
        if kind == "won":
            pygame.draw.rect(surface, theme.GOLD, r)
        elif kind == "lost":
            pygame.draw.rect(surface, LOST, r, max(1, mark // 5))
        else:
            _cross(surface, r.centerx, r.y, mark)
        x -= fs
    return x + fs
