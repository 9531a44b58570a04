"""Pass-and-play: several people share the screen. No hand is ever face up
while someone else might be looking: a cover screen naming the next player
comes first whenever the last hand shown was someone else's."""

from __future__ import annotations

import pygame

from cassino.rules import Game, cards_of
from cassino.rules.cards import rank_of
from cassino.settings import Settings
from cassino.ui.app import App
from cassino.ui.table.cover import CoverScene
from cassino.ui.table import Seat, TableScene

from .driver import bare_cloth, click, drag, hand_card_centre, open_table, settle, step


def ready(app: App) -> None:
    """The next person, some moments after the cover came up, clicks its button."""
    step(app, 60)  # a second: the cover takes no "ready" at once (see the tests below)
    cover = app.top
    assert isinstance(cover, CoverScene)
    click(app, cover.button.center)



def face_up_hands(table: TableScene) -> set[int]:
    """The seats with any hand card shown face up (where it rests or in flight)."""
    shown = set()
    for seat in range(table.pos.players):
        for card in table.hand_order(seat):
            s = table.motion.get(card)
            if s is not None and (s.at.face_up or s.dest.face_up):
                shown.add(seat)
    return shown


def sit(seats: list[Seat], seed: int = 8) -> tuple[App, TableScene]:
    app = App((1280, 720), Settings(speed="fast", fullscreen=False))
    table = TableScene(app, Game(players=len(seats), seed=seed), seats)
    app.replace(table)
    settle(app)
    return app, table


def play_a_trail(app: App, table: TableScene) -> None:
    card = table.hand_order(table.pos.to_move)[0]
    drag(app, hand_card_centre(table, card), bare_cloth(table))


def test_two_people_take_turns_behind_the_cover() -> None:
    app, table = sit([Seat("Ann"), Seat("Ben")])
    for turn in range(6):
        cover = app.top
        assert isinstance(cover, CoverScene), f"turn {turn}: no cover before a different person's turn"
        to_move = table.pos.to_move
        assert cover.name == table.seats[to_move].name
        assert face_up_hands(table) == set(), "a hand shows while the cover is up"
        ready(app)
        settle(app)
        assert app.top is table
        assert face_up_hands(table) == {to_move}, "only the player to move sees a hand"
        assert table.bottom == to_move, "the player to move sits at the bottom"
        play_a_trail(app, table)
        assert face_up_hands(table) == set(), "the hand turns down as soon as it has played"
        settle(app)


def test_as_the_cover_lifts_the_mark_is_on_the_person_whose_hand_turns_up() -> None:
    # The last mover's plate kept the turn's mark while the next hand turned up.
    app, table = sit([Seat("Ann"), Seat("Ben")])
    ready(app)
    settle(app)
    play_a_trail(app, table)
    settle(app)
    ready(app)
    assert not table.at_rest(), "the hand is turning up"
    assert table.turn_mark() == table.pos.to_move == table.bottom


def test_a_person_after_computer_turns_gets_the_cover_only_if_someone_else_played_last() -> None:
    app, table = sit([Seat("Ann"), Seat("Bot", "beginner"), Seat("Cy")], seed=3)
    people_seen = []
    for _ in range(8):
        settle(app)
        if isinstance(app.top, CoverScene):
            people_seen.append(app.top.name)
            ready(app)
            settle(app)
        seat = table.pos.to_move
        assert seat in (0, 2) and table.human_turn()
        assert face_up_hands(table) == {seat}
        play_a_trail(app, table)
    # Ann and Cy alternate with the computer between them: a cover before every person's turn.
    assert len(people_seen) == 8 and set(people_seen) == {"Ann", "Cy"}


def test_one_person_never_sees_a_cover() -> None:
    app, table = sit([Seat("You"), Seat("Bot", "beginner")])
    for _ in range(4):
        settle(app)
        assert not isinstance(app.top, CoverScene)
        assert face_up_hands(table) == {0}
        play_a_trail(app, table)


