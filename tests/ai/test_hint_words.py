"""The hint's one line of why, in positions a player can check by eye: it
says what the move does, and claims no more than the table shows."""

from __future__ import annotations

from cassino.ai.hint import WAITING, why
from cassino.ai.view import SeatView
from cassino.rules import Move, Rules, parse_card, parse_move
from tests.rules.helpers import table_position


def test_a_last_card_trailed_to_leave_no_sweep_says_so() -> None:
    # "What you could take or build is worth less than keeping your cards for now",
    # said of the J♣ alone in hand, where taking the J♠ left the two sevens for a sweep.
    pos = table_position(hand="JC", loose="7S JS 7H", others=["2D"], stock="7C", stock_size=8,
                         captured=["7D"])
    view = SeatView(pos, 0)
    assert why(view, Move.trail(parse_card("JC"))) == (
        "Taking J\u2660 would leave 7\u2660 and 7\u2665 alone on the table: "
        f"1 of the {view.unseen.bit_count()} cards you have not seen could sweep it.")


def test_a_last_card_trailed_is_not_kept() -> None:
    # Taking the 5♣ leaves 9♠ 9♥ 2♦, which no one card takes whole: no sweep to speak of.
    pos = table_position(hand="5D", loose="5C 9S 9H 2D", stock="7C", stock_size=8)
    said = why(SeatView(pos, 0), Move.trail(parse_card("5D")))
    assert said == "What your last card could take would leave more for your opponent than it gains."
    more = table_position(hand="5D KC", loose="5C 9S 9H 2D", stock="7C", stock_size=8)
    assert why(SeatView(more, 0), Move.trail(parse_card("KC"))) == WAITING


def test_a_raised_build_is_yours_next_turn_only_if_nothing_out_can_take_or_raise_it() -> None:
    # "The cards are yours to take next turn", said with two nines still out.
    pos = table_position(hand="4S 9S 3H", builds=[("3D 2C", 5, False, 1)], others=["5S 8C 6D"],
                         stock="9D 9C", stock_size=8)
    raise_ = parse_move("4Sb9:3D,2C")
    said = why(SeatView(pos, 0), raise_)
    assert said == ("The build becomes 9, which you hold: the cards are yours to take next turn, "
                    "unless your opponent takes or raises it first.")


def test_spades_in_a_capture_are_put_towards_most_spades_not_scored() -> None:
    # "It scores 2 spades": spades score together, and one of the two was the card played.
    pos = table_position(hand="7S 8H", loose="5S 2D KH", stock="7C", stock_size=8)
    said = why(SeatView(pos, 0), parse_move("7Sx7:5S,2D"))
    assert said == "It puts 2 spades in your pile, towards most spades."


def test_a_raised_build_nothing_out_can_take_or_raise_is_yours_for_sure() -> None:
    # The other three tens are in the piles, and nothing raises a 10: no "unless".
    pos = table_position(hand="5S TS 3H", builds=[("3D 2C", 5, False, 1)], others=["5C 8C 6D"],
                         captured=["TD TH TC"], stock="9D 9C", stock_size=8)
    assert why(SeatView(pos, 0), parse_move("5Sb10:3D,2C")) == \
        "The build becomes 10, which you hold: the cards are yours to take next turn."


def test_what_a_capture_takes_is_told_apart_from_the_card_played() -> None:
    # "It takes little casino and 3 spades": the 9♠ that took them was the third.
    pos = table_position(hand="9S 8H", loose="2S 5S 2D KH", stock="7C", stock_size=8)
    assert why(SeatView(pos, 0), parse_move("9Sx9:2S,5S,2D")) == "It takes little casino and 2 spades."
    # Big casino played takes an ace: it is scored, not taken.
    pos = table_position(hand="TD 8H", loose="AS 9C KH", stock="7C", stock_size=8)
    assert why(SeatView(pos, 0), parse_move("TDx10:AS,9C")) == "It takes an ace, and scores big casino."
    # Under Spade Cassino each spade scores: "1 spades" was said of the 7♠ alone.
    from cassino.rules import PRESETS

    pos = table_position(hand="7S 8H", loose="7H KH", rules=PRESETS["spade"].rules(2), stock="7C", stock_size=8)
    assert why(SeatView(pos, 0), parse_move("7Sx7:7H")) == "It scores a spade."


def test_a_sweep_tells_what_it_takes_from_what_the_card_played_scores() -> None:
    # "It sweeps the table, taking big casino and an ace": the 10♦ swept A♠ 9♣.
    pos = table_position(hand="TD 8H", loose="AS 9C", stock="7C", stock_size=8)
    assert why(SeatView(pos, 0), parse_move("TDx10:AS,9C")) == \
        "It sweeps the table, for a point, taking an ace, and scoring big casino."


def test_no_promise_of_no_sweep_where_a_pluck_could_make_one() -> None:
    # Under Pluck the next player may pluck one card first and sweep the rest.
    pos = table_position(hand="KD 6D", loose="6H 4C", rules=Rules(pluck=True), stock="7C", stock_size=8)
    assert "sweep" not in why(SeatView(pos, 0), parse_move("KD-"))
    plain = table_position(hand="KD 6D", loose="6H 4C", stock="7C", stock_size=8)
    assert "could sweep it" in why(SeatView(plain, 0), parse_move("KD-"))


def test_a_raise_that_would_leave_a_sweep_is_named_a_raise() -> None:
    # "Building 9" was said of raising the build of 6 to 9.
    pos = table_position(hand="3S 9D KC", builds=[("4H 2C", 6, False, 1)], others=["6S 8C 5D"],
                         stock="7C", stock_size=8)
    view = SeatView(pos, 0)
    assert why(view, parse_move("KC-")) == ("Raising the build to 9 would leave the build of 9 alone on the "
                                            f"table: 1 of the {view.unseen.bit_count()} cards you have not seen "
                                            "could sweep it.")



def test_an_ace_played_onto_an_ace_is_counted_too() -> None:
    # "It takes an ace": the A♠ that took it went to the pile as well, two aces in all.
    pos = table_position(hand="AS 8H", loose="AD KH", stock="7C", stock_size=8)
    assert why(SeatView(pos, 0), parse_move("ASx1:AD")) == "It takes an ace, and scores your A♠."
