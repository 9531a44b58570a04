"""Where a drop or a click lands, as a person's hand makes them: a card let go
with the pointer between two cards, on a build's owner words, a double-click,
the list of choices kept clear of the cards it asks about."""

from __future__ import annotations

import pygame
import pytest

from cassino.ui.table.chooser import ChooserScene
from cassino.rules import cards_of
from tests.rules.helpers import cards, table_position

from .driver import bare_cloth, click, click_twice, drag, hand_card_centre, item_centre, key, open_table, post, settle, step


def c(text: str) -> int:
    return cards(text).bit_length() - 1


def test_a_card_let_go_over_a_table_card_with_the_pointer_in_a_gap_plays_onto_it() -> None:
    # The 4♦ covering the 4♣, the pointer in the gap beside it: "You trailed the 4♦." at once.
    app, table = open_table(table_position(hand="4D 9H", loose="4C KS", others=["5S 6S"]))
    item = next(it for it in table.items if it.mask == cards("4C"))
    hit = table.stage.hit_rect(item)
    grab = hand_card_centre(table, c("4D"))
    spot = table.stage.spots[c("4D")]
    dx, dy = grab[0] - round(spot.x), grab[1] - round(spot.y)
    # The pointer just right of the item's hit area; the card, held by its middle, mostly over the 4♣.
    end = (hit.right + 3, item.rect.centery)
    assert table.stage.item_at(end) is None and table.geo.table.collidepoint(end)
    card = pygame.Rect(end[0] - dx, end[1] - dy, round(spot.w), item.rect.height)
    assert card.clip(item.rect).width * card.clip(item.rect).height > card.width * card.height // 4
    drag(app, grab, end)
    step(app, 5)
    assert table.game.moves[0].text() == "4Dx4:4C", table.log


def test_a_card_dropped_on_a_build_s_owner_words_plays_onto_the_build() -> None:
    app, table = open_table(table_position(hand="2H 9H", loose="5C", builds=[("4S 3D", 7, False, 1)],
                                           others=["7C 8C"]))
    build = next(it for it in table.items if it.build is not None)
    words = (build.rect.centerx, build.rect.bottom + table.stage.table_w * 0.25)  # on "Bot1's build"
    assert table.stage.drop_item(pygame.Rect(words, (1, 1)), (round(words[0]), round(words[1]))) is build
    drag(app, hand_card_centre(table, c("2H")), (round(words[0]), round(words[1])))
    step(app, 5)
    # Onto the build: raised to 9 (the 9♥ kept), not trailed.
    assert table.game.moves[0].text() == "2Hb9:4S,3D", table.log


def test_a_double_click_on_a_card_opens_its_choices_and_plays_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # The list opened with "Trail the 3♦" over the card (where no side had room); the
    # second click's release chose it.
    app, table = open_table(table_position(hand="3D 9H", loose="3C 5H 8S 2C", others=["5S 6S"]),
                            size=(1024, 600))
    p = hand_card_centre(table, c("3D"))
    click_twice(app, p)
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    last = chooser.rows[-1]
    monkeypatch.setattr(chooser, "_card_rect", lambda: last, raising=False)  # as if the list stood over the card
    post(pygame.MOUSEBUTTONDOWN, pos=last.center, button=1)
    post(pygame.MOUSEBUTTONUP, pos=last.center, button=1)
    step(app, 2)
    assert app.top is chooser and not table.game.moves
    step(app, 40)  # later, a click there is a choice
    click(app, last.center)
    assert app.top is table and table.game.moves[0] == chooser.moves[-1]


def test_a_click_beside_the_list_of_choices_cancels_it() -> None:
    app, table = open_table(table_position(hand="3D 9H", loose="3C 5H 8S 2C", others=["5S 6S"]))
    click_twice(app, hand_card_centre(table, c("3D")))
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    step(app, 40)
    corner = (table.geo.table.x + 3, table.geo.table.y + 3)
    assert not chooser.box.collidepoint(corner)
    click(app, corner)
    assert app.top is table and not table.game.moves


def test_the_list_of_choices_stands_clear_of_the_cards_it_asks_about() -> None:
    # At 1280x720 it was half the table wide and stood over the 6♣ that its line 2 would take.
    for size in ((1280, 720), (1024, 600), (1900, 620)):
        app, table = open_table(table_position(hand="4D 9H TS", loose="AD 6C 5C 9S", others=["5S 6S 7S"]),
                                size=size)
        click_twice(app, hand_card_centre(table, c("4D")))
        chooser = app.top
        assert isinstance(chooser, ChooserScene), size
        assert not chooser.box.colliderect(chooser.about()), size


