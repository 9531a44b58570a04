"""Court figures for the kings, queens and jacks, drawn in code like the rest
of the cards: a half-length figure in the suit's colour (crown, face, hair,
robe, what it holds), mirrored head to foot as on a real card, in a frame.

Each figure is a few flat shapes in a unit box (x across, y down, the top
half of the frame), so it is crisp at any size and drawn once per size
(``cards.card_face`` caches the whole face).
"""

from __future__ import annotations

import pygame

Colour = tuple[int, int, int]
Point = tuple[float, float]

SKIN = (247, 214, 178)
GOLD = (232, 182, 52)
GOLD_DARK = (170, 120, 20)
INK = (30, 28, 34)
WHITE = (252, 250, 244)
HAIR = {13: (120, 118, 126), 12: (196, 140, 44), 11: (104, 62, 30)}  # grey beard, fair hair, brown hair


def _second(colour: Colour) -> Colour:
    """The robe's other colour: blue beside red, red beside black, as court cards have it."""
    r, g, b = colour
    if r > 150 and g < 80:  # a red suit
        return (40, 70, 160)
    return (196, 38, 48)


def _lighter(colour: Colour, k: float) -> Colour:
    r, g, b = colour
    return (round(r + (255 - r) * k), round(g + (255 - g) * k), round(b + (255 - b) * k))


