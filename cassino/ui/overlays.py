"""Scenes drawn over the table: the move chooser, the pause menu, settings,
the rules, and the end of a round."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

import pygame

from cassino.rules import PRESET_LIST, InvalidRulesError, RoundEnd, Rules
from cassino.settings import AI_DELAYS, CARD_BACKS, SPEEDS, TABLE_COLOURS, VOLUMES, Settings

from . import theme
from .app import App, Scene
from .cardart import card_back, card_face
from .layout import px
from .rulebook import GROUPS, SECTIONS, Example, Pile, RuleOptions, Section, piles
from .widgets import Item, Menu, dim

if TYPE_CHECKING:
    from .table import TableScene


class Overlay(Scene):
    """A box over the scene below, with a title and a menu."""

    opaque = False

    def __init__(self, app: App, title: str, items: list[Item], cancel: Callable[[], None] | None,
                 numbered: bool = False):
        super().__init__(app)
        self.title = title
        self.menu = Menu(items, cancel)
        self.numbered = numbered
        self.cancel = cancel

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.cancel is not None:
            self.cancel()
            return
        self.menu.handle(event)

    def body(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        """Extra content under the title; returns the height used."""
        return 0

    def box_width(self) -> int:
        w, _ = self.app.size
        return round(min(max(w * 0.36, 420), w - 40))

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        size = self.app.size
        fs = px(size, 30, 15)
        width = self.box_width()
        title = theme.wrap(self.title, fs, width - 2 * fs, bold=True)
        head = len(title) * round(fs * 1.3) + fs
        probe = pygame.Rect(0, 0, width - 2 * fs, 0)
        extra = self.body(pygame.Surface((1, 1)), probe)
        item_px = px(size, 24, 14)
        # Under the buttons, a line or two saying what the one in focus does (room for the longest).
        small = px(size, 20, 12)
        hint_line = round(small * 1.35)
        hints = [theme.wrap(it.hint, small, width - 2 * fs) for it in self.menu.items if it.hint]
        hint_h = max((len(h) for h in hints), default=0) * hint_line + (fs // 2 if hints else 0)
        max_menu = size[1] - head - extra - hint_h - 4 * fs
        area = self.menu.layout((0, 0), width - 2 * fs, item_px, max_menu)
        height = head + extra + area.height + hint_h + 2 * fs
        box = pygame.Rect(0, 0, width, height)
        box.center = (size[0] // 2, size[1] // 2)
        surface.blit(theme.rounded_box(box.size, theme.PANEL + (245,), 16, theme.PANEL_LINE + (255,), 2),
                     box.topleft)
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


class ChooserScene(Overlay):
    """Several legal meanings: the player picks one, or cancels."""

    def __init__(self, app: App, title: str, labels: list[str], pick: Callable[[int], object],
                 cancelled: Callable[[], None]):
        def choose(i: int) -> Callable[[], None]:
            def act() -> None:
                self.app.pop(self)
                pick(i)
            return act

        def cancel() -> None:
            self.app.pop(self)
            cancelled()

        items = [Item(label, choose(i)) for i, label in enumerate(labels)] + [Item("Cancel", cancel)]
        super().__init__(app, title, items, cancel, numbered=True)
        self.labels = labels

    def box_width(self) -> int:
        w, _ = self.app.size
        longest = max(theme.font(px(self.app.size, 24, 14)).size(label)[0] for label in self.labels)
        return round(min(max(longest + 140, 420), w - 40))


class CoverScene(Scene):
    """Pass-and-play: the table is hidden until the named player is ready."""

    def __init__(self, app: App, name: str, ready: Callable[[], None]):
        super().__init__(app)
        self.name = name
        self.ready = ready

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return  # Esc is not "ready": a stray key must not show the hand, nor open menus over it
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or \
                (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)):
            self.app.pop(self)
            self.ready()

    def draw(self, surface: pygame.Surface) -> None:
        from .draw import felt

        w, h = self.app.size
        surface.blit(felt((w, h), w, self.app.settings.table_colour), (0, 0))
        big = px(self.app.size, 64, 28)
        t = theme.text(f"Pass to {self.name}", big, theme.GOLD, bold=True)
        surface.blit(t, t.get_rect(center=(w // 2, h // 2 - big)))
        small = px(self.app.size, 28, 15)
        for i, line in enumerate((f"{self.name}, click or press Enter when you are ready.",
                                  f"Everyone else, please look away: {self.name}'s cards come next.")):
            t = theme.text(line, small, theme.INK if i == 0 else theme.DIM)
            surface.blit(t, t.get_rect(center=(w // 2, h // 2 + round(small * 1.6 * (i + 0.5)))))


class PauseScene(Overlay):
    """Esc at the table: resume, rules, settings, quit to the title."""

    def __init__(self, app: App, table: TableScene):
        self.table = table

        def resume() -> None:
            app.pop(self)

        def quit_to_title() -> None:
            table.quit_to_title()

        items = [Item("Resume", resume),
                 Item("Rules", lambda: app.push(RulesScene(app, game_rules=table.game.rules,
                                                           players=table.game.players))),
                 Item("Settings", lambda: app.push(SettingsScene(app, table))),
                 Item("Quit to title", quit_to_title)]
        super().__init__(app, "Paused", items, resume)


def _either(values: tuple[str, ...]) -> str:
    """'instant, fast, normal or slow'."""
    return ", ".join(values[:-1]) + " or " + values[-1]


# What each setting does, in the order of the settings screen.
SETTING_HINTS = (f"How fast cards move: {_either(SPEEDS)}",
                 f"How long a computer player holds its card before playing it: {_either(AI_DELAYS)}",
                 "Spades black, hearts red, diamonds blue, clubs green: suits told apart at a glance",
                 f"The pattern on the backs of the cards: {_either(CARD_BACKS)}",
                 f"The colour of the cloth: {_either(TABLE_COLOURS)}",
                 "Full screen or a window; F11 switches at any time",
                 "Off, or the volume of the card sounds",
                 "Ctrl+Z takes back your last move (alone against the computer); "
                 "such games are practice, not counted in the statistics")


class SettingsScene(Overlay):
    """Animation speed, the four-colour deck and full screen."""

    def __init__(self, app: App, table: TableScene | None = None):
        self.table = table
        st = app.settings

        def changed() -> None:
            app.save_settings()
            self.refresh()

        def cycle(name: str, options: tuple[str, ...]) -> Callable[[], None]:
            def act() -> None:
                setattr(st, name, options[(options.index(getattr(st, name)) + 1) % len(options)])
                changed()
            return act

        def toggle(name: str) -> Callable[[], None]:
            def act() -> None:
                setattr(st, name, not getattr(st, name))
                changed()
            return act

        def screen() -> None:
            app.toggle_fullscreen()
            self.refresh()

        def sound() -> None:
            # off -> 25% -> 50% -> 70% -> 100% -> off
            if not st.sound:
                st.sound, st.volume = True, VOLUMES[0]
            elif st.volume >= VOLUMES[-1]:
                st.sound = False
            else:
                st.volume = next(v for v in VOLUMES if v > st.volume)
            app.sounds.play("capture")
            changed()

        self.actions = [cycle("speed", SPEEDS), cycle("ai_delay", AI_DELAYS), toggle("four_colour"),
                        cycle("card_back", CARD_BACKS), cycle("table_colour", TABLE_COLOURS), screen, sound,
                        toggle("undo")]
        super().__init__(app, "Settings", [], lambda: app.pop(self))
        self.refresh()

    def refresh(self) -> None:
        st = self.app.settings
        labels = [f"Animation speed: {st.speed}", f"Computer move delay: {st.ai_delay}",
                  f"Four-colour deck: {'on' if st.four_colour else 'off'}", f"Card back: {st.card_back}",
                  f"Table colour: {st.table_colour}",
                  f"Display: {'full screen' if st.fullscreen else 'window'} (F11)",
                  f"Sound: {f'{round(st.volume * 100)}%' if st.sound else 'off'}",
                  f"Undo for practice (Ctrl+Z): {'on' if st.undo else 'off'}"]
        focus = self.menu.focus
        self.menu.items = [Item(label, act, hint) for label, act, hint in zip(labels, self.actions, SETTING_HINTS)] + \
            [Item("Back", lambda: self.app.pop(self), "Enter or click a line to change it; Esc goes back")]
        self.menu.focus = focus


# -- the rules screen --------------------------------------------------------------------

SUIT_RED = (255, 150, 140)  # ♥ and ♦ in running text, readable on the dark panel
EXAMPLE_BOX = (24, 60, 44)
_RED_SUITS = re.compile("([♥♦])")


class Op(NamedTuple):
    """One thing drawn on a rules page, placed in the page's own coordinates."""

    kind: str               # "text", "card", "back" (a card face down), "badge" or "box"
    rect: pygame.Rect
    text: str = ""
    size: int = 0           # the font's pixels
    bold: bool = False
    colour: theme.Colour = theme.INK
    card: int = -1


