"""The scene stack around the table: title, setup, pause, settings, rules,
hints and the full-screen switch, driven by posted events."""

from __future__ import annotations

import time
import json
from pathlib import Path

import pygame
import pytest

from cassino.rules import Move
from cassino.settings import Settings
from cassino.ui.app import App
from cassino.ui.screens import setup_scene, show_title
from cassino.ui.rulebook.screen import RulesScene
from cassino.ui.menus.settings import SettingsScene
from cassino.ui.table import TableScene
from cassino.ui.menus.setup import SetupScene
from cassino.ui.menus.title import TitleScene
from cassino.ui.widgets import Item
from tests.rules.helpers import table_position

from .driver import key, open_table, over_title, settle, step
from cassino.ui.table import Seat



def title_app() -> App:
    app = App((1280, 720), Settings(speed="instant", fullscreen=False))
    show_title(app)
    step(app)
    return app


def test_play_sits_you_down_against_one_intermediate() -> None:
    app = title_app()
    key(app, pygame.K_RETURN)  # "Play" has the focus
    table = app.top
    assert isinstance(table, TableScene)
    assert [s.level for s in table.seats] == [None, "intermediate"]
    assert table.game.rules.target == 21 and table.game.players == 2


def test_new_game_sets_up_three_players_at_the_chosen_level() -> None:
    app = title_app()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # New game
    setup = app.top
    assert isinstance(setup, SetupScene)
    key(app, pygame.K_RETURN)  # Players: 2 -> 3
    for _ in range(3):  # past West and East, to the line of every computer seat
        key(app, pygame.K_DOWN)
    assert setup.menu.items[setup.menu.focus].label.startswith("All computers")
    key(app, pygame.K_RETURN)  # All computers: intermediate -> expert
    assert (setup.players, setup.level) == (3, "expert")
    start = [i.label for i in setup.menu.items].index("Start")
    setup.menu.focus = start
    key(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    assert [s.level for s in table.seats] == [None, "expert", "expert"]


def test_quit_from_the_title_ends_the_loop() -> None:
    app = title_app()
    while app.top.menu.items[app.top.menu.focus].label != "Quit":  # type: ignore[union-attr]
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert not app.running


def test_esc_at_the_title_goes_to_quit_and_a_second_esc_quits() -> None:
    app = title_app()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # New game
    key(app, pygame.K_ESCAPE)  # back to the title
    title = app.top
    assert isinstance(title, TitleScene) and app.running
    key(app, pygame.K_ESCAPE)  # one press too many: the game stays open, on Quit
    assert app.running and title.menu.items[title.menu.focus].label == "Quit"
    key(app, pygame.K_ESCAPE)
    assert not app.running


def test_pause_menu_reaches_rules_and_settings_and_quits_to_title() -> None:
    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H"))
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    speed = app.settings.speed
    key(app, pygame.K_UP)  # focus stays on the row acted on
    key(app, pygame.K_DOWN)
    settings.menu.focus = 0
    key(app, pygame.K_RETURN)
    assert app.settings.speed != speed
    settings.menu.focus = next(i for i, it in enumerate(settings.menu.items) if it.label.startswith("Four-colour"))
    key(app, pygame.K_RETURN)
    assert app.settings.four_colour
    key(app, pygame.K_ESCAPE)  # back to the pause menu, still on "Settings"
    key(app, pygame.K_DOWN)  # New game
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Quit to title
    assert isinstance(app.top, TitleScene) and len(app.scenes) == 1


def test_f11_switches_between_full_screen_and_a_window_and_the_table_follows() -> None:
    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H"))
    was = app.settings.fullscreen
    key(app, pygame.K_F11)
    assert app.settings.fullscreen != was
    key(app, pygame.K_F11)
    assert app.settings.fullscreen == was
    assert table.geo.size == app.size


def press(app: App, k: int, held: int = 0, unicode: str = "") -> None:
    """``k`` pressed and held for ``held`` of the key's repeats, then let go."""
    for _ in range(1 + held):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0))
        step(app)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=unicode, scancode=0))
    step(app)


def test_a_held_key_acts_once_but_moving_and_typing_repeat() -> None:
    # F11 held flipped full screen on and off with every repeat; Enter held
    # on the title went on through the menus it opened.
    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H"))
    was = app.settings.fullscreen
    press(app, pygame.K_F11, held=5)
    assert app.settings.fullscreen != was
    press(app, pygame.K_F11)  # a new press after the key was let go
    assert app.settings.fullscreen == was
    app = App((1280, 720), Settings(speed="instant", fullscreen=False))
    show_title(app)
    step(app)
    press(app, pygame.K_RETURN, held=6)  # Play: the table, and no card played by the repeats
    table = app.top
    assert isinstance(table, TableScene) and table.game.position.hands[0].bit_count() == 4
    press(app, pygame.K_RIGHT, held=2)  # along the hand: the first shows the focus, then two steps
    assert table.input.focus == ("hand", 2)
    app.push(setup_scene(app))
    step(app)
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.menu.focus = _focus(setup.menu.items, "Game number")
    press(app, pygame.K_RETURN, held=3)  # (its repeats closed the typing its press opened)
    assert setup.editing == "deal"
    press(app, pygame.K_BACKSPACE, held=12)
    press(app, pygame.K_7, held=3, unicode="7")
    assert setup.deal == "7777"


def test_a_window_asked_for_is_called_a_window_and_f11_comes_back_to_its_size() -> None:
    # Full screen in the settings, a window of 1024x650 asked for on the command
    # line: Settings said "full screen", the first F11 only saved "window", and
    # leaving full screen always gave 1280x720.
    app = App((1024, 650), Settings(speed="instant", fullscreen=True))
    show_title(app)
    app.push(SettingsScene(app))
    display = next(it for it in app.top.menu.items if it.label.startswith("Display"))
    assert not app.fullscreen and display.label == "Display: window (F11)"
    key(app, pygame.K_F11)
    assert app.settings.fullscreen and app.fullscreen
    assert any(it.label == "Display: full screen (F11)" for it in app.top.menu.items)
    key(app, pygame.K_F11)
    assert not app.settings.fullscreen and app.size == (1024, 650)


def test_the_computers_delay_says_it_is_none_at_instant_speed() -> None:
    app = App((1024, 600), Settings(speed="instant", ai_delay="long", fullscreen=False))
    show_title(app)
    app.push(SettingsScene(app))
    labels = [it.label for it in app.top.menu.items]
    assert "Computer move delay: long (off at instant)" in labels and app.settings.ai_pause == 0.0
    app.settings.speed = "normal"
    app.top.refresh()
    assert "Computer move delay: long" in [it.label for it in app.top.menu.items]


