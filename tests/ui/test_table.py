"""The table played the way a person plays it: posted mouse and keyboard
events through the real scene loop, headless. The engine is the judge: the
table only ever plays moves ``Position`` calls legal, and a refused drop
changes nothing."""

from __future__ import annotations

import pygame
import pytest

from cassino.rules import Game, Position, Rules, position_to_json
from tests.rules.helpers import score
from cassino.ui.table.chooser import ChooserScene
from cassino.ui.table.pause import PauseScene
from cassino.ui.table.scoresheet import RoundOverScene
from cassino.ui.table import TableScene
from tests.rules.helpers import cards, table_position

from .driver import (bare_cloth, click, click_twice, drag, focus_hand_card, hand_card_centre, item_centre, key, open_table,
                     post, settle, step)


def c(text: str) -> int:
    return cards(text).bit_length() - 1



def simple() -> object:
    # You hold 8♠ 3♣ 2♦ 9♥; on the table 8♦, 5♥ and K♣.
    return table_position(hand="8S 3C 2D 9H", loose="8D 5H KC")


def test_a_drag_onto_a_matching_card_captures_it() -> None:
    app, table = open_table(simple(), levels=(None, "beginner"))
    drag(app, hand_card_centre(table, c("8S")), item_centre(table, cards("8D")))
    game = table.game
    assert game.moves[0].text() == "8Sx8:8D"
    assert game.position.captured[0] & cards("8S 8D") == cards("8S 8D")
    assert "captured 8♦ with the 8♠" in table.log[-1][1] or any("8♠" in t for _, t in table.log)


def test_a_drop_with_no_legal_meaning_is_refused_with_the_reason_and_glides_back() -> None:
    app, table = open_table(simple(), speed="fast")
    before = position_to_json(table.game.position)
    home = table.motion.get(c("3C")).dest  # type: ignore[union-attr]
    drag(app, hand_card_centre(table, c("3C")), item_centre(table, cards("KC")))
    assert position_to_json(table.game.position) == before
    assert table.game.moves == []
    assert table.message_time > 0 and "K" in table.message or "king" in table.message.lower()
    sprite = table.motion.get(c("3C"))
    assert sprite is not None and sprite.moving, "the card glides back, it does not jump"
    settle(app)
    assert sprite.at == home


def test_a_drop_with_several_meanings_opens_the_chooser() -> None:
    app, table = open_table(simple())
    # 3♣ on 5♥ builds 8 — or eights together with the 8♦.
    drag(app, hand_card_centre(table, c("3C")), item_centre(table, cards("5H")))
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    assert chooser.labels == ["Build 8: 5♥+3♣", "Build eights (multiple): 8♦, 5♥+3♣"]
    assert table.game.moves == []
    key(app, pygame.K_2)
    assert app.top is table
    assert table.game.moves[0].text() == "3Cm8:5H,8D"
    assert table.pos.builds[0].multiple and table.pos.builds[0].value == 8


def test_the_chooser_follows_the_table_to_a_new_window_size() -> None:
    # Resized with the chooser open, its box stayed where the old layout had
    # room (over the side panel) and its lit cards at their old places.
    app, table = open_table(simple(), size=(1920, 1080))
    drag(app, hand_card_centre(table, c("3C")), item_centre(table, cards("5H")))
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    app.resize((1024, 1000))
    step(app)
    assert chooser.stage is table.stage and table.geo.play.contains(chooser.box)
    about = item_rect(table, cards("5H"))
    assert chooser.about().contains(about) and not chooser.box.colliderect(about)


def test_the_chooser_says_which_capture_sweeps_the_table() -> None:
    # The 3♥ takes the 3♠ alone on the table (a sweep) or builds 6 for the 6♣.
    app, table = open_table(table_position(hand="3H 6C", loose="3S"))
    drag(app, hand_card_centre(table, c("3H")), item_centre(table, cards("3S")))
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    assert chooser.labels == ["Capture 3♠: a sweep", "Build 6: 3♠+3♥"]
    key(app, pygame.K_ESCAPE)
    # With another card left on the table, the same capture is no sweep.
    app, table = open_table(table_position(hand="3H 6C", loose="3S 9D"))
    drag(app, hand_card_centre(table, c("3H")), item_centre(table, cards("3S")))
    assert app.top.labels == ["Capture 3♠", "Build 6: 3♠+3♥"]  # type: ignore[attr-defined]


def test_cancelling_the_chooser_changes_nothing() -> None:
    app, table = open_table(simple())
    before = position_to_json(table.game.position)
    drag(app, hand_card_centre(table, c("3C")), item_centre(table, cards("5H")))
    assert isinstance(app.top, ChooserScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    assert position_to_json(table.game.position) == before


def test_click_items_then_a_hand_card_plays_exactly_that_move() -> None:
    pos = table_position(hand="8S 3C 9H 2D", loose="8D 6C 2H 5H")
    app, table = open_table(pos)
    click(app, item_centre(table, cards("6C")))
    click(app, item_centre(table, cards("2H")))
    assert table.input.selection == {cards("6C"), cards("2H")}
    click(app, hand_card_centre(table, c("8S")))
    assert table.game.moves[0].text() == "8Sx8:2H,6C"
    assert table.input.selection == set()


def test_right_click_clears_the_selection() -> None:
    app, table = open_table(simple())
    click(app, item_centre(table, cards("5H")))
    assert table.input.selection
    click(app, (5, 5), button=3)
    assert table.input.selection == set()


def test_keyboard_alone_selects_and_plays() -> None:
    app, table = open_table(simple())
    key(app, pygame.K_UP)                      # to the table
    while table.items[table.input.focus[1]].mask != cards("8D"):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)                   # select the 8♦
    assert table.input.selection == {cards("8D")}
    assert "go down to your hand (Down)" in status_words(app, table)
    key(app, pygame.K_DOWN)                    # back to the hand
    # In the hand the line says what to do there, and the cards that can take the 8♦ are lit.
    said = status_words(app, table)
    assert said.startswith("Press Enter on the card to play on the selected item:") and "the marked cards fit it" in said, said
    assert table.fitting_cards() == {c("8S")}
    focus_hand_card(app, table, c("8S"))
    key(app, pygame.K_RETURN)
    assert table.game.moves[0].text() == "8Sx8:8D"


def test_the_first_step_along_a_row_shows_the_focus_where_it_is() -> None:
    """Before any key the focus ring is hidden; the first Right shows it on
    the card it was on (it skipped to the second card unseen), the next one
    moves it. Then the line over the hand speaks of keys, not the mouse."""
    app, table = open_table(simple())
    assert not table.input.keyboard and table.input.focus == ("hand", 0)
    key(app, pygame.K_RIGHT)
    assert table.input.keyboard and table.input.focus == ("hand", 0)
    key(app, pygame.K_RIGHT)
    assert table.input.focus == ("hand", 1)
    assert "Enter" in status_words(app, table) and "drag" not in status_words(app, table)


