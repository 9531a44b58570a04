"""Statistics: games won and lost per opponent and rules, points and sweeps
per round, as ``cassino.stats`` keeps them."""

from __future__ import annotations

import pygame

from cassino.rules import PRESET_LIST, InvalidRulesError, Rules

from ..app import App
from ..art import theme
from ..options import options_in_words, read_options, rules_in_words
from ..widgets import Item, Overlay

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

    def records(self) -> list[tuple[str, str, str, str, str, str]]:
        """One row per opponent and rules: against, rules, played, won, lost
        and the win rate (as shown)."""
        if self.stats is None:
            return []
        out = []
        for key, r in sorted(self.stats.games.items()):
            against, _, rules = key.partition(" · ")
            out.append((" + ".join(level.capitalize() for level in against.split("+")), rules_words(rules),
                        str(r.played), str(r.won), str(r.lost), _rate(r.won, r.played)))
        return out

    def totals(self) -> list[str]:
        """Win rates by opponent level and by game, across the other: 'Against
        Expert: 3 of 5 won, 60%'."""
        if self.stats is None or not self.stats.games:
            return []
        by: dict[tuple[int, str], list[int]] = {}
        for key, r in self.stats.games.items():
            against, _, rules = key.partition(" · ")
            for group, name in ((0, " + ".join(lv.capitalize() for lv in against.split("+"))),
                                (1, rules_words(rules))):
                tally = by.setdefault((group, name), [0, 0])
                tally[0] += r.won
                tally[1] += r.played
        out = []
        for (group, name), (won, played) in sorted(by.items()):
            lead = "Against " if group == 0 else ""
            out.append(f"{lead}{name}: {won} of {played} won, {_rate(won, played)}")
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
        return [f"{a} · {r}: played {p}, won {w}, lost {lost}" for a, r, p, w, lost, _ in self.records()] + \
            [self.summary()]

    def _columns(self, fs: int) -> list[int]:
        rows = [STATS_HEAD, *self.records()]
        return [max(theme.font(fs, bold=True).size(row[i])[0] for row in rows) for i in range(len(STATS_HEAD))]

    def body(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        fs = theme.px(self.app.size, 22, 13)
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
            texts = ["  ·  ".join(self.totals()), self.summary()]
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
        fs = theme.px(self.app.size, 22, 13)
        table = sum(self._columns(fs)) + 2 * fs * (len(STATS_HEAD) - 1) + 2 * theme.px(self.app.size, 30, 15)
        return round(min(max(w * 0.5, 480, table), w - 40))


STATS_HEAD = ("Against", "Game", "Played", "Won", "Lost", "Won %")


def _rate(won: int, played: int) -> str:
    return f"{round(100 * won / played)}%" if played else "–"
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
