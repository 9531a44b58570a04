"""Moves in plain words for the chooser, the log and the last-move captions:
"Capture 8♦ and 6♣+2♦", "Build eights (multiple)", "Raise the 6 to 9".

Words only: which moves exist is the rules' business (``Position``)."""

from __future__ import annotations

from cassino.rules import BUILD, CAPTURE, TRAIL, Move, Position, card_symbol, cards_of
from cassino.rules.moves import _plural


def value_groups(cards: list[int], values: tuple[int, ...], target: int) -> list[list[int]] | None:
    """Split ``cards`` into groups that each add up to ``target`` (largest cards first)."""
    if not cards:
        return []
    cards = sorted(cards, key=lambda c: -values[c])
    first, rest = cards[0], cards[1:]

    def pick(i: int, need: int, chosen: list[int]) -> list[list[int]] | None:
        if need == 0:
            left = [c for c in rest if c not in chosen]
            tail = value_groups(left, values, target)
            return None if tail is None else [[first] + chosen] + tail
        for j in range(i, len(rest)):
            v = values[rest[j]]
            if 0 < v <= need:
                found = pick(j + 1, need - v, chosen + [rest[j]])
                if found is not None:
                    return found
        return None

    return pick(0, target - values[first], []) if values[first] <= target else None


def _group_words(pos: Position, mask: int, value: int) -> list[str]:
    cards = cards_of(mask)
    groups = value_groups(cards, pos.rules.values, value) if value else None
    if groups is None:
        return [card_symbol(c) for c in cards]
    return ["+".join(card_symbol(c) for c in g) for g in groups]


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def describe(pos: Position, move: Move, past: bool = False) -> str:
    """``move`` in words, as seen in ``pos`` before it is played. ``past`` gives
    the log's form ("captured ... with the 8♠") instead of the chooser's."""
    card = card_symbol(move.card)
    if move.kind == TRAIL:
        return f"trailed the {card}" if past else f"Trail the {card}"
    touched = [b for b in pos.builds if b.cards & move.takes]
    loose = move.takes & pos.loose
    if move.kind == CAPTURE:
        parts = [f"the build of {b.label()}" for b in touched]
        if loose:
            parts += _group_words(pos, loose, move.value)
        text = _and(parts)
        return f"captured {text} with the {card}" if past else f"Capture {text}"
    assert move.kind == BUILD
    if move.multiple:
        groups = ", ".join(_group_words(pos, move.takes | 1 << move.card, move.value))
        if touched and touched[0].multiple and touched[0].value == move.value:
            words = f"add to the {_plural(move.value)}: {groups}"
        else:
            words = f"build {_plural(move.value)} (multiple): {groups}"
    elif touched:
        extra = f" and {_and([card_symbol(c) for c in cards_of(loose)])}" if loose else ""
        words = f"raise the {touched[0].label()} to {move.value} with the {card}{extra}"
    else:
        words = f"build {move.value}: " + "+".join(card_symbol(c) for c in cards_of(loose) + [move.card])
    if past:
        words = words.replace("raise ", "raised ", 1).replace("build ", "built ", 1).replace("add ", "added ", 1)
        return words
    return words[0].upper() + words[1:]
