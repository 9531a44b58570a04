"""The interchange formats of docs/formats.md: cards, moves (text and JSON), positions, game records.

These formats are the public contract, so the tests are written from
docs/formats.md: its examples, its promises (round trips, canonical order, refusals
that name the problem), checked over positions from random play.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cassino.rules import (BUILD, CAPTURE, TRAIL, Game, InvalidCardError, InvalidMoveError,
                           InvalidPositionError, InvalidRecordError, Move, Position,
                           ReplayError, Rules, card_text, cards_of, cards_text, mask_of,
                           move_from_json, parse_any_move, parse_card, parse_cards, parse_move,
                           position_from_json, position_to_json, record_to_json, replay)
from cassino.rules.cards import DECK, FULL_DECK

from .helpers import RULE_SETS, table_position

SUITS = "SHDC"
RANKS = "A23456789TJQK"
CANONICAL = [r + s for s in SUITS for r in RANKS]  # docs/formats.md: by suit S H D C, then A..K

SEATINGS = [(2, None), (3, None), (4, None), (4, [[0, 2], [1, 3]])]
OPTIONS = RULE_SETS


def roundtrip_json(data: Any) -> Any:
    """Through real JSON text, as a file would carry it."""
    return json.loads(json.dumps(data))


def random_game(rules: Rules, players: int, teams: Any, seed: int | str, max_moves: int | None = None,
                snapshots: list[Position] | None = None) -> Game:
    """A game played with uniformly random legal moves from a seeded deal."""
    game = Game(rules, players, teams, seed)
    rng = random.Random(f"test/{seed}")
    n = 0
    while not game.over and (max_moves is None or n < max_moves):
        if snapshots is not None:
            snapshots.append(game.position.copy())
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
        n += 1
    return game


@st.composite
def played_positions(draw: Any) -> Position:
    """A position from random play: any seating, any implemented option, any point of a game."""
    rules = draw(st.sampled_from(OPTIONS))
    players, teams = draw(st.sampled_from(SEATINGS))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    moves = draw(st.integers(min_value=0, max_value=200))
    return random_game(rules, players, teams, seed, max_moves=moves).position.copy()


# -- cards -------------------------------------------------------------------------


def test_every_card_has_a_two_character_upper_case_text_that_parses_back() -> None:
    texts = [card_text(c) for c in DECK]
    assert len(set(texts)) == 52
    for c, t in zip(DECK, texts):
        assert len(t) == 2 and t == t.upper()
        assert t[0] in RANKS and t[1] in SUITS
        assert parse_card(t) == c
        assert parse_card(t.lower()) == c
        assert parse_card(t[0].lower() + t[1]) == c
        assert parse_card(t[0] + t[1].lower()) == c


def test_casinos_are_named_as_formats_md_says() -> None:
    assert card_text(parse_card("TD")) == "TD"
    assert card_text(parse_card("td")) == "TD"   # written upper case
    assert card_text(parse_card("2s")) == "2S"
    assert parse_card("TD") != parse_card("TS")


def test_canonical_order_is_suit_then_rank() -> None:
    assert [card_text(c) for c in sorted(DECK)] == CANONICAL
    shuffled = CANONICAL[:]
    random.Random(7).shuffle(shuffled)
    mask = parse_cards(shuffled)
    assert mask == FULL_DECK
    assert [card_text(c) for c in cards_of(mask)] == CANONICAL
    assert cards_text(mask) == ",".join(CANONICAL)
    assert cards_text(parse_cards(["6C", "8d", "2D", "KS", "AH"])) == "KS,AH,2D,8D,6C"


@pytest.mark.parametrize("text", ["", " ", "7", "7HH", "1S", "11H", "0D", "XS", "7X", "S7", "HA",
                                  "AA", "77", "7-", "7 H", "♠7", "7♥"])
def test_bad_card_text_is_refused_with_a_clear_message(text: str) -> None:
    with pytest.raises(InvalidCardError) as e:
        parse_card(text)
    message = str(e.value)
    assert repr(text) in message                 # names what it got
    assert "rank then suit" in message           # and says what a card looks like
    assert "7H" in message or "TD" in message


@pytest.mark.parametrize("value", [None, 7, 7.0, ["7H"], b"7H"])
def test_a_card_that_is_not_text_is_refused(value: Any) -> None:
    with pytest.raises(InvalidCardError, match="two-character string"):
        parse_card(value)


def test_card_lists_refuse_a_card_twice_and_non_lists() -> None:
    with pytest.raises(InvalidCardError, match="^the 7H is listed twice in hand 0$"):
        parse_cards(["7H", "3C", "7h"], "hand 0")
    with pytest.raises(InvalidCardError, match="must be a list"):
        parse_cards("7H,3C", "hand 0")
    with pytest.raises(InvalidCardError, match="'ZZ' is not a card"):
        parse_cards(["7H", "ZZ"])


# -- moves: the docs/formats.md table and JSON example -----------------------------------

FORMATS_MOVES = [
    # text, card, kind, value, takes (canonical), multiple
    ("7H-", "7H", TRAIL, 0, [], False),
    ("8Sx8:2D,8D,6C", "8S", CAPTURE, 8, ["2D", "8D", "6C"], False),
    ("3Cb8:5D", "3C", BUILD, 8, ["5D"], False),
    ("2Cm7:4S,5H,3D,7C", "2C", BUILD, 7, ["4S", "5H", "3D", "7C"], True),
    ("QDx:QS", "QD", CAPTURE, 0, ["QS"], False),
]


@pytest.mark.parametrize("text, card, kind, value, takes, multiple", FORMATS_MOVES)
def test_formats_md_move_table(text: str, card: str, kind: str, value: int, takes: list[str],
                               multiple: bool) -> None:
    move = parse_move(text)
    assert move == Move(parse_card(card), kind, value, mask_of(map(parse_card, takes)), multiple)
    assert move.text() == text
    assert str(move) == text
    expected_json: dict[str, Any] = {"card": card, "kind": kind}
    if value:
        expected_json["value"] = value
    expected_json["takes"] = takes
    expected_json["multiple"] = multiple
    assert move.to_json() == expected_json
    assert move_from_json(roundtrip_json(move.to_json())) == move
    assert parse_any_move(json.dumps(move.to_json())) == move
    assert parse_any_move(text) == move
    # Parsers accept lower case and takes in any order; writers write canonical upper case.
    assert parse_move(text.lower()) == move
    if takes:
        head, _, tail = text.partition(":")
        assert parse_move(head + ":" + ",".join(reversed(tail.split(",")))).text() == text


def test_formats_md_trail_and_court_capture_json_have_no_value() -> None:
    assert "value" not in parse_move("7H-").to_json()
    assert "value" not in parse_move("QDx:QS").to_json()
    assert parse_move("7H-").to_json()["takes"] == []


def test_formats_md_move_json_example() -> None:
    example = {"card": "8S", "kind": "capture", "value": 8, "takes": ["5S", "2D", "8D"],
               "multiple": False}
    move = move_from_json(example)
    assert move.card == parse_card("8S") and move.kind == CAPTURE and move.value == 8
    assert move.takes_cards == [parse_card(t) for t in ["5S", "2D", "8D"]]
    assert not move.multiple
    assert move.to_json() == example
    assert move.text() == "8Sx8:5S,2D,8D"
    assert parse_move(move.text()) == move
    # Same fields, same move: key order and takes order do not matter.
    shuffled = {"multiple": False, "takes": ["8D", "2d", "5S"], "value": 8, "kind": "capture",
                "card": "8s"}
    assert move_from_json(shuffled) == move


def test_json_value_of_royal_court_capture_and_ace_as_14() -> None:
    royal = table_position("QD 4H", "QS", rules=Rules(royal=True, sweeps=0))
    q = [m for m in royal.legal_moves() if m.card == parse_card("QD") and m.kind == CAPTURE]
    assert [m.text() for m in q] == ["QDx12:QS"]
    assert q[0].to_json()["value"] == 12
    ace14 = table_position("AS 4H", "9H 5D", rules=Rules(royal=True, ace_14=True, sweeps=0))
    a = [m for m in ace14.legal_moves() if m.card == parse_card("AS") and m.kind == CAPTURE]
    assert "ASx14:9H,5D" in [m.text() for m in a]
    m14 = parse_move("ASx14:9H,5D")
    assert m14.to_json() == {"card": "AS", "kind": "capture", "value": 14, "takes": ["9H", "5D"],
                             "multiple": False}
    assert move_from_json(m14.to_json()) == m14


@pytest.mark.parametrize("text", [
    "", "7H", "7H+", "7H--", "7H-:", "7Hx", "7Hx8", "ZZ-", "1H-", "7Hy8:8D", "8S x8:8D",
    "8Sx8:", "8Sx8:8D,", "8Sx8:,8D", "8Sx8:8D:2D", "8Sx8:8D,8D", "8Sx8:8d,8D", "8Sx8:8S",
    "8Sb:5D", "8Sm:5D,3C", "8Sb0:5D", "8Sxa:8D", "8Sx-8:8D", "8Sx8.0:8D", "8Sx8:ZZ",
    "8Sx8:10", "8Sx²:8D",
])
def test_malformed_move_text_is_refused(text: str) -> None:
    with pytest.raises(InvalidMoveError) as e:
        parse_move(text)
    assert str(e.value)


def test_a_ten_written_10_is_read_as_in_every_other_place() -> None:
    # '10H' was taken in a position's cards and a move's cards taken, but not
    # as the card played: "'10' is not a card".
    assert parse_move("10H-") == parse_move("TH-")
    assert parse_move("10Hx10:10C").text() == "THx10:TC"
    with pytest.raises(InvalidMoveError, match="'10Z' is not a card"):
        parse_move("10Z-")


@pytest.mark.parametrize("value", [None, 8, ["7H-"], {"card": "7H", "kind": "trail"}])
def test_move_text_that_is_not_text_is_refused(value: Any) -> None:
    with pytest.raises(InvalidMoveError):
        parse_move(value)


@pytest.mark.parametrize("data, words", [
    ("7H-", "object"),
    (["7H", "trail"], "object"),
    (None, "object"),
    ({"card": "7H", "kind": "trail", "takes": [], "multiple": False, "seat": 0}, "unknown keys"),
    ({"kind": "trail"}, "'card'"),
    ({"card": "7Z", "kind": "trail"}, "'card'"),
    ({"card": 7, "kind": "trail"}, "'card'"),
    ({"card": "7H"}, "'kind'"),
    ({"card": "7H", "kind": "discard"}, "'kind'"),
    ({"card": "7H", "kind": "Trail"}, "'kind'"),
    ({"card": "8S", "kind": "capture", "value": "8", "takes": ["8D"]}, "'value'"),
    ({"card": "8S", "kind": "capture", "value": 8.0, "takes": ["8D"]}, "'value'"),
    ({"card": "8S", "kind": "capture", "value": -8, "takes": ["8D"]}, "'value'"),
    ({"card": "8S", "kind": "capture", "value": True, "takes": ["8D"]}, "'value'"),
    ({"card": "8S", "kind": "capture", "value": 8, "takes": "8D"}, "'takes'"),
    ({"card": "8S", "kind": "capture", "value": 8, "takes": ["8X"]}, "'takes'"),
    ({"card": "8S", "kind": "capture", "value": 8, "takes": ["8D", "8d"]}, "twice"),
    ({"card": "8S", "kind": "capture", "value": 8, "takes": ["8D"], "multiple": "false"}, "'multiple'"),
    ({"card": "8S", "kind": "capture", "value": 8, "takes": ["8D"], "multiple": 0}, "'multiple'"),
    # The field that is wrong is named ("a trail takes nothing and has no value" of 'multiple').
    ({"card": "7H", "kind": "trail", "takes": ["5D"]}, "(this one has 'takes')"),
    ({"card": "7H", "kind": "trail", "value": 7}, "(this one has 'value')"),
    ({"card": "7H", "kind": "trail", "multiple": True}, "(this one has 'multiple')"),
    ({"card": "7H", "kind": "trail", "value": 7, "multiple": True}, "(this one has 'value' and 'multiple')"),
    ({"kind": "call", "card": "8S"}, "move JSON: a call plays no card: it has no 'card', 'value' or 'multiple' "
                                     "(this one has 'card')"),
    ({"kind": "pluck", "takes": ["5D"], "value": 5}, "(this one has 'value')"),
    ({"card": "3C", "kind": "build", "takes": ["5D"]}, "value"),
    ({"card": "3C", "kind": "build", "value": 0, "takes": ["5D"]}, "value"),
    ({"card": "8S", "kind": "capture", "value": 8, "takes": ["8D"], "multiple": True}, "multiple"),
    ({"card": "8S", "kind": "capture", "value": 8, "takes": ["8S"]}, "8S"),
    # A capture or a build takes table cards (docs/formats.md: 'takes' is empty for a trail);
    # the compact text cannot even express these ('8Sx8:' is refused).
    pytest.param({"card": "8S", "kind": "capture", "value": 8, "takes": []}, "",
                 id="capture taking nothing"),
    pytest.param({"card": "3C", "kind": "build", "value": 8, "takes": []}, "",
                 id="build taking nothing"),
])
def test_malformed_move_json_is_refused(data: Any, words: str) -> None:
    with pytest.raises(InvalidMoveError) as e:
        move_from_json(data)
    assert words in str(e.value)


def test_a_value_too_big_for_any_card_is_refused_by_what_is_wrong_with_it() -> None:
    # Three digits are no value at all; two digits parse, and the rules say
    # why a build of 20 or a capture of 15 cannot be.
    with pytest.raises(InvalidMoveError, match="more than 14"):
        parse_move("4Db100:AD")
    with pytest.raises(InvalidMoveError, match="more than 14"):
        move_from_json({"card": "4D", "kind": "build", "value": 100, "takes": ["AD"]})
    pos = table_position("4D TH", "5C 6C AD")
    assert pos.violation(parse_move("4Db20:5C,6C")) == (
        "A build can be at most 10: it needs a card of its value to capture it.")
    assert "not 15" in (pos.violation(parse_move("THx15:5C")) or "")


def test_parse_any_move_reads_both_forms_and_refuses_broken_json() -> None:
    assert parse_any_move("  3Cb8:5D ") == parse_move("3Cb8:5D")
    assert parse_any_move('{"card": "3C", "kind": "build", "value": 8, "takes": ["5D"], '
                          '"multiple": false}') == parse_move("3Cb8:5D")
    with pytest.raises(InvalidMoveError, match="does not parse"):
        parse_any_move('{"card": "3C", ')
    with pytest.raises(InvalidMoveError):
        parse_any_move('{"card": "3C", "kind": "build"}')


# -- moves: round trips over the legal moves of random positions ---------------------

MOVE_TEXT = re.compile(r"^[A2-9TJQK][SHDC](-|[xbm](\d+)?:[A2-9TJQK][SHDC](,[A2-9TJQK][SHDC])*)$")


def check_move_forms(move: Move) -> None:
    text = move.text()
    assert MOVE_TEXT.match(text), text
    assert parse_move(text) == move
    assert parse_move(text.lower()) == move
    assert parse_any_move(text) == move
    data = move.to_json()
    assert move_from_json(roundtrip_json(data)) == move
    assert parse_any_move(json.dumps(data)) == move
    # The JSON fields say what docs/formats.md says they say.
    assert data["card"] == card_text(move.card)
    assert data["kind"] == move.kind
    assert data["takes"] == [card_text(c) for c in sorted(move.takes_cards)]
    assert data["multiple"] is move.multiple
    assert ("value" in data) == (move.value != 0)
    if move.kind == TRAIL:
        assert data["takes"] == [] and "value" not in data and text.endswith("-")
    else:
        assert data["takes"]
    if move.kind != BUILD:
        assert data["multiple"] is False
    # Cards of 'takes' in any order name the same move.
    if move.kind != TRAIL:
        head, _, tail = text.partition(":")
        assert parse_move(head + ":" + ",".join(reversed(tail.split(",")))) == move
        shuffled = dict(data, takes=list(reversed(data["takes"])))
        assert move_from_json(shuffled) == move


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(played_positions())
def test_legal_moves_round_trip_through_text_and_json(pos: Position) -> None:
    moves = pos.legal_moves()
    texts = [m.text() for m in moves]
    assert len(set(texts)) == len(moves)          # distinct moves, distinct texts
    assert len({json.dumps(m.to_json(), sort_keys=True) for m in moves}) == len(moves)
    assert moves == sorted(moves)                 # canonical order
    for move in moves:
        check_move_forms(move)


def test_legal_moves_round_trip_in_every_seating_and_option() -> None:
    """Deterministic sweep: every seating with every option, a whole game each."""
    for players, teams in SEATINGS:
        for i, rules in enumerate(OPTIONS):
            snaps: list[Position] = []
            random_game(rules, players, teams, f"moves/{players}/{teams}/{i}", snapshots=snaps)
            for pos in snaps[::5]:
                for move in pos.legal_moves():
                    check_move_forms(move)


# -- positions -----------------------------------------------------------------------


def check_position_round_trip(pos: Position) -> None:
    data = position_to_json(pos)
    assert data["format"] == "cassino-position/1"
    assert set(data) == {"format", "rules", "players", "teams", "dealer", "to_move", "hands",
                         "stock", "loose", "builds", "captured", "sweeps", "last_capturer",
                         "scores"}
    # Card lists in canonical order (the stock in deal order), every card once.
    lists = data["hands"] + [data["loose"]] + [b["cards"] for b in data["builds"]] + data["captured"]
    for cards in lists:
        assert cards == sorted(cards, key=CANONICAL.index)
    everything = [c for cards in lists for c in cards] + data["stock"]
    assert sorted(everything, key=CANONICAL.index) == CANONICAL
    assert len(data["captured"]) == len(data["sweeps"]) == len(data["scores"]) == len(data["teams"])

    text = json.dumps(data)
    back = position_from_json(json.loads(text))
    assert position_to_json(back) == data
    assert back.rules == pos.rules
    assert back.stock == pos.stock
    assert back.legal_moves() == pos.legal_moves()
    # Play on from both with the same moves: the same deals, the same end.
    rng = random.Random(text)
    a, b = pos.copy(), back
    for _ in range(12):
        if a.round_over:
            break
        legal = a.legal_moves()
        move = legal[rng.randrange(len(legal))]
        a.play(move)
        b.play(move)
        assert position_to_json(a) == position_to_json(b)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(played_positions())
def test_position_json_round_trip(pos: Position) -> None:
    check_position_round_trip(pos)


@pytest.mark.parametrize("players, teams", SEATINGS)
@pytest.mark.parametrize("rules", OPTIONS, ids=lambda r: r.describe())
def test_position_json_round_trip_through_whole_games(players: int, teams: Any, rules: Rules) -> None:
    snaps: list[Position] = []
    game = random_game(rules, players, teams, f"positions/{players}/{teams}/{rules.describe()}",
                       snapshots=snaps)
    snaps.append(game.position)                   # the finished last round
    for pos in snaps[::3] + snaps[-1:]:
        check_position_round_trip(pos)


def test_rules_in_position_json_are_only_the_non_standard_options() -> None:
    pos = Game(Rules(royal=True, ace_14=True, sweeps=0, target=11), 4, [[0, 2], [1, 3]], 5).position
    data = position_to_json(pos)
    assert data["rules"] == {"royal": True, "ace_14": True, "sweeps": 0, "target": 11}
    assert data["teams"] == [[0, 2], [1, 3]]
    assert position_from_json(roundtrip_json(data)).rules == pos.rules
    assert position_to_json(Game(Rules(), 2, None, 5).position)["rules"] == {}


FORMATS_POSITION_EXAMPLE = {
    "format": "cassino-position/1",
    "rules": {"sweeps": 1},
    "players": 2,
    "teams": [[0], [1]],
    "dealer": 1,
    "to_move": 0,
    "hands": [["7H", "3C"], ["8D", "KS"]],
    "stock": [],
    "loose": ["5D"],
    "builds": [{"cards": ["2C", "3H"], "value": 5, "multiple": False, "controller": 1}],
    "captured": [[], []],
    "sweeps": [0, 0],
    "last_capturer": None,
    "scores": [0, 0],
}


def test_formats_md_position_example_as_written_is_not_a_valid_position() -> None:
    """The example in docs/formats.md shows the shape of the format but breaks its own
    rules: 45 cards are nowhere, and seat 1 controls a 5-build holding 8D and KS.
    Both problems must be named."""
    with pytest.raises(InvalidPositionError) as e:
        position_from_json(copy.deepcopy(FORMATS_POSITION_EXAMPLE))
    message = str(e.value)
    assert "cards missing" in message and "KC" in message
    assert "seat 1" in message and "value 5" in message


def corrected_example() -> dict[str, Any]:
    """docs/formats.md's position example made valid: seat 1 holds a 5 (5S for the 8D) so
    it may control the 5-build, and the cards already played sit in the captured piles."""
    data = copy.deepcopy(FORMATS_POSITION_EXAMPLE)
    data["hands"] = [["7H", "3C"], ["5S", "KS"]]
    used = {c for h in data["hands"] for c in h} | set(data["loose"]) | {"2C", "3H"}
    rest = [c for c in CANONICAL if c not in used]
    data["captured"] = [rest[::2], rest[1::2]]
    data["last_capturer"] = 1
    return data


def test_corrected_formats_md_position_example_loads() -> None:
    data = corrected_example()
    pos = position_from_json(roundtrip_json(data))
    assert pos.players == 2 and pos.dealer == 1 and pos.to_move == 0
    assert pos.rules == Rules()
    assert [b.value for b in pos.builds] == [5] and pos.builds[0].controller == 1
    assert [m.text() for m in pos.legal_moves()] == ["7H-", "3C-"]
    out = position_to_json(pos)
    assert out["rules"] == {}                     # sweeps 1 is the standard value
    # Written back in canonical order: the example's build lists 2C before 3H, and
    # docs/formats.md's canonical order puts hearts before clubs.
    assert out["builds"][0]["cards"] == ["3H", "2C"]
    data["builds"][0]["cards"] = ["3H", "2C"]
    assert {k: v for k, v in out.items() if k != "rules"} == \
        {k: v for k, v in data.items() if k != "rules"}


def canonical(cards: list[str]) -> list[str]:
    return sorted(cards, key=CANONICAL.index)


def position_json(hands: list[str], loose: str = "", builds: list[tuple[str, int, bool, int]] = (),  # type: ignore[assignment]
                  stock: str = "", players: int | None = None, dealer: int | None = None,
                  to_move: int = 0, teams: list[list[int]] | None = None,
                  rules: dict[str, Any] | None = None) -> dict[str, Any]:
    """Position JSON from space-separated card text; the other cards go to the last team's pile."""
    players = players or len(hands)
    teams = teams or [[s] for s in range(players)]
    data: dict[str, Any] = {
        "format": "cassino-position/1",
        "rules": rules or {},
        "players": players,
        "teams": teams,
        "dealer": (to_move - 1) % players if dealer is None else dealer,
        "to_move": to_move,
        "hands": [canonical(h.split()) for h in hands],
        "stock": stock.split(),
        "loose": canonical(loose.split()),
        "builds": [{"cards": canonical(c.split()), "value": v, "multiple": m, "controller": s}
                   for c, v, m, s in builds],
        "captured": [[] for _ in teams],
        "sweeps": [0] * len(teams),
        "last_capturer": None,
        "scores": [0] * len(teams),
    }
    used = {c for h in data["hands"] for c in h} | set(data["stock"]) | set(data["loose"])
    used |= {c for b in data["builds"] for c in b["cards"]}
    data["captured"][-1] = [c for c in CANONICAL if c not in used]
    return data


