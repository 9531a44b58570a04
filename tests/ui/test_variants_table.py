"""The variants at the table, played the way a person plays them (posted
mouse and keyboard events through the real scene loop, headless): a pluck,
a call for 21 (won and lost), a sudden-death sweep, the two values of an
ace, Draw Cassino's draws, a six-player round played out by the computer,
and the setup choosing each preset. The engine is the judge throughout."""

from __future__ import annotations

import re
import time

import pygame
import pytest

from cassino.rules import PRESET_LIST, PRESETS, Game, Rules, position_to_json
from cassino.rules.scoring import call_counts
from cassino.settings import Settings
from cassino.ui.app import App
from cassino.ui.art import theme
from cassino.ui.screens import setup_scene, show_title
from cassino.ui.table.pause import CallScene
from cassino.ui.table.chooser import ChooserScene
from cassino.ui.table.scoresheet import RoundOverScene
from cassino.ui.table.summary import round_rows
from cassino.ui.table import Seat, TableScene
from cassino.ui.menus.setup import CUSTOM, SetupScene
from tests.rules.helpers import cards, table_position

from .driver import click, click_twice, drag, hand_card_centre, item_centre, key, open_table, settle, step


def c(text: str) -> int:
    return cards(text).bit_length() - 1



def drawn_text(app: App) -> list[str]:
    """Every string the next frame draws."""
    from cassino.ui.art import theme

    drawn: list[str] = []
    real_text, real_fit = theme.text, theme.fit_text

    def text(s: str, *args: object, **kw: object) -> pygame.Surface:
        drawn.append(s)
        return real_text(s, *args, **kw)  # type: ignore[arg-type]

    def fit(s: str, *args: object, **kw: object) -> pygame.Surface:
        drawn.append(s)
        return real_fit(s, *args, **kw)  # type: ignore[arg-type]

    theme.text, theme.fit_text = text, fit  # type: ignore[assignment]
    try:
        step(app)
    finally:
        theme.text, theme.fit_text = real_text, real_fit  # type: ignore[assignment]
    return drawn


# -- pluck ----------------------------------------------------------------------------------------


def pluck_table() -> tuple[App, TableScene]:
    # §9.17's example: table 5♦ 9♣, you hold 5♥, the stock not empty.
    pos = table_position(hand="5H", loose="5D 9C", rules=Rules(pluck=True), stock="7C", stock_size=8)
    return open_table(pos)


def test_the_pluck_button_then_a_loose_card_plucks_it_and_your_turn_goes_on() -> None:
    app, table = pluck_table()
    assert {m.text() for m in table.pluck_moves()} == {"pluck:5D", "pluck:9C"}
    click(app, table.geo.pluck_button.center)
    assert table.input.plucking and "Pluck" in " ".join(drawn_text(app))
    # While choosing, the lit button gives the pluck up, and says so.
    assert "Plucked" not in drawn_text(app) and "No pluck (P)" in drawn_text(app)
    click(app, item_centre(table, cards("9C")))
    # Used for this deal: the button says so (dimmed, it still read as on offer).
    assert "Plucked" in drawn_text(app) and "Pluck (P)" not in drawn_text(app)
    game = table.game
    assert [m.text() for m in game.moves] == ["pluck:9C"]
    assert table.piles[0] == 1 and not table.input.plucking
    settle(app)
    assert table.motion.get(c("9C")) is None, "the plucked card went into your pile"
    assert table.human_turn() and table.pluck_moves() == [], "one pluck a deal; now a card"
    assert any("plucked the 9♣" in text for _, text in table.log)
    # Then the 5♥ takes the 5♦: a sweep, as the rules' example says.
    drag(app, hand_card_centre(table, c("5H")), item_centre(table, cards("5D")))
    assert game.moves[1].text() == "5Hx5:5D" and game.round_events[1].sweep
    assert any(text == "Sweep! You cleared the table (1 point)." for _, text in table.log)


def test_the_line_over_the_hand_tells_a_pluck_with_the_card_play_after_it() -> None:
    # North's turn read only "North captured 7♥ with the 7♠": the pluck before it was gone.
    from cassino.rules import parse_move

    app, table = pluck_table()
    assert table.play(parse_move("pluck:9C")) and table.play_words == (0, "You plucked the 9♣.")
    assert table.play(parse_move("5Hx5:5D"))
    # (The capture cleared the table: the line says so, as the log does.)
    assert table.play_words == (0, "You plucked the 9♣, then captured 5♦ with the 5♥: a sweep.")


def test_p_then_arrows_and_enter_pluck_with_the_keyboard() -> None:
    """P shows at once which card Enter would pluck (the focus ring was
    hidden until an arrow was pressed), and the words speak of keys."""
    app, table = pluck_table()
    key(app, pygame.K_p)
    assert table.input.plucking and table.input.focus[0] == "table" and table.input.keyboard
    said = " ".join(drawn_text(app))
    assert "Pluck: choose a loose card with the arrows and press Enter" in said and "click" not in said
    while table.items[table.input.focus[1]].mask != cards("5D"):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert [m.text() for m in table.game.moves] == ["pluck:5D"]


