"""The review on the table's score sheet: R (or its button) weighs your moves
of the round just over in the background, then steps through the costliest
ones with the table as it was, the card you played and the better move
marked; Esc stops a review still being worked out."""

from __future__ import annotations

import functools
import random
import time
from pathlib import Path

import pygame
import pytest

from cassino.ai import Budget, SeatView, make_player
from cassino.ai.review import review
from cassino.rules import Game, Move, Rules, standard_teams
from cassino.settings import Settings
from cassino.store import LAST_GAME, Store
from cassino.ui.app import App
from cassino.ui.art import theme
from cassino.ui.menus.stats import StatsScene
from cassino.ui.screens import show_title, sit_down
from cassino.ui.table import Seat, TableScene, default_seats, gamereview
from cassino.ui.table.gamereview import GameReviewScene
from cassino.ui.table.scoresheet import RoundOverScene


# The screen is under test here, not the review's judgement (tests/ai/test_review.py):
# a little work a decision still finds moments to step through in these rounds.
SCREEN_WORK = 12


@pytest.fixture(autouse=True)
def _lighter_review(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gamereview, "review", functools.partial(review, work=SCREEN_WORK))



def after_one_round(players: int = 2, size: tuple[int, int] = (1024, 600),
                    rules: Rules | None = None) -> tuple[App, TableScene]:
    """A table whose first round a beginner (you) played against the intermediate."""
    game = Game(rules or Rules(), players=players, teams=standard_teams(players, players == 4), seed=77)
    bots = [make_player("beginner")] + [make_player("intermediate")] * (players - 1)
    rng = random.Random(1)
    while not game.rounds:
        pos = game.position
        game.play(bots[pos.to_move].choose(SeatView(pos, pos.to_move, game.turns), rng, Budget(work=5)))
    app = App(size, Settings(speed="fast", ai_delay="none", fullscreen=False))
    table = sit_down(app, game, default_seats(players, "intermediate"))
    return app, table


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=""))
    app.step(1 / 60)


def worked_out(app: App, scene: GameReviewScene) -> None:
    end = time.monotonic() + 60
    while not scene.ready and time.monotonic() < end:
        time.sleep(0.02)
        app.step(1 / 60)
    app.step(1 / 60)
    assert scene.ready


def test_r_on_the_score_sheet_reviews_the_round_just_over() -> None:
    app, table = after_one_round()
    sheet = RoundOverScene(app, table, table.game.rounds[0], lambda: None, lambda: None, lambda: None)
    app.push(sheet)
    assert "Review your moves (R)" in [it.label for it in sheet.menu.items]
    key(app, pygame.K_SPACE)  # the whole sheet at once
    key(app, pygame.K_r)
    review = app.top
    assert isinstance(review, GameReviewScene) and review.rounds == [1]
    worked_out(app, review)
    assert review.decisions == 24  # your 24 plays of the round, each weighed
    # The moves with one sensible choice are said to be left out, as the count of decisions drops.
    found = review.reviewer.moments or []
    forced = sum(1 for m in found if m.forced)
    said = review.summary()
    assert said.startswith(f"{24 - forced} decisions weighed")
    assert (f"({forced} more moves had only one sensible choice)" in said) == (forced > 1)
    # Fewer moments shown than mistakes counted: the summary says how many, and why the rest are not.
    counted = sum(1 for m in found if m.mistake)
    shown = len(review.moments)
    if shown == counted:
        assert said.endswith("The costliest, in the order played:"), said
    else:  # every mistake not shown accounted for, by why
        import re

        aside = re.search(r"The (?:\d+ )?costliest(?:, in the order played)? \((?:(\d+) more had the same better "
                          r"move as (?:the )?one shown)?(?:, )?(?:(\d+) more cost less)?\):$", said)
        assert aside is not None, said
        assert shown + int(aside[1] or 0) + int(aside[2] or 0) == counted, said
    assert review.moments and all(m.seat == 0 and m.round == 1 and m.mistake for m in review.moments)
    # The moment placed in its deal, with the score then (it said only "round 1, move 12").
    import re

    from .test_variants_table import drawn_text

    header = next(t for t in drawn_text(app) if t.startswith("1 of "))
    assert re.fullmatch(r"1 of \d+ · round 1, move \d+, (deal [1-5]|the last deal) · You · score 0\u20130", header), header
    # The chance lost said as points of a hundred ("63% of the chance" read as a share of it).
    from cassino.ai.review import chance_lost

    for m in review.moments:
        cost = next((text for text, _, _ in review.lines(m) if text.startswith("Cost: ")), "")
        assert "% of the chance" not in cost
        assert (f"{chance_lost(m)} percentage point" in cost and "off your chance" in cost) == \
            (0 < chance_lost(m) < 100), cost
    numbers = [m.number for m in review.moments]
    assert numbers == sorted(numbers)


