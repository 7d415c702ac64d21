"""Game records on disk: saving atomically and loading with clear errors.

A record is the game's full view (``Game.to_dict("full")``: format, version, game, preset,
options, seed, deal text, moves in move text, status, cards left, score and the position they
give) plus ``saved_at`` and ``program``. Loading replays every move through
``Game.from_dict``, so a corrupt, truncated, wrong-version or tampered record is refused
before anything is written anywhere. JSON only: a record never holds code.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import patience_core
from patience_core import Game, RecordError
from patience_core.cli.common import CliError, data_dir

AUTOSAVE_NAME: Final = "autosave.json"
MAX_RECORD_BYTES: Final = 10 * 1024 * 1024  # far above any real game; refuses junk early
FORMAT: Final = "patience-game"


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_NAME


def record_of(game: Game) -> dict[str, Any]:
    """The game record of ``game``: its full view, its playing time, and when and by what it was saved."""
    data = game.to_record()
    data["saved_at"] = datetime.now(UTC).isoformat(timespec="seconds")
    data["program"] = f"patience {patience_core.__version__}"
    return data


def save_game(game: Game, path: Path) -> None:
    """Write ``game``'s record to ``path`` atomically.

    Refuses to overwrite a file that is not a game record, so a slip such as ``save notes.txt``
    cannot destroy something else.
    """
    if path.is_dir():
        raise CliError(f"{path} is a folder; give a file name such as {path / 'game.json'}")
    if path.exists() and not _is_record_file(path):
        raise CliError(f"{path} exists and is not a saved game; choose another file name")
    write_atomic(path, json.dumps(record_of(game), indent=1, ensure_ascii=False) + "\n")


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves either the old or the new file whole.

    The text goes to a temporary file in the same folder, is flushed to disk, and then takes
    the place of ``path`` in one rename.
    """
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as err:
        raise CliError(f"cannot save to {path}: {err.strerror or err}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(tmp, path)
    except BaseException as err:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(err, OSError):
            raise CliError(f"cannot save to {path}: {err.strerror or err}") from None
        raise
    _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    # Makes the rename itself durable; not possible on every system, and harmless to skip.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _is_record_file(path: Path) -> bool:
    try:
        if path.stat().st_size > MAX_RECORD_BYTES:
            return False
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


def read_record(path: Path) -> dict[str, Any]:
    """The JSON object in ``path``; :class:`CliError` saying what is wrong with the file."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise CliError(f"no saved game at {path}") from None
    except OSError as err:
        raise CliError(f"cannot read {path}: {err.strerror or err}") from None
    if path.is_dir():
        raise CliError(f"{path} is a folder, not a saved game")
    if size > MAX_RECORD_BYTES:
        raise CliError(f"{path} is not a saved game: it is {size} bytes, far too large for one")
    try:
        raw = path.read_bytes()
    except OSError as err:
        raise CliError(f"cannot read {path}: {err.strerror or err}") from None
    if not raw.strip():
        raise CliError(f"{path} is not a saved game: the file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CliError(f"{path} is not a saved game: it is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        body = text.strip()
        # An object that never closes, or an error at the very end: the file was cut short.
        if err.pos >= len(body) or (body.startswith("{") and not body.endswith("}")):
            why = "the JSON ends too early (the file is truncated)"
        else:
            why = f"the JSON is broken at line {err.lineno} column {err.colno} ({err.msg})"
        raise CliError(f"{path} is not a saved game, or it is damaged: {why}") from None
    except RecursionError:
        raise CliError(f"{path} is not a saved game: its JSON is nested too deeply") from None
    if not isinstance(data, dict):
        raise CliError(f"{path} is not a saved game: it holds a JSON {type(data).__name__}, not an object")
    return data


def load_game(path: Path) -> Game:
    """The game saved in ``path``, every move re-checked; :class:`CliError` naming the problem."""
    data = read_record(path)
    try:
        return Game.from_dict(data)
    except RecordError as err:
        raise CliError(f"{path}: {err}") from None
