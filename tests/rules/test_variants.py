"""§9.1-§9.23, the variants, as examples: one test per example or rule.

Each test is named after the rule or example it checks; the section is in
the comment above each group. Positions are written the way the rules write
them, cards as text (``tests.rules.helpers``). Where docs/rules.md leaves a case
open, the test says in its docstring what the engine does.
"""

from __future__ import annotations

import json

import pytest

from cassino.rules import (PRESET_LIST, PRESETS, Game, IllegalMoveError, InvalidPositionError,
                           InvalidRulesError, Move, Position, Rules, cards_of, cards_text,
                           parse_card, parse_move, position_from_json, position_to_json,
                           record_to_json, replay, shape_of, standard_teams)
from cassino.rules.scoring import final_scores

from .helpers import cards, last_card_position, pack_dealing, table_position

PARTNERS = [[0, 2], [1, 3]]


# -- small helpers -------------------------------------------------------------

def move(text: str) -> Move:
    return parse_move(text)


def legal(pos: Position) -> set[str]:
    """The legal moves as compact text (taken cards in canonical order)."""
    return {m.text() for m in pos.legal_moves()}


def moves(*text: str) -> set[str]:
    """Compact texts as the engine writes them (parsing puts the cards in order)."""
    return {parse_move(t).text() for t in text}


def legal_with(pos: Position, card: str) -> set[str]:
    return {m.text() for m in pos.moves_with(parse_card(card))}


def play(pos: Position, *texts: str) -> None:
    for t in texts:
        pos.play(move(t))


def suit(s: str, ranks: str = "A23456789TJQK") -> str:
    """Cards of one suit as text: ``suit("S", "A27")`` = ``"AS 2S 7S"``."""
    return " ".join(r + s for r in ranks)


def items(end) -> list[tuple[str, int, int]]:  # type: ignore[no-untyped-def]
    return [(i.item, i.team, i.points) for i in end.items]


def capture_first(pos: Position) -> Move:
    """A plain policy that sweeps often and keeps the table small (a table of
    thirty loose cards has millions of moves): the biggest capture, else a
    trail, else the first move."""
    ms = [m for m in pos.legal_moves() if not m.is_action]
    caps = [m for m in ms if m.kind == "capture"]
    if caps:
        return max(caps, key=lambda m: (m.takes.bit_count(), m))
    trails = [m for m in ms if m.kind == "trail"]
    return trails[0] if trails else ms[0]


# ==============================================================================
# §9.1 Combinations
# ==============================================================================

# (options, the option names the reason must give)
REFUSED = [
    ({"ace_14": True}, ["ace_14", "royal"]),
    ({"buckeye": True}, ["buckeye", "royal"]),
    ({"ace_14": True, "buckeye": True}, ["ace_14", "royal"]),
    ({"trailing_royals": True, "royal": True}, ["trailing_royals", "royal"]),
    ({"court_capture": "all", "royal": True}, ["court_capture", "royal"]),
    ({"court_capture": "all", "trailing_royals": True}, ["court_capture", "trailing_royals"]),
    ({"pluck": True, "draw": True}, ["pluck", "draw"]),
    ({"sudden_death": True, "sweeps": 0}, ["sudden_death", "sweeps"]),
    ({"rounds": 6, "sudden_death": True}, ["rounds", "sudden_death"]),
    ({"rounds": 6, "call_for_21": True}, ["rounds", "call_for_21"]),
    ({"rounds": 6, "count_out": True}, ["rounds", "count_out"]),
    ({"rounds": 6, "target": 31}, ["rounds", "target"]),
]
REMEDY = ("leave", "add", "set", "choose")  # what would do


@pytest.mark.parametrize("options, names", REFUSED, ids=["+".join(o) for o, _ in REFUSED])
def test_each_refused_combination_is_refused_naming_the_options_and_what_would_do(options, names):
    with pytest.raises(InvalidRulesError) as refused:
        Rules.from_json(options)
    reason = str(refused.value)
    for name in names:
        assert name in reason, reason
    assert any(word in reason for word in REMEDY), reason
    # The same when a position's rules are read.
    data = position_to_json(table_position("5C", "5D"))
    data["rules"] = options
    with pytest.raises(InvalidPositionError) as refused_position:
        position_from_json(data)
    assert names[0] in str(refused_position.value)


def test_options_combine_freely_otherwise():
    """Everything §9.1 does not refuse is accepted, e.g. the lot at once."""
    Rules(sweeps=2, court_capture="all", controller="strict", spade_scoring=True,
          initial_pairs=True, all_eleven="win", card_tie_to_spades=True, deal_singly=True,
          pluck=True, call_for_21=True, sudden_death=True, count_out=True, target=61)
    Rules(royal=True, ace_14=True, buckeye=True, sweeps=0, draw=True, rounds=4)
    Rules(trailing_royals=True, sweeps=1, controller="answer", all_eleven="bonus")


def test_deal_singly_with_draw_is_allowed_and_orders_the_first_deal_the_only_one():
    shape = shape_of(Rules(deal_singly=True, draw=True), 2)
    assert len(shape.deals) == 1
    assert shape.deals[0].packets == (1, 1, 1, 1)


@pytest.mark.parametrize("players", [0, 1, 7, 8])
def test_fewer_than_two_or_more_than_six_players_are_refused(players):
    with pytest.raises(InvalidRulesError) as refused:
        shape_of(Rules(), players)
    assert "2 to 6 players" in str(refused.value)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players_each_playing_for_themselves(players):
    assert shape_of(Rules(), players).teams == tuple((s,) for s in range(players))


@pytest.mark.parametrize("players, teams", [
    (2, [[0, 1]]), (3, [[0, 1], [2]]), (5, [[0, 2], [1, 3], [4]]), (6, [[0, 3], [1, 4], [2, 5]]),
    (6, [[0, 2, 4], [1, 3, 5]]), (4, [[0, 1], [2, 3]]), (4, [[0, 3], [1, 2]])])
def test_partnerships_other_than_four_players_as_0_2_against_1_3_are_refused(players, teams):
    with pytest.raises(InvalidRulesError) as refused:
        shape_of(Rules(), players, teams)
    assert "[[0, 2], [1, 3]]" in str(refused.value)


def test_four_players_as_two_partnerships_0_2_against_1_3():
    assert shape_of(Rules(), 4, PARTNERS).team_of == (0, 1, 0, 1)
    assert standard_teams(4, True) == PARTNERS


@pytest.mark.parametrize("players, teams", [(3, None), (4, None), (5, None), (6, None)])
def test_call_for_21_without_exactly_two_sides_is_refused(players, teams):
    with pytest.raises(InvalidRulesError) as refused:
        shape_of(Rules(call_for_21=True), players, teams)
    assert "call_for_21" in str(refused.value) and "two sides" in str(refused.value)


def test_call_for_21_with_two_players_or_two_partnerships():
    assert shape_of(Rules(call_for_21=True), 2).sides == 2
    assert shape_of(Rules(call_for_21=True), 4, PARTNERS).sides == 2


def test_a_refused_seating_is_refused_when_a_position_is_read():
    data = position_to_json(table_position("5C", "5D", players=4, teams=PARTNERS,
                                           rules=Rules(call_for_21=True)))
    data["teams"] = [[0], [1], [2], [3]]
    data["captured"] = data["captured"] + [[], []]
    data["sweeps"] = data["scores"] = [0, 0, 0, 0]
    with pytest.raises(InvalidPositionError, match="two sides"):
        position_from_json(data)


# ==============================================================================
# §9.2 Players and deals
# ==============================================================================

@pytest.mark.parametrize("players, later, deals", [(2, 4, 6), (3, 4, 4), (4, 4, 3), (5, 5, 2),
                                                   (6, 4, 2)])
def test_the_deal_schedule_four_each_and_four_to_the_table_then_later_deals(players, later, deals):
    shape = shape_of(Rules(), players)
    assert shape.deals[0].hand == 4 and shape.deals[0].table == 4
    assert [d.hand for d in shape.deals[1:]] == [later] * (deals - 1)
    assert all(d.table == 0 for d in shape.deals[1:])
    assert len(shape.deals) == deals
    assert sum(d.hand * players + d.table for d in shape.deals) == len(shape.pack)


@pytest.mark.parametrize("players, later, deals", [(2, 4, 6), (3, 4, 4), (4, 4, 3), (5, 5, 2),
                                                   (6, 4, 2)])
def test_a_played_round_deals_as_the_schedule_says(players, later, deals):
    game = Game(Rules(), players, seed=players)
    pos = game.position
    assert [h.bit_count() for h in pos.hands] == [4] * players
    assert pos.loose.bit_count() == 4 and len(pos.stock) == len(pos.shape.pack) - 4 * players - 4
    seen = 1
    while game.rounds == []:
        stock = len(game.position.stock)
        event = game.play(capture_first(game.position))
        if event.dealt:
            seen += 1
            assert [h.bit_count() for h in game.position.hands] == [later] * players
            assert stock - len(game.position.stock) == later * players  # none to the table
    assert seen == deals


