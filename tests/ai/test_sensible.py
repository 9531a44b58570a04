"""Decisions that show a computer player understands the variant in force:
spades under spade scoring, the call for 21, plucks, the ten of diamonds in
buckeye, the beginner's builds in Royal, and play at tables of five and six."""

from __future__ import annotations

import random

import pytest

from cassino.ai import Budget, SeatView, make_player
from cassino.ai.arena import match
from cassino.ai.intermediate import call_wins
from cassino.ai.knowledge import card_points
from cassino.rules import PRESETS, Move, Position, Rules, parse_card, parse_move
from cassino.rules.scoring import call_counts

from .spots import spot
from tests.rules.helpers import cards, table_position

THINKERS = ["beginner", "intermediate", "expert"]
SPADES = Rules(spade_scoring=True, target=61)
BUCKEYE = PRESETS["buckeye"].rules(2)


def choice(level: str, pos: Position, seed: int = 1, work: int = 30) -> Move:
    move = make_player(level).choose(SeatView(pos, pos.to_move), random.Random(seed), Budget(work=work))
    assert pos.is_legal(move)
    return move


# -- spade scoring ------------------------------------------------------------------


def test_under_spade_scoring_every_spade_is_worth_a_point_and_the_jack_two() -> None:
    plain, spades = card_points(Rules()), card_points(SPADES)
    for card, extra in (("9S", 1), ("JS", 2), ("AS", 1), ("2S", 1), ("9H", 0), ("TD", 0)):
        assert spades[parse_card(card)] - plain[parse_card(card)] == extra, card


@pytest.mark.parametrize("level", THINKERS)
def test_under_spade_scoring_the_capture_with_the_spade_is_taken(level: str) -> None:
    # 9H takes 9S or 6D takes 6C: one card either way, the same number of each
    # value unseen, court cards on the table so neither leaves a sweep.
    # (The Expert's playouts overrule its evaluator now and then on the noise of a
    # few deals: a clear majority of seeds, not every one.)
    pos = spot("9H 6D", "9S 6C KD QC", rules=SPADES)
    chosen = [choice(level, pos, seed).text() for seed in range(10)]
    assert chosen.count("9Hx9:9S") >= 8, chosen


def test_the_spade_is_worth_more_under_spade_scoring_than_without() -> None:
    from cassino.ai.intermediate import Evaluator

    def lead(rules: Rules) -> float:
        pos = spot("9H 6D", "9S 6C KD QC", rules=rules)
        ev = Evaluator(SeatView(pos, 0))
        scores = {m.text(): ev.score(m) for m in pos.legal_moves()}
        return scores["9Hx9:9S"] - scores["6Dx6:6C"]

    assert lead(SPADES) > lead(Rules()) + 0.5


# -- call for 21 -----------------------------------------------------------------------


@pytest.mark.parametrize("level", THINKERS)
def test_a_call_comes_exactly_when_the_count_reaches_the_target(level: str) -> None:
    rules = Rules(call_for_21=True)
    for score in range(14, 21):
        # Big casino and an ace in the pile: 3 points this round are certain.
        pos = spot("7H 8C", "5D KS", rules=rules, captured=["TD AS 4C"], scores=[score, 10])
        assert call_counts(pos)[0] == score + 3
        move = choice(level, pos, work=4)
        assert (move.kind == "call") == (score + 3 >= 21), (score, move.text())
        assert call_wins(SeatView(pos, 0)) == (score + 3 >= 21)


def test_a_partner_calls_on_the_partnership_s_count() -> None:
    rules = Rules(call_for_21=True)
    teams = [[0, 2], [1, 3]]
    for score, calls in ((18, True), (17, False)):
        pos = spot("7H 8C", "5D KS", rules=rules, players=4, teams=teams,
                   captured=["TD AS 4C"], scores=[score, 20])
        for level in THINKERS:
            assert (choice(level, pos, work=4).kind == "call") == calls, (level, score)


def test_the_side_behind_does_not_call_on_the_other_side_s_count() -> None:
    # The other side has 21 certain; our call would hand them the game.
    pos = spot("7H 8C", "5D KS", rules=Rules(call_for_21=True), captured=["4C", "TD AS"],
               scores=[10, 18])
    for level in THINKERS:
        assert choice(level, pos, work=4).kind != "call"


