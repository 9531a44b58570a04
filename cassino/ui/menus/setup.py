"""A new game's setup: the players (people or computer levels, seat by
seat), the game (a preset the seating allows, or every option by hand) and
the deal number; what the game is, with an example, beside the menu. The
last setup is remembered in the player's folder."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from cassino.rules import (PRESET_LIST, PRESETS, STANDARD, Conflict, InvalidRulesError, Rules, seating_conflict,
                           seating_refusal, standard_teams)
from cassino.setups import CUSTOM, GAME_NUMBER_DIGITS, MAX_SEATS, NAME_LENGTH, Setup
from cassino.setups import LEVELS as LEVEL_NAMES
from cassino.store import SETUP

# What each level is like, in a line (the setup's hint for a level).
LEVEL_WORDS = {
    "beginner": "takes what it sees, never builds, and slips now and then",
    "intermediate": "counts cards and weighs what each move gives away",
    "expert": "plays each candidate out on many deals of the cards it cannot see",
    "master": "searches each deal of the unseen cards to its end; the strongest",
}

from ..app import App, Scene
from ..art import theme
from ..art.cloth import felt
from ..options import (CUSTOM_ABOUT, OPTION_ROWS, PRESET_ABOUT, conflict_words, option_label,
                       rounds_words, rules_in_words)
from ..rulebook import OPTIONS, SECTIONS, Example
from ..rulebook.page import draw_ops, example_ops
from ..rulebook.screen import section_for
from ..table.seats import named_seats, places
from ..widgets import Item, Menu, choice

SHORT_TARGET = 6    # Royal's short game (§9.21)


@dataclass(frozen=True)
class NewGame:
    """A game as the setup chose it: the seats (None for a person, else a
    computer level), people's names as typed, the rules, teams and deal."""

    players: int = 2
    level: str = "intermediate"
    partnerships: bool = False
    seed: int | None = None
    rules: Rules | None = None
    kinds: tuple[str | None, ...] | None = None
    names: tuple[str, ...] | None = None


