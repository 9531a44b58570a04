"""The command line: ``python -m cassino [COMMAND ...]``.

Without a command it starts the game (``play``); ``bench-ui`` times the
table's frames. The other commands read and write the interchange formats
of docs/formats.md so that other programs and bug reports can use the
rules engine: ``legal``, ``apply``, ``deal``, ``replay``, ``selfplay``,
``ai``, ``arena`` and ``review``. Exit statuses: 0 done; 1 a well-formed
move the rules refuse (``apply``, or a move of a record in ``replay`` or
``review``); 2 input the command cannot use (a broken file, a malformed
move, refused options). Either way the reason goes to stderr on one line,
and nothing to stdout.
"""

from __future__ import annotations

import argparse
import difflib
import json
import math
import os
import random
import re
import statistics
import sys
import time
from pathlib import Path
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, NoReturn

from cassino import __version__
from cassino.rules import (PRESET_LIST, CassinoError, Game, IllegalMoveError, Position, Preset,
                           Rules, card_symbol, parse_any_move, parse_card, parse_move, position_from_json, position_to_json,
                           TooManyMovesError, replay, seating_refusal, standard_teams)
from cassino.rules.formats import ReplayError
from cassino.rules.jsontext import MAX_BYTES, InvalidJSONError, loads, short, size_refusal
from cassino.rules.moves import counted
from cassino.rules.scoring import ITEM_WORDS, decided_by
from cassino.ui import MIN_SIZE
from cassino.ui.main import command_name

BAD_INPUT = 2     # input the command cannot use
ILLEGAL_MOVE = 1  # a well-formed move the rules refuse
BUG = 70          # the program itself went wrong (EX_SOFTWARE): a bug to report
MAX_WINDOW = 8192  # an 8K screen is 7680x4320; 16384x16384 took 2.6 GB
MAX_MESSAGE = 300  # characters a refusal's one line keeps to by shortening its longest words
MAX_LINE = 2000  # and at most, cut (a refused position lists every problem: a few hundred characters)
# Moves ``legal`` lists at the most: some 20 small loose cards have that many
# (seconds, a few hundred megabytes); a crowded table has millions.
LEGAL_LIMIT = 1_000_000


class Refused(Exception):
    """Input the command cannot use; the message goes to stderr, exit status 2
    (``status`` 1 for a well-formed move the rules refuse)."""

    def __init__(self, message: str, status: int = BAD_INPUT):
        super().__init__(message)
        self.status = status


def _stdin() -> BinaryIO:
    """Standard input's bytes, or Refused where there is none (a closed one
    was an internal error: 'NoneType' object has no attribute 'buffer')."""
    if sys.stdin is None or sys.stdin.closed:
        raise Refused("standard input is closed: give a file's name, or '-' with something to read")
    return sys.stdin.buffer


def _read_bytes(path: str, limit: int = MAX_BYTES) -> bytes:
    """A file's bytes ('-' for stdin); a file bigger than ``limit`` is refused
    by its size before it is read, a stream once ``limit`` bytes have come."""
    try:
        if path == "-":
            data = _stdin().read(limit + 1)
        else:
            # (A named pipe waits for its writer, as any reader of one does.)
            with open(path, "rb") as f:
                size = os.fstat(f.fileno()).st_size
                refusal = size_refusal(size, limit)
                if refusal:
                    raise Refused(f"{path}: {refusal}")
                data = f.read(limit + 1)
    except OSError as e:
        raise Refused(f"cannot read {path}: {e.strerror or e}") from None
    except ValueError:  # a path no file can have (a zero byte in it)
        raise Refused(f"cannot read {short(path)}: that is not a file's name") from None
    if len(data) > limit:
        raise Refused(f"{path}: it is more than {limit} bytes, more than any Cassino document "
                      f"needs; is it the right file?")
    return data


def _read_json(path: str) -> Any:
    """The JSON document of a file ('-' for stdin), or Refused naming the file
    and what is wrong with it."""
    try:
        return loads(_read_bytes(path))
    except InvalidJSONError as e:
        raise Refused(f"{path}: {e}") from None


def _load_position(path: str) -> Position:
    try:
        return position_from_json(_read_json(path))
    except CassinoError as e:
        raise Refused(f"{path}: {e}") from None


