"""The table's layout for every number of seats (2 to 6) and window size:
every seat's plate, caption, hand and pile, the table, the status line and
the panel are inside the window and never overlap one another; hands fanned
in full stay inside their areas; and the real table, dealt and played for a
few moves, rests every card where its area is."""

from __future__ import annotations

import itertools
import time

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassino.rules import PRESETS, Game, Rules, cards_of
from cassino.settings import Settings
from cassino.ui.app import App
from cassino.ui.table.layout import MAX_HAND, SIDES, TableLayout
from cassino.ui.table.seats import SEAT_NAMES
from cassino.ui.table import TableScene, default_seats

from .driver import settle, step

SIZES = [(1024, 544), (1024, 600), (1280, 720), (1366, 768), (1920, 1080), (2560, 1080), (1100, 1000), (3840, 2160)]



def named_rects(geo: TableLayout) -> dict[str, pygame.Rect]:
    """Every part of the table that must stand apart, by name."""
    out = {"table": geo.table, "status": geo.status, "panel": geo.panel}
    for seat, place in geo.places.items():
        for part, rect in place.rects().items():
            out[f"seat {seat} {part}"] = rect
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("size", SIZES)
def test_no_two_parts_of_the_table_overlap_and_all_are_on_screen(players: int, size: tuple[int, int]) -> None:
    pygame.font.init()
    for actions, legend in ((False, 0), (True, 3)):
        geo = TableLayout(size, players, bottom_seat=players - 1, actions=actions, legend=legend)
        screen = pygame.Rect((0, 0), size)
        rects = named_rects(geo)
        for name, r in rects.items():
            assert r.width > 0 and r.height > 0, (name, r)
            assert screen.contains(r), (name, r, size)
        for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
            assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} at {size}"
        # A caption holds a line of text at least; a side seat's, two.
        for seat, place in geo.places.items():
            lines = place.caption.height // geo.line
            assert lines >= (2 if place.narrow else 1), (seat, place.caption)
        # The panel's parts inside it and apart.
        parts = [geo.scores, geo.stock, geo.legend, geo.log, geo.hint_button, geo.menu_button, geo.help]
        if actions:
            parts += [geo.pluck_button, geo.call_button]
        assert all(geo.panel.contains(p) for p in parts)
        solid = [p for p in parts if p.height]
        assert not any(a.colliderect(b) for a, b in itertools.combinations(solid, 2))
        assert geo.scores.height >= geo.line * (players + 1), "a line for each side's score"
        assert geo.legend.height == legend * geo.line and geo.log.height > 4 * geo.line


@pytest.mark.parametrize("size", SIZES)
def test_three_players_side_captions_take_the_room_their_hands_leave(size: tuple[int, int]) -> None:
    """With three at the table the side columns are tall: a long caption
    ("captured the build of 11s and the build of 11s with the J♠") gets five
    lines there, and the hand below still fans a full hand at its usual step."""
    pygame.font.init()
    geo = TableLayout(size, 3, bottom_seat=0)
    sides = [seat for seat, place in geo.places.items() if place.narrow]
    assert len(sides) == 2
    for seat in sides:
        place = geo.places[seat]
        assert place.caption.height // geo.line == 5, (size, place.caption)
        spots = geo.hand_spots(seat, list(range(MAX_HAND)), face_up=False)
        ys = sorted(spot.y for spot in spots.values())
        back = geo.drawn_rect(seat, spots[0]).width  # a back turned sideways: its length across
        assert all(b - a >= 0.3 * back - 0.5 for a, b in zip(ys, ys[1:])), (size, ys)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("size", SIZES + [(800, 600)])
def test_a_side_seat_s_backs_each_show_an_edge(players: int, size: tuple[int, int]) -> None:
    """Seen at 1024x600 with five and six players: a side seat's backs lay
    a pixel apart, one card to the eye. Turned sideways a back is as tall as
    a card is wide, and each shows at least a tenth of that below the last."""
    geo = TableLayout(size, players, bottom_seat=0)
    for seat, place in geo.places.items():
        if place.side in ("left", "right"):
            rects = [geo.drawn_rect(seat, s) for s in geo.hand_spots(seat, list(range(MAX_HAND)), False).values()]
            tall = rects[0].height
            assert all(b.y - a.y >= tall / 10 for a, b in zip(rects, rects[1:])), (size, [r.y for r in rects])
            assert all(place.hand.contains(r) for r in rects), (size, place.hand, rects)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080), (3840, 2160)])
