"""A game's review: each decision of a player weighed against the best move
the strongest computer player finds from that seat's information.

At each move of a reviewed seat the analyst sees what the seat saw then (a
``SeatView``, nothing more) and appraises the candidate moves together with
the one played: each is played out on the same sampled deals of the hidden
cards, so their values differ by the move and not by the luck of the deal.
A value is two figures: the chance of winning the game, and the expected
margin of the round in points (the side's points less the best other
side's). A moment is a move that lost clearly against the best one found;
its reason is one line in the game's words.

Pure: no I/O. The analyst is the Master's appraisal (``REVIEWER``), which
searches each sampled deal to its end (at a bigger table and in Draw
Cassino, weighs the moves below its information-set tree); the paired
playouts below (the Expert's method) remain for a quicker look.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import NamedTuple, Protocol, runtime_checkable

from cassino.rules import BUILD, CALL, CAPTURE, PLUCK, TRAIL, Build, Event, Game, Move, card_symbol, cards_of
from cassino.rules.cards import BIG_CASINO, RANK_SETS, rank_of
from cassino.rules.moves import listed, plural
from cassino.rules.scoring import call_counts

from . import knowledge
from .estimate import round_margin
from .expert import outcome
from . import hint
from .hint import build_words, can_take, grouped, of_unseen, others, point_words, sweepable, takers
from .hint import why as what_it_does
from .intermediate import Evaluator, call_wins
from .knowledge import Worth, candidate_moves, playout, shortlist, unlikely_cards, worth_of
from .player import Budget
from .view import SeatView, generator_of

# Candidate moves appraised besides the one played: the evaluator's best few.
CANDIDATES = 6
# The analyst's fixed work a decision (the Master's units; PlayoutAnalyst's deals).
REVIEW_WORK = 120
# A move is a mistake only when the best one leads it by this much, and by a
# paired t statistic above ``CONFIDENT`` (noise in a few dozen deals is not a mistake).
POINTS_LOST = 0.5
# How many of the costliest mistakes a review shows: the review screen steps
# through them, the command line lists them (unless asked for another number).
COSTLIEST = 8
WIN_LOST = 0.02
CONFIDENT = 2.0
SWITCH = 0.02  # the least lead in win chance for which "why?" changes the hint
# A move played that left less than this chance to win the game, where the better
# one kept at least KEPT_OPEN more, left it "as good as lost" (``merit``).
LOST_CHANCE = 0.005
KEPT_OPEN = 0.2
# A loss worth telling but not clear on the first deals is weighed again on
# this many times as many.
AGAIN = 3
# A point of the round's margin as a share of the chance to win the game,
# for ranking mistakes: early in a game a point is worth some 3% (``expert.outcome``),
# and in a game already decided the points are all there is to learn from.
POINT_AS_WIN = 0.03


class Appraisal(NamedTuple):
    """What one move is worth from the seat's information: the chance of
    winning the game (0 to 1) and the round's expected margin in points,
    over ``deals`` sampled deals; ``wins`` and ``margins`` hold them deal by
    deal (for paired comparisons). ``exact``: nothing was hidden (the last
    deal of two players), so the one deal searched is the truth."""

    move: Move
    win: float
    points: float
    wins: tuple[float, ...] = ()
    margins: tuple[float, ...] = ()
    exact: bool = False

    @property
    def deals(self) -> int:
        """How many deals of the hidden cards the figures are the mean of."""
        return len(self.wins)


@runtime_checkable
class Analyst(Protocol):
    """Anything that appraises a seat's moves (``PlayoutAnalyst``, or a level's ``appraise``)."""

    def appraise(self, view: SeatView, moves: Sequence[Move], rng: random.Random,
                 budget: Budget) -> list[Appraisal]:
        """Each of ``moves``' value from ``view``, on the same sampled deals."""
        ...


class Moment(NamedTuple):
    """A decision of the game in review: the move played, the best move the
    analyst found, what the played move lost against it, and why in words."""

    number: int    # the move's place in the game's moves, from 0
    round: int
    seat: int
    played: Move
    best: Move
    win_lost: float
    points_lost: float
    confident: bool  # the best move leads clearly (not by the noise of the deals)
    reason: str
    builds: tuple[Build, ...] = ()  # the table's builds when the move was made, for ``say``
    forced: bool = False  # the move was the only sensible one: no decision to weigh
    chance: float = 0.0  # the played move's chance to win the game, as the reason gives it
    lesson: str = ""  # what the better move does, and what the other side then took (``lesson``)

    @property
    def mistake(self) -> bool:
        """True when the played move clearly lost something worth saying."""
        return self.confident and (self.points_lost >= POINTS_LOST or self.win_lost >= WIN_LOST)


