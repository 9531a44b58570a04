"""Settings: animation speed, the computer's delay, the deck, the cloth,
full screen, sound, undo and the computer's thinking time; each change
applies and is kept at once."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cassino.rules import parse_card
from cassino.settings import AI_DELAYS, CARD_BACKS, SPEEDS, TABLE_COLOURS, THINKING, VOLUMES

from ..app import App
from ..art import theme
from ..art.cards import RATIO, card_back, card_face
from ..art.cloth import felt
from ..widgets import Item, Overlay, choice


def _either(values: tuple[str, ...]) -> str:
    """'instant, fast, normal or slow'."""
    return ", ".join(values[:-1]) + " or " + values[-1]


# What each setting does, in the order of the settings screen.
SETTING_HINTS = (f"How fast cards move: {_either(SPEEDS)}",
                 f"How long a computer player holds its card, 'thinking…', before playing it: "
                 f"{_either(AI_DELAYS)}",
                 "Spades black, hearts red, diamonds blue, clubs teal: suits told apart at a glance",
                 f"The colour of the cards' backs: {_either(CARD_BACKS)}",
                 f"The colour of the cloth: {_either(TABLE_COLOURS)}",
                 "Full screen or a window; F11 switches at any time",
                 "Off, or the volume of the card sounds (M at the table turns them off and on)",
                 "Ctrl+Z takes back your last move (alone against the computer); "
                 "such games are practice, not counted in the statistics",
                 f"How long the Expert and the Master think over a move, and the hint too: "
                 f"{_either(THINKING)}; longer plays a little stronger")


# What Settings holds, in a line under its button (on the title and in the pause menu).
ABOUT = "Speed, sound, cards, cloth, display, undo, thinking time"


class SettingsScene(Overlay):
    """Every setting, a line each; Enter, a click or Right steps it on, Left back."""

    def __init__(self, app: App):
        st = app.settings

        def changed() -> None:
            app.save_settings()
            self.refresh()

        def cycle(name: str, options: tuple[str, ...]) -> Callable[[int], None]:
            def step(by: int) -> None:
                setattr(st, name, options[(options.index(getattr(st, name)) + by) % len(options)])
                changed()
            return step

        def toggle(name: str) -> Callable[[int], None]:
            def step(by: int) -> None:
                setattr(st, name, not getattr(st, name))
                changed()
            return step

        def screen(by: int) -> None:
            app.toggle_fullscreen()
            self.refresh()

        def sound(by: int) -> None:
            # Off, 25%, 50%, 70%, 100%, and round again, either way; a volume
            # set by hand in the file steps to the nearest level that way.
            volume = st.volume if st.sound else 0.0
            levels = (0.0, *VOLUMES)
            further = [v for v in levels if (v - volume) * by > 0]
            new = (min(further) if by > 0 else max(further)) if further else levels[0 if by > 0 else -1]

            st.sound = new > 0
            if new > 0:
                st.volume = new
                app.sounds.play("capture")
            else:
                app.sounds.hush()
            changed()

        self.steps = [cycle("speed", SPEEDS), cycle("ai_delay", AI_DELAYS), toggle("four_colour"),
                      cycle("card_back", CARD_BACKS), cycle("table_colour", TABLE_COLOURS), screen, sound,
                      toggle("undo"), cycle("thinking", THINKING)]
        super().__init__(app, "Settings", [], lambda: app.pop(self))
        self.refresh()

    def body(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        """Under the title, why the last change could not be kept, if it could not."""
        unsaved = self.app.settings_unsaved
        if not unsaved:
            return 0
        fs = theme.px(self.app.size, 20, 12)
        y = box.y
        for ln in theme.wrap(unsaved, fs, max(100, box.width)):
            t = theme.text(ln, fs, theme.WARN)
            surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
            y += round(fs * 1.35)
        return y - box.y + fs // 2

    def draw(self, surface: pygame.Surface) -> None:
        """The settings, and beside them the cards and the cloth as they will
        look: a card back and colours are chosen by eye, not by name."""
        super().draw(surface)
        st = self.app.settings
        box = self.box
        room = surface.get_width() - box.right
        cw = min(round(room * 0.26), theme.px(self.app.size, 84, 44))
        if room < 3 * cw + 40:
            return  # no room beside the box: the names alone
        pad = cw // 4
        size = (3 * cw + 4 * pad, round(cw * RATIO) + 2 * pad + theme.px(self.app.size, 20, 12) * 2)
        at = pygame.Rect((box.right + (room - size[0]) // 2, box.centery - size[1] // 2), size)
        cloth = felt(size, size[0], st.table_colour)
        surface.blit(cloth, at.topleft)
        pygame.draw.rect(surface, theme.PANEL_LINE, at, 1, border_radius=4)
        y = at.y + pad
        for i, card in enumerate((parse_card("TD"), parse_card("AC"))):
            surface.blit(card_face(card, cw, st.four_colour), (at.x + pad + i * (cw + pad), y))
        surface.blit(card_back(cw, st.card_back), (at.x + pad + 2 * (cw + pad), y))
        fs = theme.px(self.app.size, 20, 12)
        t = theme.text("As they will look", fs, theme.INK)  # (dim grey on the green cloth read at 3.5:1)
        surface.blit(t, t.get_rect(midbottom=(at.centerx, at.bottom - pad // 2)))

    def resized(self, size: tuple[int, int]) -> None:
        """F11 (here or anywhere) changes the Display line: say it as it now stands."""
        self.refresh()

    def refresh(self) -> None:
        """The lines again, saying each setting as it now stands; the focus stays."""
        st = self.app.settings
        # At instant speed a computer's move shows at once, whatever the delay says.
        delay = f"{st.ai_delay} (off at instant)" if st.speed == "instant" and st.ai_delay != "none" \
            else st.ai_delay
        labels = [f"Animation speed: {st.speed}", f"Computer move delay: {delay}",
                  f"Four-colour deck: {'on' if st.four_colour else 'off'}", f"Card back: {st.card_back}",
                  f"Table colour: {st.table_colour}",
                  f"Display: {'full screen' if self.app.fullscreen else 'window'} (F11)",
                  # (A volume of 0 set in the file plays nothing: it is off, not "0%".)
                  f"Sound: {f'{max(1, round(st.volume * 100))}%' if st.sound and st.volume > 0 else 'off'}"
                  + (" (no audio device)" if self.app.sounds.problem else ""),
                  f"Undo for practice (Ctrl+Z): {'on' if st.undo else 'off'}",
                  f"Computer thinking time: {st.thinking}"]
        focus = self.menu.focus
        self.menu.items = [choice(label, step, hint)
                           for label, step, hint in zip(labels, self.steps, SETTING_HINTS)] + \
            [Item("Back", lambda: self.app.pop(self), "Enter, a click or the arrows change a line; Esc goes back")]
        self.menu.focus = focus


# -- the rules screen --------------------------------------------------------------------
