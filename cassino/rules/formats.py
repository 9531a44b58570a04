"""The interchange formats of FORMATS.md: positions and game records as JSON-ready dicts.

Reading validates: a broken position or record is refused with
``InvalidPositionError`` / ``InvalidRecordError`` naming the problem. This
module converts data; it reads and writes no files.
"""

from __future__ import annotations

from typing import Any

from .cards import card_text, cards_of, parse_card, parse_cards
from .errors import (CassinoError, IllegalMoveError, InvalidCardError, InvalidMoveError,
                     InvalidPositionError, InvalidRecordError, InvalidRulesError)
from .game import Game, RoundResult
from .moves import parse_move
from .options import Rules
from .position import Build, Position

POSITION_FORMAT = "cassino-position/1"
RECORD_FORMAT = "cassino-record/1"


def _cards(mask: int) -> list[str]:
    return [card_text(c) for c in cards_of(mask)]


def position_to_json(pos: Position) -> dict[str, Any]:
    return {
        "format": POSITION_FORMAT,
        "rules": pos.rules.to_json(),
        "players": pos.players,
        "teams": [list(t) for t in pos.teams],
        "dealer": pos.dealer,
        "to_move": pos.to_move,
        "hands": [_cards(h) for h in pos.hands],
        "stock": [card_text(c) for c in pos.stock],
        "loose": _cards(pos.loose),
        "builds": [{"cards": _cards(b.cards), "value": b.value, "multiple": b.multiple,
                    "controller": b.controller} for b in pos.builds],
        "captured": [_cards(c) for c in pos.captured],
        "sweeps": list(pos.sweeps),
        "last_capturer": pos.last_capturer,
        "scores": list(pos.scores),
    }


def _int(data: dict[str, Any], key: str, default: Any = ...) -> Any:
    if key not in data:
        if default is ...:
            raise InvalidPositionError(f"the position has no {key!r}")
        return default
    v = data[key]
    if type(v) is not int:
        raise InvalidPositionError(f"{key!r} must be a whole number, not {v!r}")
    return v


def _list(data: dict[str, Any], key: str) -> list[Any]:
    v = data.get(key)
    if not isinstance(v, list):
        raise InvalidPositionError(f"{key!r} must be a list, not {v!r}")
    return v


def position_from_json(data: Any) -> Position:
    """Read and validate a position; any problem raises ``InvalidPositionError``."""
    if not isinstance(data, dict):
        raise InvalidPositionError("a position is a JSON object")
    fmt = data.get("format")
    if fmt != POSITION_FORMAT:
        raise InvalidPositionError(f"'format' must be {POSITION_FORMAT!r}, not {fmt!r}")
    try:
        rules = Rules.from_json(data.get("rules", {}))
    except (InvalidRulesError, TypeError) as e:
        raise InvalidPositionError(f"'rules': {e}") from None
    players = _int(data, "players")
    if players not in (2, 3, 4):
        raise InvalidPositionError(f"'players' must be 2, 3 or 4, not {players}")
    teams_data = data.get("teams", [[s] for s in range(players)])
    if (not isinstance(teams_data, list) or not all(isinstance(t, list) for t in teams_data)
            or not all(type(s) is int for t in teams_data for s in t)):
        raise InvalidPositionError(f"'teams' must be a list of seat lists, not {teams_data!r}")
    try:
        hands = [parse_cards(h, f"hand {i}") for i, h in enumerate(_list(data, "hands"))]
        stock_list = _list(data, "stock")
        stock = [parse_card(c) for c in stock_list]
        loose = parse_cards(_list(data, "loose"), "'loose'")
        builds = []
        for i, b in enumerate(_list(data, "builds")):
            if not isinstance(b, dict):
                raise InvalidPositionError(f"build {i + 1} must be an object")
            multiple = b.get("multiple", False)
            if type(multiple) is not bool:
                raise InvalidPositionError(f"build {i + 1}: 'multiple' must be true or false")
            builds.append(Build(parse_cards(b.get("cards"), f"build {i + 1}"),
                                _int(b, "value"), multiple, _int(b, "controller")))
        captured = [parse_cards(c, f"captured {i}") for i, c in enumerate(_list(data, "captured"))]
    except InvalidCardError as e:
        raise InvalidPositionError(str(e)) from None
    sweeps = _list(data, "sweeps")
    scores = _list(data, "scores")
    if not all(type(x) is int for x in sweeps + scores):
        raise InvalidPositionError("'sweeps' and 'scores' must be lists of whole numbers")
    last = data.get("last_capturer")
    if last is not None and type(last) is not int:
        raise InvalidPositionError(f"'last_capturer' must be a seat or null, not {last!r}")
    pos = Position(rules, players, teams_data, _int(data, "dealer"), _int(data, "to_move"),
                   hands, stock, loose, builds, captured, sweeps, last, scores)
    problems = pos.problems()
    if problems:
        raise InvalidPositionError("; ".join(problems))
    return pos


# -- game records ------------------------------------------------------------


def record_to_json(game: Game, players: list[dict[str, Any]] | None = None) -> dict[str, Any]:
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


def replay(data: Any) -> Game:
    """Replay a game record, checking every move; returns the game as it stands
    after the last move. Raises ``InvalidRecordError`` (or ``ReplayError`` for a
    bad move, naming it and the reason)."""
    if not isinstance(data, dict):
        raise InvalidRecordError("a game record is a JSON object")
    if data.get("format") != RECORD_FORMAT:
        raise InvalidRecordError(f"'format' must be {RECORD_FORMAT!r}, not {data.get('format')!r}")
    try:
        rules = Rules.from_json(data.get("rules", {}))
    except (InvalidRulesError, TypeError) as e:
        raise InvalidRecordError(f"'rules': {e}") from None
    players = data.get("players")
    if not isinstance(players, list) or len(players) not in (2, 3, 4):
        raise InvalidRecordError("'players' must list 2, 3 or 4 players")
    seed = data.get("seed")
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise InvalidRecordError(f"'seed' must be a number or a string, not {seed!r}")
    teams = data.get("teams", [[s] for s in range(len(players))])
    try:
        game = Game(rules, len(players), teams, seed)
    except (ValueError, TypeError) as e:
        raise InvalidRecordError(f"'teams': {e}") from None
    problems = game.position.problems()
    if problems:
        raise InvalidRecordError("; ".join(problems))
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise InvalidRecordError("'moves' must be a list of moves in compact text form")
    for i, text in enumerate(moves):
        where = f"move {i + 1} ({text!r}, seat {game.position.to_move}, round {game.round_number})"
        if game.over:
            raise ReplayError(f"{where}: the game is already over", i, str(text))
        try:
            game.play(parse_move(text))
        except InvalidMoveError as e:
            raise ReplayError(f"{where}: {e}", i, str(text)) from None
        except IllegalMoveError as e:
            raise ReplayError(f"{where} is illegal: {e.reason}", i, str(text)) from None
    return game


__all__ = ["position_to_json", "position_from_json", "record_to_json", "replay", "ReplayError",
           "RoundResult", "CassinoError"]
