"""The player's statistics: games played, won and lost per opponent level and
game (a preset's name, such as 'Royal' or 'Five players', or the options of a
custom game), points and sweeps per round, the current and best winning
streak, the most sweeps in one game, and the last ``RECENT`` games' results
for the chart of recent results. Counts only games with one person at the
table, and never practice games (undo used). Pure data with a JSON form;
``cassino.store`` keeps it.

What a round or a game earned is read from the rules' events (a round's
``RoundEnd``, a move's ``Event``), never worked out again here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cassino.rules import Game, Rules, describe_rules, preset_of
from cassino.rules.jsontext import short


def rules_name(rules: Rules, players: int | None = None) -> str:
    """The game as statistics name it: the preset's name ('Standard', 'Royal',
    'Five players'), or the options that differ from the standard game
    ('controller=strict, target=11'), as ``describe_rules`` gives them."""
    return describe_rules(rules, players)


def seating_name(rules: Rules, players: int | None, partner: str | None = None) -> str:
    """The table the game was played at, as statistics name it beside the
    game: nothing for two players (or a game whose name says its players,
    'Five players'), '3 players', 'partnerships, partner expert'."""
    if partner is not None:
        return f"partnerships, partner {partner}"
    if players is None or players == 2:
        return ""
    preset = preset_of(rules, players)
    if preset is not None and preset.players == (players,):  # 'Five players' says it
        return ""
    return f"{players} players"


MAX_NAME = 400  # characters of a game's name: its opponents and the options that differ
RECENT = 30     # games kept for the chart of recent results: a row of bars that fits any window


@dataclass
class Record:
    """Games played, won and lost under one opponent and game."""

    played: int = 0
    won: int = 0
    lost: int = 0


@dataclass(frozen=True)
class Result:
    """One finished game, as the chart of recent results shows it: won or
    lost, your side's final score and the best of the other sides', and
    your side's sweeps in the whole game. ``given_up``: lost by starting
    anew, with the scores it stood at then."""

    won: bool
    score: int
    other: int
    sweeps: int = 0
    given_up: bool = False

    @property
    def margin(self) -> int:
        """Points ahead of the best other side at the end (below zero: behind)."""
        return self.score - self.other

    def to_json(self) -> dict[str, Any]:
        """The result as stats.json keeps it."""
        data: dict[str, Any] = {"won": self.won, "score": self.score, "other": self.other, "sweeps": self.sweeps}
        if self.given_up:
            data["given_up"] = True
        return data

    @classmethod
    def from_json(cls, data: Any) -> Result:
        """A result from JSON; anything malformed raises ValueError saying what."""
        if not isinstance(data, dict) or not isinstance(data.get("won"), bool):
            raise ValueError(f"a recent game must be an object with \"won\": true or false, not {short(data)}")
        numbers = []
        for name in ("score", "other", "sweeps"):
            v = data.get(name, 0)
            if not _whole(v) or (name == "sweeps" and v < 0):
                raise ValueError(f"a recent game's '{name}' must be a whole number"
                                 f"{' of 0 or more' if name == 'sweeps' else ''}, not {short(v)}")
            numbers.append(v)
        given_up = data.get("given_up", False)
        if not isinstance(given_up, bool):
            raise ValueError(f"a recent game's 'given_up' must be true (for a game lost) or false, "
                             f"not {short(given_up)}")
        if given_up and data["won"]:
            raise ValueError("a recent game's 'given_up' is true for a game won: only a game lost is given up")
        score, other, sweeps = numbers
        return cls(data["won"], score, other, sweeps, given_up)


def unscored_sweeps(game: Game, team: int) -> int:
    """``team``'s sweeps in a round that ended the game before it was scored
    (a call for 21, a sudden-death sweep): no ``RoundEnd`` counts them, so
    they are read from the round's deal and moves. 0 when every round was scored."""
    if len(game.rounds) >= game.round_number:
        return 0
    deal = game.deal_event
    team_of = game.position.team_of
    return int(deal.sweep and deal.pairs_to == team) + \
        sum(1 for e in game.round_events if e.sweep and team_of[e.seat] == team)


def game_result(game: Game, team: int) -> Result:
    """``team``'s result of a finished game: won or not, the final scores,
    and its sweeps in every round (the scored ones' ``RoundEnd`` and, if the
    game ended inside a round, that round's)."""
    others = [score for t, score in enumerate(game.totals) if t != team]
    sweeps = sum(end.sweeps[team] for end in game.rounds) + unscored_sweeps(game, team)
    return Result(game.winner == team, game.totals[team], max(others, default=0), sweeps)