class PlayoutAnalyst:
    """Appraises moves by playing each out to the round's end with the
    playout policy, on the same deals of the hidden cards (dealt as the other
    players' plays suggest, ``unlikely_cards``)."""

    def appraise(self, view: SeatView, moves: Sequence[Move], rng: random.Random,
                 budget: Budget) -> list[Appraisal]:
        """Each move's win chance and round margin, paired over sampled deals."""
        team = view.team_of[view.seat]
        worth = worth_of(view)
        avoid = list(unlikely_cards(view).items())
        wins: list[list[float]] = [[] for _ in moves]
        margins: list[list[float]] = [[] for _ in moves]
        done = 0
        while done == 0 or not budget.spent(done):
            deal = view.sample_avoiding(rng, avoid)
            for i, m in enumerate(moves):
                q = deal.copy()
                event = q.apply(m)
                if event.round_end is None and event.winner is None:
                    event = playout(q, worth)
                wins[i].append(outcome(q, team, event))
                margins[i].append(round_margin(q, team, event))
            done += 1
        return [Appraisal(m, sum(w) / done, sum(p) / done, tuple(w), tuple(p)) for m, w, p in
                zip(moves, wins, margins)]


def analyst() -> Analyst:
    """The analyst reviews use: the ``appraise`` of the level ``REVIEWER``
    names (its ``Appraisal`` values come deal by deal, as the paired test
    needs), or the paired playouts if it names none."""
    if REVIEWER is None:
        return PlayoutAnalyst()
    from . import make_player

    judge = make_player(REVIEWER)
    assert isinstance(judge, Analyst), f"{REVIEWER} has no appraise()"
    return judge


# The level whose appraisal reviews use (None: ``PlayoutAnalyst``): the
# strongest, which judges moves as it plays.
REVIEWER: str | None = "master"


def candidates(view: SeatView, played: Move | None = None) -> list[Move]:
    """The moves worth appraising: the evaluator's best few of the seat's
    legal moves (a pluck or a call among them), and the move played."""
    moves = candidate_moves(view.bare_position())
    plays = [m for m in moves if m.card >= 0]
    ev = Evaluator(view)
    scored = sorted(((ev.score(m), i, m) for i, m in enumerate(shortlist(plays, ev.worth))),
                    key=lambda x: (-x[0], x[1]))
    chosen: list[Move] = []
    for _, _, m in scored:
        if len(chosen) == CANDIDATES:
            break
        if not any(twins(m, c, ev.worth) for c in chosen):
            chosen.append(m)
    # A call short of the target loses the game at once (§9.18): no alternative
    # worth weighing (the last card's forced trail was "3.7 points less than calling").
    chosen += [m for m in moves if m.kind == PLUCK or (m.kind == CALL and call_wins(view))]
    if played is not None and played not in chosen:
        # The move played stands in for its twin, if one was chosen.
        chosen = [m for m in chosen if not twins(m, played, ev.worth)] + [played]
    return chosen


def twins(a: Move, b: Move, worth: Worth) -> bool:
    """Whether two card plays differ only by cards' suits that nothing counts:
    the same play, as far as the game goes (trailing the 7♥ or the 7♦;
    building 13 on 2♥ and 6♣ or on 2♥ and 6♦)."""
    if not (a.card >= 0 and b.card >= 0 and a.kind == b.kind and a.value == b.value
            and a.multiple == b.multiple and rank_of(a.card) == rank_of(b.card)
            and worth.of(1 << a.card) == worth.of(1 << b.card)):
        return False
    if a.takes == b.takes:
        return True
    for r in {rank_of(c) for c in cards_of(a.takes ^ b.takes)}:
        mine, theirs = a.takes & RANK_SETS[r], b.takes & RANK_SETS[r]
        if mine.bit_count() != theirs.bit_count() or worth.of(mine) != worth.of(theirs):
            return False
    return True


def paired_t(a: Appraisal, b: Appraisal) -> float:
    """How clearly ``a`` beats ``b`` on the same deals: the paired t statistic
    of their win chances (large when the lead holds deal after deal)."""
    return knowledge.paired_t(a.wins, b.wins)


_GERUNDS = {"Capture": "capturing", "Build": "building", "Raise": "raising", "Add": "adding",
            "Trail": "trailing", "Pluck": "plucking", "Call": "calling"}


def _as_value(move: Move) -> str:
    """' as 14' for an ace capturing as 14, ' as 11' for the ten of diamonds
    capturing as 11 (§9.7, §9.8): values a card counts only sometimes."""
    if move.card == BIG_CASINO and move.value == 11 or rank_of(move.card) == 1 and move.value == 14:
        return f" as {move.value}"
    return ""


def _plural(move: Move) -> str:
    """A multiple build's value as its cards are named: 'eights', or 'queens'
    when a queen builds them (by rank, or as 12 in Royal)."""
    return plural(move.value, by_rank=rank_of(move.card) == move.value)


