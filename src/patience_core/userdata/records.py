"""Game records on disk: saving atomically and loading with clear errors.

A record is the game's full view (``Game.to_dict("full")``: format, version, game, preset,
options, seed, deal text, moves in move text, status, cards left, score and the position they
give) plus ``uid`` (the game's identity, which statistics count once), ``saved_at`` and
``program``. Loading replays every move through
``Game.from_dict``, so a corrupt, truncated, wrong-version or tampered record is refused
before anything is written anywhere. JSON only: a record never holds code.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import stat
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import patience_core
from patience_core import Game, RecordError
from patience_core.engine.record import check_fields
from patience_core.userdata.common import UserError, data_dir
from patience_core.userdata.files import file_kind, read_file, show_path, why

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


def save_game(game: Game, path: Path, *, assisted: bool = False) -> None:
    """Write ``game``'s record to ``path`` atomically (``assisted``: "still winnable?" was
    asked, which the record keeps so that the resumed game still counts apart).

    Refuses to overwrite a file that is not a game record, so a slip such as ``save notes.txt``
    cannot destroy something else. The folder must exist, but for the data folder, which is
    made when first needed.
    """
    kind = file_kind(path)
    if kind == "folder":
        raise UserError(
            f"{show_path(path)} is a folder; give a file name such as {show_path(path / 'game.json')}"
        )
    if kind is not None and not _is_record_file(path):
        raise UserError(f"{show_path(path)} exists and is not a saved game; choose another file name")
    if path.parent != data_dir() and file_kind(path.parent) != "folder":
        raise UserError(f"cannot save to {show_path(path)}: there is no folder {show_path(path.parent)}")
    record = record_of(game)
    if assisted:
        record["assisted"] = True
    write_atomic(path, json.dumps(record, indent=1, ensure_ascii=False) + "\n")


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves either the old or the new file whole.

    The text goes to a temporary file in the same folder, is flushed to disk, and then takes
    the place of ``path`` in one rename. Temporary files that an earlier crash left beside
    ``path`` are removed first.
    """
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _clean_stale(path)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except (OSError, ValueError) as err:
        raise UserError(f"cannot save to {show_path(path)}: {why(err)}") from None
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
            raise UserError(f"cannot save to {show_path(path)}: {why(err)}") from None
        raise
    _fsync_folder(folder)


STALE_SECONDS: Final = 60
"""A temporary file of a save older than this was left by a crash (a save takes milliseconds)."""


def _clean_stale(path: Path) -> None:
    now = time.time()
    for tmp in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        with contextlib.suppress(OSError):
            info = tmp.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_SECONDS:
                tmp.unlink()


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
    """Whether ``path`` holds a whole game record (every field as records have it), which a
    save may replace; an object that only says ``"format": "patience-game"`` is not one."""
    try:
        data = json.loads(read_file(path, "saved game", MAX_RECORD_BYTES).decode("utf-8"))
    except (UserError, UnicodeDecodeError, ValueError, RecursionError):
        return False
    if not isinstance(data, dict) or data.get("format") != FORMAT or not data.keys() >= _RECORD_KEYS:
        return False
    try:
        check_fields(data)
    except RecordError:
        return False
    return data.get("view") == "full"


_RECORD_KEYS: Final = frozenset({"format", "version", "view", "game", "options", "deal", "moves", "status"})


def read_record(path: Path) -> dict[str, Any]:
    """The JSON object in ``path``; :class:`UserError` saying what is wrong with the file."""
    raw = read_file(path, "saved game", MAX_RECORD_BYTES)
    where = show_path(path)
    if not raw.strip():
        raise UserError(f"{where} is not a saved game: the file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UserError(f"{where} is not a saved game: it is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        body = text.strip()
        # An object that never closes, or an error at the very end: the file was cut short.
        if err.pos >= len(body) or (body.startswith("{") and not body.endswith("}")):
            why = "the JSON ends too early (the file is truncated)"
        else:
            why = f"the JSON is broken at line {err.lineno} column {err.colno} ({err.msg})"
        raise UserError(f"{where} is not a saved game, or it is damaged: {why}") from None
    except RecursionError:
        raise UserError(f"{where} is not a saved game: its JSON is nested too deeply") from None
    except ValueError:  # a number of thousands of digits, which Python refuses to read
        raise UserError(f"{where} is not a saved game: its JSON holds a number far too long") from None
    if not isinstance(data, dict):
        raise UserError(f"{where} is not a saved game: it holds a JSON {type(data).__name__}, not an object")
    return data


def load_game(path: Path) -> Game:
    """The game saved in ``path``, every move re-checked; :class:`UserError` naming the problem."""
    data = read_record(path)
    try:
        return Game.from_dict(data)
    except RecordError as err:
        raise UserError(f"{show_path(path)}: {err}") from None
