"""What the table keeps in the player's folder: the game, saved after every
move (so quitting at any moment loses nothing), and the statistics, counted
at the game's end, its rounds with it (only games with one person at the
table, and never practice games; a game given up for a new one counts as
lost). A file that cannot be written is said
on the table, not fatal."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace

from cassino.rules import Game
from cassino.stats import Stats, game_result, unscored_sweeps
from cassino.store import SavedGame, Store

from .seats import Seat
from .state import TableState

log = logging.getLogger("cassino.table")
UNSAVED = "The game could not be saved"


def seat_records(seats: Sequence[Seat]) -> list[dict[str, object]]:
    """The seats as the game record (docs/formats.md) lists them."""
    return [{"name": s.name, "seat": i, "kind": "human" if s.level is None else f"ai:{s.level}"}
            for i, s in enumerate(seats)]


def count(table: TableState) -> None:
    """Statistics once the game is over: its rounds and the game. Rounds are
    not counted as they end: a game that later becomes practice (undo) is
    not counted at all, its first rounds neither."""
    store = table.app.store
    game = table.game
    if store is None or len(table.humans) != 1 or table.practice or not game.over:
        return
    team = table.pos.team_of[table.humans[0]]
    stats = store.load_stats()
    _count_rounds(stats, game, team)
    team_of = table.pos.team_of
    levels = sorted({s.level for i, s in enumerate(table.seats) if s.level is not None and team_of[i] != team})
    partner = next((s.level for i, s in enumerate(table.seats)
                    if team_of[i] == team and i != table.humans[0]), None)
    stats.record_game("+".join(levels), game.rules, game_result(game, team), game.players, partner)
    try:
        store.save_stats(stats)
    except OSError as e:
        notice = f"The statistics could not be saved: {e.strerror} (in {store.place})."
        table.say(notice, warn=True, knock=False)
        table.unkept.append(notice)
        if notice not in store.problems:  # lost for good: the title says so too
            store.problems.append(notice)


def _count_rounds(stats: Stats, game: Game, team: int) -> None:
    """Every round of ``game`` for ``team``: its points and sweeps (and the
    sweeps of a round the game ended inside, which no round's end scored)."""
    for end in game.rounds:
        stats.record_round(end.points[team], end.sweeps[team])
    stats.sweeps += unscored_sweeps(game, team)


def counts_if_given_up(saved: SavedGame) -> bool:
    """Whether giving ``saved`` up for a new game counts it as lost: a game of
    one person against the computer, not practice, not over, and a card of
    theirs played in it (with several people nothing is counted)."""
    humans = [r["seat"] for r in saved.seats if r["kind"] == "human"]
    game = saved.game
    if saved.practice or len(humans) != 1 or game.over:
        return False
    return game.round_number > 1 or any(t.seat == humans[0] for t in game.turns)


def count_abandoned(store: Store, saved: SavedGame) -> None:
    """A game given up for a new one ("Start anew") counts as lost, once you
    have played in it: else dropping a losing game would keep a record clean.
    Its finished rounds count with it."""
    if not counts_if_given_up(saved):
        return
    game = saved.game
    you = next(r["seat"] for r in saved.seats if r["kind"] == "human")
    team_of = game.position.team_of
    team = team_of[you]
    levels = sorted({r["kind"].split(":", 1)[1] for r in saved.seats
                     if r["kind"] != "human" and team_of[r["seat"]] != team})
    partner = next((r["kind"].split(":", 1)[1] for r in saved.seats
                    if r["seat"] != you and team_of[r["seat"]] == team), None)
    stats = store.load_stats()
    _count_rounds(stats, game, team)
    result = replace(game_result(game, team), won=False, given_up=True)
    stats.record_game("+".join(levels), game.rules, result, game.players, partner)
    try:
        store.save_stats(stats)
    except OSError as e:
        notice = f"The statistics could not be saved: {e.strerror} (in {store.place})."
        if notice not in store.problems:
            store.problems.append(notice)


def save(table: TableState, dealt_in: bool = False) -> None:
    """The game as it stands (or, once over, no saved game); ``dealt_in``: a
    round's start on show, its sheet closed (resumed there, not at the sheet)."""
    store = table.app.store
    if store is None:
        return
    try:
        if table.game.over:
            store.delete("game.json")
            store.save_last_game(table.game, seat_records(table.seats))
        else:
            store.save_game(table.game, seat_records(table.seats), table.practice, dealt_in)
    except OSError as e:
        log.warning("saving the game failed: %s", e)
        notice = f"{UNSAVED}: {e.strerror} (in {store.place})."
        if notice not in table.unkept:  # said once when it starts, not over every move
            table.say(notice, warn=True, knock=False)
            table.note(None, notice)  # and kept in the log, the score panel marking the game unsaved
        table.unkept[:] = [n for n in table.unkept if n != notice] + [notice]
    else:
        table.unkept[:] = [n for n in table.unkept if not n.startswith(UNSAVED)]
