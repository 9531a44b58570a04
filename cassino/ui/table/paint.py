"""Painting the table: the cloth, the seats (plates, captions, piles), the
table items with their badges and outlines, the hands, cards in flight,
the status line and callouts; the side panel is ``panel``'s.

Reads the scene; changes nothing. Every card is drawn where its sprite is;
at rest the sprites are at the stage's spots, and only then are outlines,
hover lifts and focus rings drawn, round the stage's items, which are what
a click is tested against. A build's badge rides on its top card, so it
goes where that card goes (into a pile with a captured build).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from cassino.rules import PLUCK, Build

from ..art import theme
from ..art.cards import RATIO, card_back, card_face
from ..art.cloth import felt, outline, rotated_back, shadow, shadow_offset, shadowed
from .motion import Spot, Sprite
from .panel import paint_panel, paint_status
from .state import TableState



def paint_card(table: TableState, surface: pygame.Surface, card: int, spot: Spot, lift: float = 0.0,
               drawn_at: int | None = None) -> pygame.Rect:
    """One card at ``spot`` (raised by ``lift``), with its shadow; where it was
    drawn. A card changing size in flight is drawn at ``drawn_at`` (a size
    it rests at, whose face is made already) and scaled, rather than a new
    face made for every size it passes through."""
    w = max(8, round(spot.w))
    x, y = round(spot.x), round(spot.y - lift)
    h = round(w * RATIO)
    st = table.app.settings
    base = w if drawn_at is None else max(8, drawn_at)
    image = shadowed(card if spot.face_up else -1, base, spot.face_up, st.four_colour, st.card_back)
    if base != w:
        dx, dy = shadow_offset(w)
        image = pygame.transform.scale(image, (w + dx, h + dy))
    surface.blit(image, (x, y))
    return pygame.Rect(x, y, w, h)


def _flight_size(s: Sprite) -> int:
    """The size a flying card is drawn at before scaling: the larger of where
    it comes from and where it goes, both sizes that cards rest at."""
    start = s.start.w if s.start is not None else s.at.w
    return round(max(start, s.dest.w))


def _badges(table: TableState) -> dict[int, Build]:
    """The builds whose badge is shown, by the card it rides on (the top of
    the build's fan on the stage at rest; during a motion, the builds as
    they were when it began, until it ends)."""
    out: dict[int, Build] = {}
    for it in table.badge_items():
        build = it.build
        if build is not None and it.spots:
            out[list(it.spots)[-1]] = build
    return out


def paint_table(table: TableState, surface: pygame.Surface) -> None:
    """The whole table for one frame: cloth, seats, table cards, hands, flying cards, marks and panel."""
    geo = table.geo
    stage = table.stage
    pos = table.pos
    inp = table.input
    motion = table.motion
    rest = table.at_rest()
    surface.blit(felt(surface.get_size(), geo.panel.x, table.app.settings.table_colour), (0, 0))
    _paint_seats(table, surface)
    drag = inp.drag
    flying: list[Sprite] = []
    lift = stage.table_w * 0.12
    turn = table.human_turn()
    # Where the card in hand may go: dragged, or picked up by a click and waiting for another.
    aim = drag if drag is not None else inp.picked if rest and turn else None
    pluckable = {m.takes for m in table.pluck_moves()} if inp.plucking else set()
    badges = _badges(table)
    badge_at: list[tuple[Build, pygame.Rect]] = []

    # Table items, builds with their badge and owner. Selected ones stand
    # lifted, but not under the chooser, which draws them again in place.
    on_top: object = table.app.top
    lifting = on_top is table
    # Where the dragged card would land if let go now, marked: the pointer alone did not say.
    landing = None
    if drag is not None:
        over = stage.drop_item(table.drag_rect(drag), drag.at)
        landing = over.mask if over is not None else None
    for n, item in enumerate(stage.items):
        selected = rest and lifting and item.mask in inp.selection
        up = lift if selected else 0.0
        for card in item.spots:
            s = motion.get(card)
            if s is None or (drag is not None and drag.card == card):
                continue
            if s.moving:
                flying.append(s)
                continue
            r = paint_card(table, surface, card, s.at, up)
            if card in badges:
                badge_at.append((badges[card], r))
        if not rest:
            continue
        rect = item.rect.move(0, -round(up))
        if aim is not None and item.mask in aim.targets:
            _target(surface, rect, 5 if item.mask == landing else 3)
        elif item.mask == landing:
            outline(surface, rect, theme.DIM, 3)  # not a target: let go here, the drop is refused
        hint = table.hint_move
        hinted = hint.takes if hint is not None and hint.kind == PLUCK else None
        hinted_pluck = hinted is not None
        if inp.plucking and item.mask in pluckable:
            # Nothing is selected while plucking: gold is free. A hinted pluck stands out among the others.
            outline(surface, rect, theme.GLOW, 1 if hinted_pluck and hinted != item.mask else 3)
        if selected:
            outline(surface, rect, theme.GLOW, 4)
        if hint is not None and hint.takes & item.mask and not selected and aim is None:
            # (Not while a card is on its way: its places are lit the same, and the hint's read as one.)
            _target(surface, rect, 3 if hinted_pluck else 2)
        if inp.keyboard and inp.focus == ("table", n):  # outside a last move's ring, and as bold as the hand's
            _focus_ring(surface, rect.inflate(14, 14))
        # The ring of the latest play that touched it: an older play's ring in
        # another colour would name the wrong owner for a build made on its card.
        toucher = next((seat for seat, last in reversed(table.last.items()) if last.touched & item.mask), None)
        if toucher is not None and toucher != table.bottom and not selected:
            pygame.draw.rect(surface, theme.seat_colour(toucher), rect.inflate(6, 6), 2, border_radius=7)
    for build, r in badge_at:
        _badge(table, surface, build, r)

    if aim is not None and aim.trail_ok:
        # Its foot kept above the line over the hand, which rises over the cloth when it
        # takes two or three lines (a refusal read with the frame struck through it).
        frame = geo.table.copy()
        frame.height -= round(geo.fs * 1.5)
        _target(surface, frame, 2, 14)
        # With items chosen, a drop on the cloth plays onto them (``TableInput.meanings``).
        words = ("Drop on the cloth to play onto the chosen cards" if inp.selection
                 else "Drop on the cloth to trail" if drag is not None else "Click the cloth to trail")
        note = theme.text(words, geo.fs_small, theme.TARGET)
        surface.blit(note, note.get_rect(midtop=(geo.table.centerx, geo.table.y + 4)))

    # Hands: the player's own face up and lifted when pointed at; the others face down.
    fitting = table.fitting_cards() if rest and turn else set()
    for seat in range(pos.players):
        for n, card in enumerate(stage.hands[seat]):
            s = motion.get(card)
            if s is None or (drag is not None and drag.card == card):
                continue
            place = geo.places[seat]
            if s.moving and not (place.narrow and not s.at.face_up and seat != table.bottom
                                 and place.hand.collidepoint(s.at.x + s.at.w / 2, s.at.y)):
                flying.append(s)
                continue
            if seat == table.bottom:
                # (A hand turned down is no one's to choose from: no ring on it.)
                focused = rest and inp.keyboard and inp.focus == ("hand", n) and table.face_up == seat
                # Lifted when pointed at; the keyboard's focus is marked by its ring alone
                # (lifted as well, the ring reached the line over the hand).
                picked = aim is not None and aim is inp.picked and aim.card == card
                # (Not under the list of a card's plays, which draws that card again in place:
                # a lifted copy peeked out over it.)
                up = geo.card_w * 0.12 if lifting and (picked or (rest and turn and card == inp.hover)) else 0.0
                r = paint_card(table, surface, card, s.at, up)
                if picked:  # waiting for a click on where it goes
                    outline(surface, r, theme.GLOW, 4)
                tab: tuple[str, theme.Colour] | None = None
                if rest and table.hint_move is not None and table.hint_move.card == card:
                    # Marked in words too: a white ring on an ivory card was faint, and
                    # the same as the cards that fit a selection.
                    _target(surface, r, 3)
                    tab = ("hint", theme.GLOW)
                elif rest and turn and card in fitting:  # it can be played on the selected items
                    _target(surface, r, 2)
                if rest and table.face_up == seat and table.drawn.get(seat) == card:
                    # Draw Cassino: the card just drawn, among the sorted hand (hinted too: its frame stays).
                    pygame.draw.rect(surface, theme.GOLD, r.inflate(6, 6), 2, border_radius=8)
                    tab = tab or ("new", theme.GOLD)
                if focused:
                    _focus_ring(surface, r.inflate(8, 8))
                if tab is not None:  # over the focus ring, which hid its word
                    _tab(surface, r, tab[0], tab[1], geo.fs_small)
            elif place.narrow:
                # Turned sideways in its column, closing up too (drawn upright while it slid,
                # it snapped back sideways at rest).
                w = round(s.at.w)
                back = rotated_back(w, table.app.settings.card_back)
                surface.blit(back, (round(s.at.x + w / 2 - back.get_width() / 2), round(s.at.y)))
            else:
                paint_card(table, surface, card, s.at)

    paint_panel(table, surface)
    top: object = table.app.top
    if top is table:  # under a score sheet or the chooser it would only peek out
        paint_status(table, surface)
    # Cards on the move (and cards no longer on the stage: on their way to a
    # pile) above everything, the lines over the hand too (a card leaving the
    # hand passed under the line that tells of it), the last to leave on top;
    # a callout above them all ("Big casino!" showed half hidden behind the
    # cards closing up, then behind the cards taken).
    on_stage = stage.spots
    flying += [s for c, s in motion.sprites.items() if c not in on_stage]
    played = table.played
    flying.sort(key=lambda s: (not s.waiting, s.card == played))
    settling = [s for s in flying if s.card in on_stage and s.card != played]
    travelling = [s for s in flying if s not in settling]
    callout = motion.callout
    _paint_flights(table, surface, settling, badges)
    _paint_flights(table, surface, travelling, badges)
    if callout is not None:
        _paint_callout(table, surface, callout.text, callout.fade)
    if drag is not None:
        st = table.app.settings
        held = table.drag_rect(drag)
        x, y, w = held.x, held.y, held.width
        surface.blit(shadow(w), (x + w // 12, y + w // 9))
        surface.blit(card_face(drag.card, w, st.four_colour), (x, y))


def _paint_flights(table: TableState, surface: pygame.Surface, sprites: list[Sprite],
                   badges: dict[int, Build]) -> None:
    """Cards on the move where they are now, a build's badge riding on its top card."""
    for s in sprites:
        if s.gone:
            continue
        r = paint_card(table, surface, s.card, s.at, drawn_at=_flight_size(s))
        if s.card in badges and s.card in table.stage.spots:
            # A build gliding to its new place (the table closing up) keeps its value and
            # owner's words (at five seats "Your build" blinked off at every play); a build
            # captured leaves them behind (its chip rode into the pile).
            _badge(table, surface, badges[s.card], r)