def _preset_key(text: str) -> str:
    """'Royal, aces 14', 'royal_aces_14' and 'ROYAL-ACES-14' all say royal-aces-14."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def find_preset(text: str) -> Preset | None:
    """The preset ``--rules`` names, by its key (``spade``) or its name (``Spade Cassino``)."""
    if not re.fullmatch(r"[\w ,-]+", text):
        return None  # JSON, or a typo: not a preset's name
    # With or without "Cassino": the game's own words say "Royal Cassino" of the preset named "Royal".
    key = _preset_key(text).removesuffix("-cassino")
    for p in PRESET_LIST:
        if key in (p.key, _preset_key(p.name).removesuffix("-cassino")):
            return p
    return None


def _seatings(p: Preset) -> str:
    """Who plays a preset, in words: '2, 3 or 4 players', '2 players, or 4 in two partnerships'."""
    alone = [str(n) for n in p.players if n not in p.partnerships_only_for]
    words = []
    if alone:
        words.append(f"{', '.join(alone[:-1])} or {alone[-1]} players" if len(alone) > 1
                     else f"{alone[0]} players")
    words += [f"{n} in two partnerships" for n in p.partnerships_only_for]
    return ", or ".join(words)


def rules_arg(text: str | None, players: int, teams: bool | None = None) -> Rules:
    """``--rules``: a preset's key or name (``royal``, ``draw``, ...) or rule
    options as JSON; a preset must be played by ``players`` (in partnerships
    or not, when ``teams`` says which)."""
    if text is None:
        return Rules()
    preset = find_preset(text)
    if preset is not None:
        ok = players in preset.players if teams is None else preset.allows(players, teams)
        if not ok:
            how = ""
            if players in preset.players:  # the right number, wrongly seated
                how = " in partnerships" if teams else " without partnerships (add --teams)"
            raise Refused(f"--rules {preset.key}: {preset.name} is played by {_seatings(preset)}, "
                          f"not {players}{how}")
        return preset.rules(players)
    try:
        data = loads(text)
    except InvalidJSONError as e:
        presets = ", ".join(p.key for p in PRESET_LIST)
        if re.fullmatch(r"[\w ,-]+", text):  # a name, not JSON: which preset it may have meant
            near = difflib.get_close_matches(_preset_key(text), [p.key for p in PRESET_LIST], 1, 0.6)
            guess = f"; did you mean {near[0]}?" if near else ""
            raise Refused(f"--rules {short(text, 40)}: no preset has that name{guess} "
                          f"(presets: {presets}; or rule options as JSON, e.g. '{{\"royal\": true}}')") from None
        # The JSON's own complaint first: at the end of the line it was cut off.
        raise Refused(f"--rules {short(text, 40)}: {e}; --rules takes a preset ({presets}) or rule "
                      f"options as JSON, e.g. '{{\"royal\": true}}'") from None
    try:
        return Rules.from_json(data)
    except CassinoError as e:
        raise Refused(f"--rules: {e}") from None


def seating(players: int, teams: bool, rules: Rules) -> list[list[int]]:
    """The teams of ``--players`` and ``--teams``, checked against the rules."""
    if teams and players != 4:
        raise Refused("--teams needs --players 4")
    seats = standard_teams(players, teams)
    refusal = seating_refusal(rules, players, seats)
    if refusal:  # (said like every other refusal of the options: what was asked for, then why)
        raise Refused(f"--players {players}{' --teams' if teams else ''}: {refusal}")
    return seats


def cmd_legal(args: argparse.Namespace) -> int:
    """Every legal move of a position, one a line."""
    pos = _load_position(args.position)
    try:
        moves = pos.legal_moves(limit=LEGAL_LIMIT)
    except TooManyMovesError as e:
        raise Refused(f"{args.position}: {e} with apply") from None
    for move in moves:
        print(json.dumps(move.to_json()) if args.json else move.text())
    return 0


def cmd_apply(args: argparse.Namespace) -> int:
    """The position after a move, and with --event what the move did."""
    pos = _load_position(args.position)
    try:
        move = parse_any_move(args.move)
        event = pos.play(move)
    except IllegalMoveError as e:
        raise Refused(f"illegal move {args.move[:60]}: {e.reason}", ILLEGAL_MOVE) from None
    except CassinoError as e:
        raise Refused(str(e)) from None
    print(json.dumps(position_to_json(pos)))
    if args.event:
        print(json.dumps(event.to_json()))
    return 0


def cmd_deal(args: argparse.Namespace) -> int:
    """The position after a round's first deal (initial pairs taken)."""
    pos = _load_position(args.position)
    if not pos.round_start:
        raise Refused(f"{args.position}: not the start of a round: hands, table and piles must be "
                      f"empty and the whole pack in the stock")
    pos.deal()
    print(json.dumps(position_to_json(pos)))
    return 0


