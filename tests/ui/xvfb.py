"""The real game on a virtual screen, for the scripts that look at it
(``xvfb_play.py``, ``xvfb_screens.py``): Xvfb, the game in it, xdotool, and
screenshots with imagemagick's ``import``. Debian's xvfb, xdotool and
imagemagick must be installed."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAUSE = 0.5  # seconds for the game to draw what a key changed


def start_xvfb(size: tuple[int, int]) -> tuple[subprocess.Popen[bytes], str]:
    """An Xvfb server of ``size`` on a display number it chose itself, once it
    is ready, and that display. (Two test workers that each picked the first
    display with no lock file picked the same one, and one game found no
    server there; a fixed wait was too short on a busy machine.)"""
    w, h = size
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{w}x{h}x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write,))
    os.close(write)
    said = b""
    end = time.monotonic() + 30
    try:
        while not said.endswith(b"\n") and time.monotonic() < end:
            if not select.select([read], [], [], 0.5)[0]:
                if server.poll() is not None:
                    break
                continue
            chunk = os.read(read, 16)
            if not chunk:
                break
            said += chunk
    finally:
        os.close(read)
    if not said.strip().isdigit():
        server.kill()
        server.wait()
        raise SystemExit("Xvfb did not start")
    return server, f":{int(said)}"


class Screen:
    """One Xvfb screen, the real game on it (``python -m cassino play ARGS`` with
    ``home`` as the player's folder), and xdotool for the mouse and keyboard."""

    def __init__(self, size: tuple[int, int], out: Path, home: Path, args: tuple[str, ...] = ()):
        self.size = size
        self.out = out
        w, h = size
        self.xvfb, self.display = start_xvfb(size)
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(DISPLAY=self.display, SDL_AUDIODRIVER="dummy", CASSINO_HOME=str(home))
        self.env = env
        self.first_window = ""  # the game's window as first found (the X id)
        self.game = subprocess.Popen([sys.executable, "-m", "cassino", "play", *args], env=env, cwd=ROOT)
        try:
            self.wait_for_window()
            self.xdo("mousemove", w - 1, h - 1)  # out of the way: menus follow the pointer
        except BaseException:
            self.close()
            raise

    def xdo(self, *args: object) -> str:
        done = subprocess.run(["xdotool", *map(str, args)], env=self.env, check=True, capture_output=True,
                              text=True)
        return done.stdout

    def wait_for_window(self) -> None:
        end = time.monotonic() + 30
        while time.monotonic() < end:
            if self.game.poll() is not None:
                raise SystemExit(f"the game ended at once (status {self.game.returncode})")
            # By process: SDL names its window only in _NET_WM_NAME, which ``search --name`` may miss.
            found = subprocess.run(["xdotool", "search", "--pid", str(self.game.pid)], env=self.env,
                                   capture_output=True, text=True).stdout.split()
            # Found is not yet mapped: focusing it fails until it is, so try again.
            if found and subprocess.run(["xdotool", "windowfocus", found[0]], env=self.env,
                                        capture_output=True).returncode == 0:
                self.first_window = found[0]
                time.sleep(2)  # the first frames
                return
            time.sleep(0.3)
        raise SystemExit("the game's window never appeared")

    def keys(self, *names: str, times: int = 1) -> None:
        for _ in range(times):
            for name in names:
                self.xdo("key", "--delay", 60, name)
                time.sleep(0.12)
        time.sleep(PAUSE)

    def type(self, text: str) -> None:
        self.xdo("type", "--delay", 120, text)
        time.sleep(PAUSE)

    def shot(self, name: str) -> Path:
        w, h = self.size
        path = self.out / f"{w}x{h}-{name}.png"
        subprocess.run(["import", "-window", "root", str(path)], env=self.env, check=True)
        print("screenshot", path)
        return path

    def close(self) -> None:
        if self.game.poll() is None:
            self.game.terminate()
            try:
                self.game.wait(5)
            except subprocess.TimeoutExpired:
                self.game.kill()
        self.xvfb.terminate()
        self.xvfb.wait(5)