def test_five_players_play_with_49_cards_without_2h_2d_2c():
    pack = shape_of(Rules(), 5).pack
    assert len(pack) == 49
    assert cards_text(sum(1 << c for c in range(52) if c not in pack), " ") == "2H 2D 2C"
    assert all(len(shape_of(Rules(), n).pack) == 52 for n in (2, 3, 4, 6))
    game = Game(Rules(), 5, seed=3)
    dealt = game.position.stock + tuple(cards_of(game.position.table))
    dealt += tuple(c for h in game.position.hands for c in cards_of(h))
    assert sorted(dealt) == sorted(pack)


def test_five_players_a_position_holding_the_2h_is_refused():
    data = position_to_json(table_position("5C", "5D", players=5))
    pile = data["captured"][4]
    data["captured"][4] = [c for c in pile if c != "3H"] + ["2H"]
    with pytest.raises(InvalidPositionError, match="2H"):
        position_from_json(data)


def test_five_players_packets_of_two_two_and_one_in_the_last_deal():
    """Five players, dealer seat 4, last deal from c1..c25: seat 0 gets c1 c2,
    seat 1 c3 c4, .. seat 4 c9 c10; then c11..c20 likewise; then c21 to seat
    0, .. c25 to seat 4."""
    shape = shape_of(Rules(), 5)
    assert shape.deals[1].packets == (2, 2, 1)
    pack = list(shape.pack)
    c = [None] + pack[24:]  # c[1] .. c[25]: the last deal
    pos = Position.start_of_round(shape, 4, pack)
    pos.deal()
    while not pos.deal_number == 2:
        pos.play(capture_first(pos))
    assert pos.to_move == 0
    for seat in range(5):
        want = [c[2 * seat + 1], c[2 * seat + 2], c[2 * seat + 11], c[2 * seat + 12], c[21 + seat]]
        assert pos.hands[seat] == sum(1 << x for x in want), seat  # type: ignore[operator]


def test_the_first_deal_gives_the_table_its_packet_just_before_the_dealers():
    """§9.2: each pass goes from the eldest round to the dealer; the table's
    packet comes just before the dealer's. Three players, dealer seat 0."""
    shape = shape_of(Rules(), 3)
    pack = list(range(52))
    pos = Position.start_of_round(shape, 0, pack)
    pos.deal()
    # eldest seat 1: c0 c1, seat 2: c2 c3, table c4 c5, dealer c6 c7; again from c8.
    assert cards_of(pos.hands[1]) == [0, 1, 8, 9]
    assert cards_of(pos.hands[2]) == [2, 3, 10, 11]
    assert cards_of(pos.loose) == [4, 5, 12, 13]
    assert cards_of(pos.hands[0]) == [6, 7, 14, 15]


# ==============================================================================
# §9.3 sweeps
# ==============================================================================

# §9.9's example piles: team 0 took 27 cards with AS 2S 7S 8S 9S JS KS, TD and
# AC; team 1 the other 25 (the last card, 8D, among them): 9-2 standard.
TEAM0_27 = " ".join([suit("S", "A2789JK"), "TD AC", suit("H", "23456789TJQK"),
                     suit("D", "234567")])


def nine_two(rules: Rules, sweeps: tuple[int, int] = (0, 0)) -> tuple[int, ...]:
    pos = last_card_position("8D", captured=[TEAM0_27], last_capturer=1, rules=rules,
                             sweeps=sweeps)
    end = pos.play(move("8D-")).round_end
    assert end is not None and end.cards == (27, 25)
    return end.points


@pytest.mark.parametrize("sweeps, points", [(0, (9, 2)), (1, (11, 2)), (2, (13, 2))])
def test_sweeps_a_round_of_9_2_with_two_sweeps_for_team_0_ends_9_2_11_2_or_13_2(sweeps, points):
    assert nine_two(Rules(sweeps=sweeps), (2, 0)) == points


def test_sweeps_are_counted_whatever_they_are_worth():
    pos = table_position("8S 2C", "5D 3C", others=["9S 9H"], rules=Rules(sweeps=0))
    event = pos.play(move("8Sx8:5D,3C"))
    assert event.sweep and pos.sweeps == [1, 0]


# ==============================================================================
# §9.4 court_capture
# ==============================================================================

def test_court_capture_one_table_qs_qh_5c_hand_qd():
    pos = table_position("QD", "QS QH 5C")
    assert legal(pos) == moves("QDx:QS", "QDx:QH", "QD-")


def test_court_capture_all_table_qs_qh_5c_hand_qd():
    pos = table_position("QD", "QS QH 5C", rules=Rules(court_capture="all"))
    assert legal(pos) == moves("QDx:QS,QH", "QD-")


def test_court_capture_all_has_no_smaller_capture():
    pos = table_position("KD", "KS KH KC 5C", rules=Rules(court_capture="all"))
    assert legal(pos) == moves("KDx:KS,KH,KC", "KD-")
    event = pos.play(move("KDx:KS,KH,KC"))
    assert event.taken == cards("KS KH KC KD")


@pytest.mark.parametrize("smaller", ["QDx:QS", "QDx:QH"])
def test_court_capture_all_refuses_a_smaller_capture_played_alone(smaller: str) -> None:
    # Checking one move looks only at the cards it takes; inside {QS} "every
    # queen" must still mean both queens of the table.
    pos = table_position("QD 3C", "QS QH 5C", rules=Rules(court_capture="all"))
    assert not pos.is_legal(move(smaller))
    with pytest.raises(IllegalMoveError, match="every queen on the table at once"):
        pos.play(move(smaller))
    assert pos.loose == cards("QS QH 5C")


# ==============================================================================
# §9.5 controller
# ==============================================================================

def controller_example(controller: str) -> Position:
    """Seat 0 holds 8C 2H 9S and controls 5S+3H (8); seat 1 controls 3C+4C (7),
    holding a 7; 6D is loose."""
    return table_position("8C 2H 9S", "6D", [("5S 3H", 8, False, 0), ("3C 4C", 7, False, 1)],
                          others=["7S TS JD"], rules=Rules(controller=controller))


HOYLE = moves("8Cx8:5S,3H", "2Hb9:3C,4C", "2Hb8:6D", "2Hm8:5S,3H,6D")


def test_controller_hoyle_the_example():
    assert legal(controller_example("hoyle")) == HOYLE


def test_controller_permissive_the_example_hoyles_moves_and_the_trails():
    assert legal(controller_example("permissive")) == HOYLE | moves("2H-", "9S-")


def test_controller_answer_the_example_only_moves_that_take_in_the_8_build():
    assert legal(controller_example("answer")) == moves("8Cx8:5S,3H", "2Hm8:5S,3H,6D")


def test_controller_strict_the_example_hoyles_less_a_second_build_of_8():
    assert legal(controller_example("strict")) == HOYLE - moves("2Hb8:6D")


@pytest.mark.parametrize("second, advice", [
    ("2Hb8:6D", "; add to yours instead."),  # a new build of 8 beside one's own: 2Hm8:5S,3H,6D adds to it
    ("AHb8:3C,4C", "."),  # raising the other's 7 to 8: a second build of 8 too; the A♥ cannot add to it
])
def test_controller_strict_refuses_a_second_build_of_the_same_value_in_those_words(second, advice):
    pos = table_position("8C 2H AH", "6D", [("5S 3H", 8, False, 0), ("3C 4C", 7, False, 1)],
                         others=["7S TS JD"], rules=Rules(controller="strict"))
    assert pos.violation(move(second)) == ("You already control a build of 8: under strict builds "
                                           "you may not make a second build of 8" + advice)


@pytest.mark.parametrize("controller", ["hoyle", "permissive", "answer", "strict"])
def test_controller_the_hold_rule_applies_under_all_of_them(controller):
    pos = controller_example(controller)
    assert "8C-" not in legal(pos)
    assert not any(m.card == parse_card("8C") and m.kind != "capture" for m in pos.legal_moves())


def test_controller_answer_holds_only_when_the_turn_starts_with_a_build():
    """Seat 0 controls nothing: it may do anything, and a build made this turn
    brings the duty only from the next turn on."""
    pos = table_position("8C 2H 9S", "6D", others=["7S TS JD"], rules=Rules(controller="answer"))
    assert "9S-" in legal(pos) and "2Hb8:6D" in legal(pos)


def test_controller_strict_a_partners_build_may_be_raised_never_added_to():
    builds = [("2D 3D", 5, False, 2)]
    pos = table_position("5C 5H 3C 8H", "", builds, others=["9H KC QD 7C", "5S JD QC 9C",
                                                             "TH KD KH 6S"],
                         players=4, teams=PARTNERS, rules=Rules(controller="strict"))
    assert "3Cb8:2D,3D" in legal(pos)
    assert "5Cm5:2D,3D" not in legal(pos)


# ==============================================================================
# §9.6 royal
# ==============================================================================

ROYAL = Rules(royal=True)


def test_royal_table_js_hand_kd_2h():
    assert legal(table_position("KD 2H", "JS", rules=ROYAL)) == moves("2Hb13:JS", "2H-", "KD-")


