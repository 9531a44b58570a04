"""Files in the player's own folder: settings, statistics, the last setup and the
game in progress, as JSON.

The folder is the one ``platformdirs`` gives for the app (``CASSINO_HOME``
overrides it, for tests and portable installs), never the program's own.
Every write is atomic: a temporary file in the same folder, flushed, then
renamed over the old one and the folder's entry flushed too, so a crash, a
kill or a power cut leaves the old file or the new one, never half of one.
A file that cannot be used (any bytes at all: not UTF-8, not JSON, absurdly
nested or big, wrong types, an illegal game, a newer format) is never fatal:
it is renamed to ``NAME.bad`` (``NAME.2.bad`` and so on when that is taken:
no damaged copy ever replaces another) with its bytes intact, and
``problems`` says so in words for the title screen.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import stat
import sys
import tempfile
from pathlib import Path
from collections.abc import Callable
from typing import IO, Any, NamedTuple, TypeVar

from cassino.rules import CassinoError, Game, Rules, position_from_json, position_to_json, record_to_json, replay
from cassino.rules.jsontext import MAX_BYTES, InvalidJSONError, loads, short, size_refusal
from cassino.rules.scoring import with_sweeps
from cassino.settings import Settings
from cassino.setups import LEVELS, Setup
from cassino.stats import Stats

T = TypeVar("T")
log = logging.getLogger("cassino")

APP_NAME = "Cassino"
SETTINGS = "settings.json"
SAVED_GAME = "game.json"
STATS = "stats.json"
SETUP = "setup.json"
LAST_GAME = "last-game.json"  # the last finished game's record, for its review
CLAIM = "cassino.lock"  # held by the copy of the game that keeps the folder's files
SHARED = ("Cassino is already open in another window: this one keeps nothing of what is played or "
          "set in it (your games, settings and statistics are kept by the other).")
SAVE_FORMAT = 1
# What a damaged file means for the player, said before what was wrong with it.
LOST = {SETTINGS: "Your settings could not be read, so the usual ones are in use.",
        STATS: "Your statistics could not be read, so they start afresh.",
        SETUP: "Your last new-game setup could not be read, so the usual one is offered.",
        SAVED_GAME: "Your game in progress could not be restored.",
        LAST_GAME: "The record of your last finished game could not be read."}
# Settings of which some were right: those are kept (the rest as ``LOST`` says).
SOME_SETTINGS_LOST = "Some of your settings could not be read: those are back to the usual ones, the others kept."
MAX_NAME = 40      # characters of a player's name
MAX_KEPT = 1000    # damaged copies of one file kept before giving up
# A new file's mode, as the player's umask makes it for any program (read once, at the start).
_UMASK = os.umask(0o022)
os.umask(_UMASK)
NEW_FILE_MODE = 0o666 & ~_UMASK


class SavedGame(NamedTuple):
    """A game in progress as game.json keeps it: the game, its seats, and whether undo was used."""

    game: Game
    seats: list[dict[str, Any]]  # as the game record lists them: name, seat, kind
    practice: bool               # undo was used
    dealt_in: bool = False       # between rounds: the next round was on show, its sheet closed


def user_folder() -> Path:
    """Where this player's files live."""
    home = os.environ.get("CASSINO_HOME")
    if home:
        return Path(home)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def shown(path: Path) -> str:
    """A path as words on the screen: a byte of its name that is no character
    (a folder named on a system of another encoding) as a replacement mark;
    kept as it was, it stopped the title from drawing at all."""
    return os.fsencode(path).decode("utf-8", "replace")


