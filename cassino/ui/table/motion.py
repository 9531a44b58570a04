"""Cards move, they never teleport: each card on screen is a sprite that
glides, with easing, along a queue of legs (wait, fly, turn over, go into a
pile); callouts ("Sweep!", "Big casino!") wait their turn on the same clock.

The choreography decides where cards go and when; this module only gets them
there. ``finish()`` jumps everything to the end (a click or a key skips).
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
    """One stretch of a card's path: wait ``delay``, then fly to ``end`` in
    ``duration``; ``into`` is the seat whose pile it goes into on arrival."""

    delay: float
    duration: float
    end: Spot
    into: int | None = None


TURN_UP = 0.15  # of a flight: a card turns face up once this far from where it lay


def ease(t: float) -> float:
    """Smooth start and stop (cubic in-out)."""
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


@dataclass
class Sprite:
    """A card on screen: where it is now and the legs still before it."""

    card: int
    at: Spot
    legs: list[Leg] = field(default_factory=list)
    start: Spot | None = None  # where the current leg began
    clock: float = 0.0          # time spent on the current leg (its delay included)
    gone: bool = False          # arrived in a pile: no longer drawn

    @property
    def dest(self) -> Spot:
        """Where the card ends up once its legs are run."""
        return self.legs[-1].end if self.legs else self.at

    @property
    def moving(self) -> bool:
        """The card still has legs to run."""
        return bool(self.legs)

    @property
    def waiting(self) -> bool:
        """Still waiting to set off on its first leg."""
        return bool(self.legs) and self.clock < self.legs[0].delay and (self.start is None or self.at == self.start)

    @property
    def into(self) -> int | None:
        """The seat whose pile this card is on its way into, if any."""
        return self.legs[-1].into if self.legs else None

    @property
    def path_time(self) -> float:
        """Seconds until the card ends the legs it has now."""
        return max(0.0, sum(leg.delay + leg.duration for leg in self.legs) - self.clock)

    def go(self, end: Spot, duration: float, delay: float = 0.0, then: bool = False,
           into: int | None = None) -> None:
        """Head for ``end``; ``then`` queues the leg after the current path instead
        of replacing it; ``into`` puts the card in that seat's pile on arrival."""
        if not then:
            self.legs = []
            self.start = None
            self.clock = 0.0
        self.legs.append(Leg(delay, duration, end, into))

    def update(self, dt: float) -> None:
        """Move along the legs by ``dt`` seconds, finishing legs as they end."""
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
                # The face turns as the card sets off (a card played is shown as it travels),
                # once clear of where it lay (a card dealt showed face up on the stock); face
                # down at once (the next person may already be looking).
                up = b.face_up and (t >= TURN_UP or a.face_up)
                self.at = Spot(a.x + (b.x - a.x) * k, a.y + (b.y - a.y) * k, a.w + (b.w - a.w) * k, up)
                return
            dt = self.clock - leg.delay - leg.duration
            self.at = leg.end
            self.gone = leg.into is not None
            self.legs.pop(0)
            self.start = None
            self.clock = 0.0

    def finish(self) -> None:
        """Jump to the end of the last leg (a click or key skips the motion)."""
        if self.legs:
            self.gone = self.legs[-1].into is not None
            self.at = self.legs[-1].end
        self.legs = []
        self.start = None
        self.clock = 0.0


@dataclass
class Callout:
    """Words across the table for a moment, after ``delay`` seconds."""

    text: str
    delay: float
    duration: float
    clock: float = 0.0
    sweep_by: int | None = None  # the seat whose sweep it tells of (its plate counts it from then)

    @property
    def showing(self) -> bool:
        """The words are on screen now (past their delay, within their time)."""
        return self.delay <= self.clock < self.delay + self.duration

    @property
    def fade(self) -> float:
        """1 while shown in full, falling to 0 over its last moments."""
        left = self.delay + self.duration - self.clock
        return max(0.0, min(1.0, left / min(0.3, self.duration / 3)))


@dataclass
class Cue:
    """A sound due ``delay`` seconds from when it was set: when the cards it
    goes with land, or with the callout it goes with."""

    name: str
    delay: float
    clock: float = 0.0


@dataclass
class Note:
    """A line for the log once the table shows what it tells, after ``delay`` seconds."""

    seat: int | None
    text: str
    delay: float
    clock: float = 0.0


