"""Painting the side panel (the round, the scores, the stock, the values of
the cards, the log, the buttons) and the status line over your hand."""

from __future__ import annotations

import pygame

from cassino.rules import PLUCK, Move, card_symbol
from cassino.rules.reasons import turn_duty
from cassino.rules.scoring import breaking_a_tie

from ..art import theme
from ..art.cards import card_back
from .keeping import UNSAVED
from .state import Drag, Picked, TableState

# The keys the panel's foot names, each with what it does.
# (Esc and H are on the buttons above it; F1 shows every key, M the sound among them.)
KEYS = ("S scores", "L last capture", "F1 keys", "F11 full screen")
# ... in one text, a key and what it does kept on one line (no-break spaces).
KEY_HELP = " · ".join(k.replace(" ", "\u00a0") for k in KEYS)


def paint_panel(table: TableState, surface: pygame.Surface) -> None:
    """The side panel: the round and the aim, the game, the scores, the stock and the
    dealer, the card values the rules change, and the log."""
    geo = table.geo
    pos = table.pos
    x, y = geo.scores.x, geo.scores.y
    rules = pos.rules
    if geo.scores.collidepoint(table.input.pointer):  # a click opens the score sheet: say so
        look = theme.table_panel(table.app.settings.table_colour)
        frame = geo.scores.inflate(geo.m, geo.m // 2)
        surface.blit(theme.rounded_box(frame.size, look.button + (150,), 8, look.line + (255,), 1), frame.topleft)
        tip = theme.text("Click: score sheet (S)", max(12, geo.fs_small * 9 // 10), theme.INK)
        surface.blit(tip, tip.get_rect(bottomright=(frame.right - 4, frame.bottom - 2)))
    if breaking_a_tie(rules, pos.scores, pos.round):
        aim = "(a tie: one more)"
    else:
        aim = f"of {rules.rounds}" if rules.rounds is not None else f"· game to {rules.target}"
    # (Smaller before cut: California's round 13, a tie's, read "Round 13 (a tie: one mo…".)
    surface.blit(theme.shrink_text(f"Round {pos.round} {aim}", geo.fs, geo.scores.width, theme.INK, bold=True,
                                   least=0.75), (x, y))
    y += round(geo.fs * 1.5)
    # A game with a move taken back is practice: it stays so, saved and resumed, and is not counted.
    name, warn = game_label(table)
    named = theme.wrap(name, geo.fs_small, geo.scores.width)
    for k, ln in enumerate(named[:2]):
        last = k == 1 and len(named) > 2
        surface.blit(theme.fit_text(" ".join(named[1:]) if last else ln, geo.fs_small, geo.scores.width,
                                    theme.WARN if warn else theme.GOLD), (x, y))
        y += geo.line
    scores = table.shown_scores()
    for side, team in enumerate(pos.teams):
        names = table.names.team(side)
        # A dot in each partner's colour, as on their plates and moves, sized with the text (5 px at 1080p).
        r = max(4, geo.fs_small * 5 // 19)
        for k, s in enumerate(team):
            centre = (x + r + 1 + (2 * r + 1) * k, y + geo.fs_small // 2 + 2)
            pygame.draw.circle(surface, theme.seat_colour(s), centre, r)
        dots = (2 * r + 1) * (len(team) - 1)
        line = theme.fit_text(names, geo.fs_small, geo.scores.width - 60 - dots, theme.INK)
        surface.blit(line, (x + 2 * r + 8 + dots, y))
        score = theme.text(str(scores[side]), geo.fs_small, theme.INK, bold=True)
        surface.blit(score, (geo.scores.right - score.get_width(), y))
        y += geo.line

    # The stock and which deal this is (in Draw Cassino: the cards left to draw).
    st = geo.stock
    left = table.shown_stock()
    if left:
        back = card_back(st.width, table.app.settings.card_back)
        for i in range(min(5, 1 + left // 8)):
            surface.blit(back, (st.x + i * 2, st.y - i * 2))
    else:
        pygame.draw.rect(surface, theme.table_panel(table.app.settings.table_colour).line, st, 1, border_radius=6)
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
    dealer = table.seats[pos.dealer].name
    surface.blit(theme.fit_text(f"Dealer: {dealer}", geo.fs_small, room, theme.DIM),
                 (tx, st.y + round(geo.fs * 1.5) + round(geo.fs_small * 1.4)))

    # The values of the cards, where the rules change them (Royal, aces 14, buckeye).
    yy = geo.legend.y
    for text in table.legend:
        surface.blit(theme.fit_text(text, geo.fs_small, geo.legend.width, theme.GOLD, bold=True), (geo.legend.x, yy))
        yy += geo.line

    # The log, newest at the bottom; the wheel scrolls back.
    lg = geo.log
    surface.blit(theme.text("This round", geo.fs_small, theme.DIM, bold=True), (lg.x, lg.y))
    top, line_h, fit = _log_room(table)
    lines: list[tuple[tuple[int, int, int], str]] = []
    end = len(table.log) - table.log_scroll
    # Whole entries only, newest last: a line cut from the top of an entry reads as nonsense.
    for seat, text in reversed(table.log[max(0, end - 40):end]):
        colour = theme.seat_colour(seat) if seat is not None else theme.WARN if text in table.unkept else theme.DIM
        entry = [(colour, ln) for ln in theme.wrap(text, geo.fs_small, lg.width)]
        if lines and len(lines) + len(entry) > fit:
            break
        lines[:0] = entry
    yy = top
    for colour, ln in lines[-fit:]:
        surface.blit(theme.text(ln, geo.fs_small, colour), (lg.x, yy))
        yy += line_h
    if table.log_scroll:
        more = theme.text(f"▼ {table.log_scroll} newer (scroll down)", geo.fs_small, theme.GOLD)
        surface.blit(more, (lg.x, lg.bottom - line_h))
    hint = "Why? (H)" if table.hint_move is not None and table.human_turn() else "Hint (H)"
    buttons = [(geo.hint_button, hint, table.human_turn(), False),
               (geo.menu_button, "Menu (Esc)", True, False)]
    if geo.pluck_button.width:
        plucks = bool(table.pluck_moves()) if rules.pluck else False
        call = f"Call {rules.target} (C)" if rules.call_for_21 else ""
        # Once you have plucked this deal the button says so: dimmed alone it still read as on offer.
        used = rules.pluck and table.pos.plucked >> table.bottom & 1
        # While choosing the card, a click on it gives the pluck up: say so (a hint that
        # started a pluck left "Pluck (P)" lit, and clicking it to pluck undid the pluck).
        pluck = "" if not rules.pluck else "Plucked" if used else "No pluck (P)" if table.input.plucking \
            else "Pluck (P)"
        buttons += [(geo.pluck_button, pluck, plucks, table.input.plucking),
                    (geo.call_button, call, table.can_call(), False)]
    look = theme.table_panel(table.app.settings.table_colour)
    for rect, label, live, lit in buttons:
        if not label:
            continue
        hot = live and rect.collidepoint(table.input.pointer)
        colour = look.button_hot if hot or lit else look.button
        edge = theme.GLOW if lit else look.line
        surface.blit(theme.rounded_box(rect.size, colour + (235 if live else 110,), rect.height // 4,
                                       edge + (255,), 2 if lit else 1), rect.topleft)
        if theme.font(geo.fs_small, hot or lit).size(label)[0] > rect.width - 8:
            label = label.partition(" (")[0]  # its key left out where it does not fit: "Menu", not "Menu (E…"
        t = theme.fit_text(label, geo.fs_small, rect.width - 8, theme.INK if live else theme.DIM, bold=hot or lit)
        surface.blit(t, t.get_rect(center=rect.center))
    yy = geo.help.y + 4
    # F11 says what it does from here: to a window when full screen.
    help_text = KEY_HELP.replace("full\u00a0screen", "window") if table.app.fullscreen else KEY_HELP
    keys = list(theme.wrap(help_text, geo.fs_small, geo.help.width))
    if len(keys) > 2:  # no room for a third line: none ends on a separator with nothing after it
        keys = [keys[0], keys[1].strip(" \u00b7")]
    for ln in keys:
        surface.blit(theme.fit_text(ln, geo.fs_small, geo.help.width, theme.DIM), (geo.help.x, yy))
        yy += round(geo.fs_small * 1.3)


def _log_room(table: TableState) -> tuple[int, int, int]:
    """Where the log's lines start, their height, and how many fit (one fewer
    while scrolled back: the last line says how many newer are below)."""
    geo = table.geo
    top = geo.log.y + round(geo.fs_small * 1.6)
    line_h = round(geo.fs_small * 1.3)
    fit = max(1, (geo.log.bottom - top) // line_h - (1 if table.log_scroll else 0))
    return top, line_h, fit


def log_scroll_limit(table: TableState) -> int:
    """How far back the log scrolls: until its first entries fill the page
    (further on, the page only emptied, under "▼ 27 newer")."""
    geo = table.geo
    _, _, fit = _log_room(table)
    fit = max(1, fit - (0 if table.log_scroll else 1))  # as the page is while scrolled
    used = 0
    for k, (_, text) in enumerate(table.log):
        used += len(theme.wrap(text, geo.fs_small, geo.log.width))
        if used > fit:
            return max(0, len(table.log) - k)
    return 0


def game_label(table: TableState) -> tuple[str, bool]:
    """The game's name under the round, and whether it warns: a game that
    cannot be saved says so for as long as it lasts (said once over the hand,
    the words were gone at the computer's next move)."""
    name = f"{table.game_name} · practice (not counted)" if table.practice else table.game_name
    if any(n.startswith(UNSAVED) for n in table.unkept):
        return f"{name} · not being saved", True
    return name, False


def paint_status(table: TableState, surface: pygame.Surface) -> None:
    """One line over the hand: whose turn, what to do, or why a move was refused."""
    geo = table.geo
    pos = table.pos
    inp = table.input
    # A hint kept for the turn gives way while a card is dragged or items chosen: then what to do.
    # (Not to the pluck that a hint to pluck starts: its words and why were never seen.)
    hinted_pluck = table.hint_move is not None and table.hint_move.kind == PLUCK
    busy = inp.drag is not None or inp.picked is not None or bool(inp.selection) or inp.plucking and not hinted_pluck
    warn = False
    if table.message_time > 0 and not (table.message_time == float("inf") and busy):
        warn = table.message.startswith("! ")
        text = table.message[2:] if warn else table.message
        colour = theme.WARN if warn else theme.GOLD
    elif not table.at_rest() and table.play_words is not None:
        # While a play is on the move: what it is (click or press a key to skip).
        seat, text = table.play_words
        colour = theme.seat_colour(seat)
    elif not table.at_rest() and table.dealing and not table.game.turns:
        text, colour = "Dealing.", theme.DIM  # nobody's turn until the cards are in
    elif pos.round_over:
        text, colour = "Round over.", theme.GOLD
    elif table.game.over:
        text, colour = "Game over.", theme.GOLD
    elif table.human_turn():
        keys = table.input.keyboard  # say it in keys to someone playing by keys
        if table.input.plucking:
            how = "choose a highlighted loose card and press Enter" if keys else "click a highlighted loose card"
            text = f"Pluck: {how} to put it in your pile (P or Esc: no pluck)."
        elif table.input.drag is not None:
            text = _drag_words(table, table.input.drag)
        elif table.input.picked is not None:
            text = _picked_words(table, table.input.picked)
        elif table.input.selection:
            one = len(table.input.selection) == 1
            fits = "the marked cards fit it" if one else "the marked cards fit them"
            items = "the selected item" if one else "the selected items"
            if not table.fitting_cards():
                # ("Now click a card ...: no card of yours fits them all" asked for what it refused.)
                if len(table.input.selection) == 1:
                    how = "Esc lets it go" if keys else "click it again, or the bare cloth, to let it go"
                    text = f"No card of yours fits the selected item: {how}."
                else:
                    how = "Esc clears them" if keys else "click one again to let it go, or the bare cloth to clear them"
                    # (Said mid-way through choosing, it read as a mistake: more may come.)
                    text = f"No card of yours fits these items together: choose others, or {how}."
                barred = table.barred_reason()
                if barred is not None:  # one would, but for a rule: that rule ("no card fits" of a plain 10)
                    text = f"{barred} {how[0].upper()}{how[1:]}."
            elif not keys:
                text = f"Now click (or drag) a card from your hand to play it on {items}: {fits}."
            elif table.input.focus[0] == "hand":
                text = f"Press Enter on the card to play on {items}: {fits}."
            else:
                text = f"Now go down to your hand (Down) and press Enter on the card to play: {fits}."
        else:
            # What the player before did stays in view through the turn (its
            # flight is soon over); once you have played, "Your turn." is enough.
            before = table.play_words if table.play_words is not None and \
                table.play_words[0] != table.bottom else None
            played = any(t.seat == table.bottom for t in table.game.turns)
            if before is not None and played:
                text = f"{before[1]} Your turn."
            elif keys:
                text = "Your turn: Up and Space select table items, Down and Enter play a card from your hand."
            else:  # the keys too: a player by keys learnt them only by pressing one
                text = ("Your turn: drag a card onto the table, or click it, then where it goes "
                        "(keys: arrows, Space, Enter; F1 shows them all).")
            if before is not None and not played:
                text = f"{before[1]} {text}"
            # A duty that binds this very turn ("answer"): said before a play breaks it, not after.
            duty = turn_duty(pos)
            if duty is not None:
                text += " " + duty
            call = f"C to call for {pos.rules.target}"
            extra = [w for w, ok in (("P to pluck first", table.pluck_moves()), (call, table.can_call())) if ok]
            if extra:
                text += " Or " + " · ".join(extra) + "."
        colour = theme.GLOW
    else:
        text = f"{table.seats[pos.to_move].name} to play."
        colour = theme.DIM
        before = table.play_words
        if before is not None and before[0] != pos.to_move:
            # What the last player did stays in view while the next thinks: a
            # trail's words showed for its flight alone, under half a second.
            text = f"{before[1]} {text}"
            colour = theme.INK
    r = geo.status
    fs = geo.fs
    lines = theme.wrap_even(text, fs, r.width - 20, bold=True)
    most = 2
    if len(lines) > 2:  # a long hint or reason: smaller, and up to three lines, rather than cut
        fs = round(geo.fs * 0.85)
        lines = theme.wrap_even(text, fs, r.width - 20, bold=True)
        most = 3
    t_h = round(fs * 1.25)
    shown = list(lines[:most - 1]) + ([" ".join(lines[most - 1:])] if len(lines) >= most else [])
    texts = [theme.fit_text(ln, fs, r.width - 20, colour, bold=True) for ln in shown]
    # One box behind every line: two pills read as two separate messages. A
    # third line rises over the cloth rather than over your hand.
    top = min(r.centery - t_h * len(texts) // 2, r.bottom - t_h * len(texts))
    box = pygame.Rect(0, 0, max(t.get_width() for t in texts) + 18, t_h * len(texts) + 4)
    box.midtop = (r.centerx, top - 2)
    table.status_box = box
    radius = box.height // 2 if len(texts) == 1 else t_h // 2
    # A refusal framed in its colour: told from a hint by the colour of its words alone, the
    # two looked alike to a deuteranope.
    edge = (theme.WARN + (255,), 2) if warn else (None, 0)
    surface.blit(theme.rounded_box(box.size, (0, 0, 0, 120), radius, *edge), box.topleft)
    for i, t in enumerate(texts):
        surface.blit(t, t.get_rect(center=(r.centerx, top + i * t_h + t_h // 2)))


def _drag_words(table: TableState, drag: Drag) -> str:
    """While a card is dragged: where it may go, as lit (and why not the cloth,
    when it may not be trailed)."""
    card = card_symbol(drag.card)
    chosen = table.input.selection
    if chosen:
        # With table cards chosen, a drop plays onto them (and the item it lands on):
        # "on the cloth to trail" and "no play now" were both untrue.
        with_them = "them" if len(chosen) > 1 else "it"
        if drag.trail_ok:
            if drag.targets:
                return f"Drop on the cloth to play onto the chosen {_chosen(table)}, or on a highlighted item."
            return f"Drop on the cloth to play onto the chosen {_chosen(table)}."
        if drag.targets:
            return f"Drop on a highlighted item, to play onto it and the chosen {_chosen(table)}."
        return f"The {card} has no play with the chosen {_chosen(table)}: right click or Esc lets {with_them} go."
    if drag.trail_ok:
        if drag.targets:
            return "Drop on a highlighted item, or on the cloth to trail."
        return f"Nothing on the table fits the {card}: drop it on the cloth to trail."
    why = table.pos.violation(Move.trail(drag.card)) or ""
    if drag.targets:
        return f"Drop on a highlighted item. {why}".strip()
    return f"The {card} has no play now. {why}".strip()


def _picked_words(table: TableState, picked: Picked) -> str:
    """A card picked up by a click: where a click may put it, as lit."""
    card = card_symbol(picked.card)
    back = "right click or Esc puts it back"
    if picked.trail_ok and picked.targets:
        return (f"The {card}: click a highlighted item to play it there, or the cloth to trail it. "
                f"Click the {card} again for all its plays; {back}.")
    if picked.trail_ok:
        return f"Nothing on the table fits the {card}: click the cloth, or the {card} again, to trail it; {back}."
    why = table.pos.violation(Move.trail(picked.card)) or ""
    if picked.targets:
        return (f"The {card}: click a highlighted item to play it there, or the {card} again for all "
                f"its plays. {why}").strip()
    return " ".join(w for w in (f"The {card} has no play now.", why, f"{back[0].upper()}{back[1:]}.") if w)


def _chosen(table: TableState) -> str:
    """The items chosen on the table, in words: '3♣', 'build of 8 and 2♦'."""
    words = []
    for mask in sorted(table.input.selection):
        thing = table.stage.item_of.get(mask)
        if isinstance(thing, int):
            words.append(card_symbol(thing))
        elif thing is not None:
            words.append(f"build of {thing.name(table.pos.rules.trailing_royals)}")
    return " and ".join(words) if words else "cards"
