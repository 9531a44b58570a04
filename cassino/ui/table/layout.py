"""Where everything goes, for any window from 1024x600 to 3840x2160 and any
table of 2 to 6 seats.

Pure geometry: given the window size and what is on the table, the places of
the seats (name plate, the caption under it, hand and captured pile), the
table items, stock, panel and piles. Sizes follow the window's height (and
width where it is tighter); the table's cards shrink until every item fits,
so a crowded table stays on screen and readable. No two parts of different
seats, nor a seat and the table, ever overlap (``tests/ui/test_layout.py``).

You sit at the bottom; the others sit round the table in turn order
(clockwise): one on each side column from three players on, and the rest
along the top, one to three of them.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..art.cards import RATIO
from ..art.theme import px
from .motion import Spot

# Where each seat sits, from yours (the bottom) in turn order.
SIDES = {2: ("bottom", "top"), 3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right"),
         5: ("bottom", "left", "top", "top", "right"), 6: ("bottom", "left", "top", "top", "top", "right")}
HELP_LINES = 2.9  # the keys' line under the buttons: room for two lines in a narrow panel
MAX_HAND = 5  # the most cards a hand holds (five players' later deals)
TAG_ROOM = 0.42  # under a row of table items, room for a build's name tag, in card widths


@dataclass
class Place:
    """One seat's place: which side, its name plate, the caption under it (its
    last move, or "thinking"), its hand and its captured pile."""

    side: str
    plate: pygame.Rect
    caption: pygame.Rect
    hand: pygame.Rect   # the area its hand is fanned in
    pile: pygame.Rect   # its captured pile
    card_w: int
    narrow: bool = False  # a side column's plate: one fact per line

    def rects(self) -> dict[str, pygame.Rect]:
        """The seat's areas by name: its plate, caption, hand and capture pile."""
        return {"plate": self.plate, "caption": self.caption, "hand": self.hand, "pile": self.pile}


@dataclass
class Placed:
    """A table item's cards placed: their spots (bottom card first) and the outline round them."""

    mask: int
    rect: pygame.Rect
    spots: dict[int, Spot]


