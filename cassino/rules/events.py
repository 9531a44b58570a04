"""What a move did, as applying it reports (docs/formats.md, "Events").

``Event`` is returned by ``apply`` for every move and action; ``DealEvent``
by the first deal of a round; ``RoundEnd`` rides on the event of the move
that ended a round. The table, the round summary, the statistics and the
log read these and never work out for themselves what a move did.

An event can hold what only one player may see (the cards a player drew,
the hands of a deal): whoever shows it to others shows only their part.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .builds import Build
from .cards import Card, CardSet, card_text, cards_of
from .moves import Move

EVENT_FORMAT = "cassino-event/1"


class Item(NamedTuple):
    """One scoring item of a round: ``item`` is ``cards``, ``spades``, a card
    (``TD``, ``2S``, ``AS``, ``AC``, ``AH``, ``AD``), ``spade_points`` (one
    spade's points), ``all_eleven`` or ``sweeps``; the team that earned it
    and its points."""

    item: str
    team: int
    points: int

    def to_json(self) -> dict[str, Any]:
        """The item as the round's end writes it (docs/formats.md, Events)."""
        return {"item": self.item, "team": self.team, "points": self.points}


class RoundEnd(NamedTuple):
    """The end of a round: where the cards left on the table went, every
    scoring item in the order they are counted (§9.20), each team's
    points and its score after the round; with each team's cards, spades
    and sweeps for summaries."""

    round: int
    dealer: int
    residue: CardSet
    residue_to: int | None
    items: tuple[Item, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    cards: tuple[int, ...]
    spades: tuple[int, ...]
    sweeps: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """The round's end as an event writes it (docs/formats.md, Events)."""
        return {"residue": [card_text(c) for c in cards_of(self.residue)],
                "residue_to": self.residue_to, "items": [i.to_json() for i in self.items],
                "points": list(self.points), "scores": list(self.scores)}


class Event(NamedTuple):
    """What one move did.

    - ``seat``, ``move``: who moved, and the move;
    - ``taken``: the cards that went into the mover's pile (a capture's
      cards and the card played; a plucked card);
    - ``build``: the build the move made, raised or added to, as it now
      stands (``built_on``: the build it was before, if any);
    - ``sweep``: the capture cleared the table; ``scored``: points scored
      at once (a sweep under sudden death);
    - ``drawn``: the cards the mover drew (Draw Cassino; private to them);
    - ``dealt``: the hands were empty and the next deal followed;
    - ``round_end``: set when the move ended the round;
    - ``winner``: the winning team when the move ended the game;
    - ``counts``: after a call for 21, each side's count.
    """

    seat: int
    move: Move
    taken: CardSet
    build: Build | None
    built_on: Build | None
    sweep: bool
    scored: int
    drawn: tuple[Card, ...]
    dealt: bool
    round_end: RoundEnd | None
    winner: int | None
    counts: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """The event's JSON (docs/formats.md): one object, written on one line."""
        return {"format": EVENT_FORMAT, "seat": self.seat, "move": self.move.text(),
                "sweep": self.sweep, "drawn": [card_text(c) for c in self.drawn],
                "dealt": self.dealt,
                "round_end": self.round_end.to_json() if self.round_end is not None else None,
                "winner": self.winner}


class DealEvent(NamedTuple):
    """The first deal of a round: the cards dealt to the table, the initial
    pairs (§9.12) taken from it and by whom, whether that was a sweep,
    and the winner if a sudden-death sweep ended the game there."""

    round: int
    dealer: int
    table: CardSet
    pairs: CardSet
    pairs_to: int | None
    sweep: bool
    winner: int | None
