"""Every refused move gets a reason a player understands.

``Position.violation(move)`` says why a move is not allowed (None if it is);
``Position.play(move)`` refuses it with ``IllegalMoveError`` carrying that
reason and leaves the position as it was; ``Position.explain(card, items)``
says what dropping a card on some table items could mean, or why it means
nothing. The tests check the key words of each reason, not whole sentences,
so the wording can still improve.
"""

from __future__ import annotations

import itertools

import pytest

from cassino.rules import (IllegalMoveError, Move, Position, Rules, cards_of, parse_card,
                           parse_move, position_to_json)
from tests.rules.helpers import cards, table_position
from tests.rules.test_rules_examples import PARTNERS, _random_play

# Reasons that tell a player nothing about what went wrong.
VAGUE = ("not allowed here",)


def refused(pos: Position, text: str, *words: str) -> str:
    """Check that ``text`` is refused with a reason mentioning every one of ``words``
    (case-insensitive), that ``play`` raises it and that the position is unchanged."""
    move = parse_move(text)
    before = position_to_json(pos)
    legal_before = list(pos.legal_moves())
    reason = pos.violation(move)
    assert reason, f"{text} should be refused here"
    for word in words:
        assert word.lower() in reason.lower(), f"the reason for {text} should mention {word!r}: {reason!r}"
    for vague in VAGUE:
        assert vague not in reason, f"the reason for {text} says nothing: {reason!r}"
    with pytest.raises(IllegalMoveError) as raised:
        pos.play(move)
    assert raised.value.reason == reason == str(raised.value)
    assert raised.value.move == move
    assert position_to_json(pos) == before
    assert pos.legal_moves() == legal_before
    return reason


def explained(pos: Position, card: str, items: str = "", builds: tuple[int, ...] = ()):  # type: ignore[no-untyped-def]
    """``Position.explain`` for ``card`` dropped on the loose ``items`` and builds (by index)."""
    pointed: list = [parse_card(t) for t in items.split()]
    pointed += [pos.builds[i] for i in builds]
    return pos.explain(parse_card(card), pointed)


def moves(*text: str) -> set[Move]:
    return {parse_move(t) for t in text}


# The controller's example of §7: seat 0 controls an 8-build holding 8 and 4.
def controller_position(rules: Rules | None = None) -> Position:
    return table_position("8S 4C", loose="2H 6D 8D", builds=[("5D 3H", 8, False, 0)],
                          rules=rules)


# -- legal moves have no reason -------------------------------------------------

def test_a_legal_move_has_no_violation_and_plays():
    pos = table_position("3C 3D 6H", loose="AS 2H")
    for m in pos.legal_moves():
        assert pos.violation(m) is None
    pos.play(parse_move("3Cb6:AS,2H"))
    assert pos.builds[0].value == 6


# -- the card, the table, the round -----------------------------------------------

def test_a_card_not_in_your_hand():
    pos = table_position("8S 4C", loose="5D 3C 9D")
    refused(pos, "9Sx9:9D", "9♠", "not in your hand")
    refused(pos, "KH-", "not in your hand")


def test_a_card_not_on_the_table():
    pos = table_position("8S 4C", loose="5D 3C")
    refused(pos, "8Sx8:5D,3H", "3♥", "not on the table")


def test_nothing_to_play_once_the_round_is_over():
    pos = table_position("KC", loose="5D", others=["KD"])
    pos.play(parse_move("KC-"))
    pos.play(parse_move("KD-"))
    assert pos.round_over
    assert "round is over" in pos.violation(parse_move("KC-")).lower()


def test_a_capture_must_take_something():
    pos = table_position("8S 4C", loose="5D 3C")
    move = Move(parse_card("8S"), "capture", 8, 0, False)
    reason = pos.violation(move)
    assert reason and "table" in reason


# -- §7 the controller ---------------------------------------------------------------

def test_the_controller_may_not_trail():
    reason = refused(controller_position(), "4C-", "build of 8", "may not trail")
    assert "control" in reason.lower()


