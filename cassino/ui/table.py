"""The table: hands, table items, builds, stock, piles and the log; playing a
card by drag and drop, by clicking, or with the keyboard; computer turns.

The scene never decides a rule. What a drop or a click could mean comes from
``Position.explain`` / ``Position.legal_moves``; every move goes through
``Game.play``, which refuses anything illegal. Cards are sprites that glide
to where the layout says they belong (``motion``).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from cassino.ai import SeatView, make_player
from cassino.ai.hint import why
from cassino.ai.player import Player
from cassino.ai.worker import Thinker
from cassino.rules import (CALL, CAPTURE, PLUCK, Build, DealEvent, Event, Game, Move, Position, RoundEnd,
                           cards_of)
from cassino.rules.cards import rank_of, suit_of

from .app import App, Scene
from .layout import RATIO, SEAT_NAMES, Item, TableLayout
from .motion import Motion, Spot
from .words import describe, describe_turn, value_groups, value_legend

CROWDED = 16  # loose cards beyond which the full list of legal moves is not asked for
CLICK_SLOP = 5  # a press that moves less than this many pixels is a click

log = logging.getLogger("cassino.table")


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a name, and a computer level (None for a person)."""

    name: str
    level: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.level is not None


def default_seats(players: int, level: str = "intermediate", you: int = 0) -> list[Seat]:
    """You at the bottom, computer players named by where they sit."""
    seats = []
    for seat in range(players):
        place = (seat - you) % players
        seats.append(Seat("You", None) if place == 0 else Seat(SEAT_NAMES[players][place - 1], level))
    return seats


@dataclass
class Drag:
    card: int
    grab: tuple[float, float]   # where on the card it was grabbed
    at: tuple[int, int]
    targets: set[int]           # masks of the items it may be dropped on
    trail_ok: bool