def status_words(app: object, table: TableScene) -> str:
    """What the line over your hand says in the next frame."""
    from cassino.ui.table import panel

    said: list[str] = []
    real = panel.theme.fit_text

    def fit(text: str, *args: object, **kw: object) -> object:
        said.append(text)
        return real(text, *args, **kw)  # type: ignore[arg-type]

    panel.theme.fit_text = fit  # type: ignore[assignment]
    try:
        panel.paint_status(table, table.app.screen)
    finally:
        panel.theme.fit_text = real  # type: ignore[assignment]
    return " ".join(said)


def test_the_line_over_your_hand_keeps_what_the_player_before_you_did() -> None:
    # The computer's play showed there only while its card flew (some 0.4 s);
    # then "Your turn: ..." took its place. Now it stays through your turn:
    # with the how-to on your first turn of the round, alone after that.
    app, table = open_table(table_position("7H 9C 3S", "5D KC", others=["2H QS 8D"], to_move=1),
                            speed="normal")
    settle(app)
    assert table.human_turn() and table.play_words is not None
    said = status_words(app, table)
    assert said.startswith("Bot1 ") and "Your turn: drag a card" in said, said
    card = table.hand_order(0)[0]
    drag(app, hand_card_centre(table, card), bare_cloth(table))
    settle(app)
    said = status_words(app, table)
    assert table.human_turn() and said.startswith("Bot1 ") and said.endswith("Your turn."), said


def test_the_turn_mark_passes_once_the_play_has_landed() -> None:
    # The plate's mark went to the next seat as soon as a play began to fly.
    app, table = open_table(simple(), speed="normal")
    card = table.hand_order(0)[0]
    drag(app, hand_card_centre(table, card), bare_cloth(table))
    assert table.motion.busy and table.pos.to_move == 1
    assert table.turn_mark() == 0, "the mover keeps the mark while the card flies"
    settle(app)
    assert table.turn_mark() == table.pos.to_move


def test_a_refused_card_gliding_home_leaves_the_turn_mark_on_you() -> None:
    # While a refused card went home, the mark jumped back to the computer that had played last.
    from tests.rules.helpers import table_position

    app, table = open_table(table_position("2C 8D", "JD 9S", others=["JC 4H"], to_move=1), speed="normal",
                            levels=(None, "beginner"))
    settle(app)
    assert table.human_turn() and table.play_words is not None and table.play_words[0] == 1
    assert table.game.turns[-1].move.kind == "trail"  # (the Beginner's 2♣ or 8♦: nothing to take)
    drag(app, hand_card_centre(table, c("4H")), item_centre(table, cards("9S")))  # 13: no capture, no build
    assert table.game.turns[-1].seat == 1 and table.motion.busy, "refused, the card glides home"
    assert table.turn_mark() == 0


def test_while_a_round_is_dealt_it_is_nobody_s_turn_yet() -> None:
    # "East to play." and East's mark showed while the cards were still flying in.
    from cassino.rules import Game
    from cassino.settings import Settings
    from cassino.ui.app import App
    from cassino.ui.table import Seat

    app = App((1024, 600), Settings(speed="normal", fullscreen=False))
    table = TableScene(app, Game(seed=8), [Seat("You"), Seat("North", "beginner")])
    app.replace(table)
    assert table.motion.busy and table.turn_mark() == -1
    assert status_words(app, table) == "Dealing."
    table.motion.finish()
    assert table.turn_mark() == table.pos.to_move


def test_enter_on_a_card_with_nothing_selected_lists_its_moves() -> None:
    app, table = open_table(simple())
    focus_hand_card(app, table, c("3C"))
    key(app, pygame.K_RETURN)
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    assert "Trail the 3♣" in chooser.labels
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # the second choice
    assert len(table.game.moves) == 1


@pytest.mark.parametrize("k", [pygame.K_RETURN, pygame.K_SPACE])
def test_the_first_enter_or_space_shows_the_focus_and_plays_nothing(k: int) -> None:
    """No ring is shown until a key is pressed: the first Enter shows which
    card it would play, as the first Left or Right does. (It played the
    unseen focus: a second Enter after a pass-and-play cover trailed a card.)"""
    app, table = open_table(simple())
    assert not table.input.keyboard
    key(app, k)
    assert table.input.keyboard and app.top is table and table.game.moves == []
    assert table.input.focus[0] == "hand"
    key(app, pygame.K_RETURN)  # now seen: Enter plays that card (or offers its plays)
    assert isinstance(app.top, ChooserScene) or len(table.game.moves) == 1


def test_esc_that_drops_the_selection_drops_its_refusal_too() -> None:
    # "The 8♣ takes cards worth 8 ..." stayed, red, over a selection Esc had cleared.
    app, table = open_table(simple())
    click(app, item_centre(table, cards("KC")))
    click(app, hand_card_centre(table, c("3C")))
    assert table.game.moves == [] and table.input.selection
    refusal = status_words(app, table)
    assert table.message.startswith("! ") and refusal == table.message[2:]
    key(app, pygame.K_ESCAPE)
    assert not table.input.selection and app.top is table
    assert status_words(app, table) != refusal


def test_a_trail_is_a_drop_on_the_bare_cloth() -> None:
    app, table = open_table(simple())
    drag(app, hand_card_centre(table, c("9H")), bare_cloth(table))
    assert table.game.moves[0].text() == "9H-"


def test_the_computer_takes_its_turn_and_the_table_keeps_drawing() -> None:
    app, table = open_table(simple(), speed="fast", levels=(None, "intermediate"))
    drag(app, hand_card_centre(table, c("9H")), bare_cloth(table))
    frames = 0
    while len(table.game.moves) < 2 and frames < 2000:
        step(app)
        frames += 1
    assert len(table.game.moves) == 2, "the computer player never moved"
    turn = table.game.turns[-1]
    assert turn.seat == 1 and turn.move in table.game.moves
    assert any(text.startswith("Bot1 ") for _, text in table.log)


def test_a_click_skips_a_running_animation() -> None:
    app, table = open_table(simple(), speed="slow")
    drag(app, hand_card_centre(table, c("9H")), bare_cloth(table))
    assert table.motion.busy
    click(app, (3, 3))
    assert not table.motion.busy


def test_esc_opens_the_pause_menu_and_resume_returns() -> None:
    app, table = open_table(simple())
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    key(app, pygame.K_RETURN)  # Resume is first
    assert app.top is table


@pytest.mark.parametrize("size, kept", [((640, 400), (1024, 600)), ((1000, 900), (1024, 900)),
                                        ((1600, 480), (1600, 600))])
