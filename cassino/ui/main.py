"""Starting the game: ``python -m cassino`` opens the title screen full screen.

Everything that goes wrong is written to the log in the player's folder; an
unexpected error ends with a screen that says so and where the log is, never
with a window that simply vanishes (a windowed build has no console).
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from cassino import logs

log = logging.getLogger("cassino")


def run(size: tuple[int, int] | None = None, quick: bool = False, seed: int | None = None) -> int:
    """Open the window and play until the player quits. ``size`` asks for a
    window instead of full screen; ``quick`` goes straight to a game."""
    from cassino.store import Store

    store = Store()
    log_path = logs.start(store.folder)
    try:
        from .app import App
        from .art.cloth import heading

        settings = store.load_settings()
        for problem in store.problems:
            log.warning("%s", problem)
        app = App(size, settings, store)
        # The cloth and the name at once; the menus follow as soon as the
        # rest of the game (rules, computer players, scenes) has loaded.
        heading(app.screen, settings.table_colour)
        app.show()
        from .menus.setup import NewGame
        from .screens import show_title, start_game

        if quick:
            start_game(app, NewGame(seed=seed), ask=False)
        else:
            show_title(app)
        app.run()
    except Exception as e:  # noqa: BLE001 - said on screen and logged, not lost
        log.critical("unexpected error", exc_info=e)
        from . import crash

        print("\n".join(crash.message(e, log_path)), file=sys.stderr)
        crash.show(e, log_path)
        return 1
    log.info("closed normally")
    return 0


def selftest(seed: int = 1, out: Path | None = None) -> int:
    """``--selftest``: see ``cassino.ui.selftest``; the summary also goes to
    ``selftest.json`` in the player's folder unless ``out`` says elsewhere."""
    from cassino.store import user_folder

    folder = user_folder()
    logs.start(folder)
    from .selftest import run as run_selftest

    return run_selftest(seed, out if out is not None else folder / "selftest.json")
