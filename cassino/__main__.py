"""``python -m cassino``: the game, or a command-line tool (see ``cassino.cli``)."""

import multiprocessing
import sys

# The Master's second core is a process started afresh ("spawn"): it imports
# this module again under another name, and must not start a game there.
if __name__ == "__main__":
    multiprocessing.freeze_support()  # in the executable, the helper process starts here

    from cassino.cli import main

    sys.exit(main())
