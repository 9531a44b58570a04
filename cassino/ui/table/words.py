"""Moves in plain words for the chooser, the log and the last-move captions:
"Capture 8♦ and 6♣+2♦", "Build eights (multiple)", "Raise the build of 6 to 9"; and
the card values a player must keep in mind under the rules in force.

Words only: which moves exist is the rules' business (``Position``)."""

from __future__ import annotations

from collections.abc import Sequence

from cassino.rules import BUILD, CALL, CAPTURE, PLUCK, TRAIL, Build, Move, Position, Rules, Turn, card_symbol, cards_of
from cassino.rules.cards import rank_of
from cassino.rules.moves import listed, plural

def value_groups(cards: list[int], rules: Rules, target: int) -> list[list[int]] | None:
    """Split ``cards`` into groups that each add up to ``target`` (largest cards
    first); court cards of the target's rank under trailing royals stand alone."""
    if not cards:
        return []
    part = rules.part_values

    def values(c: int) -> tuple[int, ...]:
        if rules.trailing_royals and not part[c] and rank_of(c) == target:
            return (target,)
        return part[c]

    cards = sorted(cards, key=lambda c: -max(values(c), default=0))
    first, rest = cards[0], cards[1:]

    def pick(i: int, need: int, chosen: list[int]) -> list[list[int]] | None:
        if need == 0:
            left = [c for c in rest if c not in chosen]
            tail = value_groups(left, rules, target)
            return None if tail is None else [[first] + chosen] + tail
        for j in range(i, len(rest)):
            for v in values(rest[j]):
                if 0 < v <= need:
                    found = pick(j + 1, need - v, chosen + [rest[j]])
                    if found is not None:
                        return found
        return None

    for v in values(first):
        if v <= target:
            found = pick(0, target - v, [])
            if found is not None:
                return found
    return None


def _group_words(rules: Rules, mask: int, value: int) -> list[str]:
    cards = cards_of(mask)
    groups = value_groups(cards, rules, value) if value else None
    if groups is None:
        return [card_symbol(c) for c in cards]
    return ["+".join(card_symbol(c) for c in g) for g in groups]


def describe(pos: Position, move: Move, past: bool = False) -> str:
    """``move`` in words, as seen in ``pos`` before it is played. ``past`` gives
    the log's form ("captured ... with the 8♠") instead of the chooser's."""
    return describe_on(pos.loose, pos.builds, pos.rules, move, past)


def describe_with_card(pos: Position, move: Move) -> str:
    """``describe``, naming the card played where its words do not (a capture's):
    "Capture 7♥ with the 7♠", "Build 9: 2♦+7♠"."""
    words = describe(pos, move)
    card = card_symbol(move.card) if move.card >= 0 else ""
    if card and f" (the {card} as {move.value})" in words:  # an ace or the 10♦ that counts either way
        return words.replace(f" (the {card} as {move.value})", f" with the {card} as {move.value}")
    if card and card not in words:
        words += f" with the {card}"
    return words


def sweep_note(pos: Position, move: Move) -> str:
    """The words ': a sweep' when a capture would leave the table empty, as the
    engine's event for it says (applied to a copy of the position: the move is
    one of its legal moves, so not checked again)."""
    return ": a sweep" if move.kind == CAPTURE and pos.copy().apply(move).sweep else ""


def describe_turn(turn: Turn, rules: Rules) -> str:
    """A move of the round in the log's words, on the table it was made on."""
    return describe_on(turn.loose, turn.builds, rules, turn.move, past=True)