def replayed(game: Game) -> tuple[Game, dict[int, int]]:
    """A copy of ``game``, its moves as they stand replayed on a fresh game
    of the same rules, seating and seed (the game may go on meanwhile), and
    where each of its rounds begins in them (round number: the index of its
    first move)."""
    again = Game(game.rules, game.players, game.teams, game.seed)
    starts = {1: 0}
    for i, m in enumerate(list(game.moves)):
        again.play(m, checked=False)
        starts.setdefault(again.round_number, i + 1)
    return again, starts


def say(move: Move, builds: Sequence[Build] = (), target: int = 21) -> str:
    """The move in plain words: 'Capture 8♦ with the 8♠', 'Build 10 on 3♥
    and A♦ with the 6♣' (a build names the cards it is built on). Given the
    table's ``builds``, a move on one of them says what it does to it:
    'Raise the build of 7 to 9 with the 2♥', 'Add 4♦ and the 5♣ to the build
    of 9', 'Capture the build of 8 and 8♦ with the 8♠'. A call names the game's
    ``target`` ('Call for 11' in a game to 11), as the table says it."""
    card = card_symbol(move.card) if move.card >= 0 else ""
    touched = [b for b in builds if b.cards & move.takes]
    loose = [card_symbol(c) for c in cards_of(move.takes & ~sum(b.cards for b in touched))]
    if move.kind == BUILD:
        on = touched[0] if touched else None
        if on is not None:
            if on.value != move.value:
                # In brackets (a comma ran into the sentence), and not "taking in",
                # which read as a capture: the loose cards join it as a multiple build.
                extra = f" (and {listed(loose)} with it, as {_plural(move)})" if loose else ""
                return f"Raise the build of {build_words(on)} to {move.value} with the {card}{extra}"
            return f"Add {listed(loose + [f'the {card}'])} to the build of {build_words(on)}"
        value = _plural(move) if move.multiple else str(move.value)
        return f"Build {value} on {listed(loose)} with the {card}"
    if move.kind == CAPTURE:
        # Builds alike said once ("the build of tens, the build of tens and 10♣" read as one twice).
        named = [build_words(b) for b in touched]
        alike = {w: named.count(w) for w in named}
        parts = [f"the build of {w}" if n == 1 else f"both builds of {w}" if n == 2 else f"the {n} builds of {w}"
                 for w, n in alike.items()] + loose
        return f"Capture {listed(parts)} with the {card}{_as_value(move)}"
    if move.kind == CALL:
        return f"Call for {target}"
    return move.describe()


def gerund(move: Move, builds: Sequence[Build] = (), target: int = 21) -> str:
    """The move as an -ing phrase: 'capturing 8♦ with the 8♠'."""
    verb, _, rest = say(move, builds, target).partition(" ")
    return f"{_GERUNDS.get(verb, verb.lower())} {rest}".strip()


def points_words(x: float) -> str:
    """A number of points as the review says it: '0.4 of a point', 'half a point', 'a point', '2.4 points'."""
    x = abs(x)
    if 0.45 <= x < 0.55:
        return "half a point"  # ("0.5 of a point" read awkwardly)
    if x < 0.95:
        return f"{x:.1f} of a point"
    if x < 1.05:
        return "a point"
    return f"{x:.1f} points".replace(".0 ", " ")


def _chance(x: float) -> str:
    return f"{round(100 * x)}%"


def against(players: int, teams: Sequence[object]) -> str:
    """Whom the round's margin is counted against, in words: 'your opponent',
    'the other side' (partners), 'the best of the others' (three sides or more)."""
    if len(teams) > 2:
        return "the best of the others"
    return "your opponent" if players == 2 else "the other side"


def reason(best: Appraisal, played: Appraisal, now: bool = False, builds: Sequence[Build] = (),
           rivals: str = "your opponent", target: int = 21) -> str:
    """One line on why ``best`` beats ``played``, in the game's words:
    "Capturing 10♦ with the 10♠ was worth about 4 points more against your
    opponent than building 10 on 3♣ and 7♦ with the 7♠ (your chance to win
    the game: 64% this way, 51% the other way)." The points are the round's
    margin: the side's points less ``rivals``' (``against``). (``now``: of a move still to
    play, as for a hint: "is worth"; ``builds``: the table's, as ``say``
    takes them; ``target``, the game's, for a call.)"""
    was, gives = ("is", "gives") if now else ("was", "gave")
    lead = best.points - played.points
    first = gerund(best.move, builds, target)
    if best.move.kind == PLUCK and played.move.card >= 0:
        first += " first"  # its value holds the best card play after it
    first = first[0].upper() + first[1:]
    other = gerund(played.move, builds, target)
    # Both figures are yours, one for each move ("64% against 51%" read as you against them).
    chances = f"{_chance(best.win)} this way, {_chance(played.win)} the other way"
    same_chance = round(100 * best.win) == round(100 * played.win)
    if abs(lead) < 0.05:
        if same_chance:
            return f"{first} {was} as good as {other}: the same points and the same chance to win the game."
        return f"{first} {gives} a better chance to win the game than {other} ({chances}) for the same points."
    if lead < 0:  # better for the game though fewer points this round
        if same_chance:
            return (f"{first} {gives} a slightly better chance to win the game than {other}, for about "
                    f"{points_words(lead)} less against {rivals} this round.")
        return (f"{first} {was} worth about {points_words(lead)} less against {rivals} than {other} this "
                f"round, but {gives} a better chance to win the game ({chances}).")
    line = f"{first} {was} worth about {points_words(lead)} more against {rivals} than {other}"
    return line + ("." if same_chance else f" (your chance to win the game: {chances}).")


