"""A rules section laid out as a page: marked-up paragraphs broken into
lines, and the examples' small tables of cards, badges and captions, as a
list of drawing operations in the page's own coordinates (``Op``), drawn by
``draw_ops``. The setup screen shows an example the same way."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

import pygame

from cassino.settings import Settings

from ..art import theme
from ..art.cards import card_back, card_face
from .text import Example, Pile, Section, piles

SUIT_RED = (255, 150, 140)  # ♥ and ♦ in running text, readable on the dark panel
# With the four-colour deck the text's suits take the cards' colours, lightened alike.
FOUR_SUITS = {"♥": SUIT_RED, "♦": (150, 185, 255), "♣": (110, 210, 205)}  # as the cards: clubs teal
_SUITS = re.compile("([♥♦♣])")


class Op(NamedTuple):
    """One thing drawn on a rules page, placed in the page's own coordinates."""

    kind: str               # "text", "card", "back" (a card face down), "badge" or "box"
    rect: pygame.Rect
    text: str = ""
    size: int = 0           # the font's pixels
    bold: bool = False
    colour: theme.Colour = theme.INK
    card: int = -1


def _words(text: str) -> list[list[tuple[str, bool]]]:
    """The words of marked-up text, each a list of (piece, bold): in '*Capture*: take'
    the first word is 'Capture' in bold followed by ':'."""
    words: list[list[tuple[str, bool]]] = []
    text = text.replace(" + ", "\xa0+\xa0")  # a sum stays on one line
    glued = False  # the last piece ended without a space: the next one belongs to its word
    for i, part in enumerate(text.split("*")):
        for j, piece in enumerate(part.split(" ")):
            if j:
                glued = False
            if not piece:
                continue
            if glued and words:
                words[-1].append((piece, i % 2 == 1))
            else:
                words.append([(piece, i % 2 == 1)])
            glued = True
    return words


@lru_cache(maxsize=512)
def rich_lines(text: str, size: int, width: int) -> tuple[tuple[tuple[int, str, bool], ...], ...]:
    """Marked-up text broken into lines no wider than ``width``: each line is runs
    of (x, text, bold)."""
    space = theme.font(size).size(" ")[0]
    lines: list[list[tuple[int, str, bool]]] = [[]]
    x = 0
    for word in _words(text):
        w = sum(theme.font(size, bold).size(piece)[0] for piece, bold in word)
        if lines[-1] and x + space + w > width:
            lines.append([])
            x = 0
        runs = lines[-1]
        spaced = bool(runs)
        if spaced:
            x += space
        for piece, bold in word:
            if runs and runs[-1][2] == bold:
                rx, rt, _ = runs[-1]
                runs[-1] = (rx, rt + (" " if spaced else "") + piece, bold)
            else:
                runs.append((x, piece, bold))
            # Measured as drawn, whole runs at a time, so the next run starts where this one ends.
            rx, rt, _ = runs[-1]
            x = rx + theme.font(size, bold).size(rt)[0]
            spaced = False
    return tuple(tuple(line) for line in lines)


def _blit_run(surface: pygame.Surface, text: str, size: int, bold: bool, colour: theme.Colour,
              at: tuple[int, int], four_colour: bool = False) -> None:
    """Text with its red suits in red (with the four-colour deck, each suit in its colour)."""
    x, y = at
    suits = FOUR_SUITS if four_colour else {"♥": SUIT_RED, "♦": SUIT_RED}
    for piece in _SUITS.split(text):
        if piece:
            t = theme.text(piece, size, suits.get(piece, colour), bold)
            surface.blit(t, (x, y))
            x += t.get_width()


