"""What the README says holds: its files exist, its test command is what CI
runs, its commands and their options are the program's, and it calls Python
one way throughout."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from cassino.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_ci_script_runs_exactly_the_readmes_test_command() -> None:
    section = README.split("## Test", 1)[1]
    command = re.search(r"```sh\n(.*?)\n```", section, re.S)
    assert command is not None
    ci = [line for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
          if line and not line.startswith("#") and not line.startswith("set ") and not line.startswith("cd ")]
    assert ci == [command[1]]
    assert "mypy --strict cassino" in command[1] and "pytest" in command[1]


def test_every_file_the_readme_names_exists() -> None:
    links = re.findall(r"\]\(([^)#]+)\)", README)
    paths = [p for p in re.findall(r"`([^`\s]+)`", README)
             if re.match(r"(cassino|tests|benchmarks|assets|docs|\.ci|\.github)/|build_exe\.spec$", p)]
    assert "docs/rules.md" in links and "docs/formats.md" in links
    missing = [p for p in links + paths if not (ROOT / p.rstrip("/")).exists()]
    assert missing == []


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


ROWS = re.findall(r"^\| `\.venv/bin/python -m cassino ([^`]*)` \|", README, re.M)


TOP_LEVEL = {"--selftest", "--version"}  # the rows of the program's own options, not a command's


def test_the_command_table_lists_every_command() -> None:
    named = {row.split()[0] for row in ROWS}
    assert named == set(subcommands()) | TOP_LEVEL


@pytest.mark.parametrize("row", ROWS)
def test_each_commands_options_are_the_programs(row: str) -> None:
    name = row.split()[0]
    parser = build_parser() if name in TOP_LEVEL else subcommands()[name]
    known = {s for a in parser._actions for s in a.option_strings}
    options = set(re.findall(r"--[a-z][a-z-]*", row)) - {name}
    assert options <= known, options - known


def test_python_is_called_one_way() -> None:
    """The virtual environment's Python, after the one ``python3 -m venv`` that makes it."""
    calls = re.findall(r"([\w./\\]*python3?)(?= -m | benchmarks/)", README)
    assert set(calls) <= {".venv/bin/python", "python3"}
    assert all(m == "python3 -m venv" for m in re.findall(r"python3 -m \w+", README))


def test_the_layout_names_every_sub_package() -> None:
    """A folder of the package that the README's layout leaves out (or one it
    names that has gone) makes the map wrong for a newcomer."""
    layout = README.split("## Layout", 1)[1]
    packages = {f"{p.parent.relative_to(ROOT).as_posix()}/" for p in (ROOT / "cassino").rglob("__init__.py")}
    named = set(re.findall(r"`(cassino/[\w/]+/)`", layout))
    assert packages - {"cassino/"} == named
