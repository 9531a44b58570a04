"""The rules screen: what it says is what the engine does, it covers every
game and option the setup offers, and every section fits the smallest window."""

from __future__ import annotations

import pygame
import pytest

from cassino.rules import (PRESET_LIST, InvalidRulesError, Position, Rules, card_text, cards_of, mask_of,
                           parse_any_move, parse_cards, shape_of)
from cassino.rules.cards import BIG_CASINO, DECK, FULL_DECK, SPADE_SET, rank_of
from cassino.rules.scoring import call_counts, end_round, game_winner
from cassino.settings import Settings
from cassino.ui.art import theme
from cassino.ui.app import App
from cassino.ui.rulebook.screen import RulesScene, section_for
from cassino.ui.rulebook import GROUPS, OPTIONS, SECTIONS, VARIANTS, Example, Section, piles
from cassino.ui.menus.title import TitleScene
from cassino.ui.options import option_label
from cassino.ui.options import OPTION_ROWS
from tests.rules.helpers import table_position

from .driver import click, key, over_title, post, step


def plain_cards(example: Example, used: int) -> list[int]:
    """``pile_extra`` cards for your pile: no spade, no point card, none the example shows."""
    plain = [c for c in DECK if not (SPADE_SET | used) >> c & 1 and c != BIG_CASINO and rank_of(c) != 1]
    return plain[:example.pile_extra]


def shown_cards(example: Example) -> int:
    used = parse_cards((example.hand + " " + example.stock + " " + example.pile + " " + example.cards).split())
    for p in piles(example.table):
        used |= mask_of(p.cards)
    return used


def example_position(example: Example, rules: Rules) -> Position:
    """You (seat 0) to move holding the example's hand, its table laid out; the
    other player holds a card of each of their builds' values; your pile, the
    scores and the stock as the example says (a stock means not the last deal)."""
    loose, builds, theirs = [], [], []
    used = shown_cards(example)
    for p in piles(example.table):
        if p.value:
            builds.append((" ".join(map(card_text, p.cards)), p.value, p.multiple, 0 if p.yours else 1))
        else:
            loose.append(card_text(p.cards[0]))
    for p in piles(example.table):
        if p.value and not p.yours:
            theirs.append(next(c for c in cards_of(FULL_DECK & ~used) if rules.values[c] == p.value))
            used |= 1 << theirs[-1]
    pile = parse_cards(example.pile.split()) | mask_of(plain_cards(example, used))
    used |= pile
    other = (theirs + cards_of(FULL_DECK & ~used))[:len(example.hand.split())]
    stock = example.stock.split()
    shape = shape_of(rules, 2)
    # A stock as the deals leave it: all that the first deal left in Draw
    # Cassino, else one deal more to come.
    size = shape.round_cards - 4 * 2 - 4 if rules.draw else shape.stock_after[-2]
    return table_position(example.hand, " ".join(loose), builds,
                          others=[" ".join(map(card_text, other))] if theirs else (), rules=rules,
                          stock=" ".join(stock), stock_size=size if stock else 0,
                          captured=[" ".join(map(card_text, cards_of(pile)))] if pile else (),
                          scores=example.scores or None, sweeps=example.sweeps or None)


def round_end_position(example: Example, rules: Rules) -> Position:
    """A finished round: your side's pile as the example says, the other side's the rest."""
    mine = parse_cards(example.pile.split())
    mine |= mask_of(plain_cards(example, shown_cards(example)))
    shape = shape_of(rules, 2)
    return Position(shape, 1, 0, [0, 0], (), 0, (), [mine, shape.pack_mask & ~mine],
                    list(example.sweeps or (0, 0)), 0, list(example.scores or (0, 0)))


def dealt_position(example: Example, rules: Rules) -> Position:
    """A round whose first deal puts the example's cards on the table, dealt."""
    shape = shape_of(rules, 2)
    probe = Position.start_of_round(shape, 1, shape.pack)
    probe.deal()
    spots = [shape.pack.index(c) for c in cards_of(probe.loose)]
    dealt = parse_cards(example.dealt.split())
    rest = [c for c in shape.pack if not dealt >> c & 1]
    pack: list[int] = []
    wanted = iter(cards_of(dealt))
    for i in range(len(shape.pack)):
        pack.append(next(wanted) if i in spots else rest.pop(0))
    return Position.start_of_round(shape, 1, pack)