def test_esc_on_the_cover_opens_the_menu_over_it_and_shows_no_hand() -> None:
    """To stop between turns, nobody has to reveal the next hand first: Esc
    on the cover gives the game's menu over the cover; closing it, the cover
    is still up."""
    import pygame

    from cassino.ui.table.pause import PauseScene

    from .driver import key

    app, table = sit([Seat("Ann"), Seat("Ben")])
    cover = app.top
    assert isinstance(cover, CoverScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene) and app.scenes[-2] is cover
    # No game number mid-game, as at the table: it deals every hand, the next person's too.
    assert app.top.title == "Paused"
    assert face_up_hands(table) == set()
    key(app, pygame.K_ESCAPE)  # resume: back to the cover, not the table
    assert app.top is cover and face_up_hands(table) == set()


def test_the_click_that_skips_a_play_s_motion_does_not_lift_the_next_cover() -> None:
    """Seen in the real game: a click meant to skip the last play's motion
    finished it on the press; the cover came up, and the release a moment
    later was taken for the next person's "ready", showing their hand to
    whoever clicked. The cover takes no "ready" for its first moments, and a
    release only after a press on the cover itself."""
    import pygame

    from .driver import post

    app, table = sit([Seat("Ann"), Seat("Ben")])
    ready(app)
    settle(app)
    mover = table.seats[table.pos.to_move].name
    play_a_trail(app, table)
    post(pygame.MOUSEBUTTONDOWN, pos=(640, 360), button=1)  # the skipping click's press...
    step(app, 3)
    cover = app.top
    assert isinstance(cover, CoverScene) and cover.name != mover
    post(pygame.MOUSEBUTTONUP, pos=(640, 360), button=1)  # ...and its release
    step(app, 2)
    assert app.top is cover and face_up_hands(table) == set()
    click(app, (640, 360))  # a whole click, but at once: still the click that skipped
    assert app.top is cover
    step(app, 30)
    post(pygame.MOUSEBUTTONUP, pos=(640, 360), button=1)  # a release whose press the cover never saw
    step(app, 2)
    assert app.top is cover and face_up_hands(table) == set()
    ready(app)
    assert app.top is table and face_up_hands(table) == {table.pos.to_move}


