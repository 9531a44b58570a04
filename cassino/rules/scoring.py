"""Scoring: a round's items (§8, §9.3, §9.9, §9.13, §9.14), the
game's end (§9.16, §9.19, §9.20, §9.22), and the count of a call for 21
(§9.18).

The items a rule set can award are data (``scoring_items``); a round's
items are listed in the order count-out counts them (§9.20), each with the
team that earned it, so that summaries, statistics and the count-out read
the same list.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add
from typing import TYPE_CHECKING, NamedTuple

from .cards import (ACE, BIG_CASINO, CLUBS, DIAMONDS, HEARTS, JACK, LITTLE_CASINO, SPADE_SET, SPADES,
                    CardSet, make_card)
from .events import Item, RoundEnd
from .options import Rules

if TYPE_CHECKING:
    from .position import Position

# The aces in the order count-out counts them: spades, clubs, hearts, diamonds.
ACES_IN_ORDER = tuple(make_card(ACE, s) for s in (SPADES, CLUBS, HEARTS, DIAMONDS))
CARD_ITEMS = ((BIG_CASINO, "TD", 2), (LITTLE_CASINO, "2S", 1)) + tuple(
    (a, "A" + "SHDC"[a // 13], 1) for a in ACES_IN_ORDER)
# The same with each card's bit, for the test of a pile.
_CARD_BITS = tuple((1 << card, name, points) for card, name, points in CARD_ITEMS)
JACK_OF_SPADES = make_card(JACK, SPADES)
MOST_CARDS = 3   # the points of most cards (§8)
MOST_SPADES = 1  # ... and of most spades


def spade_points(card: int) -> int:
    """A spade's points under spade scoring (§9.9): the jack 2, the others 1."""
    return 2 if card == JACK_OF_SPADES else 1


def card_points(rules: Rules) -> tuple[int, ...]:
    """Each card's own points under these rules (§8): big casino 2, little
    casino and each ace 1; under spade scoring each spade's too (§9.9)."""
    out = [0] * 52
    for card, _, points in CARD_ITEMS:
        out[card] += points
    if rules.spade_scoring:
        for card in range(13):  # spades A..K
            out[card] += spade_points(card)
    return tuple(out)


# The base points (§9.13): most cards, most spades, TD, 2S and the four aces.
BASE_ITEMS = frozenset(("cards", "spades", "TD", "2S", "AS", "AC", "AH", "AD"))

_new = tuple.__new__


# Each item's key (as in events) in words, as a line of text names it
# ("most cards 3", "big casino brought you to 21"); an ace is its card.
ITEM_WORDS = {"cards": "most cards", "spades": "most spades", "TD": "big casino", "2S": "little casino",
              "sweeps": "sweeps", "spade_points": "spade points", "all_eleven": "all eleven"}


class ScoringItem(NamedTuple):
    """An item a rule set awards: its key (as in events, but for "aces", which
    events award by the ace: "AS", "AC", "AH", "AD"), its name for people, and
    its points (per sweep, per spade: see the name)."""

    key: str
    name: str
    points: int


def scoring_items(rules: Rules) -> list[ScoringItem]:
    """Every item these rules award, in the order they are counted (§9.20)."""
    sweeps = [ScoringItem("sweeps", "each sweep", rules.sweeps)] if rules.sweeps else []
    out = sweeps if rules.sudden_death else []
    out += [ScoringItem("cards", "most cards", MOST_CARDS), ScoringItem("spades", "most spades", MOST_SPADES),
            ScoringItem("TD", "big casino (10\u2666)", 2), ScoringItem("2S", "little casino (2\u2660)", 1),
            ScoringItem("aces", "each ace", 1)]
    if rules.spade_scoring:
        out.append(ScoringItem("spade_points", "each spade (J\u2660 2)", 1))
    if rules.all_eleven == "bonus":
        out.append(ScoringItem("all_eleven", "all eleven base points", 1))
    elif rules.all_eleven == "win":
        out.append(ScoringItem("all_eleven", "all eleven base points: the game", 0))
    if not rules.sudden_death:
        out += sweeps
    return out


def _unique_max(values: list[int], among: list[int] | None = None) -> int | None:
    """The one team (of ``among``, else of all) with the most, or None on a tie."""
    if among is None:
        best = max(values)
        return values.index(best) if values.count(best) == 1 else None
    best = max(values[t] for t in among)
    top = [t for t in among if values[t] == best]
    return top[0] if len(top) == 1 else None


