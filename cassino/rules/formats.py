"""The interchange formats of docs/formats.md: positions, game records and events
as JSON-ready dicts.

Reading validates: a broken position or record is refused with
``InvalidPositionError`` / ``InvalidRecordError`` naming the problem. This
module converts data; it reads and writes no files.
"""

from __future__ import annotations

from typing import Any

from .builds import Build
from .cards import parse_card, parse_cards
from .errors import (CassinoError, IllegalMoveError, InvalidCardError, InvalidMoveError,
                     InvalidPositionError, InvalidRecordError, InvalidRulesError)
from .game import Game
from .jsontext import short as _short
from .moves import parse_move
from .options import Rules
from .position import POSITION_FORMAT, Position
from .shape import seating_refusal, shape_of

RECORD_FORMAT = "cassino-record/1"
MAX_SEED = 10 ** 40  # a seed's digits: as many as the command line takes (``--seed``)
MAX_MOVES = 100_000  # far more than any game has; a longer list is refused by size


def position_to_json(pos: Position) -> dict[str, Any]:
    """A position as docs/formats.md writes it (``Position.to_json``)."""
    return pos.to_json()


def _int(data: dict[str, Any], key: str, default: Any = ..., low: int = 0,
         high: int = 1_000_000, owner: str = "") -> Any:
    """``data[key]``, a whole number from ``low`` to ``high``; ``owner`` names
    the object that holds it when that is not the position ("build 2")."""
    if key not in data:
        if default is ...:
            raise InvalidPositionError(f"{owner or 'the position'} has no {key!r}")
        return default
    v = data[key]
    where = f"{owner}: " if owner else ""
    if type(v) is not int:
        raise InvalidPositionError(f"{where}{key!r} must be a whole number, not {_short(v)}")
    if not low <= v <= high:
        raise InvalidPositionError(f"{where}{key!r} must be from {low} to {high}, not {_short(v)}")
    return v


def _list(data: dict[str, Any], key: str) -> list[Any]:
    if key not in data:  # said as missing, not as a list that is "None"
        raise InvalidPositionError(f"the position has no {key!r}")
    v = data[key]
    if not isinstance(v, list):
        raise InvalidPositionError(f"{key!r} must be a list, not {_short(v)}")
    return v


def _ints(data: dict[str, Any], key: str) -> list[int]:
    v = _list(data, key)
    if not all(type(x) is int and 0 <= x <= 1_000_000 for x in v):
        raise InvalidPositionError(f"{key!r} must be a list of whole numbers from 0 to 1000000, "
                                   f"not {_short(v)}")
    return v


def position_from_json(data: Any) -> Position:
    """Read and validate a position; any problem raises ``InvalidPositionError``."""
    if not isinstance(data, dict):
        raise InvalidPositionError("a position is a JSON object")
    fmt = data.get("format")
    if "format" not in data:
        raise InvalidPositionError(f"the position has no 'format' (it is {POSITION_FORMAT!r})")
    if fmt != POSITION_FORMAT:
        raise InvalidPositionError(f"'format' must be {POSITION_FORMAT!r}, not {_short(fmt)}")
    try:
        rules = Rules.from_json(data.get("rules", {}))
    except (InvalidRulesError, TypeError) as e:
        raise InvalidPositionError(f"'rules': {e}") from None
    players = _int(data, "players", low=2, high=6)
    teams_data = data.get("teams", [[s] for s in range(players)])
    refusal = seating_refusal(rules, players, teams_data)
    if refusal:
        raise InvalidPositionError(refusal)
    shape = shape_of(rules, players, teams_data)
    # Lengths before contents: a list of a million hands is refused at a glance.
    sides = len(shape.teams)
    for key, want, what in (("hands", players, "one hand per player"), ("captured", sides, "one entry per team"),
                            ("sweeps", sides, "one entry per team"), ("scores", sides, "one entry per team")):
        if len(_list(data, key)) != want:
            raise InvalidPositionError(f"{key!r} must have {what} ({want})")
    try:
        hands = [parse_cards(h, f"hand {i}") for i, h in enumerate(_list(data, "hands"))]
        stock_list = _list(data, "stock")
        if len(stock_list) > 52:
            raise InvalidPositionError(f"the stock holds {len(stock_list)} cards; a pack has 52")
        stock = [parse_card(c) for c in stock_list]
        loose = parse_cards(_list(data, "loose"), "'loose'")
        builds = []
        build_list = _list(data, "builds")
        if len(build_list) > 26:
            raise InvalidPositionError(f"{len(build_list)} builds cannot be on the table at once")
        for i, b in enumerate(build_list):
            if not isinstance(b, dict):
                raise InvalidPositionError(f"build {i + 1} must be an object")
            multiple = b.get("multiple", False)
            if type(multiple) is not bool:
                raise InvalidPositionError(f"build {i + 1}: 'multiple' must be true or false")
            if "cards" not in b:
                raise InvalidPositionError(f"build {i + 1} has no 'cards'")
            owner = f"build {i + 1}"
            builds.append(Build(parse_cards(b["cards"], owner), _int(b, "value", high=99, owner=owner),
                                multiple, _int(b, "controller", high=99, owner=owner)))
        captured = [parse_cards(c, f"captured {i}") for i, c in enumerate(_list(data, "captured"))]
    except InvalidCardError as e:
        raise InvalidPositionError(str(e)) from None
    sweeps = _ints(data, "sweeps")
    scores = _ints(data, "scores")
    last = data.get("last_capturer")
    if last is not None and (type(last) is not int or not 0 <= last < players):
        raise InvalidPositionError(f"'last_capturer' must be a seat from 0 to {players - 1} or "
                                   f"null, not {_short(last)}")
    plucked_list = data.get("plucked", [])
    if (not isinstance(plucked_list, list) or len(plucked_list) > players or not all(type(s) is int and 0 <= s < players for s in plucked_list)
            or len(set(plucked_list)) != len(plucked_list)):
        raise InvalidPositionError(f"'plucked' must list seats from 0 to {players - 1}, each "
                                   f"once, not {_short(plucked_list)}")
    if rules.pluck and "plucked" not in data:
        plucked_list = []
    plucked = sum(1 << s for s in plucked_list)
    winner = data.get("winner")
    if winner is not None and (type(winner) is not int or not 0 <= winner < len(shape.teams)):
        raise InvalidPositionError(f"'winner' must be a team from 0 to {len(shape.teams) - 1}, "
                                   f"not {_short(winner)}")
    round_number = _int(data, "round", 1, low=1, high=100_000)
    pos = Position(shape, _int(data, "dealer", high=players - 1), _int(data, "to_move", high=players - 1),
                   hands, stock, loose, builds, captured, sweeps, last, scores, round_number,
                   plucked, winner)
    problems = pos.problems()
    if problems:
        raise InvalidPositionError("; ".join(problems))
    return pos


