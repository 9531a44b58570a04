"""Invariants of the rules over thousands of random games (hypothesis), for
every preset, for five and six players, and for random combinations of the
options that §9.1 allows.

Each example plays a round or a whole game with random legal moves from a
seeded deal and checks after every move what must always hold: every card
of the pack in exactly one place, the position valid (``problems() == []``);
at each round's end no build left and the round's points what the rules say
they add up to; at the game's end the winner §9.22 names; and the game's
record replays to the same events, totals and winner. The expected figures
are worked out here from the rules' text, not read from the engine.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassino.rules import (CALL, CAPTURE, PRESET_LIST, Event, Game, Move, Position, Rules,
                           cards_of, game_from_record, parse_move, record_to_json, replay,
                           round_deck, shape_of, standard_teams)
from cassino.rules.cards import SPADE_SET
from cassino.rules.legal import generator

seeds = st.integers(min_value=0, max_value=2**32 - 1)

ACES = [c for c in range(52) if c % 13 == 0]  # AS AH AD AC
TEN_OF_DIAMONDS, TWO_OF_SPADES, JACK_OF_SPADES = 2 * 13 + 9, 1, 10
# Count-out's order of the aces (§9.20): spades, clubs, hearts, diamonds.
ACES_IN_COUNT_ORDER = [0, 39, 13, 26]

# Every preset with every seating it is played by (§9.23), and the standard
# game for five and six players.
PRESET_GAMES = [(p.key, p.rules(n), n, standard_teams(n, partners))
                for p in PRESET_LIST for n in p.players for partners in (False, True)
                if p.allows(n, partners)]
PRESET_GAMES += [("standard", Rules(), 5, standard_teams(5)),
                 ("standard", Rules(), 6, standard_teams(6))]
PRESET_IDS = [f"{key}-{n}{'-teams' if len(teams) == 2 and n == 4 else ''}"
              for key, _, n, teams in PRESET_GAMES]
# Random play captures when the table holds this many loose cards: a table of
# thirty has millions of distinct moves (see test_crowded_table.py).
CROWDED = 8


# -- option combinations that §9.1 allows ------------------------------------------

@st.composite
def allowed_games(draw: Any) -> tuple[Rules, int, list[list[int]]]:
    """Rules made of random options, and a seating, as §9.1 allows them."""
    opts: dict[str, Any] = {"sweeps": draw(st.sampled_from([0, 1, 2]))}
    courts = draw(st.sampled_from(["plain", "all", "royal", "royal14", "buckeye", "buckeye14",
                                   "trailing"]))
    opts.update({"plain": {}, "all": {"court_capture": "all"}, "royal": {"royal": True},
                 "royal14": {"royal": True, "ace_14": True},
                 "buckeye": {"royal": True, "buckeye": True},
                 "buckeye14": {"royal": True, "buckeye": True, "ace_14": True},
                 "trailing": {"trailing_royals": True}}[courts])
    opts["controller"] = draw(st.sampled_from(["hoyle", "permissive", "answer", "strict"]))
    for key in ("spade_scoring", "initial_pairs", "card_tie_to_spades", "deal_singly"):
        opts[key] = draw(st.booleans())
    opts["all_eleven"] = draw(st.sampled_from(["off", "bonus", "win"]))
    deals = draw(st.sampled_from(["plain", "draw", "pluck"]))
    opts["draw"], opts["pluck"] = deals == "draw", deals == "pluck"
    end = draw(st.sampled_from(["target", "rounds", "sudden", "call", "count_out", "all_three"]))
    if end == "rounds":
        opts["rounds"] = draw(st.integers(1, 3))
    else:
        opts["target"] = draw(st.sampled_from([2, 5, 11, 21]))
        opts["sudden_death"] = end in ("sudden", "all_three")
        opts["call_for_21"] = end in ("call", "all_three")
        opts["count_out"] = end in ("count_out", "all_three")
        if opts["sudden_death"] and not opts["sweeps"]:
            opts["sweeps"] = 1
    if opts.get("call_for_21"):
        players, partners = draw(st.sampled_from([(2, False), (4, True)]))
    else:
        players = draw(st.integers(2, 6))
        partners = players == 4 and draw(st.booleans())
    return Rules(**opts), players, standard_teams(players, partners)


# -- what the rules say, worked out from the piles ------------------------------------

def unique_top(values: list[int], among: list[int] | None = None) -> int | None:
    teams = among if among is not None else list(range(len(values)))
    best = max(values[t] for t in teams)
    top = [t for t in teams if values[t] == best]
    return top[0] if len(top) == 1 else None


def base_winners(rules: Rules, piles: list[int]) -> dict[str, int | None]:
    """Who takes each base item (§8, §9.14): most cards, most spades, TD, 2S, aces."""
    cards = [p.bit_count() for p in piles]
    spades = [(p & SPADE_SET).bit_count() for p in piles]
    most_cards = unique_top(cards)
    if most_cards is None and rules.card_tie_to_spades:
        most_cards = unique_top(spades, [t for t in range(len(piles)) if cards[t] == max(cards)])
    out: dict[str, int | None] = {"cards": most_cards, "spades": unique_top(spades)}
    for name, card in [("TD", TEN_OF_DIAMONDS), ("2S", TWO_OF_SPADES)] + [
            (f"ace{a}", a) for a in ACES]:
        out[name] = next(t for t, p in enumerate(piles) if p >> card & 1)
    return out


def all_eleven_team(rules: Rules, piles: list[int]) -> int | None:
    """The team that took all eleven base points (§9.13), if one did."""
    takers = set(base_winners(rules, piles).values())
    return takers.pop() if len(takers) == 1 and None not in takers else None


def expected_round_points(rules: Rules, piles: list[int], sweeps: list[int]) -> int:
    """The round's points from the rules: 11 base points, less 3 for a tie for
    cards (unless the card tie goes to spades) and 1 for a tie for spades;
    plus 14 spade points under spade scoring (each spade 1, the jack 2), the
    all-eleven bonus, and each sweep's value."""
    base = base_winners(rules, piles)
    points = 11
    if base["cards"] is None:
        points -= 3
    if base["spades"] is None:
        points -= 1
    if rules.spade_scoring:
        points += 13 + 1
    if rules.all_eleven == "bonus" and all_eleven_team(rules, piles) is not None:
        points += 1
    return points + sum(sweeps) * rules.sweeps