def lay_out_text(section: Section, fs: int, width: int, ops: list[Op]) -> int:
    """Lay out the section's text from the top; returns the height used."""
    line = round(fs * 1.45)
    y = 0
    for n, para in enumerate(section.text):
        bullet = para.startswith("• ")
        # Bullets of one list sit close together; a paragraph after them stands apart.
        listed = bullet and n + 1 < len(section.text) and section.text[n + 1].startswith("• ")
        indent = round(fs * 1.3) if bullet else 0
        if bullet:
            para = para[2:]
            ops.append(Op("text", pygame.Rect(round(fs * 0.35), y, fs, line), "•", fs, True, theme.GOLD))
        for ln in rich_lines(para, fs, width - indent):
            for x, t, bold in ln:
                w = theme.font(fs, bold).size(t)[0]
                ops.append(Op("text", pygame.Rect(indent + x, y, w, line), t, fs, bold,
                              theme.GOLD if bold else theme.INK))
            y += line
        y += round(fs * (0.3 if listed else 0.6))
    return y


def lay_out_example(example: Example, size: tuple[int, int], width: int, top: int, ops: list[Op]) -> int:
    """Lay out one example (its cards, then what happens, beside them or under them);
    returns its height."""
    fs = theme.px(size, 24, 13)
    small = theme.px(size, 19, 11)
    line = round(fs * 1.45)
    cw = theme.px(size, 60, 36)
    ch = round(cw * 1.4)
    pad = round(fs * 0.7)
    fan = round(cw * 0.3)
    gap = round(cw * 0.14)
    group_gap = round(fs * 1.5)
    groups: list[tuple[str, tuple[Pile, ...]]] = []
    if example.dealt:
        groups.append(("Dealt to the table", piles(example.dealt)))
    if example.table:
        groups.append(("On the table", piles(example.table)))
    if example.hand:
        groups.append(("In your hand", piles(example.hand)))
    if example.stock:
        # The card you draw next is shown; otherwise the stock is there to say "not the last deal".
        groups.append(("Next in the stock" if example.after else "Stock", piles(example.stock)))
    if example.pile:
        groups.append(("In your pile", piles(example.pile)))
    if example.cards:
        groups.append(("Cards", piles(example.cards)))
    face_down = {"Stock"}
    builds = any(p.value for _, g in groups for p in g)
    label_h = round(small * 1.4)
    r = max(10, round(cw * 0.28))         # a build's badge
    bump = r * 2 // 3 if builds else 0    # the badge stands out above its pile
    tag_h = round(small * 1.4) if builds else 0
    row_h = label_h + bump + ch + tag_h

    def pile_w(p: Pile) -> int:
        return cw + fan * (len(p.cards) - 1)

    def step(p: Pile) -> int:  # to the next pile: clear of a build's badge
        return pile_w(p) + gap + (r * 2 // 3 if p.value else 0)

    inner = width - 2 * pad

    def squeeze(g: tuple[Pile, ...]) -> int:
        """How much closer a group's piles stand, so that it fits the box's width
        (the piles overlapping, each card's corner still showing)."""
        over = sum(step(p) for p in g[:-1]) + pile_w(g[-1]) - inner
        if over <= 0 or len(g) < 2:
            return 0
        return min(-(-over // (len(g) - 1)), min(step(p) for p in g[:-1]) - round(cw * 0.45))

    closer = [max(0, squeeze(g)) for _, g in groups]
    widths = [max(theme.font(small).size(label)[0],
                  sum(step(p) - closer[i] for p in g[:-1]) + pile_w(g[-1])) for i, (label, g) in enumerate(groups)]
    # Groups side by side, onto a second row if they must.
    rows: list[list[int]] = []
    x = 0
    for i, w in enumerate(widths):
        if rows and x + group_gap + w <= inner:
            rows[-1].append(i)
            x += group_gap + w
        else:
            rows.append([i])
            x = w
    cards_w = max((sum(widths[i] for i in row) + group_gap * (len(row) - 1) for row in rows), default=0)
    cards_h = len(rows) * row_h + (len(rows) - 1) * pad
    beside = bool(groups) and inner - cards_w - group_gap >= inner * 0.4
    if not groups:
        cap_x, cap_w = pad, inner
    elif beside:
        cap_x, cap_w = pad + cards_w + group_gap, inner - cards_w - group_gap
    else:
        cap_x, cap_w = pad, inner
    lines = rich_lines(example.says, fs, cap_w)
    cap_h = len(lines) * line
    if beside:
        height = 2 * pad + max(cards_h, cap_h)
        cap_y = top + pad + max(0, (cards_h - cap_h) // 2)
    else:
        height = 2 * pad + cards_h + (pad if groups else 0) + cap_h
        cap_y = top + pad + cards_h + (pad if groups else 0)
    ops.append(Op("box", pygame.Rect(0, top, width, height)))
    y = top + pad
    for row in rows:
        x = pad
        for i in row:
            label, g = groups[i]
            ops.append(Op("text", pygame.Rect(x, y, theme.font(small).size(label)[0], label_h), label, small,
                          False, theme.DIM))
            px_ = x
            kind = "back" if label in face_down else "card"
            for p in g:
                for k, card in enumerate(p.cards):
                    ops.append(Op(kind, pygame.Rect(px_ + k * fan, y + label_h + bump, cw, ch), card=card))
                if p.value:
                    colour = theme.SEAT_COLOURS[0 if p.yours else 1]
                    right = px_ + pile_w(p)
                    ops.append(Op("badge", pygame.Rect(right - r // 3 - r, y + label_h + bump + r // 3 - r,
                                                       2 * r, 2 * r), p.label, max(10, round(r * 1.05)),
                                  True, colour))
                    tag = "yours" if p.yours else "theirs"
                    tw = theme.font(small, True).size(tag)[0]
                    ops.append(Op("text", pygame.Rect(px_ + (pile_w(p) - tw) // 2, y + label_h + bump + ch + 2,
                                                      tw, tag_h), tag, small, True, colour))
                px_ += step(p) - closer[i]
            x += widths[i] + group_gap
        y += row_h + pad
    for ln in lines:
        for x, t, bold in ln:
            w = theme.font(fs, bold).size(t)[0]
            ops.append(Op("text", pygame.Rect(cap_x + x, cap_y, w, line), t, fs, bold,
                          theme.GOLD if bold else theme.INK))
        cap_y += line
    return height


def draw_ops(surface: pygame.Surface, ops: Sequence[Op], origin: tuple[int, int], area: pygame.Rect, fs: int,
             settings: Settings) -> None:
    """Draw a laid-out page (text, cards, badges, example boxes) with its top
    left at ``origin``, only what shows in ``area``."""
    for op in ops:
        r = op.rect.move(*origin)
        if r.bottom < area.top or r.top > area.bottom:
            continue
        if op.kind == "box":
            # A piece of the cloth in use: between the panel and a button (it stayed green on every cloth).
            box = tuple((a + b) // 2 for a, b in zip(theme.PANEL, theme.BUTTON))
            surface.blit(theme.rounded_box(r.size, box + (255,), max(6, fs // 2),
                                           theme.PANEL_LINE + (255,), 1), r.topleft)
        elif op.kind == "card":
            surface.blit(card_face(op.card, r.width, settings.four_colour), r.topleft)
        elif op.kind == "back":
            surface.blit(card_back(r.width, settings.card_back), r.topleft)
        elif op.kind == "badge":
            pygame.draw.circle(surface, (20, 20, 24), (r.centerx + 2, r.centery + 2), r.width // 2)
            pygame.draw.circle(surface, op.colour, r.center, r.width // 2)
            pygame.draw.circle(surface, (30, 30, 30), r.center, r.width // 2, 2)
            value = theme.text(op.text, op.size, (20, 20, 24), bold=True)
            surface.blit(value, value.get_rect(center=r.center))
        else:  # text sits in the middle of its line
            _blit_run(surface, op.text, op.size, op.bold, op.colour,
                      (r.x, r.y + (r.height - theme.font(op.size, op.bold).get_height()) // 2),
                      settings.four_colour)


def example_ops(example: Example, size: tuple[int, int], width: int) -> tuple[list[Op], int]:
    """One example of the rules laid out ``width`` wide: its ops and height."""
    ops: list[Op] = []
    height = lay_out_example(example, size, width, 0, ops)
    return ops, height
