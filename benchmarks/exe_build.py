"""The executable's figures beside a yardstick: a bare pygame-ce window.

    python benchmarks/exe_build.py [--runs 9] [--out DIR] [--no-build]

Builds the game (``build_exe.spec``) and the baseline
(``benchmarks/hello_window.py``, through the same spec with ``--baseline``, so
with the very same PyInstaller options), then prints, side by side:

- the one-folder app's size on disk, and its zip;
- the one-file executable's size;
- the time from launch to the first frame on screen, median of ``--runs``
  launches, for the one-folder and the one-file builds.

The first frame is the moment the program itself reports (it writes the time
to ``CASSINO_FIRST_FRAME`` right after its first ``display.flip()``); launches
alternate between the programs so that a busy moment hurts both alike. Each
game launch gets a fresh, empty player folder, as on a first double-click. The
window is a real X window on Xvfb when Xvfb is installed (the game full screen
as a player would see it; the baseline its 1280x720 window), otherwise SDL's
dummy driver. Targets: the game's one-folder start within 1.5 times the
baseline's, its one-file size within 1.3 times. The last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXE = ".exe" if sys.platform == "win32" else ""


def build(out: Path, baseline: bool) -> None:
    name = "baseline" if baseline else "game"
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
           "--distpath", str(out / name / "dist"), "--workpath", str(out / name / "build"),
           str(ROOT / "build_exe.spec")]
    if baseline:
        cmd += ["--", "--baseline"]
    started = time.perf_counter()
    subprocess.run(cmd, check=True, cwd=ROOT)
    print(f"built the {name} in {time.perf_counter() - started:.0f} s", file=sys.stderr)


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def start_display() -> tuple[dict[str, str], subprocess.Popen[bytes] | None]:
    """A display for the launches: Xvfb if it is there, else SDL's dummy driver."""
    if shutil.which("Xvfb") and sys.platform.startswith("linux"):
        display = f":{90 + os.getpid() % 50}"
        xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)
        if xvfb.poll() is None:
            return {"DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}, xvfb
    return {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}, None


def first_frame(program: list[str], env: dict[str, str], marks: int = 1) -> list[float]:
    """Seconds from launching ``program`` to each of the first ``marks`` times it
    writes: its first frame, then (the game) its title screen's first frame."""
    with tempfile.TemporaryDirectory() as tmp:
        mark = Path(tmp) / "first-frame"
        run_env = {**os.environ, **env, "CASSINO_FIRST_FRAME": str(mark), "CASSINO_HOME": str(Path(tmp) / "home")}
        launched = time.time()
        proc = subprocess.Popen(program, env=run_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 60
            while not mark.exists() or mark.read_text().count("\n") < marks:
                if proc.poll() is not None:
                    raise RuntimeError(f"{program} exited ({proc.returncode}) before showing a frame")
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{program} showed no frame within 60 s")
                time.sleep(0.002)
            return [float(t) - launched for t in mark.read_text().splitlines()[:marks]]
        finally:
            proc.terminate()  # the one-file build then removes what it unpacked
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=9, help="launches of each build (median reported)")
    p.add_argument("--out", help="build folder (default: a temporary one, removed afterwards)")
    p.add_argument("--no-build", action="store_true", help="measure the builds already in --out")
    args = p.parse_args()
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="cassino-exe-"))
    try:
        if not args.no_build:
            build(out, baseline=True)
            build(out, baseline=False)
        programs = {
            ("baseline", "onedir"): out / "baseline" / "dist" / "Hello" / f"Hello{EXE}",
            ("baseline", "onefile"): out / "baseline" / "dist" / f"Hello-onefile{EXE}",
            ("game", "onedir"): out / "game" / "dist" / "Cassino" / f"Cassino{EXE}",
            ("game", "onefile"): out / "game" / "dist" / f"Cassino-onefile{EXE}",
        }
        missing = [str(path) for path in programs.values() if not path.exists()]
        if missing:
            print(f"exe_build: not built: {', '.join(missing)}", file=sys.stderr)
            return 1
        # How each is started in each window mode: the game as double-clicked
        # (full screen) or in a 1280x720 window; the baseline likewise.
        modes = {"window": {"baseline": [], "game": ["play", "--window", "1280x720"]},
                 "fullscreen": {"baseline": ["--fullscreen"], "game": []}}
        launches = {(who, kind, mode): [str(path)] + modes[mode][who]
                    for (who, kind), path in programs.items() for mode in modes}
        zips = {who: next((out / who / "dist").glob("*.zip"), None) for who in ("baseline", "game")}
        sizes = {who: {"onedir_bytes": folder_size(programs[(who, "onedir")].parent),
                       "onefile_bytes": programs[(who, "onefile")].stat().st_size,
                       "zip_bytes": zips[who].stat().st_size if zips[who] else None}
                 for who in ("baseline", "game")}
        env, xvfb = start_display()
        try:
            times: dict[tuple[str, str, str], list[float]] = {key: [] for key in launches}
            menus: dict[tuple[str, str, str], list[float]] = {key: [] for key in launches if key[0] == "game"}
            for key, cmd in launches.items():  # one launch each first: disk caches warm for all alike
                first_frame(cmd, env)
            for _ in range(args.runs):
                for key, cmd in launches.items():
                    got = first_frame(cmd, env, 2 if key in menus else 1)
                    times[key].append(got[0])
                    if key in menus:
                        menus[key].append(got[1])
        finally:
            if xvfb is not None:
                xvfb.terminate()
                xvfb.wait()
        med = {key: statistics.median(v) for key, v in times.items()}
        mb = 1024 * 1024
        print(f"display: {env.get('DISPLAY', 'SDL dummy driver')}; launch to first frame: median of {args.runs}")
        print(f"{'':50}{'baseline':>10}{'game':>10}{'ratio':>8}")
        rows = [("one-folder size (MB)", sizes["baseline"]["onedir_bytes"] / mb, sizes["game"]["onedir_bytes"] / mb),
                ("one-file size (MB)", sizes["baseline"]["onefile_bytes"] / mb, sizes["game"]["onefile_bytes"] / mb)]
        for mode, label in (("window", "1280x720 window"), ("fullscreen", "full screen")):
            for kind, name in (("onedir", "one-folder"), ("onefile", "one-file")):
                rows.append((f"{name}, {label} (ms)", med[("baseline", kind, mode)] * 1000,
                             med[("game", kind, mode)] * 1000))
        for label, a, b in rows:
            print(f"{label:50}{a:>10.1f}{b:>10.1f}{b / a:>7.2f}x")
        menu_med = {key: statistics.median(v) for key, v in menus.items()}
        for (who, kind, mode), v in menu_med.items():
            label = f"  title menus shown, {'one-folder' if kind == 'onedir' else 'one-file'}, {mode} (ms)"
            base = med[("baseline", kind, mode)]
            print(f"{label:50}{'':>10}{v * 1000:>10.1f}{v / base:>7.2f}x")
        if sizes["game"]["zip_bytes"]:
            print(f"{'the game download (zip, MB)':50}{'':>10}{sizes['game']['zip_bytes'] / mb:>10.1f}")
        start_ratio = {mode: med[("game", "onedir", mode)] / med[("baseline", "onedir", mode)] for mode in modes}
        size_ratio = sizes["game"]["onefile_bytes"] / sizes["baseline"]["onefile_bytes"]
        verdict = ", ".join(f"{mode} {r:.2f}x" for mode, r in start_ratio.items())
        met = all(r <= 1.5 for r in start_ratio.values())
        print(f"targets: one-folder start within 1.5x ({verdict}: {'met' if met else 'MISSED'}); "
              f"one-file size within 1.3x ({size_ratio:.2f}x: {'met' if size_ratio <= 1.3 else 'MISSED'})")
        print(json.dumps({"platform": sys.platform, "display": env.get("DISPLAY", "dummy"), "runs": args.runs,
                          "sizes": sizes,
                          "first_frame_ms": {"_".join(k): round(v * 1000, 1) for k, v in med.items()},
                          "title_menus_ms": {"_".join(k): round(v * 1000, 1) for k, v in menu_med.items()},
                          "first_frame_all_ms": {"_".join(k): [round(x * 1000, 1) for x in v]
                                                 for k, v in times.items()},
                          "onedir_start_ratio": {m: round(r, 3) for m, r in start_ratio.items()},
                          "onefile_size_ratio": round(size_ratio, 3)}))
        return 0
    finally:
        if not args.out:
            shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