def round_items(pos: Position) -> tuple[list[Item], list[int], list[int]]:
    """The scoring items of a finished round in counting order (§9.20), and
    each team's cards and spades."""
    return pile_items(pos.rules, pos.captured, pos.sweeps, pos.shape.team_orders[pos.eldest])


def pile_items(rules: Rules, captured: list[CardSet], sweeps: list[int],
               teams_in_turn: Sequence[int] | None = None) -> tuple[list[Item], list[int], list[int]]:
    """The scoring items of these piles and sweeps (teams in turn order from
    the eldest's, for the sweeps), and each team's cards and spades."""
    # (Items are made with tuple.__new__, and counted with map, to spare a
    # Python call for each: this runs at the end of every round.)
    cards = list(map(int.bit_count, captured))
    spades = list(map(int.bit_count, map(SPADE_SET.__and__, captured)))
    items: list[Item] = []
    append = items.append

    # Only items worth something are listed, but for all eleven under 'win',
    # which decides the game: sweeps when they score, and every item below.
    sweep_items = []
    if rules.sweeps:
        for t in teams_in_turn if teams_in_turn is not None else range(len(captured)):
            if sweeps[t]:
                sweep_items.append(_new(Item, ("sweeps", t, sweeps[t] * rules.sweeps)))
    if rules.sudden_death:
        items += sweep_items

    most_cards = _unique_max(cards)
    if most_cards is None and rules.card_tie_to_spades:
        best = max(cards)
        most_cards = _unique_max(spades, [t for t in range(len(captured)) if cards[t] == best])
    if most_cards is not None:
        append(_new(Item, ("cards", most_cards, MOST_CARDS)))
    most_spades = _unique_max(spades)
    if most_spades is not None:
        append(_new(Item, ("spades", most_spades, MOST_SPADES)))
    piles = list(enumerate(captured))
    for bit, name, points in _CARD_BITS:
        for t, cap in piles:
            if cap & bit:
                append(_new(Item, (name, t, points)))
    if rules.spade_scoring:
        for card in range(13):  # spades A..K
            for t, cap in piles:
                if cap >> card & 1:
                    append(_new(Item, ("spade_points", t, spade_points(card))))
    if rules.all_eleven != "off":
        base = [i for i in items if i.item in BASE_ITEMS]
        if len(base) == 8 and len({i.team for i in base}) == 1:
            append(_new(Item, ("all_eleven", base[0].team,
                               1 if rules.all_eleven == "bonus" else 0)))
    if not rules.sudden_death:
        items += sweep_items
    return items, cards, spades


def end_round(pos: Position) -> RoundEnd:
    """The round is over: the cards left on the table go to the last capturer
    (the dealer if nobody captured; never a sweep), and the round is scored."""
    residue = pos.table
    residue_to = None
    if residue:
        taker = pos.last_capturer if pos.last_capturer is not None else pos.dealer
        residue_to = pos.team_of[taker]
        pos.captured[residue_to] |= residue
        pos.loose = 0
        pos.builds = ()
    items, cards, spades = round_items(pos)
    points = [0] * len(pos.captured)
    for _, team, worth in items:
        points[team] += worth
    return _new(RoundEnd, (pos.round, pos.dealer, residue, residue_to, tuple(items), tuple(points),
                           tuple(map(add, pos.scores, points)), tuple(cards), tuple(spades),
                           tuple(pos.sweeps)))


def game_winner(pos: Position, end: RoundEnd) -> int | None:
    """Who wins the game at the end of this round, if anyone (§9.22): all
    eleven under 'win', else the count-out, else a fixed number of rounds,
    else the target reached with the highest total alone."""
    rules = pos.rules
    if rules.all_eleven == "win":
        for i in end.items:
            if i.item == "all_eleven":
                return i.team
    if rules.count_out:
        decided = counted_out(rules, pos.scores, end.items)
        return decided[0].team if decided is not None else None
    totals = list(end.scores)
    best = max(totals)
    if rules.rounds is not None:
        if pos.round < rules.rounds or totals.count(best) > 1:
            return None
        return totals.index(best)
    if best >= rules.target and totals.count(best) == 1:
        return totals.index(best)
    return None


