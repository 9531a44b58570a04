"""Hints: one line in plain words on why a move is good, to follow the
move's own words (the move itself is the Master's, found by the table's
background thinker)."""

from __future__ import annotations

from collections.abc import Callable

from cassino.rules import Build, Move, Rules, card_symbol
from cassino.rules.cards import (BIG_CASINO, LITTLE_CASINO, RANK_NAMES, RANK_SETS, SPADE_SET, CardSet,
                                 cards_of, rank_of)

from cassino.rules.legal import CROWDED, MoveGenerator
from cassino.rules.moves import listed, plural
from cassino.rules.scoring import JACK_OF_SPADES, call_counts

from .intermediate import count_after, winning_pluck
from .knowledge import after, candidate_moves, capture_sets, unseen_by_value
from .view import SeatView, generator_of


# A trail's reasons that are the search's judgement, not facts of the table
# (a second weighing that finds the moves close leaves them out).
WAITING = "What you could take or build is worth less than keeping your cards for now."
SAFEST = "Nothing can be taken or built; of your trails, the search leans to this one."  # (its why may find them close)
LAST_WAITING = "What your last card could take would leave more for"  # ... "your opponent than it gains."


# What a build made on another's build does, before the risk it runs (the review keeps the first part).
TAKEN_OVER = "The build becomes yours, with more cards, and a multiple build cannot be raised"


def _items(move: Move, spade_points: bool = False) -> list[str]:
    """The point cards a capture takes or a build holds, the card played
    among them (little casino played into a build is put at stake too)."""
    cards = move.takes | 1 << move.card if move.kind in ("capture", "build") else move.takes
    return point_words(cards, spade_points)


def point_words(cards: CardSet, spade_points: bool = False) -> list[str]:
    """The point cards among ``cards``, in words: 'big casino', 'an ace', '2
    spades' (towards most spades); under Spade Cassino, where each scores,
    'a spade' too."""
    taken = cards_of(cards)
    out = []
    if BIG_CASINO in taken:
        out.append("big casino")
    if LITTLE_CASINO in taken:
        out.append("little casino")
    aces = sum(1 for c in taken if rank_of(c) == 1)
    if aces:
        out.append("an ace" if aces == 1 else f"{aces} aces")
    spades = sum(1 for c in taken if c < 13)
    if spade_points and JACK_OF_SPADES in taken:
        # Spade Cassino: the J♠ scores 2 (§9.9), the others 1 each.
        out.append("the J\u2660 (2 points)")
        spades -= 1
        if spades:
            out.append("another spade" if spades == 1 else f"{spades} more spades")
    elif spades >= (1 if spade_points else 2):
        out.append("a spade" if spades == 1 else f"{spades} spades")
    return out


def _a(value: int) -> str:
    """'an' before 8 and 11 (said 'eight', 'eleven'), else 'a'."""
    return "an" if value in (8, 11) else "a"