def test_h_asks_the_master_for_a_hint_and_shows_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from cassino.ai.worker import Thinker
    from cassino.ui.table import scene

    asked: list[str] = []

    def thinker(player: object, *args: object, **kw: object) -> Thinker:
        asked.append(getattr(player, "level"))
        return Thinker(player, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(scene, "Thinker", thinker)
    app, table = open_table(table_position(hand="8S 3C 9H", loose="8D 5H KC"))
    key(app, pygame.K_h)
    assert asked == ["master"]
    frames = 0
    end = time.monotonic() + 10
    while table.hinter is not None and time.monotonic() < end:
        step(app)
        frames += 1
    assert table.message.startswith("Hint: ")
    assert table.hint_move is not None and table.pos.is_legal(table.hint_move)
    assert table.game.moves == [], "a hint never plays for you"
    # Once a card is played the hint spoke of a table that is gone: it goes too.
    assert table.play(table.hint_move)
    assert table.message == "" and table.message_time == 0


def test_enter_after_a_hint_chooses_the_hinted_meaning_of_the_card() -> None:
    # The 4♦ can capture 3♣+A♠, build a single 7 or the multiple build of
    # 7s with 6♠+A♠. The list puts captures first: Enter after a hint of the
    # multiple build captured instead. The hinted line now comes first, marked.
    from cassino.rules import parse_card, parse_move
    from cassino.ui.table.chooser import ChooserScene

    app, table = open_table(table_position(hand="4D 7H 9C", loose="6S AS 3C"))
    hinted = parse_move("4Dm7:6S,AS,3C")
    assert table.pos.is_legal(hinted) and sorted(table.pos.moves_with(parse_card("4D")))[0] != hinted
    table.hint_move = hinted
    table.input.focus = ("hand", table.hand_order(0).index(parse_card("4D")))
    table.input.keyboard = True  # as H, pressed, leaves it: the ring on the hinted card
    key(app, pygame.K_RETURN)
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    assert chooser.moves[0] == hinted and chooser.labels[0].endswith("(the hint)")
    assert not any(label.endswith("(the hint)") for label in chooser.labels[1:])
    key(app, pygame.K_RETURN)
    assert table.game.moves == [hinted]


def test_a_hint_lets_go_of_selected_items_it_does_not_take_so_enter_plays_it() -> None:
    # The 10♣ selected, H hinted the J♥ on the J♣: Enter played the J♥ onto the 10♣
    # and was refused ("the 10♣ is not one") until Esc.
    from cassino.rules import parse_card, parse_move
    from tests.rules.helpers import cards

    app, table = open_table(table_position(hand="AS 2C 5C JH", loose="5D TC JC"))
    table.input.selection.add(cards("TC"))
    table._show_hint(parse_move("JHx:JC"))
    assert not table.input.selection
    table.input.keyboard = True
    key(app, pygame.K_RETURN)  # its plays listed (a capture or a trail), the hinted one first
    key(app, pygame.K_RETURN)
    assert table.game.moves == [parse_move("JHx:JC")], table.message
    # Items the hint takes stay chosen.
    app, table = open_table(table_position(hand="8S 3H", loose="5D 3C 8C"))
    table.input.selection.add(cards("5D"))
    table._show_hint(parse_move("8Sx8:5D,3C,8C"))
    assert table.input.selection == {cards("5D")}
    assert parse_card("8S") == table.hand_order(0)[table.input.focus[1]]


def test_setup_takes_a_typed_deal_number_and_target_and_remembers_itself(tmp_path: object) -> None:
    from pathlib import Path

    from cassino.rules import Rules
    from cassino.store import Store

    assert isinstance(tmp_path, Path)
    app = App((1280, 720), Settings(speed="instant", fullscreen=False), Store(tmp_path))
    show_title(app)
    app.push(setup_scene(app))
    step(app)
    setup = app.top
    assert isinstance(setup, SetupScene)
    def focus(prefix: str) -> None:
        setup.menu.focus = _focus(setup.menu.items, prefix)

    while setup.game != "custom":
        focus("Game:")
        key(app, pygame.K_RETURN)
    focus("Game to")
    key(app, pygame.K_RETURN)  # 21 -> 11
    focus("Game number")
    key(app, pygame.K_RETURN)
    for ch in "4071":
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=pygame.key.key_code(ch), mod=0, unicode=ch, scancode=0))
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_RETURN)  # done typing
    assert setup.deal == "407" and not setup.editing
    key(app, pygame.K_RETURN)  # again: never mind, Esc leaves it as it was (the digits typed were kept)
    for ch in "99":
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=pygame.key.key_code(ch), mod=0, unicode=ch, scancode=0))
    step(app)
    assert setup.deal == "40799"
    key(app, pygame.K_ESCAPE)
    assert setup.deal == "407" and not setup.editing
    # Down, typing, is done typing and goes on to the next line (it was ignored: only Enter or Esc left).
    key(app, pygame.K_RETURN)
    at = setup.menu.focus
    key(app, pygame.K_DOWN)
    assert not setup.editing and setup.deal == "407" and setup.menu.focus == at + 1
    setup.menu.focus = [i.label for i in setup.menu.items].index("Start")
    key(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.game.seed == 407 and table.game.rules.target == 11
    # The next setup starts from this one (the deal number is not kept: a new deal by default).
    again = setup_scene(app)
    assert again.rules() == Rules(target=11) and again.game == "custom" and again.deal == ""



def test_a_setup_left_with_esc_or_back_is_kept_for_next_time(tmp_path: object) -> None:
    # "The mix is kept for next time", said the custom game, but only Start kept it.
    from pathlib import Path

    from cassino.rules import Rules
    from cassino.store import Store

    assert isinstance(tmp_path, Path)
    app = App((1280, 720), Settings(speed="instant", fullscreen=False), Store(tmp_path))
    show_title(app)
    for leave in ("Esc", "Back"):
        setup = setup_scene(app)
        app.push(setup)
        step(app)
        while setup.game != "custom":
            setup.menu.focus = _focus(setup.menu.items, "Game:")
            key(app, pygame.K_RETURN)
        setup.menu.focus = _focus(setup.menu.items, "Game to")
        key(app, pygame.K_RETURN)  # 21 -> 11, then 11 -> the next
        chosen = setup.rules()
        if leave == "Esc":
            key(app, pygame.K_ESCAPE)
        else:
            setup.menu.focus = _focus(setup.menu.items, "Back")
            key(app, pygame.K_RETURN)
        assert isinstance(app.top, TitleScene)
        again = setup_scene(app)
        assert again.game == "custom" and again.rules() == chosen != Rules()


def test_the_setup_says_when_the_seats_change_the_game() -> None:
    # Six players made Standard into California, with its own rules, unsaid.
    app = App((1024, 600), Settings(speed="instant", fullscreen=False))
    show_title(app)
    setup = setup_scene(app)
    app.push(setup)
    step(app)
    setup.menu.focus = _focus(setup.menu.items, "Players")
    for _ in range(4):  # 2 -> 6 players
        key(app, pygame.K_RIGHT)
    said = [text for style, text in setup.description() if style == "gold"]
    assert setup.game == "california" and said == ["Standard is not played by 6 players: California instead."]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # another change: the note has been read
    assert not [text for style, text in setup.description() if style == "gold"]
    setup.menu.focus = _focus(setup.menu.items, "Players")
    key(app, pygame.K_RIGHT)  # 6 -> 2: the game chosen comes back, nothing to explain
    assert setup.game == "standard" and not [t for s, t in setup.description() if s == "gold"]


def test_the_people_s_names_are_remembered_with_the_setup(tmp_path: object) -> None:
    # Every New game went back to Player 1, Player 2: the names were typed again each time.
    from pathlib import Path

    from cassino.store import Store

    assert isinstance(tmp_path, Path)
    app = App((1280, 720), Settings(speed="instant", fullscreen=False), Store(tmp_path))
    show_title(app)
    setup = setup_scene(app)
    setup.kinds[1] = None
    setup.names[:2] = ["Ann", "Bea"]
    setup.refresh()
    setup.start()
    assert [s.name for s in app.top.seats] == ["Ann", "Bea"]
    again = setup_scene(app)
    assert again.names[:2] == ["Ann", "Bea"] and again.kinds[1] is None


def test_statistics_count_your_games_and_reset_after_confirmation(tmp_path: object) -> None:
    from pathlib import Path

    from cassino.rules import Rules
    from cassino.store import Store
    from cassino.ui.widgets import Overlay
    from cassino.ui.menus.stats import StatsScene

    from .driver import settle

    assert isinstance(tmp_path, Path)
    store = Store(tmp_path)
    app = App((1280, 720), Settings(speed="instant", fullscreen=False), store)
    from cassino.rules import Game
    from cassino.ui.table import Seat

    # A one-round game (to 1 point) played to its end through the table.
    game = Game(Rules(target=1), seed=5)
    table = TableScene(app, game, [Seat("You"), Seat("North", "beginner")])
    app.replace(table)
    table.players[0] = table.players[1]  # a computer plays your seat too, through the same table
    from cassino.ui.table.scoresheet import RoundOverScene

    for _ in range(10):  # a tie at the top means another round
        settle(app, limit=60)
        if game.winner is not None:
            break
        assert isinstance(app.top, RoundOverScene)
        key(app, pygame.K_RETURN)  # Next round
    stats = store.load_stats()
    assert stats.rounds == len(game.rounds) and sum(r.played for r in stats.games.values()) == 1
    (key_name, record), = stats.games.items()
    assert key_name == "beginner · target=1" and record.won + record.lost == 1
    assert stats.points == sum(r.points[0] for r in game.rounds)
    # The game's result for the chart, and the streak it starts.
    (result,) = stats.recent
    assert (result.won, result.score, result.other) == (game.winner == 0, game.totals[0], game.totals[1])
    assert result.sweeps == stats.sweeps == sum(r.sweeps[0] for r in game.rounds)
    assert stats.streak == (1 if result.won else -1) and stats.best_streak == result.won

    show_title(app)
    app.push(StatsScene(app))
    step(app)
    scene = app.top
    assert isinstance(scene, StatsScene) and "played 1" in " ".join(scene.lines())
    scene.menu.focus = [it.label for it in scene.menu.items].index("Reset…")
    key(app, pygame.K_RETURN)  # Reset…
    assert isinstance(app.top, Overlay) and app.top is not scene
    key(app, pygame.K_RETURN)  # "No, keep them" has the focus
    assert store.load_stats().rounds == len(game.rounds)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Yes, reset
    assert store.load_stats().rounds == 0 and app.top is scene


def test_a_game_that_becomes_practice_after_its_first_round_counts_no_round(tmp_path: object) -> None:
    # Its first round was counted as it ended; undo in the second made the game
    # practice, "not counted", and the statistics' average still held that round.
    from pathlib import Path

    from cassino.rules import Game, Rules
    from cassino.store import Store
    from cassino.ui.table import Seat
    from cassino.ui.table.scoresheet import RoundOverScene

    from .driver import bare_cloth, drag, hand_card_centre, settle

    assert isinstance(tmp_path, Path)
    store = Store(tmp_path)
    app = App((1280, 720), Settings(speed="instant", fullscreen=False, undo=True), store)
    game = Game(Rules(target=61), seed=5)
    table = TableScene(app, game, [Seat("You"), Seat("North", "beginner")])
    app.replace(table)
    table.players[0] = table.players[1]  # a computer plays your seat through round 1
    settle(app, limit=60)
    assert isinstance(app.top, RoundOverScene) and len(game.rounds) == 1 and not game.over
    assert store.load_stats().rounds == 0, "a round counts with its game, once the game is over"
    del table.players[0]
    key(app, pygame.K_RETURN)  # Next round
    settle(app)
    drag(app, hand_card_centre(table, table.hand_order(0)[0]), bare_cloth(table))
    settle(app)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    settle(app)
    assert table.practice
    table.players[0] = table.players[1]  # and on to the game's end, practice
    for _ in range(20):
        settle(app, limit=60)
        if table.game.over:
            break
        assert isinstance(app.top, RoundOverScene)
        key(app, pygame.K_RETURN)
    assert table.game.over
    stats = store.load_stats()
    assert stats.rounds == 0 and stats.played == 0


def test_the_hint_and_menu_buttons_do_what_h_and_esc_do() -> None:
    from .driver import click

    app, table = open_table(table_position(hand="8S 3C 9H", loose="8D 5H KC"))
    click(app, table.geo.hint_button.center)
    hinter, start = table.hinter, time.monotonic()
    while table.hinter is not None and time.monotonic() < start + 10:
        step(app)
    assert table.message.startswith("Hint: "), \
        f"after {time.monotonic() - start:.1f} s: {table.message!r} (the hint's error: {hinter and hinter.error!r})"
    click(app, table.geo.menu_button.center)
    from cassino.ui.table.pause import PauseScene

    assert isinstance(app.top, PauseScene)
    # Each button says what it does: the room kept under them for the longest line is never blank.
    assert all(item.hint for item in app.top.menu.items), [i.label for i in app.top.menu.items if not i.hint]


def test_a_hint_that_fails_says_so_and_the_game_goes_on(monkeypatch: pytest.MonkeyPatch,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    from cassino.ai.master import Master

    def broken(*args: object) -> Move:
        raise RuntimeError("out of ideas")

    monkeypatch.setattr(Master, "choose", broken)
    app, table = open_table(table_position(hand="8S 3C 9H", loose="8D 5H KC"))
    key(app, pygame.K_h)
    end = time.monotonic() + 10
    while table.hinter is not None and time.monotonic() < end:
        step(app)
    assert table.message.startswith("No hint this time"), table.message
    assert table.human_turn() and table.hint_move is None
    key(app, pygame.K_h)  # asking again asks the Master again
    end = time.monotonic() + 10
    while table.hinter is not None and time.monotonic() < end:
        step(app)
    logged = [r for r in caplog.records if r.name == "cassino.table"]
    assert [r.message for r in logged] == ["the hint found no move"] * 2
    assert all(r.exc_info and "out of ideas" in str(r.exc_info[1]) for r in logged)


def test_setup_names_the_people_for_pass_and_play() -> None:
    app = App((1280, 720), Settings(speed="instant", fullscreen=False))
    show_title(app)
    app.push(setup_scene(app))
    step(app)
    setup = app.top
    assert isinstance(setup, SetupScene)

    def focus(prefix: str) -> None:
        setup.menu.focus = _focus(setup.menu.items, prefix)

    def type_text(text: str) -> None:
        for ch in text:
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(kind, key=0, mod=0, unicode=ch, scancode=0))
        key(app, pygame.K_RETURN)

    for _ in range(4):  # Intermediate -> Expert -> Person
        focus("North:")
        if "Person" in setup.menu.items[setup.menu.focus].label:
            break
        key(app, pygame.K_RETURN)
    focus("Name at South")
    key(app, pygame.K_RETURN)
    type_text("Ann")
    focus("Name at North")
    key(app, pygame.K_RETURN)
    type_text("Ann")
    # Two of one name: the setup says the name the table will use (the second Ann
    # learnt it only from the cover); then Ben after all.
    labels = {it.label: it.hint for it in setup.menu.items}
    assert "Name at South: Ann" in labels and "Name at North: Ann 2" in labels, labels
    assert labels["Name at North: Ann 2"].startswith("Another player is Ann: this one plays as Ann 2.")
    focus("Name at North")
    key(app, pygame.K_RETURN)
    for _ in range(3):
        key(app, pygame.K_BACKSPACE)
    type_text("Ben")
    focus("Start")
    key(app, pygame.K_RETURN)
    table = app.top
    from cassino.ui.table.cover import CoverScene

    assert isinstance(table, CoverScene) or isinstance(app.scenes[0], TableScene)
    seated = app.scenes[0]
    assert isinstance(seated, TableScene)
    assert [s.name for s in seated.seats] == ["Ann", "Ben"] and seated.humans == [0, 1]


@pytest.mark.parametrize("presses, expected", [
    ({}, {}),
    ({"Game:": 1}, {"royal": True, "sweeps": 0}),
    ({"Game:": 1, "Short game": 1}, {"royal": True, "sweeps": 0, "target": 6}),
    ({"Game:": 2}, {"royal": True, "ace_14": True, "sweeps": 0}),
    ({"Game:": 10, "Sweeps:": 2, "Court cards": 1, "Build control": 3},
     {"sweeps": 0, "court_capture": "all", "controller": "strict"}),
    ({"Game:": 1}, {"royal": True, "sweeps": 0}),
])
def test_setup_rule_choices_make_the_rules_of_the_game(presses: dict[str, int], expected: dict[str, object]) -> None:
    from cassino.rules import Rules

    app = App((1280, 720), Settings(speed="instant", fullscreen=False))
    show_title(app)
    setup = setup_scene(app)
    app.push(setup)
    step(app)
    for prefix, n in presses.items():
        for _ in range(n):
            setup.menu.focus = _focus(setup.menu.items, prefix)
            assert setup.menu.items[setup.menu.focus].hint, "every rule choice says what it changes"
            key(app, pygame.K_RETURN)
    assert setup.rules() == Rules(**expected)  # type: ignore[arg-type]


def test_every_menu_line_of_the_setup_and_settings_says_what_it_does() -> None:
    app = App((1024, 600), Settings(speed="instant", fullscreen=False))
    show_title(app)
    setup = setup_scene(app)
    setup.players, setup.kinds, setup.partnerships = 4, [None, None, "expert", None], True
    setup.refresh()
    settings = SettingsScene(app)
    for menu in (setup.menu, settings.menu, show_title(app).menu):
        for item in menu.items:
            assert item.hint, f"{item.label!r} has no line saying what it does"
    app.push(settings)
    step(app)  # the hint under the buttons fits the box


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_every_custom_option_s_line_fits_under_the_setup_whole(size: tuple[int, int]) -> None:
    # Strict build control's longer line lost its last words to an ellipsis.
    from cassino.ui.art import theme
    from cassino.ui.options import OPTION_ROWS

    app = App(size, Settings(speed="instant", fullscreen=False))
    show_title(app)
    small = theme.px(size, 22, 12)
    for key, label, _, line in OPTION_ROWS:
        assert theme.font(small).size(line)[0] <= size[0] - 20, f"{label}: {line!r} is cut at {size}"


def test_the_setup_asks_a_level_for_all_computer_players_only_where_there_are_several() -> None:
    app = App((1280, 720), Settings(speed="instant", fullscreen=False))
    show_title(app)
    setup = setup_scene(app)
    setup.players = 3
    setup.refresh()
    assert any(it.label.startswith("All computers") for it in setup.menu.items)
    # One computer seat: its own line sets its level; no second line for the same thing.
    setup.players = 2
    setup.refresh()
    assert not any(it.label.startswith("All computers") for it in setup.menu.items)
    assert any(it.label.startswith("North: ") for it in setup.menu.items)
    setup.players, setup.kinds[1], setup.kinds[2] = 3, None, None
    setup.refresh()
    assert not any(it.label.startswith("All computers") for it in setup.menu.items)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_seats_lines_stay_in_place_while_a_seat_changes_hands(players: int) -> None:
    # Clicking North's line round its choices: when North became a person, a
    # "Name at South" line came in above it, and the next click, aimed at
    # North, opened the name (the All computers line came and went too).
    app = App((1280, 720), Settings(speed="instant", fullscreen=False))
    show_title(app)
    setup = setup_scene(app)
    app.push(setup)
    setup.players = players
    setup.refresh()

    from cassino.ui.table.seats import places

    def seats() -> list[int]:
        # ("West: Expert", or "West (Computer 1): Expert" where people share the screen.)
        return [i for i, it in enumerate(setup.menu.items)
                if it.label.split(":")[0].split(" (")[0] in places(players)[1:]]

    where = seats()
    assert len(where) == players - 1
    named = False
    for _ in range(8):  # round every choice of the second seat, and on
        setup.menu.focus = where[-1 if players == 2 else 1]
        key(app, pygame.K_RETURN)
        assert seats() == where, [it.label for it in setup.menu.items]
        named = named or any(it.label.startswith("Name at") for it in setup.menu.items)
    assert named, "the seat was a person's on the way round"


def test_statistics_name_the_opponents_and_rules_in_words(tmp_path: object) -> None:
    from pathlib import Path

    from cassino.rules import Rules
    from cassino.stats import Result, Stats
    from cassino.store import Store
    from cassino.ui.menus.stats import StatsScene

    assert isinstance(tmp_path, Path)
    stats = Stats()
    stats.record_game("beginner+expert", Rules(royal=True, ace_14=True, sweeps=0), Result(True, 21, 16))
    stats.record_game("intermediate", Rules(controller="strict", target=11), Result(False, 8, 11))
    stats.record_round(6, 1)
    store = Store(tmp_path)
    store.save_stats(stats)
    app = App((1024, 600), Settings(speed="instant", fullscreen=False), store)
    show_title(app)
    scene = StatsScene(app)
    app.push(scene)
    step(app)
    assert scene.records() == [("Beginner + Expert", "Royal, aces 14", "1", "1", "0", "100%"),
                               ("Intermediate", "Strict builds, game to 11", "1", "0", "1", "0%")]
    # Each opponent over all games, each game against all opponents, above the rows they add up.
    assert scene.totals() == [("Beginner + Expert", "All games", "1", "1", "0", "100%"),
                              ("Intermediate", "All games", "1", "0", "1", "0%"),
                              ("All opponents", "Royal, aces 14", "1", "1", "0", "100%"),
                              ("All opponents", "Strict builds, game to 11", "1", "0", "1", "0%")]
    assert scene.rows() == scene.totals() + scene.records()
    assert scene.headlines()[4:] == [("6 points", "best round · 6.0 on average"), ("1", "sweep")]


def test_the_title_says_its_focused_items_hint_only_while_nothing_covers_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cassino.ui.art import theme

    app = App((1920, 1080), Settings(speed="instant", fullscreen=False))
    title = show_title(app)
    hint = title.menu.items[title.menu.focus].hint
    drawn: list[str] = []
    text = theme.text
    monkeypatch.setattr(theme, "text", lambda s, *a, **k: (drawn.append(s), text(s, *a, **k))[1])
    step(app)
    assert hint in drawn
    app.push(RulesScene(app))  # a box over the title, which shows dimmed around it
    drawn.clear()
    step(app)
    assert drawn and hint not in drawn, "under the rules' box, half of it would peek out below"


def _focus(menu_items: list[Item], prefix: str) -> int:
    """The index of the menu line that starts with ``prefix``."""
    return next(i for i, it in enumerate(menu_items) if it.label.startswith(prefix))


def test_a_choice_in_the_setup_steps_back_with_left_and_its_left_arrow() -> None:
    from cassino.rules import PRESET_LIST
    from .driver import click

    app, setup = over_title(setup_scene)
    last = [p.key for p in PRESET_LIST if p.allows(2, False)][-1]
    setup.menu.focus = _focus(setup.menu.items, "Game:")
    key(app, pygame.K_LEFT)
    assert setup.game == "custom", "the value before the first is the last: Custom"
    key(app, pygame.K_LEFT)
    assert setup.game == last
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert setup.game == "standard"
    setup.menu.focus = _focus(setup.menu.items, "Players:")
    key(app, pygame.K_LEFT)
    assert setup.players == 6 and setup.menu.items[setup.menu.focus].label == "Players: 6"
    assert setup.game == "california", "the one game six may play"
    key(app, pygame.K_RIGHT)
    assert setup.players == 2 and setup.game == "standard", "the game chosen by hand comes back"
    seat = _focus(setup.menu.items, "North:")
    setup.menu.focus = seat
    key(app, pygame.K_LEFT)
    assert setup.kinds[1] == "beginner"

    # A click on a choice's left end steps back; anywhere else on it, on.
    step(app)
    r = setup.menu.rects[_focus(setup.menu.items, "Game:")]
    click(app, (r.left + 5, r.centery))
    assert setup.game == "custom"
    r = setup.menu.rects[_focus(setup.menu.items, "Game:")]
    click(app, r.center)
    assert setup.game == "standard"

    # Buttons that choose nothing keep the arrows for moving the focus.
    start = _focus(setup.menu.items, "Start")
    setup.menu.focus = start
    key(app, pygame.K_LEFT)
    assert setup.menu.focus == start - 1 and isinstance(app.top, SetupScene)


def test_a_setting_steps_both_ways_and_the_sound_runs_round_through_off() -> None:
    app = App((1280, 720), Settings(speed="instant", fullscreen=False, sound=False))
    show_title(app)
    settings = SettingsScene(app)
    app.push(settings)
    step(app)
    settings.menu.focus = _focus(settings.menu.items, "Animation speed")
    key(app, pygame.K_LEFT)
    assert app.settings.speed == "slow"
    key(app, pygame.K_RIGHT)
    assert app.settings.speed == "instant"
    assert settings.menu.items[settings.menu.focus].label == "Animation speed: instant"

    settings.menu.focus = _focus(settings.menu.items, "Sound")
    heard = []
    for k in (pygame.K_LEFT, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT):
        key(app, k)
        heard.append(app.settings.volume if app.settings.sound else "off")
    assert heard == [1.0, 0.7, 1.0, "off", 0.25]
    app.settings.volume = 0.6  # a level set by hand in the file: the nearest step each way
    key(app, pygame.K_RIGHT)
    assert app.settings.volume == 0.7
    app.settings.volume = 0.6
    key(app, pygame.K_LEFT)
    assert app.settings.volume == 0.5


@pytest.mark.parametrize("custom, focus, says", [
    ({}, "Sweeps: 1 point", "9♣ takes the 9♦ and 6♥ + 3♠"),            # the standard game's sweeps
    ({"sweeps": 2}, "Sweeps: 2 points", "9♥ takes 4♦ + 5♠ and clears the table: 2 points"),
    ({}, "Build control: standard (Hoyle)", "You control a build of 8 and hold 8♠ and 4♥. You may not trail"),
    ({"controller": "strict"}, "Build control: strict", "Their build of 6"),
    # Court cards' own page, not California's:
    ({"court_capture": "all"}, "Court cards take: all", "K♣ takes both K♥ and K♦"),
    ({"royal": True}, "Royal values: yes", "K♠ counts 13"),
    ({}, "Game to 21 points", None),   # no picture says what a target is (it was Royal's K♠)
    ({}, "Deal one at a time: no", None),  # California's example shows its court cards, not its deal
    # No page shows the value chosen: no example, rather than another value's
    # ("Court cards take: one" over a king taking both others).
    ({}, "Court cards take: one", None),
    ({"sweeps": 0}, "Sweeps: score nothing", None),
    ({"all_eleven": "win"}, "All eleven: win", None),
    ({}, "Royal values: no", None),
    ({}, "Spade points: no", None),
])
def test_a_custom_options_example_shows_that_option_as_chosen(custom: dict[str, object], focus: str,
                                                               says: str | None) -> None:
    app = App((1280, 720), Settings(speed="instant", fullscreen=False))
    show_title(app)
    setup = setup_scene(app)
    setup.game, setup.custom = "custom", dict(custom)
    setup.refresh()
    setup.menu.focus = _focus(setup.menu.items, focus)
    example = setup.example()
    if says is None:
        assert example is None, example
    else:
        assert example is not None and example.says.startswith(says), example


def test_the_game_chosen_comes_back_after_seatings_that_cannot_play_it() -> None:
    app = App((1280, 720), Settings(speed="instant", fullscreen=False))
    show_title(app)
    setup = setup_scene(app)
    app.push(setup)
    setup.menu.focus = _focus(setup.menu.items, "Game:")
    key(app, pygame.K_RIGHT)
    assert setup.game == "royal"
    games = []
    for _ in range(5):  # 3, 4, 5, 6 and 2 players
        setup.menu.focus = _focus(setup.menu.items, "Players:")
        key(app, pygame.K_RIGHT)
        games.append((setup.players, setup.game))
    assert games == [(3, "royal"), (4, "royal"), (5, "five-players"), (6, "california"), (2, "royal")]


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_every_custom_option_reads_whole_when_focused(size: tuple[int, int],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """At 1024x600 the focused line read 'Fixed rounds: no (play to the ta…':
    a line of the setup is drawn smaller rather than cut, at every value."""
    from cassino.ui.art import theme
    from cassino.ui.options import OPTION_ROWS

    app = App(size, Settings(speed="instant", fullscreen=False))
    show_title(app)
    setup = setup_scene(app)
    app.push(setup)
    cut: list[str] = []
    real = theme.fit_text

    def fit(s: str, px: int, width: int, *args: object, **kw: object) -> pygame.Surface:
        if theme.font(px, bool(kw.get("bold", args[1] if len(args) > 1 else False))).size(s)[0] > width:
            cut.append(s)
        return real(s, px, width, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "fit_text", fit)
    setup.game = "custom"
    for key_, label, values, _ in OPTION_ROWS:
        for value in values:
            setup.custom = {key_: value}
            setup.refresh()
            line = _focus(setup.menu.items, "Game to" if key_ == "target" else label)
            setup.menu.focus = line
            key(app, pygame.K_DOWN)
            key(app, pygame.K_UP)  # scrolled into sight, focused
            assert setup.menu.focus == line
            cut.clear()
            app.draw(app.screen)
            shown = setup.menu.items[line].label
            assert shown not in cut, f"{shown!r} is cut at {size}"


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_every_example_beside_the_setup_fits_its_box(size: tuple[int, int]) -> None:
    """Each preset's example, and each custom option's at each of its values:
    every card and word inside the example's box, the box inside the right-hand
    side. (All eleven's twelve cards in the pile ran past the box's edge.)"""
    from cassino.rules import PRESET_LIST
    from cassino.ui.options import OPTION_ROWS
    from cassino.ui.rulebook.page import example_ops

    app = App(size, Settings(speed="instant", fullscreen=False))
    show_title(app)
    setup = setup_scene(app)
    _, _, right, _ = setup.frame()
    shown = []
    for preset in PRESET_LIST:
        setup.game, setup.custom, setup.players = preset.key, {}, preset.players[0]
        setup.refresh()
        shown.append((preset.key, setup.example()))
    setup.players = 2
    for key_, label, values, _ in OPTION_ROWS:
        for value in values:
            setup.game, setup.custom = "custom", {key_: value}
            setup.refresh()
            setup.menu.focus = _focus(setup.menu.items, label)
            shown.append((f"{key_}={value}", setup.example()))
    assert sum(e is not None for _, e in shown) >= 15
    for name, example in shown:
        if example is None:
            continue
        ops, height = example_ops(example, size, right.width)
        box = ops[0].rect
        assert ops[0].kind == "box" and box.width <= right.width, name
        for op in ops[1:]:
            assert box.contains(op.rect), (name, op)


def test_the_custom_setup_says_the_focused_options_line_once() -> None:
    """Off, the focused option's line stands under the game's paragraph (what
    it would do); on, it is in the list of options in force, and only there."""
    app = App((1024, 600), Settings(speed="instant", fullscreen=False))
    show_title(app)
    setup = setup_scene(app)
    setup.game, setup.custom = "custom", {}
    setup.refresh()
    setup.menu.focus = _focus(setup.menu.items, "Call for 21")
    line = setup.menu.items[setup.menu.focus].hint
    assert [text for _, text in setup.description()].count(line) == 1
    setup.custom = {"call_for_21": True}
    setup.refresh()
    setup.menu.focus = _focus(setup.menu.items, "Call for 21")
    said = setup.description()
    assert [text for _, text in said].count(line) == 1 and ("option", "Call for 21: yes") in said


def test_the_custom_setup_names_the_call_for_the_game_s_target() -> None:
    # Game to 6: the game was named "Custom: Pluck, call for 6" but its row read "Call for 21: yes".
    app = App((1024, 600), Settings(speed="instant", fullscreen=False))
    show_title(app)
    setup = setup_scene(app)
    setup.game, setup.custom = "custom", {"call_for_21": True, "target": 6}
    setup.refresh()
    labels = [item.label for item in setup.menu.items]
    assert "Call for 6: yes" in labels and not any(label.startswith("Call for 21") for label in labels)
    assert ("option", "Call for 6: yes") in setup.description()


def test_one_round_and_one_game_are_said_in_the_singular() -> None:
    from cassino.rules import Rules
    from cassino.stats import Result
    from cassino.ui.menus.chart import caption
    from cassino.ui.options import option_value_words, rules_in_words

    assert option_value_words("rounds", 1) == "1 round" and option_value_words("rounds", 6) == "6 rounds"
    assert "1 round" in rules_in_words(Rules(rounds=1), 2) and "1 rounds" not in rules_in_words(Rules(rounds=1), 2)
    one = Result(won=True, score=21, other=18)
    assert caption([one]) == "Your one finished game: won or lost by"
    assert caption([one, one]).startswith("Your last 2 games")


def test_a_game_with_a_call_to_another_target_is_named_by_that_target() -> None:
    from cassino.rules import Rules
    from cassino.ui.options import rules_in_words

    # The table says "Call 11" in a game to 11: its name must not say "call for 21".
    assert rules_in_words(Rules(call_for_21=True, target=11), 2) == "Call for 11, game to 11"
    assert rules_in_words(Rules(call_for_21=True), 2) == "Call for 21"


def test_a_custom_mix_is_named_after_a_preset_only_where_the_preset_is_most_of_it() -> None:
    # "Portuguese, sweeps 2 points, strict builds, spade points, initial pairs, all
    # eleven scores 12, call for 31, sudden death" read as Portuguese chosen.
    from cassino.rules import Rules
    from cassino.ui.options import rules_in_words

    portuguese = {"card_tie_to_spades": True, "target": 31}
    assert rules_in_words(Rules(**portuguese, sweeps=2), 2) == "Portuguese, sweeps 2 points"
    mix = Rules(**portuguese, sweeps=2, controller="strict", spade_scoring=True, initial_pairs=True,
                all_eleven="bonus", call_for_21=True, sudden_death=True)
    assert rules_in_words(mix, 2) == ("Sweeps 2 points, strict builds, spade points, initial pairs, all eleven "
                                      "scores 12, card tie to spades, call for 31, sudden death, game to 31")
    assert rules_in_words(Rules(royal=True, sweeps=0, controller="strict", target=11), 2) == \
        "Royal, strict builds, game to 11"


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_nothing_behind_a_dialog_shows_through_its_box(size: tuple[int, int]) -> None:
    # The title's buttons showed faintly through the Settings and Statistics boxes.
    app = App(size, Settings(speed="instant", fullscreen=False))
    settings = SettingsScene(app)
    app.push(settings)
    step(app)
    below = pygame.Surface(size)
    for fill in ((0, 0, 0), (255, 255, 255)):
        below.fill(fill)
        settings.draw(below)
        if fill == (0, 0, 0):
            dark = below.copy()
    # Inside the box, a white scene below changes no pixel a black one left.
    w, h = size
    changed = sum(dark.get_at((x, y)) != below.get_at((x, y))
                  for x in range(w * 2 // 5, w * 3 // 5, 7) for y in range(h // 3, h * 2 // 3, 7))
    assert changed == 0


def test_the_pause_menu_s_new_game_sets_one_up_and_keeps_this_one_until_it_starts(tmp_path: Path) -> None:
    from cassino.store import Store
    from cassino.ui.menus.setup import NewGame
    from cassino.ui.screens import start_game
    from cassino.ui.widgets import Overlay

    app = App((1024, 600), Settings(speed="instant", fullscreen=False), Store(tmp_path))
    table = start_game(app, NewGame(seed=4), ask=False)
    assert isinstance(table, TableScene)
    step(app)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    labels = [it.label for it in pause.menu.items]  # type: ignore[attr-defined]
    assert labels == ["Resume", "Rules", "Settings", "New game", "Quit to title"]
    pause.menu.focus = labels.index("New game")  # type: ignore[attr-defined]
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SetupScene)
    key(app, pygame.K_ESCAPE)  # changed one's mind: back to the paused table (it went to the title)
    assert app.top is pause and app.scenes[-2] is table
    key(app, pygame.K_RETURN)  # New game again, and Start
    assert isinstance(app.top, SetupScene)
    app.top.start()
    question = app.top
    assert isinstance(question, Overlay) and "lose it" in question.title


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_a_custom_game_with_many_options_lists_them_all_or_says_how_many_more(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    # Fifteen options in force: the list stopped after "Spade points: yes",
    # nine options missing without a word.
    from cassino.ui.art import theme

    app = App(size, Settings(speed="instant", fullscreen=False))
    show_title(app)
    setup = setup_scene(app)
    app.push(setup)
    setup.game = "custom"
    setup.custom = {"sweeps": 2, "controller": "strict", "royal": True, "ace_14": True, "buckeye": True,
                    "spade_scoring": True, "initial_pairs": True, "all_eleven": "win", "card_tie_to_spades": True,
                    "deal_singly": True, "pluck": True, "call_for_21": True, "sudden_death": True,
                    "count_out": True, "target": 31}
    setup.refresh()
    assert setup.refusal() is None
    in_force = [text for style, text in setup.description() if style == "option"]
    assert len(in_force) >= 12
    drawn: list[str] = []
    real = theme.text

    def text(s: str, *args: object, **kw: object) -> pygame.Surface:
        drawn.append(s)
        return real(s, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "text", text)
    setup.draw(app.screen)
    named = [o for o in in_force if o in drawn]
    more = [s for s in drawn if s.startswith("… and ")]
    if len(named) < len(in_force):
        assert more == [f"… and {len(in_force) - len(named)} more (on the left)"], (named, more)
        assert named == in_force[:len(named)], "the first ones, in order"
    else:
        assert more == []


def test_m_at_the_table_turns_the_sound_off_and_back_on_at_its_volume(tmp_path: Path) -> None:
    # Muting took Esc, Settings, and stepping Sound round; and back up from off it came at 25%.
    from cassino.store import Store

    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H"))
    app.store = Store(tmp_path)
    app.settings.volume = 0.5
    key(app, pygame.K_m)
    assert not app.settings.sound and "Sound off" in table.message
    assert json.loads((tmp_path / "settings.json").read_text())["sound"] is False
    key(app, pygame.K_m)
    assert app.settings.sound and app.settings.volume == 0.5 and "50%" in table.message


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_start_and_back_stay_in_view_however_long_the_setup_s_list(size: tuple[int, int]) -> None:
    # Six people: sixteen lines, fourteen shown, and Start and Back the two scrolled out of view.
    from cassino.settings import Settings
    from cassino.ui.app import App
    from cassino.ui.menus.setup import SetupScene

    app = App(size, Settings(fullscreen=False))
    setup = SetupScene(app, lambda choice: None)
    setup.players, setup.kinds = 6, [None] * 6
    setup.refresh()
    app.push(setup)
    app.draw(app.screen)
    labels = [it.label for it in setup.menu.items]
    assert setup.menu.visible < len(labels), "the list scrolls here"
    shown = [label for label, r in zip(labels, setup.menu.rects) if r.width]
    assert shown[-2:] == ["Start", "Back"] and shown[0].startswith("Players")
    # Down to the end of the list scrolls it, Start and Back staying where they are.
    start = setup.menu.rects[labels.index("Start")].copy()
    setup.menu.focus = labels.index("Start") - 1
    app.draw(app.screen)
    assert setup.menu.rects[labels.index("Start")] == start and setup.menu.rects[setup.menu.focus].width


def test_a_hint_to_call_says_how_to_call() -> None:
    # Enter plays the card in focus: a hint "Call for 21" followed by Enter played a card.
    from cassino.rules import Rules

    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H", rules=Rules(call_for_21=True),
                                           scores=(20, 3), captured=["TD 2S"]))
    key(app, pygame.K_h)
    start = time.monotonic()
    while table.hinter is not None and time.monotonic() < start + 20:
        step(app)
    assert table.hint_move is not None and table.hint_move.kind == "call", table.message
    assert table.message.startswith("Hint: Call for 21 (press C).")


def test_a_partnership_game_is_counted_apart_and_against_the_other_side_only(tmp_path: object) -> None:
    # Four players in partnerships and two players were one row, "Intermediate ·
    # Standard", and the partner counted among the opponents.
    from pathlib import Path

    from cassino.rules import Game, Rules, standard_teams
    from cassino.store import Store
    from cassino.ui.menus.stats import StatsScene
    from cassino.ui.table import Seat
    from cassino.ui.table.scoresheet import RoundOverScene

    from .driver import settle

    assert isinstance(tmp_path, Path)
    store = Store(tmp_path)
    app = App((1280, 720), Settings(speed="instant", fullscreen=False), store)
    game = Game(Rules(target=1), seed=5, players=4, teams=standard_teams(4, True))
    table = TableScene(app, game, [Seat("You"), Seat("West", "expert"), Seat("North", "beginner"),
                                   Seat("East", "expert")])
    app.replace(table)
    table.players[0] = table.players[2]  # a computer plays your seat too
    for _ in range(10):
        settle(app, limit=60)
        if game.winner is not None:
            break
        assert isinstance(app.top, RoundOverScene)
        key(app, pygame.K_RETURN)
    (name, record), = store.load_stats().games.items()
    assert name == "expert · target=1 · partnerships, partner beginner" and record.played == 1
    show_title(app)
    app.push(StatsScene(app))
    step(app)
    scene = app.top
    assert isinstance(scene, StatsScene)
    assert "Expert · Standard, game to 1, in partnerships with Beginner: played 1" in " ".join(scene.lines())


def test_the_window_changing_under_a_resting_pointer_moves_no_focus() -> None:
    # Display toggled by keys: the window's change sent a pointer motion, and the focus
    # jumped to the line under the pointer (the next Enter changed another setting).
    app, scene = over_title(SettingsScene)
    at = _focus(scene.menu.items, "Display")
    scene.menu.focus = at
    key(app, pygame.K_RETURN)  # Display: full screen (the window changes)
    assert app.size != (1280, 720)
    other = scene.menu.rects[0].center  # the first line, where the pointer rests
    app.step(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=other, rel=(0, 0), buttons=(0, 0, 0))])
    assert scene.menu.focus == at
    app.still_until = 0.0  # later, a hand on the mouse
    app.step(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=other, rel=(3, 0), buttons=(0, 0, 0))])
    assert scene.menu.focus == 0


