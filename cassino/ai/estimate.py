"""What an unfinished round is worth: the Master's judgement where its search stops.

``Estimate`` looks at a fully dealt position (one sampled deal of the hidden
cards) and says what each side can expect to score by the round's end: the
points already in its pile, and a share of every item still out (a card's
points, most cards, most spades). A card's share depends on where it lies:
in a side's hand or in a build it controls it will most likely end in that
side's pile; loose on the table it goes a little more often to the side
that plays next; in the stock it is anyone's. ``game_value`` turns those
expected points and their spread into the chance of winning the game from
the score (§8, §9.16, §9.21), the Master's aim, with the expected margin of
the round beside it.
"""

from __future__ import annotations

from math import comb, erf, sqrt
from statistics import NormalDist

from cassino.rules import Event, Position, Rules
from cassino.rules.cards import RANK_SETS, SPADE_SET, rank_of
from cassino.rules.legal import generator

from .knowledge import points_of

# How the game goes on after a round, as the Expert reckons it (expert.py):
# a round's margin between two sides spreads about this much, and a side
# scores about this much a round (scaled by the points a round is worth).
ROUND_SPREAD = 5.5
ROUND_POINTS = 6.5
# A point of the round's margin is worth this much win chance beside the
# chance itself: it breaks ties and keeps the round's points in view.
MARGIN_WEIGHT = 0.01
# A game won or lost outright outranks every estimate: beside a sure win, the
# margin's tie-break must not make "98% to win, 6 points up" the better move.
# A game over counts as if by this margin (more than a round's), its own
# margin only breaking ties between games over, at a hundredth of the weight.
DECIDED_MARGIN = 25.0


def decided_score(win: float, margin: float) -> float:
    """The score of a game over (``win`` 1: won, 0: lost), beyond any
    estimate's reach; of two such, the bigger margin scores more. (Every
    margin of a game won scored alike, so a search's margin for a game
    already decided was any line's: the review called moves that cost
    nothing "worth 7 points more".)"""
    fixed = DECIDED_MARGIN if win >= 1.0 else -DECIDED_MARGIN
    return win + MARGIN_WEIGHT * (fixed + max(-DECIDED_MARGIN, min(DECIDED_MARGIN, margin)) / 100)

_SQRT2 = sqrt(2.0)
_NORMAL = NormalDist()
# Gauss-Legendre nodes and weights on [-1, 1] (five points).
_LEGENDRE = ((-0.9061798459386640, 0.2369268850561891), (-0.5384693101056831, 0.4786286704993665),
             (0.0, 0.5688888888888889), (0.5384693101056831, 0.4786286704993665),
             (0.9061798459386640, 0.2369268850561891))


def phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + erf(x / _SQRT2))


class Shares:
    """Where a card still out most likely ends: the chance that it goes to the
    side of the seat holding it (``hand``), of a build's controller
    (``build``), of the seat to play next if it lies loose (``loose``); and
    how lumpy the split of the cards still out is (``lumps``: the variance of
    a side's count over that of cards taken one at a time)."""

    __slots__ = ("hand", "hand_points", "build", "loose", "loose_points", "lumps", "sweep",
                 "new_points", "new_plain", "new_last")

    def __init__(self, hand: float = 0.72, hand_points: float = 0.64, build: float = 0.87,
                 loose: float = 0.54, loose_points: float = 0.6, lumps: float = 2.5,
                 sweep: float = 1.0, new_points: float = 0.73, new_plain: float = 0.55,
                 new_last: float = 0.42):
        # (Measured in the Expert's games of Draw Cassino and of partnerships:
        # a card with points in hand is less safe than one without.)
        self.hand = hand
        self.hand_points = hand_points
        self.build = build
        self.loose = loose
        self.loose_points = loose_points
        self.lumps = lumps
        # At the start of a deal, the first player takes a loose card with
        # points this often, one without (``new_plain``), and one without in
        # the round's last deal, where the last capture takes what is left
        # (``new_last``): measured in the Expert's games.
        self.new_points = new_points
        self.new_plain = new_plain
        self.new_last = new_last
        # At a new deal, the chance that the first player sweeps the table
        # counts this many times a sweep's points to its side.
        self.sweep = sweep