def test_a_hinted_pluck_is_under_way_on_its_card_so_enter_plucks_it() -> None:
    """H hints the pluck of §9.17's example (the 9♣, then the 5♥ sweeps): the
    focus goes to the 9♣ with the pluck under way, as for a hinted card in
    hand, so Enter carries the hint out; before, Enter acted on the hand."""
    app, table = pluck_table()
    key(app, pygame.K_h)
    end = time.monotonic() + 20
    while table.hinter is not None and time.monotonic() < end:
        step(app)
    assert table.hint_move is not None and table.hint_move.text() == "pluck:9C"
    row, at = table.input.focus
    assert table.input.plucking and row == "table" and table.items[at].mask == cards("9C")
    # The hint's words and why stay in view through the pluck it starts (the pluck's
    # own instructions hid them): what to do, and why.
    said = " ".join(drawn_text(app))
    assert "Hint: Pluck the 9♣ (Enter or a click on it plucks it). Then the 5♥ can sweep the table." in said, said
    key(app, pygame.K_RETURN)
    assert [m.text() for m in table.game.moves] == ["pluck:9C"]


def test_esc_or_p_again_leaves_the_pluck_and_nothing_is_played() -> None:
    app, table = pluck_table()
    before = position_to_json(table.game.position)
    key(app, pygame.K_p)
    key(app, pygame.K_ESCAPE)
    assert not table.input.plucking and app.top is table
    key(app, pygame.K_p)
    key(app, pygame.K_p)
    assert not table.input.plucking
    assert position_to_json(table.game.position) == before


def test_a_pluck_the_rules_refuse_is_refused_with_their_reason() -> None:
    # An ace is never plucked; in the last deal nothing is.
    pos = table_position(hand="5H", loose="AD 9C", rules=Rules(pluck=True), stock="7C", stock_size=8)
    app, table = open_table(pos)
    key(app, pygame.K_p)
    click(app, item_centre(table, cards("AD")))
    assert table.game.moves == [] and "cannot be plucked" in table.message
    # The choice stays open (it closed, and P had to be pressed again): the 9♣ is plucked.
    assert table.input.plucking and "Choose another loose card" in table.message
    click(app, item_centre(table, cards("9C")))
    assert [m.text() for m in table.game.moves] == ["pluck:9C"]
    last = table_position(hand="5H", loose="5D 9C", rules=Rules(pluck=True))
    app, table = open_table(last)
    click(app, table.geo.pluck_button.center)
    assert not table.input.plucking and table.message.startswith("! ") and "last deal" in table.message
    assert table.game.moves == []


@pytest.mark.parametrize("loose,builds,said", [
    ("", [], "No plucking when the table holds fewer than two cards."),
    ("", [("2H AC", 3, False, 1)], "There is no loose card on the table to pluck: a build cannot be plucked."),
    # "The A♠ cannot be plucked" of A♠ 2♠ 10♦ A♥ left the others open.
    ("AS 2S TD AH", [], "None of the loose cards can be plucked: never an ace, the 10♦ or the 2♠.")])
def test_a_table_with_no_loose_card_to_pluck_says_so_of_them_all(loose: str, builds: list[tuple[str, int, bool, int]],
                                                               said: str) -> None:
    # It said "Only a loose card can be plucked; the A♠ is not loose on the table", the A♠ in a pile.
    pos = table_position(hand="5H 9D", loose=loose, builds=builds, others=["3S 6C"], rules=Rules(pluck=True),
                         stock="7C", stock_size=8)
    app, table = open_table(pos)
    key(app, pygame.K_p)
    assert not table.input.plucking and table.message == f"! {said}"


# -- call for 21 ----------------------------------------------------------------------------------


def call_table(score: int) -> tuple[App, TableScene]:
    """Your pile: 10♦ 2♠ A♠ A♥ and 20 plain cards, ``score`` before the round (§9.18)."""
    plain = "3H 4H 5H 6H 7H 8H 9H TH 3C 4C 5C 6C 7C 8C 9C TC 3D 4D 5D 6D"
    pos = table_position(hand="9S", loose="JC", rules=Rules(call_for_21=True),
                         captured=["TD 2S AS AH " + plain], scores=[score, 15])
    return open_table(pos)