@pytest.mark.parametrize("level", ["intermediate", "expert", "master"])
def test_a_pluck_that_makes_the_count_comes_before_the_call(level: str) -> None:
    # 18 certain with 26 cards, exactly half the pack: no card point yet.
    # Plucking 5S makes 27 cards, more than half: 3 points, 21, and the turn
    # goes on to a call that wins (§9.17, §9.18). Capturing 5S and 4H makes
    # 28 cards too, but the turn ends, and the other side, at 23, calls first.
    plain = ("3H 5H 6H 7H 8H 9H TH JH QH KH 3C 4C 5C 6C 7C 8C TC JC QC KC "
             "3D 4D 5D 6D 2H 2C")
    pos = spot("9C 7D 8D JD", "5S 4H", others=["QD KD 3S 4S"], rules=Rules(pluck=True, call_for_21=True),
               captured=[plain, "TD QS 8S AS AC 2D TS 9D"], scores=[18, 19])
    assert call_counts(pos) == (18, 23)
    assert choice(level, pos, work=4).text() == "pluck:5S"
    pos.apply(parse_move("pluck:5S"))
    assert call_counts(pos)[0] == 21 and choice(level, pos, work=4).kind == "call"


def test_the_master_takes_a_sure_win_over_a_likely_one_with_more_points() -> None:
    # 20 certain (16, a sweep, TD, AH). 3C sweeps 3H: 21, and the call next turn
    # wins whatever the other side does (it cannot reach 21 first). The search
    # once rated a trail's 98% and a bigger round above the sure win.
    pos = spot("AS KS 3C", "3H", others=["8S 2D KC"], rules=Rules(pluck=True, call_for_21=True),
               captured=["3S 7S 9S QS AH 8H QH 4D 5D 6D 9D TD TC", ""], sweeps=[1, 0], scores=[16, 15],
               stock_size=32, plucked=1)
    assert call_counts(pos)[0] == 20
    for seed in range(3):
        assert choice("master", pos, seed, work=8).text() == "3Cx3:3H"


def test_at_five_the_intermediate_does_not_let_a_few_playouts_overrule_a_clear_sweep() -> None:
    # The last deal at five: 5C sweeps the lone 5D. The Intermediate plays its
    # best few moves out on 8 deals of the hidden cards; on so few, a trail now
    # and then came out ahead by luck and was played (7 seeds in 40). The
    # evaluator's favourite now stands unless another move beats it clearly.
    pos = spot("7S TS 3C 5C", "5D", others=["7H 8H 6D TD", "3S 3D KD QC", "QH KH 7D 8D", "2S 8S 9D 9C"],
               players=5, stock_size=0)
    chosen = [choice("intermediate", pos, seed, work=10).text() for seed in range(40)]
    assert chosen.count("5Cx5:5D") >= 38, chosen


def test_the_richest_capture_of_a_crowded_table_is_reckoned_with_the_most_cards() -> None:
    # 18 loose cards: a 9 takes 16 of them in groups of 9 (9H, 9C, 8H+A, 7H+2H,
    # 7C+2D, 6H+3H, 6C+3D, 5H+4C, 5C+4H). Taking the richest groups first
    # stopped at 11 cards, and the reply a 9 threatens was reckoned too small.
    from cassino.ai.knowledge import richest_union, worth_of
    from cassino.rules.legal import generator

    loose = "AH 2H 3H 4H 5H 6H 7H 8H 9H 3C 4C 5C 6C 7C 8C 9C 2D 3D"
    pos = spot("5S 6S 8S 9D", loose, others=["KD QC 2S 4S"], stock_size=8)
    assert richest_union(generator(pos), pos.loose, 9, worth_of(pos)).bit_count() == 16


@pytest.mark.parametrize("level", ["beginner", "intermediate", "expert"])
def test_on_a_crowded_table_a_capture_of_sixteen_cards_is_weighed_and_taken(level: str) -> None:
    # The same table: the 9 takes 16 of the 18 cards. The captures weighed
    # on a crowded table were listed within sets of about ten cards, so the
    # players took ten at most (the 6 with five groups of 6).
    loose = "AH 2H 3H 4H 5H 6H 7H 8H 9H 3C 4C 5C 6C 7C 8C 9C 2D 3D"
    pos = spot("5S 6S 8S 9D", loose, others=["KD QC 2S 4S"], stock_size=8)
    move = choice(level, pos, work=20)
    assert move.card == parse_card("9D") and move.takes.bit_count() == 16, move.text()


# -- pluck -------------------------------------------------------------------------------


PLUCK = Rules(pluck=True)


@pytest.mark.parametrize("level", ["intermediate", "expert"])
def test_a_pluck_that_turns_a_capture_into_a_sweep(level: str) -> None:
    # Taking 2C alone would leave 6D for the next player's sweep; plucking
    # 6D first gains it, and 2H then sweeps.
    pos = spot("2H JS", "6D 2C", rules=PLUCK)
    assert choice(level, pos).text() == "pluck:6D"
    pos.apply(parse_move("pluck:6D"))
    after = make_player(level).choose(SeatView(pos, 0), random.Random(1), Budget(work=30))
    assert after.text() == "2Hx2:2C"
    assert pos.apply(after).sweep