def test_the_controller_must_keep_a_card_of_the_builds_value_when_trailing_it():
    refused(controller_position(), "8S-", "You control a build of 8", "keep an 8")


def test_the_controller_must_keep_a_card_of_the_builds_value_when_capturing_elsewhere():
    refused(controller_position(), "8Sx8:8D", "build of 8", "keep an 8")
    refused(controller_position(), "8Sx8:2H,6D", "build of 8", "keep an 8")


def test_the_controller_must_keep_a_card_of_the_builds_value_when_building_elsewhere():
    reason = refused(controller_position(), "8Sm8:8D", "8")
    assert "keep an 8" in reason


def test_the_controller_of_two_builds_must_take_both_with_the_last_card_of_their_value():
    pos = table_position("9S 2C 7H", loose="7S", builds=[("5D 4H", 9, False, 0),
                                                         ("6D 3H", 9, False, 0)])
    refused(pos, "9Sx9:4H,5D", "build of 9", "keep a 9")


def test_a_partners_card_does_not_free_the_controller():
    pos = table_position("8S 4C", builds=[("5D 3H", 8, False, 0)],
                         others=["9C 9D", "8H 2D", "TC TD"], players=4, teams=PARTNERS)
    refused(pos, "4C-", "may not trail")
    refused(pos, "8S-", "keep an 8")


def test_permissive_controller_may_trail_but_must_still_keep_the_card():
    pos = controller_position(Rules(controller="permissive"))
    assert pos.violation(parse_move("4C-")) is None
    refused(pos, "8S-", "build of 8", "keep an 8")


def test_a_held_ace_counts_for_a_fourteen_build_in_royal_aces_14():
    pos = table_position("AD 5D", loose="AS 3S", builds=[("9S 5H", 14, False, 0)],
                         rules=Rules(royal=True, ace_14=True))
    refused(pos, "AD-", "build of 14", "keep an ace")


# -- §5 building --------------------------------------------------------------------

def test_building_a_value_you_do_not_hold():
    pos = table_position("3C 3D 6H", loose="AS 2H")
    refused(pos, "3Cb4:AS", "build 4", "keep a 4")
    refused(pos, "3Cb5:2H", "build 5", "keep a 5")


def test_building_names_the_card_needed_as_a_player_does():
    pos = table_position("3C 3D 6H", loose="5H 9C")
    refused(pos, "3Cb8:5H", "keep an 8")
    pos = table_position("6C 3D", loose="AS 2H")
    refused(pos, "6Cb7:AS", "keep a 7")


def test_a_build_whose_cards_do_not_make_its_value():
    pos = table_position("3C 8S", loose="4D 9C")
    refused(pos, "3Cb8:4D", "makes 7", "not 8")


def test_a_build_above_ten():
    pos = table_position("9C 2S", loose="2H 9H")
    refused(pos, "9Cb11:2H", "at most 10")


def test_raising_a_multiple_build():
    pos = table_position("2C 6S", builds=[("AH 3H 4D", 4, True, 1)], others=["4C 8C"])
    refused(pos, "2Cb6:AH,3H,4D", "multiple build", "never be raised")
    refused(pos, "2Cm6:AH,3H,4D", "multiple", "never be raised")


def test_loose_cards_never_change_a_builds_value():
    pos = table_position("3C TS", loose="2H", builds=[("2D 3D", 5, False, 1)], others=["5C 9C"])
    refused(pos, "3Cb10:2D,2H,3D", "build of 5", "makes 8", "loose cards cannot change")


def test_loose_cards_pulled_into_a_raise_must_make_groups_of_the_new_value():
    pos = table_position("3C 8S", loose="4C 6H", builds=[("2D 3D", 5, False, 1)],
                         others=["5C 9C"])
    refused(pos, "3Cm8:2D,3D,4C", "groups of 8", "4♣")


def test_a_raise_without_loose_groups_is_a_single_build_not_a_multiple_one():
    # The reason used to read "...must make groups of 8; the  do not." (no cards named).
    pos = table_position("3C 8S", builds=[("2D 3D", 5, False, 1)], others=["5C 9C"])
    reason = refused(pos, "3Cm8:2D,3D", "8")
    assert "  " not in reason, reason
    assert "single" in reason.lower(), reason


