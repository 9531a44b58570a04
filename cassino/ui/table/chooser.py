"""Which do you mean? A drop or a click with several legal meanings: the
player picks one, or cancels."""

from __future__ import annotations

from collections.abc import Callable

from cassino.rules import Move

from ..app import App
from ..art import theme
from ..widgets import Item, Overlay
from .stage import Stage



class ChooserScene(Overlay):
    """Several legal meanings: the player picks one, or cancels."""

    def __init__(self, app: App, stage: Stage, card: int, title: str, moves: list[Move], labels: list[str],
                 pick: Callable[[int], object], cancelled: Callable[[], None]):
        self.stage = stage
        self.card = card
        self.moves = moves
        def choose(i: int) -> Callable[[], None]:
            def act() -> None:
                self.app.pop(self)
                pick(i)
            return act

        def cancel() -> None:
            self.app.pop(self)
            cancelled()

        items = [Item(label, choose(i)) for i, label in enumerate(labels)] + [Item("Cancel", cancel)]
        super().__init__(app, title, items, cancel, numbered=True)
        self.labels = labels

    def box_width(self) -> int:
        w, _ = self.app.size
        longest = max(theme.font(theme.px(self.app.size, 24, 14)).size(label)[0] for label in self.labels)
        return round(min(max(longest + 140, 420), w - 40))
