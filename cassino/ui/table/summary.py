"""The round summary's rows, read from the round's end event: one row per
scoring item the rules in force award, each team's count and points; and,
for a game that a call for 21 or a sudden-death sweep ended inside a round,
what happened, in words, from that move's event.

No pygame here: the overlay draws these rows, tests read them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from cassino.rules import CALL, DealEvent, Event, RoundEnd, Rules, scoring_items

from .seats import within

ACES = ("AS", "AC", "AH", "AD")


class Row(NamedTuple):
    """A line of the summary: its label, each team's text, and who scored on it."""

    label: str
    cells: list[str]
    scored: list[bool]


def round_rows(rules: Rules, end: RoundEnd) -> list[Row]:
    """The summary of a round, item by item, in the order the items count."""
    sides = len(end.points)

    def points(*keys: str) -> list[int]:
        out = [0] * sides
        for i in end.items:
            if i.item in keys:
                out[i.team] += i.points
        return out

    def row(label: str, pts: list[int], counts: tuple[int, ...] | None = None,
            decided: list[bool] | None = None) -> Row:
        cells = [f"{counts[t]} \u2192 {pts[t]}" if counts is not None else str(pts[t])
                 for t in range(sides)]
        return Row(label, cells, decided if decided is not None else [p > 0 for p in pts])

    def tied(label: str, key: str, counts: tuple[int, ...]) -> str:
        """'Spades (tied)' where the most is shared and so nobody scores it
        (§8); 'Cards (tie: most spades)' where the card tie went to the side
        with the most spades (§9.14): equal counts, unequal points."""
        top = max(counts, default=0)
        shared = sum(1 for c in counts if c == top) > 1
        if not (top and shared):
            return label
        if key == "cards" and rules.card_tie_to_spades and any(points(key)):
            return f"{label} (tie: most spades)"
        return f"{label} (tied)"

    rows = []
    for item in scoring_items(rules):
        if item.key == "cards":
            rows.append(row(tied("Cards", "cards", end.cards), points("cards"), end.cards))
        elif item.key == "spades":
            rows.append(row(tied("Spades", "spades", end.spades), points("spades"), end.spades))
        elif item.key == "TD":
            rows.append(row("Big casino (10\u2666)", points("TD")))
        elif item.key == "2S":
            rows.append(row("Little casino (2\u2660)", points("2S")))
        elif item.key == "aces":
            rows.append(row("Aces", points(*ACES)))
        elif item.key == "spade_points":
            rows.append(row("Spade points (J♠ 2)", points("spade_points"), end.spades))
        elif item.key == "all_eleven":
            won = [any(i.item == "all_eleven" and i.team == t for i in end.items) for t in range(sides)]
            pts = points("all_eleven")
            cells = ["the game" if w and not pts[t] else str(pts[t]) for t, w in enumerate(won)]
            rows.append(Row("All eleven", cells, won))
        elif item.key == "sweeps":
            rows.append(row("Sweeps", points("sweeps"), end.sweeps))
        else:  # an item this sheet has no words of its own for: by the rules' name, not left out of it
            rows.append(row(item.name[:1].upper() + item.name[1:], points(item.key)))
    return rows


def _win(name: str) -> str:
    """'you win', 'North wins', 'North & South win': inside a sentence."""
    return f"{within(name)} win" if name == "You" or " & " in name else f"{name} wins"


def ending_lines(rules: Rules, ending: Event | DealEvent, seats: Sequence[str], teams: Sequence[str],
                 team_of: Sequence[int], totals: Sequence[int]) -> list[str]:
    """How the game ended inside a round, in a few sentences: ``ending`` is
    the event of the call or sweep that ended it (or the deal whose initial
    pairs swept); ``seats`` and ``teams`` are names, ``totals`` the final scores."""
    target = rules.target
    ahead = "ahead of the other side" if len(teams) == 2 else "ahead of every other side"
    if isinstance(ending, DealEvent):
        assert ending.winner is not None and ending.pairs_to is not None
        w = ending.winner
        return [f"The initial pairs dealt to {within(seats[ending.pairs_to])} cleared the table: a sweep, "
                f"bringing {within(teams[w])} to {totals[w]} of {target}, {ahead}.",
                f"Sudden death: the game ends at once, and {_win(teams[w])}."]
    assert ending.winner is not None
    w = ending.winner
    seat = ending.seat
    if ending.move.kind == CALL and ending.counts is not None:
        t = team_of[seat]
        count = ending.counts[t]
        others = ", ".join(f"{teams[o]} {c}" for o, c in enumerate(ending.counts) if o != t)
        if w == t:
            verdict = f"That reaches the target: {_win(teams[w])}."
        else:
            verdict = f"That is short of {target}, so the call loses: {_win(teams[w])}."
        return [f"{seats[seat]} called for {target} with a count of {count}. {verdict}",
                f"A count is the score before this round and the points this round had already made certain "
                f"({'the other side' if len(teams) == 2 else 'the others'}: {others})."]
    return [f"{seats[seat]} swept the table, bringing {within(teams[w])} to {totals[w]} of {target}, {ahead}.",
            f"Sudden death: the game ends at once, and {_win(teams[w])}."]
