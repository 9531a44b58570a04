"""The end of a round: the score sheet, item by item, and the totals; then
the next round, or the end of the game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from cassino.rules import RoundEnd

from ..app import App, Scene
from ..art import theme
from ..widgets import Item, Menu, dim
from .pause import PauseScene
from .summary import ending_lines, round_rows

if TYPE_CHECKING:
    from .scene import TableScene


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
            items = [Item("Play again", table.play_again), Item("Back to title", table.leave)]
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
            return f"{table.names.wins(game.winner)} the game!"
        n = self.result.round if self.result is not None else game.round_number
        rounds = game.rules.rounds
        return f"Round {n}{f' of {rounds}' if rounds is not None and n <= rounds else ''} over"

    def story(self) -> list[str]:
        """How a game ended inside a round, in words (nothing after a round's end)."""
        table, game = self.table, self.table.game
        ending = table.ending
        if self.result is not None or ending is None:
            return []
        teams = [table.names.team(t) for t in range(len(table.pos.teams))]
        return ending_lines(game.rules, ending, [s.name for s in table.seats], teams, table.pos.team_of,
                            game.totals)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 160)
        table = self.table
        game = table.game
        w, h = self.app.size
        fs = theme.px(self.app.size, 24, 13)
        teams = table.pos.teams
        names = [" & ".join(table.seats[s].name for s in team) for team in teams]
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
