"""Draw the game's icon and pack it for each desktop.

    python assets/icon/make_icon.py

Writes into this folder: ``cassino.png`` (256 px, the window's icon),
``cassino.ico`` (Windows; 16 to 256 px) and ``cassino.icns`` (macOS; 16 to
512 px). Both containers hold PNG images, which every Windows since Vista
and every macOS since 10.7 read, so no image library beyond pygame is needed.
The picture: two cards fanned on green cloth, a spade in front of a
diamond, each a single big pip so that it still reads at 16 pixels.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
from cassino.ui.art.cards import draw_suit  # noqa: E402

BIG = 1024
CLOTH = (24, 104, 62)
CLOTH_EDGE = (12, 66, 38)
IVORY = (250, 248, 240)
INK = (25, 25, 30)
RED = (200, 30, 45)
EDGE = (60, 60, 70)


def _card(width: int, suit: int, colour: tuple[int, int, int]) -> pygame.Surface:
    h = round(width * 1.4)
    card = pygame.Surface((width, h), pygame.SRCALPHA)
    pygame.draw.rect(card, IVORY, card.get_rect(), border_radius=width // 9)
    pygame.draw.rect(card, EDGE, card.get_rect(), max(2, width // 60), border_radius=width // 9)
    # One big pip: it must still read as a suit at 16 pixels.
    draw_suit(card, suit, (width / 2, h / 2), width * 0.62, colour)
    # A corner pip, for the larger sizes.
    draw_suit(card, suit, (width * 0.2, h * 0.14), width * 0.2, colour)
    return card


def picture(size: int = BIG) -> pygame.Surface:
    """The icon at ``size`` pixels, drawn large and scaled down smoothly."""
    s = pygame.Surface((BIG, BIG), pygame.SRCALPHA)
    box = pygame.Rect(0, 0, BIG, BIG).inflate(-40, -40)
    pygame.draw.rect(s, CLOTH_EDGE, box, border_radius=190)
    pygame.draw.rect(s, CLOTH, box.inflate(-36, -36), border_radius=165)
    back = pygame.transform.rotozoom(_card(470, 2, RED), 14, 1)
    front = pygame.transform.rotozoom(_card(470, 0, INK), -9, 1)
    s.blit(back, back.get_rect(center=(BIG * 0.40, BIG * 0.47)))
    s.blit(front, front.get_rect(center=(BIG * 0.60, BIG * 0.53)))
    return s if size == BIG else pygame.transform.smoothscale(s, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    out = io.BytesIO()
    pygame.image.save(surface, out, "icon.png")
    return out.getvalue()


def ico(images: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG images (a 256-px entry writes its size as 0)."""
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in sorted(images.items()):
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        blobs += data
    return head + entries + blobs


ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


def icns(images: dict[int, bytes]) -> bytes:
    """A macOS .icns: a header, then one typed PNG block per size."""
    body = b"".join(ICNS_TYPES[size] + struct.pack(">I", 8 + len(data)) + data
                    for size, data in sorted(images.items()))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    art = picture()
    pngs = {size: png_bytes(picture(size) if size != BIG else art) for size in (16, 24, 32, 48, 64, 128, 256, 512)}
    (HERE / "cassino.png").write_bytes(pngs[256])
    (HERE / "cassino.ico").write_bytes(ico({k: v for k, v in pngs.items() if k <= 256}))
    (HERE / "cassino.icns").write_bytes(icns({k: v for k, v in pngs.items() if k in ICNS_TYPES}))
    print("wrote cassino.png, cassino.ico, cassino.icns")


if __name__ == "__main__":
    main()