class Estimate:
    """The expected end of a round for one side (``team``), from positions of
    one rule set and seating."""

    def __init__(self, pos: Position, team: int, shares: Shares | None = None):
        rules = pos.rules
        self.rules = rules
        self.team = team
        self.team_of = pos.team_of
        self.sides = len(pos.teams)
        self.shares = shares or Shares()
        self.pack = pos.shape.pack_mask
        self.round_cards = pos.shape.round_cards
        points = points_of(rules)
        # The point cards grouped by their points, for sums by popcount.
        groups: dict[float, int] = {}
        for c in range(52):
            if points[c] and self.pack >> c & 1:
                groups[points[c]] = groups.get(points[c], 0) | 1 << c
        self.point_groups = tuple(sorted(groups.items()))
        self.point_mask = sum(m for _, m in self.point_groups)
        self.spades = SPADE_SET & self.pack
        base = sum(p * m.bit_count() for p, m in self.point_groups) + 4.0
        self.scale = max(1.0, base / 11.0)
        self.sweep_points = float(rules.sweeps)
        # The cards that capture as each value, and which cards would sweep a
        # given loose table (kept per table: searches meet the same tables often).
        self.capture_masks = [0] * 16
        for c in range(52):
            for v in rules.capture_values_of[c]:
                self.capture_masks[v] |= 1 << c
        self.valueless = sum(1 << c for c in range(52) if not rules.part_values[c])
        self.sweepers: dict[int, int] = {}
        self.gen = generator(pos)

    def points(self, mask: int) -> float:
        """The card points of a set of cards."""
        total = 0.0
        for p, m in self.point_groups:
            if mask & m:
                total += p * (mask & m).bit_count()
        return total

    def expected(self, pos: Position, hands_known: bool = True) -> tuple[list[float], float]:
        """Each side's expected points for the round, and the variance of our
        side's margin over the best other side's. ``hands_known=False`` treats
        the hands as freshly dealt (a new deal: anyone's, like the stock)."""
        sides = self.sides
        sh = self.shares
        captured = pos.captured
        pts = [self.points(c) + self.sweep_points * s for c, s in zip(captured, pos.sweeps)]
        cards = [float(c.bit_count()) for c in captured]
        spades = [float((c & SPADE_SET).bit_count()) for c in captured]
        sure_cards = cards[:]
        sure_spades = spades[:]
        var_cards = [0.0] * sides
        var_spades = [0.0] * sides
        var_points = [0.0] * sides
        out = self.pack
        for c in captured:
            out &= ~c
        # (mask, side it leans to, chance it goes there); None: an even share.
        classes: list[tuple[int, int | None, float]] = []
        known = 0
        if hands_known:
            team_of = self.team_of
            pm = self.point_mask
            for s, h in enumerate(pos.hands):
                if h:
                    if h & pm:
                        classes.append((h & pm, team_of[s], sh.hand_points))
                    if h & ~pm:
                        classes.append((h & ~pm, team_of[s], sh.hand))
                    known |= h
        for b in pos.builds:
            classes.append((b.cards, self.team_of[b.controller], sh.build))
            known |= b.cards
        if pos.loose:
            first = self.team_of[pos.to_move]
            pointed = pos.loose & self.point_mask
            plain = pos.loose & ~pointed
            if hands_known:
                if pointed:
                    classes.append((pointed, first, sh.loose_points))
                if plain:
                    classes.append((plain, first, sh.loose))
            else:
                if pointed:
                    classes.append((pointed, first, sh.new_points))
                if plain:
                    classes.append((plain, first, sh.new_plain if pos.stock else sh.new_last))
            known |= pos.loose
        rest = out & ~known
        if rest:
            classes.append((rest, None, 1.0 / sides))
        for mask, lean, p in classes:
            n = mask.bit_count()
            ns = (mask & SPADE_SET).bit_count()
            np_ = self.points(mask) if mask & self.point_mask else 0.0
            q = (1.0 - p) / (sides - 1) if lean is not None else p
            for t in range(sides):
                share = p if t == lean or lean is None else q
                if share <= 0.0:
                    continue
                pts[t] += share * np_
                cards[t] += share * n
                spades[t] += share * ns
                v = share * (1.0 - share)
                var_cards[t] += v * n
                var_spades[t] += v * ns
                if np_:
                    # Points come card by card: a side's variance from them, roughly.
                    var_points[t] += v * np_ * np_ / max(1, (mask & self.point_mask).bit_count())
        if not hands_known and self.sweep_points and pos.loose and not pos.builds and sh.sweep:
            # A new deal: the first player may sweep the table with a card from its new hand.
            pool = out & ~pos.loose
            n = pool.bit_count()
            m = (pool & self.sweeping(pos.loose)).bit_count()
            h = pos.hands[pos.to_move].bit_count()
            if m and n >= h:
                p = 1.0 - comb(n - m, h) / comb(n, h)
                pts[self.team_of[pos.to_move]] += sh.sweep * self.sweep_points * p
        lumps = sh.lumps
        total_cards = self.round_cards
        us = self.team
        var_margin = 0.0
        if sides == 2:
            them = 1 - us
            for counts, sure, var, total, item in ((cards, sure_cards, var_cards, total_cards, 3.0),
                                                   (spades, sure_spades, var_spades, 13, 1.0)):
                p_us, p_them = _majority(counts[us], counts[them], sure[us], sure[them],
                                         4.0 * lumps * var[us], total)
                if self.rules.card_tie_to_spades and item == 3.0 and p_us + p_them < 1.0:
                    tie = 1.0 - p_us - p_them
                    lead = 0.5 + (spades[us] - spades[them]) / 26.0
                    p_us += tie * min(1.0, max(0.0, lead))
                    p_them += tie * min(1.0, max(0.0, 1.0 - lead))
                pts[us] += item * p_us
                pts[them] += item * p_them
                var_margin += item * item * (p_us * (1 - p_us) + p_them * (1 - p_them) + 2 * p_us * p_them)
            var_margin += 4.0 * var_points[us]
        else:
            for counts, var, item in ((cards, var_cards, 3.0), (spades, var_spades, 1.0)):
                wins = []
                for t in range(sides):
                    best = max(counts[o] for o in range(sides) if o != t)
                    o = next(o for o in range(sides) if o != t and counts[o] == best)
                    sd = sqrt(lumps * (var[t] + var[o]))
                    d = counts[t] - best
                    wins.append(phi((d - 0.5) / sd) if sd > 1e-9 else (1.0 if d > 0 else 0.0))
                norm = sum(wins)
                if norm > 1.0:
                    wins = [w / norm for w in wins]
                for t in range(sides):
                    pts[t] += item * wins[t]
                var_margin += item * item * 2 * wins[us] * (1 - wins[us])
            var_margin += 2.0 * var_points[us]
        # Sweeps still to come: about one a round, anyone's.
        if self.sweep_points:
            var_margin += self.sweep_points ** 2 * 1.5 * out.bit_count() / total_cards
        return pts, var_margin

    def sweeping(self, loose: int) -> int:
        """The cards that would capture every one of these loose cards at once."""
        got = self.sweepers.get(loose)
        if got is None:
            got = 0
            if loose & self.valueless:
                rank = rank_of(loose.bit_length() - 1)
                same = RANK_SETS[rank]
                if not loose & ~same and (loose & (loose - 1) == 0 or self.rules.court_capture == "all"
                                          or self.rules.trailing_royals):
                    got = same & ~loose
            else:
                for v in range(1, self.rules.max_build + 1):
                    if self.gen.splits(loose, v):
                        got |= self.capture_masks[v]
            self.sweepers[loose] = got
        return got

    def value(self, pos: Position, hands_known: bool = True) -> tuple[float, float]:
        """The chance of winning the game and the expected round margin, from
        where the round stands."""
        pts, var = self.expected(pos, hands_known)
        return game_value(self.rules, pos.round, pos.scores, self.team, pts, var, self.scale)

    def final(self, pos: Position, event: Event) -> tuple[float, float]:
        """The same at the end of a round or of the game (an exact result)."""
        return final_value(pos, self.team, event, self.scale)


