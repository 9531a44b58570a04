"""The title screen: Continue, Play, New game, Rules, Settings, Statistics,
Quit; and the notice of any file of the player's that had to be set aside."""

from __future__ import annotations

from typing import Protocol

import pygame

from cassino.rules import parse_card
from cassino.store import LOST, SAVED_GAME, SETTINGS, SOME_SETTINGS_LOST, STATS, KeptGame, Store

from ..app import App, Scene
from ..art import theme
from ..art.cards import card_face
from ..art.cloth import heading
from ..rulebook.screen import RulesScene
from ..options import rules_in_words
from ..widgets import Item, Menu
from .settings import ABOUT as SETTINGS_ABOUT
from .settings import SettingsScene
from .stats import StatsScene


class TitleRoutes(Protocol):
    """Where the title's choices lead (``cassino.ui.screens`` knows)."""

    def play(self, level: str) -> None:
        """A quick standard game against one computer player of ``level``."""

    def new_game(self) -> None:
        """The setup of a new game."""

    def resume(self) -> bool:
        """The saved game; False if it could not be read (it is set aside)."""


def kept_game_words(store: Store) -> str:
    """What Continue brings back, with the kept game's score when its file says it plainly."""
    kept, facts = store.kept_game()
    # Which game, for a player of several kinds ("your game as you left it" named none).
    # (The score first: a long custom game's name is cut at the line's end.)
    # (Its round where the position says it: only games of fixed rounds do.)
    of = "" if facts is None else \
        f" ({rules_in_words(facts.rules, facts.players)}{_round_words(facts)}{', practice' if facts.practice else ''})"
    if store.behind:  # the later moves could not be written (a full disk, a read-only folder)
        return (f"Back to your game as last saved{': ' + kept if kept else ''}{of} "
                "(its later moves could not be saved)")
    return f"Back to your game as you left it: {kept}{of}" if kept else f"Back to the game you left{of}, where you left it"


def _round_words(facts: KeptGame) -> str:
    """", round 2 of 12", or ", round 1 of 12 over" where Continue opens on that round's sheet."""
    if facts.round is None:
        return ""
    of = f" of {facts.rules.rounds}" if facts.rules.rounds else ""
    return f", round {facts.round - 1}{of} over" if facts.between else f", round {facts.round}{of}"


