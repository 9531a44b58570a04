"""The statistics screen as a player sees it: the figures at the top, the
chart of recent results, the table (scrolled when long), everything whole
in the window, and a reset that cannot write stats.json said on screen
with the old file kept."""

from __future__ import annotations

import errno
from pathlib import Path

import pygame
import pytest

from cassino.rules import Rules
from cassino.settings import Settings
from cassino.stats import Record, Result, Stats
from cassino.store import STATS, Store
from cassino.ui.app import App
from cassino.ui.art import theme
from cassino.ui.menus.chart import LOST, draw_chart, margin_words
from cassino.ui.menus.stats import StatsScene
from cassino.ui.screens import show_title
from cassino.ui.widgets import Overlay

from .driver import key, post, step



def screen(tmp_path: Path, stats: Stats, size: tuple[int, int] = (1024, 600)) -> tuple[App, StatsScene]:
    store = Store(tmp_path)
    store.save_stats(stats)
    app = App(size, Settings(speed="instant", fullscreen=False), store)
    show_title(app)
    scene = StatsScene(app)
    app.push(scene)
    step(app)
    return app, scene


def games(*won: bool, rules: Rules = Rules(), against: str = "intermediate", stats: Stats | None = None) -> Stats:
    stats = stats if stats is not None else Stats()
    for w in won:
        stats.record_game(against, rules, Result(w, 21 if w else 15, 17 if w else 21, 1))
    return stats


def figures(scene: StatsScene) -> dict[str, str]:
    """The figures at the top by what they are: {'current streak': '1 loss', ...}."""
    return {caption.split(" · ")[0].split(":")[0]: value for value, caption in scene.headlines()}


def test_after_winning_three_and_losing_one_the_screen_shows_the_streaks(tmp_path: Path) -> None:
    _, scene = screen(tmp_path, games(True, True, True, False))
    shown = figures(scene)
    assert shown["games played"] == "4"
    assert shown["won"] == "75%" and ("75%", "won: 3 of 4") in scene.headlines()
    assert shown["current streak"] == "1 loss"
    assert shown["best streak"] == "3 wins"
    assert shown["sweeps"] == "0"  # no round counted: sweeps are counted by round


def test_a_winning_run_reads_as_wins_and_the_best_round_with_its_average(tmp_path: Path) -> None:
    stats = games(False, True, True)
    for points, sweeps in ((4, 0), (9, 2), (5, 1)):
        stats.record_round(points, sweeps)
    stats.most_sweeps = 2
    _, scene = screen(tmp_path, stats)
    shown = figures(scene)
    assert (shown["current streak"], shown["best streak"]) == ("2 wins", "2 wins")
    assert ("9 points", "best round · 6.0 on average") in scene.headlines()
    assert ("3", "sweeps · 2 at most in a game") in scene.headlines()
    assert "current streak: 2 wins" in scene.lines()


def test_no_game_yet_says_what_is_counted(tmp_path: Path) -> None:
    _, scene = screen(tmp_path, Stats())
    assert scene.lines()[0].startswith("No games yet")
    assert [it.label for it in scene.menu.items] == ["Back"], "nothing to reset"