@pytest.mark.parametrize("level", ["intermediate", "expert"])
def test_a_pluck_that_gains_a_card_for_free(level: str) -> None:
    # RULES §9.17's example: after plucking 9C, 5H takes 5D and sweeps.
    pos = spot("5H JS", "5D 9C", rules=PLUCK)
    assert choice(level, pos).text() == "pluck:9C"


@pytest.mark.parametrize("level", THINKERS)
def test_no_pluck_when_it_would_spoil_a_sweep(level: str) -> None:
    # 9H takes 2C and 7D together; plucking either leaves the other untakeable.
    pos = spot("9H 5S", "2C 7D", rules=PLUCK)
    assert choice(level, pos).text() == "9Hx9:7D,2C"


@pytest.mark.parametrize("level", ["intermediate", "expert"])
def test_no_pluck_when_the_player_has_plucked_this_deal(level: str) -> None:
    pos = spot("2H JS", "6D 2C", rules=PLUCK, plucked=1)
    assert choice(level, pos).kind != "pluck"


# -- sudden death ------------------------------------------------------------------------


SUDDEN = Rules(sudden_death=True)


@pytest.mark.parametrize("level", ["intermediate", "expert", "master"])
def test_under_sudden_death_no_sweep_is_left_to_the_side_it_would_make_the_winner(level: str) -> None:
    # The last deal, 18 to 20: a sweep would take the other side to 21 and end
    # the game (§9.19). TC takes TD but leaves 5H to their 5D; trailing 2C
    # leaves a table no card of theirs can clear.
    pos = spot("TC 2C", "TD 5H", others=["5D 9S"], rules=SUDDEN, stock_size=0, scores=[18, 20])
    assert choice(level, pos, work=8).text() == "2C-"


@pytest.mark.parametrize("level", ["intermediate", "expert", "master"])
def test_under_sudden_death_the_sweep_that_wins_the_game_is_made(level: str) -> None:
    # 20 to 15: 7D takes 4H and 3C, a sweep, 21, and the game ends at once.
    pos = spot("7D TD 9S KC", "4H 3C", rules=SUDDEN, scores=[20, 15])
    move = choice(level, pos, work=8)
    assert move.text() == "7Dx7:4H,3C" and pos.apply(move).winner == 0


# -- buckeye ------------------------------------------------------------------------------


@pytest.mark.parametrize("level", THINKERS)
def test_buckeye_s_ten_of_diamonds_captures_a_jack_as_eleven(level: str) -> None:
    pos = spot("TD 4H", "JS 5C", rules=BUCKEYE)
    assert choice(level, pos).text() == "TDx11:JS"


@pytest.mark.parametrize("level", THINKERS)
def test_buckeye_s_ten_of_diamonds_counts_ten_when_that_takes_more(level: str) -> None:
    pos = spot("TD 8S", "JH 4C 6H", rules=BUCKEYE)
    assert choice(level, pos).text() == "TDx10:6H,4C"


# -- the beginner in Royal -------------------------------------------------------------------

ROYAL = PRESETS["royal"].rules(2)


def test_a_royal_beginner_builds_to_the_court_card_it_holds() -> None:
    from cassino.ai.beginner import Beginner

    pos = spot("4H KD", "9C 2S", rules=ROYAL)
    move = Beginner(mistake_rate=0.0).choose(SeatView(pos, 0), random.Random(1))
    assert move.text() == "4Hb13:9C"


@pytest.mark.parametrize("rules", [ROYAL, Rules()], ids=["royal", "standard"])
def test_a_beginner_makes_no_other_build(rules: Rules) -> None:
    from cassino.ai.beginner import Beginner

    # 3H on 5C builds eight for the 8D: beyond a beginner, in Royal too.
    pos = spot("3H 8D", "5C", rules=rules)
    for seed in range(5):
        move = Beginner().choose(SeatView(pos, 0), random.Random(seed))
        assert move.kind == "trail", move.text()