class TitleScene(Scene):
    """Cassino's front door."""

    def __init__(self, app: App, routes: TitleRoutes):
        super().__init__(app)
        self.routes = routes
        self.menu = Menu([], self.escape)
        self.notices_top = 0  # where the lines under the menu begin, as last drawn
        self.refresh()

    def refresh(self) -> None:
        """The menu again: Continue only while a game is kept."""
        app = self.app
        items = []
        if app.store is not None and app.store.has_game():
            items.append(Item("Continue", self.resume, kept_game_words(app.store)))
        # The level chosen last in a new game's setup (a newcomer who chose the
        # Beginner there meets the Beginner here too); the Intermediate at first.
        level = app.store.load_setup().level if app.store is not None else "intermediate"
        items += [
            Item("Play", lambda: self.routes.play(level),
                 f"The standard game: you against one {level.capitalize()} computer player"),
            Item("New game", self.routes.new_game, "Choose the players, their levels and the rules"),
            Item("Rules", lambda: app.push(RulesScene(app)),
                 "How to play, with examples, and what each option changes"),
            Item("Settings", lambda: app.push(SettingsScene(app)), SETTINGS_ABOUT),
            Item("Statistics", lambda: app.push(StatsScene(app)),
                 "Games won and lost, streaks, your best round, sweeps and recent results"),
            Item("Quit", self.quit, "Close Cassino; a game in progress is kept for Continue"),
        ]
        self.menu.items = items
        self.menu.focus = 0

    def resume(self) -> None:
        """Continue: back to the saved game, or the menu without it if it had to be set aside."""
        if not self.routes.resume():  # set aside: the notice says why
            self.refresh()

    def escape(self) -> None:
        """Esc: to Quit first, then Quit. Esc after Esc leaves a menu above the
        title; one press too many should not close the game."""
        last = len(self.menu.items) - 1
        if self.menu.focus == last:
            self.quit()
        else:
            self.menu.focus = last

    def quit(self) -> None:
        """Quit: close the window (a game in progress is already saved)."""
        self.app.running = False

    def handle(self, event: pygame.event.Event) -> None:
        """Input goes to the menu."""
        self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The game's name, a fan of cards, the menu, the focused item's hint and any file notices."""
        w, h = self.app.size
        small = theme.px((w, h), 22, 12)
        fs = theme.px((w, h), 30, 15)
        # The bottom lines first: the focused item's hint, while nothing covers
        # the menu (below a box it would peek out, half hidden), and the files
        # that had to be set aside, said plainly, once, on the way in. The menu
        # makes room for them.
        hint = self.menu.items[self.menu.focus].hint
        problems = shown_notices(self.app.store.problems if self.app.store is not None else [])
        lines = [theme.text(ln, small, theme.WARN) for p in problems for ln in theme.wrap(p, small, w - 40)]
        kept = 0
        if hint and self.app.top is self:
            lines.append(theme.fit_text(hint, small, w - 40, theme.DIM))
        elif hint:
            # Its room kept, under a box: the menu behind it stays where it was (without
            # it the fan came back, the buttons moved down and the notices with them).
            kept = theme.font(small).get_height() + 3
        bottom = h - fs // 2 - sum(t.get_height() + 3 for t in lines) - kept

        y = heading(surface, self.app.settings.table_colour) + round(h * 0.03)
        # The two casinos and the aces, fanned under the title; left out when
        # the notices need its room.
        cw = max(40, round(h * 0.1))
        n = len(self.menu.items)
        need = round(fs * 2.0) * n + round(fs * 0.45) * (n - 1)
        top = y + round(cw * 1.6) + round(h * 0.03)
        if bottom - top - fs // 2 < need:
            top = y
        else:
            self._fan(surface, y, cw)
        room = bottom - top - fs // 2
        if room < need:  # smaller buttons, down to a floor; past it the menu scrolls
            fs = max(12, fs * room // need)
        self.menu.layout((w // 2, top + room // 2), round(min(max(w * 0.26, 300), 520)), fs, room)
        self.menu.draw(surface)
        y = self.notices_top = bottom
        placed = []
        for t in lines:
            y += 3
            placed.append((t, t.get_rect(midtop=(w // 2, y))))
            y += t.get_height()
        theme.backed_block(surface, placed, small // 3)  # (grey on the cloth read at 4.1:1)

    def _fan(self, surface: pygame.Surface, y: int, cw: int) -> None:
        w = self.app.size[0]
        fan = ["AS", "2S", "TD", "AH", "AD"]
        x0 = w // 2 - round(cw * 0.62 * (len(fan) - 1) / 2) - cw // 2
        for i, c in enumerate(fan):
            face = pygame.transform.rotozoom(card_face(parse_card(c), cw, self.app.settings.four_colour),
                                             (len(fan) // 2 - i) * 6, 1.0)
            surface.blit(face, face.get_rect(center=(x0 + round(i * cw * 0.62) + cw // 2,
                                                     y + round(cw * 0.7) + abs(i - 2) * cw // 10)))


def shown_notices(problems: list[str]) -> list[str]:
    """The file notices the title has room for: all of up to four; else the
    three that lose most, and where the others are (the statistics' loss was
    among those left out, behind two lesser ones)."""
    if len(problems) <= 4:
        return problems
    first = sorted(problems, key=_weight)[:3]
    return [p for p in problems if p in first] + [f"{len(problems) - 3} more notices are in cassino.log, "
                                                  f"in your folder."]


def _weight(notice: str) -> int:
    """How much a file notice loses for the player, the most first: the
    statistics and the game in progress, then the settings, then the rest."""
    if notice.startswith((LOST[STATS], LOST[SAVED_GAME], "The statistics could not be saved",
                          "The game could not be saved")):
        return 0
    return 1 if notice.startswith((LOST[SETTINGS], SOME_SETTINGS_LOST, "The settings")) else 2