class Store:
    """Reads and writes the JSON files in one folder; collects what went wrong."""

    @property
    def place(self) -> str:
        """The folder as the game's words name it (``shown``)."""
        return shown(self.folder)

    def __init__(self, folder: Path | None = None):
        self.folder = folder if folder is not None else user_folder()
        self.problems: list[str] = []
        # The files found damaged this session, by name: what was said of each
        # (the screen that shows such a file's contents says it too).
        self.damaged: dict[str, str] = {}
        # Those of them that could not be set aside: left where they are, never written over.
        self.kept_in_place: set[str] = set()
        # The game's latest moves could not be saved this session: the kept game is an older one.
        self.behind = False
        # settings.json's keys that no setting of this copy has, kept for the copy that wrote them.
        self.other_settings: dict[str, Any] = {}
        self._write_checked = False  # whether the folder's write permission was looked at
        # Another copy of the game has the folder: this one reads it but writes nothing
        # (two copies overwrote each other's games and settings, and counted a game twice).
        self.shared = False
        self._claim: IO[bytes] | None = None  # the open, locked claim file, held until the game closes

    def path(self, name: str) -> Path:
        """Where the file ``name`` lives."""
        return self.folder / name

    def claim(self) -> bool:
        """Take the folder for this copy of the game, unless another copy open
        now has it: this one then keeps nothing (``shared``), and says so."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            f = open(self.path(CLAIM), "a+b")
        except OSError:
            return True  # a folder that cannot be used is said when it is read
        try:
            _lock(f.fileno())
        except OSError as e:
            f.close()
            if e.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK, errno.EDEADLK):
                return True  # no locks on this file system: as before, unguarded
            self.shared = True
            log.warning("%s", SHARED)
            self.problems.append(SHARED)
            return False
        self._claim = f
        # Half-written files of a copy stopped mid-write (the power cut): the files
        # themselves were never touched, and no copy is writing now.
        for leftover in self.folder.glob(".*.json.*.tmp"):
            try:
                leftover.unlink()
            except OSError:
                pass
        return True

    def release(self) -> None:
        """Give the folder up (closing the game does it too)."""
        if self._claim is not None:
            self._claim.close()
            self._claim = None

    def read(self, name: str) -> Any | None:
        """The file's JSON, or None if there is none (or it was set aside, or
        the folder itself cannot be used: said once, not once per file)."""
        unusable = self._unusable_folder()
        if unusable is not None:
            notice = (f"Your folder {self.place} cannot be used ({unusable}): your settings, statistics "
                      f"and games are neither read from it nor kept in it this time.")
            if notice not in self.problems:
                log.warning("%s", notice)
                self.problems.append(notice)
            return None
        if not self._write_checked:
            self._write_checked = True
            if self.folder.is_dir() and not os.access(self.folder, os.W_OK | os.X_OK):
                # Said at the start, not first at a move or a setting that is then lost.
                notice = (f"Your folder {self.place} cannot be written: your settings, statistics and "
                          f"games are read from it but not kept in it this time.")
                log.warning("%s", notice)
                self.problems.append(notice)
        data, wrong = self._json(name)
        if wrong is not None:
            self.set_aside(name, wrong)
        return data

    def _unusable_folder(self) -> str | None:
        """Why the player's folder cannot hold files, if it cannot: a file
        where it or a folder above it should be. (One missing is made when
        first written.)"""
        try:
            info = os.stat(self.folder)
        except FileNotFoundError:
            return None
        except NotADirectoryError:
            return "a file stands where one of the folders above it should be"
        except OSError as e:
            return e.strerror or str(e)
        return None if stat.S_ISDIR(info.st_mode) else "it is a file, not a folder"

    def _json(self, name: str) -> tuple[Any | None, str | None]:
        """The file's JSON (None if there is none) and, if it cannot be read,
        why not; nothing set aside."""
        path = self.path(name)
        try:
            info = os.stat(path)
        except FileNotFoundError:
            return None, None
        except OSError as e:
            return None, f"it could not be read ({e.strerror or e})"
        if not stat.S_ISREG(info.st_mode):
            return None, "it is not a file"  # a pipe, say, whose reading would never end
        refusal = size_refusal(info.st_size)
        if refusal:
            return None, refusal
        try:
            with open(path, "rb") as f:
                data = f.read(MAX_BYTES + 1)
        except OSError as e:
            return None, f"it could not be read ({e.strerror or e})"
        try:
            value = loads(data)
        except InvalidJSONError as e:
            return None, str(e)
        if value is None:  # never written by the game: it would read as no file at all
            return None, "it holds nothing but null"
        return value, None

    def write(self, name: str, data: Any) -> None:
        """Replace the file atomically with ``data`` as JSON (a folder, say, in
        its place is set aside first: nothing could ever replace it)."""
        self._not_shared()
        if name in self.kept_in_place:
            raise OSError(errno.EEXIST, f"{name} is damaged and could not be moved aside; it is left as it was "
                                        f"until you move it")
        unusable = self._unusable_folder()
        if unusable is not None:  # (mkdir said "File exists" of a file in the folder's place)
            raise NotADirectoryError(errno.ENOTDIR, f"your folder cannot be used: {unusable}")
        # Written as the game reads it back: a file read whole at 2 MB came out over the
        # reading limit (MAX_BYTES) indented, and was set aside at the next start.
        text = json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")
        if len(text) > MAX_BYTES:
            text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        if len(text) > MAX_BYTES:
            raise OSError(errno.EFBIG, f"{name} would be {len(text) >> 10} KB, more than the game reads back "
                                       f"({MAX_BYTES >> 10} KB)")
        self.folder.mkdir(parents=True, exist_ok=True)
        self._clear_way(name)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.folder)
        try:
            # The file's mode as it was, or a new file's usual one (mkstemp's 0600 made
            # every file the game rewrote private, whatever the player had set).
            try:
                mode = stat.S_IMODE(os.stat(self.path(name)).st_mode)
            except OSError:
                mode = NEW_FILE_MODE
            os.chmod(tmp, mode)
            with os.fdopen(fd, "wb") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path(name))
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        _sync_folder(self.folder)

    def delete(self, name: str) -> None:
        """Remove the file, if it is there (what is not a file is set aside; a
        damaged file that could not be is left as it was)."""
        self._not_shared()
        if name in self.kept_in_place:
            return
        self._clear_way(name)
        try:
            self.path(name).unlink()
        except FileNotFoundError:
            pass

    def _not_shared(self) -> None:
        if self.shared:
            raise OSError(errno.EBUSY, "Cassino is open in another window, which keeps your files")

    def _clear_way(self, name: str) -> None:
        """Set aside whatever stands at the file's place and is not a file."""
        path = self.path(name)
        if os.path.lexists(path) and not path.is_symlink() and not path.is_file():
            self.set_aside(name, "it is not a file")

    def set_aside(self, name: str, why: str, lost: str | None = None) -> None:
        """Keep a bad file under a name of its own (NAME.bad, else NAME.2.bad,
        ...: an earlier damaged copy is never replaced) and say so: ``lost``,
        what that means for the player (by default ``LOST``'s words for it)."""
        path = self.path(name)
        stop = "" if why.endswith(("?", ".")) else "."  # a reason may end in a question
        try:
            self._not_shared()  # (the other copy's to move)
            kept = _keep(path)
            # The folder in full: a player of the download has no other way to know where it is.
            problem = f"{path.name} was set aside because {why}{stop} It was kept as {kept.name} in {self.place}."
            log.warning("%s was set aside because %s%s It was kept as %s.", path.name, why, stop, shown(kept))
        except OSError as e:
            problem = (f"{path.name} in {self.place} could not be used because {why}{stop} Nor could it be "
                       f"moved aside ({e.strerror or e}), so it is left as it was.")
            log.warning("%s", problem)
            self.kept_in_place.add(name)  # and not written over: "left as it was" is a promise
        # What it means for the player first, then what was wrong with the file;
        # once (a file that cannot be moved aside is met again at each reading).
        notice = f"{lost or LOST.get(name, 'A file of yours could not be read.')} {problem}"
        if notice not in self.problems:
            self.problems.append(notice)
        self.damaged[name] = problem

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
        """The player's settings; the defaults if there are none. A file with
        some settings wrong is set aside, and the right ones kept (one wrong
        value lost every other setting)."""
        data = self.read(SETTINGS)
        if data is None:
            return Settings()
        if isinstance(data, dict):
            # Settings this copy does not know (a newer copy's) are written back as they were.
            known = Settings().to_json()
            self.other_settings = {k: v for k, v in data.items() if k not in known}
        settings, wrong = Settings.salvage(data)
        if wrong:
            named = sum(1 for k in Settings().to_json() if k in data) if isinstance(data, dict) else 0
            some = SOME_SETTINGS_LOST if len(wrong) < named else None
            more = f" (and {len(wrong) - 3} more)" if len(wrong) > 3 else ""
            self.set_aside(SETTINGS, "; ".join(wrong[:3]) + more, lost=some)
            if some is not None and not self.path(SETTINGS).exists():
                # The settings kept are written back at once: read from the
                # file set aside, they were lost at the next start.
                try:
                    self.save_settings(settings)
                except OSError as e:
                    log.warning("the settings kept could not be written: %s", e)
        return settings

    def save_settings(self, settings: Settings) -> None:
        """Keep the settings for the next start (and any this copy does not know)."""
        self.write(SETTINGS, {**self.other_settings, **settings.to_json()})

    # -- statistics ----------------------------------------------------------------------

    def load_stats(self) -> Stats:
        """The player's statistics; empty ones if there are none or they were set aside."""
        return self._load(STATS, Stats.from_json, Stats)

    def save_stats(self, stats: Stats) -> None:
        """Keep the statistics."""
        self.write(STATS, stats.to_json())

    # -- the last setup of a new game ---------------------------------------------------

    def load_setup(self) -> Setup:
        """The setup last chosen; the defaults if there is none or it was set aside."""
        return self._load(SETUP, Setup.from_json, Setup)

    def save_setup(self, setup: Setup) -> None:
        """Remember the setup for the next new game."""
        self.write(SETUP, setup.to_json())

    # -- the game in progress ----------------------------------------------------------

    def save_game(self, game: Game, seats: list[dict[str, Any]], practice: bool = False,
                  dealt_in: bool = False) -> None:
        """The game record (docs/formats.md) with the position it reached, after every move
        (``dealt_in``: at a round's start, its sheet already closed)."""
        data = record_to_json(game, seats)
        data["save_format"] = SAVE_FORMAT
        data["practice"] = practice
        if dealt_in and not game.turns:
            data["dealt_in"] = True
        data["position"] = position_to_json(game.position)
        try:
            self.write(SAVED_GAME, data)
        except OSError:
            self.behind = True
            raise
        self.behind = False

    def save_last_game(self, game: Game, seats: list[dict[str, Any]]) -> None:
        """The finished game's record (docs/formats.md), kept until the next one
        ends, for its review (Statistics, or ``python -m cassino review``)."""
        self.write(LAST_GAME, record_to_json(game, seats))

    def load_last_game(self) -> tuple[Game, list[dict[str, Any]]] | None:
        """The last finished game, replayed from its record, and its seats; None
        if there is none (a damaged record is set aside, as ``LOST`` says)."""
        return self._replayed(LAST_GAME, _finished_game, "it cannot be replayed")

    def has_last_game(self) -> bool:
        """Whether a finished game's record is kept (its review is offered)."""
        return self.path(LAST_GAME).exists()

    def load_game(self) -> SavedGame | None:
        """The saved game, replayed move by move through the rules engine and
        checked against the position it was saved at; None if there is none."""
        return self._replayed(SAVED_GAME, _saved_game, "the saved game cannot be resumed")

    def _replayed(self, name: str, parse: Callable[[Any], T], why: str) -> T | None:
        """A game file replayed by ``parse``; None if there is none, or it is set aside, saying ``why``."""
        data = self.read(name)
        if data is None:
            return None
        try:
            return parse(data)
        except (CassinoError, ValueError, TypeError, KeyError) as e:
            self.set_aside(name, f"{why}: {e}")
            return None

    def has_game(self) -> bool:
        """Whether a game in progress is kept (Continue on the title screen)."""
        return self.path(SAVED_GAME).exists()

    def game_in_words(self) -> str | None:
        """The kept game's score in words, for Continue's hint; None if the file
        does not say it plainly. Nothing is checked or set aside here:
        Continue replays the game in full and says what is wrong with it."""
        return self.kept_game()[0]

    def kept_game(self) -> tuple[str | None, KeptGame | None]:
        """The kept game's score in words (``game_in_words``), and its rules,
        players and round, for Continue's hint to name it (None where the
        file does not say them plainly), from one reading of its file."""
        data, wrong = self._json(SAVED_GAME)
        if wrong is not None:
            return None, None
        return saved_game_in_words(data), saved_game_facts(data)


