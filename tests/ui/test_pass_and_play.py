"""Pass-and-play: several people share the screen. No hand is ever face up
while someone else might be looking: a cover screen naming the next player
comes first whenever the last hand shown was someone else's."""

from __future__ import annotations

from cassino.rules import Game
from cassino.settings import Settings
from cassino.ui.app import App
from cassino.ui.table.cover import CoverScene
from cassino.ui.table import Seat, TableScene

from .driver import bare_cloth, click, drag, hand_card_centre, settle



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
        click(app, (640, 360))
        settle(app)
        assert app.top is table
        assert face_up_hands(table) == {to_move}, "only the player to move sees a hand"
        assert table.bottom == to_move, "the player to move sits at the bottom"
        play_a_trail(app, table)
        assert face_up_hands(table) == set(), "the hand turns down as soon as it has played"
        settle(app)


def test_a_person_after_computer_turns_gets_the_cover_only_if_someone_else_played_last() -> None:
    app, table = sit([Seat("Ann"), Seat("Bot", "beginner"), Seat("Cy")], seed=3)
    people_seen = []
    for _ in range(8):
        settle(app)
        if isinstance(app.top, CoverScene):
            people_seen.append(app.top.name)
            click(app, (640, 360))
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
    assert face_up_hands(table) == set()
    key(app, pygame.K_ESCAPE)  # resume: back to the cover, not the table
    assert app.top is cover and face_up_hands(table) == set()