def test_position_json_helper_makes_valid_positions() -> None:
    position_from_json(position_json(["7H 3C", "5S KS"], "5D", [("2C 3H", 5, False, 1)]))
    position_from_json(position_json(["6H 9C", "5S KS"], "AD", [("4S 2H 3D 3C", 6, True, 0)]))


def edit(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    out.update(changes)
    return out


BASE = position_json(["7H 3C", "5S KS"], "5D", [("2C 3H", 5, False, 1)])


def _drop_card(card: str) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    data["captured"][-1].remove(card)
    return data


def _without(key: str) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    del data[key]
    return data


BROKEN_POSITIONS = [
    # A card twice, a card missing.
    ("card twice: hand and table", edit(BASE, loose=["5D", "7H"]), ["7H", "both", "hand of seat 0"]),
    ("card twice: in one hand", edit(BASE, hands=[["7H", "3C", "7h"], ["5S", "KS"]]), ["7H", "twice"]),
    ("card twice: in the stock", edit(BASE, stock=["9S"] * 8), ["9S", "stock twice"]),
    ("card twice: build and captured",
     edit(BASE, builds=[{"cards": ["2C", "3H"], "value": 5, "multiple": False, "controller": 1}],
          captured=[["2C"], BASE["captured"][1]]), ["2C", "both"]),
    ("card missing", _drop_card("KC"), ["missing", "KC"]),
    ("cards missing", edit(BASE, captured=[[], []]), ["missing", "AS", "QC"]),
    # Builds.
    ("build not making its value",
     position_json(["7H 6C", "6S KS"], "5D", [("2C 3H", 6, False, 1)]),
     ["build 1", "adds up to 5", "6"]),
    ("multiple build that cannot be split",
     position_json(["6H 3C", "5S KS"], "AD", [("4S 5H 3D", 6, True, 0)], to_move=1, dealer=0),
     ["build 1", "cannot be split", "6"]),
    ("multiple build of one group",
     position_json(["7H 3C", "5S KS"], "AD", [("2C 5H", 7, True, 0)], to_move=1, dealer=0),
     ["build 1", "cannot be split", "7"]),
    ("two builds of a value under strict control (§9.5)",
     position_json(["7H 8C", "8D KS"], "5D", [("2C 6H", 8, False, 1), ("3C 5H", 8, False, 1)],
                   rules={"controller": "strict"}),
     ["seat 1 controls two builds of 8", "strict"]),
    ("a buckeye build adding up to either of two totals, not its value",
     position_json(["7H 3C", "KD KS"], "5D", [("AS TD", 13, False, 1)],
                   rules={"royal": True, "buckeye": True, "sweeps": 0}),
     ["build 1", "adds up to 11 or 12, not its value 13"]),
    ("controller without a card of the value",
     position_json(["7H 3C", "8D KS"], "5D", [("2C 3H", 5, False, 1)]),
     ["seat 1", "value 5"]),
    ("controller not a seat",
     position_json(["7H 3C", "5S KS"], "5D", [("2C 3H", 5, False, 2)]), ["controller 2"]),
    ("build value above the highest",
     position_json(["7H 3C", "5S KS"], "5D", [("9C 3H", 12, False, 1)]), ["value 12", "1 to 10"]),
    ("build of one card",
     position_json(["7H 3C", "5S KS"], "5D", [("5H", 5, False, 1)]), ["at least two cards"]),
    ("build with a court card",
     position_json(["7H 3C", "5S KS"], "5D", [("2C 3H JD", 5, False, 1)]), ["court card"]),
    # Hand sizes for the turn.
    ("a later seat has a card too many", position_json(["7H 3C", "5S KS 9D"], "5D",
                                                      [("2C 3H", 5, False, 1)]),
     ["seat 1 has 3 cards but should have 2"]),
    ("an earlier seat has not played yet",
     position_json(["7H 3C", "5S KS"], "5D", [("2C 3H", 5, False, 1)], to_move=1, dealer=1),
     ["seat 0 has 2 cards but should have 1"]),
    ("five cards in hand", position_json(["7H 3C 4C 5C 6C", "5S KS 4D 5H 6D"], "5D",
                                         [("2C 3H", 5, False, 1)]), ["has 5 cards"]),
    ("stock not whole deals", position_json(["7H 3C", "5S KS"], "5D", [("2C 3H", 5, False, 1)],
                                            stock="9S 9H 9D"), ["stock has 3 cards", "whole deals"]),
    ("hands empty, stock not", position_json(["", ""], "", stock="9S 9H 9D 9C 8S 8H 8D 8C"),
     ["every hand is empty but the stock holds 8 of the pack's 52 cards", "the whole pack is in the stock"]),
    ("round over with cards on the table", position_json(["", ""], "5D"), ["still on the table"]),
    # What the game so far cannot have left.
    ("a sweep with nothing captured", edit(BASE, sweeps=[1, 0]),
     ["team 0 counts 1 sweep this round but has captured 0 cards"]),
    ("a pluck in the last deal", edit(BASE, rules={"pluck": True}, plucked=[0]),
     ["'plucked'", "the stock is empty"]),
    ("scores past the target, one alone", edit(BASE, scores=[21, 5]),
     ["the scores 21, 5 already ended the game"]),
    ("a round past the rounds with no tie", edit(BASE, rules={"rounds": 2}, round=3, scores=[5, 3]),
     ["'round' is 3, but these rules play 2 rounds", "tied"]),
    ("one card said in the singular", position_json(["7H 3C 4C", "5S"], to_move=0),
     ["seat 1 has 1 card but should have 3"]),
    ("three seats, to move has four, first has four",
     position_json(["7H 3C 4C 5C", "5S KS 4D 5H", "9S 9H 9D 9C"], to_move=2, dealer=0),
     ["seat 1 has 4 cards but should have 3"]),
    # The format field.
    ("format missing", _without("format"), ["the position has no 'format'", "cassino-position/1"]),
    ("format version", edit(BASE, format="cassino-position/2"), ["'format'", "cassino-position/2"]),
    ("format of a record", edit(BASE, format="cassino-record/1"), ["'format'"]),
    # Rule options.
    ("unknown rule option", edit(BASE, rules={"sweep": 1}), ["unknown rule option 'sweep'"]),
    ("unknown rule option (a derived table)", edit(BASE, rules={"values": []}),
     ["unknown rule option 'values'"]),
    ("rules not an object", edit(BASE, rules=["royal"]), ["'rules'"]),
    ("sweeps 3", edit(BASE, rules={"sweeps": 3}), ["'sweeps'", "3"]),
    ("sweeps true", edit(BASE, rules={"sweeps": True}), ["'sweeps'"]),
    ("controller value", edit(BASE, rules={"controller": "lax"}), ["'controller'", "lax"]),
    ("court_capture value", edit(BASE, rules={"court_capture": "two"}), ["'court_capture'"]),
    ("royal not a bool", edit(BASE, rules={"royal": "yes"}), ["'royal'"]),
    ("ace_14 without royal", edit(BASE, rules={"ace_14": True}), ["'ace_14'", "royal"]),
    ("target 0", edit(BASE, rules={"target": 0}), ["'target'"]),
    ("target a string", edit(BASE, rules={"target": "21"}), ["'target'"]),
    ("all_eleven value", edit(BASE, rules={"all_eleven": "maybe"}), ["'all_eleven'"]),
    ("options refused together: pluck and draw", edit(BASE, rules={"draw": True, "pluck": True}),
     ["'pluck'", "'draw'"]),
    ("options refused together: rounds and a target", edit(BASE, rules={"rounds": 6, "target": 31}),
     ["'rounds'", "target"]),
    ("call for 21 with three sides", edit(BASE, rules={"call_for_21": True}, players=3,
                                          teams=[[0], [1], [2]]), ["'call_for_21'", "two sides"]),
    ("rounds negative", edit(BASE, rules={"rounds": -1}), ["'rounds'"]),
    # Wrong types and shapes.
    ("not an object", [BASE], ["object"]),
    ("players a string", edit(BASE, players="2"), ["'players'"]),
    ("players missing", _without("players"), ["'players'"]),
    ("players 7", edit(BASE, players=7), ["7"]),
    ("players true", edit(BASE, players=True), ["'players'"]),
    ("dealer a string", edit(BASE, dealer="1"), ["'dealer'"]),
    ("dealer out of range", edit(BASE, dealer=2), ["'dealer'"]),
    ("to_move a float", edit(BASE, to_move=0.0), ["'to_move'"]),
    ("to_move out of range", edit(BASE, to_move=-1), ["'to_move'"]),
    ("hands a string", edit(BASE, hands="7H 3C"), ["'hands'"]),
    ("hands missing", _without("hands"), ["the position has no 'hands'"]),
    ("hand a string", edit(BASE, hands=["7H 3C", ["5S", "KS"]]), ["hand 0"]),
    ("card not a string", edit(BASE, hands=[["7H", 3], ["5S", "KS"]]), ["3"]),
    ("card not a card", edit(BASE, hands=[["7H", "3X"], ["5S", "KS"]]), ["'3X' is not a card"]),
    ("one hand for two players", edit(BASE, hands=[["7H", "3C"]]), ["'hands'", "one hand per player"]),
    ("stock a string", edit(BASE, stock=""), ["'stock'"]),
    ("stock card not a card", edit(BASE, stock=["9S", None]), ["null"]),
    ("loose not a list", edit(BASE, loose="5D"), ["'loose'"]),
    ("builds not a list", edit(BASE, builds={"cards": ["2C", "3H"]}), ["'builds'"]),
    ("build not an object", edit(BASE, builds=[["2C", "3H"]]), ["build 1"]),
    ("build value a string",
     edit(BASE, builds=[{"cards": ["2C", "3H"], "value": "5", "multiple": False, "controller": 1}]),
     ["build 1: 'value'"]),
    ("build value missing",
     edit(BASE, builds=[{"cards": ["2C", "3H"], "multiple": False, "controller": 1}]), ["build 1 has no 'value'"]),
    ("build multiple not a bool",
     edit(BASE, builds=[{"cards": ["2C", "3H"], "value": 5, "multiple": "no", "controller": 1}]),
     ["'multiple'"]),
    ("build controller missing",
     edit(BASE, builds=[{"cards": ["2C", "3H"], "value": 5, "multiple": False}]), ["build 1 has no 'controller'"]),
    ("build cards missing",
     edit(BASE, builds=[{"value": 5, "multiple": False, "controller": 1}]), ["build 1 has no 'cards'"]),
    ("captured not a list", edit(BASE, captured=None), ["'captured'"]),
    ("captured one entry", edit(BASE, captured=[BASE["captured"][1]]), ["'captured'", "per team"]),
    ("sweeps of strings", edit(BASE, sweeps=["0", 0]), ["'sweeps'"]),
    ("sweeps negative", edit(BASE, sweeps=[-1, 0]), ["'sweeps'", "from 0"]),
    ("sweeps one entry", edit(BASE, sweeps=[0]), ["'sweeps'", "per team"]),
    ("scores with null", edit(BASE, scores=[0, None]), ["'scores'"]),
    ("scores missing", _without("scores"), ["the position has no 'scores'"]),
    ("loose missing", _without("loose"), ["the position has no 'loose'"]),
    ("last_capturer a string", edit(BASE, last_capturer="1"), ["'last_capturer'"]),
    ("last_capturer out of range", edit(BASE, last_capturer=2), ["'last_capturer'"]),
    ("teams a string", edit(BASE, teams="[[0], [1]]"), ["'teams'"]),
    ("teams seat a string", edit(BASE, teams=[[0], ["1"]]), ["'teams'"]),
    ("teams one team of two", edit(BASE, teams=[[0, 1]], captured=[[]], sweeps=[0], scores=[0]),
     ["partnerships"]),
    ("teams seat twice", edit(BASE, teams=[[0], [0]]), ["'teams'"]),
    ("teams seat not at the table", edit(BASE, teams=[[0], [2]]), ["'teams'"]),
    ("teams seat far away", edit(BASE, teams=[[0], [7]]), ["'teams'"]),
    ("partners side by side",
     position_json(["7H 3C", "5S KS", "9S 9H", "4D 4H"], teams=[[0, 1], [2, 3]], to_move=0),
     ["partnerships", "[[0, 2], [1, 3]]"]),
]


@pytest.mark.parametrize("data, words", [(d, w) for _, d, w in BROKEN_POSITIONS],
                         ids=[name for name, _, _ in BROKEN_POSITIONS])
def test_broken_position_is_refused_naming_the_problem(data: Any, words: list[str]) -> None:
    with pytest.raises(InvalidPositionError) as e:
        position_from_json(copy.deepcopy(data))
    message = str(e.value)
    for w in words:
        assert w in message, f"{w!r} not in {message!r}"


def test_four_player_partnership_positions_load() -> None:
    data = position_json(["7H 3C", "5S KS", "9S 9H", "4D 4H"], teams=[[0, 2], [1, 3]])
    pos = position_from_json(data)
    assert pos.teams == ((0, 2), (1, 3))
    assert position_to_json(pos) == data
    # Team order is the order given: [[1, 3], [0, 2]] is allowed and kept.
    data = position_json(["7H 3C", "5S KS", "9S 9H", "4D 4H"], teams=[[1, 3], [0, 2]])
    assert position_to_json(position_from_json(data))["teams"] == [[1, 3], [0, 2]]


# -- game records --------------------------------------------------------------------


def check_record_replays(game: Game, names: list[str] | None = None) -> None:
    players = None
    if names:
        players = [{"name": n, "seat": s, "kind": "human"} for s, n in enumerate(names)]
    record = record_to_json(game, players)
    assert record["format"] == "cassino-record/1"
    assert record["rules"] == game.rules.to_json()
    assert record["teams"] == game.teams
    assert record["seed"] == game.seed
    assert len(record["players"]) == game.players
    assert record["moves"] == [m.text() for m in game.moves]
    back = replay(roundtrip_json(record))
    assert back.rules == game.rules
    assert back.moves == game.moves
    assert back.totals == game.totals
    assert back.winner == game.winner
    assert back.over == game.over
    assert [r.items for r in back.rounds] == [r.items for r in game.rounds]
    assert [r.items for r in back.rounds] == [r.items for r in game.rounds]
    assert [r.dealer for r in back.rounds] == [r.dealer for r in game.rounds]
    assert position_to_json(back.position) == position_to_json(game.position)


@pytest.mark.parametrize("players, teams", SEATINGS)
@pytest.mark.parametrize("rules", OPTIONS, ids=lambda r: r.describe())
def test_record_of_a_random_game_replays_to_the_same_result(players: int, teams: Any,
                                                            rules: Rules) -> None:
    game = random_game(rules, players, teams, f"record/{players}/{teams}/{rules.describe()}")
    assert game.over and game.winner is not None
    check_record_replays(game, ["Ann", "Bob", "Cy", "Di"][:players])


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.one_of(st.integers(min_value=0, max_value=2**63), st.text(max_size=12)),
       seating=st.sampled_from(SEATINGS), rules=st.sampled_from(OPTIONS),
       stop=st.one_of(st.none(), st.integers(min_value=0, max_value=120)))