def test_a_key_held_since_before_the_cover_is_not_ready_until_let_go(monkeypatch: "object") -> None:
    """Enter held down after playing repeats: the repeats are not "ready"."""
    import pygame

    from .driver import key, post

    app, table = sit([Seat("Ann"), Seat("Ben")])
    held = {pygame.K_RETURN}
    real = pygame.key.get_pressed

    class Pressed:
        def __getitem__(self, k: int) -> bool:
            return k in held

    pygame.key.get_pressed = lambda: Pressed()  # type: ignore[assignment,return-value]
    try:
        ready(app)  # Ann's cover: a click, Enter not involved
        settle(app)
        play_a_trail(app, table)
        settle(app)
        cover = app.top
        assert isinstance(cover, CoverScene)
    finally:
        pygame.key.get_pressed = real
    step(app, 60)
    key(app, pygame.K_RETURN)  # a repeat of the held key
    assert app.top is cover
    post(pygame.KEYUP, key=pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # pressed again: ready
    assert app.top is table


def test_a_new_round_starts_behind_the_cover_even_for_the_last_person_shown() -> None:
    """Everyone looks at the score sheet together; the next round's first
    player gets the cover even when their hand was the last one shown."""
    app, table = sit([Seat("Ann"), Seat("Ben")])
    ready(app)
    settle(app)
    assert app.top is table and face_up_hands(table) == {table.pos.to_move}
    table.next_round()  # the table as a new round shows it (here, the same deal again)
    settle(app)
    assert isinstance(app.top, CoverScene) and face_up_hands(table) == set()


def test_the_cover_says_what_the_others_did_meanwhile() -> None:
    app, table = sit([Seat("Ann"), Seat("Bot", "beginner"), Seat("Cy")], seed=3)
    ready(app)  # the first person's cover: nothing has happened yet
    settle(app)
    play_a_trail(app, table)  # then the computer plays, and the cover is the other person's
    settle(app)
    cover = app.top
    assert isinstance(cover, CoverScene)
    others = [text for seat, text in cover.news if seat is not None]
    assert others and all(not text.startswith(f"{cover.name} ") for text in others)
    last = table.log[-1][1]
    assert cover.news[-1][1] == last, "the latest play is the last line"


def test_a_reason_still_being_weighed_when_its_asker_plays_is_never_shown(monkeypatch: "object") -> None:
    """Ann asks why of her hint and plays another card before the reason is
    ready; on Ben's turn, with his own hint up, Ann's reason arrived and was
    shown over Ben's hand, naming Ann's cards. A play drops the hint and
    reason still being worked out."""
    import threading
    import time

    import pygame

    from cassino.ai import review

    from .driver import key

    go = threading.Event()

    def slow_reason(*args: object, **kw: object) -> str:
        go.wait(10)
        return "Ann's reason, naming Ann's cards."

    monkeypatch.setattr(review, "explain", slow_reason)  # type: ignore[attr-defined]
    app, table = sit([Seat("Ann"), Seat("Ben")])

    def until(done: object) -> None:
        end = time.monotonic() + 30
        while not done() and time.monotonic() < end:  # type: ignore[operator]
            step(app)

    ready(app)
    settle(app)
    key(app, pygame.K_h)
    until(lambda: table.hinter is None)
    key(app, pygame.K_h)  # why? (held up until ``go``)
    assert table.explainer is not None
    play_a_trail(app, table)
    settle(app)
    ready(app)
    settle(app)
    key(app, pygame.K_h)  # Ben's own hint
    until(lambda: table.hinter is None)
    assert table.message.startswith("Hint: ")
    go.set()
    step(app, 30)
    time.sleep(0.2)
    step(app, 5)
    assert "Ann's reason" not in table.message


def test_a_cover_with_more_news_than_it_shows_says_how_many_more_the_log_holds() -> None:
    # Six lines at most: at six players a sweep or a deal line more dropped
    # the oldest, the play right after yours, without a word.
    app = App((1024, 600), Settings(speed="instant", fullscreen=False))
    news = [(seat % 5 + 1, f"Seat {seat} trailed a card.") for seat in range(8)]
    cover = CoverScene(app, "Ann", lambda: None, None, news)
    assert len(cover.news) == 6 and cover.news[-5:] == news[-5:]
    assert cover.news[0] == (None, "(3 earlier: in the log beside the table)")
    few = CoverScene(app, "Ann", lambda: None, None, news[:6])
    assert few.news == news[:6]
    app.push(cover)
    step(app)  # it draws


def test_undo_with_several_people_says_so_before_pointing_at_the_setting() -> None:
    # It sent them to Settings, where turning undo on would only have led here.
    app, table = sit([Seat("Ann"), Seat("Ben")])
    ready(app)
    settle(app)
    assert not app.settings.undo
    table.undo()
    assert table.message.endswith("Undo works only while you play alone against the computer.")


def test_a_build_reads_as_yours_to_the_person_at_the_bottom(monkeypatch: object) -> None:
    # It read "Ann's build" to Ann herself: "Your build" was only for a person named "You".
    import pytest

    from cassino.rules import Build, cards_of
    from cassino.ui.art import theme
    from cassino.ui.table import paint

    app, table = sit([Seat("Ann"), Seat("Ben")])
    ready(app)
    settle(app)
    seat = table.bottom
    loose = cards_of(table.pos.loose)
    build = Build((1 << loose[0]) | (1 << loose[1]), 0, False, seat)
    said: list[str] = []
    real = theme.fit_text
    mp = pytest.MonkeyPatch()
    mp.setattr(theme, "fit_text", lambda words, *a, **k: said.append(words) or real(words, *a, **k))
    rect = table.stage.items[0].rect
    paint._badge(table, app.screen, build, rect)
    mp.undo()
    assert any(w.startswith("Your") for w in said), said
    assert not any(w.startswith(table.seats[seat].name) for w in said), said


def test_a_plate_keeps_the_whole_name_and_drops_the_turn_mark_where_there_is_no_room() -> None:
    # "Computer 1  ▶" was cut to "Computer...": which computer was thinking?
    import pytest

    from cassino.ui.art import theme
    from cassino.ui.table import paint

    import pygame

    pygame.font.init()
    said: list[str] = []
    real = theme.fit_text
    mp = pytest.MonkeyPatch()
    mp.setattr(theme, "fit_text", lambda words, *a, **k: said.append(words) or real(words, *a, **k))
    fs = 18
    room = theme.font(fs, True).size("Computer 1")[0] + 4  # the name fits, the mark after it does not
    panel = theme.table_panel("green")
    paint._plate((room + 24, 80), fs, 12, 10, "Computer 1", (200, 200, 200), "", (), True, panel)
    paint._plate((room + 200, 80), fs, 12, 10, "Computer 2", (200, 200, 200), "", (), True, panel)
    mp.undo()
    assert said == ["Computer 1", "Computer 2  \u25b6"], said


def test_a_long_name_is_drawn_a_little_smaller_rather_than_cut() -> None:
    # "Maximilian…" on a side plate at 1920x1080, with room for the whole name a size smaller.
    import pygame
    import pytest

    from cassino.ui.art import theme
    from cassino.ui.table import paint

    pygame.font.init()
    theme.reset()  # (fonts made before another test's pygame.quit() are dead)
    fs = 24
    name = "Maximilian Ottok"
    room = theme.font(round(fs * 0.85), True).size(name)[0] + 2  # not at 24 px, at 20 px it fits
    assert theme.font(fs, True).size(name)[0] > room
    panel = theme.table_panel("green")
    drawn: list[str] = []
    real = theme.text
    mp = pytest.MonkeyPatch()
    mp.setattr(theme, "text", lambda words, *a, **k: drawn.append(words) or real(words, *a, **k))
    paint._plate((room + 24, 120), fs, 12, 10, name, (211, 200, 200), "", (), False, panel)
    mp.undo()
    assert name in drawn and not any(w.endswith("…") for w in drawn), drawn


def test_people_of_one_name_are_told_apart_and_no_one_is_you_at_a_shared_screen() -> None:
    # Two Anns: "Ann trailed… Pass to Ann", two "Ann" rows on the scores; a
    # person named "You" turned the table's words to one person's ("You win").
    from cassino.ui.table.seats import named_seats

    names = [s.name for s in named_seats([None, "beginner", None, None], ["Ann", "", "ann", "You"])]
    assert names == ["Ann", "Computer 1", "ann 2", "Player 3"]
    names = [s.name for s in named_seats([None, "beginner", None], ["Computer 1", "", ""])]
    assert names == ["Computer 1 2", "Computer 1", "Player 2"]  # the computer keeps its name
    assert len(set(n.lower() for n in names)) == len(names)
    # A name as typed is never changed to make room for a number: the person who typed
    # "Anna 2" was called "Anna 2 2", and told that the other Anna, renamed "Anna 2", dealt.
    names = [s.name for s in named_seats([None] * 5, ["Anna", "Anna", "Anna 2", "Bo", "Cy"])]
    assert names == ["Anna", "Anna 3", "Anna 2", "Bo", "Cy"]
    # Nor to make room for a name given to someone who typed none (or "You"): the
    # person who typed "Player 3" became "Player 3 2".
    names = [s.name for s in named_seats([None] * 5, ["Ann", "Bo", "You", "Player 3", ""])]
    assert names == ["Ann", "Bo", "Player 4", "Player 3", "Player 5"]


def test_the_next_person_starts_with_no_focus_ring_of_the_last_one_s() -> None:
    # The next person's hand opened with a focus ring where the last person's
    # keys had left it, and the line spoke of keys to someone with a mouse.
    from .driver import key

    app, table = sit([Seat("Ann"), Seat("Ben")])
    ready(app)
    settle(app)
    first = table.bottom
    for _ in range(3):  # the first key may only show the ring
        if table.input.focus == ("hand", 1):
            break
        key(app, pygame.K_RIGHT)
    assert table.input.keyboard and table.input.focus == ("hand", 1)
    key(app, pygame.K_RETURN)  # Ann plays her second card (a trail or its one play)
    settle(app)
    if not isinstance(app.top, CoverScene):  # a list asked which play: the first
        key(app, pygame.K_RETURN)
        settle(app)
    assert isinstance(app.top, CoverScene)
    ready(app)
    settle(app)
    assert table.bottom != first and not table.input.keyboard and table.input.focus == ("hand", 0)


def test_the_player_who_just_moved_cannot_lift_the_next_cover_by_hurrying() -> None:
    # Four quick clicks after a trail, then one a little later: the next person's hand showed.
    app, table = sit([Seat("Ann"), Seat("Ben")])
    ready(app)
    settle(app)
    play_a_trail(app, table)
    spot = bare_cloth(table)
    for _ in range(4):
        click(app, spot)
        step(app, 7)
    cover = app.top
    assert isinstance(cover, CoverScene)
    step(app, 30)  # half a second after the last click: still hurrying, as far as the cover can tell
    button = getattr(cover, "button", pygame.Rect(640, 360, 1, 1))  # (before, a click anywhere)
    click(app, button.center)
    assert app.top is cover and face_up_hands(table) == set()
    step(app, 60)
    click(app, spot)  # armed now, but a click beside the button is not "ready"
    assert app.top is cover and face_up_hands(table) == set()
    click(app, cover.button.center)
    assert app.top is table and face_up_hands(table) == {table.pos.to_move}


def test_a_sweep_is_the_sweeper_s_news_not_theirs_to_be_told() -> None:
    # Ben's next cover read "Meanwhile: Sweep! Ben cleared the table…": his own sweep.
    from tests.rules.helpers import table_position

    from .driver import item_centre, open_table
    from tests.rules.helpers import cards

    app, table = open_table(table_position(hand="8S 3C", loose="8D", others=["4S 4H"]))
    drag(app, hand_card_centre(table, cards("8S").bit_length() - 1), item_centre(table, cards("8D")))
    settle(app)
    assert (0, "Sweep! You cleared the table (1 point).") in table.log, table.log


def test_the_menu_over_a_cover_says_resume_goes_back_to_it() -> None:
    from cassino.ui.table.pause import PauseScene

    from .driver import key

    app, table = sit([Seat("Ann"), Seat("Ben")])
    cover = app.top
    assert isinstance(cover, CoverScene)
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, PauseScene)
    assert menu.menu.items[0].hint == f'Back to "Pass to {cover.name}" (Esc)'