def test_with_a_card_chosen_on_the_table_a_drag_lights_what_goes_with_it() -> None:
    # A♦ chosen, the 4♦ dragged: the 6♣ was lit (the 4♦ alone builds on it), and a drop there refused.
    app, table = open_table(table_position(hand="4D 5H TC", loose="AD 6C 9S", others=["5S 6S 7S"]))
    click(app, item_centre(table, cards("AD")))
    assert table.input.selection == {cards("AD")}
    targets, cloth = table.controls.targets_for(c("4D"))
    assert cards("6C") not in targets  # 4♦ with A♦ and 6♣: no move
    assert cloth  # 4♦ onto the A♦ alone: build 5, the 5♥ kept
    drag(app, hand_card_centre(table, c("4D")), (table.geo.table.right - 10, table.geo.table.bottom - 10))
    step(app, 5)
    assert [m.text() for m in table.game.moves][:1] == ["4Db5:AD"], table.log


def test_a_click_on_the_scores_opens_the_score_sheet() -> None:
    # Only S opened it mid-round: a player by mouse alone never saw the sheet.
    from cassino.ui.table.scoresheet import SheetScene

    app, table = open_table(table_position(hand="3D 9H", loose="3C 5H", others=["5S 6S"]))
    click(app, table.geo.scores.center)
    assert isinstance(app.top, SheetScene)
    click(app, table.geo.scores.center)  # and a click closes it
    assert app.top is table


def test_a_drop_whose_one_meaning_takes_cards_not_pointed_at_is_asked_first() -> None:
    # A♥ dropped on the 5♠ built "fives (multiple): 5♠, 3♠+A♥+A♣" at once, taking two cards unseen.
    app, table = open_table(table_position(hand="AH 5H", loose="5S 3S AC 9D", others=["6S 7S"]))
    drag(app, hand_card_centre(table, c("AH")), item_centre(table, cards("5S")))
    chooser = app.top
    assert isinstance(chooser, ChooserScene) and not table.game.moves
    assert [m.text() for m in chooser.moves] == ["AHm5:3S,5S,AC"]
    # The card played stays in sight, lit, where it was dropped (the lit table cards hid it).
    sprite = table.motion.get(c("AH"))
    assert sprite is not None and sprite.at != table.stage.spots[c("AH")], "where it was dropped, not home"
    spot = sprite.at
    app.draw(app.screen)
    # The ace's big heart, in the middle of its face, in full red (dimmed, or under the 5♠, it was not);
    # dropped square on the 5♠, the ace lies a little aside, the 5♠ in sight under it.
    x, y = spot.x + spot.w * 0.35, spot.y + spot.w * 0.2
    r, g, b = app.screen.get_at((round(x + spot.w / 2), round(y + spot.w * 0.7)))[:3]
    assert r > 170 and g < 90 and b < 90, (r, g, b)
    five = next(it.rect for it in table.items if it.mask == cards("5S"))
    assert not pygame.Rect(round(x), round(y), round(spot.w), five.height).contains(five)
    click(app, chooser.rows[0].center)
    assert table.game.moves[0].text() == "AHm5:3S,5S,AC"
    # One meaning taking only what was pointed at is played at once.
    app, table = open_table(table_position(hand="4D 9H", loose="4C KS", others=["5S 6S"]))
    drag(app, hand_card_centre(table, c("4D")), item_centre(table, cards("4C")))
    assert app.top is table and table.game.moves[0].text() == "4Dx4:4C"


def test_what_a_computer_did_stays_over_your_hand_while_the_next_one_thinks() -> None:
    # "Bot1 trailed the 8♦." showed for its flight alone, then "Bot2 to play.": under half a second.
    from .test_variants_table import drawn_text

    app, table = open_table(None, levels=(None, "beginner", "beginner"), seed=4, speed="normal")
    drag(app, hand_card_centre(table, table.hand_order(0)[0]), bare_cloth(table))
    for _ in range(600):
        step(app)
        if table.pos.to_move == 2 and table.at_rest() and table.play_words and table.play_words[0] == 1:
            break
    else:
        raise AssertionError("Bot2's turn never came")
    words = table.play_words[1]
    assert f"{words} Bot2 to play." in drawn_text(app)


def test_the_newest_play_s_caption_stands_out_from_the_older_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    # Four like captions and rings at a five-seat table gave no order: only the log did.
    from cassino.ui.art import theme
    from cassino.ui.table import paint

    app, table = open_table(None, levels=(None, "beginner", "beginner", "beginner"), seed=4)
    drag(app, hand_card_centre(table, table.hand_order(0)[0]), bare_cloth(table))
    from .driver import settle

    settle(app)
    assert len(table.last) >= 3
    drawn: list[tuple[str, bool]] = []
    real = theme.fit_text
    monkeypatch.setattr(theme, "fit_text", lambda s, px, w, colour=theme.INK, bold=False:
                        drawn.append((s, bold)) or real(s, px, w, colour, bold))
    paint.paint_table(table, app.screen)
    newest = next(reversed(table.last))
    for seat, last in table.last.items():
        if seat == table.bottom:
            continue
        first = theme.wrap(last.words, table.geo.fs_small, table.geo.places[seat].caption.width - 4)[0]
        assert (first, seat == newest) in drawn, (seat, first, drawn)


