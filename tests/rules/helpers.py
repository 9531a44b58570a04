"""Positions for tests, written the way the rules' examples are: cards as text.

``table_position(hand="3C 3D 6H", loose="AS 2H")`` gives a valid position with
seat 0 to move holding those cards and those loose cards on the table; the
other hands are filled to the same size from the rest of the pack, and every
remaining card sits in the last team's captured pile, so all 52 cards are
accounted for.
"""

from __future__ import annotations

from collections.abc import Sequence

from cassino.rules import Build, Position, Rules, cards_of, mask_of, parse_card, shape_of


# One of each rule option the engine supports, for tests that sweep them all.
RULE_SETS = [
    Rules(),
    Rules(sweeps=0),
    Rules(sweeps=2),
    Rules(court_capture="all"),
    Rules(controller="permissive"),
    Rules(controller="answer"),
    Rules(controller="strict"),
    Rules(royal=True, sweeps=0),
    Rules(royal=True, ace_14=True, sweeps=0),
    Rules(target=11),
]


def cards(text: str) -> int:
    """A card set from space-separated card text, e.g. ``"AS 2H TD"``."""
    return mask_of(parse_card(t) for t in text.split())


def table_position(hand: str, loose: str = "", builds: Sequence[tuple[str, int, bool, int]] = (),
                   others: Sequence[str] = (), players: int = 2, rules: Rules | None = None,
                   teams: Sequence[Sequence[int]] | None = None, to_move: int = 0, *,
                   stock: str = "", stock_size: int = 0, captured: Sequence[str] = (),
                   sweeps: Sequence[int] | None = None, scores: Sequence[int] | None = None,
                   last_capturer: int | None = None, round: int = 1,
                   plucked: Sequence[int] = (), dealer: int | None = None,
                   winner: int | None = None, rest_to: int = -1) -> Position:
    """Seat ``to_move`` holds ``hand``; ``others`` gives the other seats' hands in
    seat order after it (missing ones are filled); ``builds`` are
    (cards, value, multiple, controller) tuples.

    The stock is empty (the last deal) unless ``stock`` names its top cards
    and ``stock_size`` its size (filled up from the unused cards); the
    dealer is the seat before ``to_move`` unless ``dealer`` says.
    ``captured`` gives the first teams' piles; every card left over goes to
    the pile of team ``rest_to`` (the last team unless it says). ``sweeps``,
    ``scores``, ``last_capturer``, ``round``, ``plucked`` (seats) and
    ``winner`` are as in the position's JSON."""
    rules = rules or Rules()
    if teams is None:
        teams = [[s] for s in range(players)]
    shape = shape_of(rules, players, teams)
    hand_set = cards(hand)
    used = hand_set | cards(loose)
    top = [parse_card(t) for t in stock.split()]
    for c in top:
        used |= 1 << c
    piles = [cards(c) for c in captured]
    for p in piles:
        used |= p
    build_list = []
    for text, value, multiple, controller in builds:
        b = cards(text)
        used |= b
        build_list.append(Build(b, value, multiple, controller))
    given = [cards(o) for o in others]
    for g in given:
        used |= g
    size = hand_set.bit_count()
    spare = [c for c in cards_of(shape.pack_mask & ~used)]
    hands = [0] * players
    hands[to_move] = hand_set
    for i in range(1, players):
        seat = (to_move + i) % players
        if i - 1 < len(given):
            hands[seat] = given[i - 1]
        else:
            hands[seat] = mask_of(spare[:size])
            spare = spare[size:]
    fill = max(0, stock_size - len(top))
    top += spare[:fill]
    spare = spare[fill:]
    sides = len(teams)
    piles += [0] * (sides - len(piles))
    piles[rest_to] |= mask_of(spare)
    if dealer is None:
        dealer = (to_move - 1) % players
    pos = Position(shape, dealer, to_move, hands, top, cards(loose), build_list,
                   piles, list(sweeps or [0] * sides), last_capturer,
                   list(scores or [0] * sides), round, sum(1 << s for s in plucked), winner)
    problems = pos.problems()
    assert not problems, problems
    return pos


def last_card_position(card: str, captured: Sequence[str] = (), loose: str = "",
                       builds: Sequence[tuple[str, int, bool, int]] = (), players: int = 2,
                       rules: Rules | None = None, teams: Sequence[Sequence[int]] | None = None,
                       **kw: object) -> Position:
    """The last play of a round: the dealer (the last seat unless ``dealer``
    says) holds ``card``, the others have played all theirs; keywords as
    ``table_position``'s."""
    dealer = int(kw.pop("dealer", players - 1))  # type: ignore[call-overload]
    return table_position(card, loose, builds, [""] * (players - 1), players, rules, teams,
                          to_move=dealer, dealer=dealer, captured=captured,
                          **kw)  # type: ignore[arg-type]


def pack_dealing(table: str, hands: Sequence[str] = (), players: int = 2, dealer: int = 1,
                 deal_singly: bool = False) -> list[int]:
    """A pack (top card first) whose first deal, by ``dealer``, gives the table
    ``table`` and seat s the cards ``hands[s]`` (the rest in pack order)."""
    shape = shape_of(Rules(deal_singly=deal_singly), players)
    where = Position.start_of_round(shape, dealer, list(range(len(shape.pack))))
    where.deal()  # dealing the numbers 0, 1, .. shows where each place of the pack goes
    wanted = {where.loose: cards(table)}
    for seat, h in enumerate(hands):
        wanted[where.hands[seat]] = cards(h)
    pack: list[int | None] = [None] * len(shape.pack)
    used = 0
    for places, want in wanted.items():
        assert places.bit_count() >= want.bit_count()
        for i, c in zip(cards_of(places), cards_of(want)):
            pack[i] = c
        used |= want
    rest = iter(c for c in shape.pack if not used >> c & 1)
    return [c if c is not None else next(rest) for c in pack]


def texts(moves) -> list[str]:  # type: ignore[no-untyped-def]
    return [m.text() for m in moves]


class TeamRound(dict):  # type: ignore[type-arg]
    """One team's round read from the scoring items: points by item key
    (``cards``, ``spades``, ``TD``, ``2S``, ``aces``, ``sweeps``, ...) and
    ``total``, with its ``card_count`` and ``spade_count``."""

    def __getattr__(self, key: str) -> int:
        return int(self.get(key, 0))


def score(rules: Rules, piles: Sequence[int], sweeps: Sequence[int]) -> list[TeamRound]:
    """Each team's round for these piles and sweeps, as the engine scores it."""
    from cassino.rules.scoring import pile_items

    items, counts, spades = pile_items(rules, list(piles), list(sweeps))
    out = [TeamRound(card_count=counts[t], spade_count=spades[t], total=0) for t in range(len(piles))]
    for item in items:
        key = "aces" if item.item in ("AS", "AH", "AD", "AC") else item.item
        out[item.team][key] = out[item.team].get(key, 0) + item.points
        out[item.team]["total"] += item.points
    return out