def test_a_window_is_never_smaller_than_the_table_is_laid_out_for(size: tuple[int, int],
                                                                 kept: tuple[int, int]) -> None:
    """The dummy driver's desktop (1024x768) is larger than the smallest layout."""
    app, table = open_table(simple(), size=(1280, 720))
    app.resize(size)
    settle(app)
    assert app.size == kept and table.geo.size == kept
    app.step(0.0, [pygame.event.Event(pygame.VIDEORESIZE, w=700, h=500, size=(700, 500))])
    assert app.size == (1024, 600) and table.geo.size == (1024, 600)


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080), (3840, 2160), (1100, 1000), (2560, 1080)])
def test_every_size_keeps_everything_on_screen_and_apart(size: tuple[int, int]) -> None:
    pos = table_position(hand="8S 3C 2D 9H", loose="AH 2H 3H 4S 5C 6H 7S JH QC KH TC AD 4D",
                         builds=[("3D 5D", 8, False, 0)], others=["5S KS 9D 8C"], players=4,
                         teams=[[0, 2], [1, 3]])
    app, table = open_table(pos, size=(1280, 720), levels=(None, "beginner", "beginner", "beginner"))
    table.players.clear()
    app.resize(size)
    settle(app)
    screen = pygame.Rect((0, 0), size)
    geo = table.geo
    assert geo.size == size
    rects = []
    for card, sprite in table.motion.sprites.items():
        r = pygame.Rect(round(sprite.at.x), round(sprite.at.y), round(sprite.at.w), round(sprite.at.w * 1.4))
        assert screen.contains(r), (card, r)
        rects.append(r)
    for it in table.items:
        assert geo.table.contains(it.rect)
    items = [it.rect for it in table.items]
    assert not any(a.colliderect(b) for i, a in enumerate(items) for b in items[i + 1:])
    hand = [r for _, r in table.stage.hand_rects(table.bottom)]
    assert not any(h.colliderect(i) for h in hand for i in items)
    plates = [p.plate for p in geo.places.values()]
    assert all(screen.contains(p) for p in plates)
    assert not any(p.colliderect(i) for p in plates for i in items)
    assert not any(p.colliderect(geo.panel) for p in plates)


def _perform(app: object, table: TableScene, move: object) -> None:
    """Play ``move`` the way a person would: select what it takes, then click the card."""
    from cassino.rules import Move
    from cassino.ui.table.words import describe

    assert isinstance(move, Move)
    pos = table.pos
    if move.kind == "trail":
        drag(app, hand_card_centre(table, move.card), bare_cloth(table))  # type: ignore[arg-type]
        return
    for it in table.items:
        if it.mask & move.takes:
            click(app, it.rect.center)  # type: ignore[arg-type]
    label = describe(pos, move)
    click(app, hand_card_centre(table, move.card))  # type: ignore[arg-type]
    if isinstance(app.top, ChooserScene):  # type: ignore[attr-defined]
        key(app, pygame.K_1 + app.top.labels.index(label))  # type: ignore[arg-type, attr-defined]


def test_a_whole_round_through_the_table_scores_as_the_engine_does() -> None:
    app, table = open_table(None, levels=(None, "beginner"), seed=11)
    game = table.game
    turns = 0
    while not isinstance(app.top, RoundOverScene):
        settle(app)
        if isinstance(app.top, RoundOverScene):
            break
        assert table.human_turn(), "the table waits for you"
        pos = table.pos
        # Prefer captures and builds, so that every kind of play goes through the table.
        moves = sorted(pos.legal_moves(), key=lambda m: (m.kind == "trail", m.text()))
        before = len(game.moves)
        chosen = moves[turns % len(moves)]
        _perform(app, table, chosen)  # type: ignore[arg-type]
        assert game.moves[before:before + 1] == [chosen], "the move was not played"
        turns += 1
        assert turns < 40
    shown = app.top
    assert isinstance(shown, RoundOverScene)
    # The same moves on a fresh engine give the same round.
    engine = Game(game.rules, game.players, game.teams, seed=game.seed)
    result = None
    for move in game.moves:
        result = engine.play(move).round_end or result
    assert result is not None
    assert shown.result == result
    pos = table.pos
    assert list(shown.result.points) == [s.total for s in score(pos.rules, pos.captured, pos.sweeps)]
    assert sum(table.piles) == 52 and sum(p.bit_count() for p in pos.captured) == 52
    # The pause menu over a round's summary keeps the game's number until the game is
    # over, as at the table: it deals the rounds still to come.
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene) and app.top.title == "Paused"
    key(app, pygame.K_ESCAPE)
    assert app.top is shown
    key(app, pygame.K_RETURN)  # Next round
    settle(app)
    assert app.top is table and table.pos is game.position and game.round_number == 2


def test_ctrl_z_takes_your_last_move_back_when_practice_undo_is_on() -> None:
    app, table = open_table(None, levels=(None, "beginner"), seed=12)
    settle(app)
    before = position_to_json(table.game.position)
    moves_before = list(table.game.moves)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert "Undo is off" in table.message and table.game.moves == moves_before
    app.settings.undo = True
    card = table.hand_order(0)[0]
    drag(app, hand_card_centre(table, card), bare_cloth(table))
    settle(app)
    assert len(table.game.moves) == len(moves_before) + 2  # yours and the computer's reply
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    settle(app)
    assert position_to_json(table.game.position) == before
    assert table.game.moves == moves_before and table.practice
    assert table.human_turn() and c_in_hand(table, card)
    # The panel says so for the rest of the game (it was said once, in the log).
    from .test_variants_table import drawn_text

    assert any("practice (not counted)" in text for text in drawn_text(app))


def test_undo_does_not_go_back_past_a_deal_you_have_seen() -> None:
    # Taken back, the same seed would deal the same cards: you would know your next hand.
    table = trail_then_undo(table_position(hand="7S", loose="3D", others=["KC"], stock_size=40))
    assert table.game.round_events[-1].dealt and table.human_turn()
    assert "past a new deal" in table.message


def test_undo_in_draw_cassino_does_not_take_back_a_move_you_drew_after() -> None:
    table = trail_then_undo(table_position(hand="7S 9H 2C 6D", loose="3D", others=["KC 5H 8C 9S"],
                                           rules=Rules(draw=True), stock="4C 8D", stock_size=20))
    assert c_in_hand(table, c("4C"))  # drawn: seen
    assert "you have drawn after" in table.message


def trail_then_undo(pos: Position) -> TableScene:
    """You trail the 7♠ and the computer replies; then Ctrl+Z, which is refused:
    the moves stand and the game is no practice."""
    app, table = open_table(pos, levels=(None, "beginner"))
    app.settings.undo = True
    drag(app, hand_card_centre(table, c("7S")), bare_cloth(table))
    settle(app)
    moves = list(table.game.moves)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    settle(app)
    assert table.game.moves == moves and not table.practice
    return table