def test_a_win_stands_up_filled_and_a_loss_hangs_down_outlined() -> None:
    """Won and lost differ by place and shape, not by colour alone."""
    pygame.display.init()
    pygame.font.init()
    theme.reset()
    surface = pygame.Surface((600, 200))
    surface.fill(theme.PANEL)
    box = pygame.Rect(0, 0, 600, 200)
    fs = 14
    draw_chart(surface, box, [Result(True, 21, 11), Result(False, 11, 21)], fs)
    line = round(fs * 1.4)
    mid = box.y + line + (box.height - line) // 2
    slot = box.width / 30
    win_x, loss_x = round(slot * 0.5), round(slot * 1.5)
    assert surface.get_at((win_x, mid - 20))[:3] == theme.GOLD        # above the line, filled
    assert surface.get_at((win_x, mid + 20))[:3] == theme.PANEL       # nothing below it
    assert surface.get_at((loss_x, mid + 20))[:3] == theme.PANEL      # below the line, hollow inside
    edge = [x for x in range(round(slot), round(2 * slot)) if surface.get_at((x, mid + 20))[:3] == LOST]
    assert edge and min(edge) < loss_x < max(edge)                    # with an outline either side
    assert surface.get_at((loss_x, mid - 20))[:3] == theme.PANEL      # nothing above it


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080), (800, 500)])
def test_a_long_table_scrolls_and_everything_stays_in_the_window(tmp_path: Path, size: tuple[int, int]) -> None:
    stats = Stats()
    for target in range(5, 30):  # 25 games, each under rules of its own
        games(target % 3 > 0, rules=Rules(target=target), against=("expert", "beginner")[target % 2], stats=stats)
    for points in range(12):
        stats.record_round(points, 1)
    app, scene = screen(tmp_path, stats, size)
    rows = scene.rows()
    assert len(rows) == 2 + 25 + 25  # two opponents over all games, each game over both, each game
    shown = scene._fit
    assert 1 <= shown < len(rows)
    # Both buttons whole, inside the window, under the box's body.
    assert scene.menu.visible == 2 and all(app.screen.get_rect().contains(r) for r in scene.menu.rects)
    key(app, pygame.K_PAGEDOWN)
    assert scene.first_row == max(1, shown - 1)
    assert scene.menu.focus == 0  # Page Down scrolls the table, not the buttons
    for _ in range(40):
        post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    step(app)
    assert scene.first_row == len(rows) - scene._fit  # the last rows, and no further
    for _ in range(40):
        key(app, pygame.K_PAGEUP)
    assert scene.first_row == 0


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_a_short_table_shows_every_row_and_both_buttons(tmp_path: Path, size: tuple[int, int]) -> None:
    stats = games(True, False, True, rules=Rules(royal=True))
    games(False, True, stats=stats, against="expert")
    app, scene = screen(tmp_path, stats, size)
    assert scene._fit >= len(scene.rows()) == 2 + 2 + 2
    assert scene.menu.visible == 2 and all(app.screen.get_rect().contains(r) for r in scene.menu.rects)
    post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    step(app)
    assert scene.first_row == 0 and scene.menu.focus == 1  # nothing to scroll: the wheel moves the focus