def test_digits_in_the_setup_change_no_line() -> None:
    # Typing "12" before choosing the deal number's line stepped the players to 5 and a seat to Expert.
    app, setup = over_title(setup_scene)
    before = (setup.players, list(setup.kinds), setup.menu.focus)
    key(app, pygame.K_1)
    key(app, pygame.K_2)
    assert (setup.players, list(setup.kinds), setup.menu.focus) == before


def test_the_settings_show_the_cards_and_the_cloth_as_they_will_look() -> None:
    # "Card back: red" and "Table colour: blue" were names alone, chosen blind.
    from cassino.ui.menus.settings import SettingsScene
    from tests.ui.driver import over_title, step

    app, scene = over_title(lambda app: SettingsScene(app))
    right = pygame.Rect(scene.box.right, 0, app.size[0] - scene.box.right, app.size[1])

    def looks() -> bytes:
        step(app)
        return pygame.image.tobytes(app.screen.subsurface(right), "RGB")
    first = looks()
    for name, value in (("card_back", "red"), ("four_colour", True), ("table_colour", "red")):
        setattr(app.settings, name, value)
        now = looks()
        assert now != first, f"the preview does not show {name}"
        first = now


def test_the_pause_menu_says_the_game_s_number_once_the_game_is_over() -> None:
    """The setup offered "Game number" to replay a game, and no screen said
    what a game's number was (nor could it type one of ten digits). Said
    mid-game, the number dealt every hand and the stock to anyone at the screen."""
    from cassino.rules import Game, Rules
    from cassino.setups import GAME_NUMBER_DIGITS, random_game_number
    from cassino.ui.screens import sit_down
    from cassino.ui.table.pause import PauseScene
    from cassino.ui.table.scoresheet import RoundOverScene

    assert all(len(str(random_game_number())) <= GAME_NUMBER_DIGITS for _ in range(200))
    app, table = open_table(seed=123456789)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene) and pause.title == "Paused"
    game = Game(Rules(rounds=1), seed=123456789)
    while len(game.moves) < 47:  # all but the last play of the one round
        game.play(game.legal_moves()[0])
    seats = [Seat("You"), Seat("North", "beginner")][::1 if game.position.to_move == 0 else -1]
    table = sit_down(app, game, seats)
    settle(app)
    table.play(game.legal_moves()[0])
    settle(app)
    assert isinstance(app.top, RoundOverScene) and table.game.over
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene) and pause.title == "Paused · game number 123456789"


