"""The hint names the Expert's move with a reason; thinking runs in a worker
that keeps to its deadline and can be cancelled."""

from __future__ import annotations

import random
import threading
import time

import pytest

from cassino.ai import Budget, SeatView, make_player
from cassino.ai.hint import why
from cassino.ai.worker import Errand, Thinker
from cassino.rules import Game, Rules, parse_move

from tests.rules.helpers import table_position


def test_a_hint_is_the_experts_move_with_a_reason() -> None:
    game = Game(Rules(), 2, seed=21)
    view = SeatView(game.position, game.position.to_move)
    move = make_player("expert").choose(view, random.Random(1), Budget(work=10))
    reason = why(view, move)
    assert game.position.is_legal(move)
    assert reason and reason[0].isupper() and reason.endswith(".")


def test_the_hint_reason_says_what_a_sweep_and_a_build_do() -> None:
    pos = table_position("8S 9C", "5D 3H")
    view = SeatView(pos, 0)
    assert why(view, parse_move("8Sx8:5D,3H")).startswith("It sweeps the table")
    pos = table_position("4S 9C", "5D")
    assert why(SeatView(pos, 0), parse_move("4Sb9:5D")) == "Next turn the 9 you keep takes these 2 cards."
    pos = table_position("TD 9C", "TH 4S")
    # Capturing with the 10♦ banks big casino: scored, not taken ("It takes big casino"
    # read as big casino taken from the table), as a sweep says it.
    assert why(SeatView(pos, 0), parse_move("TDx10:TH")) == "It scores big casino."
    pos = table_position("TH 9C", "TD 4S")
    assert why(SeatView(pos, 0), parse_move("THx10:TD")) == "It takes big casino."


def test_the_sweep_reason_counts_the_sweep_as_the_rules_score_it() -> None:
    capture = parse_move("8Sx8:5D,3H")
    standard = why(SeatView(table_position("8S 9C", "5D 3H"), 0), capture)
    assert standard == "It sweeps the table, for a point."
    two = why(SeatView(table_position("8S 9C", "5D 3H", rules=Rules(sweeps=2)), 0), capture)
    assert two == "It sweeps the table, for 2 points."
    # Royal scores no sweeps: the reason is that the next player has nothing to take.
    royal = why(SeatView(table_position("8S 9C", "5D 3H", rules=Rules(royal=True, sweeps=0)), 0), capture)
    assert "point" not in royal and royal.endswith("the next player can only trail.")
    # Big casino in a sweep is named too: taken, or scored when it is the card played.
    casino = why(SeatView(table_position("TD 9C", "TH"), 0), parse_move("TDx10:TH"))
    assert casino == "It sweeps the table, for a point, scoring big casino."
    taken = why(SeatView(table_position("TH 9C", "TD"), 0), parse_move("THx10:TD"))
    assert taken == "It sweeps the table, for a point, taking big casino."
    # Under sudden death, at 20 to 18, the sweep wins the game.
    sudden = table_position("8S 9C", "5D 3H", rules=Rules(sudden_death=True), scores=[20, 18])
    assert why(SeatView(sudden, 0), capture).endswith("the sweep wins the game.")


def test_adding_to_a_build_says_whose_it_becomes() -> None:
    own = table_position("8S 8H", builds=[("5D 3C", 8, False, 0)])
    assert why(SeatView(own, 0), parse_move("8Hm8:5D,3C")) == \
        "More cards for your 8 next turn, and a multiple build cannot be raised."
    theirs = table_position("8S 8H", builds=[("5D 3C", 8, False, 1)], others=["8C 2D"])
    # Yours, but not safely: its old owner holds an 8 (§7) and plays first. ("For your 8 next turn"
    # promised what the old owner could take first.)
    assert why(SeatView(theirs, 0), parse_move("8Hm8:5D,3C")) == (
        "The build becomes yours, with more cards, and a multiple build cannot be raised; "
        "but its old owner still holds an 8 to take it first.")


def test_the_last_capture_of_the_round_is_no_sweep_though_the_table_ends_empty() -> None:
    # The round's last card takes the 5♦; the 9♥ left goes to the last capturer at
    # the round's end, which is never a sweep (§8).
    pos = table_position("5S", "5D 9H", others=[""], dealer=0)
    reason = why(SeatView(pos, 0), parse_move("5Sx5:5D"))
    # The 5♠ itself ("It takes a spade" of a table with none).
    assert "sweep" not in reason and reason == "It puts your 5♠ in your pile, towards most spades."


def test_a_trail_says_nothing_can_be_taken_only_when_nothing_can_be_taken() -> None:
    pos = table_position("KS 9C", "5D 3H")
    assert why(SeatView(pos, 0), parse_move("KS-")) == \
        "Nothing can be taken or built, and only a king can pick this card up."
    # With the 8♣ the 5♦ and 3♥ could be taken: trailing is a choice to wait, not a lack.
    pos = table_position("KS 8C", "5D 3H")
    reason = why(SeatView(pos, 0), parse_move("KS-"))
    assert reason == "What you could take or build is worth less than keeping your cards for now."


