"""Starting the game: ``python -m cassino`` opens the title screen full screen."""

from __future__ import annotations

from .app import App
from .title import TitleScene


def run(size: tuple[int, int] | None = None, quick: bool = False, seed: int | None = None) -> int:
    """Open the window and play until the player quits. ``size`` asks for a
    window instead of full screen; ``quick`` goes straight to a game."""
    from cassino.store import Store

    store = Store()
    settings = store.load_settings()
    app = App(size, settings, store)
    if quick:
        from .title import start_game

        start_game(app, seed=seed)
    else:
        app.replace(TitleScene(app))
    app.run()
    return 0