class TableScene(Scene):
    """One game at the table, round after round, to the winner."""

    def __init__(self, app: App, game: Game, seats: list[Seat],
                 on_quit: Callable[[], None] | None = None):
        super().__init__(app)
        self.game = game
        self.seats = seats
        self.on_quit = on_quit
        self.humans = [s for s, info in enumerate(seats) if not info.is_computer]
        self.bottom = self.humans[0] if self.humans else 0
        # Pass-and-play: whose hand may be shown (after the cover screen), and
        # whether the bottom hand is turned down because its owner has played.
        self.revealed: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.hidden = len(self.humans) > 1
        self.players: dict[int, Player] = {s: make_player(info.level) for s, info in enumerate(seats)
                                           if info.level is not None}
        self.pos: Position = game.position  # the round on show (a finished one until dismissed)
        self.motion = Motion()
        self.selection: set[int] = set()          # masks of selected table items
        self.focus: tuple[str, int] = ("hand", 0)
        self.keyboard = False                      # show the focus ring once keys are used
        self.press: tuple[int, tuple[int, int]] | None = None
        self.drag: Drag | None = None
        self.hover: int | None = None
        self.pointer = (0, 0)
        self.message = ""
        self.message_time = 0.0
        self.banner = ""
        self.banner_time = 0.0
        self.log: list[tuple[int | None, str]] = []
        self.log_scroll = 0
        self.last: dict[int, tuple[str, int]] = {}  # seat -> (words, cards it left on the table)
        self.piles = [0] * game.players             # cards each seat has captured this round
        self.thinker: Thinker | None = None
        self.think_clock = 0.0
        self.hinter: Thinker | None = None
        self.hint_move: Move | None = None
        self.practice = False  # undo was used: the game does not count in statistics
        self.round_result: RoundEnd | None = None
        self.game_ended = False  # a call or a sudden-death sweep ended the game inside a round
        # What ended the game inside a round: the call or sweep's event, or a
        # deal whose initial pairs swept to the target (sudden death).
        self.ending: Event | DealEvent | None = None
        self.plucking = False  # the Pluck button was pressed: a loose card is to be chosen
        self.clock = 0.0
        self._show_round()
        self._deal_in(0.0)

    def _show_round(self) -> None:
        """Start showing the game's current round: a fresh table, log and piles,
        and (for a resumed or undone game) the plays made in it so far."""
        self.pos = self.game.position
        self.motion.clear()
        self.piles = [0] * self.game.players
        self.last.clear()
        self.selection.clear()
        self.log.clear()
        self.hint_move = None
        self.plucking = False
        self._layout(self.pos)
        dealer = self._name(self.pos.dealer)
        rounds = self.game.rules.rounds
        of = f" of {rounds}" if rounds is not None and self.game.round_number <= rounds else ""
        self._log(None, f"Round {self.game.round_number}{of}: {dealer} deal{'' if dealer == 'You' else 's'}.")
        self._log_deal(self.game.deal_event)
        if self.game.turns:
            self._recall_round()

    def _log_deal(self, deal: DealEvent) -> None:
        """Initial pairs (§9.12) taken at the deal, and a game they ended."""
        to = deal.pairs_to
        if deal.pairs and to is not None:
            self.piles[to] += deal.pairs.bit_count()
            cards = ", ".join(_symbol(c) for c in cards_of(deal.pairs))
            self._log(to, f"{self._name(to)} took the pairs dealt to the table: {cards}"
                          f"{' (a sweep)' if deal.sweep else ''}.")
            if not self.game.turns:  # as it happens, not when a saved game is resumed
                self.announce(f"Initial pairs to {self._name(to)}{': a sweep' if deal.sweep else ''}")
        if deal.winner is not None and not self.game.turns:
            self.game_ended = True
            self.ending = deal
            self._count(None)
            self.announce(f"{self._win_words(deal.winner)}: sudden death")

    def _recall_round(self) -> None:
        """A resumed game: the round's log, piles and last moves, from what each move did."""
        for turn, event in zip(self.game.turns, self.game.round_events):
            words = describe_turn(turn, self.game.rules)
            self._log(turn.seat, f"{self._name(turn.seat)} {words}.")
            self._record(event, words)

    # -- names and seats -------------------------------------------------------------

    def _name(self, seat: int) -> str:
        return self.seats[seat].name

    def _human_turn(self) -> bool:
        """A person is to play and can see their own hand."""
        pos = self.pos
        return (self.round_result is None and not pos.round_over and pos.to_move in self.humans
                and pos is self.game.position and pos.to_move == self.revealed and not self.hidden)

    def _pass_device(self) -> None:
        """Before a person's turn: with several people at the screen, a cover
        screen first whenever the last hand shown was someone else's."""
        seat = self.pos.to_move
        if seat == self.revealed:
            if self.hidden:
                self.hidden = False
                self._resync()
            return
        from .overlays import CoverScene

        def ready() -> None:
            self.revealed = seat
            self.hidden = False
            if seat != self.bottom:  # the new player sits at the bottom: the table turns
                self.bottom = seat
                self._layout(self.pos)
            self._resync()

        self.app.push(CoverScene(self.app, self._name(seat), ready))

    def _resync(self, duration: float | None = None) -> None:
        """Every card glides to where the layout now puts it (and turns if it must)."""
        flight = self.app.settings.flight if duration is None else duration
        for card, spot in self._targets().items():
            s = self.motion.get(card)
            if s is not None and s.dest != spot:
                s.go(spot, flight)

    # -- layout and motion --------------------------------------------------------------

    def _layout(self, pos: Position) -> None:
        rules = pos.rules
        self.legend = value_legend(rules)
        self.geo = TableLayout(self.app.size, pos.players, self.bottom,
                               actions=rules.pluck or rules.call_for_21, legend=len(self.legend))
        self._place_items(pos)

    def _place_items(self, pos: Position) -> None:
        items: list[list[int]] = []
        self.item_of: dict[int, int | Build] = {}
        # Builds first, in the order they were made; then loose cards by rank.
        for b in pos.builds:
            groups = value_groups(cards_of(b.cards), pos.rules, b.value) if b.multiple else None
            # A multiple build is fanned group by group, so its groups of the value show.
            items.append([c for g in groups for c in g] if groups else cards_of(b.cards))
            self.item_of[b.cards] = b
        for c in sorted(cards_of(pos.loose), key=lambda c: (rank_of(c), suit_of(c))):
            items.append([c])
            self.item_of[1 << c] = c
        self.items, self.table_w = self.geo.table_items(items)

    def resized(self, size: tuple[int, int]) -> None:
        """A new window size: everything goes straight to its new place."""
        self._layout(self.pos)
        targets = self._targets()
        self.motion.finish()
        for card, spot in targets.items():
            s = self.motion.get(card) or self.motion.place(card, spot)
            s.at = spot
        self.motion.sprites = {c: s for c, s in self.motion.sprites.items() if c in targets}

    def _hand_order(self, seat: int) -> list[int]:
        return sorted(cards_of(self.pos.hands[seat]), key=lambda c: (rank_of(c), suit_of(c)))

    def _targets(self) -> dict[int, Spot]:
        """Where every visible card belongs now."""
        out: dict[int, Spot] = {}
        for item in self.items:
            out.update(item.spots)
        for seat in range(self.pos.players):
            face_up = seat == self.bottom and seat == self.revealed and not self.hidden
            out.update(self.geo.hand_spots(seat, self._hand_order(seat), face_up))
        return out

    def _deal_in(self, after: float) -> None:
        """Cards new to the screen fly from the stock: a deal in its packets
        (two cards, or one, per player a pass, as the game's schedule says), a
        card drawn in Draw Cassino on its own. Initial pairs land on the table
        and then go to the eldest's pile."""
        flight = self.app.settings.flight
        stock = self.geo.stock_spot()
        pos = self.pos
        order = pos.shape.order_from(pos.eldest)
        targets = self._targets()
        new = [c for c in targets if self.motion.get(c) is None]
        deal = self.game.deal_event
        fresh = pos is self.game.position and not self.game.turns and deal.round == pos.round
        pairs = [c for c in cards_of(deal.pairs) if self.motion.get(c) is None] if fresh else []
        if not new and not pairs:
            return
        self.app.sounds.play("deal")
        schedule = pos.shape.deals[min(pos.deal_number, pos.deals_per_round) - 1]
        table = [c for it in self.items for c in it.spots if c in new] + pairs
        hands = {seat: [c for c in self._hand_order(seat) if c in new] for seat in order}
        packet = 0
        spread = self._pair_spots(pairs)

        def fly(cards: list[int]) -> None:
            for c in cards:
                s = self.motion.place(c, stock)
                if c in targets:
                    s.go(targets[c], flight, after + packet * flight * 0.45)
                else:  # an initial pair: shown on the table, then into the pile
                    s.go(spread[c], flight, after + packet * flight * 0.45)

        for size in schedule.packets:
            for seat in order:
                if seat == pos.dealer and table:  # the table's packet comes just before the dealer's
                    part, table = table[:size], table[size:]
                    fly(part)
                    packet += bool(part)
                part, hands[seat] = hands[seat][:size], hands[seat][size:]
                fly(part)
                packet += bool(part)
        fly(table + [c for seat in order for c in hands[seat]])  # a draw, or anything left over
        if pairs and deal.pairs_to is not None:
            pile = self.geo.pile_spot(deal.pairs_to)
            for c in pairs:
                self.motion.sprites[c].go(pile, flight, delay=flight * 1.5, then=True, vanish=True)

    def _pair_spots(self, pairs: list[int]) -> dict[int, Spot]:
        """Where initial pairs show on the table before going to a pile: a row
        along the cloth's top edge."""
        area = self.geo.table
        w = self.table_w
        return {c: Spot(area.x + w * 0.3 + i * w * 0.6, area.y + w * 0.1, w, True) for i, c in enumerate(pairs)}

    def _sync(self, move: Move, seat: int, captured_by: int | None) -> None:
        """After ``move``: the played card goes first, then the rest follows."""
        flight = self.app.settings.flight
        pause = flight * 0.8
        targets = self._targets()
        played = self.motion.get(move.card) if move.card >= 0 else None
        capture = move.kind == CAPTURE
        later = flight + pause if capture else flight * 0.6 if move.card >= 0 else 0.0
        if played is not None:
            if move.card in targets:
                played.go(targets[move.card], flight)
            else:  # captured: onto what it takes, then with them into the pile
                over = min((self.motion.sprites[c].at for c in cards_of(move.takes) if c in self.motion.sprites),
                           key=lambda s: (s.y, s.x), default=self.geo.pile_spot(seat))
                played.go(Spot(over.x + over.w * 0.3, over.y - over.w * 0.15, over.w, True), flight)
                played.go(self.geo.pile_spot(seat), flight, delay=pause, then=True, vanish=True)
        for card, s in list(self.motion.sprites.items()):
            if card == move.card:
                continue
            if card in targets:
                if s.dest != targets[card]:
                    s.go(targets[card], flight, delay=later if capture else 0.0)
            else:  # into a pile: the mover's (a capture, a pluck) or the last capturer's (the residue)
                taken = move.kind in (CAPTURE, PLUCK) and move.takes >> card & 1
                taker = seat if taken or captured_by is None else captured_by
                s.go(self.geo.pile_spot(taker), flight, delay=later - flight * 0.5 if capture else later,
                     vanish=True)
        if any(self.motion.get(c) is None for c in targets):
            self._deal_in(later + flight)

    # -- playing -------------------------------------------------------------------------

    def _record(self, event: Event, words: str) -> None:
        """Piles and the seat's last move, from what a move did."""
        seat = event.seat
        if event.taken:
            self.piles[seat] += event.taken.bit_count()
        if event.move.kind == CAPTURE:
            self.last[seat] = (words, 0)
        elif event.build is not None:
            self.last[seat] = (words, event.build.cards)
        elif event.move.card >= 0:
            self.last[seat] = (words, 1 << event.move.card)
        end = event.round_end
        if end is not None and end.residue and end.residue_to is not None:
            taker = self._team_taker(end.residue_to)
            self.piles[taker] += end.residue.bit_count()

    def _team_taker(self, team: int) -> int:
        """The seat whose pile shows a team's cards: the last capturer if on that team."""
        last = self.pos.last_capturer
        if last is not None and self.pos.team_of[last] == team:
            return last
        dealer = self.pos.dealer
        return dealer if self.pos.team_of[dealer] == team else self.pos.teams[team][0]

    def play(self, move: Move) -> bool:
        """Play ``move`` for the player to move, if the engine accepts it; the
        log, sounds, piles and motion follow from the move's event."""
        pos = self.game.position
        if pos is not self.pos or self.round_result is not None or self.game.over:
            return False
        reason = pos.violation(move)
        if reason is not None:
            self.say(reason, warn=True)
            return False
        turn_words = describe(pos, move, past=True)
        event = self.game.play(move)
        seat = event.seat
        if seat in self.humans and len(self.humans) > 1 and move.card >= 0:
            self.hidden = True  # the next person may already be looking
        self._save()
        self.hint_move = None
        self.selection.clear()
        self.plucking = False
        self.drag = None
        self.press = None
        name = self._name(seat)
        self._log(seat, f"{name} {turn_words}.")
        self._record(event, turn_words)
        sounds = self.app.sounds
        sounds.play({"capture": "capture", "build": "build", "pluck": "capture"}.get(move.kind, "play"))
        if move.kind == PLUCK:
            self.announce(f"{name} plucked the {_symbol(move.takes.bit_length() - 1)}", log=False)
        if event.sweep:
            points = pos.rules.sweeps
            worth = f" ({points} point{'s' if points > 1 else ''})" if points else " (no points in these rules)"
            self.announce(f"Sweep! {name} cleared the table", log=False)
            self._log(None, f"Sweep! {name} cleared the table{worth}.")
            sounds.play("sweep")
        taker = None
        self._place_items(pos)
        end = event.round_end
        if end is not None:
            if end.residue and end.residue_to is not None:
                taker = self._team_taker(end.residue_to)
                n = end.residue.bit_count()
                self._log(None, f"The last {n} table card{'s go' if n > 1 else ' goes'} to {self._name(taker)}.")
            self.round_result = end
            self._count(end)
            self.announce("Game over" if event.winner is not None else "Round over")
            sounds.play("round")
        elif event.winner is not None:
            # A call for 21 or a sudden-death sweep: the game ends inside the round.
            self.game_ended = True
            self.ending = event
            self.round_result = None
            self._count(None)
            if move.kind == CALL and event.counts is not None:
                team = pos.team_of[seat]
                self._log(None, f"{self._team_name(team)} count{self._s(team)} {event.counts[team]} "
                                f"of the {pos.rules.target} needed.")
            how = "called for 21" if move.kind == CALL else f"swept to {pos.rules.target}"
            self.announce(f"{self._win_words(event.winner)}: {name} {how}")
            sounds.play("round")
        elif event.dealt:
            if pos.last_deal:
                self.announce("Last deal")
            else:
                self._log(None, f"Deal {pos.deal_number} of {pos.deals_per_round}.")
        if move.kind != CALL:
            self._sync(move, seat, taker)
        self._fix_focus()
        return True

    def _team_name(self, team: int) -> str:
        return " & ".join(self._name(s) for s in self.pos.teams[team])

    def _s(self, team: int) -> str:
        """The verb's ending for a team: 'You win', 'North wins', 'North & South win'."""
        return "" if self._team_name(team) == "You" or len(self.pos.teams[team]) > 1 else "s"

    def _win_words(self, team: int) -> str:
        return f"{self._team_name(team)} win{self._s(team)}"

    def _card_moves(self, card: int) -> list[Move] | None:
        """Every legal move with ``card``, or None when the table is too crowded to list them."""
        pos = self.pos
        if pos.loose.bit_count() > CROWDED:
            return None
        return pos.moves_with(card)

    def _meanings(self, card: int, onto: int | None) -> tuple[list[Move], str | None]:
        """What playing ``card`` onto the item ``onto`` (None: the bare table) means,
        together with the current selection."""
        pos = self.pos
        if self.selection or onto is None:
            pointed = set(self.selection)
            if onto is not None:
                pointed.add(onto)
            interp = pos.explain(card, [self.item_of[m] for m in pointed])
            return interp.moves, interp.reason
        # Dropped on one item with nothing selected: every move that takes that item.
        moves = self._card_moves(card)
        if moves is not None:
            found = [m for m in moves if m.takes & onto == onto]
            if found:
                return found, None
        interp = pos.explain(card, [self.item_of[onto]])
        return interp.moves, interp.reason

    def offer(self, card: int, onto: int | None, everything: bool = False) -> None:
        """Play ``card``: at once if it has one meaning, through the chooser if several,
        or refuse it with the reason (the card goes back to the hand)."""
        if everything:
            moves = self._card_moves(card) or self.pos.explain(card, []).moves
            reason = None if moves else self.pos.violation(Move.trail(card))
        else:
            moves, reason = self._meanings(card, onto)
        if not moves:
            self.say(reason or "That card cannot be played there.", warn=True)
            self._return(card)
            return
        if len(moves) == 1 and not everything:
            self.play(moves[0])
            return
        from .overlays import ChooserScene

        # The richest captures first, then builds, the trail last.
        rank = {"capture": 0, "build": 1, "trail": 2}
        moves = sorted(moves, key=lambda m: (rank[m.kind], m.multiple, -m.takes.bit_count(), m.text()))
        pos = self.pos
        title = f"Play the {_symbol(card)}:"
        values = pos.rules.capture_values(card)
        if len(values) > 1:
            # An ace (1 or 14) or the ten of diamonds (10 or 11): each line says which it counts as.
            title = f"Which do you mean? The {_symbol(card)} counts {' or '.join(map(str, values))}:"
        self.app.push(ChooserScene(self.app, title, [describe(pos, m) for m in moves],
                                   lambda i: self.play(moves[i]), lambda: self._return(card)))

    # -- actions before the card play: pluck, call for 21 ---------------------------------------

    def actions(self) -> list[Move]:
        """The plucks and the call open to you now, as the engine lists them
        (none unless it is your turn and you can see your hand)."""
        if not self._human_turn():
            return []
        return self.pos.moves_taking_within(-1, 0)

    def pluck_moves(self) -> list[Move]:
        return [m for m in self.actions() if m.kind == PLUCK]

    def can_call(self) -> bool:
        return any(m.kind == CALL for m in self.actions())

    def start_pluck(self) -> None:
        """The Pluck button or P: choose a loose card to put in your pile (again: never mind)."""
        pos = self.pos
        if not pos.rules.pluck or not self._human_turn():
            return
        if self.plucking:
            self.plucking = False
            self.say("No pluck: play a card.")
            return
        moves = self.pluck_moves()
        if not moves:
            loose = cards_of(pos.loose)
            probe = Move.pluck(loose[0] if loose else next(c for c in range(52) if not pos.table >> c & 1))
            self.say(pos.violation(probe) or "No pluck is possible now.", warn=True)
            return
        self.plucking = True
        self.selection.clear()
        self.say("Pluck: click a loose card to put it in your pile, or press P or Esc for no pluck.")
        first = next((i for i, it in enumerate(self.items) if any(m.takes == it.mask for m in moves)), 0)
        self.focus = ("table", first)

    def pluck(self, mask: int) -> None:
        """Pluck the table item ``mask`` (a loose card), or say why not."""
        self.plucking = False
        thing = self.item_of.get(mask)
        move = Move.pluck(thing) if isinstance(thing, int) else None
        if move is None:
            self.say("Only a loose card can be plucked, never a build.", warn=True)
            return
        self.play(move)

    def ask_call(self) -> None:
        """The Call button or C: a call for 21, after a look at your side's count."""
        pos = self.pos
        if not pos.rules.call_for_21 or self.round_result is not None or self.game.over:
            return
        if not self._human_turn():
            self.say("You may call for 21 only on your turn, before playing a card.", warn=True)
            return
        reason = pos.violation(Move.call())
        if reason is not None:
            self.say(reason, warn=True)
            return
        from cassino.rules.scoring import call_counts

        from .overlays import CallScene

        team = pos.team_of[pos.to_move]
        count = call_counts(pos)[team]
        self.app.push(CallScene(self.app, count, pos.scores[team], pos.rules.target,
                                lambda: self.play(Move.call())))

    def _return(self, card: int) -> None:
        s = self.motion.get(card)
        if s is not None:
            target = self._targets().get(card)
            if target is not None:
                s.go(target, max(0.12, self.app.settings.flight * 0.7))

    # -- messages and the log ---------------------------------------------------------------

    def say(self, text: str, warn: bool = False) -> None:
        self.message = ("! " if warn else "") + text
        self.message_time = 4.0 if warn else 6.0

    def announce(self, text: str, log: bool = True) -> None:
        """A short line across the table for a moment (and in the log)."""
        self.banner = text
        self.banner_time = 1.8
        if log:
            self._log(None, text + ".")

    def _log(self, seat: int | None, text: str) -> None:
        self.log.append((seat, text))
        self.log_scroll = 0

    # -- computer players --------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        self.motion.update(dt)
        self.message_time = max(0.0, self.message_time - dt)
        self.banner_time = max(0.0, self.banner_time - dt)
        if self.hinter is not None and self.hinter.done:
            self._hint_ready()
        if self.round_result is not None or self.game_ended:
            if not self.motion.busy and self.banner_time < 1.0:
                from .overlays import RoundOverScene

                result, self.round_result = self.round_result, None
                self.game_ended = False
                self.banner_time = 0.0  # the summary says it now
                self.app.push(RoundOverScene(self.app, self, result))
            return
        pos = self.pos
        if pos.round_over or pos is not self.game.position or self.game.over:
            return
        seat = pos.to_move
        if seat not in self.players:
            if seat in self.humans and not self.motion.busy and (seat != self.revealed or self.hidden):
                self._pass_device()
            return
        if self.thinker is None:
            if self.motion.busy:
                return
            view = SeatView(pos, seat, self.game.turns)
            self.thinker = Thinker(self.players[seat], view,
                                   f"{self.game.seed}/{self.game.round_number}/{len(self.game.moves)}")
            self.think_clock = 0.0
            return
        self.think_clock += dt
        if self.thinker.done and self.think_clock >= self.app.settings.ai_pause and not self.motion.busy:
            thinker, self.thinker = self.thinker, None
            move = thinker.move
            if move is None or not pos.is_legal(move):
                # Never expected; the game goes on with a legal move rather than stopping.
                log.error("%s (%s) gave no legal move (%r); a random legal move was played",
                          self._name(seat), self.seats[seat].level, move, exc_info=thinker.error)
                move = random.Random(len(self.game.moves)).choice(pos.legal_moves())
                self.say(f"{self._name(seat)} could not decide; it played a legal move instead.", warn=True)
            self.play(move)

    def ask_hint(self) -> None:
        """H: the Expert's move for you, with a reason; it thinks in the background."""
        if not self._human_turn() or self.hinter is not None:
            return
        from cassino.ai.expert import Expert

        self.hint_view = SeatView(self.pos, self.pos.to_move, self.game.turns)
        self.hinter = Thinker(Expert(), self.hint_view, f"hint/{self.game.seed}/{len(self.game.moves)}", ms=300)
        self.say("Thinking about a hint…")

    def _hint_ready(self) -> None:
        hinter, self.hinter = self.hinter, None
        if hinter is None or hinter.move is None or self.hint_view.key() != \
                SeatView(self.pos, self.pos.to_move, self.game.turns).key():
            return  # the game moved on
        move = hinter.move
        self.hint_move = move
        words = describe(self.pos, move) + ("" if move.kind == "trail" or move.card < 0
                                            else f" with the {_symbol(move.card)}")
        self.say(f"Hint: {words}. {why(self.hint_view, move)}")

    # -- input -----------------------------------------------------------------------------------

    def _hand_rects(self) -> list[tuple[int, pygame.Rect]]:
        if not self.humans:
            return []
        out = []
        for c in self._hand_order(self.bottom):
            s = self.motion.get(c)
            spot = s.dest if s is not None else None
            if spot is None:
                continue
            out.append((c, pygame.Rect(round(spot.x), round(spot.y), round(spot.w), round(spot.w * RATIO))))
        return out

    def _hand_card_at(self, p: tuple[int, int]) -> int | None:
        for c, r in reversed(self._hand_rects()):
            if r.collidepoint(p):
                return c
        return None

    def _item_at(self, p: tuple[int, int]) -> Item | None:
        for it in reversed(self.items):
            r = it.rect.inflate(self.table_w // 6, self.table_w // 6)
            if r.collidepoint(p):
                return it
        return None

    def _targets_for(self, card: int) -> tuple[set[int], bool]:
        """The table items ``card`` may be dropped on, and whether trailing is legal."""
        moves = self._card_moves(card)
        trail_ok = self.pos.is_legal(Move.trail(card))
        if moves is None:
            found = {it.mask for it in self.items if self.pos.explain(card, [self.item_of[it.mask]]).moves}
            return found, trail_ok
        taken = 0
        for m in moves:
            taken |= m.takes
        return {it.mask for it in self.items if it.mask & taken}, trail_ok

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.motion.busy \
                and not (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            if not (event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5)):
                self.motion.finish()  # a click or a key skips the animation
                return
        if event.type == pygame.MOUSEMOTION:
            self._mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.keyboard = False
            if event.button == 1:
                self._mouse_down(event.pos)
            elif event.button == 3:
                self._cancel()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._mouse_up(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            # The wheel scrolls the log wherever the pointer is: nothing else on the table scrolls.
            self.log_scroll = max(0, min(len(self.log) - 1, self.log_scroll + event.y))
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _cancel(self) -> None:
        if self.drag is not None:
            self._return(self.drag.card)
            self.drag = None
        self.press = None
        self.selection.clear()

    def _mouse_down(self, p: tuple[int, int]) -> None:
        if self.geo.menu_button.collidepoint(p):
            from .overlays import PauseScene

            self.app.push(PauseScene(self.app, self))
            return
        if self.geo.hint_button.collidepoint(p):
            self.ask_hint()
            return
        if self.geo.pluck_button.collidepoint(p):
            self.start_pluck()
            return
        if self.geo.call_button.collidepoint(p):
            self.ask_call()
            return
        if not self._human_turn():
            return
        card = self._hand_card_at(p)
        if card is not None:
            self.plucking = False  # a card played instead: no pluck
            self.press = (card, p)
            return
        item = self._item_at(p)
        if item is not None:
            if self.plucking:
                self.pluck(item.mask)
            else:
                self.selection ^= {item.mask}

    def _mouse_move(self, p: tuple[int, int]) -> None:
        self.pointer = p
        self.hover = self._hand_card_at(p) if self._human_turn() else None
        if self.drag is not None:
            self.drag.at = p
            return
        if self.press is not None:
            card, start = self.press
            if abs(p[0] - start[0]) + abs(p[1] - start[1]) > CLICK_SLOP:
                s = self.motion.get(card)
                if s is None:
                    return
                targets, trail_ok = self._targets_for(card)
                self.plucking = False
                self.drag = Drag(card, (start[0] - s.at.x, start[1] - s.at.y), p, targets, trail_ok)
                self.press = None

    def _mouse_up(self, p: tuple[int, int]) -> None:
        if self.drag is not None:
            drag, self.drag = self.drag, None
            s = self.motion.get(drag.card)
            if s is not None:  # the card is where it was let go; it glides from there
                s.at = Spot(p[0] - drag.grab[0], p[1] - drag.grab[1], s.at.w, True)
            item = self._item_at(p)
            if item is not None:
                self.offer(drag.card, item.mask)
            elif self.geo.table.collidepoint(p):
                self.offer(drag.card, None)
            else:
                self._return(drag.card)
            return
        if self.press is not None:
            card, _ = self.press
            self.press = None
            # A click: onto the selected items, or every move of this card when none are.
            self.offer(card, None, everything=not self.selection)

    def _fix_focus(self) -> None:
        row, i = self.focus
        n = len(self._hand_order(self.bottom)) if row == "hand" else len(self.items)
        if n == 0:
            row = "table" if row == "hand" else "hand"
            n = len(self._hand_order(self.bottom)) if row == "hand" else len(self.items)
        self.focus = (row, max(0, min(i, n - 1)))

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.plucking:
                self.plucking = False
                self.say("No pluck: play a card.")
            elif self.selection or self.drag is not None:
                self._cancel()
            else:
                from .overlays import PauseScene

                self.app.push(PauseScene(self.app, self))
            return
        if key == pygame.K_h:
            self.ask_hint()
            return
        if key == pygame.K_p and self.pos.rules.pluck:
            self.start_pluck()
            return
        if key == pygame.K_c and self.pos.rules.call_for_21:
            self.ask_call()
            return
        if key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = 3 if key == pygame.K_PAGEUP else -3
            self.log_scroll = max(0, min(len(self.log) - 1, self.log_scroll + step))
            return
        self.keyboard = True
        hand = self._hand_order(self.bottom)
        row, i = self.focus
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            n = len(hand) if row == "hand" else len(self.items)
            if n:
                self.focus = (row, (i + (1 if key == pygame.K_RIGHT else -1)) % n)
        elif key == pygame.K_UP and self.items:
            self.focus = ("table", min(i, len(self.items) - 1) if row == "table" else len(self.items) // 2)
        elif key == pygame.K_DOWN and hand:
            self.focus = ("hand", min(i, len(hand) - 1) if row == "hand" else len(hand) // 2)
        elif key == pygame.K_TAB:
            order = [("hand", k) for k in range(len(hand))] + [("table", k) for k in range(len(self.items))]
            if order:
                at = order.index(self.focus) if self.focus in order else -1
                self.focus = order[(at + (-1 if event.mod & pygame.KMOD_SHIFT else 1)) % len(order)]
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self._human_turn():
                return
            if row == "table" and i < len(self.items):
                if self.plucking:
                    self.pluck(self.items[i].mask)
                else:
                    self.selection ^= {self.items[i].mask}
            elif row == "hand" and i < len(hand):
                self.plucking = False
                if key == pygame.K_SPACE and not self.selection:
                    self.say("Select table cards with Space first, or press Enter to see what "
                             "this card can do.")
                    return
                self.offer(hand[i], None, everything=not self.selection)

    def seat_records(self) -> list[dict[str, object]]:
        """The seats as the game record (docs/formats.md) lists them."""
        return [{"name": s.name, "seat": i, "kind": "human" if s.level is None else f"ai:{s.level}"}
                for i, s in enumerate(self.seats)]

    def _count(self, result: RoundEnd | None) -> None:
        """Statistics: only games with one person at the table, and not practice."""
        store = self.app.store
        if store is None or len(self.humans) != 1 or self.practice:
            return
        team = self.pos.team_of[self.humans[0]]
        stats = store.load_stats()
        if result is not None:
            stats.record_round(result.points[team], result.sweeps[team])
        if self.game.over:
            levels = sorted({s.level for s in self.seats if s.level is not None})
            stats.record_game("+".join(levels), self.game.rules, self.game.winner == team, self.game.players)
        try:
            store.save_stats(stats)
        except OSError as e:
            self.say(f"The statistics could not be saved: {e.strerror}.", warn=True)

    def _save(self) -> None:
        """Saved after every move, so that quitting at any moment loses nothing."""
        store = self.app.store
        if store is None:
            return
        try:
            if self.game.over:
                store.delete("game.json")
            else:
                store.save_game(self.game, self.seat_records(), self.practice)
        except OSError as e:
            log.warning("saving the game failed: %s", e)
            self.say(f"The game could not be saved: {e.strerror}.", warn=True)

    def undo(self) -> None:
        """Ctrl+Z: back to just before your last move of this round (and the
        computer's replies to it). Practice only: alone against the computer,
        with the setting on; a game with undo used is marked as practice."""
        if not self.app.settings.undo:
            self.say("Undo is off: turn on \"Undo for practice\" in Settings to take moves back.", warn=True)
            return
        if len(self.humans) != 1 or self.round_result is not None or self.pos is not self.game.position:
            self.say("Undo works only while you play alone against the computer, within a round.", warn=True)
            return
        game = self.game
        mine = [i for i, t in enumerate(game.turns) if t.seat == self.humans[0] and t.move.card >= 0]
        if not mine:
            self.say("There is no move of yours to take back in this round.", warn=True)
            return
        self.stop()
        # Back to the plucks or calls before that card play too: they are part of the turn.
        first = mine[-1]
        while first > 0 and game.turns[first - 1].seat == self.humans[0] and game.turns[first - 1].move.card < 0:
            first -= 1
        keep = len(game.moves) - len(game.turns) + first
        again = Game(game.rules, game.players, game.teams, seed=game.seed)
        for move in game.moves[:keep]:
            again.play(move)
        self.game = again
        self.practice = True
        self._show_round()
        self.resized(self.app.size)  # every card straight to its place
        self._log(None, "You took your move back (practice game).")
        self._save()

    # -- between rounds and leaving ------------------------------------------------------------

    def next_round(self) -> None:
        """Show the round the game has dealt, dealing it in from the stock."""
        self._show_round()
        self._deal_in(0.0)

    def stop(self) -> None:
        """Leaving the table: stop any computer player that is thinking."""
        if self.thinker is not None:
            self.thinker.cancel()
            self.thinker = None

    def restart(self) -> None:
        """The same seats, a new game."""
        self.stop()
        game = Game(self.game.rules, self.game.players, self.game.teams, seed=random.randrange(1 << 30))
        self.app.replace(TableScene(self.app, game, self.seats, self.on_quit))

    def quit_to_title(self) -> None:
        self.stop()
        from .title import TitleScene

        self.app.replace(TitleScene(self.app))

    # -- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        from .draw import draw_table

        draw_table(self, surface)


def _symbol(card: int) -> str:
    from cassino.rules import card_symbol

    return card_symbol(card)


__all__ = ["Seat", "TableScene", "default_seats"]
