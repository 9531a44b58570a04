"""Hints: one line in plain words on why a move is good (the move itself is
the Master's, found by the table's background thinker)."""

from __future__ import annotations

from cassino.rules import Move
from cassino.rules.cards import (BIG_CASINO, LITTLE_CASINO, RANK_NAMES, card_symbol, cards_of,
                                 rank_of)

from cassino.rules.scoring import call_counts

from .knowledge import after, candidate_moves
from .view import SeatView


def _items(move: Move) -> list[str]:
    """The point cards a move takes, in words."""
    taken = cards_of(move.takes | 1 << move.card) if move.kind == "capture" else cards_of(move.takes)
    out = []
    if BIG_CASINO in taken:
        out.append("big casino")
    if LITTLE_CASINO in taken:
        out.append("little casino")
    aces = sum(1 for c in taken if rank_of(c) == 1)
    if aces:
        out.append("an ace" if aces == 1 else f"{aces} aces")
    spades = sum(1 for c in taken if c < 13)
    if spades >= 2:
        out.append(f"{spades} spades")
    return out


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def why(view: SeatView, move: Move) -> str:
    """One line saying what the move achieves."""
    if move.kind == "call":
        count = call_counts(view.bare_position())[view.team_of[view.seat]]
        return f"Call for 21: your side already counts {count}, enough to win the game."
    if move.kind == "pluck":
        taken = card_symbol(move.takes.bit_length() - 1)
        return f"Pluck the {taken} into your pile before you play: it counts toward most cards."
    card = card_symbol(move.card)
    points = _items(move)
    if move.kind == "capture":
        n = move.takes.bit_count()
        what = f"{n} card{'s' if n > 1 else ''}"
        # The engine's word for a sweep: the table left empty by the capture,
        # not by the round's end taking what was left.
        event = view.bare_position().apply(move)
        if event.sweep:
            if points:
                what += f", including {_join(points)},"
            team = view.team_of[view.seat]
            if event.round_end is None and event.winner == team:  # sudden death
                return f"Sweep the table with the {card}: {what} and the sweep wins the game."
            worth = view.rules.sweeps
            if not worth:
                if event.round_end is not None:  # the round's last card: no next player
                    return f"Sweep the table with the {card}, the round's last card: {what.rstrip(',')}."
                return f"Sweep the table with the {card}: {what} and the next player can only trail."
            return (f"Sweep the table with the {card}: {what} and "
                    f"{'a point' if worth == 1 else f'{worth} points'} for the sweep.")
        team = view.team_of[view.seat]
        if any(b.cards & move.takes and view.team_of[b.controller] != team for b in view.builds):
            return f"Take the build with the {card} before its owner does ({what})."
        if points:
            return f"Capture {what} with the {card}, including {_join(points)}."
        return f"Capture {what} with the {card}: every card counts toward most cards."
    if move.kind == "build":
        _, builds = after(view, move)
        b = next(x for x in builds if x.cards >> move.card & 1)
        team = view.team_of[view.seat]
        owners = {x.controller for x in view.builds if x.cards & move.takes}
        if owners <= {view.seat}:
            keep = "your own"
        elif all(view.team_of[o] == team for o in owners):
            keep = "your partner's"
        else:
            keep = "an opponent's"
        if any(x.cards & move.takes for x in view.builds):
            if b.value != next(x.value for x in view.builds if x.cards & move.takes):
                return (f"Raise {keep} build to {b.value}, which you hold: the cards become "
                        f"yours to take next turn.")
            mine = "more cards for your" if keep == "your own" else "it becomes yours, with more cards, for your"
            if keep == "your partner's":
                return (f"Add to your partner's build of {b.value}: more cards for your side, and you "
                        f"hold a {b.value} to take it too.")
            return (f"Add to {keep} build of {b.value}: {mine} {b.value} next turn, and a multiple build "
                    f"cannot be raised.")
        extra = f", with {_join(points)}" if points else ""
        return (f"Build {b.label()} with the {card} to take {b.cards.bit_count()} cards next "
                f"turn with the {b.value} you keep{extra}.")
    rank = rank_of(move.card)
    # (The moves worth weighing: on a crowded table the full list can run to millions.)
    if any(m.kind in ("capture", "build") for m in candidate_moves(view.bare_position())):
        # There was something to take or build: say why not, not that there was nothing.
        return f"Trail the {card} for now: what you could take or build is worth less than keeping your cards."
    if not view.rules.royal and rank > 10:
        name = RANK_NAMES[rank - 1]
        return f"Nothing worth taking: trail the {card}; only a {name} can pick it up."
    return f"Nothing worth taking: trail the {card}, which gives the least away."
