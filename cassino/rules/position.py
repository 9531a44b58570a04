"""A position within a round: hands, stock, table, piles, and whose turn it is.

``Position`` holds the state; the rules live beside it, each in its own
module, and are reached through its methods:

- ``legal_moves()``, ``is_legal()``: ``legal.py``, the one move generator;
- ``apply()``: ``apply.py``, the one way a move changes a position, which
  returns the ``Event`` saying what happened;
- ``violation()``, ``explain()``: ``reasons.py``, why a move is refused and
  what a card dropped on some table items could mean;
- ``deal()``: ``dealing.py``; ``problems()``: ``validate.py``.

It is mutable for speed (search clones it with ``copy()``); every card set
is a bitmask (see ``cards``). ``to_json()`` writes it as docs/formats.md
does; ``formats.position_from_json`` reads it back, checked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from . import apply as _apply
from . import dealing as _dealing
from . import reasons as _reasons
from . import validate as _validate
from .builds import Build, table_cards
from .cards import Card, CardSet, card_text, cards_of
from .legal import generator, too_many_moves
from .moves import Move
from .options import Rules
from .reasons import Interpretation
from .shape import Shape, shape_of

if TYPE_CHECKING:
    from .events import DealEvent, Event

__all__ = ["Build", "Interpretation", "POSITION_FORMAT", "Position", "table_cards"]

POSITION_FORMAT = "cassino-position/1"


class Position:
    """The state of one round, from its start (the whole pack in the stock)
    to the residue going to the last capturer."""

    __slots__ = ("shape", "rules", "players", "teams", "team_of", "dealer", "to_move", "hands",
                 "stock", "loose", "builds", "captured", "sweeps", "last_capturer", "scores",
                 "round", "plucked", "winner", "_moves", "_legal", "_legal_set")

    def __init__(self, shape: Shape, dealer: int, to_move: int, hands: list[CardSet],
                 stock: Sequence[Card], loose: CardSet, builds: Sequence[Build],
                 captured: list[CardSet], sweeps: list[int], last_capturer: int | None,
                 scores: Sequence[int], round: int = 1, plucked: int = 0,
                 winner: int | None = None):
        """A position from its parts as given; ``formats.position_from_json``
        and ``Position.problems()`` check them. ``plucked`` is a bitmask of
        seats; ``winner`` a team, once a call or a sudden-death sweep ended the game."""
        self.shape = shape
        self.rules: Rules = shape.rules
        self.players = shape.players
        self.teams = shape.teams
        self.team_of = shape.team_of
        self.dealer = dealer
        self.to_move = to_move
        self.hands = list(hands)
        self.stock = tuple(stock)
        self.loose = loose
        self.builds = tuple(builds)
        self.captured = list(captured)
        self.sweeps = list(sweeps)
        self.last_capturer = last_capturer
        self.scores = tuple(scores)
        self.round = round
        self.plucked = plucked
        self.winner = winner
        self._moves: list[Move] | None = None
        self._legal: list[Move] | None = None
        self._legal_set: frozenset[Move] | None = None

    # -- a new round -----------------------------------------------------------------

    @classmethod
    def start_of_round(cls, shape: Shape, dealer: int, pack: Sequence[Card],
                       scores: Sequence[int] | None = None, round: int = 1) -> Position:
        """A round before its first deal: the whole ``pack`` in the stock (top
        card first), hands, table and piles empty (docs/formats.md, "Events")."""
        sides = len(shape.teams)
        return cls(shape, dealer, (dealer + 1) % shape.players, [0] * shape.players, pack, 0, (),
                   [0] * sides, [0] * sides, None, scores if scores is not None else [0] * sides,
                   round)

    @classmethod
    def deal_round(cls, rules: Rules, players: int, teams: Sequence[Sequence[int]] | None,
                   dealer: int, deck: Sequence[Card], scores: Sequence[int] | None = None,
                   round: int = 1) -> Position:
        """The position the first player sees: the round started from ``deck``
        and its first deal made (§2, §9.2), initial pairs taken (§9.12)."""
        pos = cls.start_of_round(shape_of(rules, players, teams), dealer, deck, scores, round)
        pos.deal()
        return pos

    def deal(self) -> DealEvent:
        """Make the first deal of a round started with ``start_of_round``."""
        return _dealing.deal_first(self)

    # -- reading the position --------------------------------------------------------

    def copy(self) -> Position:
        """An independent copy (card sets are ints and builds immutable: cheap)."""
        p = Position.__new__(Position)
        p.shape = self.shape
        p.rules = self.rules
        p.players = self.players
        p.teams = self.teams
        p.team_of = self.team_of
        p.dealer = self.dealer
        p.to_move = self.to_move
        p.hands = self.hands[:]
        p.stock = self.stock
        p.loose = self.loose
        p.builds = self.builds
        p.captured = self.captured[:]
        p.sweeps = self.sweeps[:]
        p.last_capturer = self.last_capturer
        p.scores = self.scores
        p.round = self.round
        p.plucked = self.plucked
        p.winner = self.winner
        p._moves = self._moves
        p._legal = self._legal
        p._legal_set = self._legal_set
        return p

    @property
    def round_over(self) -> bool:
        """Every card has been played and the residue has gone to the last capturer."""
        return not self.stock and not any(self.hands)

    @property
    def game_over(self) -> bool:
        """A call or a sudden-death sweep ended the game inside this round."""
        return self.winner is not None

    @property
    def round_start(self) -> bool:
        """Nothing dealt yet: the whole pack is in the stock."""
        return len(self.stock) == self.shape.round_cards

    @property
    def table(self) -> CardSet:
        """Every card on the table: loose cards and the cards of all builds."""
        return table_cards(self.loose, self.builds)

    @property
    def deals_per_round(self) -> int:
        """How many deals this round has (its shape's schedule: one in Draw Cassino)."""
        return self.shape.deals_per_round

    @property
    def deal_number(self) -> int:
        """1 for the first deal of the round, up to ``deals_per_round``."""
        return self.shape.deal_number(len(self.stock))

    @property
    def last_deal(self) -> bool:
        """The last deal of the round is on (it is announced: §2); in
        Draw Cassino, once the stock is out."""
        return not self.stock

    @property
    def eldest(self) -> int:
        """The player after the dealer, who plays first."""
        return (self.dealer + 1) % self.players

    # -- legal moves (legal.py) ------------------------------------------------------

    def moves(self) -> list[Move]:
        """Every legal move in generation order: the same set as ``legal_moves``
        without the sorting, for play that only picks one."""
        if self._moves is None:
            self._moves = (self.shape.generator or generator(self)).generate(self)
        return self._moves

    def legal_moves(self, limit: int | None = None) -> list[Move]:
        """Every distinct legal move for the player to move, in canonical order.
        ``limit``: raise ``TooManyMovesError`` rather than weigh more than that
        many (a crowded table has millions); a list it gives is whole."""
        if self._legal is None:
            if self._moves is None:
                self._moves = (self.shape.generator or generator(self)).generate(self, limit=limit)
            self._legal = sorted(self._moves)
        if limit is not None and len(self._legal) > limit:
            raise too_many_moves(limit, self.loose)
        return self._legal

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal for the player to move. Looks only at the
        items the move takes, so it stays fast however crowded the table is."""
        if self._legal_set is None:
            if self._moves is None:
                return move in self.moves_taking_within(move.card, move.takes, move, exact=True)
            self._legal_set = frozenset(self._moves)
        return move in self._legal_set

    def moves_taking_within(self, card: Card, within: CardSet, probe: Move | None = None,
                            exact: bool = False) -> list[Move]:
        """The legal moves playing ``card`` whose taken cards lie within ``within``
        (a pluck or a call when ``probe`` is one); ``exact``: those taking all of it."""
        gen = generator(self)
        if card < 0:
            if self.winner is not None or not self.hands[self.to_move]:
                return []
            return gen.actions(self)
        if not self.hands[self.to_move] >> card & 1 or within & ~self.table:
            return []
        return gen.generate(self, card, within, exact=exact)

    def moves_with(self, card: Card) -> list[Move]:
        """The legal moves that play ``card``, in canonical order."""
        return [m for m in self.legal_moves() if m.card == card]

    # -- playing (apply.py) ----------------------------------------------------------

    # Apply a legal move (one from ``legal_moves()``, not checked again) and say
    # what happened: the function itself, so that search pays no extra call.
    apply = _apply.apply

    def play(self, move: Move) -> Event:
        """Play a move for the player to move: an illegal one raises
        ``IllegalMoveError`` with the reason and changes nothing."""
        return _apply.play(self, move)

    # -- reasons (reasons.py) ----------------------------------------------------------

    def violation(self, move: Move) -> str | None:
        """Why ``move`` is not legal here, in words a player understands; None if it is."""
        return _reasons.violation(self, move)

    def explain(self, card: Card, pointed: Iterable[Card | Build]) -> Interpretation:
        """What playing ``card`` onto exactly the ``pointed`` table items (loose
        cards and builds) could mean: every legal move that takes exactly those
        items, or the reason none is legal. Pointing at nothing means a trail."""
        return _reasons.explain(self, card, pointed)

    # -- checks ----------------------------------------------------------------------

    def problems(self) -> list[str]:
        """Everything that makes this position impossible under the rules; empty if none."""
        return _validate.position_problems(self)

    def to_json(self) -> dict[str, Any]:
        """The position as docs/formats.md writes it; a variant's fields only where it says."""
        out: dict[str, Any] = {
            "format": POSITION_FORMAT,
            "rules": self.rules.to_json(),
            "players": self.players,
            "teams": [list(t) for t in self.teams],
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hands": [_texts(h) for h in self.hands],
            "stock": [card_text(c) for c in self.stock],
            "loose": _texts(self.loose),
            "builds": [{"cards": _texts(b.cards), "value": b.value, "multiple": b.multiple,
                        "controller": b.controller} for b in self.builds],
            "captured": [_texts(c) for c in self.captured],
            "sweeps": list(self.sweeps),
            "last_capturer": self.last_capturer,
            "scores": list(self.scores),
        }
        if self.rules.pluck:
            out["plucked"] = [s for s in range(self.players) if self.plucked >> s & 1]
        if self.winner is not None:
            out["winner"] = self.winner
        if self.rules.rounds is not None:
            out["round"] = self.round
        return out

    def __repr__(self) -> str:
        return f"Position({self.to_json()!r})"


def _texts(mask: CardSet) -> list[str]:
    return [card_text(c) for c in cards_of(mask)]
