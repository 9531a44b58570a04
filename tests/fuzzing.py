"""Damaged input for every reader: hypothesis strategies over raw bytes and
over mutated valid documents, and the valid documents they start from.

Every fuzz test takes its example count from ``CASSINO_FUZZ`` (default
``DEFAULT_EXAMPLES``, modest, for CI); ``CASSINO_FUZZ=20000 python -m
pytest -m fuzz`` runs twenty thousand examples per reader.
"""

from __future__ import annotations

import codecs
import copy
import functools
import json
import os
import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from cassino.rules import PRESET_LIST, Game, Rules, position_to_json, record_to_json
from cassino.settings import Settings
from cassino.setups import Setup
from cassino.stats import Result, Stats

DEFAULT_EXAMPLES = 60
EXAMPLES = int(os.environ.get("CASSINO_FUZZ", DEFAULT_EXAMPLES))

fuzz = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))

# -- JSON values -------------------------------------------------------------------------

CARDS = [r + s for r in "A23456789TJQK" for s in "SHDC"]
# Leaves that mean something to some reader, and some that mean trouble.
INTERESTING: list[Any] = [
    None, True, False, 0, 1, 2, 3, 4, 5, 6, 7, -1, 11, 13, 14, 21, 52, 99, 100, 1000,
    10_000, 100_000, 1_000_000, 2**31, 2**63, 2**64, -(2**63), 10**39, 0.5, 1.0, 2.0, -0.0,
    1e308, "", " ", "7H", "TD", "10D", "td", "2S", "AS", "KC", "ZZ", "7H-", "8Sx8:8D",
    "8Sb8:5D,3C", "pluck:5D", "call", "human", "ai:expert", "ai:god", "standard", "royal", "custom",
    "expert", "intermediate", "beginner", "hoyle", "strict", "one", "all", "off", "bonus", "win",
    "cassino-position/1", "cassino-record/1", "\u0000", "\n", "\u202e", "é", "\U0001F0A1",
    "x" * 300, [], {}, [None], ["7H"], [[0], [1]], [[0, 2], [1, 3]], {"royal": True},
]

# (Copied: a mutation changes its document in place, never these.)
leaves = st.one_of(st.sampled_from(INTERESTING).map(copy.deepcopy), st.integers(), st.floats(allow_nan=False, allow_infinity=False),
                   st.text(max_size=12), st.sampled_from(CARDS))
json_values = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=10), inner, max_size=5)), max_leaves=12)


# -- mutations of a valid document -------------------------------------------------------

