"""Colours, fonts and cached text: one look for every scene.

Text is rendered once per (string, size, colour) and cached, so a frame that
redraws the whole table renders no glyphs it has drawn before.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from functools import lru_cache
from typing import NamedTuple

import pygame

from cassino.resources import asset_path

from . import cards

Colour = tuple[int, int, int]

FELT = (28, 104, 66)
FELT_EDGE = (18, 70, 45)
# The cloth's centre and rim for each table colour setting.
CLOTHS = {"green": (FELT, FELT_EDGE), "blue": ((30, 78, 120), (18, 48, 80)),
          "red": ((118, 36, 44), (76, 22, 30))}
# The menus' and dialogs' colours: the green cloth's, until ``use_cloth``
# makes them another cloth's (``table_panel``).
GREEN_PANEL, GREEN_LINE = (14, 38, 28), (60, 110, 85)
PANEL = GREEN_PANEL
PANEL_LINE = GREEN_LINE
INK = (240, 240, 232)
DIM = (170, 190, 178)
GOLD = (246, 200, 80)
GLOW = (255, 225, 120)
TARGET = (255, 255, 255)  # where a card may land: white, like no seat, and framed (not colour alone)
WARN = (255, 140, 120)
GREEN_BUTTON, GREEN_BUTTON_HOT = (34, 84, 62), (52, 124, 92)
BUTTON = GREEN_BUTTON
BUTTON_HOT = GREEN_BUTTON_HOT


class TablePanel(NamedTuple):
    """The colours of the table's own panels for a cloth: the side panel and
    name plates, their rule, and the side panel's buttons (at rest, pointed at)."""

    panel: Colour
    line: Colour
    button: Colour
    button_hot: Colour


def table_panel(cloth: str) -> TablePanel:
    """The table's panels for a cloth: the green cloth's are the menus' own;
    another cloth's are its rim darkened (lightened, for the rule and the
    buttons), so that the table is of one colour."""
    if cloth not in CLOTHS or cloth == "green":
        return TablePanel(GREEN_PANEL, GREEN_LINE, GREEN_BUTTON, GREEN_BUTTON_HOT)
    rim = CLOTHS[cloth][1]

    def shade(k: float) -> Colour:
        return (min(255, round(rim[0] * k)), min(255, round(rim[1] * k)), min(255, round(rim[2] * k)))

    return TablePanel(shade(0.55), shade(2.0), shade(1.2), shade(1.75))


SHADOW = (0, 0, 0, 70)

# One colour per seat: build badges, name plates and the last move's highlight.
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")  # regular, bold; in assets/fonts

SEAT_COLOURS: tuple[Colour, ...] = ((246, 200, 80), (110, 200, 240), (240, 130, 110), (190, 150, 245),
                                    (130, 220, 140), (245, 150, 205))


def px(size: tuple[int, int], n: float, least: int = 11) -> int:
    """A font or spacing size: ``n`` pixels at 1920x1080, scaled, never below ``least``."""
    w, h = size
    return max(least, round(n * min(w / 1920, h / 1080)))