class KeptGame(NamedTuple):
    """What Continue's hint names of a kept game: its rules, players and
    round (None: a position says its round only in a game of fixed rounds),
    and whether that round is still to be played, the one before it over and
    its sheet to show first."""

    rules: Rules
    players: int
    round: int | None
    between: bool
    practice: bool = False  # a move was taken back: not counted


def saved_game_facts(data: Any) -> KeptGame | None:
    """A saved game's rules, players and round, from its JSON; None unless
    its position says them plainly."""
    pos = data.get("position") if isinstance(data, dict) else None
    if not isinstance(pos, dict):
        return None
    players, number = pos.get("players"), pos.get("round")
    if not (isinstance(players, int) and _count(players) and 2 <= players <= 6) or \
            not (number is None or isinstance(number, int) and _count(number) and number >= 1):
        return None
    try:
        rules = Rules.from_json(pos.get("rules", {}))
    except CassinoError:
        return None
    # Saved as the next round was dealt and before its sheet was closed: the
    # game opens on the sheet of the round before (California's "round 2" opened
    # on "Round 1 of 12 over").
    between = number is not None and number >= 2 and not data.get("dealt_in") and _untouched(pos)
    return KeptGame(rules, players, number, between, data.get("practice") is True)


def _untouched(data: dict[str, Any]) -> bool:
    """Whether a position's JSON is its round's first deal with nothing played yet."""
    try:
        pos = position_from_json(data)
    except CassinoError:
        return False
    shape = pos.shape
    return (len(pos.stock) == shape.stock_after[0] and not pos.plucked
            and sum(h.bit_count() for h in pos.hands) == shape.deals[0].hand * pos.players)