def test_a_trail_s_reason_says_what_the_seat_knows_of_its_rank() -> None:
    """Nothing to take: trailing the 9♦ while you hold the 9♣ leaves a card
    you can take back; trailing the 7♥ when every other seven is in the
    piles leaves a card no seven can pair; otherwise the plain reason."""
    pos = table_position("9D 9C", "KH QH")
    assert why(SeatView(pos, 0), parse_move("9D-")) == \
        "Nothing can be taken or built, and your 9♣ can take this card back next turn."
    # Two more ("the other five you hold" of the 5♠ and the 5♣), or three.
    pos = table_position("5H 5S 5C 7D", "KH QH")
    assert why(SeatView(pos, 0), parse_move("5H-")) == \
        "Nothing can be taken or built, and either of your other fives can take this card back next turn."
    pos = table_position("6H 6S 6C 6D", "KH QH")
    assert why(SeatView(pos, 0), parse_move("6H-")) == \
        "Nothing can be taken or built, and any of your other sixes can take this card back next turn."
    pos = table_position("7H 4C", "KH QH", captured=["7S 7D", "7C"])
    assert why(SeatView(pos, 0), parse_move("7H-")) == \
        "Nothing can be taken or built, and no other seven is left to pair this card."
    # Buckeye: your 10♦ takes a jack back as 11 ("no other jack is left to pair this card").
    pos = table_position("JH TD", "2C 3H", captured=["JS JD JC TS TH TC"],
                         rules=Rules(royal=True, buckeye=True, sweeps=0))
    assert why(SeatView(pos, 0), parse_move("JH-")) == \
        "Nothing can be taken or built, and your 10♦ can take this card back next turn."
    # Beside a loose 2, a nine still out could take it in a sum: not said as safe.
    pos = table_position("7H 4C", "KH 2H", captured=["7S 7D", "7C"], others=["9S 3D"])
    assert why(SeatView(pos, 0), parse_move("7H-")) == \
        ("Nothing can be taken or built, and no other seven is left to pair this card, though a card "
         "still out could take it in a sum.")
    pos = table_position("7H 4C", "KH QH", others=["7S 2D"])  # a seven you cannot see
    # The search's judgement, said as one: "gives the least away" was said of a 5 beside a king.
    assert why(SeatView(pos, 0), parse_move("7H-")) == \
        "Nothing can be taken or built; of your trails, the search leans to this one."
    # A last card has no choice to explain.
    pos = table_position("7H", "KH QH", others=["7S"])
    assert why(SeatView(pos, 0), parse_move("7H-")) == \
        "Your last card can take or build nothing here: it stays on the table."


def test_a_pluck_s_reason_says_what_it_opens_up() -> None:
    # §9.17's example: after plucking 9C, 5H takes 5D and sweeps. The reason
    # said only that the plucked card counts towards most cards.
    pos = table_position("5H", "5D 9C", rules=Rules(pluck=True), stock="7C", stock_size=8)
    assert why(SeatView(pos, 0), parse_move("pluck:9C")) == "Then the 5♥ can sweep the table."
    assert why(SeatView(pos, 0), parse_move("pluck:5D")) == \
        "It goes into your pile before you play, and counts towards most cards."
    # A spade plucked counts towards most spades as well (and under Spade Cassino scores).
    pos = table_position("5H", "5D 9S 3C", rules=Rules(pluck=True), stock="7C", stock_size=8)
    assert why(SeatView(pos, 0), parse_move("pluck:9S")).endswith("and counts towards most cards and most spades.")
    pos = table_position("5H", "5D 9S 3C", rules=Rules(pluck=True, spade_scoring=True), stock="7C", stock_size=8)
    assert why(SeatView(pos, 0), parse_move("pluck:9S")) == \
        "It goes into your pile before you play, taking a spade, and counts towards most cards and most spades."
    # A pluck that makes the count for a call for 21 (§9.18): 18 with half the pack, 21 with one card more.
    plain = "3H 5H 6H 7H 8H 9H TH JH QH KH 3C 4C 5C 6C 7C 8C TC JC QC KC 3D 4D 5D 6D 2H 2C"
    pos = table_position("9C 7D", "5S 4H", rules=Rules(pluck=True, call_for_21=True), stock="2S", stock_size=8,
                         captured=[plain], scores=[18, 10])
    assert why(SeatView(pos, 0), parse_move("pluck:5S")) == \
        "It brings your side's count to 21: then call for 21, and the game is yours."


def test_a_worker_thinks_in_the_background_and_answers_by_its_deadline() -> None:
    game = Game(Rules(), 2, seed=3)
    view = SeatView(game.position, game.position.to_move)
    thinker = Thinker(make_player("expert"), view, seed=1, ms=100)
    assert not thinker.done  # the caller is free while it thinks
    move = thinker.result(timeout=30)  # (how soon: benchmarks/ai_response.py)
    assert thinker.done and game.position.is_legal(move)


