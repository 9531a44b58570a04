"""The game is saved after every move and "Continue" on the title screen
resumes it exactly; damaged files are reported on the title screen."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from cassino.rules import Game, position_to_json
from cassino.settings import Settings
from cassino.store import SAVED_GAME, Store
from cassino.ui.app import App
from cassino.ui.screens import resume, show_title
from cassino.ui.table import Seat, TableScene, keeping
from cassino.ui.menus.title import TitleScene

from .driver import bare_cloth, drag, hand_card_centre, key, post, settle, step



def test_every_move_is_saved_and_continue_resumes_it_exactly(tmp_path: Path) -> None:
    app = App((1280, 720), Settings(speed="instant", fullscreen=False), Store(tmp_path))
    table = TableScene(app, Game(seed=21), [Seat("You"), Seat("North", "beginner")])
    app.replace(table)
    settle(app)
    for _ in range(5):  # five of your moves, the computer's replies, and the second deal
        card = table.hand_order(0)[0]
        drag(app, hand_card_centre(table, card), bare_cloth(table))
        settle(app)
    assert len(table.game.moves) >= 9
    saved_at = position_to_json(table.game.position)
    log = [text for _, text in table.log]
    assert "Deal 2 of 6." in log  # (a resumed game's log lost such lines)
    pygame.quit()

    # A new run (as after closing the window or a kill): the title offers Continue.
    app = App((1024, 600), Settings(speed="instant", fullscreen=False), Store(tmp_path))
    show_title(app)
    step(app)
    assert app.top.menu.items[0].label == "Continue"  # type: ignore[union-attr]
    key(app, pygame.K_RETURN)
    resumed = app.top
    assert isinstance(resumed, TableScene)
    assert position_to_json(resumed.game.position) == saved_at
    assert [s.level for s in resumed.seats] == [None, "beginner"]
    assert [text for _, text in resumed.log] == log, "the round's log comes back too"


def test_a_game_resumed_mid_round_is_on_the_table_at_once_not_dealt_again(tmp_path: Path) -> None:
    # Every card flew in from the stock again, the stock reading 44, then 42,
    # before it settled at the 40 it held.
    game = Game(seed=21)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    app = App((1024, 600), Settings(speed="normal", fullscreen=False), Store(tmp_path))
    table = TableScene(app, game, [Seat("You"), Seat("North", "beginner")])
    app.replace(table)
    step(app)
    assert table.at_rest() and table.shown_stock() == len(game.position.stock)
    # A game kept at its deal, no card played yet, is dealt in as ever.
    fresh = TableScene(app, Game(seed=22), [Seat("You"), Seat("North", "beginner")])
    assert not fresh.at_rest() and fresh.shown_stock() > len(fresh.game.position.stock)


def test_a_game_resumed_says_over_the_hand_what_was_played_last(tmp_path: Path) -> None:
    # Resumed, the line over the hand said only "Your turn: drag a card ...": what the
    # computer had just done was in the log alone.
    from .test_table import status_words

    game = Game(seed=21)
    while game.position.to_move != 0 or not game.turns:
        game.play(game.legal_moves()[0])
    last = game.turns[-1]
    app = App((1024, 600), Settings(speed="instant", fullscreen=False), Store(tmp_path))
    table = TableScene(app, game, [Seat("You"), Seat("North", "beginner")])
    app.replace(table)
    step(app)
    said = status_words(app, table)
    told = next(text for _, text in reversed(table.log) if text.startswith("North "))
    assert last.seat == 1 and said.startswith(f"{told} Your turn"), (said, told)


def test_a_game_left_at_a_round_s_sheet_comes_back_to_that_sheet(tmp_path: Path) -> None:
    # Closed on "Round 1 over", it came back at round 2's deal: the round's
    # breakdown and its review never shown.
    from cassino.ui.table.scoresheet import RoundOverScene

    game = Game(seed=21)
    while not game.rounds:
        game.play(game.legal_moves()[0])
    assert not game.turns and not game.over  # the next round is dealt at once
    app = App((1024, 600), Settings(speed="normal", fullscreen=False), Store(tmp_path))
    table = TableScene(app, game, [Seat("You"), Seat("North", "beginner")])
    app.replace(table)
    step(app, 2)
    sheet = app.top
    assert isinstance(sheet, RoundOverScene) and sheet.result == game.rounds[0]
    assert "Round 1" in sheet.heading()
    # Over round 1's end as play left it: round 2 showed behind the sheet, its
    # panel, its empty log and piles (round 1's log was lost).
    assert table.pos is not game.position and table.pos.round == 1 and table.pos.round_over
    log = [text for _, text in table.log]
    assert log[0].startswith("Round 1") and not any(text.startswith("Round 2") for text in log)
    assert len(log) > 40 and sum(table.piles) == 52
    # Its last lines as play wrote them: who took the table's last cards, and "Round over."
    end = game.rounds[0]
    assert log[-1] == "Round over."
    assert (end.residue_to is not None and end.residue != 0) == log[-2].startswith("The last "), log[-2:]
    post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    post(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    step(app, 2)  # the whole sheet at once: then the panel has the totals
    assert table.shown_scores() == tuple(game.totals)
    # A new window size keeps round 2's cards in the stock until Next round
    # deals them (they were laid out behind the sheet).
    assert not table.motion.sprites
    app.resize((1366, 768))
    step(app)
    assert app.top is sheet and not table.motion.sprites
    keeping.save(table)  # as the round's last move saved it: resumed, at this sheet
    loaded = Store(tmp_path).load_game()
    assert loaded is not None and not loaded.dealt_in
    # Next round deals round 2 in from the stock.
    sheet.menu.items[0].action()
    step(app)
    assert app.top is table and not table.at_rest() and table.pos.round == 2
    # Left now, before a card of round 2, it comes back at round 2, not at round 1's sheet again.
    assert resume(app) and isinstance(app.top, TableScene) and app.top is not table
    step(app, 2)
    assert isinstance(app.top, TableScene) and app.top.pos.round == 2 and app.top.round_result is None


def test_a_game_is_kept_from_the_deal_so_quitting_at_the_first_cover_keeps_it(tmp_path: Path) -> None:
    # Pass and play: the first cover says the game is kept for later, but it
    # was first saved after the first move; quitting there lost it.
    from cassino.ui.menus.setup import NewGame
    from cassino.ui.screens import start_game

    app = App((1024, 600), Settings(speed="instant", fullscreen=False), Store(tmp_path))
    start_game(app, NewGame(3, kinds=(None, None, "intermediate"), names=("Ann", "Ben", "")), ask=False)
    step(app)
    kept = Store(tmp_path).load_game()
    assert kept is not None and kept.game.moves == [] and [r["name"] for r in kept.seats][:2] == ["Ann", "Ben"]
    title = show_title(app)  # Quit to title from the cover
    step(app)
    assert title.menu.items[0].label == "Continue"


def test_a_damaged_save_is_reported_on_the_title_and_the_game_still_starts(tmp_path: Path) -> None:
    (tmp_path / SAVED_GAME).write_text('{"format": "cassino-record/1", "moves": [', encoding="utf-8")
    app = App((1024, 600), Settings(speed="instant", fullscreen=False), Store(tmp_path))
    show_title(app)
    step(app)
    key(app, pygame.K_RETURN)  # Continue: the file cannot be used
    assert isinstance(app.top, TitleScene)
    assert app.store is not None and "game.json was set aside" in app.store.problems[0]
    assert (tmp_path / (SAVED_GAME + ".bad")).exists()
    assert app.top.menu.items[0].label == "Play"
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, TableScene)


def test_a_folder_whose_name_is_no_text_is_named_with_a_mark_and_the_title_still_draws(tmp_path: Path) -> None:
    # A byte of no character in the folder's name (os.fsdecode keeps it as a lone surrogate)
    # stopped the title from drawing the notice that named the folder.
    import os

    folder = Path(os.fsdecode(os.fsencode(tmp_path) + b"/h\xffx"))
    folder.mkdir()
    (folder / "stats.json").write_text("garbage", encoding="utf-8")
    app = App((1024, 600), Settings(speed="instant", fullscreen=False), Store(folder))
    app.store.load_stats()  # type: ignore[union-attr]
    show_title(app)
    step(app, 3)
    assert isinstance(app.top, TitleScene)
    said = app.store.problems[0]  # type: ignore[union-attr]
    assert "stats.json was set aside" in said and "h\ufffdx" in said


def test_settings_changed_in_the_game_are_kept(tmp_path: Path) -> None:
    from cassino.ui.menus.settings import SettingsScene

    app = App((1024, 600), Settings(speed="normal", fullscreen=False), Store(tmp_path))
    show_title(app)
    app.push(SettingsScene(app))
    step(app)
    key(app, pygame.K_RETURN)  # animation speed: normal -> slow
    assert Store(tmp_path).load_settings().speed == "slow"


def test_settings_that_cannot_be_kept_are_said_so_on_the_settings_screen_and_once_on_the_title(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cassino.ui.menus.settings import SettingsScene

    def refuse(self: Store, settings: Settings) -> None:
        raise PermissionError(13, "Permission denied")

    app = App((1024, 600), Settings(speed="normal", fullscreen=False), Store(tmp_path))
    show_title(app)
    scene = SettingsScene(app)
    app.push(scene)
    step(app)
    assert scene.body(app.screen, pygame.Rect(0, 0, 400, 0)) == 0  # nothing to say yet
    monkeypatch.setattr(Store, "save_settings", refuse)
    for _ in range(3):
        key(app, pygame.K_RETURN)  # animation speed: slow, instant, fast (it still applies)
    assert app.settings.speed == "fast"
    said = app.settings_unsaved or ""
    assert app.store is not None
    assert said == (f"The settings could not be saved: Permission denied (in {app.store.folder}). "
                    f"They apply until you quit.")
    assert scene.body(app.screen, pygame.Rect(0, 0, 400, 0)) > 0, "said on the settings screen"
    assert app.store is not None and app.store.problems.count(said) == 1
    monkeypatch.undo()
    key(app, pygame.K_RETURN)  # kept again: nothing more to say
    assert app.settings_unsaved is None and scene.body(app.screen, pygame.Rect(0, 0, 400, 0)) == 0


def test_play_on_the_title_meets_the_level_chosen_last_in_a_new_game(tmp_path: Path) -> None:
    # A newcomer chose the Beginner in New game; Play then dealt against the
    # Intermediate whatever was chosen.
    from cassino.setups import Setup

    app = App((1024, 600), Settings(speed="instant", fullscreen=False), Store(tmp_path))
    title = show_title(app)
    step(app)
    play = next(it for it in title.menu.items if it.label == "Play")
    assert "one Intermediate computer player" in play.hint  # nothing chosen yet
    Store(tmp_path).save_setup(Setup(level="beginner"))
    title.refresh()
    play = next(it for it in title.menu.items if it.label == "Play")
    assert "one Beginner computer player" in play.hint
    play.action()
    table = app.top
    assert isinstance(table, TableScene) and [s.level for s in table.seats] == [None, "beginner"]


def test_a_finished_game_is_kept_as_a_record_the_review_command_reads(tmp_path: Path) -> None:
    from cassino.rules import Move, Rules, replay
    from cassino.store import LAST_GAME
    from tests.test_damaged_input import cli_run

    app = App((1024, 600), Settings(speed="instant", fullscreen=False), Store(tmp_path))
    table = TableScene(app, Game(Rules(call_for_21=True), seed=5), [Seat("You"), Seat("North", "beginner")])
    app.replace(table)
    settle(app)
    for _ in range(600):
        if table.human_turn():
            break
        step(app)
    assert table.play(Move.call())  # short of 21: the call loses, and the game is over
    assert table.game.over and not (tmp_path / SAVED_GAME).exists()
    record = json.loads((tmp_path / LAST_GAME).read_text(encoding="utf-8"))
    assert record["players"][0] == {"name": "You", "seat": 0, "kind": "human"}
    assert replay(record).moves == table.game.moves
    status, out, err = cli_run(["review", str(tmp_path / LAST_GAME), "--work", "5"])
    assert status == 0 and out.startswith("You: ") and err == ""


def test_the_title_keeps_the_notices_that_lose_most_in_view(tmp_path: Path) -> None:
    # With every file damaged the statistics' loss was among the notices left to the log.
    from cassino.store import LAST_GAME
    from cassino.ui.menus.title import shown_notices

    for name in ("stats.json", "settings.json", "setup.json", "game.json", LAST_GAME):
        (tmp_path / name).write_bytes(b"\xff damaged")
    store = Store(tmp_path)
    store.load_stats()
    store.load_settings()
    store.load_setup()
    store.load_game()
    store.set_aside(LAST_GAME, "it is damaged")
    assert len(store.problems) == 5
    shown = shown_notices(store.problems)
    assert [n.split(".")[0] for n in shown] == ["Your statistics could not be read, so they start afresh",
                                                "Your settings could not be read, so the usual ones are in use",
                                                "Your game in progress could not be restored",
                                                "2 more notices are in cassino"]
    assert shown_notices(store.problems[:4]) == store.problems[:4]


@pytest.mark.parametrize("volume, said", [(0.0, "Sound: off"), (0.004, "Sound: 1%"), (0.5, "Sound: 50%")])
def test_the_settings_say_sound_off_for_a_volume_of_nothing(tmp_path: Path, volume: float, said: str) -> None:
    """Sound on at volume 0 (set in the file) plays nothing: it read "Sound: 0%"."""
    from cassino.ui.menus.settings import SettingsScene

    app = App((1024, 600), Settings(fullscreen=False, sound=True, volume=volume), Store(tmp_path))
    show_title(app)
    scene = SettingsScene(app)
    app.push(scene)
    step(app)
    assert said in [it.label for it in scene.menu.items]


def test_m_at_the_table_turns_on_sound_set_on_at_a_volume_of_nothing(tmp_path: Path) -> None:
    """Settings call it off; M said "Sound off (M turns it back on)" and took a second M to be heard."""
    from tests.ui.driver import open_table

    app, table = open_table()
    app.settings.sound, app.settings.volume = True, 0.0
    key(app, pygame.K_m)
    assert app.settings.sound and app.settings.volume > 0
    assert table.message.startswith("Sound on, at ")


def test_a_practice_game_resumed_says_it_is_practice_on_the_title_and_in_the_log(tmp_path: Path) -> None:
    # Its "You took your move back (practice game)" line is not in the record:
    # resumed, nothing on the title or in the log said it would not count.
    from cassino.ui.menus.title import kept_game_words

    game = Game(seed=21)
    game.play(game.legal_moves()[0])
    store = Store(tmp_path)
    seats = [{"name": "You", "seat": 0, "kind": "human"}, {"name": "North", "seat": 1, "kind": "ai:beginner"}]
    store.save_game(game, seats, practice=True)
    assert kept_game_words(store).endswith("(Standard, practice)"), kept_game_words(store)
    app = App((1024, 600), Settings(speed="instant", fullscreen=False), store)
    assert resume(app)
    table = app.top
    assert isinstance(table, TableScene) and table.practice
    settle(app)
    assert "A practice game: a move was taken back, so it is not counted." in [text for _, text in table.log]
    store.save_game(game, seats)
    assert kept_game_words(store).endswith("(Standard)")


def test_a_second_copy_continuing_the_game_says_at_once_that_it_keeps_nothing(tmp_path: Path) -> None:
    # Full screen has no title bar: its table said "Standard" until the first move was refused a save.
    from cassino.ui.table.panel import game_label

    game = Game(seed=21)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    first = Store(tmp_path)
    assert first.claim()
    first.save_game(game, [{"name": "You", "seat": 0, "kind": "human"},
                           {"name": "North", "seat": 1, "kind": "ai:beginner"}])
    saved = (tmp_path / "game.json").read_bytes()
    second = Store(tmp_path)
    assert not second.claim()
    app = App((1024, 600), Settings(speed="instant", fullscreen=False), second)
    show_title(app)
    step(app)
    key(app, pygame.K_RETURN)  # Continue
    table = app.top
    assert isinstance(table, TableScene) and table.game.moves == game.moves
    label, warns = game_label(table)
    assert label.endswith("not being saved") and warns
    assert (tmp_path / "game.json").read_bytes() == saved  # the first copy's game untouched
    first.release()
