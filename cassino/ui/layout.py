"""Where everything goes, for any window from 1024x600 to 3840x2160.

Pure geometry: given the window size and what is on the table, the places of
the seats, hands, table items, stock, panel and piles. Sizes follow the
window's height (and width where it is tighter); the table's cards shrink
until every item fits, so a crowded table stays on screen and readable.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .motion import Spot

RATIO = 1.4  # card height / width
SIDES = {2: ("bottom", "top"), 3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}


def px(size: tuple[int, int], n: float, least: int = 11) -> int:
    """A font or spacing size: ``n`` pixels at 1920x1080, scaled, never below ``least``."""
    w, h = size
    return max(least, round(n * min(w / 1920, h / 1080)))


@dataclass
class Place:
    """One seat's place: which side, its name plate, its hand and its captured pile."""

    side: str
    plate: pygame.Rect
    hand: pygame.Rect   # the area its hand is fanned in
    pile: pygame.Rect   # its captured pile
    card_w: int


@dataclass
class Item:
    """A table item (loose card or build) placed: its cards' spots and its outline."""

    mask: int
    rect: pygame.Rect
    spots: dict[int, Spot]


class TableLayout:
    """The fixed parts of the table for one window size and number of players."""

    def __init__(self, size: tuple[int, int], players: int, bottom_seat: int):
        self.size = size
        W, H = size
        self.players = players
        self.bottom_seat = bottom_seat
        self.m = m = max(6, round(H * 0.014))
        self.panel = pygame.Rect(0, 0, round(min(max(W * 0.2, 230), 480)), H)
        self.panel.right = W
        self.play = pygame.Rect(0, 0, W - self.panel.width, H)
        play = self.play
        self.fs = px(size, 24, 13)        # body text
        self.fs_small = px(size, 20, 12)
        self.fs_big = px(size, 30, 15)
        self.card_w = cw = round(min(H * 0.118, (play.width - 2 * m) / 7.2))
        ch = round(cw * RATIO)
        ow = max(26, round(cw * 0.55))
        oh = round(ow * RATIO)
        self.status_h = round(self.fs * 1.9)
        line = round(self.fs_small * 1.35)
        plate_h = round(self.fs * 1.4) + 2 * line + m
        side_w = max(round(play.width * 0.15), oh + 2 * m) if players > 2 else 0
        plate_w = round(min(max(play.width * 0.22, 170), 360))

        self.places: dict[int, Place] = {}
        hand_top = H - m - ch
        # The lower edge of the top seat's area: its plate, and a line under it for its last move.
        top_bottom = m + max(oh, plate_h) + line + m
        for i, side in enumerate(SIDES[players]):
            seat = (bottom_seat + i) % players
            if side == "bottom":
                plate = pygame.Rect(play.x + m, H - m - plate_h, plate_w, plate_h)
                pile = pygame.Rect(plate.right + m, H - m - oh, ow, oh)
                # The hand is centred on the cloth when there is room, else beside the pile.
                hand = pygame.Rect(pile.right + m, hand_top, play.right - pile.right - 2 * m, ch)
                self.places[seat] = Place(side, plate, hand, pile, cw)
            elif side == "top":
                plate = pygame.Rect(play.x + side_w + m, m, plate_w, plate_h)
                pile = pygame.Rect(plate.right + m, m, ow, oh)
                hand = pygame.Rect(pile.right + m, m, play.right - side_w - pile.right - 2 * m, oh)
                self.places[seat] = Place(side, plate, hand, pile, ow)
            else:
                x = play.x + m if side == "left" else play.right - side_w + m
                plate = pygame.Rect(x, top_bottom if players == 4 else m, side_w - 2 * m, plate_h + 2 * line)
                pile = pygame.Rect(0, 0, ow, oh)
                pile.midtop = (plate.centerx, plate.bottom + m)
                hand = pygame.Rect(x, pile.bottom + m, side_w - 2 * m, hand_top - self.status_h - pile.bottom - 2 * m)
                self.places[seat] = Place(side, plate, hand, pile, ow)
        top_edge = top_bottom if players != 3 else m
        self.table = pygame.Rect(play.x + side_w + m, top_edge,
                                 play.width - 2 * side_w - 2 * m, hand_top - self.status_h - top_edge - m)
        self.status = pygame.Rect(self.table.x, self.table.bottom, self.table.width, self.status_h)
        # The panel: scores at the top, then the stock, then the log.
        pm = m
        self.stock_w = sw = max(30, round(self.panel.width * 0.2))
        self.scores = pygame.Rect(self.panel.x + pm, pm, self.panel.width - 2 * pm,
                                  round(self.fs * 1.5) + players * line + line)
        self.stock = pygame.Rect(self.panel.x + pm, self.scores.bottom + pm, sw, round(sw * RATIO))
        self.log = pygame.Rect(self.panel.x + pm, self.stock.bottom + 2 * pm, self.panel.width - 2 * pm, 0)
        button_h = round(self.fs * 1.9)
        self.log.height = H - self.log.y - 2 * pm - round(self.fs_small * 1.6) - button_h
        # Buttons under the log: a hint, and the menu (what H and Esc do).
        half = (self.panel.width - 3 * pm) // 2
        self.hint_button = pygame.Rect(self.panel.x + pm, self.log.bottom + pm, half, button_h)
        self.menu_button = pygame.Rect(self.hint_button.right + pm, self.hint_button.y, half, button_h)
        self.help = pygame.Rect(self.panel.x + pm, self.hint_button.bottom, self.panel.width - 2 * pm,
                                round(self.fs_small * 1.6))

    def stock_spot(self) -> Spot:
        return Spot(self.stock.x, self.stock.y, self.stock.width, False)

    def pile_spot(self, seat: int) -> Spot:
        p = self.places[seat].pile
        return Spot(p.x, p.y, p.width, False)

    def hand_spots(self, seat: int, cards: list[int], face_up: bool) -> dict[int, Spot]:
        """The hand fanned in its area, centred; overlapped if it must be."""
        place = self.places[seat]
        a, n, w = place.hand, len(cards), place.card_w
        h = round(w * RATIO)
        if not n:
            return {}
        if place.side in ("bottom", "top"):
            step = min(w * (1.08 if place.side == "bottom" else 0.55), (a.width - w) / max(1, n - 1))
            total = w + step * (n - 1)
            x0 = min(max(self.table.centerx - total / 2, a.x), a.right - total)
            return {c: Spot(x0 + i * step, a.y, w, face_up) for i, c in enumerate(cards)}
        step = min(h * 0.3, (a.height - h) / max(1, n - 1))
        y0 = a.y + max(0.0, (a.height - h - step * (n - 1)) / 4)
        return {c: Spot(a.centerx - w / 2, y0 + i * step, w, face_up) for i, c in enumerate(cards)}

    def table_items(self, items: list[list[int]]) -> tuple[list[Item], int]:
        """Lay out table items (each a list of cards, bottom first), in rows, with
        the largest card size that fits. Returns the items and that card width."""
        tw = self.card_w * 0.95
        while True:
            placed = self._flow(items, tw)
            if placed is not None or tw <= 22:
                break
            tw *= 0.92
        if placed is None:
            placed = self._flow(items, tw, force=True)
            assert placed is not None
        return placed, round(tw)

    def _flow(self, items: list[list[int]], tw: float, force: bool = False) -> list[Item] | None:
        area = self.table
        th = tw * RATIO
        fan = tw * 0.26
        gap = tw * 0.22
        row_h = th + tw * 0.42  # room for a build's name tag under it
        rows: list[list[tuple[int, float]]] = [[]]
        x = 0.0
        for i, cards in enumerate(items):
            width = tw + fan * (len(cards) - 1)
            if rows[-1] and x + width > area.width:
                rows.append([])
                x = 0.0
            rows[-1].append((i, width))
            x += width + gap
        total_h = len(rows) * row_h
        if total_h > area.height and not force:
            return None
        if any(sum(w for _, w in r) + gap * (len(r) - 1) > area.width for r in rows) and not force:
            return None
        out: list[Item | None] = [None] * len(items)
        y = area.y + max(0.0, (area.height - total_h) / 2) + tw * 0.12
        for r in rows:
            row_w = sum(w for _, w in r) + gap * (len(r) - 1)
            x = area.x + (area.width - row_w) / 2
            for i, width in r:
                cards = items[i]
                spots = {c: Spot(x + k * fan, y, tw, True) for k, c in enumerate(cards)}
                mask = 0
                for c in cards:
                    mask |= 1 << c
                out[i] = Item(mask, pygame.Rect(round(x), round(y), round(width), round(th)), spots)
                x += width + gap
            y += row_h
        return [it for it in out if it is not None]