def test_a_pluck_game_beginner_plucks_a_loose_spade_and_then_plays() -> None:
    from cassino.ai.beginner import Beginner

    # §9.17: a pluck moves one loose card to the pile before the card play.
    pos = spot("3H 8D", "5C 9S 4S", rules=Rules(pluck=True))
    beginner = Beginner(mistake_rate=0.0)
    move = beginner.choose(SeatView(pos, 0), random.Random(1))
    assert move.text() == "pluck:9S"
    pos.apply(move)
    # The turn goes on to the card play, with no second pluck.
    follow = beginner.choose(SeatView(pos, 0), random.Random(1))
    assert follow.card >= 0 and pos.is_legal(follow)
    # With no spade loose it does not pluck: it just plays.
    pos = spot("3H 8D", "5C 9H", rules=Rules(pluck=True))
    assert beginner.choose(SeatView(pos, 0), random.Random(1)).card >= 0


# -- five and six players -------------------------------------------------------------------


@pytest.mark.parametrize("players,opponent,games", [(5, "random", 40), (5, "beginner", 60),
                                                    (6, "random", 40), (6, "beginner", 60)])
def test_the_intermediate_wins_well_above_its_share_at_five_and_six(players: int, opponent: str,
                                                                    games: int) -> None:
    """One Intermediate against four or five others: it wins far more than its
    1 in 5 (or 6) share of the games, surely more (the interval's lower end)."""
    rules = PRESETS["five-players"].rules(5) if players == 5 else Rules()
    result = match(make_player("intermediate"), make_player(opponent), games, seed=77,
                   players=players, rules=rules)
    share = 1 / players
    assert result["win_rate_a_ci"][0] > share, result
    assert result["win_rate_a"] > (3.0 if opponent == "random" else 1.5) * share, result


def test_no_capture_that_leaves_only_a_build_its_controller_will_sweep() -> None:
    """The other player controls a build of 10, so holds a 10 (§7): taking
    the lone K♣ beside it leaves them a certain sweep. The Intermediate
    counted that as a one-in-five chance, and took the king."""
    pos = spot("6H KH 3C", "KC", others=["TH TC QC"], builds=[("TS AD 9C", 10, True, 1)])
    for seed in range(3):
        move = make_player("intermediate").choose(SeatView(pos, 0), random.Random(seed), Budget(work=5))
        assert move != parse_move("KHx:KC"), "the king's capture hands over a sweep"


def test_a_capture_that_leaves_one_loose_card_beside_a_build_is_weighed_as_a_pluck_and_a_sweep() -> None:
    """Pluck Cassino: taking the 9♣ leaves the 4♦ and the other's build of 8.
    Not having plucked this deal, they pluck the 4♦ and take the build with
    their 8: a sweep. The evaluator every level ranks its moves by counts
    that threat, as it counts the plain sweep (the audit's Master took the 9♣)."""
    from cassino.ai.intermediate import Evaluator

    def score(rules: Rules, text: str) -> float:
        pos = spot("9H 6C 7D 2H", "9C 4D", others=["8C KD QH JS"], builds=[("5S 3D", 8, False, 1)], rules=rules)
        return Evaluator(SeatView(pos, 0)).score(parse_move(text))

    capture, build = "9Hx9:9C", "2Hb6:4D"
    # The threat costs the capture the sweep's point and the plucked card.
    assert score(Rules(pluck=True), capture) <= score(Rules(), capture) - 1.0
    # A move that leaves two loose cards beside the build leaves no such sweep.
    assert score(Rules(pluck=True), build) == score(Rules(), build)


def test_the_master_s_search_sees_the_other_s_pluck_then_sweep() -> None:
    """The same table, searched with every card known: the other player's
    pluck of the 4♦ and sweep with the 8 is a line of play inside the deal
    search, not only at its root, and costs the capture of the 9♣ the sweep."""
    from cassino.ai.alphabeta import DealSearch
    from cassino.ai.estimate import Estimate
    from cassino.ai.knowledge import worth_of

    def margin(rules: Rules) -> float:
        pos = spot("9H 6C 7D 2H", "9C 4D", others=["8C KD QH JS"], builds=[("5S 3D", 8, False, 1)], rules=rules)
        search = DealSearch(Estimate(pos, 0), worth_of(SeatView(pos, 0)), 10**6)
        return search.move_value(pos, parse_move("9Hx9:9C"), 8)[2]

    assert margin(Rules(pluck=True)) <= margin(Rules()) - 1.0