class SetupScene(Scene):
    """A new game: the players (people or computer levels, seat by seat), the
    game (a preset of §9.23 the seating allows, or Custom, every option
    by hand), and the deal. The right-hand side says what the game is and,
    for a custom game the engine refuses, why."""

    opaque = True  # its own cloth: nothing of the title shows through

    def __init__(self, app: App, begin: Callable[[NewGame], object]):
        super().__init__(app)
        self.begin = begin
        self.players = 2
        self.level = "intermediate"
        self.partnerships = False
        # Each seat: None for a person, or a computer level. Seat 0 is the first person.
        self.kinds: list[str | None] = [None] + ["intermediate"] * (MAX_SEATS - 1)
        self.game = "standard"   # a preset's key, or CUSTOM
        self.chosen = self.game  # the game last chosen by hand, back when the seating allows it again
        self.short = False       # Royal's short game, to 6
        self.custom: dict[str, Any] = {}  # a custom game's options (as ``Rules.to_json``)
        self.deal = ""          # typed deal number; empty means a random deal
        self.editing: str | int | None = None  # typing the deal number ("deal") or a seat's name (its index)
        self.unedited = ""  # the deal number or name as it was when typing began
        self.names = [""] * MAX_SEATS          # people's names; empty means "Player N"
        self.notice = ""        # why Start did nothing, until the next change
        self.swapped = ""       # how a change of the seats just changed the game
        self.swap_note = ""     # the same, shown until the next change
        self.menu = Menu([], self.leave)
        self.menu.pinned = 2  # Start and Back, in view however long the list of seats and options
        damaged = self._recall()
        self.refresh()
        self.notice = damaged

    # -- what is chosen ---------------------------------------------------------------------

    def presets(self) -> list[str]:
        """The presets this seating may play (``Preset.allows``), then Custom."""
        return [p.key for p in PRESET_LIST if p.allows(self.players, self.partnerships)] + [CUSTOM]

    def teams(self) -> list[list[int]]:
        """The seats of each side: partners across the table for four in partnerships, else one each."""
        return standard_teams(self.players, self.partnerships and self.players == 4)

    def rules(self) -> Rules:
        """The rules chosen; raises ``InvalidRulesError`` (with the engine's
        reason) for a custom combination the rules refuse."""
        if self.game == CUSTOM:
            return Rules.from_json(self.custom)
        rules = PRESETS[self.game].rules(self.players)
        if self.game == "royal" and self.short:
            rules = rules.replace(target=SHORT_TARGET)
        return rules

    def refusal(self) -> str | None:
        """Why this game cannot be set up, naming the options as this screen
        does (the engine's own words for anything else); None if it can."""
        try:
            rules = self.rules()
        except InvalidRulesError as e:
            return conflict_words(e.conflict) if isinstance(e.conflict, Conflict) else str(e)
        conflict = seating_conflict(rules, self.teams())
        if conflict is not None:
            return conflict_words(conflict)
        return seating_refusal(rules, self.players, self.teams())

    def about(self) -> tuple[str, str]:
        """The game's name and its paragraph."""
        if self.game == CUSTOM:
            try:
                name = rules_in_words(self.rules(), self.players)
            except InvalidRulesError:
                name = "a combination the rules refuse"
            return f"Custom: {name}", CUSTOM_ABOUT
        return PRESETS[self.game].name, PRESET_ABOUT[self.game]

    # The last setup is remembered in the player's folder (checked by cassino.setups).
    def _recall(self) -> str:
        """The last setup chosen; if its file was damaged (the defaults instead), what to say of it."""
        store = self.app.store
        if store is None:
            return ""
        known = SETUP in store.damaged
        s = store.load_setup()  # the defaults if none, or set aside and said
        self.players, self.level, self.partnerships, self.kinds = s.players, s.level, s.partnerships, list(s.kinds)
        self.game, self.short, self.custom = s.game, s.short, dict(s.custom)
        self.names = list(s.names)
        self.chosen = self.game
        if SETUP in store.damaged and not known:
            return "Your last setup could not be read, so this is the usual one: " + store.damaged[SETUP]
        return ""

    def _remember(self) -> None:
        if self.app.store is not None:
            try:
                self.app.store.save_setup(Setup(self.players, self.level, self.partnerships, list(self.kinds),
                                                self.game, self.short, dict(self.custom), list(self.names)))
            except OSError:
                pass  # a setup not remembered is no reason to stop a game

    def leave(self) -> None:
        """Back or Esc: the setup is kept for next time (a custom mix was lost
        unless it was played), if it is one the rules allow."""
        if self.refusal() is None:
            self._remember()
        self.app.pop(self)

    def start(self) -> None:
        """Start: the game as set up, or a notice saying why it cannot be played."""
        refusal = self.refusal()
        if refusal is not None:
            self.notice = "Not possible: " + refusal
            return
        self._remember()
        seed = int(self.deal) if self.deal else None
        self.begin(NewGame(self.players, self.level, self.partnerships, seed=seed, rules=self.rules(),
                           kinds=tuple(self.kinds[:self.players]), names=tuple(self.names[:self.players])))

    # -- the menu ----------------------------------------------------------------------------

    def _seating_changed(self) -> None:
        """A preset this seating does not allow gives way to the first that it
        does; the game chosen by hand comes back once the seating allows it."""
        allowed = self.presets()
        was = self.game
        if self.chosen in allowed:
            self.game = self.chosen
        elif self.game not in allowed:
            self.game = allowed[0]
        if self.game != was:
            self.swapped = self._swap_words()

    def _swap_words(self) -> str:
        """Why the game changed with the seats: six players made it California unsaid."""
        if self.game == self.chosen:
            return ""  # the game chosen by hand is back
        chosen = PRESETS[self.chosen]
        seats = ("four in partnerships" if self.partnerships
                 else "four without partnerships" if self.players == 4 and chosen.allows(4, True)
                 else f"{self.players} players")
        new = "Custom" if self.game == CUSTOM else PRESETS[self.game].name
        return f"{chosen.name} is not played by {seats}: {new} instead."

    def refresh(self) -> None:
        """The menu's lines for the setup as it now stands (seats, levels, names, rules)."""
        self.notice = ""
        self.swap_note, self.swapped = self.swapped, ""

        def step_players(by: int) -> None:
            self.players = 2 + (self.players - 2 + by) % (MAX_SEATS - 1)
            self.partnerships = self.partnerships and self.players == 4
            self._seating_changed()
            self.refresh()

        # The level every computer seat shares, or None while they differ; when
        # they agree, it is the level new computer seats take.
        levels = {k for k in self.kinds[:self.players] if k is not None}
        shared = levels.pop() if len(levels) == 1 else None
        if shared is not None:
            self.level = shared

        def step_level(by: int) -> None:
            # From seats at different levels, first bring them all to one.
            if shared is not None:
                self.level = LEVEL_NAMES[(LEVEL_NAMES.index(self.level) + by) % len(LEVEL_NAMES)]
            self.kinds = [None, *(self.level if k is not None else None for k in self.kinds[1:])]
            self.refresh()

        def step_seat(i: int) -> Callable[[int], None]:
            def step(by: int) -> None:
                order: list[str | None] = [None, *LEVEL_NAMES]
                self.kinds[i] = order[(order.index(self.kinds[i]) + by) % len(order)]
                self.refresh()
            return step

        def edit(what: str | int) -> Callable[[], None]:
            def act() -> None:
                self.editing = None if self.editing == what else what
                if self.editing is not None:  # what Esc goes back to
                    self.unedited = self.names[what] if isinstance(what, int) else self.deal
                self.refresh()
            return act

        def toggle_teams(by: int) -> None:
            if self.players == 4:
                self.partnerships = not self.partnerships
                self._seating_changed()
            self.refresh()

        def step_game(by: int) -> None:
            choices = self.presets()
            self.game = choices[(choices.index(self.game) + by) % len(choices)] if self.game in choices \
                else choices[0]
            self.chosen = self.game
            self.refresh()

        def toggle_short(by: int) -> None:
            self.short = not self.short
            self.refresh()

        def step_option(key: str, values: tuple[Any, ...]) -> Callable[[int], None]:
            def step(by: int) -> None:
                default = getattr(STANDARD, key)
                now = self.custom.get(key, default)
                order = list(values) if now in values else [now, *values]
                value = order[(order.index(now) + by) % len(order)]
                if value == default:
                    self.custom.pop(key, None)
                else:
                    self.custom[key] = value
                self.refresh()
            return step

        typing = f"Type, then Enter when done; Backspace rubs out (up to {NAME_LENGTH} letters)"

        def about_level(kind: str | None) -> str:
            return "A person at this screen (pass and play), or a computer and its level" if kind is None \
                else f"{kind.capitalize()}: {LEVEL_WORDS[kind]}"

        items = [choice(f"Players: {self.players}", step_players,
                        "2 to 6 players; four may play in partnerships; five play without three twos")]
        people = [i for i in range(self.players) if self.kinds[i] is None]
        # Each seat by where it sits, as the table names the computer players there.
        where = places(self.players)
        names = [s.name for s in named_seats(self.kinds[:self.players], self.names[:self.players])]
        partner = 2 if self.players == 4 and self.partnerships else None
        for i in range(1, self.players):
            kind = self.kinds[i]
            whose = "Your" if names[0] == "You" else f"{names[0]}'s"
            # Where people share the screen a computer goes by its number (the table turns): said here too.
            place = where[i] if kind is None or names[i] == where[i] else f"{where[i]} ({names[i]})"
            items.append(choice(f"{place}: {'Person (pass and play)' if kind is None else kind.capitalize()}",
                                step_seat(i), (f"{whose} partner. " if i == partner else "") + about_level(kind)))
        # Under the seats' lines, so that those stay in place while a seat
        # changes hands (a click lands where it was aimed): with two computer
        # seats or more, one line for their level (with one, its own line sets
        # it); then the people's names.
        if self.players - len(people) > 1:
            if shared is not None:
                items.append(choice(f"All computers: {shared.capitalize()}", step_level,
                                    "Every computer seat at once. " + about_level(shared)))
            else:
                items.append(choice("All computers: mixed", step_level,
                                    f"The computer seats play at different levels; choose to make them all "
                                    f"{self.level.capitalize()}"))
        for i in people:
            if len(people) > 1:
                # The name the table will use: two Annas learnt only from the cover which was "Anna 2".
                typed = self.names[i].strip()
                shown = self.names[i] + "▌" if self.editing == i else names[i]
                told = "Enter or click, type the name, Enter"
                if typed and typed != names[i] and typed.lower() != "you":
                    told = f"Another player is {typed}: this one plays as {names[i]}. {told}"
                items.append(Item(f"Name at {where[i]}: {shown}", edit(i), typing if self.editing == i else told))
        if self.players == 4:
            items.append(choice(f"Partnerships: {'yes' if self.partnerships else 'no'}", toggle_teams,
                                f"{names[0]} and {names[2]} against {names[1]} and {names[3]}, partners "
                                f"sitting opposite"))
        name, _ = self.about()
        items.append(choice(f"Game: {PRESETS[self.game].name if self.game != CUSTOM else 'Custom'}", step_game,
                            "The variants these players can play, then Custom: every option by hand"))
        if self.game == "royal":
            items.append(choice(f"Short game (to {SHORT_TARGET}): {'yes' if self.short else 'no'}", toggle_short,
                                f"Royal to {SHORT_TARGET} points instead of 21: a game of a round or two"))
        if self.game == CUSTOM:
            for key, label, values, line in OPTION_ROWS:
                value = self.custom.get(key, getattr(STANDARD, key))
                target = self.custom.get("target", STANDARD.target)
                items.append(choice(option_label(key, label, value, target), step_option(key, values), line))
        deal = (self.deal + "▌") if self.editing == "deal" else (self.deal or "random")
        refused = self.refusal()
        # (The seed of the whole game: "deal" is each round's handing out of cards everywhere else.)
        items += [Item(f"Game number: {deal}", edit("deal"),
                       typing if self.editing == "deal" else
                       "Type a game number (Esc's menu says it once a game is over) to play its cards again; "
                       "Enter when done, empty for new cards"),
                  Item("Start" if refused is None else "Start (not possible: see why)", self.start,
                       "Deal the cards and play" if refused is None else "These options cannot be played together"),
                  Item("Back", self.leave, "Back to the title")]
        # The focus stays on the same line, found by its name before the colon,
        # though lines come and go above it ("Name at South" appears when North
        # becomes a person): Enter again steps the same choice on.
        focus = self.menu.focus
        old = self.menu.items[focus].label.split(":")[0] if 0 <= focus < len(self.menu.items) else None
        self.menu.items = items
        same = next((i for i, it in enumerate(items) if it.label.split(":")[0] == old), None)
        self.menu.focus = same if same is not None else min(focus, len(items) - 1)

    @property
    def typing(self) -> bool:  # type: ignore[override]
        """A name or the deal number being edited: a held key types again."""
        return self.editing is not None

    def handle(self, event: pygame.event.Event) -> None:
        """Typing into a name or the deal number while one is edited; otherwise the menu."""
        if self.editing is not None and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:  # never mind: as it was (the digits typed were kept)
                if self.editing == "deal":
                    self.deal = self.unedited
                elif isinstance(self.editing, int):
                    self.names[self.editing] = self.unedited
                self.editing = None
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.editing = None
            elif event.key in (pygame.K_UP, pygame.K_DOWN):  # done typing: on to the line above or below
                self.editing = None
                self.refresh()
                self.menu.handle(event)
                return
            elif self.editing == "deal":
                if event.key == pygame.K_BACKSPACE:
                    self.deal = self.deal[:-1]
                elif event.unicode and event.unicode in "0123456789" and len(self.deal) < GAME_NUMBER_DIGITS:  # not "²"
                    self.deal += event.unicode
            elif isinstance(self.editing, int):
                name = self.names[self.editing]
                if event.key == pygame.K_BACKSPACE:
                    name = name[:-1]
                elif event.unicode.isprintable() and event.unicode and len(name) < NAME_LENGTH:
                    name += event.unicode
                self.names[self.editing] = name.lstrip()
            self.refresh()
            return
        self.menu.handle(event)

    # -- drawing -----------------------------------------------------------------------------

    def frame(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, int]:
        """The box, the menu's column and the description's column, and the menu's text size."""
        w, h = self.app.size
        fs = theme.px((w, h), 28, 15)
        small = theme.px((w, h), 22, 12)
        box = pygame.Rect(0, 0, min(w - 20, round(fs * 52)), h - 20 - round(small * 1.6))
        box.midtop = (w // 2, 10)
        head = round(fs * 2.6)
        inner = box.inflate(-2 * fs, 0)
        left_w = min(round(inner.width * 0.46), round(fs * 22))
        left = pygame.Rect(inner.x, box.y + head, left_w, box.bottom - fs - box.y - head)
        right = pygame.Rect(left.right + fs, left.y, inner.right - left.right - fs, left.height)
        return box, left, right, round(fs * 0.9)

    def draw(self, surface: pygame.Surface) -> None:
        """The cloth, the menu of choices on the left and the rules in words on the right."""
        w, h = self.app.size
        surface.blit(felt((w, h), w, self.app.settings.table_colour), (0, 0))
        fs = theme.px((w, h), 28, 15)
        small = theme.px((w, h), 22, 12)
        box, left, right, item_px = self.frame()
        surface.blit(theme.dialog_box(box.size), box.topleft)
        t = theme.text("New game", round(fs * 1.3), theme.GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(box.centerx, box.y + fs // 2)))
        # The menu, scrolled to keep the line in focus in view; room kept for its "of N" line.
        area = self.menu.layout((left.centerx, 0), left.width, item_px, left.height - small * 2)
        self.menu.layout((left.centerx, left.y + area.height // 2), left.width, item_px, left.height - small * 2)
        self.menu.draw(surface)
        self._describe(surface, right, fs, small)
        hint = self.menu.items[self.menu.focus].hint
        if hint:
            t = theme.fit_text(hint, small, w - 20, theme.DIM)
            theme.backed(surface, t, t.get_rect(midtop=(w // 2, box.bottom + 4)))  # (on the cloth: 4.1:1)

    def description(self) -> list[tuple[str, str]]:
        """The right-hand side, as (style, text) paragraphs: the game's name, what
        it is, the seating, the options it sets (each with its line), the
        focused custom line's explanation, and a refusal."""
        name, about = self.about()
        out = [("title", name), *([("gold", self.swap_note)] if self.swap_note else []), ("text", about)]
        seats = f"{self.players} players" + (", two partnerships" if self.partnerships and self.players == 4 else "")
        refused = self.refusal()
        focused = self.menu.items[self.menu.focus]
        key = next((k for k, _, _, line in OPTION_ROWS if line == focused.hint), None)
        # The focused option's line, unless it is on: then the list of options in force has it.
        if self.game == CUSTOM and key is not None and (
                refused is not None or getattr(self.rules(), key) == getattr(STANDARD, key)):
            out += [("gold", focused.label), ("text", focused.hint)]
        if refused is not None:
            out += [("dim", seats), ("warn", "Not possible: " + refused)]
            return out
        rules = self.rules()
        length = rounds_words(rules.rounds) if rules.rounds is not None else f"game to {rules.target}"
        out.append(("dim", f"{seats} · {length}"))
        changed = [(option_label(k, label, getattr(rules, k), rules.target), line) for k, label, _, line in OPTION_ROWS
                   if getattr(rules, k) != getattr(STANDARD, k)]
        if not changed:
            out.append(("dim", "The standard rules, nothing changed."))
        for label, line in changed:
            out += [("option", label), ("line", line)]
        if self.notice:
            out.append(("warn", self.notice))
        return out

    def example(self) -> Example | None:
        """An example of the game, from the rules screen: the variant's, or the
        focused custom option's."""
        focused = self.menu.items[self.menu.focus]
        key = next((k for k, _, _, line in OPTION_ROWS if line == focused.hint), None)
        if self.game == CUSTOM:
            if key is None:
                return None
            # A page showing the value chosen (Sweeps: 1 point, the standard
            # game's sweeps), the option's own page before a variant's; none if
            # no page shows it ("Court cards take: one" over an example of a
            # king taking both others read as what "one" does).
            standard = getattr(STANDARD, key)
            value = self.custom.get(key, standard)
            # (A page's examples are played under its first options.)
            sections = sorted((sec for sec in SECTIONS if key in sec.shown()
                               and sec.options[0].get(key, standard) == value),
                              key=lambda sec: sec.group != OPTIONS)
        elif self.refusal() is None:
            sections = [SECTIONS[section_for(self.rules(), self.players)]]
        else:
            return None
        for sec in sections:
            for e in sec.examples:
                if e.table or e.hand or e.pile or e.cards or e.dealt:
                    return e
        return None

    def _describe(self, surface: pygame.Surface, area: pygame.Rect, fs: int, small: int) -> None:
        body = round(fs * 0.85)
        y = area.y
        # (size, colour, bold, space after)
        styles = {"title": (round(fs * 1.05), theme.GOLD, True, 0.6), "text": (body, theme.INK, False, 0.6),
                  "dim": (small, theme.DIM, False, 0.6), "gold": (body, theme.GOLD, True, 0.3),
                  "warn": (body, theme.WARN, True, 0.6), "option": (small, theme.GOLD, True, 0.0),
                  "line": (small, theme.INK, False, 0.35)}

        def tall(paragraphs: list[tuple[str, str]]) -> int:
            total = 0
            for style, text in paragraphs:
                size, _, bold, after = styles[style]
                total += len(theme.wrap(text, size, area.width, bold)) * round(size * 1.3) + round(size * after)
            return total

        paragraphs = self.description()
        if tall(paragraphs) > area.height:
            # Too many options in force for their lines: their names alone, and
            # if even those run over, as many as fit and how many more there are.
            names = [p for p in paragraphs if p[0] != "line"]
            first = next((i for i, p in enumerate(names) if p[0] == "option"), len(names))
            options = [p for p in names if p[0] == "option"]
            head, tail = names[:first], [p for p in names[first:] if p[0] != "option"]
            shown = len(options)
            paragraphs = names
            while shown > 0 and tall(paragraphs) > area.height:
                shown -= 1
                paragraphs = head + options[:shown] + \
                    [("option", f"… and {len(options) - shown} more (on the left)")] + tail
        for style, text in paragraphs:
            size, colour, bold, after = styles[style]
            line = round(size * 1.3)
            for ln in theme.wrap(text, size, area.width, bold):
                if y + line > area.bottom:
                    return
                surface.blit(theme.text(ln, size, colour, bold), (area.x, y))
                y += line
            y += round(size * after)
        example = self.example()
        if example is not None:
            ops, height = example_ops(example, self.app.size, area.width)
            if y + small + height <= area.bottom:
                draw_ops(surface, ops, (area.x, y + small), area, fs, self.app.settings)