class Why(NamedTuple):
    """The reason for a hint, and the move to hint instead when a second,
    closer weighing finds another clearly better (None: the hint stands)."""

    text: str
    better: Move | None = None


def explain(view: SeatView, move: Move, rng: random.Random, budget: Budget,
            judge: Analyst | None = None) -> Why:
    """Why ``move`` (a hint, say) is the one to play: how it compares with the
    best other candidate, in one line of the review's words; or, where that
    weighing finds another move clearly better, that move and why."""
    moves = candidates(view, move)
    if len(moves) < 2:
        return Why("It is the only sensible move.")
    if move.kind == CALL and call_counts(view.bare_position())[view.team_of[view.seat]] >= view.rules.target:
        # Not "about equally good" as a card play that also wins in the end: the call wins now.
        return Why("The call wins the game now, whatever the cards still hidden.")
    judged = (judge or analyst()).appraise(view, moves, rng, budget)
    this = next(a for a in judged if a.move == move)
    # A pluck is no alternative to a card play: it keeps the turn, and the play can follow it.
    others = [a for a in judged if a.move != move and (move.card < 0 or a.move.kind != PLUCK)]
    if not others:
        return Why("It is the only sensible move.")
    runner = max(others, key=lambda a: (a.win, a.points))
    ahead = (this.win, this.points) >= (runner.win, runner.points)
    if ahead and clear(this, runner):
        return Why(reason(this, runner, now=True, builds=view.builds, rivals=against(view.players, view.teams),
                          target=view.rules.target))
    # Not clearly ahead: what the move does, in the game's words, then how
    # near the next best comes. The hint's search and this second weighing
    # sample the hidden cards apart: say which way they lean without calling
    # the hint better than it weighed.
    merit = what_it_does(view, move)
    if merit in (hint.WAITING, hint.SAFEST) or merit.startswith(hint.LAST_WAITING):
        merit = ""  # a judgement that the weighing below does not bear out: the facts only
    target = view.rules.target
    mine, other = gerund(move, view.builds, target), gerund(runner.move, view.builds, target)
    both = f"{mine[0].upper() + mine[1:]} and {other}"
    lead = f"{merit} " if merit else ""
    if round(100 * this.win) == round(100 * runner.win):
        return Why(f"{lead}{both} are about equally good here: both give about {_chance(this.win)} "
                   f"to win the game.")
    if ahead:
        return Why(f"{lead}{both} are too close to call from what you can see "
                   f"({_chance(this.win)} and {_chance(runner.win)} to win the game).")
    if paired_t(runner, this) <= CONFIDENT or runner.win - this.win < SWITCH:
        # Behind on these deals, not clearly: "too close to call (40% and 48%)"
        # read as a hint its own reason found worse. (Nor is a hint changed for
        # less than SWITCH: "Hint changed ... (94% against 93%)" read as a whim.)
        if runner.win - this.win < 0.05:
            return Why(f"{lead}{both} are too close to call from what you can see (about "
                       f"{_chance((this.win + runner.win) / 2)} to win the game either way).")
        # Close first, then the lean: "came out ahead of the hint, though not by enough
        # to be sure" read as the hint arguing against itself.
        return Why(f"{lead}{both} are close: weighed again on other deals, the second came out a little ahead "
                   f"({_chance(runner.win)} to win the game against {_chance(this.win)}), not clearly enough "
                   "to change the hint.")
    # Weighed closer, on other deals, the next best is clearly ahead: the hint
    # changes to it ("why?" used to call its own hint worse and leave it up).
    degree = "a little better" if runner.win - this.win < 0.05 else "better"
    return Why(f"Weighed more closely, it does {degree} than {mine} "
               f"({_chance(runner.win)} to win the game this way, {_chance(this.win)} that way).", runner.move)