def test_adding_to_a_build_needs_the_card_alone_or_with_loose_cards_to_make_its_value():
    pos = table_position("2C 8S", builds=[("5D 3D", 8, False, 1)], others=["8C 9C"])
    refused(pos, "2Cm8:3D,5D", "build of 8", "make 8")


def test_builds_are_never_merged():
    pos = table_position("7S 7H", builds=[("5D 2H", 7, False, 1), ("6D AH", 7, False, 1)],
                         others=["7C 9C"])
    refused(pos, "7Sm7:AH,2H,5D,6D", "one build", "never merged")


def test_a_single_build_that_is_really_multiple():
    pos = table_position("3C 3D 6H", loose="AS 2H")
    refused(pos, "3Cb3:AS,2H", "makes 6", "not 3")


def test_a_multiple_build_whose_cards_do_not_split_into_groups():
    pos = table_position("3C 3D 6H", loose="AS 2H")
    refused(pos, "3Cm6:AS,2H", "single build of 6")


# -- §4 capturing -------------------------------------------------------------------

def test_a_build_captured_by_a_card_of_another_value():
    pos = table_position("4C 9S", builds=[("4D 3H", 7, False, 1)], others=["7C 8C"])
    refused(pos, "4Cx4:3H,4D", "captured whole", "card of its value", "needs a 7")
    refused(pos, "9Sx9:3H,4D", "needs a 7")


def test_a_build_used_in_a_sum():
    # "A 7-build and a loose 2 cannot be taken by a 9."
    pos = table_position("9S 4C", loose="2H", builds=[("4D 3H", 7, False, 1)], others=["7C 8C"])
    refused(pos, "9Sx9:2H,3H,4D", "never part of a sum", "build of 7", "needs a 7")


def test_a_build_taken_in_part():
    pos = table_position("4C 9S", builds=[("4D 3H", 7, False, 1)], others=["7C 8C"])
    refused(pos, "4Cx4:4D", "whole", "build of 7")


def test_a_sum_that_does_not_split_into_groups_of_the_value():
    pos = table_position("8S 4C", loose="5D 9D 3C 2H")
    refused(pos, "8Sx8:5D,9D", "5♦", "9♦", "groups worth 8")
    refused(pos, "8Sx8:3C,5D,2H", "groups worth 8", "10")


def test_a_capture_at_a_value_the_card_does_not_have():
    pos = table_position("3C 3D 6H", loose="AS 2H")
    refused(pos, "3Cx5:2H", "counts 3", "not 5")


# -- §1, §4 court cards --------------------------------------------------------------

def test_a_court_card_taking_a_sum():
    pos = table_position("QC 8C 5C", loose="QS QH 3D 5H 2S")
    refused(pos, "QCx:3D", "queen", "no value")
    refused(pos, "QCx:2S,QS", "queen", "no value")


def test_a_court_card_building():
    pos = table_position("QC 8C 5C", loose="QS QH 3D 5H 2S")
    refused(pos, "QCb5:3D", "queen", "no value", "cannot build")


def test_a_court_card_taking_a_build():
    pos = table_position("KC 2C", builds=[("4D 3H", 7, False, 1)], others=["7C 8C"])
    refused(pos, "KCx:3H,4D", "king", "no value")


def test_a_court_card_takes_one_of_its_rank_at_a_time():
    pos = table_position("QC 8C 5C", loose="QS QH 3D 5H 2S")
    refused(pos, "QCx:QH,QS", "one queen")


def test_a_court_card_on_the_table_is_never_part_of_a_sum():
    # Reason found: "The Q♠, 5♥ and 3♦ cannot be split into groups worth 8 each (they add
    # up to 8)." -- the cards do add up to 8; what is wrong is the queen, which has no value.
    pos = table_position("QC 8C 5C", loose="QS QH 3D 5H 2S")
    refused(pos, "8Cx8:3D,5H,QS", "queen", "no value")


