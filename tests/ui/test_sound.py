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


def _maker() -> object:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "assets" / "sounds" / "make_sounds.py"
    spec = importlib.util.spec_from_file_location("make_sounds", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_sound_files_are_what_their_script_makes(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    maker = _maker()
    maker.main(tmp_path)  # type: ignore[attr-defined]
    here = Path(maker.HERE)  # type: ignore[attr-defined]
    for name in NAMES:
        assert (tmp_path / f"{name}.wav").read_bytes() == (here / f"{name}.wav").read_bytes(), name


def test_every_note_fades_out_inside_its_sound() -> None:
    # Notes stopped at 5-14% of their peak while others rang on: faint ticks in headphones.
    maker = _maker()
    for freq, seconds, decay in ((1047, 0.6, 0.3), (392, 0.9, 0.35), (196, 0.07, 0.02)):
        note = maker.tone(freq, seconds, decay)  # type: ignore[attr-defined]
        peak = max(abs(v) for v in note)
        assert max(abs(v) for v in note[-3:]) < 0.01 * peak, freq
        # The biggest step between samples in the note's last 12 ms is no bigger than its waves make.
        tail = note[-int(0.012 * maker.RATE):]  # type: ignore[attr-defined]
        steps = [abs(b - a) for a, b in zip(tail, tail[1:])]
        assert max(steps) < 2 * 3.1416 * freq / maker.RATE * peak * 1.2, freq  # type: ignore[attr-defined]


def test_the_sweep_and_the_win_are_told_apart() -> None:
    maker = _maker()
    made = maker.sounds()  # type: ignore[attr-defined]
    n = min(len(made["sweep"]), len(made["win"]))
    a, b = made["sweep"][:n], made["win"][:n]
    dot = sum(x * y for x, y in zip(a, b))
    norm = (sum(x * x for x in a) * sum(y * y for y in b)) ** 0.5
    assert abs(dot / norm) < 0.5


def test_sound_turned_off_stops_what_is_sounding() -> None:
    sounds = Sounds(Settings())
    if sounds.problem is not None:
        pytest.skip(f"this machine has no audio at all: {sounds.problem}")
    sounds.play("win")
    assert sounds.sounds["win"].get_num_channels() == 1
    sounds.hush()
    assert sounds.sounds["win"].get_num_channels() == 0


def test_one_damaged_sound_file_silences_that_sound_alone(monkeypatch: pytest.MonkeyPatch,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    # A missing play.wav turned every sound off, and the log blamed the audio device.
    from pathlib import Path

    import cassino.ui.sound as sound

    real = sound.asset_path
    monkeypatch.setattr(sound, "asset_path",
                        lambda *parts: Path("/nowhere/play.wav") if parts[-1] == "play.wav" else real(*parts))
    sounds = Sounds(Settings())
    if not pygame.mixer.get_init():
        pytest.skip(f"this machine has no audio at all: {sounds.problem}")
    assert set(sounds.sounds) == set(NAMES) - {"play"} and sounds.problem is None
    assert any("/nowhere/play.wav" in r.getMessage() for r in caplog.records)
    sounds.play("play")  # nothing happens, nothing raised


def test_a_missing_font_is_named_in_the_log(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    # Text fell back to pygame's own font, suits drawn as boxes, and the log said nothing.
    from pathlib import Path

    from cassino.ui.art import theme

    monkeypatch.setattr(theme, "asset_path", lambda *parts: Path("/nowhere") / parts[-1])
    monkeypatch.setattr(theme, "_MISSING_FONTS", set())
    theme.reset()
    try:
        assert theme.text("Cassino", 20).get_width() > 0  # still text
        theme.text("Cassino", 30)
        said = [r.getMessage() for r in caplog.records if "/nowhere/" in r.getMessage()]
        assert len(said) == 1 and theme.FONT_FILES[0] in said[0], said
    finally:
        theme.reset()
