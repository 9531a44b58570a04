"""The last capture, looked at again: press and hold a seat's pile (its last
capture), or press L (the last capture at the table; then Left and Right
step to the other seats' last captures). Shows who took what with which
card, as the round's events say; let go, or any other key, to return.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from cassino.rules import CAPTURE, PLUCK, Event, card_symbol, cards_of

from ..app import App, Scene
from ..art import theme
from ..art.cards import RATIO, card_face
from ..widgets import dim
from .state import TableState


def last_capture(events: list[Event], seat: int | None = None) -> Event | None:
    """The round's last capture (or pluck), by ``seat`` or by anyone."""
    for event in reversed(events):
        if event.move.kind in (CAPTURE, PLUCK) and event.taken and (seat is None or event.seat == seat):
            return event
    return None


class ReviewScene(Scene):
    """The cards of one capture, face up, over the dimmed table."""

    opaque = False

    def __init__(self, app: App, table: TableState, event: Event | None, held: bool,
                 events: Sequence[Event] = ()):
        super().__init__(app)
        self.table = table
        self.event = event
        self.held = held  # opened by pressing a pile: closes when the button is let go
        # Each seat's last capture this round, in seat order: what Left and Right step through.
        lasts = (last_capture(list(events), s) for s in range(table.pos.players))
        self.lasts = [e for e in lasts if e is not None]

    def handle(self, event: pygame.event.Event) -> None:
        """Left and Right: another seat's last capture; any other key, or
        letting go of a held button, puts the table back."""
        # (With one capture to show, Left and Right are keys like any other: "Any key
        # ... to return" was said while they did nothing.)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and len(self.lasts) > 1 \
                and not self.held:
            at = next((i for i, e in enumerate(self.lasts) if self.event is not None and e.seat == self.event.seat),
                      -1 if event.key == pygame.K_RIGHT else 0)
            self.event = self.lasts[(at + (1 if event.key == pygame.K_RIGHT else -1)) % len(self.lasts)]
            return
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN and not self.held) \
                or (event.type == pygame.MOUSEBUTTONUP and self.held):
            self.app.pop(self)

    def words(self) -> str:
        """The last capture in words: who took what with which card, and whether it swept."""
        e = self.event
        if e is None:
            return "No capture yet this round."
        name = self.table.names.seat(e.seat)
        if e.move.kind == PLUCK:
            return f"{name} plucked the {card_symbol(e.move.card if e.move.card >= 0 else e.taken.bit_length() - 1)}"
        taken = [c for c in cards_of(e.taken) if c != e.move.card]
        what = ", ".join(card_symbol(c) for c in taken)
        return f"{name} took {what} with the {card_symbol(e.move.card)}" + (": a sweep" if e.sweep else "")

    def hint(self) -> str:
        """How to go on from here, under the cards."""
        if self.held:
            return "Let go to return"
        if len(self.lasts) > 1:
            return "Left, Right: another player's last capture · any other key or a click to return"
        return "Any key or a click to return"

    def draw(self, surface: pygame.Surface) -> None:
        """The cards of the last capture laid out over the dimmed table, with its words."""
        dim(surface, 170)
        geo = self.table.geo
        area = geo.table
        fs = geo.fs
        e = self.event
        cards = [] if e is None else [c for c in cards_of(e.taken) if c != e.move.card] + \
            ([e.move.card] if e.move.card >= 0 and e.taken >> e.move.card & 1 else [])
        cw = min(geo.card_w, max(30, (area.width - 2 * fs) // max(1, len(cards) + 1)))
        gap = round(cw * 0.15)
        width = max(len(cards) * (cw + gap) - gap, theme.font(fs, True).size(self.words())[0],
                    theme.font(geo.fs_small).size(self.hint())[0]) + 2 * fs
        box = pygame.Rect(0, 0, min(width, area.width), round(cw * RATIO) + round(fs * 5))
        box.center = area.center
        surface.blit(theme.dialog_box(box.size, 14), box.topleft)
        colour = theme.seat_colour(e.seat) if e is not None else theme.DIM
        t = theme.fit_text(self.words(), fs, box.width - 2 * fs, colour, bold=True)
        surface.blit(t, t.get_rect(midtop=(box.centerx, box.y + fs // 2)))
        x = box.centerx - (len(cards) * (cw + gap) - gap) // 2
        y = box.y + round(fs * 2)
        for c in cards:
            surface.blit(card_face(c, cw, self.app.settings.four_colour), (x, y))
            if e is not None and c == e.move.card:  # the card played, marked
                pygame.draw.rect(surface, theme.GLOW, (x - 3, y - 3, cw + 6, round(cw * RATIO) + 6), 3,
                                 border_radius=8)
            x += cw + gap
        t = theme.fit_text(self.hint(), geo.fs_small, box.width - fs, theme.DIM)
        surface.blit(t, t.get_rect(midbottom=(box.centerx, box.bottom - fs // 3)))
