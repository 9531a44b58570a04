"""The player's statistics: games played, won and lost per opponent level and
game (a preset's name, such as 'Royal' or 'Five players', or the options of a
custom game), points and sweeps per round. Counts only games with one person
at the table, and never practice games (undo used). Pure data with a JSON
form; ``cassino.store`` keeps it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cassino.rules import Rules, describe_rules
from cassino.rules.jsontext import short


def rules_name(rules: Rules, players: int | None = None) -> str:
    """The game as statistics name it: the preset's name ('Standard', 'Royal',
    'Five players'), or the options that differ from the standard game
    ('controller=strict, target=11'), as ``describe_rules`` gives them."""
    return describe_rules(rules, players)


MAX_NAME = 400  # characters of a game's name: its opponents and the options that differ


@dataclass
class Record:
    """Games played, won and lost under one opponent and game."""

    played: int = 0
    won: int = 0
    lost: int = 0


@dataclass
class Stats:
    """Everything counted: games per opponent and game, and points and sweeps per round."""

    games: dict[str, Record] = field(default_factory=dict)  # "intermediate · standard" -> record
    rounds: int = 0
    points: int = 0
    best_round: int = 0
    sweeps: int = 0

    @staticmethod
    def key(opponents: str, rules: Rules, players: int | None = None) -> str:
        """The name a game is counted under: 'intermediate · Royal'."""
        return f"{opponents} · {rules_name(rules, players)}"

    def record_round(self, points: int, sweeps: int) -> None:
        """One round of a counted game: your side's points and sweeps."""
        self.rounds += 1
        self.points += points
        self.best_round = max(self.best_round, points)
        self.sweeps += sweeps

    def record_game(self, opponents: str, rules: Rules, won: bool, players: int | None = None) -> None:
        """One game played to its end, under its opponents and game."""
        r = self.games.setdefault(self.key(opponents, rules, players), Record())
        r.played += 1
        r.won += won
        r.lost += not won

    @property
    def average_round(self) -> float:
        """Points per round, over every round counted."""
        return self.points / self.rounds if self.rounds else 0.0

    def to_json(self) -> dict[str, Any]:
        """The statistics as stats.json keeps them."""
        return {"format": 1, "games": {k: [r.played, r.won, r.lost] for k, r in self.games.items()},
                "rounds": self.rounds, "points": self.points, "best_round": self.best_round,
                "sweeps": self.sweeps}

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """Statistics from JSON; anything malformed raises ValueError saying what."""
        if not isinstance(data, dict) or data.get("format") != 1:
            raise ValueError("statistics must be a JSON object with \"format\": 1")
        out = cls()
        for name in ("rounds", "points", "best_round", "sweeps"):
            v = data.get(name, 0)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise ValueError(f"'{name}' must be a whole number, not {short(v)}")
            setattr(out, name, v)
        games = data.get("games", {})
        if not isinstance(games, dict):
            raise ValueError("'games' must be an object")
        for k, v in games.items():
            # A name is drawn on the statistics screen: text, of the length a game's name has.
            if not (0 < len(k) <= MAX_NAME and k.isprintable()):
                raise ValueError(f"games {short(k)} is not the name of a game (1 to {MAX_NAME} printable "
                                 f"characters)")
            if not (isinstance(v, list) and len(v) == 3 and all(isinstance(x, int) and x >= 0 for x in v)
                    and v[1] + v[2] == v[0]):
                raise ValueError(f"games {short(k)} must be [played, won, lost], not {short(v)}")
            out.games[k] = Record(*v)
        return out