def draw_court(surface: pygame.Surface, frame: pygame.Rect, rank: int, colour: Colour) -> None:
    """A court figure (11 jack, 12 queen, 13 king) filling ``frame``: the top
    half drawn, the bottom half the same turned round, a line between."""
    half = pygame.Surface((frame.width, frame.height // 2 + 1), pygame.SRCALPHA)
    _figure(half, rank, colour)
    surface.blit(half, frame.topleft)
    surface.blit(pygame.transform.rotate(half, 180), (frame.x, frame.bottom - half.get_height()))
    y = frame.centery
    pygame.draw.line(surface, colour, (frame.x + frame.width * 0.08, y), (frame.right - frame.width * 0.08, y),
                     max(1, frame.width // 60))


def _figure(s: pygame.Surface, rank: int, colour: Colour) -> None:
    w, h = s.get_size()
    line = max(1, round(w * 0.014))

    def p(x: float, y: float) -> tuple[int, int]:
        return round(x * w), round(y * h)

    def poly(points: list[Point], fill: Colour, edge: bool = True) -> None:
        pts = [p(x, y) for x, y in points]
        pygame.draw.polygon(s, fill, pts)
        if edge:
            pygame.draw.polygon(s, INK, pts, line)

    def ellipse(cx: float, cy: float, rx: float, ry: float, fill: Colour, edge: bool = True) -> None:
        r = pygame.Rect(0, 0, round(2 * rx * w), round(2 * ry * h))
        r.center = p(cx, cy)
        pygame.draw.ellipse(s, fill, r)
        if edge:
            pygame.draw.ellipse(s, INK, r, line)

    other = _second(colour)
    hair = HAIR[rank]
    # Shoulders and robe: the suit's colour, the other colour in the middle, a gold collar.
    poly([(0.06, 1.0), (0.10, 0.72), (0.28, 0.60), (0.72, 0.60), (0.90, 0.72), (0.94, 1.0)], colour)
    poly([(0.36, 1.0), (0.40, 0.64), (0.60, 0.64), (0.64, 1.0)], other)
    for k in range(4):  # the robe's pattern: gold bands
        y = 0.72 + k * 0.07
        pygame.draw.line(s, GOLD, p(0.40 - 0.005 * k, y), p(0.60 + 0.005 * k, y), max(1, line))
    poly([(0.26, 0.62), (0.50, 0.74), (0.74, 0.62), (0.70, 0.58), (0.50, 0.66), (0.30, 0.58)], GOLD)
    # Hair behind the face: long for the queen, to the shoulders for the others.
    if rank == 12:
        poly([(0.30, 0.20), (0.24, 0.62), (0.36, 0.64), (0.40, 0.30), (0.60, 0.30), (0.64, 0.64),
              (0.76, 0.62), (0.70, 0.20)], hair)
    else:
        poly([(0.32, 0.22), (0.30, 0.50), (0.40, 0.52), (0.60, 0.52), (0.70, 0.50), (0.68, 0.22)], hair)
    # Neck and face.
    poly([(0.45, 0.46), (0.45, 0.58), (0.55, 0.58), (0.55, 0.46)], SKIN, edge=False)
    ellipse(0.50, 0.36, 0.14, 0.15, SKIN)
    # Eyes, nose, mouth.
    for x in (0.445, 0.555):
        ellipse(x, 0.33, 0.022, 0.018, WHITE, edge=False)
        ellipse(x + 0.004, 0.333, 0.010, 0.012, INK, edge=False)
    pygame.draw.lines(s, INK, False, [p(0.50, 0.35), p(0.485, 0.40), p(0.505, 0.405)], line)
    if rank == 13:  # the king: a full beard and moustache
        poly([(0.37, 0.38), (0.40, 0.50), (0.50, 0.58), (0.60, 0.50), (0.63, 0.38), (0.56, 0.43),
              (0.44, 0.43)], hair)
        poly([(0.43, 0.43), (0.50, 0.41), (0.57, 0.43), (0.50, 0.45)], _lighter(hair, 0.3))
    else:
        pygame.draw.line(s, (180, 60, 60), p(0.47, 0.44), p(0.53, 0.44), max(1, line * 2))
        for x in (0.42, 0.58):  # a little colour in the cheeks
            ellipse(x, 0.40, 0.025, 0.015, (240, 170, 150), edge=False)
    # What is on the head.
    if rank == 13:  # a crown of five points with jewels
        poly([(0.34, 0.24), (0.34, 0.08), (0.40, 0.15), (0.45, 0.04), (0.50, 0.13), (0.55, 0.04),
              (0.60, 0.15), (0.66, 0.08), (0.66, 0.24)], GOLD)
        pygame.draw.line(s, GOLD_DARK, p(0.34, 0.21), p(0.66, 0.21), max(1, line))
        for x, c in ((0.42, other), (0.50, colour), (0.58, other)):
            ellipse(x, 0.17, 0.02, 0.02, c, edge=False)
    elif rank == 12:  # a low crown with a veil's edge and rounded points
        poly([(0.36, 0.24), (0.37, 0.12), (0.43, 0.18), (0.50, 0.09), (0.57, 0.18), (0.63, 0.12),
              (0.64, 0.24)], GOLD)
        for x in (0.37, 0.50, 0.63):
            ellipse(x, 0.11 if x != 0.50 else 0.085, 0.022, 0.022, WHITE)
    else:  # the jack: a flat cap with a feather
        poly([(0.30, 0.26), (0.34, 0.12), (0.66, 0.12), (0.72, 0.26)], other)
        pygame.draw.line(s, GOLD, p(0.31, 0.24), p(0.71, 0.24), max(1, line * 2))
        poly([(0.62, 0.14), (0.80, 0.02), (0.86, 0.04), (0.68, 0.16)], _lighter(colour, 0.35))
    # What each holds across the robe.
    if rank == 13:  # a sword, hilt at the shoulder
        pygame.draw.line(s, (200, 204, 214), p(0.78, 0.98), p(0.86, 0.52), max(2, line * 3))
        pygame.draw.line(s, GOLD, p(0.78, 0.60), p(0.94, 0.63), max(2, line * 3))
    elif rank == 12:  # a flower
        pygame.draw.line(s, (40, 120, 60), p(0.24, 0.98), p(0.20, 0.66), max(1, line * 2))
        for dx, dy in ((0.0, -0.04), (0.035, 0.0), (0.0, 0.04), (-0.035, 0.0)):
            ellipse(0.20 + dx, 0.64 + dy, 0.03, 0.028, _lighter(colour, 0.45))
        ellipse(0.20, 0.64, 0.018, 0.018, GOLD, edge=False)
    else:  # a halberd
        pygame.draw.line(s, (120, 80, 40), p(0.16, 0.98), p(0.16, 0.48), max(2, line * 2))
        poly([(0.16, 0.44), (0.24, 0.52), (0.16, 0.56)], (200, 204, 214))
        poly([(0.16, 0.40), (0.18, 0.46), (0.14, 0.46)], (200, 204, 214))
