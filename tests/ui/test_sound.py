"""Sounds: every one loads and plays; mute is silent; no audio device is silence, never an error."""

from __future__ import annotations

import pygame
import pytest

from cassino.settings import Settings
from cassino.ui.sound import NAMES, Sounds


@pytest.fixture(autouse=True)
def _audio() -> object:
    pygame.init()
    yield
    pygame.quit()


def test_every_sound_loads_and_plays() -> None:
    sounds = Sounds(Settings())
    if sounds.problem is not None:
        pytest.skip(f"this machine has no audio at all: {sounds.problem}")
    assert set(sounds.sounds) == set(NAMES)
    assert all(s.get_length() < 1.5 for s in sounds.sounds.values()), "short sounds only"
    for name in NAMES:
        sounds.play(name)


class Heard:
    """Stands in for a pygame Sound and remembers being played."""

    def __init__(self) -> None:
        self.volume = -1.0
        self.times = 0

    def set_volume(self, v: float) -> None:
        self.volume = v

    def play(self) -> None:
        self.times += 1


def test_mute_and_volume_are_obeyed() -> None:
    settings = Settings(sound=False, volume=0.5)
    sounds = Sounds(settings)
    heard = Heard()
    sounds.sounds = {"capture": heard}  # type: ignore[dict-item]
    sounds.play("capture")
    assert heard.times == 0
    settings.sound = True
    sounds.play("capture")
    assert heard.times == 1 and heard.volume == 0.5


def test_no_audio_device_means_silence(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    pygame.mixer.quit()

    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds(Settings())
    assert sounds.sounds == {} and "No available audio device" in (sounds.problem or "")
    sounds.play("sweep")  # nothing happens, nothing raised
    # ... and the log says why the game is silent.
    assert any("No available audio device" in r.getMessage() for r in caplog.records)
