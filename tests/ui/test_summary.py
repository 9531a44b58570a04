"""The words around the table, read from the engine's events: the round
summary's rows for every scoring item of the rules in force, how a game that
ended inside a round ended, the statistics' names for games, and the
initial pairs as the table announces them. No window needed but the last."""

from __future__ import annotations

import pygame
import pytest

from cassino.rules import PRESETS, DealEvent, Game, Position, Rules, shape_of
from cassino.rules.scoring import end_round
from cassino.stats import Result, Stats
from cassino.ui.app import App
from cassino.ui.menus.stats import rules_words
from cassino.ui.table import TableScene
from cassino.ui.table.scoresheet import RoundOverScene
from cassino.ui.table.seats import within
from cassino.ui.table.summary import ending_lines, round_rows
from cassino.ui.options import rules_in_words
from cassino.ui.table.words import value_legend
from tests.rules.helpers import cards, last_card_position


def finished(rules: Rules, mine: str, sweeps: tuple[int, int] = (0, 0)) -> Position:
    """A round over: your side took ``mine``, the other side the rest."""
    shape = shape_of(rules, 2)
    pile = cards(mine)
    return Position(shape, 1, 0, [0, 0], (), 0, (), [pile, shape.pack_mask & ~pile], list(sweeps), 0, [0, 0])


def sheet_after(pos: Position, move: str) -> tuple[App, TableScene, RoundOverScene]:
    """``move`` played at the table at normal speed, and the round's sheet as
    it first shows (still adding up its rows)."""
    from tests.ui.driver import open_table, step

    from cassino.rules import parse_move

    app, table = open_table(pos, speed="normal", levels=(None,) + ("beginner",) * (pos.players - 1))
    assert table.play(parse_move(move))
    for _ in range(600):
        step(app)
        if isinstance(app.top, RoundOverScene):
            break
    sheet = app.top
    assert isinstance(sheet, RoundOverScene)
    return app, table, sheet


def test_the_summary_has_a_row_for_every_item_the_rules_award_and_the_points_add_up() -> None:
    rules = Rules(spade_scoring=True, all_eleven="bonus", sweeps=2)
    pos = finished(rules, "AS 2S 3S 4S 5S 6S 7S 8S TD AH AD AC 3H 4H 5H 6H 7H 8H 9H TH 3C 4C 5C 6C 7C 8C 9C TC 3D 4D",
                   sweeps=(1, 0))
    end = end_round(pos)
    rows = round_rows(rules, end)
    assert [r.label for r in rows] == ["Cards", "Spades", "Big casino (10♦)", "Little casino (2♠)", "Aces",
                                       "Spade points (J♠ 2)", "All eleven", "Sweeps"]
    by = {r.label: r for r in rows}
    assert by["Spade points (J♠ 2)"].cells == ["8 \u2192 8", "5 \u2192 6"], "the jack of spades counts 2"
    assert by["All eleven"].cells == ["1", "0"] and by["All eleven"].scored == [True, False]
    assert by["Sweeps"].cells == ["1 \u2192 2", "0 \u2192 0"]
    shown = sum(int(c.split("\u2192")[-1]) for r in rows for c in r.cells[:1])
    assert shown == end.points[0] == 3 + 1 + 2 + 1 + 4 + 8 + 1 + 2


def test_all_eleven_to_win_says_the_game() -> None:
    rules = Rules(all_eleven="win")
    end = end_round(finished(rules, "AS 2S 3S 4S 5S 6S 7S 8S TD AH AD AC 3H 4H 5H 6H 7H 8H 9H TH 3C 4C 5C 6C 7C 8C 9C"))
    row = next(r for r in round_rows(rules, end) if r.label == "All eleven")
    assert row.cells == ["the game", "0"] and row.scored == [True, False]


def test_a_game_ended_by_a_call_or_a_sweep_is_told_from_its_event() -> None:
    rules = Rules(call_for_21=True)
    game = Game(rules, 2, seed=3)
    caller = game.position.to_move
    event = game.play(next(m for m in game.legal_moves() if m.kind == "call"))
    names = ["You", "North"]
    lines = ending_lines(rules, event, names, names, [0, 1], game.totals)
    assert event.counts is not None and event.winner is not None
    assert lines[0].startswith(f"{names[caller]} called for 21 with a count of {event.counts[caller]}. ")
    assert "the call loses" in lines[0] and f"{within(names[event.winner])} win" in lines[0]
    deal = DealEvent(1, 1, cards("7S 7D KH KC"), cards("7S 7D KH KC"), 0, True, 0)
    told = " ".join(ending_lines(Rules(initial_pairs=True, sudden_death=True), deal, names, names, [0, 1], (21, 3)))
    # Inside a sentence "You" reads "you".
    assert "initial pairs dealt to you cleared the table" in told and "and you win" in told