def _replayed(path: str) -> tuple[Any, Game]:
    """A record file and its game, every move checked (refused in one line)."""
    data = _read_json(path)
    try:
        return data, replay(data)
    except ReplayError as e:
        raise Refused(f"{path}: {e}", ILLEGAL_MOVE if _well_formed(data["moves"][e.index])
                      else BAD_INPUT) from None
    except CassinoError as e:
        raise Refused(f"{path}: {e}") from None


def _record_seats(data: Any) -> dict[int, tuple[object, object]]:
    """Each seat's (name, kind) as a checked record gives them."""
    seats: dict[int, tuple[object, object]] = {}
    for i, p in enumerate(data["players"]):
        if isinstance(p, dict):
            seat = p.get("seat", i)
            seats[seat if type(seat) is int else i] = (p.get("name"), p.get("kind"))
    return seats


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a game record, checking every move; the rounds' scores and the result."""
    data, game = _replayed(args.record)
    names = {s: name for s, (name, _) in _record_seats(data).items()}
    labels = [" & ".join(_name(names.get(s), s) for s in team) for team in game.teams]
    for r in game.rounds:
        print(f"Round {r.round} (dealer: seat {r.dealer})")
        for t, label in enumerate(labels):
            items = ", ".join(f"{name} {points}" for name, points in _items_of(r.items, t))
            print(f"  {label}: {counted(r.points[t], 'point')} ({counted(r.cards[t], 'card')}, "
                  f"{counted(r.spades[t], 'spade')}{'; ' + items if items else ''}), total {r.scores[t]}")
    if game.over and (not game.rounds or game.rounds[-1].round != game.round_number):
        seat_names = [_name(names.get(s), s) for s in range(game.players)]
        print(f"The game ended inside round {game.round_number}: {_ending(game, labels, seat_names)}")
    if game.over:
        assert game.winner is not None
        score = "-".join(str(t) for t in game.totals)
        # "Bot wins", "Ann & Cy win"; and "You win", for the game's own records name
        # the person at its table "You".
        plural = len(game.teams[game.winner]) > 1 or labels[game.winner].casefold() == "you"
        print(f"Result: {labels[game.winner]} {'win' if plural else 'wins'}, {score}"
              f"{_decided(game, labels)}")
    else:
        print(f"Result: unfinished after {len(game.moves)} moves, round {game.round_number} in play; "
              f"totals {', '.join(f'{l} {t}' for l, t in zip(labels, game.totals))}")
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    """A game record's review: where the reviewed seats lost most against the
    best move found from their own information, with the reason."""
    from cassino.ai.review import (COSTLIEST, REVIEW_WORK, costliest, decisions, points_lost, points_words, replayed,
                                   review, say, worst)

    data, game = _replayed(args.record)
    seats = _record_seats(data)
    if args.seat:
        wanted = sorted(set(args.seat))
        outside = [s for s in wanted if not 0 <= s < game.players]
        if outside:
            raise Refused(f"--seat {outside[0]}: the record's seats are 0 to {game.players - 1}")
    else:
        wanted = sorted(s for s, (_, kind) in seats.items() if kind == "human")
        if not wanted:
            raise Refused(f"{args.record}: no player of kind 'human' to review; "
                          f"name the seats with --seat (0 to {game.players - 1})")

    def progress(done: int, total: int) -> bool:
        if args.progress:
            print(f"{done}/{total} moves", file=sys.stderr, flush=True)
        return True

    moments = review(game, wanted, work=args.work or REVIEW_WORK, progress=progress)
    shown = worst(moments, args.count or COSTLIEST)
    _, starts = replayed(game)
    who = {s: _name(seats.get(s, (None, None))[0], s) for s in range(game.players)}
    if args.json:
        print(json.dumps({"seats": wanted, "decisions": decisions(moments), "moves": len(moments),
                          "mistakes": sum(1 for m in moments if m.mistake),
                          "points_lost": round(points_lost(moments), 2),
                          "moments": [{"move": m.number + 1, "round": m.round, "seat": m.seat,
                                       "played": m.played.text(), "best": m.best.text(),
                                       "win_lost": round(m.win_lost, 4), "points_lost": round(m.points_lost, 2),
                                       "reason": m.reason, "lesson": m.lesson} for m in shown]}))
        return 0
    mistakes = [m for m in moments if m.mistake]
    names = ", ".join(who[s] for s in wanted)
    if not moments:
        print(f"{names}: no moves in this record to review.")
        return 0
    # In points where they lost points ("about 0.0 of a point" said nothing of a call lost on the spot).
    points = points_lost(moments)
    lost = f" (about {points_words(points)} in all)" if mistakes and points >= 0.05 else ""
    chose = decisions(moments)
    forced = len(moments) - chose
    only = (f"; {forced} move{' that' if forced == 1 else 's that'} had only one sensible choice "
            f"{'was' if forced == 1 else 'were'} left out") if forced else ""
    print(f"{names}: {chose} decision{'' if chose == 1 else 's'} reviewed, {len(mistakes)} clear "
          f"mistake{'' if len(mistakes) == 1 else 's'}{lost}{only}."
          + (" " + costliest(moments, shown, " first") if len(shown) > 1 or len(shown) < len(mistakes) else ""))
    if any(seats.get(s, (None, None))[1] != "human" for s in wanted):
        print(f"(The reasons speak to {names} as \"you\".)")
    if not shown:
        print("No move lost clearly against the best one found." if chose else
              "Every move had only one sensible choice.")
    for m in shown:
        # Its place in its round, as the review screen gives it, and in the record's moves.
        into = m.number - starts.get(m.round, 0) + 1
        record = f"; move {m.number + 1} of the record" if m.number + 1 != into else ""  # (the same, said once)
        print(f"\nRound {m.round}, move {into} ({who[m.seat]}{record}): "
              f"played: {say(m.played, m.builds, game.rules.target)}; "
              f"better: {say(m.best, m.builds, game.rules.target)}.")
        print(f"  {m.reason}" + (f" {m.lesson}" if m.lesson else ""))
    return 0


