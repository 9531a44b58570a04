"""Synthesise the game's sounds into this folder as 16-bit mono WAV files.

    python assets/sounds/make_sounds.py

Standard library only; deterministic (seeded noise), so the files are the
same every time. Each sound is short and soft: a table, not an arcade.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
HERE = Path(__file__).resolve().parent


def envelope(n: int, attack: float, decay: float) -> list[float]:
    """A quick rise and an exponential fall, ``n`` samples long."""
    a = max(1, int(attack * RATE))
    return [(i / a if i < a else math.exp(-(i - a) / (decay * RATE))) for i in range(n)]


def noise_burst(seconds: float, decay: float, seed: int, smooth: int) -> list[float]:
    """Filtered noise: a card's snap or a swish, depending on the smoothing."""
    rng = random.Random(seed)
    n = int(seconds * RATE)
    raw = [rng.uniform(-1, 1) for _ in range(n)]
    out, acc = [], 0.0
    for x in raw:  # a one-pole low-pass: larger ``smooth`` is duller
        acc += (x - acc) / smooth
        out.append(acc)
    env = envelope(n, 0.002, decay)
    peak = max(abs(v) for v in out) or 1.0
    return [v / peak * e for v, e in zip(out, env)]


def tone(freq: float, seconds: float, decay: float, start: float = 0.0) -> list[float]:
    """A note ``seconds`` long after ``start`` seconds of silence. Its last
    12 ms fade to nothing: a note cut off mid-wave ticks, even under others
    still ringing."""
    n = int(seconds * RATE)
    env = envelope(n, 0.004, decay)
    tail = min(n, int(0.012 * RATE))
    for i in range(tail):
        env[n - 1 - i] *= i / tail
    lead = [0.0] * int(start * RATE)
    return lead + [math.sin(2 * math.pi * freq * i / RATE) * (0.8 + 0.2 * math.sin(math.pi * freq * i / RATE)) * env[i]
                   for i in range(n)]


def mix(*parts: list[float], gain: float = 1.0) -> list[float]:
    n = max(len(p) for p in parts)
    out = [0.0] * n
    for p in parts:
        for i, v in enumerate(p):
            out[i] += v
    peak = max(abs(v) for v in out) or 1.0
    return [v / peak * gain for v in out]


def save(name: str, samples: list[float], folder: Path = HERE) -> None:
    # The last few milliseconds fade to nothing: a sound cut off mid-wave clicks.
    fade = min(len(samples), int(0.008 * RATE))
    samples = samples[:len(samples) - fade] + [v * (fade - i) / fade for i, v in enumerate(samples[-fade:])]
    with wave.open(str(folder / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1.0, min(1.0, v)) * 32000)) for v in samples))


def sounds() -> dict[str, list[float]]:
    """Every sound of the game, by name."""
    return {
        "deal": mix(noise_burst(0.07, 0.02, 1, 6), gain=0.35),
        "play": mix(noise_burst(0.09, 0.018, 2, 2), tone(180, 0.09, 0.02), gain=0.55),
        "capture": mix(noise_burst(0.08, 0.02, 3, 2), tone(660, 0.25, 0.08, 0.03), tone(880, 0.25, 0.08, 0.09),
                       gain=0.5),
        "build": mix(tone(220, 0.18, 0.05), tone(330, 0.18, 0.05), noise_burst(0.05, 0.01, 4, 3), gain=0.5),
        # A sweep: the table brushed clear, then a bright fifth (the game's win is the arpeggio:
        # the two sounded alike).
        "sweep": mix(noise_burst(0.28, 0.09, 6, 5), tone(784, 0.3, 0.1, 0.12), tone(1175, 0.3, 0.1, 0.16),
                     gain=0.55),
        "round": mix(tone(392, 0.9, 0.35), tone(494, 0.9, 0.35, 0.05), tone(587, 0.9, 0.35, 0.1), gain=0.5),
        # A move refused: two soft knocks, a "no" that does not scold; high enough for a
        # laptop's speakers (at 196 and 165 Hz it was all but lost on them).
        "refuse": mix(tone(392, 0.07, 0.02), tone(330, 0.08, 0.025, 0.09), noise_burst(0.03, 0.008, 5, 4),
                      gain=0.42),
        # The game's end: won, a rising major arpeggio that rings on; lost, a falling minor triad that settles.
        "win": mix(*(tone(f, 0.9 - 0.1 * k, 0.3, 0.09 * k) for k, f in enumerate((523, 659, 784, 1047))),
                   gain=0.55),
        "lose": mix(tone(392, 0.5, 0.2), tone(311, 0.6, 0.25, 0.18), tone(262, 0.9, 0.35, 0.36), gain=0.45),
    }


def main(folder: Path = HERE) -> None:
    for name, samples in sounds().items():
        save(name, samples, folder)


if __name__ == "__main__":
    main()