def test_statistics_name_games_by_preset_and_custom_games_in_words() -> None:
    stats = Stats()
    stats.record_game("expert", PRESETS["five-players"].rules(5), Result(True, 21, 14), 5)
    stats.record_game("expert", PRESETS["royal"].rules(2).replace(target=6), Result(False, 4, 7), 2)
    stats.record_game("expert", Rules(sweeps=2, pluck=True), Result(False, 15, 22), 3)
    names = sorted(k.split(" · ")[1] for k in stats.games)
    assert names == ["Five players", "sweeps=0, royal=True, target=6", "sweeps=2, pluck=True"]
    # A preset with options more: its name, then theirs.
    assert [rules_words(n) for n in names] == ["Five players", "Royal, game to 6", "Pluck Cassino, sweeps 2 points"]
    assert rules_words("ace_14, royal, sweeps 0") == "Royal, aces 14", "older names too: the preset they make"
    assert rules_words("controller strict, target 11") == "Strict builds, game to 11"
    # Royal values alone are not Royal Cassino, whose sweeps score nothing (both read "Royal").
    assert rules_in_words(Rules(royal=True), 2) == "Royal values"
    assert rules_in_words(Rules(royal=True, sweeps=0, controller="strict"), 2) == "Royal, strict builds"
    assert rules_in_words(PRESETS["california"].rules(6), 6) == "California"


def test_the_values_legend_follows_the_rules() -> None:
    assert value_legend(Rules()) == []
    assert value_legend(PRESETS["buckeye"].rules()) == ["J 11 · Q 12 · K 13", "10♦ 10 or 11"]
    assert value_legend(PRESETS["royal-aces-14"].rules()) == ["J 11 · Q 12 · K 13", "A 1, or 14 from your hand"]
    # Spade Cassino's points, which the table showed nowhere (§9.9).
    assert value_legend(PRESETS["spade"].rules()) == ["Each ♠ scores 1, the J♠ 2"]
    assert value_legend(PRESETS["california"].rules()) == ["J Q K take all of their rank"]
    # Portuguese and sudden death changed the scoring with nothing on the table to say so.
    assert value_legend(PRESETS["portuguese"].rules()) == ["Cards tied: more ♠ wins"]
    assert value_legend(Rules(sudden_death=True, target=11)) == ["A sweep to 11 wins at once"]


@pytest.fixture
def _window() -> object:
    yield
    pygame.quit()


def test_initial_pairs_go_to_the_first_player_and_are_announced(_window: object) -> None:
    from cassino.settings import Settings
    from cassino.ui.app import App
    from cassino.ui.table import Seat, TableScene

    from .driver import settle

    rules = Rules(initial_pairs=True)
    seed = next(s for s in range(500) if Game(rules, 2, seed=s).deal_event.pairs)
    app = App((1280, 720), Settings(speed="fast", fullscreen=False))
    game = Game(rules, 2, seed=seed)
    table = TableScene(app, game, [Seat("You"), Seat("North", "beginner")])
    app.replace(table)
    deal = game.deal_event
    assert deal.pairs_to is not None
    who = table.seats[deal.pairs_to].name
    assert table.banner.startswith(f"Initial pairs to {'you' if who == 'You' else who}")
    assert any("took the pairs dealt to the table" in text for _, text in table.log)
    assert not any(text.startswith("Initial pairs to") for _, text in table.log), "said once in the log, not twice"
    assert table.piles[deal.pairs_to] == deal.pairs.bit_count()
    settle(app)
    for c in range(52):
        if deal.pairs >> c & 1:
            assert table.motion.get(c) is None, "the pairs went into the pile"


