"""The command line: the `belote` command and the terminal game.

What lives here: the parser and the small commands (`main`), the
commands over the experiments (`commands`) and `belote play` (`play`).
Each command loads its modules when it runs, so ``belote --version`` stays
fast.

What it may import: every wing, the web table included (`belote serve`);
nothing imports it but `belote.__main__`.
"""

from belote.cli.main import main

__all__ = ["main"]
