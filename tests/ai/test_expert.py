"""The Expert reads the round's history: the table each play was made on (as
the game records it for everyone), and infers which cards a player who
trailed (or took little) did not hold. A budget stretched for a close call
stays reproducible with fixed work."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cassino.ai import Budget, SeatView
from cassino.ai.estimate import decided_score
from cassino.ai.expert import MARGIN_WEIGHT, Expert, outcome, plays_this_deal, unlikely_cards
from cassino.rules import Event, Game, Move, Position, Rules, card_symbol, round_deck, standard_teams
from cassino.rules.cards import cards_of


@pytest.mark.parametrize("players,teams,rules", [
    (2, False, Rules()), (3, False, Rules(controller="strict")), (4, True, Rules()),
    (2, False, Rules(royal=True, ace_14=True, sweeps=0)), (2, False, Rules(controller="answer"))])
def test_the_history_holds_the_table_of_every_play(players: int, teams: bool, rules: Rules) -> None:
    game = Game(rules, players, standard_teams(players, teams), seed=f"replay/{players}")
    rng = random.Random(3)
    tables = []
    while not game.rounds:
        pos = game.position
        tables.append((pos.loose, set(pos.builds)))
        view = SeatView(pos, pos.to_move, game.turns)
        assert len(view.history) == len(tables) - 1
        for turn, (real_loose, real_builds) in zip(view.history, tables):
            assert turn.loose == real_loose and set(turn.builds) == real_builds
        # The plays of this deal are the last ones, as many as the hands have lost.
        recent = plays_this_deal(view)
        dealt = pos.shape.deals[pos.deal_number - 1].hand * players
        assert len(recent) == dealt - sum(view.hand_sizes)
        assert [(s, m) for s, m, _, _ in recent] == [(t.seat, t.move) for t in view.history[len(view.history) - len(recent):]]
        game.play(rng.choice(game.legal_moves()))


def test_a_player_who_trailed_holds_no_card_that_took_an_ace() -> None:
    # Find a deal where the first player trails beside a loose ace.
    rng = random.Random(0)
    for _ in range(200):
        game = Game(Rules(), 2, seed=rng.randrange(10**6))
        pos = game.position
        aces = [c for c in cards_of(pos.loose) if c % 13 == 0]
        if aces and not any(m.kind == "capture" for m in pos.legal_moves()):
            break
    else:
        pytest.skip("no such deal")
    seat = pos.to_move
    trail = next(m for m in pos.legal_moves() if m.kind == "trail")
    game.play(trail)
    view = SeatView(game.position, game.position.to_move, game.turns)
    unlikely = unlikely_cards(view)
    other_aces = [c for c in cards_of(view.unseen) if c % 13 == 0]  # an ace takes an ace
    assert other_aces
    for c in other_aces:
        assert unlikely[seat] >> c & 1, card_symbol(c)


def test_inference_names_only_cards_the_seat_cannot_see_in_other_hands() -> None:
    game = Game(Rules(), 2, seed=11)
    view = SeatView(game.position, game.position.to_move)
    assert unlikely_cards(view) == {}  # nothing played yet this deal: nothing inferred
    moves: list[Move] = [m for m in game.legal_moves() if m.kind == "trail"]
    game.play(moves[0])
    view = SeatView(game.position, game.position.to_move, game.turns)
    for seat, mask in unlikely_cards(view).items():
        assert seat != view.seat
        assert not mask & ~view.unseen  # only cards the seat cannot see


def test_a_stretched_budget_gives_the_same_move_for_the_same_work() -> None:
    game = Game(Rules(), 2, seed=21)
    rng = random.Random(2)
    for _ in range(5):
        game.play(rng.choice(game.legal_moves()))
    view = SeatView(game.position, game.position.to_move, game.turns)
    moves = {Expert(extend=3.0).choose(view, random.Random(5), Budget(work=6)) for _ in range(3)}
    assert len(moves) == 1


def test_budget_scale_stretches_work_and_time() -> None:
    work = Budget(work=10)
    assert not work.spent(10, 1.5) and work.spent(15, 1.5) and work.spent(10)
    timed = Budget(ms=0.0)
    assert timed.spent(0) and timed.spent(0, 3.0)
    assert not Budget(ms=60_000).spent(0, 2.0)


def finished_round(seed: int, scores: tuple[int, int] = (0, 0)) -> tuple[Position, Event]:
    """The same random round (same deal, same plays) from the given scores."""
    pos = Position.deal_round(Rules(), 2, None, 1, round_deck(seed, 0), scores)
    rng = random.Random(seed)
    while True:
        moves = pos.legal_moves()
        event = pos.apply(moves[rng.randrange(len(moves))])
        if event.round_end is not None:
            return pos, event


def test_the_outcome_is_the_chance_of_winning_the_game() -> None:
    pos, event = finished_round(5)
    assert event.round_end is not None
    round_points = list(event.round_end.points)
    # Early in the game it follows the round's margin, between 0 and 1.
    early = outcome(pos, 0, event)
    assert 0.0 < early < 1.0
    assert (early > 0.5) == (round_points[0] > round_points[1])
    assert abs(early + outcome(pos, 1, event) - 1.0) < 1e-9
    # A round that takes us to the target ahead wins the game outright.
    lead = (round_points[0] - round_points[1]) * MARGIN_WEIGHT  # a hundredth of the margin
    pos, event = finished_round(5, (21 - round_points[0], 0))
    assert event.winner == 0
    won, lost = outcome(pos, 0, event), outcome(pos, 1, event)
    assert won == pytest.approx(decided_score(1.0, round_points[0] - round_points[1]))
    assert lost == pytest.approx(decided_score(0.0, round_points[1] - round_points[0]))
    # However small the round's margin, a game won outranks every chance with
    # any margin a round can give (and a game lost falls below every one).
    assert won >= 1.0 + MARGIN_WEIGHT * 25 and lost <= -MARGIN_WEIGHT * 25
    # Level at the target: another round, an even race.
    pos, event = finished_round(5, (21 - round_points[0], 21 - round_points[1]))
    assert event.winner is None
    assert outcome(pos, 0, event) == pytest.approx(0.5 + lead)


class Ticks:
    """A clock that moves on one millisecond each time it is read."""

    def __init__(self) -> None:
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return self.reads / 1000


def positions_of_every_kind() -> list[tuple[str, Position]]:
    """Starts of rounds, a last deal and a table of many small cards (tens of
    thousands of captures for a 9 or a 10), for two and four players and in
    Draw Cassino."""
    from cassino.rules import PRESETS

    from .spots import spot

    out = []
    for name, rules, players, teams in (("standard", Rules(), 2, False), ("partnerships", Rules(), 4, True),
                                        ("draw", PRESETS["draw"].rules(2), 2, False)):
        game = Game(rules, players, standard_teams(players, teams), seed=f"clock/{name}")
        out.append((name, game.position))
    small = "AS 2S 3S 4S AH 2H 3H 4H 5H AD 2D 3D 4D AC 2C 3C"
    out.append(("small cards", spot("9D TC 5C 6S", small, players=4, teams=[[0, 2], [1, 3]], stock_size=16)))
    out.append(("last deal", spot("9D TC 5C", "8H 2D 4S JH", stock_size=0)))
    return out


@pytest.mark.parametrize("name,pos", positions_of_every_kind(), ids=lambda x: x if isinstance(x, str) else "")
def test_the_expert_reads_the_clock_before_every_ply_and_stops_in_its_stretched_budget(
        name: str, pos: Position, monkeypatch: pytest.MonkeyPatch) -> None:
    # Its longest decisions are bounded by construction, not by luck: however
    # costly a playout, the clock is read before each of its plies (and every
    # CLOCK_NODES nodes of the last deal's search), so a decision ends within
    # one ply of its stretched budget (140 ms x 2.8).
    import cassino.ai.expert as expert

    clock = Ticks()
    plies: list[int] = []  # the clock's reads so far, at each ply
    nodes: list[int] = []  # and at each node of the search
    greedy, value = expert.greedy_move, expert._Solver.value

    def counted_ply(p: Position, worth: expert.Worth) -> Move:
        plies.append(clock.reads)
        return greedy(p, worth)

    def counted_node(solver: expert._Solver, p: Position, alpha: float, beta: float) -> float:
        nodes.append(clock.reads)
        return value(solver, p, alpha, beta)

    monkeypatch.setattr(expert, "greedy_move", counted_ply)
    monkeypatch.setattr(expert._Solver, "value", counted_node)
    player = Expert()
    move = player.choose(SeatView(pos, pos.to_move), random.Random(1), Budget(ms=140, clock=clock))
    assert pos.is_legal(move)
    assert plies or nodes, "it searched"
    # Never two plies without a look at the clock between them, nor more than
    # CLOCK_NODES nodes ...
    assert all(a < b for a, b in zip(plies, plies[1:]))
    assert max(Counter(nodes).values(), default=0) <= expert.CLOCK_NODES
    # ... and none once it has passed the stretched budget.
    assert clock.reads <= 140 * player.extend + 20


def test_in_the_solved_last_deal_equal_moves_go_to_the_evaluators_choice() -> None:
    """The other side holds TD KD 6C and controls a build of 6 (2D+4D); 6S JH
    AD TC KC are loose. Seen whole, the deal ends alike whatever seat 0
    plays, so every move ties; trailing the 5H beside the AD (the other's 6
    then takes both, the ace too) was played for coming first. The capture
    of the JH, the evaluator's choice, makes the other side find its way."""
    from cassino.rules import parse_move, position_from_json

    pos = position_from_json({
        "format": "cassino-position/1", "rules": {}, "players": 2, "teams": [[0], [1]],
        "dealer": 0, "to_move": 0, "hands": [["5H", "8D", "JD", "3C"], ["TD", "KD", "6C"]],
        "stock": [], "loose": ["6S", "JH", "AD", "TC", "KC"],
        "builds": [{"cards": ["2D", "4D"], "value": 6, "multiple": False, "controller": 1}],
        "captured": [["3S", "7S", "8S", "9S", "TS", "JS", "AH", "2H", "7H", "8H", "TH", "5D", "6D",
                      "9D", "2C", "4C", "5C", "7C", "JC"],
                     ["AS", "2S", "4S", "5S", "QS", "KS", "3H", "4H", "6H", "9H", "QH", "KH", "3D",
                      "7D", "QD", "AC", "8C", "9C", "QC"]],
        "sweeps": [0, 2], "last_capturer": 1, "scores": [16, 6]})
    for seed in range(3):
        move = Expert().choose(SeatView(pos, 0), random.Random(seed), Budget(work=40))
        assert move == parse_move("JDx:JH"), move.text()