# Two endings of four players in partnerships, from a game between computer players,
# where the greedy playouts misplayed the rest of the round (an audit solved each on
# every split of the unseen cards).
ENDINGS = {
    # Take your build of 6 and the loose 6♥ your partner trailed for it, not the build alone:
    # better on 318 of 560 splits of the hidden cards, worse on 2.
    "the partner's six": ({
        "format": "cassino-position/1", "rules": {}, "players": 4, "teams": [[0, 2], [1, 3]], "dealer": 0,
        "to_move": 2, "hands": [["8H", "QH", "7D"], ["9C", "KC"], ["4S", "3H", "6C"], ["9S", "TH", "9D"]],
        "stock": [], "loose": ["5S", "QS", "6H", "KH", "8D", "TC"],
        "builds": [{"cards": ["2H", "4C"], "value": 6, "multiple": False, "controller": 2}],
        "captured": [["6S", "8S", "TS", "AH", "5H", "7H", "9H", "AD", "3D", "4D", "6D", "TD", "QD", "AC", "3C",
                      "8C", "QC"],
                     ["AS", "2S", "3S", "7S", "JS", "KS", "4H", "JH", "2D", "5D", "JD", "KD", "2C", "5C", "7C",
                      "JC"]],
        "sweeps": [0, 0], "last_capturer": 1, "scores": [1, 10]}, "6Cx6:2H,6H,4C"),
    # Trail the 2♥, not the last ace: never worse on the 90 splits, better on 36.
    "the last ace": ({
        "format": "cassino-position/1", "rules": {}, "players": 4, "teams": [[0, 2], [1, 3]], "dealer": 3,
        "to_move": 3, "hands": [["KH", "JC"], ["QS", "2D"], ["JS", "TC"], ["8S", "AH", "2H"]], "stock": [],
        "loose": ["8H", "TH", "QH", "4D", "5D", "KD"], "builds": [],
        "captured": [["4S", "6S", "KS", "4H", "7H", "7D", "QD", "3C", "4C", "6C", "7C", "QC", "KC"],
                     ["AS", "2S", "3S", "5S", "7S", "9S", "TS", "3H", "5H", "6H", "9H", "JH", "AD", "3D", "6D",
                      "8D", "9D", "TD", "JD", "AC", "2C", "5C", "8C", "9C"]],
        "sweeps": [0, 0], "last_capturer": 2, "scores": [0, 0]}, "2H-"),
}


@pytest.mark.parametrize("name", list(ENDINGS))
@pytest.mark.parametrize("seed", [0, 1])
def test_the_expert_solves_a_partnership_ending_on_each_deal_it_samples(name: str, seed: int) -> None:
    from cassino.rules import position_from_json

    data, best = ENDINGS[name]
    pos = position_from_json(data)
    assert choice("expert", pos, seed=seed) == parse_move(best)


def test_the_master_searches_a_partnership_ending_to_the_round_s_end() -> None:
    from cassino.rules import position_from_json

    data, best = ENDINGS["the partner's six"]
    assert choice("master", position_from_json(data)) == parse_move(best)


def test_the_intermediate_takes_a_build_rather_than_add_to_it_for_its_owner_to_take() -> None:
    # North controls fives (A♠+3♠+5♥+A♦), so holds a five. The Intermediate added A♥+4♠ to
    # it, reckoning the five held at one chance in ten; North took three aces and three spades.
    pos = table_position(hand="AH 2H JD 5C", loose="4S", builds=[("AS 3S 5H AD", 5, True, 1)],
                         others=["5S 4D QD"], stock_size=40, scores=[9, 14], dealer=0)
    move = make_player("intermediate").choose(SeatView(pos, 0), random.Random(1), Budget(work=5))
    assert move.kind == "capture" and move.takes & cards("AS 3S 5H AD") == cards("AS 3S 5H AD"), move.text()


# Draw Cassino, the stock out, two players: every card is known. Trailing the 4♥ lost 11
# points of the round's balance, the 3♠ 5 (exactly); the Master's tree chose the 4♥.
DRAW_ENDING = {
    "format": "cassino-position/1", "rules": {"draw": True}, "players": 2, "teams": [[0], [1]], "dealer": 0,
    "to_move": 1, "hands": [["AS", "2S", "7D", "8C"], ["3S", "7S", "4H", "TD"]], "stock": [],
    "loose": ["JH", "5C", "JC"], "builds": [],
    "captured": [["5S", "6S", "TS", "JS", "AH", "2H", "3H", "8H", "TH", "QH", "KH", "AD", "5D", "6D", "8D", "JD",
                  "AC", "4C", "TC", "QC", "KC"],
                 ["4S", "8S", "9S", "QS", "KS", "5H", "6H", "7H", "9H", "2D", "3D", "4D", "9D", "QD", "KD", "2C",
                  "3C", "6C", "7C", "9C"]],
    "sweeps": [2, 2], "last_capturer": 0, "scores": [12, 12]}


@pytest.mark.parametrize("level", ["expert", "master"])
def test_two_players_draw_cassino_with_the_stock_out_is_solved(level: str) -> None:
    from cassino.rules import position_from_json

    assert choice(level, position_from_json(DRAW_ENDING)) == parse_move("3S-")
