"""docs/formats.md for every variant: positions round-trip through JSON (with the
fields a variant adds: ``plucked``, ``winner``, ``round``), game records
replay exactly (actions too, and games that a call or a sudden-death sweep
ended), and events' JSON has exactly the fields docs/formats.md lists.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cassino.rules import (CALL, CAPTURE, PRESET_LIST, Event, Game, InvalidPositionError, Move,
                           Position, ReplayError, Rules, card_text, parse_card, parse_move,
                           position_from_json, position_to_json, record_to_json, replay,
                           standard_teams)

from .helpers import table_position

STANDARD_KEYS = ["format", "rules", "players", "teams", "dealer", "to_move", "hands", "stock",
                 "loose", "builds", "captured", "sweeps", "last_capturer", "scores"]
EVENT_KEYS = {"format", "seat", "move", "sweep", "drawn", "dealt", "round_end", "winner"}
ROUND_END_KEYS = {"residue", "residue_to", "items", "points", "scores"}
ITEM_NAMES = {"cards", "spades", "TD", "2S", "AS", "AH", "AD", "AC", "sweeps", "spade_points",
              "all_eleven"}

# Every preset in each of its seatings, and option sets that add fields to a
# position or actions to a record.
GAMES: list[tuple[str, Rules, int, list[list[int]]]] = [
    (f"{p.key}-{n}{'-teams' if partners else ''}", p.rules(n), n, standard_teams(n, partners))
    for p in PRESET_LIST for n in p.players for partners in (False, True) if p.allows(n, partners)]
GAMES += [
    ("pluck-rounds-6", Rules(pluck=True, rounds=2, spade_scoring=True), 6, standard_teams(6)),
    ("call-pluck-teams", Rules(call_for_21=True, pluck=True, target=11), 4, standard_teams(4, True)),
    ("call-sudden-2", Rules(call_for_21=True, sudden_death=True, target=5), 2, standard_teams(2)),
    ("sudden-count-out-3", Rules(sudden_death=True, count_out=True, target=3, initial_pairs=True),
     3, standard_teams(3)),
    ("all-eleven-win-5", Rules(all_eleven="win", card_tie_to_spades=True, target=11), 5,
     standard_teams(5)),
    ("buckeye-aces-14-draw", Rules(royal=True, buckeye=True, ace_14=True, draw=True,
                                   controller="strict"), 3, standard_teams(3)),
    ("trailing-singly-answer", Rules(trailing_royals=True, deal_singly=True, controller="answer",
                                     all_eleven="bonus"), 4, standard_teams(4)),
]
GAME_IDS = [g[0] for g in GAMES]


def policy(pos: Position, rng: random.Random) -> Move:
    """Random moves: plucks and calls now and then; the biggest capture when
    the table gets crowded (a table of thirty cards has millions of moves)."""
    moves = pos.legal_moves()
    if Move.call() in moves and rng.random() < 0.02:
        return Move.call()
    plays = [m for m in moves if m.kind != CALL]
    if pos.loose.bit_count() >= 8 or rng.random() < 0.3:
        captures = [m for m in plays if m.kind == CAPTURE]
        if captures:
            return max(captures, key=lambda m: (m.takes.bit_count(), m))
    return rng.choice(plays)


def play(rules: Rules, players: int, teams: list[list[int]], seed: int,
         visit: Any = None) -> tuple[Game, list[Event]]:
    """A whole game; ``visit(position)`` is called on every position reached."""
    rng = random.Random(seed)
    game = Game(rules, players, teams, seed=seed)
    events: list[Event] = []
    while not game.over:
        pos = game.position
        if visit:
            visit(pos)
        events.append(game.play(policy(pos, rng)))
        if visit and (game.position is not pos or game.over):
            # The round's last position, or one a call or a sweep ended; within a
            # round the position played on is the next one visited.
            visit(pos)
    return game, events


# ==============================================================================
# Positions
# ==============================================================================

def round_trip(pos: Position) -> dict[str, Any]:
    """The position's JSON, through text and back, gives the same position."""
    data = position_to_json(pos)
    text = json.dumps(data)
    again = position_from_json(json.loads(text))
    assert position_to_json(again) == data
    for key in ("dealer", "to_move", "hands", "stock", "loose", "builds", "captured", "sweeps",
                "last_capturer", "scores", "plucked", "winner", "teams"):
        assert getattr(again, key) == getattr(pos, key), key
    # The round's number is written only under 'rounds' (docs/formats.md); else read as 1.
    assert again.round == (pos.round if pos.rules.rounds is not None else 1)
    assert again.rules == pos.rules and again.players == pos.players
    assert again.legal_moves() == pos.legal_moves()
    return data


