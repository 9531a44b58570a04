"""The move generator's memos start afresh past their budget (long searches
meet ever more tables): the moves listed stay the same, in the same order."""

from __future__ import annotations

import random

import pytest

from cassino.rules import PRESETS, Game
from cassino.rules import groups
from cassino.rules.legal import MoveGenerator


@pytest.mark.parametrize("preset", ["standard", "royal-aces-14", "buckeye"])
def test_moves_unchanged_when_the_memos_start_afresh(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = PRESETS[preset].rules(2)
    roomy = MoveGenerator(rules)
    monkeypatch.setattr(groups, "_MEMO_VECTORS", 3)  # a fresh start every few tables
    tight = MoveGenerator(rules)
    rng = random.Random(5)
    game = Game(rules, 2, seed="memo")
    for _ in range(300):
        pos = game.position
        moves = roomy.generate(pos)
        assert tight.generate(pos) == moves
        game.play(moves[rng.randrange(len(moves))], checked=False)
        if game.over:
            game = Game(rules, 2, seed=f"memo/{rng.random()}")
    assert len(tight.values.reaches) <= 3