def why(view: SeatView, move: Move) -> str:
    """One line saying what the move achieves, to follow the move's own
    words ("Capture 3♥ with the 3♣. Every card taken counts towards most
    cards."): it does not name the move again."""
    if move.kind == "call":
        count = call_counts(view.bare_position())[view.team_of[view.seat]]
        return f"Your side already counts {count}, enough to win the game."
    if move.kind == "pluck":
        # What the pluck opens up: the count for a call, or a sweep with the card play after it.
        if winning_pluck(view, [move]) is not None:
            return (f"It brings your side's count to {count_after(view, move)}: "
                    f"then call for {view.rules.target}, and the game is yours.")
        pos = view.bare_position()
        pos.apply(move)
        for m in candidate_moves(pos):
            if m.kind == "capture" and pos.copy().apply(m).sweep:
                return f"Then the {card_symbol(m.card)} can sweep the table."
        gain = point_words(move.takes, view.rules.spade_scoring)
        # (A spade plucked counts towards most spades too: "most cards" alone left it out.)
        return ("It goes into your pile before you play, " + (f"taking {listed(gain)}, " if gain else "")
                + "and counts towards most cards" + (" and most spades." if move.takes & SPADE_SET else "."))
    points = _items(move, view.rules.spade_scoring)
    team = view.team_of[view.seat]
    if move.kind != "trail" and not points and _only_play(view) and not view.bare_position().apply(move).sweep:
        # Its small facts ("towards most spades") read as the reasons of a choice that was not there.
        return "It is your only legal play."
    if move.kind == "capture":
        # The engine's word for a sweep: the table left empty by the capture,
        # not by the round's end taking what was left.
        event = view.bare_position().apply(move)
        # What it takes from the table, apart from what the card played scores: "taking big
        # casino" was said of a capture made with the 10♦, and "little casino and 3 spades"
        # of two spades taken with the 9♠.
        spade = view.rules.spade_scoring
        taken = point_words(move.takes, spade)
        # (The card played scores apart: "an ace" taken with an ace was said once.)
        scored = [f"your {card_symbol(move.card)}" if w in taken else w
                  for w in point_words(1 << move.card, spade)]
        told = (([f"taking {listed(taken)}"] if taken else [])
                + ([f"scoring {listed(scored)}"] if scored else []))
        taking = "".join(f", {'and ' if i else ''}{t}" for i, t in enumerate(told))
        if event.sweep:
            if event.round_end is None and event.winner == team:  # sudden death
                return f"It sweeps the table{taking}, and the sweep wins the game."
            worth = view.rules.sweeps
            if not worth:
                if event.round_end is not None:  # the round's last card: no next player
                    return f"It sweeps the table{taking} with the round's last card."
                return f"It sweeps the table{taking}, and the next player can only trail."
            # (The sweep's point first: "scoring big casino, for a point" read as big casino's worth.)
            return f"It sweeps the table, for {'a point' if worth == 1 else f'{worth} points'}{taking}."
        if any(b.cards & move.takes and view.team_of[b.controller] != team for b in view.builds):
            return f"It takes the build before its owner can{taking}."
        if taken:
            return f"It takes {listed(taken)}" + (f", and scores {listed(scored)}." if scored else ".")
        if scored:
            return f"It scores {listed(scored)}."
        if points:
            # Spades score together, not one by one ("It scores 2 spades"), one of them the card played.
            n = ((move.takes | 1 << move.card) & SPADE_SET).bit_count()
            return f"It puts {n} spades in your pile, towards most spades."
        if move.takes & SPADE_SET:
            return "It takes a spade, towards most spades."
        if SPADE_SET >> move.card & 1:  # "it takes a spade" of a table with none
            return f"It puts your {card_symbol(move.card)} in your pile, towards most spades."
        return "Every card taken counts towards most cards."
    if move.kind == "build":
        _, builds = after(view, move)
        b = next(x for x in builds if x.cards >> move.card & 1)
        # Court cards build by rank under trailing royals, with no number: "the queen you keep".
        value = RANK_NAMES[b.value - 1] if view.rules.trailing_royals and b.value > 10 else str(b.value)
        article = _a(b.value) if value.isdigit() else "a"
        owners = {x.controller for x in view.builds if x.cards & move.takes}
        if owners:
            if b.value != next(x.value for x in view.builds if x.cards & move.takes):
                # Yours next turn for sure only if no card still out takes it and it cannot be raised.
                if not view.rules.answer_masks[b.value] & view.unseen and (b.multiple or not _raisable(view, b.value)):
                    return f"The build becomes {value}, which you hold: the cards are yours to take next turn."
                who = others(view)
                s = "" if who == "the others" else "s"
                first = f"take{s} it" if b.multiple else f"take{s} or raise{s} it"
                return (f"The build becomes {value}, which you hold: the cards are yours to take next turn, "
                        f"unless {who} {first} first.")
            if owners <= {view.seat}:
                return f"More cards for your {value} next turn, and a multiple build cannot be raised."
            if all(view.team_of[o] == team for o in owners):
                return f"More cards for your side, and you hold {article} {value} to take it too."
            # Its old owner still holds a card of its value (§7), and plays before your next turn.
            return f"{TAKEN_OVER}; but its old owner still holds {article} {value} to take it first."
        extra = f", with {listed(points)}" if points else ""
        n = b.cards.bit_count()
        return f"Next turn the {value} you keep takes these {n} cards{extra}."
    rank = rank_of(move.card)
    # (The moves worth weighing: on a crowded table the full list can run to millions.)
    alternatives = [m for m in candidate_moves(view.bare_position()) if m.kind in ("capture", "build")]
    if alternatives:
        # There was something to take or build: say why not, not that there was nothing.
        return _left_to_sweep(view, move, alternatives) or (
            f"{LAST_WAITING} {others(view)} than it gains."
            if view.hand == 1 << move.card else WAITING)  # ("keeping your cards" of the last one)
    name = RANK_NAMES[rank - 1]
    if view.hand == 1 << move.card:
        return "Your last card can take or build nothing here: it stays on the table."
    alike = RANK_SETS[rank] & ~(1 << move.card)
    if not view.rules.royal and rank > 10 and not alike & view.hand:  # (held: said below, that it can)
        return f"Nothing can be taken or built, and only a {name} can pick this card up."
    if (alike & view.hand).bit_count() > 1:  # ("the other five you hold" of two more fives)
        which = "either" if (alike & view.hand).bit_count() == 2 else "any"
        return (f"Nothing can be taken or built, and {which} of your other "
                f"{name}{'es' if name.endswith('x') else 's'} can take this card back next turn.")
    # Every card that captures it, of its rank or not, named ("the other four you hold"
    # read as a count of cards): under buckeye the 10♦ takes a jack as 11.
    catchers = alike
    for v in view.rules.part_values[move.card]:
        catchers |= view.rules.answer_masks[v] & ~(1 << move.card)
    held = catchers & view.hand
    if held:
        mine = card_symbol(cards_of(held & alike or held)[0])  # one of its rank first
        return f"Nothing can be taken or built, and your {mine} can take this card back next turn."
    if not catchers & view.unseen:  # the others are on the table or in the piles: seen by all
        if _summed(view, move.card):
            # ("No other seven is left" read as safe beside a 3 that any ten takes with it.)
            return (f"Nothing can be taken or built, and no other {name} is left to pair this card, "
                    f"though a card still out could take it in a sum.")
        return f"Nothing can be taken or built, and no other {name} is left to pair this card."
    return SAFEST