def test_record_replay_property(seed: int | str, seating: Any, rules: Rules, stop: int | None) -> None:
    players, teams = seating
    game = random_game(rules, players, teams, seed, max_moves=stop)
    check_record_replays(game)


def test_unfinished_record_replays_to_the_same_position() -> None:
    game = random_game(Rules(), 3, None, 99, max_moves=70)
    assert not game.over and game.round_number == 2
    check_record_replays(game)


def test_formats_md_record_shape_replays() -> None:
    game = Game(Rules(), 2, None, 1234)
    record = {
        "format": "cassino-record/1",
        "rules": {"sweeps": 1},
        "players": [{"name": "Ann", "seat": 0, "kind": "human"},
                    {"name": "Bot", "seat": 1, "kind": "ai:expert"}],
        "teams": [[0], [1]],
        "seed": 1234,
        "moves": [],
    }
    first = game.legal_moves()[0]
    record["moves"] = [first.text()]
    back = replay(record)
    assert back.moves == [first]


def _finished_record(seed: str = "illegal") -> tuple[Game, dict[str, Any]]:
    game = random_game(Rules(), 2, None, seed)
    return game, record_to_json(game)


def _position_before(record: dict[str, Any], index: int) -> Position:
    head = dict(record, moves=record["moves"][:index])
    return replay(head).position


