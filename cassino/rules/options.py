"""The rule options in force for a game (docs/formats.md, "Rule options"; §9).

Every variant is an option on top of the standard game; the standard value
of each option is its default. ``Rules`` is immutable, refuses the
combinations §9.1 refuses (saying why and what would do), and
carries the per-card tables that move generation reads on every move
(values in sums, capture values, which build values a held card answers
for), computed once. The presets of §9.23 are named bundles of options.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

from .cards import ACE, BIG_CASINO, DECK, JACK, LITTLE_CASINO, SPADE_SET, rank_of
from .errors import InvalidRulesError
from .jsontext import short as _short

CONTROLLER_RULES = ("hoyle", "permissive", "answer", "strict")
COURT_CAPTURE = ("one", "all")
ALL_ELEVEN = ("off", "bonus", "win")
BOOLEAN_OPTIONS = ("royal", "ace_14", "buckeye", "spade_scoring", "draw", "trailing_royals",
                   "initial_pairs", "card_tie_to_spades", "deal_singly", "pluck", "call_for_21",
                   "sudden_death", "count_out")


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of one game. ``Rules()`` is the standard game."""

    sweeps: int = 1
    court_capture: str = "one"
    controller: str = "hoyle"
    royal: bool = False
    ace_14: bool = False
    buckeye: bool = False
    spade_scoring: bool = False
    draw: bool = False
    trailing_royals: bool = False
    initial_pairs: bool = False
    all_eleven: str = "off"
    card_tie_to_spades: bool = False
    deal_singly: bool = False
    rounds: int | None = None
    pluck: bool = False
    call_for_21: bool = False
    sudden_death: bool = False
    count_out: bool = False
    target: int = 21
    # Derived tables, filled in by __post_init__ (see ``_derive``).
    values: tuple[int, ...] = field(init=False, repr=False, compare=False)
    max_build: int = field(init=False, repr=False, compare=False)
    part_values: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    capture_values_of: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    answers: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    answer_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    two_valued: int = field(init=False, repr=False, compare=False)
    unpluckable: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._check()
        self._derive()

    def _check(self) -> None:
        def bad(key: str, want: str) -> InvalidRulesError:
            return InvalidRulesError(
                f"rule option {key!r} must be {want}, not {_short(getattr(self, key))}")

        if type(self.sweeps) is not int or self.sweeps not in (0, 1, 2):
            raise bad("sweeps", "0, 1 or 2 (points per sweep)")
        if not isinstance(self.court_capture, str) or self.court_capture not in COURT_CAPTURE:
            raise bad("court_capture", "'one' or 'all'")
        if not isinstance(self.controller, str) or self.controller not in CONTROLLER_RULES:
            raise bad("controller", "one of " + ", ".join(repr(c) for c in CONTROLLER_RULES))
        if not isinstance(self.all_eleven, str) or self.all_eleven not in ALL_ELEVEN:
            raise bad("all_eleven", "'off', 'bonus' or 'win'")
        for key in BOOLEAN_OPTIONS:
            if type(getattr(self, key)) is not bool:
                raise bad(key, "true or false")
        if self.rounds is not None and (type(self.rounds) is not int or not 1 <= self.rounds <= 1000):
            raise bad("rounds", "a number of rounds from 1 to 1000, or null")
        if type(self.target) is not int or not 1 <= self.target <= 10_000:
            raise bad("target", "a whole number of points from 1 to 10000")
        conflict = combination_conflict(self)
        if conflict:
            raise InvalidRulesError(conflict.text, conflict)

    def _derive(self) -> None:
        set_ = object.__setattr__
        if self.royal:
            values = tuple(rank_of(c) for c in DECK)
        else:
            # Court cards have no value in the standard game: 0 marks that.
            values = tuple(r if r <= 10 else 0 for r in map(rank_of, DECK))
        set_(self, "values", values)
        set_(self, "max_build", 14 if self.ace_14 else 13 if self.royal else 10)
        # The values a card may stand for in a sum or a build (on the table, or
        # played into a build): its value; the ten of diamonds 10 or 11 under
        # buckeye; none for a court card without value.
        part: list[tuple[int, ...]] = [((v,) if v else ()) for v in values]
        if self.buckeye:
            part[BIG_CASINO] = (10, 11)
        set_(self, "part_values", tuple(part))
        # The values a card played from the hand captures as.
        capture = list(part)
        if self.ace_14:
            for c in DECK:
                if rank_of(c) == ACE:
                    capture[c] = (1, 14)
        set_(self, "capture_values_of", tuple(capture))
        # The build values a card held in the hand answers for (§7, §9.7,
        # §9.8, §9.11): under trailing royals a court card answers for a
        # build of its rank.
        answers = list(capture)
        if self.trailing_royals:
            for c in DECK:
                if rank_of(c) >= JACK:
                    answers[c] = (rank_of(c),)
        set_(self, "answers", tuple(answers))
        masks = [0] * 15
        two = 0
        for c, vs in enumerate(answers):
            for v in vs:
                masks[v] |= 1 << c
            if len(vs) > 1:
                two |= 1 << c
        set_(self, "answer_masks", tuple(masks))
        # Cards that answer for two values: the hold rule then needs a
        # different card for each value (§9.7).
        set_(self, "two_valued", two)
        # §9.17: aces, big and little casino (under spade scoring every spade)
        # are never plucked.
        unpluckable = 1 << BIG_CASINO | 1 << LITTLE_CASINO
        for c in DECK:
            if rank_of(c) == ACE:
                unpluckable |= 1 << c
        if self.spade_scoring:
            unpluckable |= SPADE_SET
        set_(self, "unpluckable", unpluckable)

    def value(self, card: int) -> int:
        """The card's value in sums and builds (0 for a court card without one;
        the ten of diamonds says 10 here even under buckeye)."""
        return self.values[card]

    def capture_values(self, card: int) -> tuple[int, ...]:
        """The values a card may capture as when played from the hand; empty
        for a court card that captures by rank."""
        return self.capture_values_of[card]

    def to_json(self) -> dict[str, Any]:
        """Only the options that differ from the standard game, as docs/formats.md allows."""
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.init and getattr(self, f.name) != f.default:
                out[f.name] = getattr(self, f.name)
        return out

    @classmethod
    def from_json(cls, data: Any) -> Rules:
        """Read a ``rules`` object; unknown keys, bad values and refused
        combinations raise ``InvalidRulesError`` with the reason."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise InvalidRulesError(f"'rules' must be an object of options, not {_short(data)}")
        known = option_names()
        for key in data:
            if key not in known:
                raise InvalidRulesError(
                    f"unknown rule option {_short(key)}; the options are: {', '.join(known)}")
        return cls(**data)

    def replace(self, **changes: Any) -> Rules:
        """These rules with some options changed (checked like any other)."""
        data = self.to_json()
        data.update(changes)
        return Rules.from_json(data)

    def describe(self) -> str:
        """A short human summary, e.g. 'Standard' or 'Royal' or 'Standard, sweeps 2'."""
        return describe_rules(self)


def option_names() -> list[str]:
    """The option keys of docs/formats.md, in their table's order."""
    return [f.name for f in fields(Rules) if f.init]