def _nodes(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value in a document, the document itself first."""
    out = [path]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _nodes(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _nodes(v, path + (i,))
    return out


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        doc = doc[p]
    return doc


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _get(doc, path[:-1])[path[-1]] = value
    return doc


@st.composite
def _mutate_once(draw: st.DrawFn, doc: Any) -> Any:
    path = draw(st.sampled_from(_nodes(doc)))
    node = _get(doc, path)
    parent = _get(doc, path[:-1]) if path else None
    ops = ["replace", "replace", "interesting", "wrap"]
    if path:
        ops.append("delete")
    if isinstance(node, (dict, list)):
        ops += ["insert", "insert", "empty"]
    if isinstance(node, list) and node:
        ops += ["duplicate", "shuffle"]
    if isinstance(node, int) and not isinstance(node, bool):
        ops += ["nudge", "nudge"]
    if isinstance(node, str):
        ops += ["text", "text"]
    op = draw(st.sampled_from(ops))
    if op == "replace":
        return _set(doc, path, draw(json_values))
    if op == "interesting":
        return _set(doc, path, copy.deepcopy(draw(st.sampled_from(INTERESTING))))
    if op == "wrap":
        return _set(doc, path, draw(st.sampled_from([[node], {"value": node}, [node, node]])))
    if op == "delete":
        assert parent is not None
        del parent[path[-1]]
        return doc
    if op == "insert":
        if isinstance(node, dict):
            key = draw(st.one_of(st.sampled_from(sorted(_KEYS)), st.text(max_size=8)))
            node[key] = draw(json_values)
        else:
            node.insert(draw(st.integers(0, len(node))), draw(json_values))
        return doc
    if op == "empty":
        node.clear()
        return doc
    if op == "duplicate":
        node.append(copy.deepcopy(draw(st.sampled_from(node))))
        return doc
    if op == "shuffle":
        random.Random(draw(st.integers(0, 1000))).shuffle(node)
        return doc
    if op == "nudge":
        return _set(doc, path, draw(st.sampled_from([node + 1, node - 1, -node, node * 1000, 0, 10**40])))
    # text: a card or move text changed by a character, cut, or doubled
    i = draw(st.integers(0, len(node)))
    new = draw(st.sampled_from([node[:i], node[:i] + draw(st.characters()) + node[i + 1:], node * 2,
                                node.upper(), node.lower(), " " + node + " "]))
    return _set(doc, path, new)


# Keys of our documents: an inserted key is often one a reader knows.
_KEYS = {"format", "rules", "players", "teams", "dealer", "to_move", "hands", "stock", "loose",
         "builds", "captured", "sweeps", "last_capturer", "scores", "plucked", "winner", "round",
         "seed", "moves", "name", "seat", "kind", "cards", "value", "multiple", "controller", "card",
         "takes", "save_format", "practice", "position", "speed", "volume", "games", "level",
         "kinds", "partnerships", "game", "short", "custom", "preset", "target", "sweeps",
         "royal", "ace_14", "draw", "pluck", "call_for_21", "sudden_death", "streak", "best_streak",
         "most_sweeps", "recent", "won", "score", "other"}


@st.composite
def mutated(draw: st.DrawFn, docs: Callable[[], list[Any]]) -> Any:
    """A valid document of ``docs()`` with one to four mutations."""
    doc = copy.deepcopy(draw(st.sampled_from(docs())))
    for _ in range(draw(st.integers(1, 4))):
        doc = draw(_mutate_once(doc))
    return doc


# -- raw bytes ---------------------------------------------------------------------------

def _encodings(text: str) -> list[bytes]:
    return [text.encode("utf-16"), text.encode("utf-16-le"), text.encode("utf-32"),
            codecs.BOM_UTF8 + text.encode("utf-8"), text.encode("latin-1", "replace"),
            text.encode("utf-8").replace(b"\"", b"\"\\ud800", 1)]


@st.composite
def damaged_bytes(draw: st.DrawFn, docs: Callable[[], list[Any]]) -> bytes:
    """Bytes a damaged file could hold: anything at all, a valid document
    mangled (cut, bytes changed, another encoding), mutated, or absurd
    (deep nesting, huge numbers, a lone surrogate)."""
    text = json.dumps(draw(st.sampled_from(docs())), ensure_ascii=False)
    data = text.encode("utf-8")
    kind = draw(st.sampled_from(["binary", "cut", "flip", "encoding", "mutated", "absurd", "splice"]))
    if kind == "binary":
        return draw(st.binary(max_size=300))
    if kind == "cut":
        return data[:draw(st.integers(0, len(data)))]
    if kind == "flip":
        out = bytearray(data)
        for _ in range(draw(st.integers(1, 4))):
            out[draw(st.integers(0, len(out) - 1))] = draw(st.integers(0, 255))
        return bytes(out)
    if kind == "encoding":
        return draw(st.sampled_from(_encodings(text)))
    if kind == "mutated":
        return json.dumps(draw(mutated(docs)), ensure_ascii=draw(st.booleans())).encode("utf-8")
    if kind == "splice":
        at = draw(st.integers(0, len(data)))
        return data[:at] + draw(st.binary(max_size=20)) + data[at:]
    n = draw(st.sampled_from([33, 200, 1000, 5000, 100_000]))
    return draw(st.sampled_from([
        b"[" * n + b"]" * n, b"{\"a\":" * n + b"1" + b"}" * n, b"[" * n,
        b"9" * n, b"-" + b"9" * n, b"1e" + b"9" * min(n, 400), b"[NaN]", b"[Infinity]",
        b"\"\\udc80\"", data.replace(b":", b": " + b"[" * 40, 1), b"",
        data.replace(b"1", b"1" + b"0" * min(n, 4000), 1),
    ]))


# -- valid documents to start from -------------------------------------------------------

def _games() -> list[tuple[Game, list[Game]]]:
    """Games of several presets and seatings played at random, each with
    snapshots along the way (start, mid-round, round over, finished)."""
    out = []
    seatings = [(PRESET_LIST[0], 2, None), (PRESET_LIST[1], 3, None), (PRESET_LIST[0], 4, [[0, 2], [1, 3]])]
    seatings += [(p, p.players[0], None) for p in PRESET_LIST[2:]]
    for i, (preset, players, teams) in enumerate(seatings):
        rules = preset.rules(players)
        game = Game(rules, players, teams, seed=i)
        rng = random.Random(i)
        snaps = [copy_of(game)]
        moves = 0
        while not game.over and moves < 400:
            legal = [m for m in game.legal_moves() if m.kind != "call"] or game.legal_moves()
            game.play(legal[rng.randrange(len(legal))])
            moves += 1
            if moves in (3, 17, 40):
                snaps.append(copy_of(game))
        out.append((game, snaps))
    return out


def copy_of(game: Game) -> Game:
    """A game as it stands (replayed from its moves, so that it is its own object)."""
    again = Game(game.rules, game.players, game.teams, game.seed)
    for m in game.moves:
        again.play(m)
    return again


@functools.cache
def positions() -> list[Any]:
    """Valid position JSON: starts, middles and ends of rounds of several variants."""
    out = []
    for game, snaps in _games():
        out += [position_to_json(g.position) for g in snaps + [game]]
    return out


@functools.cache
def records() -> list[Any]:
    """Valid game records, finished and unfinished."""
    return [record_to_json(g) for game, snaps in _games() for g in (game, snaps[-1])]


@functools.cache
def moves() -> list[Any]:
    """Valid moves as text and as JSON (legal or not in a given position)."""
    out: list[Any] = []
    for _, snaps in _games()[:4]:
        for g in snaps:
            for m in g.legal_moves()[:6]:
                out += [m.text(), m.to_json()]
    return out


@functools.cache
def rule_options() -> list[Any]:
    """Rule options as JSON: every preset for its first seating, and some combinations."""
    out = [p.rules(p.players[0]).to_json() for p in PRESET_LIST]
    out += [{}, {"sweeps": 2, "controller": "strict", "target": 11}, {"royal": True, "ace_14": True, "sweeps": 0},
            {"pluck": True, "call_for_21": True}, {"rounds": 3, "target": 21}]
    return out


@functools.cache
def saved_games() -> list[Any]:
    """game.json as the game writes it: a record with the position it reached."""
    out = []
    for game, snaps in _games()[:5]:
        for g in snaps[1:]:
            if g.over:
                continue
            seats = [{"name": "You" if s == 0 else f"North {s}", "seat": s,
                      "kind": "human" if s == 0 else "ai:beginner"} for s in range(g.players)]
            data = record_to_json(g, seats)
            data.update(save_format=1, practice=False, position=position_to_json(g.position))
            out.append(data)
    return out


@functools.cache
def settings_docs() -> list[Any]:
    """settings.json as the game writes it."""
    return [Settings().to_json(), Settings(speed="slow", four_colour=True, fullscreen=False, card_back="red",
                                           sound=False, volume=0.25, ai_delay="long", table_colour="blue",
                                           undo=True, thinking="long").to_json()]


@functools.cache
def stats_docs() -> list[Any]:
    """stats.json as the game writes it."""
    stats = Stats()
    stats.record_round(7, 1)
    stats.record_game("intermediate", Rules(), Result(True, 21, 15, 2))
    stats.record_game("expert", Rules(royal=True, sweeps=0), Result(False, 12, 22), 3)
    stats.record_game("intermediate", Rules(), Result(True, 23, 19, 1))
    earlier = {"format": 1, "games": {"intermediate · standard": [3, 2, 1]}, "rounds": 9, "points": 50,
               "best_round": 9, "sweeps": 4}  # as versions before streaks and recent results wrote it
    return [Stats().to_json(), stats.to_json(), earlier]


@functools.cache
def setup_docs() -> list[Any]:
    """setup.json, of this version and of the first."""
    return [Setup().to_json(),
            Setup(4, "expert", True, [None, "beginner", None, "expert", "expert", "expert"], "custom", False,
                  {"sweeps": 2, "target": 11}).to_json(),
            Setup(3, "beginner", False, [None, "beginner", "beginner", "expert"], "royal", True, {}).to_json(),
            Setup(3, "beginner", False, [None, None, "beginner", "expert"], "standard", False, {},
                  ["Ann", "B\u00e9a", "", "", "", ""]).to_json(),
            {"players": 3, "level": "expert", "partnerships": False, "kinds": [None, "expert", "expert", "expert"],
             "preset": 1, "sweeps": 0, "control": "strict", "target": 11}]