def clear(best: Appraisal, other: Appraisal) -> bool:
    """Whether ``best`` leads ``other`` beyond the noise of the deals: deal
    after deal in the chance to win or in the round's margin (a paired t
    statistic above ``CONFIDENT``); or at all, where nothing was hidden and
    the one deal searched is the truth."""
    if best.exact and other.exact:
        return best.win - other.win > 1e-9 or best.points - other.points > 1e-9
    return (paired_t(best, other) > CONFIDENT
            or knowledge.paired_t(best.margins, other.margins) > CONFIDENT)


def _value(a: Appraisal) -> tuple[float, float]:
    return a.win, a.points


def _pooled(a: Appraisal, b: Appraisal) -> Appraisal:
    """One move's two appraisals as one, over all their deals (the first
    alone where either lacks its figures deal by deal)."""
    if not (a.wins and b.wins and a.margins and b.margins):
        return a
    wins, margins = a.wins + b.wins, a.margins + b.margins
    return a._replace(win=sum(wins) / len(wins), points=sum(margins) / len(margins), wins=wins, margins=margins)


def judge_move(view: SeatView, played: Move, rng: random.Random, budget: Budget,
               judge: Analyst) -> tuple[Move, float, float, bool, str, float | None]:
    """The best move from ``view``, and what ``played`` lost against it: win
    chance, points, whether the lead is clear, and the reason; and the
    played move's chance to win (None when there was no choice to weigh).

    A pluck keeps the turn, so its value holds the best card play after it:
    a card play is weighed against the other card plays, and against a pluck
    only where no card play beats it clearly (then the lesson is to pluck
    first, not which card to play)."""
    moves = candidates(view, played)
    if len(moves) < 2:
        return played, 0.0, 0.0, False, "", None
    count = call_counts(view.bare_position())[view.team_of[view.seat]] if played.kind == CALL else 0
    if played.kind == CALL and count >= view.rules.target:
        return played, 0.0, 0.0, False, "", 1.0  # the call won the game: nothing was better
    judged = judge.appraise(view, moves, rng, budget)
    mine = next(a for a in judged if a.move == played)
    if mine.win >= 1.0 - 1e-9:
        # A game won whatever follows: points beyond the win are no lesson.
        return played, 0.0, 0.0, False, "", mine.win
    best = max(judged, key=lambda a: (*_value(a), a.move == played))
    if played.kind != PLUCK and best.move.kind == PLUCK:
        plays = max((a for a in judged if a.move.kind != PLUCK), key=lambda a: (*_value(a), a.move == played))
        if plays.move != played and clear(plays, mine):
            best = plays
    if best.move == played:
        return played, 0.0, 0.0, False, "", mine.win
    if not clear(best, mine) and (best.points - mine.points >= POINTS_LOST or best.win - mine.win >= WIN_LOST):
        # A loss worth telling that the deals left in doubt: weighed again on more
        # deals, the two moves alone. (A move that cost two points was left out
        # on the noise of one set of deals, while a smaller loss was listed.)
        again = judge.appraise(view, [best.move, played], rng, Budget(
            work=None if budget.work is None else budget.work * AGAIN, cancel=budget.cancel,
            ms=None if budget.ms is None else budget.ms * AGAIN, clock=budget.clock))
        best, mine = _pooled(best, again[0]), _pooled(mine, again[1])
        if _value(best) <= _value(mine):
            return played, 0.0, 0.0, False, "", mine.win
    rivals = against(view.players, view.teams)
    why = reason(best, mine, builds=view.builds, rivals=rivals, target=view.rules.target)
    if best.move.kind == CALL:
        counted = call_counts(view.bare_position())[view.team_of[view.seat]]
        if counted >= view.rules.target:
            # Not "a better chance ... for the same points": the call ended the game, won.
            then = gerund(played, view.builds, view.rules.target)
            why = (f"Calling for {view.rules.target} would have won the game at once: your side counted "
                   f"{counted}. After {then} your chance to win it was {_chance(mine.win)}.")
    if played.kind == CALL:
        # A call is decided at once, from what everyone has seen: lost, the count short (§9.18).
        then = gerund(best.move, view.builds, view.rules.target)
        target = view.rules.target
        why = (f"Calling for {target} lost the game: your side counted {count}, short of {target}. "
               f"{then[0].upper() + then[1:]} would have kept a {_chance(best.win)} chance to win it.")
    return best.move, best.win - mine.win, best.points - mine.points, clear(best, mine), why, mine.win


