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
    store.claim()  # (a second copy open at once keeps nothing: the title and the log say so)
    try:
        from .app import App
        from .art.cloth import heading

        settings = store.load_settings()  # a damaged file is logged and set aside
        refusal = no_display()
        if refusal is not None:
            log.error("%s", refusal)
            print(f"cassino: {refusal}", file=sys.stderr)
            return 1
        app = App(size, settings, store)
        # The cloth and the name at once; the menus follow as soon as the
        # rest of the game (rules, computer players, scenes) has loaded.
        heading(app.screen, settings.table_colour)
        app.show()
        store.load_stats()  # read now (after the first frame), so that the title says at once if they are damaged
        if store.has_game():
            # Replayed now too: a damaged one is set aside and the title says
            # so, rather than offering Continue for a game that cannot be.
            store.load_game()
        from .menus.setup import NewGame
        from .screens import show_title, start_game

        show_title(app)  # which reads the last setup, for Play's level (and says if it is damaged)
        if quick:
            # Straight to a game, but a game in progress is not lost without
            # asking (nor given up without counting as lost).
            start_game(app, NewGame(seed=seed))
        app.run()
    except Exception as e:  # noqa: BLE001 - said on screen and logged, not lost
        log.critical("unexpected error", exc_info=e)
        from . import crash

        print("\n".join(crash.message(e, log_path)), file=sys.stderr)
        crash.show(e, log_path)
        return 1
    finally:
        store.release()  # (the process's end would; a game run again in one process needs it now)
    log.info("closed normally")
    return 0


def no_display() -> str | None:
    """Why the game's window could not be seen here, or None. Without a
    screen SDL falls back on a driver that draws nowhere, and the game would
    run unseen: say so instead (unless that driver was asked for by name)."""
    import os

    import pygame

    try:
        pygame.display.init()
    except pygame.error as e:
        return f"no window can be opened: {e}. Start Cassino from a desktop session."
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER", "").strip().lower() != driver:
        named = [f"{k}={os.environ[k]}" for k in ("DISPLAY", "WAYLAND_DISPLAY") if os.environ.get(k)]
        # Set but not reachable (a stale DISPLAY over SSH) is not the same as not set.
        why = (f"{' and '.join(named)} {'is' if len(named) == 1 else 'are'} set, but no display answers there"
               if named else "no DISPLAY or WAYLAND_DISPLAY is set")
        return (f"there is no display to open the game's window on ({why}). Start Cassino from a desktop "
                f"session; the commands of the command line work without one ({command_name()} --help).")
    return None


def command_name() -> str:
    """How the player starts this Cassino from a shell: the download's own
    program, or Python with the package."""
    return Path(sys.executable).name if getattr(sys, "frozen", False) else "python -m cassino"


def selftest(seed: int = 1, out: Path | None = None) -> int:
    """``--selftest``: see ``cassino.ui.selftest``; the summary also goes to
    ``selftest.json`` in the player's folder unless ``out`` says elsewhere."""
    from cassino.store import user_folder

    folder = user_folder()
    logs.start(folder)
    from .selftest import run as run_selftest

    return run_selftest(seed, out if out is not None else folder / "selftest.json")