def _name(name: object, seat: int) -> str:
    """A player's name from a record, as one short line of text ('Seat 2' if it is none)."""
    if not isinstance(name, str) or not name.strip():
        return f"Seat {seat}"
    text = "".join(c if c.isprintable() else " " for c in name.strip())
    return text if len(text) <= 40 else text[:39] + "\u2026"


def _well_formed(text: object) -> bool:
    try:
        parse_move(text)  # type: ignore[arg-type]
    except CassinoError:
        return False
    return True


def _items_of(items: Any, team: int) -> list[tuple[str, int]]:
    """A team's items in words, aces and spades added up: [("most cards", 3), ...]."""
    out: dict[str, int] = {}
    for i in items:
        if i.team == team:
            name = "aces" if i.item in ("AS", "AH", "AD", "AC") else ITEM_WORDS.get(i.item, i.item)
            out[name] = out.get(name, 0) + i.points
    return list(out.items())


def _decided(game: Game, labels: list[str]) -> str:
    """Why the winner won where the totals do not say: all eleven under 'win'
    (§9.13), or the count-out's deciding item (§9.20)."""
    rules, winner = game.rules, game.winner
    end = game.rounds[-1] if game.rounds and game.rounds[-1].round == game.round_number else None
    if end is None or winner is None:
        return ""
    decided = decided_by(rules, end, winner)
    if decided is None:
        return ""
    item = decided.item
    if item is None:
        return f" ({labels[winner]} took all eleven base points, which wins the game)"
    # An ace's key is its card ("AC"): said as the review says cards, "the A♣".
    what = ITEM_WORDS.get(item.item) or f"the {card_symbol(parse_card(item.item))}"
    return (f" (counted out item by item, {labels[item.team]} reached {rules.target} first, with {what}: "
            f"{'-'.join(str(r) for r in decided.running)})")


def _ending(game: Game, labels: list[str], names: list[str]) -> str:
    """What ended a game inside a round: a call (who made it, and the counts
    that decided it), or a sweep under sudden death."""
    if not game.turns:  # nothing played yet this round: the deal's initial pairs swept
        return "a sudden-death sweep of the initial pairs"
    last = game.turns[-1]
    if last.move.kind != "call":
        return "a sudden-death sweep"
    from cassino.rules.scoring import call_counts

    pos = game.position
    caller = pos.team_of[last.seat]
    told = ", ".join(f"{labels[t]} {c}" for t, c in enumerate(call_counts(pos)))
    verdict = "reached" if game.winner == caller else "fell short of"
    return f"{names[last.seat]} called for {game.rules.target} and {verdict} it (counts: {told})"


