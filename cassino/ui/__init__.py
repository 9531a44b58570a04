"""The pygame front end. Draws the rules' model; never decides a rule.

- ``main``: starting the game; ``app``: the window, the scene stack and the frame loop;
- ``screens``: the order of the screens (title, setup, table and back);
- ``table/``: the table scene and everything it needs (see its docstring);
- ``menus/``: the title, the new game's setup, settings, statistics;
- ``rulebook/``: the in-game rules, their layout and their screen;
- ``art/``: colours, fonts, card faces and court figures, the cloth;
- ``widgets``: menus and overlay boxes; ``options``: rule options in words;
- ``sound``, ``crash`` (the last screen of an unexpected error), ``selftest``, ``bench``.
"""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# A press on the window while another has the focus grabs the card too (SDL
# spends it on the focus by default: the first drag after Alt+Tab did nothing).
os.environ.setdefault("SDL_MOUSE_FOCUS_CLICKTHROUGH", "1")
if sys.platform.startswith("linux"):
    # SDL on Linux puts the window's pixels through OpenGL by default: it destroys
    # and remakes the window to get a GL one (a full-screen start flashed the
    # desktop between two black screens) and each frame is uploaded as a texture
    # (3 ms a flip at 1280x720 under Xvfb, against 0.15 ms through shared memory).
    # The table is drawn in software anyway. A player's own setting is kept.
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")

# The smallest window the table is laid out for (a smaller desktop's full screen aside).
MIN_SIZE = (1024, 600)
