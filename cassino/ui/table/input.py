"""A person's hands on the table: drag and drop, clicks, the keyboard, and
what a drop or a click could mean.

Playing a card: drag it onto a table item or onto the bare cloth (a trail);
or click it, then where it goes (the card again: all its plays); or click
table items to select them, then a hand card; or with the keys (arrows or
Tab to move, Space to select, Enter to play). What a gesture
could mean is asked of the rules (``Position.explain`` / ``moves_with``):
one meaning is played at once, several open the chooser, none is refused
with the reason and the card glides home.

Input aimed at the table waits while anything moves: a click or a key then
finishes the motion at once instead, so that what is clicked is what is
seen. The wheel and the log's keys scroll the log at any time.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from cassino.rules import BUILD, CAPTURE, Move, card_symbol, cards_of
from cassino.rules.legal import CROWDED
from cassino.rules.reasons import no_pluck

from .chooser import ChooserScene
from .motion import Spot
from .panel import log_scroll_limit
from .state import Drag, Picked, TableState
from .words import describe, sweep_note

CLICK_SLOP = 5  # a press that moves less than this many pixels is a click
# The richest captures first, then builds, the trail last.
KIND_ORDER = {"capture": 0, "build": 1, "trail": 2}


class TableActions(Protocol):
    """What a gesture at the table can set going (the scene does it)."""

    def play(self, move: Move) -> bool:
        """Play ``move``, if the rules accept it."""

    def ask_hint(self) -> None:
        """A hint for the person to move."""

    def ask_call(self) -> None:
        """A call for 21, confirmed first."""

    def undo(self) -> None:
        """Take back your last move (practice)."""

    def pause(self) -> None:
        """The pause menu."""

    def show_sheet(self) -> None:
        """The score sheet of every round so far."""

    def review(self, seat: int | None, held: bool) -> None:
        """The last capture (``seat``'s, or anyone's), looked at again."""

    def toggle_sound(self) -> None:
        """Sound off, or back on at its volume."""


# Keys that look rather than play: honoured during a motion too (after finishing it), but
# for the round's last, whose sheet comes next (S there showed the round's points first).
# (Esc and M, the sound, are honoured always.)
LOOK_KEYS = frozenset((pygame.K_s, pygame.K_l))

# Keys that are only ever held with another.
MODIFIERS = frozenset((pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LALT,
                       pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA, pygame.K_LGUI, pygame.K_RGUI,
                       pygame.K_MODE, pygame.K_CAPSLOCK, pygame.K_NUMLOCK))


class TableInput:
    """Turns the person's mouse and keys into plays and requests; what they
    are doing meanwhile is kept in ``table.input`` (``state.Gestures``)."""

    def __init__(self, table: TableState, act: TableActions):
        self.table = table
        self.act = act
        self.g = table.input

    # -- events ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """One input event at the table: the log's wheel, pointing, dragging, clicking and keys."""
        table = self.table
        if event.type == pygame.MOUSEWHEEL:
            # The wheel scrolls the log wherever the pointer is: nothing else on the table scrolls.
            table.log_scroll = max(0, min(log_scroll_limit(table), table.log_scroll + event.y))
            return
        if event.type == pygame.MOUSEMOTION:
            # No button held: a press or drag whose release went elsewhere (another
            # screen took the input mid-drag) ends here, not on the next click.
            if not getattr(event, "buttons", (1,))[0]:
                self.let_go()
            self._mouse_move(event.pos)
            return
        if event.type == pygame.WINDOWFOCUSLOST:
            # Released over another window, the button's release never comes (nor a motion
            # without it, SDL still holding it down): the card stuck to the pointer and the
            # next click played it.
            self.let_go()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.g.drag is not None:
            self.let_go()  # a press with a card already on the pointer: its release was lost; home
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not table.at_rest():
            self.let_go()  # a drag let go while cards move: home, not held on
            return
        if not table.at_rest():
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self._key(event)
            elif event.type == pygame.KEYDOWN and (event.key in (pygame.K_ESCAPE, pygame.K_m) or (
                    (event.key in LOOK_KEYS or (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL))
                    and table.round_result is None and not table.game_ended)):
                # The pause menu, the move taken back, the score sheet, the last
                # capture or the sound, at once (S during a computer's play only
                # skipped it: the sheet took a second S).
                table.motion.finish()
                self._key(event)
            elif event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key not in MODIFIERS):
                # A click or a key finishes the motion, and does nothing more (a key
                # held with others, Ctrl of Ctrl+Z, is not yet a key: it silenced a sweep).
                table.motion.finish()
                if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and table.at_rest() \
                        and table.human_turn():
                    # A card grabbed as the other's play lands can still be dragged
                    # (the grab was lost); let go without a drag, it only skipped.
                    card = table.stage.hand_card_at(table.bottom, event.pos)
                    if card is not None:
                        self.g.press, self.g.grab_only = (card, event.pos), True
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.g.keyboard = False
            if event.button == 1:
                self._mouse_down(event.pos)
            elif event.button == 3:
                self.cancel()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._mouse_up(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def cancel(self) -> None:
        """Right click or Esc: the dragged card goes home, the selection is dropped,
        and a refusal of a play with them goes too (it stayed, red, over nothing)."""
        table = self.table
        if (self.g.selection or self.g.drag is not None or self.g.picked is not None) \
                and table.message.startswith("! "):
            table.message_time = 0.0
        self.let_go()
        self.g.selection.clear()
        self.g.picked = None

    def let_go(self) -> None:
        """The pointer's gesture ends where it is: a dragged card glides home and
        a press is forgotten; the selection stays. (F1, S or L pressed mid-drag
        opened a screen that took the button's release: the card stayed on the
        pointer, and the next click anywhere played it.)"""
        if self.g.drag is not None:
            self.send_home(self.g.drag.card)
            self.g.drag = None
        self.g.press = None
        self.g.grab_only = False

    def _mouse_down(self, p: tuple[int, int]) -> None:
        table = self.table
        self.g.grab_only = False
        geo = table.geo
        if geo.menu_button.collidepoint(p):
            self.act.pause()
            return
        if geo.hint_button.collidepoint(p):
            self.act.ask_hint()
            return
        if geo.pluck_button.collidepoint(p):
            self.start_pluck()
            return
        if geo.call_button.collidepoint(p):
            self.act.ask_call()
            return
        if geo.scores.collidepoint(p):  # the scores: their sheet (S was the only way to it)
            self.act.show_sheet()
            return
        for seat, place in geo.places.items():
            if place.pile.collidepoint(p):  # press and hold a pile: its last capture
                self.act.review(seat, True)
                return
        if not table.human_turn():
            return
        card = table.stage.hand_card_at(table.bottom, p)
        if card is not None:
            if self.g.plucking:  # a card played instead: no pluck, nor its words ("Pluck: click a loose card")
                self.g.plucking = False
                if table.message_time != float("inf"):  # (a hinted pluck's words are the turn's: they stay)
                    table.message_time = 0.0
            self.g.press = (card, p)
            return
        item = table.stage.item_at(p)
        picked = self.g.picked
        if item is not None:
            if self.g.plucking:
                self.pluck(item.mask)
            elif picked is not None:  # the card clicked goes there, as if dropped on it
                self._play_picked(picked, item.mask)
            else:
                self.g.selection ^= {item.mask}
                self._refusal_done()
        elif picked is not None and table.stage.bare_cloth(p) and not table.status_box.collidepoint(p):
            self._play_picked(picked, None)  # (not on the words over the hand: a click there trailed)
        elif self.g.selection and not self.g.plucking and table.stage.bare_cloth(p):
            self.g.selection.clear()  # a click on the bare cloth lets every selected item go

    def _refusal_done(self) -> None:
        """A new drag or choice on the table: the last refusal, of another play, gives
        way to what to do now (it stayed up, red, for its four seconds or more)."""
        table = self.table
        if table.message.startswith("! ") and table.message_time != float("inf"):
            table.message_time = 0.0

    def _mouse_move(self, p: tuple[int, int]) -> None:
        table = self.table
        self.g.pointer = p
        self.g.hover = table.stage.hand_card_at(table.bottom, p) if table.human_turn() else None
        if self.g.drag is not None:
            self.g.drag.at = p
            return
        if self.g.press is not None and table.at_rest():
            card, start = self.g.press
            if abs(p[0] - start[0]) + abs(p[1] - start[1]) > CLICK_SLOP:
                spot = table.stage.spots.get(card)
                if spot is None:
                    return
                targets, trail_ok = self.targets_for(card)
                self.g.plucking = False
                self.g.picked = None
                self.g.drag = Drag(card, (start[0] - spot.x, start[1] - spot.y), p, targets, trail_ok)
                self.g.press, self.g.grab_only = None, False
                self._refusal_done()

    def _mouse_up(self, p: tuple[int, int]) -> None:
        table = self.table
        if self.g.drag is not None:
            drag, self.g.drag = self.g.drag, None
            s = table.motion.get(drag.card)
            if s is not None:  # the card is where it was let go; it glides from there
                s.at = Spot(p[0] - drag.grab[0], p[1] - drag.grab[1], s.at.w, True)
            item = table.stage.drop_item(table.drag_rect(drag), p)
            if item is not None:
                self.offer(drag.card, item.mask)
            elif table.geo.table.collidepoint(p):
                self.offer(drag.card, None)
            else:
                self.send_home(drag.card)
            self.g.press = None
            return
        if self.g.press is not None:
            card, _ = self.g.press
            self.g.press = None
            if self.g.grab_only:  # a click that finished a motion does nothing more
                self.g.grab_only = False
                return
            if self.g.selection:  # a click: onto the selected items
                self.offer(card, None)
            elif self.g.picked is not None and self.g.picked.card == card:
                self.g.picked = None  # clicked again: every play of the card (at once if only one)
                self.offer(card, None, everything=True)
            else:
                # Picked up, to be clicked where it goes. (Played at once when it had one
                # meaning, a click to look at a card trailed it: newcomers did not expect it.)
                targets, trail_ok = self.targets_for(card)
                self.g.picked = Picked(card, targets, trail_ok)
                self._refusal_done()
                hand = table.hand_order(table.bottom)
                if card in hand:  # Enter then plays this card (it played the one the focus was on)
                    self.g.focus = ("hand", hand.index(card))

    def _play_picked(self, picked: Picked, onto: int | None) -> None:
        """The card picked up, clicked onto ``onto`` (None: the bare cloth); still
        held when refused, to be clicked elsewhere."""
        if self.offer(picked.card, onto):
            self.g.picked = None

    def fix_focus(self) -> None:
        """Keep the keyboard focus on something that is still there; once a
        new deal fills the hand it had to leave, back on the hand's first card."""
        row, i = self.g.focus
        table = self.table
        hand = len(table.hand_order(table.bottom))
        if self.g.parked and row == "table" and hand and not self.g.selection:
            self.g.parked = False
            self.g.focus = ("hand", 0)
            return
        n = hand if row == "hand" else len(table.items)
        if n == 0:
            self.g.parked = row == "hand"
            row = "table" if row == "hand" else "hand"
            n = hand if row == "hand" else len(table.items)
        self.g.focus = (row, max(0, min(i, n - 1)))

    def _key(self, event: pygame.event.Event) -> None:
        table = self.table
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.g.plucking:
                self.g.plucking = False
                table.say("No pluck: play a card.")
            elif self.g.selection or self.g.drag is not None or self.g.picked is not None:
                self.cancel()
            else:
                self.act.pause()
            return
        if self.g.drag is not None and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return  # the card in the hand is the one being dragged: Enter played the focused one
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = 3 if key == pygame.K_PAGEUP else -3
            table.log_scroll = max(0, min(log_scroll_limit(table), table.log_scroll + step))
            return
        if key == pygame.K_h:
            self.g.keyboard = True  # the focus goes to the hinted card, for Enter to play it: shown
            self.act.ask_hint()
            return
        if key == pygame.K_s:
            self.act.show_sheet()
            return
        if key == pygame.K_l:
            self.act.review(None, False)
            return
        if key == pygame.K_m:
            self.act.toggle_sound()
            return
        if key == pygame.K_p and table.pos.rules.pluck:
            self.g.keyboard = True  # the focus shows which card Enter would pluck
            self.start_pluck()
            return
        if key == pygame.K_c and table.pos.rules.call_for_21:
            self.act.ask_call()
            return
        if key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.act.undo()
            return
        hand = table.hand_order(table.bottom)
        items = table.items
        if key in MODIFIERS:
            return  # Alt of Alt+Tab is not playing by keys: it showed a focus ring
        # The keys choose now: a card picked up by a click goes back (it stayed lit while
        # the arrows moved on, and Enter played the card they came to).
        self.g.picked = None
        if not self.g.keyboard:
            self.g.keyboard = True
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER,
                       pygame.K_SPACE):
                # The first step along a row shows where the focus is, not the card after it
                # (Up and Down go to a row, and show where they land); the first Enter or
                # Space shows the card it would play or choose: it played one unseen (a
                # second Enter after a pass-and-play cover trailed a card).
                self.fix_focus()
                return
        row, i = self.g.focus
        self.g.last_in[row] = i  # to come back to, from the other row
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            n = len(hand) if row == "hand" else len(items)
            if n:
                self.g.focus = (row, (i + (1 if key == pygame.K_RIGHT else -1)) % n)
        elif key == pygame.K_UP and items:
            if row == "table":
                at = i
            elif self.g.selection:  # choosing items: back to where that was left
                at = self.g.last_in.get("table", len(items) // 2)
            else:  # the table item nearest above the card (it went to an unrelated one)
                rects = dict(table.stage.hand_rects(table.bottom))
                x = rects[hand[i]].centerx if i < len(hand) and hand[i] in rects else table.geo.table.centerx
                at = min(range(len(items)), key=lambda k: (abs(items[k].rect.centerx - x), items[k].rect.y))
            self.g.focus = ("table", min(at, len(items) - 1))
        elif key == pygame.K_DOWN and hand:
            # Into the hand: the first card that fits the selection, else
            # where the focus was in the hand, else its middle.
            fits = table.fitting_cards() if row == "table" else set()
            back = next((k for k, c in enumerate(hand) if c in fits), self.g.last_in.get("hand", len(hand) // 2))
            self.g.focus = ("hand", min(i if row == "hand" else back, len(hand) - 1))
        elif key == pygame.K_TAB:
            order = [("hand", k) for k in range(len(hand))] + [("table", k) for k in range(len(items))]
            if order:
                at = order.index(self.g.focus) if self.g.focus in order else -1
                self.g.focus = order[(at + (-1 if event.mod & pygame.KMOD_SHIFT else 1)) % len(order)]
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if not table.human_turn():
                return
            if row == "table" and i < len(items):
                if self.g.plucking:
                    self.pluck(items[i].mask)
                else:
                    self.g.selection ^= {items[i].mask}
                    if table.message_time != float("inf"):  # a passing word ("Select table cards…") is done
                        table.message_time = 0.0
            elif row == "hand" and i < len(hand):
                self.g.plucking = False
                if key == pygame.K_SPACE and not self.g.selection:
                    table.say("Select table cards with Space first, or press Enter to play this card "
                              "(a list asks which play you mean when it has several).")
                    return
                self.offer(hand[i], None, everything=not self.g.selection)

    # -- what a gesture means ------------------------------------------------------------------

    def card_moves(self, card: int) -> list[Move] | None:
        """Every legal move with ``card``, or None when the table is too crowded to list them."""
        pos = self.table.pos
        if pos.loose.bit_count() > CROWDED:
            return None
        return pos.moves_with(card)

    def targets_for(self, card: int) -> tuple[set[int], bool]:
        """The table items ``card`` may be dropped on, and whether a drop on
        the cloth plays (a trail; with items selected, onto them)."""
        table = self.table
        pos = table.pos
        if self.g.selection:
            # A drop means the selection and the item dropped on, together (``meanings``):
            # lit were the items the card takes alone, refused when dropped on.
            item_of = table.stage.item_of
            chosen = [item_of[m] for m in self.g.selection if m in item_of]
            alone = bool(pos.explain(card, chosen).moves)
            found = {it.mask for it in table.items
                     if (alone if it.mask in self.g.selection else pos.explain(card, chosen + [it.thing]).moves)}
            return found, alone
        moves = self.card_moves(card)
        trail_ok = pos.is_legal(Move.trail(card))
        if moves is None:
            found = {it.mask for it in table.items if pos.explain(card, [it.thing]).moves}
            return found, trail_ok
        taken = 0
        for m in moves:
            taken |= m.takes
        return {it.mask for it in table.items if it.mask & taken}, trail_ok

    def meanings(self, card: int, onto: int | None) -> tuple[list[Move], str | None]:
        """What playing ``card`` onto the item ``onto`` (None: the bare table) means,
        together with the current selection."""
        table = self.table
        pos = table.pos
        item_of = table.stage.item_of
        if self.g.selection or onto is None:
            pointed = set(self.g.selection)
            if onto is not None:
                pointed.add(onto)
            interp = pos.explain(card, [item_of[m] for m in pointed if m in item_of])
            return interp.moves, interp.reason
        # Dropped on one item with nothing selected: every move that takes that item.
        moves = self.card_moves(card)
        if moves is not None:
            found = [m for m in moves if m.takes & onto == onto]
            if found:
                return found, None
        interp = pos.explain(card, [item_of[onto]])
        return interp.moves, interp.reason

    def offer(self, card: int, onto: int | None, everything: bool = False) -> bool:
        """Play ``card``: at once if it has one meaning, through the chooser if several,
        or refuse it with the reason (the card goes back to the hand; False)."""
        table = self.table
        pos = table.pos
        if everything:
            moves = self.card_moves(card) or pos.explain(card, []).moves
            reason = None if moves else pos.violation(Move.trail(card))
        else:
            moves, reason = self.meanings(card, onto)
        if not moves:
            table.say(reason or "That card cannot be played there.", warn=True)
            self.send_home(card)
            return False
        pointed = onto if onto is not None else 0
        for m in self.g.selection:
            pointed |= m
        # One meaning that builds with cards not pointed at (a multiple build gathering
        # others) is asked first, as a list of one: it was played unseen. (A capture's
        # other cards are its sum's, plain to see: asking added a click to each.)
        if len(moves) == 1 and (everything or onto is None or moves[0].kind != BUILD
                                or not moves[0].takes & ~pointed):
            self.act.play(moves[0])
            return True
        moves = sorted(moves, key=lambda m: (KIND_ORDER[m.kind], m.multiple, -m.takes.bit_count(), m.text()))
        hinted = table.hint_move
        if hinted in moves:  # first, where Enter chooses: H then Enter plays what the hint said
            moves.remove(hinted)
            moves.insert(0, hinted)
        title = f"Play the {card_symbol(card)}:"
        values = sorted({m.value for m in moves if m.kind == CAPTURE and m.value})
        if len(values) > 1:
            # An ace (1 or 14) or the ten of diamonds (10 or 11): each line says which it counts as.
            title = f"Which do you mean? The {card_symbol(card)} counts {' or '.join(map(str, values))}:"
        labels = [describe(pos, m) + sweep_note(pos, m) + (" (the hint)" if m == hinted else "") for m in moves]

        def where() -> Spot | None:  # the card's sprite: where it was dropped, or home in the hand
            s = table.motion.get(card)
            return s.at if s is not None else None

        table.app.push(ChooserScene(table.app, lambda: table.stage, card, title, moves, labels,
                                    lambda i: self.act.play(moves[i]), lambda: self.send_home(card), where))
        return True

    def send_home(self, card: int) -> None:
        """A card not played glides back to its place in the hand."""
        table = self.table
        s = table.motion.get(card)
        target = table.stage.spots.get(card)
        if s is not None and target is not None:
            if s.dest == target and abs(s.at.x - target.x) + abs(s.at.y - target.y) < 1:
                return  # a click refused: the card never left (a glide of nothing ate the next click)
            if table.at_rest():
                # The table as it stands wears its badges while the card glides (they were the
                # last play's, before it: a raised build showed its old value and owner).
                table.before = table.stage.items
            s.go(target, max(0.12, table.app.settings.flight * 0.7))

    # -- a pluck -------------------------------------------------------------------------------

    def start_pluck(self) -> None:
        """The Pluck button or P: choose a loose card to put in your pile (again: never mind)."""
        table = self.table
        pos = table.pos
        if not pos.rules.pluck or not table.human_turn():
            return
        if self.g.plucking:
            self.g.plucking = False
            table.say("No pluck: play a card.")
            return
        self.g.picked = None
        moves = table.pluck_moves()
        if not moves:
            table.say(no_pluck(pos), warn=True)
            return
        how = "choose a loose card with the arrows and press Enter" if self.g.keyboard else "click a loose card"
        table.say(f"Pluck: {how} to put it in your pile, or press P or Esc for no pluck.")
        self.pluck_under_way(next((i for i, it in enumerate(table.items) if any(m.takes == it.mask for m in moves)),
                                  0))

    def pluck_under_way(self, at: int) -> None:
        """A loose card is to be chosen for a pluck, the focus on the table item ``at``."""
        self.g.plucking = True
        self.g.selection.clear()
        self.g.focus = ("table", at)

    def pluck(self, mask: int) -> None:
        """Pluck the table item ``mask`` (a loose card), or say why not and
        leave the choice open for another card."""
        table = self.table
        thing = table.stage.item_of.get(mask)
        reason = "Only a loose card can be plucked, never a build." if not isinstance(thing, int) \
            else table.pos.violation(Move.pluck(thing))
        if reason is not None:
            table.say(f"{reason} Choose another loose card, or press P or Esc for no pluck.", warn=True)
            return
        assert isinstance(thing, int)
        self.g.plucking = False
        self.act.play(Move.pluck(thing))