def test_a_call_in_a_game_to_another_target_is_for_that_target() -> None:
    # Game to 11: the button said "Call 21", the box "Call for 21?" and the
    # end "called for 21 with a count of 11 (11 needed)".
    plain = "3H 4H 5H 6H 7H 8H 9H TH 3C 4C 5C 6C 7C 8C 9C TC 3D 4D 5D 6D"
    pos = table_position(hand="9S", loose="JC", rules=Rules(call_for_21=True, target=11),
                         captured=["TD 2S AS AH " + plain], scores=[6, 5])  # counts 11: a winning call
    app, table = open_table(pos)
    painted: list[str] = []
    real = theme.fit_text

    def fit_text(s: str, *args: object, **kw: object) -> pygame.Surface:
        painted.append(s)
        return real(s, *args, **kw)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(theme, "fit_text", fit_text)
        step(app)
    # (The game's name keeps the option's: "Call for 21, game to 11".)
    assert "Call 11 (C)" in painted and not any("21" in p for p in painted if "game to" not in p)
    click(app, table.geo.call_button.center)
    scene = app.top
    assert isinstance(scene, CallScene) and scene.title == "Call for 11?"
    key(app, pygame.K_RETURN)
    settle(app)
    story = " ".join(app.top.story())  # type: ignore[attr-defined]
    assert "called for 11 with a count of" in story and "21" not in story


def test_call_shows_your_count_and_calling_at_21_or_more_wins() -> None:
    app, table = call_table(17)
    assert call_counts(table.pos)[0] == 22
    click(app, table.geo.call_button.center)
    scene = app.top
    assert isinstance(scene, CallScene)
    said = " ".join(text for text, _ in scene.lines())
    assert "Your side counts 22" in said and "wins the game" in said
    assert "spade points" not in said, "spades score as points only in Spade Cassino"
    others = call_counts(table.pos)[1]
    assert f"The others, counted the same way: {table.names.team(1)} {others}." in said, "the other side's count, reckoned alike"
    assert scene.menu.items[scene.menu.focus].label == "Call now"
    key(app, pygame.K_RETURN)
    game = table.game
    assert [m.text() for m in game.moves] == ["call"] and game.winner == 0
    settle(app)
    summary = app.top
    assert isinstance(summary, RoundOverScene) and summary.result is None
    assert summary.heading() == "You win the game!"
    story = " ".join(summary.story())
    assert "called for 21 with a count of 22" in story and "reaches the target" in story
    # The counts that decided it stand in the sheet's figures, over the scores from before the round.
    drawn: list[str] = []
    real = theme.text

    def text(s: str, *args: object, **kw: object) -> pygame.Surface:
        drawn.append(s)
        return real(s, *args, **kw)  # type: ignore[arg-type]

    summary.clock = 1e9
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(theme, "text", text)
        step(app)
    at = drawn.index("Count at the call")
    assert drawn[at + 1:at + 3] == ["22", str(call_counts(table.pos)[1])]
    # Under "You win the game!", the scores from before the round were labelled "Final score".
    assert "Before this round" in drawn[at:] and "Final score" not in drawn
    assert list(game.totals) == [17, 15], "the scores before the round"
    step(app)  # drawn


def test_a_call_under_sudden_death_shows_the_score_before_the_round_and_the_final_one() -> None:
    # "Before this round 17 15" where the round began at 16 to 15: its sweep, counted
    # in play, stood among the scores from before the round.
    plain = "3H 4H 5H 6H 7H 8H 9H TH 3C 4C 5C 6C 7C 8C 9C TC 3D 4D 5D 6D"
    pos = table_position(hand="9S", loose="JC", rules=Rules(call_for_21=True, sudden_death=True),
                         captured=["TD 2S AS AH " + plain], scores=[16, 15], sweeps=[1, 0])
    app, table = open_table(pos)
    key(app, pygame.K_c)
    key(app, pygame.K_RETURN)
    settle(app)
    summary = app.top
    assert isinstance(summary, RoundOverScene) and table.game.winner == 0
    summary.clock = 1e9
    drawn = drawn_text(app)
    at = drawn.index("Before this round")
    assert drawn[at + 1:at + 3] == ["16", "15"]
    at = drawn.index("Final score")
    assert drawn[at + 1:at + 3] == ["17", "15"] and list(table.game.totals) == [17, 15]
    # The box has room for the third row: it stood 2 to 4 px over "Play again".
    placed: dict[int, str] = {}
    real = theme.text

    class Spy(pygame.Surface):
        def __init__(self, size: tuple[int, int]):
            super().__init__(size)
            self.rows: list[pygame.Rect] = []

        def blit(self, source: pygame.Surface, dest: object, *args: object, **kw: object) -> pygame.Rect:  # type: ignore[override]
            if placed.get(id(source)) == "Final score":
                self.rows.append(source.get_rect(topleft=dest))  # type: ignore[arg-type]
            return super().blit(source, dest, *args, **kw)  # type: ignore[arg-type]

    screen = Spy(app.screen.get_size())
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(theme, "text", lambda w, *a, **k: placed.setdefault(id(t := real(w, *a, **k)), w) and t)
        summary.draw(screen)
    [row] = screen.rows
    assert row.bottom + 8 <= min(r.top for r in summary.menu.rects), (row, summary.menu.rects)


