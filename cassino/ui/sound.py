"""The table's sounds: dealing, playing, capturing, building, a sweep, the end
of a round, a move refused, the game won or lost. Files made by ``assets/sounds/make_sounds.py``. No audio device
(as on CI) means silence, never an error."""

from __future__ import annotations

import logging

import pygame

from cassino.resources import asset_path
from cassino.settings import Settings

NAMES = ("deal", "play", "capture", "build", "sweep", "round", "refuse", "win", "lose")


class Sounds:
    """Loads the sounds once; ``play`` respects the mute and volume settings."""

    def __init__(self, settings: Settings, load: bool = True):
        self.settings = settings
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.problem: str | None = None
        self.loaded = False
        if load:
            self.load()

    def load(self) -> None:
        """Open the audio device and read the files (the window opens first:
        an audio device can take a good part of a second to answer)."""
        if self.loaded:
            return
        self.loaded = True
        log = logging.getLogger(__name__)  # the log says why it is silent
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(22050, -16, 1, 512)
        except pygame.error as e:
            self.problem = f"no sound: {e}"
            log.warning(self.problem)
            return
        for name in NAMES:
            path = asset_path("sounds", f"{name}.wav")
            try:
                self.sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, FileNotFoundError, OSError) as e:
                # One damaged file silences its own sound, not every other.
                log.warning("sound %s could not be read: %s", path, e)

    def hush(self) -> None:
        """Stop whatever is sounding (sound just turned off: a win rang on for a second)."""
        for sound in self.sounds.values():
            try:
                sound.stop()
            except pygame.error:
                pass

    def play(self, name: str) -> None:
        """Play the sound ``name`` at the set volume, unless sound is off; never fails."""
        if not self.settings.sound or self.settings.volume <= 0:
            return
        self.load()
        sound = self.sounds.get(name)
        if sound is not None:
            try:
                sound.set_volume(self.settings.volume)
                sound.play()
            except pygame.error:
                pass  # a device that went away mid-game: carry on in silence