def count_out_winner(rules: Rules, scores: tuple[int, ...], piles: list[int],
                     sweeps: list[int], eldest: int, team_of: tuple[int, ...]) -> int | None:
    """§9.20: points added item by item; the first team that, after one of its
    items, has reached the target and more than every other team wins."""
    base = base_winners(rules, piles)
    owner = {c: next(t for t, p in enumerate(piles) if p >> c & 1) for c in range(13)}
    items: list[tuple[int | None, int]] = [(base["cards"], 3), (base["spades"], 1),
                                           (base["TD"], 2), (base["2S"], 1)]
    items += [(base[f"ace{a}"], 1) for a in ACES_IN_COUNT_ORDER]
    if rules.spade_scoring:
        items += [(owner[c], 2 if c == JACK_OF_SPADES else 1) for c in range(13)]
    if rules.all_eleven == "bonus":
        items.append((all_eleven_team(rules, piles), 1))
    order: list[int] = []
    for i in range(len(team_of)):
        team = team_of[(eldest + i) % len(team_of)]
        if team not in order:
            order.append(team)
    sweep_items = [(t, sweeps[t] * rules.sweeps) for t in order if sweeps[t] * rules.sweeps]
    items = sweep_items + items if rules.sudden_death else items + sweep_items
    running = list(scores)
    for team, points in items:
        if team is None or not points:
            continue
        running[team] += points
        if running[team] >= rules.target and all(running[team] > x for t, x in enumerate(running)
                                                  if t != team):
            return team
    return None