def test_a_numeral_card_cannot_take_a_court_card():
    # Reason found: "The Q♥ cannot be split into groups worth 5 each (they add up to 0)."
    pos = table_position("QC 8C 5C", loose="QS QH 3D 5H 2S")
    reason = refused(pos, "5Cx5:QH", "queen", "no value")
    assert "up to 0" not in reason


def test_a_court_card_on_the_table_is_never_part_of_a_build():
    # Reasons found: "That makes a build of 7s, a multiple build." for 2+5+Q as a 7, and
    # "A build can be at most 10" for a 5 on a queen called 12.
    pos = table_position("2C 7C 5C", loose="5H QS 4D", others=["7D 8C KH"])
    refused(pos, "2Cb7:QS,5H", "queen", "no value")
    pos = table_position("5C 7C", loose="QH 4D")
    refused(pos, "5Cb12:QH", "queen", "no value")


def test_royal_a_court_card_counts_its_value_and_takes_no_card_by_rank():
    # Reason found: "The K♠ captures as 13, not 0." -- "0" means nothing to a player.
    pos = table_position("KS 6C", loose="JH 2C", rules=Rules(royal=True))
    reason = refused(pos, "KSx:JH", "13")
    assert "not 0" not in reason


# -- §9 the build duties ---------------------------------------------------------------

ANSWER = Rules(controller="answer")
STRICT = Rules(controller="strict")


def test_answer_the_controller_must_act_on_their_build_this_turn():
    pos = table_position("8S 6H 4C", loose="2H 6D", builds=[("5D 3H", 8, False, 0)],
                         rules=ANSWER)
    for text in ("6Hx6:6D", "4Cb6:2H"):
        refused(pos, text, "build of 8", "capture it", "add to it", "raise it")


def test_answer_the_controller_may_not_trail():
    pos = table_position("8S 6H 4C", loose="2H 6D", builds=[("5D 3H", 8, False, 0)],
                         rules=ANSWER)
    refused(pos, "4C-", "build of 8", "may not trail")


def test_answer_capturing_another_players_build_does_not_answer_your_own():
    # Reason found: "That move is not allowed here." -- the duty to answer your own build
    # is not named when the move touches someone else's build.
    pos = table_position("8S 9C", builds=[("5D 3H", 8, False, 0), ("4S 5S", 9, False, 1)],
                         others=["9H 2D"], rules=ANSWER)
    assert pos.is_legal(parse_move("8Sx8:3H,5D"))
    refused(pos, "9Cx9:4S,5S", "build of 8", "capture it", "add to it", "raise it")


def test_strict_another_players_build_is_taken_over_only_by_raising_it():
    pos = table_position("3C 8S 5C 5S", builds=[("2D 3D", 5, False, 1)],
                         others=["5H 9C 9D TC"], rules=STRICT)
    refused(pos, "5Cm5:2D,3D", "only by raising")


def test_strict_at_most_one_build_of_a_value():
    pos = table_position("8S 6H 4C", loose="2H", builds=[("5D 3H", 8, False, 0)], rules=STRICT)
    refused(pos, "6Hb8:2H", "already control a build of 8", "add to yours")


def test_strict_the_controller_may_not_trail():
    pos = table_position("8S 8H 4C", builds=[("5D 3H", 8, False, 0)], rules=STRICT)
    refused(pos, "4C-", "may not trail")


# -- explain: what a card dropped on the table means -----------------------------------

def test_explain_one_meaning():
    pos = controller_position()
    meaning = explained(pos, "8S", builds=(0,))
    assert meaning.reason is None
    assert set(meaning.moves) == moves("8Sx8:3H,5D")


def test_explain_an_eight_onto_a_loose_eight_holding_another_eight_is_a_capture_or_a_multiple_build():
    pos = table_position("8S 8H 4C", loose="8D 5C 3C")
    meaning = explained(pos, "8S", "8D")
    assert meaning.reason is None
    assert set(meaning.moves) == moves("8Sx8:8D", "8Sm8:8D")