def test_calling_short_asks_twice_and_loses() -> None:
    app, table = call_table(12)
    key(app, pygame.K_c)
    scene = app.top
    assert isinstance(scene, CallScene)
    assert "short" in " ".join(text for text, _ in scene.lines()).lower()
    assert scene.menu.items[scene.menu.focus].label == "Keep playing", "a losing call is never one key away"
    key(app, pygame.K_RETURN)
    assert app.top is table and table.game.moves == []
    key(app, pygame.K_c)
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)  # Call now
    assert table.game.winner == 1
    settle(app)
    summary = app.top
    assert isinstance(summary, RoundOverScene)
    assert summary.heading() == "Bot1 wins the game!" and "the call loses" in " ".join(summary.story())


def test_no_call_button_nor_key_without_the_option() -> None:
    app, table = open_table(table_position(hand="9S", loose="JC"))
    assert table.geo.call_button.width == 0 and table.geo.pluck_button.width == 0
    key(app, pygame.K_c)
    key(app, pygame.K_p)
    assert app.top is table and table.game.moves == [] and not table.input.plucking


# -- sudden death, aces, draw, legend ------------------------------------------------------------------


def test_a_sudden_death_sweep_ends_the_game_and_the_summary_says_so() -> None:
    pos = table_position(hand="9C", loose="6H 3S 9D", rules=Rules(sudden_death=True), scores=[20, 18])
    app, table = open_table(pos)
    click(app, item_centre(table, cards("9D")))
    click(app, item_centre(table, cards("6H")))
    click(app, item_centre(table, cards("3S")))
    click(app, hand_card_centre(table, c("9C")))
    game = table.game
    assert game.winner == 0 and list(game.totals) == [21, 18]
    settle(app)
    summary = app.top
    assert isinstance(summary, RoundOverScene) and summary.result is None
    assert "swept the table" in " ".join(summary.story()) and "Sudden death" in " ".join(summary.story())
    assert [it.label for it in summary.menu.items] == ["Play again", "Review your moves (R)", "Score sheet (S)",
                                                       "Back to the title"]
    # Enter, out of the rounds' habit, opens the game's sheet: it went straight into a new game.
    summary.clock = 1e9
    key(app, pygame.K_RETURN)
    from cassino.ui.table.scoresheet import SheetScene

    assert isinstance(app.top, SheetScene) and table.game is game


def test_an_ace_that_could_count_1_or_14_asks_which_is_meant() -> None:
    rules = PRESETS["royal-aces-14"].rules()
    app, table = open_table(table_position(hand="AC 5D", loose="KS AH", rules=rules))
    drag(app, hand_card_centre(table, c("AC")), item_centre(table, cards("AH")))
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    assert chooser.title.startswith("Which do you mean? The A♣ counts 1 or 14")
    assert chooser.labels == ["Capture K♠+A♥ (the A♣ as 14): a sweep", "Capture A♥ (the A♣ as 1)"]
    key(app, pygame.K_2)
    assert table.game.moves[0].text() == "ACx1:AH"
    assert "A 1, or 14 from your hand" in table.legend and "J 11 · Q 12 · K 13" in table.legend
    # The log names the ace once: "with the A♣ as 1", not "A♥ (the A♣ as 1) with the A♣".
    assert any(text.endswith("captured A♥ with the A♣ as 1.") for _, text in table.log)


def test_an_ace_whose_plays_all_count_it_alike_is_not_asked_about() -> None:
    # "The A♠ counts 1 or 14" headed a list where no play took anything with it as 1.
    rules = PRESETS["royal-aces-14"].rules()
    app, table = open_table(table_position(hand="AS 3H", loose="9C 5D", rules=rules))
    click_twice(app, hand_card_centre(table, c("AS")))
    chooser = app.top
    assert isinstance(chooser, ChooserScene) and chooser.title == "Play the A♠:"
    assert "Capture 9♣+5♦ (the A♠ as 14): a sweep" in chooser.labels


def draw_table(size: tuple[int, int]) -> tuple[App, Game, TableScene]:
    """Draw Cassino at the table, you against a Beginner, the cards dealt."""
    app = App(size, Settings(speed="instant", fullscreen=False))
    game = Game(PRESETS["draw"].rules(), 2, seed=4)
    table = TableScene(app, game, [Seat("You"), Seat("North", "beginner")])
    app.replace(table)
    settle(app)
    return app, game, table


def test_draw_cassino_draws_after_each_play_and_shows_what_is_left() -> None:
    app, game, table = draw_table((1280, 720))
    stock = len(game.position.stock)
    hand = table.hand_order(0)
    played = len(game.moves)
    key(app, pygame.K_LEFT)  # the first key shows the focus
    while table.input.focus != ("hand", 0):
        key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)  # what the first card can do: played at once if one thing, else the first choice
    if isinstance(app.top, ChooserScene):
        key(app, pygame.K_1)
    assert game.moves[played].card == hand[0]
    settle(app)
    assert len(game.position.stock) == stock - 2, "you and the computer each drew"
    assert game.position.hands[0].bit_count() == 4
    assert all(table.motion.get(x) is not None for x in table.hand_order(0)), "the drawn card is in your hand"
    assert f"To draw: {stock - 2}" in drawn_text(app)
    # The log says each drew (which card is the drawer's alone), where only the count went down.
    plays = [text for seat, text in table.log if seat is not None]
    assert len(plays) >= 2 and all(text.endswith((" and drew.", ", then drew.")) for text in plays), plays
    # And so does the line over your hand, of the computer's turn (it left the draw out).
    assert table.play_words is not None and table.play_words[1].endswith(("and drew.", "then drew.")), \
        table.play_words
    # After a list of cards, not "... K♥, K♦ and drew.", which read as one card more.
    from cassino.ui.table.scene import drew

    event = next(e for e in game.round_events if e.drawn)
    assert drew(event, "built thirteens (multiple): K♥, K♦") == ", then drew"
    assert drew(event, "trailed the 9♦") == " and drew"


