"""``python -m cassino``: the game, or a command-line tool (see ``cassino.cli``)."""

import sys

from cassino.cli import main

sys.exit(main())
