"""Scenes drawn over the table: the move chooser, the pause menu, settings,
the rules, and the end of a round."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from cassino.rules import RoundResult
from cassino.settings import AI_DELAYS, CARD_BACKS, SPEEDS, TABLE_COLOURS, VOLUMES

from . import theme
from .app import App, Scene
from .layout import px
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
        max_menu = size[1] - head - extra - 4 * fs
        area = self.menu.layout((0, 0), width - 2 * fs, item_px, max_menu)
        height = head + extra + area.height + 2 * fs
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


class ChooserScene(Overlay):
    """Several legal meanings: the player picks one, or cancels."""

    def __init__(self, app: App, title: str, labels: list[str], pick: Callable[[int], None],
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
                                  "Everyone else, please look away: your cards stay hidden.")):
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

        items = [Item("Resume", resume), Item("Rules", lambda: app.push(RulesScene(app))),
                 Item("Settings", lambda: app.push(SettingsScene(app, table))),
                 Item("Quit to title", quit_to_title)]
        super().__init__(app, "Paused", items, resume)


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
        self.menu.items = [Item(label, act) for label, act in zip(labels, self.actions)] + \
            [Item("Back", lambda: self.app.pop(self))]
        self.menu.focus = focus


RULES_TEXT = """Aim: capture cards. The first side to 21 points wins.

Each player gets four cards, two at a time, and four go face up on the table. When every hand is empty, four more each, until the stock is gone; the last deal is announced.

On your turn play one card from your hand:
• Capture: take table cards of the same rank, or numeral cards that add up to your card's value (ace 1, numerals at face value). Several groups can be taken at once. Court cards take only their own rank.
• Build: put your card on table cards to make a total you can capture with a card still in your hand, e.g. put a 3 on a 5 while holding an 8. A multiple build holds several groups of the same total ("8s"). Anyone may capture a build with its value; a single build may be raised by adding a card, unless it is a multiple build.
• Trail: put the card face up on the table. You may not trail while you control a build.

Taking every card from the table is a sweep. When the last card is played, the cards left on the table go to whoever captured last.

Scoring each round: most cards 3, most spades 1, big casino (10♦) 2, little casino (2♠) 1, each ace 1, each sweep 1 (when sweeps count).

Examples. You hold an 8; the table has 8♦, 6♣ and 2♦: the 8 captures all three (8♦, and 6♣+2♦). You hold a 3 and a 9; the table has a 6: put the 3 on the 6 to build 9, and capture it with your 9 next turn, unless someone takes it first. A build of 8 with another 8 beside it can be made into eights (multiple): a single 8 then takes both.