def test_a_play_and_its_draw_keep_to_one_line_of_the_log_at_the_smallest_window() -> None:
    # "North trailed the 9♦ and drew a card." took two lines at 1024x600: the
    # log held half as many plays.
    from cassino.ui.table.scene import drew

    _, game, table = draw_table((1024, 600))
    event = game.play(next(m for m in game.legal_moves() if m.kind == "trail"))
    assert len(event.drawn) == 1
    line = f"North trailed the 10♦{drew(event)}."
    assert len(theme.wrap(line, table.geo.fs_small, table.geo.log.width)) == 1, line


# -- six players ----------------------------------------------------------------------------------


def test_six_computer_players_play_a_round_through_the_table() -> None:
    app = App((1024, 600), Settings(speed="instant", fullscreen=False, ai_delay="none"))
    rules = PRESETS["california"].rules(6)
    game = Game(rules, 6, seed=9)
    table = TableScene(app, game, [Seat(f"Bot{i}", "beginner") for i in range(6)])
    app.replace(table)
    settle(app, limit=120)
    summary = app.top
    assert isinstance(summary, RoundOverScene) and summary.result is not None
    assert summary.heading() == "Round 1 of 12 over"
    assert sum(table.piles) == 52
    engine = Game(rules, 6, seed=9)
    for move in game.moves:
        engine.play(move)
    assert engine.rounds[0] == summary.result
    assert [r.label for r in round_rows(rules, summary.result)] == \
        ["Cards", "Spades", "Big casino (10♦)", "Little casino (2♠)", "Aces"], "no sweeps row: they score nothing"
    key(app, pygame.K_RETURN)  # Next round
    step(app)
    assert app.top is table and game.round_number == 2


# -- the setup ------------------------------------------------------------------------------------


def setup_app() -> tuple[App, SetupScene]:
    app = App((1024, 600), Settings(speed="instant", fullscreen=False))
    show_title(app)
    setup = setup_scene(app)
    app.push(setup)
    step(app)
    return app, setup


def press(app: App, setup: SetupScene, prefix: str) -> None:
    setup.menu.focus = next(i for i, it in enumerate(setup.menu.items) if it.label.startswith(prefix))
    key(app, pygame.K_RETURN)


SEATINGS = [(p, n, teams) for p in PRESET_LIST for n in p.players
            for teams in ((False, True) if n == 4 else (False,)) if p.allows(n, teams)]


@pytest.mark.parametrize("preset, players, teams", SEATINGS,
                         ids=[f"{p.key}-{n}{'-teams' if t else ''}" for p, n, t in SEATINGS])
def test_the_setup_starts_each_preset_for_each_seating_it_allows(preset: object, players: int, teams: bool) -> None:
    from cassino.rules import Preset

    assert isinstance(preset, Preset)
    app, setup = setup_app()
    while setup.players != players:
        press(app, setup, "Players:")
    if teams:
        press(app, setup, "Partnerships:")
    offered = []
    while setup.game not in offered:
        offered.append(setup.game)
        press(app, setup, "Game:")
    assert offered == [p.key for p in PRESET_LIST if p.allows(players, teams)] + [CUSTOM], \
        "exactly the presets this seating allows, then Custom"
    while setup.game != preset.key:
        press(app, setup, "Game:")
    label = next(it.label for it in setup.menu.items if it.label.startswith("Game:"))
    assert label == f"Game: {preset.name}"
    name, about = setup.about()
    assert name == preset.name and len(about) > 80
    step(app)  # drawn
    press(app, setup, "Start")
    table = app.scenes[0]
    assert isinstance(table, TableScene)
    assert table.game.rules == preset.rules(players) and table.game.players == players
    assert (len(table.game.teams) == 2) == (teams or players == 2)


def test_royal_offers_its_short_game() -> None:
    app, setup = setup_app()
    press(app, setup, "Game:")
    assert setup.game == "royal"
    press(app, setup, "Short game")
    assert setup.rules() == Rules(royal=True, sweeps=0, target=6)
    press(app, setup, "Start")
    assert app.scenes[0].game.rules.target == 6  # type: ignore[attr-defined]


