"""The rules screen: the groups of sections down the left, the chosen
section's text and examples on the right, scrolled when long."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from cassino.rules import InvalidRulesError, Rules

from ..app import App, Scene
from ..art import theme
from ..options import rules_in_words
from ..widgets import dim
from .page import Op, draw_ops, lay_out_example, lay_out_text
from .text import GROUPS, SECTIONS, VARIANTS, RuleOptions


class Page(NamedTuple):
    """A section laid out: what to draw, and how tall it is."""

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
        """The group of the section shown (the section list is headed by groups)."""
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
        fs = theme.px(size, 24, 13)
        small = theme.px(size, 19, 11)
        margin = theme.px(size, 24, 8)
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
            y = lay_out_text(section, f.fs, f.text.width, ops)
            for shown in section.examples:
                y += lay_out_example(shown, size, f.text.width, y, ops) + round(f.fs * 0.7)
            if section.examples:
                y -= round(f.fs * 0.7)  # no gap under the last one
            self._pages[key] = Page(ops, y)
        return self._pages[key]

    def max_scroll(self) -> int:
        """How far the section's page can scroll before its end is at the bottom."""
        return max(0, self.page(self.section).height - self.frame().text.height)

    # -- input -------------------------------------------------------------------------------

    def choose(self, index: int) -> None:
        """Show section ``index`` (wrapping round), from its top."""
        self.section = index % len(SECTIONS)
        self.scroll = 0

    def choose_group(self, step: int) -> None:
        """The first section of the next (or previous) group."""
        g = (GROUPS.index(self.group) + step) % len(GROUPS)
        self.choose(next(i for i, s in enumerate(SECTIONS) if s.group == GROUPS[g]))

    def scroll_by(self, dy: int) -> None:
        """Scroll the page by ``dy`` pixels, within its length."""
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
        """Keys, the wheel and clicks: sections and their groups, scrolling the page, and leaving."""
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
        """The box: title, the section list, and the section's page with its examples."""
        dim(surface, 235)
        f = self.frame()
        fs, small, box = f.fs, f.small, f.box
        surface.blit(theme.dialog_box(box.size), box.topleft)
        t = theme.text("Rules of Cassino", round(fs * 1.5), theme.GOLD, bold=True)
        title = t.get_rect(midleft=(box.x + round(fs * 0.9), f.close.centery))
        surface.blit(t, title)
        if self.game_rules is not None:
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
    crowd = players is not None and players >= 5  # five or six: their own page
    for i in matching:  # the section for this many players first (five and six players)
        if SECTIONS[i].players == players or crowd and SECTIONS[i].players >= 5:
            return i
    if matching:
        return matching[0]
    chosen = rules.to_json()
    # A custom game: the variant whose own options it plays, the most of its
    # options (Royal values with aces 14: that variant's page, not Royal's),
    # or its first option's page.
    # (Each option the variant sets otherwise counts against it: Draw with spade points opened
    # Spade Cassino's page, a game to 61, where its name and header said Draw Cassino.)
    within = [(sum(1 if chosen.get(k) == v else -1 for k, v in o.items()), -i) for i, s in enumerate(SECTIONS)
              if s.group == VARIANTS for o in s.options if o and all(chosen.get(k) == o.get(k) for k in s.shown())]
    if within:
        return -max(within)[1]
    if crowd:  # the game of five or six players, whatever its options
        return next(i for i, s in enumerate(SECTIONS) if s.players >= 5)
    for key, value in chosen.items():
        for i, s in enumerate(SECTIONS):
            if any(key in o and o[key] == value for o in s.options):
                return i
    return 0


def _same(options: RuleOptions, rules: Rules) -> bool:
    try:
        return Rules.from_json(options) == rules
    except InvalidRulesError:
        return False