def variant_fields(pos: Position, data: dict[str, Any]) -> None:
    """The fields a variant adds are written only as docs/formats.md says."""
    extra = [k for k in data if k not in STANDARD_KEYS]
    want = []
    if pos.rules.pluck:
        want.append("plucked")
        assert data["plucked"] == [s for s in range(pos.players) if pos.plucked >> s & 1]
    if pos.winner is not None:
        want.append("winner")
        assert data["winner"] == pos.winner
    if pos.rules.rounds is not None:
        want.append("round")
        assert data["round"] == pos.round
    assert extra == want
    assert list(data)[:len(STANDARD_KEYS)] == STANDARD_KEYS


@pytest.mark.parametrize("name, rules, players, teams", GAMES, ids=GAME_IDS)
def test_positions_of_every_variant_round_trip_through_json(name: str, rules: Rules, players: int,
                                                            teams: list[list[int]]) -> None:
    seen = {"plucked": 0, "winner": 0, "round": 0}

    def visit(pos: Position) -> None:
        data = round_trip(pos)
        variant_fields(pos, data)
        seen["plucked"] += bool(data.get("plucked"))
        seen["winner"] += "winner" in data
        seen["round"] += data.get("round", 1) > 1

    inside = 0
    for seed in range(3):
        _, events = play(rules, players, teams, seed, visit)
        inside += events[-1].round_end is None  # a call or a sudden-death sweep
    assert bool(seen["winner"]) == bool(inside)
    if rules.pluck:
        assert seen["plucked"], "some position lists a seat that plucked"
    if rules.rounds is not None:
        assert seen["round"], "some position is of a later round"


def test_a_standard_position_has_exactly_the_standard_fields() -> None:
    assert list(position_to_json(table_position("5C", "5D"))) == STANDARD_KEYS


def test_plucked_is_always_written_under_pluck_and_read_as_empty_when_missing() -> None:
    pos = table_position("5H", "5D 9C", rules=Rules(pluck=True), stock_size=8)
    data = position_to_json(pos)
    assert data["plucked"] == []
    pos.play(parse_move("pluck:9C"))
    data = position_to_json(pos)
    assert data["plucked"] == [0]
    assert position_from_json(data).plucked == 1
    before = position_to_json(table_position("5H", "5D 9C", rules=Rules(pluck=True), stock_size=8))
    del before["plucked"]
    assert position_from_json(before).plucked == 0


def test_winner_is_written_once_a_call_ended_the_game_and_read_back() -> None:
    pos = table_position("5H 6H", "5D 9C", rules=Rules(call_for_21=True))
    assert "winner" not in position_to_json(pos)
    pos.play(Move.call())
    data = round_trip(pos)
    assert data["winner"] == 1 and data["to_move"] == 0
    assert position_from_json(data).legal_moves() == []


def test_winner_after_a_sudden_death_sweep_to_move_stays() -> None:
    pos = table_position("5C 2H", "5D", rules=Rules(sudden_death=True), scores=(20, 18))
    pos.play(parse_move("5Cx5:5D"))
    data = round_trip(pos)
    assert data["winner"] == 0 and data["to_move"] == 0 and data["sweeps"] == [1, 0]
    assert data["scores"] == [20, 18]  # the scores before the round: the sweep is in 'sweeps'


