"""Which do you mean? A drop or a click with several legal meanings: the
player picks one, or cancels.

The choice is drawn beside the cards it is about, never over them: the
card played and every table item an option would take stay in sight and
are outlined. Each option shows the cards it would take, small, and its
words, wrapped rather than cut. Keys: the option's number, arrows and
Enter; Esc or a right click cancels.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cassino.rules import Move, card_symbol, cards_of

from ..app import App, Scene
from ..art import theme
from ..art.cards import RATIO, card_face
from ..art.cloth import outline
from ..widgets import dim
from .paint import value_chip
from .motion import Spot
from .stage import Stage


DOUBLE_CLICK = 0.5  # seconds: a press this soon on the card that opened the list is a double-click's
CANCEL_LEAST = 24  # px: the height of Cancel's row (20 at 1024x600 was a small target)


class ChooserScene(Scene):
    """Several legal meanings: the player picks one, or cancels."""

    opaque = False

    def __init__(self, app: App, stage: Callable[[], Stage], card: int, title: str, moves: list[Move],
                 labels: list[str], pick: Callable[[int], object], cancelled: Callable[[], None],
                 where: Callable[[], Spot | None] = lambda: None):
        super().__init__(app)
        self.stage_of = stage  # the table's stage as it is now: a new window size lays out a new one
        self.card = card
        self.where = where  # where the card played is on screen now (dropped, or in the hand)
        self.title = title
        self.moves = moves
        self.labels = labels
        self.pick = pick
        self.cancelled = cancelled
        self.focus = 0
        # A release chooses only after a press made in the list: the second
        # half of a double-click that opened it chose the line under the card.
        self.pressed = False
        self.beside = False  # a press beside the list: its release cancels
        self.age = 0.0  # seconds open
        self.shown = False
        self.rows: list[pygame.Rect] = []  # each option's row as drawn (empty: scrolled out of the box)
        self.first = 0  # the first option shown, when the list is longer than its box
        self.scrolls = False
        self.wheeled = False  # the wheel moved the rows: the focus follows them, not they the focus
        self.cancel_rect = pygame.Rect(0, 0, 0, 0)
        self.box = pygame.Rect(0, 0, 0, 0)  # where the list stands, once drawn

    @property
    def stage(self) -> Stage:
        """The table's stage, laid out for the window as it is."""
        return self.stage_of()

    def update(self, dt: float) -> None:
        """Time open (a double-click's second press is told from a choice by
        it), from the first frame it shows: the frame it opened in may follow
        a long sleep, which made a quick double-click's second press a click
        beside the list."""
        if self.shown:
            self.age += dt
        self.shown = True

    def _card_rect(self) -> pygame.Rect:
        """Where the card played rests in the hand (a click opened the list), if it is there."""
        stage = self.stage
        if stage.face_up is None:
            return pygame.Rect(0, 0, 0, 0)
        return next((r for c, r in stage.hand_rects(stage.face_up) if c == self.card), pygame.Rect(0, 0, 0, 0))

    # -- input -------------------------------------------------------------------------------

    def choose(self, i: int) -> None:
        """Play the meaning ``i`` of the list."""
        self.app.pop(self)
        self.pick(i)

    def cancel(self) -> None:
        """None of them: close the list and play nothing."""
        self.app.pop(self)
        self.cancelled()

    def handle(self, event: pygame.event.Event) -> None:
        """Arrows, Tab, Enter, number keys and clicks pick a meaning; Esc cancels."""
        n = len(self.moves)
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                self.cancel()
            elif key in (pygame.K_UP, pygame.K_LEFT) or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
                self.focus = (self.focus - 1) % (n + 1)
            elif key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
                self.focus = (self.focus + 1) % (n + 1)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.focus < n:
                    self.choose(self.focus)
                else:
                    self.cancel()
            elif pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < n:
                self.choose(key - pygame.K_1)
        elif event.type == pygame.MOUSEMOTION:
            for i, r in enumerate(self.rows):
                if r.collidepoint(event.pos):
                    self.focus = i
            if self.cancel_rect.collidepoint(event.pos):
                self.focus = n
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            # The second press of a double-click on the card is not a choice, nor a click beside the list.
            second = self.age < DOUBLE_CLICK and self._card_rect().collidepoint(event.pos)
            self.pressed = self.box.collidepoint(event.pos) and not second
            self.beside = not self.box.collidepoint(event.pos) and not second
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self.pressed = self.pressed, False
            beside, self.beside = self.beside, False
            if not pressed:
                if beside and not self.box.collidepoint(event.pos):
                    self.cancel()  # a click beside the list: none of them, as a menu closes
                return
            for i, r in enumerate(self.rows):
                if r.collidepoint(event.pos):
                    self.choose(i)
                    return
            if self.cancel_rect.collidepoint(event.pos):
                self.cancel()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.cancel()
        elif event.type == pygame.MOUSEWHEEL and self.scrolls:
            # The rows move; the focus is kept among those shown when they are next drawn.
            shown = [i for i, r in enumerate(self.rows) if r.width]
            if event.y > 0 and self.first > 0:
                self.first -= 1
                self.wheeled = True
            elif event.y < 0 and shown and shown[-1] < n - 1:
                self.first += 1
                self.wheeled = True

    # -- where it goes -----------------------------------------------------------------------

    def about(self) -> pygame.Rect:
        """The table items any option takes, together: what must stay in sight."""
        taken = 0
        for m in self.moves:
            taken |= m.takes
        rects = [it.rect for it in self.stage.items if it.mask & taken]
        if not rects:
            return pygame.Rect(self.stage.geo.table.center, (1, 1))
        return rects[0].unionall(rects[1:]).inflate(12, 12)

    def place(self, size: tuple[int, int]) -> pygame.Rect:
        """The box: beside the cards it is about (above, below, left or right),
        as close to them as it fits, on the side where it hides the fewest
        other table items and cards of the chooser's hand; then the fewest
        parts of the other seats (plates, captions, piles, hands); then
        where there is most room."""
        w, h = size
        geo = self.stage.geo
        area = geo.play.inflate(-2 * geo.m, -2 * geo.m)
        about = self.about()
        sides = [("below", area.bottom - about.bottom), ("above", about.top - area.top),
                 ("right", area.right - about.right), ("left", about.left - area.left)]
        fits = [(name, room) for name, room in sides
                if (room >= h if name in ("below", "above") else room >= w)]

        def box_on(name: str, inside: pygame.Rect, lean: int = 0) -> pygame.Rect:
            box = pygame.Rect(0, 0, w, h)
            if name == "below":
                box.midtop = (about.centerx, about.bottom + geo.m)
            elif name == "above":
                box.midbottom = (about.centerx, about.top - geo.m)
            elif name == "right":
                box.midleft = (about.right + geo.m, about.centery)
            else:
                box.midright = (about.left - geo.m, about.centery)
            # Kept inside ``inside`` along each way it fits there, else inside the play area.
            x_in = inside if w <= inside.width else area
            y_in = inside if h <= inside.height else area
            box.x = min(max(box.x, x_in.x), x_in.right - w)
            box.y = min(max(box.y, y_in.y), y_in.bottom - h)
            if lean and name in ("left", "right"):
                # Beside the cards and taller than the cloth: from its top or its foot down or
                # up, over one seat's side rather than, centred, the other's (then it scrolled).
                box.y = max(area.y, min(geo.table.y if lean < 0 else geo.table.bottom - h, area.bottom - h))
            return box

        # Each side kept on the cloth, or free to stand over the seats' columns (and, beside the
        # cards, centred on them or from the cloth's top or foot); where no side has the room,
        # each side pushed into the play area, as little over the cards as can be.
        boxes = [(box_on(name, inside, lean), room) for name, room in (fits or sides)
                 for inside in (geo.table, area) for lean in (0, -1, 1)]
        # Never over the cards it is about (kept on the cloth, a box can be pushed back onto them).
        return min(boxes, key=lambda b: (self.hides(b[0], about), -b[1]))[0]

    def hides(self, box: pygame.Rect, about: pygame.Rect) -> tuple[int, int, int]:
        """What ``box`` would stand over, worst first: how much of the cards
        it is about, how many other cards (but the one played: over the
        others, its list hid what they were), how many parts of the seats.
        ``about``: the cards it is about (``about()``, worked out once a frame)."""
        stage, geo = self.stage, self.stage.geo
        cards = [it.rect for it in stage.items if not it.rect.colliderect(about)]
        if stage.face_up is not None:
            cards += [r for c, r in stage.hand_rects(stage.face_up) if c != self.card]
        seats = [r for seat, place in geo.places.items() for part, r in place.rects().items()
                 if not (part == "hand" and seat == stage.face_up)]  # that hand is among the cards

        def over(r: pygame.Rect) -> int:
            cut = box.clip(r)
            return cut.width * cut.height
        return over(about), len(box.collidelistall(cards)), len(box.collidelistall(seats))

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The list beside the cards it is about: each meaning as the cards it would take and a line of words."""
        dim(surface, 110)
        geo = self.stage.geo
        fs = geo.fs_small
        line = round(fs * 1.3)
        pad = round(fs * 0.7)
        cw = max(18, round(self.stage.table_w * 0.42))
        ch = round(cw * RATIO)
        fan = round(cw * 0.55)
        # The words start clear of the widest number ("10." ran into them).
        text_x = pad + max(round(fs * 1.6), theme.font(fs, True).size(f"{len(self.moves)}.")[0] + pad // 2 + 2)
        foot = max(line + pad, CANCEL_LEAST + pad // 2)  # Cancel's row: a target to hit, 24 px at least

        tallest = geo.play.height - 2 * geo.m  # the most the list may stand

        def measure(width: int, pictures: bool) -> tuple[list[tuple[list[int], tuple[str, ...], int]],
                                                         tuple[str, ...], int, int]:
            """Each option (its cards small, its words wrapped under them), the
            title, the title's height and the whole list's, at ``width``."""
            laid = []
            for m, label in zip(self.moves, self.labels):
                cards = _in_words_order(cards_of(m.takes) + ([m.card] if m.card >= 0 else []), label)
                words = theme.wrap(label, fs, width - text_x - pad, bold=True)  # as the line in focus is drawn
                laid.append((cards if pictures else [], words,
                             (ch + pad // 2 if pictures else 0) + len(words) * line + pad))
            title = theme.wrap(self.title, geo.fs, width - 2 * pad, bold=True)
            head = len(title) * round(geo.fs * 1.3) + pad // 2
            return laid, title, head, pad + head + sum(r[2] for r in laid) + foot

        # As wide as its words need (it stood 750 px wide for three short lines, over the
        # cards it asked about); a long list narrower, to stand beside them.
        about = self.about()
        area = geo.play.inflate(-2 * geo.m, -2 * geo.m)
        widest = min(geo.play.width - 4 * geo.m, round(fs * 24))
        widths = [widest] + sorted((room - geo.m for room in (area.right - about.right, about.left - area.left)
                                    if round(fs * 15) <= room - geo.m < widest), reverse=True)
        # A list too long for the window with its small cards goes without them (its words
        # name the cards), and scrolls if it is still too long: squeezed, its words ran
        # over one another and Cancel fell off the screen.
        pictures = measure(widest, True)[3] <= tallest
        tried = []
        clear = max(about.top - area.top, area.bottom - about.bottom) - geo.m  # above or below the cards
        # Whole at each width first (beside the cards, narrower), with its small cards and then
        # without (their words name the cards); only then shorter, scrolling, above or below
        # the cards it is about, rather than standing over some of them (at 1920x1080 it hid
        # two of seven); never a mere row or two (so, at the smallest window, a long list
        # still stands over some of them). (Shorter at the widest first, it scrolled with room
        # beside the cards for every row; shorter with its small cards, some 150 px a row, it
        # showed one row of five over empty room.)
        passes = ([(False, True)] if pictures else []) + [(False, False), (True, False)]
        for shorter, pics in passes:
            for width in widths:
                laid, title, head, height = measure(width, pics)
                h = min(height, tallest)
                if shorter:
                    if not height > clear >= pad + head + foot + 5 * (line + pad):
                        continue  # (whole, it was tried above)
                    h = clear
                box = self.place((width, h))
                tried.append((self.hides(box, about), box, laid, title, head, height))
                if tried[-1][0] == (0, 0, 0):
                    break
            if tried and tried[-1][0] == (0, 0, 0):
                break
        _, box, laid, title, head, height = min(tried, key=lambda t: t[0])  # the widest of the best
        self.box = box
        # The cards it is about, lit above the dimming; those the meaning in focus
        # takes framed in gold (all were alike: the words alone told which took what).
        taken = 0
        for m in self.moves:
            taken |= m.takes
        focused = self.moves[self.focus].takes if self.focus < len(self.moves) else 0
        lit: list[pygame.Rect] = []
        for it in self.stage.items:
            if it.mask & taken:
                top = None
                for c, spot in it.spots.items():
                    surface.blit(card_face(c, round(spot.w), self.app.settings.four_colour),
                                 (round(spot.x), round(spot.y)))
                    top = pygame.Rect(round(spot.x), round(spot.y), round(spot.w), round(spot.w * RATIO))
                    lit.append(top)
                if it.mask & focused:
                    outline(surface, it.rect.inflate(4, 4), theme.GLOW, 3)
                else:
                    outline(surface, it.rect, theme.TARGET, 2)
                if it.build is not None and top is not None:  # its value, which the cards alone hid
                    # Over the outline, as the table draws it (drawn under, its line struck the number).
                    value_chip(surface, it.build, top, self.stage.pos.rules.trailing_royals)
        # And the card played, where it was dropped, over them (the lit table cards
        # hid it, dimmed, but for a dark sliver).
        played = self.where() if self.card >= 0 else None
        if played is not None:
            w = round(played.w)
            at = aside(pygame.Rect(round(played.x), round(played.y), w, round(w * RATIO)), lit, box,
                       self.stage.geo.play)
            surface.blit(card_face(self.card, w, self.app.settings.four_colour), at.topleft)
        surface.blit(theme.dialog_box(box.size, 14), box.topleft)
        y = box.y + pad
        for ln in title:
            t = theme.text(ln, geo.fs, theme.GOLD, bold=True)
            surface.blit(t, (box.x + pad, y))
            y += round(geo.fs * 1.3)
        y += pad // 2
        # The rows shown: from ``first``, as many as the box holds, the one in focus among them.
        space = box.bottom - foot - y
        heights = [r[2] for r in laid]
        if self.wheeled:
            # (Moving the rows back to the focus undid the wheel: up stopped short of the top.)
            self.wheeled = False
            last, used = self.first, 0
            for i in range(self.first, len(laid)):
                if used + heights[i] > space:
                    break
                used, last = used + heights[i], i
            if self.focus < len(laid):
                self.focus = min(max(self.focus, self.first), last)
        self.first = min(self.first, self.focus if self.focus < len(laid) else self.first)
        if self.focus < len(laid):
            while sum(heights[self.first:self.focus + 1]) > space and self.first < self.focus:
                self.first += 1
        while self.first > 0 and sum(heights[self.first - 1:]) <= space:
            self.first -= 1  # (a bigger window: the rows above come back)
        self.scrolls = self.first > 0 or sum(heights[self.first:]) > space
        self.rows = [pygame.Rect(0, 0, 0, 0)] * len(laid)
        last = self.first - 1
        for i in range(self.first, len(laid)):
            cards, words, row_h = laid[i]
            if y + row_h > box.bottom - foot + 1:
                break
            last = i
            row = pygame.Rect(box.x + pad // 2, y, box.width - pad, row_h - pad // 2)
            self.rows[i] = row
            hot = i == self.focus
            surface.blit(theme.rounded_box(row.size, (theme.BUTTON_HOT if hot else theme.BUTTON) + (235,),
                                           8, (theme.GLOW if hot else theme.PANEL_LINE) + (255,), 2 if hot else 1),
                         row.topleft)
            # (Gold on the lit row of the green cloth read at 3.5:1: in ink there.)
            n = theme.text(f"{i + 1}.", fs, theme.INK if hot else theme.GOLD, bold=True)
            surface.blit(n, (row.x + pad // 2, row.y + pad // 2))
            for j, c in enumerate(cards):
                surface.blit(card_face(c, cw, self.app.settings.four_colour),
                             (box.x + text_x + j * fan, row.y + pad // 2))
            yy = row.y + pad // 2 + (ch + pad // 4 if cards else 0)
            for ln in words:
                surface.blit(theme.text(ln, fs, theme.INK, bold=hot), (box.x + text_x, yy))
                yy += line
            y += row_h
        self.cancel_rect = pygame.Rect(box.x + pad // 2, box.bottom - foot, box.width - pad,
                                       max(line + pad // 2, CANCEL_LEAST))
        hot = self.focus == len(self.moves)
        # How many more each way, with the way to scroll ("2 below" said neither what nor how).
        more = ([f"{self.first} more \u25b2"] if self.first > 0 else []) + (
            [f"{len(laid) - 1 - last} more \u25bc"] if last < len(laid) - 1 else [])
        said = " · ".join(["Cancel (Esc)"] + more)
        if hot:  # framed as a row in focus is (bold alone was hard to see from the keyboard)
            surface.blit(theme.rounded_box(self.cancel_rect.size, theme.BUTTON_HOT + (235,), 8, theme.GLOW + (255,), 2),
                         self.cancel_rect.topleft)
        # (Smaller before cut: beside the cards, "Cancel (Esc) · 1 above · 1…".)
        t = theme.shrink_text(said, fs, self.cancel_rect.width - 4, theme.INK if hot else theme.DIM, bold=hot,
                              least=0.75)
        surface.blit(t, t.get_rect(center=self.cancel_rect.center))


def _in_words_order(cards: list[int], label: str) -> list[int]:
    """The option's small cards in the order its words name them ("Capture
    4♦+3♥+A♣" over 4♦ 3♥ A♣, not the pack's order); any not named, after."""
    def place(c: int) -> tuple[int, int]:
        at = label.find(card_symbol(c))
        return (at if at >= 0 else len(label), cards.index(c))
    return sorted(cards, key=place)


def aside(card: pygame.Rect, lit: list[pygame.Rect], box: pygame.Rect, area: pygame.Rect) -> pygame.Rect:
    """Where the card played is drawn over the lit table cards: where it was
    dropped; but dropped square on one of them, which it hid, a little aside,
    away from the list ``box`` (nudged under it, its corner was hidden instead),
    and kept within ``area``, the play area."""
    if not any(card.clip(r).width * card.clip(r).height > card.width * card.height // 2 for r in lit):
        return card
    w = card.width
    ways = [card.move(dx, round(w * 0.2)).clamp(area) for dx in (round(w * 0.35), -round(w * 0.35))]
    return min(ways, key=lambda r: (r.clip(box).width * r.clip(box).height, ways.index(r)))