def test_s_during_a_computer_s_play_opens_the_score_sheet_at_once() -> None:
    # It only finished the motion: the sheet took a second S.
    from cassino.ui.table.scoresheet import SheetScene

    from .driver import key

    app, table = open_table(None, levels=(None, "beginner"), seed=4, speed="normal")
    drag(app, hand_card_centre(table, table.hand_order(0)[0]), bare_cloth(table))
    assert table.motion.busy
    key(app, pygame.K_s)
    assert isinstance(app.top, SheetScene)


def test_a_build_keeps_its_owner_s_words_while_the_table_closes_up() -> None:
    # "Your build" blinked off whenever the table's cards moved, at every play.
    from .test_variants_table import drawn_text

    pos = table_position("8S 2H 9H", loose="2C 7D", builds=[("5D 3C", 8, False, 0)], others=["KD 4S QC"])
    app, table = open_table(pos, levels=(None, "beginner"), speed="normal")
    drag(app, hand_card_centre(table, c("2H")), item_centre(table, cards("2C")))
    seen_moving = 0
    for _ in range(240):
        step(app)
        build_cards = [table.motion.get(c) for c in cards_of(cards("5D 3C"))]
        if any(s is not None and s.moving for s in build_cards):
            seen_moving += 1
            assert "Your build" in drawn_text(app)
        elif seen_moving:
            break
    assert seen_moving, "the build never moved"


def test_a_capture_s_sum_dropped_on_one_of_its_cards_is_played_at_once() -> None:
    # Asked as a list of one, it added a click to an ordinary capture of 8♠+2♠ with the 10♦.
    app, table = open_table(table_position(hand="TD 9H", loose="8S 2S KC", others=["5S 6S"]))
    drag(app, hand_card_centre(table, c("TD")), item_centre(table, cards("8S")))
    assert app.top is table and table.game.moves[0].text() == "TDx10:2S,8S"


def test_a_quick_double_click_after_a_still_moment_keeps_the_list_open() -> None:
    # Press and release in one frame after the loop had slept: the list's first frame
    # counted the sleep as its age, and the second click closed it as a click beside it.
    app, table = open_table(table_position(hand="7H 9H TS", loose="3C 2D", others=["5S 6S 8C"]))
    p = hand_card_centre(table, c("7H"))
    click(app, p)  # picked up; clicked again, its plays are listed
    post(pygame.MOUSEBUTTONDOWN, pos=p, button=1)
    post(pygame.MOUSEBUTTONUP, pos=p, button=1)
    app.step(2.0)
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    post(pygame.MOUSEBUTTONDOWN, pos=p, button=1)
    post(pygame.MOUSEBUTTONUP, pos=p, button=1)
    app.step(0.05)
    assert app.top is chooser and not table.game.moves


def test_the_line_in_focus_of_the_list_fits_its_row_in_bold(monkeypatch: pytest.MonkeyPatch) -> None:
    # Wrapped in the regular face, the bold line in focus ran past the list's edge.
    from cassino.ui.art import theme

    for size in ((1024, 600), (1280, 720)):
        app, table = open_table(table_position(hand="TD TS 9H", loose="TC 8S 2S", builds=[("6C 4C", 10, False, 0)],
                                               others=["5S 6S 7S"]), size=size)
        click_twice(app, hand_card_centre(table, c("TD")))
        chooser = app.top
        assert isinstance(chooser, ChooserScene)
        for focus in range(len(chooser.moves)):
            chooser.focus = focus
            drawn: list[tuple[str, pygame.Surface]] = []
            real = theme.text
            monkeypatch.setattr(theme, "text", lambda s, px, colour=theme.INK, bold=False:
                                drawn.append((s, real(s, px, colour, bold))) or drawn[-1][1])
            chooser.draw(app.screen)
            monkeypatch.undo()
            row = chooser.rows[focus]
            widest = max(t.get_width() for s, t in drawn if t.get_height() < row.height
                         and not s.startswith("Cancel"))  # (the foot, sized to fit on its own)
            pad = round(table.geo.fs_small * 0.7)
            assert widest <= row.width - round(table.geo.fs_small * 1.6) + pad // 2, (size, focus)


def test_dragging_with_table_cards_chosen_says_what_a_drop_does() -> None:
    # "Drop on a highlighted item, or on the cloth to trail": the cloth played onto the 3♣.
    from cassino.ui.table.panel import _drag_words

    app, table = open_table(table_position(hand="7H 9H TS", loose="3C 8S", others=["5S 6S 8C"]))
    click(app, item_centre(table, cards("3C")))
    start = hand_card_centre(table, c("7H"))
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    step(app)
    post(pygame.MOUSEMOTION, pos=(start[0], start[1] - 80), rel=(0, -80), buttons=(1, 0, 0))
    step(app)
    drag_ = table.input.drag
    assert drag_ is not None
    words = _drag_words(table, drag_)
    assert "trail" not in words and "onto the chosen 3♣" in words, words


