"""The window and the scene loop.

Scenes form a stack (the top one gets input); each scene handles events,
updates with a time step and draws without changing anything. Overlays (the
pause menu, the chooser) are scenes too: they draw the scene below first.
``App.step`` runs one frame, so tests drive the real loop with posted events.
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from typing import TYPE_CHECKING

import pygame

from cassino.resources import asset_path
from cassino.settings import Settings

from . import MIN_SIZE
from .art import theme

if TYPE_CHECKING:
    from cassino.rules import Rules
    from cassino.store import Store

FPS = 60
STILL = 0.3  # seconds after a change of the window in which pointer motion is the window's, not the player's
# A held key repeats after 350 ms, every 45 ms (``set_repeat``); a KEYDOWN of a
# key still down within this many seconds of its last is such a repeat.
HELD_FOR = 1.0
# The keys that repeat when held: moving along a menu, a hand or a page, and
# rubbing out. A held Enter, Esc, F11 or a letter acts once.
REPEATING = frozenset((pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB,
                       pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_PAGEUP, pygame.K_PAGEDOWN))
MAX_STEP = 10.0  # the most time one frame accounts for (a scene caps its own motion's step)
WINDOWED = (1280, 720)
# What a window's frame and the desktop's panels may take, that a window
# must leave: its title bar, a taskbar.
DECORATIONS = (0, 56)
ICON = ("icon", "cassino.png")  # in assets/; made by assets/icon/make_icon.py


class Scene:
    """One screen. ``opaque`` scenes hide the ones below them."""

    opaque = True
    # While true (a name being typed), a held letter types again and again; otherwise
    # only the keys of ``REPEATING`` repeat (see ``App.step``).
    typing = False
    # The rules' page F1 opens over this screen (by its title; None: the keys').
    help_page: str | None = None

    def __init__(self, app: App):
        self.app = app

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw; never changes the game."""

    def covered(self) -> None:
        """Another scene is shown over this one and takes the input from now
        on (a gesture under way here will not see its end)."""

    def moved(self) -> None:
        """The window moved under the pointer (its size the same)."""

    def resized(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def rules_in_force(self) -> tuple[Rules, int] | None:
        """The rules of the game this screen shows, and its number of players
        (None: no game), for the rules' pages F1 opens over it."""
        return None

    def wake_in(self) -> float | None:
        """Seconds until this scene's picture changes by itself: 0 while
        something moves (a frame each tick), None when only input changes
        it. The loop sleeps until then, so an idle screen costs nothing."""
        return None


class App:
    """The window, the scene stack and the frame loop."""

    def __init__(self, size: tuple[int, int] | None = None, settings: Settings | None = None,
                 store: Store | None = None):
        # Only what the first frame needs; the audio device opens after it.
        pygame.display.init()
        pygame.font.init()
        theme.reset()
        # A computer player thinks in a thread; hand the interpreter back to the
        # drawing thread quickly so that frames keep their pace meanwhile.
        sys.setswitchinterval(0.001)
        pygame.key.set_repeat(350, 45)
        self.held: dict[int, float] = {}  # keys down (no KEYUP yet): when last pressed or repeated
        self.buttons_down: set[int] = set()  # mouse buttons pressed here, not yet released
        self.release_away: set[int] = set()  # ... still down as the focus left
        self.release_lost: set[int] = set()  # ... whose release went to another window, by now
        self.settings = settings or Settings()
        theme.use_cloth(self.settings.table_colour)  # menus and dialogs in the cloth's colours
        self.store = store  # None: nothing is kept (tests, the benchmark)
        self.settings_unsaved: str | None = None  # why the settings could not be kept, if not
        self.scenes: list[Scene] = []
        self.running = True
        self._timing = os.environ.get("CASSINO_FIRST_FRAME")
        self.clock = pygame.time.Clock()
        self.fixed_size = size  # tests and the benchmark ask for a size; players get full screen
        try:  # before the window opens, so that it opens with it
            pygame.display.set_icon(pygame.image.load(str(asset_path(*ICON))))
        except (pygame.error, OSError):
            pass  # the default icon: not worth stopping for
        self.least = MIN_SIZE  # the smallest the window may be made (``_open``)
        self.window_size: tuple[int, int] | None = None  # the window's last size (``_windowed``)
        self.window_at: tuple[int, int] | None = None    # and its place, kept over full screen
        self.still_until = 0.0  # pointer motion before then comes of a window's change, not a hand (``_resized``)
        # Where the pointer really is in a window that moved under it, until it moves: SDL
        # keeps its old place, and a click there played a card where it no longer was.
        self.pointer_at: tuple[int, int] | None = None
        self.shown_size: tuple[int, int] | None = None  # the window's size the scenes were last told of
        # Before the window opens: it was first "pygame window". A second copy, which keeps
        # nothing, is told from the first by its title bar too.
        pygame.display.set_caption("Cassino (not saving)" if store is not None and store.shared else "Cassino")
        self.screen = self._open()
        self.shown_size = self.screen.get_size()
        from .sound import Sounds

        self.sounds = Sounds(self.settings, load=False)
        self.frames = 0

    # -- the window --------------------------------------------------------------

    def _open(self) -> pygame.Surface:
        smallest = self.smallest()
        self.least = smallest
        if self.fixed_size is not None:
            # A size asked for (the command line refuses one under MIN_SIZE) is
            # shown as asked on SDL's dummy driver, where the tests stand small
            # desktops in this way; on a screen, no bigger than a window there
            # may be (the README's 1280x720 on a 1280x720 desktop had its
            # bottom under the screen's edge, the title bar taking its top).
            size = self.fixed_size
            if os.environ.get("SDL_VIDEODRIVER") != "dummy":
                room = self.room()
                size = (min(size[0], room[0]), min(size[1], room[1]))
            self.least = (min(smallest[0], size[0]), min(smallest[1], size[1]))
            return self._windowed(size)
        if self.settings.fullscreen and os.environ.get("SDL_VIDEODRIVER") != "dummy":
            try:
                # Back from a window, the screen keeps the window's place unless
                # a window manager moves it (a bare X server, a kiosk): its corner.
                # The window's own place is kept, to come back to.
                if pygame.display.get_surface() is not None:
                    with warnings.catch_warnings():  # as in ``_windowed``
                        warnings.simplefilter("ignore", DeprecationWarning)
                        window = pygame.Window.from_display_module()
                        x, y = window.position
                        self.window_at = (x, y)
                        window.position = (0, 0)
            except (AttributeError, pygame.error):
                pass
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        room = self.room()
        # A first window in proportion to the desktop (1280x720 on 1920x1080, a ninth of a 4K screen before).
        scale = max(1.0, min(room[0] * 0.7 / WINDOWED[0], room[1] * 0.7 / WINDOWED[1]))
        wanted = (self.window_size or self.settings.window_size
                  or (round(WINDOWED[0] * scale), round(WINDOWED[1] * scale)))
        size = (max(smallest[0], min(wanted[0], room[0])), max(smallest[1], min(wanted[1], room[1])))
        return self._windowed(size)

    def _windowed(self, size: tuple[int, int]) -> pygame.Surface:
        """A resizable window of ``size`` that the player cannot make smaller
        than ``least``, where it was before full screen (it came back in the
        screen's corner, where full screen had put it)."""
        before = pygame.display.get_surface()
        from_full = before is not None and bool(before.get_flags() & pygame.FULLSCREEN)
        with warnings.catch_warnings():
            # Out of full screen, SDL's software framebuffer can hand back the screen's size
            # (pygame warns "forcibly resized by the OS", in the log at every F11): asked
            # again, the window takes the size asked for.
            warnings.simplefilter("ignore", RuntimeWarning)
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        if screen.get_size() != size:
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.window_size = size  # the size to come back to from full screen
        try:
            with warnings.catch_warnings():
                # Deprecated in pygame-ce 2.5 for programs that draw through a Window;
                # here only its minimum and place are set, for the window manager to keep to.
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
                window.minimum_size = self.least
                if self.window_at is not None:
                    window.position = self.window_at
                elif from_full:  # a game started full screen: its first window in the middle, not the corner
                    room = pygame.display.get_desktop_sizes()[0]
                    window.position = (max(0, (room[0] - size[0]) // 2), max(0, (room[1] - size[1]) // 2))
        except (AttributeError, pygame.error, IndexError):
            pass  # without it, ``resize`` still brings a smaller window back up
        return screen

    @staticmethod
    def room() -> tuple[int, int]:
        """The most a window may be: the desktop less its title bar and a panel
        (a window as big as a 1024x600 desktop had its bottom off the screen)."""
        sizes = pygame.display.get_desktop_sizes()
        if not sizes:
            return WINDOWED
        return (sizes[0][0] - DECORATIONS[0], sizes[0][1] - DECORATIONS[1])

    @classmethod
    def smallest(cls) -> tuple[int, int]:
        """The smallest window the table is laid out for, or what a smaller desktop has room for."""
        room = cls.room()
        return (min(MIN_SIZE[0], room[0]), min(MIN_SIZE[1], room[1]))

    def save_settings(self) -> None:
        """Keep the settings as they are now (they apply at once). If they could
        not be kept, ``settings_unsaved`` says why (and the title, once however
        many tries failed)."""
        theme.use_cloth(self.settings.table_colour)  # the menus' colours follow the cloth chosen
        if self.store is None:
            return
        try:
            self.store.save_settings(self.settings)
        except OSError as e:
            notice = (f"The settings could not be saved: {e.strerror} (in {self.store.place}). "
                      f"They apply until you quit.")
            if notice not in self.store.problems:
                self.store.problems.append(notice)
            self.settings_unsaved = notice
        else:
            self.settings_unsaved = None

    @property
    def fullscreen(self) -> bool:
        """Whether the game is full screen now (not in a window the command line asked for)."""
        return self.fixed_size is None and self.settings.fullscreen

    def toggle_fullscreen(self) -> None:
        """F11: full screen at the desktop resolution, or a resizable window (of
        the size it last had)."""
        self.settings.fullscreen = not self.fullscreen
        self.save_settings()
        self.fixed_size = None
        was = self._pointer_on_desktop()
        self.screen = self._open()
        if was is not None and self._pointer_on_desktop() not in (None, was):
            # SDL's software screen takes the pointer along to its place in the window (under
            # X it jumped onto whatever lay there in the new layout): it goes back where it was.
            here = self._in_window(was)
            if here is not None:
                pygame.mouse.set_pos(here)
        self._resized()

    def resize(self, size: tuple[int, int]) -> None:
        """A window the player (or a test) resized: kept at ``least`` or more."""
        size = (max(self.least[0], size[0]), max(self.least[1], size[1]))
        if size != self.screen.get_size():
            self.screen = self._windowed(size)
        elif not self.fullscreen:
            self.window_size = size
        self._resized()

    def _resized(self) -> None:
        self._find_pointer()
        size = self.screen.get_size()
        if size != self.shown_size:
            # The pointer did not move, though the window changed under it: the
            # motion the change sends must not move a menu's focus (the
            # keyboard's next Enter changed another setting).
            self.still_until = time.perf_counter() + STILL
            self.shown_size = size
        for scene in self.scenes:
            scene.resized(self.screen.get_size())

    @staticmethod
    def _pointer_on_desktop() -> tuple[int, int] | None:
        """Where the pointer is on the desktop (None where that cannot be told)."""
        try:
            x, y = pygame.mouse.get_pos(desktop=True)
        except pygame.error:
            return None
        return x, y

    def _find_pointer(self) -> None:
        """After the window changed or moved under a still pointer (F11, a window
        manager's move): where the pointer is in it, from its place on the
        desktop, if that is not where SDL last saw it (``pointer_at``)."""
        desktop = self._pointer_on_desktop()
        if desktop is None:
            return
        try:
            seen = pygame.mouse.get_pos()
            here = self._in_window(desktop)
        except pygame.error:
            return
        self.pointer_at = here if here is not None and here != seen else None

    def _in_window(self, desktop: tuple[int, int]) -> tuple[int, int] | None:
        """A place on the desktop as a place in the window, None if outside it."""
        wx, wy = pygame.display.get_window_position()
        x, y = desktop[0] - wx, desktop[1] - wy
        w, h = self.screen.get_size()
        return (x, y) if 0 <= x < w and 0 <= y < h else None

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels, as it is now."""
        return self.screen.get_size()

    # -- the scene stack ---------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        """The scene on top of the stack, which gets the input; None once all are gone."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Show ``scene`` over the others (an overlay, a menu); the scene it
        covers is told (``covered``), as its input stops here."""
        if self.scenes:
            self.scenes[-1].covered()
        self.scenes.append(scene)

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or ``scene`` and everything above it)."""
        if scene is None:
            if self.scenes:
                self.scenes.pop()
        elif scene in self.scenes:
            del self.scenes[self.scenes.index(scene):]
        if not self.scenes:
            self.running = False

    def replace(self, scene: Scene) -> None:
        """Clear the stack and show ``scene``."""
        self.scenes = [scene]

    # -- the loop --------------------------------------------------------------------

    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: input to the top scene, update it, draw the visible stack.
        ``events`` are the frame's input (by default, whatever is queued)."""
        for event in self._presses_restored(pygame.event.get() if events is None else events):
            if event.type == pygame.QUIT:
                self.running = False
                return
            if event.type == pygame.KEYUP:
                self.held.pop(event.key, None)
            elif event.type == pygame.KEYDOWN and self._repeated(event.key, getattr(event, "unicode", "")):
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
                self.show_keys()
                continue
            if event.type == pygame.VIDEORESIZE and not self.screen.get_flags() & pygame.FULLSCREEN:
                self.resize((event.w, event.h))
                continue
            if event.type == pygame.WINDOWSIZECHANGED:
                self._resized()
                continue
            if event.type == pygame.WINDOWMOVED:
                self.still_until = time.perf_counter() + STILL  # (as for a new size: the pointer stood still)
                self._find_pointer()
                for scene in self.scenes:
                    scene.moved()
            if event.type == pygame.MOUSEMOTION:
                if self.pointer_at is not None:
                    self._find_pointer()  # moved by hand, SDL knows where it is again; the window's own, not
                if time.perf_counter() < self.still_until:
                    continue  # the window's change, not a hand
            elif self.pointer_at is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                event = pygame.event.Event(event.type, {**event.dict, "pos": self.pointer_at})
            top = self.top
            if top is not None:
                top.handle(event)
        top = self.top
        if top is not None:
            top.update(dt)
        self.draw(self.screen)
        self.show()

    def _presses_restored(self, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
        """The events, with the press SDL drops after a release made in another
        window: it still holds the button down, so the next click here comes as
        a release alone, and the click was lost (a menu's button, a card)."""
        out = []
        for event in events:
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.buttons_down.add(event.button)
                self.release_away.discard(event.button)
                self.release_lost.discard(event.button)
            elif event.type == pygame.MOUSEBUTTONUP:
                if event.button in self.release_lost:
                    self.release_lost.discard(event.button)
                    out.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=event.button, pos=event.pos))
                # (A release while the focus is away is the press's own: the window held the
                # pointer, and the release came here after all.)
                self.release_away.discard(event.button)
                self.buttons_down.discard(event.button)
            elif event.type == pygame.WINDOWFOCUSLOST:
                self.release_away |= self.buttons_down
                self.buttons_down.clear()
            elif event.type == pygame.WINDOWFOCUSGAINED:
                # Back with no release seen: it went elsewhere, and SDL holds the button down still.
                self.release_lost |= self.release_away
                self.release_away.clear()
            out.append(event)
        return out

    def _repeated(self, key: int, typed: str) -> bool:
        """Whether this KEYDOWN is a held key's repeat to be dropped: F11 held
        flipped full screen on and off, Enter or Esc held chose again and
        again. A key counts as held only until a short while after its last
        press or repeat, in case its KEYUP was lost (as when the window was
        remade for full screen)."""
        now = time.perf_counter()
        last = self.held.get(key)
        self.held[key] = now
        if last is None or now - last > HELD_FOR:
            return False
        # While a name is typed, a held letter types again; not a held Enter (its
        # first press opened the typing, its repeat closed it at once).
        types = bool(typed) and typed.isprintable() and self.top is not None and self.top.typing
        return key not in REPEATING and not types

    def show(self) -> None:
        """Put the frame drawn on the screen; after the first, open the audio."""
        pygame.display.flip()
        self.frames += 1
        if self._timing is not None:
            self._mark_time()
        if self.frames == 1:
            self.sounds.load()

    def _mark_time(self) -> None:
        """``CASSINO_FIRST_FRAME=FILE``, for the start-up benchmark
        (benchmarks/exe_build.py): a line with the wall-clock time of the first
        frame shown, and one for the first frame with a scene (the menus)."""
        now = f"{time.time()!r}\n"
        lines = (now if self.frames == 1 else "") + (now if self.scenes else "")
        path = self._timing
        if self.scenes:
            self._timing = None  # both written
        if lines and path:
            try:
                with open(path, "a", encoding="utf-8") as f:
                    f.write(lines)
            except OSError:
                pass

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the top opaque scene and every scene above it, bottom up."""
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        for scene in self.scenes[first:]:
            scene.draw(surface)

    def wake_in(self) -> float | None:
        """When the top scene next needs a frame without input (see ``Scene.wake_in``)."""
        top = self.top
        return top.wake_in() if top is not None else None

    def run(self) -> None:
        """Frames at up to ``FPS`` while anything moves; otherwise asleep until
        input comes or the top scene asks to be woken."""
        last = time.perf_counter()
        while self.running and self.scenes:
            wake = self.wake_in()
            events: list[pygame.event.Event] | None = None
            if wake is not None and wake <= 0:
                self.clock.tick(FPS)
            else:
                # Asleep: no frame until an event, or until the scene's next change.
                events = self._sleep(wake)
                # (At most FPS frames a second by input too: every motion of a fast
                # mouse drew a whole frame, 75% of a core at 1280x720.)
                self.clock.tick(FPS)
            now = time.perf_counter()
            dt, last = now - last, now
            self.step(min(dt, MAX_STEP), events)
        self.keep_window()
        pygame.quit()

    def _sleep(self, wake: float | None) -> list[pygame.event.Event]:
        """The events that end a sleep of ``wake`` seconds (None: until one
        comes), looked for ``FPS`` times a second: ``pygame.event.wait`` looks
        a thousand times a second, some 1.5% of a core doing nothing."""
        deadline = None if wake is None else time.perf_counter() + wake
        while True:
            events = pygame.event.get()
            if events:
                return events
            left = 1 / FPS if deadline is None else min(1 / FPS, deadline - time.perf_counter())
            if left <= 0:
                return []
            time.sleep(left)

    def show_keys(self) -> None:
        """F1, anywhere: the rules' page of the mouse and the keys, or the page
        the screen on show names (unless the rules are on show already: Esc
        closes them)."""
        from .rulebook.screen import RulesScene
        from .rulebook.text import KEYS_SECTION, SECTIONS

        if not isinstance(self.top, RulesScene):
            # Over a game, its rules named and its page a click away (the variant's
            # rules were only under Esc, Rules).
            game = next((g for g in (s.rules_in_force() for s in reversed(self.scenes)) if g is not None), None)
            wanted = (self.top.help_page if self.top is not None else None) or KEYS_SECTION
            page = next(i for i, s in enumerate(SECTIONS) if s.title == wanted)
            self.push(RulesScene(self, page) if game is None else RulesScene(self, page, *game))

    def keep_window(self) -> None:
        """On closing: keep the size of the player's window, to open at next
        time. Not a size the command line asked for, nor full screen's (the
        window F11 would come back to is kept then)."""
        if self.fixed_size is not None or self.window_size is None:
            return
        if self.window_size != self.settings.window_size:
            self.settings.window_size = self.window_size
            self.save_settings()
