"""Why a move is refused, and what a card dropped on the table could mean,
in words a player understands.

Legality itself is never decided here: a move is refused when the move
generator (``legal.py``) does not list it. This module then finds the words:
if the move has a legal shape (the generator's relaxed list), the duty it
breaks (``MoveGenerator.duty``, the one statement of the controller's
duties); otherwise the rule of §4-§5 or §9 its shape breaks.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from .builds import Build
from .cards import RANK_NAMES, RANK_SETS, Card, CardSet, card_symbol, cards_of, rank_of
from .legal import Duty, generator
from .moves import BUILD, CALL, CAPTURE, PLUCK, TRAIL, Move, listed, plural

if TYPE_CHECKING:
    from .position import Position
    from .options import Rules


FEW_TO_PLUCK = "No plucking when the table holds fewer than two cards."  # (§9.17)


class Interpretation(NamedTuple):
    """What a card dropped on some table items could mean: the legal moves, or why none."""

    moves: list[Move]
    reason: str | None
    barred: bool = False  # a capture of just those items exists, but a rule forbids it (the reason says which)


def violation(pos: Position, move: Move) -> str | None:
    """Why ``move`` is not legal in ``pos``; None if it is."""
    if pos.is_legal(move):
        return None
    if pos.winner is not None:
        return "The game is over: there is nothing left to play."
    if pos.round_over:
        return "The round is over: there is nothing left to play."
    if pos.round_start:
        return "The cards have not been dealt yet."
    if move.kind in (PLUCK, CALL):
        return _action_reason(pos, move)
    seat = pos.to_move
    c = move.card
    if not pos.hands[seat] >> c & 1:
        return f"The {card_symbol(c)} is not in your hand."
    t = move.takes
    missing = t & ~pos.table
    if missing:
        return f"The {_cards_words(missing)} {_is(missing)} not on the table."
    for b in pos.builds:
        if b.cards & t and b.cards & ~t:
            return (f"A build is taken or built on whole: the build of {b.label()} "
                    f"({_cards_words(b.cards)}) comes as one pile.")
    gen = generator(pos)
    if move.kind == TRAIL or move in gen.generate(pos, c, t, relaxed=True, exact=True):
        duty = gen.duty(pos, move)
        if duty is not None:
            words = duty_reason(duty, pos.rules.controller)
            if pos.rules.controller == "answer" and duty.kind in ("answer", "no_trail"):
                # Every build the player controls answers the duty (it named the first alone).
                words = _answer_duty(pos, trailing=duty.kind == "no_trail") or words
            if duty.kind == "strict_same" and duty.build is not None:
                # "Add to yours instead" only where this card can.
                mine = duty.build.cards
                if not any(m.takes & mine for m in gen.generate(pos, c) if m.kind == BUILD):
                    words = words.rpartition(";")[0] + "."
            return words
        return "That move is not allowed here."
    return _shape_reason(pos, move)


def duty_reason(duty: Duty, controller: str) -> str:
    """A controller's duty in words (§7, §9.5, §9.7)."""
    b = duty.build
    # In words, as the play that made it said ("a build of fives", not "of 5s").
    label = b.name() if b is not None else str(duty.value)
    if duty.kind == "no_trail":
        if controller == "answer":
            return f"You control a build of {label}: you may not trail; this turn you must {_answer(b)}."
        return f"You control a build of {label}: you may not trail, but must capture or build."
    if duty.kind == "keep":
        return f"You control a build of {label}: you must keep {_card_of_value(duty.value)} to capture it."
    if duty.kind == "hold_new":
        return (f"To build {duty.value} you must keep {_card_of_value(duty.value)} in your hand "
                f"to capture it with.")
    if duty.kind == "distinct":
        if duty.value == 14:
            return ("One ace cannot answer for both a build of aces and a build of 14: keep two "
                    "aces to control both.")
        return ("The 10\u2666 cannot answer for both a build of 10 and a build of 11: keep a "
                "card for each of them.")
    if duty.kind == "answer":
        return f"You control a build of {label}: this turn you must {_answer(b)}."
    if duty.kind == "strict_same":
        return (f"You already control a build of {duty.value}: under strict builds you may not "
                f"make a second build of {duty.value}; add to yours instead.")
    return "Under strict builds you can take over another player's build only by raising it."