def claims(example: Example, rules: Rules, players: int = 2) -> list[str]:
    """What the example says that the engine, under ``rules``, does not do (empty: all true)."""
    wrong = []
    if example.missing:
        shape = shape_of(rules, players)
        missing = parse_cards(example.missing.split())
        if shape.pack_mask & missing or len(shape.pack) != 52 - missing.bit_count():
            wrong.append(f"the pack for {players} players is not without {example.missing}")
    if example.dealt:
        pos = dealt_position(example, rules)
        event = pos.deal()
        assert pos.round_start is False and event.table == parse_cards(example.dealt.split())
        if event.pairs != parse_cards(example.pairs.split()):
            wrong.append(f"the pairs taken are {event.pairs:x}")
        elif event.pairs and event.sweep != (event.pairs == event.table):
            wrong.append("a sweep or not")
    if not example.hand:
        if example.items or example.wins is not None:
            pos = round_end_position(example, rules)
            end = end_round(pos)
            for item, points in example.items:
                got = sum(i.points for i in end.items if i.team == 0 and i.item == item)
                if got != points or not any(i.team == 0 and i.item == item for i in end.items):
                    wrong.append(f"{item} scores {got}, not {points}")
            if example.wins is not None and game_winner(pos, end) != (0 if example.wins else 1):
                wrong.append(f"the winner is {game_winner(pos, end)}")
        return wrong
    pos = example_position(example, rules)
    legal = set(pos.legal_moves())
    for text in example.legal:
        if parse_any_move(text) not in legal:
            wrong.append(f"{text} should be legal: {pos.violation(parse_any_move(text))}")
    for text in example.illegal:
        if parse_any_move(text) in legal:
            wrong.append(f"{text} should not be legal")
    if example.only and {m.text() for m in legal} != {parse_any_move(t).text() for t in example.legal}:
        wrong.append(f"the legal moves are {sorted(m.text() for m in legal)}")
    if example.count is not None and call_counts(pos)[0] != example.count:
        wrong.append(f"your count is {call_counts(pos)[0]}")
    if (example.after or example.wins is not None) and not wrong:
        event = pos.copy().play(parse_any_move(example.legal[0]))
        after = pos.copy()
        after.play(parse_any_move(example.legal[0]))
        if example.after and after.hands[0] != parse_cards(example.after.split()):
            wrong.append(f"after {example.legal[0]} you hold {after.hands[0]:x}")
        if example.wins is not None and event.winner != (0 if example.wins else 1):
            wrong.append(f"after {example.legal[0]} the winner is {event.winner}")
    return wrong


CHECKED = [(s, e) for s in SECTIONS for e in s.examples if s.options]


@pytest.mark.parametrize("section, example", CHECKED, ids=[f"{s.title}: {e.says[:30]}" for s, e in CHECKED])
def test_every_example_is_what_the_engine_does(section: Section, example: Example) -> None:
    assert claims(example, Rules(**section.options[0]), section.players) == []


def test_every_example_table_reads() -> None:
    for s in SECTIONS:
        for e in s.examples:
            for p in piles(e.table):
                assert len(p.cards) == 1 or p.value, f"{s.title}: a pile of several cards is a build"
            parse_cards((e.hand + " " + e.cards + " " + e.pile + " " + e.stock + " " + e.dealt).split())
            assert e.says.strip()
            assert not (e.wins is not None and e.hand and not e.legal), "a winning move is named"


def test_every_variant_and_option_example_shows_what_the_option_changes() -> None:
    """An example of a variant or an option is one that is not so in the
    standard game (the sweep points change only the score; five players,
    only the seating)."""
    for s in SECTIONS:
        if s.group not in (VARIANTS, OPTIONS) or not s.options[0] or set(s.options[0]) <= {"sweeps", "rounds"}:
            continue
        checked = [e for e in s.examples if e.hand or e.pile or e.dealt]
        assert checked, f"{s.title} has an example drawn as cards and checked"
        assert any(claims(e, Rules(), s.players) for e in checked), f"{s.title}: so in the standard game too"