def cmd_selfplay(args: argparse.Namespace) -> int:
    """Random legal play, as a correctness smoke test and the speed benchmark."""
    rules = rules_arg(args.rules, args.players)
    teams = seating(args.players, args.teams, rules)
    rng = random.Random(args.seed)
    pick = rng.random  # a uniform choice among n moves: int(pick() * n)
    rounds = moves = games = 0
    sample: list[Position] = []
    start = time.perf_counter()
    game = Game(rules, args.players, teams, seed=f"{args.seed}/{games}")
    calls = rules.call_for_21
    while rounds < args.rounds:
        pos = game.position
        legal = pos.moves()
        if calls:  # a random call would end nearly every game at once: left out
            legal = [m for m in legal if m.kind != "call"]
        if moves % 97 == 0 and len(sample) < 2000:
            sample.append(pos.copy())
        event = game.play(legal[int(pick() * len(legal))], checked=False)
        moves += 1
        if event.round_end is not None or game.winner is not None:
            rounds += event.round_end is not None
            if game.winner is not None:
                games += 1
                game = Game(rules, args.players, teams, seed=f"{args.seed}/{games}")
    seconds = time.perf_counter() - start
    # The median time to list the legal moves (in canonical order), timed apart from play.
    timings = []
    for p in sample:
        for _ in range(5):
            q = p.copy()
            q._moves = q._legal = q._legal_set = None
            t0 = time.perf_counter()
            q.legal_moves()
            timings.append(time.perf_counter() - t0)
    summary = {
        "rules": rules.to_json(), "players": args.players, "teams": args.teams,
        "rounds": rounds, "games": games,
        "moves": moves, "seconds": round(seconds, 4),
        "rounds_per_second": round(rounds / seconds, 1),
        "moves_per_second": round(moves / seconds, 1),
        "legal_moves_median_us": round(statistics.median(timings) * 1e6, 2) if timings else None,
    }
    print(json.dumps(summary))
    return 0


def cmd_ai(args: argparse.Namespace) -> int:
    """A computer player's move for positions: one file, or one JSON position per stdin line."""
    from cassino.ai import Budget, SeatView, make_player

    try:
        player = make_player(args.level)
    except ValueError as e:
        raise Refused(str(e)) from None

    def answer(pos: Position) -> str:
        if pos.round_over or pos.winner is not None or pos.round_start:
            raise Refused("there is no move to choose: the round is over, the game is over, "
                          "or the cards are not dealt yet")
        view = SeatView(pos, pos.to_move)
        # A fresh generator per position: the answer depends on that position alone.
        rng = random.Random(args.seed)
        move = player.choose(view, rng, Budget(ms=args.ms if args.ms is not None else player.default_ms,
                                               work=args.work))
        return json.dumps(move.to_json())

    if args.position:
        pos = _load_position(args.position)
        try:
            move = answer(pos)
        except Refused as e:
            raise Refused(f"{args.position}: {e}", e.status) from None
        print(move)
        return 0
    status = 0
    for n, (line, size) in enumerate(_lines(_stdin()), 1):
        if not line.strip():
            continue
        try:
            too_big = size_refusal(size)
            if too_big:
                raise Refused(too_big)
            pos = position_from_json(loads(line.rstrip(b"\r\n")))
            print(answer(pos), flush=True)
        except (CassinoError, Refused) as e:
            # Within the line, the place is its column ("line 4: ... (line 2, column 1)"
            # counted the line's own newline as a second line).
            said = re.sub(r"\(line 1, column (\d+)\)", r"(column \1)", str(e))
            print(f"cassino: line {n}: {_one_line(said)}", file=sys.stderr)
            print(json.dumps({"error": said}), flush=True)
            status = 2
    return status


def _lines(stream: BinaryIO, limit: int = MAX_BYTES) -> Iterator[tuple[bytes, int]]:
    """The lines of a byte stream, each with its length in bytes; of a line
    longer than ``limit`` only the first ``limit + 1`` bytes come (to be
    refused by its size), and its rest is counted without being kept."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        size = len(line)
        if size > limit and not line.endswith(b"\n"):
            while True:
                rest = stream.readline(1 << 16)
                size += len(rest)
                if not rest or rest.endswith(b"\n"):
                    break
        yield line, size


def cmd_arena(args: argparse.Namespace) -> int:
    """Duplicate-pair matches between two levels; the figures as a JSON line."""
    from cassino.ai import make_player
    from cassino.ai.arena import match

    rules = rules_arg(args.rules, args.players)
    seating(args.players, args.teams, rules)
    try:
        a, b = make_player(args.a), make_player(args.b)
    except ValueError as e:
        raise Refused(str(e)) from None

    def progress(done: int) -> None:
        if args.progress:
            print(f"{done}/{args.games} games", file=sys.stderr, flush=True)

    result = match(a, b, args.games, args.seed, args.players, args.teams, rules=rules,
                   budget_ms=args.ms, work=args.work, progress=progress, clock=args.clock)
    print(json.dumps(dict(result, rules=rules.to_json())))
    return 0


def _window(text: str | None, option: str = "--window") -> tuple[int, int] | None:
    if text is None:
        return None
    match = re.fullmatch(r"\s*(\d{1,5})\s*[xX]\s*(\d{1,5})\s*", text)
    if not match:
        raise Refused(f"{option} takes WIDTHxHEIGHT, e.g. 1280x720, not {short(text, 40)}")
    w, h = int(match[1]), int(match[2])
    if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
        raise Refused(f"{option} {text.strip()} is too small; the table needs at least "
                      f"{MIN_SIZE[0]}x{MIN_SIZE[1]}")
    if w > MAX_WINDOW or h > MAX_WINDOW:
        raise Refused(f"{option} {text.strip()} is larger than any screen; at most "
                      f"{MAX_WINDOW}x{MAX_WINDOW}")
    return (w, h)


def cmd_play(args: argparse.Namespace) -> int:
    """The game's window."""
    from cassino.ui.main import run

    return run(_window(getattr(args, "window", None)), quick=getattr(args, "quick", False),
               seed=getattr(args, "seed", None))


