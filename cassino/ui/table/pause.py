"""Scenes over the table that wait for a decision: the pause menu (Esc),
and a call for 21, confirmed with the side's count."""

from __future__ import annotations

from collections.abc import Callable, Sequence
import pygame

from cassino.rules import Game, Rules

from ..app import App
from ..art import theme
from ..menus.settings import ABOUT as SETTINGS_ABOUT
from ..menus.settings import SettingsScene
from ..rulebook.screen import RulesScene
from ..widgets import Item, Overlay


def said_number(game: Game) -> object:
    """The game's number for the pause menu to say, once the game is over; None
    before. The number deals every hand and the stock: said mid-game, it showed
    anyone at the screen (a pass-and-play cover, a computer's hand) every card."""
    return game.seed if game.over else None


class PauseScene(Overlay):
    """Esc at the table: resume, rules, settings, a new game, quit to the title."""

    def __init__(self, app: App, rules: Rules, players: int, leave: Callable[[], None],
                 new_game: Callable[[], None] | None = None, over: str = "the table",
                 number: object = None):
        """``number``: the game's number (its seed; ``said_number``), said in the
        title where the setup could type it again, to play the same cards."""

        def resume() -> None:
            app.pop(self)

        # Every button says what it does under the buttons, so the room kept there for the longest is never blank.
        # ``over``: what Resume goes back to (the score sheet, over a finished round or game).
        items = [Item("Resume", resume, f"Back to {over} (Esc)"),
                 Item("Rules", lambda: app.push(RulesScene(app, game_rules=rules, players=players)),
                      "How to play, this game's rules first"),
                 Item("Settings", lambda: app.push(SettingsScene(app)),
                      SETTINGS_ABOUT)]
        if new_game is not None:
            items.append(Item("New game", new_game, "Set up another game; this one is kept until it starts"))
        items.append(Item("Quit to title", leave, "This game is kept: Continue on the title resumes it"))
        # (The setup offers "Game number" to play a game's cards again: nowhere said what it was.)
        said = str(number) if type(number) is int and number >= 0 else ""
        super().__init__(app, f"Paused · game number {said}" if said else "Paused", items, resume)


class CallScene(Overlay):
    """A call for 21, confirmed first: your side's count as the rules reckon
    it (``cassino.rules.scoring.call_counts``), and what calling now does."""

    def __init__(self, app: App, count: int, score: int, target: int, call: Callable[[], object],
                 others: Sequence[tuple[str, int]] = (), spade_points: bool = False):
        self.count, self.score, self.target = count, score, target
        self.spade_points = spade_points  # Spade Cassino: the spades in the pile count too
        self.others = list(others)  # the other sides' names and counts, reckoned alike
        enough = count >= target

        def go() -> None:
            app.pop(self)
            call()

        items = [Item("Call now", go, "End the game now: " + ("your side wins" if enough else "your side loses")),
                 Item("Keep playing", lambda: app.pop(self), "Back to the table without calling")]
        super().__init__(app, f"Call for {target}?", items, lambda: app.pop(self))
        self.menu.focus = 0 if enough else 1  # a losing call is never one key away

    def lines(self) -> list[tuple[str, theme.Colour]]:
        """What the box says: the count, then what a call would do."""
        made = self.count - self.score
        counted = "sweeps, casinos, aces, spade points" if self.spade_points else "sweeps, casinos, aces"
        out = [(f"Your side counts {self.count}: {self.score} before this round, and {made} this round has "
                f"made certain ({counted}; most cards or spades once past half).", theme.INK)]
        if self.others:
            out.append(("The others, counted the same way: " + ", ".join(f"{name} {n}" for name, n in self.others)
                        + ".", theme.INK))
        if self.count >= self.target:
            out.append((f"That reaches {self.target}: calling now wins the game.", theme.GOLD))
        else:
            short = self.target - self.count
            out.append((f"That is {short} point{'' if short == 1 else 's'} short of {self.target}. Calling short loses: "
                        f"the other side would win at once.", theme.WARN))
        return out

    def body(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        """Before a call for 21: your side's count so far, and whether calling now wins or loses."""
        fs = theme.px(self.app.size, 22, 13)
        line = round(fs * 1.35)
        y = box.y
        for text, colour in self.lines():
            bold = colour != theme.INK  # measured as drawn: bold is wider
            for ln in theme.wrap_even(text, fs, box.width, bold):
                t = theme.text(ln, fs, colour, bold=bold)
                surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
                y += line
            y += fs // 2
        return y - box.y