def test_every_game_the_setup_offers_has_its_section_naming_it() -> None:
    """Each preset, for each seating it allows, is explained by a section that
    names it as the setup does; so is each custom option and each value it takes."""
    def plain(section: Section) -> str:
        return " ".join(section.text + tuple(e.says for e in section.examples)).replace("*", "")

    def rules_of(options: dict[str, object]) -> Rules | None:
        try:
            return Rules.from_json(options)
        except InvalidRulesError:
            return None

    explained = {rules_of(o): s for s in SECTIONS for o in s.options}
    for preset in PRESET_LIST:
        for players in preset.players:
            rules = preset.rules(players)
            assert rules in explained, f"no section explains {preset.name} for {players}"
            if preset.key != "standard":
                assert f"Game: {preset.name}" in plain(explained[rules]) or preset.key == "five-players"
    assert "Game: Five players" in " ".join(plain(s) for s in SECTIONS)
    royal_short = next(p for p in PRESET_LIST if p.key == "royal").rules().replace(target=6)
    assert "Short game (to 6): yes" in plain(explained[royal_short])
    for key, label, values, _ in OPTION_ROWS:
        default = getattr(Rules(), key)
        for value in values:
            if value == default:
                continue
            sections = [s for s in SECTIONS if any(o.get(key, default) == value for o in s.options)]
            assert sections, f"no section explains {key} = {value!r}"
            named = label if key in ("rounds", "target") else option_label(key, label, value)
            assert any(named in plain(s) for s in sections), f"no section names {named!r}"


# -- the screen -----------------------------------------------------------------------------------



def rules_app(size: tuple[int, int] = (1024, 600)) -> tuple[App, RulesScene]:
    return over_title(RulesScene, size)


def plain(section: Section) -> str:
    return " ".join(section.text + tuple(e.says for e in section.examples)).replace("*", "")


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
    seen = set()
    for group, _ in scene.frame().tabs:
        place = dict(scene.frame().tabs)[group]  # where the group's name is now
        click(app, place.center)
        assert scene.group == group and app.top is scene
        for index, _, rect in scene.frame().rows:
            click(app, rect.center)
            assert scene.section == index and app.top is scene
            seen.add(index)
    assert seen == set(range(len(SECTIONS))), "every section is a click away"
    key(app, pygame.K_RIGHT)
    assert scene.group == GROUPS[0] and scene.section == 0, "right goes to the next group, round to the first"


@pytest.mark.parametrize("size", [(1024, 600), (1366, 768), (1920, 1080), (3840, 2160)])
def test_every_section_fits_the_screen(size: tuple[int, int]) -> None:
    app, scene = rules_app(size)
    screen = pygame.Rect((0, 0), size)
    for group in GROUPS:
        f = scene.frame(group)
        assert screen.contains(f.box)
        places = [f.close, f.pane] + [r for _, r in f.tabs] + [r for _, _, r in f.rows]
        for rect in places:
            assert f.box.contains(rect), rect
        assert not any(a.colliderect(b) for i, a in enumerate(places) for b in places[i + 1:])
        assert f.pane.contains(f.text)
        assert max(r.bottom for _, _, r in f.rows + [(0, "", r) for _, r in f.tabs]) <= f.pane.bottom, \
            "the list of groups and sections fits"
        for _, label, rect in f.rows:
            assert theme.font(f.row_px, True).size(label)[0] < rect.width, label
            assert f.row_px >= 11, "readable"
    f = scene.frame()
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
    assert SECTIONS[scene.section].title == "Strict builds", "it opens where the game's options are explained"
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


def test_each_preset_opens_its_own_section() -> None:
    for preset in PRESET_LIST:
        for players in preset.players:
            section = SECTIONS[section_for(preset.rules(players), players)]
            if preset.key == "standard":
                assert section.group == "The game"
            else:
                assert f"Game: {preset.name}" in " ".join(section.text), (preset.name, section.title)