def call_count(pos: Position, team: int) -> int:
    """§9.18: the score before the round plus what the round has made certain."""
    rules = pos.rules
    pile = pos.captured[team]
    count = pos.scores[team] + pos.sweeps[team] * rules.sweeps
    count += 2 * (pile >> TEN_OF_DIAMONDS & 1) + (pile >> TWO_OF_SPADES & 1)
    count += sum(pile >> a & 1 for a in ACES)
    spades = (pile & SPADE_SET).bit_count()
    if rules.spade_scoring:
        count += spades + (pile >> JACK_OF_SPADES & 1)
    cards, half = pile.bit_count(), len(pos.shape.pack) / 2
    if cards > half or (rules.card_tie_to_spades and cards == half and spades >= 7):
        count += 3
    if spades >= 7:
        count += 1
    return count


# -- checks -------------------------------------------------------------------------

def all_cards_once(pos: Position) -> None:
    """Every card of the game's pack is accounted for, each exactly once."""
    places = list(pos.hands) + [pos.loose] + [b.cards for b in pos.builds] + list(pos.captured)
    seen = 0
    total = 0
    for mask in places:
        assert not seen & mask, f"a card is in two places: {cards_of(seen & mask)}"
        seen |= mask
        total += mask.bit_count()
    for c in pos.stock:
        assert not seen >> c & 1
        seen |= 1 << c
        total += 1
    assert seen == pos.shape.pack_mask and total == len(pos.shape.pack)


def valid(pos: Position) -> None:
    all_cards_once(pos)
    problems = pos.problems()
    assert problems == [], problems


def random_move(pos: Position, rng: random.Random) -> Move:
    """A random legal move; a call now and then (it ends the game); the
    biggest capture now and then (for sweeps) and when the table is crowded."""
    moves = pos.legal_moves()
    assert moves, "§7: a legal move always exists"
    plays = [m for m in moves if m.kind != CALL]
    if not plays or (len(plays) < len(moves) and rng.random() < 0.005):
        return Move.call()
    if pos.loose.bit_count() >= CROWDED or rng.random() < 0.3:  # sweeps now and then
        captures = [m for m in plays if m.kind == CAPTURE]
        if captures:
            return max(captures, key=lambda m: (m.takes.bit_count(), m))
    return rng.choice(plays)


def check_round_end(pos: Position, event: Event, totals: tuple[int, ...]) -> None:
    """The round just ended on ``pos``: the table cleared, the points as the rules add them up."""
    end = event.round_end
    assert end is not None
    assert pos.builds == () and pos.loose == 0 and not any(pos.hands) and not pos.stock
    assert sum(end.cards) == len(pos.shape.pack) and sum(end.spades) == 13
    assert sum(end.points) == expected_round_points(pos.rules, pos.captured, pos.sweeps)
    assert end.scores == tuple(t + p for t, p in zip(totals, end.points))


def expected_winner_at_round_end(pos: Position, end_scores: tuple[int, ...]) -> int | None:
    """§9.22: all eleven under 'win', else the count-out, else a fixed number
    of rounds, else the target with the highest total alone."""
    rules = pos.rules
    if rules.all_eleven == "win":
        team = all_eleven_team(rules, pos.captured)
        if team is not None:
            return team
    if rules.count_out:
        return count_out_winner(rules, pos.scores, pos.captured, pos.sweeps, pos.eldest,
                                pos.team_of)
    best = unique_top(list(end_scores))
    if rules.rounds is not None:
        return best if pos.round >= rules.rounds else None
    return best if best is not None and end_scores[best] >= rules.target else None


def check_game_ended_inside_round(pos: Position, event: Event | None, game: Game) -> None:
    """A call or a sudden-death sweep (§9.18, §9.19, §9.22)."""
    rules = pos.rules
    # The final scores: those before the round, plus, under sudden death, the
    # round's sweep points.
    counts = [s + (n * rules.sweeps if rules.sudden_death else 0)
              for s, n in zip(pos.scores, pos.sweeps)]
    assert game.totals == tuple(counts)
    assert pos.legal_moves() == []
    if event is not None and event.move.kind == CALL:
        caller = pos.team_of[event.seat]
        wins = call_count(pos, caller) >= rules.target
        assert game.winner == (caller if wins else 1 - caller)
        return
    assert rules.sudden_death and (event is None or event.sweep)
    winner = game.winner
    assert winner is not None and counts[winner] >= rules.target
    assert all(counts[winner] > c for t, c in enumerate(counts) if t != winner)