def merit(view: SeatView, best: Move, played: Move | None = None, lost: bool = False) -> str:
    """What the better move does, in the hint's words ("It takes big
    casino."), after what a point card trailed instead gave away; for a
    trail, only what the card trailed instead gave away (its other words,
    "this card gives the least away", would only repeat that it was better).
    Beside a capture played, a capture speaks of what it takes that the
    played one left. ``lost``: the move played left the game as good as
    lost, and the better one did not: said first, before any fact of the
    better move that scores nothing ("It puts your 9♠ in your pile" was the
    only reason given for a move that kept the game alive)."""
    said = _merit(view, best, played)
    if not lost:
        return said
    first = "After your move the game was as good as lost; this move keeps it open."
    if best.kind == TRAIL or not _scoring(view, best):
        return first
    return f"{first} {said}" if said else first


def _scoring(view: SeatView, move: Move) -> bool:
    """Whether a capture or build takes or puts at stake a point card, or sweeps."""
    if point_words(move.takes | 1 << move.card, view.rules.spade_scoring):
        return True
    return move.kind == CAPTURE and view.bare_position().apply(move).sweep


def _merit(view: SeatView, best: Move, played: Move | None) -> str:
    said = _merit_of(view, best, played)
    if played is None or not view.rules.sweeps or said.startswith("Your "):
        return said  # (a sweep that scores nothing, or a lesson of the move played already said)
    # A table left for a sweep, where the better move left none: said after what the better move does.
    left, exposed = sweepable(view, played)
    if not exposed or sweepable(view, best)[1]:
        return said  # (a better move that left a sweep too is no lesson of one)
    sweep = f"Your move left {left} alone on the table: {of_unseen(view, exposed)} could sweep it."
    return f"{said} {sweep}" if said else sweep


def _merit_of(view: SeatView, best: Move, played: Move | None) -> str:
    if best.kind == CALL:
        return ""  # the reason says it: the call would have won (the hint's words are for now)
    if played is not None and played.kind == TRAIL and best.kind != TRAIL:
        # A point card trailed where a play took or built: the gift is the lesson
        # ("Every card taken counts towards most cards" was said of trailing big casino).
        given = point_words(1 << played.card, view.rules.spade_scoring)
        if given:
            does = _does(view, best)
            return (f"Your trail left the {card_symbol(played.card)} on the table, {listed(given)} for "
                    f"{others(view)} to take." + (f" {does}" if does else ""))
    if best.kind == TRAIL:
        # Beside another trail, what the card trailed left for the taking that this one does not.
        if played is not None and played.kind == TRAIL:
            spade = view.rules.spade_scoring
            given, kept = point_words(1 << played.card, spade), point_words(1 << best.card, spade)
            if given and not kept:
                return (f"It keeps the {card_symbol(played.card)} in your hand: trailed, it lay on the table, "
                        f"{listed(given)} for the taking.")
            # The one card of the hand that could take a point card on the table, trailed away.
            prize = _only_reach(view, played.card)
            if prize is not None:
                return (f"It keeps the {card_symbol(played.card)}, the one card in your hand that takes the "
                        f"{card_symbol(prize)} on the table ({listed(point_words(1 << prize, spade))}).")
            # Else how many cards could take each where it lay ("worth 1.1 points more" was all it said).
            exposed, safer = takers(view, played.card), takers(view, best.card)
            if exposed > safer:
                return (f"Trailed, the {card_symbol(played.card)} could be taken by {of_unseen(view, exposed)}; "
                        f"the {card_symbol(best.card)} by {safer or 'none'}.")
        return ""
    if played is not None and best.kind == CAPTURE and played.kind == CAPTURE \
            and not view.bare_position().apply(best).sweep:
        ours, theirs = best.takes | 1 << best.card, played.takes | 1 << played.card
        # Of the table's cards: the card played from the hand was not "left" by the other move.
        more = point_words(best.takes & ~played.takes, view.rules.spade_scoring)
        if more:
            return f"It takes {listed(more)} that your move left."
        extra = ours.bit_count() - theirs.bit_count()
        if extra > 0:
            return f"It takes {extra} more card{'s' if extra > 1 else ''}."
    if played is not None and best.kind == CAPTURE and played.kind == BUILD and best.takes \
            and best.takes & played.takes == best.takes:
        # The same cards taken now or built on for later: the lesson is the risk the
        # build ran ("It takes a spade" was true of the build as well).
        cards = listed([card_symbol(c) for c in cards_of(best.takes)])
        return (f"It takes {cards} at once: your build left {'it' if best.takes.bit_count() == 1 else 'them'} "
                f"on the table until your next turn, for {others(view)} to take {_or_raise(played)}first.")
    if played is not None and best.kind == CAPTURE and played.kind == BUILD:
        # What the build put at risk, beside what the capture takes ("It takes a
        # spade" alone missed that the build left an ace out).
        risked = point_words(played.takes | 1 << played.card, view.rules.spade_scoring)
        if risked:
            does = _does(view, best)
            return ((does + " " if does else "") + f"Your build left {listed(risked)} on the table until your "
                    f"next turn, for {others(view)} to take {_or_raise(played)}first.")
    return _does(view, best)


