"""Files in the player's own folder: settings and the game in progress, as JSON.

The folder is the one ``platformdirs`` gives for the app (``CASSINO_HOME``
overrides it, for tests and portable installs), never the program's own.
Every write is atomic: a temporary file in the same folder, flushed, then
renamed over the old one, so a crash or a kill leaves the old file or the
new one, never half of one. A file that cannot be used (bad JSON, wrong
types, an illegal game, a newer format) is never fatal: it is renamed to
``NAME.bad`` so nothing is lost, and ``problems`` says so in words.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from cassino.rules import CassinoError, Game, position_to_json, record_to_json, replay
from cassino.settings import Settings
from cassino.stats import Stats

T = TypeVar("T")

APP_NAME = "Cassino"
SETTINGS = "settings.json"
SAVED_GAME = "game.json"
STATS = "stats.json"
SAVE_FORMAT = 1


class SavedGame(NamedTuple):
    game: Game
    seats: list[dict[str, Any]]  # as the game record lists them: name, seat, kind
    practice: bool               # undo was used


def user_folder() -> Path:
    """Where this player's files live."""
    home = os.environ.get("CASSINO_HOME")
    if home:
        return Path(home)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


class Store:
    """Reads and writes the JSON files in one folder; collects what went wrong."""

    def __init__(self, folder: Path | None = None):
        self.folder = folder if folder is not None else user_folder()
        self.problems: list[str] = []

    def path(self, name: str) -> Path:
        return self.folder / name

    def read(self, name: str) -> Any | None:
        """The file's JSON, or None if there is none (or it was set aside)."""
        path = self.path(name)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as e:
            self.set_aside(name, f"it could not be read ({e})")
            return None
        try:
            return json.loads(text)
        except json.JSONDecodeError as e:
            self.set_aside(name, f"it is not valid JSON ({e.msg}, line {e.lineno})")
            return None

    def write(self, name: str, data: Any) -> None:
        """Replace the file atomically with ``data`` as JSON."""
        self.folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f, ensure_ascii=False, indent=1)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path(name))
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise

    def delete(self, name: str) -> None:
        try:
            self.path(name).unlink()
        except FileNotFoundError:
            pass

    def set_aside(self, name: str, why: str) -> None:
        """Keep a bad file as NAME.bad (replacing an older one) and say so."""
        path = self.path(name)
        bad = path.with_name(path.name + ".bad")
        try:
            os.replace(path, bad)
            where = f"it was kept as {bad}"
        except OSError as e:
            where = f"it could not be moved aside ({e.strerror})"
        self.problems.append(f"{path.name} was set aside because {why}; {where}.")

    # -- settings --------------------------------------------------------------------

    def _load(self, name: str, parse: Callable[[Any], T], default: Callable[[], T]) -> T:
        """The file parsed, or the default if it is missing or set aside as unusable."""
        data = self.read(name)
        if data is None:
            return default()
        try:
            return parse(data)
        except ValueError as e:
            self.set_aside(name, str(e))
            return default()

    def load_settings(self) -> Settings:
        return self._load(SETTINGS, Settings.from_json, Settings)

    def save_settings(self, settings: Settings) -> None:
        self.write(SETTINGS, settings.to_json())

    # -- statistics ----------------------------------------------------------------------

    def load_stats(self) -> Stats:
        return self._load(STATS, Stats.from_json, Stats)

    def save_stats(self, stats: Stats) -> None:
        self.write(STATS, stats.to_json())

    # -- the game in progress ----------------------------------------------------------

    def save_game(self, game: Game, seats: list[dict[str, Any]], practice: bool = False) -> None:
        """The game record (docs/formats.md) with the position it reached, after every move."""
        data = record_to_json(game, seats)
        data["save_format"] = SAVE_FORMAT
        data["practice"] = practice
        data["position"] = position_to_json(game.position)
        self.write(SAVED_GAME, data)

    def load_game(self) -> SavedGame | None:
        """The saved game, replayed move by move through the rules engine and
        checked against the position it was saved at; None if there is none."""
        data = self.read(SAVED_GAME)
        if data is None:
            return None
        try:
            return _saved_game(data)
        except (CassinoError, ValueError, TypeError, KeyError) as e:
            self.set_aside(SAVED_GAME, f"the saved game cannot be resumed: {e}")
            return None

    def has_game(self) -> bool:
        return self.path(SAVED_GAME).exists()


def _saved_game(data: Any) -> SavedGame:
    if not isinstance(data, dict):
        raise ValueError("it is not a JSON object")
    version = data.get("save_format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValueError("'save_format' is missing")
    if version > SAVE_FORMAT:
        raise ValueError(f"it was written by a newer Cassino (save format {version}; this one reads "
                         f"{SAVE_FORMAT})")
    game = replay(data)
    if game.over:
        raise ValueError("that game is already over")
    if data.get("position") != position_to_json(game.position):
        raise ValueError("its moves do not lead to the position it was saved at")
    seats = data["players"]
    for s in seats:
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or \
                s.get("kind") not in ("human", "ai:beginner", "ai:intermediate", "ai:expert"):
            raise ValueError(f"a player must have a name and a kind ('human' or 'ai:LEVEL'), not {s!r}")
    return SavedGame(game, seats, data.get("practice") is True)
