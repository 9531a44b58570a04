"""The deals a computer player samples: ``view.shuffle`` is ``random.shuffle``
made cheaper, so a seed deals exactly the cards it always dealt."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cassino.ai import SeatView
from cassino.ai.view import shuffle
from cassino.rules import Game, Rules


@settings(max_examples=300)
@given(seed=st.integers(0, 2**64), size=st.integers(0, 64), draws=st.integers(0, 5))
def test_the_shuffle_is_randoms_own_from_the_same_state(seed: int, size: int, draws: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    for rng in (ours, theirs):
        for _ in range(draws):
            rng.random()
    a, b = list(range(size)), list(range(size))
    shuffle(ours, a)
    theirs.shuffle(b)
    assert a == b
    assert ours.getstate() == theirs.getstate()


def test_a_longer_list_or_another_generator_still_shuffles() -> None:
    class Loaded(random.Random):
        def random(self) -> float:
            return 0.5

    for rng in (random.Random(3), Loaded(3)):
        cards = list(range(100))
        shuffle(rng, cards)
        assert sorted(cards) == list(range(100)) and cards != list(range(100))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4, 6]),
       turns=st.integers(0, 12))
def test_sampled_deals_keep_every_seen_card_and_every_hand_size(seed: int, players: int,
                                                                turns: int) -> None:
    game = Game(Rules(), players, seed=seed)
    rng = random.Random(seed)
    for _ in range(turns):
        if game.over:
            break
        game.play(rng.choice(game.position.legal_moves()))
    pos = game.position
    view = SeatView(pos, (pos.to_move + 1) % players)
    avoid = [(s, pos.hands[s] ^ view.unseen) for s in range(players) if s != view.seat]
    deal = view.sample_avoiding(random.Random(seed), avoid[:1])
    assert deal.hands[view.seat] == pos.hands[view.seat]
    assert [h.bit_count() for h in deal.hands] == [h.bit_count() for h in pos.hands]
    assert deal.loose == pos.loose and deal.builds == pos.builds
    assert len(deal.stock) == len(pos.stock)
    hidden = [h for s, h in enumerate(deal.hands) if s != view.seat]
    dealt = sum(hidden) | sum(1 << c for c in deal.stock)
    assert dealt == view.unseen and sum(h.bit_count() for h in hidden) + len(deal.stock) == \
        view.unseen.bit_count()
