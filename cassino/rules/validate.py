"""Checks that a position could arise under the rules (FORMATS.md, "Positions").

Each problem is a sentence naming what is wrong, so a refused file tells its
author what to fix.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import FULL_DECK, card_text, cards_of, cards_text

if TYPE_CHECKING:
    from .position import Position


def _seat_list_ok(teams: tuple[tuple[int, ...], ...], players: int) -> str | None:
    seats = sorted(s for t in teams for s in t)
    if seats != list(range(players)):
        return f"'teams' must place each of the seats 0..{players - 1} in exactly one team, not {list(map(list, teams))}"
    if any(len(t) != 1 for t in teams):
        if players != 4 or sorted(map(sorted, teams)) != [[0, 2], [1, 3]]:
            return "partnerships are for 4 players, partners sitting opposite: [[0, 2], [1, 3]]"
    return None


def position_problems(pos: Position) -> list[str]:
    from .position import groups_by_sum, disjoint_unions

    rules = pos.rules
    n = pos.players
    out: list[str] = []
    if n not in (2, 3, 4):
        return [f"'players' must be 2, 3 or 4, not {n}"]
    bad_teams = _seat_list_ok(pos.teams, n)
    if bad_teams:
        return [bad_teams]
    n_teams = len(pos.teams)
    for key in ("captured", "sweeps", "scores"):
        if len(getattr(pos, key)) != n_teams:
            out.append(f"'{key}' must have one entry per team ({n_teams})")
    if len(pos.hands) != n:
        out.append(f"'hands' must have one hand per player ({n})")
    if out:
        return out
    if not 0 <= pos.dealer < n:
        out.append(f"'dealer' must be a seat from 0 to {n - 1}")
    if not 0 <= pos.to_move < n:
        out.append(f"'to_move' must be a seat from 0 to {n - 1}")
    if pos.last_capturer is not None and not 0 <= pos.last_capturer < n:
        out.append(f"'last_capturer' must be a seat from 0 to {n - 1}, or null")
    if any(s < 0 for s in pos.sweeps):
        out.append("'sweeps' cannot be negative")
    if out:
        return out

    # Every card exactly once.
    places: list[tuple[str, int]] = [(f"the hand of seat {s}", h) for s, h in enumerate(pos.hands)]
    stock_mask = 0
    for c in pos.stock:
        if stock_mask >> c & 1:
            out.append(f"the {card_text(c)} is in the stock twice")
        stock_mask |= 1 << c
    places.append(("the stock", stock_mask))
    places.append(("the loose table cards", pos.loose))
    for i, b in enumerate(pos.builds):
        places.append((f"build {i + 1}", b.cards))
    for t, cap in enumerate(pos.captured):
        places.append((f"the captured cards of team {t}", cap))
    seen = 0
    where: dict[int, str] = {}
    for name, mask in places:
        for c in cards_of(mask & seen):
            out.append(f"the {card_text(c)} is in both {where[c]} and {name}")
        for c in cards_of(mask & ~seen):
            where[c] = name
        seen |= mask
    if seen != FULL_DECK:
        out.append(f"cards missing from the position: {cards_text(FULL_DECK & ~seen, ' ')}")

    # Builds.
    values = rules.values
    for i, b in enumerate(pos.builds):
        label = f"build {i + 1} ({cards_text(b.cards, ' ')})"
        if not 1 <= b.value <= rules.max_build:
            out.append(f"{label} has value {b.value}; a build's value is 1 to {rules.max_build}")
            continue
        if b.cards.bit_count() < 2:
            out.append(f"{label} needs at least two cards")
            continue
        if any(not values[c] for c in cards_of(b.cards)):
            out.append(f"{label} holds a court card, which has no value in these rules")
            continue
        total = sum(values[c] for c in cards_of(b.cards))
        if not b.multiple and total != b.value:
            out.append(f"{label} adds up to {total}, not its value {b.value}")
        elif b.multiple and (total % b.value or total // b.value < 2
                             or b.cards not in disjoint_unions(groups_by_sum(b.cards, values, b.value).get(b.value, ()))):
            out.append(f"{label} cannot be split into two or more groups of {b.value}")
        if not 0 <= b.controller < n:
            out.append(f"{label} has controller {b.controller}, not a seat")
            continue
        hand_values = {values[c] for c in cards_of(pos.hands[b.controller])}
        if rules.ace_14 and 1 in hand_values:
            hand_values.add(14)
        if b.value not in hand_values:
            out.append(f"{label}: its controller, seat {b.controller}, holds no card of value {b.value}")

    if rules.ace_14:
        for seat in range(n):
            controlled = {b.value for b in pos.builds if b.controller == seat}
            aces = sum(1 for c in cards_of(pos.hands[seat]) if values[c] == 1)
            if {1, 14} <= controlled and aces < 2:
                out.append(f"seat {seat} controls a build of aces and a build of 14 but does "
                           f"not hold two aces")

    # Hand sizes for the turn, and the stock in whole deals.
    if len(pos.stock) % (4 * n):
        out.append(f"the stock has {len(pos.stock)} cards; it must hold whole deals of {4 * n}")
    sizes = [h.bit_count() for h in pos.hands]
    if not any(sizes):
        if pos.stock:
            out.append("every hand is empty but the stock is not: deal the next cards first")
        elif pos.table:
            out.append("the round is over but cards are still on the table: they go to the last capturer")
    else:
        first = (pos.dealer + 1) % n
        turn = (pos.to_move - first) % n
        h = sizes[pos.to_move]
        if not 1 <= h <= 4:
            out.append(f"the player to move (seat {pos.to_move}) has {h} cards; a deal gives four")
        else:
            for seat in range(n):
                want = h - 1 if (seat - first) % n < turn else h
                if sizes[seat] != want:
                    out.append(
                        f"seat {seat} has {sizes[seat]} cards but should have {want} when seat "
                        f"{pos.to_move} is to move (play starts left of the dealer, seat {pos.dealer})")
    return out