class Motion:
    """Every card sprite on the table, by card, and the callouts, sounds and
    log lines to come."""

    def __init__(self) -> None:
        self.sprites: dict[int, Sprite] = {}
        self.callouts: list[Callout] = []
        self.cues: list[Cue] = []
        self.notes: list[Note] = []

    def get(self, card: int) -> Sprite | None:
        """The sprite of ``card``, if it is on screen."""
        return self.sprites.get(card)

    def place(self, card: int, spot: Spot) -> Sprite:
        """Put a card somewhere at once (a new deal's cards start on the stock)."""
        s = Sprite(card, spot)
        self.sprites[card] = s
        return s

    def call_out(self, text: str, delay: float, duration: float, sweep_by: int | None = None) -> float:
        """Words across the table (a sweep, big casino) after ``delay`` seconds
        for ``duration``, or once the callouts before them are over (only one
        shows at a time: a sweep's came while two casinos' were up, and never
        showed). Returns when they come, in seconds from now."""
        after = max((c.delay + c.duration - c.clock for c in self.callouts), default=0.0)
        start = max(delay, after)
        self.callouts.append(Callout(text, start, duration, sweep_by=sweep_by))
        return start

    def cue(self, name: str, delay: float) -> None:
        """A sound after ``delay`` seconds (``due`` hands it over)."""
        self.cues.append(Cue(name, delay))

    def due(self) -> str | None:
        """The sound to play now, if one fell due since the last call: of
        several due together (a motion skipped, or no time to move at the
        instant speed), the one set for latest, which tells how the play
        ended (the sweep after the capture, the round's end after both)."""
        ripe = [c for c in self.cues if c.clock >= c.delay]
        if not ripe:
            return None
        self.cues = [c for c in self.cues if c.clock < c.delay]
        # The one set for latest (cues due together were set by one play); of equal
        # delays, the one set last. (By time left, ``delay - clock``, a skipped
        # motion's cues tied but for rounding, and the round's chord was lost to a trail's tick.)
        return max(enumerate(ripe), key=lambda ic: (ic[1].delay, ic[0]))[1].name

    def tell(self, seat: int | None, text: str, delay: float) -> None:
        """A log line after ``delay`` seconds, and after every line held before it."""
        self.notes.append(Note(seat, text, delay))

    def told(self) -> list[tuple[int | None, str]]:
        """The log lines whose time has come, in the order they were told."""
        out = []
        while self.notes and self.notes[0].clock >= self.notes[0].delay:
            n = self.notes.pop(0)
            out.append((n.seat, n.text))
        return out

    @property
    def busy(self) -> bool:
        """Something still moves, is called out or is still to be told: input to the table waits."""
        return bool(self.callouts) or bool(self.notes) or any(s.legs for s in self.sprites.values())

    @property
    def callout(self) -> Callout | None:
        """The callout on show now, if any."""
        return next((c for c in self.callouts if c.showing), None)

    def inbound(self, seat: int) -> int:
        """Cards on their way into ``seat``'s pile, not yet arrived."""
        return sum(1 for s in self.sprites.values() if s.legs and s.into == seat)

    def update(self, dt: float) -> None:
        """Advance every sprite and callout by ``dt`` seconds; cards that reached a pile go."""
        gone = []
        for card, s in self.sprites.items():
            if s.legs:
                s.update(dt)
                if s.gone:
                    gone.append(card)
        for card in gone:
            del self.sprites[card]
        for c in self.callouts:
            c.clock += dt
        self.callouts = [c for c in self.callouts if c.clock < c.delay + c.duration]
        for q in self.cues:
            q.clock += dt
        for n in self.notes:
            n.clock += dt

    def land(self) -> None:
        """Every card at the end of its path at once; callouts, sounds and log
        lines keep their time (a window's new size moves the cards, and must
        not silence a sweep's callout)."""
        for s in self.sprites.values():
            s.finish()
        self.sprites = {c: s for c, s in self.sprites.items() if not s.gone}

    def finish(self) -> None:
        """Every motion at its end at once, callouts gone; the sounds to come
        fall due at once (``due`` then gives the last)."""
        self.land()
        self.callouts = []
        for q in self.cues:
            q.clock = max(q.clock, q.delay)
        for n in self.notes:
            n.clock = max(n.clock, n.delay)

    def clear(self) -> None:
        """Forget every sprite, callout, sound and log line to come: a round
        shown afresh is laid out (and its log written) from scratch."""
        self.sprites = {}
        self.callouts = []
        self.cues = []
        self.notes = []
