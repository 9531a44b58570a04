"""The rules screen: what it says is what the engine does, it covers every
option the setup offers, and every section fits the smallest window."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from cassino.rules import Position, Rules, card_text, cards_of, mask_of, parse_any_move, parse_cards
from cassino.rules.cards import FULL_DECK
from cassino.settings import Settings
from cassino.ui import theme, title
from cassino.ui.app import App
from cassino.ui.overlays import RulesScene
from cassino.ui.rulebook import OPTIONS, SECTIONS, Example, Section, piles
from cassino.ui.title import SetupScene, TitleScene
from tests.rules.helpers import table_position

from .driver import click, key, post, step


def example_position(example: Example, rules: Rules) -> Position:
    """You (seat 0) to move holding the example's hand, its table laid out; the
    other player holds a card of each of their builds' values."""
    loose, builds, theirs = [], [], []
    used = parse_cards(example.hand.split())
    for p in piles(example.table):
        used |= mask_of(p.cards)
        if p.value:
            builds.append((" ".join(map(card_text, p.cards)), p.value, p.multiple, 0 if p.yours else 1))
        else:
            loose.append(card_text(p.cards[0]))
    for p in piles(example.table):
        if p.value and not p.yours:
            theirs.append(next(c for c in cards_of(FULL_DECK & ~used) if rules.values[c] == p.value))
            used |= 1 << theirs[-1]
    other = (theirs + cards_of(FULL_DECK & ~used))[:len(example.hand.split())]
    return table_position(example.hand, " ".join(loose), builds,
                          others=[" ".join(map(card_text, other))] if theirs else (), rules=rules)


PLAYED = [(s, e) for s in SECTIONS for e in s.examples if e.hand and s.options]


@pytest.mark.parametrize("section, example", PLAYED, ids=[f"{s.title}: {e.says[:30]}" for s, e in PLAYED])
def test_every_example_is_what_the_engine_allows(section: Section, example: Example) -> None:
    rules = Rules(**section.options[0])
    pos = example_position(example, rules)
    legal = set(pos.legal_moves())
    for text in example.legal:
        assert parse_any_move(text) in legal, f"{text} should be legal: {pos.violation(parse_any_move(text))}"
    for text in example.illegal:
        assert parse_any_move(text) not in legal, f"{text} should not be legal"
    if example.only:
        assert {m.text() for m in legal} == {parse_any_move(t).text() for t in example.legal}


def test_every_example_table_reads() -> None:
    for s in SECTIONS:
        for e in s.examples:
            for p in piles(e.table):
                assert len(p.cards) == 1 or p.value, f"{s.title}: a pile of several cards is a build"
            parse_cards((e.hand + " " + e.cards).split())
            assert e.says.strip()


def test_every_option_example_shows_a_difference_from_the_standard_game() -> None:
    """An option's example is one where the option changes what you may do
    (the sweep points change only the score)."""
    for s in SECTIONS:
        if s.group != OPTIONS or "sweeps" in s.options[0] and len(s.options[0]) == 1:
            continue
        differs = [set(example_position(e, Rules(**s.options[0])).legal_moves())
                   != set(example_position(e, Rules()).legal_moves()) for e in s.examples if e.hand]
        assert differs and any(differs), s.title


# -- the screen -----------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _quit() -> Iterator[None]:
    yield
    pygame.quit()


def rules_app(size: tuple[int, int] = (1024, 600)) -> tuple[App, RulesScene]:
    app = App(size, Settings(speed="instant", fullscreen=False))
    app.replace(TitleScene(app))
    scene = RulesScene(app)
    app.push(scene)
    step(app)
    return app, scene


def plain(section: Section) -> str:
    return " ".join(section.text + tuple(e.says for e in section.examples)).replace("*", "")


def test_the_sections_explain_every_option_the_setup_offers() -> None:
    """Every row of the setup is turned through its values, one row at a time;
    each game it sets up is one a section explains, and a choice other than the
    standard is named there as the setup shows it."""
    app = App((1280, 720), Settings(speed="instant", fullscreen=False))
    app.replace(TitleScene(app))
    explained = {Rules(**o): s for s in SECTIONS for o in s.options}
    seen: dict[Rules, str] = {}
    rows = len(SetupScene(app).menu.items)
    for row in range(rows):
        setup = SetupScene(app)
        app.push(setup)
        start = setup.menu.items[row].label
        for _ in range(8):
            setup.menu.items[row].action()
            if app.top is not setup or setup.editing is not None:
                break  # Start, Back and the typed fields set up no rules
            label = setup.menu.items[row].label
            seen.setdefault(setup.rules(), label)
            if label == start:
                break
        app.replace(TitleScene(app))
    tables = (title.PRESET_CHOICES, title.SWEEP_CHOICES, title.COURT_CHOICES, title.CONTROL_CHOICES,
              title.TARGETS)
    assert len(seen) == 1 + sum(len(t) - 1 for t in tables), "every choice of every rules row was found"
    for rules, label in seen.items():
        assert rules in explained, f"no section explains {label!r} ({rules.describe()})"
        if rules != Rules():
            assert label in plain(explained[rules]), f"{explained[rules].title} should name {label!r}"