class TableLayout:
    """The fixed parts of the table for one window size and number of players.
    ``actions`` keeps a row of the panel for the Pluck and Call buttons."""

    def __init__(self, size: tuple[int, int], players: int, bottom_seat: int, actions: bool = False,
                 legend: int = 0):
        self.size = size
        W, H = size
        self.players = players
        self.bottom_seat = bottom_seat
        self.m = m = max(6, round(H * 0.014))
        self.panel = pygame.Rect(0, 0, round(min(max(W * 0.2, 230), px(size, 480, 480))), H)
        self.panel.right = W
        self.play = pygame.Rect(0, 0, W - self.panel.width, H)
        play = self.play
        self.fs = px(size, 24, 13)        # body text
        self.fs_small = px(size, 20, 12)
        self.fs_big = px(size, 30, 15)
        self.line = line = round(self.fs_small * 1.35)
        # Your hand's cards as large as the height allows (a sixth of it and more at
        # 1920x1080), narrower only where the width is tighter.
        self.card_w = cw = round(min(H * 0.13, (play.width - 2 * m) / 7.2))
        ch = round(cw * RATIO)
        ow = max(26, round(cw * 0.55))
        oh = round(ow * RATIO)
        self.status_h = round(self.fs * 1.9)
        plate_h = round(self.fs * 1.4) + 3 * line + m  # the name, and three lines of facts at most
        sides = SIDES[players]
        tops = sides.count("top")
        # A side column is wide enough for a level's name ("Intermediate") on its plate.
        side_w = max(round(play.width * 0.15), oh + 2 * m, round(self.fs_small * 7.6) + 24 + 2 * m) \
            if "left" in sides else 0
        caption_h = 2 * line
        gap = max(2, m // 3)

        self.places: dict[int, Place] = {}
        # Your hand along the bottom, high enough for the caption over your plate.
        hand_top = H - m - max(ch, plate_h + line + gap)
        plate_w = round(min(max(play.width * 0.25, 190), px(size, 360, 360)))
        # The top seats share the width between the side columns.
        top_x = play.x + side_w + m
        top_w = play.width - 2 * side_w - 2 * m
        slot = top_w // max(1, tops)
        hand_need = ow + round(ow * 0.3) * (MAX_HAND - 1)
        # Seats in a row along the top keep a wider gap between them than within
        # one: a hand ending beside the next seat's plate read as that seat's.
        between = 3 * m
        row_plate = min(plate_w, slot - 2 * m - between - ow - hand_need)
        in_a_row = row_plate >= min(plate_w, max(150, self.fs * 8))
        if in_a_row:  # plate, pile and hand side by side; the caption under the plate
            band = m + max(plate_h, oh) + gap + caption_h + m
        else:         # the plate, under it the pile and hand, under them the caption
            band = m + plate_h + gap + oh + gap + caption_h + m
        top_edge = band if tops else m
        top_n = 0
        for i, side in enumerate(sides):
            seat = (bottom_seat + i) % players
            if side == "bottom":
                plate = pygame.Rect(play.x + m, H - m - plate_h, plate_w, plate_h)
                caption = pygame.Rect(plate.x, hand_top, plate.width, plate.y - gap - hand_top)
                pile = pygame.Rect(plate.right + m, H - m - oh, ow, oh)
                hand = pygame.Rect(pile.right + m, hand_top, play.right - pile.right - 2 * m, ch)
                self.places[seat] = Place(side, plate, caption, hand, pile, cw)
            elif side == "top":
                x = top_x + top_n * slot
                top_n += 1
                if in_a_row:
                    plate = pygame.Rect(x, m, row_plate, plate_h)
                    caption = pygame.Rect(x, m + max(plate_h, oh) + gap, slot - between, caption_h)
                    pile = pygame.Rect(plate.right + m, m, ow, oh)
                    hand = pygame.Rect(pile.right + m, m, x + slot - between - pile.right - m, oh)
                else:
                    plate = pygame.Rect(x, m, slot - between, plate_h)
                    pile = pygame.Rect(x, plate.bottom + gap, ow, oh)
                    hand = pygame.Rect(pile.right + m, pile.y, x + slot - between - pile.right - m, oh)
                    caption = pygame.Rect(x, pile.bottom + gap, slot - between, caption_h)
                self.places[seat] = Place(side, plate, caption, hand, pile, ow)
            else:
                x = play.x + m if side == "left" else play.right - side_w + m
                plate = pygame.Rect(x, top_edge, side_w - 2 * m, plate_h + 2 * line)
                # A narrow column: its caption takes three lines, and up to two more
                # of what the hand's backs, one under the other, leave unused.
                side_hand = ow + round(oh * 0.3) * (MAX_HAND - 1)  # backs turned sideways: ``ow`` tall
                spare = hand_top - plate.bottom - 2 * gap - oh - 3 * m - side_hand - caption_h - line
                caption = pygame.Rect(x, plate.bottom + gap, plate.width,
                                      caption_h + line + line * max(0, min(2, spare // line)))
                pile = pygame.Rect(0, 0, ow, oh)
                pile.midtop = (plate.centerx, caption.bottom + gap)
                hand = pygame.Rect(x, pile.bottom + m, side_w - 2 * m, hand_top - m - pile.bottom - m)
                if hand.height < ow + ow // 10 * (MAX_HAND - 1) and plate.width >= ow + m + oh:
                    # Too short a column (a short window, five or six seats): the
                    # pile beside the hand rather than over it, each back still showing an edge.
                    pile.topleft = (x, caption.bottom + gap)
                    hand = pygame.Rect(pile.right + m, pile.y, plate.right - pile.right - m,
                                       hand_top - m - pile.y)
                self.places[seat] = Place(side, plate, caption, hand, pile, ow, narrow=True)
        self.table = pygame.Rect(play.x + side_w + m, top_edge,
                                 play.width - 2 * side_w - 2 * m, hand_top - self.status_h - top_edge - m)
        self.status = pygame.Rect(self.table.x, self.table.bottom, self.table.width, self.status_h)
        # The panel: the round and scores at the top, then the stock, the values
        # of the cards (a legend of ``legend`` lines), the log, the action and
        # hint/menu buttons.
        pm = m
        self.stock_w = sw = max(30, round(self.panel.width * 0.2))
        # (The game's name may take two lines: a variant with its options, and "practice".)
        self.scores = pygame.Rect(self.panel.x + pm, pm, self.panel.width - 2 * pm,
                                  round(self.fs * 1.5) + 2 * line + players * line + line // 2)
        self.stock = pygame.Rect(self.panel.x + pm, self.scores.bottom + pm, sw, round(sw * RATIO))
        self.legend = pygame.Rect(self.panel.x + pm, self.stock.bottom + pm, self.panel.width - 2 * pm,
                                  legend * line)
        self.log = pygame.Rect(self.panel.x + pm, self.legend.bottom + pm, self.panel.width - 2 * pm, 0)
        button_h = round(self.fs * 1.9)
        rows = 2 if actions else 1
        self.log.height = H - self.log.y - (rows + 1) * pm - round(self.fs_small * HELP_LINES) - rows * button_h
        # Buttons under the log: Pluck and Call where the rules have them; a
        # hint, and the menu (what H and Esc do).
        half = (self.panel.width - 3 * pm) // 2
        y = self.log.bottom + pm
        if actions:
            self.pluck_button = pygame.Rect(self.panel.x + pm, y, half, button_h)
            self.call_button = pygame.Rect(self.pluck_button.right + pm, y, half, button_h)
            y += button_h + pm
        else:
            self.pluck_button = self.call_button = pygame.Rect(0, 0, 0, 0)
        self.hint_button = pygame.Rect(self.panel.x + pm, y, half, button_h)
        self.menu_button = pygame.Rect(self.hint_button.right + pm, self.hint_button.y, half, button_h)
        self.help = pygame.Rect(self.panel.x + pm, self.hint_button.bottom, self.panel.width - 2 * pm,
                                round(self.fs_small * HELP_LINES))

    def stock_spot(self) -> Spot:
        """Where a card on the stock rests (face down): deals fly from here."""
        return Spot(self.stock.x, self.stock.y, self.stock.width, False)

    def pile_spot(self, seat: int) -> Spot:
        """Where a card in ``seat``'s capture pile rests (face down): captures fly there."""
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
            if place.side == "bottom" or SIDES[self.players].count("top") == 1:
                # Centred on the cloth when there is room, else beside the pile.
                x0 = min(max(self.table.centerx - total / 2, a.x), a.right - total)
            else:
                x0 = a.x
            return {c: Spot(x0 + i * step, a.y, w, face_up) for i, c in enumerate(cards)}
        # A side column: backs turned sideways (``w`` tall), one under the other.
        step = min(h * 0.3, (a.height - w) / max(1, n - 1))
        y0 = a.y + max(0.0, (a.height - w - step * (n - 1)) / 4)
        return {c: Spot(a.centerx - w / 2, y0 + i * step, w, face_up) for i, c in enumerate(cards)}

    def drawn_rect(self, seat: int, spot: Spot) -> pygame.Rect:
        """Where a hand card resting at ``spot`` is drawn: side columns turn it sideways."""
        w = round(spot.w)
        h = round(spot.w * RATIO)
        if self.places[seat].side in ("left", "right"):
            return pygame.Rect(round(spot.x + w / 2 - h / 2), round(spot.y), h, w)
        return pygame.Rect(round(spot.x), round(spot.y), w, h)

    def table_items(self, items: list[list[int]]) -> tuple[list[Placed], int]:
        """Lay out table items (each a list of cards, bottom first), in rows, with
        the largest card size that fits. Returns the items and that card width."""
        tw = self.card_w * 1.05  # as large as your hand's where the table has room
        while True:
            placed = self._flow(items, tw)
            if placed is not None or tw <= 22:
                break
            tw *= 0.92
        if placed is None:
            placed = self._flow(items, tw, force=True)
            assert placed is not None
        return placed, round(tw)

    def _flow(self, items: list[list[int]], tw: float, force: bool = False) -> list[Placed] | None:
        area = self.table
        th = tw * RATIO
        fan = tw * 0.26
        gap = tw * 0.22
        row_h = th + tw * TAG_ROOM
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
        out: list[Placed | None] = [None] * len(items)
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
                out[i] = Placed(mask, pygame.Rect(round(x), round(y), round(width), round(th)), spots)
                x += width + gap
            y += row_h
        return [it for it in out if it is not None]
