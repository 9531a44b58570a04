"""Checks that a position could arise under the rules (docs/formats.md, "Positions").

Each problem is a sentence naming what is wrong, so a refused file tells its
author what to fix. Hand sizes are checked against the deal schedule of the
game's shape (or the draws of Draw Cassino), so every seat count and variant
is covered by the same reckoning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import RANK_SETS, card_text, cards_of, cards_text
from .groups import Values
from .legal import generator
from .moves import counted

if TYPE_CHECKING:
    from .builds import Build
    from .position import Position

MAX_SCORE = 1_000_000


def position_problems(pos: Position) -> list[str]:
    """Everything that makes ``pos`` impossible under its rules; empty if none."""
    shape = pos.shape
    rules = pos.rules
    n = pos.players
    sides = len(pos.teams)
    out: list[str] = []
    for key in ("captured", "sweeps", "scores"):
        if len(getattr(pos, key)) != sides:
            out.append(f"'{key}' must have one entry per team ({sides})")
    if len(pos.hands) != n:
        out.append(f"'hands' must have one hand per player ({n})")
    if out:
        return out
    if not 0 <= pos.dealer < n:
        out.append(f"'dealer' must be a seat from 0 to {n - 1}")
    if not 0 <= pos.to_move < n:
        out.append(f"'to_move' must be a seat from 0 to {n - 1}")
    if pos.last_capturer is not None and not 0 <= pos.last_capturer < n:
        out.append(f"'last_capturer' must be a seat from 0 to {n - 1}, or null")
    if any(not 0 <= s <= 52 for s in pos.sweeps):
        out.append("'sweeps' must count from 0 to 52 sweeps")
    if any(not 0 <= s <= MAX_SCORE for s in pos.scores):
        out.append(f"'scores' must be from 0 to {MAX_SCORE}")
    if not 1 <= pos.round <= 100_000:
        out.append("'round' must be 1 or more")
    best = max(pos.scores)
    if rules.rounds is not None:
        if pos.round > rules.rounds and pos.scores.count(best) == 1:
            out.append(f"'round' is {pos.round}, but these rules play {rules.rounds} rounds, and more "
                       f"only while the highest totals are tied")
    elif best >= rules.target and pos.scores.count(best) == 1:
        scores = ", ".join(str(x) for x in pos.scores)
        out.append(f"the scores {scores} already ended the game (the first to {rules.target} wins): "
                   f"no round follows")
    if pos.plucked and not rules.pluck:
        out.append("'plucked' lists seats, but plucking is not part of these rules")
    if pos.plucked >> n:
        out.append(f"'plucked' must list seats from 0 to {n - 1}")
    if pos.winner is not None:
        if not (rules.call_for_21 or rules.sudden_death):
            out.append("'winner' is only for a game ended inside a round, by a call for 21 or "
                       "a sudden-death sweep")
        elif not 0 <= pos.winner < sides:
            out.append(f"'winner' must be a team from 0 to {sides - 1}")
    if out:
        return out

    # Every card of the pack exactly once.
    stock_mask = 0
    for c in pos.stock:
        if stock_mask >> c & 1:
            out.append(f"the {card_text(c)} is in the stock twice")
        stock_mask |= 1 << c
    masks = [*pos.hands, stock_mask, pos.loose, *(b.cards for b in pos.builds), *pos.captured]
    seen = twice = 0
    for mask in masks:
        twice |= mask & seen
        seen |= mask
    if twice:  # say where each card was seen first (only a refused position pays for it)
        names = [*(f"the hand of seat {s}" for s in range(n)), "the stock", "the loose table cards",
                 *(f"build {i + 1}" for i in range(len(pos.builds))),
                 *(f"the captured cards of team {t}" for t in range(sides))]
        seen = 0
        where: dict[int, str] = {}
        for name, mask in zip(names, masks):
            for c in cards_of(mask & seen):
                out.append(f"the {card_text(c)} is in both {where[c]} and {name}")
            for c in cards_of(mask & ~seen):
                where[c] = name
            seen |= mask
    extra = seen & ~shape.pack_mask
    if extra:
        out.append(f"{cards_text(extra, ' ')} {'is' if extra.bit_count() == 1 else 'are'} not in "
                   f"the pack: {n} players play without {cards_text(~shape.pack_mask & ((1 << 52) - 1), ' ')}")
    missing = shape.pack_mask & ~seen
    if missing:
        out.append(f"cards missing from the position: {cards_text(missing, ' ')}")

    for t in range(sides):
        # A sweep is a capture: the card played and one of the table at least.
        if pos.sweeps[t] > pos.captured[t].bit_count() // 2:
            k = pos.sweeps[t]
            out.append(f"team {t} counts {k} sweep{'s' if k > 1 else ''} this round but has captured "
                       f"{counted(pos.captured[t].bit_count(), 'card')}; each sweep takes two at least")
    # (A sweep with no last capturer, or a sudden-death sweep that should have
    # ended the game, are let through: positions set up by hand to try a rule
    # are written so, and the engine plays on from them consistently.)
    if pos.plucked and not pos.stock:
        out.append("'plucked' lists seats, but the stock is empty: the last deal allows no pluck, and each "
                   "deal starts with no one having plucked")
    out += _build_problems(pos)
    out += _hand_problems(pos)
    return out


def _build_problems(pos: Position) -> list[str]:
    gen = generator(pos)
    n = pos.players
    out: list[str] = []
    for i, b in enumerate(pos.builds):
        label = f"build {i + 1} ({cards_text(b.cards, ' ')})"
        problem = _build_shape_problem(pos, b)
        if problem:
            out.append(f"{label} {problem}")
            continue
        if not 0 <= b.controller < n:
            out.append(f"{label} has controller {b.controller}, not a seat")
    if out:
        return out
    if pos.rules.controller == "strict":
        for seat in range(n):
            mine = sorted(b.value for b in pos.builds if b.controller == seat)
            for v in sorted({v for v in mine if mine.count(v) > 1}):
                out.append(f"seat {seat} controls two builds of {v}: under strict build control (§9.5) "
                           f"a player controls one build of a value at most")
    for seat in range(n):
        values = {b.value for b in pos.builds if b.controller == seat}
        if values and not gen.holds(pos.hands[seat], values):
            if len(values) == 1:
                out.append(f"seat {seat} controls a build of value {min(values)} but holds no card "
                           f"of that value")
            else:
                want = ", ".join(str(v) for v in sorted(values))
                out.append(f"seat {seat} controls builds of {want} but does not hold a different "
                           f"card of each of those values")
    return out


def _build_shape_problem(pos: Position, b: Build) -> str | None:
    rules = pos.rules
    if b.cards.bit_count() < 2:
        return "needs at least two cards"
    if rules.trailing_royals and 11 <= b.value <= 13:
        if b.cards & ~RANK_SETS[b.value]:
            return f"has value {b.value}, so it must be made of cards of that rank alone"
        if not b.multiple:
            return "is a build of court cards, which is always multiple"
        return None
    if not 1 <= b.value <= rules.max_build:
        return f"has value {b.value}; a build's value is 1 to {rules.max_build}"
    if any(not rules.part_values[c] for c in cards_of(b.cards)):
        return "holds a court card, which has no value in these rules"
    values = generator(pos).values
    if not b.multiple:
        if b.cards not in _single_groups(values, b.cards, b.value):
            # (An ace under aces 14 or the ten of diamonds under buckeye counts either way.)
            totals = {0}
            for c in cards_of(b.cards):
                totals = {t + v for t in totals for v in rules.part_values[c]}
            said = " or ".join(str(t) for t in sorted(totals))
            return f"adds up to {said}, not its value {b.value}"
        return None
    if not values.splits(b.cards, b.value, groups=2):
        return f"cannot be split into two or more groups of {b.value}"
    return None


def _single_groups(values: Values, cards: int, v: int) -> list[int]:
    """The card sets among ``cards`` adding up to v (one group)."""
    return values.groups_of(cards, v)


def _hand_problems(pos: Position) -> list[str]:
    """Hand sizes that fit the deal schedule and the turn, or say what would."""
    shape = pos.shape
    n = pos.players
    sizes = [h.bit_count() for h in pos.hands]
    stock = len(pos.stock)
    if not any(sizes):
        if stock == shape.round_cards:
            return _start_problems(pos)  # the start of a round: nothing dealt yet
        if not stock:
            if pos.table:
                return ["the round is over but cards are still on the table: they go to the "
                        "last capturer"]
            return []
        if stock > shape.round_cards:
            return []  # more cards than the pack holds: the check of the cards names them
        if pos.winner is None:
            # (Not "deal the next cards first": said to a `deal` of a start of round gone wrong.)
            return [f"every hand is empty but the stock holds {stock} of the pack's {shape.round_cards} "
                    f"cards: mid-round the next cards are dealt as soon as the hands are empty, and at "
                    f"a round's start the whole pack is in the stock"]
        # A sudden-death sweep with the last card of a deal ended the game and
        # nothing was dealt (docs/formats.md, 'winner'): checked below like any play.
    eldest = (pos.dealer + 1) % n
    if pos.rules.draw:
        first = shape.deals[0]
        initial = shape.round_cards - first.hand * n - first.table
        if stock > initial:
            return [f"the stock has {counted(stock, 'card')}; after the deal it holds {initial} and shrinks "
                    f"by one a play"]
        draws = initial - stock
        dealt = [first.hand + _share(draws, (s - eldest) % n, n) for s in range(n)]
        plays_from = draws  # every play drew while the stock lasted
        # Once it is out, every hand plays down; until then each play drew, but
        # for a sudden-death sweep that ended the game (nothing drawn after it).
        most = first.hand * n + draws if not stock else draws + (pos.winner is not None)
    else:
        deal = shape.deal_number(stock)
        if stock != shape.stock_after[deal - 1]:
            sizes_ok = ", ".join(str(x) for x in shape.stock_after)
            return [f"the stock has {counted(stock, 'card')}; it must hold whole deals: between the deals "
                    f"of {n} players it holds {sizes_ok} cards"]
        d = shape.deals[deal - 1].hand
        dealt = [d] * n
        plays_from = 0
        most = d * n
    if not plays_from <= sum(dealt) - sum(sizes) <= most:
        if pos.rules.draw and stock:
            held = ", ".join(str(x) for x in sizes)
            return [f"the hands hold {held} cards; in Draw Cassino each play draws a card while the "
                    f"stock lasts, so every hand holds {shape.deals[0].hand} until it is out"]
        big = [s for s in range(n) if sizes[s] > dealt[s]]
        if big:
            return [f"seat {s} has {counted(sizes[s], 'card')}; a deal gives {dealt[s]}" for s in big]
        return [f"the hands hold {sum(sizes)} cards, which no number of plays from the deal leaves"]

    def expected(plays: int) -> list[int]:
        return [dealt[s] - _share(plays, (s - eldest) % n, n) for s in range(n)]

    def turn(plays: int) -> int:
        return (eldest + plays) % n

    plays = sum(dealt) - sum(sizes)
    # With a winner the player to move is the one who called (nothing played)
    # or who made the sudden-death sweep; with every hand empty, only the sweep.
    if expected(plays) == sizes and ((any(sizes) and pos.to_move == turn(plays)) or (
            pos.winner is not None and pos.to_move == turn(plays - 1))):
        return []
    if not any(sizes):
        return [f"seat {turn(plays - 1)} played the last card, the sweep that ended the game, "
                f"and stays to move, not seat {pos.to_move}"]
    # Name the seats whose hands do not fit the turn of the player to move.
    anchor = [p for p in range(plays_from, most + 1)
              if turn(p) == pos.to_move and expected(p)[pos.to_move] == sizes[pos.to_move]]
    if not anchor and pos.rules.draw and stock:
        # Every hand holds the same while the stock lasts: the stock alone says whose turn it is.
        return [f"with {counted(stock, 'card')} left in the stock, {counted(draws, 'play')} {'has' if draws == 1 else 'have'} been made "
                f"since the deal (each drew a card), so seat {turn(draws)} is to move, not seat "
                f"{pos.to_move} (play starts left of the dealer, seat {pos.dealer})"]
    if not anchor:
        return [f"the player to move (seat {pos.to_move}) has {counted(sizes[pos.to_move], 'card')}, which "
                f"does not fit the deal (play starts left of the dealer, seat {pos.dealer})"]
    want = expected(anchor[0])
    return [f"seat {seat} has {counted(sizes[seat], 'card')} but should have {want[seat]} when seat "
            f"{pos.to_move} is to move (play starts left of the dealer, seat {pos.dealer})"
            for seat in range(n) if sizes[seat] != want[seat]]


def _start_problems(pos: Position) -> list[str]:
    """A round's start (the whole pack in the stock): nothing has happened in it
    yet, and the eldest is to play (docs/formats.md, "The start of a round")."""
    out = []
    eldest = (pos.dealer + 1) % pos.players
    if pos.to_move != eldest:
        out.append(f"at the start of a round the eldest (seat {eldest}, left of the dealer, "
                   f"seat {pos.dealer}) is to move, not seat {pos.to_move}")
    if any(pos.sweeps):
        out.append("at the start of a round 'sweeps' are all 0")
    if pos.last_capturer is not None:
        out.append("at the start of a round nobody has captured: 'last_capturer' is null")
    if pos.plucked:
        out.append("at the start of a round nobody has plucked: 'plucked' is empty")
    if pos.winner is not None:
        out.append("at the start of a round the game is not over: 'winner' is null")
    return out


def _share(count: int, offset: int, n: int) -> int:
    """How many of the first ``count`` turns, taken in order from offset 0,
    fall to the seat at ``offset``."""
    return max(0, (count - offset + n - 1) // n)