def test_the_moments_step_with_the_arrows_and_show_the_table_as_it_was() -> None:
    app, table = after_one_round()
    review = GameReviewScene(app, table, [1])
    app.push(review)
    worked_out(app, review)
    assert len(review.moments) >= 2
    first = review.moments[0]
    pos = review.position_before(first)
    assert pos.to_move == 0 and pos.hands[0] >> first.played.card & 1 and pos.hands[0] >> first.best.card & 1
    lines = [text for text, _, _ in review.lines(first)]
    assert lines[0].startswith("You played: ") and lines[1].startswith("Better: ") and lines[2] == first.reason
    key(app, pygame.K_LEFT)
    assert review.at == 0  # no step before the first
    key(app, pygame.K_RIGHT)
    assert review.at == 1
    app.draw(app.screen)
    for _ in review.moments:
        key(app, pygame.K_RIGHT)
    assert review.at == len(review.moments) - 1
    key(app, pygame.K_ESCAPE)
    assert app.top is not review


def test_enter_goes_to_the_next_moment_and_closes_after_the_last() -> None:
    # Enter closed the review at its first moment: weighing it again took seconds.
    app, table = after_one_round()
    review = GameReviewScene(app, table, [1])
    app.push(review)
    assert review.default() is None  # (while it is weighed, Enter stops nothing)
    key(app, pygame.K_RETURN)
    assert app.top is review
    worked_out(app, review)
    assert len(review.moments) >= 2
    for i in range(1, len(review.moments)):
        assert review.default() == "next"
        key(app, pygame.K_RETURN)
        assert review.at == i and app.top is review
    assert review.default() == "close"
    app.draw(app.screen)
    close = next(rect for rect, name in review.buttons if name == "close")
    assert app.screen.get_at((close.centerx, close.top))[:3] == theme.GOLD, "Enter's button is outlined"
    key(app, pygame.K_RETURN)
    assert app.top is not review


