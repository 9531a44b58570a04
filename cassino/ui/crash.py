"""The last screen: an unexpected error, said in words, with where the log is.

A windowed build has no console; without this, an error would close the
window with nothing said. The message names the error and the log file to
send with a report, and waits for a click or a key.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from .art import theme


def message(error: BaseException, log_path: Path | None) -> list[str]:
    """The lines shown (and written to stderr)."""
    what = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    lines = ["Cassino stopped because of an unexpected error.", what, ""]
    if log_path is not None:
        lines += ["The details are in the log file:", str(log_path),
                  "Please send that file with a short note of what you were doing."]
    else:
        lines += ["The log file could not be written; the details went to the console, if any."]
    lines += ["A game in progress was saved after its last move: Continue on the title screen resumes it.", "",
              "Click or press any key to close."]
    return lines


def show(error: BaseException, log_path: Path | None, wait: bool = True) -> None:
    """Draw the message in the game's window (opening one if needed) and wait."""
    lines = message(error, log_path)
    try:
        if not pygame.get_init():
            pygame.init()
        screen = pygame.display.get_surface()
        if screen is None:
            screen = pygame.display.set_mode((960, 420))
        pygame.display.set_caption("Cassino: unexpected error")
        _draw(screen, lines, str(log_path))
        pygame.display.flip()
        while wait:
            event = pygame.event.wait()
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
                break
            surface = pygame.display.get_surface()
            if surface is not None and event.type in (pygame.WINDOWEXPOSED, pygame.VIDEORESIZE,
                                                      pygame.WINDOWSIZECHANGED):
                _draw(surface, lines, str(log_path))
                pygame.display.flip()
    except Exception:  # noqa: BLE001 - the message must not raise a second error
        pass
    finally:
        pygame.quit()


def _draw(screen: pygame.Surface, lines: list[str], path: str = "") -> None:
    w, h = screen.get_size()
    screen.fill((40, 28, 30))
    size = max(14, min(26, w // 48))
    try:
        fonts = [theme.font(round(size * 1.2), bold=True), theme.font(size)]
    except Exception:  # noqa: BLE001 - the bundled font may be what went wrong
        try:  # (pygame's own font, where it is installed: the download leaves it out)
            fonts = [pygame.font.Font(None, round(size * 1.6)), pygame.font.Font(None, round(size * 1.3))]
        except (FileNotFoundError, OSError, pygame.error):
            return  # no font at all: the log keeps what happened
    y = max(size, h // 2 - len(lines) * size * 3 // 4)
    for i, line in enumerate(lines):
        f = fonts[0] if i == 0 else fonts[1]
        colour = (250, 235, 200) if i == 0 else theme.GOLD if line == path else (235, 230, 222)
        surf = f.render(line, True, colour)
        if surf.get_width() > w - 2 * size:  # a long path: shrink rather than cut
            surf = pygame.transform.smoothscale_by(surf, (w - 2 * size) / surf.get_width())
        screen.blit(surf, surf.get_rect(midtop=(w // 2, y)))
        y += round(f.get_linesize() * 1.1)
