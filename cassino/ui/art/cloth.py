"""The cloth under everything, and the soft shapes drawn on it: the felt and
side panel, the title's heading, glows round highlighted things, card
shadows. Cached per size, so a frame blits them."""

from __future__ import annotations

from functools import lru_cache

import pygame

from . import theme
from .cards import RATIO, card_back, card_face


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
    panel = theme.table_panel(cloth)
    pygame.draw.rect(surf, panel.panel, (panel_x, 0, w - panel_x, h))
    pygame.draw.line(surf, panel.line, (panel_x, 0), (panel_x, h), 2)
    return surf


def heading(surface: pygame.Surface, cloth: str) -> int:
    """The title screen's cloth and name; where the space under the name begins.
    Also the very first frame, shown while the rest of the game loads."""
    w, h = surface.get_size()
    surface.blit(felt((w, h), w, cloth), (0, 0))
    t = theme.text("Cassino", theme.px((w, h), 120, 44), theme.GOLD, bold=True)
    top = round(h * 0.08)
    surface.blit(t, t.get_rect(midtop=(w // 2, top)))
    # Lighter than the dim grey of the panels: straight on the cloth that read at 3.5:1.
    sub = theme.text("the classic fishing card game", theme.px((w, h), 30, 15), (212, 226, 216))
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


def outline(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int = 3) -> None:
    """``glow`` round ``rect``."""
    g = glow(rect.size, colour, width)
    pad = width * 2
    surface.blit(g, (rect.x - pad, rect.y - pad))


@lru_cache(maxsize=16)
def shadow(width: int) -> pygame.Surface:
    """A card's soft shadow, drawn just below and right of it."""
    h = round(width * RATIO)
    surf = pygame.Surface((width, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, theme.SHADOW, surf.get_rect(), border_radius=max(3, width // 12))
    return surf


@lru_cache(maxsize=16)
def rotated_back(width: int, style: str) -> pygame.Surface:
    """A card back turned sideways, for the side seats' hands."""
    return pygame.transform.rotate(card_back(width, style), 90)


def shadow_offset(width: int) -> tuple[int, int]:
    """How far below and right of a card its shadow falls."""
    return max(1, width // 30), max(2, width // 22)


@lru_cache(maxsize=512)
def shadowed(card: int, width: int, face_up: bool, four_colour: bool, back: str) -> pygame.Surface:
    """A card (face or back) with its shadow, in one surface to blit, run-length
    encoded: a card is mostly opaque pixels, which then blit as plain copies."""
    face = card_face(card, width, four_colour) if face_up else card_back(width, back)
    dx, dy = shadow_offset(width)
    out = pygame.Surface((face.get_width() + dx, face.get_height() + dy), pygame.SRCALPHA)
    out.blit(shadow(width), (dx, dy))
    out.blit(face, (0, 0))
    out.set_alpha(255, pygame.RLEACCEL)
    return out