def test_royal_the_standard_game_the_trails_only():
    assert legal(table_position("KD 2H", "JS")) == moves("2H-", "KD-")


def test_royal_court_cards_capture_by_value_count_in_sums_and_are_built_on():
    pos = table_position("KD QH", "JS 2C 6H 7H", rules=ROYAL)
    assert {"KDx13:JS,2C", "KDx13:6H,7H", "KDx13:JS,6H,7H,2C"} <= legal(pos)
    assert legal_with(pos, "QH") == {"QH-"}  # no group makes 12, and 12 + anything is over 13
    assert max(m.value for m in pos.legal_moves()) == 13


# ==============================================================================
# §9.7 ace_14
# ==============================================================================

ACES = Rules(royal=True, ace_14=True)


def test_ace_14_table_ks_ah_hand_ac():
    assert legal(table_position("AC", "KS AH", rules=ACES)) == moves("ACx14:KS,AH", "ACx1:AH", "AC-")


def test_ace_14_ks_on_a_loose_ace_builds_14_and_a_held_ace_answers_for_it():
    pos = table_position("KS AC", "AH", rules=ACES)
    assert "KSb14:AH" in legal(pos)
    pos.play(move("KSb14:AH"))
    assert pos.builds[0].value == 14


def test_ace_14_an_ace_played_into_a_build_counts_one():
    pos = table_position("AC AD", "KS", rules=ACES)
    assert legal(pos) == moves("ACb14:KS", "ADb14:KS", "AC-", "AD-")  # 13 + 1


def test_ace_14_the_hold_rule_with_two_valued_cards():
    """Seat 0 controls KS+AH (14), holds AC AD, loose AS: building aces is
    illegal; legal are ACx14:KS,AH, ADx14:KS,AH, ACx1:AS and ADx1:AS."""
    pos = table_position("AC AD", "AS", [("KS AH", 14, False, 0)], rules=ACES)
    assert legal(pos) == moves("ACx14:KS,AH", "ADx14:KS,AH", "ACx1:AS", "ADx1:AS")
    for refused in ("ACm1:AS", "ADm1:AS"):
        assert "two aces" in (pos.violation(move(refused)) or "")


def test_ace_14_two_aces_answer_for_a_build_of_1_and_one_of_14():
    pos = table_position("AC AD AH", "AS", [("9S 5S", 14, False, 0)], rules=ACES)
    assert "ACm1:AS" in legal(pos)  # AD and AH stay: one for each build
    pos = table_position("AC AD", "AS", [("9S 5S", 14, False, 0)], rules=ACES)
    assert "ACm1:AS" not in legal(pos)


# ==============================================================================
# §9.8 buckeye
# ==============================================================================

BUCKEYE = Rules(royal=True, buckeye=True)


def test_buckeye_table_js_7h_3c_hand_td_kd():
    pos = table_position("TD KD", "JS 7H 3C", rules=BUCKEYE)
    assert legal(pos) == moves("TDx10:7H,3C", "TDx11:JS", "TDb13:3C", "TD-", "KD-")


def test_buckeye_table_td_2c_hand_jh_9c():
    pos = table_position("JH 9C", "TD 2C", rules=BUCKEYE)
    assert legal(pos) == moves("JHx11:TD", "9Cb11:2C", "9Cm11:TD,2C", "JH-", "9C-")


def test_buckeye_the_ten_going_into_a_build_takes_the_builds_value():
    """TD on AS builds 11 (the ten as 10, a held jack answering) or 12 (as 11,
    a held queen answering); the build's value fixes it."""
    pos = table_position("TD JC QC", "AS", rules=BUCKEYE)
    assert {"TDb11:AS", "TDb12:AS"} <= legal(pos)
    pos.play(move("TDb12:AS"))
    assert pos.builds[0].value == 12


def test_buckeye_the_ten_loose_counts_10_or_11_in_a_sum():
    pos = table_position("KS 2H", "TD 3C", rules=BUCKEYE)
    assert {"KSx13:TD,3C", "2Hb13:TD"} <= legal(pos)  # 10+3, and 2+11 (the king answering)


def test_buckeye_a_held_ten_of_diamonds_answers_for_a_10_or_an_11():
    for value, loose in ((10, "3C"), (11, "4C")):
        pos = table_position("7H TD", loose, rules=BUCKEYE)
        assert f"7Hb{value}:{loose}" in legal(pos)


def test_buckeye_one_ten_of_diamonds_cannot_answer_for_a_10_and_an_11():
    pos = table_position("TD 7H", "4C 3S", [("5S 5H", 10, False, 0)], rules=BUCKEYE)
    assert "7Hb11:4C" not in legal(pos)
    assert "cannot answer for both" in (pos.violation(move("7Hb11:4C")) or "")


# ==============================================================================
# §9.9 spade_scoring
# ==============================================================================

def test_spade_scoring_the_example_9_2_standard():
    assert nine_two(Rules()) == (9, 2)


def test_spade_scoring_the_example_17_8_with_spade_scoring():
    assert nine_two(Rules(spade_scoring=True)) == (17, 8)


def test_spade_scoring_each_spade_1_the_jack_2_so_ace_and_two_of_spades_score_twice():
    pos = last_card_position("8D", captured=[TEAM0_27], last_capturer=1,
                             rules=Rules(spade_scoring=True))
    end = pos.play(move("8D-")).round_end
    spade_points = [(i.team, i.points) for i in end.items if i.item == "spade_points"]
    # One item per spade, A..K: team 0 has A 2 7 8 9 J K, the jack worth 2.
    assert spade_points == [(0, 1), (0, 1), (1, 1), (1, 1), (1, 1), (1, 1), (0, 1), (0, 1),
                            (0, 1), (1, 1), (0, 2), (1, 1), (0, 1)]
    assert ("AS", 0, 1) in items(end) and ("2S", 0, 1) in items(end)


def test_spade_scoring_25_points_a_round_without_sweeps():
    assert sum(nine_two(Rules(spade_scoring=True))) == 25


# ==============================================================================
# §9.10 draw
# ==============================================================================

DRAW = Rules(draw=True)


def test_draw_seat_0_holds_7h_3c_9d_ks_after_7h_trailed_holds_3c_9d_ks_5s():
    pos = table_position("7H 3C 9D KS", "", rules=DRAW, stock="5S", stock_size=40)
    event = pos.play(move("7H-"))
    assert pos.hands[0] == cards("3C 9D KS 5S")
    assert event.drawn == (parse_card("5S"),)
    assert pos.to_move == 1  # then the turn passes
    assert len(pos.stock) == 39


def test_draw_only_the_first_deal_is_dealt_then_hands_run_down():
    game = Game(DRAW, 2, seed=4)
    sizes = []
    while not game.rounds:
        pos = game.position
        seat = pos.to_move
        stock_before = len(pos.stock)
        event = game.play(capture_first(pos))
        assert not event.dealt
        assert len(event.drawn) == (1 if stock_before else 0)
        if not event.round_end:
            sizes.append(game.position.hands[seat].bit_count())
    assert len(sizes) == 47
    assert sizes[:40] == [4] * 40  # hands stay at four while the stock lasts
    assert sizes[40:] == [3, 3, 2, 2, 1, 1, 0]


# ==============================================================================
# §9.11 trailing_royals
# ==============================================================================

TRAILING = Rules(trailing_royals=True)


@pytest.mark.parametrize("card", ["QD", "QC"])
def test_trailing_royals_table_qs_qh_5c_hand_qd_qc(card):
    pos = table_position("QD QC", "QS QH 5C", rules=TRAILING)
    want = [f"{card}x:QS", f"{card}x:QH", f"{card}x:QS,QH", f"{card}m12:QS", f"{card}m12:QH",
            f"{card}m12:QS,QH", f"{card}-"]
    assert legal_with(pos, card) == moves(*want)


def test_trailing_royals_a_court_card_takes_loose_cards_and_builds_of_its_rank_together():
    """Seat 0 controls the build of queens QH+QC and holds QD: QD takes the
    build alone or with the loose QS; the 5C may not trail (a controller)."""
    pos = table_position("QD 5C", "QS", [("QH QC", 12, True, 0)], rules=TRAILING)
    assert legal(pos) == moves("QDx:QH,QC", "QDx:QS,QH,QC")


def test_trailing_royals_a_court_card_is_added_to_a_build_of_its_rank():
    pos = table_position("QD QS 5C", "", [("QH QC", 12, True, 0)], rules=TRAILING)
    assert {"QDm12:QH,QC", "QSm12:QH,QC"} <= legal(pos)
    pos.play(move("QDm12:QH,QC"))
    assert pos.builds[0].cards == cards("QH QC QD") and pos.builds[0].multiple


@pytest.mark.parametrize("pair, value", [("JD JS JC", 11), ("QD QS QC", 12), ("KD KS KC", 13)])
def test_trailing_royals_builds_of_jacks_queens_kings_are_11_12_13(pair, value):
    hand, loose, keep = pair.split()
    pos = table_position(f"{hand} {keep}", loose, rules=TRAILING)
    pos.play(move(f"{hand}m{value}:{loose}"))
    assert pos.builds[0].value == value and pos.builds[0].multiple


