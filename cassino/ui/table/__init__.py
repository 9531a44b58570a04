"""The table: one game at the table, round after round.

- ``scene``: the game's flow (moves, computer turns, rounds); ``state``: what it shows;
- ``input``: drag and drop, clicks and keys, and what a gesture means;
- ``layout``: where the seats, the cloth and the panel go for 2 to 6 seats;
- ``stage``: what is on show at rest, laid out: the one source of what is where;
- ``motion`` and ``choreography``: cards in flight, and what each play's event looks like;
- ``paint`` and ``panel``: drawing it all; ``words``: moves in words;
- ``keeping``: the saved game and the statistics;
- the scenes over the table: ``chooser``, ``cover``, ``pause``, ``scoresheet``, ``review``.
"""

from .scene import Exits, TableScene
from .seats import Seat, default_seats

__all__ = ["Exits", "Seat", "TableScene", "default_seats"]