def cmd_selftest(args: argparse.Namespace) -> int:
    """A whole seeded game through the real table; exit 0 if all went well."""
    from cassino.ui.main import selftest

    return selftest(seed=args.selftest_seed, out=Path(args.selftest_file) if args.selftest_file else None)


def cmd_bench_ui(args: argparse.Namespace) -> int:
    """Frame times of a busy table, as a JSON line."""
    from cassino.ui.bench import bench

    result = bench(frames=args.frames, size=_window(args.size, "--size") or (1920, 1080))
    print(json.dumps(result))
    return 0


def cmd_menu_entry(args: argparse.Namespace) -> int:
    """Add this copy of the game to the Linux applications menu (or take it away)."""
    from cassino import desktop

    if not sys.platform.startswith("linux"):
        raise Refused("menu-entry is for Linux: on Windows and macOS, pin or drag the game where you "
                      "want it")
    try:
        paths = desktop.remove() if args.remove else desktop.install()
    except (OSError, ValueError) as e:
        raise Refused(f"the menu entry could not be {'removed' if args.remove else 'written'}: "
                      f"{getattr(e, 'strerror', None) or e}") from None
    for path in paths:
        print(f"{'removed' if args.remove else 'wrote'} {path}")
    return 0


RULES_HELP = (f"a preset ({', '.join(p.key for p in PRESET_LIST)}) or rule options as JSON, "
              "e.g. '{\"royal\": true, \"sweeps\": 0}' (docs/formats.md, Rule options)")


class Parser(argparse.ArgumentParser):
    """argparse, with its complaints on one line like every other refusal."""

    def error(self, message: str) -> NoReturn:
        """Exit 2 with the complaint on one line."""
        # The command as this copy is started (the download's program is not "cassino").
        self.exit(BAD_INPUT, f"cassino: {_one_line(message)} ({command_name()} --help lists the commands "
                             f"and options)\n")


def _one_line(text: str) -> str:
    """A message as one line: control characters as spaces. Words too long
    for MAX_MESSAGE (a file's path, deep in folders) are shortened in the
    middle, so that the reason after them stays; a message of many short
    words (every problem of a refused position) is kept whole, up to MAX_LINE."""
    # A file name's bytes of no text (kept by Python as lone surrogates) as \xff, not dropped.
    try:
        text = text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # (a surrogate of no byte: from a JSON string's escape, say)
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    words = "".join(c if c.isprintable() else " " for c in text).split()
    while sum(len(w) + 1 for w in words) > MAX_MESSAGE + 1:
        longest = max(range(len(words)), key=lambda i: len(words[i]))
        w = words[longest]
        if len(w) <= 60:
            break
        words[longest] = w[:20] + "..." + w[-36:]
    text = " ".join(words)
    return text if len(text) <= MAX_LINE else text[:MAX_LINE - 3] + "..."