def seat_colour(seat: int) -> Colour:
    """The colour of a seat (up to six): its plate, its builds' badges, its lines in the log."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def backed(surface: pygame.Surface, words: pygame.Surface, at: pygame.Rect,
           ground: tuple[int, int, int, int] = (0, 0, 0, 120)) -> None:
    """Seat-coloured words straight on the cloth, on a dark pill: salmon,
    lavender and pink read at under 3:1 on the green (and the red) cloth.
    (Over a card, a ``ground`` more solid: a see-through one turned grey.)"""
    box = at.inflate(8, 2)
    surface.blit(rounded_box(box.size, ground, box.height // 2), box.topleft)
    surface.blit(words, at)


def backed_block(surface: pygame.Surface, lines: list[tuple[pygame.Surface, pygame.Rect]], pad: int) -> None:
    """Lines of words straight on the cloth, on one dark panel round them all
    (a pill each, stacked, looked busy): grey and seat colours read at 3:1 or
    less on the green cloth's centre."""
    if not lines:
        return
    box = lines[0][1].unionall([r for _, r in lines[1:]]).inflate(2 * pad, pad * 3 // 2)
    surface.blit(rounded_box(box.size, (0, 0, 0, 120), min(12, box.height // 2)), box.topleft)
    for words, at in lines:
        surface.blit(words, at)


def use_cloth(cloth: str) -> None:
    """Menus, dialogs and sheets in the colours of the table's panels for
    ``cloth`` (they stayed green on the blue and the red cloth)."""
    global PANEL, PANEL_LINE, BUTTON, BUTTON_HOT
    PANEL, PANEL_LINE, BUTTON, BUTTON_HOT = table_panel(cloth)


def reset() -> None:
    """Forget cached fonts and text: fonts die with ``pygame.quit()``, and a
    new window (a test, a restart) must not use them."""
    font.cache_clear()
    _forget_text()
    wrap.cache_clear()
    cards.forget_fonts()


_MISSING_FONTS: set[str] = set()


@lru_cache(maxsize=64)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans (it has the suit symbols) at ``px`` pixels."""
    name = FONT_FILES[1] if bold else FONT_FILES[0]
    path = asset_path("fonts", name)
    try:
        return pygame.font.Font(str(path), max(6, px))
    except (FileNotFoundError, OSError) as e:  # pygame's own font, where installed (the download has none)
        if name not in _MISSING_FONTS:  # and its log says why the suits are boxes
            _MISSING_FONTS.add(name)
            logging.getLogger(__name__).warning("font %s could not be read (%s): pygame's own font instead", path, e)
        return pygame.font.Font(None, max(6, px))


# Rendered text kept by the bytes of its pixels, the least recently drawn let go
# first: 2048 strings held some 74 MB at 1920x1080 (a log line's image is tens of
# kilobytes), for a frame that draws a hundred or two.
TEXT_BUDGET = 24 << 20
_texts: OrderedDict[tuple[str, int, Colour, bool], pygame.Surface] = OrderedDict()
_text_bytes = 0


def text(s: str, px: int, colour: Colour = INK, bold: bool = False) -> pygame.Surface:
    """``s`` rendered antialiased, cached."""
    global _text_bytes
    key = (s, px, colour, bold)
    surf = _texts.get(key)
    if surf is not None:
        _texts.move_to_end(key)
        return surf
    surf = font(px, bold).render(s, True, colour)
    _texts[key] = surf
    _text_bytes += _bytes(surf)
    while _text_bytes > TEXT_BUDGET and len(_texts) > 1:
        _text_bytes -= _bytes(_texts.popitem(last=False)[1])
    return surf


def _bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


def _forget_text() -> None:
    global _text_bytes
    _texts.clear()
    _text_bytes = 0



def fit_text(s: str, px: int, width: int, colour: Colour = INK, bold: bool = False) -> pygame.Surface:
    """``s`` at ``px``, shortened with an ellipsis to fit ``width`` pixels."""
    surf = text(s, px, colour, bold)
    if surf.get_width() <= width or len(s) < 2:
        return surf
    while len(s) > 1 and text(s + "…", px, colour, bold).get_width() > width:
        s = s[:-1]
    return text(s.rstrip() + "…", px, colour, bold)


def shrink_text(s: str, px: int, width: int, colour: Colour = INK, bold: bool = False,
                least: float = 0.8) -> pygame.Surface:
    """``s`` at ``px``, or as much smaller (down to ``least`` of it) as fits
    ``width``; only then shortened with an ellipsis: a label read whole."""
    low = max(8, round(px * least))
    size = px
    while size > low and font(size, bold).size(s)[0] > width:
        size -= 1
    return fit_text(s, size, width, colour, bold)


@lru_cache(maxsize=1024)
def wrap(s: str, px: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """Break ``s`` into lines no wider than ``width`` at ``px`` (cached: the log
    and captions are wrapped every frame)."""
    return _wrap(s, font(px, bold), width)


@lru_cache(maxsize=1024)  # (256 missed one time in three over a long session: lines are cheap to keep)
def wrap_even(s: str, px: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """``wrap``'s lines, as many of them, made as even as they can be: a
    centred caption then never ends with a word left alone on its last line."""
    f = font(px, bold)
    lines = _wrap(s, f, width)
    if len(lines) < 2 or "\n" in s:
        return lines
    # The narrowest width that still needs no more lines (a binary search).
    lo = min(width, max(f.size(word)[0] for word in s.split(" ")))
    hi = width
    while lo < hi:
        mid = (lo + hi) // 2
        if len(_wrap(s, f, mid)) <= len(lines):
            hi = mid
        else:
            lo = mid + 1
    return _wrap(s, f, hi)


def _wrap(s: str, f: pygame.font.Font, width: int) -> tuple[str, ...]:
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = word if not line else line + " " + word
            if f.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            # A word wider than a whole line (a name of forty letters) breaks
            # where it must: kept whole, it ran off the panel's edge.
            while len(word) > 1 and f.size(word)[0] > width:
                cut = len(word) - 1
                while cut > 1 and f.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return tuple(lines)


@lru_cache(maxsize=64)
def rounded_box(size: tuple[int, int], colour: tuple[int, ...], radius: int,
                border: tuple[int, ...] | None = None, border_width: int = 0) -> pygame.Surface:
    """A translucent rounded box, cached: panels, plates, badges, glows."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=radius)
    if border is not None and border_width:
        pygame.draw.rect(surf, border, surf.get_rect(), border_width, border_radius=radius)
    return surf


def dialog_box(size: tuple[int, int], radius: int = 16) -> pygame.Surface:
    """The box of a dialog, menu or sheet: opaque (nothing below shows through), ruled."""
    return rounded_box(size, PANEL + (255,), radius, PANEL_LINE + (255,), 2)