def test_explain_a_three_onto_ace_two_holding_three_three_six_has_three_meanings():
    pos = table_position("3C 3D 6H", loose="AS 2H")
    meaning = explained(pos, "3C", "AS 2H")
    assert meaning.reason is None
    assert set(meaning.moves) == moves("3Cx3:AS,2H", "3Cb6:AS,2H", "3Cm3:AS,2H")


def test_explain_gives_only_legal_moves_that_take_exactly_the_pointed_items():
    pos = table_position("8S 8H 4C", loose="8D 5C 3C 4D")
    for card in ("8S", "4C"):
        for k in range(4):
            for items in itertools.combinations(["8D", "5C", "3C", "4D"], k):
                meaning = explained(pos, card, " ".join(items))
                assert all(pos.is_legal(m) and m.takes == cards(" ".join(items))
                           for m in meaning.moves)
                assert (meaning.reason is None) == bool(meaning.moves)


def test_explain_pointing_at_nothing_is_a_trail():
    pos = table_position("8S 4C", loose="5D")
    meaning = explained(pos, "4C")
    assert meaning.moves == [parse_move("4C-")] and meaning.reason is None


def test_explain_pointing_at_nothing_as_controller_says_you_may_not_trail():
    meaning = explained(controller_position(), "4C")
    assert meaning.moves == []
    assert "may not trail" in meaning.reason


def test_explain_no_meaning_gives_the_reason():
    pos = table_position("8S 8H 4C", loose="8D 5C 3C")
    meaning = explained(pos, "8S", "5C")
    assert meaning.moves == []
    # One card: said as a card's worth, not as groups it cannot be split into.
    assert meaning.reason.startswith("The 8♠ takes cards worth 8 (or groups adding up to 8); the 5♣ is worth 5.")
    # Two cards or more: the groups they do not split into.
    assert "groups worth 8" in (explained(pos, "8S", "5C 8D").reason or "")


def test_explain_a_build_dropped_on_by_a_card_of_another_value():
    pos = controller_position()
    meaning = explained(pos, "4C", builds=(0,))
    assert meaning.moves == []
    assert "needs an 8" in meaning.reason


def test_explain_the_controller_using_their_only_eight_elsewhere():
    meaning = explained(controller_position(), "8S", "2H 6D")
    assert meaning.moves == []
    assert "keep an 8" in meaning.reason


def test_explain_building_without_the_card():
    meaning = explained(controller_position(), "4C", "2H")
    assert meaning.moves == []
    assert "keep a 6" in meaning.reason


def test_explain_a_card_not_in_hand():
    meaning = explained(controller_position(), "KS", "8D")
    assert meaning.moves == []
    assert "not in your hand" in meaning.reason


def test_explain_a_court_card_dropped_on_a_sum():
    pos = table_position("QC 8C 5C", loose="QS QH 3D 5H 2S")
    meaning = explained(pos, "QC", "3D 5H")
    assert meaning.moves == []
    assert "no value" in meaning.reason


def test_explain_a_numeral_card_dropped_on_a_court_card_and_a_numeral():
    # Reason found: "The Q♠ and 5♥ cannot be split into groups worth 2 each (they add up to 5)."
    pos = table_position("2C 7C", loose="5H QS")
    meaning = explained(pos, "2C", "5H QS")
    assert meaning.moves == []
    assert "no value" in meaning.reason


# -- every refusal, everywhere --------------------------------------------------------

def _candidates(pos: Position):  # type: ignore[no-untyped-def]
    """Every move shape a player could try with the items on the table (up to three)."""
    rules = pos.rules
    items = [1 << c for c in cards_of(pos.loose)] + [b.cards for b in pos.builds]
    for c in cards_of(pos.hands[pos.to_move]):
        yield Move.trail(c)
        for k in range(1, min(3, len(items)) + 1):
            for combo in itertools.combinations(items, k):
                t = sum(combo)
                for v in rules.capture_values(c) or (0,):
                    yield Move(c, "capture", v, t, False)
                for v in range(1, rules.max_build + 1):
                    yield Move(c, "build", v, t, False)
                    yield Move(c, "build", v, t, True)