def test_custom_shows_every_option_and_refuses_what_the_engine_refuses() -> None:
    from cassino.ui.options import OPTION_ROWS

    app, setup = setup_app()
    while setup.game != CUSTOM:
        press(app, setup, "Game:")
    hints = {it.hint for it in setup.menu.items}
    for _, label, _, line in OPTION_ROWS:
        assert line in hints and any(it.label.startswith(label) for it in setup.menu.items), label
    press(app, setup, "Aces 1 or 14")  # without Royal values: refused
    reason = setup.refusal()
    # Named as the rows name them, not by the options' JSON keys.
    assert reason == "\u201cAces 1 or 14\u201d needs \u201cRoyal values\u201d (aces count 14 only in Royal Cassino).", reason
    said = " ".join(text for _, text in setup.description())
    assert reason in said
    press(app, setup, "Start")
    assert app.top is setup and setup.notice == "Not possible: " + reason, "no game started, and why said"
    press(app, setup, "Royal values")
    assert setup.refusal() is None and setup.rules() == Rules(royal=True, ace_14=True)
    # Call for 21 needs two sides: three players are refused, with the seating's reason.
    press(app, setup, "Call for 21")
    press(app, setup, "Players:")
    assert setup.players == 3 and setup.refusal() == (
        "\u201cCall for 21\u201d needs two sides: two players, or four in two partnerships.")
    step(app)  # drawn


def test_five_and_six_players_can_be_seated_with_people_and_levels() -> None:
    app, setup = setup_app()
    while setup.players != 6:
        press(app, setup, "Players:")
    assert setup.game == "california"
    press(app, setup, "East:")  # seat 6: Intermediate -> Expert
    press(app, setup, "North:")
    press(app, setup, "North:")
    press(app, setup, "North:")  # seat 4: Intermediate -> Expert -> Master -> a person
    assert setup.kinds[:6] == [None, "intermediate", "intermediate", None, "intermediate", "expert"]
    step(app)
    press(app, setup, "Start")
    table = app.scenes[0]
    assert isinstance(table, TableScene)
    assert [s.level for s in table.seats] == [None, "intermediate", "intermediate", None, "intermediate", "expert"]
    assert table.humans == [0, 3]


def test_the_setup_names_each_seat_as_the_table_will_and_says_who_partners_whom() -> None:
    app, setup = setup_app()
    while setup.players != 4:
        press(app, setup, "Players:")
    lines = [it.label for it in setup.menu.items]
    assert [ln for ln in lines if ln.endswith(": Intermediate") and "All" not in ln] == \
        ["West: Intermediate", "North: Intermediate", "East: Intermediate"]
    press(app, setup, "Partnerships:")
    teams = next(it for it in setup.menu.items if it.label.startswith("Partnerships:"))
    assert teams.label == "Partnerships: yes" and teams.hint.startswith("You and North against West and East")
    press(app, setup, "North:")  # your partner: Intermediate -> Expert
    hints = {it.label: it.hint for it in setup.menu.items}
    assert hints["North: Expert"].startswith("Your partner. Expert: ")
    assert hints["West: Intermediate"].startswith("Intermediate: ")
    press(app, setup, "East:")
    press(app, setup, "East:")
    press(app, setup, "East:")  # Intermediate -> Expert -> Master -> a person: two people share the screen
    # People share the screen, and the table turns for each: the computers go by their numbers.
    teams = next(it for it in setup.menu.items if it.label.startswith("Partnerships:"))
    assert teams.hint.startswith("Player 1 and Computer 2 against Computer 1 and Player 2")
    assert next(it.hint for it in setup.menu.items if it.label == "North (Computer 2): Expert").startswith(
        "Player 1's partner. Expert: ")
    assert [it.label for it in setup.menu.items if it.label.startswith("Name at")] == \
        ["Name at South: Player 1", "Name at East: Player 2"]
    step(app)
    press(app, setup, "Start")
    table = app.scenes[0]
    while not isinstance(table, TableScene):  # a cover screen between the people's turns
        step(app)
        table = app.scenes[0]
    assert [(s.name, s.level) for s in table.seats] == \
        [("Player 1", None), ("Computer 1", "intermediate"), ("Computer 2", "expert"), ("Player 2", None)]
    assert [sorted(t) for t in table.game.teams] == [[0, 2], [1, 3]]


def test_a_setup_remembered_by_the_first_version_is_read(tmp_path: object) -> None:
    """Three players, Royal (preset 1) with sweeps scoring 2: a custom game now."""
    from pathlib import Path

    from cassino.store import Store

    assert isinstance(tmp_path, Path)
    store = Store(tmp_path)
    store.write("setup.json", {"players": 3, "level": "expert", "partnerships": False,
                               "kinds": [None, "expert", "beginner", "expert"], "target": 21,
                               "preset": 1, "sweeps": 2, "court": "one", "control": "hoyle"})
    app = App((1024, 600), Settings(speed="instant", fullscreen=False), store)
    setup = setup_scene(app)
    assert (setup.players, setup.game, setup.kinds[:3]) == (3, CUSTOM, [None, "expert", "beginner"])
    assert setup.rules() == Rules(royal=True, sweeps=2)
    store.write("setup.json", {"players": 2, "level": "expert", "partnerships": False,
                               "kinds": [None, "expert", "expert", "expert"], "target": 21, "preset": 2,
                               "sweeps": 0, "court": "one", "control": "hoyle"})
    assert setup_scene(app).game == "royal-aces-14", "a preset as it was is that preset"
    store.write("setup.json", {"players": 9})
    assert setup_scene(app).game == "standard" and store.problems, "a damaged file is set aside, and said"


