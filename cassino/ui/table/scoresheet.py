"""The end of a round: the score sheet building up item by item, and the
totals; then the next round, or the end of the game, with a short
celebration for the winner. And the sheet of every round so far (S during
the game)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import pygame

from cassino.rules import CALL, Event, RoundEnd, card_symbol, parse_card
from cassino.rules.moves import counted
from cassino.rules.scoring import CARD_ITEMS, ITEM_WORDS, decided_by, pile_items

from ..app import App, Scene
from ..art import theme
from ..widgets import Item, Menu, dim
from .pause import PauseScene, said_number
from .state import TableState
from .seats import within
from .summary import ending_lines, round_rows


class RoundOverScene(Scene):
    """The round's points, item by item, and the totals; then the next round or
    the end. A game that a call or a sudden-death sweep ended inside a round
    (``result`` None) says how it ended, and the final scores."""

    opaque = False

    def __init__(self, app: App, table: TableState, result: RoundEnd | None, next_round: Callable[[], None],
                 play_again: Callable[[], None], leave: Callable[[], None],
                 new_game: Callable[[], None] | None = None):
        super().__init__(app)
        self.table = table
        self.result = result
        self.leave = leave
        self.new_game = new_game  # the pause menu's New game
        self.on_next = next_round
        game = table.game
        if game.over:
            items = [Item("Play again", play_again), Item("Score sheet (S)", self.show_sheet),
                     Item("Back to the title", leave)]
        else:
            items = [Item("Next round", self.next_round)]
        if table.humans and game.moves:
            whose = "your" if len(table.humans) == 1 else "everyone's"  # pass and play: each person's, by name
            items.insert(1, Item(f"Review {whose} moves (R)", self.show_review))
        self.menu = Menu(items, None)
        if game.over:
            # Enter out of a round's habit ("Next round") went straight into a new game and
            # the final sheet was gone: at the game's end it opens the whole game's sheet.
            self.menu.focus = next(i for i, item in enumerate(items) if item.action == self.show_sheet)
        # The sheet builds up a row at a time; a click or a key shows it whole.
        self.clock = 0.0
        self.row_time = max(0.0, app.settings.flight * 1.1)
        self.rows = round_rows(game.rules, result) if result is not None else []
        winner = game.winner if game.over else None
        # Whether the log has been told the game's end (a game ended inside a round told it already).
        self.told = result is None
        # A celebration for the people at the screen winning (for anyone when nobody plays).
        ours = not table.humans or any(table.pos.team_of[s] == winner for s in table.humans)
        self.confetti = _confetti(random.Random(str(game.seed)), theme.seat_colour(table.pos.teams[winner][0])) \
            if winner is not None and ours and self.row_time > 0 else []

    @property
    def shown_rows(self) -> int:
        """How many rows of the sheet are on show (the totals come after them all)."""
        if self.row_time <= 0:
            return len(self.rows) + 1
        return min(len(self.rows) + 1, int(self.clock / self.row_time))

    @property
    def built(self) -> bool:
        """Every row of the sheet is shown (the build-up is over)."""
        return self.shown_rows > len(self.rows)

    def update(self, dt: float) -> None:
        """The sheet's clock: rows appear one by one as it runs; the game's
        end goes into the log once they have all appeared."""
        self.clock += min(dt, 0.1)
        game = self.table.game
        if self.built and not self.told:
            # (Told once built, over or not: a round's sheet mid-game was "still to
            # tell" for good, and drew 60 frames a second as long as it stood.)
            self.told = True
            if game.over and game.winner is not None:
                self.table.note(None, f"Game over: {self.table.names.wins(game.winner)}.")

    def wake_in(self) -> float | None:
        """0 while rows still appear, confetti falls or the log is still to be
        told the game's end (at the instant speed the sheet is built at once,
        and the loop slept before "Game over" went in); None once still."""
        if not self.built or not self.told or (self.confetti and self.clock < self._party_end()):
            return 0.0
        return None

    def _party_end(self) -> float:
        return (len(self.rows) + 1) * self.row_time + CELEBRATION

    def next_round(self) -> None:
        """Close the sheet and go on: the next round, or what follows the game."""
        self.app.pop(self)
        self.on_next()

    def show_sheet(self) -> None:
        """The sheet of every round of the game."""
        self.app.push(SheetScene(self.app, self.table))

    def show_review(self) -> None:
        """The review of this round's moves (of the whole game at its end)."""
        from .gamereview import GameReviewScene

        game = self.table.game
        rounds = None if game.over else [self.result.round if self.result is not None else game.round_number]
        self.app.push(GameReviewScene(self.app, self.table, rounds))

    def handle(self, event: pygame.event.Event) -> None:
        """A key or click shows the whole sheet at once; then its buttons, S for every round,
        R for the review, Esc for the menu."""
        if not self.built and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.clock = (len(self.rows) + 1) * self.row_time  # the whole sheet at once
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s:
            self.show_sheet()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r and self.table.humans and self.table.game.moves:
            self.show_review()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            game = self.table.game
            self.app.push(PauseScene(self.app, game.rules, game.players, self.leave, self.new_game,
                                     over="the game's end" if game.over else "the round's summary",
                                     number=said_number(game)))
            return
        self.menu.handle(event)

    def heading(self) -> str:
        """'You win the game!', 'Round 3 of 8 over'."""
        table, game = self.table, self.table.game
        if game.over and game.winner is not None and self.built:  # the sheet adds up first
            return f"{table.names.wins(game.winner)} the game!"
        n = self.result.round if self.result is not None else game.round_number
        rounds = game.rules.rounds
        return f"Round {n}{f' of {rounds}' if rounds is not None and n <= rounds else ''} over"

    def story(self) -> list[str]:
        """How the game ended, in words: inside a round, by a call or a sweep;
        at a round's end, why the winner wins where more than one side
        reached the target (nothing else after a round's end); and, at a
        practice game's end, that it is not counted."""
        table, game = self.table, self.table.game
        practice = ["A practice game (a move was taken back): not counted in your statistics."] \
            if game.over and table.practice else []
        practice += table.unkept  # said over the hand, under this sheet
        ending = table.ending
        if self.result is not None:
            return self._decided() + practice
        if ending is None:
            return practice
        teams = [table.names.team(t) for t in range(len(table.pos.teams))]
        return ending_lines(game.rules, ending, [s.name for s in table.seats], teams, table.pos.team_of,
                            game.totals) + practice

    def _decided(self) -> list[str]:
        """Why the winner wins, or why nobody has yet, when the sheet alone
        would not say: all eleven under 'win' (§9.13), the count-out's
        deciding item (§9.20), more than one side past the target (§8: the
        higher total wins), or a tie at the top (one more round)."""
        table, game, rules, end = self.table, self.table.game, self.table.game.rules, self.result
        if not self.built or end is None:
            return []
        names = table.names
        totals = "–".join(str(t) for t in game.totals)
        if game.over and game.winner is not None:
            decided = decided_by(rules, end, game.winner)
            if decided is not None and decided.item is None:
                return [f"{names.team(game.winner)} took all eleven base points: that wins the game, "
                        f"whatever the totals."]
            if rules.count_out:
                if decided is None or decided.item is None:
                    return []
                item, running = decided.item, decided.running
                counts = " to ".join(str(running[t]) for t in [item.team] + [t for t in range(len(running))
                                                                              if t != item.team])
                return [f"Counted out item by item, {within(names.team(item.team))} reached {rules.target} first, "
                        f"with {_item_words(item.item)} ({counts})"
                        + (f"; the totals end {totals}." if max(game.totals) != game.totals[game.winner] else ".")]
            if rules.rounds is not None:
                extra = end.round - rules.rounds
                if extra <= 0:
                    return []
                # Decided by the round that broke a tie (won, it may be, by a side that was behind): say so.
                more = "one more round" if extra == 1 else f"{extra} more rounds"
                w = game.winner
                return [f"After {more} to break the tie, {within(names.team(w))} "
                        f"{'has' if names.s(w) else 'have'} the highest total."]
            reached = [t for t, total in enumerate(game.totals) if total >= rules.target]
            if len(reached) < 2:
                return []
            who = [names.team(t) for t in reached]
            if len(reached) == len(game.totals):  # "You & North and West & East both reached 21" read hard
                both = "Both sides" if len(who) == 2 else "Every side"
            else:
                both = ", ".join(who[:-1]) + " and " + who[-1] + (" all" if len(who) > 2 else " both")
            return [f"{both} reached {rules.target}: the {'higher' if len(who) == 2 else 'highest'} total wins."]
        if game.over:
            return []
        best = max(game.totals)
        level = [t for t, total in enumerate(game.totals) if total == best]
        if len(level) < 2:
            return []
        # Who is level ("Level at 31" at a table of six did not say who).
        if len(level) == len(game.totals):
            tied = "Both sides are" if len(level) == 2 else "Every side is"
        else:
            who = [names.team(t) for t in level]
            tied = ", ".join(who[:-1]) + " and " + who[-1] + " are"
        if rules.rounds is not None and end.round >= rules.rounds:
            return [f"{tied} level at {best} after {counted(end.round, 'round')}: one more round decides."]
        if rules.rounds is None and not rules.count_out and best >= rules.target:
            return [f"{tied} level at {best}, past {rules.target}: one more round decides."]
        return []

    def draw(self, surface: pygame.Surface) -> None:
        """The score sheet of the round, item by item, with the totals and the buttons."""
        dim(surface, 160)
        self._celebrate(surface)  # behind the sheet: its figures stay readable
        table = self.table
        game = table.game
        w, h = self.app.size
        fs = theme.px(self.app.size, 24, 13)
        teams = table.pos.teams
        names = [table.names.team(t) for t in range(len(teams))]
        rows = self.rows
        # Room after the longest label for a winner's star, which hangs left of its cell.
        label_w = max(round(fs * 11), max((theme.font(fs).size(r.label)[0] for r in rows), default=0) + fs
                      + theme.font(fs, True).size("★ ")[0])
        col = max(round(fs * 5), max(theme.font(fs, True).size(n)[0] for n in names) + fs)
        col = min(col, max(round(fs * 4), (w - 40 - label_w - 2 * fs) // len(teams)))
        width = min(w - 40, max(label_w + col * len(teams) + 2 * fs, round(fs * 26)))
        line = round(fs * 1.45)
        story = [(ln, theme.WARN if text in table.unkept else theme.INK)
                 for text in self.story() for ln in theme.wrap(text, fs, width - 2 * fs)]
        totals_n = len(self._totals())
        # What "31 → 3" and the star mean, where the sheet uses them.
        arrows = any("\u2192" in c for r in rows for c in r.cells)
        legend = ("Taken \u2192 points; \u2605 scored the item." if arrows else
                  "\u2605 scored the item.") if any(any(r.scored) for r in rows) else ""
        height = (round(fs * 4) + line * (len(story) + len(rows) + totals_n + 1 + (1 if legend else 0))
                  + (fs if story else 0)
                  + round(fs * (2.5 * len(self.menu.items) + 1.5)))
        box = pygame.Rect(0, 0, width, min(height, h - 10))
        box.center = (w // 2, h // 2)
        surface.blit(theme.dialog_box(box.size), box.topleft)
        t = theme.fit_text(self.heading(), round(fs * 1.4), width - 2 * fs, theme.GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(box.centerx, box.y + fs)))
        y = box.y + round(fs * 3.2)
        x0 = box.x + fs
        for ln, ink in story:
            surface.blit(theme.text(ln, fs, ink), (x0, y))
            y += line
        if story:
            y += fs
        for i, n in enumerate(names):
            colour = theme.seat_colour(teams[i][0])
            t = theme.fit_text(n, fs, col - fs // 2, colour, bold=True)
            surface.blit(t, (x0 + label_w + i * col, y))
        y += line
        star = theme.font(fs, True).size("★ ")[0]
        shown_n = self.shown_rows
        for n_row, row in enumerate(rows):
            if n_row >= shown_n:  # still to come: the sheet is building up
                y += line
                continue
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
        for label, values in self._totals() if self.built else []:
            surface.blit(theme.text(label, fs, theme.INK, bold=True), (x0, y))
            for i, v in enumerate(values):
                surface.blit(theme.text(str(v), fs, theme.GOLD, bold=True), (x0 + label_w + i * col, y))
            y += line
        if legend and self.built:
            t = theme.fit_text(legend, max(12, round(fs * 0.85)), width - 2 * fs, theme.DIM)  # (10 px at 1024x600: too small)
            surface.blit(t, (x0, y + (line - t.get_height()) // 2))
            y += line
        menu_h = round(fs * (2.5 * len(self.menu.items)))
        self.menu.layout((box.centerx, box.bottom - fs - menu_h // 2), min(width - 2 * fs, round(fs * 14)), fs)
        if self.built:
            self.menu.draw(surface)
        else:
            t = theme.text("Click or press a key to see it all", round(fs * 0.85), theme.DIM)
            surface.blit(t, t.get_rect(center=(box.centerx, box.bottom - fs - menu_h // 2)))

    def _totals(self) -> list[tuple[str, Sequence[int]]]:
        """The rows under the items: this round's points and the game's, or a
        call's counts and the scores from before the round."""
        game = self.table.game
        totals: list[tuple[str, Sequence[int]]] = [("Final score" if game.over else "Game", game.totals)]
        if self.result is not None:
            totals.insert(0, ("This round", self.result.points))
        counts = getattr(self.table.ending, "counts", None) if self.result is None else None
        if counts is not None:
            # A call for the target decided it on these counts, not on the scores
            # from before the round (which may be 0 to 0: "Final score 0 0" under "You win").
            totals = [("Count at the call", counts), ("Before this round", self.table.pos.scores)]
            if tuple(game.totals) != tuple(self.table.pos.scores):
                # Under sudden death the round's sweeps count in the final score (§9.22): they
                # stood under "Before this round", a point the round's start never had.
                totals.append(("Final score", game.totals))
        return totals

    def _celebrate(self, surface: pygame.Surface) -> None:
        """The winner's colours falling over the screen for a few seconds."""
        if not self.confetti or not self.built:
            return
        t = self.clock - (len(self.rows) + 1) * self.row_time
        if t >= CELEBRATION:
            return
        w, h = surface.get_size()
        size = max(5, h // 80)
        for x, speed, phase, colour in self.confetti:
            y = (t * speed - phase) * h
            if 0 <= y <= h:
                px = (x + 0.03 * math.sin(t * 4 + phase * 9)) * w
                r = pygame.Rect(round(px), round(y), size, round(size * (1.2 + math.sin(t * 7 + phase * 5))))
                pygame.draw.rect(surface, colour, r)


CELEBRATION = 3.5  # seconds of falling confetti for the game's winner


def _confetti(rng: random.Random, colour: theme.Colour) -> list[tuple[float, float, float, theme.Colour]]:
    """Pieces of confetti: across, fall speed (screens a second), delay, colour."""
    colours = [colour, theme.GOLD, theme.INK]
    return [(rng.random(), rng.uniform(0.35, 0.7), rng.uniform(0.0, 1.2), rng.choice(colours)) for _ in range(160)]


# The cards that score by themselves (§8): big and little casino, the aces.
_POINT_CARDS = frozenset(key for _, key, _ in CARD_ITEMS)


class SheetScene(Scene):
    """The score sheet of the game so far (S at the table): each round's
    points and the running totals, side by side, and what each side has
    taken in the round in play; any key closes it."""

    opaque = False

    def __init__(self, app: App, table: TableState):
        super().__init__(app)
        self.table = table
        # Nothing is played while the sheet is up: the round's tally once, not every frame.
        self.now = self.so_far()
        self.pressed = False  # a click closes it, not the release of the press that opened it

    def handle(self, event: pygame.event.Event) -> None:
        """Any key or click closes the sheet."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.pressed = True
        elif event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONUP and self.pressed):
            self.app.pop(self)

    def lines(self) -> list[tuple[str, list[str]]]:
        """(label, one cell per side) for each round played, then the totals."""
        game = self.table.game
        out = []
        for r in game.rounds:
            out.append((f"Round {r.round}", [f"{p:+d} → {t}" for p, t in zip(r.points, r.scores)]))
        if game.over and (not game.rounds or game.rounds[-1].round != game.round_number):
            # Ended inside a round (a call, a sudden-death sweep): its row too, so
            # that the column adds up (under sudden death its sweeps count).
            before = game.rounds[-1].scores if game.rounds else [0] * len(game.totals)
            ending = self.table.ending
            how = "called" if isinstance(ending, Event) and ending.move.kind == CALL else "sudden death"
            out.append((f"Round {game.round_number}, {how}",
                        [f"{t - b:+d} → {t}" for b, t in zip(before, game.totals)]))
            counts = getattr(ending, "counts", None)
            if counts is not None:  # what decided it ("Final 0 0" alone, under "North wins the game!")
                out.append(("Count at the call", [str(c) for c in counts]))
        out.append(("Final" if game.over else "Now", [str(t) for t in game.totals]))
        return out

    def so_far(self) -> list[tuple[str, list[str]]]:
        """The round in play as the piles stand, by the engine's tally (what
        every player has seen taken): each side's cards, spades, point cards
        and sweeps. Nothing while a finished round is on show (its summary
        says it all) or once the game is over."""
        game = self.table.game
        pos = self.table.pos
        if game.over or pos is not game.position:
            return []
        items, cards, spades = pile_items(pos.rules, pos.captured, pos.sweeps)
        points = [" ".join(card_symbol(parse_card(i.item)) for i in items if i.team == t and i.item in _POINT_CARDS)
                  or "none" for t in range(len(cards))]
        rows = [("Cards", [str(n) for n in cards]), ("Spades", [str(n) for n in spades]), ("Point cards", points)]
        if pos.rules.spade_scoring:  # §9.9: each spade a point, the J♠ two
            spade_points = [sum(i.points for i in items if i.team == t and i.item == "spade_points")
                            for t in range(len(cards))]
            rows.append(("Spade points", [str(n) for n in spade_points]))
        if pos.rules.sweeps:
            rows.append(("Sweeps", [str(n) for n in pos.sweeps]))
        return rows

    def label_width(self, fs: int) -> int:
        """The labels' column: as wide as the longest ("Round 4, sudden death"
        ran into its figures), within reason (a longer one is cut)."""
        labels = [label for label, _ in self.lines()] + [label for label, _ in self.now]
        widest = max((theme.font(fs, True).size(label)[0] for label in labels), default=0)
        return min(max(round(fs * 7), widest + fs), round(fs * 13))

    def draw(self, surface: pygame.Surface) -> None:
        """Every round's points and the running score, side by side."""
        dim(surface, 170)
        table = self.table
        w, h = self.app.size
        fs = theme.px(self.app.size, 24, 13)
        line = round(fs * 1.45)
        names = [table.names.team(t) for t in range(len(table.pos.teams))]
        rows = self.lines()
        now = self.now
        extra = (len(now) + 1) * line + fs // 2 if now else 0  # "This round so far" and its rows
        label_w = self.label_width(fs)
        cells = [c for _, row in now for c in row]  # point cards may be six of them
        col = max(round(fs * 6), max(theme.font(fs, True).size(n)[0] for n in names) + fs,
                  max((theme.font(fs).size(c)[0] for c in cells), default=0) + fs)
        col = min(col, (w - 40 - label_w - 2 * fs) // len(names))
        width = label_w + col * len(names) + 2 * fs
        fit = max(1, (h - 10 - round(fs * 6.5) - extra) // line - 1)
        rows = rows[-fit:] if len(rows) > fit else rows  # the latest rounds, when they are many
        height = round(fs * 4.5) + line * (len(rows) + 1) + fs * 2 + extra
        box = pygame.Rect(0, 0, width, height)
        box.center = (w // 2, h // 2)
        surface.blit(theme.dialog_box(box.size), box.topleft)
        t = theme.text("Score sheet", round(fs * 1.3), theme.GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(box.centerx, box.y + fs)))
        x0, y = box.x + fs, box.y + round(fs * 3.2)
        for i, n in enumerate(names):
            colour = theme.seat_colour(table.pos.teams[i][0])
            surface.blit(theme.fit_text(n, fs, col - fs // 2, colour, bold=True), (x0 + label_w + i * col, y))
        y += line
        if len(rows) == 1:
            surface.blit(theme.text("No round finished yet.", fs, theme.DIM), (x0, y))
            y += line
        for label, cells in rows:
            last = label in ("Now", "Final")
            surface.blit(theme.fit_text(label, fs, label_w - fs // 2, theme.INK if last else theme.DIM, bold=last),
                         (x0, y))
            for i, cell in enumerate(cells):
                colour = theme.GOLD if last else theme.INK
                surface.blit(theme.fit_text(cell, fs, col - fs // 3, colour, bold=last), (x0 + label_w + i * col, y))
            y += line
        if now:
            y += fs // 2
            surface.blit(theme.text(f"Round {table.pos.round} so far", fs, theme.GOLD, bold=True), (x0, y))
            y += line
            for label, cells in now:
                surface.blit(theme.fit_text(label, fs, label_w - fs // 2, theme.DIM), (x0, y))
                for i, cell in enumerate(cells):
                    surface.blit(theme.fit_text(cell, fs, col - fs // 3, theme.INK), (x0 + label_w + i * col, y))
                y += line
        t = theme.text("Any key or a click closes it", max(11, round(fs * 0.8)), theme.DIM)
        surface.blit(t, t.get_rect(midbottom=(box.centerx, box.bottom - fs // 2)))


def _item_words(key: str) -> str:
    """A scoring item (an event's key) as the count-out's line names it
    ("big casino brought you to 21"): 'the sweeps', 'the A♠'."""
    if key in ("sweeps", "spade_points"):
        return f"the {ITEM_WORDS[key]}"
    if key in ITEM_WORDS:
        return ITEM_WORDS[key]
    return f"the {card_symbol(parse_card(key))}" if len(key) == 2 else key