def saved_game_in_words(data: Any) -> str | None:
    """"You 7, North 5": the score of a saved game's JSON (partners joined by
    "&"); None unless its players' names, teams and scores are all as the
    formats say. Under sudden death the round's sweeps count at once, as the
    table shows them."""
    if not isinstance(data, dict):
        return None
    players, pos = data.get("players"), data.get("position")
    if not isinstance(players, list) or not isinstance(pos, dict) or not 2 <= len(players) <= 6:
        return None
    names = [p.get("name") if isinstance(p, dict) else None for p in players]
    teams, scores = pos.get("teams"), pos.get("scores")
    if not all(_is_name(n) for n in names) or not isinstance(teams, list) or not isinstance(scores, list) \
            or len(teams) != len(scores):
        return None
    sweeps = pos.get("sweeps")
    try:
        rules = Rules.from_json(pos.get("rules", {}))
    except CassinoError:
        return None
    if rules.sudden_death:
        if not isinstance(sweeps, list) or len(sweeps) != len(scores) or not all(_count(n) for n in sweeps):
            return None
        if all(_count(s) for s in scores):
            scores = list(with_sweeps(rules, scores, sweeps))
    sides = []
    for team, score in zip(teams, scores):
        if not isinstance(team, list) or not team or not all(_count(i) and i < len(names) for i in team) \
                or not _count(score):
            return None
        sides.append(" & ".join(str(names[i]).strip() for i in team) + f" {score}")
    return ", ".join(sides)


