"""Who sits where: a seat's name and level, the computer players' names by
where they sit, and teams named the way the table speaks of them ("You
win", "North wins", "North & South win")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

# The computer players' names, by where they sit (after yours, in turn order).
SEAT_NAMES = {2: ("North",), 3: ("West", "East"), 4: ("West", "North", "East"),
              5: ("West", "North-West", "North-East", "East"),
              6: ("West", "North-West", "North", "North-East", "East")}


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a name, and a computer level (None for a person)."""

    name: str
    level: str | None = None

    @property
    def is_computer(self) -> bool:
        """A computer player sits here."""
        return self.level is not None


def within(name: str) -> str:
    """A name as it reads inside a sentence: "The last cards go to you",
    "bringing you to 21"; every other name as it is."""
    return "you" if name == "You" else name


def places(players: int) -> tuple[str, ...]:
    """Where each seat sits, in turn order from the first person's, at the
    bottom when the game starts: 'South', then the computer players' names."""
    return ("South", *SEAT_NAMES[players])


def named_seats(kinds: Sequence[str | None], typed: Sequence[str] = ()) -> list[Seat]:
    """The seats of a new game, seat by seat a computer level or None for a
    person: one person alone is "You"; people sharing the screen go by the
    names typed for them, else "Player 1", "Player 2"; computer players by
    where they sit, or where people share the screen (and the table turns to
    put each at the bottom in turn, so that no compass point stays true)
    "Computer 1", "Computer 2"."""
    where = places(len(kinds))
    alone = sum(kind is None for kind in kinds) == 1
    names: list[str] = []
    computers = 0
    for kind in kinds:
        if kind is not None:
            computers += 1
            names.append(where[len(names)] if alone else f"Computer {computers}")
        else:
            names.append("You" if alone else "")
    people = [i for i, kind in enumerate(kinds) if kind is None]
    # Two seats of one name (two Anns, a person named "Computer 1") are told
    # apart by a number, as the cover and the log name them. A name as typed
    # is never changed to make room for a number: the computers keep theirs,
    # then each typed name in turn, the second "Anna" becoming "Anna 3" where
    # someone typed "Anna 2"; then those who typed none are "Player N", the
    # first N free ("You" is the one person alone: at a shared screen it
    # would read as everyone).
    typed_names = {i: typed[i].strip() for i in people if i < len(typed) and typed[i].strip()
                   and typed[i].strip().lower() != "you"} if not alone else {}
    claimed = {name.lower() for name in names if name}
    as_typed = {name.lower() for name in typed_names.values()}
    for i, name in typed_names.items():
        told, n = name, 1
        while told.lower() in claimed or (told != name and told.lower() in as_typed):
            n += 1
            told = f"{name} {n}"
        claimed.add(told.lower())
        names[i] = told
    for k, i in enumerate(people, 1):
        if not names[i]:
            while f"player {k}" in claimed:
                k += 1
            names[i] = f"Player {k}"
            claimed.add(names[i].lower())
    return [Seat(name, kind) for name, kind in zip(names, kinds)]


def recorded_seats(players: Sequence[dict[str, Any]]) -> list[Seat]:
    """The seats of a game record's players ('human', or 'ai:LEVEL'), as the
    store reads them back: in seat order (a record may list them in any)."""
    return [Seat(r["name"], None if r["kind"] == "human" else r["kind"].split(":", 1)[1]) for r in players]


def default_seats(players: int, level: str = "intermediate", you: int = 0) -> list[Seat]:
    """You at the bottom, computer players named by where they sit."""
    where = places(players)
    seats = []
    for seat in range(players):
        place = (seat - you) % players
        seats.append(Seat("You", None) if place == 0 else Seat(where[place], level))
    return seats


class Names:
    """The seats' and teams' names, and the verbs that agree with them."""

    def __init__(self, seats: Sequence[Seat], teams: Sequence[Sequence[int]]):
        self.seats = list(seats)
        self.teams = [list(t) for t in teams]

    def seat(self, seat: int) -> str:
        """The name of whoever sits at ``seat``."""
        return self.seats[seat].name

    def team(self, team: int) -> str:
        """'You', 'North', 'North & South'."""
        return " & ".join(self.seats[s].name for s in self.teams[team])

    def s(self, team: int) -> str:
        """The verb's ending for a team: 'You win', 'North wins', 'North & South win'."""
        return "" if self.team(team) == "You" or len(self.teams[team]) > 1 else "s"

    def wins(self, team: int) -> str:
        """'You win' or 'North wins': the side ``team`` winning, in words."""
        return f"{self.team(team)} win{self.s(team)}"
