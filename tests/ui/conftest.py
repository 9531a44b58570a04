"""Shared by the table and menu tests: pygame shut down after each test, so
that the next one opens its window, fonts and mixer afresh."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest


@pytest.fixture(autouse=True)
def _quit() -> Iterator[None]:
    yield
    pygame.quit()
