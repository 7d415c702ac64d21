"""Results the statistics could not take (a full disk, a read-only home), kept to count later.

When a result cannot be recorded, the game's record is kept as a file: in the data folder
(``unrecorded/``) when it can be written, else in the current folder. The results kept in the
data folder are counted by the next ``patience stats``, finished game or server start that can
write the statistics; one kept elsewhere is counted with ``patience stats add FILE``. Each is
counted once: its record keeps the game's identity. A file is named for what it holds:
``finished-UID.json`` a game that ended, ``abandoned-UID.json`` one left for a new deal (a loss).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

from patience_core import Game, RecordError
from patience_core.userdata.common import UserError, data_dir
from patience_core.userdata.files import show_path
from patience_core.userdata.records import read_record, record_of, write_atomic
from patience_core.userdata.stats import Store

FOLDER: Final = "unrecorded"
_KINDS: Final = ("finished", "abandoned")


def keep(
    game: Game, *, assisted: bool = False, abandoned: bool = False, folder: Path | None = None
) -> Path | None:
    """Write a result's game record to count later: where it was written, or None. One file per
    game: a later result of the same game takes the place of an earlier one."""
    name = f"{'abandoned' if abandoned else 'finished'}-{game.uid}.json"
    record = record_of(game)
    if assisted:
        record["assisted"] = True  # counted apart when it is counted
    text = json.dumps(record, indent=1, ensure_ascii=False) + "\n"
    here = (folder or data_dir()) / FOLDER
    for path in (here / name, Path.cwd() / name):
        try:
            write_atomic(path, text)
        except UserError:
            continue
        for kind in _KINDS:  # an end after an abandonment, or the other way round
            other = path.parent / f"{kind}-{game.uid}.json"
            if other != path and path.parent == here:
                other.unlink(missing_ok=True)
        return path
    return None


def kept_message(err: object, where: Path | None, folder: Path | None = None) -> str:
    """The one line that says a result was not counted, and where it waits."""
    if where is None:
        return f"the result was not counted in the statistics: {err}; it could not be kept either"
    if where.parent == (folder or data_dir()) / FOLDER:
        return (
            f"the result was not counted in the statistics: {err}. It is kept in {show_path(where)};"
            " 'patience stats' counts it once the statistics can be written"
        )
    # in the current folder: its name is all there is to type
    return (
        f"the result was not counted in the statistics: {err}. It is kept in this folder as"
        f" {where.name}; count it with 'patience stats add {where.name}' once the statistics"
        " can be written"
    )


def count_kept(store: Store, folder: Path | None = None) -> int:
    """Count the results kept in the data folder, removing each once counted; how many were
    counted (a game counted before is removed without counting it again)."""
    here = (folder or data_dir()) / FOLDER
    counted = 0
    paths = sorted(p for kind in _KINDS for p in here.glob(f"{kind}-*.json")) if here.is_dir() else []
    for path in paths:
        try:
            game, saved_at, assisted = finished(path)
        except UserError:
            continue  # left for 'patience stats add' to name what is wrong with it
        abandoned = path.name.startswith("abandoned-")
        counted += store.record(game, finished_at=saved_at, assisted=assisted, abandoned=abandoned)
        path.unlink(missing_ok=True)
    return counted


def finished(path: Path) -> tuple[Game, str | None, bool]:
    """The finished (or abandoned) game recorded in ``path``, when it was saved, and whether it
    counts apart ("still winnable?" was asked); :class:`UserError` for anything else."""
    data = read_record(path)
    try:
        game = Game.from_dict(data)
    except RecordError as err:
        raise UserError(f"{show_path(path)}: {err}") from None
    if not game.is_over() and not path.name.startswith("abandoned-"):
        raise UserError(
            f"{show_path(path)} is a game not finished yet: play it on with patience play --resume"
        )
    saved = data.get("saved_at")
    return game, saved if isinstance(saved, str) and len(saved) <= 40 else None, data.get("assisted") is True