def _count(x: object) -> bool:
    """A whole number from 0 up (not a bool, which JSON keeps apart)."""
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 10**6


# Who may sit in a saved game: a person, or a computer of a level the table offers.
KINDS = ("human", *(f"ai:{level}" for level in LEVELS))


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
    return SavedGame(game, _seats(data), data.get("practice") is True, data.get("dealt_in") is True)


def _seats(record: dict[str, Any]) -> list[dict[str, Any]]:
    """A replayed record's players, each with a name and a kind the table
    offers, in seat order, each with its ``seat`` (a record may leave it out:
    the seat is then the entry's place in the list, docs/formats.md)."""
    seats: list[dict[str, Any]] = record["players"]
    for s in seats:
        if not isinstance(s, dict) or not _is_name(s.get("name")) or \
                s.get("kind") not in KINDS:
            raise ValueError(f"a player must have a name (1 to {MAX_NAME} printable characters) and a "
                             f"kind ('human' or 'ai:LEVEL'), not {short(s)}")
    # (replay has checked each seat is at the table once.)
    return sorted(({**s, "seat": s.get("seat", i)} for i, s in enumerate(seats)), key=lambda s: s["seat"])


def _finished_game(data: Any) -> tuple[Game, list[dict[str, Any]]]:
    if not isinstance(data, dict):
        raise ValueError("it is not a JSON object")
    game = replay(data)
    if not game.over:
        raise ValueError("that game is not over")
    return game, _seats(data)


def _is_name(name: object) -> bool:
    return isinstance(name, str) and 0 < len(name) <= MAX_NAME and name.isprintable() and bool(name.strip())


def _keep(path: Path) -> Path:
    """Move ``path`` to the first free name of NAME.bad, NAME.2.bad, ...; never over a file."""
    for n in range(1, MAX_KEPT + 1):
        kept = path.with_name(f"{path.name}.bad" if n == 1 else f"{path.name}.{n}.bad")
        if os.path.lexists(kept):
            continue
        try:
            # A hard link fails if the name is taken, where a rename would
            # replace it (on POSIX); the old name then goes.
            os.link(path, kept)
        except FileExistsError:
            continue
        except OSError:
            # No hard links here (a directory, a FAT disk): rename, the name
            # having just been seen free. (Windows refuses to rename over a file.)
            os.rename(path, kept)
            return kept
        os.unlink(path)
        return kept
    raise OSError(f"{MAX_KEPT} damaged copies are kept already")


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; elsewhere the rename is the best there is)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot flush a folder; the file itself is flushed
    finally:
        os.close(fd)


def _lock(fd: int) -> None:
    """Lock the open file ``fd`` for this process, or raise OSError at once if
    another holds it (released when the file is closed or the process ends)."""
    if sys.platform == "win32":
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
