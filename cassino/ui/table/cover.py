"""Pass and play: the table hidden until the named player is ready."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..app import App, Scene
from ..art import theme
from ..art.cloth import felt


class CoverScene(Scene):
    """Pass-and-play: the table is hidden until the named player is ready."""

    def __init__(self, app: App, name: str, ready: Callable[[], None], menu: Callable[[], None] | None = None):
        super().__init__(app)
        self.name = name
        self.ready = ready
        self.menu = menu

    def handle(self, event: pygame.event.Event) -> None:
        """A click, Enter or Space: the next person is ready. Esc: the game's
        menu, over this cover (to stop or change settings without showing anyone's hand)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.menu is not None:
                self.menu()
            return  # Esc is never "ready": a stray key must not show the hand
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or \
                (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)):
            self.app.pop(self)
            self.ready()

    def draw(self, surface: pygame.Surface) -> None:
        """The cloth alone, saying whose turn comes, so no one sees another's hand."""
        w, h = self.app.size
        surface.blit(felt((w, h), w, self.app.settings.table_colour), (0, 0))
        big = theme.px(self.app.size, 64, 28)
        t = theme.text(f"Pass to {self.name}", big, theme.GOLD, bold=True)
        surface.blit(t, t.get_rect(center=(w // 2, h // 2 - big)))
        small = theme.px(self.app.size, 28, 15)
        lines = [f"{self.name}, click or press Enter when you are ready.",
                 f"Everyone else, please look away: {self.name}'s cards come next."]
        if self.menu is not None:
            lines.append("Esc: the menu, to stop or save for later")
        for i, line in enumerate(lines):
            t = theme.text(line, small, theme.INK if i == 0 else theme.DIM)
            surface.blit(t, t.get_rect(center=(w // 2, h // 2 + round(small * 1.6 * (i + 0.5)))))
