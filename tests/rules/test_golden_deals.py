"""A game number deals the same cards on every machine and in every version:
the deals of a few game numbers, written out here once, are what the game
deals. A player who shares "deal 2026" with a friend, a bug report naming a
seed, a saved game replayed by a later version: all rely on these."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from collections.abc import Sequence
from typing import Any

import pytest

from cassino.rules import PRESETS, Game, Position, Rules, card_text, cards_text, first_dealer, round_deck

ROOT = Path(__file__).resolve().parents[2]


def words(cards: Sequence[int]) -> str:
    return " ".join(card_text(c) for c in cards)


def test_the_shuffled_pack_of_a_game_number() -> None:
    assert words(round_deck(1234, 0)) == (
        "TH KS TC AD AC 9H TS AS 9S 2D 3D 4D 6C AH 8H KD 2H JH 9C 6S 7H 5H 3H 6H QC 3C 5C 8S JD 6D "
        "4H 8D TD 5S 3S KC 7S QH 7C JC QD 9D 4C 4S 5D KH 7D 8C 2S JS 2C QS")
    assert words(round_deck(1234, 3)[:12]) == "AH QC 3D 5D 6C 4D 8D KD 6S AC KC JC"
    assert words(round_deck("table-7", 0)[:12]) == "7S 3H AS 9D QD 6C 2H 2C 8H 4D 4H 6H"


def test_the_shuffle_is_random_shuffles_own() -> None:
    # round_deck writes random.shuffle's steps out for speed: the same decks.
    import random

    for seed in (0, 1234, "table-7", "x/3"):
        for index in range(6):
            for pack in (list(range(52)), list(range(49)), [5, 9], [7], []):
                deck = list(pack)
                random.Random(f"cassino/{seed}/round/{index}").shuffle(deck)
                assert round_deck(seed, index, pack) == deck


def test_the_first_dealer_of_a_game_number() -> None:
    assert [first_dealer(s, 3) for s in range(12)] == [2, 0, 2, 2, 0, 2, 1, 0, 2, 1, 1, 0]
    assert [first_dealer("x", n) for n in range(2, 7)] == [1, 1, 2, 2, 2]


# (rules, players, teams, seed) -> dealer, hands, loose cards, stock size, top of the stock
FIRST_DEALS: list[tuple[Rules, int, Any, int | str, tuple[int, list[str], str, int, str]]] = [
    (Rules(), 2, None, 7,
     (0, ["2S 8S 9S JD", "JH AD QD KC"], "TS 3H 6D 5C", 40, "QH JC 2H QS AH 3C")),
    (Rules(), 4, [[0, 2], [1, 3]], 2026,
     (0, ["4S KS 5H 7C", "8S 8H 3D 4C", "9S TH JD KC", "2S 2D 4D KD"], "6S AD 6C 8C", 32, "JS AH TS 7H 2H 6D")),
    (PRESETS["five-players"].rules(5), 5, None, "club night",
     (4, ["AS 2S 9S QD", "4H KH KD QC", "QS 5H QH AD", "3S AH 3H 8D", "6S KS AC 8C"], "4S 7C JC KC", 25,
      "8S TC 7S 7D TH 6H")),
    (PRESETS["draw"].rules(2), 2, None, 99,
     (0, ["7S 6H 3D 6D", "AH KH JD TC"], "8H 3C 7C JC", 40, "TD QC AC 4D KC 5S")),
    (Rules(sweeps=2), 3, None, "table-7",
     (0, ["2S 2H 7H 2C", "7S 3H 8H 4D", "AS 4H 6H 9D"], "5D TD QD 6C", 36, "3D KH JS 5H TH AH")),
]


@pytest.mark.parametrize("rules, players, teams, seed, deal", FIRST_DEALS,
                         ids=["standard-2", "partnerships", "five-players", "draw", "three"])
def test_the_first_deal_of_a_game_number(rules: Rules, players: int, teams: Any, seed: int | str,
                                         deal: tuple[int, list[str], str, int, str]) -> None:
    pos = Game(rules, players, teams, seed).position
    assert (pos.dealer, [cards_text(h, " ") for h in pos.hands], cards_text(pos.loose, " "), len(pos.stock),
            words(pos.stock[:6])) == deal


def test_the_second_round_of_a_game_number_after_the_same_plays() -> None:
    game = Game(seed=99)
    while game.round_number == 1:
        game.play(game.legal_moves()[0])  # the first legal move, every turn
    pos = game.position
    assert len(game.moves) == 48 and list(game.totals) == [7, 5]
    assert pos.dealer == 1
    assert [cards_text(h, " ") for h in pos.hands] == ["6S TS TH 7D", "5H 6H KD 3C"]
    assert cards_text(pos.loose, " ") == "KH 3D 8D TD" and words(pos.stock[:6]) == "QD 2H KS 9C JC QC"


def test_a_pack_is_dealt_two_at_a_time_to_each_player_the_table_and_the_dealer() -> None:
    """§2: from the player left of the dealer round to the table, the dealer last; twice."""
    deck = round_deck(7, 0)
    assert words(deck[:20]) == "KC AD TS 6D 8S 2S QD JH 5C 3H 9S JD QH JC 2H QS AH 3C 7H 9D"
    pos = Position.deal_round(Rules(), 4, None, 3, deck)
    assert [cards_text(h, " ") for h in pos.hands] == ["9S AD JD KC", "TS QH 6D JC", "2S 8S QS 2H",
                                                      "3H 7H 9D 5C"]
    assert cards_text(pos.loose, " ") == "AH JH QD 3C" and list(pos.stock) == deck[20:]


GAME_SCRIPT = """
import json, random, sys
from cassino.rules import Game, PRESETS
out = {}
for key, players in (("standard", 2), ("royal", 3), ("draw", 2), ("pluck", 2), ("five-players", 5)):
    game = Game(PRESETS[key].rules(players), players, None, f"golden/{key}")
    rng = random.Random(key)
    for _ in range(150):
        if game.over:
            break
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
    out[key] = [m.text() for m in game.moves]
print(json.dumps(out))
"""


def test_the_same_game_in_processes_with_different_hash_seeds() -> None:
    """Nothing in dealing or in the order of legal moves depends on the
    process: sets and dicts iterate alike under any PYTHONHASHSEED."""
    runs = []
    for hash_seed in ("0", "1", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT))
        result = subprocess.run([sys.executable, "-c", GAME_SCRIPT], cwd=ROOT, env=env, capture_output=True,
                                text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        runs.append(json.loads(result.stdout))
    assert runs[0] == runs[1] == runs[2]
    assert all(len(moves) >= 100 for moves in runs[0].values())