def _majority(ours: float, theirs: float, sure_ours: float, sure_theirs: float, var: float,
              total: int) -> tuple[float, float]:
    """The chances that we, and that they, end with more of a kind of card
    (``total`` of them in the round), from the expected counts, the counts
    already taken and the variance of the difference."""
    half = total / 2.0
    if sure_ours > half:  # decided already: more than half taken
        return (1.0, 0.0)
    if sure_theirs > half:
        return (0.0, 1.0)
    d = ours - theirs
    if var <= 1e-9:
        return (1.0, 0.0) if d > 0.5 else (0.0, 1.0) if d < -0.5 else (0.0, 0.0)
    sd = sqrt(var)
    step = 1.0 if total % 2 == 0 else 0.0  # an even total can be shared: d of 0
    return phi((d - step) / sd), phi((-d - step) / sd)


def _spread(rules: Rules, round_: int, top: float, scale: float) -> float:
    """How far apart the totals may move in the rounds still to play after
    this one, the leader at ``top`` (at least one more round)."""
    if rules.rounds is not None:
        rounds = max(1.0, float(rules.rounds - round_))
    else:
        rounds = max(1.0, (rules.target - top) / (ROUND_POINTS * scale))
    return ROUND_SPREAD * scale * sqrt(rounds)


def _continue(rules: Rules, round_: int, diff: float, top: float, scale: float) -> float:
    """The chance of winning the game from totals ``diff`` apart after a round
    that did not end it, the leader at ``top``."""
    return phi(diff / _spread(rules, round_, top, scale))