def test_a_hand_turned_up_for_its_person_is_their_turn_not_a_deal() -> None:
    # "Dealing." showed, and no turn mark, while the dealt hand turned up after the cover.
    from .test_table import status_words

    app, table = sit([Seat("Ann"), Seat("Ben")])
    app.settings.speed = "normal"
    cover = app.top
    assert isinstance(cover, CoverScene)
    step(app, 60)
    click(app, cover.button.center)
    assert app.top is table and table.motion.busy  # the hand turning up and taking its place
    assert table.turn_mark() == table.pos.to_move
    assert status_words(app, table) != "Dealing."


def test_a_round_s_first_cover_tells_the_deal_without_meanwhile() -> None:
    # "Meanwhile / Round 1: Ann deals." with nothing played yet.
    from .test_variants_table import drawn_text

    app, table = sit([Seat("Ann"), Seat("Ben")])
    said = drawn_text(app)
    assert any(text.startswith("Round 1:") for text in said) and not any(t.startswith("Meanwhile") for t in said)


def by_rank(cards: list[int]) -> bool:
    return [rank_of(c) for c in cards] == sorted(rank_of(c) for c in cards)


def test_a_face_down_hand_lies_in_no_order_of_rank() -> None:
    """Sorted backs gave cards away: the computer's card flying from the
    last of its four backs was its highest, and a card drawn in Draw Cassino
    flew to its rank's place in the hand. Your own hand, face up, is sorted."""
    sorted_backs = 0
    seeds = range(12)
    for seed in seeds:
        app, table = open_table(levels=(None, "beginner", "beginner"), seed=seed)
        for seat in (1, 2):
            backs = table.hand_order(seat)
            assert sorted(backs) == cards_of(table.pos.hands[seat])
            sorted_backs += by_rank(backs)
        assert by_rank(table.hand_order(0))
    # Four cards fall in rank order by chance one deal in 24 or so (more with pairs).
    assert sorted_backs < len(seeds) // 2, f"{sorted_backs} of {2 * len(seeds)} face-down hands sorted by rank"


