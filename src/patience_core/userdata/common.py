"""What the terminal and the server share about the player: the errors a person's input can
cause, the data folder, and how a game's options are labelled."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Final

import patience_core

HOME_ENV: Final = "PATIENCE_HOME"

# The core's errors for user mistakes; each message names the problem. Other exceptions are
# bugs and must surface with a traceback.
USER_ERRORS: Final = (
    patience_core.CardError,
    patience_core.DealError,
    patience_core.IllegalMoveError,
    patience_core.InvalidMoveError,
    patience_core.OptionError,
    patience_core.RecordError,
    patience_core.UnknownGameError,
)


class UserError(Exception):
    """A mistake of the user or a problem with a file: shown as one line (exit code 1 in the
    terminal, a 4xx answer from the server)."""


def option_label(game_id: str, options: Mapping[str, object]) -> str:
    """The options that differ from the game's (or preset's) defaults, as ``wrap=false``."""
    try:
        spec, preset = patience_core.find_game(game_id)
    except ValueError:  # a game no longer installed: show every option
        return " ".join(f"{k}={_text(v)}" for k, v in sorted(options.items()))
    defaults = spec.defaults()
    if preset is not None:
        defaults.update(preset.options)
    return " ".join(f"{k}={_text(v)}" for k, v in options.items() if defaults.get(k, object()) != v)


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


# --- the data folder ------------------------------------------------------------------------------


def data_dir() -> Path:
    """Where statistics and the autosave live: $PATIENCE_HOME, else the XDG data folder."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "patience"
