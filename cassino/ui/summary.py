"""The round summary's rows, read from the round's end event: one row per
scoring item the rules in force award, each team's count and points.

No pygame here: the overlay draws these rows, tests read them.
"""

from __future__ import annotations

from typing import NamedTuple

from cassino.rules import RoundEnd, Rules, scoring_items

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

    rows = []
    for item in scoring_items(rules):
        if item.key == "cards":
            rows.append(row("Cards", points("cards"), end.cards))
        elif item.key == "spades":
            rows.append(row("Spades", points("spades"), end.spades))
        elif item.key == "TD":
            rows.append(row("Big casino (10\u2666)", points("TD")))
        elif item.key == "2S":
            rows.append(row("Little casino (2\u2660)", points("2S")))
        elif item.key == "aces":
            rows.append(row("Aces", points(*ACES)))
        elif item.key == "spade_points":
            rows.append(row("Spade points", points("spade_points"), end.spades))
        elif item.key == "all_eleven":
            won = [any(i.item == "all_eleven" and i.team == t for i in end.items) for t in range(sides)]
            pts = points("all_eleven")
            cells = ["all eleven: the game" if w and not pts[t] else str(pts[t]) for t, w in enumerate(won)]
            rows.append(Row("All eleven", cells, won))
        elif item.key == "sweeps":
            rows.append(row("Sweeps", points("sweeps"), end.sweeps))
    return rows
