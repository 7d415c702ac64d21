"""``python -m patience_core.cli``: the ``patience`` command."""

from patience_core.cli import main

main()
