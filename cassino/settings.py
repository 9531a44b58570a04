"""The player's settings, with their JSON form (kept by ``cassino.store``)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from cassino.rules.jsontext import short

SPEEDS = ("instant", "fast", "normal", "slow")
VOLUMES = (0.25, 0.5, 0.7, 1.0)
CARD_BACKS = ("blue", "red", "green")

# Seconds for one card's flight at each speed, and the least time a computer
# player's move takes to appear, so that a person can follow it.
FLIGHT = {"instant": 0.0, "fast": 0.16, "normal": 0.32, "slow": 0.6}
AI_PAUSE = {"instant": 0.0, "fast": 0.25, "normal": 0.6, "slow": 1.1}
# The computer's move delay on top of the animation pace: how long it "holds" its card.
AI_DELAYS = ("none", "short", "long")
AI_DELAY = {"none": 0.0, "short": 0.4, "long": 1.2}
TABLE_COLOURS = ("green", "blue", "red")
# How long the Expert and the Master may think, as a share of their usual
# budget: longer thinking plays a little stronger.
THINKING = ("quick", "normal", "long")
THINK_SCALE = {"quick": 0.5, "normal": 1.0, "long": 2.5}
# The sizes a kept window may have: anything else in the file is refused (the
# game then opens its usual first window).
WINDOW_LEAST, WINDOW_MOST = 320, 16384


@dataclass
class Settings:
    """What the player chose in Settings; kept in settings.json."""

    speed: str = "normal"
    four_colour: bool = False
    fullscreen: bool = True
    card_back: str = "blue"
    sound: bool = True
    volume: float = 0.7
    ai_delay: str = "short"
    table_colour: str = "green"
    undo: bool = False  # practice: Ctrl+Z takes back your last move (alone against the computer)
    thinking: str = "normal"
    # The window's size when the game was last closed in a window, to open at
    # again; None until the player has had a window (the first is in
    # proportion to the desktop).
    window_size: tuple[int, int] | None = None

    @property
    def flight(self) -> float:
        """Seconds for one card's flight at this speed."""
        return FLIGHT[self.speed]

    @property
    def ai_pause(self) -> float:
        """The least time a computer player's move takes to appear, delay included."""
        return AI_PAUSE[self.speed] + (AI_DELAY[self.ai_delay] if self.speed != "instant" else 0.0)

    def thinking_ms(self, default_ms: float) -> float:
        """A computer player's time budget a decision, its usual ``default_ms`` as
        the thinking time setting scales it."""
        return default_ms * THINK_SCALE[self.thinking]

    def to_json(self) -> dict[str, Any]:
        """The settings as settings.json keeps them."""
        out = asdict(self)
        if self.window_size is not None:
            out["window_size"] = list(self.window_size)
        return out

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Settings from JSON; a wrong value raises ValueError naming it and what
        would be right. Keys this version does not know are ignored."""
        out, wrong = cls.salvage(data)
        if wrong:
            raise ValueError(wrong[0])
        return out

    @classmethod
    def salvage(cls, data: Any) -> tuple[Settings, list[str]]:
        """Every setting of ``data`` that is right, the usual value for each
        that is not, and what was wrong with those (one setting of the wrong
        kind lost all the others)."""
        out = cls()
        if not isinstance(data, dict):
            return out, ["settings must be a JSON object"]
        wrong: list[str] = []
        for name, default in asdict(out).items():
            if name in data:
                try:
                    setattr(out, name, _setting(name, default, data[name]))
                except ValueError as e:
                    wrong.append(str(e))
        return out, wrong


def window_size(value: Any) -> tuple[int, int] | None:
    """A kept window size from its JSON form (null, or [width, height] in
    pixels); anything else raises ValueError saying what would be right."""
    if value is None:
        return None
    if (isinstance(value, list) and len(value) == 2
            and all(type(n) is int and WINDOW_LEAST <= n <= WINDOW_MOST for n in value)):
        return (value[0], value[1])
    raise ValueError(f"setting 'window_size' must be null or [width, height] in pixels, each from "
                     f"{WINDOW_LEAST} to {WINDOW_MOST}, not {short(value)}")


_CHOICES = {"speed": SPEEDS, "card_back": CARD_BACKS, "ai_delay": AI_DELAYS, "table_colour": TABLE_COLOURS,
            "thinking": THINKING}


def _setting(name: str, default: Any, value: Any) -> Any:
    """One setting's value from JSON, or ValueError naming it and what would be right."""
    if name == "window_size":
        return window_size(value)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ValueError(f"setting '{name}' must be true or false, not {short(value)}")
        return value
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise ValueError(f"setting '{name}' must be a number from 0 to 1, not {short(value)}")
        return float(value)
    if value not in _CHOICES[name]:
        raise ValueError(f"setting '{name}' must be one of {', '.join(_CHOICES[name])}, not {short(value)}")
    return value