def test_a_move_taken_back_glides_back_to_the_hand() -> None:
    # It snapped back: the card that had just been seen going was not seen coming.
    app, table = open_table(None, levels=(None, "beginner"), seed=12, speed="normal")
    app.settings.undo = True
    settle(app)
    card = table.hand_order(0)[0]
    home = table.motion.sprites[card].at
    drag(app, hand_card_centre(table, card), bare_cloth(table))
    settle(app)
    # Where it was last seen: on the cloth, or (the reply took it) in North's pile.
    seen = table.motion.sprites[card].at if card in table.motion.sprites else table.geo.pile_spot(1)
    assert (seen.x, seen.y) != (home.x, home.y)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    sprite = table.motion.sprites[card]
    assert abs(sprite.at.x - seen.x) + abs(sprite.at.y - seen.y) < 5 and sprite.legs  # (a frame has passed)
    assert sprite.dest == table.stage.spots[card]
    assert table.motion.busy
    settle(app)
    assert table.motion.sprites[card].at == table.stage.spots[card] and c_in_hand(table, card)


def test_a_practice_game_s_end_says_it_is_not_counted() -> None:
    # Only the side panel said so; the game-over sheet did not.
    from cassino.ui.table.scoresheet import RoundOverScene

    pos = table_position(hand="7S", loose="7D 2H", others=["KC"], scores=[20, 0], captured=["AS AC AH AD TD 2S"])
    app, table = open_table(pos, levels=(None, "beginner"))
    table.practice = True
    drag(app, hand_card_centre(table, c("7S")), item_centre(table, cards("7D")))
    settle(app)
    sheet = app.top
    assert isinstance(sheet, RoundOverScene) and table.game.over
    assert sheet.story()[-1] == "A practice game (a move was taken back): not counted in your statistics."


def c_in_hand(table: TableScene, card: int) -> bool:
    return card in table.hand_order(0) and table.motion.get(card) is not None


def test_the_last_cards_of_the_round_go_to_you_in_words_that_read_right() -> None:
    """Your capture is the round's last: the cards left on the table come to
    you, and the log and the call-out say "to you", not "to You"."""
    pos = table_position(hand="7S", loose="7D 2H", others=["KC"])
    app, table = open_table(pos, speed="fast", levels=(None, "beginner"))
    drag(app, hand_card_centre(table, c("7S")), item_centre(table, cards("7D")))
    callouts = set()
    result = None
    for _ in range(600):
        step(app)
        callouts |= {c.text for c in table.motion.callouts}
        result = table.round_result or result
    assert result is not None and result.residue == cards("2H KC")
    assert any(text == "The last 2 table cards go to you." for _, text in table.log), table.log
    assert "The last cards go to you" in callouts, callouts


@pytest.mark.parametrize("size", [(1024, 600), (1366, 768), (1920, 1080)])
def test_the_chooser_stands_beside_its_cards_hiding_no_other(size: tuple[int, int]) -> None:
    """Seen at 1366x768: the chooser for the 2♥ (capture the 2♦ or trail)
    stood to the right of the 2♦, over the other table cards, with room
    elsewhere. It stands beside the 2♦ where it hides no other table card
    and none of your hand's."""
    app, table = open_table(table_position(hand="2H 9C KD", loose="2D 6S TC JH QS"), size=size)
    focus_hand_card(app, table, c("2H"))
    key(app, pygame.K_RETURN)
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    assert chooser.labels == ["Capture 2♦", "Trail the 2♥"]
    box = chooser.box
    assert table.geo.play.contains(box) and not box.colliderect(item_rect(table, cards("2D")))
    for it in table.stage.items:
        if it.mask != cards("2D"):
            assert not box.colliderect(it.rect), f"hides {it.thing}"
    for card, rect in table.stage.hand_rects(0):
        if card != c("2H"):
            assert not box.colliderect(rect), f"hides your {card}"


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_with_six_at_the_table_the_chooser_hides_no_name_plate(size: tuple[int, int]) -> None:
    """The chooser stood over the three top seats' plates where it could
    stand below the cards, over nothing but your own corner: the others'
    names, scores and hands stay in sight while you choose."""
    pos = table_position(hand="2H 9C KD", loose="2D 6S TC JH QS", players=6)
    app, table = open_table(pos, size=size, levels=(None,) + ("beginner",) * 5)
    focus_hand_card(app, table, c("2H"))
    key(app, pygame.K_RETURN)
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    box = chooser.box
    assert not any(box.colliderect(it.rect) for it in table.stage.items if it.mask != cards("2D"))
    for seat, place in table.geo.places.items():
        if seat != table.bottom:
            assert not box.colliderect(place.plate), f"hides seat {seat}'s plate"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", [(1024, 600), (1366, 768), (1920, 1080)])
def test_the_chooser_never_stands_over_the_build_it_is_about(players: int, size: tuple[int, int]) -> None:
    """Seen at 1366x768 with three players: kept on the cloth, the list for
    the 10♠ (take the build of 10, or trail) was pushed back up over the
    build and the 3♥."""
    others = ["TC 2H 5C", "7C 8D 4S", "7H 8C 4C"][:players - 1]
    pos = table_position(hand="4H 6D TS", loose="3H 9C QS", builds=[("3D AS 6S", 10, False, 1)],
                         others=others, players=players)
    app, table = open_table(pos, size=size, levels=(None,) + ("beginner",) * (players - 1))
    focus_hand_card(app, table, c("TS"))
    key(app, pygame.K_RETURN)
    chooser = app.top
    assert isinstance(chooser, ChooserScene) and chooser.labels[0] == "Capture the build of 10"
    assert not chooser.box.colliderect(item_rect(table, cards("3D AS 6S")))


def item_rect(table: TableScene, mask: int) -> pygame.Rect:
    return next(it.rect for it in table.stage.items if it.mask == mask)


def test_a_build_is_stacked_as_it_was_made_the_card_played_on_top() -> None:
    """'You built 6: 5♦+A♠': the A♠ goes on the 5♦ that lay there, whatever
    the cards' order in the pack (the A♠ comes before the 5♦ there)."""
    from cassino.rules import parse_card, parse_move

    app, table = open_table(table_position(hand="AS 6C 9H", loose="5D KH", others=["2C 7H 8D"]))
    assert table.play(parse_move("ASb6:5D"))
    settle(app)
    build = next(it for it in table.stage.items if it.build is not None)
    assert list(build.spots) == [parse_card("5D"), parse_card("AS")]


def test_in_draw_cassino_the_card_you_drew_is_marked_in_your_hand_until_you_play() -> None:
    from cassino.rules import Rules

    app, table = open_table(table_position(hand="9H 3C 4D 5S", loose="KH", others=["2C 7H 8D JC"],
                                           rules=Rules(draw=True), stock="QC 6D 2H 3S"))
    assert not table.drawn
    move = next(m for m in table.pos.legal_moves() if m.kind == "trail")
    assert table.play(move)
    drew = table.drawn.get(0)
    assert drew is not None and table.pos.hands[0] >> drew & 1
    settle(app)
    assert table.pos.to_move == 0 and table.drawn.get(0) == drew, "marked while it is new to you"
    from .test_variants_table import drawn_text

    assert "new" in drawn_text(app)
    table.hint_move = next(m for m in table.pos.legal_moves() if m.card == drew)
    said = drawn_text(app)
    assert "hint" in said and "new" not in said, "hinted as well: the hint's word on its tab"
    table.hint_move = None
    assert table.play(next(m for m in table.pos.legal_moves() if m.card != drew and m.kind == "trail"))
    assert table.drawn.get(0) != drew, "the mark moves to the next card drawn"