def _only_reach(view: SeatView, card: int) -> int | None:
    """A loose point card on the table that ``card`` could capture and no
    other card of the hand could (the card the better move plays instead is
    kept by the move played, and counts); None if none."""
    gen = generator_of(view)
    spade = view.rules.spade_scoring

    def reaches(c: int, prize: int) -> bool:
        return can_take(view.rules, c, lambda v: grouped(gen, view.loose, v, prize), rank_of(prize))

    others = [c for c in cards_of(view.hand) if c != card]
    for prize in cards_of(view.loose):
        if point_words(1 << prize, spade) and reaches(card, prize) and not any(reaches(c, prize) for c in others):
            return prize
    return None


def _does(view: SeatView, best: Move) -> str:
    """What the better move does, in the hint's words, as a reason for it:
    a build on another's build without the risk the hint warns of."""
    said = what_it_does(view, best)
    if said.startswith(hint.TAKEN_OVER + ";"):
        return hint.TAKEN_OVER + "."  # ("...; but its old owner still holds a 10" argued against it)
    return said


def _or_raise(build: Move) -> str:
    """'or raise ' where the build made could be raised (a multiple one cannot)."""
    return "" if build.multiple else "or raise "


def rival_words(players: int, teams: Sequence[Sequence[int]]) -> str:
    """Who took the cards, seen from the reviewed seat."""
    if players == 2:
        return "your opponent"
    return "the other side" if len(teams) == 2 else "another player"


def followed(event: Event, watched: int, team_of: Sequence[int], seat: int, builds: Sequence[Build],
             rival: str) -> str:
    """"After your move, your opponent took J♦ with the J♣." when another side's move
    (``event``, made with ``builds`` on the table) took any of the
    ``watched`` cards (the card trailed, the build made, the cards the better
    move would have taken) or swept the table, naming all it took; ""
    otherwise."""
    team = team_of[seat]
    if team_of[event.seat] == team or event.move.card < 0 or not (event.taken & watched or event.sweep):
        return ""
    got = event.taken & ~(1 << event.move.card)
    names = []
    for b in builds:
        if b.cards & got:
            whose = "your" if b.controller == seat else "your partner's" if team_of[b.controller] == team else "the"
            names.append(f"{whose} build of {build_words(b)}")
            got &= ~b.cards
    names += [card_symbol(c) for c in cards_of(got)]
    if not names:
        return ""
    sweep = ", sweeping the table" if event.sweep else ""
    # "After your move": it follows the better move's merits, and "Then" read
    # as if the better move had led to it.
    return f"After your move, {rival} took {listed(names)} with the {card_symbol(event.move.card)}{sweep}."


def review(played: Game, seats: Sequence[int], work: int = REVIEW_WORK, judge: Analyst | None = None,
           progress: Callable[[int, int], bool] | None = None,
           rounds: Collection[int] | None = None,
           memo: dict[tuple[Move, ...], Moment] | None = None) -> list[Moment]:
    """Review every decision of ``seats`` in the game ``played`` that had a
    choice (in ``rounds`` only, if given): its moves are replayed on a fresh
    game of the same rules, seating and seed, and each such decision gives
    one ``Moment``, in the order played. ``progress(done, total)`` is called
    after each; if it returns False the review stops there (what was
    reviewed so far is returned). The same game and work give the same
    review every time, so ``memo`` may keep each decision's weighing (by
    the game's moves up to it, for one game's seed, work and judge) for a
    later review of the same game: the game's after its rounds'."""
    judge = judge or analyst()
    moves = list(played.moves)  # as they stand now, if the game goes on meanwhile
    chosen = [(i, seat) for i, (seat, round_) in enumerate(_movers(played, moves))
              if seat in seats and (rounds is None or round_ in rounds)]
    wanted = {i for i, _ in chosen}
    game = Game(played.rules, played.players, played.teams, played.seed)
    rival = rival_words(played.players, played.teams)
    out: list[Moment] = []
    # The moment whose move left cards to watch, and which, until its seat moves again.
    watching: tuple[int, int] | None = None
    for i, m in enumerate(moves):
        pos = game.position
        if watching is not None and pos.to_move == out[watching[0]].seat:
            watching = None
        if len(out) == len(chosen) and watching is None:
            break
        builds = pos.builds
        if i in wanted:
            seat = pos.to_move
            key = tuple(moves[:i + 1])
            weighed = memo.get(key) if memo is not None else None
            if weighed is None:
                view = SeatView(pos, seat, game.turns)
                rng = random.Random(f"review/{played.seed}/{i}")
                best, win, pts, sure, why, chance = judge_move(view, m, rng, Budget(work=work), judge)
                weighed = Moment(i, game.round_number, seat, m, best, win, pts, sure, why, builds,
                                 chance is None, chance or 0.0,
                                 merit(view, best, m, lost=chance is not None and chance < LOST_CHANCE
                                       and win >= KEPT_OPEN) if best != m else "")
                if memo is not None:
                    memo[key] = weighed  # before what followed is told: told again each time
            out.append(weighed)
            if progress is not None and not progress(len(out), len(chosen)):
                return out
        event = game.play(m, checked=False)  # ``played`` checked every move already
        if i in wanted:
            moment = out[-1]
            left = (1 << m.card if m.kind == TRAIL else 0) | (event.build.cards if event.build is not None else 0)
            watched = (left | moment.best.takes) if moment.best != m else 0
            # (Watched too with nothing to watch: a sweep by the others is always worth saying.)
            watching = (len(out) - 1, watched) if moment.best != m and event.round_end is None else None
        elif watching is not None:
            k, watched = watching
            then = followed(event, watched, pos.team_of, out[k].seat, builds, rival)
            if then:
                out[k] = out[k]._replace(lesson=" ".join(x for x in (out[k].lesson, then) if x))
                watching = None
            elif event.round_end is not None:
                watching = None
    return out