class Conflict(NamedTuple):
    """Options §9.1 refuses together: ``key`` at ``value`` needs ``other``
    (``needs``), or does not go with it; ``other`` is an option, or
    ``"sides"`` for the seating. ``why`` is in the game's words, ``text``
    the whole refusal in the options' JSON names (``docs/formats.md``)."""

    key: str
    value: object
    other: str
    needs: bool
    why: str
    text: str


def combination_conflict(rules: Rules) -> Conflict | None:
    """The combination of options §9.1 refuses here, if any. (Seat counts
    and teams are checked with the table: ``shape.seating_refusal``.)"""
    if rules.ace_14 and not rules.royal:
        why = "aces count 14 only in Royal Cassino"
        return Conflict("ace_14", True, "royal", True, why, f"rule option 'ace_14' needs 'royal': {why}; "
                        "add \"royal\": true or leave 'ace_14' out")
    if rules.buckeye and not rules.royal:
        why = "the ten of diamonds counts 11 only beside court cards that count"
        return Conflict("buckeye", True, "royal", True, why, f"rule option 'buckeye' needs 'royal': {why}; "
                        "add \"royal\": true or leave 'buckeye' out")
    if rules.trailing_royals and rules.royal:
        why = "trailing royals is for court cards without a value, and Royal gives them one"
        return Conflict("trailing_royals", True, "royal", False, why,
                        f"'trailing_royals' and 'royal' cannot go together: {why}; choose one of them")
    if rules.court_capture == "all" and rules.royal:
        why = "in Royal court cards capture by value like any card"
        return Conflict("court_capture", "all", "royal", False, why,
                        f"'court_capture': 'all' does not go with 'royal': {why}; leave 'court_capture' at 'one'")
    if rules.court_capture == "all" and rules.trailing_royals:
        why = "trailing royals says itself how court cards capture"
        return Conflict("court_capture", "all", "trailing_royals", False, why,
                        f"'court_capture': 'all' does not go with 'trailing_royals', which says itself "
                        f"how court cards capture; leave 'court_capture' at 'one'")
    if rules.pluck and rules.draw:
        why = "plucks are counted per deal and Draw Cassino deals only once"
        return Conflict("pluck", True, "draw", False, why,
                        f"'pluck' does not go with 'draw': {why}; choose one of them")
    if rules.sudden_death and rules.sweeps == 0:
        return Conflict("sudden_death", True, "sweeps", True, "a sweep must score to win the game",
                        "'sudden_death' needs sweeps that score: set 'sweeps' to 1 or 2, or leave "
                        "'sudden_death' out")
    if rules.rounds is not None:
        why = "a game of a fixed number of rounds has no target to reach"
        for key in ("sudden_death", "call_for_21", "count_out"):
            if getattr(rules, key):
                return Conflict(key, True, "rounds", False, why,
                                f"'rounds' does not go with {key!r}: {why}; leave one of them out")
        if rules.target != 21:
            return Conflict("target", rules.target, "rounds", False, "a game of a fixed number of rounds has "
                            "no target", "'rounds' does not go with 'target': a game of a fixed number of "
                            "rounds has no target; leave 'target' out")
    return None


