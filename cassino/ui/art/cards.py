"""Card faces and backs drawn in code, crisp at any size, cached per size.

Suits are drawn as shapes, not font glyphs, so they are recognisable by
shape as well as colour at small sizes; a four-colour deck is an option.
Everything is drawn at 4x and smoothly scaled down, which antialiases the
edges without any image files.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from cassino.resources import asset_path
from cassino.rules.cards import rank_of, suit_of

from .courts import draw_court

SS = 4  # supersampling factor
RATIO = 1.4  # a card's height / width
IVORY = (250, 248, 240)
EDGE = (60, 60, 70)
TWO_COLOURS = ((25, 25, 30), (200, 30, 45), (200, 30, 45), (25, 25, 30))
# Clubs teal rather than green: to a deuteranope green clubs and red hearts looked alike.
FOUR_COLOURS = ((25, 25, 30), (200, 30, 45), (30, 90, 200), (0, 110, 110))
BACKS = {"blue": ((25, 55, 120), (70, 110, 185)), "red": ((120, 25, 35), (185, 70, 80)),
         "green": ((20, 85, 55), (70, 150, 105))}
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

# Pip positions (x, y) in a unit box for 2..10, classic layout.
_PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0.0), (0.5, 1.0)],
    3: [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3),
         (0.5, 5 / 6), (0, 1), (1, 1)],
}


def draw_suit(surface: pygame.Surface, suit: int, centre: tuple[float, float], size: float,
              colour: tuple[int, int, int], flip: bool = False) -> None:
    """A suit shape about ``size`` pixels tall centred on ``centre``."""
    cx, cy = centre
    s = size / 2
    sign = -1 if flip else 1

    def pt(x: float, y: float) -> tuple[int, int]:
        return (round(cx + x * s), round(cy + sign * y * s))

    if suit == 2:  # diamond
        pygame.draw.polygon(surface, colour, [pt(0, -1), pt(0.72, 0), pt(0, 1), pt(-0.72, 0)])
        return
    r = round(0.5 * s)
    if suit == 1:  # heart: two lobes on top, point below
        for x in (-0.47, 0.47):
            pygame.draw.circle(surface, colour, pt(x, -0.42), r)
        pygame.draw.polygon(surface, colour, [pt(-0.96, -0.3), pt(0.96, -0.3), pt(0, 0.98)])
        return
    if suit == 0:  # spade: an upturned heart with a stem
        for x in (-0.47, 0.47):
            pygame.draw.circle(surface, colour, pt(x, 0.22), r)
        pygame.draw.polygon(surface, colour, [pt(-0.96, 0.1), pt(0.96, 0.1), pt(0, -1.0)])
        pygame.draw.polygon(surface, colour, [pt(0, 0.25), pt(0.32, 1.0), pt(-0.32, 1.0)])
        return
    # club: three leaves and a stem
    leaf = round(0.42 * s)
    for x, y in ((0, -0.5), (-0.5, 0.18), (0.5, 0.18)):
        pygame.draw.circle(surface, colour, pt(x, y), leaf)
    pygame.draw.polygon(surface, colour, [pt(0, -0.1), pt(0.32, 1.0), pt(-0.32, 1.0)])


# DejaVu Sans Bold's capitals stand 0.73 of its size high: at this share of the
# size asked for, a rank's capital is 0.49 of it, as the corners were drawn.
CAPITAL = 0.67


@lru_cache(maxsize=16)
def _font(px: int) -> pygame.font.Font:
    """The bundled bold font (assets/fonts, with its licence), sized so that
    a capital stands about half ``px`` high; pygame's own only if it is missing."""
    try:
        return pygame.font.Font(str(asset_path("fonts", "DejaVuSans-Bold.ttf")), max(6, round(px * CAPITAL)))
    except (FileNotFoundError, OSError):  # pygame's own, where installed (not in the download); theme.font logs it
        f = pygame.font.Font(None, px)
        f.set_bold(True)
        return f


def _rank(label: str, px: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A rank's letters, cropped to their ink (fonts differ in the room above and below)."""
    text = _font(px).render(label, True, colour)
    ink = text.get_bounding_rect()
    return text.subsurface(ink).copy() if ink.width and ink.height else text


def forget_fonts() -> None:
    """Fonts die with ``pygame.quit()``: a new window must not use the old ones."""
    _font.cache_clear()


def _rounded(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int],
             radius: int, width: int = 0) -> None:
    pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