def test_the_words_of_a_play_name_its_card_once_and_keep_a_build_taken_in_whole() -> None:
    """Hints said "Raise the 6 to 9 with the 3♣ with the 3♣" and "Build 9:
    2♦+7♠ with the 7♠"; a multiple build over the other's 2♥+4♥ was grouped
    "7♥+2♥, 4♥+3♣+2♦", splitting the build it takes in."""
    from cassino.rules import parse_move
    from cassino.ui.table.words import describe, describe_with_card
    from tests.rules.helpers import table_position

    pos = table_position("7S 7C 3C 9D", "7H 6S 2D", builds=[("4H 2H", 6, False, 1)], others=["6C 9H KD KC"])
    said = {t: describe_with_card(pos, parse_move(t)) for t in
            ["7Sx7:7H", "7Sb9:2D", "3Cb9:2H,4H", "7Sm7:7H", "3Cm9:2H,4H,7H,2D", "7S-"]}
    assert said == {"7Sx7:7H": "Capture 7♥ with the 7♠", "7Sb9:2D": "Build 9: 2♦+7♠",
                    "3Cb9:2H,4H": "Raise the build of 6 to 9 with the 3♣", "7Sm7:7H": "Build sevens (multiple): 7♠, 7♥",
                    "3Cm9:2H,4H,7H,2D": "Raise the build of 6 to nines (multiple): 2♥+4♥+3♣, 7♥+2♦",
                    "7S-": "Trail the 7♠"}
    # The build taken in is said, as a single raise says it: "built nines" read as a new build.
    assert describe(pos, parse_move("3Cm9:2H,4H,7H,2D"), past=True) == \
        "raised the build of 6 to nines (multiple) with the 3♣: 2♥+4♥+3♣, 7♥+2♦"
    added = table_position("2H 5C", "3C 2D 3D", builds=[("3S 2S", 5, False, 1)], others=["5H 9H"])
    assert describe(added, parse_move("2Hm5:2S,3S,3C"), past=True) == \
        "added to the build of 5, making fives (multiple) with the 2♥: 2♠+3♠, 3♣+2♥"
    # Added to a multiple build, the new group alone: "3♠+5♠+A♥+A♣, 3♣+2♦" read as a sum of 10.
    fives = table_position("3C 5H", "2D 4D", builds=[("5S 3S AH AC", 5, True, 0)], others=["5D 9H"])
    assert describe(fives, parse_move("3Cm5:5S,3S,AH,AC,2D"), past=True) == "added to the fives with the 3♣: 3♣+2♦"
    # Told after the play, a multiple build names the card played: inside its groups it was
    # not to be told from the table's ("built eights (multiple): 8♣, 6♠+A♠+A♣" of the 6♠).
    eights = table_position("6S 8D", "8C AS AC", others=["5D 9H"])
    assert describe(eights, parse_move("6Sm8:8C,AS,AC"), past=True) == \
        "built eights (multiple) with the 6♠: 8♣, 6♠+A♠+A♣"