def test_a_cancelled_worker_stops_early_with_a_legal_move() -> None:
    game = Game(Rules(), 2, seed=4)
    view = SeatView(game.position, game.position.to_move)
    thinker = Thinker(make_player("expert"), view, seed=1, ms=60_000)
    time.sleep(0.05)
    thinker.cancel()
    move = thinker.result(timeout=5)
    assert game.position.is_legal(move)


def test_an_errand_waits_for_its_work_and_says_when_it_is_not_done() -> None:
    release = threading.Event()
    errand = Errand(lambda cancel: "done" if release.wait(10) else "given up", "slow")
    with pytest.raises(TimeoutError, match="slow is still at work"):
        errand.wait(timeout=0.01)
    assert not errand.done
    release.set()
    assert errand.wait(timeout=10) == "done" and errand.done
    # A work that answers None answers it; one that fails raises its error to the waiter.
    assert Errand(lambda cancel: None, "quiet").wait(timeout=10) is None

    def fail(cancel: threading.Event) -> str:
        raise ValueError("no reason found")

    with pytest.raises(ValueError, match="no reason found"):
        Errand(fail, "failing").wait(timeout=10)


def test_cancelling_an_errand_sets_the_event_its_work_watches() -> None:
    errand = Errand(lambda cancel: cancel.wait(10), "watching")
    errand.cancel()
    assert errand.wait(timeout=10) is True


def test_a_partners_build_is_not_called_an_opponents() -> None:
    """Four players in partnerships: seat 2 sits across from seat 0 and is
    its partner; a build of seat 2's is the side's own."""
    teams = [[0, 2], [1, 3]]
    partner = table_position("8H 9S", "KH", builds=[("5D 3C", 8, False, 2)], players=4, teams=teams,
                             others=["2C 4C", "8C 9D", "KC KD"])
    take = why(SeatView(partner, 0), parse_move("8Hx8:5D,3C"))
    assert "before its owner" not in take and take == "Every card taken counts towards most cards."
    add = why(SeatView(partner, 0), parse_move("8Hm8:5D,3C"))
    assert add == "More cards for your side, and you hold an 8 to take it too.", add
    opponent = table_position("8H 9S", "KH", builds=[("5D 3C", 8, False, 1)], players=4, teams=teams,
                              others=["8C 9D", "2C 4C", "KC KD"])
    assert why(SeatView(opponent, 0), parse_move("8Hx8:5D,3C")) == "It takes the build before its owner can."


def test_a_sweep_with_the_round_s_last_card_promises_no_next_player() -> None:
    # No sweep points (Royal): the round's last card clears the table, and no one plays after.
    pos = table_position("5S", "5D", others=[""], dealer=0, rules=Rules(royal=True, sweeps=0))
    reason = why(SeatView(pos, 0), parse_move("5Sx5:5D"))
    assert reason == "It sweeps the table with the round's last card.", reason


def test_a_point_card_played_into_a_build_or_a_spade_in_spade_cassino_is_named() -> None:
    # "Build 9: 7♦+2♠. Next turn the 9 you keep takes these 2 cards": little
    # casino, played from the hand into the build, went unnamed; and in Spade
    # Cassino a spade, a point of its own, was "Every card taken counts towards most cards".
    pos = table_position("2S 9C KH", "7D QC")
    assert why(SeatView(pos, 0), parse_move("2Sb9:7D")) == \
        "Next turn the 9 you keep takes these 2 cards, with little casino."
    spade = table_position("JH 4C 9D", "JS 4S 5H", rules=Rules(spade_scoring=True, target=61))
    assert why(SeatView(spade, 0), parse_move("9Dx9:4S,5H")) == "It takes a spade."
    plain = table_position("QH 9D 6C", "QS QD")
    assert why(SeatView(plain, 0), parse_move("QHx:QS")) == "It takes a spade, towards most spades."


def test_a_build_of_court_cards_under_trailing_royals_is_kept_by_rank() -> None:
    # "Next turn the 12 you keep": queens have no number under trailing royals.
    rules = Rules(trailing_royals=True, sweeps=0)
    pos = table_position("QD QC 5H", "QS QH 5C", rules=rules)
    assert why(SeatView(pos, 0), parse_move("QDm12:QS,QH")).startswith("Next turn the queen you keep takes")


def test_a_forced_play_is_said_to_be_the_only_one_and_a_held_court_card_can_take_a_trail_back() -> None:
    # "It puts your 10♠ in your pile, towards most spades" was said of the one legal play:
    # the 10♠ must take its own build of 10 (§7).
    pos = table_position("TS", "KH", builds=[("6C 4C", 10, False, 0)], others=["2H"])
    assert why(SeatView(pos, 0), parse_move("TSx10:6C,4C")) == "It is your only legal play."
    # A forced play that scores or sweeps says so.
    pos = table_position("TS", "", builds=[("6C 4C", 10, False, 0)], others=["2H"])
    assert "sweeps the table" in why(SeatView(pos, 0), parse_move("TSx10:6C,4C"))
    # "Only a queen can pick this card up", said with the Q♠ in hand.
    pos = table_position("QD QS", "5C 3H")
    assert why(SeatView(pos, 0), parse_move("QD-")) == \
        "Nothing can be taken or built, and your Q♠ can take this card back next turn."