@pytest.mark.parametrize("index", [0, 1, 17, 48, 100])
def test_record_with_a_card_not_in_hand_names_the_move_and_the_reason(index: int) -> None:
    _, record = _finished_record()
    pos = _position_before(record, index)
    seat = pos.to_move
    other = cards_of(FULL_DECK & ~pos.hands[seat])[0]
    bad = Move.trail(other).text()
    record["moves"][index] = bad
    with pytest.raises(ReplayError) as e:
        replay(record)
    assert e.value.index == index
    assert e.value.move_text == bad
    message = str(e.value)
    assert f"move {index + 1} " in message
    assert bad in message
    assert "not in your hand" in message


def test_record_with_an_illegal_capture_names_the_move_and_the_reason() -> None:
    _, record = _finished_record()
    # Find a position where the player to move could capture a loose card with a wrong value.
    for index in range(len(record["moves"])):
        pos = _position_before(record, index)
        hand = cards_of(pos.hands[pos.to_move])
        loose = cards_of(pos.loose)
        bad_moves = [Move(c, CAPTURE, pos.rules.values[c], 1 << t, False) for c in hand for t in loose
                     if pos.rules.values[c] and pos.rules.values[t] != pos.rules.values[c]]
        if bad_moves:
            break
    else:  # pragma: no cover
        pytest.fail("no position with a wrong-value capture")
    bad = bad_moves[0]
    assert not pos.is_legal(bad)
    record["moves"][index] = bad.text()
    with pytest.raises(ReplayError) as e:
        replay(record)
    assert e.value.index == index
    message = str(e.value)
    assert f"move {index + 1} " in message and bad.text() in message and "illegal" in message
    assert pos.violation(bad) in message