def _answer(build: Build | None) -> str:
    """What answering a build takes (§9.5): a multiple build cannot be raised."""
    return "capture it or add to it" if build is not None and build.multiple else "capture it, add to it or raise it"


def turn_duty(pos: Position) -> str | None:
    """The duty that binds the player to move this very turn, said before a
    play breaks it: under "answer" (§9.5), the builds they control; else None."""
    return _answer_duty(pos) if pos.rules.controller == "answer" else None


def _answer_duty(pos: Position, trailing: bool = False) -> str | None:
    """Under "answer": the builds the player to move controls, and what this
    turn must do to one of them (``trailing``: a trail was asked for); None
    if they control none."""
    mine = [b for b in pos.builds if b.controller == pos.to_move]
    if not mine:
        return None
    if len(mine) == 1:
        return duty_reason(Duty("no_trail" if trailing else "answer", mine[0], mine[0].value), "answer")
    # A multiple build cannot be raised: "raise" only where one of them is single.
    raise_ = any(not b.multiple for b in mine)
    must = "capture, add to or raise one of them" if raise_ else "capture or add to one of them"
    return (f"You control {listed([f'a build of {b.name()}' for b in mine])}: "
            + ("you may not trail; " if trailing else "") + f"this turn you must {must}.")


def _action_reason(pos: Position, move: Move) -> str:
    rules = pos.rules
    if move.kind == CALL:
        if not rules.call_for_21:
            return "Calling for 21 is not part of these rules."
        return f"You may call for {rules.target} only on your turn, before playing a card."
    barred = _no_pluck_now(pos)
    if barred is not None:
        return barred
    if move.takes & ~pos.loose:
        return f"Only a loose card can be plucked; the {_cards_words(move.takes)} {_is(move.takes)} not loose on the table."
    if move.takes & rules.unpluckable:
        return f"The {_cards_words(move.takes)} cannot be plucked: never {_unpluckable_words(rules)}."
    if pos.table.bit_count() < 2:
        return FEW_TO_PLUCK
    return "That pluck is not allowed here."


def no_pluck(pos: Position) -> str:
    """Why the player to move can pluck no card now, whichever they chose
    (a refusal of some card not on the table named that card)."""
    loose = cards_of(pos.loose)
    barred = _no_pluck_now(pos)
    if barred is not None:
        return barred
    if len(loose) > 1 and not pos.loose & ~pos.rules.unpluckable:
        # Every one of them barred: said of them all ("The A♠ cannot be plucked" left the others open).
        return f"None of the loose cards can be plucked: never {_unpluckable_words(pos.rules)}."
    if loose:
        return _action_reason(pos, Move.pluck(loose[0]))
    if pos.table.bit_count() < 2:
        return FEW_TO_PLUCK
    return "There is no loose card on the table to pluck: a build cannot be plucked."


def _unpluckable_words(rules: Rules) -> str:
    """The cards never plucked (§9.17), in words: under spade scoring the spades
    join the aces and the casinos."""
    return "an ace, the 10\u2666 or any spade" if rules.spade_scoring else "an ace, the 10\u2666 or the 2\u2660"


def _no_pluck_now(pos: Position) -> str | None:
    """Why no card at all may be plucked this turn (§9.17), or None."""
    if not pos.rules.pluck:
        return "Plucking is not part of these rules."
    if pos.plucked >> pos.to_move & 1:
        return "You have already plucked in this deal: one pluck per deal."
    if not pos.stock:
        return "No plucking during the last deal."
    return None