def counting(least: int, most: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``least`` (and at most ``most``)."""
    def parse(text: str) -> int:
        if not re.fullmatch(r"\s*[+-]?\d{1,18}\s*", text) or int(text) < least:
            raise argparse.ArgumentTypeError(f"{short(text, 30)} is not a whole number from {least} up")
        if most is not None and int(text) > most:
            raise argparse.ArgumentTypeError(f"{short(text, 30)} is more than {most}")
        return int(text)
    parse.__name__ = "count"
    return parse


# Fixed work per decision at the most: some units are 3 ms of search, so this is
# hours a decision, as the longest time budget (--ms 3600000) is one.
MAX_WORK = 1_000_000


def seed_number(text: str) -> int:
    """An argparse type: a seed, a whole number of at most 40 digits."""
    if not re.fullmatch(r"\s*[+-]?\d{1,40}\s*", text):
        raise argparse.ArgumentTypeError(f"{short(text, 30)} is not a whole number (at most 40 digits)")
    return int(text)


def milliseconds(text: str) -> float:
    """An argparse type: a time budget, a positive number of milliseconds."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or not 0 < value <= 3_600_000:
        raise argparse.ArgumentTypeError(f"{short(text, 30)} is not a number of milliseconds "
                                         f"above 0 and at most 3600000")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The command line's arguments: one subcommand per job."""
    p = Parser(prog=command_name(), description="Cassino, the fishing card game.")
    p.add_argument("--version", action="version", version=f"Cassino {__version__}",
                   help="print which Cassino this is, and exit")
    p.add_argument("--selftest", action="store_true",
                   help="play one seeded game between computer players through the real table at full "
                        "speed; exit 0 if all went well; a JSON summary to stdout and a file")
    p.add_argument("--selftest-file", metavar="FILE",
                   help="where --selftest writes its summary (default: selftest.json in the player's folder)")
    p.add_argument("--selftest-seed", type=seed_number, default=1, metavar="S", help="the self-test game's seed")
    sub = p.add_subparsers(dest="command", parser_class=Parser)

    s = sub.add_parser("legal", help="list every legal move of a position, in canonical order")
    s.add_argument("position", help="position JSON file ('-' for stdin)")
    s.add_argument("--json", action="store_true", help="move JSON instead of compact text")
    s.set_defaults(func=cmd_legal)

    s = sub.add_parser("apply", help="print the position after a move (and with --event what it did)")
    s.add_argument("position", help="position JSON file ('-' for stdin)")
    s.add_argument("move", help="a move in compact text ('8Sx8:8D', 'pluck:5D', 'call') or move JSON")
    s.add_argument("--event", action="store_true",
                   help="print the move's event (docs/formats.md, Events) on a second line")
    s.set_defaults(func=cmd_apply)

    s = sub.add_parser("deal", help="deal the first cards of a round from a position at its start")
    s.add_argument("position", help="position JSON file ('-' for stdin): empty hands, table and "
                                    "piles, the whole pack in 'stock'")
    s.set_defaults(func=cmd_deal)

    s = sub.add_parser("replay", help="replay a game record, checking every move")
    s.add_argument("record", help="game record JSON file ('-' for stdin)")
    s.set_defaults(func=cmd_replay)

    s = sub.add_parser("review", help="where a game record's players lost most, and the better moves")
    s.add_argument("record", help="game record JSON file ('-' for stdin)")
    s.add_argument("--seat", type=int, action="append",
                   help="a seat to review (again for more); default: the record's human players")
    s.add_argument("--count", type=counting(1),
                   help="how many of the costliest moves to show (as many as the review screen: 8)")
    s.add_argument("--work", type=counting(1, MAX_WORK), help="how much the analyst searches per decision (units of about 3 ms; 120)")
    s.add_argument("--json", action="store_true", help="the review as one JSON object")
    s.add_argument("--progress", action="store_true", help="report each decision on stderr")
    s.set_defaults(func=cmd_review)

    s = sub.add_parser("selfplay", help="play random legal moves and print speed figures")
    s.add_argument("--players", type=int, choices=range(2, 7), default=2, metavar="{2..6}",
                   help="seats (2 unless told)")
    s.add_argument("--teams", action="store_true", help="4 players in two partnerships")
    s.add_argument("--rounds", type=counting(1), default=1000, help="rounds to play (1000 unless told)")
    s.add_argument("--seed", type=seed_number, default=1, help="the first game's seed (1 unless told)")
    s.add_argument("--rules", help=RULES_HELP)
    s.set_defaults(func=cmd_selfplay)

    s = sub.add_parser("play", help="open the game (the default without a command)")
    s.add_argument("--window", help="a window of WIDTHxHEIGHT instead of full screen (at least 1024x600)")
    s.add_argument("--quick", action="store_true", help="straight to a game against the Intermediate")
    s.add_argument("--seed", type=seed_number, help="the game's seed (its deals)")
    s.set_defaults(func=cmd_play)

    s = sub.add_parser("menu-entry", help="add this copy of the game to the Linux applications menu")
    s.add_argument("--remove", action="store_true", help="take the entry and its icon away again")
    s.set_defaults(func=cmd_menu_entry)

    s = sub.add_parser("bench-ui", help="time the busiest table's frames; prints JSON last")
    s.add_argument("--frames", type=counting(1), default=600, help="frames to draw (600 unless told)")
    s.add_argument("--size", default="1920x1080", help="window size, WIDTHxHEIGHT")
    s.set_defaults(func=cmd_bench_ui)

    from cassino.ai import LEVELS as levels

    s = sub.add_parser("ai", help="the move a computer player chooses, as move JSON")
    s.add_argument("--level", required=True, choices=levels, help="the computer player's level")
    s.add_argument("position", nargs="?",
                   help="position JSON file ('-' for one from stdin); without it, one position per stdin line")
    s.add_argument("--ms", type=milliseconds,
                   help="time budget per move in milliseconds, at most 3600000 (the level's own unless told)")
    s.add_argument("--seed", type=seed_number, default=0, help="the player's own randomness (0 unless told)")
    s.add_argument("--work", type=counting(1, MAX_WORK), help="a fixed amount of work instead of a time budget")
    s.set_defaults(func=cmd_ai)

    s = sub.add_parser("arena", help="duplicate-pair matches between two levels")
    s.add_argument("--a", required=True, choices=levels,
                   help="side a's level (with --teams, its partnership; with 3 or more alone, one seat)")
    s.add_argument("--b", required=True, choices=levels, help="side b's level: every other seat")
    s.add_argument("--games", type=counting(1), default=100,
                   help="games, in duplicate pairs: an odd number is rounded up (100 unless told)")
    s.add_argument("--seed", type=seed_number, default=1, help="the first pair's deals (1 unless told)")
    s.add_argument("--players", type=int, choices=range(2, 7), default=2, metavar="{2..6}",
                   help="seats (2 unless told)")
    s.add_argument("--teams", action="store_true", help="4 players in two partnerships")
    s.add_argument("--rules", help=RULES_HELP)
    s.add_argument("--ms", type=milliseconds,
                   help="time budget per move in milliseconds, at most 3600000 (the level's own unless told)")
    s.add_argument("--work", type=counting(1, MAX_WORK), help="a fixed amount of work per move instead of time")
    s.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="what time budgets and decision times read: wall time (default) or the "
                        "thinking thread's CPU time, which a busy machine does not distort")
    s.add_argument("--progress", action="store_true", help="report each game on stderr")
    s.set_defaults(func=cmd_arena)
    return p