def test_a_hand_turned_down_by_its_play_shows_nothing_of_where_the_card_ranked() -> None:
    """The backs kept the sorted order and closed the played card's gap over a
    flight: "back, gap, back, back" after the 3♣ told whoever was looking that
    one card kept was lower and two higher. Now they lie at once in an order of
    their own, closed up, and the card leaves from the middle of the hand."""
    sorted_after = 0
    seeds = range(8)
    for seed in seeds:
        app, table = sit([Seat("Ann"), Seat("Ben")], seed=seed)
        ready(app)
        settle(app)
        seat = table.pos.to_move
        shown = list(table.hand_order(seat))
        assert by_rank(shown)
        card = shown[seed % len(shown)]
        click(app, hand_card_centre(table, card))
        click(app, bare_cloth(table))
        assert face_up_hands(table) == set()
        kept = table.hand_order(seat)
        sorted_after += by_rank(kept)
        spots = [table.motion.sprites[c].at for c in kept]
        assert all(table.motion.sprites[c].at == table.stage.spots[c] and not table.motion.sprites[c].legs
                   for c in kept), "the backs close up at once: no gap to see"
        middle = (min(s.x for s in spots) + max(s.x for s in spots)) / 2
        flying = table.motion.sprites[card]
        assert abs((flying.start or flying.at).x - middle) < 1, "the card leaves from the middle of the hand"
    # Three cards fall in rank order by chance one time in six.
    assert sorted_after < len(seeds) // 2, f"{sorted_after} of {len(seeds)} hands turned down kept rank order"