def _target(surface: pygame.Surface, rect: pygame.Rect, width: int = 3, radius: int = 0) -> None:
    """Where a dragged card may land (and a hint, a card that fits the
    selection): a white outline, corners alone or a rounded frame with
    ``radius``, which reads without its colour too (no seat's colour is white)."""
    if radius:
        pygame.draw.rect(surface, theme.TARGET, rect, width, border_radius=radius)
        return
    outline(surface, rect, theme.TARGET, width)
    # Corner ticks in white: the mark is a frame, not a colour.
    r = rect.inflate(width * 2 + 4, width * 2 + 4)
    k = max(6, min(r.width, r.height) // 5)
    for (x, y), (dx, dy) in (((r.left, r.top), (1, 1)), ((r.right, r.top), (-1, 1)),
                             ((r.left, r.bottom), (1, -1)), ((r.right, r.bottom), (-1, -1))):
        pygame.draw.line(surface, theme.INK, (x, y), (x + dx * k, y), 3)
        pygame.draw.line(surface, theme.INK, (x, y), (x, y + dy * k), 3)


def chip_radius(card_w: float) -> int:
    """The radius of a build's value chip on a card ``card_w`` wide."""
    return max(11, round(card_w * 0.24))


def value_chip(surface: pygame.Surface, b: Build, top: pygame.Rect, by_rank: bool) -> None:
    """A build's value ("8", "8s") on its top card's corner, in its controller's colour."""
    r = chip_radius(top.width)
    centre = (top.right - r // 3, top.y + r // 3)
    label = theme.text(b.label(by_rank), max(10, round(r * 1.05)), (20, 20, 24), bold=True)
    # A round badge, drawn out into a pill where the label is wider ("10s").
    pill = pygame.Rect(0, 0, max(2 * r, label.get_width() + r * 2 // 3), 2 * r)
    pill.center = centre
    pygame.draw.rect(surface, (20, 20, 24), pill.move(2, 2), border_radius=r)
    pygame.draw.rect(surface, theme.seat_colour(b.controller), pill, border_radius=r)
    pygame.draw.rect(surface, (30, 30, 30), pill, 2, border_radius=r)
    surface.blit(label, label.get_rect(center=centre))


def _badge(table: TableState, surface: pygame.Surface, b: Build, top: pygame.Rect, tag: bool = True) -> None:
    """The build's value ("8" / "8s") in its controller's colour on its top
    card's corner, and whose it is under the build."""
    geo = table.geo
    colour = theme.seat_colour(b.controller)
    w = top.width
    value_chip(surface, b, top, table.pos.rules.trailing_royals)
    if not tag:
        return
    item = next((it for it in table.stage.items if it.build is not None and it.build.cards == b.cards), None)
    rect = item.rect if item is not None else top
    if item is not None and item.spots:
        # Under the build where its top card is now (it may be on its way to the stage's place).
        rest = item.spots[list(item.spots)[-1]]
        rect = rect.move(round(top.x - rest.x), round(top.y - rest.y))
    # The person at the bottom is the one looking (pass and play turns the table to each).
    owner = "Your" if b.controller == table.bottom and b.controller in table.humans \
        else table.seats[b.controller].name + "'s"
    pos = table.pos
    partner = (b.controller != table.bottom and table.bottom in table.humans
               and pos.team_of[b.controller] == pos.team_of[table.bottom] and len(pos.teams) < pos.players)
    if partner:
        owner = "Your partner's"  # your side's build: the colour alone said only whose
    kind = "multiple build" if b.multiple else "build"
    # Under the build and no wider than its place in the row (the badge says
    # the value): the owner alone when the words would reach the next item.
    size = max(10, geo.fs_small * w // geo.card_w)
    room = rect.width + round(w * 0.2)
    # Shorter and shorter while too wide: "North's multiple build", "North's
    # build", "North's", "North".
    tries = [f"{owner} {kind}", f"{owner} build", owner, owner[:-2] if owner.endswith("'s") else owner]
    if partner:
        tries = [f"{owner} {kind}", f"{owner} build", "Partner's build", "Partner's"]
    words = next((t for t in tries if theme.font(size, True).size(t)[0] <= room), tries[-1])
    t = theme.fit_text(words, size, room, colour, bold=True)
    # Below the keyboard's focus ring when it is on this build (the ring ran through the words).
    focused = (item in table.items and table.input.keyboard
               and table.input.focus == ("table", table.items.index(item)))
    theme.backed(surface, t, t.get_rect(midtop=(rect.centerx, top.bottom + (12 if focused else 3))))


def _paint_seats(table: TableState, surface: pygame.Surface) -> None:
    geo = table.geo
    pos = table.pos
    teams = len(pos.teams) < pos.players
    people = sum(s.level is None for s in table.seats)
    marked = table.turn_mark()
    for seat, place in geo.places.items():
        info = table.seats[seat]
        colour = theme.seat_colour(seat)
        to_move = marked == seat and not pos.round_over and not table.game.over
        # Partners as the panel and the score sheet name them ("You & North"): "& North" on yours.
        partners = [table.names.seat(s) for s in pos.teams[pos.team_of[seat]] if s != seat]
        team = "& " + " & ".join(partners) if teams and partners else ""
        hand_n = table.shown_hand(seat)
        score = table.shown_scores()[pos.team_of[seat]]
        # Beside the seat's own "captured", its own sweeps (a partnership's total is on the sheet).
        sweeps = table.shown_sweeps(seat, own=bool(partners))
        # A computer's level; "Person" only where people share the screen (alone, "You" says it).
        facts = [(info.level.capitalize() if info.level else "Person", LEVEL)] if info.level or people > 1 else []
        facts += [(f"{hand_n} card{'s' if hand_n != 1 else ''}", theme.DIM),
                 (BREAK, theme.DIM), (f"Score {score}", theme.INK), (f"captured {table.shown_pile(seat)}", theme.INK)]
        if sweeps and pos.rules.sweeps:  # where sweeps score nothing (Royal) they go uncounted
            facts.append((f"{sweeps} sweep{'s' if sweeps > 1 else ''}", theme.INK))
        if pos.rules.pluck and pos.plucked >> seat & 1:
            facts.append(("plucked", theme.GOLD))
        plate = place.plate
        surface.blit(_plate(plate.size, geo.fs, geo.fs_small, geo.m, info.name, colour, team, tuple(facts), to_move,
                            theme.table_panel(table.app.settings.table_colour)),
                     plate.topleft)
        # The caption: "thinking", or the seat's last move (yours is on the table before you).
        cap = place.caption
        if to_move and table.thinker is not None:
            dots = "." * (1 + int(table.clock * 3) % 3)
            t = theme.text(f"thinking{dots}", geo.fs_small, theme.GLOW)
            surface.blit(t, (cap.x + 4, cap.y + (cap.height - t.get_height() if place.side == "bottom" else 0)))
        elif seat in table.last and seat != table.bottom:
            words = table.last[seat].words
            fit = max(1, cap.height // geo.line)
            # The newest play in bold, the older ones faded: four like captions gave no order.
            newest = next(reversed(table.last)) == seat
            # In bold if it fits, else in the regular face (its full colour still marks it
            # newest), else a size smaller, before the last line is cut: the newest, bold,
            # lost its last cards ("raised the build of 6 to / nines (multiple): A♥+5♦…").
            # Last, a build's groups left to the log and the pile's badge ("raised the build of
            # 6 to nines (multiple) with the 3♣"): the played card is what the caption must keep.
            tries = [(geo.fs_small, newest), (geo.fs_small, False), (max(10, round(geo.fs_small * 0.88)), False)]
            told = [words] + ([words.split(": ", 1)[0]] if ": " in words else [])
            for said, (px, bold) in ((w, t) for w in told for t in tries[0 if newest else 1:]):
                lines_ = theme.wrap(said, px, cap.width - 4, bold=bold)  # (bold is wider)
                if len(lines_) <= fit:
                    break
            if len(lines_) > fit:  # too long for the caption: the last line says there was more
                lines_ = lines_[:fit - 1] + (" ".join(lines_[fit - 1:]),)
            yy = cap.y
            ink = colour if newest else ((colour[0] + theme.DIM[0]) // 2, (colour[1] + theme.DIM[1]) // 2,
                                         (colour[2] + theme.DIM[2]) // 2)
            for ln in lines_:
                t = theme.fit_text(ln, px, cap.width - 4, ink, bold=bold)
                theme.backed(surface, t, t.get_rect(topleft=(cap.x + 4, yy)))
                yy += geo.line
        _pile(table, surface, seat)


@lru_cache(maxsize=64)
def _plate(size: tuple[int, int], fs: int, fs_small: int, m: int, name: str, colour: theme.Colour, team: str,
           facts: tuple[tuple[str, theme.Colour], ...], to_move: bool,
           panel: theme.TablePanel) -> pygame.Surface:
    """A seat's name plate: its name (and team), and its facts packed below;
    made once for each thing it says. ``panel``: its colour and its rule's (the cloth's)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    border = theme.GLOW if to_move else panel.line
    surf.blit(theme.rounded_box(size, panel.panel + (200,), 10, border + (255,), 3 if to_move else 1), (0, 0))
    pygame.draw.rect(surf, colour, (6, 8, 5, h - 16), border_radius=3)
    x, width, y = 18, w - 24, m // 2
    # The name, with the team (partnerships) small on the right; where there
    # is no room beside the name, the team is one of the facts below it.
    team_w = theme.font(fs_small).size(team)[0] + 6 if team else 0
    # Measured with the turn's mark whether or not it shows: the team keeps its place as turns pass.
    if team and theme.font(fs, True).size(name + "  \u25b6")[0] + team_w > width:
        # Among the facts "& East" would run on from the level ("Intermediate & East").
        facts = facts[:1] + (("with " + team.removeprefix("& "), theme.DIM),) + facts[1:]
        team, team_w = "", 0
    # The turn's mark only where the whole name leaves room for it: the glowing
    # border says whose turn it is too, and "Computer..." did not say which.
    marked = name + "  \u25b6"
    if to_move and theme.font(fs, True).size(marked)[0] <= width - team_w:
        name = marked
    # A long name a little smaller before it is cut ("Maximilian…" on a side plate at 1920x1080).
    t = theme.shrink_text(name, fs, width - team_w, colour, bold=True, least=max(0.75, min(1.0, 12 / fs)))
    surf.blit(t, (x, y + (theme.font(fs, True).get_height() - t.get_height()) // 2))
    if team:
        tt = theme.text(team, fs_small, theme.DIM)
        surf.blit(tt, tt.get_rect(bottomright=(w - 6, y + t.get_height() - 2)))
    y += round(fs * 1.35)
    rows = max(1, (h - y) // round(fs_small * 1.3))
    px, lines = pack_facts(list(facts), fs_small, width, rows)
    for line in lines:
        xx = x
        for k, (text, tone) in enumerate(line):
            piece = theme.fit_text((" · " if k else "") + text, px, x + width - xx, tone)
            surf.blit(piece, (xx, y))
            xx += piece.get_width()
        y += round(px * 1.3)
    return surf


LEVEL = (169, 189, 177)  # the level's colour on a plate (dim): the fact that gives way first
BREAK = "\n"  # in a plate's facts: the next ones start a line of their own if they can


def pack_facts(facts: list[tuple[str, theme.Colour]], size: int, width: int,
               rows: int, whole: bool = True) -> tuple[int, list[list[tuple[str, theme.Colour]]]]:
    """Facts of a name plate ("3 cards", "Score 9") packed into at most ``rows``
    lines no wider than ``width``, joined by dots: in the body size if they
    fit, else a little smaller; never cut in the middle of a fact. A level
    (a fact in the colour ``LEVEL``, first) gives way before anything is cut;
    then a fact wider than the plate (``whole`` false) is cut at its end
    rather than a fact left out."""
    least = max(9, round(size * 0.78))
    sizes = [(px, breaks) for px in range(size, least - 1, -1) for breaks in (True, False)]
    for px, breaks in sizes:
        lines = _pack(facts, px, width, breaks)
        # (One fact alone on its line may still be too wide: "with Computer 2" ran off the plate.)
        if len(lines) <= rows and (not whole or all(theme.font(px).size(text)[0] <= width
                                                    for line in lines for text, _ in line)):
            return px, lines
    if facts and facts[0][1] == LEVEL:
        return pack_facts(facts[1:], size, width, rows, whole)
    if whole:
        return pack_facts(facts, size, width, rows, False)
    return least, _pack(facts, least, width, False)[:rows]


def _pack(facts: list[tuple[str, theme.Colour]], px: int, width: int,
          breaks: bool) -> list[list[tuple[str, theme.Colour]]]:
    """Facts greedily on lines ``width`` wide at ``px`` (``breaks``: a group starts a line)."""
    lines: list[list[tuple[str, theme.Colour]]] = [[]]
    used = 0
    for text, tone in facts:
        if text == BREAK:  # a new line for the next group of facts, where there are lines enough
            if breaks and lines[-1]:
                lines.append([])
                used = 0
            continue
        w = theme.font(px).size((" · " if lines[-1] else "") + text)[0]
        if lines[-1] and used + w > width:
            lines.append([])
            used = 0
            w = theme.font(px).size(text)[0]
        lines[-1].append((text, tone))
        used += w
    return [line for line in lines if line]


def _pile(table: TableState, surface: pygame.Surface, seat: int) -> None:
    rect = table.geo.places[seat].pile
    n = table.shown_pile(seat)
    if n <= 0:
        pygame.draw.rect(surface, theme.table_panel(table.app.settings.table_colour).line, rect, 1, border_radius=6)
        return
    back = card_back(rect.width, table.app.settings.card_back)
    layers = min(4, 1 + n // 8)
    for i in range(layers):
        surface.blit(back, (rect.x - i * 2, rect.y - i * 2))
    t = theme.text(str(n), table.geo.fs_small, theme.INK, bold=True)
    box = t.get_rect(center=rect.center).inflate(10, 4)
    surface.blit(theme.rounded_box(box.size, (0, 0, 0, 170), box.height // 2), box.topleft)
    surface.blit(t, t.get_rect(center=box.center))


def callout_box(table: TableState, words: str) -> tuple[pygame.Surface, pygame.Rect]:
    """A callout's words and its plate: across the middle of the cloth, or,
    where that hides cards at rest, across the cloth's top or foot, wherever
    it hides least ("Big casino!" stood over both builds)."""
    geo = table.geo
    # A long announcement in a smaller face rather than cut.
    room = geo.table.width - geo.fs_big * 2
    size = geo.fs_big * 2
    while size > geo.fs_big and theme.font(size, True).size(words)[0] > room:
        size -= 2
    t = theme.fit_text(words, size, room, theme.GOLD, bold=True)
    box = t.get_rect(center=geo.table.center).inflate(geo.fs_big * 2, geo.fs_big)
    items = [it.rect for it in table.stage.items]

    def hidden(y: int) -> int:
        b = box.copy()
        b.centery = y
        return sum(b.clip(r).width * b.clip(r).height for r in items)
    half = box.height // 2 + geo.m
    box.centery = min((geo.table.centery, geo.table.top + half, geo.table.bottom - half), key=hidden)
    return t, box


def _paint_callout(table: TableState, surface: pygame.Surface, words: str, fade: float) -> None:
    """Words across the cloth ("Sweep!"), fading out."""
    t, box = callout_box(table, words)
    plate = theme.rounded_box(box.size, (10, 20, 15, round(200 * fade)), box.height // 3)
    surface.blit(plate, box.topleft)
    if fade < 1.0:
        t = t.copy()
        t.set_alpha(round(255 * fade))
    surface.blit(t, t.get_rect(center=box.center))


def _tab(surface: pygame.Surface, card: pygame.Rect, word: str, colour: theme.Colour, fs_small: int) -> None:
    """A word on a tab astride a hand card's top edge ("new", "hint"): the
    rank sits top left, the pips below (at the top right it hid a pip), and
    above the hand is the prompt, clear of half a tab."""
    tag = theme.text(word, max(11, fs_small * 4 // 5), (20, 20, 24), bold=True)
    box = tag.get_rect().inflate(8, 2)
    box.center = (card.centerx, card.y)
    pygame.draw.rect(surface, colour, box, border_radius=5)
    surface.blit(tag, tag.get_rect(center=box.center))


def _focus_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The keyboard's focus: a white ring edged in black, which reads on the
    cloth, on a white card's corner marks and beside a gold selection alike
    (a thin white line alone was lost among them)."""
    pygame.draw.rect(surface, (10, 10, 12), rect.inflate(6, 6), 3, border_radius=11)
    pygame.draw.rect(surface, (255, 255, 255), rect, 4, border_radius=9)
    pygame.draw.rect(surface, (10, 10, 12), rect.inflate(-6, -6), 1, border_radius=7)