def test_the_all_computer_players_line_says_the_level_the_seats_play_at() -> None:
    app, setup = setup_app()
    setup.players, setup.kinds = 3, [None, "intermediate", "intermediate", None, None, None]
    setup.refresh()

    def line() -> str:
        return next(it.label for it in setup.menu.items if it.label.startswith("All computers:"))

    assert line() == "All computers: Intermediate"
    press(app, setup, "West:")  # Intermediate -> Expert: the two seats now differ
    assert setup.kinds[1] == "expert" and line() == "All computers: mixed"
    press(app, setup, "All computers:")  # first brings every seat to one level
    assert setup.kinds[1:3] == ["intermediate", "intermediate"]
    assert line() == "All computers: Intermediate"
    press(app, setup, "All computers:")
    assert setup.kinds[1:3] == ["expert", "expert"] and line() == "All computers: Expert"
    setup.players = 2  # one computer seat: its own line sets the level new seats take
    setup.refresh()
    press(app, setup, "North:")  # Expert -> Master
    assert setup.level == "master"
    assert not any(it.label.startswith("All computers") for it in setup.menu.items)


def test_each_level_is_described_where_it_is_chosen() -> None:
    from cassino.setups import LEVELS

    app, setup = setup_app()
    setup.players = 3  # two computer seats: a line for both
    setup.refresh()
    seen = []
    for _ in LEVELS:
        item = next(it for it in setup.menu.items if it.label.startswith("All computers:"))
        level = item.label.split(": ")[1]
        assert f"{level}: " in item.hint and len(item.hint) > len(level) + 40
        seat = next(it for it in setup.menu.items if it.label.startswith("North:") or it.label.startswith("West:"))
        assert seat.hint.startswith(f"{level}: ")
        seen.append(level)
        press(app, setup, "All computers:")
    assert sorted(seen) == sorted(name.capitalize() for name in LEVELS)


def test_every_combination_the_rules_refuse_is_named_by_the_setup_s_rows() -> None:
    """The refusals of §9.1, as the setup shows them: each option by its
    row's label, never by its JSON key."""
    from cassino.rules import InvalidRulesError
    from cassino.ui.options import OPTION_ROWS, conflict_words, option_label

    keys = [key for key, *_ in OPTION_ROWS]
    lines = {label for _, label, _, _ in OPTION_ROWS} | {option_label(key, label, value)
                                                       for key, label, values, _ in OPTION_ROWS for value in values}
    refused = [dict(ace_14=True), dict(buckeye=True), dict(royal=True, trailing_royals=True),
               dict(royal=True, court_capture="all"), dict(trailing_royals=True, court_capture="all"),
               dict(pluck=True, draw=True), dict(sudden_death=True, sweeps=0), dict(rounds=4, sudden_death=True),
               dict(rounds=4, call_for_21=True), dict(rounds=4, count_out=True), dict(rounds=4, target=11)]
    for options in refused:
        with pytest.raises(InvalidRulesError) as e:
            Rules(**options)  # type: ignore[arg-type]
        said = conflict_words(e.value.conflict)  # type: ignore[arg-type]
        assert said.endswith(".") and "\u201c" in said, said
        assert not any(f"'{k}'" in said or k in said.split() for k in keys if "_" in k), said
        # Each line named as the setup shows it ("Game to: 11 points" was said of "Game to 11 points").
        assert set(re.findall("\u201c(.*?)\u201d", said)) <= lines, said


def test_the_focus_stays_on_the_line_being_stepped_when_lines_appear_above_it() -> None:
    """North: Master, Enter: North becomes a person and a "Name at South" line
    appears above; the focus stays on North, so Enter steps North again."""
    app, setup = setup_app()
    press(app, setup, "North:")
    while setup.kinds[1] is not None:
        key(app, pygame.K_RETURN)
    assert setup.menu.items[setup.menu.focus].label == "North: Person (pass and play)"
    assert any(it.label.startswith("Name at South") for it in setup.menu.items)
    key(app, pygame.K_RETURN)
    assert setup.kinds[1] == "beginner" and setup.menu.items[setup.menu.focus].label.startswith("North:")


