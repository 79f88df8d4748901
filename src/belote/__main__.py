"""``python -m belote``: the same as the ``belote`` command."""

from belote.cli.main import main

raise SystemExit(main())
