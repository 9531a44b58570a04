"""The title screen (Play, New game, Quit) and the new game's setup."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from cassino.rules import Game, Rules, parse_card, standard_teams

from . import theme
from .app import App, Scene
from .cardart import card_face
from .draw import felt, heading
from .layout import px
from .overlays import RulesScene, SettingsScene, StatsScene
from .table import Seat, TableScene, default_seats
from .widgets import Item, Menu

LEVEL_NAMES = ("beginner", "intermediate", "expert")
# The rule choices of the setup: (label, options for Rules, one line saying what it changes).
PRESET_CHOICES = (("Standard", {}, "The standard game: court cards pair only; builds up to 10."),
                  ("Royal", {"royal": True, "sweeps": 0},
                   "Jack 11, queen 12, king 13: court cards add up and build like numerals; no sweeps."),
                  ("Royal, aces 1 or 14", {"royal": True, "ace_14": True, "sweeps": 0},
                   "Royal, and an ace played from the hand may count 14."))
SWEEP_CHOICES = ((1, "Each sweep (taking every card from the table) scores 1."),
                 (2, "Each sweep scores 2."), (0, "Sweeps score nothing."))
COURT_CHOICES = (("one", "A court card takes one card of its rank from the table."),
                 ("all", "A court card takes every loose card of its rank at once."))
CONTROL_CHOICES = (("hoyle", "You may not trail while you control a build, and must keep its card."),
                   ("permissive", "A build's controller may trail."),
                   ("answer", "While you control a build, each turn you must capture it, add to it or raise it."),
                   ("strict", "No trailing, one build of a value per player; take over a build only by raising it."))
TARGETS = (21, 11, 31)
SETUP = "setup.json"


def start_game(app: App, players: int = 2, level: str = "intermediate", partnerships: bool = False,
               seed: int | None = None, rules: Rules | None = None,
               kinds: list[str | None] | None = None, names: list[str] | None = None) -> TableScene:
    """A new game at the table: you at the bottom, computer players elsewhere;
    ``kinds`` gives each seat's level (None for a person) instead."""
    if seed is None:
        seed = random.randrange(1 << 30)
    teams = standard_teams(players, partnerships)
    game = Game(rules or Rules(), players, teams, seed=seed)
    seats = default_seats(players, level)
    if kinds is not None:
        people = 0
        named = []
        for seat, kind in zip(seats, kinds):
            if kind is None:
                people += 1
                typed = names[len(named)].strip() if names is not None else ""
                named.append(Seat(typed or f"Player {people}"))
            else:
                named.append(Seat(seat.name if seat.is_computer else "South", kind))
        seats = named if people != 1 else [Seat("You") if k is None else s for s, k in zip(named, kinds)]
    table = TableScene(app, game, seats)
    app.replace(table)
    return table