def test_winner_after_a_sudden_death_sweep_with_the_last_card_of_a_deal() -> None:
    """Every hand empty, the stock not: nothing was dealt, as docs/formats.md says
    of a position with a winner; such a position is valid and reads back."""
    pos = table_position("5C", "5D", others=[""], dealer=0, stock_size=8, scores=(20, 18),
                         rules=Rules(sudden_death=True))
    pos.play(parse_move("5Cx5:5D"))
    assert pos.problems() == []
    data = round_trip(pos)
    assert data["winner"] == 0 and data["to_move"] == 0 and len(data["stock"]) == 8
    data["to_move"] = 1  # the seat that swept stays to move
    with pytest.raises(InvalidPositionError):
        position_from_json(data)
    data["to_move"] = 0
    del data["winner"]  # without a winner, the next deal is due
    with pytest.raises(InvalidPositionError, match="the next cards are dealt as soon as the hands are empty"):
        position_from_json(data)


def test_winner_is_refused_where_no_call_or_sudden_death_could_end_the_game() -> None:
    data = position_to_json(table_position("5C 2H", "5D"))
    data["winner"] = 0
    with pytest.raises(InvalidPositionError, match="winner"):
        position_from_json(data)


def test_round_is_written_only_under_rounds_and_read_as_1_when_missing() -> None:
    rules = Rules(rounds=4)
    pos = table_position("5C", "5D", rules=rules, round=3)
    data = round_trip(pos)
    assert data["round"] == 3
    del data["round"]
    assert position_from_json(data).round == 1
    assert "round" not in position_to_json(table_position("5C", "5D", round=3))


def test_plucked_is_refused_without_pluck() -> None:
    data = position_to_json(table_position("5C", "5D"))
    data["plucked"] = [0]
    with pytest.raises(InvalidPositionError, match="plucked"):
        position_from_json(data)


# ==============================================================================
# Game records
# ==============================================================================

@pytest.mark.parametrize("name, rules, players, teams", GAMES, ids=GAME_IDS)
def test_records_of_every_variant_replay_exactly(name: str, rules: Rules, players: int,
                                                 teams: list[list[int]]) -> None:
    for seed in range(3):
        game, events = play(rules, players, teams, seed)
        record = json.loads(json.dumps(record_to_json(game)))
        assert record["rules"] == rules.to_json() and record["teams"] == teams
        assert record["moves"] == [e.move.text() for e in events]
        again = replay(record)
        assert [m.text() for m in again.moves] == record["moves"]
        assert again.totals == game.totals and again.winner == game.winner
        assert again.rounds == game.rounds
        assert position_to_json(again.position) == position_to_json(game.position)
        assert again.round_events == game.round_events


def test_records_hold_actions_and_a_game_a_call_ended_stops_at_the_call() -> None:
    rules = Rules(call_for_21=True, pluck=True)
    for seed in range(40):
        game, events = play(rules, 2, standard_teams(2), seed)
        texts = record_to_json(game)["moves"]
        if texts[-1] == "call" and any(t.startswith("pluck:") for t in texts):
            break
    else:
        pytest.fail("no game with a pluck ended by a call in 40 seeds")
    record = record_to_json(game)
    assert replay(record).winner == game.winner
    record["moves"] = texts + ["call"]
    with pytest.raises(ReplayError, match="already over"):
        replay(record)


def test_a_record_of_a_game_ended_by_a_sudden_death_sweep_stops_at_the_sweep() -> None:
    rules = Rules(sudden_death=True, target=1)
    for seed in range(40):
        game, events = play(rules, 2, standard_teams(2), seed)
        if events and events[-1].round_end is None:
            break
    else:
        pytest.fail("no game ended by a sweep in 40 seeds")
    assert events[-1].sweep
    record = record_to_json(game)
    again = replay(record)
    assert again.over and again.winner == game.winner and again.totals == game.totals
    assert again.rounds == []
    hand = again.position.hands[again.position.to_move]
    if hand:
        record["moves"] = record["moves"] + [card_text(hand.bit_length() - 1) + "-"]
        with pytest.raises(ReplayError, match="already over"):
            replay(record)


# ==============================================================================
# Events
# ==============================================================================