def breaking_a_tie(rules: Rules, scores: Sequence[int], round: int) -> bool:
    """Whether the round ``round``, the scores before it ``scores``, is played
    only because the lead was shared when the game would have ended (§8, §9.16)."""
    if rules.rounds is not None:
        return round > rules.rounds
    top = max(scores)
    return top >= rules.target and scores.count(top) > 1


def counted_out(rules: Rules, before: Sequence[int], items: Sequence[Item]) -> tuple[Item, tuple[int, ...]] | None:
    """Under count-out (§9.20), the item that wins the game, and each team's
    count just after it: the first that brings its team to the target and
    ahead of every other, the scores before the round counting first; None
    if no item does."""
    running = list(before)
    for i in items:
        running[i.team] += i.points
        mine = running[i.team]
        if mine >= rules.target and all(mine > x for t, x in enumerate(running) if t != i.team):
            return i, tuple(running)
    return None


class Decided(NamedTuple):
    """What won a game where its totals alone do not say: all eleven base
    points under 'win' (§9.13; ``item`` None), or the count-out's deciding
    item with each team's count just after it (§9.20)."""

    item: Item | None
    running: tuple[int, ...] = ()


def decided_by(rules: Rules, end: RoundEnd, winner: int) -> Decided | None:
    """Why ``winner`` won the game its last round ``end`` ended, where the
    totals do not say it; None where they do."""
    if rules.all_eleven == "win" and any(i.item == "all_eleven" and i.team == winner for i in end.items):
        return Decided(None)
    if rules.count_out:
        decided = counted_out(rules, [s - p for s, p in zip(end.scores, end.points)], end.items)
        if decided is not None:
            return Decided(*decided)
    return None


def sudden_death_winner(pos: Position, team: int) -> int | None:
    """After a sweep under sudden death (§9.19): the sweeping team wins if its
    score before the round plus its sweep points reach the target and exceed
    every other team's, counted the same way."""
    return team if sweeps_win(pos.rules, pos.scores, pos.sweeps, team) else None


def sweeps_win(rules: Rules, scores: Sequence[int], sweeps: Sequence[int], team: int) -> bool:
    """Whether ``team``'s score before the round plus its sweep points reach
    the target and exceed every other team's, counted the same way (§9.19)."""
    counts = [s + n * rules.sweeps for s, n in zip(scores, sweeps)]
    mine = counts[team]
    return mine >= rules.target and all(mine > x for t, x in enumerate(counts) if t != team)


def call_counts(pos: Position) -> tuple[int, ...]:
    """Each side's count for a call for 21 (§9.18): the score before the round
    plus what this round has made certain: sweep points; big and little
    casino, aces (and spade points) in its pile; 3 for more than half the
    pack (or half with 7 spades under the card tie rule); 1 for 7 spades."""
    rules = pos.rules
    half = pos.shape.round_cards / 2
    out = []
    for t, cap in enumerate(pos.captured):
        count = pos.scores[t] + pos.sweeps[t] * rules.sweeps
        for card, _, points in CARD_ITEMS:
            if cap >> card & 1:
                count += points
        spades = (cap & SPADE_SET).bit_count()
        if rules.spade_scoring:
            count += spades + (1 if cap >> JACK_OF_SPADES & 1 else 0)
        cards = cap.bit_count()
        if cards > half or (rules.card_tie_to_spades and cards == half and spades >= 7):
            count += MOST_CARDS
        if spades >= 7:
            count += MOST_SPADES
        out.append(count)
    return tuple(out)


def call_winner(pos: Position, caller_team: int) -> tuple[int, tuple[int, ...]]:
    """The winner of a call for 21 made by ``caller_team``, and the counts."""
    counts = call_counts(pos)
    if counts[caller_team] >= pos.rules.target:
        return caller_team, counts
    return 1 - caller_team, counts


def final_scores(pos: Position) -> tuple[int, ...]:
    """The game's final scores when it ends inside a round (§9.22): the scores
    before the round, plus, under sudden death, the round's sweep points."""
    return with_sweeps(pos.rules, pos.scores, pos.sweeps)


def with_sweeps(rules: Rules, scores: Sequence[int], sweeps: Sequence[int]) -> tuple[int, ...]:
    """The scores with the round's sweeps counted in where they count at once
    (sudden death, §9.19); else the scores as they are."""
    if rules.sudden_death:
        return tuple(s + n * rules.sweeps for s, n in zip(scores, sweeps))
    return tuple(scores)