class TitleScene(Scene):
    """Cassino's front door."""

    def __init__(self, app: App):
        super().__init__(app)
        self.menu = Menu([], self.quit)
        self.refresh()

    def refresh(self) -> None:
        app = self.app
        items = []
        if app.store is not None and app.store.has_game():
            items.append(Item("Continue", self.resume, "Back to the game you left, where you left it"))
        items += [
            Item("Play", lambda: start_game(app), "You against one Intermediate computer player"),
            Item("New game", lambda: app.push(SetupScene(app)), "Choose the players, their levels and the rules"),
            Item("Rules", lambda: app.push(RulesScene(app)),
                 "How to play, with examples, and what each option changes"),
            Item("Settings", lambda: app.push(SettingsScene(app)), "Speed, sound, cards, table colour and display"),
            Item("Statistics", lambda: app.push(StatsScene(app)), "Your games won and lost, and points per round"),
            Item("Quit", self.quit, "Close Cassino; a game in progress is kept for Continue"),
        ]
        self.menu.items = items
        self.menu.focus = 0

    def resume(self) -> None:
        store = self.app.store
        loaded = store.load_game() if store is not None else None
        if loaded is None:  # set aside: the notice says why
            self.refresh()
            return
        seats = [Seat(r["name"], None if r["kind"] == "human" else r["kind"].split(":", 1)[1])
                 for r in loaded.seats]
        table = TableScene(self.app, loaded.game, seats)
        table.practice = loaded.practice
        self.app.replace(table)

    def quit(self) -> None:
        self.app.running = False

    def handle(self, event: pygame.event.Event) -> None:
        self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        y = heading(surface, self.app.settings.table_colour) + round(h * 0.03)
        # The two casinos and the aces, fanned under the title.
        cw = max(40, round(h * 0.1))
        fan = ["AS", "2S", "TD", "AH", "AD"]
        x0 = w // 2 - round(cw * 0.62 * (len(fan) - 1) / 2) - cw // 2
        for i, c in enumerate(fan):
            face = pygame.transform.rotozoom(card_face(parse_card(c), cw, self.app.settings.four_colour),
                                             (len(fan) // 2 - i) * 6, 1.0)
            surface.blit(face, face.get_rect(center=(x0 + round(i * cw * 0.62) + cw // 2,
                                                     y + round(cw * 0.7) + abs(i - 2) * cw // 10)))
        top = y + round(cw * 1.6) + round(h * 0.03)
        fs = px((w, h), 30, 15)
        area_h = h - top - fs * 2
        self.menu.layout((w // 2, top + area_h // 2), round(min(max(w * 0.26, 300), 520)), fs, area_h)
        self.menu.draw(surface)
        hint = self.menu.items[self.menu.focus].hint
        small = px((w, h), 22, 12)
        y = h - fs // 2
        if hint:
            t = theme.text(hint, small, theme.DIM)
            surface.blit(t, t.get_rect(midbottom=(w // 2, y)))
            y -= t.get_height() + 4
        # Files that had to be set aside: said plainly, once, on the way in.
        problems = self.app.store.problems if self.app.store is not None else []
        for line in reversed([ln for p in problems[-3:] for ln in theme.wrap(p, small, w - 40)]):
            t = theme.text(line, small, theme.WARN)
            surface.blit(t, t.get_rect(midbottom=(w // 2, y)))
            y -= t.get_height() + 2


class SetupScene(Scene):
    """Players, computer level and partnerships for a new game."""

    opaque = True  # its own cloth: nothing of the title shows through

    def __init__(self, app: App):
        super().__init__(app)
        self.players = 2
        self.level = "intermediate"
        self.partnerships = False
        # Each seat: None for a person, or a computer level. Seat 0 is the first person.
        self.kinds: list[str | None] = [None, "intermediate", "intermediate", "intermediate"]
        self.target = 21
        self.preset, self.sweeps, self.court, self.control = 0, 1, "one", "hoyle"
        self.deal = ""          # typed deal number; empty means a random deal
        self.editing: str | int | None = None  # typing the deal number ("deal") or a seat's name (its index)
        self.names = ["", "", "", ""]          # people's names; empty means "Player N"
        self.menu = Menu([], lambda: app.pop(self))
        self._recall()
        self.refresh()

    # The last setup is remembered in the player's folder.
    def _recall(self) -> None:
        store = self.app.store
        data = store.read(SETUP) if store is not None else None
        if data is None:
            return
        try:
            players, level, teams, kinds, target = (data["players"], data["level"], data["partnerships"],
                                                    data["kinds"], data["target"])
            ok = (players in (2, 3, 4) and level in LEVEL_NAMES and isinstance(teams, bool)
                  and isinstance(kinds, list) and len(kinds) == 4 and kinds[0] is None
                  and all(k is None or k in LEVEL_NAMES for k in kinds) and target in TARGETS)
        except (KeyError, TypeError):
            ok = False
        if not ok:
            assert store is not None
            store.set_aside(SETUP, "it does not describe a game's setup")
            return
        self.players, self.level, self.partnerships, self.kinds, self.target = players, level, teams, kinds, target
        rules = (data.get("preset", 0), data.get("sweeps", 1), data.get("court", "one"), data.get("control", "hoyle"))
        if (rules[0] in range(len(PRESET_CHOICES)) and rules[1] in (0, 1, 2) and rules[2] in ("one", "all")
                and rules[3] in [c for c, _ in CONTROL_CHOICES]):
            self.preset, self.sweeps, self.court, self.control = rules

    def _remember(self) -> None:
        if self.app.store is not None:
            try:
                self.app.store.write(SETUP, {"players": self.players, "level": self.level,
                                             "partnerships": self.partnerships, "kinds": self.kinds,
                                             "target": self.target, "preset": self.preset,
                                             "sweeps": self.sweeps, "court": self.court,
                                             "control": self.control})
            except OSError:
                pass  # a setup not remembered is no reason to stop a game

    def start(self) -> None:
        self._remember()
        seed = int(self.deal) if self.deal else None
        start_game(self.app, self.players, self.level, self.partnerships, seed=seed,
                   rules=self.rules(), kinds=self.kinds[:self.players],
                   names=self.names[:self.players])

    def rules(self) -> Rules:
        """The rules chosen: the preset, with the options set over it."""
        options = dict(PRESET_CHOICES[self.preset][1], sweeps=self.sweeps)
        if not options.get("royal"):
            options["court_capture"] = self.court  # in Royal, court cards are numerals
        return Rules(controller=self.control, target=self.target, **options)

    def refresh(self) -> None:
        def cycle_players() -> None:
            self.players = 2 + (self.players - 1) % 3
            self.partnerships = self.partnerships and self.players == 4
            self.refresh()

        def cycle_level() -> None:
            self.level = LEVEL_NAMES[(LEVEL_NAMES.index(self.level) + 1) % len(LEVEL_NAMES)]
            self.kinds = [None] + [self.level if k is not None else None for k in self.kinds[1:]]
            self.refresh()

        def cycle_seat(i: int) -> Callable[[], None]:
            def act() -> None:
                order: list[str | None] = [None, *LEVEL_NAMES]
                self.kinds[i] = order[(order.index(self.kinds[i]) + 1) % len(order)]
                self.refresh()
            return act

        def edit(what: str | int) -> Callable[[], None]:
            def act() -> None:
                self.editing = None if self.editing == what else what
                self.refresh()
            return act

        def toggle_teams() -> None:
            if self.players == 4:
                self.partnerships = not self.partnerships
            self.refresh()

        typing = "Type, then Enter when done; Backspace rubs out"
        items = [Item(f"Players: {self.players}", cycle_players, "2, 3 or 4 players; four may play in partnerships")]
        people = [i for i in range(self.players) if self.kinds[i] is None]
        if len(people) < self.players:  # with nobody but people at the screen, there is no level to set
            items.append(Item(f"All computer players: {self.level.capitalize()}", cycle_level,
                              "Every computer seat at once: " + ", ".join(LEVEL_NAMES)))
        for i in range(self.players):
            kind = self.kinds[i]
            if i:
                items.append(Item(f"Seat {i + 1}: {'Person (pass and play)' if kind is None else kind.capitalize()}",
                                  cycle_seat(i),
                                  "A person at this screen (pass and play), or a computer and its level"))
            if kind is None and len(people) > 1:
                shown = self.names[i] + "▌" if self.editing == i else self.names[i] or f"Player {people.index(i) + 1}"
                items.append(Item(f"Seat {i + 1} name: {shown}", edit(i),
                                  typing if self.editing == i else "Enter or click, type the name, Enter"))
        if self.players == 4:
            items.append(Item(f"Partnerships: {'yes' if self.partnerships else 'no'}", toggle_teams,
                              "Seats 1 and 3 play against seats 2 and 4, partners sitting opposite"))

        def cycle_target() -> None:
            self.target = TARGETS[(TARGETS.index(self.target) + 1) % len(TARGETS)]
            self.refresh()

        edit_deal = edit("deal")
        def cycle_preset() -> None:
            self.preset = (self.preset + 1) % len(PRESET_CHOICES)
            self.sweeps = 0 if PRESET_CHOICES[self.preset][1].get("royal") else 1
            self.refresh()

        def cycle_of(name: str, choices: tuple[tuple[object, str], ...]) -> Callable[[], None]:
            def act() -> None:
                values = [c[0] for c in choices]
                setattr(self, name, values[(values.index(getattr(self, name)) + 1) % len(values)])
                self.refresh()
            return act

        def said(choices: tuple[tuple[object, str], ...], value: object) -> str:
            return next(text for v, text in choices if v == value)

        label, _, explain = PRESET_CHOICES[self.preset]
        items.append(Item(f"Rules: {label}", cycle_preset, explain))
        sweep_word = {0: "score nothing", 1: "1 point", 2: "2 points"}[self.sweeps]
        items.append(Item(f"Sweeps: {sweep_word}", cycle_of("sweeps", SWEEP_CHOICES), said(SWEEP_CHOICES, self.sweeps)))
        if not PRESET_CHOICES[self.preset][1].get("royal"):
            items.append(Item(f"Court cards take: {'one' if self.court == 'one' else 'all of a rank'}",
                              cycle_of("court", COURT_CHOICES), said(COURT_CHOICES, self.court)))
        items.append(Item(f"Build control: {self.control}", cycle_of("control", CONTROL_CHOICES),
                          said(CONTROL_CHOICES, self.control)))
        deal = (self.deal + "▌") if self.editing == "deal" else (self.deal or "random")
        items += [Item(f"Game to {self.target} points", cycle_target,
                       "The first to this many points wins: 21 is the standard, 11 a short game, 31 a long one"),
                  Item(f"Deal number: {deal}", edit_deal,
                       typing if self.editing == "deal" else
                       "Type a deal number to replay that deal; Enter when done, empty for a random deal"),
                  Item("Start", self.start, "Deal the cards and play"),
                  Item("Back", lambda: self.app.pop(self), "Back to the title")]
        focus = self.menu.focus
        self.menu.items = items
        self.menu.focus = min(focus, len(items) - 1)

    def handle(self, event: pygame.event.Event) -> None:
        if self.editing is not None and event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.editing = None
            elif self.editing == "deal":
                if event.key == pygame.K_BACKSPACE:
                    self.deal = self.deal[:-1]
                elif event.unicode.isdigit() and len(self.deal) < 9:
                    self.deal += event.unicode
            elif isinstance(self.editing, int):
                name = self.names[self.editing]
                if event.key == pygame.K_BACKSPACE:
                    name = name[:-1]
                elif event.unicode.isprintable() and event.unicode and len(name) < 16:
                    name += event.unicode
                self.names[self.editing] = name.lstrip()
            self.refresh()
            return
        self.menu.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.blit(felt((w, h), w, self.app.settings.table_colour), (0, 0))
        fs = px((w, h), 28, 15)
        box = pygame.Rect(0, 0, round(min(max(w * 0.36, 420), w - 40)),
                          min(h - 20 - 2 * px((w, h), 22, 12), round(fs * (4 + 2.5 * len(self.menu.items)))))
        box.midtop = (w // 2, 10)
        surface.blit(theme.rounded_box(box.size, theme.PANEL + (245,), 16, theme.PANEL_LINE + (255,), 2), box.topleft)
        t = theme.text("New game", round(fs * 1.3), theme.GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(box.centerx, box.y + fs)))
        self.menu.layout((box.centerx, box.centery + fs), box.width - 2 * fs, fs, h - 6 * fs)
        self.menu.draw(surface)
        hint = self.menu.items[self.menu.focus].hint
        if hint:
            t = theme.fit_text(hint, px((w, h), 22, 12), w - 20, theme.DIM)
            surface.blit(t, t.get_rect(midtop=(w // 2, box.bottom + 6)))