def test_a_game_both_sides_finish_past_the_target_says_the_higher_total_wins() -> None:
    """§8: at a round's end the highest total of 21 or more wins. Both sides
    past 21: the sheet says why the other one wins; the panel behind shows
    the new totals; no confetti for the computer's win."""
    from tests.rules.helpers import table_position
    from tests.ui.driver import open_table, settle

    from cassino.rules import parse_move
    from cassino.ui.table.scoresheet import RoundOverScene

    pos = table_position("5S", "5D", others=[""], dealer=0, scores=[20, 20], captured=["AS AH AD AC"])
    app, table = open_table(pos)
    assert table.play(parse_move("5Sx5:5D"))
    settle(app)
    sheet = app.top
    assert isinstance(sheet, RoundOverScene) and table.game.over
    sheet.clock = 1e9  # the whole sheet shown
    totals = table.game.totals
    assert min(totals) >= 21 and table.game.winner == 1
    # Not "You & North and West & East both reached 21", as partnerships read it.
    assert sheet.story() == ["Both sides reached 21: the higher total wins."]
    assert sheet.confetti == []
    assert table.shown_scores() == totals, "the panel and the plates behind the sheet say the new totals"


def test_behind_the_sheet_of_a_round_the_panel_says_the_new_totals_too() -> None:
    """The game deals the next round at once, while the table still shows the
    round that ended: the panel and plates behind its sheet kept the old
    totals (6 and 6 beside the sheet's 14 and 10)."""
    from tests.rules.helpers import table_position
    from tests.ui.driver import open_table, settle

    from cassino.rules import parse_move
    from cassino.ui.table.scoresheet import RoundOverScene

    pos = table_position("5S", "5D", others=[""], dealer=0, scores=[6, 6], captured=["AS AH AD AC"])
    app, table = open_table(pos)
    assert table.play(parse_move("5Sx5:5D"))
    settle(app)
    assert isinstance(app.top, RoundOverScene) and not table.game.over
    totals = table.game.rounds[-1].scores
    assert totals != (6, 6) and table.shown_scores() == totals


def test_a_tied_majority_says_so_on_its_row() -> None:
    """Twenty-six cards each: nobody scores the cards (§8), and the row says
    why rather than showing '26 → 0' twice with no word; spades, not tied,
    say nothing more."""
    mine = "AS 2S 3S 4S 5S 6S TD AH AD AC 3H 4H 5H 6H 7H 8H 9H TH 3C 4C 5C 6C 7C 8C 9C TC"
    end = end_round(finished(Rules(), mine))
    assert end.cards == (26, 26) and end.spades == (6, 7)
    labels = [r.label for r in round_rows(Rules(), end)]
    assert labels[:2] == ["Cards (tied)", "Spades"]
    # Portuguese: a card tie goes to the side with more spades, and the row
    # says so ("26 → 3 | 26 → 0" under plain "Cards" read as a mistake).
    rules = Rules(card_tie_to_spades=True)
    first = round_rows(rules, end_round(finished(rules, mine)))[0]
    assert first.label == "Cards (tie: most spades)" and first.cells == ["26 \u2192 0", "26 \u2192 3"]


def test_court_cards_building_by_rank_are_named_by_rank_not_as_numbers() -> None:
    # Trailing royals (§9.11): court cards have no number, yet the chooser said
    # "build thirteens", the badge "13s" and the log "captured the build of 12s".
    from cassino.rules import Build, parse_move
    from cassino.ui.table.words import describe, describe_on
    from tests.rules.helpers import cards, table_position

    rules = PRESETS["trailing-royals"].rules(2)
    pos = table_position("KH KC 5C", "KD 7S", rules=rules)
    build = next(m for m in pos.legal_moves() if m.kind == "build")
    assert describe(pos, build) == "Build kings (multiple): K♥, K♦"
    kings = Build(cards("KH KD"), 13, True, 0)
    assert kings.label(rules.trailing_royals) == "Ks" and kings.label() == "13s"
    take = parse_move("KCx:KH,KD")
    assert describe_on(0, [kings], rules, take, past=True) == "captured the build of kings with the K♣"
    # In Royal a king is 13, and a build of 13 says so.
    assert Build(cards("KH KD"), 13, True, 0).label(PRESETS["royal"].rules(2).trailing_royals) == "13s"


