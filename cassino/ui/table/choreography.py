"""What each play looks like, from its event: which cards fly where, in
what order, and what is called out.

- a capture: the card played leaves the hand face up and meets what it
  takes; the cards gather together and fly into the capturer's pile;
  the rest of the table closes up after them;
- a build, a raise, an addition: the card joins the build, which settles
  in its new place; a trail lands on the cloth; a pluck flies to the pile;
- a sweep, big casino and little casino are called out;
- each sound is cued for when its cards land (a capture's as the card
  played meets what it takes, a sweep's with its callout);
- at the round's end the cards left fly to the last capturer's pile;
- a deal comes from the stock packet by packet, as the rules deal it;
  cards drawn (Draw Cassino) follow the play.

Every card ends where the stage after the play puts it (or in a pile), so
when the motion is over the picture is the stage. Times are in seconds,
in units of ``flight``, one card's flight at the speed chosen.
"""

from __future__ import annotations

from typing import NamedTuple

from cassino.rules import BUILD, CALL, CAPTURE, PLUCK, DealEvent, Event, Position, cards_of, parse_card

from .motion import Motion, Spot
from .seats import within
from .stage import Stage

BIG_CASINO = parse_card("TD")
LITTLE_CASINO = parse_card("2S")
CALLOUT = 5.0  # a callout lasts this many flights


def _flights(stage: Stage, motion: Motion, flight: float, delay: float, skip: set[int]) -> None:
    """Every card already on screen (but ``skip``) glides to its resting spot on ``stage``."""
    for card, spot in stage.spots.items():
        if card in skip:
            continue
        s = motion.get(card)
        if s is not None and s.dest != spot:
            # A hand turned down turns at once: the next person may already be looking.
            s.go(spot, flight, 0.0 if s.at.face_up and not spot.face_up else delay)


def _meeting_spot(motion: Motion, taken: list[int], fallback: Spot) -> Spot:
    """Where the card played meets what it takes: just above and right of the
    first of them (the top left one), face up."""
    spots = [motion.sprites[c].at for c in taken if c in motion.sprites]
    if not spots:
        return Spot(fallback.x, fallback.y, fallback.w, True)
    first = min(spots, key=lambda s: (s.y, s.x))
    # (0.2 of a card to the right: the taken card's index still shows, and the played
    # card stops short of the next card over; at 0.3 it hid that card's index.)
    return Spot(first.x + first.w * 0.2, first.y - first.w * 0.15, first.w, True)


class Timing(NamedTuple):
    """When a play's moments come, in seconds from now: its end, the sweep's
    callout, the last cards of the round setting off (None: no such moment).
    The log tells each as the table shows it."""

    end: float
    sweep: float | None = None
    last_cards: float | None = None


