"""The examples of docs/rules.md, checked against the rules engine.

Each test sets up the example's table and hands as the page describes them
and compares the engine's legal moves (or scores, or deal) with what the
page says; every move the page names must also appear in its text, so the
page and the engine cannot drift apart unnoticed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from cassino.rules import (Build, Game, Position, Rules, card_text, cards_of, mask_of, parse_card,
                           parse_move, shape_of)
from cassino.rules.scoring import pile_items

DOC = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text(encoding="utf-8")


def cards(text: str) -> int:
    return mask_of(parse_card(t) for t in text.split())


def position(hand: str, loose: str = "", builds: Sequence[tuple[str, int, bool, int]] = (),
             others: Sequence[str] = (), stock: int = 0, rules: Rules = Rules(), players: int = 2,
             captured: Sequence[str] = (), scores: Sequence[int] | None = None) -> Position:
    """Seat 0 to move (the eldest) holding ``hand``; the other hands as given or
    filled to the same size; ``stock`` cards left to deal; the rest captured by
    the last seat (after any ``captured`` piles given in seat order)."""
    shape = shape_of(rules, players, [[s] for s in range(players)])
    used = cards(hand) | cards(loose)
    build_list = []
    for text, value, multiple, controller in builds:
        build_list.append(Build(cards(text), value, multiple, controller))
        used |= cards(text)
    given = [cards(o) for o in others]
    piles = [cards(c) for c in captured] + [0] * (players - len(captured))
    for m in given + piles:
        used |= m
    spare = cards_of(shape.pack_mask & ~used)
    hands = [cards(hand)] + given
    while len(hands) < players:
        hands.append(mask_of(spare[:len(hand.split())]))
        spare = spare[len(hand.split()):]
    piles[-1] |= mask_of(spare[stock:])
    pos = Position(shape, players - 1, 0, hands, spare[:stock], cards(loose), build_list, piles,
                   [0] * players, None, list(scores or [0] * players))
    assert not pos.problems(), pos.problems()
    return pos


def legal(pos: Position, card: str | None = None) -> set[str]:
    return {m.text() for m in pos.legal_moves() if card is None or m.card == parse_card(card)}


def in_doc(*moves: str) -> None:
    for m in moves:
        assert f"`{m}`" in DOC, f"{m} is not written in docs/rules.md"


def check(pos: Position, expected: set[str], card: str | None = None) -> None:
    """The legal moves (of one card) are exactly ``expected``, and the page names them."""
    assert legal(pos, card) == expected
    in_doc(*expected)


# -- §2, §9.2, §9.15: dealing ---------------------------------------------------------


def hands_of(pos: Position) -> list[str]:
    return [" ".join(card_text(c) for c in cards_of(h)) for h in pos.hands]


def test_first_deal_two_players() -> None:
    pack = [parse_card(c) for c in "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS".split()]
    pack += [c for c in range(52) if c not in pack]
    pos = Position.deal_round(Rules(), 2, None, 1, pack)
    assert hands_of(pos) == ["AS 2S 7S 8S", "5S 6S JS QS"]  # c1 c2 c7 c8; c5 c6 c11 c12
    assert pos.loose == cards("3S 4S 9S TS") and pos.to_move == 0


@pytest.mark.parametrize("singly, expected", [
    (True, (["AS 5S 9S KS", "2S 6S TS AH", "4S 8S QS 3H"], "3S 7S JS 2H")),
    (False, (["AS 2S 9S TS", "3S 4S JS QS", "7S 8S 2H 3H"], "5S 6S KS AH")),
])
def test_deal_singly_three_players(singly: bool, expected: tuple[list[str], str]) -> None:
    rules = Rules(deal_singly=singly)
    pack = list(range(52))  # AS 2S ... KS AH 2H ...
    pos = Position.deal_round(rules, 3, None, 2, pack)
    assert hands_of(pos) == expected[0] and pos.loose == cards(expected[1])
    for text in expected[0][0:1] + [expected[1]]:
        assert text in DOC


def test_five_players_last_deal_goes_two_two_one() -> None:
    game = Game(Rules(), 5, None, "docs/five")
    while game.position.dealer != 2:
        game = Game(Rules(), 5, None, f"docs/five/{game.seed}")
    pos = game.position
    d = list(pos.stock)
    assert len(d) == 25 and len(game.shape.pack) == 49
    rng = random.Random(5)
    while pos.deal_number == 1:
        moves = pos.legal_moves()
        pos.play(moves[rng.randrange(len(moves))])
    want = {3: [0, 1, 10, 11, 20], 4: [2, 3, 12, 13, 21], 0: [4, 5, 14, 15, 22],
            1: [6, 7, 16, 17, 23], 2: [8, 9, 18, 19, 24]}
    for seat, idx in want.items():
        assert pos.hands[seat] == mask_of(d[i] for i in idx)


# -- §4, §5: capturing and building ---------------------------------------------------


def test_capturing_groups_of_seven() -> None:
    check(position("7C 2D KS", "AH 3C 4D 6S 7H"),
          {"7Cx7:7H", "7Cx7:6S,AH", "7Cx7:4D,3C", "7Cx7:6S,AH,7H", "7Cx7:7H,4D,3C",
           "7Cx7:6S,AH,4D,3C", "7Cx7:6S,AH,7H,4D,3C", "7C-"}, "7C")


def test_court_cards_take_one_of_their_rank() -> None:
    check(position("JD 5C", "JH JC 4S"), {"JDx:JH", "JDx:JC", "JD-"}, "JD")
    check(position("JD 5C", "JH JC 4S", rules=Rules(court_capture="all")), {"JDx:JH,JC", "JD-"}, "JD")


def test_the_same_cards_grouped_two_ways_are_one_capture() -> None:
    pos = position("6C", "AS 2S 3S 3H 3D")
    assert len(pos.moves()) == len(set(pos.moves()))
    assert "6Cx6:AS,2S,3S,3H,3D" in legal(pos)
    in_doc("6Cx6:AS,2S,3S,3H,3D")


def test_build_moves() -> None:
    assert legal(position("5D 9H", "4C"), "5D") == {"5Db9:4C", "5D-"}
    assert legal(position("7C 7D", "3S 4H"), "7C") == {"7Cm7:3S,4H", "7Cx7:3S,4H", "7C-"}
    assert legal(position("3H 9S", builds=[("4C 2D", 6, False, 1)], others=["6H 8C"]), "3H") == \
        {"3Hb9:2D,4C", "3H-"}
    in_doc("5Db9:4C", "7Cm7:3S,4H", "7Cx7:3S,4H", "3Hb9:2D,4C")
    pos = position("8H 8D 2C", "6S", builds=[("5S 3C", 8, False, 1)], others=["8S 4C 9D"])
    assert {"8Hm8:5S,3C", "2Cm8:5S,6S,3C", "2Cb8:6S"} <= legal(pos)
    in_doc("8Hm8:5S,3C", "2Cm8:5S,6S,3C", "2Cb8:6S")
    check(position("AD 9S", builds=[("6C 2H 3D 5S", 8, True, 1)], others=["8S 4C"]),
          {"AD-", "9S-"})


def test_two_builds_of_one_value_are_never_merged() -> None:
    pos = position("8H 8D 2C", builds=[("5S 3C", 8, False, 0), ("6D 2H", 8, False, 1)],
                   others=["8S 4C 9D"])
    check(pos, {"8Hx8:5S,3C", "8Hx8:2H,6D", "8Hx8:5S,2H,6D,3C", "8Hm8:5S,3C", "8Hm8:2H,6D"}, "8H")
    for m in pos.legal_moves():
        if m.kind == "build":
            assert sum(1 for b in pos.builds if b.cards & m.takes) <= 1


def test_a_build_of_aces() -> None:
    assert "ASm1:AC" in legal(position("AS AH 5D", "AC"))
    in_doc("ASm1:AC")


# -- §7, §9.5: the controller's duties ------------------------------------------------

SIX = dict(hand="6D 9C 3S", loose="3H", builds=[("4C 2H", 6, False, 0)], others=["KH 5D 8C"])
HOYLE = {"6Dx6:2H,4C", "3Sx3:3H", "3Sb9:2H,4C", "3Sm6:2H,3H,4C", "3Sb6:3H"}


@pytest.mark.parametrize("controller, expected", [
    ("hoyle", HOYLE),
    ("permissive", HOYLE | {"3S-", "9C-"}),
    ("answer", {"6Dx6:2H,4C", "3Sb9:2H,4C", "3Sm6:2H,3H,4C"}),
    ("strict", HOYLE - {"3Sb6:3H"}),
])
def test_controller_duties(controller: str, expected: set[str]) -> None:
    check(position(**SIX, rules=Rules(controller=controller)), expected)  # type: ignore[arg-type]


def test_strict_never_adds_to_another_players_build() -> None:
    setup = dict(hand="3S 7D TC", loose="4D", builds=[("AS 6H", 7, False, 1)], others=["7C QC KH"])
    hoyle = legal(position(**setup))  # type: ignore[arg-type]
    strict = legal(position(**setup, rules=Rules(controller="strict")))  # type: ignore[arg-type]
    assert "3Sm7:AS,6H,4D" in hoyle and "3Sm7:AS,6H,4D" not in strict
    assert {"3Sb10:AS,6H", "3Sb7:4D"} <= strict
    in_doc("3Sm7:AS,6H,4D", "3Sb10:AS,6H", "3Sb7:4D")


# -- §8 and the scoring variants ------------------------------------------------------


def points(rules: Rules, pile0: str, sweeps: Sequence[int] = (0, 0)) -> list[int]:
    a = cards(pile0)
    items, _, _ = pile_items(rules, [a, (1 << 52) - 1 & ~a], list(sweeps))
    return [sum(i.points for i in items if i.team == t) for t in (0, 1)]


PILE_28 = "AS 2S 3S 4S 5S 6S 7S JS TD KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H 9D 8D 7D 6D 5D 4D 3D"
PILE_27 = "AS 2S 3S 4S 5S 6S 7S 8S AH AD AC TD 2H 3H 4H 5H 6H 7H 8H 9H TH 2D 3D 4D 5D 6D 7D"
PILE_26 = "AS 2S 3S 4S 5S 6S 7S AH AD TD 2H 3H 4H 5H 6H 7H 8H 9H TH 2D 3D 4D 5D 6D 7D 8D"


def test_scoring_examples() -> None:
    assert len(PILE_28.split()) == 28 and points(Rules(), PILE_28) == [8, 3]
    assert points(Rules(spade_scoring=True), PILE_28) == [17, 8]
    assert len(PILE_27.split()) == 27 and points(Rules(), PILE_27) == [11, 0]
    assert points(Rules(all_eleven="bonus"), PILE_27) == [12, 0]
    assert len(PILE_26.split()) == 26 and points(Rules(), PILE_26) == [7, 1]
    assert points(Rules(card_tie_to_spades=True), PILE_26) == [10, 1]
    assert [points(Rules(sweeps=v), PILE_26, (2, 1)) for v in (0, 1, 2)] == [[7, 1], [9, 2], [11, 3]]


def last_two_cards(rules: Rules, pile0: str, scores: list[int], round_number: int = 1,
                   last_capturer: int | None = 1) -> Position:
    """Seat 0 to trail its 9C and seat 1 to take it with the last card, 9H (a sweep)."""
    pos = position("9C", others=["9H"], rules=rules, captured=[pile0], scores=scores)
    pos.round = round_number
    pos.last_capturer = last_capturer
    pos.play(parse_move("9C-"))
    return pos


COUNT_OUT_PILE = ("3S 4S 5S 2H 3H 4H 5H 6H 7H 8H TH JH QH KH 2D 3D 4D 5D 6D 7D 8D 9D JD QD "
                  "2C 3C 4C 5C 6C 7C")


def test_count_out_and_rounds() -> None:
    pos = last_two_cards(Rules(count_out=True), COUNT_OUT_PILE, [19, 18])
    event = pos.play(parse_move("9Hx9:9C"))
    assert event.sweep and event.round_end is not None
    assert event.round_end.scores == (22, 27) and event.winner == 0
    pos = last_two_cards(Rules(), COUNT_OUT_PILE, [19, 18])
    assert pos.play(parse_move("9Hx9:9C")).winner == 1
    rounds = Rules(rounds=4)
    for rnd, scores, winner in ((3, [10, 12], None), (4, [10, 12], 1), (4, [18, 12], None)):
        event = last_two_cards(rounds, COUNT_OUT_PILE, scores, rnd).play(parse_move("9Hx9:9C"))
        assert event.round_end is not None
        assert event.winner == winner, (rnd, scores, event.round_end.scores)
    assert "21-21 means a fifth" in DOC.replace("\n", " ")


def test_the_residue_goes_to_the_dealer_when_nobody_captured() -> None:
    pos = position("9C", "4D", others=["5H"], captured=["", ""])
    pos.captured = [0, (1 << 52) - 1 & ~(pos.hands[0] | pos.hands[1] | pos.loose)]
    pos.play(parse_move("9C-"))
    end = pos.play(parse_move("5H-")).round_end
    assert end is not None and end.residue == cards("4D 9C 5H") and end.residue_to == pos.dealer


# -- the card variants ----------------------------------------------------------------

ROYAL = Rules(royal=True, sweeps=0)
ACES = Rules(royal=True, ace_14=True, sweeps=0)
BUCKEYE = Rules(royal=True, buckeye=True, sweeps=0)
TRAILING = Rules(trailing_royals=True, sweeps=0)


def test_royal() -> None:
    check(position("KD JH 2H", "9S 4C", rules=ROYAL), {"KDx13:9S,4C", "2Hb11:9S", "KD-", "JH-", "2H-"})
    assert legal(position("KD JH 2H", "9S 4C")) == {"KD-", "JH-", "2H-"}


def test_aces_14_and_the_hold_rule() -> None:
    check(position("AD 5C", "AH KC", rules=ACES), {"ADx1:AH", "ADx14:AH,KC", "AD-", "5C-"})
    assert "2Cb14:QH" in legal(position("AD 2C", "QH", rules=ACES))
    two = dict(loose="AS", builds=[("QS 2H", 14, False, 0)], others=["5C 7D"], rules=ACES)
    check(position("AC AD", **two), {"ACx14:QS,2H", "ADx14:QS,2H", "ACx1:AS", "ADx1:AS"})  # type: ignore[arg-type]
    in_doc("ACm1:AS")
    check(position("AC 9D", **two), {"ACx14:QS,2H"})  # type: ignore[arg-type]


def test_buckeye() -> None:
    check(position("TD 4S", "JC 6H 4H", rules=BUCKEYE),
          {"TDx10:4H,6H", "TDx11:JC", "4Sx4:4H", "4Sb10:6H", "TD-", "4S-"})
    check(position("JS 8C", "TD 3H", rules=BUCKEYE), {"JSx11:TD", "8Cb11:3H", "8Cm11:3H,TD", "JS-", "8C-"})
    check(position("TD 6C", "4S", builds=[("5H 6H", 11, False, 0)], others=["5C 7D"], rules=BUCKEYE),
          {"TDx11:5H,6H"})


def test_trailing_royals() -> None:
    check(position("KC KD 4D", "KS KH 6D", rules=TRAILING),
          {"KCx:KS", "KCx:KH", "KCx:KS,KH", "KCm13:KS", "KCm13:KH", "KCm13:KS,KH", "KC-"}, "KC")
    check(position("QD 4D", "6D", builds=[("QH QC", 12, True, 1)], others=["QS 2C"], rules=TRAILING),
          {"QDx:QH,QC", "QD-", "4D-"})


# -- draw, initial pairs, pluck, call, sudden death -----------------------------------


def pack_starting(text: str, rules: Rules = Rules(), players: int = 2) -> list[int]:
    first = [parse_card(c) for c in text.split()]
    return first + [c for c in shape_of(rules, players, [[0], [1]]).pack if c not in first]


def test_draw() -> None:
    rules = Rules(draw=True)
    pos = Position.deal_round(rules, 2, None, 1, pack_starting("7H 3C 9D KS 5S 2H AD 4C 8C QH TS JD 6H",
                                                               rules))
    assert pos.hands[0] == cards("7H AD 3C 4C") and card_text(pos.stock[0]) == "6H"
    event = pos.play(parse_move("7H-"))
    assert [card_text(c) for c in event.drawn] == ["6H"] and pos.hands[0] == cards("6H AD 3C 4C")


@pytest.mark.parametrize("table, taken, sweep", [
    ("5C 5H 9S 9D", "5C 5H 9S 9D", True), ("5C 5H 5S JD", "5C 5H 5S", False), ("5C 8H 9S 4D", "", False)])
def test_initial_pairs(table: str, taken: str, sweep: bool) -> None:
    a, b, c, d = table.split()
    rules = Rules(initial_pairs=True)
    pos = Position.deal_round(rules, 2, None, 1, pack_starting(f"2C 3C {a} {b} 4C 6C 7C 8C {c} {d} TC KC",
                                                               rules))
    assert pos.captured[0] == cards(taken) and pos.loose == cards(table) & ~cards(taken)
    assert pos.sweeps[0] == sweep and pos.last_capturer == (0 if taken else None)
    assert f"`{table}`" in DOC


def test_pluck() -> None:
    pluck = Rules(pluck=True)
    check(position("6S 2C", "6C QS AH", stock=40, rules=pluck),
          {"pluck:6C", "pluck:QS", "6Sx6:6C", "6S-", "2C-"})
    assert legal(position("6S 2C", "6C QS AH", stock=40, rules=Rules(pluck=True, spade_scoring=True))) == \
        {"pluck:6C", "6Sx6:6C", "6S-", "2C-"}
    assert legal(position("6S 2C", "6C QS AH", rules=pluck)) == {"6Sx6:6C", "6S-", "2C-"}
    assert legal(position("6S 2C", "6C", stock=40, rules=pluck)) == {"6Sx6:6C", "6S-", "2C-"}
    pos = position("6S 2C", "6C QS AH", stock=40, rules=pluck)
    event = pos.play(parse_move("pluck:QS"))
    assert not event.sweep and pos.to_move == 0 and pos.last_capturer is None
    assert legal(pos) == {"6Sx6:6C", "6S-", "2C-"}


@pytest.mark.parametrize("pile, winner", [("TD 2S AS AH 3S 4S 5S 6S 7S", 0), ("TD 2S AS 3S 4S 5S 6S 7S", 1)])
def test_call_for_21(pile: str, winner: int) -> None:
    pos = position("8D 9C", "4H", stock=8, rules=Rules(call_for_21=True), captured=[pile],
                   scores=[15, 17])
    event = pos.play(parse_move("call"))
    assert event.winner == winner and event.counts is not None
    assert event.counts[0] == 21 - winner
    assert legal(pos) == set()


@pytest.mark.parametrize("scores, winner", [([20, 18], 0), ([20, 21, 21], None)])
def test_sudden_death(scores: list[int], winner: int | None) -> None:
    players = len(scores)
    pos = position("8D 9C", "8H", stock=8 if players == 2 else 12, rules=Rules(sudden_death=True),
                   players=players, scores=scores)
    event = pos.play(parse_move("8Dx8:8H"))
    assert event.sweep and event.winner == winner


def test_every_option_and_preset_is_on_the_page() -> None:
    from cassino.rules import PRESET_LIST
    from cassino.rules.options import option_names

    for key in option_names():
        assert f"`{key}`" in DOC, key
    for p in PRESET_LIST:
        assert f"| {p.name} | `{p.key}` |" in DOC, p.name