def test_trailing_royals_the_hold_rule_another_card_of_the_rank():
    pos = table_position("QD 5C", "QS", rules=TRAILING)
    assert legal_with(pos, "QD") == moves("QDx:QS", "QD-")


def test_trailing_royals_only_a_card_of_the_rank_captures_a_court_build():
    pos = table_position("KD 2C TC JS", "", [("QH QC", 12, True, 1)], others=["QS 5H 6H 7H"],
                         rules=TRAILING)
    assert not any(m.takes for m in pos.legal_moves())


def test_trailing_royals_court_cards_still_have_no_value():
    pos = table_position("2C KD", "JS", rules=TRAILING)
    assert legal(pos) == moves("2C-", "KD-")


def test_trailing_royals_unmatched_court_cards_stay_until_the_residue():
    pos = last_card_position("5C", loose="JH KS", last_capturer=0, rules=TRAILING)
    end = pos.play(move("5C-")).round_end
    assert end.residue == cards("JH KS 5C") and end.residue_to == 0


# ==============================================================================
# §9.12 initial_pairs
# ==============================================================================

PAIRS = Rules(initial_pairs=True)


def deal_with_table(table: str, rules: Rules = PAIRS, scores=(0, 0)) -> tuple[Position, object]:
    pos = Position.start_of_round(shape_of(rules, 2), 1, pack_dealing(table), scores)
    return pos, pos.deal()


def test_initial_pairs_table_7s_7d_kh_kc_all_four_go_a_sweep():
    pos, event = deal_with_table("7S 7D KH KC")
    assert event.table == cards("7S 7D KH KC")
    assert event.pairs == cards("7S 7D KH KC") and event.pairs_to == 0 and event.sweep
    assert pos.captured[0] == cards("7S 7D KH KC") and pos.loose == 0
    assert pos.sweeps == [1, 0]


def test_initial_pairs_table_7s_7d_7c_2h_the_three_sevens_go():
    pos, event = deal_with_table("7S 7D 7C 2H")
    assert pos.captured[0] == cards("7S 7D 7C") and not event.sweep
    assert pos.loose == cards("2H") and pos.sweeps == [0, 0]


def test_initial_pairs_four_of_a_rank_all_go():
    pos, event = deal_with_table("9S 9D 9C 9H")
    assert pos.captured[0] == cards("9S 9D 9C 9H") and event.sweep


def test_initial_pairs_the_eldest_then_plays_as_usual():
    pos, _ = deal_with_table("7S 7D KH 2C")
    assert pos.to_move == 0 and pos.hands[0].bit_count() == 4 and pos.legal_moves()


def test_initial_pairs_count_as_the_eldests_capture_for_the_residue():
    """Nobody captures afterwards (every card trailed): the cards left at the
    end go to the eldest, not to the dealer."""
    pos, _ = deal_with_table("7S 7D KH 2C")
    assert pos.last_capturer == 0
    end = None
    while end is None:
        end = pos.play(Move.trail(cards_of(pos.hands[pos.to_move])[0])).round_end
    assert end.residue_to == 0 and pos.dealer == 1


def test_initial_pairs_without_the_option_pairs_stay_on_the_table():
    pos, event = deal_with_table("7S 7D KH KC", Rules())
    assert pos.loose == cards("7S 7D KH KC") and event.pairs == 0 and event.pairs_to is None


def test_initial_pairs_a_sweep_by_initial_pairs_ends_the_game_under_sudden_death():
    pos, event = deal_with_table("7S 7D KH KC", Rules(initial_pairs=True, sudden_death=True),
                                 (20, 18))
    assert event.winner == 0 and pos.winner == 0
    assert pos.legal_moves() == []
    assert final_scores(pos) == (21, 18)


def test_initial_pairs_in_a_game_a_winning_sweep_at_the_deal_ends_it_before_any_play(monkeypatch):
    """Open in docs/rules.md: the game then ends at the first deal; the engine's
    ``Game`` is over at once, with the deal's event naming the winner."""
    import cassino.rules.game as game_module

    first_dealer = game_module.first_dealer(0, 2)
    pack = pack_dealing("7S 7D KH KC", dealer=first_dealer)
    monkeypatch.setattr(game_module, "round_deck", lambda seed, index, _pack=None: list(pack))
    game = Game(Rules(initial_pairs=True, sudden_death=True, target=1), 2, seed=0)
    eldest = (first_dealer + 1) % 2
    assert game.over and game.winner == eldest and game.deal_event.winner == eldest
    assert game.moves == [] and game.rounds == [] and game.legal_moves() == []
    assert game.totals[eldest] == 1 and sum(game.totals) == 1
    assert replay(record_to_json(game)).winner == eldest


# ==============================================================================
# §9.13 all_eleven
# ==============================================================================

# Team 0 took 30 cards with 8 spades, TD, 2S and the four aces; the last card
# (8D) goes to team 1.
TEAM0_30 = " ".join([suit("S", "A2345678"), "TD AH AD AC", suit("H", "23456789TJQK"),
                     suit("D", "234567")])


def all_eleven_round(rules: Rules, scores=(0, 0)):  # type: ignore[no-untyped-def]
    pos = last_card_position("8D", captured=[TEAM0_30], last_capturer=1, rules=rules,
                             scores=scores)
    event = pos.play(move("8D-"))
    assert event.round_end is not None and event.round_end.cards == (30, 22)
    return event


def test_all_eleven_off_team_0_scores_its_11_points():
    event = all_eleven_round(Rules())
    assert event.round_end.points == (11, 0)
    assert "all_eleven" not in [i.item for i in event.round_end.items]


def test_all_eleven_bonus_team_0_scores_12():
    event = all_eleven_round(Rules(all_eleven="bonus"))
    assert event.round_end.points == (12, 0)
    assert items(event.round_end)[-1] == ("all_eleven", 0, 1)


def test_all_eleven_win_team_0_wins_even_at_11_15():
    event = all_eleven_round(Rules(all_eleven="win"), (0, 15))
    assert event.round_end.scores == (11, 15)
    assert event.winner == 0


def test_all_eleven_bonus_in_any_round_not_only_the_first():
    pos = last_card_position("8D", captured=[TEAM0_30], last_capturer=1,
                             rules=Rules(all_eleven="bonus"), round=5, scores=(3, 9))
    assert pos.play(move("8D-")).round_end.points == (12, 0)


def test_all_eleven_not_with_one_base_point_missing():
    """Team 0 without the ace of clubs: ten base points, no bonus, no win."""
    team0 = TEAM0_30.replace("AC", "9D")
    pos = last_card_position("8D", captured=[team0], last_capturer=1,
                             rules=Rules(all_eleven="win"), scores=(0, 15))
    event = pos.play(move("8D-"))
    assert event.round_end.points == (10, 1) and event.winner is None


# ==============================================================================
# §9.14 card_tie_to_spades
# ==============================================================================

TEAM0_26 = " ".join([suit("S", "A2345678"), suit("H", "23456789TJQK"), suit("D", "234567")])


def test_card_tie_to_spades_26_each_team_0_with_8_spades_scores_3_and_1():
    pos = last_card_position("8D", captured=[TEAM0_26], last_capturer=1,
                             rules=Rules(card_tie_to_spades=True))
    end = pos.play(move("8D-")).round_end
    assert end.cards == (26, 26)
    assert ("cards", 0, 3) in items(end) and ("spades", 0, 1) in items(end)


def test_card_tie_without_the_option_scores_nothing_for_cards():
    pos = last_card_position("8D", captured=[TEAM0_26], last_capturer=1)
    end = pos.play(move("8D-")).round_end
    assert "cards" not in [i.item for i in end.items] and ("spades", 0, 1) in items(end)


def test_card_tie_to_spades_needs_one_tied_team_with_the_most_spades():
    """Three players: seats 0 and 1 tie at 20 cards and 5 spades each; the
    tie is not settled, though seat 2 has fewer of both."""
    p0 = " ".join([suit("S", "A2345"), suit("H", "A23456789T"), suit("D", "A2345")])
    p1 = " ".join([suit("S", "6789T"), suit("H", "JQK"), suit("D", "6789TJQ"), suit("C", "A2345")])
    pos = last_card_position("KC", captured=[p0, p1], last_capturer=2, players=3,
                             rules=Rules(card_tie_to_spades=True))
    end = pos.play(move("KC-")).round_end
    assert end.cards == (20, 20, 12) and end.spades == (5, 5, 3)
    assert not [i for i in end.items if i.item in ("cards", "spades")]


# ==============================================================================
# §9.15 deal_singly
# ==============================================================================

@pytest.mark.parametrize("singly, seat0, table, seat1", [
    (True, [1, 4, 7, 10], [2, 5, 8, 11], [3, 6, 9, 12]),
    (False, [1, 2, 7, 8], [3, 4, 9, 10], [5, 6, 11, 12])])