Options (chosen in New game):
• Sweeps: 1 point (standard), 2 points, or nothing.
• Court cards take all of a rank: a king takes every king on the table at once, not just one.
• Build control: Hoyle (standard: no trailing while you control a build, and keep its card); permissive (a controller may trail); answer (on your next turn you must capture your build, add to it or raise it); strict (no trailing, one build of a value each, and another's build can be taken over only by raising it).
• Royal: jack 11, queen 12, king 13, and court cards add up and build like numerals (a 6 and a 7 make a king). No sweeps by default.
• Royal, aces 1 or 14: an ace from your hand may capture as 14 (say, a 6 and an 8).
• Game to 11, 21 or 31 points.

At the table: drag a card onto a table item to capture it or build on it, or onto the cloth to trail. Or click table items to select them, then click a card in your hand. Keyboard: arrows or Tab move, Space selects, Enter plays, Esc clears or pauses, H asks for a hint."""


class RulesScene(Scene):
    """The rules in short, scrollable."""

    opaque = False

    def __init__(self, app: App):
        super().__init__(app)
        self.scroll = 0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_BACKSPACE):
                self.app.pop(self)
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll += 3 if event.key == pygame.K_PAGEDOWN else 1
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll = max(0, self.scroll - (3 if event.key == pygame.K_PAGEUP else 1))
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 190)
        w, h = self.app.size
        fs = px(self.app.size, 24, 13)
        box = pygame.Rect(0, 0, min(w - 40, max(600, w * 0.55)), h - 60)
        box.center = (w // 2, h // 2)
        surface.blit(theme.rounded_box(box.size, theme.PANEL + (250,), 16, theme.PANEL_LINE + (255,), 2), box.topleft)
        t = theme.text("Rules of Cassino", round(fs * 1.4), theme.GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(box.centerx, box.y + fs)))
        lines = theme.wrap(RULES_TEXT, fs, box.width - 2 * fs)
        line_h = round(fs * 1.35)
        top = box.y + round(fs * 3.2)
        fit = (box.bottom - fs * 2 - top) // line_h
        self.scroll = min(self.scroll, max(0, len(lines) - fit))
        for i, ln in enumerate(lines[self.scroll:self.scroll + fit]):
            surface.blit(theme.text(ln, fs, theme.INK), (box.x + fs, top + i * line_h))
        more = "Scroll for more · " if len(lines) > fit else ""
        t = theme.text(f"{more}Esc or click to close", round(fs * 0.85), theme.DIM)
        surface.blit(t, t.get_rect(midbottom=(box.centerx, box.bottom - fs // 2)))


ITEM_NAMES = (("Cards", "cards", "most_cards"), ("Spades", "spades", "most_spades"),
              ("Big casino (10♦)", None, "big_casino"), ("Little casino (2♠)", None, "little_casino"),
              ("Aces", None, "aces"), ("Sweeps", "sweeps", "sweep_points"))


class RoundOverScene(Scene):
    """The round's points, item by item, and the totals; then the next round or the end."""

    opaque = False

    def __init__(self, app: App, table: TableScene, result: RoundResult):
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

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 160)
        table = self.table
        game = table.game
        w, h = self.app.size
        fs = px(self.app.size, 24, 13)
        teams = table.pos.teams
        names = [" & ".join(table.seats[s].name for s in team) for team in teams]
        col = max(round(fs * 6), max(theme.font(fs, True).size(n)[0] for n in names) + fs)
        label_w = round(fs * 11)
        width = min(w - 40, label_w + col * len(teams) + 2 * fs)
        line = round(fs * 1.45)
        height = round(fs * 4) + line * (len(ITEM_NAMES) + 3) + round(fs * (2.5 * len(self.menu.items) + 2))
        box = pygame.Rect(0, 0, width, height)
        box.center = (w // 2, h // 2)
        surface.blit(theme.rounded_box(box.size, theme.PANEL + (248,), 16, theme.PANEL_LINE + (255,), 2), box.topleft)
        if game.over and game.winner is not None:
            head = f"{names[game.winner]} win{'s' if names[game.winner] != 'You' else ''} the game!"
        else:
            head = f"Round {self.result.number} over"
        t = theme.text(head, round(fs * 1.4), theme.GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(box.centerx, box.y + fs)))
        y = box.y + round(fs * 3.2)
        x0 = box.x + fs
        for i, n in enumerate(names):
            colour = theme.SEAT_COLOURS[teams[i][0] % 4]
            t = theme.fit_text(n, fs, col - fs // 2, colour, bold=True)
            surface.blit(t, (x0 + label_w + i * col, y))
        y += line
        for label, count, points in ITEM_NAMES:
            if points == "sweep_points" and not table.pos.rules.sweeps:
                continue
            surface.blit(theme.text(label, fs, theme.DIM), (x0, y))
            for i, score in enumerate(self.result.scores):
                value = getattr(score, points)
                shown = f"{getattr(score, count)} → {value}" if count else str(value)
                # Whoever scored the item is marked, so the winner of each reads at a glance.
                won = value > 0
                shown = ("★ " if won else "") + shown
                surface.blit(theme.text(shown, fs, theme.GOLD if won else theme.INK, bold=won),
                             (x0 + label_w + i * col - (theme.font(fs, True).size("★ ")[0] if won else 0), y))
            y += line
        pygame.draw.line(surface, theme.PANEL_LINE, (x0, y), (box.right - fs, y), 1)
        y += fs // 3
        for label, values in (("This round", [s.total for s in self.result.scores]), ("Game", self.result.totals)):
            surface.blit(theme.text(label, fs, theme.INK, bold=True), (x0, y))
            for i, v in enumerate(values):
                surface.blit(theme.text(str(v), fs, theme.GOLD, bold=True), (x0 + label_w + i * col, y))
            y += line
        menu_h = round(fs * (2.5 * len(self.menu.items)))
        self.menu.layout((box.centerx, box.bottom - fs - menu_h // 2), min(width - 2 * fs, round(fs * 14)), fs)
        self.menu.draw(surface)


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

    def lines(self) -> list[str]:
        s = self.stats
        if s is None or (not s.games and not s.rounds):
            return ["No games yet: statistics count games with one person at the table,",
                    "and not practice games (undo)."]
        out = [f"{k}: played {r.played}, won {r.won}, lost {r.lost}" for k, r in sorted(s.games.items())]
        out.append(f"Rounds {s.rounds} · average {s.average_round:.1f} points · best {s.best_round} · "
                   f"sweeps {s.sweeps}")
        return out

    def body(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        fs = px(self.app.size, 22, 13)
        y = box.y
        for line in self.lines():
            for ln in theme.wrap(line, fs, max(100, box.width)):
                surface.blit(theme.text(ln, fs, theme.INK), (box.x, y))
                y += round(fs * 1.4)
        return y - box.y + fs

    def box_width(self) -> int:
        w, _ = self.app.size
        return round(min(max(w * 0.5, 480), w - 40))
