"""The pygame front end: the scene loop, scenes, table layout, card art,
drag and drop, animation. Draws the rules' model; never decides a rule."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