@lru_cache(maxsize=512)
def card_face(card: int, width: int, four_colour: bool = False) -> pygame.Surface:
    """The face of ``card`` at ``width`` pixels (height is 1.4 times that)."""
    height = round(width * 1.4)
    w, h = width * SS, height * SS
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, round(w * 0.08))
    _rounded(big, big.get_rect(), IVORY, radius)
    _rounded(big, big.get_rect(), EDGE, radius, max(1, round(w * 0.012)))
    rank, suit = rank_of(card), suit_of(card)
    colour = (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]

    # Corner index: rank above a small suit, top left and (upside down) bottom right.
    label = RANK_LABELS[rank - 1]
    index_h = round(h * (0.25 if width < 64 else 0.17))  # small cards show mostly their corner
    text = _rank(label, index_h, colour)
    if label == "10":  # keep "10" as narrow as the others
        text = pygame.transform.smoothscale(text, (round(text.get_width() * 0.78), text.get_height()))
    pip_h = h * (0.12 if width < 64 else 0.095)
    corner = pygame.Surface((max(text.get_width(), round(w * 0.18)), round(index_h * 0.9 + pip_h * 1.3)),
                            pygame.SRCALPHA)
    corner.blit(text, ((corner.get_width() - text.get_width()) // 2, round(index_h * 0.06)))
    draw_suit(corner, suit, (corner.get_width() / 2, index_h * 0.86 + pip_h * 0.55), pip_h, colour)
    pad = round(w * 0.05)
    big.blit(corner, (pad, pad))
    big.blit(pygame.transform.rotate(corner, 180), (w - pad - corner.get_width(), h - pad - corner.get_height()))

    # The middle: pips for numerals, a framed letter for court cards.
    # The pips clear of the corner's column (at 0.40 of the width the corner's
    # suit touched the first pip: "♣♣").
    inner = pygame.Rect(0, 0, round(w * (0.30 if width >= 64 else 0.40)), round(h * 0.60))
    inner.center = (w // 2, h // 2)
    if width < 64 and rank <= 10:
        # Small cards: pips would be specks; one large suit reads at a glance.
        draw_suit(big, suit, (w * 0.56, h * 0.55), h * 0.32, colour)
    elif rank == 1:
        draw_suit(big, suit, inner.center, h * 0.34, colour)
    elif rank <= 10:
        pip = h * (0.15 if rank <= 3 else 0.13 if rank <= 8 else 0.115)
        for x, y in _PIPS[rank]:
            px = inner.left + x * inner.width
            py = inner.top + y * inner.height
            draw_suit(big, suit, (px, py), pip, colour, flip=y > 0.5)
    elif width >= 40:
        # A court figure in a frame, mirrored head to foot, with the suit at two corners.
        frame = pygame.Rect(0, 0, round(w * (0.54 if width >= 64 else 0.62)), round(h * 0.72))
        frame.center = (w // 2, h // 2)
        tint = tuple(min(255, c + (250 - c) * 0.9) for c in colour)
        _rounded(big, frame, tint, round(w * 0.03))  # type: ignore[arg-type]
        draw_court(big, frame.inflate(-round(w * 0.02), -round(w * 0.02)), rank, colour)
        _rounded(big, frame, colour, round(w * 0.03), max(2, round(w * 0.012)))
        k = h * 0.07
        draw_suit(big, suit, (frame.x + k * 0.9, frame.y + k * 0.9), k, colour)
        draw_suit(big, suit, (frame.right - k * 0.9, frame.bottom - k * 0.9), k, colour, flip=True)
    else:  # too small for a figure: the letter, framed
        frame = inner.inflate(round(w * 0.06), round(h * 0.02))
        tint = tuple(min(255, c + (235 - c) * 0.82) for c in colour)
        _rounded(big, frame, tint, round(w * 0.04))  # type: ignore[arg-type]
        _rounded(big, frame, colour, round(w * 0.04), max(2, round(w * 0.015)))
        letter = _rank(label, round(h * 0.36), colour)
        big.blit(letter, letter.get_rect(center=(frame.centerx, frame.centery - h * 0.085)))
        draw_suit(big, suit, (frame.centerx, frame.centery + h * 0.17), h * 0.12, colour)
    return pygame.transform.smoothscale(big, (width, height))


@lru_cache(maxsize=32)
def card_back(width: int, style: str = "blue") -> pygame.Surface:
    """A card back: a border and a diamond lattice in the chosen colours."""
    height = round(width * 1.4)
    w, h = width * SS, height * SS
    dark, light = BACKS.get(style, BACKS["blue"])
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, round(w * 0.08))
    _rounded(big, big.get_rect(), IVORY, radius)
    field = big.get_rect().inflate(-round(w * 0.12), -round(w * 0.12))
    _rounded(big, field, dark, round(radius * 0.6))
    lattice = pygame.Surface(field.size, pygame.SRCALPHA)
    step = max(8, round(w * 0.14))
    for i in range(-field.height // step - 2, field.width // step + 3):
        x = i * step
        pygame.draw.line(lattice, light, (x, 0), (x + field.height, field.height), max(1, SS))
        pygame.draw.line(lattice, light, (x + field.height, 0), (x, field.height), max(1, SS))
    mask = pygame.Surface(field.size, pygame.SRCALPHA)
    _rounded(mask, mask.get_rect(), (255, 255, 255), round(radius * 0.6))
    lattice.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(lattice, field.topleft)
    _rounded(big, field, light, round(radius * 0.6), max(1, round(w * 0.02)))
    _rounded(big, big.get_rect(), EDGE, radius, max(1, round(w * 0.012)))
    return pygame.transform.smoothscale(big, (width, height))


