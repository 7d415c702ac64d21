"""The ``patience`` command. Only this package imports typer and rich.

>>> from patience_core.cli import app, main
"""

from __future__ import annotations

from patience_core.cli.app import app, main

__all__ = ["app", "main"]