# -- presets (§9.23) -------------------------------------------------------


_PRESET_RULES: dict[tuple[str, int | None], Rules] = {}  # ``Preset.rules``, by preset and seating


class Preset(NamedTuple):
    """A named bundle of options (§9.23) and the seatings it is played with."""

    key: str
    name: str
    options: dict[str, Any]
    players: tuple[int, ...]
    partnerships_only_for: tuple[int, ...] = ()  # seat counts that must play in partnerships

    def rules(self, players: int | None = None) -> Rules:
        """The preset's rules; California's number of rounds depends on the players.
        Made once per preset and seating: rules never change, and naming a game
        (``preset_of``) asks every preset for its rules."""
        got = _PRESET_RULES.get((self.key, players))
        if got is None:
            options = dict(self.options)
            if options.get("rounds") == "2 per player":
                options["rounds"] = 2 * (players or self.players[0])
            got = _PRESET_RULES[(self.key, players)] = Rules.from_json(options)
        return got

    def allows(self, players: int, partnerships: bool) -> bool:
        """Whether the preset is played by this many players (in partnerships or not)."""
        if players not in self.players:
            return False
        if partnerships and players != 4:  # partnerships are two pairs of four (§9.1)
            return False
        if players in self.partnerships_only_for:
            return partnerships
        return True


PRESET_LIST: tuple[Preset, ...] = (
    Preset("standard", "Standard", {}, (2, 3, 4)),
    Preset("royal", "Royal", {"royal": True, "sweeps": 0}, (2, 3, 4)),
    Preset("royal-aces-14", "Royal, aces 14", {"royal": True, "ace_14": True, "sweeps": 0}, (2, 3, 4)),
    Preset("buckeye", "Buckeye", {"royal": True, "buckeye": True, "sweeps": 0}, (2, 3, 4)),
    Preset("spade", "Spade Cassino", {"spade_scoring": True, "target": 61}, (2, 3, 4)),
    Preset("draw", "Draw Cassino", {"draw": True}, (2, 3, 4)),
    Preset("pluck", "Pluck Cassino", {"pluck": True}, (2, 3, 4)),
    Preset("portuguese", "Portuguese", {"card_tie_to_spades": True, "target": 31}, (2, 4), (4,)),
    Preset("california", "California", {"court_capture": "all", "sweeps": 0, "deal_singly": True,
                                        "rounds": "2 per player"}, (2, 3, 4, 6)),
    Preset("trailing-royals", "Trailing royals", {"trailing_royals": True, "sweeps": 0}, (2, 3, 4)),
    Preset("five-players", "Five players", {}, (5,)),
)
PRESETS: dict[str, Preset] = {p.key: p for p in PRESET_LIST}


def preset_of(rules: Rules, players: int) -> Preset | None:
    """The preset these rules are, for this many players, if any."""
    for p in PRESET_LIST:
        if players in p.players and p.rules(players) == rules:
            return p
    return None


def describe_rules(rules: Rules, players: int | None = None) -> str:
    """'Standard', 'Royal', 'Draw Cassino', or a preset plus the options that differ."""
    if players is not None:
        p = preset_of(rules, players)
        if p is not None:
            return p.name
    diff = rules.to_json()
    if not diff:
        return "Standard"
    return ", ".join(f"{k}={v}" for k, v in diff.items())


STANDARD = Rules()