def test_record_with_malformed_move_text_names_the_move() -> None:
    _, record = _finished_record()
    record["moves"][5] = "8Sz8:8D"
    with pytest.raises(ReplayError) as e:
        replay(record)
    assert e.value.index == 5 and "move 6 " in str(e.value) and "8Sz8:8D" in str(e.value)
    record["moves"][5] = 42
    with pytest.raises(ReplayError) as e:
        replay(record)
    assert e.value.index == 5 and "move 6 " in str(e.value)


def test_record_with_a_move_after_the_end_of_the_game() -> None:
    game, record = _finished_record()
    record["moves"].append("7H-")
    with pytest.raises(ReplayError) as e:
        replay(record)
    assert e.value.index == len(game.moves)
    assert f"move {len(game.moves) + 1} " in str(e.value) and "over" in str(e.value)


def test_record_replayed_with_another_seed_fails_at_a_named_move() -> None:
    _, record = _finished_record()
    record["seed"] = "another seed"
    with pytest.raises(ReplayError) as e:
        replay(record)
    assert f"move {e.value.index + 1} " in str(e.value)


def _record(**changes: Any) -> dict[str, Any]:
    base = {"format": "cassino-record/1", "rules": {},
            "players": [{"name": "Ann", "seat": 0, "kind": "human"},
                        {"name": "Bot", "seat": 1, "kind": "ai:expert"}],
            "teams": [[0], [1]], "seed": 1234, "moves": []}
    base.update(changes)
    return base