@pytest.mark.parametrize("options, players, title", [
    # Royal values with Buckeye's ten opened Royal's page; six players "The aim".
    ({"royal": True, "buckeye": True}, 2, "Buckeye"),
    ({"royal": True, "ace_14": True, "sweeps": 2}, 2, "Royal, aces 14"),
    ({"royal": True, "sweeps": 0, "controller": "strict"}, 2, "Royal"),
    ({}, 6, "Five and six players"),
    ({"controller": "strict"}, 6, "Strict builds"),  # the option is what sets it apart
    ({"draw": True, "controller": "strict"}, 2, "Draw Cassino"),
    ({"controller": "strict"}, 2, "Strict builds"),
    ({}, 3, "The aim"),
    # Named "Draw Cassino, spade points" and "Pluck Cassino, spade points": not Spade Cassino's page (to 61).
    ({"draw": True, "spade_scoring": True}, 2, "Draw Cassino"),
    ({"pluck": True, "spade_scoring": True}, 2, "Pluck Cassino"),
    ({"spade_scoring": True, "target": 61}, 2, "Spade Cassino"),
])
def test_a_custom_game_opens_the_page_of_the_variant_it_plays_most_of(options: dict[str, object], players: int,
                                                                       title: str) -> None:
    assert SECTIONS[section_for(Rules.from_json(options), players)].title == title


@pytest.mark.parametrize("four", [False, True])
def test_suits_in_the_text_take_the_colours_of_the_deck_in_use(four: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the four-colour deck the cards show blue diamonds and green clubs;
    the rules' text said 10♦ in red and ♣ in white beside them."""
    from cassino.ui.art.cards import FOUR_COLOURS
    from cassino.ui.rulebook import page

    rules_app((1024, 600))  # pygame and the fonts as the game starts them
    drawn: dict[str, tuple[int, ...]] = {}
    real = page.theme.text

    def text(s: str, size: int, colour: tuple[int, ...], bold: bool = False) -> pygame.Surface:
        drawn[s] = tuple(colour)
        return real(s, size, colour, bold)  # type: ignore[arg-type]

    monkeypatch.setattr(page.theme, "text", text)
    surface = pygame.Surface((600, 60))
    op = page.Op("text", pygame.Rect(0, 0, 600, 30), "Take 10♦ and 7♣ with the 7♥, not the 2♠", 18)
    page.draw_ops(surface, [op], (0, 0), surface.get_rect(), 18, Settings(four_colour=four))
    assert drawn["♥"] == page.SUIT_RED and "♠" not in drawn, "spades stay in the text's ink"
    if four:
        blue, green = FOUR_COLOURS[2], FOUR_COLOURS[3]
        assert drawn["♦"][2] > drawn["♦"][0] and blue[2] > blue[0], "diamonds blue, as on the cards"
        assert drawn["♣"][1] > drawn["♣"][0] and green[1] > green[0], "clubs teal (greenish), as on the cards"
    else:
        assert drawn["♦"] == page.SUIT_RED and drawn["♣"] == tuple(op.colour)


def test_the_keys_page_names_every_key_the_table_answers() -> None:
    # Page Up and Page Down scrolled the log, said in the README but not on the page F1 opens.
    import re
    from pathlib import Path

    import cassino.ui.table.input as table_input
    from cassino.ui.rulebook.text import KEYS_SECTION

    page = " ".join(next(s for s in SECTIONS if s.title == KEYS_SECTION).text)
    words = {"PAGEUP": "Page Up", "PAGEDOWN": "Page Down", "ESCAPE": "Esc", "RETURN": "Enter", "SPACE": "Space",
             "TAB": "Tab", "z": "Ctrl+Z", "F11": "F11", "F1": "F1"}
    code = Path(table_input.__file__).read_text(encoding="utf-8")
    keys = set(re.findall(r"pygame\.K_([A-Za-z0-9_]+)", code))
    # The arrows are said as such; modifier keys are not keys of their own (a modifier alone skips nothing).
    keys -= {"KP_ENTER", "LEFT", "RIGHT", "UP", "DOWN", "CAPSLOCK", "NUMLOCK", "MODE"}
    keys -= {k for k in keys if k[1:] in ("SHIFT", "CTRL", "ALT", "GUI", "META")}
    for k in sorted(keys):
        said = words.get(k, f"*{k.upper()}*")
        assert said in page, f"pygame.K_{k}: {said!r} is not on the keys page"
