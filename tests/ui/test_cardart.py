"""Card art is drawn in code at any size: every card has a distinct face,
faces and backs have the card's proportions, and the four-colour deck
changes the colours of diamonds and clubs only."""

from __future__ import annotations

import pygame
import pytest

from cassino.rules.cards import DECK, parse_card
from cassino.ui.art.cards import card_back, card_face


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    from cassino.ui.art import theme

    pygame.init()
    theme.reset()  # (fonts the cards cached before another test's pygame.quit() are dead)


@pytest.fixture(autouse=True)
def _quit() -> None:
    """Unlike the other screens' tests (conftest.py), pygame stays up from one card test to the next."""


@pytest.mark.parametrize("width", [40, 72, 140])
def test_every_card_has_its_own_face_at_every_size(width: int) -> None:
    faces = [card_face(c, width) for c in DECK]
    assert all(f.get_size() == (width, round(width * 1.4)) for f in faces)
    assert len({pygame.image.tobytes(f, "RGBA") for f in faces}) == 52


def test_the_four_colour_deck_recolours_only_diamonds_and_clubs() -> None:
    def same(card: str) -> bool:
        c = parse_card(card)
        return pygame.image.tobytes(card_face(c, 80), "RGBA") == \
            pygame.image.tobytes(card_face(c, 80, four_colour=True), "RGBA")

    assert same("7S") and same("7H")
    assert not same("7D") and not same("7C")


def test_backs_come_in_styles() -> None:
    assert card_back(60).get_size() == (60, 84)
    assert pygame.image.tobytes(card_back(60, "blue"), "RGBA") != \
        pygame.image.tobytes(card_back(60, "red"), "RGBA")


@pytest.mark.parametrize("cloth", ["green", "blue", "red"])
def test_the_side_panel_is_of_the_cloth_s_colour(cloth: str) -> None:
    # The side panel and plates stayed dark green on a blue or red cloth.
    from cassino.ui.art import theme
    from cassino.ui.art.cloth import felt

    surface = felt((1024, 600), 800, cloth)
    panel = surface.get_at((900, 300))[:3]
    assert panel == theme.table_panel(cloth).panel
    rim = theme.CLOTHS[cloth][1]
    # The panel's strongest channel is the cloth's own: green, blue or red.
    assert max(range(3), key=lambda i: panel[i]) == max(range(3), key=lambda i: rim[i])


@pytest.mark.parametrize("width", [72, 110, 160])
def test_the_pips_stand_clear_of_the_corner_s_column(width: int) -> None:
    # On 4 to 10 the corner's suit all but touched the first pip: "♣♣".
    from cassino.ui.art.cards import IVORY

    h = round(width * 1.4)
    for name in ("4C", "5C", "8D", "TH", "9S"):
        face = card_face(parse_card(name), width)

        def clear(x: int) -> bool:
            return all(sum(abs(a - b) for a, b in zip(face.get_at((x, y))[:3], IVORY)) < 40
                       for y in range(round(h * 0.05), round(h * 0.45)))

        assert any(clear(x) for x in range(round(width * 0.2), round(width * 0.3))), (name, width)


@pytest.mark.parametrize("cloth", ["green", "blue", "red"])
def test_menus_and_dialogs_take_the_cloth_s_colours(cloth: str) -> None:
    # The pause menu, the settings and the score sheets stayed green on the blue and the red cloth.
    from cassino.settings import Settings
    from cassino.ui.app import App
    from cassino.ui.art import theme
    from cassino.ui.widgets import Item, Overlay

    app = App((1024, 600), Settings(fullscreen=False, table_colour=cloth))
    box = Overlay(app, "Paused", [Item("Resume", lambda: None)], lambda: None)
    app.replace(box)
    app.draw(app.screen)
    assert theme.dialog_box((40, 40)).get_at((20, 20))[:3] == theme.table_panel(cloth).panel
    assert theme.BUTTON == theme.table_panel(cloth).button
    theme.use_cloth("green")