def test_deal_singly_two_players_dealer_seat_1_pack_c1(singly, seat0, table, seat1):
    pack = list(range(52))  # c1 is the card 0 on top
    pos = Position.start_of_round(shape_of(Rules(deal_singly=singly), 2), 1, pack)
    pos.deal()
    assert cards_of(pos.hands[0]) == [c - 1 for c in seat0]
    assert cards_of(pos.loose) == [c - 1 for c in table]
    assert cards_of(pos.hands[1]) == [c - 1 for c in seat1]


def test_deal_singly_later_deals_one_card_at_a_time():
    shape = shape_of(Rules(deal_singly=True), 2)
    pos = Position.start_of_round(shape, 1, list(range(52)))
    pos.deal()
    while pos.deal_number == 1:
        pos.play(capture_first(pos))
    # The second deal from c13: seat 0 c13 c15 c17 c19, seat 1 c14 c16 c18 c20.
    assert cards_of(pos.hands[0]) == [12, 14, 16, 18]
    assert cards_of(pos.hands[1]) == [13, 15, 17, 19]


def test_deal_singly_five_players_packets_of_one():
    assert [d.packets for d in shape_of(Rules(deal_singly=True), 5).deals] == [(1,) * 4, (1,) * 5]


# ==============================================================================
# §9.16 rounds
# ==============================================================================

# Seat 0 takes every base point (11), seats 1 and 2 a few plain cards each.
P1, P2 = "3H 4H 5H", "6H 7H"


def rounds_end(scores: tuple[int, int, int], round: int, rules: Rules = Rules(rounds=6)):  # type: ignore[no-untyped-def]
    pos = last_card_position("8H", captured=["", P1, P2], rest_to=0, last_capturer=0,
                             players=3, rules=rules, scores=scores, round=round)
    event = pos.play(move("8H-"))
    assert event.round_end.points == (11, 0, 0)
    return event


def test_rounds_three_players_rounds_6_totals_30_29_29_seat_0_wins():
    event = rounds_end((19, 29, 29), 6)
    assert event.round_end.scores == (30, 29, 29) and event.winner == 0


def test_rounds_three_players_rounds_6_totals_30_30_20_a_seventh_round():
    event = rounds_end((19, 30, 20), 6)
    assert event.round_end.scores == (30, 30, 20) and event.winner is None


def test_rounds_a_tie_at_the_top_plays_one_more_round_at_a_time():
    assert rounds_end((19, 29, 29), 7).winner == 0
    assert rounds_end((19, 30, 30), 8).winner is None


def test_a_round_played_to_break_a_tie_is_told_from_the_scores_before_it():
    from cassino.rules.scoring import breaking_a_tie

    # §8: 21-21 plays another round; 20-22 would have ended the game.
    assert breaking_a_tie(Rules(), (21, 21), 9) and breaking_a_tie(Rules(), (23, 23, 4), 9)
    assert not breaking_a_tie(Rules(), (20, 20), 9) and not breaking_a_tie(Rules(), (22, 21), 9)
    # §9.16: with a fixed number of rounds, any round after the last is one.
    assert breaking_a_tie(Rules(rounds=6), (30, 30, 20), 7) and not breaking_a_tie(Rules(rounds=6), (30, 30, 20), 6)


def test_rounds_no_target_the_game_goes_on_before_the_last_round():
    assert rounds_end((30, 0, 0), 5).winner is None  # 41 points, but round 5 of 6
    assert rounds_end((0, 0, 0), 6).winner == 0       # 11 points are enough after round 6


def test_rounds_a_game_lasts_its_rounds_then_the_highest_total_wins():
    for seed in range(3):
        game = Game(Rules(rounds=2), 3, seed=seed)
        while not game.over:
            game.play(capture_first(game.position))
        totals = list(game.totals)
        assert len(game.rounds) >= 2
        assert totals.count(max(totals)) == 1 and game.winner == totals.index(max(totals))
        for end in game.rounds[1:-1]:  # every round after the second was a tie at the top
            assert list(end.scores).count(max(end.scores)) > 1


# ==============================================================================
# §9.17 pluck
# ==============================================================================

PLUCK = Rules(pluck=True)


def pluck_example(**kw) -> Position:  # type: ignore[no-untyped-def]
    """Table 5D 9C, hand 5H, stock not empty (the fifth of six deals)."""
    return table_position("5H", "5D 9C", rules=PLUCK, stock_size=8, **kw)


def test_pluck_table_5d_9c_hand_5h_the_legal_moves():
    assert legal(pluck_example()) == moves("pluck:5D", "pluck:9C", "5Hx5:5D", "5H-")


def test_pluck_after_pluck_9c_5h_takes_5d_and_it_is_a_sweep():
    pos = pluck_example()
    pos.play(move("pluck:9C"))
    assert legal(pos) == moves("5Hx5:5D", "5H-")
    event = pos.play(move("5Hx5:5D"))
    assert event.sweep and pos.sweeps == [1, 0]
    assert pos.captured[0] & cards("9C 5D 5H") == cards("9C 5D 5H")


def test_pluck_is_not_a_capture_never_a_sweep_last_capturer_unchanged():
    pos = pluck_example(last_capturer=1)
    event = pos.play(move("pluck:9C"))
    assert not event.sweep and pos.sweeps == [0, 0] and pos.last_capturer == 1
    assert event.taken == cards("9C") and pos.captured[0] >> parse_card("9C") & 1


def test_pluck_does_not_end_the_turn():
    pos = pluck_example()
    pos.play(move("pluck:5D"))
    assert pos.to_move == 0 and pos.hands[0] == cards("5H") and pos.plucked == 1


def test_pluck_not_allowed_during_the_last_deal():
    pos = table_position("5H", "5D 9C", rules=PLUCK)  # the stock is out
    assert legal(pos) == moves("5Hx5:5D", "5H-")
    assert pos.violation(move("pluck:9C"))


@pytest.mark.parametrize("card", ["AH", "AS", "TD", "2S"])
def test_pluck_not_allowed_for_an_ace_the_ten_of_diamonds_or_the_two_of_spades(card):
    pos = table_position("KH", f"{card} 9C", rules=PLUCK, stock_size=8)
    assert not any(m.kind == "pluck" and m.takes == cards(card) for m in pos.legal_moves())
    assert "pluck:9C" in legal(pos)
    assert pos.violation(move(f"pluck:{card}"))


def test_pluck_under_spade_scoring_no_spade_at_all():
    pos = table_position("KH", "5S 9C", rules=Rules(pluck=True, spade_scoring=True), stock_size=8)
    assert {m.text() for m in pos.legal_moves() if m.kind == "pluck"} == {"pluck:9C"}


@pytest.mark.parametrize("card", ["AH", "TD", "5S"])
def test_a_refused_pluck_under_spade_scoring_names_every_card_never_plucked(card):
    # "The A♥ cannot be plucked: never any spade."
    pos = table_position("KH", f"{card} 9C", rules=Rules(pluck=True, spade_scoring=True), stock_size=8)
    assert pos.violation(move(f"pluck:{card}")).endswith(
        "cannot be plucked: never an ace, the 10\u2666 or any spade.")


def test_pluck_not_allowed_with_fewer_than_two_cards_on_the_table():
    pos = table_position("KH", "9C", rules=PLUCK, stock_size=8)
    assert not any(m.kind == "pluck" for m in pos.legal_moves())
    assert pos.violation(move("pluck:9C"))


def test_pluck_counts_the_cards_in_builds_too():
    """One loose card and a build of two: three cards on the table; the loose
    one may be plucked, never a build's card."""
    pos = table_position("KH 7C", "9C", [("3D 4D", 7, False, 0)], rules=PLUCK, stock_size=8)
    assert {m.text() for m in pos.legal_moves() if m.kind == "pluck"} == {"pluck:9C"}


def test_pluck_once_per_deal_and_again_after_each_deal():
    pos = table_position("5H 6H", "5D 9C 7S", rules=PLUCK, stock_size=16, others=["8S 8C"])
    play(pos, "pluck:9C", "5H-", "8S-")
    assert not any(m.kind == "pluck" for m in pos.legal_moves())  # seat 0 plucked this deal
    play(pos, "6H-")
    assert any(m.kind == "pluck" for m in pos.legal_moves())      # seat 1 has not
    event = pos.play(move("8C-"))
    assert event.dealt and pos.plucked == 0 and pos.stock
    assert any(m.kind == "pluck" for m in pos.legal_moves())      # a new deal: seat 0 again


def test_pluck_by_a_controller_the_duties_bind_the_card_play_that_follows():
    """Open in docs/rules.md: a pluck moves no card of the hand, so a player who
    controls a build may pluck (under ``answer`` too); the card play that
    follows still keeps the build's card and, under ``answer``, answers it."""
    for controller, after in (("hoyle", moves("8Sx8:5D,3H", "6Hx6:6D", "2Hb8:6D",
                                              "2Hm8:5D,3H,6D", "2Hb6:4C", "2Hm6:6D,4C")),
                              ("answer", moves("8Sx8:5D,3H", "2Hm8:5D,3H,6D"))):
        pos = table_position("8S 6H 2H", "6D 9C 4C", [("5D 3H", 8, False, 0)], stock_size=8,
                             rules=Rules(pluck=True, controller=controller))
        assert {"pluck:9C", "pluck:4C", "pluck:6D"} <= legal(pos)
        pos.play(move("pluck:9C"))
        plays = legal(pos)
        assert not any(m.startswith("pluck") for m in plays)
        assert plays == after, controller