def test_partners_plates_name_the_partner_and_count_their_own_sweeps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four in two partnerships: each plate says whom it partners ("& North",
    as the panel's "You & North"), and beside its own "captured" its own
    sweeps: the team's total on both plates read as twice as many."""
    from cassino.ui.table import paint

    pos = table_position(hand="5S 9C", loose="5D", others=["KH QH", "JH TH", "8H 7H"], players=4,
                         teams=[[0, 2], [1, 3]], stock="", stock_size=0)
    app, table = open_table(pos, levels=(None, "beginner", "beginner", "beginner"))
    drag(app, hand_card_centre(table, cards("5S").bit_length() - 1), item_centre(table, cards("5D")))
    assert table.game.round_events[0].sweep
    plates: dict[str, tuple[str, tuple[str, ...]]] = {}
    real = paint._plate

    def plate(size: object, fs: int, fs_small: int, m: int, name: str, colour: object, team: str,
              facts: tuple[tuple[str, object], ...], to_move: bool, panel: object) -> pygame.Surface:
        plates[name] = (team, tuple(text for text, _ in facts))
        return real(size, fs, fs_small, m, name, colour, team, facts, to_move, panel)  # type: ignore[arg-type]

    monkeypatch.setattr(paint, "_plate", plate)
    app.draw(app.screen)
    you, north = table.names.seat(0), table.names.seat(2)
    assert plates[you][0] == f"& {north}" and plates[north][0] == f"& {you}"
    assert "1 sweep" in plates[you][1] and not any("sweep" in f for f in plates[north][1])


def test_a_plate_keeps_its_team_in_place_as_the_turn_passes() -> None:
    """At 1024x600 the turn's mark pushed the team out of the name's line
    into the facts below, and back when the turn passed: the plate's body
    no longer changes with the turn."""
    from cassino.ui.art import theme
    from cassino.ui.table.paint import LEVEL, _plate

    App((1024, 600), Settings(speed="instant", fullscreen=False))  # pygame and its fonts, as the game starts them
    facts = (("Intermediate", LEVEL), ("4 cards", (150, 150, 150)), ("Score 0", (240, 240, 232)))
    for name in ("East", "North-West", "Bot3"):
        body = []
        for to_move in (False, True):
            surf = _plate((170, 96), 17, 13, 10, name, (200, 120, 220), "& North-West", facts, to_move,
                          theme.table_panel("green"))
            body.append(pygame.image.tobytes(surf.subsurface(pygame.Rect(18, 30, 140, 60)), "RGBA"))
        assert body[0] == body[1], name


def test_a_hint_names_the_ace_it_plays_as_14() -> None:
    # "Capture K♠+A♥ (the A♣ as 14)": the hint's words had no "with the".
    from cassino.rules import parse_move
    from cassino.ui.table.words import describe_with_card

    pos = table_position("AC 5D", "KS AH", rules=PRESETS["royal-aces-14"].rules())
    assert describe_with_card(pos, parse_move("ACx14:KS,AH")) == "Capture K♠+A♥ with the A♣ as 14"


def test_a_build_that_must_be_answered_this_turn_is_said_before_a_play_breaks_the_rule() -> None:
    # "Must answer your build": the turn's line said nothing of it until a trail was refused.
    from .test_table import status_words

    pos = table_position(hand="8D 3C 9H", loose="KC", builds=[("5S 3H", 8, False, 0)], others=["2C 4C 6C"],
                         rules=Rules(controller="answer"))
    app, table = open_table(pos)
    assert "You control a build of 8: this turn you must capture it, add to it or raise it." in \
        status_words(app, table)
    plain = table_position(hand="8D 3C 9H", loose="KC", builds=[("5S 3H", 8, False, 0)], others=["2C 4C 6C"])
    app, table = open_table(plain)
    assert "this turn you must" not in status_words(app, table), "the standard rule binds no such turn"
    # Two builds: either answers the duty ("a build of eights ... raise it" named one, that cannot be raised).
    two = table_position(hand="8D 5C 9H", loose="KC", builds=[("5S 3H 8C", 8, True, 0), ("2H 3C", 5, False, 0)],
                         others=["2C 4C 6C"], rules=Rules(controller="answer"))
    app, table = open_table(two)
    assert ("You control a build of eights and a build of 5: this turn you must capture, add to or raise one "
            "of them." in status_words(app, table))
    # A trail refused says so of them both (it named the eights alone).
    from cassino.rules import parse_move

    assert table.pos.violation(parse_move("9H-")) == (
        "You control a build of eights and a build of 5: you may not trail; this turn you must capture, add to or "
        "raise one of them.")
    # None of them single: none can be raised.
    both = table_position(hand="8D 5C 9H", loose="KC", builds=[("5S 3H 8C", 8, True, 0), ("2H 3C 5D", 5, True, 0)],
                          others=["2C 4C 6C"], rules=Rules(controller="answer"))
    app, table = open_table(both)
    assert ("You control a build of eights and a build of fives: this turn you must capture or add to one of them."
            in status_words(app, table))
    one = table_position(hand="8D 3C 9H", loose="KC", builds=[("5S 3H 8C", 8, True, 0)], others=["2C 4C 6C"],
                         rules=Rules(controller="answer"))
    app, table = open_table(one)
    assert "You control a build of eights: this turn you must capture it or add to it." in status_words(app, table)
