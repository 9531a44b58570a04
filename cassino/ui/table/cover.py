"""Pass and play: the table hidden until the named player is ready."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ..app import App, Scene
from ..art import theme
from ..art.cloth import felt


# Seconds of quiet before the cover takes "ready": the click or key that
# skipped the last play's motion (its release comes a moment later), a key
# still held and repeating, or the clicks of someone hurrying their own play
# along, are meant for the table, not a sign that the next person looks. Any
# press meanwhile starts the quiet again (four quick clicks lifted the cover
# 0.6 s after a play, to show the next hand to the person who had played).
ARMING = 0.8
READY_KEYS = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
NEWS = 6  # the most lines of what happened meanwhile


class CoverScene(Scene):
    """Pass-and-play: the table is hidden until the named player is ready."""

    def __init__(self, app: App, name: str, ready: Callable[[], None], menu: Callable[[], None] | None = None,
                 news: Sequence[tuple[int | None, str]] = ()):
        super().__init__(app)
        self.name = name
        self.ready = ready
        self.menu = menu
        # The log's lines since this person last played (all public); the latest
        # if they are many, under a line saying how many more the log holds.
        news = list(news)
        self.news = news[-NEWS:]
        if len(news) > NEWS:
            self.news = [(None, f"({len(news) - NEWS + 1} earlier: in the log beside the table)")] + \
                news[-(NEWS - 1):]
        self.age = 0.0
        self.pressed = False  # the button went down on the cover itself (its release is "ready")
        self.button = pygame.Rect(0, 0, 0, 0)  # "I am …: show my cards", once drawn
        keys = pygame.key.get_pressed()
        self.held = {k for k in READY_KEYS if keys[k]}  # down since before the cover: ignored until let go

    def handle(self, event: pygame.event.Event) -> None:
        """A click, Enter or Space: the next person is ready. Esc: the game's
        menu, over this cover (to stop or change settings without showing anyone's hand)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.menu is not None:
                self.menu()
            return  # Esc is never "ready": a stray key must not show the hand
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            return
        if self.age < ARMING:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                self.age = 0.0  # still hurrying: the quiet starts again
            return
        # A click on the button, not anywhere: a click meant to hurry the table along
        # lands where the play was, not on the words that ask for the next person.
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.button.collidepoint(event.pos)
        elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed
              and self.button.collidepoint(event.pos)) or \
                (event.type == pygame.KEYDOWN and event.key in READY_KEYS and event.key not in self.held):
            self.app.pop(self)
            self.ready()

    def update(self, dt: float) -> None:
        """The cover's age, for its arming time."""
        self.age += dt

    def wake_in(self) -> float | None:
        """Frames while arming, so that its time is counted (the button lights
        up when it is over); then asleep."""
        return 0.0 if self.age < ARMING + 0.05 else None

    def draw(self, surface: pygame.Surface) -> None:
        """The cloth alone, saying whose turn comes, so no one sees another's hand."""
        w, h = self.app.size
        surface.blit(felt((w, h), w, self.app.settings.table_colour), (0, 0))
        big = theme.px(self.app.size, 64, 28)
        small = theme.px(self.app.size, 28, 15)
        room = w - 2 * small  # a long name (a save allows 40 letters) ran off both edges
        t = theme.shrink_text(f"Pass to {self.name}", big, room, theme.GOLD, bold=True, least=0.6)
        surface.blit(t, t.get_rect(center=(w // 2, h // 2 - big)))
        lines = [f"Everyone else, please look away: {self.name}'s cards come next."]
        if self.menu is not None:
            lines.append("Esc: the menu, to stop (the game is kept for later)")
        # The one place a click shows the hand (or Enter), lit once the cover takes it.
        armed = self.age >= ARMING
        label = theme.fit_text(f"{self.name}: show my cards (Enter)", small, room - 2 * small,
                               theme.INK if armed else theme.DIM, bold=armed)
        self.button = label.get_rect().inflate(small * 2, small)
        self.button.center = (w // 2, h // 2 + small)
        look = theme.table_panel(self.app.settings.table_colour)
        hot = armed and self.button.collidepoint(pygame.mouse.get_pos())
        surface.blit(theme.rounded_box(self.button.size, (look.button_hot if hot else look.button) + (235,),
                                       self.button.height // 3, (theme.GLOW if armed else look.line) + (255,),
                                       2 if armed else 1), self.button.topleft)
        surface.blit(label, label.get_rect(center=self.button.center))
        # Words on the bare cloth stand on a dark panel (dim grey read at 3.5:1 on the
        # green cloth's centre, seat colours under 3:1).
        under = []
        for i, line in enumerate(lines):
            t = theme.fit_text(line, small, room, theme.DIM)
            under.append((t, t.get_rect(center=(w // 2, self.button.bottom + round(small * 1.6 * (i + 1.0))))))
        theme.backed_block(surface, under, small // 2)
        if not self.news:
            return
        # What happened while this person looked away, above the title.
        news = theme.px(self.app.size, 24, 14)
        step = round(news * 1.4)
        y = h // 2 - big - round(big * 0.9) - step * (len(self.news) + 1)
        # No one has played since this person last looked (a round's first cover): the
        # table's news alone, with no "Meanwhile" over "Round 1: Ann deals."
        told = []
        if any(seat is not None for seat, _ in self.news):
            t = theme.text("Meanwhile:" if len(self.news) > 1 else "Meanwhile", news, theme.DIM, bold=True)
            told.append((t, t.get_rect(midtop=(w // 2, max(4, y)))))
        for seat, text in self.news:
            y += step
            colour = theme.seat_colour(seat) if seat is not None else theme.DIM
            t = theme.fit_text(text, news, w - 2 * news, colour)
            told.append((t, t.get_rect(midtop=(w // 2, max(4, y)))))
        theme.backed_block(surface, told, news // 2)
