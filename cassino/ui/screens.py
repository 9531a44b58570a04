"""The order of the screens: the title leads to a quick game, the setup of a
new game or the saved game; a game ends back at the title or in a new game
at the same seats. The only module that knows where each screen leads; the
screens themselves are handed their ways out.

Before a new game would replace a saved one, the player is asked first.
"""

from __future__ import annotations


from cassino.rules import Game, Rules, standard_teams
from cassino.setups import random_game_number
from cassino.store import Store

from .app import App
from .menus.setup import NewGame, SetupScene
from .menus.title import TitleScene, kept_game_words
from .table import Exits, Seat, TableScene, default_seats
from .table import keeping
from .table.seats import named_seats, recorded_seats
from .widgets import Item, Overlay


class _Routes:
    """The title's ways out, for one window."""

    def __init__(self, app: App):
        self.app = app

    def play(self, level: str) -> None:
        start_game(self.app, NewGame(level=level))

    def new_game(self) -> None:
        self.app.push(setup_scene(self.app))

    def resume(self) -> bool:
        return resume(self.app)


def show_title(app: App) -> TitleScene:
    """The title screen, alone on the stack."""
    title = TitleScene(app, _Routes(app))
    app.replace(title)
    return title


def setup_scene(app: App) -> SetupScene:
    """The setup of a new game, whose Start sits down at the table."""
    return SetupScene(app, lambda choice: start_game(app, choice))


def seats_for(choice: NewGame) -> list[Seat]:
    """The seats of a new game: you at the bottom, computer players named by
    where they sit; people at the screen by their typed names."""
    if choice.kinds is None:
        return default_seats(choice.players, choice.level)
    return named_seats(choice.kinds, choice.names or ())


def start_game(app: App, choice: NewGame | None = None, ask: bool = True) -> TableScene | None:
    """A new game at the table. With a saved game in the player's folder, the
    player is asked first (continue it, or start anew and lose it), unless
    ``ask`` is False; then None is returned and the answer decides."""
    choice = choice or NewGame()
    store = app.store
    if ask and store is not None and store.has_game():
        _ask_before_losing(app, store, choice)
        return None
    seed = choice.seed if choice.seed is not None else random_game_number()
    teams = standard_teams(choice.players, choice.partnerships)
    game = Game(choice.rules or Rules(), choice.players, teams, seed=seed)
    return sit_down(app, game, seats_for(choice))


def sit_down(app: App, game: Game, seats: list[Seat], practice: bool = False, dealt_in: bool = False) -> TableScene:
    """Show ``game`` at the table, which leads back to the title or to a new game."""
    def to_title() -> None:
        show_title(app)

    def again() -> None:
        fresh = Game(game.rules, game.players, game.teams, seed=random_game_number())
        sit_down(app, fresh, seats)

    def new_game() -> None:
        # Over the table: Esc in the setup comes back to it (it led to the title).
        app.push(setup_scene(app))

    table = TableScene(app, game, seats, Exits(to_title, again, new_game), dealt_in)
    table.practice = practice
    # Kept from the deal on, as the title's Quit and the cover between turns say; and a
    # copy that keeps nothing (another has the folder) says so before the first move.
    if not game.moves or (app.store is not None and app.store.shared):
        keeping.save(table, dealt_in)
    app.replace(table)
    return table


def resume(app: App) -> bool:
    """The saved game at the table; False if there is none that can be read
    (a damaged one is set aside, and the title says so)."""
    store = app.store
    loaded = store.load_game() if store is not None else None
    if loaded is None:
        return False
    table = sit_down(app, loaded.game, recorded_seats(loaded.seats), practice=loaded.practice, dealt_in=loaded.dealt_in)
    if loaded.practice:  # its "You took your move back" is not in the record: the log says what it meant
        table.note(None, "A practice game: a move was taken back, so it is not counted.")
    return True


def _ask_before_losing(app: App, store: Store, choice: NewGame) -> None:
    question: Overlay

    def keep() -> None:
        app.pop(question)
        if not resume(app):
            _cannot_resume(app, choice)

    def anew() -> None:
        app.pop(question)
        if kept is not None:
            keeping.count_abandoned(store, kept)
        start_game(app, choice, ask=False)

    kept = store.load_game()  # replayed once: for the question's words and, given up, the statistics
    lost = kept is not None and keeping.counts_if_given_up(kept)
    question = Overlay(app, "A game is in progress. Continue it, or start a new one and lose it?",
                       [Item("Continue the game in progress", keep, kept_game_words(store)),
                        Item("Start anew (the game in progress is lost)", anew,
                             "The saved game is replaced by the new one" +
                             (", and counts as lost" if lost else " (it is not counted in the statistics)"))],
                       lambda: app.pop(question))
    app.push(question)


def _cannot_resume(app: App, choice: NewGame) -> None:
    """The kept game could not be read (it is set aside): say so, rather than
    dealing the new game as if it had been continued."""
    failed: Overlay

    def fresh() -> None:
        app.pop(failed)
        start_game(app, choice, ask=False)

    def back() -> None:
        app.pop(failed)
        show_title(app)

    failed = Overlay(app, "The game in progress could not be restored: its file is damaged, and was kept "
                          "aside. Start the new game?",
                     [Item("Start the new game", fresh, "Deal the game you chose"),
                      Item("Back to the title", back, "The title screen says what was wrong with the file")],
                     back)
    app.push(failed)