class Page(NamedTuple):
    ops: list[Op]
    height: int


class Frame(NamedTuple):
    """Where the parts of the rules screen go for one window size, showing one
    group of sections: a tab per group, the group's sections down the left."""

    box: pygame.Rect
    close: pygame.Rect
    tabs: list[tuple[str, pygame.Rect]]         # (group, place of its name in the list)
    rows: list[tuple[int, str, pygame.Rect]]    # (section index, title, place) of the group shown
    row_px: int
    pane: pygame.Rect        # the section's title and text
    text: pygame.Rect        # the scrolling part of the pane
    fs: int
    small: int


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
              at: tuple[int, int]) -> None:
    """Text with its red suits in red."""
    x, y = at
    for piece in _RED_SUITS.split(text):
        if piece:
            t = theme.text(piece, size, SUIT_RED if piece in "♥♦" else colour, bold)
            surface.blit(t, (x, y))
            x += t.get_width()


def _paragraphs(section: Section, fs: int, width: int, ops: list[Op]) -> int:
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


def _example(example: Example, size: tuple[int, int], width: int, top: int, ops: list[Op]) -> int:
    """Lay out one example (its cards, then what happens, beside them or under them);
    returns its height."""
    fs = px(size, 24, 13)
    small = px(size, 19, 11)
    line = round(fs * 1.45)
    cw = px(size, 60, 36)
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

    widths = [max(theme.font(small).size(label)[0],
                  sum(step(p) for p in g[:-1]) + pile_w(g[-1])) for label, g in groups]
    inner = width - 2 * pad
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
                px_ += step(p)
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
            surface.blit(theme.rounded_box(r.size, EXAMPLE_BOX + (255,), max(6, fs // 2),
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
                      (r.x, r.y + (r.height - theme.font(op.size, op.bold).get_height()) // 2))


def example_ops(example: Example, size: tuple[int, int], width: int) -> tuple[list[Op], int]:
    """One example of the rules laid out ``width`` wide: its ops and height."""
    ops: list[Op] = []
    height = _example(example, size, width, 0, ops)
    return ops, height


class RulesScene(Scene):
    """The rules: the groups of sections (the game, the variants, the custom
    options, the table) down the left, the open group's sections under its name, the
    chosen section's text and examples on the right, scrolling within the
    section when it is long. Opened from a game, it names that game's options
    at the top and opens at the section that explains them."""

    opaque = False

    def __init__(self, app: App, section: int = 0, game_rules: Rules | None = None,
                 players: int | None = None):
        super().__init__(app)
        self.game_rules = game_rules
        self.players = players
        if game_rules is not None and section == 0:
            section = section_for(game_rules, players)
        self.section = section
        self.scroll = 0          # pixels into the section's text
        self.hover: int | None = None
        self._frames: dict[tuple[tuple[int, int], str], Frame] = {}
        self._pages: dict[tuple[tuple[int, int], int], Page] = {}

    # -- geometry ----------------------------------------------------------------------------

    @property
    def group(self) -> str:
        return SECTIONS[self.section].group

    def frame(self, group: str | None = None) -> Frame:
        """The screen's parts with ``group``'s sections listed (the shown section's group by default)."""
        key = (self.app.size, group or self.group)
        if key not in self._frames:
            if len(self._frames) > 16:
                self._frames.clear()
            self._frames[key] = self._frame(*key)
        return self._frames[key]

    @staticmethod
    def _frame(size: tuple[int, int], group: str) -> Frame:
        w, h = size
        fs = px(size, 24, 13)
        small = px(size, 19, 11)
        margin = px(size, 24, 8)
        pad = round(fs * 0.9)
        list_w = max(theme.font(fs, True).size(s.title)[0] for s in SECTIONS) + round(fs * 1.6)
        box = pygame.Rect(0, 0, min(w - 2 * margin, list_w + round(fs * 46) + 3 * pad), h - 2 * margin)
        box.center = (w // 2, h // 2)
        head = round(fs * 1.5)
        close_label = "Close (Esc)"
        close = pygame.Rect(0, 0, theme.font(small, True).size(close_label)[0] + 2 * pad, round(head * 1.25))
        close.topright = (box.right - pad, box.y + pad // 2)
        body_top = close.bottom + pad // 2
        body_bottom = box.bottom - round(small * 1.8)
        # Down the left, each group's name; under the shown group's, its sections.
        group_h = round(fs * 1.7)
        most = max(sum(1 for s in SECTIONS if s.group == g) for g in GROUPS)
        item_h = min(round(fs * 1.75), (body_bottom - body_top - len(GROUPS) * group_h) // most)
        row_px = min(fs, max(10, round(item_h / 1.45)))
        tabs = []
        rows = []
        y = body_top
        for g in GROUPS:
            tabs.append((g, pygame.Rect(box.x + pad, y, list_w, group_h - 2)))
            y += group_h
            if g == group:
                for i, section in enumerate(SECTIONS):
                    if section.group == g:
                        rows.append((i, section.title, pygame.Rect(box.x + pad, y, list_w, item_h - 2)))
                        y += item_h
        pane = pygame.Rect(box.x + 2 * pad + list_w, body_top, box.right - pad - (box.x + 2 * pad + list_w),
                           body_bottom - body_top)
        heading = round(fs * 1.3 * 1.7)
        text = pygame.Rect(pane.x, pane.y + heading, pane.width - round(fs * 0.9), pane.height - heading)
        return Frame(box, close, tabs, rows, row_px, pane, text, fs, small)

    def page(self, index: int) -> Page:
        """Section ``index`` laid out for the window as it is now."""
        size = self.app.size
        key = (size, index)
        if key not in self._pages:
            if len(self._pages) > 64:
                self._pages.clear()
            f = self.frame()
            section = SECTIONS[index]
            ops: list[Op] = []
            y = _paragraphs(section, f.fs, f.text.width, ops)
            for example in section.examples:
                y += _example(example, size, f.text.width, y, ops) + round(f.fs * 0.7)
            if section.examples:
                y -= round(f.fs * 0.7)  # no gap under the last one
            self._pages[key] = Page(ops, y)
        return self._pages[key]

    def max_scroll(self) -> int:
        return max(0, self.page(self.section).height - self.frame().text.height)

    # -- input -------------------------------------------------------------------------------

    def choose(self, index: int) -> None:
        self.section = index % len(SECTIONS)
        self.scroll = 0

    def choose_group(self, step: int) -> None:
        """The first section of the next (or previous) group."""
        g = (GROUPS.index(self.group) + step) % len(GROUPS)
        self.choose(next(i for i, s in enumerate(SECTIONS) if s.group == GROUPS[g]))

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + dy))

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        for index, _, rect in self.frame().rows:
            if rect.collidepoint(pos):
                return index
        return None

    def _tab_at(self, pos: tuple[int, int]) -> str | None:
        for group, rect in self.frame().tabs:
            if rect.collidepoint(pos):
                return group
        return None

    def handle(self, event: pygame.event.Event) -> None:
        f = self.frame()
        line = round(f.fs * 1.45)
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop(self)
            elif key == pygame.K_UP or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
                self.choose(self.section - 1)
            elif key in (pygame.K_DOWN, pygame.K_TAB):
                self.choose(self.section + 1)
            elif key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.choose_group(1 if key == pygame.K_RIGHT else -1)
            elif key in (pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.scroll_by(f.text.height - line)
            elif key == pygame.K_PAGEUP:
                self.scroll_by(line - f.text.height)
            elif key == pygame.K_HOME:
                self.scroll = 0
            elif key == pygame.K_END:
                self.scroll = self.max_scroll()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 3 * line)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self._row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if f.close.collidepoint(event.pos):
                self.app.pop(self)
                return
            group = self._tab_at(event.pos)
            if group is not None:
                self.choose(next(i for i, s in enumerate(SECTIONS) if s.group == group))
                return
            index = self._row_at(event.pos)
            if index is not None:
                self.choose(index)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.app.pop(self)

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 235)
        f = self.frame()
        fs, small, box = f.fs, f.small, f.box
        surface.blit(theme.rounded_box(box.size, theme.PANEL + (250,), 16, theme.PANEL_LINE + (255,), 2), box.topleft)
        t = theme.text("Rules of Cassino", round(fs * 1.5), theme.GOLD, bold=True)
        title = t.get_rect(midleft=(box.x + round(fs * 0.9), f.close.centery))
        surface.blit(t, title)
        if self.game_rules is not None:
            from .words import rules_in_words

            room = f.close.x - title.right - 2 * fs
            t = theme.fit_text(f"This game: {rules_in_words(self.game_rules, self.players)}", small, room, theme.INK)
            surface.blit(t, t.get_rect(midright=(f.close.x - fs, f.close.centery)))
        hot = f.close.collidepoint(pygame.mouse.get_pos()) if pygame.mouse.get_focused() else False
        surface.blit(theme.rounded_box(f.close.size, (theme.BUTTON_HOT if hot else theme.BUTTON) + (235,),
                                       f.close.height // 4, theme.PANEL_LINE + (255,), 2), f.close.topleft)
        t = theme.text("Close (Esc)", small, theme.INK, bold=True)
        surface.blit(t, t.get_rect(center=f.close.center))
        # The groups' names: the one shown open, the others to click.
        for group, rect in f.tabs:
            current = group == self.group
            if not current:
                surface.blit(theme.rounded_box(rect.size, theme.BUTTON + (160,), rect.height // 4,
                                               theme.PANEL_LINE + (255,), 1), rect.topleft)
            t = theme.fit_text(("▾ " if current else "▸ ") + group, small, rect.width - fs,
                               theme.GOLD if current else theme.INK, bold=True)
            surface.blit(t, t.get_rect(midleft=(rect.x + fs // 3, rect.centery)))
        pygame.draw.line(surface, theme.PANEL_LINE, (box.x + fs, f.pane.y - 2), (box.right - fs, f.pane.y - 2), 1)

        # The group's sections; the one shown is lit.
        pad = round(fs * 0.5)
        for index, label, rect in f.rows:
            current = index == self.section
            if current or index == self.hover:
                fill = theme.BUTTON_HOT if current else theme.BUTTON
                edge = theme.GLOW if current else theme.PANEL_LINE
                surface.blit(theme.rounded_box(rect.size, fill + (235,), rect.height // 4, edge + (255,), 2),
                             rect.topleft)
            t = theme.fit_text(label, f.row_px, rect.width - 2 * pad, theme.INK if current else theme.DIM,
                               bold=current)
            surface.blit(t, t.get_rect(midleft=(rect.x + pad, rect.centery)))

        # The section: its title, then its text and examples, scrolled.
        section = SECTIONS[self.section]
        t = theme.fit_text(section.title, round(fs * 1.3), f.pane.width, theme.GOLD, bold=True)
        surface.blit(t, (f.pane.x, f.pane.y + round(fs * 0.3)))
        page = self.page(self.section)
        scroll = min(self.scroll, self.max_scroll())
        area = f.text
        clip = surface.get_clip()
        surface.set_clip(area)
        draw_ops(surface, page.ops, (area.x, area.y - scroll), area, fs, self.app.settings)
        surface.set_clip(clip)
        limit = self.max_scroll()
        if limit:
            # A scroll bar beside the text, and a word at the foot while more is below.
            track = pygame.Rect(area.right + round(fs * 0.35), area.y, max(4, fs // 4), area.height)
            pygame.draw.rect(surface, theme.BUTTON, track, border_radius=track.width // 2)
            thumb_h = max(fs, track.height * area.height // page.height)
            thumb = pygame.Rect(track.x, track.y + (track.height - thumb_h) * scroll // limit, track.width, thumb_h)
            pygame.draw.rect(surface, theme.GLOW, thumb, border_radius=track.width // 2)
            if scroll < limit:
                t = theme.text("more below ▾", small, theme.GOLD, bold=True)
                back = t.get_rect(bottomright=(area.right, area.bottom)).inflate(small, small // 2)
                surface.blit(theme.rounded_box(back.size, theme.PANEL + (240,), back.height // 3,
                                               theme.PANEL_LINE + (255,), 1), back.topleft)
                surface.blit(t, t.get_rect(center=back.center))
        keys = "← →: group  ·  ↑ ↓ or Tab: section  ·  wheel or PgUp / PgDn: scroll  ·  Esc: close"
        t = theme.fit_text(keys, small, box.width - 2 * fs, theme.DIM)
        surface.blit(t, t.get_rect(midbottom=(box.centerx, box.bottom - small // 3)))


def section_for(rules: Rules, players: int | None = None) -> int:
    """The rules section that explains a game's rules (for this many players):
    its variant's, or the first custom option's, or the first section."""
    matching = [i for i, s in enumerate(SECTIONS) if any(_same(o, rules) for o in s.options)]
    for i in matching:  # the section for this many players first (five players)
        if SECTIONS[i].players == players:
            return i
    if matching:
        return matching[0]
    for key, value in rules.to_json().items():  # a custom game: its first option's section
        for i, s in enumerate(SECTIONS):
            if any(key in o and o[key] == value for o in s.options):
                return i
    return 0


def _same(options: RuleOptions, rules: Rules) -> bool:
    try:
        return Rules.from_json(options) == rules
    except InvalidRulesError:
        return False


class RoundOverScene(Scene):
    """The round's points, item by item, and the totals; then the next round or
    the end. A game that a call or a sudden-death sweep ended inside a round
    (``result`` None) says how it ended, and the final scores."""

    opaque = False

    def __init__(self, app: App, table: TableScene, result: RoundEnd | None):
        super().__init__(app)
        self.table = table
        self.result = result
        game = table.game
        if game.over:
            items = [Item("Play again", lambda: table.restart()), Item("Back to title", table.quit_to_title)]
        else:
            items = [Item("Next round", self.next_round)]
        self.menu = Menu(items, None)

    def next_round(self) -> None:
        self.app.pop(self)
        self.table.next_round()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.push(PauseScene(self.app, self.table))
            return
        self.menu.handle(event)

    def heading(self) -> str:
        """'You win the game!', 'Round 3 of 8 over'."""
        table, game = self.table, self.table.game
        if game.over and game.winner is not None:
            name = table._team_name(game.winner)
            return f"{name} win{table._s(game.winner)} the game!"
        n = self.result.round if self.result is not None else game.round_number
        rounds = game.rules.rounds
        return f"Round {n}{f' of {rounds}' if rounds is not None and n <= rounds else ''} over"

    def story(self) -> list[str]:
        """How a game ended inside a round, in words (nothing after a round's end)."""
        table, game = self.table, self.table.game
        ending = table.ending
        if self.result is not None or ending is None:
            return []
        from .summary import ending_lines

        teams = [table._team_name(t) for t in range(len(table.pos.teams))]
        return ending_lines(game.rules, ending, [s.name for s in table.seats], teams, table.pos.team_of,
                            game.totals)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 160)
        table = self.table
        game = table.game
        w, h = self.app.size
        fs = px(self.app.size, 24, 13)
        teams = table.pos.teams
        names = [" & ".join(table.seats[s].name for s in team) for team in teams]
        from .summary import round_rows

        rows = round_rows(game.rules, self.result) if self.result is not None else []
        label_w = max(round(fs * 11), max((theme.font(fs).size(r.label)[0] for r in rows), default=0) + fs)
        col = max(round(fs * 5), max(theme.font(fs, True).size(n)[0] for n in names) + fs)
        col = min(col, max(round(fs * 4), (w - 40 - label_w - 2 * fs) // len(teams)))
        width = min(w - 40, max(label_w + col * len(teams) + 2 * fs, round(fs * 26)))
        line = round(fs * 1.45)
        story = [ln for text in self.story() for ln in theme.wrap(text, fs, width - 2 * fs)]
        totals_n = 2 if self.result is not None else 1
        height = (round(fs * 4) + line * (len(story) + len(rows) + totals_n + 1) + (fs if story else 0)
                  + round(fs * (2.5 * len(self.menu.items) + 1.5)))
        box = pygame.Rect(0, 0, width, min(height, h - 10))
        box.center = (w // 2, h // 2)
        surface.blit(theme.rounded_box(box.size, theme.PANEL + (248,), 16, theme.PANEL_LINE + (255,), 2), box.topleft)
        t = theme.fit_text(self.heading(), round(fs * 1.4), width - 2 * fs, theme.GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(box.centerx, box.y + fs)))
        y = box.y + round(fs * 3.2)
        x0 = box.x + fs
        for ln in story:
            surface.blit(theme.text(ln, fs, theme.INK), (x0, y))
            y += line
        if story:
            y += fs
        for i, n in enumerate(names):
            colour = theme.seat_colour(teams[i][0])
            t = theme.fit_text(n, fs, col - fs // 2, colour, bold=True)
            surface.blit(t, (x0 + label_w + i * col, y))
        y += line
        star = theme.font(fs, True).size("★ ")[0]
        for row in rows:
            surface.blit(theme.text(row.label, fs, theme.DIM), (x0, y))
            for i, (shown, won) in enumerate(zip(row.cells, row.scored)):
                # Whoever scored the item is marked, so the winner of each reads at a glance.
                shown = ("★ " if won else "") + shown
                t = theme.fit_text(shown, fs, col - fs // 3 + (star if won else 0), theme.GOLD if won else theme.INK,
                                   bold=won)
                surface.blit(t, (x0 + label_w + i * col - (star if won else 0), y))
            y += line
        pygame.draw.line(surface, theme.PANEL_LINE, (x0, y), (box.right - fs, y), 1)
        y += fs // 3
        totals: list[tuple[str, Sequence[int]]] = [("Final score" if game.over else "Game", game.totals)]
        if self.result is not None:
            totals.insert(0, ("This round", self.result.points))
        for label, values in totals:
            surface.blit(theme.text(label, fs, theme.INK, bold=True), (x0, y))
            for i, v in enumerate(values):
                surface.blit(theme.text(str(v), fs, theme.GOLD, bold=True), (x0 + label_w + i * col, y))
            y += line
        menu_h = round(fs * (2.5 * len(self.menu.items)))
        self.menu.layout((box.centerx, box.bottom - fs - menu_h // 2), min(width - 2 * fs, round(fs * 14)), fs)
        self.menu.draw(surface)


class CallScene(Overlay):
    """A call for 21, confirmed first: your side's count as the rules reckon
    it (``cassino.rules.scoring.call_counts``), and what calling now does."""

    def __init__(self, app: App, count: int, score: int, target: int, call: Callable[[], object]):
        self.count, self.score, self.target = count, score, target
        enough = count >= target

        def go() -> None:
            app.pop(self)
            call()

        items = [Item("Call now", go, "End the game now: " + ("your side wins" if enough else "your side loses")),
                 Item("Keep playing", lambda: app.pop(self), "Back to the table without calling")]
        super().__init__(app, "Call for 21?", items, lambda: app.pop(self))
        self.menu.focus = 0 if enough else 1  # a losing call is never one key away

    def lines(self) -> list[tuple[str, theme.Colour]]:
        """What the box says: the count, then what a call would do."""
        made = self.count - self.score
        out = [(f"Your side counts {self.count}: {self.score} before this round, and {made} this round has "
                f"made certain (sweeps, casinos, aces, spade points; most cards or spades once past half).",
                theme.INK)]
        if self.count >= self.target:
            out.append((f"That reaches {self.target}: calling now wins the game.", theme.GOLD))
        else:
            out.append((f"That is {self.target - self.count} short of {self.target}. Calling short loses: "
                        f"the other side would win at once.", theme.WARN))
        return out

    def body(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        fs = px(self.app.size, 22, 13)
        line = round(fs * 1.35)
        y = box.y
        for text, colour in self.lines():
            for ln in theme.wrap(text, fs, box.width):
                t = theme.text(ln, fs, colour, bold=colour != theme.INK)
                surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
                y += line
            y += fs // 2
        return y - box.y


class StatsScene(Overlay):
    """Games won and lost per opponent and rules; points and sweeps per round."""

    def __init__(self, app: App):
        self.stats = app.store.load_stats() if app.store is not None else None

        def reset() -> None:
            def yes() -> None:
                if app.store is not None:
                    from cassino.stats import Stats

                    app.store.save_stats(Stats())
                    self.stats = Stats()
                app.pop(confirm)

            confirm = Overlay(app, "Reset all statistics? This cannot be undone.",
                              [Item("No, keep them", lambda: app.pop(confirm)), Item("Yes, reset", yes)],
                              lambda: app.pop(confirm))
            app.push(confirm)

        super().__init__(app, "Statistics", [Item("Back", lambda: app.pop(self)), Item("Reset…", reset)],
                         lambda: app.pop(self))

    def records(self) -> list[tuple[str, str, str, str, str]]:
        """One row per opponent and rules: against, rules, played, won, lost (as shown)."""
        if self.stats is None:
            return []
        out = []
        for key, r in sorted(self.stats.games.items()):
            against, _, rules = key.partition(" · ")
            out.append((" + ".join(level.capitalize() for level in against.split("+")), rules_words(rules),
                        str(r.played), str(r.won), str(r.lost)))
        return out

    def summary(self) -> str:
        s = self.stats
        if s is None or not s.rounds:
            return ""
        return (f"{s.rounds} round{'s' if s.rounds != 1 else ''} counted: {s.average_round:.1f} points a round "
                f"on average, {s.best_round} at best; {s.sweeps} sweep{'s' if s.sweeps != 1 else ''}.")

    def lines(self) -> list[str]:
        """What the screen says, as lines of text."""
        s = self.stats
        if s is None or (not s.games and not s.rounds):
            return ["No games yet: statistics count games with one person at the table,",
                    "and not practice games (undo)."]
        return [f"{a} · {r}: played {p}, won {w}, lost {lost}" for a, r, p, w, lost in self.records()] + \
            [self.summary()]

    def _columns(self, fs: int) -> list[int]:
        rows = [STATS_HEAD, *self.records()]
        return [max(theme.font(fs, bold=True).size(row[i])[0] for row in rows) for i in range(len(STATS_HEAD))]

    def body(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        fs = px(self.app.size, 22, 13)
        line = round(fs * 1.4)
        y = box.y
        records = self.records()
        if records:
            # A table: who against, which rules, then the counts, right-aligned.
            widths = self._columns(fs)
            gap = max(fs, (box.width - sum(widths)) // (len(widths) - 1)) if len(widths) > 1 else 0
            gap = min(gap, fs * 3)
            table_w = sum(widths) + gap * (len(widths) - 1)
            x0 = box.x + max(0, (box.width - table_w) // 2)
            for n, row in enumerate([STATS_HEAD, *records]):
                x = x0
                for i, (cell, w) in enumerate(zip(row, widths)):
                    colour = theme.GOLD if n == 0 else theme.INK
                    t = theme.fit_text(cell, fs, max(20, box.right - x), colour, bold=n == 0)
                    surface.blit(t, (x + (w - t.get_width() if i >= 2 else 0), y))
                    x += w + gap
                y += line
                if n == 0:
                    pygame.draw.line(surface, theme.PANEL_LINE, (x0, y - fs // 5), (x0 + table_w, y - fs // 5), 1)
            y += fs // 2
            texts = [self.summary()]
        else:
            texts = self.lines()
        for text in texts:
            for ln in theme.wrap(text, fs, max(100, box.width)):
                t = theme.text(ln, fs, theme.INK if records else theme.DIM)
                surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
                y += line
        return y - box.y + fs

    def box_width(self) -> int:
        w, _ = self.app.size
        fs = px(self.app.size, 22, 13)
        table = sum(self._columns(fs)) + 2 * fs * (len(STATS_HEAD) - 1) + 2 * px(self.app.size, 30, 15)
        return round(min(max(w * 0.5, 480, table), w - 40))


STATS_HEAD = ("Against", "Game", "Played", "Won", "Lost")
# The rule options as statistics named them before games were named by preset
# ('royal, sweeps 0'), in words.
_RULE_WORDS = {"royal": "Royal", "ace_14": "aces 1 or 14", "sweeps 0": "sweeps score nothing",
               "sweeps 2": "sweeps 2 points", "court_capture all": "court cards take all",
               "controller permissive": "permissive control", "controller answer": "answer your build",
               "controller strict": "strict builds"}


def rules_words(name: str) -> str:
    """A game as the statistics name it, in words: a preset's name stays as it
    is ('Royal'); a custom game's options ('controller=strict, target=11')
    become 'Strict builds, game to 11'; so do the older names ('ace_14, royal,
    sweeps 0' -> 'Royal, aces 1 or 14, sweeps score nothing')."""
    from .words import options_in_words, read_options, rules_in_words

    if name == "standard":
        return "Standard"
    options = read_options(name)
    if options is not None:
        try:
            return rules_in_words(Rules.from_json(options))
        except (InvalidRulesError, TypeError):
            return options_in_words(options)
    if "=" in name or name in {p.name for p in PRESET_LIST} or not name.islower():
        return name
    parts = [p.strip() for p in name.split(",")]
    words = [_RULE_WORDS.get(p, "game to " + p.split()[1] if p.startswith("target ") else p) for p in parts]
    words.sort(key=lambda w: w != "Royal")  # the preset first, its details after
    out = ", ".join(words)
    return out[:1].upper() + out[1:]