def test_the_newest_caption_in_bold_keeps_every_word(monkeypatch: pytest.MonkeyPatch) -> None:
    # Wrapped in the regular face, drawn bold: "captured 8♦ with t… / 8♥".
    from cassino.ui.art import theme
    from cassino.ui.table import paint
    from cassino.ui.table.state import LastMove

    # And one too long for the caption in bold: in the regular face, or a size smaller, rather than
    # cut ("raised the build of 6 to / nines (multiple): A♥+5♦…" at six players, 1280x720).
    for players, size, words in ((5, (1024, 600), "captured 8♦ and 7♣+A♥ with the 8♥"),
                                 (6, (1024, 600), "captured 8♦ and 7♣+A♥ with the 8♥"),
                                 (6, (1280, 720), "raised the build of 6 to nines (multiple) with the 3♣: A♥+5♦+3♣, 9♦")):
        app, table = open_table(None, size=size, levels=(None,) + ("beginner",) * (players - 1), seed=4)
        for seat in range(1, players):
            table.last.pop(seat, None)
            table.last[seat] = LastMove(words, 0)
        too_wide: list[str] = []
        shown: list[str] = []
        real = theme.fit_text

        def fit(s: str, px: int, w: int, colour: theme.Colour = theme.INK, bold: bool = False) -> pygame.Surface:
            if s and s in words and theme.font(px, bold).size(s)[0] > w:
                too_wide.append(s)
            shown.append(s)
            return real(s, px, w, colour, bold)
        monkeypatch.setattr(theme, "fit_text", fit)
        paint._paint_seats(table, app.screen)
        monkeypatch.undo()
        assert not too_wide, (players, too_wide)
        assert any(card in " ".join(shown) for card in ("with the 8♥", "with the 3♣")), "the card played kept"


def test_the_list_of_choices_shows_the_value_of_a_build_it_asks_about(monkeypatch: pytest.MonkeyPatch) -> None:
    # The list lit the build's cards again above its dimming, and the value's chip was left under them.
    from cassino.ui.table import chooser as chooser_module

    app, table = open_table(table_position(hand="TD TS 9H", loose="TC 8S 2S", builds=[("6C 4C", 10, False, 0)],
                                           others=["5S 6S 7S"]))
    click_twice(app, hand_card_centre(table, c("TD")))
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    drawn: list[object] = []
    real, real_outline = chooser_module.value_chip, chooser_module.outline
    monkeypatch.setattr(chooser_module, "value_chip", lambda surface, b, top, by_rank:
                        drawn.append(b.label(by_rank)) or real(surface, b, top, by_rank))
    monkeypatch.setattr(chooser_module, "outline", lambda surface, rect, colour, width=3:
                        drawn.append(pygame.Rect(rect)) or real_outline(surface, rect, colour, width))
    chooser.draw(app.screen)
    assert [d for d in drawn if isinstance(d, str)] == ["10"]
    # Over the build's outline, as on the table: drawn under it, the line struck through the "10".
    build = next(it for it in table.items if it.build is not None)
    framed = next(i for i, d in enumerate(drawn) if isinstance(d, pygame.Rect) and d.contains(build.rect))
    assert framed < drawn.index("10")


def test_a_line_said_after_a_still_moment_stays_to_be_read() -> None:
    # The frame after a sleep counted the whole sleep: a refusal set by a key was gone before it showed.
    app, table = open_table(table_position(hand="3D 9H", loose="3C 5H", others=["5S 6S"]))
    table.say("Select table cards with Space first.", warn=True)
    app.step(8.0)
    assert table.message_time > 0
    app.step(8.0)  # and then it goes in its time
    assert table.message_time == 0


def test_s_during_the_round_s_last_motion_does_not_show_the_round_s_points_first() -> None:
    # The sheet of S showed "Round 2 +2 → 7" before the round's own sheet had added up.
    from cassino.rules import parse_move
    from cassino.ui.table.scoresheet import RoundOverScene, SheetScene
    from tests.rules.helpers import last_card_position

    from .driver import key

    pos = last_card_position("5C", loose="5D 9H", captured=["8C 8D"], last_capturer=0, dealer=0)
    app, table = open_table(pos, speed="normal")
    assert table.play(parse_move("5Cx5:5D"))
    key(app, pygame.K_s)
    assert not isinstance(app.top, SheetScene)
    for _ in range(300):
        step(app)
        if isinstance(app.top, RoundOverScene):
            break
    assert isinstance(app.top, RoundOverScene)


def test_the_log_scrolls_back_only_as_far_as_its_first_lines() -> None:
    # Page Up went on to a near-empty page under "▼ 27 newer".
    from cassino.ui.table.panel import log_scroll_limit

    from .driver import key

    app, table = open_table(table_position(hand="3D 9H", loose="3C 5H", others=["5S 6S"]))
    for i in range(40):
        table.note(None, f"Line {i}.")
    for _ in range(30):
        key(app, pygame.K_PAGEUP)
    limit = log_scroll_limit(table)
    assert 0 < table.log_scroll == limit < len(table.log) - 1
    # At the limit the page begins with the log's first line, under a line kept for the marker.
    from .test_variants_table import drawn_text

    said = drawn_text(app)
    assert table.log[0][1] in said and f"▼ {limit} newer (scroll down)" in said