def test_a_button_acts_on_a_click_begun_on_it_not_on_a_release_alone() -> None:
    # A press on the cloth (or held through a round's end) released over "Next round" started the next round.
    from cassino.ui.widgets import Menu

    done: list[str] = []
    menu = Menu([Item("Next round", lambda: done.append("next")), Item("Score sheet", lambda: done.append("sheet"))])
    menu.layout((300, 200), 200, 20)
    first, second = menu.rects[0].center, menu.rects[1].center

    def press(at: tuple[int, int], kind: int) -> None:
        menu.handle(pygame.event.Event(kind, pos=at, button=1))

    press((10, 10), pygame.MOUSEBUTTONDOWN)
    press(first, pygame.MOUSEBUTTONUP)
    press(second, pygame.MOUSEBUTTONDOWN)  # begun on one button, released on another
    press(first, pygame.MOUSEBUTTONUP)
    assert done == []
    press(first, pygame.MOUSEBUTTONDOWN)
    press(first, pygame.MOUSEBUTTONUP)
    assert done == ["next"]


def test_the_title_behind_a_box_stays_where_it_was(tmp_path: Path) -> None:
    # Under "A game is in progress" the focused item's hint went: its room given back,
    # the fan of cards came back, the buttons moved down and the notices with them.
    from cassino.store import Store
    from cassino.ui.widgets import Overlay

    store = Store(tmp_path)
    store.problems.append("A notice of a file set aside, long enough to take a line of its own at this size.")
    app = App((1280, 720), Settings(speed="instant", fullscreen=False), store)
    title = show_title(app)
    step(app)
    assert title.menu.items[title.menu.focus].hint
    before = [pygame.Rect(r) for r in title.menu.rects]
    notices = title.notices_top
    app.push(Overlay(app, "A game is in progress.", [Item("Continue", lambda: None)], None))
    step(app)
    assert title.menu.rects == before and title.notices_top == notices
