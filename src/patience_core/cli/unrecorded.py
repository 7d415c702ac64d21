"""Finished games the statistics could not take (a full disk, a read-only home), kept to count later.

When a finished game cannot be recorded, its record is kept as a file: in the data folder
(``unrecorded/``) when it can be written, else in the current folder. The games kept in the data
folder are counted by the next ``patience stats`` or finished game that can write the
statistics; one kept elsewhere is counted with ``patience stats add FILE``. Each is counted once:
its record keeps the game's identity.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

from patience_core import Game, RecordError
from patience_core.cli.common import CliError, error
from patience_core.userdata.common import data_dir
from patience_core.userdata.files import show_path
from patience_core.userdata.records import read_record, record_of, write_atomic
from patience_core.userdata.stats import Store

FOLDER: Final = "unrecorded"


def count_result(game: Game, *, assisted: bool = False) -> bool:
    """Record a finished game (``assisted``: "still winnable?" was asked, so it counts apart),
    and any kept from before; when the statistics cannot be written, keep the game to count
    later and say so as an error. True when it was counted."""
    store = Store()
    try:
        store.record(game, assisted=assisted)
    except CliError as err:
        where = keep(game, assisted=assisted)
        if where is None:
            error(f"the result was not counted in the statistics: {err}; it could not be kept either")
        elif where.parent == data_dir() / FOLDER:
            error(
                f"the result was not counted in the statistics: {err}. It is kept in {show_path(where)};"
                " 'patience stats' counts it once the statistics can be written"
            )
        else:  # in the current folder: its name is all there is to type
            error(
                f"the result was not counted in the statistics: {err}. It is kept in this folder as"
                f" {where.name}; count it with 'patience stats add {where.name}' once the statistics"
                " can be written"
            )
        return False
    count_kept(store)
    return True


def keep(game: Game, *, assisted: bool = False) -> Path | None:
    """Write a finished game's record to count later: where it was written, or None."""
    name = f"finished-{game.uid}.json"
    record = record_of(game)
    if assisted:
        record["assisted"] = True  # counted apart when it is counted
    text = json.dumps(record, indent=1, ensure_ascii=False) + "\n"
    for path in (data_dir() / FOLDER / name, Path.cwd() / name):
        try:
            write_atomic(path, text)
        except CliError:
            continue
        return path
    return None


def count_kept(store: Store) -> int:
    """Count the finished games kept in the data folder, removing each once counted; how many
    were counted (a game counted before is removed without counting it again)."""
    folder = data_dir() / FOLDER
    counted = 0
    for path in sorted(folder.glob("finished-*.json")) if folder.is_dir() else []:
        try:
            game, saved_at, assisted = finished(path)
        except CliError:
            continue  # left for 'patience stats add' to name what is wrong with it
        counted += store.record(game, finished_at=saved_at, assisted=assisted)
        path.unlink(missing_ok=True)
    return counted


def finished(path: Path) -> tuple[Game, str | None, bool]:
    """The finished game recorded in ``path``, when it was saved, and whether it counts apart
    ("still winnable?" was asked); :class:`CliError` for anything else."""
    data = read_record(path)
    try:
        game = Game.from_dict(data)
    except RecordError as err:
        raise CliError(f"{show_path(path)}: {err}") from None
    if not game.is_over():
        raise CliError(
            f"{show_path(path)} is a game not finished yet: play it on with patience play --resume"
        )
    saved = data.get("saved_at")
    return game, saved if isinstance(saved, str) and len(saved) <= 40 else None, data.get("assisted") is True