def test_a_captured_build_leaves_its_value_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    # Its "12s" chip rode on the cards taken all the way into the pile.
    from cassino.rules import parse_move
    from cassino.ui.table import paint

    pos = table_position("8S 9H", loose="2C", builds=[("5D 3C", 8, False, 1)], others=["8C 4S"])
    app, table = open_table(pos, speed="normal")
    assert table.play(parse_move("8Sx8:3C,5D"))
    chips: list[str] = []
    real = paint.value_chip
    monkeypatch.setattr(paint, "value_chip", lambda surface, b, top, by_rank: chips.append(b.label()) or
                        real(surface, b, top, by_rank))
    for _ in range(120):
        step(app)
    assert chips == [], "the captured build's chip was drawn in flight"


def test_draw_cassino_s_new_card_keeps_its_mark_after_a_move_taken_back() -> None:
    # (Undo goes back past no draw of yours: the move taken back is one after the stock ran out.)
    from cassino.rules import PRESETS, Game
    from cassino.ui.screens import sit_down
    from cassino.ui.table import Seat

    from .driver import key, settle

    app, table = open_table(None, levels=(None, "beginner"), seed=5)
    game = Game(PRESETS["draw"].rules(2), 2, seed=5)
    table = sit_down(app, game, [Seat("You"), Seat("Bot1", "beginner")])
    app.settings.undo = True
    settle(app)
    while game.position.stock:
        assert table.human_turn()
        table.play(next(m for m in game.position.legal_moves() if m.card >= 0))
        settle(app)
    drawn = table.drawn.get(0)
    assert drawn is not None
    drag(app, hand_card_centre(table, table.hand_order(0)[0]), bare_cloth(table))
    settle(app)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    settle(app)
    assert table.practice
    assert table.drawn.get(0) == drawn


def test_the_list_frames_in_gold_the_cards_its_meaning_in_focus_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every card some meaning took was lit alike: which took what was read from the words alone.
    from cassino.ui.art import theme
    from cassino.ui.table import chooser as chooser_module

    app, table = open_table(table_position(hand="TC 8H 5D", loose="8C TD 2C 6S 4H", others=["5S 6H 7S"]))
    click_twice(app, hand_card_centre(table, c("TC")))
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    framed: list[tuple[pygame.Rect, tuple[int, int, int]]] = []
    real = chooser_module.outline
    monkeypatch.setattr(chooser_module, "outline", lambda s, r, colour, w=3: framed.append((r, colour)) or real(s, r, colour, w))
    for steps in range(len(chooser.moves) + 1):
        framed.clear()
        app.draw(app.screen)
        focus = chooser.moves[chooser.focus] if chooser.focus < len(chooser.moves) else None
        by_frame = {it.rect.inflate(4, 4).topleft: it.mask for it in table.items}
        gold = {by_frame.get(r.topleft) for r, colour in framed if colour == theme.GLOW}
        want = {it.mask for it in table.items if focus is not None and it.mask & focus.takes}
        assert gold == want, (steps, focus)
        key(app, pygame.K_DOWN)


def test_a_list_of_choices_too_long_for_the_window_scrolls_and_keeps_its_words_apart() -> None:
    """Squeezed into the window, its rows' words ran over one another and
    Cancel fell off the screen. Now its small cards go, then it scrolls,
    the option in focus always shown."""
    app, table = open_table(table_position(hand="TD TS 9H", loose="TC 8S 2S 7D 3D 6H 4H AS 9C",
                                           builds=[("6C 4C", 10, False, 0)], others=["5S 6S 7S"]),
                            size=(1024, 600))
    click_twice(app, hand_card_centre(table, c("TD")))
    chooser = app.top
    assert isinstance(chooser, ChooserScene) and len(chooser.moves) > 100
    screen = app.screen.get_rect()
    for focus in (0, 40, len(chooser.moves) - 1, 0):
        while chooser.focus != focus:
            key(app, pygame.K_DOWN if chooser.focus < focus else pygame.K_UP)
        shown = [r for r in chooser.rows if r.width]
        assert chooser.rows[focus].width, f"option {focus + 1} in focus but not shown"
        assert all(chooser.box.contains(r) for r in shown) and screen.contains(chooser.box)
        assert all(a.bottom <= b.top for a, b in zip(shown, shown[1:])), "rows overlap"
        assert chooser.box.contains(chooser.cancel_rect) and not chooser.cancel_rect.collidelist(shown) >= 0
    for _ in range(3):  # the wheel scrolls it too, the focus along
        post(pygame.MOUSEWHEEL, x=0, y=-1)
        step(app)
    assert chooser.first == 3 and chooser.focus == 3 and not chooser.rows[2].width
    # Its foot says how many more each way, whole ("Cancel (Esc) · 1 above · 1…", and "below" of what?).
    from cassino.ui.art import theme

    said: list[str] = []
    real = theme.text
    theme.text = lambda s, *a, **k: said.append(s) or real(s, *a, **k)  # type: ignore[assignment]
    try:
        chooser.draw(app.screen)
    finally:
        theme.text = real  # type: ignore[assignment]
    foot = [s for s in said if s.startswith("Cancel (Esc)")]
    assert foot and foot[-1] == f"Cancel (Esc) · 3 more ▲ · {len(chooser.moves) - 1 - max(i for i, r in enumerate(chooser.rows) if r.width)} more ▼", foot
    # From its end, the wheel takes it back to its top (rows of two lines stopped it short).
    while chooser.focus != len(chooser.moves) - 1:
        key(app, pygame.K_DOWN)
    for _ in range(len(chooser.moves)):
        post(pygame.MOUSEWHEEL, x=0, y=1)
        step(app)
    assert chooser.first == 0 and chooser.rows[0].width and chooser.rows[chooser.focus].width
    for _ in range(3):
        post(pygame.MOUSEWHEEL, x=0, y=-1)
        step(app)
    assert chooser.first == 3
    click(app, chooser.rows[3].center)
    assert app.top is table and table.game.turns[0].seat == 0 and table.game.turns[0].move == chooser.moves[3]