def test_a_multiple_build_is_named_in_words_as_the_play_that_made_it() -> None:
    # "You built sevens (multiple): …", then "captured the build of 7s".
    from cassino.rules import Build, parse_move
    from cassino.ui.table.words import describe_on
    from tests.rules.helpers import cards

    sevens, seven = Build(cards("3D 4D 7D"), 7, True, 0), Build(cards("3D 4D"), 7, False, 0)
    take = parse_move("7Sx7:3D,4D,7D")
    assert describe_on(0, [sevens], Rules(), take, past=True) == "captured the build of sevens with the 7♠"
    assert describe_on(0, [seven], Rules(), parse_move("7Sx7:3D,4D"), past=True) == \
        "captured the build of 7 with the 7♠"
    # Two builds alike named once ("the build of 10 and the build of 10 with the 10♦").
    tens = [Build(cards("6C 4C"), 10, False, 0), Build(cards("7H 3H"), 10, False, 1)]
    assert describe_on(cards("TS"), tens, Rules(), parse_move("TDx10:6C,4C,7H,3H,TS"), past=True) == \
        "captured both builds of 10 and 10♠ with the 10♦"


def test_the_panel_keeps_the_old_totals_while_the_sheet_adds_up_its_rows() -> None:
    # The panel under the sheet said the new totals (and so the winner) before the sheet did.
    from tests.rules.helpers import table_position

    pos = table_position("5S", "5D", others=[""], dealer=0, scores=[6, 6], captured=["AS AH AD AC"])
    _, table, sheet = sheet_after(pos, "5Sx5:5D")
    assert not sheet.built
    assert table.shown_scores() == (6, 6)
    sheet.clock = 1e9  # the whole sheet shown
    assert table.shown_scores() == table.game.rounds[-1].scores != (6, 6)


def test_the_log_tells_the_game_s_end_once_the_sheet_has_added_up() -> None:
    # "Game over." came into the log beside the sheet as it began adding up its rows.
    from tests.rules.helpers import table_position
    from tests.ui.driver import step

    pos = table_position("5S", "5D", others=[""], dealer=0, scores=[20, 6], captured=["AS AH AD AC"])
    app, table, sheet = sheet_after(pos, "5Sx5:5D")
    assert not sheet.built and table.game.over
    said = [text for _, text in table.log]
    assert said[-1] == "Round over." and not any("Game over" in text for text in said)
    sheet.clock = 1e9  # the whole sheet shown
    step(app)
    step(app)
    assert [text for _, text in table.log if "Game over" in text] == ["Game over: You win."]


def test_the_round_s_sheet_says_what_could_not_be_kept(tmp_path: object) -> None:
    # "The statistics could not be saved" was said over the hand, under the sheet, and gone at the next deal.
    from pathlib import Path

    from tests.rules.helpers import table_position
    from tests.ui.driver import open_table, settle

    from cassino.rules import parse_move
    from cassino.store import Store
    from cassino.ui.table.scoresheet import RoundOverScene

    assert isinstance(tmp_path, Path)
    # (The game's last round: statistics are counted once a game is over.)
    pos = table_position("5S", "5D", others=[""], dealer=0, scores=[18, 6], captured=["AS AH AD AC"])
    app, table = open_table(pos)
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder should be")
    app.store = Store(blocked)
    assert table.play(parse_move("5Sx5:5D"))
    settle(app)
    sheet = app.top
    assert isinstance(sheet, RoundOverScene) and table.game.over
    said = [line for line in sheet.story() if "could not be saved" in line]
    assert [line.split(":")[0] for line in said] == ["The game could not be saved",
                                                     "The statistics could not be saved"], said
    assert all(f"(in {blocked})" in line for line in said)
    assert said[1] in app.store.problems, "the statistics lost: the title says so too"


OURS = "3H 4H 5H 6H 7H 8H 9H TH JH QH KH 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 3D 4D 5D 6D"