def game_value(rules: Rules, round_: int, scores: tuple[int, ...], team: int, pts: list[float],
               var: float, scale: float) -> tuple[float, float]:
    """The chance that ``team`` wins the game, and its expected margin in the
    round, when the round's points are expected to be ``pts`` per side with
    variance ``var`` in our margin over the best other side."""
    others = [t for t in range(len(pts)) if t != team]
    o = max(others, key=lambda t: (scores[t] + pts[t], -t))
    margin = pts[team] - max(pts[t] for t in others)
    a = scores[team] + pts[team]
    b = scores[o] + pts[o]
    m = a - b
    sd = sqrt(var) if var > 0 else 0.0
    if rules.rounds is not None:
        if round_ >= rules.rounds:
            return (phi(m / sd) if sd > 1e-9 else 1.0 if m > 0.5 else 0.0 if m < -0.5 else 0.5), margin
        future = ROUND_SPREAD * scale * sqrt(float(rules.rounds - round_))
        return phi(m / sqrt(var + future * future)), margin
    target = rules.target
    c = a + b
    if sd < 1e-9:
        return _end_or_continue(rules, round_, m, c, scale), margin
    # The round ends the game when the leader reaches the target: |x| >= 2T - c
    # for a final difference x (the two totals add up to c).
    edge = 2.0 * target - c
    if edge <= 0.0:
        return phi(m / sd), margin
    if edge >= abs(m) + 4.0 * sd:
        # The target is out of reach this round: the race goes on, its spread widened by this round's.
        spread = _spread(rules, round_, 0.5 * (c + abs(m)), scale)
        return phi(m / sqrt(spread * spread + var)), margin
    # Otherwise: the chance of reaching the target ahead, plus the race from
    # the totals in between, integrated over the round's outcomes (in steps of
    # equal probability, where the race's chance is smooth).
    low = phi((-edge - m) / sd)
    high = phi((edge - m) / sd)
    win = 1.0 - high
    if high > low:
        half = 0.5 * (high - low)
        mid = 0.5 * (high + low)
        inner = 0.0
        for z, w in _LEGENDRE:
            x = m + sd * _NORMAL.inv_cdf(min(max(mid + half * z, 1e-12), 1.0 - 1e-12))
            inner += w * _continue(rules, round_, x, 0.5 * (c + abs(x)), scale)
        win += inner * half
    return win, margin


def _end_or_continue(rules: Rules, round_: int, diff: float, total: float, scale: float) -> float:
    top = 0.5 * (total + abs(diff))
    if top >= rules.target and abs(diff) >= 0.5:
        return 1.0 if diff > 0 else 0.0
    return _continue(rules, round_, diff, top, scale)


def round_margin(pos: Position, team: int, event: Event) -> float:
    """The round's margin for ``team`` once a move ended the round or the game:
    its points less the best other team's; for a game ended inside a round,
    what the round added to its lead (nothing for a call, the sweeps' points
    under sudden death)."""
    from cassino.rules.scoring import final_scores

    end = event.round_end
    if end is not None:
        points = end.points
        return float(points[team] - max(p for t, p in enumerate(points) if t != team))
    final, before = final_scores(pos), pos.scores
    return float(final[team] - max(x for t, x in enumerate(final) if t != team)
                 - (before[team] - max(x for t, x in enumerate(before) if t != team)))


def final_value(pos: Position, team: int, event: Event, scale: float) -> tuple[float, float]:
    """The chance of winning and the round's margin once a move ended the round
    or the game: 1 or 0 if the game is over, else the race from the totals."""
    margin = round_margin(pos, team, event)
    end = event.round_end
    if end is None or event.winner is not None:  # the game is over
        return (1.0 if event.winner == team else 0.0), margin
    totals = end.scores
    ours = totals[team]
    theirs = max(x for t, x in enumerate(totals) if t != team)
    return _continue(pos.rules, pos.round, float(ours - theirs), float(max(ours, theirs)), scale), margin
