"""Applying a move: the one way a position changes, used by the game, the
computer players' search and replay alike. Each application returns the
``Event`` that says what happened (docs/formats.md, "Events").

A card play moves the cards (§4-§6), counts a sweep (§8; under sudden death
it may end the game at once, §9.19), draws a card in Draw Cassino (§9.10),
passes the turn, and deals the next cards or ends the round (residue,
scoring, the game's end: ``scoring.py``). A pluck (§9.17) moves one loose
card to the player's pile and keeps the turn; a call for 21 (§9.18) ends
the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .builds import Build
from .dealing import deal_next, draw
from .errors import IllegalMoveError
from .events import Event
from .moves import BUILD, CALL, CAPTURE, PLUCK, TRAIL, Move
from .scoring import call_winner, end_round, game_winner, sudden_death_winner

if TYPE_CHECKING:
    from .position import Position

_new = tuple.__new__


def play(pos: Position, move: Move) -> Event:
    """Apply ``move`` if it is legal; otherwise raise ``IllegalMoveError`` with
    the reason, and change nothing."""
    if not pos.is_legal(move):
        raise IllegalMoveError(pos.violation(move) or "That move is not allowed here.", move)
    return apply(pos, move)


def apply(pos: Position, move: Move) -> Event:
    """Apply a legal move for the player to move and report what it did."""
    seat = pos.to_move
    pos._moves = pos._legal = pos._legal_set = None
    card, kind, value, t, multiple = move
    cb = 1 << card if card >= 0 else 0
    team = pos.team_of[seat]
    taken = 0
    build = built_on = None
    sweep = False
    if kind == TRAIL:
        pos.hands[seat] ^= cb
        pos.loose |= cb
    elif kind == CAPTURE:
        pos.hands[seat] ^= cb
        pos.loose &= ~t
        if pos.builds:
            pos.builds = tuple(b for b in pos.builds if not b.cards & t)
        taken = t | cb
        pos.captured[team] |= taken
        pos.last_capturer = seat
        if not pos.loose and not pos.builds:
            sweep = True
            pos.sweeps[team] += 1
    elif kind == BUILD:
        pos.hands[seat] ^= cb
        pos.loose &= ~t
        build = _new(Build, (t | cb, value, multiple, seat))
        builds = pos.builds
        for i, b in enumerate(builds):
            if b.cards & t:  # raised or added to: the new build takes its place
                built_on = b
                pos.builds = builds[:i] + (build,) + builds[i + 1:]
                break
        else:
            pos.builds = builds + (build,)
    elif kind == PLUCK:
        pos.loose &= ~t
        pos.captured[team] |= t
        pos.plucked |= 1 << seat
        return _new(Event, (seat, move, t, None, None, False, 0, (), False, None, None, None))
    elif kind == CALL:
        called, counts = call_winner(pos, team)
        pos.winner = called
        return _new(Event, (seat, move, 0, None, None, False, 0, (), False, None, called, counts))
    else:  # pragma: no cover - moves are made by the generator or the parsers
        raise ValueError(f"unknown kind of move {kind!r}")

    rules = pos.rules
    scored = 0
    if sweep and rules.sudden_death:
        scored = rules.sweeps
        swept = sudden_death_winner(pos, team)
        if swept is not None:  # the game ends at once: nothing drawn or dealt
            pos.winner = swept
            return _new(Event, (seat, move, taken, None, None, True, scored, (), False, None,
                                swept, None))
    drawn: tuple[int, ...] = draw(pos, seat) if rules.draw and pos.stock else ()
    pos.to_move = (seat + 1) % pos.players
    dealt = False
    end = None
    winner = None
    if not any(pos.hands):
        if pos.stock:
            deal_next(pos)
            dealt = True
        else:
            end = end_round(pos)
            winner = game_winner(pos, end)
    return _new(Event, (seat, move, taken, build, built_on, sweep, scored, drawn, dealt, end,
                        winner, None))
