"""Every play is seen: cards fly from each move's event, what is painted is
what a click is tested against, input waits while cards move, and an idle
screen asks for no frames.

Examples: you capture the 8♦ with the 8♠: the 8♠ meets the 8♦ and both fly
into your pile, whose count goes up as they land; while they fly a click
only finishes the motion."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from cassino.rules import Game
from cassino.settings import Settings
from cassino.store import Store
from cassino.ui.app import App
from cassino.ui.art import theme
from cassino.ui.menus.title import TitleScene
from cassino.ui.screens import show_title
from cassino.ui.table import Seat, TableScene
from cassino.ui.table.review import ReviewScene
from cassino.ui.table.scoresheet import SheetScene
from cassino.ui.widgets import Overlay
from tests.rules.helpers import cards, table_position

from .driver import bare_cloth, click, drag, hand_card_centre, item_centre, key, open_table, settle, step


def c(text: str) -> int:
    return cards(text).bit_length() - 1



def callouts_until_rest(app: App, table: TableScene) -> set[str]:
    """Every callout shown from now until nothing moves."""
    seen = set()
    while table.motion.busy:
        step(app)
        if table.motion.callout is not None:
            seen.add(table.motion.callout.text)
    return seen


def at_rest_matches_stage(table: TableScene) -> None:
    """At rest every card on show is where the stage says: picture and hit areas agree."""
    assert table.at_rest()
    for card, spot in table.stage.spots.items():
        sprite = table.motion.get(card)
        assert sprite is not None and sprite.at == spot, f"card {card} is not where the stage puts it"
    assert set(table.motion.sprites) == set(table.stage.spots), "no card drawn that the stage does not hold"


def test_a_capture_flies_into_the_pile_and_the_pile_counts_it_on_arrival() -> None:
    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H"), speed="normal")
    drag(app, hand_card_centre(table, c("8S")), item_centre(table, cards("8D")))
    assert table.game.moves[-1].text() == "8Sx8:8D"
    # Both cards are still on screen, on their way to your pile, face up.
    for card in (c("8S"), c("8D")):
        sprite = table.motion.get(card)
        assert sprite is not None and sprite.into == 0
    assert table.piles[0] == 2 and table.shown_pile(0) == 0, "the pile counts cards as they land"
    for _ in range(200):
        step(app)
        if table.shown_pile(0) == 2:
            break
    assert table.shown_pile(0) == 2
    assert table.motion.get(c("8S")) is None and table.motion.get(c("8D")) is None


def test_each_sound_comes_when_its_cards_land_and_a_sweep_s_with_its_callout(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Every sound played the moment the move was made: the capture's chime and
    # the sweep's fanfare tangled together, over before the "Sweep!" callout.
    app, table = open_table(table_position(hand="8S 3C", loose="8D", others=["9S 2D"]), speed="normal")
    heard: list[tuple[str, float, str]] = []
    monkeypatch.setattr(app.sounds, "play", lambda name: heard.append(
        (name, table.clock, table.motion.callout.text if table.motion.callout else "")))
    start = table.clock
    drag(app, hand_card_centre(table, c("8S")), item_centre(table, cards("8D")))
    assert table.game.turns[-1].move.text() == "8Sx8:8D" and heard == [], "nothing heard before the cards meet"
    for _ in range(240):
        step(app)
        if len(heard) >= 2:
            break
    flight = app.settings.flight
    (capture, at, _), (sweep, then, words) = heard[:2]
    assert capture == "capture" and at - start >= flight * 0.9, heard
    assert sweep == "sweep" and then > at and words.startswith("Sweep!"), heard


@pytest.mark.parametrize("speed", ["slow", "instant"])
def test_a_skipped_motion_sounds_only_how_it_ended(monkeypatch: pytest.MonkeyPatch, speed: str) -> None:
    # Skipped (or at the instant speed, nothing to wait for): one sound, the sweep's, not a jumble.
    app, table = open_table(table_position(hand="8S 3C", loose="8D", others=["9S 2D"]), speed=speed)
    heard: list[str] = []
    monkeypatch.setattr(app.sounds, "play", heard.append)
    drag(app, hand_card_centre(table, c("8S")), item_centre(table, cards("8D")))
    if speed != "instant":
        key(app, pygame.K_SPACE)  # skip the motion
    step(app, 3)
    assert heard[0] == "sweep" and "capture" not in heard, heard  # (then, maybe, the other's reply)


def test_a_refused_move_is_heard_and_a_game_lost_sounds_unlike_a_game_won(monkeypatch: pytest.MonkeyPatch) -> None:
    # A refusal was only a red line; a game's end sounded as a round's, won or lost.
    from cassino.rules import Move, Rules

    # Calling at 5 loses; at 20 with big and little casino taken (23) wins.
    for scores, taken, sound in (((5, 3), "", "lose"), ((20, 3), "TD 2S", "win")):
        app, table = open_table(table_position(hand="8S 3C", loose="8D 5H", rules=Rules(call_for_21=True),
                                               scores=scores, captured=[taken]), speed="fast")
        heard: list[str] = []
        monkeypatch.setattr(app.sounds, "play", heard.append)
        if sound == "lose":
            assert not table.play(Move.trail(c("2H")))  # not in your hand
            assert heard == ["refuse"] and table.message.startswith("! ")
        table.play(Move.call())
        for _ in range(120):
            step(app)
        assert heard[-1] == sound, (scores, heard)
        monkeypatch.undo()


def test_a_card_in_flight_is_drawn_over_the_line_that_tells_of_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # The 8♠ leaving your hand passed under "You captured 8♦ with the 8♠.",
    # the words drawn across the card.
    from cassino.ui.table import paint

    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H"), speed="normal")
    drag(app, hand_card_centre(table, c("8S")), item_centre(table, cards("8D")))
    painted: list[str] = []
    card, status = paint.paint_card, paint.paint_status

    def card_painted(tbl: object, surface: pygame.Surface, which: int, *args: object, **kw: object) -> object:
        painted.append("flying" if kw.get("drawn_at") is not None or which in (c("8S"), c("8D")) else "card")
        return card(tbl, surface, which, *args, **kw)  # type: ignore[arg-type]

    def status_painted(*args: object) -> None:
        painted.append("status")
        status(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(paint, "paint_card", card_painted)
    monkeypatch.setattr(paint, "paint_status", status_painted)
    step(app)
    assert table.motion.busy and "flying" in painted and "status" in painted
    assert painted.index("status") < painted.index("flying"), painted


def test_while_cards_fly_a_click_finishes_the_motion_and_does_nothing_else() -> None:
    app, table = open_table(table_position(hand="8S 3C 2D", loose="8D 5H KC"), speed="slow")
    drag(app, hand_card_centre(table, c("8S")), item_centre(table, cards("8D")))
    assert not table.at_rest()
    five = item_centre(table, cards("5H"))
    click(app, five)  # aimed at the 5♥: it only ends the motion
    assert table.input.selection == set()
    at_rest_matches_stage(table)


def test_at_rest_the_picture_is_the_stage_after_a_computer_capture() -> None:
    app, table = open_table(table_position(hand="4C 3C", loose="9D 5H", others=["9S 2D"]),
                            levels=(None, "beginner"), speed="fast")
    drag(app, hand_card_centre(table, c("3C")), bare_cloth(table))
    settle(app)
    at_rest_matches_stage(table)
    # Every outline is round the cards the stage holds: an item's rect covers its cards.
    for item in table.items:
        for spot in item.spots.values():
            assert item.rect.collidepoint(round(spot.x) + 1, round(spot.y) + 1)


def test_a_click_picks_a_card_up_and_a_second_plays_a_plain_trail_without_a_chooser() -> None:
    # A click to look at a card trailed it when a trail was all it could do.
    app, table = open_table(table_position(hand="KS 3C", loose="8D 5H"))
    at = hand_card_centre(table, c("KS"))  # a king can only trail here
    click(app, at)
    assert not table.game.moves and app.top is table
    assert table.input.picked is not None and table.input.picked.card == c("KS")
    click(app, at)
    assert table.game.moves[0].kind == "trail" and table.game.moves[0].card == c("KS")
    assert app.top is table


def test_l_and_a_held_pile_show_the_last_capture_again() -> None:
    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H"))
    drag(app, hand_card_centre(table, c("8S")), item_centre(table, cards("8D")))
    settle(app)
    key(app, pygame.K_l)
    review = app.top
    assert isinstance(review, ReviewScene) and review.words() == "You took 8♦ with the 8♠"
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    # One capture to show: Right is "any key" as the words say, and returns (it did nothing).
    key(app, pygame.K_l)
    assert isinstance(app.top, ReviewScene) and app.top.hint() == "Any key or a click to return"
    key(app, pygame.K_RIGHT)
    assert app.top is table
    pile = table.geo.places[0].pile.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pile, button=1))
    step(app)
    assert isinstance(app.top, ReviewScene)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pile, button=1))
    step(app)
    assert app.top is table


def test_s_shows_the_score_sheet_of_the_game_so_far() -> None:
    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H"))
    key(app, pygame.K_s)
    sheet = app.top
    assert isinstance(sheet, SheetScene) and sheet.lines()[-1][0] == "Now"
    key(app, pygame.K_SPACE)
    assert app.top is table


def test_the_score_sheet_says_what_each_side_has_taken_this_round(monkeypatch: pytest.MonkeyPatch) -> None:
    # Your pile: A♠ 10♦ 4♣ and a sweep; every other card out of play is in North's.
    pos = table_position(hand="8S 3C", loose="8D 5H", others=["KH QH"], captured=["AS TD 4C"], sweeps=[1, 0])
    app, table = open_table(pos)
    key(app, pygame.K_s)
    sheet = app.top
    assert isinstance(sheet, SheetScene)
    rows = dict(sheet.so_far())
    north = pos.captured[1].bit_count()
    assert rows["Cards"] == ["3", str(north)] and rows["Spades"] == ["1", "11"]
    assert rows["Point cards"] == ["10♦ A♠", "2♠ A♣ A♥ A♦"]  # in the order they are counted
    assert rows["Sweeps"] == ["1", "0"]
    drawn: list[str] = []
    real = theme.fit_text

    def fit_text(s: str, px: int, width: int, *args: object, **kw: object) -> pygame.Surface:
        if theme.font(px).size(s)[0] <= width:
            drawn.append(s)
        return real(s, px, width, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "fit_text", fit_text)
    step(app)
    assert "2♠ A♣ A♥ A♦" in drawn, "each side's point cards drawn whole, not cut short"


def test_under_spade_scoring_the_sheet_counts_each_side_s_spade_points() -> None:
    # §9.9: each spade scores 1, the J♠ 2. The sheet said "Point cards: none"
    # for a side holding spades.
    from cassino.rules import Rules

    pos = table_position(hand="8S 3C", loose="8D 5H", others=["KH QH"], captured=["6S JS TD 4C"],
                         rules=Rules(spade_scoring=True, target=61))
    app, table = open_table(pos)
    key(app, pygame.K_s)
    rows = dict(app.top.so_far())  # type: ignore[attr-defined]
    assert rows["Spade points"][0] == "3"  # 6♠ 1, J♠ 2
    assert rows["Spade points"][1] == "10"  # every other spade but the 8♠ in your hand, one point each


def test_over_a_finished_rounds_summary_the_sheet_has_no_round_in_play() -> None:
    # Your last card ends the round; S over its summary shows the rounds, not the
    # next round's empty piles under the finished round's number.
    from cassino.ui.table.scoresheet import RoundOverScene

    app, table = open_table(table_position("5S", "5D 9H", others=[""], dealer=0))
    drag(app, hand_card_centre(table, cards("5S").bit_length() - 1), item_centre(table, cards("5D")))
    settle(app)
    assert isinstance(app.top, RoundOverScene) and table.pos is not table.game.position
    key(app, pygame.K_s)
    if isinstance(app.top, RoundOverScene):  # that key only finished drawing the summary
        key(app, pygame.K_s)
    sheet = app.top
    assert isinstance(sheet, SheetScene) and sheet.so_far() == []
    assert [label for label, _ in sheet.lines()] == ["Round 1", "Now"]


def test_play_asks_before_a_saved_game_is_lost(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_game(Game(seed=3), [{"name": "You", "seat": 0, "kind": "human"},
                                   {"name": "North", "seat": 1, "kind": "ai:beginner"}], False)
    app = App((1024, 600), Settings(speed="instant", fullscreen=False), store)
    title = show_title(app)
    play = [it.label for it in title.menu.items].index("Play")
    title.menu.items[play].action()
    question = app.top
    assert isinstance(question, Overlay) and "lose it" in question.title
    assert [it.label for it in question.menu.items] == ["Continue the game in progress",
                                                        "Start anew (the game in progress is lost)"]
    # The same words as the title's Continue: which game that is.
    assert question.menu.items[0].hint == "Back to your game as you left it: You 0, North 0 (Standard)"
    question.menu.items[0].action()  # continue: the saved game, not a new one
    assert isinstance(app.top, TableScene) and app.top.game.seed == 3


def test_continuing_a_damaged_game_from_plays_question_says_so(tmp_path: Path) -> None:
    # The saved game cannot be replayed: "Continue the game in progress" dealt a
    # fresh game without a word, as if it had been continued.
    (tmp_path / "game.json").write_text('{"save_format": 99}', encoding="utf-8")
    app = App((1024, 600), Settings(speed="instant", fullscreen=False), Store(tmp_path))
    title = show_title(app)
    title.menu.items[[it.label for it in title.menu.items].index("Play")].action()
    app.top.menu.items[0].action()  # continue
    told = app.top
    assert isinstance(told, Overlay) and "could not be restored" in told.title
    assert [it.label for it in told.menu.items] == ["Start the new game", "Back to the title"]
    told.menu.items[1].action()
    assert isinstance(app.top, TitleScene) and "Continue" not in [it.label for it in app.top.menu.items]
    assert (tmp_path / "game.json.bad").exists()


def test_a_game_given_up_counts_its_finished_rounds_with_it(tmp_path: Path) -> None:
    # (Rounds count with their game, at its end: a game given up is ended so.)
    from cassino.ui.table import keeping

    seats = [{"name": "You", "seat": 0, "kind": "human"}, {"name": "North", "seat": 1, "kind": "ai:beginner"}]
    store = Store(tmp_path)
    game = Game(seed=3)
    while not game.rounds:
        game.play(game.legal_moves()[0])
    store.save_game(game, seats, False)
    saved = store.load_game()
    assert saved is not None
    keeping.count_abandoned(store, saved)
    stats = store.load_stats()
    assert stats.played == 1 and stats.rounds == 1 and stats.points == game.rounds[0].points[0]


def test_a_game_given_up_for_a_new_one_counts_as_lost(tmp_path: Path) -> None:
    # "Start anew" dropped the game from the statistics: a losing game could be
    # given up to keep a perfect record. Once you have played a card, it counts.
    seats = [{"name": "You", "seat": 0, "kind": "human"}, {"name": "North", "seat": 1, "kind": "ai:beginner"}]
    store = Store(tmp_path)
    for played in (0, 2):
        game = Game(seed=3 + played)
        for _ in range(played):  # your card, and North's
            game.play(game.legal_moves()[0])
        store.save_game(game, seats, False)
        app = App((1024, 600), Settings(speed="instant", fullscreen=False), store)
        title = show_title(app)
        title.menu.items[[it.label for it in title.menu.items].index("Play")].action()
        # Said as it will be: a game with no card of yours played is not counted.
        assert ("counts as lost" in app.top.menu.items[1].hint) == bool(played)
        assert ("not counted" in app.top.menu.items[1].hint) == (not played)
        app.top.menu.items[1].action()  # start anew
        assert isinstance(app.top, TableScene)
        stats = store.load_stats()
        assert stats.played == (1 if played else 0), "a game with no card of yours played is not counted"
    assert stats.recent[-1].won is False and stats.streak == -1
    # Marked given up on the chart, not shown as a game lost by 0.
    assert stats.recent[-1].given_up and (stats.recent[-1].score, stats.recent[-1].other) == (0, 0)
    # Several people at the screen: nothing is counted, and the question does not say it is.
    people = [dict(seats[0], name="Ann"), {"name": "Ben", "seat": 1, "kind": "human"}]
    game = Game(seed=9)
    for _ in range(2):
        game.play(game.legal_moves()[0])
    store.save_game(game, people, False)
    app = App((1024, 600), Settings(speed="instant", fullscreen=False), store)
    title = show_title(app)
    title.menu.items[[it.label for it in title.menu.items].index("Play")].action()
    assert "not counted" in app.top.menu.items[1].hint and "counts as lost" not in app.top.menu.items[1].hint


def test_an_idle_screen_asks_for_no_frames() -> None:
    app = App((1024, 600), Settings(speed="normal", fullscreen=False))
    show_title(app)
    step(app)
    assert isinstance(app.top, TitleScene) and app.wake_in() is None
    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H"), speed="normal")
    step(app, 3)
    assert table.human_turn() and table.at_rest()
    assert app.wake_in() is None, "your turn, nothing moving: no frame until you act"
    drag(app, hand_card_centre(table, c("8S")), item_centre(table, cards("8D")))
    assert app.wake_in() == 0.0, "cards in flight: a frame every tick"


def test_a_game_seen_whole_with_six_players_keeps_picture_and_stage_in_step() -> None:
    app = App((1024, 600), Settings(speed="fast", ai_delay="none", fullscreen=False))
    from cassino.ui.screens import sit_down

    seats = [Seat(n, "beginner") for n in ("South", "West", "North-West", "North", "North-East", "East")]
    table = sit_down(app, Game(players=6, seed=4), seats)
    for _ in range(3000):
        step(app)
        if table.at_rest() and app.top is table and table.thinker is None:
            at_rest_matches_stage(table)
        if app.top is not table or len(table.game.moves) > 20:
            break
    assert len(table.game.moves) > 10


def test_after_l_left_and_right_step_through_each_player_s_last_capture() -> None:
    """The keyboard's way to what pressing a seat's pile shows: L opens the
    table's last capture (the other player's), Right and Left step to each other seat's
    last capture (yours), any other key returns."""
    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H 9C", others=["5C 2D"]), speed="fast")
    drag(app, hand_card_centre(table, c("8S")), item_centre(table, cards("8D")))
    settle(app)
    assert table.game.moves[1].kind == "capture", table.game.moves
    key(app, pygame.K_l)
    review = app.top
    assert isinstance(review, ReviewScene) and review.words() == "Bot1 took 5♥ with the 5♣"
    assert "Left, Right" in review.hint()
    key(app, pygame.K_RIGHT)
    assert app.top is review and review.words() == "You took 8♦ with the 8♠"
    key(app, pygame.K_LEFT)
    assert review.words() == "Bot1 took 5♥ with the 5♣"
    key(app, pygame.K_ESCAPE)
    assert app.top is table


def test_a_callout_is_drawn_over_every_card_on_the_move(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Big casino!" showed half hidden behind the table cards sliding into the gap, then behind the cards taken.
    from cassino.ui.table import paint

    app, table = open_table(table_position(hand="TS 3C", loose="TD 5H 8C 9S", others=["4S 4H"]),
                            speed="slow")
    drag(app, hand_card_centre(table, c("TS")), item_centre(table, cards("TD")))
    assert table.game.turns[-1].move.text() == "TSx10:TD"
    for _ in range(240):
        step(app)
        settling = {card for card, s in table.motion.sprites.items()
                    if s.moving and card in table.stage.spots and card != table.played}
        if table.motion.callout is not None and settling:
            break
    else:
        raise AssertionError("no frame with the callout and cards closing up")
    order: list[object] = []
    real_card, real_callout = paint.paint_card, paint._paint_callout
    monkeypatch.setattr(paint, "paint_card", lambda t, s, card, *a, **k: order.append(card) or real_card(t, s, card, *a, **k))
    monkeypatch.setattr(paint, "_paint_callout", lambda *a: order.append("callout") or real_callout(*a))
    paint.paint_table(table, app.screen)
    monkeypatch.undo()
    assert order[-1] == "callout" and all(card in order for card in settling), (order, settling)


def test_a_sweep_taking_both_casinos_calls_out_each_in_turn() -> None:
    # "Big casino!", "Little casino!", and the sweep's callout never showed: only one shows at a time.
    # Three in turn held the table up for seconds: the casinos share one.
    app, table = open_table(table_position(hand="TS 3C", loose="TD 8C 2S", others=["4S 4H"]), speed="normal")
    from cassino.rules import parse_move

    assert table.play(parse_move("TSx10:TD,8C,2S"))
    shown: list[str] = []
    sweep_told_with: list[str | None] = []
    while table.motion.busy:
        step(app)
        if table.motion.callout is not None and (not shown or shown[-1] != table.motion.callout.text):
            shown.append(table.motion.callout.text)
        if any(text.startswith("Sweep!") for _, text in table.log) and not sweep_told_with:
            sweep_told_with.append(table.motion.callout.text if table.motion.callout else None)
    assert shown == ["Both casinos to you!", "Sweep! You cleared the table"], shown
    # The log said "Sweep!" at the click, with the card still in the air.
    assert sweep_told_with == ["Sweep! You cleared the table"], sweep_told_with


def test_the_round_s_last_card_trailed_lands_before_the_table_goes() -> None:
    # It waited in the hand, then flew straight to the last capturer's pile.
    from tests.rules.helpers import last_card_position

    pos = last_card_position("3C", loose="8D 5H", captured=["8C 8H"], last_capturer=1, dealer=0)
    app, table = open_table(pos, speed="normal")
    from cassino.rules import parse_move

    start = table.motion.sprites[c("3C")].at
    assert table.play(parse_move("3C-"))
    landed = None
    told_early = False
    while table.motion.busy:
        step(app)
        s = table.motion.sprites.get(c("3C"))
        if s is not None and s.legs and s.legs[0].into is None and landed is None:
            landed = s.legs[0].end
        cards_moving = any(s.legs for s in table.motion.sprites.values())
        told_early |= any(text == "Round over." for _, text in table.log) and cards_moving
    assert landed is not None and landed.face_up and (landed.x, landed.y) != (start.x, start.y)
    table_area = table.geo.table
    assert table_area.collidepoint(landed.x + landed.w / 2, landed.y + landed.w / 2), (landed, table_area)
    assert not told_early  # "Round over." comes as the last cards land, not at the click
    assert any(text == "The last 3 table cards go to Bot1." for _, text in table.log), table.log


def test_the_log_says_the_last_table_card_not_the_last_1_table_card() -> None:
    from tests.rules.helpers import last_card_position

    app, table = open_table(last_card_position("5C", loose="5D 9H", captured=["8C 8D"], last_capturer=0))
    settle(app)
    assert table.game.rounds, "the bot's last card ended the round"
    said = [text for _, text in table.log]
    assert "The last table card goes to Bot1." in said and not any("last 1 " in t for t in said), said


def test_a_call_that_falls_short_is_announced_as_such() -> None:
    # "North wins: you called for 21" read as if the call itself had won it for North.
    from cassino.rules import Move, Rules

    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H", rules=Rules(call_for_21=True),
                                           scores=(5, 3)), speed="fast")
    table.play(Move.call())
    for _ in range(120):
        step(app)
    said = [text for _, text in table.log]
    assert any("Bot1 wins: your call for 21 fell short, 5 of 21" in t for t in said), said


def test_the_every_round_sheet_of_a_game_ended_inside_a_round_adds_up() -> None:
    # After a call the sheet listed the finished rounds and the final score, with
    # nothing for the round the call ended (whose sweeps count under sudden death).
    from cassino.rules import Move, Rules

    app, table = open_table(table_position(hand="8S 3C", loose="8D 5H", rules=Rules(call_for_21=True)),
                            speed="fast")
    table.play(Move.call())
    for _ in range(60):
        step(app)
    assert table.game.over
    sheet = SheetScene(app, table)
    lines = sheet.lines()
    # And the counts that decided it: "Final 0 0" alone stood under "Bot1 wins the game!".
    assert [label for label, _ in lines] == ["Round 1, called", "Count at the call", "Final"]
    assert lines[0][1] == [f"+0 → {t}" for t in table.game.totals]
    from cassino.rules.scoring import call_counts

    assert lines[1][1] == [str(c) for c in call_counts(table.pos)]
    # Its label clear of the figures beside it (it ran into them).
    from cassino.ui.art import theme

    for fs in (13, 24, 40):
        assert sheet.label_width(fs) > theme.font(fs, True).size("Round 1, called")[0] + fs // 2


def test_under_sudden_death_a_sweep_shows_in_the_score_at_once() -> None:
    # Both sides had swept, the plates said "1 sweep", yet the scores stayed 16 and 8 until the game ended.
    from cassino.rules import Rules

    app, table = open_table(table_position(hand="8S 3C", loose="8D", others=["9S 2D"],
                                           rules=Rules(sudden_death=True), scores=(10, 4)), speed="fast")
    drag(app, hand_card_centre(table, c("8S")), item_centre(table, cards("8D")))
    settle(app)
    assert table.pos.sweeps[0] == 1 and not table.game.over
    assert table.shown_scores()[0] == 11


def test_a_window_s_first_size_event_leaves_the_opening_deal_to_be_seen() -> None:
    # The window's first WINDOWSIZECHANGED, to the size it had, finished the opening deal at once.
    from cassino.rules import Game
    from cassino.settings import Settings
    from cassino.ui.app import App
    from cassino.ui.table import Seat, TableScene

    app = App((1280, 720), Settings(speed="normal", fullscreen=False))
    table = TableScene(app, Game(seed=3), [Seat("You"), Seat("North", "beginner")])
    app.replace(table)
    step(app)
    assert table.motion.busy
    app.step(0.0, [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=720)])
    assert table.motion.busy, "still dealing"
    table.resized((1100, 650))
    assert not table.motion.busy, "a real change of size puts every card in its new place at once"


def test_a_sweep_shows_on_the_plate_with_its_callout_not_before() -> None:
    # The plate read "1 sweep" with the card still in the air.
    from cassino.rules import parse_move

    app, table = open_table(table_position(hand="8S 3C", loose="8D", others=["9S 2D"]), speed="normal")
    assert table.play(parse_move("8Sx8:8D")) and table.pos.sweeps[0] == 1
    assert table.shown_sweeps(0) == 0
    for _ in range(600):
        step(app)
        if table.motion.callout is not None and table.motion.callout.text.startswith("Sweep!"):
            break
    assert table.shown_sweeps(0) == 1
    assert table.motion.inbound(0) == 0, "the cards have landed in the pile before the sweep is called"


def test_a_sweep_coming_is_counted_for_the_seat_that_made_it_not_a_name_that_begins_alike() -> None:
    # Told by the callout's words, "Sweep! Ann " also matched "Sweep! Ann Lee cleared the
    # table": Ann's plate lost her own sweep while Ann Lee's was on its way.
    from cassino.rules import Game, parse_move
    from cassino.settings import Settings
    from cassino.ui.app import App
    from cassino.ui.table import Seat

    from .driver import sit_down

    pos = table_position(hand="8S 3C", loose="8D", others=["9S 2D"], sweeps=[0, 1])
    app = App((1280, 720), Settings(speed="normal", fullscreen=False))
    game = Game(pos.rules, 2, seed=3)
    game.position = pos
    table = sit_down(app, game, [Seat("Ann Lee"), Seat("Ann", "beginner")])
    settle(app)
    assert table.play(parse_move("8Sx8:8D")) and list(table.pos.sweeps) == [1, 1]
    assert table.shown_sweeps(0) == 0, "Ann Lee's sweep is still coming"
    assert table.shown_sweeps(1) == 1, "Ann's own sweep, made before, stays on her plate"


def test_a_key_held_for_another_or_a_new_window_size_keeps_the_sweep_s_callout() -> None:
    # Ctrl's keydown (of Ctrl+Z) or a resize finished the motion and threw the callout away.
    from cassino.rules import parse_move

    app, table = open_table(table_position(hand="8S 3C", loose="8D", others=["4S 4H"]), speed="normal")
    assert table.play(parse_move("8Sx8:8D"))
    key(app, pygame.K_LCTRL)
    assert table.motion.busy and any(s.legs for s in table.motion.sprites.values())
    app.resize((1024, 600))
    assert not any(s.legs for s in table.motion.sprites.values())  # the cards went to their new places
    seen = callouts_until_rest(app, table)
    assert "Sweep! You cleared the table" in seen, seen


def test_ctrl_z_during_the_reply_s_motion_takes_the_move_back_at_once() -> None:
    app, table = open_table(None, levels=(None, "beginner"), seed=12, speed="normal")
    app.settings.undo = True
    settle(app)
    moves = list(table.game.moves)
    drag(app, hand_card_centre(table, table.hand_order(0)[0]), bare_cloth(table))
    assert table.motion.busy
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.game.moves == moves


def test_a_card_dealt_to_you_turns_face_up_once_clear_of_the_stock() -> None:
    # It turned as it set off: your next card lay face up on the stock for a frame or two.
    from cassino.ui.table.motion import Sprite, Spot

    s = Sprite(0, Spot(10, 10, 50, False))
    s.go(Spot(400, 300, 80, True), 1.0)
    s.update(0.05)
    assert not s.at.face_up and s.at.x > 10
    s.update(0.2)
    assert s.at.face_up
    down = Sprite(1, Spot(400, 300, 80, True))
    down.go(Spot(10, 10, 50, False), 1.0)
    down.update(0.01)
    assert not down.at.face_up  # turned down at once: the next person may already be looking


def test_the_card_played_meets_what_it_takes_short_of_the_next_card_over() -> None:
    # At 0.3 of a card to the right it hid the neighbour's index for a moment.
    from cassino.ui.table.choreography import _meeting_spot
    from cassino.ui.table.motion import Motion, Spot

    motion = Motion()
    motion.place(5, Spot(100, 200, 80, True))
    meet = _meeting_spot(motion, [5], Spot(0, 0, 80, False))
    gap = 80 * 0.22  # between loose cards (layout._flow)
    assert meet.x + meet.w < 100 + 80 + gap and meet.x >= 100 + 80 * 0.15 and meet.y < 200


def test_a_callout_stands_clear_of_the_cards_left_on_the_table() -> None:
    # "Big casino!" across the middle of the cloth stood over both builds.
    from cassino.rules import parse_move
    from cassino.ui.table.paint import callout_box

    pos = table_position(hand="TS 3C 9H", loose="TD 4D 5C 6H 7S 8C", others=["4S 4H KD"])
    app, table = open_table(pos, speed="normal")
    assert table.play(parse_move("TSx10:TD"))
    while table.motion.busy and table.motion.callout is None:
        step(app)
    callout = table.motion.callout
    assert callout is not None and callout.text == "Big casino to you!"
    _, box = callout_box(table, callout.text)
    items = [it.rect for it in table.stage.items]
    assert items and table.geo.table.contains(box)
    middle = box.copy()
    middle.centery = table.geo.table.centery
    assert middle.collidelist(items) >= 0, "the middle was free: nothing tested"
    assert box.collidelist(items) < 0, (box, items)


def test_the_last_cards_callout_comes_once_every_last_card_has_left_the_cloth() -> None:
    # Timed from the first to leave, it stood over the later ones still lying there.
    from tests.rules.helpers import last_card_position

    pos = last_card_position("3C", loose="8D 5H 9S KH KD 2D 6C", captured=["8C 8H"], last_capturer=1, dealer=0)
    app, table = open_table(pos, speed="normal")
    from cassino.rules import parse_move

    assert table.play(parse_move("3C-"))
    while table.motion.busy and (table.motion.callout is None or not table.motion.callout.text.startswith("The last")):
        step(app)
    assert table.motion.callout is not None
    lying = [card for card, s in table.motion.sprites.items() if s.waiting or not s.legs]
    assert not [c for c in lying if c not in table.stage.spots], lying


def test_one_last_card_is_called_out_as_one() -> None:
    # "The last cards go to you" while the log said "The last table card goes to you."
    from cassino.rules import parse_move
    from tests.rules.helpers import last_card_position

    pos = last_card_position("5C", loose="5D 9H", captured=["8C 8D"], last_capturer=0, dealer=0)
    app, table = open_table(pos, speed="normal")
    assert table.play(parse_move("5Cx5:5D"))
    shown = callouts_until_rest(app, table)
    assert "The last card goes to you" in shown, shown


def test_a_skipped_motion_s_sounds_give_the_one_set_for_latest() -> None:
    # After a skip the cues tied on the time left but for rounding: the trail's tick won over the round's chord.
    from cassino.ui.table.motion import Motion

    for dt in (1 / 60, 1 / 30, 0.0137, 0.05):
        motion = Motion()
        motion.cue("play", 0.22)
        motion.cue("round", 0.78)
        motion.update(0.1)
        assert motion.due() is None
        motion.finish()
        motion.update(dt)
        assert motion.due() == "round", dt
        assert motion.due() is None


def reply_in_flight(app: object, table: object) -> None:
    """Step until the computer has played and its card is still flying."""
    for _ in range(3000):
        step(app, 1)  # type: ignore[arg-type]
        if table.pos.to_move == 0 and table.game.moves and not table.at_rest():  # type: ignore[attr-defined]
            return
    raise AssertionError("the computer's play never flew")


def test_a_card_grabbed_as_the_other_s_play_lands_can_be_dragged_but_a_click_only_skips() -> None:
    """The press finished the computer's flight and did nothing more: a grab
    of your card that moved on into a drag was lost."""
    app, table = open_table(table_position(hand="KS 3C 9H", loose="8D 5H", others=["QH 4D 7S"]),
                            levels=(None, "beginner"), speed="slow")
    drag(app, hand_card_centre(table, c("KS")), bare_cloth(table))
    reply_in_flight(app, table)
    played = len(table.game.moves)
    click(app, hand_card_centre(table, c("9H")))  # a click: it only skips
    assert table.at_rest() and len(table.game.moves) == played and app.top is table
    drag(app, hand_card_centre(table, c("3C")), bare_cloth(table))
    reply_in_flight(app, table)
    played = len(table.game.moves)
    drag(app, hand_card_centre(table, c("9H")), bare_cloth(table))  # grabbed mid-flight, dragged on
    assert table.game.moves[played].text() == "9H-"


def test_a_side_seat_s_backs_stay_sideways_while_they_close_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """They were drawn upright as they slid up the column, and snapped back sideways at rest."""
    from cassino.ui.table import paint

    app, table = open_table(size=(1280, 720), speed="slow", levels=(None, "beginner", "beginner"), seed=5)
    assert table.geo.places[1].narrow
    drag(app, hand_card_centre(table, table.hand_order(0)[0]), bare_cloth(table))
    sideways: list[int] = []
    real = paint.rotated_back
    monkeypatch.setattr(paint, "rotated_back", lambda w, back: sideways.append(w) or real(w, back))
    seen = 0
    for _ in range(600):
        step(app)
        closing = [card for card in table.hand_order(1) if (s := table.motion.get(card)) is not None and s.moving
                   and table.geo.places[1].hand.collidepoint(s.at.x + s.at.w / 2, s.at.y)]
        if closing:
            sideways.clear()
            paint.paint_table(table, app.screen)
            columns = [seat for seat in (1, 2) if table.geo.places[seat].narrow]
            assert len(sideways) == sum(len(table.hand_order(seat)) for seat in columns), \
                "every back of the side columns drawn sideways"
            seen += 1
    assert seen, "the column never closed up"


def test_the_pause_before_a_computer_s_play_wakes_only_for_the_thinking_dots() -> None:
    # With the answer in, the pause drew 20 frames a second where only the dots
    # changed, three times a second (22% of a core at 1920x1080).
    import time as clock

    from cassino.ui.table import Seat, TableScene
    from cassino.ui.table.scene import THINKING_FRAME

    from .driver import step

    app = App((1024, 600), Settings(speed="normal", ai_delay="long", fullscreen=False))
    table = TableScene(app, Game(seed=8), [Seat("North", "beginner"), Seat("South", "beginner")])
    table.motion.finish()  # the deal's flight
    app.replace(table)
    end = clock.monotonic() + 10
    while not (table.thinker is not None and table.thinker.done) and clock.monotonic() < end:
        step(app)
    assert table.thinker is not None and table.thinker.done and table.game.moves == []
    table.think_clock = 0.0  # the answer came at once: the whole pause is ahead
    table.clock = 1.0  # the dots stepped a third of a second ago... and 1/3 s on is the next
    left = THINKING_FRAME - table.clock % THINKING_FRAME
    pause = app.settings.ai_pause - table.think_clock
    assert pause > 0.3
    assert table.wake_in() == pytest.approx(min(left, pause))


def test_a_hitch_does_not_make_the_cards_leap() -> None:
    # A frame a tenth of a second late moved the cards a tenth of a second on: at fast
    # speed ten card widths in one frame. A frame moves them a thirtieth of a second at most.
    from cassino.ui.table.scene import MOTION_STEP

    app, table = open_table(None, levels=(None, "beginner"), seed=12, speed="normal")
    settle(app)
    card = table.hand_order(0)[0]
    drag(app, hand_card_centre(table, card), bare_cloth(table))
    sprite = table.motion.sprites[card]
    assert sprite.legs
    before = sprite.clock
    table.update(0.2)
    assert 0 < sprite.clock - before <= MOTION_STEP + 1e-9
