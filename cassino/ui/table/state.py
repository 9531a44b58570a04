"""What the table shows, and the questions painting and input ask of it:
the game and the position on show, the seats, the layout and the stage,
the cards in motion, the log, piles and last moves, the messages, and what
the person at the bottom is doing (selection, focus, a drag). The scene
(``scene``) changes it as the game goes on; ``paint`` and ``input`` read it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from cassino.ai.player import Player
from cassino.ai.worker import Thinker
from cassino.rules import CALL, PLUCK, DealEvent, Event, Game, Move, Position, RoundEnd, cards_of
from cassino.rules.scoring import final_scores

from ..app import App
from ..art.cards import RATIO
from ..options import rules_in_words
from .layout import TableLayout
from .motion import Motion
from .seats import Names, Seat
from .stage import Item, Stage
from .words import value_legend

if TYPE_CHECKING:
    from cassino.ai.review import Moment


@dataclass(frozen=True)
class LastMove:
    """A seat's last move this round: its words, and the table cards it left
    there (a build made or raised, a card trailed) to mark in its colour."""

    words: str
    touched: int


@dataclass
class Drag:
    """A hand card on its way to the table."""

    card: int
    grab: tuple[float, float]   # where on the card it was grabbed
    at: tuple[int, int]
    targets: set[int] = field(default_factory=set)  # masks of the items it may be dropped on
    trail_ok: bool = False


@dataclass
class Picked:
    """A hand card clicked, waiting for a click on where it goes (a table item, or
    the cloth to trail; the card again for all its plays)."""

    card: int
    targets: set[int] = field(default_factory=set)  # masks of the items a click may play it onto
    trail_ok: bool = False


@dataclass
class Gestures:
    """What the person at the bottom is doing: selection, keyboard focus, a
    press or a drag under way, a pluck being chosen, where the pointer is."""

    selection: set[int] = field(default_factory=set)  # masks of selected table items
    focus: tuple[str, int] = ("hand", 0)
    keyboard: bool = False                             # show the focus ring once keys are used
    press: tuple[int, tuple[int, int]] | None = None
    grab_only: bool = False  # the press also skipped a motion: a drag, not a click (which only skipped)
    drag: Drag | None = None
    picked: Picked | None = None
    hover: int | None = None
    pointer: tuple[int, int] = (0, 0)
    plucking: bool = False  # the Pluck button was pressed: a loose card is to be chosen
    parked: bool = False    # the focus left an empty hand for the table: back to the hand once dealt
    last_in: dict[str, int] = field(default_factory=dict)  # where the focus last was in each row

    def reset(self) -> None:
        """Nothing selected, pressed or dragged (a move was made, a round begins)."""
        self.selection.clear()
        self.press = None
        self.grab_only = False
        self.drag = None
        self.picked = None
        self.plucking = False


class TableState:
    """The table's state (see the module's docstring)."""

    def __init__(self, app: App, game: Game, seats: list[Seat]):
        self.app = app
        self.game = game
        self.seats = seats
        self.names = Names(seats, game.teams)
        self.humans = [s for s, info in enumerate(seats) if not info.is_computer]
        self.bottom = self.humans[0] if self.humans else 0
        # Pass-and-play: whose hand may be shown (after the cover screen), and
        # whether the bottom hand is turned down because its owner has played.
        self.revealed: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.hidden = len(self.humans) > 1
        # Face-down hands lie in an order of their own, not by rank: a card
        # played from the third of four backs of a sorted hand told everyone
        # where it ranked (``hidden_keys``).
        self.backs: tuple[int, list[int]] = (-1, [])
        self.players: dict[int, Player] = {}
        self.pos: Position = game.position  # the round on show (a finished one until dismissed)
        self.motion = Motion()
        self.input = Gestures()
        self.message = ""
        self.message_time = 0.0
        self.message_new = False
        self.banner = ""  # the last announcement
        self.log: list[tuple[int | None, str]] = []
        self.log_scroll = 0
        self.last: dict[int, LastMove] = {}
        self.piles = [0] * game.players  # cards each seat has captured this round, those in flight too
        self.swept = [0] * game.players  # each seat's own sweeps this round (a partnership's are pooled)
        self.thinker: Thinker | None = None
        self.hint_move: Move | None = None
        self.round_result: RoundEnd | None = None
        # Each decision reviewed in this game (by the moves up to it), for the
        # game's review after its rounds': the same weighing, not worked out again.
        self.reviewed: dict[tuple[Move, ...], Moment] = {}
        # ``fitting_cards`` and ``barred_reason``, for one selection.
        self._fitting: tuple[object, set[int], str | None] | None = None
        self.hinted: dict[tuple[Move, ...], Move] = {}  # each hint given, by the moves before it (the review says so)
        self.game_ended = False  # a call or a sudden-death sweep ended the game inside a round
        # What ended the game inside a round: the call or sweep's event, or a
        # deal whose initial pairs swept to the target (sudden death).
        self.ending: Event | DealEvent | None = None
        self.clock = 0.0
        self.dealing = False  # cards are flying in from the stock: nobody's turn until they land
        self.practice = False  # undo was used: the game does not count in statistics
        # What could not be kept (the game, the statistics), for the round's
        # sheet to say: the line over the hand that said it is under the sheet.
        self.unkept: list[str] = []
        self.before: list[Item] = []  # the table's items before the play now in motion
        self.status_box = pygame.Rect(0, 0, 0, 0)  # the words over the hand, where last drawn
        self.played: int | None = None  # the card of that play: drawn above the others in flight
        self.drawn: dict[int, int] = {}  # Draw Cassino: each seat's card drawn last, marked in its hand
        self.play_words: tuple[int, str] | None = None  # who made that play, and what it was, in words
        self.play_landed = False  # that play is down: later motion (a hand turned up) is nobody's play
        self.legend: list[str] = []
        self.game_name = ""
        self.geo: TableLayout
        self.stage: Stage
        self.lay_out()

    def lay_out(self) -> None:
        """The layout for the window as it is, and the stage of the position on show."""
        rules = self.pos.rules
        self.legend = value_legend(rules)
        self.game_name = rules_in_words(rules, self.pos.players)  # for the panel, worked out once
        self.geo = TableLayout(self.app.size, self.pos.players, self.bottom,
                               actions=rules.pluck or rules.call_for_21, legend=len(self.legend))
        self.stage = self.stage_of(self.pos)

    def shown_scores(self) -> tuple[int, ...]:
        """Each side's score as the table shows it: the round's points join the
        totals once its last cards have landed (as the score sheet says); under
        sudden death its sweeps at once."""
        pos, game = self.pos, self.game
        # Under sudden death a sweep counts the moment it is made (§9.19): in the score it shows.
        now = final_scores(pos)
        # While a round's sheet still adds up its rows, the totals wait for it (the panel under
        # the sheet gave the result away before the sheet did).
        if self.motion.busy or getattr(self.app.top, "built", True) is False:
            return now
        # (The game deals the next round at once: the table may still show the one that ended.)
        if pos.round_over and 0 < pos.round <= len(game.rounds) and pos is not game.position:
            return tuple(game.rounds[pos.round - 1].scores)
        if (pos.round_over or game.over) and pos is game.position:
            return tuple(game.totals)
        return now

    def stage_of(self, pos: Position) -> Stage:
        """The table at rest for ``pos``, builds stacked as this round made them."""
        face_up = self.face_up
        return Stage(self.geo, pos, face_up, [t.move.card for t in self.game.turns if t.move.card >= 0],
                     self.hidden_keys(pos, face_up))

    def hidden_keys(self, pos: Position, face_up: int | None) -> list[int]:
        """Each card's place in a face-down hand: a shuffle of its own each
        round (from the game's seed: the deals come from it anyway), so that
        the slot a card leaves or lands in says nothing of its rank. A hand
        just turned down takes that order too, at once (``TableScene._close_backs``)."""
        number, keys = self.backs
        if number != pos.round:
            keys = list(range(52))
            random.Random(f"cassino/{self.game.seed}/backs/{pos.round}").shuffle(keys)
            self.backs = (pos.round, keys)
        return keys

    @property
    def face_up(self) -> int | None:
        """The seat whose hand is shown face up at the bottom, if any."""
        return self.bottom if self.bottom == self.revealed and not self.hidden else None

    @property
    def items(self) -> list[Item]:
        """The table items on show."""
        return self.stage.items

    def hand_order(self, seat: int) -> list[int]:
        """``seat``'s cards in the order its hand shows them."""
        return self.stage.hands[seat]

    def shown_pile(self, seat: int) -> int:
        """The cards in ``seat``'s pile as the picture shows it: those still on
        their way in are not there yet."""
        return self.piles[seat] - self.motion.inbound(seat)

    def shown_sweeps(self, seat: int, own: bool = False) -> int:
        """The sweeps of ``seat``'s side (``own``: of the seat alone) as the
        picture shows them: a sweep counts once its callout comes, as the
        cards land (the plate said "1 sweep" with the card still in the air)."""
        pos = self.pos
        seats = [seat] if own else pos.teams[pos.team_of[seat]]
        made = self.swept[seat] if own else pos.sweeps[pos.team_of[seat]]
        # (Told by its words, "Sweep! Ann " also counted Ann Lee's sweep as Ann's.)
        coming = sum(1 for c in self.motion.callouts if c.clock < c.delay and c.sweep_by in seats)
        return max(0, made - coming)

    def shown_hand(self, seat: int) -> int:
        """The cards in ``seat``'s hand as the picture shows it: those still
        waiting on the stock to be dealt are not there yet."""
        stock = self.geo.stock_spot()
        return sum(1 for c in self.stage.hands[seat]
                   if (s := self.motion.get(c)) is not None and not (s.waiting and s.at == stock))

    def shown_stock(self) -> int:
        """The stock as the picture shows it: cards dealt but still waiting
        to leave it are there yet."""
        stock = self.geo.stock_spot()
        waiting = sum(1 for s in self.motion.sprites.values() if s.waiting and s.at == stock)
        return len(self.pos.stock) + waiting

    def badge_items(self) -> list[Item]:
        """The items whose builds wear a badge: the stage's at rest; during a
        motion, the table as it was when the motion began."""
        return self.stage.items if self.at_rest() else self.before

    def at_rest(self) -> bool:
        """Nothing moves: the picture is the stage, and input aimed at the table is taken."""
        return not self.motion.busy

    def human_turn(self) -> bool:
        """A person is to play and can see their own hand."""
        pos = self.pos
        return (self.round_result is None and not pos.round_over and pos.to_move in self.humans
                and pos is self.game.position and pos.to_move == self.revealed and not self.hidden)

    def turn_mark(self) -> int:
        """The seat whose plate is marked as to play: the turn passes once the
        play before it has landed (the mover keeps the mark while it flies);
        nobody's (-1) while a round's first cards are dealt."""
        if not self.at_rest():
            if self.play_words is not None and not self.play_landed:
                return self.play_words[0]
            # (Cards only gliding to new places, a hand turned up for the next person
            # or moves taken back, are nobody's play: the turn is the mover's.)
            return -1 if self.dealing else self.pos.to_move
        return self.pos.to_move

    def drag_rect(self, drag: Drag) -> pygame.Rect:
        """Where the dragged card is drawn, at its size in the hand: what a drop covers."""
        spot = self.stage.spots.get(drag.card)
        w = round(spot.w) if spot is not None else self.geo.card_w
        return pygame.Rect(round(drag.at[0] - drag.grab[0]), round(drag.at[1] - drag.grab[1]), w, round(w * RATIO))

    def fitting_cards(self) -> set[int]:
        """The cards of the bottom hand that can be played on exactly the
        selected table items (worked out once per selection)."""
        sel = self.input.selection
        if not sel:
            return set()
        key = (id(self.pos), len(self.game.moves), frozenset(sel))
        if self._fitting is None or self._fitting[0] != key:
            things = [self.stage.item_of[m] for m in sel if m in self.stage.item_of]
            hand = self.pos.hands[self.bottom] if self.pos.to_move == self.bottom else 0
            meanings = [self.pos.explain(c, things) for c in cards_of(hand)]
            fit = {c for c, it in zip(cards_of(hand), meanings) if it.moves}
            barred = next((it.reason for it in meanings if it.barred and it.reason), None)
            self._fitting = (key, fit, barred)
        return self._fitting[1]

    def barred_reason(self) -> str | None:
        """Where no card of the hand fits the selection but one would, were a rule
        not against it (a 10 kept for one's build of 10): that rule, in words."""
        if not self.input.selection or self.fitting_cards():
            return None
        return self._fitting[2] if self._fitting is not None else None

    def team_taker(self, team: int) -> int:
        """The seat whose pile shows a team's cards: the last capturer if on that team."""
        last = self.pos.last_capturer
        if last is not None and self.pos.team_of[last] == team:
            return last
        dealer = self.pos.dealer
        return dealer if self.pos.team_of[dealer] == team else self.pos.teams[team][0]

    def open_actions(self) -> list[Move]:
        """The plucks and the call open to you now, as the engine lists them
        (none unless it is your turn and you can see your hand)."""
        if not self.human_turn():
            return []
        return self.pos.moves_taking_within(-1, 0)

    def pluck_moves(self) -> list[Move]:
        """The plucks open to you now (Pluck Cassino)."""
        return [m for m in self.open_actions() if m.kind == PLUCK]

    def can_call(self) -> bool:
        """You may call for 21 now."""
        return any(m.kind == CALL for m in self.open_actions())

    def say(self, text: str, warn: bool = False, turn: bool = False, knock: bool = True) -> None:
        """A line over your hand for a few seconds (longer for a long one, to
        be read): a hint, or why a move was refused; ``turn``: until the move
        is made (a hint, gone in six seconds while its why stayed twelve)."""
        self.message = ("! " if warn else "") + text
        self.message_time = float("inf") if turn else max(4.0 if warn else 6.0, len(text) / 14)
        self.message_new = True  # its time starts with the frame that shows it
        if warn and knock:  # a refusal is heard too: the eye may be on the card, not the line
            # (not a file that could not be saved: the move went through)
            self.app.sounds.play("refuse")

    def note(self, seat: int | None, text: str, after: float = 0.0) -> None:
        """A line in the round's log, in the colour of ``seat`` (None: the
        table's own), ``after`` seconds from now, when the motion shows it
        (and after any line still held)."""
        if after > 0 or self.motion.notes:
            self.motion.tell(seat, text, after)
            return
        self.log.append((seat, text))
        self.log_scroll = 0

    def notes_due(self) -> None:
        """The held log lines whose moment the motion has reached go in."""
        for seat, text in self.motion.told():
            self.log.append((seat, text))
            self.log_scroll = 0
