"""Positions for tests, written the way the rules' examples are: cards as text.

``table_position(hand="3C 3D 6H", loose="AS 2H")`` gives a valid position with
seat 0 to move holding those cards and those loose cards on the table; the
other hands are filled to the same size from the rest of the pack, and every
remaining card sits in the last team's captured pile, so all 52 cards are
accounted for.
"""

from __future__ import annotations

from collections.abc import Sequence

from cassino.rules import Build, Position, Rules, cards_of, mask_of, parse_card, shape_of
from cassino.rules.cards import FULL_DECK


# One of each rule option the engine supports, for tests that sweep them all.
RULE_SETS = [
    Rules(),
    Rules(sweeps=0),
    Rules(sweeps=2),
    Rules(court_capture="all"),
    Rules(controller="permissive"),
    Rules(controller="answer"),
    Rules(controller="strict"),
    Rules(royal=True, sweeps=0),
    Rules(royal=True, ace_14=True, sweeps=0),
    Rules(target=11),
]


def cards(text: str) -> int:
    """A card set from space-separated card text, e.g. ``"AS 2H TD"``."""
    return mask_of(parse_card(t) for t in text.split())


def table_position(hand: str, loose: str = "", builds: Sequence[tuple[str, int, bool, int]] = (),
                   others: Sequence[str] = (), players: int = 2, rules: Rules | None = None,
                   teams: Sequence[Sequence[int]] | None = None, to_move: int = 0) -> Position:
    """Seat ``to_move`` holds ``hand``; ``others`` gives the other seats' hands in
    seat order after it (missing ones are filled); ``builds`` are
    (cards, value, multiple, controller) tuples."""
    rules = rules or Rules()
    hand_set = cards(hand)
    used = hand_set | cards(loose)
    build_list = []
    for text, value, multiple, controller in builds:
        b = cards(text)
        used |= b
        build_list.append(Build(b, value, multiple, controller))
    given = [cards(o) for o in others]
    for g in given:
        used |= g
    size = hand_set.bit_count()
    spare = [c for c in cards_of(FULL_DECK & ~used)]
    hands = [0] * players
    hands[to_move] = hand_set
    for i in range(1, players):
        seat = (to_move + i) % players
        if i - 1 < len(given):
            hands[seat] = given[i - 1]
        else:
            hands[seat] = mask_of(spare[:size])
            spare = spare[size:]
    if teams is None:
        teams = [[s] for s in range(players)]
    captured = [0] * len(teams)
    captured[-1] = mask_of(spare)
    pos = Position(shape_of(rules, players, teams), (to_move - 1) % players, to_move, hands, [],
                   cards(loose), build_list, captured, [0] * len(teams), None, [0] * len(teams))
    problems = pos.problems()
    assert not problems, problems
    return pos


def texts(moves) -> list[str]:  # type: ignore[no-untyped-def]
    return [m.text() for m in moves]


class TeamRound(dict):  # type: ignore[type-arg]
    """One team's round read from the scoring items: points by item key
    (``cards``, ``spades``, ``TD``, ``2S``, ``aces``, ``sweeps``, ...) and
    ``total``, with its ``card_count`` and ``spade_count``."""

    def __getattr__(self, key: str) -> int:
        return int(self.get(key, 0))


def score(rules: Rules, piles: Sequence[int], sweeps: Sequence[int]) -> list[TeamRound]:
    """Each team's round for these piles and sweeps, as the engine scores it."""
    from cassino.rules.scoring import pile_items

    items, counts, spades = pile_items(rules, list(piles), list(sweeps))
    out = [TeamRound(card_count=counts[t], spade_count=spades[t], total=0) for t in range(len(piles))]
    for item in items:
        key = "aces" if item.item in ("AS", "AH", "AD", "AC") else item.item
        out[item.team][key] = out[item.team].get(key, 0) + item.points
        out[item.team]["total"] += item.points
    return out
