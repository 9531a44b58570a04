"""The last new game's setup (players, levels, the game), with its JSON form.

The setup screen remembers what was last chosen in ``setup.json`` in the
player's folder (kept by ``cassino.store``). Reading it checks every field:
a file that does not describe a setup raises ``ValueError`` saying what is
wrong, and the store sets it aside. The first version of the file (two to
four players; a rules preset by number, with sweeps, court cards, build
control and target over it) is read too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from cassino.rules import PRESET_LIST, PRESETS, CassinoError, Rules
from cassino.rules.jsontext import short as _short

LEVELS = ("beginner", "intermediate", "expert", "master")
CUSTOM = "custom"   # every option set by hand, kept in ``custom``
MAX_SEATS = 6
NAME_LENGTH = 16  # the most a person's name may be typed to
GAME_NUMBER_DIGITS = 9  # a game's number (its seed) as the setup types it, and as new games draw it


def random_game_number() -> int:
    """A new game's number (its seed): as many digits at most as the setup's
    "Game number" types (2^30 made numbers of ten, which it could not)."""
    return random.randrange(10 ** GAME_NUMBER_DIGITS)
SETUP_FORMAT = 2
# The first version's presets, by number: standard, Royal, Royal with aces 14.
OLD_PRESETS: tuple[dict[str, Any], ...] = ({}, {"royal": True, "sweeps": 0},
                                           {"royal": True, "ace_14": True, "sweeps": 0})


def _default_kinds() -> list[str | None]:
    return [None] + ["intermediate"] * (MAX_SEATS - 1)


@dataclass
class Setup:
    """What the setup screen shows: seat 0 is the first person; each other
    seat is a person (None) or a computer level; ``game`` is a preset's key
    or CUSTOM, whose options are ``custom`` (as ``Rules.to_json`` writes them)."""

    players: int = 2
    level: str = "intermediate"
    partnerships: bool = False
    kinds: list[str | None] = field(default_factory=_default_kinds)
    game: str = "standard"
    short: bool = False   # Royal's short game
    custom: dict[str, Any] = field(default_factory=dict)
    names: list[str] = field(default_factory=lambda: [""] * MAX_SEATS)  # people's names as typed ("": Player N)

    def to_json(self) -> dict[str, Any]:
        """The setup as ``setup.json`` keeps it."""
        return {"format": SETUP_FORMAT, "players": self.players, "level": self.level,
                "partnerships": self.partnerships, "kinds": list(self.kinds), "game": self.game,
                "short": self.short, "custom": dict(self.custom), "names": list(self.names)}

    @classmethod
    def from_json(cls, data: Any) -> Setup:
        """A remembered setup; ``ValueError`` naming what is wrong if it is not one.
        A preset the seating does not allow becomes a custom game."""
        if not isinstance(data, dict):
            raise ValueError("a setup is a JSON object")
        players, level = data.get("players"), data.get("level")
        teams, kinds = data.get("partnerships"), data.get("kinds")
        if type(players) is not int or not 2 <= players <= MAX_SEATS:
            raise ValueError(f"'players' must be 2 to {MAX_SEATS}, not {_short(players)}")
        if not isinstance(level, str) or level not in LEVELS:
            raise ValueError(f"'level' must be one of {', '.join(LEVELS)}, not {_short(level)}")
        if type(teams) is not bool:
            raise ValueError(f"'partnerships' must be true or false, not {_short(teams)}")
        if (not isinstance(kinds, list) or not 4 <= len(kinds) <= MAX_SEATS or kinds[0] is not None
                or not all(k is None or (isinstance(k, str) and k in LEVELS) for k in kinds)):
            raise ValueError(f"'kinds' must list 4 to {MAX_SEATS} seats, the first null (you), each "
                             f"null or a level, not {_short(kinds)}")
        kinds = kinds + [level] * (MAX_SEATS - len(kinds))
        fmt = data.get("format")
        if type(fmt) is int and fmt == SETUP_FORMAT:
            game, short, custom = data.get("game"), data.get("short", False), data.get("custom", {})
            if not isinstance(game, str) or (game != CUSTOM and game not in PRESETS):
                raise ValueError(f"'game' must be a preset's key or {CUSTOM!r}, not {_short(game)}")
            if type(short) is not bool:
                raise ValueError(f"'short' must be true or false, not {_short(short)}")
            if not isinstance(custom, dict):
                raise ValueError(f"'custom' must be rule options, not {_short(custom)}")
            _rules(custom)  # a custom game remembered is one the rules allow
        elif fmt is None:
            preset = data.get("preset", 0)
            if type(preset) is not int or not 0 <= preset < len(OLD_PRESETS):
                raise ValueError(f"'preset' must be 0 to {len(OLD_PRESETS) - 1}, not {_short(preset)}")
            custom = dict(OLD_PRESETS[preset], sweeps=data.get("sweeps", 1), court_capture=data.get("court", "one"),
                          controller=data.get("control", "hoyle"), target=data.get("target", 21))
            if OLD_PRESETS[preset].get("royal"):
                custom.pop("court_capture")
            custom = _rules(custom).to_json()
            game = next((p.key for p in PRESET_LIST if p.rules(players).to_json() == custom), CUSTOM)
            short = False
        else:
            raise ValueError(f"'format' must be {SETUP_FORMAT}, not {_short(fmt)}: a newer Cassino's setup?")
        partnerships = teams and players == 4
        if game != CUSTOM and not PRESETS[game].allows(players, partnerships):
            game = CUSTOM
        names = data.get("names", [])  # optional: older files have none
        if (not isinstance(names, list) or len(names) > MAX_SEATS
                or not all(isinstance(n, str) and len(n) <= NAME_LENGTH and n.isprintable() for n in names)):
            raise ValueError(f"'names' must list up to {MAX_SEATS} names of up to {NAME_LENGTH} printable "
                             f"characters, not {_short(names)}")
        return cls(players, level, partnerships, kinds, game, short, custom,
                   list(names) + [""] * (MAX_SEATS - len(names)))


def _rules(options: dict[str, Any]) -> Rules:
    try:
        return Rules.from_json(options)
    except CassinoError as e:
        raise ValueError(f"the custom game's options: {e}") from None