def hold_and_drag(app: object, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at ``start`` and drag to ``end``, the button still held."""
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    step(app)  # type: ignore[arg-type]
    for i in range(1, 5):
        at = (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4)
        post(pygame.MOUSEMOTION, pos=at, rel=(1, 1), buttons=(1, 0, 0))
        step(app)  # type: ignore[arg-type]


@pytest.mark.parametrize("opens", [pygame.K_F1, pygame.K_s, pygame.K_l])
def test_a_screen_opened_mid_drag_sends_the_card_home_and_no_later_click_plays_it(opens: int) -> None:
    """F1, S or L pressed mid-drag: the screen took the button's release, the
    J♣ stayed on the pointer, and the next click on the cloth trailed it."""
    app, table = open_table(table_position("JC 4H", "JD 9S", others=["2C 8D"]))
    card = c("JC")
    hold_and_drag(app, hand_card_centre(table, card), bare_cloth(table))
    assert table.input.drag is not None and table.input.drag.card == card
    key(app, opens)
    assert app.top is not table and table.input.drag is None, "the drag ends with the screen over it"
    post(pygame.MOUSEBUTTONUP, pos=bare_cloth(table), button=1)  # let go over the screen
    step(app)
    key(app, pygame.K_ESCAPE)
    while app.top is not table:
        key(app, pygame.K_ESCAPE)
    post(pygame.MOUSEMOTION, pos=(300, 300), rel=(5, 5), buttons=(0, 0, 0))
    step(app)
    assert table.input.drag is None
    click(app, bare_cloth(table))
    assert table.game.moves == [], "nothing played by a click on the cloth"


def test_a_press_whose_release_went_elsewhere_is_no_drag_when_the_pointer_moves() -> None:
    """A drag's leftover press became a new drag at the next motion, no button held."""
    app, table = open_table(table_position("QD 2C 4H", "JD 9S", others=["2D 8D 3S"]))
    hold_and_drag(app, hand_card_centre(table, c("2C")), hand_card_centre(table, c("2C")))
    table.input.press = (c("2C"), hand_card_centre(table, c("2C")))  # its release lost (another screen's)
    post(pygame.MOUSEMOTION, pos=bare_cloth(table), rel=(40, 40), buttons=(0, 0, 0))
    step(app)
    assert table.input.drag is None and table.input.press is None


@pytest.mark.parametrize("lost", ["focus", "press"])
def test_a_drag_whose_release_went_to_another_window_goes_home_and_no_click_plays_it(lost: str) -> None:
    """Alt+Tab mid-drag, released over another window: SDL never saw the release
    and still held the button, the card followed the pointer, and the next
    click on the cloth trailed it (or captured with it)."""
    app, table = open_table(table_position("JC 4H", "JD 9S", others=["2C 8D"]))
    hold_and_drag(app, hand_card_centre(table, c("JC")), bare_cloth(table))
    assert table.input.drag is not None
    if lost == "focus":
        post(pygame.WINDOWFOCUSLOST)
        step(app)
        assert table.input.drag is None, "the card goes home as the window loses the focus"
    post(pygame.MOUSEMOTION, pos=bare_cloth(table), rel=(3, 3), buttons=(1, 0, 0))  # still "held", to SDL
    step(app)
    post(pygame.MOUSEBUTTONDOWN, pos=bare_cloth(table), button=1)
    post(pygame.MOUSEBUTTONUP, pos=bare_cloth(table), button=1)
    step(app, 2)
    assert table.game.moves == [] and table.input.drag is None, "nothing played by that click"


def test_alt_of_alt_tab_does_not_turn_the_table_to_keys() -> None:
    # Alt showed a focus ring on a hand card, as if the player had started playing by keys.
    app, table = open_table(table_position("JC 4H", "JD 9S", others=["2C 8D"]))
    for k in (pygame.K_LALT, pygame.K_LCTRL, pygame.K_LSHIFT, pygame.K_LGUI):
        key(app, k)
    assert not table.input.keyboard
    key(app, pygame.K_RIGHT)
    assert table.input.keyboard


def test_enter_while_dragging_plays_nothing_else() -> None:
    """Enter mid-drag opened "Play the A♣:" for the card the keys were on, the dragged Q♦ frozen under it."""
    app, table = open_table(table_position("QD AC 4H", "JD 9S", others=["2D 8D 3S"]))
    hold_and_drag(app, hand_card_centre(table, c("QD")), bare_cloth(table))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_SPACE)
    assert app.top is table and table.game.moves == [] and table.input.drag is not None
    post(pygame.MOUSEBUTTONUP, pos=bare_cloth(table), button=1)
    step(app, 2)
    assert table.game.moves[0].text() == "QD-", "the drop plays the dragged card"


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_a_long_list_of_choices_scrolls_beside_the_cards_it_is_about_rather_than_over_them(
        size: tuple[int, int]) -> None:
    """21 ways to play the 8♦ on seven loose cards: standing full height at
    the side, the list hid the 6♦ and the 7♣ that its options take."""
    app, table = open_table(table_position(hand="8D 8S 3H", loose="5C 3S 2S 6D 4H AS 7C", others=["KD QD JD"]),
                            size=size)
    click_twice(app, hand_card_centre(table, c("8D")))
    chooser = app.top
    assert isinstance(chooser, ChooserScene) and len(chooser.moves) == 21
    assert not chooser.box.colliderect(chooser.about()), "over the cards it asks about"
    assert sum(1 for r in chooser.rows if r.width) >= 5 and chooser.scrolls