def _left_to_sweep(view: SeatView, trail: Move, alternatives: list[Move]) -> str:
    """Where sweeps score: that every capture or build would leave a table one
    card still out could sweep, and the trail leaves none; else ''."""
    if not view.rules.sweeps or sweepable(view, trail)[1]:
        return ""
    if view.rules.pluck and view.stock_size > 0:
        return ""  # a pluck first (§9.17) sweeps what one card alone would not: no such promise

    left = [sweepable(view, m) for m in alternatives]
    if not all(n for _, n in left):
        return ""
    if len(alternatives) > 1:
        return ("Whatever you took or built would leave a table one card could sweep; "
                "after this trail no card still out can sweep it.")
    m, (words, n) = alternatives[0], left[0]
    raised = [b for b in view.builds if b.cards & m.takes]
    doing = (f"Taking {listed([card_symbol(c) for c in cards_of(m.takes)])}" if m.kind == "capture"
             else f"Raising the build to {m.value}" if raised and not m.multiple
             else f"Building {plural(m.value, view.rules.trailing_royals)}" if m.multiple
             else f"Building {m.value}")
    return f"{doing} would leave {words} alone on the table: {of_unseen(view, n, now=True)} could sweep it."


def _raisable(view: SeatView, value: int) -> bool:
    """Whether cards still out could raise a single build of ``value``: one to
    add, and another of the value it makes to answer for it."""
    rules = view.rules
    unseen = cards_of(view.unseen)
    return any(value + v <= rules.max_build and rules.answer_masks[value + v] & view.unseen & ~(1 << c)
               for c in unseen for v in rules.part_values[c])


def _only_play(view: SeatView) -> bool:
    """Whether the seat has one legal play (a card's duties under §7 can leave one)."""
    pos = view.bare_position()
    return pos.loose.bit_count() <= CROWDED and len(pos.moves()) == 1