@pytest.mark.parametrize("data, words", [
    (_record(format="cassino-record/2"), ["'format'", "cassino-record/2"]),
    (_record(format="cassino-position/1"), ["'format'"]),
    (_record(format=None), ["'format'"]),
    ({k: v for k, v in _record().items() if k != "format"}, ["'format'"]),
    ([_record()], ["object"]),
    (_record(rules={"sweep": 1}), ["'rules'", "unknown rule option"]),
    (_record(rules={"draw": True, "pluck": True}), ["'rules'", "'draw'"]),
    (_record(players=[{"name": "Solo"}]), ["'players'"]),
    (_record(players="Ann, Bot"), ["'players'"]),
    (_record(players=[1, 2]), ["'players' entry 1", "object"]),
    (_record(players=[{"name": "Ann", "seat": 0}, {"name": 7, "seat": 1}]), ["entry 2", "'name'"]),
    (_record(players=[{"kind": ["ai"]}, {}]), ["entry 1", "'kind'"]),
    (_record(players=[{"seat": 0}, {"seat": 2}]), ["entry 2", "seat from 0 to 1"]),
    (_record(players=[{"seat": 1}, {"seat": True}]), ["entry 2", "'seat'"]),
    (_record(players=[{"seat": 1}, {}]), ["entry 2", "seat 1 is listed twice"]),
    (_record(seed=10 ** 40), ["'seed'", "40 digits"]),
    (_record(seed=1.5), ["'seed'"]),
    (_record(seed=None), ["'seed'", "not null"]),
    # Missing is not null: "..., not null" was said of a record with no seed.
    ({k: v for k, v in _record().items() if k != "seed"}, ["'seed'", "the record has none"]),
    (_record(moves="7H-"), ["'moves'"]),
    (_record(teams=[[0, 1]]), ["partnerships"]),
    pytest.param(_record(teams=[[0], [2]]), ["'teams'"], id="teams seat not at the table"),
])
def test_broken_record_is_refused(data: Any, words: list[str]) -> None:
    with pytest.raises(InvalidRecordError) as e:
        replay(data)
    assert not isinstance(e.value, ReplayError)
    for w in words:
        assert w in str(e.value), f"{w!r} not in {str(e.value)!r}"


def test_a_record_may_list_its_players_in_any_order_or_with_fewer_details() -> None:
    for players in ([{"name": "Bot", "seat": 1, "kind": "ai:expert"}, {"name": "Ann", "seat": 0}], [{}, {}]):
        assert replay(_record(players=players)).players == 2


def test_a_game_with_the_longest_seed_the_command_line_takes_replays_from_its_record() -> None:
    seed = -(10 ** 40 - 1)  # --seed takes 40 digits
    game = Game(Rules(), 2, None, seed)
    rng = random.Random(5)
    for _ in range(30):
        game.play(rng.choice(game.position.legal_moves()))
    again = replay(record_to_json(game))
    assert again.moves == game.moves and again.position.hands == game.position.hands