def play_game(rules: Rules, players: int, teams: list[list[int]], seed: int,
              max_rounds: int = 40) -> tuple[Game, list[Event]]:
    """A whole game of random legal moves, every invariant checked on the way."""
    rng = random.Random(seed)
    game = Game(rules, players, teams, seed=seed)
    events: list[Event] = []
    totals = game.totals
    if game.over:  # a sudden-death sweep by initial pairs
        check_game_ended_inside_round(game.position, None, game)
    while not game.over:
        assert len(game.rounds) < max_rounds, "a game ends"
        pos = game.position
        valid(pos)
        event = game.play(random_move(pos, rng))
        events.append(event)
        valid(pos)
        if event.round_end is not None:
            check_round_end(pos, event, totals)
            totals = event.round_end.scores
            assert game.totals == totals
            assert event.winner == expected_winner_at_round_end(pos, totals)
            if game.over and event.winner is None:
                # The next round's first deal ended the game: a sweep by initial
                # pairs under sudden death (the round's last event says no winner).
                assert game.deal_event.winner == game.winner is not None
                check_game_ended_inside_round(game.position, None, game)
            elif game.over:
                assert game.winner == event.winner
            else:
                assert game.position.dealer == (pos.dealer + 1) % players  # the deal passes on
                assert game.position.round == pos.round + 1
        elif game.over:
            check_game_ended_inside_round(pos, event, game)
    return game, events


def check_record_replays(game: Game, events: list[Event]) -> None:
    """The record replays to the same events, totals and winner."""
    record = json.loads(json.dumps(record_to_json(game)))
    again = game_from_record(record)
    replayed = [again.play(parse_move(text)) for text in record["moves"]]
    assert replayed == events
    assert again.totals == game.totals and again.winner == game.winner
    assert again.rounds == game.rounds
    done = replay(record)
    assert done.totals == game.totals and done.winner == game.winner and done.over


# -- the tests ----------------------------------------------------------------------

@pytest.mark.parametrize("key, rules, players, teams", PRESET_GAMES, ids=PRESET_IDS)
@settings(max_examples=20, deadline=None)
@given(seed=seeds)
def test_every_preset_game_keeps_every_invariant_and_replays(key: str, rules: Rules, players: int,
                                                             teams: list[list[int]],
                                                             seed: int) -> None:
    game, events = play_game(rules, players, teams, seed)
    assert game.winner is not None
    check_record_replays(game, events)


@settings(max_examples=150, deadline=None)
@given(game_rules=allowed_games(), seed=seeds)
def test_random_option_combinations_keep_every_invariant_and_replay(
        game_rules: tuple[Rules, int, list[list[int]]], seed: int) -> None:
    rules, players, teams = game_rules
    game, events = play_game(rules, players, teams, seed)
    check_record_replays(game, events)


# Games that often end inside a round: a sudden-death sweep (by play or by
# initial pairs) or a call.
INSIDE_ROUND = [Rules(sudden_death=True, target=2), Rules(sudden_death=True, target=1),
                Rules(sudden_death=True, sweeps=2, target=3, count_out=True, initial_pairs=True),
                Rules(sudden_death=True, draw=True, target=2, initial_pairs=True)]


@settings(max_examples=80, deadline=None)
@given(rules=st.sampled_from(INSIDE_ROUND), players=st.integers(2, 6), seed=seeds)
def test_games_ended_inside_a_round_end_as_the_rules_say(rules: Rules, players: int,
                                                         seed: int) -> None:
    game, events = play_game(rules, players, standard_teams(players), seed)
    check_record_replays(game, events)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@settings(max_examples=60, deadline=None)
@given(seed=seeds)
def test_a_round_plays_every_card_once(players: int, seed: int) -> None:
    """Every card of the pack but the first table cards is played, one a turn."""
    rules = Rules()
    pos = Position.deal_round(rules, players, None, seed % players,
                              round_deck(seed, 0, shape_of(rules, players).pack))
    rng = random.Random(seed)
    moves = 0
    while not pos.round_over:
        seat = pos.to_move
        move = random_move(pos, rng)
        before = pos.hands[seat]
        pos.play(move)
        assert before >> move.card & 1 and not pos.hands[seat] >> move.card & 1
        moves += 1
        valid(pos)
    assert moves == len(pos.shape.pack) - 4
    assert pos.builds == () and pos.loose == 0


