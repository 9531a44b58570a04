"""Positions for the computer players' tests, written as card text.

``spot("5H JS", "5D 9C")``: seat 0 to move holding 5H JS, 5D 9C loose, the
other hands the same size from the rest of the pack, a stock of the size
the deal schedule has after the first deal (so not the last deal, unless
``stock_size=0``), every card left over in the piles (``captured`` names the
first teams' piles; the rest go to the last team's). The position is checked
(``problems()``), so a test cannot start from one the rules could not reach.
"""

from __future__ import annotations

from collections.abc import Sequence

from cassino.rules import Build, Position, Rules, cards_of, mask_of, parse_card, shape_of


def cards(text: str) -> int:
    """A card set from space-separated card text, e.g. ``"AS 2H TD"``."""
    return mask_of(parse_card(t) for t in text.split())


def spot(hand: str, loose: str = "", *, others: Sequence[str] = (),
         builds: Sequence[tuple[str, int, bool, int]] = (), players: int = 2,
         teams: Sequence[Sequence[int]] | None = None, rules: Rules | None = None,
         stock_size: int | None = None, captured: Sequence[str] = (),
         scores: Sequence[int] | None = None, sweeps: Sequence[int] | None = None,
         plucked: int = 0) -> Position:
    """Seat 0 to move (the eldest; the dealer is the last seat)."""
    rules = rules or Rules()
    teams = teams if teams is not None else [[s] for s in range(players)]
    shape = shape_of(rules, players, teams)
    hands = [cards(hand)]
    used = hands[0] | cards(loose)
    for text, _, _, _ in builds:
        used |= cards(text)
    for text in list(others) + list(captured):
        used |= cards(text)
    spare = [c for c in cards_of(shape.pack_mask & ~used)]
    size = hands[0].bit_count()
    for s in range(1, players):
        if s - 1 < len(others):
            hands.append(cards(others[s - 1]))
        else:
            hands.append(mask_of(spare[:size]))
            spare = spare[size:]
    if stock_size is None:
        stock_size = shape.stock_after[0]
    stock, spare = spare[:stock_size], spare[stock_size:]
    sides = len(teams)
    piles = [cards(captured[t]) if t < len(captured) else 0 for t in range(sides)]
    piles[-1] |= mask_of(spare)
    pos = Position(shape, players - 1, 0, hands, stock, cards(loose),
                   [Build(cards(t), v, m, c) for t, v, m, c in builds], piles,
                   list(sweeps or [0] * sides), None, list(scores or [0] * sides), 1, plucked)
    problems = pos.problems()
    assert not problems, problems
    return pos