def _summed(view: SeatView, card: int) -> bool:
    """Whether ``card``, trailed, adds up with one loose card to a value some
    unseen card captures as."""
    rules = view.rules
    by_value = unseen_by_value(view)
    return any(a + b <= rules.max_build and by_value[a + b]
               for c in cards_of(view.loose) for a in rules.part_values[card] for b in rules.part_values[c])


def build_words(b: Build) -> str:
    """A build as the review names it: '8' for a single build, 'eights' for a
    multiple one (as the play that made it is said), 'kings' for a build of
    court cards of one rank (by rank under trailing royals, §9.11, where they
    have no number)."""
    return b.name(by_rank=11 <= b.value <= 13 and all(rank_of(c) == b.value for c in cards_of(b.cards)))


def of_unseen(view: SeatView, n: int, now: bool = False) -> str:
    """'4 of the 43 cards you had not seen' (``now``: 'have not seen', as a
    hint says it), and so on down to one card."""
    total = view.unseen.bit_count()
    seen = "have not seen" if now else "had not seen"
    if total == 1:
        return f"the one card you {seen}"
    if n == total:
        return f"each of the {total} cards you {seen}"
    return f"{n} of the {total} cards you {seen}"


def others(view: SeatView) -> str:
    """Who plays before the seat's next turn and could take its build: 'your
    opponent', 'the other side' (partners), 'the others'."""
    if view.players == 2:
        return "your opponent"
    return "the other side" if len(view.teams) == 2 else "the others"


def sweepable(view: SeatView, move: Move) -> tuple[str, int]:
    """What ``move`` leaves on the table, in words ('5♥ and 2♣', 'the build of
    13'), and how many of the cards the seat has not seen could take it all at
    once (a sweep); ('', 0) for a table left empty, or at the round's end."""
    pos = view.bare_position()
    event = pos.apply(move)
    loose, builds = pos.loose, pos.builds
    if event.round_end is not None or event.winner is not None or not (loose or builds):
        return "", 0
    words = listed([card_symbol(c) for c in cards_of(loose)] + [f"the build of {build_words(b)}" for b in builds])
    values = {b.value for b in builds}
    if len(values) > 1:
        return words, 0  # builds of two values: no one card takes both
    gen = generator_of(view)

    def takes_all(v: int) -> bool:  # every build (all of value v) and every loose card, in groups of v
        return (not values or v in values) and (not loose or loose in capture_sets(gen, loose, v))

    # A court card without a number takes by rank: a lone card of its rank, or (trailing royals) its builds.
    rank = rank_of(loose.bit_length() - 1) if loose.bit_count() == 1 and not builds else \
        next(iter(values)) if values and not loose else 0
    return words, _unseen_takers(view, takes_all, rank)


def takers(view: SeatView, card: int) -> int:
    """How many of the cards the seat has not seen could capture ``card``
    trailed now: by its rank or value, or with loose cards adding up to theirs."""
    gen = generator_of(view)
    loose = view.loose | 1 << card
    return _unseen_takers(view, lambda v: grouped(gen, loose, v, card), rank_of(card))


def grouped(gen: MoveGenerator, loose: CardSet, v: int, card: int) -> bool:
    """Whether a card capturing as ``v`` can take ``card`` from these loose cards
    (alone or in a group adding up to ``v``)."""
    return any(s >> card & 1 for s in capture_sets(gen, loose, v))


def _unseen_takers(view: SeatView, takes: Callable[[int], bool], rank: int) -> int:
    """How many of the cards the seat has not seen capture as a value ``v`` for
    which ``takes(v)`` (asked once a value), or, court cards without a number,
    are of ``rank``."""
    rules = view.rules
    asked: dict[int, bool] = {}

    def by_value(v: int) -> bool:
        if v not in asked:
            asked[v] = takes(v)
        return asked[v]

    return sum(1 for u in cards_of(view.unseen) if can_take(rules, u, by_value, rank))


def can_take(rules: Rules, card: int, takes: Callable[[int], bool], rank: int) -> bool:
    """Whether ``card`` captures: as a value ``v`` for which ``takes(v)``, or,
    a court card without a number, by ``rank``."""
    values = rules.capture_values(card)
    return any(takes(v) for v in values) if values else rank_of(card) == rank