def test_the_status_line_is_not_drawn_under_the_score_sheet(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen at 1024x600 and 1920x1080: "Round over." peeked out from under
    the round's score sheet. The line over your hand speaks only while the
    table itself has the input; the sheet says the round is over."""
    from cassino.rules import parse_move
    from cassino.ui.table import paint

    said: list[bool] = []
    monkeypatch.setattr(paint, "paint_status", lambda table, surface: said.append(True))
    pos = table_position("5S", "5D", others=[""], dealer=0, captured=["AS AH AD AC"])
    app, table = open_table(pos, size=(1024, 600))
    app.draw(app.screen)
    assert said, "the table alone: its status line is drawn"
    assert table.play(parse_move("5Sx5:5D"))
    settle(app)
    assert isinstance(app.top, RoundOverScene)
    said.clear()
    app.draw(app.screen)
    assert not said, "under the score sheet it is not"


def test_by_keys_the_focus_comes_back_to_the_hand_with_the_next_deal() -> None:
    # Your last card played, the focus had to go to the table; after the
    # deal it stayed there, and Enter selected a table card instead of playing.
    pos = table_position(hand="9H", loose="8D 5H KC", others=["2C"], stock="3S 4S 5S 6S 7S 8S 9S TS",
                         stock_size=8)
    app, table = open_table(pos, levels=(None, "beginner"))
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # the 9♥ trails: your last card
    settle(app)
    assert table.pos.hands[0].bit_count() == 4, "a new deal"
    assert table.input.focus == ("hand", 0)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, ChooserScene) or len(table.game.moves) == 3, "Enter plays from the hand"


def test_under_the_chooser_selected_items_lie_where_the_chooser_draws_them_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A selected item stood lifted under the dimming, and the chooser drew it
    # again in place: two images of each card, out of line.
    from cassino.ui.table import paint

    app, table = open_table(table_position(hand="8S 8C", loose="5H 3H KC"), levels=(None, "beginner"))
    click(app, item_centre(table, cards("5H")))
    click(app, item_centre(table, cards("3H")))
    lifted: dict[int, float] = {}
    real = paint.paint_card

    def card(tbl: object, surface: object, which: int, at: object, up: float = 0.0, **kw: object) -> object:
        lifted[which] = up
        return real(tbl, surface, which, at, up, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(paint, "paint_card", card)
    app.draw(app.screen)
    assert lifted[c("5H")] > 0, "selected: lifted at the table"
    click(app, hand_card_centre(table, c("8S")))  # 5 + 3: taken, or built into eights for the 8♣: the chooser asks
    assert isinstance(app.top, ChooserScene)
    lifted.clear()
    app.draw(app.screen)
    assert lifted[c("5H")] == 0 and lifted[c("3H")] == 0


def test_by_keys_down_goes_to_the_card_that_fits_the_selection_else_back_where_it_was() -> None:
    # Down always landed on the hand's middle card, whichever fitted.
    app, table = open_table(simple(), levels=(None, "beginner"))  # 8♠ 3♣ 2♦ 9♥; 8♦ 5♥ K♣
    hand = table.hand_order(0)
    key(app, pygame.K_DOWN)
    while table.input.focus != ("hand", hand.index(c("9H"))):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_UP)
    key(app, pygame.K_DOWN)
    assert table.input.focus == ("hand", hand.index(c("9H"))), "back where it was"
    key(app, pygame.K_UP)
    items = [it.mask for it in table.items]
    while table.input.focus != ("table", items.index(cards("8D"))):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)  # the 8♦ selected: the 8♠ fits it
    key(app, pygame.K_DOWN)
    assert table.input.focus == ("hand", hand.index(c("8S")))


def test_a_table_item_is_ringed_in_the_colour_of_the_latest_play_on_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # East trailed the A♠, then West built 10 on it: the build was ringed in
    # East's colour over West's, naming the wrong owner beside West's badge.
    from cassino.ui.art import theme
    from cassino.ui.table import paint
    from cassino.ui.table.state import LastMove

    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H", others=["9S 2D", "4C 6C"], players=3),
                            levels=(None, "beginner", "beginner"))
    item = table.stage.items[0]
    table.last.clear()
    table.last[1] = LastMove("trailed", item.mask)
    table.last[2] = LastMove("built on it", item.mask)  # the later play
    rings: list[tuple[int, ...]] = []
    real = pygame.draw.rect

    def rect(s: pygame.Surface, colour: tuple[int, ...], *a: object, **k: object) -> pygame.Rect:
        if k.get("border_radius") == 7:  # a last play's ring
            rings.append(tuple(colour))
        return real(s, colour, *a, **k)

    monkeypatch.setattr(paint.pygame.draw, "rect", rect)
    paint.paint_table(table, app.screen)
    monkeypatch.undo()
    assert theme.seat_colour(2) in rings and theme.seat_colour(1) not in rings


@pytest.mark.parametrize("hand, builds, card, words", [
    # You control a build of 9: the K♦ has nowhere to go, and the line said to drop it or trail.
    ("9S KD", [("2C 7D", 9, False, 0)], "KD",
     "The K\u2666 has no play now. You control a build of 9: you may not trail"),
    ("9S KD", [], "KD", "Nothing on the table fits the K\u2666: drop it on the cloth to trail."),
    ("8S KD", [], "8S", "Drop on a highlighted item, or on the cloth to trail."),
])
def test_while_dragging_the_line_says_where_this_card_may_go(monkeypatch: pytest.MonkeyPatch, hand: str,
                                                              builds: list[tuple[str, int, bool, int]],
                                                              card: str, words: str) -> None:
    from cassino.rules import parse_card
    from cassino.ui.art import theme
    from cassino.ui.table import panel

    app, table = open_table(table_position(hand=hand, loose="8D 5H", builds=builds))
    start = hand_card_centre(table, parse_card(card))
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    step(app)
    post(pygame.MOUSEMOTION, pos=(start[0], start[1] - 120), rel=(1, 1), buttons=(1, 0, 0))
    step(app)
    assert table.input.drag is not None
    said: list[str] = []
    real = theme.wrap_even
    monkeypatch.setattr(theme, "wrap_even", lambda text, *a, **k: said.append(text) or real(text, *a, **k))
    panel.paint_status(table, app.screen)
    monkeypatch.undo()
    assert any(s.startswith(words) for s in said), said


def test_the_chooser_s_small_cards_follow_its_words() -> None:
    # "Capture 4♦+3♥+A♣" was drawn over 3♥ 4♦ A♣: the pack's order, not the words'.
    from cassino.rules import cards_of, parse_card
    from cassino.ui.table.chooser import _in_words_order

    taken = [c for c in cards_of(cards("4D 3H AC"))]
    played = parse_card("8S")
    assert taken != [parse_card(t) for t in ("4D", "3H", "AC")]  # the pack's order differs
    ordered = _in_words_order(taken + [played], "Capture 4\u2666+3\u2665+A\u2663")
    assert ordered == [parse_card(t) for t in ("4D", "3H", "AC", "8S")]


def test_in_partnerships_your_partner_s_build_says_so_and_the_partner_reads_as_such(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # "North's build" in North's colour: only the small "& You" on North's plate
    # said it was your side's; on a side plate "Intermediate & East" ran together.
    from cassino.rules import Build, cards_of, standard_teams
    from cassino.ui.art import theme
    from cassino.ui.table import paint

    pos = table_position(hand="8S 3C", loose="8D 5H 2D", others=["4S 4H", "9S 9H", "6S 6H"], players=4,
                         teams=standard_teams(4, True))
    app, table = open_table(pos, levels=(None, "intermediate", "intermediate", "intermediate"))
    partner = pos.teams[pos.team_of[0]][1]
    loose = cards_of(table.pos.loose)
    said: list[str] = []
    real = theme.fit_text
    monkeypatch.setattr(theme, "fit_text", lambda words, *a, **k: said.append(words) or real(words, *a, **k))
    paint._badge(table, app.screen, Build((1 << loose[0]) | (1 << loose[1]), 13, False, partner),
                 table.stage.items[0].rect)
    paint.paint_table(table, app.screen)
    monkeypatch.undo()
    assert any(w.startswith("Your partner's") or w.startswith("Partner's") for w in said), said
    # A narrow plate: the partner among the facts, said as a partner.
    shown: list[str] = []
    real_text = theme.text
    monkeypatch.setattr(theme, "text", lambda words, *a, **k: shown.append(words) or real_text(words, *a, **k))
    paint._plate((110, 120), 16, 12, 8, "West", theme.seat_colour(1), "& East",
                 (("Intermediate", theme.DIM), ("1 card", theme.DIM)), False, theme.table_panel("green"))
    monkeypatch.undo()
    assert any("with East" in w for w in shown) and not any(w.strip(" ·").startswith("& East") for w in shown), shown


def test_a_narrow_panel_drops_a_button_s_key_and_no_key_line_hangs_on_a_separator(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # On a portrait screen: "Menu (E…", and the keys ending "… L last capture ·" with the rest gone.
    from cassino.ui.art import theme
    from cassino.ui.table import panel

    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H 2D"), size=(1080, 1920))
    said: list[str] = []
    real = theme.fit_text
    monkeypatch.setattr(theme, "fit_text", lambda words, *a, **k: said.append(words) or real(words, *a, **k))
    panel.paint_panel(table, app.screen)
    monkeypatch.undo()
    assert "Menu" in said and not any(w.startswith("Menu (") for w in said), said
    keys = [w for w in said if "\u00a0" in w]
    assert keys and all(not w.strip().startswith("\u00b7") and not w.strip().endswith("\u00b7") for w in keys[1:])


def test_the_panel_says_what_f11_does_from_here(monkeypatch: pytest.MonkeyPatch) -> None:
    # "F11 full screen" read as a description of the screen while in full screen.
    from cassino.ui.art import theme
    from cassino.ui.table import panel

    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H 2D"))
    said: list[str] = []
    real = theme.fit_text
    monkeypatch.setattr(theme, "fit_text", lambda words, *a, **k: said.append(words) or real(words, *a, **k))
    panel.paint_panel(table, app.screen)
    app.fixed_size, app.settings.fullscreen = None, True  # as full screen says it (the dummy screen stays)
    panel.paint_panel(table, app.screen)
    monkeypatch.undo()
    window, full = [w for w in said if "F11" in w]
    assert "F11\u00a0full\u00a0screen" in window and "F11\u00a0window" in full, said


def test_up_from_a_hand_card_goes_to_the_table_item_nearest_above_it() -> None:
    # From the leftmost card Up went to the sixth table card of eight (the row's middle, or the last one visited).
    app, table = open_table(table_position(hand="3H 9C KD", loose="AS 2D 4C 5H 6S 7D 8C TC"))
    hand = table.hand_order(table.bottom)
    rects = dict(table.stage.hand_rects(table.bottom))
    for card in (hand[0], hand[-1]):
        focus_hand_card(app, table, card)
        key(app, pygame.K_UP)
        row, at = table.input.focus
        x = rects[card].centerx
        assert row == "table" and abs(table.items[at].rect.centerx - x) == \
            min(abs(it.rect.centerx - x) for it in table.items)
        key(app, pygame.K_DOWN)


def test_the_turn_s_first_line_names_the_keys_and_f1_shows_them_all() -> None:
    # A player by keys learnt them only by pressing one; F1 did nothing.
    from cassino.ui.rulebook.screen import RulesScene
    from cassino.ui.rulebook.text import SECTIONS

    app, table = open_table(simple())
    assert "(keys: arrows, Space, Enter; F1 shows them all)" in status_words(app, table)
    key(app, pygame.K_F1)
    shown = app.top
    assert isinstance(shown, RulesScene) and SECTIONS[shown.section].title == "Mouse and keys"
    # The game's rules are named over it, as Esc, Rules names them (its page was only there).
    assert shown.game_rules == table.game.rules and shown.players == table.game.players
    key(app, pygame.K_F1)
    assert app.top is shown, "F1 again does not stack another"
    key(app, pygame.K_ESCAPE)
    assert app.top is table


def test_the_table_keeps_each_card_where_it_lay() -> None:
    # A trail went in mid-row by rank and a new build jumped to the row's start,
    # moving cards no play had touched: a player watching one card lost it.
    from cassino.rules import parse_move
    from cassino.ui.table.stage import table_piles
    from tests.rules.helpers import table_position

    pos = table_position("2C 9H 4D 7S", loose="3S 7D KH", others=["5S 6S 6H QC"])
    game_moves = ["2C-", "5S-", "4Db7:3S"]
    played = []
    for text in game_moves:
        move = parse_move(text)
        pos.play(move)
        played.append(move.card)
    piles, things = table_piles(pos, played)
    # Dealt by rank (3♠ 7♦ K♥), the trails after them (2♣, then 5♠), and the build of 7 where the 3♠ lay.
    firsts = [p[0] for p in piles]
    assert firsts == [c("3S"), c("7D"), c("KH"), c("2C"), c("5S")], piles


def test_table_cards_no_card_of_yours_fits_say_so_and_a_click_on_the_cloth_lets_them_go() -> None:
    """Q♠ and 2♦ chosen, a hand of 3♣ 5♠: "Now click a card from your hand to
    play it on the selected items: no card of yours fits them all" asked for
    what it refused, and a click on the bare cloth kept them chosen."""
    from cassino.rules import parse_card

    app, table = open_table(table_position("3C 5S", "QS 2D 5H", others=["4H 7C"]))
    for card in ("QS", "2D"):
        click(app, item_centre(table, 1 << parse_card(card)))
    assert len(table.input.selection) == 2 and not table.fitting_cards()
    said = status_words(app, table)
    assert said.startswith("No card of yours fits these items together: choose others, or click one again"), said
    assert "Now click" not in said
    click(app, bare_cloth(table))
    assert not table.input.selection and table.pos.to_move == 0, "nothing played, nothing chosen"
    click(app, item_centre(table, 1 << parse_card("2D")))
    assert table.fitting_cards(), "a card fits the 2♦ alone (the 3♣ builds 5 on it, the 5♠ kept)"
    assert status_words(app, table).startswith("Now click (or drag) a card from your hand")


def test_one_table_card_no_card_of_yours_fits_is_said_of_one() -> None:
    from cassino.rules import parse_card

    app, table = open_table(table_position("3C 5S", "QS 2D 5H", others=["4H 7C"]))
    click(app, item_centre(table, 1 << parse_card("QS")))
    assert status_words(app, table).startswith(
        "No card of yours fits the selected item: click it again, or the bare cloth, to let it go.")


def test_a_table_card_only_a_rule_keeps_you_from_taking_says_the_rule() -> None:
    # A build of 10 of yours, a single 10 in hand, the loose 10♥ chosen: "No card of yours
    # fits", of a 10 plainly held; the rule came only when the 10 was played anyway.
    from cassino.rules import parse_card

    app, table = open_table(table_position("TS 3C", "TH 2D", builds=[("4D 6C", 10, False, 0)], others=["4H 7C"]))
    click(app, item_centre(table, 1 << parse_card("TH")))
    said = status_words(app, table)
    assert said.startswith("You control a build of 10") and "keep a 10" in said, said
    assert said.endswith("Click it again, or the bare cloth, to let it go."), said
    # A build the rules bar is no reason to give of a table card chosen: the 2♦ would build 7 on
    # the 5♥ but for a 7 to keep; no card of yours takes the 5♥, and that is what is said.
    app, table = open_table(table_position("9C 2D", "5H KS", others=["4H 7C"]))
    click(app, item_centre(table, 1 << parse_card("5H")))
    assert status_words(app, table).startswith("No card of yours fits the selected item")


def test_a_click_right_after_a_refused_one_is_taken() -> None:
    """The refused card glided home over no distance, and the motion ate the next click: nothing, no word."""
    from cassino.rules import parse_card

    app, table = open_table(table_position("4H 8H", "KC", builds=[("5D 3C", 8, False, 0)], others=["2H 9C"]),
                            speed="slow")
    click_twice(app, hand_card_centre(table, parse_card("4H")))
    assert table.game.moves == [] and table.at_rest(), "refused, and nothing set moving"
    click_twice(app, hand_card_centre(table, parse_card("8H")))
    assert table.game.moves and table.game.moves[0].card == parse_card("8H")


# -- a card picked up by a click ----------------------------------------------------------------


def test_a_card_clicked_then_a_table_card_clicked_captures_it() -> None:
    app, table = open_table(table_position("8S 4H", "8D 5C", others=["2H 9C"]))
    click(app, hand_card_centre(table, c("8S")))
    assert not table.game.moves, "a click alone picks the card up"
    picked = table.input.picked
    assert picked is not None and picked.card == c("8S") and picked.targets == {cards("8D")} and picked.trail_ok
    said = status_words(app, table)
    assert "The 8♠: click a highlighted item to play it there, or the cloth to trail it." in said, said
    click(app, item_centre(table, cards("8D")))
    assert table.game.moves[0].text() == "8Sx8:8D", table.log
    assert table.input.picked is None


def test_a_card_clicked_then_the_bare_cloth_clicked_trails_it() -> None:
    app, table = open_table(table_position("KS 4H", "8D 5C", others=["2H 9C"]))
    click(app, hand_card_centre(table, c("KS")))
    assert "Nothing on the table fits the K♠: click the cloth, or the K♠ again, to trail it" \
        in status_words(app, table)
    click(app, bare_cloth(table))
    assert table.game.moves[0].kind == "trail" and table.game.moves[0].card == c("KS")


def test_a_picked_card_clicked_where_it_cannot_go_is_refused_and_stays_picked_up() -> None:
    app, table = open_table(table_position("4H 9H", "8D 5C", others=["2H 9C"]))
    click(app, hand_card_centre(table, c("4H")))
    click(app, item_centre(table, cards("8D")))
    assert not table.game.moves and table.message.startswith("! "), table.message
    assert table.input.picked is not None and table.input.picked.card == c("4H")
    click(app, item_centre(table, cards("5C")))  # 4 + 5: a build of 9, the 9♥ kept for it
    assert table.game.moves[0].kind == "build" and table.game.moves[0].value == 9, table.log


def test_esc_or_a_right_click_puts_a_picked_card_back_without_opening_the_menu() -> None:
    app, table = open_table(table_position("8S 4H", "8D 5C", others=["2H 9C"]))
    click(app, hand_card_centre(table, c("8S")))
    key(app, pygame.K_ESCAPE)
    assert table.input.picked is None and app.top is table
    click(app, hand_card_centre(table, c("8S")))
    click(app, hand_card_centre(table, c("8S")), button=3)
    assert table.input.picked is None and app.top is table and not table.game.moves
    click(app, item_centre(table, cards("8D")))  # no card picked up: the 8♦ is only selected
    assert not table.game.moves and table.input.selection == {cards("8D")}


def test_clicking_another_hand_card_picks_that_one_instead() -> None:
    app, table = open_table(table_position("8S 5H", "8D 5C", others=["2H 9C"]))
    click(app, hand_card_centre(table, c("8S")))
    click(app, hand_card_centre(table, c("5H")))
    assert table.input.picked is not None and table.input.picked.card == c("5H") and not table.game.moves
    click(app, item_centre(table, cards("5C")))
    assert table.game.moves[0].text() == "5Hx5:5C", table.log


def test_enter_after_a_card_is_picked_up_plays_that_card_not_another() -> None:
    # The K♥ picked up, Enter showed the focus on the 2♥ and the next Enter trailed the 2♥.
    app, table = open_table(table_position("2H KH", "8D 5C", others=["2C 9C"]))
    click(app, hand_card_centre(table, c("KH")))
    key(app, pygame.K_RETURN)  # the first key shows the focus: on the card picked up
    key(app, pygame.K_RETURN)
    assert table.game.moves and table.game.moves[0].card == c("KH"), table.log


def test_a_click_on_the_words_over_the_hand_does_not_trail_a_picked_card() -> None:
    app, table = open_table(table_position("5C 9H", "8D 2S", others=["2C 9C"]), size=(1024, 600))
    click(app, hand_card_centre(table, c("5C")))
    step(app)
    words = table.status_box
    assert words.width and table.geo.table.collidepoint(words.center[0], words.top + 2), \
        "the two lines of words rise over the cloth"
    click(app, (words.centerx, words.top + 2))
    assert not table.game.moves and table.input.picked is not None


def test_a_hand_card_clicked_while_choosing_a_pluck_puts_the_pluck_s_words_away() -> None:
    from cassino.rules import Rules

    pos = table_position("5S 9H", "5D 9C KS", rules=Rules(pluck=True), stock="7C", stock_size=8)
    app, table = open_table(pos)
    click(app, table.geo.pluck_button.center)
    assert table.input.plucking and "Pluck" in status_words(app, table)
    click(app, hand_card_centre(table, c("5S")))
    said = status_words(app, table)
    assert not table.input.plucking and said.startswith("The 5♠: click a highlighted item"), said


def test_a_hint_puts_a_picked_card_down_so_its_words_and_marks_can_be_read() -> None:
    from cassino.rules import parse_move

    app, table = open_table(table_position("8S 4H", "8D 5C", others=["2H 9C"]))
    click(app, hand_card_centre(table, c("4H")))
    table._show_hint(parse_move("8Sx8:8D"))
    assert table.input.picked is None


def test_a_click_after_a_release_made_in_another_window_is_a_click_and_only_one() -> None:
    # A drag's button let go over another window: SDL holds it down still, and drops the
    # press of the next click here, which came as a release alone (seen under Xvfb). But
    # under X the window that took the press may keep the pointer, and the release come
    # back to it while the focus is away: that release is the press's own, no click.
    for release_away in (False, True):
        app, table = open_table(table_position("8S 4H", "8D 5C", others=["2H 9C"]))
        at = hand_card_centre(table, c("8S"))
        post(pygame.MOUSEBUTTONDOWN, pos=at, button=1)
        step(app)
        post(pygame.WINDOWFOCUSLOST)
        if release_away:
            post(pygame.MOUSEBUTTONUP, pos=at, button=1)
        post(pygame.WINDOWFOCUSGAINED)
        step(app)
        if release_away:
            assert table.input.picked is None and not table.game.moves, "one press, let go: no click added"
            continue
        post(pygame.MOUSEBUTTONUP, pos=at, button=1)  # the next click: its press never came
        step(app, 2)
        assert table.input.picked is not None and table.input.picked.card == c("8S")
        # A press that came is not doubled.
        click(app, hand_card_centre(table, c("4H")))
        assert table.input.picked is not None and table.input.picked.card == c("4H") and not table.game.moves


def test_the_arrows_put_a_picked_card_down_so_enter_plays_the_card_they_reach() -> None:
    # The 8♠ stayed lit and picked while the arrows moved on: Enter trailed the 2♦ at once.
    app, table = open_table(table_position("8S 4H 2D", "8D 5C KC", others=["2H 9C 3S"]))
    click(app, hand_card_centre(table, c("8S")))
    key(app, pygame.K_RIGHT)
    assert table.input.picked is None


def test_a_card_clicked_during_a_hinted_pluck_keeps_the_hint_s_words() -> None:
    from cassino.rules import Rules, parse_move

    pos = table_position("5S 9H", "5D 9C KS", rules=Rules(pluck=True), stock="7C", stock_size=8)
    app, table = open_table(pos)
    table._show_hint(parse_move("pluck:5D"))
    table.say("Hint: pluck the 5♦.", turn=True)
    assert table.input.plucking
    click(app, hand_card_centre(table, c("5S")))
    assert table.message_time == float("inf") and table.message == "Hint: pluck the 5♦."


def test_a_picked_card_with_no_play_says_why_and_how_to_put_it_back() -> None:
    app, table = open_table(table_position("4H TS", "KS", builds=[("6C 4C", 10, False, 0)], others=["2H 9C"]))
    click(app, hand_card_centre(table, c("4H")))
    said = status_words(app, table)
    assert said.startswith("The 4♥ has no play now. ") and said.endswith(" Right click or Esc puts it back."), said
    assert "  " not in said and "build of 10" in said, said