def test_pluck_only_on_ones_turn_before_the_card_play():
    pos = pluck_example()
    play(pos, "5H-")
    assert pos.to_move == 1 and pos.plucked == 0  # seat 0's turn is over; no pluck after it


# ==============================================================================
# §9.18 call_for_21
# ==============================================================================

CALL = Rules(call_for_21=True)
# Seat 0 has 27 cards with 5 spades, TD, 2S, AS, AH.
CALLER_27 = " ".join([suit("S", "A2345"), "TD AH", suit("H", "23456789TJQK"),
                      suit("D", "23456789")])


def call_example(pile: str, rules: Rules = CALL, sweeps=(1, 0), scores=(12, 17)) -> Position:
    return table_position("JD QD KD JC", captured=[pile], rules=rules, sweeps=sweeps,
                          scores=scores)


def test_call_for_21_12_17_seat_0_with_27_cards_counts_21_and_wins():
    pos = call_example(CALLER_27)
    assert "call" in legal(pos)
    event = pos.play(move("call"))
    assert event.counts[0] == 12 + 1 + 2 + 1 + 2 + 3 == 21
    assert event.winner == 0 and pos.winner == 0


def test_call_for_21_with_26_cards_the_count_is_18_and_seat_1_wins():
    pos = call_example(CALLER_27.replace(" 9D", ""))
    event = pos.play(move("call"))
    assert event.counts[0] == 18 and event.winner == 1


def test_call_for_21_the_caller_loses_even_if_the_other_side_counts_less():
    pos = call_example("AS", sweeps=(0, 0), scores=(0, 0))
    event = pos.play(move("call"))
    assert event.counts[1] < 21 and event.winner == 1


def test_call_for_21_seven_spades_count_1_and_spade_points_count_under_spade_scoring():
    pile = suit("S", "3456789")  # 7 spades, no other point card
    assert call_example(pile, sweeps=(0, 0), scores=(0, 0)).play(move("call")).counts[0] == 1
    rules = Rules(call_for_21=True, spade_scoring=True)
    count = call_example(pile, rules, (0, 0), (0, 0)).play(move("call")).counts[0]
    assert count == 1 + 7


def test_call_for_21_exactly_half_the_pack_counts_only_under_card_tie_to_spades():
    pile = " ".join([suit("S", "3456789"), suit("H", "23456789TJQK"), suit("D", "2345679")])
    assert cards(pile).bit_count() == 26
    plain = call_example(pile, sweeps=(0, 0), scores=(0, 0)).play(move("call")).counts[0]
    rules = Rules(call_for_21=True, card_tie_to_spades=True)
    tie = call_example(pile, rules, (0, 0), (0, 0)).play(move("call")).counts[0]
    assert (plain, tie) == (1, 4)


def test_call_for_21_the_game_ends_at_once():
    pos = call_example(CALLER_27)
    before = position_to_json(pos)
    pos.play(move("call"))
    after = position_to_json(pos)
    assert after.pop("winner") == 0
    assert after == before  # nothing moved, to_move the same
    assert pos.legal_moves() == [] and pos.game_over


def test_call_for_21_in_a_game_final_scores_are_those_before_the_round():
    game = Game(CALL, 2, seed=5)
    game.play(capture_first(game.position))
    seat = game.position.to_move
    event = game.play(move("call"))
    assert event.winner == 1 - seat  # nothing is certain yet: the caller loses
    assert game.over and game.totals == (0, 0) and game.winner == 1 - seat
    with pytest.raises(IllegalMoveError):
        game.play(move("call"))


def test_call_for_21_partnerships_the_callers_side_counts():
    pos = table_position("JD QD", captured=[CALLER_27], players=4, teams=PARTNERS, to_move=2,
                         rules=CALL, sweeps=(1, 0), scores=(12, 17))
    assert pos.play(move("call")).winner == 0  # seat 2 calls for seats 0 and 2


def test_call_for_21_after_a_pluck_the_player_may_still_call():
    """Open in docs/rules.md: both are actions before the card play; the engine
    offers the call after a pluck (the count then includes the plucked card)."""
    pos = table_position("5H", "5D 9C", rules=Rules(call_for_21=True, pluck=True), stock_size=8)
    play(pos, "pluck:9C")
    assert "call" in legal(pos)


# ==============================================================================
# §9.19 sudden_death
# ==============================================================================

SUDDEN = Rules(sudden_death=True)


def test_sudden_death_20_18_seat_0_sweeps_21_against_18_and_wins_21_18():
    """Seat 0 (the dealer) sweeps with the last card of the deal: nothing is
    dealt, seat 0 stays to move."""
    pos = table_position("5C", "5D", others=[""], dealer=0, stock_size=8, scores=(20, 18),
                         rules=SUDDEN)
    stock = pos.stock
    event = pos.play(move("5Cx5:5D"))
    assert event.sweep and event.scored == 1 and event.winner == 0 and pos.winner == 0
    assert not event.dealt and pos.stock == stock and not any(pos.hands)
    assert pos.to_move == 0
    assert final_scores(pos) == (21, 18)
    assert pos.legal_moves() == [] and pos.problems() == []


def test_sudden_death_nothing_is_drawn():
    pos = table_position("5C 2H 3H 4H", "5D", rules=Rules(sudden_death=True, draw=True),
                         stock_size=40, scores=(20, 18))
    event = pos.play(move("5Cx5:5D"))
    assert event.winner == 0 and event.drawn == () and len(pos.stock) == 40
    assert pos.hands[0] == cards("2H 3H 4H") and pos.to_move == 0


def test_sudden_death_a_sweep_that_does_not_exceed_every_other_team_goes_on():
    # 21-21 at the top goes on (§9.22); seat 0's sweep makes 21 against 21.
    pos = table_position("5C 2H", "5D", players=3, rules=SUDDEN, scores=(20, 21, 21))
    event = pos.play(move("5Cx5:5D"))
    assert event.sweep and event.winner is None and pos.to_move == 1


def test_sudden_death_other_teams_are_counted_the_same_way():
    """20-19 with a sweep for seat 1 this round: seat 0's sweep makes 21
    against 20, and wins; at 20-20 with seat 1's sweep, 21 against 21 does not."""
    pos = table_position("5C 2H", "5D", rules=SUDDEN, scores=(20, 19), sweeps=(0, 1))
    assert pos.play(move("5Cx5:5D")).winner == 0
    pos = table_position("5C 2H", "5D", rules=SUDDEN, scores=(20, 20), sweeps=(0, 1))
    assert pos.play(move("5Cx5:5D")).winner is None


def test_sudden_death_the_round_is_scored_as_usual_each_sweep_once():
    pos = last_card_position("5C", loose="5D", captured=[TEAM0_27.replace("5D", "8D")],
                             sweeps=(1, 0), rules=SUDDEN)
    end = pos.play(move("5Cx5:5D")).round_end  # seat 1 sweeps with the very last card
    assert [i for i in items(end) if i[0] == "sweeps"] == [("sweeps", 0, 1), ("sweeps", 1, 1)]
    assert items(end)[:2] == [("sweeps", 0, 1), ("sweeps", 1, 1)]  # counted first: in play
    assert end.points == (9 + 1, 2 + 1)


def test_sudden_death_in_a_game_ends_it_at_the_first_sweep_that_wins():
    """A target of 1: the first sweep of the game wins it, inside the round;
    a game whose first round has no sweep is decided at its end as usual."""
    ended_by_sweep = 0
    for seed in range(8):
        game = Game(Rules(sudden_death=True, target=1), 2, seed=seed)
        while not game.over:
            event = game.play(capture_first(game.position))
        if event.round_end is not None:
            assert game.rounds[0].sweeps == (0, 0)
            continue
        ended_by_sweep += 1
        assert event.sweep and game.rounds == []
        assert game.totals[event.winner] == 1 and sum(game.totals) == 1
    assert ended_by_sweep >= 4


# ==============================================================================
# §9.20 count_out
# ==============================================================================

COUNT_OUT = Rules(count_out=True)
# Team 0 takes most cards and AS; team 1 spades, TD, 2S, AC AH AD.
TEAM0_COUNT = " ".join(["AS", suit("H", "23456789TJQK"), suit("D", "23456789JQK"),
                        suit("C", "234")])


def test_count_out_19_20_team_0_wins_at_22_20_after_most_cards_though_totals_are_23_27():
    pos = last_card_position("5C", captured=[TEAM0_COUNT], last_capturer=1, rules=COUNT_OUT,
                             scores=(19, 20))
    event = pos.play(move("5C-"))
    end = event.round_end
    assert end.cards == (27, 25)
    assert items(end)[0] == ("cards", 0, 3)
    assert event.winner == 0
    assert end.scores == (23, 27)  # the whole round still goes into the totals