def test_a_moment_shows_the_table_and_hand_in_the_order_the_table_showed_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The review laid the table out by suit (6♠ K♠ 8♥ 3♦ 7♣ for the table's
    # 3♦ 6♠ 7♣ 8♥ K♠) and the hand likewise: hard to recognise.
    from cassino.ui.table.stage import hand_order, table_piles

    app, table = after_one_round()
    review = GameReviewScene(app, table, [1])
    app.push(review)
    worked_out(app, review)
    for at, moment in enumerate(review.moments):
        review.at = at
        drawn: list[int] = []
        real = gamereview.card_face
        monkeypatch.setattr(gamereview, "card_face", lambda c, *a: drawn.append(c) or real(c, *a))
        app.draw(app.screen)
        monkeypatch.undo()
        pos = review.position_before(moment)
        loose = [c for c in drawn if pos.loose >> c & 1]
        shown = [c for pile in table_piles(pos, review.played_before(moment))[0] for c in pile if pos.loose >> c & 1]
        assert loose and loose == shown  # as the table lays them: dealt by rank, then as they were trailed
        assert [c for c in drawn if pos.hands[moment.seat] >> c & 1] == hand_order(pos, moment.seat)


def test_a_move_the_hint_gave_is_said_so_where_the_review_finds_better() -> None:
    # The review flagged a move the hint had given, with no word of it: the
    # teacher contradicted itself. It still says what it finds, and that it
    # weighed longer than the hint.
    app, table = after_one_round()
    review = GameReviewScene(app, table, [1])
    app.push(review)
    worked_out(app, review)
    first, *rest = review.moments
    table.hinted[tuple(table.game.moves[:first.number])] = first.played
    said = [text for text, _, _ in review.lines(first)]
    assert said[0].endswith("(as the hint said).") and "weighed it longer" in said[-1]
    for moment in rest:
        assert "hint" not in " ".join(text for text, _, _ in review.lines(moment))


@pytest.mark.parametrize("size,players", [((1024, 600), 4), ((1920, 1080), 2), ((800, 600), 6)])
def test_every_moment_draws_at_every_size(size: tuple[int, int], players: int) -> None:
    app, table = after_one_round(players, size)
    review = GameReviewScene(app, table, [1])
    app.push(review)
    app.draw(app.screen)  # the progress while it works
    worked_out(app, review)
    for _ in range(max(1, len(review.moments))):
        app.draw(app.screen)
        key(app, pygame.K_RIGHT)
    marked = [r for r, name in review.buttons if name == "close"]
    assert marked and app.screen.get_rect().contains(marked[0])


def test_a_review_that_finishes_between_frames_still_gets_its_frame() -> None:
    """The loop sleeps while no scene asks to wake: a review that finished just
    after a frame of its progress must ask once more, or its progress stays on
    the screen until the mouse moves."""
    app, table = after_one_round()
    review = GameReviewScene(app, table, [1])
    app.push(review)
    app.step(1 / 60)  # a frame of its progress
    end = time.monotonic() + 60
    while not review.reviewer.finished and time.monotonic() < end:
        time.sleep(0.02)  # no frame meanwhile: the thread finishes between frames
    assert review.reviewer.finished
    assert review.wake_in() is not None
    app.step(1 / 60)
    assert review.taken and review.drawn_ready and review.wake_in() is None


def test_esc_stops_a_review_still_being_worked_out() -> None:
    app, table = after_one_round()
    review = GameReviewScene(app, table, None)  # the whole game so far: longer
    app.push(review)
    key(app, pygame.K_ESCAPE)
    assert app.top is not review
    end = time.monotonic() + 30
    while not review.reviewer.finished and time.monotonic() < end:
        time.sleep(0.02)
    assert review.reviewer.finished and review.reviewer.done < review.reviewer.total


def test_without_a_person_at_the_table_there_is_nothing_to_review() -> None:
    app, table = after_one_round()
    table.humans = []
    sheet = RoundOverScene(app, table, table.game.rounds[0], lambda: None, lambda: None, lambda: None)
    assert all("Review" not in it.label for it in sheet.menu.items)


def test_with_several_people_the_sheet_offers_everyone_s_moves() -> None:
    """Pass and play: the review holds each person's moves, by name; the
    sheet's button no longer says 'your'."""
    app, table = after_one_round()
    table.seats = [Seat("Ann"), Seat("Cy")]
    table.humans = [0, 1]
    sheet = RoundOverScene(app, table, table.game.rounds[0], lambda: None, lambda: None, lambda: None)
    assert "Review everyone's moves (R)" in [it.label for it in sheet.menu.items]


def _marks(monkeypatch: pytest.MonkeyPatch, review: GameReviewScene, moment: Moment) -> tuple[
        list[tuple[pygame.Rect, tuple[int, int, int]]], list[str]]:
    """The frames (rect, colour) and the words the review draws for ``moment``."""
    frames: list[tuple[pygame.Rect, tuple[int, int, int]]] = []
    words: list[str] = []
    real_text = gamereview.theme.text
    monkeypatch.setattr(gamereview, "outline", lambda s, rect, colour, width=3: frames.append((rect, colour)))
    monkeypatch.setattr(gamereview.theme, "text", lambda w, *a, **k: words.append(w) or real_text(w, *a, **k))
    review._table(review.app.screen, 18, review.app.screen.get_rect(), moment)
    monkeypatch.undo()
    return frames, words


def test_a_table_card_both_moves_take_is_framed_for_both_and_a_pluck_is_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The played move's frame was left off a table card the better move also
    # took, and a pluck played (no card in hand) was marked by no word.
    from cassino.ai.review import Moment
    from cassino.rules import Rules

    from cassino.ui.art import theme

    game = Game(Rules(pluck=True), 2, seed=5)
    rng = random.Random(3)
    beginner = make_player("beginner")
    while True:  # to a turn of yours with a pluck open and a table card two plays take
        pos = game.position
        moves = pos.legal_moves()
        plucks = [m for m in moves if m.kind == "pluck"]
        plays = [m for m in moves if m.card >= 0 and m.takes]
        shared = [(a, b) for a in plays for b in plays if a != b and a.takes & b.takes]
        if pos.to_move == 0 and plucks and shared:
            break
        game.play(beginner.choose(SeatView(pos, pos.to_move, game.turns), rng, Budget(work=1)))
    number = len(game.moves)
    app = App((1024, 600), Settings(speed="fast", ai_delay="none", fullscreen=False))
    table = sit_down(app, game, default_seats(2, "intermediate"))
    review = GameReviewScene(app, table, [1])
    review.reviewer.stop()
    played, best = shared[0]
    both = Moment(number, 1, 0, played, best, 0.1, 2.0, True, "")
    frames, _ = _marks(monkeypatch, review, both)
    colours = [colour for _, colour in frames]
    # Every pile each move takes, and each move's card in hand, carries that move's frame.
    pos = review.position_before(both)

    def piles(move: Move) -> int:
        return (move.takes & pos.loose).bit_count() + sum(1 for b in pos.builds if b.cards & move.takes) + 1

    assert colours.count(theme.WARN) == piles(played) and colours.count(theme.GLOW) == piles(best), colours
    # Each framed table pile says its word too: to a deuteranope the two frames looked alike.
    _, words = _marks(monkeypatch, review, both)
    took = "taken" if played.kind == "capture" else "built on"  # (on the table; "played" on the card in hand)
    assert words.count("better") == piles(best), words
    assert words.count("played") == 1 and words.count(took) == piles(played) - 1, words
    plucked = Moment(number, 1, 0, plucks[0], best, 0.1, 2.0, True, "")
    frames, words = _marks(monkeypatch, review, plucked)
    assert "played: pluck" in words and theme.WARN in [colour for _, colour in frames]
    # No frame (a glow reaching 6 px past its rect) reaches into a row's label (they touched "Your hand").
    labels: list[pygame.Rect] = []
    real_label = review._label

    def label(surface: pygame.Surface, fs: int, words: str, at: tuple[int, int]) -> None:
        t = theme.text(words, max(12, round(fs * 0.85)), theme.DIM, bold=True)
        labels.append(t.get_rect(midtop=at))
        real_label(surface, fs, words, at)

    monkeypatch.setattr(review, "_label", label)
    frames, _ = _marks(monkeypatch, review, both)
    assert len(labels) == 2
    assert not any(rect.inflate(12, 12).colliderect(r) for rect, _ in frames for r in labels), (labels, frames)


def test_the_sheet_says_what_its_arrows_and_stars_mean(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Cards 21 → 0 ★ 31 → 3" came with no word of what → and ★ meant.
    from cassino.ui.art import theme

    app, table = after_one_round()
    sheet = RoundOverScene(app, table, table.game.rounds[0], lambda: None, lambda: None, lambda: None)
    app.push(sheet)
    key(app, pygame.K_SPACE)  # the whole sheet at once
    said: list[str] = []
    real = theme.fit_text
    monkeypatch.setattr(theme, "fit_text", lambda words, *a, **k: said.append(words) or real(words, *a, **k))
    sheet.draw(app.screen)
    monkeypatch.undo()
    assert "Taken \u2192 points; \u2605 scored the item." in said, said


def test_a_review_without_a_clear_mistake_says_so_where_the_table_would_stand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A grey line under the title over an empty cloth was all it showed.
    from .test_variants_table import drawn_text

    def calm(*args: object, **kwargs: object) -> list[object]:
        return [m._replace(confident=False) for m in review(*args, **{**kwargs, "work": 6})]  # type: ignore[arg-type]

    monkeypatch.setattr(gamereview, "review", calm)
    app, table = after_one_round()
    scene = GameReviewScene(app, table, [1])
    app.push(scene)
    worked_out(app, scene)
    assert not scene.moments
    shown = drawn_text(app)
    assert "No clear mistake" in shown, shown
    assert "no clear mistake: every move was as good as the best found" in " ".join(shown), shown


def test_f1_over_the_review_opens_how_to_read_it() -> None:
    # It opened the table's keys, with the review's own page two clicks away.
    from cassino.ui.rulebook.screen import RulesScene
    from cassino.ui.rulebook.text import SECTIONS

    app, table = after_one_round()
    scene = GameReviewScene(app, table, [1])
    app.push(scene)
    key(app, pygame.K_F1)
    shown = app.top
    assert isinstance(shown, RulesScene) and SECTIONS[shown.section].title == "Hints and the review"
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    scene.reviewer.stop()  # (not waited for: the screen is under test, not the weighing)


def test_a_moment_of_draw_cassino_is_placed_by_the_cards_left_to_draw() -> None:
    # Draw Cassino has one deal: every moment read "deal 1" until the stock ran out.
    import re

    from .test_variants_table import drawn_text

    app, table = after_one_round(rules=Rules(draw=True))
    scene = GameReviewScene(app, table, [1])
    app.push(scene)
    worked_out(app, scene)
    assert scene.moments
    header = next(t for t in drawn_text(app) if t.startswith("1 of "))
    assert re.fullmatch(r"1 of \d+ · round 1, move \d+, (\d+ to draw|nothing left to draw) · You · score 0\u20130",
                        header), header


@pytest.mark.parametrize("size", [(1024, 600), (1200, 1000), (1920, 1080)])
def test_the_words_on_marked_table_piles_stand_clear_of_every_card(monkeypatch: pytest.MonkeyPatch,
                                                                   size: tuple[int, int]) -> None:
    # "better" and "played" stood on the pile's foot, sized with the cards: in a tall
    # window they grew to 23 px over the card's index ("10" half hidden).
    from cassino.ai.review import Moment

    class Spy(pygame.Surface):
        """A screen that remembers what was put where."""

        def __init__(self, size: tuple[int, int]):
            super().__init__(size)
            self.put: list[tuple[pygame.Surface, pygame.Rect]] = []

        def blit(self, source: pygame.Surface, dest: object, *args: object, **kw: object) -> pygame.Rect:  # type: ignore[override]
            at = source.get_rect()
            at.topleft = dest.topleft if isinstance(dest, pygame.Rect) else dest  # type: ignore[assignment]
            self.put.append((source, at))
            return super().blit(source, dest, *args, **kw)  # type: ignore[arg-type]

    game = Game(Rules(), 2, seed=5)
    rng = random.Random(3)
    beginner = make_player("beginner")
    while True:  # to a turn of yours with a table card two plays take
        pos = game.position
        plays = [m for m in pos.legal_moves() if m.card >= 0 and m.takes]
        shared = [(a, b) for a in plays for b in plays if a != b and a.takes & b.takes]
        if pos.to_move == 0 and shared and pos.builds == () and len(pos.legal_moves()) > 2:
            break
        game.play(beginner.choose(SeatView(pos, pos.to_move, game.turns), rng, Budget(work=1)))
    number = len(game.moves)
    app = App(size, Settings(speed="fast", ai_delay="none", fullscreen=False))
    table = sit_down(app, game, default_seats(2, "intermediate"))
    review = GameReviewScene(app, table, [1])
    review.reviewer.stop()
    played, best = shared[0]
    faces: set[int] = set()
    real_face = gamereview.card_face
    monkeypatch.setattr(gamereview, "card_face", lambda *a, **k: faces.add(id(f := real_face(*a, **k))) or f)
    named: dict[int, str] = {}
    real_text = gamereview.theme.text
    monkeypatch.setattr(gamereview.theme, "text",
                        lambda w, *a, **k: named.setdefault(id(t := real_text(w, *a, **k)), w) and t)
    screen = Spy(size)
    fs = gamereview.theme.px(size, 24, 13)
    review._table(screen, fs, screen.get_rect(), Moment(number, 1, 0, played, best, 0.1, 2.0, True, ""))
    monkeypatch.undo()
    cards = [rect for source, rect in screen.put if id(source) in faces]
    said = [(named.get(id(source)), rect) for source, rect in screen.put
            if named.get(id(source)) in ("better", "played", "taken", "built on")]
    words = [rect for _, rect in said]
    assert len(words) >= 3, "a word for each pile each move takes, and for each card in hand"
    # "played" on the card played alone: the table's cards it took were "played" too.
    assert [w for w, _ in said].count("played") == 1
    assert ("taken" if played.kind == "capture" else "built on") in [w for w, _ in said]
    assert not any(w.colliderect(c) for w in words for c in cards), (words, cards)
    # Nor one another's pills (4 px past their words), under a pile both moves take.
    pills = [w.inflate(8, 2) for w in words]
    assert not any(a.colliderect(b) for i, a in enumerate(pills) for b in pills[i + 1:]), pills
    assert all(w.height <= max(12, round(fs * 0.8)) * 1.5 for w in words), "the hand's size, not the cards'"


@pytest.mark.parametrize("size", [(1024, 600), (1280, 1024)])
def test_a_build_s_whose_words_are_no_bigger_than_the_frames_words(monkeypatch: pytest.MonkeyPatch,
                                                                  size: tuple[int, int]) -> None:
    # Sized with the cards, "North's build" stood larger than the screen's heading in a tall window.
    from cassino.ai.review import Moment

    game = Game(Rules(), 2, seed=5)
    rng = random.Random(3)
    while True:  # to a turn of yours with a build on the table (random plays, builds first)
        pos = game.position
        plays = [m for m in pos.legal_moves() if m.card >= 0]
        if pos.to_move == 0 and pos.builds and len(plays) > 1:
            break
        builds = [m for m in plays if m.kind == "build"]
        game.play(rng.choice(builds or plays))
    app = App(size, Settings(speed="fast", ai_delay="none", fullscreen=False))
    table = sit_down(app, game, default_seats(2, "intermediate"))
    review = GameReviewScene(app, table, [1])
    review.reviewer.stop()
    drawn: list[tuple[str, int]] = []
    real_text = gamereview.theme.text
    monkeypatch.setattr(gamereview.theme, "text",
                        lambda w, *a, **k: drawn.append((w, (t := real_text(w, *a, **k)).get_height())) or t)
    fs = gamereview.theme.px(size, 24, 13)
    screen = pygame.Surface(size)
    review._table(screen, fs, screen.get_rect(), Moment(len(game.moves), 1, 0, plays[0], plays[1], 0.1, 2.0, True, ""))
    monkeypatch.undo()
    whose = [h for w, h in drawn if w.endswith("build")]
    assert whose and max(whose) <= real_text("better", max(12, round(fs * 0.8)), bold=True).get_height(), drawn


def one_round_game(kinds: tuple[str, str] = ("human", "ai:intermediate")) -> tuple[Game, list[dict[str, object]]]:
    """A finished game of one round, as the table keeps it in last-game.json."""
    game = Game(Rules(rounds=1), players=2, teams=standard_teams(2), seed=77)
    bots = [make_player("beginner"), make_player("intermediate")]
    rng = random.Random(1)
    while not game.over:
        pos = game.position
        game.play(bots[pos.to_move].choose(SeatView(pos, pos.to_move, game.turns), rng, Budget(work=5)))
    names = ["You" if kinds[0] == "human" else "West", "East"]
    return game, [{"name": n, "seat": i, "kind": k} for i, (n, k) in enumerate(zip(names, kinds))]


def statistics(tmp_path: Path) -> tuple[App, StatsScene]:
    app = App((1024, 600), Settings(speed="instant", fullscreen=False), Store(tmp_path))
    show_title(app)
    scene = StatsScene(app)
    app.push(scene)
    app.step(1 / 60)
    return app, scene


REVIEW_LAST = "Review your last game"


def test_the_last_finished_game_is_reviewed_again_from_the_statistics(tmp_path: Path) -> None:
    # Leaving the table lost the review the game's end offered: only the command line had it.
    game, seats = one_round_game()
    Store(tmp_path).save_last_game(game, seats)
    app, scene = statistics(tmp_path)
    item = next(it for it in scene.menu.items if it.label == REVIEW_LAST)
    item.action()
    review = app.top
    assert isinstance(review, GameReviewScene) and review.rounds is None
    assert review.title() == "Review of the game"
    worked_out(app, review)
    assert review.decisions == sum(1 for t in game.turns if t.seat == 0)  # your plays, each weighed
    assert review.moments and all(m.seat == 0 for m in review.moments)
    assert review.lines(review.moments[0])[0][0].startswith("You played: ")
    key(app, pygame.K_ESCAPE)
    assert app.top is scene  # back to the statistics


def test_no_last_game_no_review_button(tmp_path: Path) -> None:
    _, scene = statistics(tmp_path)
    assert REVIEW_LAST not in [it.label for it in scene.menu.items]


def test_a_damaged_last_game_is_set_aside_and_said(tmp_path: Path) -> None:
    game, seats = one_round_game()
    store = Store(tmp_path)
    store.save_last_game(game, seats)
    record = store.path(LAST_GAME).read_text()
    store.path(LAST_GAME).write_text(record.replace('"moves": [', '"moves": ["9Z", ', 1))
    app, scene = statistics(tmp_path)
    next(it for it in scene.menu.items if it.label == REVIEW_LAST).action()
    assert app.top is scene
    assert scene.notice.startswith("The record of your last finished game could not be read.")
    assert "last-game.json was set aside because it cannot be replayed" in scene.notice
    assert "kept as last-game.json.bad" in scene.notice
    assert (tmp_path / "last-game.json.bad").read_text() != "" and not store.path(LAST_GAME).exists()
    assert REVIEW_LAST not in [it.label for it in scene.menu.items]  # nothing left to review


def test_a_game_nobody_played_at_the_screen_has_nothing_to_review(tmp_path: Path) -> None:
    game, seats = one_round_game(("ai:beginner", "ai:intermediate"))
    Store(tmp_path).save_last_game(game, seats)
    app, scene = statistics(tmp_path)
    next(it for it in scene.menu.items if it.label == REVIEW_LAST).action()
    assert app.top is scene and "no moves of yours to review" in scene.notice
    assert REVIEW_LAST not in [it.label for it in scene.menu.items]  # (pressed again, it said the same)


def test_the_last_game_s_seats_are_read_by_their_seat_not_their_place_in_the_list(tmp_path: Path) -> None:
    # A record may list its players in any order: North first weighed the computer's moves as "You".
    game, seats = one_round_game()
    Store(tmp_path).save_last_game(game, seats[::-1])
    app, scene = statistics(tmp_path)
    next(it for it in scene.menu.items if it.label == REVIEW_LAST).action()
    review = app.top
    assert isinstance(review, GameReviewScene) and review.table.humans == [0]
    assert review.who(0) == "You" and review.who(1) == "East"
    review.close()


class _Blits(pygame.Surface):
    """A surface that keeps where each image was put on it."""

    def __init__(self, size: tuple[int, int]):
        super().__init__(size)
        self.placed: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        self.placed.append(pygame.Rect(dest if len(dest) == 2 else dest[:2], source.get_size()))
        return super().blit(source, dest, *args, **kwargs)


def test_the_table_row_stays_centred_when_its_piles_carry_words() -> None:
    # The words' spacing under a marked pile replaced the spacing of the piles
    # after it: the row stood some 12 px off centre at 1024x600.
    app, table = after_one_round()
    review = GameReviewScene(app, table, [1])
    app.push(review)
    worked_out(app, review)
    checked = 0
    for at, moment in enumerate(review.moments):
        pos = review.position_before(moment)
        piles = len(pos.builds) + pos.loose.bit_count()
        if not (moment.best.takes or moment.played.takes) or piles < 2:
            continue
        review.at = at
        surface = _Blits(app.size)
        review.draw(surface)
        card = max((r.size for r in surface.placed if r.h == round(r.w * 1.4)), key=lambda s: s[0])
        cards = [r for r in surface.placed if r.size == card]
        row = [r for r in cards if r.y == min(c.y for c in cards)]  # the table's, over the hand's
        left, right = min(r.left for r in row), max(r.right for r in row)
        assert abs((left + right) / 2 - app.size[0] / 2) <= 2, (moment.number, left, right)
        checked += 1
    assert checked