@pytest.mark.parametrize("pos, move, story, over", [
    # Count-out: a win on a lower total was never explained.
    (last_card_position("8D", captured=[OURS, ""], loose="8S", rules=Rules(count_out=True), scores=[19, 14],
                        sweeps=[0, 5], dealer=0), "8Dx8:8S",
     "Counted out item by item, you reached 21 first, with most cards (22 to 14); the totals end 23\u201327.", True),
    # All eleven to win, at 12 to 15: no reason (and "both reached 21" where sweeps took both past it).
    (last_card_position("9S", captured=["AS AH AD AC TD 2S 3S 4S 5S 6S 7S 8S 3H 4H 5H 6H 7H 8H 9H 3C 4C 5C 6C 7C "
                                        "8C 9C 3D", ""], loose="9D", rules=Rules(all_eleven="win"), scores=[0, 15],
                        dealer=0), "9Sx9:9D",
     "You took all eleven base points: that wins the game, whatever the totals.", True),
    # Level past 21: another round followed, unexplained.
    (last_card_position("5S", captured=["AS AH AD AC", ""], loose="5D", scores=[17, 15], dealer=0), "5Sx5:5D",
     "Both sides are level at 22, past 21: one more round decides.", False),
    # Three sides, two of them level: who ("Level at 22" did not say).
    (last_card_position("5S", captured=["AS AH AD AC", "", ""], loose="5D", scores=[17, 3, 15], dealer=0,
                        players=3), "5Sx5:5D",
     "You and Bot2 are level at 22, past 21: one more round decides.", False),
    # A fixed number of rounds, level at the end.
    (last_card_position("5S", captured=["AS AH AD AC", ""], loose="5D", scores=[17, 15], dealer=0,
                        rules=Rules(rounds=12), round=12), "5Sx5:5D",
     "Both sides are level at 22 after 12 rounds: one more round decides.", False),
    # The round that broke the tie won by a seat that was behind: the sheet said only who won.
    (last_card_position("5S", captured=["AS AH AD AC", "", ""], loose="5D", scores=[20, 20, 19], dealer=0,
                        players=3, rules=Rules(rounds=12), round=13), "5Sx5:5D",
     "After one more round to break the tie, Bot2 has the highest total.", True),
])
def test_the_sheet_says_why_the_game_ended_so_or_goes_on(pos: Position, move: str, story: str, over: bool) -> None:
    app, table, sheet = sheet_after(pos, move)
    assert table.game.over == over
    sheet.clock = 1e9
    assert sheet.story() == [story]
    if not over and pos.rules.rounds is None:  # (a game made from one position counts its rounds from 1)
        from tests.ui.driver import key
        from tests.ui.test_variants_table import drawn_text

        key(app, pygame.K_RETURN)  # Next round
        assert "Round 2 (a tie: one more)" in drawn_text(app)


def test_esc_over_the_sheet_pauses_with_resume_back_to_the_sheet() -> None:
    # "Resume: Back to the table (Esc)" over a finished game's sheet.
    from tests.rules.helpers import table_position
    from tests.ui.driver import key

    from cassino.ui.table.pause import PauseScene

    app, _, sheet = sheet_after(table_position("5S", "5D", others=[""], dealer=0, scores=[20, 6],
                                               captured=["AS AH AD AC"]), "5Sx5:5D")
    sheet.clock = 1e9
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene) and pause.menu.items[0].hint == "Back to the game's end (Esc)"  # won at 20
    key(app, pygame.K_ESCAPE)
    assert app.top is sheet


def test_a_built_sheet_stays_awake_until_the_log_has_the_game_s_end() -> None:
    # At the instant speed the sheet is whole at once: the loop slept before "Game over" went in.
    from tests.rules.helpers import table_position

    pos = table_position("5S", "5D", others=[""], dealer=0, scores=[20, 6], captured=["AS AH AD AC"])
    app, table, sheet = sheet_after(pos, "5Sx5:5D")
    sheet.clock = 1e9  # the whole sheet shown, as at once at the instant speed
    assert sheet.built and not sheet.told and sheet.wake_in() == 0.0


def test_a_round_s_sheet_mid_game_goes_still_once_built() -> None:
    # It waited to tell a game's end that had not come: 60 frames a second as long as it
    # stood (28% of a core at 1280x720, 85% at 1920x1080).
    from tests.rules.helpers import table_position

    from tests.ui.driver import step

    pos = table_position("5S", "5D", others=[""], dealer=0, scores=[2, 6], captured=["AS AH AD AC"])
    app, table, sheet = sheet_after(pos, "5Sx5:5D")
    assert not table.game.over
    sheet.clock = 1e9
    step(app)
    assert sheet.built and sheet.wake_in() is None and app.wake_in() is None
    assert not any("Game over" in text for _, text in table.log)