@pytest.mark.parametrize("position, seat, winning, losing", [
    # Counts 19-19 at 15-18. The build 2S+8D lets the other's 10♥ take little casino (20), then
    # Q♦ takes the Q♠ for a seventh spade (21): it calls first. The capture of 8♦+2♣ makes 25
    # cards, the 7♣ next 27: most cards, 22, and this seat calls before the other can.
    ({"to_move": 0, "dealer": 1, "hands": [["2S", "7H", "AC", "TC"], ["4S", "TH", "QD", "8C"]],
      "loose": ["QS", "8D", "2C", "7C"], "last_capturer": 1, "scores": [15, 18],
      "captured": [["6S", "7S", "8S", "TS", "KS", "AH", "2H", "3H", "8H", "JH", "QH", "AD", "5D", "6D", "7D",
                    "9D", "TD", "JD", "3C", "6C", "QC", "KC"],
                   ["AS", "3S", "5S", "9S", "JS", "4H", "5H", "6H", "9H", "KH", "2D", "3D", "4D", "KD", "4C",
                    "5C", "9C", "JC"]]}, 0, "TCx10:8D,2C", "2Sb10:8D"),
    # Counts 19-18 the other way round: taking the 9♣ lets the other side reach 27 cards and
    # call; building 10 on it (the other holds no ten) takes big casino next turn, 21, first.
    ({"to_move": 1, "dealer": 0, "hands": [["9S", "QH", "KH", "7D"], ["AH", "9D", "TD", "4C"]],
      "loose": ["QS", "6C", "9C", "KC"], "last_capturer": 0, "scores": [19, 14],
      "captured": [["3S", "6S", "8S", "JS", "KS", "2H", "3H", "5H", "6H", "8H", "JH", "2D", "3D", "4D", "6D",
                    "8D", "JD", "KD", "2C", "5C", "7C", "8C", "JC"],
                   ["AS", "2S", "4S", "5S", "7S", "TS", "4H", "7H", "9H", "TH", "AD", "5D", "QD", "AC", "3C",
                    "TC", "QC"]]}, 1, "AHb10:9C", "9Dx9:9C"),
])
def test_the_solved_last_deal_under_the_call_for_21_sees_who_calls_first(
        position: dict[str, object], seat: int, winning: str, losing: str) -> None:
    """Searched as card plays alone, to the round's end, the deal was "won
    by a point" past the other side's call, which had already won the game."""
    from cassino.rules import parse_move, position_from_json

    pos = position_from_json({"format": "cassino-position/1", "rules": {"call_for_21": True}, "players": 2,
                              "teams": [[0], [1]], "stock": [], "builds": [], "sweeps": [0, 0], **position})
    assert pos.is_legal(parse_move(losing))
    for seed in range(2):
        move = Expert().choose(SeatView(pos, seat), random.Random(seed), Budget(work=40))
        assert move == parse_move(winning), move.text()
