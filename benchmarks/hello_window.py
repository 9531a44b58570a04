"""The yardstick for the executable's figures: the least pygame-ce program that
opens a window and shows a frame. ``benchmarks/exe_build.py`` builds it with
the game's own PyInstaller options (``build_exe.spec -- --baseline``).

With ``--fullscreen`` it opens full screen the way the game does by default.
Like the game, it writes the time of its first frame to ``CASSINO_FIRST_FRAME``
when that is set, and closes on a key, a click or the window's close button.
"""

import os
import sys
import time

if sys.platform.startswith("linux"):  # as the game does (cassino/ui/__init__.py): no OpenGL framebuffer
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")

import pygame  # noqa: E402

pygame.init()
if "--fullscreen" in sys.argv:
    screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
else:
    screen = pygame.display.set_mode((1280, 720))
pygame.display.set_caption("Hello")
screen.fill((28, 104, 66))
pygame.display.flip()
if os.environ.get("CASSINO_FIRST_FRAME"):
    with open(os.environ["CASSINO_FIRST_FRAME"], "w", encoding="utf-8") as f:
        f.write(f"{time.time()!r}\n")
running = True
while running:
    for event in pygame.event.get():
        if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            running = False
    pygame.time.wait(16)
pygame.quit()