def check_event_json(event: Event, pos_rules: Rules) -> None:
    data = json.loads(json.dumps(event.to_json()))
    assert set(data) == EVENT_KEYS
    assert data["format"] == "cassino-event/1"
    assert data["move"] == event.move.text() and parse_move(data["move"]) == event.move
    assert isinstance(data["seat"], int) and isinstance(data["sweep"], bool)
    assert isinstance(data["dealt"], bool)
    assert data["drawn"] == [card_text(c) for c in event.drawn]
    if pos_rules.draw is False:
        assert data["drawn"] == []
    end = data["round_end"]
    if end is not None:
        assert set(end) == ROUND_END_KEYS
        assert all(set(i) == {"item", "team", "points"} and i["item"] in ITEM_NAMES
                   for i in end["items"])
        assert all(parse_card(c) >= 0 for c in end["residue"])
        teams = len(end["points"])
        assert len(end["scores"]) == teams
        assert end["residue_to"] is None or 0 <= end["residue_to"] < teams
        for team in range(teams):
            assert sum(i["points"] for i in end["items"] if i["team"] == team) == end["points"][team]
    assert data["winner"] is None or isinstance(data["winner"], int)


@pytest.mark.parametrize("name, rules, players, teams", GAMES, ids=GAME_IDS)
def test_events_json_has_exactly_the_fields_formats_md_lists(name: str, rules: Rules, players: int,
                                                             teams: list[list[int]]) -> None:
    kinds = set()
    for seed in range(2):
        game, events = play(rules, players, teams, seed)
        for event in events:
            check_event_json(event, rules)
            kinds.add(event.move.kind)
            if event.round_end is not None:
                kinds.add("round_end")
        assert events[-1].winner == game.winner
    assert {"trail", "capture", "round_end"} <= kinds or game.rounds == []


def test_a_draw_cassino_hand_short_of_four_while_the_stock_lasts_is_refused() -> None:
    """§9.10: each play draws a card while the stock lasts, so every hand holds
    four until it is out (an AI that met such a position had no move to play)."""
    draw = Rules(draw=True)
    full = table_position("5C 2H 3D 4S", "5D", others=["6C 7C 8C 9C"], rules=draw, stock_size=20)
    assert full.problems() == []
    short = position_to_json(full)
    short["hands"][0].remove("4S")  # as if the 4S was trailed and nothing drawn
    short["loose"].append("4S")
    short["to_move"] = 1
    with pytest.raises(InvalidPositionError, match="the hands hold 3, 4 cards; in Draw Cassino each "
                                                   "play draws a card while the stock lasts"):
        position_from_json(short)
    # (Once the stock is out, hands play down: every position of the Draw games
    # above is read back.)


def test_a_draw_cassino_position_with_the_wrong_player_to_move_says_whose_turn_the_stock_gives() -> None:
    """Every hand holds four while the stock lasts: "seat 0 has 4 cards, which does not
    fit the deal" blamed the hand, when the stock's count says whose turn it is."""
    draw = Rules(draw=True)
    pos = table_position("5C 2H 3D 4S", "5D", others=["6C 7C 8C 9C"], rules=draw, stock_size=38)
    assert pos.problems() == [] and pos.to_move == 0
    wrong = position_to_json(pos)
    wrong["to_move"] = 1  # two cards drawn since the deal: each seat has played, seat 0 is to move
    with pytest.raises(InvalidPositionError, match="with 38 cards left in the stock, 2 plays have been made "
                                                   "since the deal .each drew a card., so seat 0 is to move, "
                                                   "not seat 1"):
        position_from_json(wrong)


def test_a_draw_cassino_game_ended_by_a_sudden_death_sweep_keeps_the_swept_hand_short() -> None:
    rules = Rules(draw=True, sudden_death=True)
    pos = table_position("5C 2H 3D 4S", "5D", others=["6C 7C 8C 9C"], rules=rules, stock_size=20,
                         scores=(20, 18))
    pos.play(parse_move("5Cx5:5D"))
    assert pos.winner == 0 and pos.hands[0].bit_count() == 3  # nothing drawn after the sweep
    assert pos.problems() == []
    assert round_trip(pos)["winner"] == 0
