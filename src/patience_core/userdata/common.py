"""What the terminal and the server share about the player: the errors a person's input can
cause, the data folder, and how a game's options are labelled."""

from __future__ import annotations

import errno
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Final

import patience_core
from patience_core.engine.errors import quoted

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
    """Where statistics and the autosave live: $PATIENCE_HOME, else the XDG data folder.

    :class:`UserError` in one line for a folder the system cannot name: ``~nosuchuser/x``, a
    path too long for it, a NUL in it.
    """
    home = os.environ.get(HOME_ENV)
    try:
        if home:
            return _usable(Path(home).expanduser(), HOME_ENV)
        xdg = os.environ.get("XDG_DATA_HOME")
        base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    except RuntimeError:  # ~user of a user the system does not know, or no home at all
        what = f"{HOME_ENV} ({quoted(home)})" if home else "the data folder (set PATIENCE_HOME)"
        raise UserError(f"{what} names the home folder of a user this system does not know") from None
    return _usable(base / "patience", "XDG_DATA_HOME")


def _usable(path: Path, name: str) -> Path:
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError, PermissionError):
        pass  # made when first written, or refused then with the file's own error
    except OSError as err:
        if err.errno == errno.ENAMETOOLONG:
            raise UserError(
                f"{name} is a folder name too long for this system: {quoted(str(path))}"
            ) from None
    except ValueError:  # a NUL in it
        raise UserError(f"{name} is not a folder name: {quoted(str(path))}") from None
    return path
