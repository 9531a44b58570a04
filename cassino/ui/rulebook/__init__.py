"""The in-game rules: the words and examples (``text``), their layout on a
page (``page``) and the screen that shows them (``screen``)."""

from .text import GROUPS, OPTIONS, SECTIONS, VARIANTS, Example, Pile, RuleOptions, Section, piles

__all__ = ["GROUPS", "OPTIONS", "SECTIONS", "VARIANTS", "Example", "Pile", "RuleOptions", "Section", "piles"]
