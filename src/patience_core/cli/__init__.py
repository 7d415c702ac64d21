"""The ``patience`` command. Only this package imports typer and rich.

>>> from patience_core.cli import app, main
"""

from __future__ import annotations

import sys

from patience_core.cli.app import app, main
from patience_core.userdata import files as _files
from patience_core.userdata import records as _records

# Until 0.2 the saved-game records and the file checks lay here; their old paths still import.
sys.modules[f"{__name__}.records"] = _records
sys.modules[f"{__name__}.files"] = _files

__all__ = ["app", "main"]