def test_cancel_in_focus_is_framed_as_a_row_in_focus_is() -> None:
    # Bold words alone marked it: from the keyboard, hard to see where the focus was.
    from cassino.ui.art import theme

    app, table = open_table(table_position(hand="4D 7H 9C", loose="6S AS 3C"), size=(1024, 600))
    click_twice(app, hand_card_centre(table, c("4D")))
    chooser = app.top
    assert isinstance(chooser, ChooserScene)

    def edge() -> tuple[int, int, int]:
        r = chooser.cancel_rect
        return tuple(app.screen.get_at((r.centerx, r.top))[:3])  # type: ignore[return-value]

    assert edge() != theme.GLOW
    while chooser.focus != len(chooser.moves):
        key(app, pygame.K_DOWN)
    step(app)
    assert edge() == theme.GLOW


def test_a_new_drag_or_choice_puts_the_last_refusal_away() -> None:
    # Refused, the red words stayed over the next drag for four seconds or more,
    # where the drag's own guidance belonged.
    app, table = open_table(table_position("4S 2H", "8D AC KS", others=["2C 8C"]))
    drag(app, hand_card_centre(table, c("4S")), item_centre(table, cards("8D")))
    settle(app)
    assert table.message.startswith("! ") and table.message_time > 0 and not table.game.moves
    hold_and_drag(app, hand_card_centre(table, c("2H")), bare_cloth(table))
    assert table.message_time == 0, "the drag's guidance, not the last refusal"
    key(app, pygame.K_ESCAPE)
    settle(app)
    drag(app, hand_card_centre(table, c("4S")), item_centre(table, cards("8D")))
    settle(app)
    assert table.message.startswith("! ") and table.message_time > 0
    click(app, item_centre(table, cards("KS")))
    assert table.input.selection and table.message_time == 0, "a choice on the table: what to do with it"


def test_a_refused_card_gliding_home_leaves_the_builds_badges_as_they_are() -> None:
    # While it glided, the badges were those of the table before the last play
    # (a raised build showed its old value in its old owner's colour), or none at all.
    app, table = open_table(table_position(hand="6S 9H", loose="5C", builds=[("4D 2C 2H", 8, False, 1)],
                                           others=["8C 7C"]), speed="slow")
    build = next(it for it in table.items if it.build is not None)
    drag(app, hand_card_centre(table, c("6S")), build.rect.center)
    step(app)
    assert table.message.startswith("! ") and table.motion.busy, "refused, the card on its way home"
    assert [it.build for it in table.badge_items() if it.build is not None] == [build.build]


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_a_list_taller_than_the_cloth_stands_whole_beside_the_cards_rather_than_scroll(size: tuple[int, int]) -> None:
    # Centred on the cards, it reached the seat above, so a shorter box that scrolled
    # ("2 more ▼") was chosen, with the room beside the cards for every row.
    from cassino.rules import Rules

    app, table = open_table(table_position(hand="QD QC", loose="QS QH 5C", rules=Rules(trailing_royals=True),
                                           others=["2H 3H"]), size=size)
    drag(app, hand_card_centre(table, c("QD")), item_centre(table, cards("QS")))
    step(app, 3)
    chooser = app.top
    assert isinstance(chooser, ChooserScene) and len(chooser.moves) == 4
    assert not chooser.scrolls and all(r.height for r in chooser.rows), chooser.rows
    about = chooser.about()
    assert not chooser.box.colliderect(about)