def test_count_out_without_it_the_same_round_is_won_by_team_1():
    pos = last_card_position("5C", captured=[TEAM0_COUNT], last_capturer=1, scores=(19, 20))
    assert pos.play(move("5C-")).winner == 1


def test_count_out_the_items_in_order():
    """Cards, spades, TD, 2S, aces AS AC AH AD, spade points A..K, all eleven,
    then sweeps team by team in turn order from the eldest's."""
    rules = Rules(count_out=True, spade_scoring=True, all_eleven="bonus", target=500)
    pos = last_card_position("8D", captured=[TEAM0_30, "", "2C 3C"], last_capturer=1, rules=rules,
                             players=3, dealer=0, sweeps=(1, 2, 1), rest_to=1)
    end = pos.play(move("8D-")).round_end
    keys = [i[0] for i in items(end)]
    assert keys == (["cards", "spades", "TD", "2S", "AS", "AC", "AH", "AD"] + ["spade_points"] * 13
                    + ["all_eleven"] + ["sweeps"] * 3)
    assert [i[1] for i in items(end) if i[0] == "sweeps"] == [1, 2, 0]  # eldest is seat 1


def test_count_out_sweeps_counted_in_turn_order_decide_a_tie():
    """0-20-20: seat 0 takes every base point; seats 1 and 2 one sweep each.
    Seat 1, the eldest, reaches 21 first and wins, though 21-21 would
    otherwise be a tie."""
    pos = last_card_position("8D", captured=[TEAM0_30, "", "2C 3C"], last_capturer=1, rest_to=1,
                             players=3, dealer=0, sweeps=(0, 1, 1), scores=(0, 20, 20),
                             rules=COUNT_OUT)
    event = pos.play(move("8D-"))
    assert event.round_end.scores == (11, 21, 21) and event.winner == 1


def test_count_out_under_sudden_death_sweeps_first():
    rules = Rules(count_out=True, sudden_death=True)
    pos = last_card_position("8D", captured=[TEAM0_30], last_capturer=1, sweeps=(1, 1),
                             rules=rules)
    keys = [i[0] for i in items(pos.play(move("8D-")).round_end)]
    assert keys[:2] == ["sweeps", "sweeps"] and keys[2] == "cards"


def test_count_out_nobody_reaching_the_target_plays_another_round():
    pos = last_card_position("5C", captured=[TEAM0_COUNT], last_capturer=1, rules=COUNT_OUT)
    assert pos.play(move("5C-")).winner is None


# ==============================================================================
# §9.21 target
# ==============================================================================

def test_target_21_unless_set():
    assert Rules().target == 21


def test_target_royals_short_game_to_6():
    rules = Rules(royal=True, sweeps=0, target=6)
    pos = last_card_position("5C", captured=[TEAM0_COUNT], last_capturer=1, rules=rules,
                             scores=(2, 0))
    event = pos.play(move("5C-"))
    assert event.round_end.scores == (6, 7) and event.winner == 1
    game = Game(rules, 2, seed=2)
    while not game.over:
        game.play(capture_first(game.position))
    assert max(game.totals) >= 6
    assert all(max(end.scores) < 6 or list(end.scores).count(max(end.scores)) > 1
               for end in game.rounds[:-1])


# ==============================================================================
# §9.22 The game's end
# ==============================================================================

def test_game_end_all_eleven_win_before_count_out():
    """0-20: team 0 takes all base points (11), team 1 a sweep: count-out would
    give team 1 the game at 21; all eleven gives it to team 0."""
    rules = Rules(all_eleven="win", count_out=True)
    pos = last_card_position("8D", captured=[TEAM0_30], last_capturer=1, sweeps=(0, 1),
                             scores=(0, 20), rules=rules)
    assert pos.play(move("8D-")).winner == 0
    pos = last_card_position("8D", captured=[TEAM0_30], last_capturer=1, sweeps=(0, 1),
                             scores=(0, 20), rules=COUNT_OUT)
    assert pos.play(move("8D-")).winner == 1


def test_game_end_all_eleven_win_before_rounds():
    event = rounds_end((0, 30, 0), 2, Rules(rounds=6, all_eleven="win"))
    assert event.winner == 0


def test_game_end_rounds_before_the_target():
    event = rounds_end((20, 0, 0), 3)
    assert event.round_end.scores[0] == 31 and event.winner is None


def test_game_end_the_target_with_the_highest_total_alone():
    assert rounds_end((10, 0, 0), 1, Rules()).winner == 0   # 21
    assert rounds_end((9, 0, 0), 1, Rules()).winner is None  # 20
    assert rounds_end((10, 21, 21), 1, Rules()).winner is None  # 21-21-21


def test_game_end_inside_a_round_nothing_more_is_played_or_scored():
    pos = table_position("5C 2H", "5D", rules=SUDDEN, scores=(20, 18))
    pos.play(move("5Cx5:5D"))
    assert pos.winner == 0 and pos.legal_moves() == []
    assert "over" in (pos.violation(move("2H-")) or "")
    assert final_scores(pos) == (21, 18)
    pos = call_example(CALLER_27)
    pos.play(move("call"))
    assert final_scores(pos) == (12, 17)  # the scores before the round


# ==============================================================================
# §9.23 Presets
# ==============================================================================

PRESET_TABLE = {
    "standard": ({}, (2, 3, 4), 21),
    "royal": ({"royal": True, "sweeps": 0}, (2, 3, 4), 21),
    "royal-aces-14": ({"royal": True, "ace_14": True, "sweeps": 0}, (2, 3, 4), 21),
    "buckeye": ({"royal": True, "buckeye": True, "sweeps": 0}, (2, 3, 4), 21),
    "spade": ({"spade_scoring": True, "target": 61}, (2, 3, 4), 61),
    "draw": ({"draw": True}, (2, 3, 4), 21),
    "pluck": ({"pluck": True}, (2, 3, 4), 21),
    "portuguese": ({"card_tie_to_spades": True, "target": 31}, (2, 4), 31),
    "trailing-royals": ({"trailing_royals": True, "sweeps": 0}, (2, 3, 4), 21),
    "five-players": ({}, (5,), 21),
}


@pytest.mark.parametrize("key", PRESET_TABLE)
def test_presets_options_players_and_target(key):
    options, players, target = PRESET_TABLE[key]
    preset = PRESETS[key]
    assert preset.players == players
    for n in players:
        assert preset.rules(n) == Rules(**options)
        assert preset.rules(n).target == target
    for n in set(range(2, 7)) - set(players):
        assert not preset.allows(n, False) and not preset.allows(n, n == 4)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_presets_california_two_rounds_per_player_no_target(players):
    preset = PRESETS["california"]
    assert preset.rules(players) == Rules(court_capture="all", sweeps=0, deal_singly=True,
                                          rounds=2 * players)
    assert preset.allows(players, False)
    assert not preset.allows(5, False)


def test_presets_portuguese_two_players_or_four_as_two_partnerships():
    preset = PRESETS["portuguese"]
    assert preset.allows(2, False) and preset.allows(4, True)
    assert not preset.allows(4, False) and not preset.allows(3, False)


def test_presets_every_preset_is_listed_once():
    assert [p.key for p in PRESET_LIST] == list(PRESETS)
    assert set(PRESETS) == set(PRESET_TABLE) | {"california"}


def test_presets_buckeye_inherits_royal_aces_1_and_ace_14_may_be_added():
    buckeye = PRESETS["buckeye"].rules(2)
    assert buckeye.replace(buckeye=False) == PRESETS["royal"].rules(2)
    assert not buckeye.ace_14
    assert buckeye.replace(ace_14=True).ace_14


@pytest.mark.parametrize("preset", PRESET_LIST, ids=[p.key for p in PRESET_LIST])
def test_presets_a_game_of_each_is_played_to_its_end(preset):
    players = preset.players[0]
    teams = standard_teams(players, preset.allows(players, True) and not preset.allows(players, False))
    game = Game(preset.rules(players), players, teams, seed=7)
    while not game.over:
        game.play(capture_first(game.position))
    assert game.winner is not None and len(game.rounds) >= 1


# ==============================================================================
# Events (docs/formats.md "Events")
# ==============================================================================

EVENT_KEYS = ["format", "seat", "move", "sweep", "drawn", "dealt", "round_end", "winner"]


def event_json(event) -> dict:  # type: ignore[no-untyped-def]
    data = event.to_json()
    assert list(data) == EVENT_KEYS
    assert json.loads(json.dumps(data)) == data
    return data


def test_event_of_a_capture():
    pos = table_position("8S 2C", "5D 3C 9H", others=["9S 9D"])
    assert event_json(pos.play(move("8Sx8:5D,3C"))) == {
        "format": "cassino-event/1", "seat": 0, "move": "8Sx8:5D,3C", "sweep": False,
        "drawn": [], "dealt": False, "round_end": None, "winner": None}