def test_up_down_tab_and_clicks_show_every_section() -> None:
    app, scene = rules_app()
    for i in range(1, len(SECTIONS)):
        key(app, pygame.K_DOWN)
        assert scene.section == i
    key(app, pygame.K_TAB)
    assert scene.section == 0, "the list wraps round"
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_UP)
    assert scene.section == len(SECTIONS) - 2
    for index, _, rect in scene.frame().rows:
        if index is not None:
            click(app, rect.center)
            assert scene.section == index and app.top is scene


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080), (3840, 2160)])
def test_every_section_fits_the_screen(size: tuple[int, int]) -> None:
    app, scene = rules_app(size)
    f = scene.frame()
    screen = pygame.Rect((0, 0), size)
    assert screen.contains(f.box)
    for rect in [f.close, f.pane] + [r for _, _, r in f.rows]:
        assert f.box.contains(rect), rect
    assert f.pane.contains(f.text)
    assert max(r.bottom for _, _, r in f.rows) <= f.pane.bottom, "the list of sections fits"
    for index, label, rect in f.rows:
        if index is not None:
            assert theme.font(f.row_px, True).size(label)[0] < rect.width, label
    for i, section in enumerate(SECTIONS):
        scene.choose(i)
        step(app)  # drawn
        page = scene.page(i)
        assert theme.font(round(f.fs * 1.3), True).size(section.title)[0] <= f.pane.width
        for op in page.ops:
            assert 0 <= op.rect.left and op.rect.right <= f.text.width, (section.title, op)
            assert 0 <= op.rect.top and op.rect.bottom <= page.height, (section.title, op)
        if size != (1024, 600):
            assert page.height <= f.text.height, f"{section.title} needs no scrolling at {size}"


def test_a_long_section_scrolls_and_choosing_another_starts_at_its_top() -> None:
    app, scene = rules_app((1024, 420))
    longest = max(range(len(SECTIONS)), key=lambda i: scene.page(i).height)
    scene.choose(longest)
    assert scene.max_scroll() > 0
    key(app, pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    key(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll()
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    step(app)
    assert 0 < scene.scroll < scene.max_scroll()
    key(app, pygame.K_PAGEUP)
    key(app, pygame.K_PAGEUP)
    assert scene.scroll == 0
    key(app, pygame.K_END)
    key(app, pygame.K_DOWN)
    assert scene.scroll == 0 and scene.section == (longest + 1) % len(SECTIONS)


@pytest.mark.parametrize("how", ["escape", "close button", "right click"])
def test_esc_the_close_button_or_a_right_click_closes_it(how: str) -> None:
    app, scene = rules_app()
    if how == "escape":
        key(app, pygame.K_ESCAPE)
    elif how == "close button":
        click(app, scene.frame().close.center)
    else:
        click(app, scene.frame().pane.center, button=3)
    assert isinstance(app.top, TitleScene)


def test_a_click_on_the_text_does_not_close_it() -> None:
    app, scene = rules_app()
    click(app, scene.frame().pane.center)
    key(app, pygame.K_RETURN)
    assert app.top is scene


def test_opened_from_a_game_it_names_the_game_options() -> None:
    from .driver import open_table

    app, _ = open_table(table_position(hand="8S 3C", loose="8D 5H", rules=Rules(controller="strict", target=11)))
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Rules
    scene = app.top
    assert isinstance(scene, RulesScene) and scene.game_rules == Rules(controller="strict", target=11)
    drawn: list[str] = []
    real = theme.fit_text

    def spy(s: str, *args: object, **kw: object) -> pygame.Surface:
        drawn.append(s)
        return real(s, *args, **kw)  # type: ignore[arg-type]

    theme.fit_text = spy  # type: ignore[assignment]
    try:
        step(app)
    finally:
        theme.fit_text = real  # type: ignore[assignment]
    assert "This game: Strict builds, game to 11" in drawn