def _movers(played: Game, moves: Sequence[Move]) -> list[tuple[int, int]]:
    """Who made each move of the game, and in which round."""
    game = Game(played.rules, played.players, played.teams, played.seed)
    out = []
    for m in moves:
        out.append((game.position.to_move, game.round_number))
        game.play(m, checked=False)
    return out


def cost(moment: Moment) -> float:
    """What a moment cost, for ranking: the chance to win the game lost, and
    the points lost at ``POINT_AS_WIN`` each (a lost point counts even in a
    game already decided; a point gained for a better chance counts nothing)."""
    return moment.win_lost + POINT_AS_WIN * max(0.0, moment.points_lost)


def worst(moments: Sequence[Moment], count: int = COSTLIEST) -> list[Moment]:
    """The clear mistakes that cost most (``cost``), worst first; one lesson
    once: of moments whose better move was the same (the 10♦ left on the
    table turn after turn filled five of eight places), the costliest."""
    found = [m for m in moments if m.mistake]
    found.sort(key=lambda m: (-cost(m), m.number))
    told: set[Move] = set()
    out = []
    for m in found:
        if m.best not in told:
            told.add(m.best)
            out.append(m)
    return out[:count]


def left_out(moments: Sequence[Moment], shown: Sequence[Moment]) -> str:
    """Why fewer clear mistakes are ``shown`` than were found, in words ('' if
    none is left out): ' (2 more had the same better move as one shown, 1
    more cost less)'; the summary's count read as a count of those shown."""
    told = {m.best for m in shown}
    rest = [m for m in moments if m.mistake and m not in shown]
    repeats = sum(1 for m in rest if m.best in told)
    cheaper = len(rest) - repeats
    which = "the one" if len(shown) == 1 else "one"
    parts = ([f"{repeats} more had the same better move as {which} shown"] if repeats else []) + \
        ([f"{cheaper} more cost less"] if cheaper else [])
    return f" ({', '.join(parts)})" if parts else ""


def costliest(moments: Sequence[Moment], shown: Sequence[Moment], order: str) -> str:
    """The words before the mistakes shown, ``order`` saying how they are
    listed (', in the order played', ' first'): 'The costliest first:', and
    how many where some are left out ('The 8 costliest first (1 more ...):',
    'The costliest (2 more had ... as the one shown):')."""
    aside = left_out(moments, shown)
    if not aside:
        return f"The costliest{order}:"
    return f"The {len(shown)} costliest{order}{aside}:" if len(shown) > 1 else f"The costliest{aside}:"


def points_lost(moments: Sequence[Moment]) -> float:
    """The points the clear mistakes lost in all (a mistake that gave up the
    chance to win for points this round loses none)."""
    return sum(max(0.0, m.points_lost) for m in moments if m.mistake)


def chance_lost(moment: Moment) -> int:
    """The chance to win the game a moment lost, in whole percent: the
    difference of the two chances its reason gives, each rounded as shown."""
    return round(100 * (moment.chance + moment.win_lost)) - round(100 * moment.chance)


def decisions(moments: Sequence[Moment]) -> int:
    """How many of the moments had a choice to weigh."""
    return sum(1 for m in moments if not m.forced)


__all__ = ["Analyst", "Appraisal", "Moment", "PlayoutAnalyst", "against", "analyst", "candidates",
           "chance_lost", "clear", "cost", "costliest", "decisions", "explain", "gerund", "judge_move", "left_out", "paired_t",
           "points_lost", "reason", "review", "say", "twins", "worst", "COSTLIEST"]