def _shape_reason(pos: Position, move: Move) -> str:
    """The reason for a move whose shape no rule allows (sums, builds, court cards)."""
    rules = pos.rules
    c = move.card
    cv = rules.values[c]
    t = move.takes
    touched = [b for b in pos.builds if b.cards & t]
    in_builds = 0
    for b in touched:
        in_builds |= b.cards
    loose = t & ~in_builds
    name = card_symbol(c)
    if not t:
        return "A capture or a build must take cards from the table."
    if not rules.capture_values(c):
        rank = RANK_NAMES[rank_of(c) - 1]
        if rules.trailing_royals:
            if loose & ~RANK_SETS[rank_of(c)] or any(b.value != rank_of(c) for b in touched):
                return (f"A {rank} has no value: it takes or builds only {rank}s and builds of "
                        f"{rank}s.")
            if move.kind == BUILD and (move.value != rank_of(c) or not move.multiple):
                return f"A {rank} builds {rank}s: a multiple build of {rank_of(c)}."
            return f"A {rank} takes {rank}s and builds of {rank}s, without a value."
        if move.kind == BUILD or touched:
            return f"A {rank} has no value: it cannot build or take a build, only take a {rank}."
        others = loose & ~RANK_SETS[rank_of(c)]
        if others:
            # The cards of another rank named ("not a sum of cards" of a queen and a jack).
            if others.bit_count() == 1:
                return f"A {rank} has no value: it takes only a {rank}, and the {_cards_words(others)} is not one."
            if any(not rules.part_values[x] for x in cards_of(others)) or others != loose:
                return (f"A {rank} has no value: it takes only a {rank}, and the {_cards_words(others)} "
                        f"are not {rank}s.")
            return f"A {rank} has no value: it can take only a {rank}, not a sum of cards."
        if move.value:
            return f"A {rank} has no value: it takes a {rank} by rank, with no number."
        if rules.court_capture == "one":
            return f"A {rank} takes one {rank} at a time."
        return f"A {rank} takes every {rank} on the table at once."
    courts = [x for x in cards_of(loose) if not rules.part_values[x]]
    if courts:
        rank = RANK_NAMES[rank_of(courts[0]) - 1]
        return (f"A {rank} has no value: only a {rank} can take it, and it is never part "
                f"of a sum or a build.")
    if move.kind == CAPTURE:
        allowed = rules.capture_values(c)
        if move.value not in allowed:
            counts = " or ".join(map(str, allowed))
            return (f"The {name} counts {counts}: it captures cards adding up to {counts}, "
                    f"not {move.value or 'by rank'}.")
        v = move.value
        for b in touched:
            if b.value != v:
                if loose:
                    return (f"A build is never part of a sum: it is captured whole, by a card "
                            f"of its value; the build of {b.label()} needs {_card_of_value(b.value)}.")
                return (f"A build can only be captured whole by a card of its value: "
                        f"the build of {b.label()} needs {_card_of_value(b.value)}.")
        if not generator(pos).splits(loose, v):
            if loose.bit_count() == 1 and not touched:  # one card: no groups to speak of
                return (f"The {name} takes cards worth {v} (or groups adding up to {v}); "
                        f"the {_cards_words(loose)} is worth {_sum(loose, pos)}.")
            return (f"The {_cards_words(loose)} cannot be split into groups worth {v} each "
                    f"(they add up to {_sum(loose, pos)}).")
        return "That capture is not allowed here."
    # A build move of a shape the rules do not allow.
    V = move.value
    if V > rules.max_build:
        return (f"A build can be at most {rules.max_build}: it needs a card of its "
                f"value to capture it.")
    if len(touched) > 1:
        return "A card can build on only one build at a time; builds are never merged."
    if touched:
        b = touched[0]
        if b.value != V:
            if b.multiple:
                return f"A multiple build ({b.label()}) can never be raised: its value is fixed."
            if V - b.value not in rules.part_values[c]:
                return (f"The {name} on the build of {b.value} makes {b.value + cv}, not {V}: "
                        f"loose cards cannot change a build's value.")
            if not loose:
                return (f"The {name} on the build of {b.value} makes a single build of {V}; "
                        f"it becomes multiple only if loose cards making {V} join it.")
            if not move.multiple:
                return (f"Loose cards making {V} that join a raised build make it a multiple "
                        f"build of {plural(V)}.")
            return (f"Loose cards pulled into a raised build must make groups of {V}; "
                    f"the {_cards_words(loose)} {_do(loose)} not.")
        if not move.multiple:
            return f"Adding to a build of {b.label()} makes it a multiple build of {plural(V)}."
        return (f"To add to the build of {b.label()}, the {name} alone or with loose cards "
                f"must make {V}, and any other loose cards groups of {V}.")
    total = cv + _sum(loose, pos)
    if not move.multiple:
        if total != V:
            return f"The {name} with the {_cards_words(loose)} makes {total}, not {V}."
        return f"That would make a single build of {V}."
    if total == V:
        return f"The {name} with the {_cards_words(loose)} makes a single build of {V}, not a multiple one."
    return (f"For a multiple build of {plural(V)}, the {name} and the "
            f"{_cards_words(loose)} must split into groups of {V}, at least two.")


