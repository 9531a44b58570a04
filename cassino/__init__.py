"""Cassino: the classic fishing card game. See README.md."""

__version__ = "0.1.0"