@pytest.mark.parametrize("rules", [Rules(), Rules(controller="answer"),
                                   Rules(controller="strict"), Rules(controller="permissive"),
                                   Rules(royal=True, ace_14=True)],
                         ids=["hoyle", "answer", "strict", "permissive", "royal-aces-14"])
def test_every_refused_move_in_play_has_a_specific_reason(rules):
    bad: dict[str, str] = {}
    for seed in range(2):
        for i, (pos, legal) in enumerate(_random_play(seed, 2, rules)):
            if i % 6:
                continue
            legal_set = set(legal)
            for m in _candidates(pos):
                reason = pos.violation(m)
                if m in legal_set:
                    assert reason is None, (m.text(), reason)
                    continue
                assert reason, m.text()
                if (any(v in reason for v in VAGUE) or "  " in reason or "up to 0" in reason
                        or "not 0" in reason):
                    bad.setdefault(reason, f"{m.text()} on {position_to_json(pos)['loose']} "
                                           f"{position_to_json(pos)['builds']}")
    assert not bad, "\n".join(f"{r!r} for {where}" for r, where in list(bad.items())[:8])


def test_a_drop_that_could_only_mean_a_build_past_the_largest_says_so_too():
    """A 10 dropped on a lone ace: no capture (it adds up to 1), and no build
    of 11 either, which no card can take. An 8 on a build of 7: raising it
    to 15 is past any card too."""
    pos = table_position("TC 5H", "AC 3D", others=["2C 4C"])
    why = explained(pos, "TC", "AC")
    assert why.moves == [] and why.reason == (
        "The 10♣ takes cards worth 10 (or groups adding up to 10); the A♣ is worth 1. Nor can the 10♣ build 11: "
        "no build can be more than 10, the highest card value.")
    built = table_position("8S 7C", "3D", builds=[("4S 3S", 7, False, 0)], others=["2C 4C"])
    assert "Nor can the 8♠ raise it to 15" in (explained(built, "8S", builds=(0,)).reason or "")
    # A multiple build is never raised, whatever the sum: that is the reason to give.
    fixed = table_position("8S 7C", "3D", builds=[("4S 3S 7H", 7, True, 0)], others=["2C 4C"])
    assert (explained(fixed, "8S", builds=(0,)).reason or "").endswith(
        " Nor can the 8♠ raise it: a multiple build (7s) can never be raised.")
    # Where a build of that value could be made, nothing is added about builds.
    assert "Nor can" not in (explained(pos, "5H", "AC 3D").reason or "")
    # Nor far past the largest, where the player meant a capture (it said "build 136").
    crowded = table_position("9C 8D", "AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H", others=["2C 4C"])
    why = explained(crowded, "9C", "AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H").reason or ""
    assert "cannot be split into groups worth 9" in why and "Nor can" not in why


def test_a_court_card_dropped_on_one_card_of_another_rank_is_told_so_not_of_sums():
    # "A queen has no value: it can take only a queen, not a sum of cards": no sum was tried.
    pos = table_position("QS 3C", "JH 5D")
    refused(pos, "QSx:JH", "takes only a queen", "J♥ is not one")
    assert "sum" not in pos.violation(parse_move("QSx:JH"))
    refused(pos, "QSx:JH,5D", "takes only a queen", "J♥ and 5♦ are not queens")
    # A queen with a jack: the jack named ("not a sum of cards" of a queen and a jack).
    refused(table_position("QS 3C", "QD JC"), "QSx:QD,JC", "takes only a queen", "J♣ is not one")
    # Number cards adding up to 12: no sum for a queen.
    refused(table_position("QS 3C", "5D 7H"), "QSx:5D,7H", "not a sum of cards")


def test_a_multiple_build_is_named_in_the_controller_s_duty_as_its_play_named_it():
    # "You control a build of 5s": the table's badge, not words.
    pos = table_position("5S 9H", loose="4D", builds=[("5C 3S AH AC", 5, True, 0)], others=["6S 7S"])
    refused(pos, "5Sb9:4D", "You control a build of fives", "keep a 5")
