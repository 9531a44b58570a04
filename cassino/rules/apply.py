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
    # Each card play sets what its event reports (taken, build, built_on,
    # sweep, scored) on its own path: the common paths assign each once.
    if kind == TRAIL:
        bit = 1 << card
        pos.hands[seat] ^= bit
        pos.loose |= bit
        taken = scored = 0
        build = built_on = None
        sweep = False
    elif kind == CAPTURE:
        bit = 1 << card
        pos.hands[seat] ^= bit
        loose = pos.loose
        if t & ~loose:  # builds are taken too: they leave the table
            # (A plain loop: a comprehension would make ``t`` a closure cell,
            # made again at every call of ``apply``.)
            standing = []
            for b in pos.builds:
                if not b.cards & t:
                    standing.append(b)
            pos.builds = tuple(standing)
        pos.loose = loose = loose & ~t
        taken = t | bit
        team = pos.team_of[seat]
        pos.captured[team] |= taken
        pos.last_capturer = seat
        scored = 0
        build = built_on = None
        sweep = not loose and not pos.builds
        if sweep:
            pos.sweeps[team] += 1
            if pos.rules.sudden_death:
                scored = pos.rules.sweeps
                swept = sudden_death_winner(pos, team)
                if swept is not None:  # the game ends at once: nothing drawn or dealt
                    pos.winner = swept
                    return _new(Event, (seat, move, taken, None, None, True, scored, (),
                                        False, None, swept, None))
    elif kind == BUILD:
        bit = 1 << card
        pos.hands[seat] ^= bit
        pos.loose &= ~t
        build = _new(Build, (t | bit, value, multiple, seat))
        taken = scored = 0
        built_on = None
        sweep = False
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
        pos.captured[pos.team_of[seat]] |= t
        pos.plucked |= 1 << seat
        return _new(Event, (seat, move, t, None, None, False, 0, (), False, None, None, None))
    elif kind == CALL:
        called, counts = call_winner(pos, pos.team_of[seat])
        pos.winner = called
        return _new(Event, (seat, move, 0, None, None, False, 0, (), False, None, called, counts))
    else:  # pragma: no cover - moves are made by the generator or the parsers
        raise ValueError(f"unknown kind of move {kind!r}")

    drawn: tuple[int, ...] = draw(pos, seat) if pos.rules.draw and pos.stock else ()
    pos.to_move = (seat + 1) % pos.players
    if pos.hands[seat] or any(pos.hands):
        return _new(Event, (seat, move, taken, build, built_on, sweep, scored, drawn, False, None,
                            None, None))
    if pos.stock:
        deal_next(pos)
        return _new(Event, (seat, move, taken, build, built_on, sweep, scored, drawn, True, None,
                            None, None))
    end = end_round(pos)
    return _new(Event, (seat, move, taken, build, built_on, sweep, scored, drawn, False, end,
                        game_winner(pos, end), None))
