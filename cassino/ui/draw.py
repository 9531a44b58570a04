"""Drawing the table scene: felt, seats, piles, items, hands, panel, messages.

Reads the scene and its position; changes nothing. Everything costly (the
felt, card faces, text, glows) is cached, so a frame is mostly blits.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from cassino.rules import Build

from . import theme
from .cardart import card_back, card_face
from .layout import RATIO
from .motion import Spot

if TYPE_CHECKING:
    from .table import TableScene


@lru_cache(maxsize=4)
def felt(size: tuple[int, int], panel_x: int, cloth: str = "green") -> pygame.Surface:
    """The cloth: a soft light in the middle darkening to the rim, and the side panel."""
    w, h = size
    centre, rim = theme.CLOTHS.get(cloth, theme.CLOTHS["green"])
    surf = pygame.Surface(size)
    surf.fill(rim)
    steps = 24
    for i in range(steps):
        k = i / (steps - 1)
        colour = [round(e + (f - e) * k) for e, f in zip(rim, centre)]
        r = pygame.Rect(0, 0, round(panel_x * (1.25 - 0.55 * k)), round(h * (1.35 - 0.6 * k)))
        r.center = (panel_x // 2, h // 2)
        pygame.draw.ellipse(surf, colour, r)
    pygame.draw.rect(surf, theme.PANEL, (panel_x, 0, w - panel_x, h))
    pygame.draw.line(surf, theme.PANEL_LINE, (panel_x, 0), (panel_x, h), 2)
    return surf


def heading(surface: pygame.Surface, cloth: str) -> int:
    """The title screen's cloth and name; where the space under the name begins.
    Also the very first frame, shown while the rest of the game loads."""
    from .layout import px

    w, h = surface.get_size()
    surface.blit(felt((w, h), w, cloth), (0, 0))
    t = theme.text("Cassino", px((w, h), 120, 44), theme.GOLD, bold=True)
    top = round(h * 0.08)
    surface.blit(t, t.get_rect(midtop=(w // 2, top)))
    sub = theme.text("the classic fishing card game", px((w, h), 30, 15), theme.DIM)
    surface.blit(sub, sub.get_rect(midtop=(w // 2, top + t.get_height())))
    return top + t.get_height() + sub.get_height()


@lru_cache(maxsize=64)
def glow(size: tuple[int, int], colour: tuple[int, int, int], width: int) -> pygame.Surface:
    """A rounded outline with a soft halo, for highlighted cards and items."""
    pad = width * 2
    surf = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
    for i in range(pad, 0, -1):
        a = round(110 * (1 - i / (pad + 1)))
        pygame.draw.rect(surf, colour + (a,), surf.get_rect().inflate(-2 * (pad - i), -2 * (pad - i)),
                         width=2, border_radius=max(4, size[0] // 10) + i)
    pygame.draw.rect(surf, colour + (255,), surf.get_rect().inflate(-2 * pad + 2, -2 * pad + 2),
                     width=width, border_radius=max(4, size[0] // 10))
    return surf


@lru_cache(maxsize=16)
def shadow(width: int) -> pygame.Surface:
    h = round(width * RATIO)
    surf = pygame.Surface((width, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, theme.SHADOW, surf.get_rect(), border_radius=max(3, width // 12))
    return surf


@lru_cache(maxsize=16)
def rotated_back(width: int, style: str) -> pygame.Surface:
    return pygame.transform.rotate(card_back(width, style), 90)


def _card(scene: TableScene, surface: pygame.Surface, card: int, spot: Spot, lift: float = 0.0) -> pygame.Rect:
    w = max(8, round(spot.w))
    x, y = round(spot.x), round(spot.y - lift)
    surface.blit(shadow(w), (x + max(1, w // 30), y + max(2, w // 22)))
    st = scene.app.settings
    face = card_face(card, w, st.four_colour) if spot.face_up else card_back(w, st.card_back)
    surface.blit(face, (x, y))
    return pygame.Rect(x, y, w, round(w * RATIO))


def _outline(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int = 3) -> None:
    g = glow(rect.size, colour, width)
    pad = width * 2
    surface.blit(g, (rect.x - pad, rect.y - pad))


def draw_table(scene: TableScene, surface: pygame.Surface) -> None:
    geo = scene.geo
    pos = scene.pos
    surface.blit(felt(surface.get_size(), geo.panel.x, scene.app.settings.table_colour), (0, 0))
    _draw_seats(scene, surface)
    drag = scene.drag
    moving = []
    lift = scene.table_w * 0.12
    turn = scene._human_turn()
    pluckable = {m.takes for m in scene.pluck_moves()} if scene.plucking else set()

    # Table items, builds with their badge and owner.
    for n, item in enumerate(scene.items):
        thing = scene.item_of.get(item.mask)
        selected = item.mask in scene.selection
        up = lift if selected else 0.0
        rect = item.rect.move(0, -round(up))
        for card in item.spots:
            s = scene.motion.get(card)
            if s is None or s.moving or (drag is not None and drag.card == card):
                if s is not None and s.moving:
                    moving.append(s)
                continue
            _card(scene, surface, card, s.at, up)
        if drag is not None and item.mask in drag.targets:
            _outline(surface, rect, theme.TARGET, 3)
        if scene.plucking and item.mask in pluckable:
            _outline(surface, rect, theme.GLOW, 3)  # nothing is selected while plucking: gold is free
        if selected:
            _outline(surface, rect, theme.GLOW, 4)
        hint = scene.hint_move
        if hint is not None and hint.takes & item.mask and not selected:
            _outline(surface, rect, theme.TARGET, 2)
        if scene.keyboard and scene.focus == ("table", n):
            pygame.draw.rect(surface, theme.INK, rect.inflate(10, 10), 2, border_radius=8)
        for seat, (_, touched) in scene.last.items():
            if touched & item.mask and seat != scene.bottom and not selected:
                pygame.draw.rect(surface, theme.seat_colour(seat), rect.inflate(6, 6), 2, border_radius=7)
        if isinstance(thing, Build):
            _badge(scene, surface, thing, rect)

    if drag is not None and drag.trail_ok:
        pygame.draw.rect(surface, theme.TARGET, geo.table, 2, border_radius=14)
        note = theme.text("Drop on the cloth to trail", geo.fs_small, theme.TARGET)
        surface.blit(note, note.get_rect(midtop=(geo.table.centerx, geo.table.y + 4)))

    # Hands: the player's own face up and lifted when pointed at; the others face down.
    for seat in range(pos.players):
        for n, card in enumerate(scene._hand_order(seat)):
            s = scene.motion.get(card)
            if s is None or (drag is not None and drag.card == card):
                continue
            if s.moving:
                moving.append(s)
                continue
            if seat == scene.bottom:
                up = geo.card_w * 0.12 if (card == scene.hover and turn) else 0.0
                r = _card(scene, surface, card, s.at, up)
                if scene.hint_move is not None and scene.hint_move.card == card:
                    _outline(surface, r, theme.TARGET, 3)
                if scene.keyboard and scene.focus == ("hand", n):
                    pygame.draw.rect(surface, theme.INK, r.inflate(10, 10), 3, border_radius=9)
            elif geo.places[seat].narrow:
                w = round(s.at.w)
                back = rotated_back(w, scene.app.settings.card_back)
                surface.blit(back, (round(s.at.x + w / 2 - back.get_width() / 2), round(s.at.y)))
            else:
                _card(scene, surface, card, s.at)

    for s in moving:  # cards in flight above everything on the table
        if not s.gone:
            _card(scene, surface, s.card, s.at)
    _draw_panel(scene, surface)
    _draw_status(scene, surface)
    if scene.banner_time > 0:
        _draw_banner(scene, surface)
    if drag is not None:
        st = scene.app.settings
        w = geo.card_w
        x, y = drag.at[0] - drag.grab[0], drag.at[1] - drag.grab[1]
        surface.blit(shadow(w), (x + w // 12, y + w // 9))
        surface.blit(card_face(drag.card, w, st.four_colour), (x, y))


def _badge(scene: TableScene, surface: pygame.Surface, b: Build, rect: pygame.Rect) -> None:
    """The build's value ("8" / "8s") in its controller's colour, and whose it is."""
    geo = scene.geo
    colour = theme.seat_colour(b.controller)
    r = max(11, round(scene.table_w * 0.24))
    centre = (rect.right - r // 3, rect.y + r // 3)
    pygame.draw.circle(surface, (20, 20, 24), (centre[0] + 2, centre[1] + 2), r)
    pygame.draw.circle(surface, colour, centre, r)
    pygame.draw.circle(surface, (30, 30, 30), centre, r, 2)
    label = theme.text(b.label(), max(10, round(r * 1.05)), (20, 20, 24), bold=True)
    surface.blit(label, label.get_rect(center=centre))
    owner = "Your" if b.controller == scene.bottom and scene.seats[b.controller].name == "You" \
        else scene.seats[b.controller].name + "'s"
    kind = "multiple build" if b.multiple else "build"
    # Under the build and no wider than its place in the row (the badge says
    # the value): the owner alone when the words would reach the next item.
    size = max(10, geo.fs_small * scene.table_w // geo.card_w)
    room = rect.width + round(scene.table_w * 0.2)
    words = f"{owner} {kind}"
    if theme.font(size, True).size(words)[0] > room:
        words = owner[:-2] if owner.endswith("'s") else owner
    tag = theme.fit_text(words, size, room, colour, bold=True)
    surface.blit(tag, tag.get_rect(midtop=(rect.centerx, rect.bottom + 3)))


def _draw_seats(scene: TableScene, surface: pygame.Surface) -> None:
    geo = scene.geo
    pos = scene.pos
    teams = len(pos.teams) < pos.players
    for seat, place in geo.places.items():
        info = scene.seats[seat]
        colour = theme.seat_colour(seat)
        to_move = pos.to_move == seat and not pos.round_over and not scene.game.over
        plate = place.plate
        border = theme.GLOW if to_move else theme.PANEL_LINE
        surface.blit(theme.rounded_box(plate.size, theme.PANEL + (200,), 10, border + (255,), 3 if to_move else 1),
                     plate.topleft)
        pygame.draw.rect(surface, colour, (plate.x + 6, plate.y + 8, 5, plate.height - 16), border_radius=3)
        x = plate.x + 18
        width = plate.width - 24
        y = plate.y + geo.m // 2
        name = info.name + ("  \u25b6" if to_move else "")
        t = theme.fit_text(name, geo.fs, width, colour, bold=True)
        surface.blit(t, (x, y))
        y += round(geo.fs * 1.35)
        hand_n = pos.hands[seat].bit_count()
        who = info.level.capitalize() if info.level else "Player"
        if teams:
            who += f" · team {pos.team_of[seat] + 1}"
        cards = f"{hand_n} card{'s' if hand_n != 1 else ''}"
        score = pos.scores[pos.team_of[seat]]
        sweeps = pos.sweeps[pos.team_of[seat]]
        plucked = pos.rules.pluck and pos.plucked >> seat & 1
        tally = f"Score {score} · captured {scene.piles[seat]}" + (
            f" · {sweeps} sweep{'s' if sweeps > 1 else ''}" if sweeps else "")
        # Narrow plates (the side seats) take one fact per line.
        sweep_note = f" · {sweeps} sw." if sweeps else ""
        first = f"{who} · {cards}"
        if plucked:  # said where it fits, else left to the log
            fits = [t for t in (f"{first} · plucked", f"{cards} · plucked") if
                    theme.font(geo.fs_small).size(t)[0] <= width]
            first = fits[0] if fits else first
            cards = f"{cards} · plucked" if theme.font(geo.fs_small).size(f"{cards} · plucked")[0] <= width \
                else cards
        lines = [(who, theme.DIM), (cards, theme.DIM), (f"Captured {scene.piles[seat]}", theme.INK),
                 (f"Score {score}{sweep_note}", theme.INK)] if place.narrow \
            else [(first, theme.DIM), (tally, theme.INK)]
        for text, tone in lines:
            surface.blit(theme.fit_text(text, geo.fs_small, width, tone), (x, y))
            y += round(geo.fs_small * 1.35)
        # The caption: "thinking", or the seat's last move (yours is on the table before you).
        cap = place.caption
        if to_move and scene.thinker is not None:
            dots = "." * (1 + int(scene.clock * 3) % 3)
            t = theme.text(f"thinking{dots}", geo.fs_small, theme.GLOW)
            surface.blit(t, (cap.x + 4, cap.y + (cap.height - t.get_height() if place.side == "bottom" else 0)))
        elif seat in scene.last and seat != scene.bottom:
            words = scene.last[seat][0]
            fit = max(1, cap.height // geo.line)
            lines_ = theme.wrap(words, geo.fs_small, cap.width - 4)
            if len(lines_) > fit:  # too long for the caption: the last line says there was more
                lines_ = lines_[:fit - 1] + (" ".join(lines_[fit - 1:]),)
            yy = cap.y
            for ln in lines_:
                t = theme.fit_text(ln, geo.fs_small, cap.width - 4, colour)
                surface.blit(t, (cap.x + 4, yy))
                yy += geo.line
        _pile(scene, surface, seat)


def _pile(scene: TableScene, surface: pygame.Surface, seat: int) -> None:
    rect = scene.geo.places[seat].pile
    n = scene.piles[seat]
    if not n:
        pygame.draw.rect(surface, theme.PANEL_LINE, rect, 1, border_radius=6)
        return
    back = card_back(rect.width, scene.app.settings.card_back)
    layers = min(4, 1 + n // 8)
    for i in range(layers):
        surface.blit(back, (rect.x - i * 2, rect.y - i * 2))
    t = theme.text(str(n), scene.geo.fs_small, theme.INK, bold=True)
    box = t.get_rect(center=rect.center).inflate(10, 4)
    surface.blit(theme.rounded_box(box.size, (0, 0, 0, 170), box.height // 2), box.topleft)
    surface.blit(t, t.get_rect(center=box.center))


def _draw_panel(scene: TableScene, surface: pygame.Surface) -> None:
    geo = scene.geo
    pos = scene.pos
    x, y = geo.scores.x, geo.scores.y
    rules = pos.rules
    if rules.rounds is not None:
        aim = f"of {rules.rounds}" if pos.round <= rules.rounds else "(a tie: one more)"
    else:
        aim = f"· game to {rules.target}"
    surface.blit(theme.fit_text(f"Round {pos.round} {aim}", geo.fs, geo.scores.width, theme.INK, bold=True), (x, y))
    y += round(geo.fs * 1.5)
    from .words import rules_in_words

    surface.blit(theme.fit_text(rules_in_words(rules, pos.players), geo.fs_small, geo.scores.width, theme.GOLD),
                 (x, y))
    y += geo.line
    for side, team in enumerate(pos.teams):
        names = " & ".join(scene.seats[s].name for s in team)
        colour = theme.seat_colour(team[0])
        pygame.draw.circle(surface, colour, (x + 6, y + geo.fs_small // 2 + 2), 5)
        line = theme.fit_text(names, geo.fs_small, geo.scores.width - 60, theme.INK)
        surface.blit(line, (x + 18, y))
        score = theme.text(str(pos.scores[side]), geo.fs_small, theme.INK, bold=True)
        surface.blit(score, (geo.scores.right - score.get_width(), y))
        y += geo.line

    # The stock and which deal this is (in Draw Cassino: the cards left to draw).
    st = geo.stock
    left = len(pos.stock)
    if left:
        back = card_back(st.width, scene.app.settings.card_back)
        for i in range(min(5, 1 + left // 8)):
            surface.blit(back, (st.x + i * 2, st.y - i * 2))
    else:
        pygame.draw.rect(surface, theme.PANEL_LINE, st, 1, border_radius=6)
    tx = st.right + geo.m * 2
    room = geo.panel.right - tx - geo.m
    if rules.draw:
        first, second = f"To draw: {left}", "Draw after each play" if left else "Stock used up"
    else:
        first = f"Stock: {left}"
        second = "Last deal" if pos.last_deal else f"Deal {pos.deal_number} of {pos.deals_per_round}"
    surface.blit(theme.fit_text(first, geo.fs, room, theme.INK, bold=True), (tx, st.y))
    surface.blit(theme.fit_text(second, geo.fs_small, room, theme.GOLD if not left else theme.DIM),
                 (tx, st.y + round(geo.fs * 1.5)))
    dealer = scene.seats[pos.dealer].name
    surface.blit(theme.fit_text(f"Dealer: {dealer}", geo.fs_small, room, theme.DIM),
                 (tx, st.y + round(geo.fs * 1.5) + round(geo.fs_small * 1.4)))

    # The values of the cards, where the rules change them (Royal, aces 14, buckeye).
    yy = geo.legend.y
    for text in scene.legend:
        surface.blit(theme.fit_text(text, geo.fs_small, geo.legend.width, theme.GOLD, bold=True), (geo.legend.x, yy))
        yy += geo.line

    # The log, newest at the bottom; the wheel scrolls back.
    lg = geo.log
    surface.blit(theme.text("This round", geo.fs_small, theme.DIM, bold=True), (lg.x, lg.y))
    top = lg.y + round(geo.fs_small * 1.6)
    line_h = round(geo.fs_small * 1.3)
    lines: list[tuple[tuple[int, int, int], str]] = []
    end = len(scene.log) - scene.log_scroll
    for seat, text in scene.log[max(0, end - 40):end]:
        colour = theme.seat_colour(seat) if seat is not None else theme.DIM
        for ln in theme.wrap(text, geo.fs_small, lg.width):
            lines.append((colour, ln))
    fit = max(1, (lg.bottom - top) // line_h)
    yy = top
    for colour, ln in lines[-fit:]:
        surface.blit(theme.text(ln, geo.fs_small, colour), (lg.x, yy))
        yy += line_h
    if scene.log_scroll:
        more = theme.text(f"▼ {scene.log_scroll} newer (scroll down)", geo.fs_small, theme.GOLD)
        surface.blit(more, (lg.x, lg.bottom - line_h))
    buttons = [(geo.hint_button, "Hint (H)", scene._human_turn(), False),
               (geo.menu_button, "Menu (Esc)", True, False)]
    if geo.pluck_button.width:
        plucks = bool(scene.pluck_moves()) if rules.pluck else False
        buttons += [(geo.pluck_button, "Pluck (P)" if rules.pluck else "", plucks, scene.plucking),
                    (geo.call_button, "Call 21 (C)" if rules.call_for_21 else "", scene.can_call(), False)]
    for rect, label, live, lit in buttons:
        if not label:
            continue
        hot = live and rect.collidepoint(scene.pointer)
        colour = theme.BUTTON_HOT if hot or lit else theme.BUTTON
        edge = theme.GLOW if lit else theme.PANEL_LINE
        surface.blit(theme.rounded_box(rect.size, colour + (235 if live else 110,), rect.height // 4,
                                       edge + (255,), 2 if lit else 1), rect.topleft)
        t = theme.fit_text(label, geo.fs_small, rect.width - 8, theme.INK if live else theme.DIM, bold=hot or lit)
        surface.blit(t, t.get_rect(center=rect.center))
    keys = "Esc menu · H hint · F11 full screen"
    surface.blit(theme.fit_text(keys, geo.fs_small, geo.help.width, theme.DIM), (geo.help.x, geo.help.y + 4))


def _draw_status(scene: TableScene, surface: pygame.Surface) -> None:
    """One line over the hand: whose turn, what to do, or why a move was refused."""
    geo = scene.geo
    pos = scene.pos
    if scene.message_time > 0:
        warn = scene.message.startswith("! ")
        text = scene.message[2:] if warn else scene.message
        colour = theme.WARN if warn else theme.GOLD
    elif pos.round_over:
        text, colour = "Round over.", theme.GOLD
    elif scene.game.over:
        text, colour = "Game over.", theme.GOLD
    elif scene._human_turn():
        if scene.plucking:
            text = "Pluck: click a highlighted loose card to put it in your pile (P or Esc: no pluck)."
        elif scene.drag is not None:
            text = "Drop on a highlighted item, or on the cloth to trail."
        elif scene.selection:
            text = "Now click (or drag) a card from your hand to play it on the selected items."
        else:
            text = "Your turn: drag a card onto the table, or click table items, then a hand card."
            extra = [w for w, ok in (("P to pluck first", scene.pluck_moves()), ("C to call for 21", scene.can_call()))
                     if ok]
            if extra:
                text += " Or " + " · ".join(extra) + "."
        colour = theme.GLOW
    else:
        text = f"{scene.seats[pos.to_move].name} to play."
        colour = theme.DIM
    r = geo.status
    fs = geo.fs
    lines = theme.wrap(text, fs, r.width - 20, bold=True)
    if len(lines) > 2:  # a long hint or reason: smaller rather than cut
        fs = round(geo.fs * 0.85)
        lines = theme.wrap(text, fs, r.width - 20, bold=True)
    t_h = round(fs * 1.25)
    yy = r.centery - t_h * min(2, len(lines)) // 2
    for i, ln in enumerate(lines[:2]):
        if i == 1 and len(lines) > 2:
            ln = " ".join(lines[1:])
        t = theme.fit_text(ln, fs, r.width - 20, colour, bold=True)
        box = t.get_rect(midtop=(r.centerx, yy)).inflate(18, 4)
        surface.blit(theme.rounded_box(box.size, (0, 0, 0, 120), box.height // 2), box.topleft)
        surface.blit(t, t.get_rect(center=box.center))
        yy += t_h


def _draw_banner(scene: TableScene, surface: pygame.Surface) -> None:
    geo = scene.geo
    # A long announcement in a smaller face rather than cut.
    room = geo.table.width - geo.fs_big * 2
    size = geo.fs_big * 2
    while size > geo.fs_big and theme.font(size, True).size(scene.banner)[0] > room:
        size -= 2
    t = theme.fit_text(scene.banner, size, room, theme.GOLD, bold=True)
    a = min(1.0, scene.banner_time / 0.4)
    box = t.get_rect(center=geo.table.center).inflate(geo.fs_big * 2, geo.fs_big)
    plate = theme.rounded_box(box.size, (10, 20, 15, round(200 * a)), box.height // 3)
    surface.blit(plate, box.topleft)
    if a < 1.0:
        t = t.copy()
        t.set_alpha(round(255 * a))
    surface.blit(t, t.get_rect(center=box.center))