def test_a_long_name_kept_by_a_save_fits_the_cover() -> None:
    """A save keeps names of up to 40 letters (the setup types 16): "Pass to
    MMMM…" ran off both edges of the cover. (The log's lines break such a
    name: tests/ui/test_layout.py, the wrap's property.)"""
    from cassino.ui.art import theme

    long = "M" * 40
    app, table = sit([Seat(long), Seat("Ben")], seed=2)
    if isinstance(app.top, CoverScene) and app.top.name != long:
        ready(app)
        settle(app)
        play_a_trail(app, table)
        settle(app)
    cover = app.top
    assert isinstance(cover, CoverScene) and cover.name == long
    step(app)
    w, h = app.size
    gold = [x for x in (0, 1, 2, w - 3, w - 2, w - 1) for y in range(h)
            if sum(abs(a - b) for a, b in zip(app.screen.get_at((x, y))[:3], theme.GOLD)) < 60]
    assert not gold, "the headline reaches the window's edge"
    assert cover.button.left > 0 and cover.button.right < w


def test_in_draw_cassino_the_card_drawn_still_flies_in_to_the_hand_turned_down() -> None:
    from cassino.rules import Rules

    app = App((1280, 720), Settings(speed="fast", fullscreen=False))
    table = TableScene(app, Game(Rules(draw=True), players=2, seed=8), [Seat("Ann"), Seat("Ben")])
    app.replace(table)
    settle(app)
    ready(app)
    settle(app)
    seat = table.pos.to_move
    card = table.hand_order(seat)[0]
    click(app, hand_card_centre(table, card))
    click(app, bare_cloth(table))
    drawn = table.drawn[seat]
    sprite = table.motion.sprites[drawn]
    assert sprite.legs and sprite.at != table.stage.spots[drawn], "it flies from the stock, not there at once"
