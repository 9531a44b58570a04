"""Cards move, they never teleport: each card on screen is a sprite that
glides, with easing, along a queue of legs (wait, fly, flip, vanish).

The table decides where cards should be; this module only gets them there.
``finish()`` jumps every card to the end of its path (a click skips).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Spot:
    """Where a card rests: top-left corner, width, and face up or down."""

    x: float
    y: float
    w: float
    face_up: bool


@dataclass
class Leg:
    delay: float
    duration: float
    end: Spot
    vanish: bool = False  # the card leaves the screen when it arrives (into a pile)


def ease(t: float) -> float:
    """Smooth start and stop (cubic in-out)."""
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


@dataclass
class Sprite:
    card: int
    at: Spot
    legs: list[Leg] = field(default_factory=list)
    start: Spot | None = None  # where the current leg began
    clock: float = 0.0          # time spent on the current leg (its delay included)
    gone: bool = False

    @property
    def dest(self) -> Spot:
        return self.legs[-1].end if self.legs else self.at

    @property
    def moving(self) -> bool:
        return bool(self.legs)

    def go(self, end: Spot, duration: float, delay: float = 0.0, then: bool = False,
           vanish: bool = False) -> None:
        """Head for ``end``; ``then`` queues the leg after the current path instead
        of replacing it."""
        if not then:
            self.legs = []
            self.start = None
            self.clock = 0.0
        self.legs.append(Leg(delay, duration, end, vanish))

    def update(self, dt: float) -> None:
        while self.legs and dt >= 0:
            leg = self.legs[0]
            if self.start is None:
                self.start = self.at
            self.clock += dt
            if self.clock < leg.delay:
                return
            t = (self.clock - leg.delay) / leg.duration if leg.duration > 0 else 1.0
            if t < 1.0:
                k = ease(t)
                a, b = self.start, leg.end
                # The face turns as the card sets off (a card played is shown as it travels).
                self.at = Spot(a.x + (b.x - a.x) * k, a.y + (b.y - a.y) * k, a.w + (b.w - a.w) * k, b.face_up)
                return
            dt = self.clock - leg.delay - leg.duration
            self.at = leg.end
            self.gone = leg.vanish
            self.legs.pop(0)
            self.start = None
            self.clock = 0.0

    def finish(self) -> None:
        if self.legs:
            self.gone = self.legs[-1].vanish
            self.at = self.legs[-1].end
        self.legs = []
        self.start = None
        self.clock = 0.0


class Motion:
    """Every card sprite on the table, by card."""

    def __init__(self) -> None:
        self.sprites: dict[int, Sprite] = {}

    def get(self, card: int) -> Sprite | None:
        return self.sprites.get(card)

    def place(self, card: int, spot: Spot) -> Sprite:
        """Put a card somewhere at once (a new deal's cards start on the stock)."""
        s = Sprite(card, spot)
        self.sprites[card] = s
        return s

    @property
    def busy(self) -> bool:
        return any(s.legs for s in self.sprites.values())

    def update(self, dt: float) -> None:
        gone = []
        for card, s in self.sprites.items():
            if s.legs:
                s.update(dt)
                if s.gone:
                    gone.append(card)
        for card in gone:
            del self.sprites[card]

    def finish(self) -> None:
        for s in self.sprites.values():
            s.finish()
        self.sprites = {c: s for c, s in self.sprites.items() if not s.gone}

    def clear(self) -> None:
        self.sprites = {}
