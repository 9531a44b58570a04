"""Statistics: games played and won, the current and best winning streak,
the best round, sweeps, a chart of recent results, and games won and lost
per opponent and rules, as ``cassino.stats`` keeps them. Resetting them
asks first, and a file that cannot be written is said, not fatal."""

from __future__ import annotations

import logging
import re
from typing import Any

import pygame

from cassino.rules import PRESET_LIST, InvalidRulesError, Rules
from cassino.rules.moves import counted
from cassino.setups import LEVELS
from cassino.stats import Stats
from cassino.store import LAST_GAME, LOST, STATS

from ..app import App
from ..art import theme
from ..options import options_in_words, read_options, rules_in_words
from ..widgets import Item, Overlay
from ..table.seats import Names, recorded_seats
from .chart import chart_height, draw_chart

log = logging.getLogger("cassino.stats")


class StatsScene(Overlay):
    """Headline figures, the chart of recent results, and the table of games
    won and lost per opponent and rules (scrolled when it is long)."""

    def __init__(self, app: App):
        self.stats = app.store.load_stats() if app.store is not None else None
        # What went wrong with the statistics file, or with the last reset, in words.
        self.notice = ""
        if app.store is not None and STATS in app.store.damaged:
            self.notice = ("Your statistics file was damaged, so these count only the games since: "
                           + app.store.damaged[STATS])
        self.first_row = 0  # the table's first row shown, when not every row fits
        self._fit = 1 << 30  # how many rows the table had room for at the last frame
        # The rows (and how many of them are totals) and the columns' widths,
        # worked out once for these statistics (a frame asks for them several
        # times; a reset replaces the statistics).
        self._rows: tuple[Stats | None, list[Row], int] | None = None
        self._widths: tuple[int, list[Row], list[int]] | None = None

        def reset() -> None:
            def yes() -> None:
                app.pop(confirm)
                self.reset()

            confirm = Overlay(app, "Reset all statistics? This cannot be undone.",
                              [Item("No, keep them", lambda: app.pop(confirm)), Item("Yes, reset", yes)],
                              lambda: app.pop(confirm))
            app.push(confirm)

        counted = self.stats is not None and (self.stats.games or self.stats.rounds)
        # The last game's review: the sheet at its end offered it, and leaving the table lost it.
        kept = app.store is not None and app.store.has_last_game()
        # Nothing to reset, no Reset (it was offered over "No games yet").
        super().__init__(app, "Statistics", [Item("Back", lambda: app.pop(self))]
                         + ([Item("Review your last game", self.review_last_game,
                                  "Your moves in the last game you finished, weighed against the Master's")]
                            if kept else [])
                         + ([Item("Reset…", reset)] if counted else []), lambda: app.pop(self))

    def review_last_game(self) -> None:
        """The review of the last finished game, from its record. A record that
        cannot be replayed is set aside, said here, and its button goes."""
        from ..table.gamereview import Finished, GameReviewScene  # (the computer players: loaded when asked)

        store = self.app.store
        if store is None:
            return
        loaded = store.load_last_game()
        if loaded is None:
            self.notice = f"{LOST[LAST_GAME]} {store.damaged.get(LAST_GAME, 'It is gone.')}"
            self._nothing_to_review()
            return
        game, players = loaded
        seats = recorded_seats(players)
        humans = [s for s, seat in enumerate(seats) if not seat.is_computer]
        if not humans:
            self.notice = "Nobody played at the screen in your last finished game: it has no moves of yours to review."
            self._nothing_to_review()
            return
        self.app.push(GameReviewScene(self.app, Finished(game, humans, Names(seats, game.teams)), None))

    def _nothing_to_review(self) -> None:
        """The review's button goes (pressed again, it said the same again)."""
        self.menu.items = [it for it in self.menu.items if it.action != self.review_last_game]
        self.menu.focus = 0

    def reset(self) -> None:
        """Every statistic back to nothing, once the player has said yes; if
        stats.json cannot be written the old file stays and the screen says so."""
        store = self.app.store
        if store is None:
            return
        try:
            store.save_stats(Stats())
        except OSError as e:
            log.warning("resetting the statistics failed: %s", e)
            self.notice = (f"The statistics could not be reset: {e.strerror or e}. They are kept as they "
                           f"were; try again once {store.place} can be written to.")
            return
        self.stats = Stats()
        self.notice = ""
        self.first_row = 0

    def handle(self, event: pygame.event.Event) -> None:
        """The wheel and Page Up/Down scroll a long table; the rest goes to the buttons."""
        step = 0
        if event.type == pygame.MOUSEWHEEL:
            step = -event.y
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = (-1 if event.key == pygame.K_PAGEUP else 1) * max(1, self._fit - 1)
        if step and self._fit < len(self.rows()):
            self.first_row = max(0, min(len(self.rows()) - self._fit, self.first_row + step))
            return
        super().handle(event)

    def headlines(self) -> list[tuple[str, str]]:
        """The figures at the top, each a value and what it is: ('3 wins',
        'current streak')."""
        s = self.stats
        if s is None:
            return []
        played, won = s.played, s.won
        if s.streak > 0:
            streak = counted(s.streak, "win")
        elif s.streak < 0:
            streak = counted(-s.streak, "loss", "losses")
        else:
            streak = "–"
        best = "–" if not s.rounds else counted(s.best_round, "point")
        average = f" · {s.average_round:.1f} on average" if s.rounds else ""
        most = f" · {s.most_sweeps} at most in a game" if s.most_sweeps else ""
        return [(str(played), "games played"),
                (_rate(won, played), "games won" if not played else f"won: {won} of {played}"),
                (streak, "current streak"),
                (counted(s.best_streak, "win") if s.best_streak else "–", "best streak"),
                (best, f"best round{average}"),
                (str(s.sweeps), f"sweep{'s' if s.sweeps != 1 else ''}{most}")]

    def _tallies(self) -> dict[tuple[str, str], list[int]]:
        """Games played and won per opponent and game, in words (names that
        read the same, as an older file's and a newer one's may, are one)."""
        out: dict[tuple[str, str], list[int]] = {}
        for key, r in (self.stats.games.items() if self.stats is not None else ()):
            against, _, rest = key.partition(" · ")
            rules, _, seating = rest.partition(" · ")
            game = rules_words(rules) + (f", {_seating(seating)}" if seating else "")
            tally = out.setdefault((_opponents(against), game), [0, 0])
            tally[0] += r.played
            tally[1] += r.won
        return out

    def records(self) -> list[Row]:
        """One row per opponent and rules, in the order they read: against,
        rules, played, won, lost and the win rate (as shown)."""
        tallies = sorted(self._tallies().items(), key=lambda item: (_strength(item[0][0]), _reading(item[0][1])))
        return [_row(against, game, *tally) for (against, game), tally in tallies]

    def totals(self) -> list[Row]:
        """Rows across the other column: each opponent over all games (when
        more than one game was played), then each game against all opponents
        (when there was more than one)."""
        by_opponent: dict[str, list[int]] = {}
        by_game: dict[str, list[int]] = {}
        for (against, game), (played, won) in self._tallies().items():
            for tally in (by_opponent.setdefault(against, [0, 0]), by_game.setdefault(game, [0, 0])):
                tally[0] += played
                tally[1] += won
        out = []
        if len(by_game) > 1:
            out += [_row(name, ALL_GAMES, *by_opponent[name]) for name in sorted(by_opponent, key=_strength)]
        if len(by_opponent) > 1:
            out += [_row(ALL_OPPONENTS, name, *by_game[name]) for name in sorted(by_game, key=_reading)]
        return out

    def rows(self) -> list[Row]:
        """The table's rows, the totals first."""
        return self._counted()[0]

    def _counted(self) -> tuple[list[Row], int]:
        """The table's rows and how many of them, first, are totals."""
        if self._rows is None or self._rows[0] is not self.stats:
            totals = self.totals()
            self._rows = (self.stats, totals + self.records(), len(totals))
        return self._rows[1], self._rows[2]

    def lines(self) -> list[str]:
        """What the screen says, as lines of text (the chart aside)."""
        s = self.stats
        if s is None or (not s.games and not s.rounds):
            return ["No games yet: statistics count games with one person at the table,",
                    "and not practice games (undo)."]
        return [f"{caption}: {value}" for value, caption in self.headlines()] + \
            [f"{a} · {r}: played {p}, won {w}, lost {lost}" for a, r, p, w, lost, _ in self.records()]

    def _columns(self, fs: int) -> list[int]:
        rows = self.rows()
        if self._widths is None or self._widths[0] != fs or self._widths[1] is not rows:
            font = theme.font(fs, bold=True)
            self._widths = (fs, rows, [max(font.size(row[i])[0] for row in (STATS_HEAD, *rows))
                                       for i in range(len(STATS_HEAD))])
        return self._widths[2]

    def body(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        """The notice of a failed reset, the figures, the chart, the table and the totals."""
        fs = theme.px(self.app.size, 22, 13)
        line = round(fs * 1.4)
        y = box.y
        for ln in theme.wrap(self.notice, fs, max(100, box.width)) if self.notice else ():
            t = theme.text(ln, fs, theme.WARN)
            surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
            y += line
        s = self.stats
        if s is None or (not s.games and not s.rounds):
            for ln in (w for text in self.lines() for w in theme.wrap(text, fs, max(100, box.width))):
                t = theme.text(ln, fs, theme.DIM)
                surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
                y += line
            return y - box.y + fs
        if self.notice:
            y += fs // 2
        y += self._headlines(surface, pygame.Rect(box.x, y, box.width, 0), fs) + fs
        rows, totals = self._counted()
        # What the table may have: the room left once the rest is placed.
        room = self.body_room() - (y - box.y) - 2 * fs
        chart_h = chart_height(fs, room // 3)
        fit = (room - chart_h) // line - 1
        if fit < min(3, len(rows)):  # a short window: the table's rows before the chart's height
            chart_h = chart_height(fs, 0)
            fit = (room - chart_h) // line - 1
            if fit < min(2, len(rows)):  # shorter still: the table before the chart
                chart_h = -fs
                fit = (room + fs) // line - 1
        if fit < len(rows):
            fit = max(1, fit - 1)  # a line to say there are more
        self._fit = fit
        if chart_h > 0:
            draw_chart(surface, pygame.Rect(box.x, y, box.width, chart_h), s.recent, fs)
        y += chart_h + fs
        if rows:
            y = self._table(surface, box, y, fs, rows, totals, fit)
        return y - box.y + fs

    def _headlines(self, surface: pygame.Surface, area: pygame.Rect, fs: int) -> int:
        """The figures as a row of tiles (two rows in a narrow box); returns their height."""
        figures = self.headlines()
        big, small, gap = _tile_sizes(fs)
        per_row = len(figures) if area.width >= self._tiles_width(fs) else (len(figures) + 1) // 2
        tile_w = (area.width - gap * (per_row - 1)) // per_row
        # A caption's parts ('best round · 5.6 on average') go on lines of their own.
        captions = [[ln for part in c.split(" · ") for ln in theme.wrap(part, small, tile_w - fs // 2)]
                    for _, c in figures]
        tile_h = round(big * 1.25) + max(len(c) for c in captions) * round(small * 1.3) + fs // 2
        for i, ((value, _), caption) in enumerate(zip(figures, captions)):
            row, col = divmod(i, per_row)
            r = pygame.Rect(area.x + col * (tile_w + gap), area.y + row * (tile_h + gap), tile_w, tile_h)
            surface.blit(theme.rounded_box(r.size, theme.BUTTON + (150,), max(4, fs // 2), theme.PANEL_LINE + (255,),
                                           1), r.topleft)
            t = theme.fit_text(value, big, tile_w - fs // 2, theme.GOLD, bold=True)
            surface.blit(t, t.get_rect(midtop=(r.centerx, r.y + fs // 4)))
            cy = r.y + fs // 4 + round(big * 1.25)
            for ln in caption:
                t = theme.fit_text(ln, small, tile_w - fs // 2, theme.DIM)
                surface.blit(t, t.get_rect(midtop=(r.centerx, cy)))
                cy += round(small * 1.3)
        rows = -(-len(figures) // per_row)
        return rows * tile_h + (rows - 1) * gap

    def _table(self, surface: pygame.Surface, box: pygame.Rect, y: int, fs: int, records: list[Row],
               totals: int, fit: int) -> int:
        """Who against, which rules, then the counts, right-aligned; ``fit``
        rows from the first shown, a line under the ``totals`` rows that come
        first; returns where it ends."""
        line = round(fs * 1.4)
        self.first_row = max(0, min(self.first_row, len(records) - fit))
        shown = records[self.first_row:self.first_row + fit]
        widths = list(self._columns(fs))
        # A long custom game's name gives way, then the opponents', never the counts
        # (eight options pushed Played, Won, Lost and Won % out of the window).
        for i in (1, 0):
            over = sum(widths) + fs * (len(widths) - 1) - box.width
            if over > 0:
                widths[i] = max(fs * 4, widths[i] - over)
        gap = max(fs, (box.width - sum(widths)) // (len(widths) - 1))
        gap = min(gap, fs * 3)
        table_w = sum(widths) + gap * (len(widths) - 1)
        x0 = box.x + max(0, (box.width - table_w) // 2)
        for n, row in enumerate([STATS_HEAD, *shown]):
            x = x0
            for i, (cell, w) in enumerate(zip(row, widths)):
                colour = theme.GOLD if n == 0 else theme.DIM if cell in (ALL_GAMES, ALL_OPPONENTS) else theme.INK
                t = theme.fit_text(cell, fs, w if i < 2 else max(20, box.right - x), colour, bold=n == 0)
                surface.blit(t, (x + (w - t.get_width() if i >= 2 else 0), y))
                x += w + gap
            y += line
            if n == 0 or n + self.first_row == totals < len(records):  # under the heads, and the totals
                pygame.draw.line(surface, theme.PANEL_LINE, (x0, y - fs // 5), (x0 + table_w, y - fs // 5), 1)
        if len(shown) < len(records):
            more = (f"Rows {self.first_row + 1}–{self.first_row + len(shown)} of {len(records)}: "
                    f"the mouse wheel or Page Up and Page Down show the others")
            t = theme.fit_text(more, max(10, round(fs * 0.85)), box.width, theme.DIM)
            surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
            y += line
        return y

    def _tiles_width(self, fs: int) -> int:
        """The width the figures need to stand in one row: the widest tile's, six times."""
        figures = self.headlines()
        big, small, gap = _tile_sizes(fs)
        wide = max((max(theme.font(big, True).size(v)[0], *(theme.font(small).size(p)[0] for p in c.split(" · ")))
                    for v, c in figures), default=0) + fs
        return len(figures) * (wide + gap) - gap

    def box_width(self) -> int:
        """Wide enough for the table, the figures in one row and the chart: over half the window."""
        w, _ = self.app.size
        fs = theme.px(self.app.size, 22, 13)
        margin = 2 * theme.px(self.app.size, 30, 15)
        table = sum(self._columns(fs)) + 2 * fs * (len(STATS_HEAD) - 1) + margin
        return round(min(max(w * 0.58, 560, table, self._tiles_width(fs) + margin), w - 40))


Row = tuple[str, str, str, str, str, str]  # against, game, played, won, lost, won % (as shown)
STATS_HEAD: Row = ("Against", "Game", "Played", "Won", "Lost", "Won %")
ALL_GAMES = "All games"          # a total row: one opponent over every game
ALL_OPPONENTS = "All opponents"  # a total row: one game against every opponent


def _row(against: str, game: str, played: int, won: int) -> Row:
    return (against, game, str(played), str(won), str(played - won), _rate(won, played))


def _reading(words: str) -> list[tuple[int, str]]:
    """A sort key that puts 'game to 5' before 'game to 10', as a reader would."""
    # The split's odd parts are the runs of 0-9 (not isdigit(), which takes '²', that int() refuses).
    return [(int(part), "") if i % 2 else (-1, part) for i, part in enumerate(re.split(r"([0-9]+)", words))]


def _strength(against: str) -> list[tuple[int, list[tuple[int, str]]]]:
    """A sort key that puts opponents weakest first, as the levels are
    offered ('Beginner', 'Intermediate', 'Expert', 'Master'), not
    alphabetically; a name no level has (a hand-edited file) comes after."""
    return [(LEVELS.index(level.lower()) if level.lower() in LEVELS else len(LEVELS), _reading(level))
            for level in against.split(" + ")]


def _opponents(against: str) -> str:
    """'beginner+expert' as the table says it: 'Beginner + Expert'."""
    return " + ".join(level.capitalize() for level in against.split("+"))


def _seating(words: str) -> str:
    """The table a game was played at, as the statistics keep it, in the
    screen's words: '3 players'; 'partnerships, partner expert' as
    'in partnerships with Expert'."""
    partner = words.removeprefix("partnerships, partner ")
    return f"in partnerships with {_opponents(partner)}" if partner != words else words


def _rate(won: int, played: int) -> str:
    return f"{round(100 * won / played)}%" if played else "–"


def _tile_sizes(fs: int) -> tuple[int, int, int]:
    """A figure's value and caption sizes, and the gap between tiles, for body text of ``fs``."""
    return round(fs * 1.45), max(10, round(fs * 0.8)), max(4, fs // 2)


def _older_options(name: str) -> dict[str, Any] | None:
    """The options of a game as statistics named it before games were named
    by preset ('ace_14, royal, sweeps 0', 'controller strict, target 11'),
    or None if the name is not of that form."""
    options: dict[str, Any] = {}
    for part in (p.strip() for p in name.split(",")):
        key, _, value = part.partition(" ")
        if not value:
            options[key] = True
        elif value.isdigit():
            options[key] = int(value)
        else:
            options[key] = value
    return options or None


def rules_words(name: str) -> str:
    """A game as the statistics name it, in words: a preset's name stays as it
    is ('Royal'); a custom game's options ('controller=strict, target=11')
    become 'Strict builds, game to 11'; so do the older names ('ace_14, royal,
    sweeps 0' -> 'Royal aces 14', the preset they make)."""
    if name == "standard":
        return "Standard"
    options = read_options(name)
    if options is None and not ("=" in name or name in {p.name for p in PRESET_LIST} or not name.islower()):
        options = _older_options(name)
    if options is None:
        return name
    try:
        return rules_in_words(Rules.from_json(options))
    except (InvalidRulesError, TypeError, ValueError):
        if read_options(name) is not None:
            return options_in_words(options)
        return name[:1].upper() + name[1:]  # not options after all: the name as it was kept