def describe_on(loose_cards: int, builds: Sequence[Build], rules: Rules, move: Move,
                past: bool = False) -> str:
    """``move`` in words, made on a table of these loose cards and builds."""
    if move.kind == CALL:
        # The option's name says 21; the call is for the game's target (§9.18).
        return f"called for {rules.target}" if past else f"Call for {rules.target}"
    if move.kind == PLUCK:
        cards = listed([card_symbol(c) for c in cards_of(move.takes)])
        return f"plucked the {cards}" if past else f"Pluck the {cards}"
    card = card_symbol(move.card)
    if move.kind == TRAIL:
        return f"trailed the {card}" if past else f"Trail the {card}"
    touched = [b for b in builds if b.cards & move.takes]
    loose = move.takes & loose_cards
    if move.kind == CAPTURE:
        # A multiple build in words, as the play that made it said ("built
        # sevens (multiple)": "the build of sevens"); a single one by its value.
        # Builds alike said once ("the build of 10 and the build of 10" read as one twice).
        named = [b.name(rules.trailing_royals) for b in touched]
        parts = [f"the build of {w}" if n == 1 else f"both builds of {w}" if n == 2 else f"the {n} builds of {w}"
                 for w, n in {w: named.count(w) for w in named}.items()]
        if loose:
            parts += _group_words(rules, loose, move.value)
        text = listed(parts)
        if len(rules.capture_values(move.card)) > 1 or (move.value and move.value != rules.values[move.card]):
            # An ace (1 or 14) or the ten of diamonds (10 or 11) says which it counts as.
            if past:
                return f"captured {text} with the {card} as {move.value}"
            text += f" (the {card} as {move.value})"
        return f"captured {text} with the {card}" if past else f"Capture {text}"
    assert move.kind == BUILD
    if move.multiple:
        # A build taken in stays one group (a single one raised by the card
        # played makes the value with it); the loose cards group as they add up.
        parts, rest = [], move.takes & ~sum(b.cards for b in touched) | 1 << move.card
        for b in touched:
            if b.multiple:
                continue  # added to, its groups stand: the words name the new ones (its cards joined read as one sum)
            own = b.cards
            if not b.multiple and b.value != move.value and rest >> move.card & 1:
                own |= 1 << move.card
                rest &= ~(1 << move.card)
            parts.append("+".join(card_symbol(c) for c in cards_of(own)))
        groups = ", ".join(parts + (_group_words(rules, rest, move.value) if rest else []))
        many = plural(move.value, rules.trailing_royals)
        on = next((b for b in touched if b.multiple), touched[0] if touched else None)
        # Told after the play, the card played is named: inside the groups it could not be told
        # from the table's. (Before it, in a list under "Play the 3♣:", it is known.)
        played = f" with the {card}" if past else ""
        if on is not None and on.multiple and on.value == move.value:
            words = f"add to the {many}{played}: {groups}"
        elif on is not None and on.value == move.value:
            # A single build taken into a multiple one: said, as a raise is (control may change hands).
            words = f"add to the build of {on.label()}, making {many} (multiple){played}: {groups}"
        elif on is not None:
            words = f"raise the build of {on.label()} to {many} (multiple){played}: {groups}"
        else:
            words = f"build {many} (multiple){played}: {groups}"
    elif touched:
        extra = f" and {listed([card_symbol(c) for c in cards_of(loose)])}" if loose else ""
        # "the build of 6", not "the 6": a bare number read as a card.
        words = f"raise the build of {touched[0].label()} to {move.value} with the {card}{extra}"
    else:
        words = f"build {move.value}: " + "+".join(card_symbol(c) for c in cards_of(loose) + [move.card])
    if past:
        verb, tail = words.split(" ", 1)
        return f"{PAST[verb]} {tail}"
    return words[0].upper() + words[1:]


PAST = {"raise": "raised", "build": "built", "add": "added"}  # a build's verbs, as the log tells them


# -- the values of the cards, for the table's legend ------------------------------------------


def value_legend(rules: Rules) -> list[str]:
    """The card values (and spades' points) a player must keep in mind under
    these rules, a short line each (empty for the standard game)."""
    out = []
    if rules.royal:
        out.append("J 11 · Q 12 · K 13")
    if rules.ace_14:
        out.append("A 1, or 14 from your hand")
    if rules.buckeye:
        out.append("10\u2666 10 or 11")
    if rules.trailing_royals:
        out.append("J Q K pair and build by rank")
    if rules.court_capture == "all":  # California
        out.append("J Q K take all of their rank")
    if rules.spade_scoring:
        out.append("Each \u2660 scores 1, the J\u2660 2")
    # What changes the scoring where the game's name alone does not say (Portuguese showed nothing).
    if rules.card_tie_to_spades:
        out.append("Cards tied: more \u2660 wins")
    if rules.sudden_death:
        out.append(f"A sweep to {rules.target} wins at once")
    return out