# -- game records ------------------------------------------------------------


def record_to_json(game: Game, players: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A game record: rules, players, teams, seed and every move so far."""
    if players is None:
        players = [{"name": f"Player {s + 1}", "seat": s, "kind": "human"} for s in range(game.players)]
    return {
        "format": RECORD_FORMAT,
        "rules": game.rules.to_json(),
        "players": players,
        "teams": game.teams,
        "seed": game.seed,
        "moves": [m.text() for m in game.moves],
    }


class ReplayError(InvalidRecordError):
    """A record whose move number ``index`` (0-based) cannot be played."""

    def __init__(self, message: str, index: int, move_text: str):
        super().__init__(message)
        self.index = index
        self.move_text = move_text


def game_from_record(data: Any) -> Game:
    """The game a record starts (its rules, players, teams and seed), before
    any move; ``InvalidRecordError`` if the record cannot start one."""
    if not isinstance(data, dict):
        raise InvalidRecordError("a game record is a JSON object")
    if data.get("format") != RECORD_FORMAT:
        raise InvalidRecordError(f"'format' must be {RECORD_FORMAT!r}, not {_short(data.get('format'))}")
    try:
        rules = Rules.from_json(data.get("rules", {}))
    except (InvalidRulesError, TypeError) as e:
        raise InvalidRecordError(f"'rules': {e}") from None
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 6:
        raise InvalidRecordError("'players' must list 2 to 6 players")
    _check_players(players)
    seed = data.get("seed")
    if (not isinstance(seed, (int, str)) or isinstance(seed, bool)
            or (isinstance(seed, int) and abs(seed) >= MAX_SEED) or (isinstance(seed, str) and len(seed) > 200)):
        found = f"not {_short(seed)}" if "seed" in data else "and the record has none"
        raise InvalidRecordError(f"'seed' must be a whole number of at most 40 digits or a string of at "
                                 f"most 200 characters, {found}")
    teams = data.get("teams", [[s] for s in range(len(players))])
    refusal = seating_refusal(rules, len(players), teams)
    if refusal:
        raise InvalidRecordError(refusal)
    return Game(rules, len(players), teams, seed)


def _check_players(players: list[Any]) -> None:
    """Each entry of a record's ``players``: an object whose ``name`` and
    ``kind`` are text and whose ``seat`` is a seat at the table, each seat
    once (any may be left out: the seat is then the entry's place in the list)."""
    n = len(players)
    seen: set[int] = set()
    for i, p in enumerate(players):
        where = f"'players' entry {i + 1}"
        if not isinstance(p, dict):
            raise InvalidRecordError(f"{where} must be an object with 'name', 'seat' and 'kind', "
                                     f"not {_short(p)}")
        for key in ("name", "kind"):
            if key in p and not (isinstance(p[key], str) and len(p[key]) <= 200):
                raise InvalidRecordError(f"{where}: '{key}' must be text of at most 200 characters, "
                                         f"not {_short(p[key])}")
        seat = p.get("seat", i)
        if type(seat) is not int or not 0 <= seat < n:
            raise InvalidRecordError(f"{where}: 'seat' must be a seat from 0 to {n - 1}, not {_short(seat)}")
        if seat in seen:
            raise InvalidRecordError(f"{where}: seat {seat} is listed twice")
        seen.add(seat)


def replay(data: Any) -> Game:
    """Replay a game record, checking every move; returns the game as it stands
    after the last move. Raises ``InvalidRecordError`` (or ``ReplayError`` for a
    bad move, naming it and the reason)."""
    game = game_from_record(data)
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise InvalidRecordError("'moves' must be a list of moves in compact text form")
    if len(moves) > MAX_MOVES:
        raise InvalidRecordError(f"'moves' lists {len(moves)} moves; a game has far fewer")
    for i, text in enumerate(moves):
        where = f"move {i + 1} ({_short(text)}, seat {game.position.to_move}, round {game.round_number})"
        if game.over:
            raise ReplayError(f"{where}: the game is already over", i, str(text)[:60])
        try:
            game.play(parse_move(text))
        except InvalidMoveError as e:
            raise ReplayError(f"{where}: {e}", i, str(text)[:60]) from None
        except IllegalMoveError as e:
            # The reason speaks to the mover ("not in your hand"): said as to that seat.
            raise ReplayError(f"{where} is illegal; the rules would tell seat {game.position.to_move}: {e.reason}",
                              i, str(text)[:60]) from None
    return game


__all__ = ["position_to_json", "position_from_json", "record_to_json", "replay", "ReplayError",
           "game_from_record", "CassinoError"]