def _speak_utf8() -> None:
    """Output that cannot hold a suit's sign (a file on Windows, cp1252) is
    written in UTF-8 instead: reviews and replays name cards as 10♦, and
    players have any names."""
    for stream in (sys.stdout, sys.stderr):
        try:
            "♠♥♦♣".encode(stream.encoding)
        except (UnicodeEncodeError, LookupError, TypeError, AttributeError):
            try:
                stream.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
            except (AttributeError, ValueError, OSError):
                pass  # not a text stream of ours: as it is


def _drop_output() -> None:
    """Standard output pointed at nothing: what is still buffered for it would
    fail again when the interpreter writes it out at exit."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass  # no output of ours to drop


def main(argv: list[str] | None = None) -> int:
    """Run one command; the exit status (0 done, 1 an illegal move, 2 bad input)."""
    _speak_utf8()
    parser = build_parser()
    args = parser.parse_args(argv)
    func = cmd_selftest if args.selftest else getattr(args, "func", cmd_play)
    if sys.stdout is None and func not in (cmd_play, cmd_selftest, cmd_menu_entry):
        # (print() to no stdout does nothing: selfplay ran and said 0, having written nothing.)
        print("cassino: standard output is closed: this command's answer has nowhere to go", file=sys.stderr)
        return 2
    try:
        if getattr(args, "rules", None) is not None:
            # A preset's seats and partnerships, checked alike for every command.
            rules_arg(args.rules, args.players, args.teams)
        status = int(func(args))
        if sys.stdout is not None:
            # Written now, where the handlers below can say how it went: the interpreter's
            # own last write, at exit, said "Exception ignored" and ended with 120.
            sys.stdout.flush()
        return status
    except Refused as e:
        print(f"cassino: {_one_line(str(e))}", file=sys.stderr)
        return e.status
    except BrokenPipeError:
        _drop_output()  # the reader has stopped: the rest goes nowhere, quietly
        return 0
    except KeyboardInterrupt:
        return 130
    except OSError as e:
        # Not a bug of ours: the output could not be written (a full disk), or a file
        # could not be used. (Files the commands read are refused by name before this.)
        _drop_output()
        print(f"cassino: input or output failed: {_one_line(e.strerror or str(e))}", file=sys.stderr)
        return 2
    except Exception as e:  # noqa: BLE001 - a bug: said in one line, not a traceback
        print(f"cassino: internal error, please report it with the command that caused it: "
              f"{_one_line(f'{type(e).__name__}: {e}')}", file=sys.stderr)
        return BUG
