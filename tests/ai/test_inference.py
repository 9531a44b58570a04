"""What the computer infers from the others' plays (``unlikely_cards``) and
how it deals the cards it cannot see (``SeatView.sample``), pinned where no
other test held it: a builder holds its value, a sweep was worth its bonus,
a small gain is no evidence, under Draw Cassino only each seat's last play
counts, and the sampled stock is shuffled."""

from __future__ import annotations

import random
from collections import Counter

from cassino.ai import SeatView
from cassino.ai.knowledge import plays_this_deal, unlikely_cards
from cassino.rules import Game, Position, Rules, Turn, parse_move
from cassino.rules.cards import RANK_SETS, cards_of

from tests.rules.helpers import cards, table_position


def seen_after(pos: Position, move: str) -> SeatView:
    """Seat ``pos.to_move`` plays ``move``; what the next seat then sees, that play in its history."""
    turn = Turn(pos.to_move, parse_move(move), pos.loose, pos.builds)
    pos.apply(turn.move)
    return SeatView(pos, pos.to_move, [turn])


def first_play(hand: str, loose: str) -> Position:
    """Seat 1 to play first in a two-player deal with a stock to come
    (seat 0 holds 2D 4D 6D TD): the cards seat 0 cannot see are seat 1's
    hand and the stock."""
    return table_position(hand, loose, others=["2D 4D 6D TD"], to_move=1, stock_size=40)


EIGHTS = RANK_SETS[8]


def test_a_seat_that_built_eight_is_never_thought_to_lack_eights() -> None:
    """Seat 1 builds 8 with 3H on 5C beside AS and 7D, rather than taking
    AS 7D with an 8. That is no sign it holds no 8: it must hold one to
    build 8 at all (and will take the build with it)."""
    view = seen_after(first_play("3H 8S KD QC", "5C AS 7D"), "3Hb8:5C")
    assert view.unseen & EIGHTS
    assert not unlikely_cards(view).get(1, 0) & EIGHTS


def test_a_seat_that_swept_is_not_thought_to_have_had_a_better_sweep() -> None:
    """Seat 1 sweeps the 8D with the 8S. Another 8 would have swept it
    too, for the same sweep point: nothing says seat 1 holds no other 8."""
    view = seen_after(first_play("8S KD QC JC", "8D"), "8Sx8:8D")
    assert view.unseen & EIGHTS
    assert not unlikely_cards(view).get(1, 0) & EIGHTS


def test_a_trail_names_only_the_cards_that_would_have_taken_enough() -> None:
    """Seat 1 trails the QH beside 5C and 9C. A five or a nine would have
    taken two cards, too little to be sure it would have been played; only
    the 5S and 9S (a spade more towards most spades) are worth enough to
    say seat 1 probably had neither."""
    view = seen_after(first_play("QH KD QC JC", "5C 9C"), "QH-")
    assert unlikely_cards(view) == {1: cards("5S 9S")}
    assert view.unseen & cards("5H 9H 5D 9D") == cards("5H 9H 5D 9D")  # unseen, yet not named


def test_under_draw_cassino_only_each_seats_last_play_counts() -> None:
    """Draw Cassino, three players: a hand refills after each play, so what a
    seat did two plays of its own ago (before two draws) says little of what
    it holds now. Only each other seat's last play is read: the inference is
    the same as from those two plays alone."""
    game = Game(Rules(draw=True), 3, seed=1)
    rng = random.Random(1)
    for _ in range(7):
        game.play(rng.choice(game.legal_moves()))
    pos = game.position
    view = SeatView(pos, pos.to_move, game.turns)
    last_two = game.turns[-2:]
    assert {t.seat for t in last_two} == {0, 1, 2} - {view.seat}
    assert [(s, m) for s, m, _, _ in plays_this_deal(view)] == [(t.seat, t.move) for t in last_two]
    unlikely = unlikely_cards(view)
    assert unlikely  # something is inferred, from the last plays
    assert unlikely == unlikely_cards(SeatView(pos, pos.to_move, last_two))


def test_the_sampled_stock_is_shuffled() -> None:
    """The cards still to be dealt come in a random order in each sampled
    deal: the computer, looking ahead, must not deal itself the same next
    cards every time. Over many samples each unseen card tops the stock
    about equally often."""
    game = Game(Rules(), 2, seed=7)
    pos = game.position
    view = SeatView(pos, pos.to_move)
    unseen = cards_of(view.unseen)
    assert len(unseen) == 44 and len(pos.stock) == 40
    rng = random.Random(3)
    draws = 30 * len(unseen)
    tops = Counter(view.sample(rng).stock[0] for _ in range(draws))
    assert set(tops) == set(unseen), "some card never came first"
    assert max(tops.values()) < 3 * draws / len(unseen), tops.most_common(3)