@dataclass
class Stats:
    """Everything counted: games per opponent and game, points and sweeps per
    round, streaks, and the last ``RECENT`` games' results (oldest first)."""

    games: dict[str, Record] = field(default_factory=dict)  # "intermediate · standard" -> record
    rounds: int = 0
    points: int = 0
    best_round: int = 0
    sweeps: int = 0
    streak: int = 0         # games won in a row up to the last (below zero: games lost in a row)
    best_streak: int = 0    # the most games ever won in a row
    most_sweeps: int = 0    # the most sweeps in one game
    recent: list[Result] = field(default_factory=list)

    @staticmethod
    def key(opponents: str, rules: Rules, players: int | None = None, partner: str | None = None) -> str:
        """The name a game is counted under: 'intermediate · Royal', and the
        table where it is not two players: 'expert · Standard · 3 players',
        'beginner+expert · Standard · partnerships, partner intermediate'."""
        seating = seating_name(rules, players, partner)
        return f"{opponents} · {rules_name(rules, players)}" + (f" · {seating}" if seating else "")

    def record_round(self, points: int, sweeps: int) -> None:
        """One round of a counted game: your side's points and sweeps."""
        self.rounds += 1
        self.points += points
        self.best_round = max(self.best_round, points)
        self.sweeps += sweeps

    def record_game(self, opponents: str, rules: Rules, result: Result, players: int | None = None,
                    partner: str | None = None) -> None:
        """One game played to its end, under its opponents (never the partner)
        and game: its record, the streaks, the most sweeps, and the recent results."""
        r = self.games.setdefault(self.key(opponents, rules, players, partner), Record())
        r.played += 1
        r.won += result.won
        r.lost += not result.won
        if result.won:
            self.streak = self.streak + 1 if self.streak > 0 else 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = self.streak - 1 if self.streak < 0 else -1
        self.most_sweeps = max(self.most_sweeps, result.sweeps)
        self.recent = [*self.recent, result][-RECENT:]

    @property
    def played(self) -> int:
        """Games played to their end, under every opponent and game."""
        return sum(r.played for r in self.games.values())

    @property
    def won(self) -> int:
        """Games won, under every opponent and game."""
        return sum(r.won for r in self.games.values())

    @property
    def average_round(self) -> float:
        """Points per round, over every round counted."""
        return self.points / self.rounds if self.rounds else 0.0

    def to_json(self) -> dict[str, Any]:
        """The statistics as stats.json keeps them."""
        return {"format": 1, "games": {k: [r.played, r.won, r.lost] for k, r in self.games.items()},
                "rounds": self.rounds, "points": self.points, "best_round": self.best_round,
                "sweeps": self.sweeps, "streak": self.streak, "best_streak": self.best_streak,
                "most_sweeps": self.most_sweeps, "recent": [r.to_json() for r in self.recent]}

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """Statistics from JSON; anything malformed raises ValueError saying
        what. A field that is missing (a file of an earlier version) counts 0."""
        if isinstance(data, dict) and _whole(data.get("format")) and data["format"] > 1:
            raise ValueError(f"it was written by a newer Cassino (statistics format {data['format']}; "
                             f"this one reads format 1)")
        if not isinstance(data, dict) or data.get("format") != 1:
            raise ValueError("statistics must be a JSON object with \"format\": 1")
        out = cls()
        for name in ("rounds", "points", "best_round", "sweeps", "best_streak", "most_sweeps"):
            v = data.get(name, 0)
            if not _whole(v) or v < 0:
                raise ValueError(f"'{name}' must be a whole number of 0 or more, not {short(v)}")
            setattr(out, name, v)
        # Figures that cannot be together: an average round above the best, a best round beyond all points.
        if out.points > out.best_round * out.rounds or (out.rounds and out.best_round > out.points):
            raise ValueError(f"'points' ({short(out.points)}) over 'rounds' ({short(out.rounds)}) cannot be had "
                             f"with a 'best_round' of {short(out.best_round)}")
        streak = data.get("streak", 0)
        if not _whole(streak) or streak > out.best_streak:
            raise ValueError(f"'streak' must be a whole number (games won in a row, or below zero lost), "
                             f"no more than 'best_streak' ({out.best_streak}), not {short(streak)}")
        out.streak = streak
        games = data.get("games", {})
        if not isinstance(games, dict):
            raise ValueError("'games' must be an object")
        for k, v in games.items():
            # A name is drawn on the statistics screen: text, of the length a game's name has.
            if not (0 < len(k) <= MAX_NAME and k.isprintable()):
                raise ValueError(f"games {short(k)} is not the name of a game (1 to {MAX_NAME} printable "
                                 f"characters)")
            if not (isinstance(v, list) and len(v) == 3 and all(_whole(x) and x >= 0 for x in v)
                    and v[1] + v[2] == v[0]):
                raise ValueError(f"games {short(k)} must be [played, won, lost], not {short(v)}")
            out.games[k] = Record(*v)
        recent = data.get("recent", [])
        if not isinstance(recent, list):
            raise ValueError(f"'recent' must be a list of the last games' results, not {short(recent)}")
        # Only the last RECENT are ever shown; more (a hand-edited file) are let go.
        out.recent = [Result.from_json(r) for r in recent[-RECENT:]]
        return out


def _whole(v: object) -> bool:
    """A JSON whole number (true and false are not counts)."""
    return isinstance(v, int) and not isinstance(v, bool)