def test_a_reset_that_cannot_write_says_so_and_keeps_the_old_file(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = screen(tmp_path, games(True, True, False))
    before = (tmp_path / STATS).read_bytes()
    assert app.store is not None
    rows = scene.rows()
    assert [r[:3] for r in rows] == [("Intermediate", "Standard", "3")]

    def full_disk(name: str, data: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(app.store, "write", full_disk)
    scene.menu.focus = 1
    key(app, pygame.K_RETURN)  # Reset…
    assert isinstance(app.top, Overlay) and app.top is not scene
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Yes, reset
    assert app.top is scene
    assert scene.notice.startswith("The statistics could not be reset: No space left on device. "
                                   "They are kept as they were")
    assert str(tmp_path) in scene.notice
    assert figures(scene)["games played"] == "3"  # still shown as they were
    assert scene.rows() == rows
    assert (tmp_path / STATS).read_bytes() == before
    step(app)  # the notice draws, and the buttons still fit
    assert scene.menu.visible == 2

    monkeypatch.undo()  # the disk has room again: the reset goes through and the notice goes
    scene.menu.focus = 1
    key(app, pygame.K_RETURN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert scene.notice == "" and scene.stats == Stats() and Store(tmp_path).load_stats() == Stats()
    step(app)
    assert scene.rows() == [] and scene.lines()[0].startswith("No games yet")  # not the rows from before


def test_a_folder_that_cannot_be_written_makes_a_reset_fail_without_a_crash(tmp_path: Path) -> None:
    """A real write error, not a stand-in (and one that holds even for root,
    unlike a read-only folder): the folder's name is a file's."""
    app, scene = screen(tmp_path, games(True))
    assert app.store is not None
    blocked = tmp_path / "blocked"
    blocked.write_text("not a folder")
    app.store.folder = blocked
    scene.reset()
    assert scene.notice.startswith("The statistics could not be reset: ")
    assert figures(scene)["games played"] == "1"
    step(app)


def test_games_named_the_old_way_and_the_new_share_a_row(tmp_path: Path) -> None:
    """stats.json of an earlier version named Royal by its options ('royal,
    sweeps 0'); this one names it 'Royal'. Both read 'Royal': one row, their
    games added up."""
    stats = games(True, True, rules=Rules(royal=True, sweeps=0))
    stats.games["intermediate · royal, sweeps 0"] = Record(3, 1, 2)
    _, scene = screen(tmp_path, stats)
    assert scene.records() == [("Intermediate", "Royal", "5", "3", "2", "60%")]
    assert scene.totals() == []  # one opponent, one game: nothing to add up across


def test_games_to_5_come_before_games_to_10_and_odd_digits_are_only_text(tmp_path: Path) -> None:
    stats = Stats()
    for target in (10, 5, 21):
        games(True, rules=Rules(target=target), stats=stats)
    stats.games["expert · x² ٣"] = Record(1, 0, 1)  # kept by a hand-edited file: superscript, Arabic digits
    _, scene = screen(tmp_path, stats)
    assert [(a, g) for a, g, *_ in scene.records()] == [
        ("Intermediate", "Standard"), ("Intermediate", "Standard, game to 5"),
        ("Intermediate", "Standard, game to 10"), ("Expert", "X² ٣")]


def test_opponents_come_weakest_first_as_the_levels_are_offered(tmp_path: Path) -> None:
    """Alphabetically the Expert came between the Beginner and the Intermediate."""
    stats = Stats()
    for against in ("master", "expert", "beginner+expert", "intermediate", "beginner"):
        games(True, against=against, rules=Rules(royal=True), stats=stats)
        games(False, against=against, stats=stats)
    stats.games["grandmaster · standard"] = Record(1, 0, 1)  # a name no level has: after them
    _, scene = screen(tmp_path, stats)
    order = ["Beginner", "Beginner + Expert", "Intermediate", "Expert", "Master", "Grandmaster"]
    assert [a for a, g, *_ in scene.totals() if g == "All games"] == order
    assert [a for a, _, *_ in scene.records()] == [a for a in order for _ in range(2 if a != "Grandmaster" else 1)]


def test_a_game_given_up_is_marked_with_a_cross_under_its_bar() -> None:
    """Given up at 0 to 0 it was a loss "by 0": a stub no one could read."""
    pygame.display.init()
    pygame.font.init()
    theme.reset()
    fs = 14
    box = pygame.Rect(0, 0, 600, 200)
    line = round(fs * 1.4)
    mid = box.y + line + (box.height - line) // 2
    slot = box.width / 30

    def lost_under(results: list[Result]) -> int:
        surface = pygame.Surface(box.size)
        surface.fill(theme.PANEL)
        draw_chart(surface, box, results, fs)
        return sum(surface.get_at((x, y))[:3] == LOST
                   for x in range(round(slot), round(2 * slot)) for y in range(mid + 4, mid + 20))

    plain = lost_under([Result(True, 21, 11), Result(False, 0, 0)])
    given_up = lost_under([Result(True, 21, 11), Result(False, 0, 0, given_up=True)])
    assert given_up > plain + 10
    assert margin_words(Result(False, 0, 0, given_up=True)) == "", "the cross says it, as the legend does"


def test_a_bar_never_says_a_game_won_was_won_by_less_than_nothing() -> None:
    # A count-out won at 22-23 read "−1" on a won bar; a call lost at 24-18, "+6" on a lost one.
    assert [margin_words(r) for r in (Result(True, 22, 17), Result(False, 15, 21), Result(True, 22, 23),
                                      Result(False, 24, 18), Result(False, 20, 20))] == ["+5", "−6", "", "", "0"]


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_a_long_custom_game_s_name_gives_way_to_the_counts(tmp_path: Path, size: tuple[int, int]) -> None:
    # Eight options pushed Played, Won, Lost and Won % out of the window, even at 1920x1080.
    from .test_variants_table import drawn_text

    long = Rules(call_for_21=True, sweeps=2, court_capture="all", controller="strict", target=11,
                 deal_singly=True, initial_pairs=True, card_tie_to_spades=True)
    app, _ = screen(tmp_path, games(True, rules=long, against="expert"), size)
    shown = drawn_text(app)
    assert {"Played", "Won", "Lost", "Won %", "100%"} <= set(shown), shown
    assert any(t.startswith("Sweeps 2 points") and t.endswith("…") for t in shown), shown


@pytest.mark.parametrize("fs", [12, 14, 17, 22])
def test_the_legend_s_cross_keeps_clear_of_its_words(fs: int) -> None:
    # "✕given up": the cross's thick strokes reached past its box into the words.
    from cassino.ui.art import theme
    from cassino.ui.menus import chart

    pygame.font.init()
    theme.reset()  # (fonts made before another test's pygame.quit() are dead)
    surface = pygame.Surface((600, 60))
    surface.fill((0, 0, 0))
    right = 590
    chart._legend(surface, right, 10, fs, given_up=True)
    words = right - theme.text("lost", fs, theme.DIM).get_width() - fs // 3 - max(6, round(fs * 0.7)) - fs \
        - theme.text("won", fs, theme.DIM).get_width() - fs // 3 - max(6, round(fs * 0.7)) - fs \
        - theme.text("given up", fs, theme.DIM).get_width()  # where "given up" begins
    gap = max(3, fs // 4)
    clear = [tuple(surface.get_at((x, y))[:3]) != chart.LOST for x in range(words - gap, words) for y in range(60)]
    assert all(clear)