@settings(max_examples=100, deadline=None)
@given(seed=seeds)
def test_copies_are_independent(seed: int) -> None:
    rng = random.Random(seed)
    presets = [p.rules(2) for p in PRESET_LIST if p.allows(2, False)]
    rules = presets[seed % len(presets)]
    pos = Position.deal_round(rules, 2, None, 0, round_deck(seed, 0))
    for _ in range(rng.randrange(30)):
        if pos.round_over:
            break
        pos.play(random_move(pos, rng))
    snapshot = pos.copy()
    copy = pos.copy()
    while not copy.round_over and not copy.game_over:
        copy.play(random_move(copy, rng))
    for key in Position.__slots__:
        if not key.startswith("_"):
            assert getattr(pos, key) == getattr(snapshot, key), key


# That a seed gives the same game everywhere is pinned card by card, and
# checked across processes, in tests/rules/test_golden_deals.py.


@pytest.mark.parametrize("key, rules, players, teams", PRESET_GAMES, ids=PRESET_IDS)
@settings(max_examples=8, deadline=None)
@given(seed=seeds)
def test_checking_one_move_agrees_with_the_full_list(key: str, rules: Rules, players: int,
                                                     teams: list[list[int]], seed: int) -> None:
    """``is_legal`` on a fresh position looks only at the cards a move takes; it
    must accept exactly the moves ``legal_moves`` lists, and refuse the moves of
    a legal shape that the hold and controller rules forbid."""
    rng = random.Random(seed)
    pos = Position.deal_round(rules, players, teams, 0, round_deck(seed, 0, shape_of(
        rules, players, teams).pack))
    while not pos.round_over and not pos.game_over:
        legal = set(pos.legal_moves())
        fresh = pos.copy()
        gen = generator(pos)
        shaped = [m for c in cards_of(pos.hands[pos.to_move])
                  for m in gen.generate(pos, c, None, relaxed=True)]
        # And each legal move with one of its taken cards left out: a part of
        # a legal capture need not be one (§9.4's all, a build's groups).
        parts = [m._replace(takes=m.takes & ~(m.takes & -m.takes)) for m in legal
                 if m.card >= 0 and m.takes.bit_count() >= 2]
        for move in shaped + parts + [m for m in legal if m.is_action]:
            fresh._moves = fresh._legal = fresh._legal_set = None
            assert fresh.is_legal(move) == (move in legal), move.text()
        pos.play(random_move(pos, rng))


@pytest.mark.parametrize("key, rules, players, teams", PRESET_GAMES, ids=PRESET_IDS)
@settings(max_examples=6, deadline=None)
@given(seed=seeds)
def test_the_moves_taking_exactly_some_items_are_those_within_them_taking_all(
        key: str, rules: Rules, players: int, teams: list[list[int]], seed: int) -> None:
    """The generator's ``exact`` listing (how one move is checked, and a drop
    read, however crowded the table) is the listing within the same cards cut
    to the moves taking every one of them: for legal and for relaxed moves,
    for each card in hand, on the cards of legal moves, with one left out,
    and on random sets of table cards."""
    rng = random.Random(seed)
    pos = Position.deal_round(rules, players, teams, 0, round_deck(seed, 0, shape_of(
        rules, players, teams).pack))
    gen = generator(pos)
    while not pos.round_over and not pos.game_over:
        table = pos.table
        sets = {m.takes for m in pos.legal_moves() if m.card >= 0}
        sets |= {t & ~(t & -t) for t in sets}
        sets |= {rng.getrandbits(52) & table for _ in range(3)} | {0, table}
        for c in cards_of(pos.hands[pos.to_move]):
            for t in sets:
                for relaxed in (False, True):
                    within = [m for m in gen.generate(pos, c, t, relaxed=relaxed) if m.takes == t]
                    exact = gen.generate(pos, c, t, relaxed=relaxed, exact=True)
                    assert sorted(exact) == sorted(within), (c, t)
        pos.play(random_move(pos, rng))