def test_event_of_a_sweep():
    pos = table_position("8S 2C", "5D 3C", others=["9S 9D"], to_move=1)
    data = event_json(pos.play(move("8Sx8:5D,3C")))
    assert data["seat"] == 1 and data["sweep"] is True


def test_event_of_a_draw():
    pos = table_position("7H 3C 9D KS", "", rules=DRAW, stock="5S", stock_size=40)
    assert event_json(pos.play(move("7H-")))["drawn"] == ["5S"]


def test_event_of_a_deal():
    pos = table_position("5C", "5D 9C", others=[""], dealer=0, stock_size=8)
    data = event_json(pos.play(move("5C-")))
    assert data["dealt"] is True and data["round_end"] is None


def test_event_of_a_round_end_items_in_count_out_order():
    pos = last_card_position("5C", captured=[TEAM0_COUNT], last_capturer=1, rules=COUNT_OUT,
                             scores=(19, 20), sweeps=(1, 0))
    data = event_json(pos.play(move("5C-")))
    assert data["round_end"] == {
        "residue": ["5C"], "residue_to": 1,
        "items": [{"item": "cards", "team": 0, "points": 3},
                  {"item": "spades", "team": 1, "points": 1},
                  {"item": "TD", "team": 1, "points": 2},
                  {"item": "2S", "team": 1, "points": 1},
                  {"item": "AS", "team": 0, "points": 1},
                  {"item": "AC", "team": 1, "points": 1},
                  {"item": "AH", "team": 1, "points": 1},
                  {"item": "AD", "team": 1, "points": 1},
                  {"item": "sweeps", "team": 0, "points": 1}],
        "points": [5, 7], "scores": [24, 27]}
    assert data["winner"] == 0


def test_event_of_a_call():
    pos = call_example(CALLER_27)
    assert event_json(pos.play(move("call"))) == {
        "format": "cassino-event/1", "seat": 0, "move": "call", "sweep": False, "drawn": [],
        "dealt": False, "round_end": None, "winner": 0}


def test_event_of_a_pluck():
    pos = pluck_example()
    data = event_json(pos.play(move("pluck:5D")))
    assert data["move"] == "pluck:5D" and data["sweep"] is False and data["winner"] is None


# ==============================================================================
# Scoring corners: sweeps worth 2 under sudden death and calls, the jack of
# spades in a call's count, three sides level, a partner's pluck


def _pos(rules: dict[str, object], hands: list[str], loose: str, captured: list[str], scores: list[int],
         players: int = 2, to_move: int = 0, sweeps: list[int] | None = None,
         dealer: int | None = None, last: int | None = 0) -> Position:
    """The last plays of a round: every card not in a hand or on the table
    is in the piles as given (the stock is out)."""
    return position_from_json({
        "format": "cassino-position/1", "rules": rules, "players": players,
        "teams": [[s] for s in range(players)],
        "dealer": (to_move - 1) % players if dealer is None else dealer, "to_move": to_move,
        "hands": [h.split() for h in hands], "stock": [], "loose": loose.split(), "builds": [],
        "captured": [p.split() for p in captured], "sweeps": sweeps or [0] * len(captured),
        "last_capturer": last, "scores": scores})


def _rest(*taken: str) -> str:
    """Every card of the pack not named in ``taken`` (space-separated groups)."""
    named = set(" ".join(taken).split())
    return " ".join(r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in named)


def test_sudden_death_counts_each_sweep_at_its_worth_in_these_rules():
    # §9.19 with §9.3: at 19-10 a sweep worth 2 reaches 21 and wins at once.
    hands, loose, mine = ["5H 9C", "3D 4D"], "5D", "AH 2H 3H 4H 6H 7H 8H 9H TH JH"
    pos = _pos({"sudden_death": True, "sweeps": 2}, hands, loose, [mine, _rest(mine, *hands, loose)], [19, 10])
    event = pos.apply(parse_move("5Hx5:5D"))
    assert event.sweep and event.winner == 0 and final_scores(pos) == (21, 10)


def test_a_call_counts_each_sweep_at_its_worth_in_these_rules():
    # §9.18: a sweep worth 2 makes 19 a count of 21; its pile of four hearts scores nothing yet.
    hands, loose, mine = ["5H 9C", "3D 4D"], "5D", "2H 3H 4H 6H"
    pos = _pos({"call_for_21": True, "sweeps": 2}, hands, loose, [mine, _rest(mine, *hands, loose)], [19, 0],
               sweeps=[1, 0])
    assert pos.apply(parse_move("call")).winner == 0
    # Worth nothing, sweeps add nothing to the count: 19 is short.
    pos = _pos({"call_for_21": True, "sweeps": 0}, hands, loose, [mine, _rest(mine, *hands, loose)], [19, 0],
               sweeps=[1, 0])
    assert pos.apply(parse_move("call")).winner == 1


def test_a_call_under_spade_scoring_counts_the_jack_of_spades_as_two():
    # §9.18 with §9.9: 17, little casino 1, the 2♠ 1 and the J♠ 2 as spades: 21.
    hands, loose, mine = ["5H 9C", "3D 4D"], "5D", "JS 2S 2H 3H 4H 6H 7H"
    pos = _pos({"call_for_21": True, "spade_scoring": True}, hands, loose, [mine, _rest(mine, *hands, loose)],
               [17, 0])
    assert pos.apply(parse_move("call")).winner == 0


def test_the_card_tie_goes_to_the_tied_side_with_more_spades_not_to_a_side_outside_the_tie():
    # §9.14 among three: 20, 20 and 12 cards; the third side has the most spades of all (6),
    # but of the two tied at 20 the first has more (5 against 2): most cards is the first's.
    a = "AS 2S 3S 4S 5S AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AD 2D"
    b = "6S 7S 3D 4D 5D 6D 7D 8D 9D TD JD AC 2C 3C 4C 5C 6C 7C 8C 9C"
    c = "8S 9S TS JS QS KS TC JC QC KC"
    pos = _pos({"card_tie_to_spades": True}, ["", "", "KD"], "QD", [a, b, c], [0, 0, 0], players=3, to_move=2,
               dealer=2, last=2)
    end = pos.apply(parse_move("KD-")).round_end  # the K♦ and Q♦ to the third, the last to capture
    assert end is not None and end.cards == (20, 20, 12) and end.spades == (5, 2, 6)
    assert [i.team for i in end.items if i.item == "cards"] == [0]


def test_all_eleven_needs_most_cards_outright_not_a_tie():
    # §9.13: 26 cards each scores no one most cards (§8): the other ten base points are not all eleven.
    mine = "AS 2S 3S 4S 5S 6S 7S 8S TD AH AD AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2D 3D"
    pos = _pos({"all_eleven": "bonus"}, ["", "KD"], "QD", [mine, _rest(mine, "KD QD")], [0, 0], to_move=1,
               dealer=1, last=1)
    end = pos.apply(parse_move("KD-")).round_end
    assert end is not None and not any(i.item == "all_eleven" for i in end.items) and end.points[0] == 8


def test_count_out_needs_more_than_every_other_side_not_level_with_them():
    # §9.20 among three at 21-21-20: cards tied, no one; spades bring the third to 21, level
    # with the others, not ahead; big casino then brings the first to 23, ahead: it wins.
    a = "AS 2S 3S TD AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AD 2D 3D"
    b = "4S 5S 4D 5D 6D 7D 8D 9D JD AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC"
    c = "6S 7S 8S 9S TS JS QS KS QC KC"
    pos = _pos({"count_out": True}, ["", "", "KD"], "QD", [a, b, c], [21, 21, 20], players=3, to_move=2, dealer=2,
               last=2)
    assert pos.apply(parse_move("KD-")).winner == 0


def test_a_partner_s_pluck_is_marked_on_the_seat_that_plucked():
    # §9.17: "a player who has not plucked since the last deal": seat 2's pluck leaves
    # its partner, seat 0, free to pluck in this deal.
    pos = position_from_json({'format': 'cassino-position/1', 'rules': {'pluck': True}, 'players': 4, 'teams': [[0, 2], [1, 3]], 'dealer': 1, 'to_move': 2, 'hands': [['2S', 'AC', '3D', 'JD'], ['5S', '8H', '2C', 'TS'], ['JS', 'AS', '8C', 'QD'], ['7S', '5C', '9S', '4D']], 'stock': ['2H', '9D', 'QH', 'AD', 'TH', '5H', 'KC', '6S', '7C', 'AH', 'QC', 'TD', 'JH', '3H', '6D', '3S', 'KH', '4C', '7D', 'KD', 'JC', '7H', 'KS', '6C', '2D', '8D', '9H', '8S', '6H', 'TC', '3C', 'QS'], 'loose': ['5D', '9C', '4S', '4H'], 'builds': [], 'captured': [[], []], 'sweeps': [0, 0], 'last_capturer': None, 'scores': [0, 0], 'plucked': []})
    pos.apply(parse_move("pluck:9C"))
    assert position_to_json(pos)["plucked"] == [2]
