"""The player's settings. Kept in memory for now; saving them per user
(platformdirs) belongs to the settings-and-saves work."""

from __future__ import annotations

from dataclasses import dataclass

SPEEDS = ("instant", "fast", "normal", "slow")

# Seconds for one card's flight at each speed, and the least time a computer
# player's move takes to appear, so that a person can follow it.
FLIGHT = {"instant": 0.0, "fast": 0.16, "normal": 0.32, "slow": 0.6}
AI_PAUSE = {"instant": 0.0, "fast": 0.25, "normal": 0.6, "slow": 1.1}


@dataclass
class Settings:
    speed: str = "normal"
    four_colour: bool = False
    fullscreen: bool = True
    card_back: str = "blue"

    @property
    def flight(self) -> float:
        return FLIGHT[self.speed]

    @property
    def ai_pause(self) -> float:
        return AI_PAUSE[self.speed]
