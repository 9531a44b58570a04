"""The deals a computer player samples: ``view.shuffle`` is ``random.shuffle``
made cheaper; every deal keeps what the seat has seen; and a deal is drawn
uniformly among those that fit what the seat knows and infers."""

from __future__ import annotations

import random
from itertools import combinations
from math import sqrt

from hypothesis import given, settings
from hypothesis import strategies as st

from cassino.ai import SeatView
from cassino.ai.view import shuffle
from cassino.rules import Game, Rules
from cassino.rules.cards import cards_of, mask_of

from .spots import cards, spot


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
    # Each unseen card dealt once: to one other hand or to the stock.
    hidden = [h for s, h in enumerate(deal.hands) if s != view.seat]
    assert mask_of(deal.stock) | sum(hidden) == view.unseen
    assert sum(h.bit_count() for h in hidden) + len(deal.stock) == view.unseen.bit_count()


def test_deals_are_drawn_uniformly_among_those_that_fit() -> None:
    """Seat 1 controls a build of 8, so holds an 8; seat 2's plays say it lacks
    the 4D. Of the 20 ways to split the six unseen cards, each of the 7 that fit
    comes up equally often, and no other."""
    pos = spot("9H 3C KH", "KC", others=["8S 4D 2C", "8D 5C 6S"],
               builds=[("5H 3H", 8, False, 1)], players=3, stock_size=0)
    view = SeatView(pos, 0)
    unseen = cards_of(view.unseen)
    eight, four = cards("8S 8D"), cards("4D")
    fits = set()
    for three in combinations(unseen, 3):
        one = mask_of(three)  # seat 1's hand; seat 2 holds the other three
        if one & eight and not view.unseen & ~one & four:
            fits.add(one)
    assert len(fits) == 7  # the 4D and two of the other five, an 8 among the three
    rng = random.Random(5)
    draws = 4000
    seen: dict[int, int] = {}
    for _ in range(draws):
        deal = view.sample_avoiding(rng, [(2, four)])
        seen[deal.hands[1]] = seen.get(deal.hands[1], 0) + 1
    assert set(seen) == fits
    share = 1 / len(fits)
    spread = sqrt(share * (1 - share) / draws)
    assert all(abs(n / draws - share) < 5 * spread for n in seen.values()), seen