def play(motion: Motion, after: Stage, event: Event, pile_of: dict[int, int], names: list[str],
         flight: float, last_table: dict[int, Spot] | None = None) -> Timing:
    """Set the cards moving for ``event`` (the stage before it is what the
    sprites show now; ``after`` is the stage it leads to). ``pile_of`` maps a
    team to the seat whose pile shows its cards (for the last cards of a
    round). ``last_table``: for a trail that ends the round, where the table's
    cards rest with it, before they go to the last capturer (``after`` has
    no table then)."""
    move = event.move
    seat = event.seat
    card = move.card
    if move.kind == CALL:
        return Timing(0.0)
    sweep_at: float | None = None
    geo = after.geo
    pile = _face_up(geo.pile_spot(seat))  # shown face up to the last: what was taken
    end = 0.0
    done: set[int] = set()
    if move.kind == CAPTURE:
        taken = [c for c in cards_of(event.taken) if c != card]
        meet = _meeting_spot(motion, taken, pile)
        played = motion.get(card)
        if played is not None:
            played.go(meet, flight)
        # Gathered together on the spot where they met, slightly fanned, then into the pile.
        gather = flight
        gathered = [c for c in taken if c in motion.sprites] + ([card] if played is not None else [])
        fan = meet.w * 0.12
        leave = gather + flight * 0.6 + flight * 0.5
        for i, c in enumerate(gathered):
            s = motion.sprites[c]
            spot = Spot(meet.x - fan * (len(gathered) - 1) / 2 + i * fan, meet.y, meet.w, True)
            if c == card:
                s.go(spot, flight * 0.6, delay=0.0, then=True)
            else:
                s.go(spot, flight * 0.6, delay=gather)
            s.go(pile, flight, delay=flight * 0.5, then=True, into=seat)
        done |= set(gathered)
        motion.cue("capture", gather)  # as the card played meets what it takes
        end = leave + flight
        # The casinos called out as the cards taken leave for the pile (the
        # meeting seen whole first), one after the other, the sweep after them.
        taken_all = event.taken
        big, little = taken_all >> BIG_CASINO & 1, taken_all >> LITTLE_CASINO & 1
        if big or little:
            # Both in one callout: three in turn (with a sweep) held the table up for seconds.
            # Whose, as the sweep's callout says it.
            which = "Both casinos" if big and little else "Big casino" if big else "Little casino"
            words = f"{which} to {within(names[seat])}!"
            motion.call_out(words, leave, flight * CALLOUT)
        if event.sweep:
            # Once the cards have landed in the pile (half a flight early, the plate said "1 sweep" before).
            sweep_at = motion.call_out(f"Sweep! {names[seat]} cleared the table", end, flight * CALLOUT, sweep_by=seat)
            motion.cue("sweep", sweep_at)
            end = max(end, sweep_at) + flight * CALLOUT * 0.5
        _flights(after, motion, flight, leave, done)
    elif move.kind == PLUCK:
        for c in cards_of(move.takes):
            plucked = motion.get(c)
            if plucked is not None:
                plucked.go(pile, flight, into=seat)
                done.add(c)
        motion.cue("capture", flight)
        _flights(after, motion, flight, flight * 0.8, done)
        end = flight * 1.8
    else:  # a trail or a build: the card joins the table, which settles round it
        joining = motion.get(card)
        landing = after.spots.get(card) if last_table is None else last_table.get(card)
        if joining is not None and landing is not None:
            # (The round's last card, trailed, lands too before the table goes: it flew
            # from the hand straight to the pile.)
            joining.go(landing, flight)
            done.add(card)
        for c, spot in (last_table or {}).items():  # the table makes room for it
            room = motion.get(c)
            if c != card and room is not None and room.dest != spot:
                room.go(spot, flight)
        motion.cue("build" if move.kind == BUILD else "play", flight)  # as it lands
        _flights(after, motion, flight, flight * 0.3, done)
        end = flight * 1.3
    last_at: float | None = None
    result = event.round_end
    if result is not None and result.residue and result.residue_to is not None:
        to = pile_of[result.residue_to]
        left = [c for c in cards_of(result.residue) if c in motion.sprites]
        for i, c in enumerate(left):
            s = motion.sprites[c]
            # After any path the card is on (the last card trailed lands first).
            s.go(_face_up(geo.pile_spot(to)), flight, delay=max(0.0, end + i * flight * 0.15 - s.path_time),
                 then=True, into=to)
        if left:
            last_at = end
            # Once the cards have left the cloth: said over them, it hid what it spoke of.
            cards = "The last cards go" if len(left) > 1 else "The last card goes"  # as the log says it
            motion.call_out(f"{cards} to {within(names[to])}",
                            end + (len(left) - 1) * flight * 0.15 + flight * 0.6, flight * CALLOUT)
            end += flight + len(left) * flight * 0.15
    return Timing(end, sweep_at, last_at)


def deal_in(motion: Motion, stage: Stage, pos: Position, deal: DealEvent | None, flight: float,
            after: float = 0.0) -> float:
    """Cards new to the screen fly from the stock: a deal in its packets (two
    cards, or one, per player a pass, as the game's schedule says), a card
    drawn in Draw Cassino on its own. Initial pairs (``deal``, at a round's
    first deal) land on the table and then go to the eldest's pile. Returns
    when the last card lands."""
    geo = stage.geo
    stock = geo.stock_spot()
    order = pos.shape.order_from(pos.eldest)
    new = [c for c in stage.spots if motion.get(c) is None]
    pairs = [c for c in cards_of(deal.pairs) if motion.get(c) is None] if deal is not None else []
    if not new and not pairs:
        return after
    schedule = pos.shape.deals[min(pos.deal_number, pos.deals_per_round) - 1]
    table = [c for it in stage.items for c in it.spots if c in new] + pairs
    hands = {seat: [c for c in stage.hands[seat] if c in new] for seat in order}
    packet = 0
    spread = _pair_spots(stage, pairs)
    step = flight * 0.45

    def fly(cards: list[int]) -> None:
        for c in cards:
            s = motion.place(c, stock)
            s.go(stage.spots[c] if c in stage.spots else spread[c], flight, after + packet * step)

    for size in schedule.packets:
        for seat in order:
            if seat == pos.dealer and table:  # the table's packet comes just before the dealer's
                part, table = table[:size], table[size:]
                fly(part)
                packet += bool(part)
            part, hands[seat] = hands[seat][:size], hands[seat][size:]
            fly(part)
            packet += bool(part)
    rest = table + [c for seat in order for c in hands[seat]]  # a draw, or anything left over
    fly(rest)
    packet += bool(rest)
    end = after + max(0, packet - 1) * step + flight
    if pairs and deal is not None and deal.pairs_to is not None:
        pile = geo.pile_spot(deal.pairs_to)
        for c in pairs:
            motion.sprites[c].go(pile, flight, delay=flight * 1.5, then=True, into=deal.pairs_to)
        end += flight * 2.5
    return end


def _face_up(spot: Spot) -> Spot:
    return Spot(spot.x, spot.y, spot.w, True)


def _pair_spots(stage: Stage, pairs: list[int]) -> dict[int, Spot]:
    """Where initial pairs show on the table before going to a pile: a row
    along the cloth's top edge."""
    area = stage.geo.table
    w = stage.table_w
    return {c: Spot(area.x + w * 0.3 + i * w * 0.6, area.y + w * 0.1, w, True) for i, c in enumerate(pairs)}