def test_the_list_s_cancel_is_a_target_24_pixels_high_at_the_smallest_window() -> None:
    from cassino.ui.table.chooser import CANCEL_LEAST

    app, table = open_table(table_position(hand="3D 9H", loose="3C 5H 8S 2C", others=["5S 6S"]), size=(1024, 600))
    click_twice(app, hand_card_centre(table, c("3D")))
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    step(app)
    assert chooser.cancel_rect.height >= CANCEL_LEAST == 24
    assert chooser.box.contains(chooser.cancel_rect)


def test_a_card_dropped_square_on_a_table_card_lies_aside_away_from_the_list() -> None:
    from cassino.ui.table.chooser import aside

    card = pygame.Rect(600, 300, 90, 126)
    lit = [pygame.Rect(600, 300, 90, 126)]
    play = pygame.Rect(0, 0, 1024, 600)
    right_list, left_list = pygame.Rect(660, 100, 300, 400), pygame.Rect(200, 100, 380, 400)
    moved = aside(card, lit, right_list, play)
    assert moved.x < card.x and not moved.colliderect(right_list), "the list on the right: to the left"
    moved = aside(card, lit, left_list, play)
    assert moved.x > card.x and not moved.colliderect(left_list)
    beside = pygame.Rect(200, 300, 90, 126)
    assert aside(beside, lit, right_list, play) == beside, "not over a lit card: where it was dropped"
    # At the foot of the play area, kept within it.
    low = pygame.Rect(600, 470, 90, 126)
    assert play.contains(aside(low, [low.copy()], right_list, play))


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (1024, 600)])
def test_a_list_kept_off_the_seats_shows_its_rows_not_one_row_and_empty_room(size: tuple[int, int]) -> None:
    # Buckeye's 10♦ on A♦ 2♥ 8♠ Q♥: made shorter to keep off the seats, the box kept its small
    # cards, some 150 px a row, and showed one row of five over empty room ("4 more ▼"); whole
    # without them, it stands beside the cards.
    from cassino.rules import PRESETS

    rules = PRESETS["buckeye"].rules(2)
    app, table = open_table(table_position(hand="4S 7C TD JS", loose="AD 2H 8S QH", rules=rules,
                                           stock_size=40), size=size)
    click_twice(app, hand_card_centre(table, c("TD")))
    chooser = app.top
    assert isinstance(chooser, ChooserScene) and len(chooser.moves) == 5
    assert not chooser.scrolls and all(r.height for r in chooser.rows), chooser.rows
    assert not chooser.box.colliderect(chooser.about())


def test_a_card_held_as_the_window_changes_goes_home_and_is_not_played() -> None:
    # F11 mid-drag: the card stayed where the pointer had been, over the 9♦ of the new
    # layout, and the release there was refused as a play onto it (or played it).
    app, table = open_table(table_position("KC 5D", "KS 9D 3H", others=["2C 8C"]), size=(1280, 720))
    hold_and_drag(app, hand_card_centre(table, c("KC")), item_centre(table, cards("KS")))
    assert table.input.drag is not None
    app.resize((1024, 600))
    assert table.input.drag is None and table.input.hover is None
    post(pygame.MOUSEBUTTONUP, pos=item_centre(table, cards("9D")), button=1)
    step(app, 2)
    settle(app)
    assert table.game.moves == [] and not table.message.startswith("! ")


def test_under_the_list_of_plays_its_card_is_not_lifted_beside_its_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    # The card clicked twice stayed lifted under the list, which draws it again in place:
    # a dimmed copy peeked out above the bright one.
    from cassino.ui.table import paint

    app, table = open_table(table_position("7H 3C", "AH 6C KS", others=["2C 8C"]))
    click_twice(app, hand_card_centre(table, c("7H")))
    assert isinstance(app.top, ChooserScene)
    lifts: list[float] = []
    real = paint.paint_card
    monkeypatch.setattr(paint, "paint_card",
                        lambda t, s, card, spot, lift=0.0, *a, **k: (lifts.append(lift) if card == c("7H") else None)
                        or real(t, s, card, spot, lift, *a, **k))
    post(pygame.MOUSEMOTION, pos=hand_card_centre(table, c("7H")), rel=(0, 0), buttons=(0, 0, 0))
    step(app)
    assert lifts and not any(lifts), lifts



def test_a_card_held_as_the_window_moves_goes_home_and_is_not_played() -> None:
    # Moved by the window manager (its size the same), the window carried the held card's
    # pointer over the 7♣, and the release captured it unseen.
    app, table = open_table(table_position("7S 5D", "7C 9D 3H", others=["2C 8C"]), size=(1280, 720))
    hold_and_drag(app, hand_card_centre(table, c("7S")), bare_cloth(table))
    assert table.input.drag is not None
    post(pygame.WINDOWMOVED, x=10, y=10)
    step(app)
    assert table.input.drag is None
    post(pygame.MOUSEBUTTONUP, pos=item_centre(table, cards("7C")), button=1)
    step(app, 2)
    settle(app)
    assert table.game.moves == []
