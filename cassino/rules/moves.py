"""Moves: small immutable values fully described by their effect (docs/formats.md).

A ``Move`` is a named tuple ``(card, kind, value, takes, multiple)``:

- ``card``: the card played from the hand (``NO_CARD``, -1, for an action
  that plays none: a pluck or a call for 21);
- ``kind``: ``"build"``, ``"capture"`` or ``"trail"``, or the actions
  ``"call"`` and ``"pluck"``;
- ``value``: the capture value used or the build value announced; 0 when the
  move has none (a trail, or a court card capturing by rank);
- ``takes``: the set (bitmask) of table cards captured or pulled into the
  build, including every card of a build captured, raised or added to;
- ``multiple``: whether the resulting build is multiple.

Two moves with the same fields are the same move. Their natural tuple order
is the canonical order of move lists: the actions first (a call, then the
plucks), then by card, kind, value, taken cards (as a bitmask), single
before multiple.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .cards import Card, CardSet, card_symbol, card_text, cards_of, cards_text, parse_card
from .errors import InvalidCardError, InvalidMoveError
from .jsontext import short

TRAIL = "trail"
CAPTURE = "capture"
BUILD = "build"
PLUCK = "pluck"
CALL = "call"
KINDS = (BUILD, CAPTURE, TRAIL, PLUCK, CALL)
NO_CARD = -1  # the card of an action that plays none


class Move(NamedTuple):
    """A move or action: the card played, its kind, the value, the table cards taken and whether the
    build is multiple (see the module's docstring)."""

    card: Card
    kind: str
    value: int
    takes: CardSet
    multiple: bool

    @staticmethod
    def trail(card: Card) -> Move:
        """Trail ``card``: lay it on the table."""
        return Move(card, TRAIL, 0, 0, False)

    @staticmethod
    def pluck(card: Card) -> Move:
        """Pluck the loose ``card`` into one's pile (§9.17)."""
        return Move(NO_CARD, PLUCK, 0, 1 << card, False)

    @staticmethod
    def call() -> Move:
        """Call for 21 (§9.18)."""
        return CALL_MOVE

    @property
    def is_action(self) -> bool:
        """A pluck or a call: an action that plays no card."""
        return self.card < 0

    @property
    def takes_cards(self) -> list[Card]:
        """The taken cards in canonical order."""
        return cards_of(self.takes)

    def text(self) -> str:
        """Compact text: ``7H-``, ``8Sx8:2D,8D,6C``, ``3Cb8:5D``, ``2Cm7:...``, ``QDx:QS``."""
        if self.kind == TRAIL:
            return card_text(self.card) + "-"
        if self.kind == PLUCK:
            return "pluck:" + cards_text(self.takes)
        if self.kind == CALL:
            return "call"
        sign = "x" if self.kind == CAPTURE else ("m" if self.multiple else "b")
        value = str(self.value) if self.value else ""
        return f"{card_text(self.card)}{sign}{value}:{cards_text(self.takes)}"

    def to_json(self) -> dict[str, Any]:
        """Move JSON (docs/formats.md): an action has no ``card`` and no ``multiple``."""
        if self.kind == CALL:
            return {"kind": CALL}
        if self.kind == PLUCK:
            return {"kind": PLUCK, "takes": [card_text(c) for c in cards_of(self.takes)]}
        out: dict[str, Any] = {"card": card_text(self.card), "kind": self.kind}
        if self.value:
            out["value"] = self.value
        out["takes"] = [card_text(c) for c in cards_of(self.takes)]
        out["multiple"] = self.multiple
        return out

    def describe(self, target: int = 21) -> str:
        """Plain words for people: 'Capture 8♦, 6♣ and 2♦ with the 8♠'; a call
        names the game's ``target``."""
        taken = listed([card_symbol(c) for c in cards_of(self.takes)])
        if self.kind == CALL:
            return f"Call for {target}"
        if self.kind == PLUCK:
            return f"Pluck the {taken}"
        card = card_symbol(self.card)
        if self.kind == TRAIL:
            return f"Trail the {card}"
        if self.kind == CAPTURE:
            return f"Capture {taken} with the {card}"
        if self.multiple:
            return f"Build {plural(self.value)} with the {card} and {taken}"
        return f"Build {self.value} with the {card} and {taken}"

    def __str__(self) -> str:
        return self.text()


CALL_MOVE = Move(NO_CARD, CALL, 0, 0, False)


def counted(n: int, one: str, many: str = "") -> str:
    """A count in words: '1 point', '3 points', '2 losses' (``many`` where not ``one`` + s)."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def plural(value: int, by_rank: bool = False) -> str:
    """A build's value named as its cards are: 'eights', 'tens'; 'kings'
    where court cards build by rank (§9.11: they have no number)."""
    if by_rank and value in COURT_NAMES:
        return COURT_NAMES[value]
    names = {1: "aces", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes",
             7: "sevens", 8: "eights", 9: "nines", 10: "tens", 11: "elevens",
             12: "twelves", 13: "thirteens", 14: "fourteens"}
    return names.get(value, f"{value}s")


# Court ranks by their place in the rank order, as they build by rank (§9.11).
COURT_NAMES = {11: "jacks", 12: "queens", 13: "kings"}


def _short(value: object) -> str:
    """A value quoted for an error message, cut to a readable length."""
    return short(value, 40)


def listed(items: Sequence[str]) -> str:
    """Words joined as a list is said: 'a', 'a and b', 'a, b and c' ('' for none)."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def parse_move(text: str) -> Move:
    """Parse the compact text form; cards in ``takes`` may come in any order."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is text like '8Sx8:8D' or '7H-', not {_short(text)}")
    s = text.strip()
    word, colon, rest_text = s.partition(":")
    if word.lower() == CALL and not colon:
        return CALL_MOVE
    if word.lower() == PLUCK:
        try:
            plucked = parse_card(rest_text) if colon else None
        except InvalidCardError as e:
            raise InvalidMoveError(f"move {_short(text)}: {e}") from None
        if plucked is None:
            raise InvalidMoveError(f"move {_short(text)}: a pluck names one loose card, e.g. 'pluck:5D'")
        return Move.pluck(plucked)
    # A ten may be written 10, as ``parse_card`` allows it in every other place.
    head = 3 if s.startswith("10") else 2
    try:
        card = parse_card(s[:head])
    except InvalidCardError as e:
        raise InvalidMoveError(f"move {_short(text)} must start with the card played: {e}") from None
    rest = s[head:]
    if rest == "-":
        return Move.trail(card)
    if not rest or rest[0].lower() not in "xbm" or ":" not in rest:
        raise InvalidMoveError(
            f"move {_short(text)} is not in the compact form: card, then '-' to trail, or "
            f"'x' (capture), 'b' (build) or 'm' (multiple build), the value, ':' and the "
            f"cards taken, e.g. '8Sx8:2D,6C'")
    sign = rest[0].lower()
    value_text, _, takes_text = rest[1:].partition(":")
    if value_text and not (value_text.isascii() and value_text.isdigit() and len(value_text) <= 2):
        # Two digits pass, so that 15 to 99 meet the rules' own reason (a build
        # is at most 10, a card counts ...); longer is no value at all.
        raise InvalidMoveError(f"move {_short(text)}: the value {_short(value_text)} is not a "
                               f"number of one or two digits: no card or build counts more than 14")
    value = int(value_text) if value_text else 0
    if value_text and not value:
        raise InvalidMoveError(f"move {_short(text)}: a value is at least 1 (leave it out for a "
                               f"court card capturing by rank)")
    takes = 0
    for t in takes_text.split(","):
        try:
            c = parse_card(t)
        except InvalidCardError as e:
            raise InvalidMoveError(f"move {_short(text)}: {e}") from None
        if takes >> c & 1:
            raise InvalidMoveError(f"move {_short(text)} takes the {card_text(c)} twice")
        takes |= 1 << c
    if takes >> card & 1:
        raise InvalidMoveError(f"move {_short(text)} plays the {card_text(card)} and also takes it")
    if sign != "x" and not value:
        raise InvalidMoveError(f"move {_short(text)}: a build must announce its value")
    kind = CAPTURE if sign == "x" else BUILD
    return Move(card, kind, value, takes, sign == "m")


def move_from_json(data: Any) -> Move:
    """Read move JSON, e.g. ``{"card": "8S", "kind": "capture", "value": 8, ...}``,
    ``{"kind": "pluck", "takes": ["5D"]}`` or ``{"kind": "call"}``."""
    if not isinstance(data, dict):
        raise InvalidMoveError(f"move JSON must be an object, not {_short(data)}")
    unknown = set(data) - {"card", "kind", "value", "takes", "multiple"}
    if unknown:
        raise InvalidMoveError(f"move JSON has unknown keys: {_short(sorted(map(str, unknown)))}")
    if "kind" not in data:
        raise InvalidMoveError("move JSON has no 'kind': it must be 'trail', 'capture', 'build', 'pluck' "
                               "or 'call'")
    kind = data["kind"]
    if not isinstance(kind, str) or kind not in KINDS:
        raise InvalidMoveError(f"move JSON 'kind' must be 'trail', 'capture', 'build', 'pluck' "
                               f"or 'call', not {_short(kind)}")
    takes_list = data.get("takes", [])
    if not isinstance(takes_list, list):
        raise InvalidMoveError(f"move JSON 'takes' must be a list of cards, not {_short(takes_list)}")
    takes = 0
    for t in takes_list:
        try:
            c = parse_card(t)
        except InvalidCardError as e:
            raise InvalidMoveError(f"move JSON 'takes': {e}") from None
        if takes >> c & 1:
            raise InvalidMoveError(f"move JSON takes the {card_text(c)} twice")
        takes |= 1 << c
    value = data.get("value", 0)
    if value is None:
        value = 0
    if type(value) is not int or not 0 <= value <= 99:
        raise InvalidMoveError(f"move JSON 'value' must be a whole number from 0 (none) to 99 (no card "
                               f"or build counts more than 14), not {_short(value)}")
    multiple = data.get("multiple", False)
    if type(multiple) is not bool:
        raise InvalidMoveError(f"move JSON 'multiple' must be true or false, not {_short(multiple)}")
    if kind in (PLUCK, CALL):
        extra = _named([("card", "card" in data), ("value", value), ("multiple", multiple)])
        if extra:
            raise InvalidMoveError(f"move JSON: a {kind} plays no card: it has no 'card', 'value' or 'multiple' "
                                   f"(this one has {extra})")
        if kind == CALL:
            if takes:
                raise InvalidMoveError("move JSON: a call for 21 takes nothing; 'takes' is empty or absent")
            return CALL_MOVE
        if takes.bit_count() != 1:
            raise InvalidMoveError("a pluck takes exactly one loose card, e.g. {\"kind\": \"pluck\", "
                                   "\"takes\": [\"5D\"]}")
        return Move(NO_CARD, PLUCK, 0, takes, False)
    try:
        card = parse_card(data.get("card"))  # type: ignore[arg-type]
    except InvalidCardError as e:
        raise InvalidMoveError(f"move JSON 'card': {e}") from None
    if kind == TRAIL and (takes or value or multiple):
        raise InvalidMoveError("move JSON: a trail takes nothing, has no value and is not multiple "
                               f"(this one has {_named([('takes', takes), ('value', value), ('multiple', multiple)])})")
    if kind == BUILD and not value:
        raise InvalidMoveError("move JSON: a build must announce its value in 'value'")
    if kind != TRAIL and not takes:
        raise InvalidMoveError(f"move JSON: a {kind} must take cards from the table; 'takes' is empty")
    if kind == CAPTURE and multiple:
        raise InvalidMoveError("move JSON: 'multiple' is for builds only; a capture has it false")
    if takes >> card & 1:
        raise InvalidMoveError(f"move JSON: the move plays the {card_text(card)} and also takes it")
    return Move(card, kind, value, takes, multiple)


def _named(fields: list[tuple[str, object]]) -> str:
    """The fields that are set, quoted: "'value' and 'multiple'"."""
    names = [f"'{name}'" for name, v in fields if v]
    return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]


def parse_any_move(text: str) -> Move:
    """Compact text, or move JSON if the text starts with '{'."""
    from .jsontext import InvalidJSONError, loads

    s = text.strip()
    if s.startswith("{"):
        try:
            return move_from_json(loads(s))
        except InvalidJSONError as e:
            raise InvalidMoveError(f"the move JSON does not parse: {e}") from None
    return parse_move(s)
