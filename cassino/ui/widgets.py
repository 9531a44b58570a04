"""A vertical menu of buttons, worked by mouse and keyboard alike (the title
screen, the pause menu, settings and the move chooser all use it), and the
overlay: a box with a title and a menu over the scene below.

A button that chooses among values (a setting, a seat's level, the game)
steps both ways: Right, Enter or a click step on, Left or a click on its
left arrow step back, so the value before is one press away, not a lap."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from .app import App, Scene
from .art import theme


@dataclass
class Item:
    """A button: its words, what it does, and a line saying so; a choice
    among values also has ``back``, its step the other way."""

    label: str
    action: Callable[[], object]
    hint: str = ""
    back: Callable[[], object] | None = None


def choice(label: str, step: Callable[[int], object], hint: str) -> Item:
    """A button choosing among values: ``step(1)`` to the next, ``step(-1)`` to the one before."""
    return Item(label, lambda: step(1), hint, lambda: step(-1))


def arrow_zone(r: pygame.Rect) -> int:
    """How wide each end of a choice's button is where its arrows are (a click there steps)."""
    return r.height


class Menu:
    """Buttons in a column centred on ``centre``; ``focus`` follows the mouse and the arrows."""

    def __init__(self, items: list[Item], cancel: Callable[[], None] | None = None, numbered: bool = False):
        self.items = items
        self.cancel = cancel
        # Digits choose a line only where the lines show their numbers (in the
        # setup, typing "12" for a deal number stepped the players and a seat).
        self.numbered = numbered
        self.focus = 0
        # The item a press began on: a release acts only there (a press on the cloth, or held
        # through the round's end, released over "Next round", started the next round).
        self.pressed: int | None = None
        self.rects: list[pygame.Rect] = []
        self.px = 24
        self.scroll = 0
        self.visible = len(items)
        # The last ``pinned`` items (Start, Back) stay in view under a list that
        # scrolls: a list too long for the screen hid them at its end.
        self.pinned = 0

    def layout(self, centre: tuple[int, int], width: int, px: int, max_height: int | None = None) -> pygame.Rect:
        """Place the buttons; returns the rectangle they fill."""
        self.px = px
        h = round(px * 2.0)
        gap = round(px * 0.45)
        n = len(self.items)
        if max_height is not None:
            self.visible = max(1, min(n, (max_height + gap) // (h + gap)))
        else:
            self.visible = n
        pinned = min(self.pinned, self.visible - 1) if self.visible < n else 0
        body, rows = n - pinned, self.visible - pinned  # the items that scroll, and their rows
        if self.focus < body:
            self.scroll = min(max(self.scroll, self.focus - rows + 1), self.focus, max(0, body - rows))
        else:
            self.scroll = min(self.scroll, max(0, body - rows))
        total = self.visible * h + (self.visible - 1) * gap
        top = centre[1] - total // 2
        self.rects = []
        for i in range(n):
            row = i - self.scroll if i < body else rows + i - body
            r = pygame.Rect(0, 0, width, h)
            r.midtop = (centre[0], top + row * (h + gap))
            shown = 0 <= row < rows if i < body else True
            self.rects.append(r if shown else pygame.Rect(0, 0, 0, 0))
        box = pygame.Rect(0, 0, width, total)
        box.midtop = (centre[0], top)
        return box

    def handle(self, event: pygame.event.Event) -> bool:
        """Act on the event if it is for the menu; True if it was used."""
        if event.type == pygame.MOUSEMOTION:
            for i, r in enumerate(self.rects):
                if r.collidepoint(event.pos):
                    self.focus = i
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = next((i for i, r in enumerate(self.rects) if r.collidepoint(event.pos)), None)
            return self.pressed is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self.pressed = self.pressed, None
            for i, r in enumerate(self.rects):
                if r.collidepoint(event.pos) and i == pressed:
                    self.focus = i
                    item = self.items[i]
                    if item.back is not None and event.pos[0] < r.left + arrow_zone(r):
                        item.back()
                    else:
                        item.action()
                    return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.focus = max(0, min(len(self.items) - 1, self.focus - event.y))
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        back = self.items[self.focus].back if self.items else None
        if back is not None and key in (pygame.K_LEFT, pygame.K_RIGHT):
            if key == pygame.K_LEFT:
                back()
            else:
                self.items[self.focus].action()
        elif key in (pygame.K_UP, pygame.K_LEFT) or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
            self.focus = (self.focus - 1) % len(self.items)
        elif key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
            self.focus = (self.focus + 1) % len(self.items)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.items[self.focus].action()
        elif key == pygame.K_ESCAPE and self.cancel is not None:
            self.cancel()
        elif self.numbered and pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(self.items):
            self.focus = key - pygame.K_1
            self.items[self.focus].action()
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface, numbered: bool = False) -> None:
        """The buttons, the focused one lit, and a line saying which are shown when they scroll."""
        for i, (item, r) in enumerate(zip(self.items, self.rects)):
            if not r.width:
                continue
            hot = i == self.focus
            colour = theme.BUTTON_HOT if hot else theme.BUTTON
            border = theme.GLOW if hot else theme.PANEL_LINE
            surface.blit(theme.rounded_box(r.size, colour + (235,), r.height // 4, border + (255,),
                                           max(2, r.height // 16)), r.topleft)
            label = f"{i + 1}.  {item.label}" if numbered and i < 9 else item.label
            room = r.width - self.px
            if item.back is not None:
                _arrows(surface, r, theme.INK if hot else theme.DIM)
                room -= 2 * arrow_zone(r) - self.px
            t = theme.shrink_text(label, self.px, room, theme.INK, bold=hot)
            surface.blit(t, t.get_rect(center=r.center))
        if self.visible < len(self.items):
            n = len(self.items)
            pinned = min(self.pinned, self.visible - 1)
            more = theme.text(f"{self.scroll + 1}-{self.scroll + self.visible - pinned} of {n - pinned}  (scroll)",
                              max(12, self.px * 2 // 3), theme.DIM)  # (10 px read hard)
            last = max((r for r in self.rects if r.width), key=lambda r: r.bottom)
            surface.blit(more, more.get_rect(midtop=(last.centerx, last.bottom + 4)))


def _arrows(surface: pygame.Surface, r: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A choice's arrows, one at each end of its button: the value before, the value after."""
    half = max(3, r.height // 7)
    for sign, x in ((-1, r.left + arrow_zone(r) // 2), (1, r.right - arrow_zone(r) // 2)):
        tip = (x + sign * half, r.centery)
        wing = round(half * 1.2)
        points = [tip, (x - sign * half, r.centery - wing), (x - sign * half, r.centery + wing)]
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.aalines(surface, colour, True, points)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken what is already drawn, under an overlay."""
    shade = _shade(surface.get_size(), alpha)
    surface.blit(shade, (0, 0))


_shades: dict[tuple[tuple[int, int], int], pygame.Surface] = {}


def _shade(size: tuple[int, int], alpha: int) -> pygame.Surface:
    key = (size, alpha)
    if key not in _shades:
        if len(_shades) > 8:
            _shades.clear()
        s = pygame.Surface(size, pygame.SRCALPHA)
        s.fill((0, 0, 0, alpha))
        _shades[key] = s
    return _shades[key]


class Overlay(Scene):
    """A box over the scene below, with a title and a menu."""

    opaque = False

    def __init__(self, app: App, title: str, items: list[Item], cancel: Callable[[], None] | None,
                 numbered: bool = False):
        super().__init__(app)
        self.title = title
        self.menu = Menu(items, cancel, numbered)
        self.numbered = numbered
        self.cancel = cancel
        self.box = pygame.Rect(0, 0, 0, 0)  # where the box stands, once drawn

    def handle(self, event: pygame.event.Event) -> None:
        """A right click cancels; the rest goes to the menu."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.cancel is not None:
            self.cancel()
            return
        self.menu.handle(event)

    def body(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        """Extra content under the title; returns the height used."""
        return 0

    def box_width(self) -> int:
        """How wide the box is: about a third of the window."""
        w, _ = self.app.size
        return round(min(max(w * 0.36, 420), w - 40))

    def _frame(self) -> tuple[int, int, int, int]:
        """The title's height, the button size, the hint lines' height and
        the buttons' height when all are shown: what surrounds the body."""
        size = self.app.size
        fs = theme.px(size, 30, 15)
        width = self.box_width()
        head = len(theme.wrap_even(self.title, fs, width - 2 * fs, bold=True)) * round(fs * 1.3) + fs
        item_px = theme.px(size, 24, 14)
        # Under the buttons, a line or two saying what the one in focus does (room for the longest).
        small = theme.px(size, 20, 12)
        hints = [theme.wrap(it.hint, small, width - 2 * fs) for it in self.menu.items if it.hint]
        hint_h = max((len(h) for h in hints), default=0) * round(small * 1.35) + (fs // 2 if hints else 0)
        n = len(self.menu.items)
        menu_h = n * round(item_px * 2.0) + (n - 1) * round(item_px * 0.45)
        return head, item_px, hint_h, menu_h

    def body_room(self) -> int:
        """The most height the body may use with every button still shown whole."""
        head, _, hint_h, menu_h = self._frame()
        return self.app.size[1] - head - hint_h - menu_h - 4 * theme.px(self.app.size, 30, 15)

    def draw(self, surface: pygame.Surface) -> None:
        """The scene below dimmed, then the box: title, body, buttons, the focused button's hint."""
        dim(surface)
        size = self.app.size
        fs = theme.px(size, 30, 15)
        width = self.box_width()
        title = theme.wrap_even(self.title, fs, width - 2 * fs, bold=True)
        head, item_px, hint_h, _ = self._frame()
        probe = pygame.Rect(0, 0, width - 2 * fs, 0)
        extra = self.body(pygame.Surface((1, 1)), probe)
        small = theme.px(size, 20, 12)
        hint_line = round(small * 1.35)
        hints = any(it.hint for it in self.menu.items)
        max_menu = size[1] - head - extra - hint_h - 4 * fs
        area = self.menu.layout((0, 0), width - 2 * fs, item_px, max_menu)
        # As much room under the last line as over the title.
        height = head + extra + area.height + hint_h + fs + fs // 2
        box = self.box = pygame.Rect(0, 0, width, height)
        box.center = (size[0] // 2, size[1] // 2)
        surface.blit(theme.dialog_box(box.size), box.topleft)
        y = box.y + fs
        for ln in title:
            t = theme.text(ln, fs, theme.GOLD, bold=True)
            surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
            y += round(fs * 1.3)
        y += fs // 2
        used = self.body(surface, pygame.Rect(box.x + fs, y, box.width - 2 * fs, extra))
        y += used
        self.menu.layout((box.centerx, y + area.height // 2), width - 2 * fs, item_px, max_menu)
        self.menu.draw(surface, self.numbered)
        if hints:
            y += area.height + fs // 2
            for ln in theme.wrap(self.menu.items[self.menu.focus].hint, small, width - 2 * fs):
                t = theme.text(ln, small, theme.DIM)
                surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
                y += hint_line
