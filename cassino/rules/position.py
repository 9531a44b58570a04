"""A position within a round: hands, stock, table, captures; legal moves and play.

``Position`` is the one source of legality: ``legal_moves()`` lists every
distinct legal move (RULES.md §3-§7), ``play()`` applies one, and
``violation()`` / ``explain()`` say in plain words why something is not
allowed. It is mutable for speed (search clones it with ``copy()``); every
card set is a bitmask (see ``cards``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .cards import RANK_NAMES, RANK_SETS, Card, CardSet, card_symbol, cards_of, rank_of
from .errors import IllegalMoveError
from .moves import BUILD, CAPTURE, TRAIL, Move, _plural
from .options import Rules



class Build(NamedTuple):
    """A build on the table: its cards, announced value, kind and controller seat."""

    cards: CardSet
    value: int
    multiple: bool
    controller: int

    def label(self) -> str:
        """'8' for a single build, '8s' for a multiple one (as the table shows it)."""
        return f"{self.value}s" if self.multiple else str(self.value)


class Interpretation(NamedTuple):
    """What a card dropped on some table items could mean: the legal moves, or why none."""

    moves: list[Move]
    reason: str | None


def groups_by_sum(loose: CardSet, values: Sequence[int], cap: int) -> dict[int, list[CardSet]]:
    """Every non-empty set of loose numeral cards whose values add up to at most cap, by sum."""
    subsets = [(0, 0)]
    m = loose
    while m:
        low = m & -m
        m ^= low
        v = values[low.bit_length() - 1]
        if v:
            subsets += [(s + v, sm | low) for s, sm in subsets if s + v <= cap]
    by_sum: dict[int, list[CardSet]] = {}
    for s, sm in subsets[1:]:
        if s in by_sum:
            by_sum[s].append(sm)
        else:
            by_sum[s] = [sm]
    return by_sum


def disjoint_unions(groups: Iterable[CardSet]) -> list[CardSet]:
    """Every union of pairwise disjoint groups (0 first: taking none), each once."""
    res = [0]
    for g in groups:
        res += [u | g for u in res if not u & g]
    return list(dict.fromkeys(res))


def splits_into(mask: CardSet, value: int, values: Sequence[int]) -> bool:
    """Whether the cards of ``mask`` split into groups each adding up to ``value``
    (the empty set splits into none). Backtracking on the lowest card, with
    sums bounded by ``value``: fast even for a crowded table."""
    seen: dict[CardSet, bool] = {}

    def split(m: CardSet) -> bool:
        if not m:
            return True
        known = seen.get(m)
        if known is not None:
            return known
        low = m & -m
        need = value - values[low.bit_length() - 1]
        ok = False
        if need == 0:
            ok = split(m ^ low)
        elif need > 0:
            rest = [(values[c], 1 << c) for c in cards_of(m ^ low)]
            ok = any(split(m ^ low ^ g) for g in _groups_of(rest, need))
        seen[m] = ok
        return ok

    total = sum(values[c] for c in cards_of(mask))
    if value <= 0 or total % value or any(not values[c] for c in cards_of(mask)):
        return not mask
    return split(mask)


def _groups_of(cards: list[tuple[int, CardSet]], need: int) -> Iterable[CardSet]:
    """Every set of the given (value, bit) cards adding up to exactly ``need``."""
    def walk(i: int, left: int, acc: CardSet) -> Iterable[CardSet]:
        if left == 0:
            yield acc
            return
        for j in range(i, len(cards)):
            v, b = cards[j]
            if 0 < v <= left:
                yield from walk(j + 1, left - v, acc | b)

    return walk(0, need, 0)


def table_cards(loose: CardSet, builds: Iterable[Build]) -> CardSet:
    """Every card on a table of these loose cards and builds."""
    t = loose
    for b in builds:
        t |= b.cards
    return t


class Position:
    """The state of one round, from the first deal to the residue going to the last capturer."""

    __slots__ = ("rules", "players", "teams", "team_of", "dealer", "to_move", "hands", "stock",
                 "loose", "builds", "captured", "sweeps", "last_capturer", "scores", "_legal",
                 "_legal_set")

    def __init__(self, rules: Rules, players: int, teams: Sequence[Sequence[int]], dealer: int,
                 to_move: int, hands: list[CardSet], stock: Sequence[Card], loose: CardSet,
                 builds: Sequence[Build], captured: list[CardSet], sweeps: list[int],
                 last_capturer: int | None, scores: Sequence[int]):
        """Build a position from its parts as given; ``formats.position_from_json``
        and ``Position.problems()`` check them."""
        self.rules = rules
        self.players = players
        self.teams = tuple(tuple(t) for t in teams)
        team_of = [0] * players
        for i, team in enumerate(self.teams):
            for seat in team:
                if 0 <= seat < players:  # bad seats are reported by problems()
                    team_of[seat] = i
        self.team_of = tuple(team_of)
        self.dealer = dealer
        self.to_move = to_move
        self.hands = list(hands)
        self.stock = tuple(stock)
        self.loose = loose
        self.builds = tuple(builds)
        self.captured = list(captured)
        self.sweeps = list(sweeps)
        self.last_capturer = last_capturer
        self.scores = tuple(scores)
        self._legal: list[Move] | None = None
        self._legal_set: frozenset[Move] | None = None

    # -- a new round ---------------------------------------------------------

    @classmethod
    def deal_round(cls, rules: Rules, players: int, teams: Sequence[Sequence[int]] | None,
                   dealer: int, deck: Sequence[Card], scores: Sequence[int] | None = None) -> Position:
        """The position after the first deal of a round from a shuffled ``deck``
        (top card first), dealt two at a time as RULES.md §2 says."""
        if teams is None:
            teams = [[s] for s in range(players)]
        if scores is None:
            scores = [0] * len(teams)
        pos = cls(rules, players, teams, dealer, (dealer + 1) % players, [0] * players, deck,
                  0, (), [0] * len(teams), [0] * len(teams), None, scores)
        order = [(dealer + 1 + i) % players for i in range(players)]
        top = 0
        for _ in range(2):
            for seat in order:
                if seat == dealer:  # the table's two come just before the dealer's own
                    pos.loose |= 1 << deck[top] | 1 << deck[top + 1]
                    top += 2
                pos.hands[seat] |= 1 << deck[top] | 1 << deck[top + 1]
                top += 2
        pos.stock = tuple(deck[top:])
        return pos

    def _deal(self) -> None:
        """The next deal: four more cards to each player, two at a time, none to the table."""
        n = self.players
        stock = self.stock
        top = 0
        for _ in range(2):
            for i in range(1, n + 1):
                seat = (self.dealer + i) % n
                self.hands[seat] |= 1 << stock[top] | 1 << stock[top + 1]
                top += 2
        self.stock = stock[top:]

    # -- reading the position -----------------------------------------------

    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.rules = self.rules
        p.players = self.players
        p.teams = self.teams
        p.team_of = self.team_of
        p.dealer = self.dealer
        p.to_move = self.to_move
        p.hands = self.hands[:]
        p.stock = self.stock
        p.loose = self.loose
        p.builds = self.builds
        p.captured = self.captured[:]
        p.sweeps = self.sweeps[:]
        p.last_capturer = self.last_capturer
        p.scores = self.scores
        p._legal = self._legal
        p._legal_set = self._legal_set
        return p

    @property
    def round_over(self) -> bool:
        """Every card has been played and the residue has gone to the last capturer."""
        return not self.stock and not any(self.hands)

    @property
    def table(self) -> CardSet:
        """Every card on the table: loose cards and the cards of all builds."""
        return table_cards(self.loose, self.builds)

    @property
    def deals_per_round(self) -> int:
        return 48 // (4 * self.players)

    @property
    def deal_number(self) -> int:
        """1 for the first deal of the round, up to ``deals_per_round``."""
        return self.deals_per_round - len(self.stock) // (4 * self.players)

    @property
    def last_deal(self) -> bool:
        """The last deal of the round is on (it is announced: RULES.md §2)."""
        return not self.stock

    def controlled_by(self, seat: int) -> list[Build]:
        return [b for b in self.builds if b.controller == seat]

    # -- legal moves -----------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every distinct legal move for the player to move, in canonical order."""
        if self._legal is None:
            self._legal = sorted(self._generate(True))
        return self._legal

    def unordered_moves(self) -> list[Move]:
        """The legal moves in generation order: the same set as ``legal_moves``
        without the sorting, for search playouts that only pick one."""
        if self._legal is not None:
            return self._legal
        return self._generate(True)

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal for the player to move. Looks only at the
        items the move takes, so it stays fast however crowded the table is."""
        if self._legal_set is None:
            if self._legal is None:
                return move in self._moves_taking(move.card, move.takes)
            self._legal_set = frozenset(self._legal)
        return move in self._legal_set

    def _moves_taking(self, card: Card, takes: CardSet, checked: bool = True) -> list[Move]:
        """The moves playing ``card`` that take exactly ``takes``: the legal ones,
        or with ``checked=False`` every one of a legal shape (§4, §5), whatever
        the hand holds. It looks at those cards alone, so a crowded table, whose
        full list of moves can run to millions, costs nothing here."""
        if checked and not self.hands[self.to_move] >> card & 1:
            return []
        if takes & ~self.table or takes >> card & 1:
            return []
        inside = [b for b in self.builds if b.cards & takes]
        if any(b.cards & ~takes for b in inside):
            return []  # a build is only ever taken whole
        rules = self.rules
        values = rules.values
        cv = values[card]
        loose = takes & self.loose
        shapes: list[tuple[Move, list[Build]]] = []
        if not takes:
            shapes.append((Move.trail(card), []))
        elif not cv:
            same = self.loose & RANK_SETS[rank_of(card)]
            one = rules.court_capture == "one" and loose.bit_count() == 1
            if not inside and loose & ~same == 0 and (one or (rules.court_capture == "all" and loose == same)):
                shapes.append((Move(card, CAPTURE, 0, takes, False), []))
        else:
            for v in rules.capture_values(card):
                if all(b.value == v for b in inside) and splits_into(loose, v, values):
                    shapes.append((Move(card, CAPTURE, v, takes, False), inside))
            with_card = loose | 1 << card
            if not inside:
                total = cv + sum(values[c] for c in cards_of(loose))
                if loose and total <= rules.max_build and all(values[c] for c in cards_of(loose)):
                    shapes.append((Move(card, BUILD, total, takes, False), []))
                for V in range(1, min(rules.max_build, total // 2) + 1):
                    if splits_into(with_card, V, values):
                        shapes.append((Move(card, BUILD, V, takes, True), []))
            elif len(inside) == 1:
                b = inside[0]
                V = b.value + cv
                if not b.multiple and V <= rules.max_build and splits_into(loose, V, values):
                    shapes.append((Move(card, BUILD, V, takes, bool(loose)), inside))
                if splits_into(with_card, b.value, values):
                    shapes.append((Move(card, BUILD, b.value, takes, True), inside))
        if checked:
            return sorted(m for m, touched in shapes if self._allowed(m, touched))
        return sorted(m for m, _ in shapes)

    def _allowed(self, move: Move, touched: list[Build]) -> bool:
        """The hold and controller rules (§5 "must hold", §7, the build duties)
        for a move of a legal shape; ``_generate`` applies the same rules inline."""
        rules = self.rules
        seat = self.to_move
        left = self._values_left(move.card)
        mine = [b for b in self.builds if b.controller == seat]
        after = [b.value for b in mine if b not in touched]
        if move.kind == BUILD:
            if move.value not in left:
                return False
            after.append(move.value)
        if any(v not in left for v in after):
            return False
        if rules.ace_14 and 1 in after and 14 in after:
            aces = sum(1 for x in cards_of(self.hands[seat] & ~(1 << move.card)) if rules.values[x] == 1)
            if aces < 2:
                return False
        control = rules.controller
        if mine and move.kind == TRAIL and control != "permissive":
            return False
        if control == "answer" and mine and not any(b in touched for b in mine):
            return False
        if control == "strict" and move.kind == BUILD:
            if any(v == move.value for v in after[:-1]):
                return False
            if any(b.controller != seat and b.value == move.value for b in touched):
                return False
        return True

    def moves_with(self, card: Card) -> list[Move]:
        """The legal moves that play ``card``."""
        return [m for m in self.legal_moves() if m.card == card]

    def _generate(self, checked: bool, only_card: Card | None = None) -> list[Move]:
        """Move generation. ``checked=False`` drops every hold and controller
        requirement (§5 "must hold", §7, the build-duty variants) and lets a
        build take any value: the shape-legal moves, used to explain refusals."""
        seat = self.to_move
        hand = self.hands[seat]
        if only_card is not None:
            if checked and not hand >> only_card & 1:
                return []
            hand = 1 << only_card
        if not hand:
            return []
        rules = self.rules
        values = rules.values
        ace14 = rules.ace_14
        cap = rules.max_build
        loose = self.loose
        builds = self.builds
        controller_rule = rules.controller
        strict = checked and controller_rule == "strict"

        held = [0] * 15
        own = self.hands[seat]
        while own:
            low = own & -own
            own ^= low
            held[values[low.bit_length() - 1]] += 1
        if ace14:
            held[14] = held[1]
        held_values = [v for v in range(1, cap + 1) if held[v]]
        all_values = list(range(1, cap + 1))
        mine = [b for b in builds if b.controller == seat] if checked else []

        sums = groups_by_sum(loose, values, cap) if loose else {}
        union_cache: dict[int, list[CardSet]] = {}

        def unions(v: int) -> list[CardSet]:
            u = union_cache.get(v)
            if u is None:
                u = union_cache[v] = disjoint_unions(sums.get(v, ()))
            return u

        moves: list[Move] = []
        append = moves.append
        m = hand
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            cv = values[c]

            # Our builds whose value we would no longer hold after playing c.
            blocked = [b for b in mine
                       if held[b.value] - (cv == b.value or (b.value == 14 and ace14 and cv == 1)) <= 0
                       ] if mine else mine

            # Trail (§6, §7).
            if not checked or (not blocked and (not mine or controller_rule == "permissive")):
                append(Move(c, TRAIL, 0, 0, False))

            # Captures (§4).
            if not cv:
                if not blocked:
                    same = loose & RANK_SETS[rank_of(c)]
                    if rules.court_capture == "all":
                        if same:
                            append(Move(c, CAPTURE, 0, same, False))
                    else:
                        while same:
                            one = same & -same
                            same ^= one
                            append(Move(c, CAPTURE, 0, one, False))
                continue  # a court card without value never builds
            for v in ((1, 14) if ace14 and cv == 1 else (cv,)):
                us = unions(v)
                if not builds:  # the common case: loose cards only
                    for u in us[1:]:
                        append(Move(c, CAPTURE, v, u, False))
                    continue
                if blocked and any(b.value != v for b in blocked):
                    continue
                need = 0
                for b in blocked:
                    need |= b.cards
                build_sets = [0]
                for b in builds:
                    if b.value == v:
                        build_sets += [x | b.cards for x in build_sets]
                for bs in build_sets:
                    if need & ~bs:
                        continue
                    for u in us:
                        if u | bs:
                            append(Move(c, CAPTURE, v, u | bs, False))

            # Builds (§5).
            if len(blocked) > 1:
                continue
            only_build = blocked[0] if blocked else None
            if checked:  # a build's value must stay held after playing c
                targets = [v for v in held_values
                           if held[v] - (cv == v or (v == 14 and ace14 and cv == 1)) > 0]
            else:
                targets = all_values
            for V in targets:
                if V < cv and not builds:
                    continue
                if V > cv:
                    firsts = sums.get(V - cv, ())
                elif V == cv:
                    firsts = [0]
                else:
                    firsts = []
                us = unions(V)
                mine_of_v = [b for b in mine if b.value == V] if strict else []
                # New builds: only when no build of ours would lose its card.
                if only_build is None and not mine_of_v:
                    if V > cv:
                        for g in firsts:
                            append(Move(c, BUILD, V, g, False))
                    seen: dict[CardSet, None] = {}
                    for g in firsts:
                        for u in us:
                            if u and not u & g:
                                seen[u | g] = None
                    for t in seen:
                        append(Move(c, BUILD, V, t, True))
                for b in builds:
                    if only_build is not None and b is not only_build:
                        continue
                    if strict and any(o is not b for o in mine_of_v):
                        continue
                    # Raise a single build by the card alone (loose cards never change its value).
                    if not b.multiple and b.value + cv == V:
                        for u in us:
                            append(Move(c, BUILD, V, b.cards | u, bool(u)))
                    # Add to a build of V: the card, alone or with loose cards, makes V.
                    elif b.value == V and not (strict and b.controller != seat):
                        seen = {}
                        for g in firsts:
                            for u in us:
                                if not u & g:
                                    seen[b.cards | g | u] = None
                        for t in seen:
                            append(Move(c, BUILD, V, t, True))

        if checked and ace14 and moves:
            moves = [mv for mv in moves if self._aces_suffice(mv, mine, held[1])]
        if checked and mine and controller_rule == "answer":
            # Build duty (variant 2): act on your build this turn.
            duty = 0
            for b in mine:
                duty |= b.cards
            moves = [mv for mv in moves if mv.takes & duty]
        return moves

    def _aces_suffice(self, move: Move, mine: list[Build], aces: int) -> bool:
        """With aces 1 or 14, one ace captures as 1 or as 14, never both at once:
        a player who would control a build of aces and a build of 14 must keep
        two aces (docs/rules-notes.md, §7)."""
        values = {b.value for b in mine if not b.cards & move.takes}
        if move.kind == BUILD:
            values.add(move.value)
        if 1 not in values or 14 not in values:
            return True
        return aces - (self.rules.values[move.card] == 1) >= 2

    # -- playing ---------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Play a move for the player to move; an illegal move raises
        ``IllegalMoveError`` with the reason and changes nothing."""
        if not self.is_legal(move):
            raise IllegalMoveError(self.violation(move) or "That move is not allowed here", move)
        self.play_unchecked(move)

    def play_unchecked(self, move: Move) -> None:
        """Apply a move known to be legal (one from ``legal_moves()``)."""
        seat = self.to_move
        cb = 1 << move.card
        self.hands[seat] ^= cb
        kind = move.kind
        if kind == TRAIL:
            self.loose |= cb
        elif kind == CAPTURE:
            t = move.takes
            self.loose &= ~t
            if self.builds:
                self.builds = tuple(b for b in self.builds if not b.cards & t)
            team = self.team_of[seat]
            self.captured[team] |= t | cb
            self.last_capturer = seat
            if not self.loose and not self.builds:
                self.sweeps[team] += 1
        else:
            t = move.takes
            self.loose &= ~t
            new = Build(t | cb, move.value, move.multiple, seat)
            builds = self.builds
            for i, b in enumerate(builds):
                if b.cards & t:
                    self.builds = builds[:i] + (new,) + builds[i + 1:]
                    break
            else:
                self.builds = builds + (new,)
        self.to_move = (seat + 1) % self.players
        self._legal = None
        self._legal_set = None
        if not any(self.hands):
            if self.stock:
                self._deal()
            else:
                self._end_round()

    def _end_round(self) -> None:
        """The residue goes to the last capturer (never a sweep). If nobody
        captured all round, it goes to the dealer, who played the last card."""
        residue = self.table
        if residue:
            taker = self.last_capturer if self.last_capturer is not None else self.dealer
            self.captured[self.team_of[taker]] |= residue
            self.loose = 0
            self.builds = ()

    # -- reasons -----------------------------------------------------------------

    def violation(self, move: Move) -> str | None:
        """Why ``move`` is not legal here, in words a player understands; None if it is."""
        if self.is_legal(move):
            return None
        if self.round_over:
            return "The round is over: there is nothing left to play."
        seat = self.to_move
        c = move.card
        if not self.hands[seat] >> c & 1:
            return f"The {card_symbol(c)} is not in your hand."
        t = move.takes
        missing = t & ~self.table
        if missing:
            return f"The {_cards_words(missing)} {'is' if missing.bit_count() == 1 else 'are'} not on the table."
        for b in self.builds:
            if b.cards & t and b.cards & ~t:
                return (f"A build is taken or built on whole: the build of {b.label()} "
                        f"({_cards_words(b.cards)}) comes as one pile.")
        mine = self.controlled_by(seat)
        if move.kind == TRAIL:
            blocked = self._blocked(c, mine)
            if blocked:
                return _keep_reason(blocked[0])
            if mine and self.rules.controller == "answer":
                b = mine[0]
                return (f"You control a build of {b.label()}: you may not trail; this turn you "
                        f"must capture it, add to it or raise it.")
            if mine and self.rules.controller != "permissive":
                b = mine[0]
                return (f"You control a build of {b.label()}: you may not trail; capture, "
                        f"or build, instead.")
            return "That trail is not allowed here."
        if move in self._moves_taking(c, t, checked=False):
            return self._rule_reason(move, mine)
        return self._shape_reason(move)

    def _blocked(self, c: Card, mine: list[Build]) -> list[Build]:
        """Your builds whose value you would no longer hold after playing c."""
        left = self._values_left(c)
        return [b for b in mine if b.value not in left]

    def _values_left(self, c: Card) -> set[int]:
        """The values the player to move still holds after playing c (14 for an
        ace when aces may count 14)."""
        values = self.rules.values
        left = {values[x] for x in cards_of(self.hands[self.to_move] & ~(1 << c))}
        if self.rules.ace_14 and 1 in left:
            left.add(14)
        return left

    def _rule_reason(self, move: Move, mine: list[Build]) -> str:
        """The reason for a move of a legal shape that a hold or controller rule forbids."""
        rules = self.rules
        c = move.card
        touched = [b for b in self.builds if b.cards & move.takes]
        if move.kind == BUILD and move.value not in self._values_left(c):
            return (f"To build {move.value} you must keep {_card_of_value(move.value)} in your "
                    f"hand to capture it with.")
        for b in self._blocked(c, mine):
            if b not in touched:
                return _keep_reason(b)
        if rules.ace_14:
            aces = sum(1 for x in cards_of(self.hands[self.to_move]) if rules.values[x] == 1)
            if not self._aces_suffice(move, mine, aces):
                return ("One ace cannot answer for both a build of aces and a build of 14: "
                        "keep two aces to control both.")
        if rules.controller == "answer" and mine and not any(b in mine for b in touched):
            return _answer_reason(mine[0])
        if rules.controller == "strict" and move.kind == BUILD:
            if any(b.controller != self.to_move for b in touched) and move.value == touched[0].value:
                return ("Under strict builds you can take over another player's build only "
                        "by raising it.")
            if any(b.value == move.value and b not in touched for b in mine):
                return (f"You already control a build of {move.value}: add to it rather than "
                        f"starting another.")
        return "That move is not allowed here."

    def _shape_reason(self, move: Move) -> str:
        """The reason for a move whose shape no rule allows (sums, builds, court cards)."""
        rules = self.rules
        c = move.card
        cv = rules.values[c]
        t = move.takes
        touched = [b for b in self.builds if b.cards & t]
        in_builds = 0
        for b in touched:
            in_builds |= b.cards
        loose = t & ~in_builds
        name = card_symbol(c)
        if not t:
            return "A capture or a build must take cards from the table."
        if not cv:
            rank = RANK_NAMES[rank_of(c) - 1]
            if move.kind == BUILD or touched:
                return f"A {rank} has no value: it cannot build or take a build, only take a {rank}."
            if loose & ~RANK_SETS[rank_of(c)]:
                return f"A {rank} has no value: it can take only a {rank}, not a sum of cards."
            if rules.court_capture == "one":
                return f"A {rank} takes one {rank} at a time."
            return f"A {rank} takes every {rank} on the table at once."
        courts = [x for x in cards_of(loose) if not rules.values[x]]
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
            sums = groups_by_sum(loose, rules.values, rules.max_build)  # the taken cards only
            if loose not in disjoint_unions(sums.get(v, ())):
                return (f"The {_cards_words(loose)} cannot be split into groups worth {v} each "
                        f"(they add up to {_sum(loose, rules)}).")
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
                if b.value + cv != V:
                    return (f"The {name} on the build of {b.value} makes {b.value + cv}, not {V}: "
                            f"loose cards cannot change a build's value.")
                if not loose:
                    return (f"The {name} on the build of {b.value} makes a single build of {V}; "
                            f"it becomes multiple only if loose cards making {V} join it.")
                if not move.multiple:
                    return (f"Loose cards making {V} that join a raised build make it a multiple "
                            f"build of {_plural(V)}.")
                return (f"Loose cards pulled into a raised build must make groups of {V}; "
                        f"the {_cards_words(loose)} {_do(loose)} not.")
            if not move.multiple:
                return f"Adding to a build of {b.label()} makes it a multiple build of {_plural(V)}."
            return (f"To add to the build of {b.label()}, the {name} alone or with loose cards "
                    f"must make {V}, and any other loose cards groups of {V}.")
        total = cv + _sum(loose, rules)
        if not move.multiple:
            if total != V:
                return f"The {name} with the {_cards_words(loose)} makes {total}, not {V}."
            return f"That would make a single build of {V}."
        if total == V:
            return f"The {name} with the {_cards_words(loose)} makes a single build of {V}, not a multiple one."
        return (f"For a multiple build of {_plural(V)}, the {name} and the "
                f"{_cards_words(loose)} must split into groups of {V}, at least two.")

    def explain(self, card: Card, pointed: Iterable[Card | Build]) -> Interpretation:
        """What playing ``card`` onto exactly the ``pointed`` table items (loose
        cards and builds) could mean: every legal move that takes exactly those
        items, or the reason none is legal. Pointing at nothing means a trail."""
        t = 0
        for item in pointed:
            t |= item.cards if isinstance(item, Build) else 1 << item
        moves = self._moves_taking(card, t)
        if moves:
            return Interpretation(moves, None)
        if not t:
            return Interpretation([], self.violation(Move.trail(card)))
        shaped = self._moves_taking(card, t, checked=False)
        if self.hands[self.to_move] >> card & 1 and shaped:
            # Prefer a capture's reason: it is what a player most often means.
            shaped.sort(key=lambda m: (m.kind != CAPTURE, m.multiple, m.value))
            return Interpretation([], self.violation(shaped[0]))
        values = self.rules.capture_values(card)
        guess = Move(card, CAPTURE, values[0] if values else 0, t, False)
        return Interpretation([], self.violation(guess))

    # -- checks --------------------------------------------------------------

    def problems(self) -> list[str]:
        """Everything that makes this position impossible under the rules; empty if none."""
        from .validate import position_problems

        return position_problems(self)


def _answer_reason(b: Build) -> str:
    return (f"You control a build of {b.label()}: this turn you must capture it, add to it "
            f"or raise it.")


def _do(mask: CardSet) -> str:
    return "does" if mask.bit_count() == 1 else "do"


def _keep_reason(b: Build) -> str:
    return (f"You control a build of {b.label()}: you must keep {_card_of_value(b.value)} "
            f"to capture it.")


def _value_name(v: int) -> str:
    """'8', 'ace', 'king': how a player names the card of value v."""
    return {1: "ace", 11: "jack", 12: "queen", 13: "king", 14: "ace"}.get(v, str(v))


def _card_of_value(v: int) -> str:
    """'an 8', 'a 9', 'an ace', 'a king': the card a build of v needs."""
    name = _value_name(v)
    return ("an " if name in ("ace", "8") else "a ") + name


def _sum(mask: CardSet, rules: Rules) -> int:
    return sum(rules.values[c] for c in cards_of(mask))


def _cards_words(mask: CardSet) -> str:
    syms = [card_symbol(c) for c in cards_of(mask)]
    if len(syms) <= 1:
        return "".join(syms)
    return ", ".join(syms[:-1]) + " and " + syms[-1]