def test_a_full_hand_stays_inside_its_area(players: int, size: tuple[int, int]) -> None:
    geo = TableLayout(size, players, bottom_seat=0)
    for seat, place in geo.places.items():
        cards = list(range(seat * MAX_HAND, seat * MAX_HAND + MAX_HAND))
        for spot in geo.hand_spots(seat, cards, face_up=seat == 0).values():
            drawn = geo.drawn_rect(seat, spot)
            assert place.hand.inflate(2, 2).contains(drawn), (seat, place.side, drawn, place.hand)


def test_the_seats_go_round_the_table_in_turn_order() -> None:
    for players, sides in SIDES.items():
        assert len(sides) == players and sides[0] == "bottom"
        geo = TableLayout((1920, 1080), players, bottom_seat=0)
        # Clockwise from the bottom: up the left, along the top from left to right, down the right.
        order = []
        for seat in range(players):
            p = geo.places[seat].plate
            side = geo.places[seat].side
            order.append({"bottom": (0, 0), "left": (1, -p.y), "top": (2, p.x), "right": (3, p.y)}[side])
        assert order == sorted(order), (players, order)
        names = [s.name for s in default_seats(players)]
        assert names[0] == "You" and names[1:] == list(SEAT_NAMES[players])
        assert len(set(names)) == players


@pytest.mark.parametrize("players, rules", [(5, Rules()), (6, PRESETS["california"].rules(6)),
                                            (4, PRESETS["royal-aces-14"].rules(4)), (3, PRESETS["pluck"].rules(3))])
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_the_real_table_rests_every_card_in_its_place(players: int, rules: Rules, size: tuple[int, int]) -> None:
    app = App(size, Settings(speed="instant", fullscreen=False, ai_delay="none"))
    game = Game(rules, players, seed=5)
    table = TableScene(app, game, default_seats(players, "beginner"))
    app.replace(table)
    table.players[0] = table.players[1]  # the computer plays your seat too: some moves on the table
    for _ in range(20000):
        if len(game.moves) >= players + 2:
            break
        step(app)
        time.sleep(0.0005)
    del table.players[0]
    settle(app)
    assert app.top is table and not table.pos.round_over
    geo = table.geo
    for seat, place in geo.places.items():
        others = [r for s, p in geo.places.items() if s != seat for r in p.rects().values()]
        for card in cards_of(table.pos.hands[seat]):
            sprite = table.motion.get(card)
            assert sprite is not None and not sprite.moving
            drawn = geo.drawn_rect(seat, sprite.at)
            assert place.hand.inflate(2, 2).contains(drawn), (seat, card, drawn, place.hand)
            assert not any(drawn.colliderect(r) for r in others + [geo.table, geo.panel])
    for item in table.items:
        assert geo.table.contains(item.rect)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("size", SIZES)
