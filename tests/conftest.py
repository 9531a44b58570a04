"""Test set-up: headless SDL for anything that touches pygame, and hypothesis profiles."""

import os
import tempfile

from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Never the player's own settings and saves: a fresh folder for each test run.
os.environ["CASSINO_HOME"] = tempfile.mkdtemp(prefix="cassino-tests-")

settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
