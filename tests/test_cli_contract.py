"""The command line's contract (docs/formats.md), run as a user of a clone runs it.

Each test starts ``python -m cassino`` as a subprocess and checks what
docs/formats.md promises: the event that ``apply --event`` prints, the first
deal that ``deal`` makes (against a deal written out here from the rules,
not the engine's), the variants' fields and actions, every preset of
``--rules``, and the exit statuses: 0 done, 1 a well-formed move the rules
refuse, 2 input the command cannot use, with the reason on one line.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cassino.rules import (Game, Move, Rules, card_text, parse_card, position_to_json,
                           record_to_json)

ROOT = Path(__file__).resolve().parents[1]
RANKS = "A23456789TJQK"
EVENT_FIELDS = {"format", "seat", "move", "sweep", "drawn", "dealt", "round_end", "winner"}
ROUND_END_FIELDS = {"residue", "residue_to", "items", "points", "scores"}
# The order docs/rules.md §9.20 counts a round's items in (sweeps first under sudden death).
COUNT_ORDER = ["cards", "spades", "TD", "2S", "AS", "AC", "AH", "AD", "spade_points", "all_eleven",
               "sweeps"]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return subprocess.run([sys.executable, "-m", "cassino", *args], cwd=ROOT, env=env,
                          input=stdin, capture_output=True, text=True, timeout=60)


def ok(result: subprocess.CompletedProcess[str]) -> list[str]:
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def refused(result: subprocess.CompletedProcess[str], status: int = 2) -> str:
    """A refusal: the status, nothing on stdout, one line on stderr; returns that line."""
    assert result.returncode == status, (result.returncode, result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cassino: "), result.stderr
    return lines[0]


def write(tmp_path: Path, data: Any, name: str = "position.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def play_until(game: Game, stop: Any, seed: str, avoid: tuple[str, ...] = ("call",)) -> None:
    """Random legal moves (never ``avoid``'s kinds) until ``stop(game)`` or the game's end."""
    rng = random.Random(seed)
    while not game.over and not stop(game):
        legal = [m for m in game.legal_moves() if m.kind not in avoid] or game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])


# -- apply --event -------------------------------------------------------------------


def check_event(event: dict[str, Any], before: dict[str, Any], move: str) -> None:
    """The fields docs/formats.md gives an event, and what they say of this move."""
    assert set(event) == EVENT_FIELDS
    assert event["format"] == "cassino-event/1"
    assert event["seat"] == before["to_move"]
    assert event["move"] == move
    assert isinstance(event["sweep"], bool) and isinstance(event["dealt"], bool)
    assert all(isinstance(c, str) and len(c) == 2 for c in event["drawn"])
    end = event["round_end"]
    if end is None:
        return
    assert set(end) == ROUND_END_FIELDS
    sides = len(before["teams"])
    assert all(set(i) == {"item", "team", "points"} for i in end["items"])
    names = [i["item"] for i in end["items"]]
    order = COUNT_ORDER
    if before["rules"].get("sudden_death"):
        order = ["sweeps"] + COUNT_ORDER[:-1]
    assert names == sorted(names, key=order.index), names
    # Sweeps team by team in turn order from the eldest's team.
    eldest = (before["dealer"] + 1) % before["players"]
    team_of = {s: t for t, team in enumerate(before["teams"]) for s in team}
    turn_teams = list(dict.fromkeys(team_of[(eldest + i) % before["players"]]
                                    for i in range(before["players"])))
    sweep_teams = [i["team"] for i in end["items"] if i["item"] == "sweeps"]
    assert sweep_teams == [t for t in turn_teams if t in sweep_teams]
    points = [sum(i["points"] for i in end["items"] if i["team"] == t) for t in range(sides)]
    assert end["points"] == points
    assert end["scores"] == [s + p for s, p in zip(before["scores"], points)]


@pytest.mark.parametrize("rules, players, teams", [
    (Rules(), 2, None),
    (Rules(spade_scoring=True, all_eleven="bonus", sweeps=2), 3, None),
    (Rules(sudden_death=True, target=200), 4, [[0, 2], [1, 3]]),
    (Rules(draw=True, initial_pairs=True), 2, None),
])
def test_apply_event_prints_the_position_then_the_event(tmp_path: Path, rules: Rules, players: int,
                                                       teams: Any) -> None:
    """Line 1 the position after the move, line 2 its event; the move that ends a round
    carries its items in counting order; one that ends a deal says so."""
    game = Game(rules, players, teams, "contract")
    for stop, want in ((lambda g: len(g.round_events) == 3, "early"),
                       (lambda g: not g.position.stock and
                        sum(h.bit_count() for h in g.position.hands) == 1, "end")):
        play_until(game, stop, f"event/{want}")
        before = position_to_json(game.position)
        move = game.legal_moves()[-1]
        lines = ok(run("apply", write(tmp_path, before), move.text(), "--event"))
        assert len(lines) == 2
        after = game.position.copy()
        event = after.play(move)
        assert json.loads(lines[0]) == position_to_json(after)
        check_event(json.loads(lines[1]), before, move.text())
        assert json.loads(lines[1]) == event.to_json()
        if want == "end":
            assert json.loads(lines[1])["round_end"] is not None
        elif rules.draw:
            assert json.loads(lines[1])["drawn"] == [before["stock"][0]]


def test_apply_event_of_the_last_card_of_a_deal_says_dealt(tmp_path: Path) -> None:
    game = Game(Rules(), 3, None, "dealt")
    play_until(game, lambda g: sum(h.bit_count() for h in g.position.hands) == 1, "dealt")
    before = position_to_json(game.position)
    assert before["stock"]
    lines = ok(run("apply", write(tmp_path, before), game.legal_moves()[0].text(), "--event"))
    event = json.loads(lines[1])
    assert event["dealt"] is True and event["round_end"] is None
    assert [len(h) for h in json.loads(lines[0])["hands"]] == [4, 4, 4]


# -- deal ----------------------------------------------------------------------------


def first_deal(pack: list[str], players: int, dealer: int, singly: bool,
               pairs: bool) -> dict[str, Any]:
    """The first deal written out from docs/rules.md §2 and §9.2: passes from the
    eldest round to the dealer, the table's packet just before the dealer's; then
    the initial pairs (§9.12) to the eldest."""
    hands: list[list[str]] = [[] for _ in range(players)]
    table: list[str] = []
    top = 0
    for size in (1, 1, 1, 1) if singly else (2, 2):
        for i in range(1, players + 1):
            seat = (dealer + i) % players
            if seat == dealer:
                table += pack[top:top + size]
                top += size
            hands[seat] += pack[top:top + size]
            top += size
    taken = [c for c in table if pairs and sum(t[0] == c[0] for t in table) >= 2]
    return {"hands": hands, "loose": [c for c in table if c not in taken], "taken": taken,
            "stock": pack[top:]}


def canonical(cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda c: ("SHDC".index(c[1]), RANKS.index(c[0])))


@pytest.mark.parametrize("players, teams, options", [
    (2, None, {}), (3, None, {"deal_singly": True}), (4, None, {"initial_pairs": True}),
    (4, [[0, 2], [1, 3]], {"initial_pairs": True, "deal_singly": True}), (5, None, {}),
    (6, None, {"initial_pairs": True}), (2, None, {"deal_singly": True, "draw": True}),
])
def test_deal_makes_the_first_deal_of_a_round(tmp_path: Path, players: int, teams: Any,
                                             options: dict[str, Any]) -> None:
    sides = teams or [[s] for s in range(players)]
    pack = [card_text(c) for c in range(52)]
    if players == 5:
        pack = [c for c in pack if c not in ("2H", "2D", "2C")]
    rng = random.Random(f"deal/{players}/{options}")
    rng.shuffle(pack)
    dealer = rng.randrange(players)
    if options.get("initial_pairs"):  # two sevens among the table's first cards
        step = players + 1 if options.get("deal_singly") else 1
        for i, card in enumerate(("7S", "7D")):
            at, j = (players - 1) * (1 if step > 1 else 2) + i * step, pack.index(card)
            pack[at], pack[j] = pack[j], pack[at]
    start: dict[str, Any] = {
        "format": "cassino-position/1", "rules": options, "players": players, "teams": sides,
        "dealer": dealer, "to_move": (dealer + 1) % players, "hands": [[] for _ in range(players)],
        "stock": pack, "loose": [], "builds": [], "captured": [[] for _ in sides],
        "sweeps": [0] * len(sides), "last_capturer": None, "scores": list(range(3, 3 + len(sides)))}
    out = json.loads(ok(run("deal", write(tmp_path, start)))[0])
    want = first_deal(pack, players, dealer, bool(options.get("deal_singly")),
                      bool(options.get("initial_pairs")))
    eldest = (dealer + 1) % players
    assert out["hands"] == [canonical(h) for h in want["hands"]]
    assert out["loose"] == canonical(want["loose"])
    assert out["stock"] == want["stock"]
    assert out["to_move"] == eldest and out["dealer"] == dealer
    assert out["scores"] == start["scores"]
    team = next(t for t, seats in enumerate(sides) if eldest in seats)
    assert out["captured"][team] == canonical(want["taken"])
    if options.get("initial_pairs"):
        assert {"7S", "7D"} <= set(want["taken"])
        assert out["last_capturer"] == eldest
    else:
        assert out["last_capturer"] is None
    assert "round" not in out and "plucked" not in out


def test_deal_refuses_what_is_not_the_start_of_a_round(tmp_path: Path) -> None:
    dealt = position_to_json(Game(Rules(), 2, None, 1).position)
    assert "not the start of a round" in refused(run("deal", write(tmp_path, dealt)))
    five = dict(dealt, players=5, teams=[[s] for s in range(5)], hands=[[]] * 5,
                stock=[card_text(c) for c in range(52)], loose=[], captured=[[]] * 5,
                sweeps=[0] * 5, scores=[0] * 5)
    assert "2H" in refused(run("deal", write(tmp_path, five)))  # five play without 2H 2D 2C


@pytest.mark.parametrize("change, named", [
    ({"sweeps": [1, 0, 0]}, "'sweeps' are all 0"),
    ({"last_capturer": 2}, "'last_capturer' is null"),
    ({"to_move": 2}, "the eldest (seat 0, left of the dealer, seat 2) is to move"),
    ({"rules": {"pluck": True}, "plucked": [1]}, "'plucked' is empty"),
    ({"rules": {"call_for_21": True}, "players": 2, "teams": [[0], [1]], "dealer": 1, "to_move": 0,
      "hands": [[], []], "captured": [[], []], "sweeps": [0, 0], "scores": [0, 0], "winner": 1},
     "'winner' is null"),
])
def test_deal_refuses_a_start_where_something_has_already_happened(tmp_path: Path, change: dict[str, Any],
                                                                  named: str) -> None:
    # The whole pack in the stock, but a sweep, a capture, a pluck, a winner or
    # the wrong player to move says this is no round's start (docs/formats.md).
    start: dict[str, Any] = {
        "format": "cassino-position/1", "rules": {}, "players": 3, "teams": [[0], [1], [2]],
        "dealer": 2, "to_move": 0, "hands": [[], [], []], "stock": [card_text(c) for c in range(52)],
        "loose": [], "builds": [], "captured": [[], [], []], "sweeps": [0, 0, 0],
        "last_capturer": None, "scores": [0, 0, 0]}
    assert ok(run("deal", write(tmp_path, start)))
    assert named in refused(run("deal", write(tmp_path, {**start, **change})))


def test_round_is_written_under_rounds_only(tmp_path: Path) -> None:
    rules = Rules(rounds=6, deal_singly=True)
    game = Game(rules, 3, None, "rounds")
    play_until(game, lambda g: g.round_number == 3, "rounds")
    pos = position_to_json(game.position)
    assert pos["round"] == 3
    lines = ok(run("apply", write(tmp_path, pos), game.legal_moves()[0].text()))
    assert json.loads(lines[0])["round"] == 3
    standard = position_to_json(Game(Rules(), 3, None, "rounds").position)
    assert "round" not in standard
    lines = ok(run("apply", write(tmp_path, standard), Game(Rules(), 3, None, "rounds")
                   .legal_moves()[0].text()))
    assert "round" not in json.loads(lines[0])


# -- actions: pluck and call ---------------------------------------------------------


def action_game() -> Game:
    """A game with plucks and calls open at its first turn."""
    rules = Rules(pluck=True, call_for_21=True)
    for seed in range(100):
        game = Game(rules, 2, None, seed)
        if any(m.kind == "pluck" for m in game.legal_moves()):
            return game
    raise AssertionError("no deal offered a pluck")


def test_legal_lists_the_actions_first(tmp_path: Path) -> None:
    game = action_game()
    lines = ok(run("legal", write(tmp_path, position_to_json(game.position))))
    kinds = ["call" if t == "call" else "pluck" if t.startswith("pluck:") else "card" for t in lines]
    assert kinds[0] == "call" and "pluck" in kinds
    assert kinds == sorted(kinds, key=["call", "pluck", "card"].index)
    as_json = [json.loads(line) for line in
               ok(run("legal", write(tmp_path, position_to_json(game.position)), "--json"))]
    assert as_json[0] == {"kind": "call"}
    assert as_json[1]["kind"] == "pluck" and set(as_json[1]) == {"kind", "takes"}


def test_a_pluck_through_apply(tmp_path: Path) -> None:
    game = action_game()
    before = position_to_json(game.position)
    pluck = next(m for m in game.legal_moves() if m.kind == "pluck")
    card = card_text(pluck.takes.bit_length() - 1)
    assert pluck.text() == f"pluck:{card}" and before["plucked"] == []
    lines = ok(run("apply", write(tmp_path, before), f"pluck:{card.lower()}", "--event"))
    after, event = (json.loads(line) for line in lines)
    seat = before["to_move"]
    assert event["move"] == f"pluck:{card}" and event["sweep"] is False and event["seat"] == seat
    assert after["to_move"] == seat and after["plucked"] == [seat]
    assert card in after["captured"][seat] and card not in after["loose"]
    assert after["last_capturer"] == before["last_capturer"]
    legal = ok(run("legal", write(tmp_path, after)))
    assert legal[0] == "call" and not any(t.startswith("pluck:") for t in legal)
    # A second pluck in the same deal is a well-formed move the rules refuse.
    other = next((c for c in after["loose"] if c[0] not in "A" and c not in ("TD", "2S")), None)
    if other:
        assert "pluck" in refused(run("apply", write(tmp_path, after), f"pluck:{other}"), status=1)


def test_a_call_through_apply_ends_the_game(tmp_path: Path) -> None:
    game = action_game()
    before = position_to_json(game.position)
    lines = ok(run("apply", write(tmp_path, before), '{"kind": "call"}', "--event"))
    after, event = (json.loads(line) for line in lines)
    seat = before["to_move"]
    # Nobody has 21 at the first turn of the game: the caller's side loses.
    assert event["move"] == "call" and event["winner"] == 1 - seat
    assert after["winner"] == 1 - seat and after["to_move"] == seat
    assert after["hands"] == before["hands"] and after["scores"] == before["scores"]
    assert ok(run("legal", write(tmp_path, after))) == []
    refused(run("apply", write(tmp_path, after), before["hands"][seat][0] + "-"), status=1)


# -- replay of a variant record ------------------------------------------------------


def test_replay_of_a_pluck_game_and_of_a_called_game(tmp_path: Path) -> None:
    names = [{"name": n, "seat": s, "kind": "ai:random"} for s, n in enumerate(["Ann", "Bob"])]
    game = Game(Rules(pluck=True, target=11), 2, None, "pluck-record")
    play_until(game, lambda g: False, "pluck-record")
    record = record_to_json(game, names)
    assert any(m.startswith("pluck:") for m in record["moves"])
    lines = ok(run("replay", write(tmp_path, record, "record.json")))
    assert [line for line in lines if line.startswith("Round ")] == \
        [f"Round {r.round} (dealer: seat {r.dealer})" for r in game.rounds]
    assert game.winner is not None
    assert lines[-1] == f"Result: {['Ann', 'Bob'][game.winner]} wins, " + \
        "-".join(map(str, game.totals))

    called = Game(Rules(call_for_21=True), 2, None, "called")
    play_until(called, lambda g: g.round_number == 2 and len(g.round_events) == 5, "called")
    called.play(Move.call())
    record = record_to_json(called, names)
    assert record["moves"][-1] == "call"
    lines = ok(run("replay", write(tmp_path, record, "record.json")))
    # Who called, whether the count reached the target, and the counts that decided it.
    from cassino.rules.scoring import call_counts

    caller = called.turns[-1].seat
    counts = call_counts(called.position)
    verdict = "reached" if called.winner == caller else "fell short of"
    assert lines[-2] == (f"The game ended inside round 2: {['Ann', 'Bob'][caller]} called for 21 and {verdict} it "
                         f"(counts: Ann {counts[0]}, Bob {counts[1]})")
    assert lines[-1].startswith(f"Result: {['Ann', 'Bob'][called.winner or 0]} wins, ")
    # A move after the call: well formed, refused by the rules.
    record["moves"].append("7H-")
    assert "already over" in refused(run("replay", write(tmp_path, record, "record.json")), status=1)


# -- --rules: presets, options JSON, refusals ----------------------------------------

# docs/rules.md §9.23: each preset's options, and a seating it is played by.
PRESETS = {
    "standard": ({}, 3, False),
    "royal": ({"royal": True, "sweeps": 0}, 2, False),
    "royal-aces-14": ({"royal": True, "ace_14": True, "sweeps": 0}, 2, False),
    "buckeye": ({"royal": True, "buckeye": True, "sweeps": 0}, 2, False),
    "spade": ({"spade_scoring": True, "target": 61}, 4, True),
    "draw": ({"draw": True}, 2, False),
    "pluck": ({"pluck": True}, 3, False),
    "portuguese": ({"card_tie_to_spades": True, "target": 31}, 4, True),
    "california": ({"court_capture": "all", "sweeps": 0, "deal_singly": True, "rounds": 12}, 6, False),
    "trailing-royals": ({"trailing_royals": True, "sweeps": 0}, 2, False),
    "five-players": ({}, 5, False),
}


def seating_args(players: int, teams: bool) -> list[str]:
    return ["--players", str(players)] + (["--teams"] if teams else [])


@pytest.mark.parametrize("key", list(PRESETS))
def test_selfplay_and_arena_take_each_preset(key: str) -> None:
    options, players, teams = PRESETS[key]
    summary = json.loads(ok(run("selfplay", "--rules", key, "--rounds", "2", "--seed", "5",
                                *seating_args(players, teams)))[-1])
    assert summary["rules"] == options and summary["rounds"] == 2
    result = json.loads(ok(run("arena", "--a", "random", "--b", "beginner", "--games", "2",
                               "--work", "1", "--rules", key, *seating_args(players, teams)))[-1])
    assert result["rules"] == options and result["games"] == 2
    assert result["wins_a"] + result["wins_b"] == 2


def test_presets_are_named_by_key_or_name_and_options_by_json() -> None:
    by_name = json.loads(ok(run("selfplay", "--rules", "Royal, aces 14", "--rounds", "1"))[-1])
    assert by_name["rules"] == PRESETS["royal-aces-14"][0]
    options = {"controller": "strict", "court_capture": "all", "all_eleven": "win", "sweeps": 2}
    summary = json.loads(ok(run("selfplay", "--rules", json.dumps(options), "--rounds", "2",
                                "--players", "4", "--teams"))[-1])
    assert summary["rules"] == options and summary["teams"] is True
    result = json.loads(ok(run("arena", "--a", "random", "--b", "random", "--games", "2",
                               "--rules", '{"call_for_21": true, "target": 11}'))[-1])
    assert result["rules"] == {"call_for_21": True, "target": 11}


@pytest.mark.parametrize("args, words", [
    (["--rules", "five-players", "--players", "2"], ["Five players", "5 players", "not 2"]),
    (["--rules", "california", "--players", "5"], ["California", "6", "not 5"]),
    (["--rules", "portuguese", "--players", "3"], ["Portuguese", "not 3"]),
    (["--rules", "portuguese", "--players", "4"], ["partnerships", "--teams"]),
    (["--rules", '{"pluck": true, "draw": true}'], ["'pluck'", "'draw'"]),
    (["--rules", '{"ace_14": true}'], ["'ace_14'", "'royal'"]),
    (["--rules", '{"royal": true, "trailing_royals": true}'], ["'trailing_royals'", "'royal'"]),
    (["--rules", '{"royal": true, "court_capture": "all"}'], ["'court_capture'", "'royal'"]),
    (["--rules", '{"sudden_death": true, "sweeps": 0}'], ["'sudden_death'", "'sweeps'"]),
    (["--rules", '{"rounds": 4, "target": 31}'], ["'rounds'", "'target'"]),
    (["--rules", '{"rounds": 4, "count_out": true}'], ["'rounds'", "'count_out'"]),
    (["--rules", '{"call_for_21": true}', "--players", "3"], ["'call_for_21'", "two sides"]),
    (["--rules", '{"sweeps": 3}'], ["'sweeps'", "0, 1 or 2"]),
    (["--rules", '{"jokers": true}'], ["jokers"]),
    (["--rules", "royale"], ["preset", "royal"]),
    # A near name is guessed; a JSON typo's reason and place come before the list of presets
    # (the line's length cut them off).
    (["--rules", "royal aces"], ["no preset has that name", "did you mean royal-aces-14?"]),
    (["--rules", '{"royal": true, "sweeps": 0, "target": 31,}'],
     ["not valid JSON: Expecting property name enclosed in double quotes (line 1, column 43)"]),
])
@pytest.mark.parametrize("command", ["selfplay", "arena"])
def test_refused_rules_exit_2_with_one_line(command: str, args: list[str], words: list[str]) -> None:
    extra = ["--rounds", "1"] if command == "selfplay" else ["--a", "random", "--b", "random",
                                                             "--games", "2"]
    line = refused(run(command, *extra, *args))
    for w in words:
        assert w in line, (w, line)


def test_apply_exit_statuses(tmp_path: Path) -> None:
    """1 for a well-formed move the rules refuse; 2 for a move or file that cannot be read."""
    pos = position_to_json(Game(Rules(), 2, None, 3).position)
    path = write(tmp_path, pos)
    held = {parse_card(c) for c in pos["hands"][pos["to_move"]]}
    not_held = card_text(next(c for c in range(52) if c not in held))
    assert "not in your hand" in refused(run("apply", path, f"{not_held}-"), status=1)
    assert "compact form" in refused(run("apply", path, f"{not_held}"))
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    assert "not valid JSON" in refused(run("apply", str(tmp_path / "bad.json"), "7H-"))
    assert "a position is a JSON object" in refused(run("apply", write(tmp_path, [1]), "7H-"))


# -- docs/formats.md's worked examples -----------------------------------------------

FORMATS_DOC = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")


def doc_blocks(kind: str) -> list[str]:
    """The text of each fenced block of this kind (```json, ```console) in docs/formats.md."""
    parts = FORMATS_DOC.split("```")
    return [p[len(kind):].strip("\n") for p in parts[1::2] if p.startswith(kind + "\n")]


def test_the_worked_examples_of_formats_md(tmp_path: Path) -> None:
    """Every console example run on the page's position gives the page's output and
    status; the page's round-end event is what the round's last card reports."""
    position = json.loads(next(b for b in doc_blocks("json") if "cassino-position/1" in b))
    path = write(tmp_path, position)
    checked = 0
    for block in doc_blocks("console"):
        status = None
        lines = block.splitlines()
        for i, line in enumerate(lines):
            if line == "$ echo $?":
                assert str(status) == lines[i + 1]
                continue
            if not line.startswith("$ python -m cassino ") or "position.json" not in line:
                continue
            args = line.split()[4:]
            if args[0] not in ("legal", "apply"):
                continue  # the others depend on timing, on players that improve, or on other files
            want = []
            for out in lines[i + 1:]:
                if out.startswith("$"):
                    break
                want.append(out)
            result = run(*[path if a == "position.json" else a for a in args])
            status = result.returncode
            assert (result.stdout + result.stderr).splitlines() == want, line
            checked += 1
    assert checked >= 3
    events = [json.loads(b.splitlines()[0]) for b in doc_blocks("json") if "cassino-event/1" in b]
    end = next(e for e in events if e["round_end"])
    for move in ("8Sx8:5S,3D", "5Hx5:3H,2C", "3C-"):
        path = write(tmp_path, json.loads(ok(run("apply", path, move))[0]))
    assert json.loads(ok(run("apply", path, end["move"], "--event"))[1]) == end


@pytest.mark.parametrize("name, key", [
    ("Royal Cassino", "royal"), ("royal", "royal"), ("Buckeye Cassino", "buckeye"),
    ("Draw Cassino", "draw"), ("draw", "draw"), ("Standard Cassino", "standard"),
    ("Royal, aces 14", "royal-aces-14"), ("Five players", "five-players"),
])
def test_a_preset_is_found_by_its_key_or_its_name_with_or_without_cassino(name: str, key: str) -> None:
    # The game's own words say "Royal Cassino"; --rules "Royal Cassino" was refused with
    # "did you mean royal-aces-14?".
    from cassino.cli import find_preset

    preset = find_preset(name)
    assert preset is not None and preset.key == key


@pytest.mark.parametrize("ms", ["0", "-5", "nan", "3600001"])
def test_a_time_budget_refused_says_what_it_may_be(ms: str) -> None:
    line = refused(run("ai", "--level", "expert", "-", "--ms", ms))
    assert "above 0 and at most 3600000" in line, line