def explain(pos: Position, card: Card, pointed: Iterable[Card | Build]) -> Interpretation:
    """What playing ``card`` onto exactly the ``pointed`` table items could
    mean: every legal move taking exactly those items, or why none is legal."""
    t = 0
    for item in pointed:
        t |= item.cards if isinstance(item, Build) else 1 << item
    moves = pos.moves_taking_within(card, t, exact=True)
    if moves:
        return Interpretation(sorted(moves), None)
    if not t:
        return Interpretation([], violation(pos, Move.trail(card)))
    shaped = generator(pos).generate(pos, card, t, relaxed=True, exact=True)
    if pos.hands[pos.to_move] >> card & 1 and shaped:
        # Prefer a capture's reason: it is what a player most often means.
        shaped.sort(key=lambda m: (m.kind != CAPTURE, m.multiple, m.value))
        return Interpretation([], violation(pos, shaped[0]), shaped[0].kind == CAPTURE)
    values = pos.rules.capture_values(card)
    guess = Move(card, CAPTURE, values[0] if values else 0, t, False)
    return Interpretation([], (violation(pos, guess) or "") + _no_build(pos, card, pointed))


def _no_build(pos: Position, card: Card, pointed: Iterable[Card | Build]) -> str:
    """' Nor can it build 11: ...' when the card and the items it was dropped
    on add up past the largest build: a player may have meant a build, and
    the capture's reason alone would not say why that fails."""
    parts = pos.rules.part_values[card]
    if not parts:
        return ""
    total = min(parts) + sum(item.value if isinstance(item, Build) else pos.rules.values[item] for item in pointed)
    cap = pos.rules.max_build
    if total <= cap or total > 2 * cap:  # (far past it, a player meant a capture: "build 136" says nothing)
        return ""
    raise_ = any(isinstance(item, Build) for item in pointed)
    fixed = next((item for item in pointed if isinstance(item, Build) and item.multiple), None)
    if fixed is not None:  # ("Nor can it raise it to 25: no build can be more than 13" hid the real reason)
        return f" Nor can the {card_symbol(card)} raise it: a multiple build ({fixed.label()}) can never be raised."
    return (f" Nor can the {card_symbol(card)} {'raise it to' if raise_ else 'build'} {total}: no build can be "
            f"more than {cap}, "
            f"{'the highest card value' if cap < 14 else 'an ace counted high'}.")


def _is(mask: CardSet) -> str:
    return "is" if mask.bit_count() == 1 else "are"


def _do(mask: CardSet) -> str:
    return "does" if mask.bit_count() == 1 else "do"


def _value_name(v: int) -> str:
    """'8', 'ace', 'king': how a player names the card of value v."""
    return {1: "ace", 11: "jack", 12: "queen", 13: "king", 14: "ace"}.get(v, str(v))


def _card_of_value(v: int) -> str:
    """'an 8', 'a 9', 'an ace', 'a king': the card a build of v needs."""
    name = _value_name(v)
    return ("an " if name in ("ace", "8") else "a ") + name


def _sum(mask: CardSet, pos: Position) -> int:
    return sum(pos.rules.values[c] for c in cards_of(mask))


def _cards_words(mask: CardSet) -> str:
    return listed([card_symbol(c) for c in cards_of(mask)])
