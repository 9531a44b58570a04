"""The table scene: one game, round after round, to the winner. It plays the
moves (a person's, through ``input``; a computer's, thought in a worker
thread), keeps the log, the piles and the last moves, saves after every
move, and sets the cards moving for each move's event (``choreography``).

The scene never decides a rule: every move goes through ``Game.play``, which
refuses anything illegal, and what a move did is read from its event. What
is on show at rest is the ``stage``; painting is ``paint``'s.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from cassino.ai import SeatView, make_player
from cassino.ai.hint import why
from cassino.ai.worker import Errand, Thinker
from cassino.rules import (CALL, CAPTURE, PLUCK, DealEvent, Event, Game, Move, Position, RoundEnd, Rules, Turn,
                           card_symbol, cards_of)
from cassino.setups import random_game_number

from ..app import App, Scene
from . import choreography, keeping
from .cover import CoverScene
from .input import TableInput
from .motion import Spot
from .paint import paint_table
from .pause import CallScene, PauseScene, said_number
from .review import ReviewScene, last_capture
from .scoresheet import RoundOverScene, SheetScene
from .seats import Seat, within
from .state import LastMove, TableState
from .words import describe, describe_turn, describe_with_card

if TYPE_CHECKING:
    from cassino.ai.review import Why

log = logging.getLogger("cassino.table")

THINKING_FRAME = 1 / 3  # the "thinking..." dots step this often
WHY_WORK = 60  # deals of the hidden cards the hint's reason is weighed on


@dataclass(frozen=True)
class Exits:
    """Where the table leads: back to the title, a new game at the same
    seats, or the setup of a new game (by way of the title, where Esc from
    the setup then leads)."""

    to_title: Callable[[], None]
    again: Callable[[], None]
    new_game: Callable[[], None] | None = None


class TableScene(Scene, TableState):
    """One game at the table, round after round, to the winner."""

    def __init__(self, app: App, game: Game, seats: list[Seat], exits: Exits | None = None,
                 dealt_in: bool = False):
        """``dealt_in``: a game resumed at a round's start whose sheet was
        closed then: the round on the table, not the last round's sheet again."""
        Scene.__init__(self, app)
        TableState.__init__(self, app, game, seats)
        self.exits = exits
        self.players = {s: make_player(info.level) for s, info in enumerate(seats) if info.level is not None}
        self.controls = TableInput(self, self)
        self.think_clock = 0.0
        self.hinter: Thinker | None = None
        self.hint_view: SeatView | None = None
        self.explainer: Errand[Why] | None = None  # the hint's reason, being weighed
        self.explained: tuple[object, Move] | None = None  # the view (its key) and move it is weighed for
        self.why_said: tuple[object, Move, str] | None = None  # the last why told, for H again
        if self.game.rounds and not self.game.turns and not dealt_in and not self.game.over:
            # Resumed between rounds (the game deals the next at once): the
            # last round's sheet first, over that round's end as it was left
            # (its log and piles; round 2 showed behind it); its Next round deals.
            self._show_round(*self._finished_round())
            self._settle()
            self.round_result = self.game.rounds[-1]
            return
        self._show_round()
        if self.game.turns:  # a game resumed mid-round: the table as it was left, not dealt again
            self._settle()
        elif self.game.rounds and not dealt_in:
            self.round_result = self.game.rounds[-1]  # the game's last round: its sheet again
        else:
            self._deal_in(0.0)

    def _finished_round(self) -> tuple[Position, DealEvent, list[Turn], list[Event]]:
        """The round just over, from the game's moves played again: its last
        position (as play left it on the table), its deal, turns and events."""
        game = self.game
        again = Game(game.rules, game.players, game.teams, game.seed)
        for m in game.moves[:-1]:
            again.play(m, checked=False)
        pos, deal = again.position, again.deal_event
        turns, events = list(again.turns), list(again.round_events)
        last = game.moves[-1]
        turns.append(Turn(pos.to_move, last, pos.loose, pos.builds))
        events.append(again.play(last, checked=False))
        return pos, deal, turns, events

    # -- what is on show ---------------------------------------------------------------------

    def _show_round(self, pos: Position | None = None, deal: DealEvent | None = None,
                    turns: list[Turn] | None = None, events: list[Event] | None = None) -> None:
        """Start showing the game's current round (or the round ``pos`` ended,
        dealt by ``deal``, played as ``turns`` did ``events``): a fresh table,
        log and piles, and (for a resumed or undone game) the plays made in it
        so far."""
        self.pos = self.game.position if pos is None else pos
        deal = self.game.deal_event if deal is None else deal
        turns = self.game.turns if turns is None else turns
        events = self.game.round_events if events is None else events
        if len(self.humans) > 1:
            # Everyone has been looking at the score sheet: whoever plays first
            # gets the cover, even the person whose hand was shown last.
            self.revealed, self.hidden = None, True
        self.motion.clear()
        self.piles = [0] * self.game.players
        self.swept = [0] * self.game.players
        self.last.clear()
        self.drawn.clear()
        self.input.reset()
        self.log.clear()
        self.hint_move = None
        self.play_words = None
        self.lay_out()
        dealer = self.names.seat(self.pos.dealer)
        rounds = self.game.rules.rounds
        number = self.pos.round
        of = f" of {rounds}" if rounds is not None and number <= rounds else ""
        self.note(None, f"Round {number}{of}: {dealer} deal{'' if dealer == 'You' else 's'}.")
        self._log_deal(deal, fresh=not turns)
        if turns:
            self._recall_round(turns, events)

    def _restage(self, flight: float | None = None) -> None:
        """A new stage for the position on show; cards glide to it."""
        self.stage = self.stage_of(self.pos)
        flight = self.app.settings.flight if flight is None else flight
        for card, spot in self.stage.spots.items():
            s = self.motion.get(card)
            if s is not None and s.dest != spot:
                s.go(spot, flight)

    def rules_in_force(self) -> tuple[Rules, int]:
        """This game's rules and players, for the rules' pages F1 opens."""
        return self.game.rules, self.game.players

    def resized(self, size: tuple[int, int]) -> None:
        """A new window size: everything goes straight to its new place. (A
        window's first size comes as a change to the same size: the opening
        deal went unseen.)"""
        if size == self.geo.size:
            return
        self.moved()
        self.motion.land()
        self.lay_out()
        self._settle(shown_only=True)

    def moved(self) -> None:
        """The window changed under the pointer: a card held goes home (it stood where the
        pointer was, and a release there played it onto the card it then lay over)."""
        self.controls.let_go()
        self.input.hover = None

    def _settle(self, shown_only: bool = False) -> None:
        """Every card at once where the stage puts it; cards no longer on show
        go. ``shown_only``: cards not yet dealt in (a round held back behind
        its sheet) stay in the stock."""
        spots = self.stage.spots
        for card, spot in spots.items():
            s = self.motion.get(card)
            if s is None:
                if shown_only:
                    continue
                s = self.motion.place(card, spot)
            s.at = spot
        self.motion.sprites = {c: s for c, s in self.motion.sprites.items() if c in spots}

    def _deal_in(self, after: float) -> float:
        pos = self.pos
        deal = self.game.deal_event
        fresh = pos is self.game.position and not self.game.turns and deal.round == pos.round
        if any(self.motion.get(c) is None for c in self.stage.spots):
            self.motion.cue("deal", after)  # as the first cards leave the stock
            self.dealing = True
        return choreography.deal_in(self.motion, self.stage, pos, deal if fresh else None,
                                    self.app.settings.flight, after)

    # -- names and turns ---------------------------------------------------------------------

    def _pass_device(self) -> None:
        """Before a person's turn: with several people at the screen, a cover
        screen first whenever the last hand shown was someone else's."""
        seat = self.pos.to_move
        if seat == self.revealed:
            if self.hidden:
                self.hidden = False
                self._restage()
            return
        def ready() -> None:
            self.revealed = seat
            self.hidden = False
            # The last play is down (the cover came after it): the hand turning up is the
            # next person's turn (the last mover's plate kept the mark for a frame).
            self.play_landed = True
            # The keys' focus was the last person's: the next starts afresh, at the hand's first card.
            self.input.reset()
            self.input.focus, self.input.keyboard, self.input.last_in = ("hand", 0), False, {}
            if seat != self.bottom:  # the new player sits at the bottom: the table turns
                self.bottom = seat
                self.lay_out()
            self._restage()

        # What the others did since this person's last play (or since the round began).
        mine = [i for i, (who, _) in enumerate(self.log) if who == seat]
        news = self.log[mine[-1] + 1:] if mine else self.log
        name = self.names.seat(seat)

        def pause() -> None:  # its Resume goes back to the cover, and says so
            self.app.push(PauseScene(self.app, self.game.rules, self.game.players, self.leave,
                                     self.new_game_route(), over=f"\"Pass to {name}\"", number=said_number(self.game)))
        self.app.push(CoverScene(self.app, name, ready, pause, news))

    # -- the log and the piles ---------------------------------------------------------------

    def _log_deal(self, deal: DealEvent, fresh: bool) -> None:
        """Initial pairs (§9.12) taken at the deal, and a game they ended."""
        to = deal.pairs_to
        if deal.pairs and to is not None:
            self.piles[to] += deal.pairs.bit_count()
            self.swept[to] += deal.sweep
            cards = ", ".join(card_symbol(c) for c in cards_of(deal.pairs))
            self.note(to, f"{self.names.seat(to)} took the pairs dealt to the table: {cards}"
                          f"{' (a sweep)' if deal.sweep else ''}.")
            if fresh:  # as it happens, not when a saved game is resumed
                # Across the table only: the log has just said it in full.
                self.announce(f"Initial pairs to {within(self.names.seat(to))}{': a sweep' if deal.sweep else ''}",
                              log=False)
        if deal.winner is not None and fresh:
            self.game_ended = True
            self.ending = deal
            keeping.count(self)
            self.announce(f"{self.names.wins(deal.winner)}: sudden death")
            self.motion.cue(self._ending_sound(deal.winner), 0.0)

    def _ending_sound(self, winner: int) -> str:
        """The game's end: "lose" when the one person at the screen lost, else
        "win" (several people, or the computers alone: someone won)."""
        if len(self.humans) == 1 and self.pos.team_of[self.humans[0]] != winner:
            return "lose"
        return "win"

    def _recall_round(self, turns: list[Turn], events: list[Event]) -> None:
        """A resumed game: the round's log (sweeps and deals too), piles and last
        moves, from what each move did."""
        deal = 1
        for turn, event in zip(turns, events):
            words = describe_turn(turn, self.game.rules)
            name = self.names.seat(turn.seat)
            self.note(turn.seat, f"{name} {words}{drew(event, words)}.")
            self._record(event, words)
            if turn.move.card >= 0:  # Draw Cassino: each seat's card drawn last, marked (lost after Ctrl+Z)
                self.drawn.pop(turn.seat, None)
            if event.drawn:
                self.drawn[turn.seat] = event.drawn[-1]
            if event.sweep:
                self.note(turn.seat, self._sweep_words(name))
            if event.dealt:
                deal += 1
                self.note(None, self._deal_words(deal) + ".")
            if event.round_end is not None:  # resumed at the round's sheet: its last lines too
                self._note_round_end(event.round_end)
            # What was played last stays over the hand, as it did before the game was left
            # (resumed, the line said only "Your turn: drag a card ...").
            sweep = ": a sweep" if event.sweep else ""
            self.play_words = (turn.seat, f"{name} {words}{sweep}{drew(event, words)}.")

    def _note_round_end(self, result: RoundEnd, last_cards: float = 0.0, end: float = 0.0) -> None:
        """The log's lines at a round's end: who takes the table's last cards
        (``last_cards``: when they land), then "Round over." (``end``)."""
        if result.residue and result.residue_to is not None:
            n = result.residue.bit_count()
            taker = self.names.seat(self.team_taker(result.residue_to))
            cards = f"last {n} table cards go" if n > 1 else "last table card goes"  # not "the last 1"
            self.note(None, f"The {cards} to {within(taker)}.", after=last_cards)
        self.note(None, "Round over.", after=end)

    def _last_table(self, card: int) -> dict[int, Spot]:
        """Where the table's cards rest with ``card`` trailed on it: the
        round's last card, seen landing before the table goes to the last
        capturer (the stage after it has no table)."""
        # The table as it was, the card trailed after it: the stage's order (``table_piles``),
        # each item at its oldest card's place, the newest last.
        placed, _ = self.geo.table_items([list(it.spots) for it in self.before] + [[card]])
        return {c: spot for p in placed for c, spot in p.spots.items()}

    def _sweep_words(self, name: str) -> str:
        points = self.game.rules.sweeps
        worth = f" ({points} point{'s' if points > 1 else ''})" if points else " (no points in these rules)"
        return f"Sweep! {name} cleared the table{worth}."

    def _deal_words(self, deal: int) -> str:
        """'Deal 3 of 6', or 'Last deal'."""
        deals = self.pos.deals_per_round
        return "Last deal" if deal >= deals else f"Deal {deal} of {deals}"

    def _record(self, event: Event, words: str) -> None:
        """Piles and the seat's last move, from what a move did."""
        seat = event.seat
        if event.taken:
            self.piles[seat] += event.taken.bit_count()
        self.swept[seat] += event.sweep
        if event.move.card >= 0:
            self.last.pop(seat, None)  # kept in the order played: the newest last
        if event.move.kind == CAPTURE:
            self.last[seat] = LastMove(words, 0)
        elif event.build is not None:
            self.last[seat] = LastMove(words, event.build.cards)
        elif event.move.card >= 0:
            self.last[seat] = LastMove(words, 1 << event.move.card)
        end = event.round_end
        if end is not None and end.residue and end.residue_to is not None:
            self.piles[self.team_taker(end.residue_to)] += end.residue.bit_count()

    # -- playing -----------------------------------------------------------------------------

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
        # A hint, its why or a prompt spoke of the position before: no longer true,
        # and one still being worked out is for a turn that is over.
        self.message, self.message_time = "", 0.0
        for worker in (self.hinter, self.explainer):
            if worker is not None:
                worker.cancel()
        self.hinter, self.explainer = None, None
        seat = event.seat
        self.drawn.pop(seat, None)
        if event.drawn:
            self.drawn[seat] = event.drawn[-1]
        turned_down = seat in self.humans and len(self.humans) > 1 and move.card >= 0
        if turned_down:
            self.hidden = True  # the next person may already be looking
        keeping.save(self)
        self.hint_move = None
        self.input.reset()
        name = self.names.seat(seat)
        self.note(seat, f"{name} {turn_words}{drew(event, turn_words)}.")
        earlier = self.play_words
        moves = self.game.moves
        # The line over the hand tells the turn whole, as the log does: a sweep (said only by a
        # callout of a second or so, and the log) and, in Draw Cassino, the card drawn.
        told = f"{turn_words}{': a sweep' if event.sweep else ''}{drew(event, turn_words)}"
        if (earlier is not None and earlier[0] == seat and move.kind != PLUCK and len(moves) > 1
                and moves[-2].kind == PLUCK):
            # The pluck kept the turn: the line tells the whole turn, not the card play alone.
            self.play_words = (seat, f"{earlier[1][:-1]}, then {told}.")
        else:
            self.play_words = (seat, f"{name} {told}.")
        self.play_landed = False
        self._record(event, turn_words)
        flight = self.app.settings.flight
        self.before = self.stage.items
        self.played = move.card if move.card >= 0 else None
        self.stage = self.stage_of(pos)
        if turned_down:
            self._close_backs(seat, move.card)
        pile_of = {team: self.team_taker(team) for team in range(len(pos.teams))}
        names = [self.names.seat(s) for s in range(pos.players)]
        last_table = self._last_table(move.card) if event.round_end is not None and move.kind != CAPTURE \
            and move.card >= 0 else None
        timing = choreography.play(self.motion, self.stage, event, pile_of, names, flight, last_table)
        end = timing.end
        if move.kind == PLUCK:
            self.announce(f"{name} plucked the {card_symbol(move.takes.bit_length() - 1)}", log=False)
        # The log tells a sweep and the round's last cards as the table shows them, not at the click.
        if event.sweep:
            # In the sweeper's colour, as the sweeper's news: the cover told Ben of his own sweep as "meanwhile".
            self.note(seat, self._sweep_words(name), after=timing.sweep or 0.0)
        result = event.round_end
        if result is not None:
            self.round_result = result
            keeping.count(self)
            # The game's end is told once its sheet has added up (``RoundOverScene``):
            # "Game over." here, under the sheet still building, gave the result away.
            self._note_round_end(result, timing.last_cards or 0.0, end)
            # As the last cards reach their pile: the round's chord, or the game's end.
            self.motion.cue("round" if event.winner is None else self._ending_sound(event.winner), end)
        elif event.winner is not None:
            # A call for 21 or a sudden-death sweep: the game ends inside the round.
            self.game_ended = True
            self.ending = event
            keeping.count(self)
            if move.kind == CALL and event.counts is not None:
                team = pos.team_of[seat]
                self.note(None, f"{self.names.team(team)} count{self.names.s(team)} {event.counts[team]} "
                                f"of the {pos.rules.target} needed.")
            target = pos.rules.target
            if move.kind == CALL and event.counts is not None and event.winner != pos.team_of[seat]:
                # "North wins: you called for 21" read as if calling itself had won it for North.
                whose = "your" if name == "You" else f"{name}'s"
                said = f"{whose} call for {target} fell short, {event.counts[pos.team_of[seat]]} of {target}"
            else:
                said = f"{within(name)} {'called for' if move.kind == CALL else 'swept to'} {target}"
            self.announce(f"{self.names.wins(event.winner)}: {said}", delay=end)
            self.motion.cue(self._ending_sound(event.winner), end)
        elif event.dealt:
            if pos.last_deal:
                self.announce(self._deal_words(pos.deal_number), delay=end)
            else:
                self.note(None, self._deal_words(pos.deal_number) + ".")
        self._deal_in(end)
        self.controls.fix_focus()
        return True

    # -- actions before the card play: pluck, call for 21 -----------------------------------

    def ask_call(self) -> None:
        """The Call button or C: a call for 21, after a look at your side's count."""
        pos = self.pos
        if not pos.rules.call_for_21 or self.round_result is not None or self.game.over:
            return
        if not self.human_turn():
            self.say(f"You may call for {pos.rules.target} only on your turn, before playing a card.", warn=True)
            return
        reason = pos.violation(Move.call())
        if reason is not None:
            self.say(reason, warn=True)
            return
        from cassino.rules.scoring import call_counts

        team = pos.team_of[pos.to_move]
        counts = call_counts(pos)
        others = [(self.names.team(t), n) for t, n in enumerate(counts) if t != team]
        self.app.push(CallScene(self.app, counts[team], pos.scores[team], pos.rules.target,
                                lambda: self.play(Move.call()), others, pos.rules.spade_scoring))

    def ask_hint(self) -> None:
        """H: the Master's move for you, with a reason; it thinks in the background.
        H again while the hint is on show: why, weighed against the next best move."""
        if self.hinter is not None or self.explainer is not None:
            return  # still at work: a third H began a fresh hint, and its reason could be lost
        if not self.human_turn():
            if not self.pos.round_over and not self.game.over:  # H did nothing, and said nothing
                self.say("A hint is for your own turn: H again when it comes.")
            return
        if self.hint_move is not None and self.hint_view is not None and self.explainer is None:
            said = self.why_said
            if said is not None and said[:2] == (self.hint_view.key(), self.hint_move):
                self.say(said[2], turn=True)  # said again at once, not weighed again
                return
            self._ask_why(self.hint_view, self.hint_move)
            return
        from cassino.ai.master import Master

        # The review's analyst: so that "why?" weighs the very move it explains.
        self.hint_view = SeatView(self.pos, self.pos.to_move, self.game.turns)
        self.hinter = Thinker(Master(), self.hint_view, f"hint/{self.game.seed}/{len(self.game.moves)}",
                              ms=self.app.settings.thinking_ms(Master.default_ms))
        self.say("Thinking about a hint…")

    def _hint_ready(self) -> None:
        hinter, self.hinter = self.hinter, None
        view = self.hint_view
        if hinter is None or view is None or view.key() != \
                SeatView(self.pos, self.pos.to_move, self.game.turns).key():
            return  # the game moved on
        if hinter.move is None:
            log.error("the hint found no move", exc_info=hinter.error)
            self.say("No hint this time: the Master could not work one out.")
            return
        move = hinter.move
        self._show_hint(move)
        self.say(f"Hint: {self._hint_words(move)}. {why(view, move)}", turn=True)

    def _show_hint(self, move: Move) -> None:
        """``move`` is the hint now: its card in focus (or its pluck under way)."""
        self.hint_move = move
        self.hinted[tuple(self.game.moves)] = move
        # A card picked up puts its lit places away: the hint's words and marks could not be read.
        self.input.picked = None
        hand = self.hand_order(self.bottom)
        if move.card in hand:  # Enter then plays (or offers) the hinted card
            self.input.focus = ("hand", hand.index(move.card))
            if any(m & ~move.takes for m in self.input.selection):
                # Chosen items the hint does not take go: Enter played the hinted card onto
                # them, and was refused ("the 10♣ is not one") again and again.
                self.input.selection.clear()
        elif move.kind == PLUCK:  # the pluck under way, on the hinted card: Enter or a click plucks it
            at = next((k for k, it in enumerate(self.items) if it.mask == move.takes), None)
            if at is not None:
                self.controls.pluck_under_way(at)

    def _hint_words(self, move: Move) -> str:
        words = describe_with_card(self.pos, move)
        if move.kind == CALL:  # Enter plays the card in focus: say how to call
            words += " (press C)"
        elif move.kind == PLUCK:  # the pluck is under way on its card (``_show_hint``)
            words += " (Enter or a click on it plucks it)"
        return words

    def _ask_why(self, view: SeatView, move: Move) -> None:
        """The hint's reason in the review's words, worked out in the background."""
        from cassino.ai.player import Budget
        from cassino.ai.review import explain

        rng = random.Random(f"why/{self.game.seed}/{len(self.game.moves)}")
        self.explained = (view.key(), move)
        self.explainer = Errand(lambda cancel: explain(view, move, rng, Budget(work=WHY_WORK, cancel=cancel)),
                                "why")
        self.say("Weighing the hint against the other moves…")

    def _why_ready(self) -> None:
        explainer, self.explainer = self.explainer, None
        now = SeatView(self.pos, self.pos.to_move, self.game.turns).key()
        if explainer is None or self.explained != (now, self.hint_move):
            return  # the game moved on: the reason is for another turn (perhaps another person's hand)
        if explainer.value is None:
            log.error("the hint's reason could not be worked out", exc_info=explainer.error)
            self.say("No reason this time: the weighing of the moves failed.")
            return
        text, better = explainer.value
        if better is None:
            self.say(f"Why: {text}", turn=True)
            if self.hint_move is not None:
                self.why_said = (now, self.hint_move, f"Why: {text}")
            return
        # The closer weighing overrules the hint: show the better move, not a
        # hint that its own reason calls worse.
        self._show_hint(better)
        self.say(f"Hint changed: {self._hint_words(better)}. {text}", turn=True)

    # -- messages and the log ----------------------------------------------------------------

    def announce(self, text: str, log: bool = True, delay: float = 0.0) -> None:
        """A short line across the table for a moment (and in the log)."""
        self.banner = text
        flight = self.app.settings.flight
        if flight > 0:
            self.motion.call_out(text, delay, flight * choreography.CALLOUT)
        if log:
            self.note(None, text + ".", after=delay if flight > 0 else 0.0)

    # -- time passing ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """One step of time: motion, the hint and computer players' answers, and the round's end."""
        self.clock += dt
        # A long wait (nothing moved) must not jump a motion just begun, nor a
        # hitch (a save, the collector) make a card leap: a tenth of a second at
        # fast speed took cards ten widths in one frame. A slow frame slows it.
        self.motion.update(min(dt, MOTION_STEP))
        self.notes_due()
        if self.dealing and not self.motion.busy:
            self.dealing = False
        if not self.motion.busy:
            # The play is down: a later glide (a refused card going home) is nobody's
            # play, and the turn's mark stays on the player to move (it jumped back to
            # the last mover for the glide).
            self.play_landed = True
        sound = self.motion.due()
        if sound is not None:
            self.app.sounds.play(sound)
        # A line set in this frame starts its time now: the frame after a still
        # moment brings the whole sleep as ``dt``, which wiped the line a key had
        # just set, and a refusal went unread.
        if self.message_new:
            self.message_new = False
        else:
            self.message_time = max(0.0, self.message_time - dt)
        if self.hinter is not None and self.hinter.done:
            self._hint_ready()
        if self.explainer is not None and self.explainer.done:
            self._why_ready()
        if self.round_result is not None or self.game_ended:
            if not self.motion.busy:
                result, self.round_result = self.round_result, None
                self.game_ended = False
                self.app.push(RoundOverScene(self.app, self, result, self.next_round, self.play_again,
                                             self.leave, self.new_game_route()))
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
            player = self.players[seat]
            self.thinker = Thinker(player, view,
                                   f"{self.game.seed}/{self.game.round_number}/{len(self.game.moves)}",
                                   ms=self.app.settings.thinking_ms(player.default_ms))
            self.think_clock = 0.0
            return
        self.think_clock += dt
        if self.thinker.done and self.think_clock >= self.app.settings.ai_pause and not self.motion.busy:
            thinker, self.thinker = self.thinker, None
            move = thinker.move
            if move is None or not pos.is_legal(move):
                # Never expected; the game goes on with a legal move rather than stopping.
                log.error("%s (%s) gave no legal move (%r); a random legal move was played",
                          self.names.seat(seat), self.seats[seat].level, move, exc_info=thinker.error)
                move = random.Random(len(self.game.moves)).choice(pos.legal_moves())
                self.play(move)
                self.say(f"{self.names.seat(seat)} could not decide; it played a legal move instead.", warn=True)
                return
            self.play(move)

    def wake_in(self) -> float | None:
        """Seconds until the picture changes without input: 0 while anything
        moves; None when only input can change it."""
        if self.motion.busy or self.round_result is not None or self.game_ended:
            return 0.0
        waits = []
        if 0 < self.message_time < float("inf"):  # a line kept for the turn changes with input only
            waits.append(self.message_time)
        if (self.thinker is not None and not self.thinker.done) or self.hinter is not None \
                or self.explainer is not None:
            waits.append(min(THINKING_FRAME, 0.05))  # a worker thread's answer is looked for
        if self.thinker is not None:
            # The "thinking" dots' next step (with the answer in, the pause before the play
            # drew 20 frames a second where only they changed, three times a second).
            waits.append(THINKING_FRAME - self.clock % THINKING_FRAME)
        pos = self.pos
        if (not pos.round_over and pos is self.game.position and not self.game.over
                and pos.to_move in self.players and self.thinker is None):
            waits.append(0.0)  # a computer player is about to think
        if self.thinker is not None and self.thinker.done:
            waits.append(max(0.0, self.app.settings.ai_pause - self.think_clock))
        if (self.pos.to_move in self.humans and not pos.round_over and pos is self.game.position
                and (self.pos.to_move != self.revealed or self.hidden)):
            waits.append(0.0)  # the cover screen comes next
        return min(waits) if waits else None

    # -- input -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Input at the table goes to its controls."""
        self.controls.handle(event)

    def covered(self) -> None:
        """A screen over the table (F1, S, L, the menu): a card being dragged goes home."""
        self.controls.let_go()

    def pause(self) -> None:
        """Esc or the Menu button: the pause menu."""
        self.app.push(PauseScene(self.app, self.game.rules, self.game.players, self.leave, self.new_game_route(),
                                 number=said_number(self.game)))

    def show_sheet(self) -> None:
        """S: the score sheet of every round so far."""
        self.app.push(SheetScene(self.app, self))

    def toggle_sound(self) -> None:
        """M: the sounds off, or back on at the volume they had (kept in the settings)."""
        st = self.app.settings
        st.sound = not (st.sound and st.volume > 0)  # on at a volume of nothing is off, as Settings says
        if st.sound and st.volume <= 0:
            st.volume = 0.7
        self.app.save_settings()
        if st.sound:
            self.app.sounds.play("capture")  # what it sounds like now
        else:
            self.app.sounds.hush()
        self.say(f"Sound on, at {round(st.volume * 100)}% (M turns it off)." if st.sound else
                 "Sound off (M turns it back on).")

    def review(self, seat: int | None, held: bool) -> None:
        """L, or a pile pressed and held: the last capture looked at again."""
        events = self.game.round_events if self.pos is self.game.position else []
        self.app.push(ReviewScene(self.app, self, last_capture(events, seat), held, events))

    def _close_backs(self, seat: int, card: int) -> None:
        """A hand turned down as it plays (pass and play) shows nothing of where
        the card played ranked in it: its backs lie at once in an order of
        their own, closed up, and the card played leaves from the middle of
        the hand. Its gap in the sorted hand, and the hand kept in rank order,
        told whoever was looking how many of the cards kept it outranked."""
        rest = [self.stage.spots[c] for c in self.stage.hands[seat]]
        for c, spot in zip(self.stage.hands[seat], rest):
            if self.motion.get(c) is not None:  # (a card drawn in Draw Cassino still flies in)
                self.motion.place(c, spot)
        played = self.motion.get(card)
        if played is None or not rest:
            return
        at, row = played.at, rest[0]
        if abs(at.y - row.y) < row.w:  # (a card dragged away leaves from where it was let go)
            middle = (min(s.x for s in rest) + max(s.x for s in rest)) / 2
            played.at = Spot(middle, at.y, at.w, at.face_up)

    # -- records, statistics, saves, undo --------------------------------------------------

    def seat_records(self) -> list[dict[str, object]]:
        """The seats as the game record (docs/formats.md) lists them."""
        return keeping.seat_records(self.seats)

    def undo(self) -> None:
        """Ctrl+Z: back to just before your last move of this round (and the
        computer's replies to it). Practice only: alone against the computer,
        with the setting on; a game with undo used is marked as practice."""
        if len(self.humans) != 1:  # before the setting: turning it on would not help
            self.say("Undo works only while you play alone against the computer.", warn=True)
            return
        if not self.app.settings.undo:
            self.say("Undo is off: turn on \"Undo for practice\" in Settings to take moves back.", warn=True)
            return
        if self.round_result is not None or self.pos is not self.game.position:
            self.say("Undo works only while you play alone against the computer, within a round.", warn=True)
            return
        game = self.game
        mine = [i for i, t in enumerate(game.turns) if t.seat == self.humans[0] and t.move.card >= 0]
        if not mine:
            self.say("There is no move of yours to take back in this round.", warn=True)
            return
        # Back to the plucks or calls before that card play too: they are part of the turn.
        you = self.humans[0]
        first = mine[-1]
        while first > 0 and game.turns[first - 1].seat == you and game.turns[first - 1].move.card < 0:
            first -= 1
        # Taken back past a deal or your draw, the cards it brought would be known
        # before they come again: the game's seed deals the same ones.
        since = game.round_events[first:]
        if any(e.dealt for e in since):
            self.say("Undo cannot go back past a new deal: you have seen the cards it dealt.", warn=True)
            return
        if any(e.drawn and e.seat == you for e in since):
            self.say("Undo cannot take back a move you have drawn after: you have seen the card.", warn=True)
            return
        self.stop()
        keep = len(game.moves) - len(game.turns) + first
        again = Game(game.rules, game.players, game.teams, seed=game.seed)
        for move in game.moves[:keep]:
            again.play(move)
        self.motion.finish()
        was = {card: s.at for card, s in self.motion.sprites.items()}
        piles = {team: self.team_taker(team) for team in range(len(self.pos.teams))}
        taken = {card: seat for team, seat in piles.items() for card in cards_of(self.pos.captured[team])}
        self.game = again
        self.practice = True
        self._show_round()
        self.before = self.stage.items  # the builds the cards glide back to wear their badges
        self._glide_back(was, taken)
        self.note(None, "You took your move back (practice game).")
        keeping.save(self)

    def _glide_back(self, was: dict[int, Spot], taken: dict[int, int]) -> None:
        """After an undo, every card glides back to its place from where it
        was seen: on the table, in a hand, or out of the pile that took it
        (the moves taken back were seen going; snapped back, they were not
        seen coming). Cards the table no longer shows go."""
        flight = self.app.settings.flight
        for card, spot in self.stage.spots.items():
            start = was.get(card)
            if start is None and card in taken:
                pile = self.geo.pile_spot(taken[card])
                start = Spot(pile.x, pile.y, pile.w, True)
            s = self.motion.place(card, start if start is not None and flight > 0 else spot)
            if s.at != spot:
                s.go(spot, flight)

    # -- between rounds and leaving ----------------------------------------------------------

    def next_round(self) -> None:
        """Show the round the game has dealt, dealing it in from the stock
        (kept so: the sheet is not shown again on resuming)."""
        self._show_round()
        self._deal_in(0.0)
        self.controls.fix_focus()
        if not self.game.over:
            keeping.save(self, dealt_in=True)

    def stop(self) -> None:
        """Leaving the table: stop any computer player that is thinking."""
        for worker in (self.thinker, self.hinter, self.explainer):
            if worker is not None:
                worker.cancel()
        self.thinker = self.hinter = None
        self.explainer = None

    def play_again(self) -> None:
        """The same seats, a new game."""
        self.stop()
        if self.exits is not None:
            self.exits.again()
            return
        game = Game(self.game.rules, self.game.players, self.game.teams, seed=random_game_number())
        self.app.replace(TableScene(self.app, game, self.seats))

    def new_game_route(self) -> Callable[[], None] | None:
        """The pause menu's New game: its setup (the game in progress is kept
        until the new one starts, and Start asks first); None where the table
        has nowhere to lead."""
        if self.exits is None or self.exits.new_game is None:
            return None
        exits = self.exits

        def go() -> None:
            self.stop()
            assert exits.new_game is not None
            exits.new_game()
        return go

    def leave(self) -> None:
        """Back to the title (the game is saved after every move)."""
        self.stop()
        if self.exits is not None:
            self.exits.to_title()
        else:
            self.app.pop(self)

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the table as it stands this frame."""
        paint_table(self, surface)


MOTION_STEP = 1 / 30  # the most time one frame moves the cards on


def drew(event: Event, words: str = "") -> str:
    """Draw Cassino: ' and drew' after a play the stock refilled (which card is
    the drawer's alone); short, so that a play's line in the log keeps to one
    line at the smallest window ('and drew a card' took two). After a list of
    cards (``words`` ending 'K♥, K♦'), ', then drew': 'K♦ and drew' read as one more."""
    n = len(event.drawn)
    joint = ", then drew" if ":" in words else " and drew"
    return "" if not n else joint if n == 1 else f"{joint} {n} cards"