def test_every_fact_of_a_name_plate_fits_whole(players: int, size: tuple[int, int]) -> None:
    """The longest facts a plate says (a level, a partner, a two-digit pile, sweeps,
    a pluck) fit on its lines, none cut: smaller type rather than an ellipsis,
    and the level left out before any name or number."""
    from cassino.ui.art import theme
    from cassino.ui.table.paint import BREAK, LEVEL, pack_facts

    pygame.font.init()
    theme.reset()  # fonts die with pygame.quit() after each test
    geo = TableLayout(size, players, bottom_seat=0, actions=True)
    # Partnerships are for four; where the name leaves no room the partner is a fact
    # (at 1024x600 "with Computer 2" ran off the side plates).
    team = [("with Computer 2", theme.DIM)] if players == 4 else []
    longest = [("Intermediate", LEVEL), *team, ("5 cards", theme.DIM), (BREAK, theme.DIM),
               ("Score 120", theme.INK), ("captured 52", theme.INK), ("3 sweeps", theme.INK),
               ("plucked", theme.GOLD)]
    usual = [("Intermediate", LEVEL), *team, ("4 cards", theme.DIM), (BREAK, theme.DIM),
             ("Score 0", theme.INK), ("captured 0", theme.INK)]
    for facts, (seat, place) in itertools.product((longest, usual), geo.places.items()):
        width = place.plate.width - 24
        top = place.plate.y + geo.m // 2 + round(geo.fs * 1.35)
        rows = max(1, (place.plate.bottom - top) // round(geo.fs_small * 1.3))
        px, lines = pack_facts(facts, geo.fs_small, width, rows)
        shown = [text for line in lines for text, _ in line]
        # Every name and number shown; the level only gives way where all will not fit.
        assert [t for t in shown if t != "Intermediate"] == [t for t, _ in facts[1:] if t != BREAK], \
            f"seat {seat} at {size} lost a fact: {shown}"
        for line in lines:
            text = " · ".join(t for t, _ in line)
            # A fact too wide for the plate alone on its line is cut at its end, but only
            # where the plate has no room for every fact whole at any of its sizes.
            cut = len(line) == 1 and px == max(9, round(geo.fs_small * 0.78)) and "Intermediate" not in shown
            assert cut or theme.font(px).size(text)[0] <= width, f"seat {seat} at {size}: {text!r} too wide"


YOUR_TURN = ("Your turn: drag a card onto the table, or click it, then where it goes "
             "(keys: arrows, Space, Enter; F1 shows them all).")


@pytest.mark.parametrize("size", SIZES)
def test_the_status_line_breaks_evenly_never_leaving_a_word_alone(size: tuple[int, int]) -> None:
    """Seen at 1366x768: "Your turn: drag a card ... then a hand" over "card."
    Two lines of a centred caption share its words about evenly."""
    from cassino.ui.art import theme

    pygame.font.init()
    theme.reset()
    geo = TableLayout(size, 3, bottom_seat=0, actions=True)
    width = geo.status.width - 20
    lines = theme.wrap_even(YOUR_TURN, geo.fs, width, bold=True)
    assert len(lines) == len(theme.wrap(YOUR_TURN, geo.fs, width, bold=True))
    if len(lines) == 2:
        short, long_ = sorted(len(ln) for ln in lines)
        assert short >= long_ * 2 // 3, lines


@settings(max_examples=300, deadline=None)
@given(words=st.lists(st.text("abcdefghijklmnopqrstuvwxyz♠♦:.,", min_size=1, max_size=14), min_size=1,
                      max_size=30),
       width=st.integers(40, 900), px=st.integers(9, 30))
def test_even_lines_are_as_many_as_plain_ones_and_no_wider(words: list[str], width: int, px: int) -> None:
    """For any words and width: the same words in the same order, in as many
    lines as the plain wrap makes, none wider than the width (a word wider
    than a line broken across lines), and the widest no wider than the plain
    wrap's widest."""
    from cassino.ui.art import theme

    pygame.font.init()
    text = " ".join(words)
    plain = theme.wrap(text, px, width)
    even = theme.wrap_even(text, px, width)
    f = theme.font(px)
    for lines in (plain, even):
        assert "".join(lines).replace(" ", "") == "".join(words)
        for ln in lines:
            assert f.size(ln)[0] <= width or len(ln) == 1, (ln, width)
    if all(f.size(word)[0] <= width for word in words):
        assert " ".join(even).split(" ") == words
    assert len(even) == len(plain)
    assert max(f.size(ln)[0] for ln in even) <= max(f.size(ln)[0] for ln in plain)


@pytest.mark.parametrize("size", SIZES)
def test_the_panel_s_keys_never_break_between_a_key_and_what_it_does(size: tuple[int, int]) -> None:
    """Seen at 1024x600: "S scores · L" over "last capture": each key stays whole."""
    from cassino.ui.art import theme
    from cassino.ui.table.panel import KEY_HELP, KEYS

    pygame.font.init()
    theme.reset()
    geo = TableLayout(size, 3, bottom_seat=0, actions=True)
    lines = theme.wrap(KEY_HELP, geo.fs_small, geo.help.width)
    assert len(lines) <= 2
    shown = [part.replace("\u00a0", " ") for ln in lines for part in ln.split(" · ") if part.strip(" ·")]
    assert [p.strip(" ·") for p in shown] == list(KEYS)


@pytest.mark.parametrize("size", [(1024, 600), (1366, 768), (1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("players", [4, 5, 6])
def test_seats_along_the_top_stand_further_apart_than_the_parts_of_one(players: int,
                                                                      size: tuple[int, int]) -> None:
    # North-West's hand ended 13 px from North-East's plate, 78 px from its own: it read as hers.
    from cassino.ui.table.layout import TableLayout

    geo = TableLayout(size, players, 0)
    tops = sorted((p for p in geo.places.values() if p.side == "top"), key=lambda p: p.plate.x)
    for left, right in zip(tops, tops[1:]):
        between = right.plate.left - max(left.hand.right, left.caption.right, left.plate.right)
        within = left.hand.left - left.pile.right
        assert between >= 2 * within, (left, right)
