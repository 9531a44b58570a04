"""The review of a round or a game (R on the score sheet): the people's
moves weighed against the best the strongest computer player finds from
their own seat (``cassino.ai.review``), worked out in a background thread,
then the costliest moments stepped through one by one: the table as it
was, the card played and the better move marked on it, and the reason.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from cassino.ai.review import (Moment, against, chance_lost, costliest, decisions, points_lost, points_words,
                               review, replayed, say, worst)
from cassino.rules import CAPTURE, PLUCK, Build, Game, Move, Position, cards_of

from ..app import App, Scene
from ..art import theme
from ..art.cards import RATIO, card_face
from ..art.cloth import felt, outline
from .paint import chip_radius, value_chip
from .seats import Names
from .stage import hand_order, table_piles

FRAMES = 8  # pixels a marked pile's frames stand out beyond its cards


class Reviewed(Protocol):
    """What a review reads of the game it weighs: the table's state at a game's
    end, or a finished game read back from its record (``Finished``)."""

    game: Game
    humans: list[int]  # the seats whose moves are weighed
    names: Names
    reviewed: dict[tuple[Move, ...], Moment]  # decisions weighed already, by the moves before them
    hinted: dict[tuple[Move, ...], Move]      # each hint given, by the moves before it


@dataclass
class Finished:
    """A finished game read back from its record, for its review away from the
    table: no hint was recorded, nothing weighed yet."""

    game: Game
    humans: list[int]
    names: Names
    reviewed: dict[tuple[Move, ...], Moment] = field(default_factory=dict)
    hinted: dict[tuple[Move, ...], Move] = field(default_factory=dict)


class Reviewer:
    """A review worked out in a background thread; ``done``/``total`` are
    read by the drawing thread, and ``stop`` ends it early."""

    def __init__(self, game: Game, seats: Sequence[int], rounds: Sequence[int] | None,
                 memo: dict[tuple[Move, ...], Moment] | None = None):
        # The moves as they stand: the table may deal the next round meanwhile.
        self.snapshot, self.round_starts = replayed(game)
        self.done = 0
        self.total = 0
        self.moments: list[Moment] | None = None
        self.error: BaseException | None = None
        self._stop = threading.Event()
        self._memo = memo
        self._thread = threading.Thread(target=self._run, args=(list(seats), rounds), name="review",
                                        daemon=True)
        self._thread.start()

    def _run(self, seats: list[int], rounds: Sequence[int] | None) -> None:
        try:
            self.moments = review(self.snapshot, seats, progress=self._progress, rounds=rounds, memo=self._memo)
        except BaseException as e:  # shown to the player, never lost
            self.error = e

    def _progress(self, done: int, total: int) -> bool:
        self.done, self.total = done, total
        return not self._stop.is_set()

    @property
    def finished(self) -> bool:
        """True once the review is complete (or failed, or was stopped)."""
        return not self._thread.is_alive()

    def stop(self) -> None:
        """Ask the review to end after the decision it is weighing."""
        self._stop.set()


class GameReviewScene(Scene):
    """The review screen: progress while the moves are weighed, then the
    costliest moments one at a time (← → to step, Esc to close)."""

    help_page = "Hints and the review"  # F1 here: how to read it, not the table's keys

    def __init__(self, app: App, table: Reviewed, rounds: Sequence[int] | None):
        super().__init__(app)
        self.table = table
        self.rounds = rounds
        self.reviewer = Reviewer(table.game, table.humans, rounds, table.reviewed)
        self.moments: list[Moment] = []
        self.decisions = 0
        self.at = 0
        self.buttons: list[tuple[pygame.Rect, str]] = []
        self._shown: tuple[int, Position, list[int]] | None = None
        self.taken = False        # the finished review's moments are taken (``update``)
        self.drawn_ready = False  # a frame of the finished review has been drawn

    # -- flow ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Take the review once its thread is done."""
        r = self.reviewer
        if r.finished and not self.taken:
            self.taken = True
            if r.moments is not None:
                self.decisions = len(r.moments)
                self.moments = worst(r.moments)
                self.moments.sort(key=lambda m: m.number)  # in the order of play

    @property
    def ready(self) -> bool:
        """True once the review is worked out (or failed)."""
        return self.reviewer.finished

    def wake_in(self) -> float | None:
        """Redraw a few times a second while the review is worked out, and once
        more when it is: it may finish just after a frame of its progress."""
        return None if self.drawn_ready else 0.2

    def close(self) -> None:
        """Back to the score sheet; a review still running is stopped."""
        self.reviewer.stop()
        self.app.pop(self)

    def step(self, by: int) -> None:
        """The previous or next moment."""
        if self.moments:
            self.at = max(0, min(len(self.moments) - 1, self.at + by))

    def handle(self, event: pygame.event.Event) -> None:
        """← → step through the moments; Enter does what the outlined button
        does (Next, at the last moment Close: it closed the review at the
        first, and weighing it again took seconds); Esc, R, Close or Stop
        goes back."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                pressed = self.default()
                if pressed == "next":
                    self.step(1)
                elif pressed == "close":
                    self.close()
            elif event.key in (pygame.K_ESCAPE, pygame.K_r):
                self.close()
            elif event.key in (pygame.K_LEFT, pygame.K_UP, pygame.K_PAGEUP):
                self.step(-1)
            elif event.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.step(1)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, name in self.buttons:
                if rect.collidepoint(event.pos):
                    {"prev": lambda: self.step(-1), "next": lambda: self.step(1), "close": self.close}[name]()
        elif event.type == pygame.MOUSEWHEEL:
            self.step(-1 if event.y > 0 else 1)

    def default(self) -> str | None:
        """The button Enter presses: Next while there is a next moment, else
        Close; none while the review is weighed (Enter stopped it, unasked)."""
        if not self.taken:
            return None
        return "next" if self.at < len(self.moments) - 1 else "close"

    # -- what is shown ---------------------------------------------------------------------

    def title(self) -> str:
        """'Review of round 2' or 'Review of the game'."""
        if self.rounds is None:
            return "Review of the game"
        return f"Review of round {self.rounds[0]}"

    def who(self, seat: int) -> str:
        """'You' alone at the table; else the seat's name."""
        return self.table.names.seat(seat)

    def position_before(self, moment: Moment) -> Position:
        """The table as it was when the move was made (replayed; kept for the moment on show)."""
        if self._shown is None or self._shown[0] != moment.number:
            game = self.reviewer.snapshot
            again = Game(game.rules, game.players, game.teams, game.seed)
            for m in game.moves[:moment.number]:
                again.play(m, checked=False)
            played = [t.move.card for t in again.turns if t.move.card >= 0]  # this round's, in order
            self._shown = (moment.number, again.position.copy(), played)
        return self._shown[1]

    def played_before(self, moment: Moment) -> list[int]:
        """The cards played in the moment's round before its move, in order."""
        self.position_before(moment)
        assert self._shown is not None
        return self._shown[2]

    def summary(self) -> str:
        """How the reviewed moves went, in one line."""
        found = self.reviewer.moments or []
        mistakes = [m for m in found if m.mistake]
        if not found:
            return "No moves to review here."
        chose = decisions(found)
        if not chose:
            return "No decisions to review: every move had only one sensible choice."
        # The moves counted while weighing, less those with one sensible choice: said, as the count drops.
        forced = len(found) - chose
        # "73 decisions (23 with only one sensible choice left out)" read as if the 23 were among the 73.
        left = (f" ({forced} more move{'s' if forced > 1 else ''} had only one sensible choice)" if forced
                else "")
        weighed = f"{chose} decision{'s' if chose > 1 else ''} weighed{left}"
        if not mistakes:
            return f"{weighed}, no clear mistake: every move was as good as the best found, or close to it."
        points = points_lost(found)
        cost = f" (about {points_words(points)} in all)" if points >= 0.05 else ""
        # (Fewer shown than counted: "6 clear mistakes ... 1 of 5" left one unaccounted for.)
        return (f"{weighed}, {len(mistakes)} clear mistake{'s' if len(mistakes) > 1 else ''}"
                f"{cost}. {costliest(found, self.moments, ', in the order played')}")

    def lines(self, moment: Moment) -> list[tuple[str, theme.Colour, bool]]:
        """What the moment says: what was played, the better move, why, and what it cost."""
        who = self.who(moment.seat)
        game = self.reviewer.snapshot
        lost = ([f"about {points_words(moment.points_lost)} against {against(game.players, game.teams)}"]
                if moment.points_lost >= 0.05 else [])
        # The chance lost as the difference of the two chances the reason shows, each rounded.
        chance = chance_lost(moment)
        # (Said in percentage points: "63% of the chance" read as a share of it; "100% of the chance": the game.)
        if chance >= 100:
            lost.append("the game itself")
        elif chance > 0:
            lost.append(f"{chance} percentage point{'' if chance == 1 else 's'} off your chance to win the game")
        # A move the hint gave: the review weighs longer than the hint could, and says so.
        hinted = self.table.hinted.get(tuple(game.moves[:moment.number])) == moment.played
        return [(f"{who} played: {say(moment.played, moment.builds, game.rules.target)}"
                 f"{' (as the hint said)' if hinted else ''}.", theme.WARN, True),
                (f"Better: {say(moment.best, moment.builds, game.rules.target)}.", theme.GLOW, True),
                (moment.reason, theme.INK, False),
                (moment.lesson, theme.INK, False),
                (("Cost: " + " and ".join(lost) + ".") if lost else "", theme.DIM, False),
                ("The hint weighs a move in moments; this review weighed it longer." if hinted else "",
                 theme.DIM, False)]

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Progress while the review is worked out; then the moment on show."""
        w, h = self.app.size
        surface.blit(felt((w, h), w, self.app.settings.table_colour), (0, 0))
        fs = theme.px(self.app.size, 24, 13)
        t = theme.fit_text(self.title(), round(fs * 1.4), w - 2 * fs, theme.GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(w // 2, fs // 2)))
        top = fs // 2 + t.get_height() + fs // 3
        self.buttons = []
        r = self.reviewer
        # What ``update`` took, not the thread's state: it may finish while this
        # frame is drawn, and the loop must then wake for one frame more.
        if not self.taken:
            self._progress(surface, fs, top)
            self._buttons(surface, fs, [("close", "Stop (Esc)")])
            return
        self.drawn_ready = True
        if r.error is not None:
            self._say(surface, fs, top, [("The review could not be worked out: "
                                          f"{type(r.error).__name__}: {r.error}", theme.WARN, False)])
            self._buttons(surface, fs, [("close", "Close (Esc)")])
            return
        summary = [(self.summary(), theme.DIM, False)]
        if not self.moments:
            # The verdict where the table would stand, not a grey line over an empty cloth.
            self._say(surface, round(fs * 1.3), max(top, h // 3), [("No clear mistake", theme.GOLD, True)])
            self._say(surface, fs, max(top, h // 3) + round(fs * 2.6), [(self.summary(), theme.INK, False)])
            self._buttons(surface, fs, [("close", "Close (Esc)")])
            return
        moment = self.moments[self.at]
        # The move's place in its round (its number in the game meant nothing on the table).
        into = moment.number - self.reviewer.round_starts.get(moment.round, 0) + 1
        # And in its deal, with the score then (the moment said only "round 2, move 42").
        pos = self.position_before(moment)
        if pos.rules.draw:  # Draw Cassino has one deal: where the stock stood, as the table says it
            deal = f"{len(pos.stock)} to draw" if pos.stock else "nothing left to draw"
        else:
            deal = "the last deal" if pos.last_deal else f"deal {pos.deal_number}"
        score = "\u2013".join(str(s) for s in pos.scores)
        where = (f"{self.at + 1} of {len(self.moments)} · round {moment.round}, move {into}, {deal} · "
                 f"{self.who(moment.seat)} · score {score}")
        t = theme.fit_text(where, fs, w - 2 * fs, theme.INK, bold=True)
        surface.blit(t, t.get_rect(midtop=(w // 2, top)))
        top += t.get_height() + fs // 4
        top = self._say(surface, fs, top, summary, small=True)
        text_h = self._text_height(fs, moment)
        buttons_h = round(fs * 2.6)
        # (Less the room the text's dark panel takes above its first line.)
        self._table(surface, fs, pygame.Rect(fs, top, w - 2 * fs, h - top - text_h - buttons_h - 2 * fs),
                    moment)
        self._say(surface, fs, h - buttons_h - text_h, self.lines(moment))
        self._buttons(surface, fs, [("prev", "◀ Previous"), ("next", "Next ▶"), ("close", "Close (Esc)")])

    def _progress(self, surface: pygame.Surface, fs: int, top: int) -> None:
        w, h = self.app.size
        r = self.reviewer
        words = (f"Weighing every move against the best one found… {r.done} of {r.total}" if r.total
                 else "Weighing every move against the best one found…")
        t = theme.fit_text(words, fs, w - 2 * fs, theme.INK)
        surface.blit(t, t.get_rect(center=(w // 2, h // 2 - fs)))
        bar = pygame.Rect(0, 0, min(w - 4 * fs, fs * 24), max(8, fs // 2))
        bar.center = (w // 2, h // 2 + fs)
        pygame.draw.rect(surface, theme.PANEL, bar, border_radius=bar.height // 2)
        if r.total:
            done = bar.copy()
            done.width = max(bar.height, bar.width * r.done // r.total)
            pygame.draw.rect(surface, theme.GOLD, done, border_radius=bar.height // 2)
        pygame.draw.rect(surface, theme.PANEL_LINE, bar, 1, border_radius=bar.height // 2)

    def _text_height(self, fs: int, moment: Moment) -> int:
        width = self._text_width(fs)
        n = sum(len(theme.wrap_even(text, fs, width, bold)) for text, _, bold in self.lines(moment) if text)
        return round(fs * 1.3) * n + fs

    def _text_width(self, fs: int) -> int:
        return min(self.app.size[0] - 2 * fs, fs * 48)

    def _say(self, surface: pygame.Surface, fs: int, top: int, lines: list[tuple[str, theme.Colour, bool]],
             small: bool = False) -> int:
        """Lines centred under each other from ``top``; where they end."""
        w = self.app.size[0]
        size = max(12, round(fs * 0.85)) if small else fs  # (11 px at 1024x600: too small to read)
        width = self._text_width(fs)
        y = top
        drawn: list[tuple[pygame.Surface, pygame.Rect]] = []
        for text, colour, bold in lines:
            for ln in theme.wrap_even(text, size, width, bold) if text else ():
                t = theme.text(ln, size, colour, bold=bold)
                drawn.append((t, t.get_rect(midtop=(w // 2, y))))
                y += round(size * 1.3)
        # On a dark panel, not the bare cloth: "You played: ..." in salmon read at 3:1
        # on the green cloth's centre, the grey lines at 3.6:1.
        theme.backed_block(surface, drawn, size // 3)
        return y + size // 2

    def _buttons(self, surface: pygame.Surface, fs: int, named: list[tuple[str, str]]) -> None:
        w, h = self.app.size
        bw, bh, gap = fs * 8, round(fs * 1.8), fs
        x = w // 2 - (len(named) * (bw + gap) - gap) // 2
        y = h - bh - round(fs * 0.6)
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
        for name, label in named:
            rect = pygame.Rect(x, y, bw, bh)
            idle = (name == "prev" and self.at == 0) or (name == "next" and self.at >= len(self.moments) - 1)
            colour = theme.BUTTON_HOT if rect.collidepoint(mouse) and not idle else theme.BUTTON
            # Enter's button outlined, as a menu's focus is.
            line, width = (theme.GOLD, 2) if name == self.default() else (theme.PANEL_LINE, 1)
            surface.blit(theme.rounded_box(rect.size, colour + (255,), 8, line + (255,), width), rect.topleft)
            t = theme.fit_text(label, round(fs * 0.9), bw - fs // 2, theme.DIM if idle else theme.INK, bold=True)
            surface.blit(t, t.get_rect(center=rect.center))
            self.buttons.append((rect, name))
            x += bw + gap

    def _table(self, surface: pygame.Surface, fs: int, area: pygame.Rect, moment: Moment) -> None:
        """The table and the mover's hand as they were, the played card and the
        better move (its card and what it takes) marked."""
        pos = self.position_before(moment)
        four = self.app.settings.four_colour
        # In the order the table showed them, and the hand as it was held.
        piles, things = table_piles(pos, self.played_before(moment))
        items: list[tuple[list[int], Build | None]] = [
            (cards, thing if isinstance(thing, Build) else None) for cards, thing in zip(piles, things)]
        hand = hand_order(pos, moment.seat)
        label_h = round(fs * 1.4)
        # Two rows of cards (table, hand) with their labels, as big as the space allows.
        widest = max(len(items) + sum(0.25 * (len(cs) - 1) for cs, _ in items), len(hand), 4)
        best, played = moment.best, moment.played
        # What the two rows need beside their cards: the labels, the gap, the words
        # under the hand, and with builds their badges and tags (the words under the
        # hand ran into the reason below: "Youplayed: …").
        marked = bool(pos.builds) or PLUCK in (best.kind, played.kind)
        # A table pile a move takes carries its word under it, as a hand card does (on the
        # pile's foot, sized with the cards, it grew over the card's index in a tall window).
        word_px = max(12, round(fs * 0.8))
        framed = any(move.kind != PLUCK and move.takes for move in (best, played))
        word_room = round(word_px * 1.3) + 12 if framed else 0
        extra = (2 * label_h + round(fs * 1.2) + round(fs * 0.9) + 6 + (round(fs * 1.3) if marked else 0)
                 + (round(fs * 0.8) if pos.builds else 0) + word_room)
        cw = int(min((area.width - fs) / (widest * 1.15), (area.height - extra) / (2 * RATIO)))
        cw = max(24, min(cw, round(self.app.size[1] * 0.16)))
        ch = round(cw * RATIO)
        gap = round(cw * 0.15)
        # Room under the table's row for the builds' "whose" tags and a better pluck's word.
        # (Sized with the cards but no bigger than the frames' words: in a tall window
        # "North's build" stood larger than the screen's heading.)
        tag_px = max(11, min(round(cw * 0.16), word_px))
        tag_h = round(tag_px * 1.3) + 3
        tags = (tag_h if pos.builds or PLUCK in (best.kind, played.kind) else 0) + word_room
        # A build's badge stands above its pile: room for it under the label (it covered "On the table").
        # The frames round a pile marked stand out a few pixels (they touched the label).
        badge_room = max(round(chip_radius(cw) * 0.7) if pos.builds else 0, FRAMES)
        block = 2 * label_h + badge_room + FRAMES + 2 * ch + round(fs * 1.2) + round(fs * 0.9) + tags
        y = area.y + max(0, (area.height - block) // 2)  # the two rows centred in their space
        self._label(surface, fs, "On the table", (area.centerx, y))
        y += label_h + badge_room
        widths = [cw + round(cw * 0.25) * (len(cs) - 1) for cs, _ in items]
        x = area.centerx - (sum(widths) + gap * (len(items) - 1)) // 2
        badges: list[tuple[Build, pygame.Rect, pygame.Rect]] = []
        for (cards, build), width in zip(items, widths):
            mask = sum(1 << c for c in cards)
            for k, c in enumerate(cards):
                surface.blit(card_face(c, cw, four), (x + k * round(cw * 0.25), y))
            rect = pygame.Rect(x, y, width, ch)
            if build is not None:
                badges.append((build, rect, pygame.Rect(x + (len(cards) - 1) * round(cw * 0.25), y, cw, ch)))
            # A pile both moves take carries both frames, the played one outside,
            # as a hand card both moves play does.
            frames = [(move, word, colour) for move, word, colour in
                      ((best, "better", theme.GLOW), (played, "played", theme.WARN)) if mask & move.takes]
            for i, (move, word, colour) in enumerate(frames):
                outline(surface, rect.inflate(6 + 8 * i, 6 + 8 * i), colour, 3 if i == 0 else 2)
                if move.kind == PLUCK:  # a pluck has no card in hand to carry the word
                    t = theme.text(f"{word}: pluck", tag_px, colour, bold=True)
                    surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.bottom + 3)))
            # The frames' words too, on the pile's foot: to a deuteranope the gold and the
            # salmon frames looked alike (the hand's cards carried words, the table's not).
            # The move played "took" these cards, or built on them: "played" on a table card
            # read as if that card had been played.
            said = [("taken" if word == "played" and move.kind == CAPTURE else
                     "built on" if word == "played" else word, colour)
                    for move, word, colour in frames if move.kind != PLUCK]
            if said:
                words = [theme.text(word, word_px, colour, bold=True) for word, colour in said]
                apart = word_px // 2 + 8  # (the pills stand 4 px past their words: they touched)
                wide = sum(t.get_width() for t in words) + apart * (len(words) - 1)
                # Under both frames' reach, at one height along the row, and under a build's "whose" tag.
                left = rect.centerx - wide // 2
                foot = rect.bottom + 12 + (tag_h if build is not None else 0)
                for t in words:
                    theme.backed(surface, t, t.get_rect(topleft=(left, foot)))
                    left += t.get_width() + apart
            x += width + gap
        for build, rect, top in badges:  # over every frame: the next pile's frame cut "10" to "1("
            self._badge(surface, build, rect, top, tag_px)
        if not items:
            t = theme.text("(nothing)", fs, theme.DIM)
            surface.blit(t, t.get_rect(midtop=(area.centerx, y + ch // 3)))
        y += ch + round(fs * 1.2) + tags
        self._label(surface, fs, f"{self.who(moment.seat)}'s hand" if self.who(moment.seat) != "You"
                    else "Your hand", (area.centerx, y))
        y += label_h + FRAMES  # (the frames round a marked card touched the label)
        x = area.centerx - (len(hand) * (cw + gap) - gap) // 2
        for c in hand:
            surface.blit(card_face(c, cw, four), (x, y))
            rect = pygame.Rect(x, y, cw, ch)
            marks = [(c == best.card, "better", theme.GLOW), (c == played.card, "played", theme.WARN)]
            on = [(word, colour) for hit, word, colour in marks if hit]
            for i, (word, colour) in enumerate(on):
                outline(surface, rect.inflate(6 + 8 * i, 6 + 8 * i), colour, 3)
            # Both words on one line under a card both moves play (a second line ran
            # into the reason below: "Youplayed: …").
            words = [theme.text(word, max(12, round(fs * 0.8)), colour, bold=True) for word, colour in on]
            left = rect.centerx - (sum(t.get_width() for t in words) + fs // 2 * (len(words) - 1)) // 2
            for t in words:
                theme.backed(surface, t, t.get_rect(topleft=(left, rect.bottom + 6)))
                left += t.get_width() + fs // 2
            x += cw + gap

    def _label(self, surface: pygame.Surface, fs: int, words: str, at: tuple[int, int]) -> None:
        t = theme.text(words, max(12, round(fs * 0.85)), theme.DIM, bold=True)
        theme.backed(surface, t, t.get_rect(midtop=at))

    def _badge(self, surface: pygame.Surface, b: Build, rect: pygame.Rect, top: pygame.Rect, px: int) -> None:
        """The build's value in its controller's colour (as the table shows it, on
        the top card ``top``), and whose it is under the pile ``rect``, at ``px``."""
        colour = theme.seat_colour(b.controller)
        cw = top.width
        value_chip(surface, b, top, self.table.game.rules.trailing_royals)
        who = self.who(b.controller)
        words = "Your build" if who == "You" else f"{who}'s build"
        t = theme.fit_text(words, px, rect.width + cw // 2, colour, bold=True)
        theme.backed(surface, t, t.get_rect(midtop=(rect.centerx, rect.bottom + 3)))  # as at the table