def test_a_game_that_cannot_be_saved_is_said_once_and_without_the_refusal_s_knock(tmp_path: object,
                                                                                  monkeypatch: object) -> None:
    # Every move went through, and every move knocked as if refused, the line said over again.
    from pathlib import Path

    import pytest

    from tests.ui.driver import bare_cloth, drag, hand_card_centre, open_table, settle

    from cassino.store import Store

    assert isinstance(tmp_path, Path) and isinstance(monkeypatch, pytest.MonkeyPatch)
    app, table = open_table(None, levels=(None, "beginner"), seed=4)
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder should be")
    app.store = Store(blocked)
    heard: list[str] = []
    monkeypatch.setattr(app.sounds, "play", lambda name: heard.append(name))
    said: list[str] = []
    real = table.say
    monkeypatch.setattr(table, "say", lambda text, *a, **k: said.append(text) or real(text, *a, **k))
    for _ in range(2):
        drag(app, hand_card_centre(table, table.hand_order(0)[0]), bare_cloth(table))
        settle(app)
    assert "refuse" not in heard, heard
    assert [s for s in said if "could not be saved" in s] == [said[0]] and "could not be saved" in said[0]


def test_a_game_that_cannot_be_saved_stays_marked_after_the_computer_s_move(tmp_path: object) -> None:
    # Said once over the hand, the warning was gone at the computer's next move:
    # nothing on screen said the game was not being kept, and quitting lost it.
    from pathlib import Path

    from tests.ui.driver import bare_cloth, drag, hand_card_centre, open_table, settle

    from cassino.store import Store
    from cassino.ui.table.panel import game_label

    assert isinstance(tmp_path, Path)
    app, table = open_table(None, levels=(None, "beginner"), seed=4)
    assert game_label(table) == (table.game_name, False)
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder should be")
    app.store = Store(blocked)
    drag(app, hand_card_centre(table, table.hand_order(0)[0]), bare_cloth(table))
    settle(app)
    assert any(t.seat == 1 for t in table.game.turns), "the computer has played since"
    assert "could not be saved" not in table.message
    assert game_label(table) == (f"{table.game_name} · not being saved", True)
    assert [text for seat, text in table.log if "could not be saved" in text] == table.unkept
    app.store = Store(tmp_path / "fine")
    drag(app, hand_card_centre(table, table.hand_order(0)[0]), bare_cloth(table))
    settle(app)
    assert game_label(table) == (table.game_name, False), "saved again: the mark goes"


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_a_tie_s_thirteenth_round_is_named_whole_on_the_panel(size: tuple[int, int]) -> None:
    # California's tie-break round read "Round 13 (a tie: one mo…" at 1280x720.
    from tests.rules.helpers import table_position
    from tests.ui.driver import open_table
    from tests.ui.test_variants_table import drawn_text

    pos = table_position("5S 6H", "5D", others=["7C 8C", "7D 8D", "7H 8H", "9C 9D", "9H 9S"], players=6, rules=Rules(rounds=12), round=13,
                         scores=[20, 20, 19, 3, 4, 5], dealer=5)
    app, _ = open_table(pos, size=size, levels=(None,) + ("beginner",) * 5)
    drawn = [s for s in drawn_text(app) if s.startswith("Round 13")]
    assert "Round 13 (a tie: one more)" in drawn and not any(s.endswith("…") for s in drawn), drawn


def test_an_item_the_summary_has_no_words_for_still_has_its_row(monkeypatch: pytest.MonkeyPatch) -> None:
    # An if/elif with no else: an item the rules awarded counted in the totals, missing from the sheet.
    from cassino.rules.events import Item
    from cassino.rules.scoring import ScoringItem
    from cassino.ui.table import summary

    rules = Rules()
    end = end_round(finished(rules, "AS 2S 3S 4S 5S 6S 7S 8S TD AH AD AC 3H 4H 5H 6H 7H 8H 9H TH 3C 4C 5C 6C 7C"))
    real = summary.scoring_items
    monkeypatch.setattr(summary, "scoring_items", lambda r: real(r) + [ScoringItem("bonus", "house bonus", 5)])
    end = end._replace(items=end.items + (Item("bonus", 1, 5),))
    row = summary.round_rows(rules, end)[-1]
    assert row.label == "House bonus" and row.cells == ["0", "5"] and row.scored == [False, True]
