"""Statistics: every finished game, kept in SQLite, summed up per game and option set.

What counts (:mod:`patience_core.inplay` applies it for the terminal and the server alike): a
game is *played* when it ends, won or lost, or when it is abandoned for a new deal (a loss, as
PySolFC and Microsoft's collection count it). A game left to resume (quit, a page closed), a
game the demo played in, ``--moves`` runs, commands piped in without ``--count``, replays and
resumed games that had already ended are not results. Each result is one row written in one
transaction, so a crash never leaves half a result.

A game has one result, that of its latest end: a game lost, taken back from the end and then
won counts as one game won (its row is replaced in place, keeping its place in the streaks).
An abandonment never replaces an end.

The key is the id played (a preset shows under its own id), the full set of option values,
and whether "still winnable?" was asked during the game: a game played with one option
changed, or with the solver's help, is counted apart from the same game played plainly.
Each row keeps the playing time, for the fastest win and the mean time.

A game is counted once whatever its copies: each row holds the game's identity
(:attr:`~patience_core.Game.uid`, kept in its saved records), and a game already counted is not
counted again, however many times a save of it is resumed and finished. Columns are only ever
added (older versions read the file as before). A row that does not read as a result (damaged
by hand or by another program) is a clear error until ``patience stats repair`` sets it aside.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import attrs

from patience_core import Game
from patience_core.userdata.common import UserError, data_dir, option_label
from patience_core.userdata.files import article, file_kind, show_path

DB_NAME: Final = "stats.sqlite3"
SCHEMA_VERSION: Final = 1
APPLICATION_ID: Final = 0x50415453  # "PATS": marks a statistics file as ours
_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    finished_at TEXT NOT NULL,
    game TEXT NOT NULL,         -- the id played: a game or a preset id
    base_game TEXT NOT NULL,    -- the game the preset belongs to (= game without a preset)
    options TEXT NOT NULL,      -- every option value, JSON with sorted keys
    seed TEXT,                  -- text: deal numbers go beyond SQLite's integers
    deal TEXT NOT NULL,
    won INTEGER NOT NULL,
    cards_left INTEGER NOT NULL,
    score INTEGER NOT NULL,
    moves INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS results_by_game ON results (game, options, id);
"""
_ADDED: Final = {
    "game_uid": "TEXT",  # the game's identity: counted once whatever its copies
    "seconds": "REAL",  # the playing time, NULL when not known
    "assisted": "INTEGER NOT NULL DEFAULT 0",  # "still winnable?" was asked: counted apart
}
"""Columns added to ``results`` since version 1, each with its type; added when first written."""
_ADDED_INDEXES: Final = (
    "CREATE UNIQUE INDEX IF NOT EXISTS results_by_uid ON results (game_uid) WHERE game_uid IS NOT NULL",
    "CREATE TABLE IF NOT EXISTS damaged_results (id INTEGER, row TEXT, why TEXT, set_aside_at TEXT)",
)
_ROW_FIELDS: Final = ("id", "game", "options", "won", "cards_left", "score", "seconds", "assisted")
"""The fields of a row the summaries read, in the order of :meth:`Store._rows`."""
_READ_ADDED: Final = (("seconds", "NULL"), ("assisted", "0"))
"""The added columns the summaries read, and what a file without them reads as."""
_ID: Final = re.compile(r"[a-z][a-z0-9:-]*\Z")


def db_path() -> Path:
    return data_dir() / DB_NAME


@attrs.frozen
class Summary:
    """The statistics of one game and option set."""

    game: str
    options: dict[str, Any]
    label: str
    played: int
    won: int
    current_streak: int
    best_streak: int
    best_cards_left: int
    best_score: int
    total_score: int
    assisted: bool = False
    """Games played with "still winnable?" asked: the solver's help, counted apart."""
    fastest_win: float | None = None
    """The shortest playing time of a win, in seconds (None: no timed win)."""
    mean_seconds: float | None = None
    """The mean playing time of the finished games (None: none timed)."""

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def to_json(self) -> dict[str, Any]:
        out = attrs.asdict(self)
        out["win_rate"] = round(self.win_rate, 4)
        return out


class Store:
    """The statistics database; every method opens and closes its own connection."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or db_path()

    @contextmanager
    def _connect(self, *, create: bool) -> Iterator[sqlite3.Connection | None]:
        """A connection to the file, or None when there are no statistics yet and ``create`` is
        off: reading never writes (an empty file stays empty). A file that is not ours (a
        database of other tables) is refused, never given our tables."""
        kind = file_kind(self.path)
        if kind is None and not create:
            yield None
            return
        if kind is not None and kind != "file":  # SQLite would wait for ever on a named pipe
            raise UserError(f"cannot use the statistics file {show_path(self.path)}: it is {article(kind)}")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with closing(sqlite3.connect(self.path, timeout=10)) as conn:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version > SCHEMA_VERSION:
                    raise UserError(
                        f"the statistics in {self.path} were written by a newer version of patience"
                    )
                tables = {
                    row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                }
                ours = conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
                if tables and not ours and "results" not in tables:
                    raise UserError(
                        f"{show_path(self.path)} is not a statistics file of patience (it holds other"
                        " tables); move it away, or set PATIENCE_HOME to another folder"
                    )
                if not tables and not create:
                    yield None  # an empty file: no statistics yet, and nothing written
                    return
                if version < SCHEMA_VERSION:
                    with conn:
                        conn.executescript(_SCHEMA)
                        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                yield conn
        except (sqlite3.DatabaseError, OSError) as err:
            raise UserError(
                f"cannot use the statistics file {self.path}: {err}; move it away to start afresh"
            ) from None

    def _grown(self, conn: sqlite3.Connection) -> None:
        # Before writing: the columns and tables added since version 1, once.
        have = {row[1] for row in conn.execute("PRAGMA table_info(results)")}
        with conn:
            for name, kind in _ADDED.items():
                if name not in have:
                    conn.execute(f"ALTER TABLE results ADD COLUMN {name} {kind}")
            for statement in _ADDED_INDEXES:
                conn.execute(statement)

    def record(
        self,
        game: Game,
        *,
        finished_at: str | None = None,
        assisted: bool = False,
        abandoned: bool = False,
    ) -> bool:
        """Add the result of a finished game, in one transaction; False when nothing changed.

        A game is one row whatever its copies (by its :attr:`~patience_core.Game.uid`): the row
        of an earlier end of the same game takes this result in place, unless it was finished
        later than ``finished_at`` (a result kept from before and counted late never replaces a
        newer one). ``abandoned``: the game was left unfinished for a new deal, a loss, which
        never replaces an end. ``assisted``: "still winnable?" was asked,
        or the deal revealed, during it (counted apart).
        """
        if not (game.is_over() or abandoned):
            raise ValueError("only a finished or abandoned game has a result")
        row = (
            finished_at or datetime.now(UTC).isoformat(timespec="seconds"),
            game.id,
            game.spec.id,
            json.dumps(game.options, sort_keys=True),
            None if game.deal.seed is None else str(game.deal.seed),
            game.deal_text(),
            int(game.is_won() and not abandoned),
            game.cards_left(),
            game.score(),
            len(game.moves),
            game.uid,
            round(game.clock.seconds, 3),
            int(assisted),
        )
        insert = (
            "INSERT INTO results (finished_at, game, base_game, options, seed, deal, won,"
            " cards_left, score, moves, game_uid, seconds, assisted)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        )
        if not abandoned:
            statement = insert + (
                " ON CONFLICT (game_uid) WHERE game_uid IS NOT NULL DO UPDATE SET"
                " finished_at = excluded.finished_at, won = excluded.won, cards_left = excluded.cards_left,"
                " score = excluded.score, moves = excluded.moves, seconds = excluded.seconds,"
                " assisted = excluded.assisted"
                " WHERE excluded.finished_at >= results.finished_at"
                " AND (won, cards_left, score, moves, assisted) IS NOT"
                " (excluded.won, excluded.cards_left, excluded.score, excluded.moves, excluded.assisted)"
            )
        else:
            statement = insert.replace("INSERT", "INSERT OR IGNORE", 1)
        with self._connect(create=True) as conn:
            assert conn is not None
            self._grown(conn)
            with conn:
                cur = conn.execute(statement, row)
            return cur.rowcount == 1

    def _rows(self, game_id: str | None = None) -> list[tuple[Any, ...]]:
        """(id, game, options, won, cards_left, score, seconds, assisted) of each row; a file
        written before the playing time was kept reads as NULL and 0 there."""
        args: tuple[str, ...] = ()
        where = ""
        if game_id is not None:
            where = " WHERE game = ? OR base_game = ?"
            args = (game_id, game_id)
        with self._connect(create=False) as conn:
            if conn is None:
                return []
            have = {row[1] for row in conn.execute("PRAGMA table_info(results)")}
            added = ", ".join(name if name in have else default for name, default in _READ_ADDED)
            query = f"SELECT id, game, options, won, cards_left, score, {added} FROM results"
            return conn.execute(query + where + " ORDER BY id", args).fetchall()

    def summaries(self, game_id: str | None = None) -> list[Summary]:
        """One summary per game and option set, by game id; ``game_id`` keeps that game and its presets.

        :class:`UserError` names a damaged row (and ``patience stats repair``) rather than
        summing what does not read as a result.
        """
        rows = self._rows(game_id)
        damaged = [(row[0], why) for row in rows if (why := damage(row)) is not None]
        if damaged:
            (first, why), n = damaged[0], len(damaged)
            raise UserError(
                f"the statistics file {show_path(self.path)} has {n} damaged row{'s' * (n > 1)}"
                f" (row {first}: {why}); 'patience stats repair' sets them aside and counts the rest"
            )
        groups: dict[tuple[str, str, int], list[tuple[int, int, int, float | None]]] = {}
        for _, game, options, won, left, score, seconds, assisted in rows:
            groups.setdefault((game, options, int(bool(assisted))), []).append((won, left, score, seconds))
        out = []
        for (game, options_json, assisted), results in groups.items():
            options = json.loads(options_json)
            streak = best = 0
            for won, *_ in results:
                streak = streak + 1 if won else 0
                best = max(best, streak)
            timed = [r[3] for r in results if isinstance(r[3], int | float)]
            wins = [r[3] for r in results if isinstance(r[3], int | float) and r[0]]
            label = option_label(game, options)
            if assisted:
                label = f"{label}, still winnable asked".lstrip(", ")
            out.append(
                Summary(
                    game=game,
                    options=options,
                    label=label,
                    played=len(results),
                    won=sum(r[0] for r in results),
                    current_streak=streak,
                    best_streak=best,
                    best_cards_left=min(r[1] for r in results),
                    best_score=max(r[2] for r in results),
                    total_score=sum(r[2] for r in results),
                    assisted=bool(assisted),
                    fastest_win=min(wins) if wins else None,
                    mean_seconds=sum(timed) / len(timed) if timed else None,
                )
            )
        return sorted(out, key=lambda s: (s.game, s.assisted, s.label))

    def count(self, game_id: str | None = None) -> int:
        """The rows (of one game and its presets), damaged or not."""
        return len(self._rows(game_id))

    def repair(self) -> tuple[int, int]:
        """Set the damaged rows aside (into the table ``damaged_results``, whole, with why),
        in one transaction; how many were set aside, and how many rows are left."""
        with self._connect(create=False) as conn:
            if conn is None:
                return 0, 0
            self._grown(conn)
            cur = conn.execute("SELECT * FROM results ORDER BY id")
            names = [d[0] for d in cur.description]
            rows = cur.fetchall()
            now = datetime.now(UTC).isoformat(timespec="seconds")
            damaged = []
            for row in rows:
                fields = dict(zip(names, row, strict=True))
                why = damage(
                    tuple(
                        fields.get(k)
                        for k in (
                            "id",
                            "game",
                            "options",
                            "won",
                            "cards_left",
                            "score",
                            "seconds",
                            "assisted",
                        )
                    )
                )
                if why is not None:
                    damaged.append(
                        (fields["id"], json.dumps({k: _plain(v) for k, v in fields.items()}), why, now)
                    )
            with conn:
                conn.executemany("INSERT INTO damaged_results VALUES (?, ?, ?, ?)", damaged)
                conn.executemany("DELETE FROM results WHERE id = ?", [(d[0],) for d in damaged])
            return len(damaged), len(rows) - len(damaged)

    def reset(self, game_id: str | None = None) -> int:
        """Delete the results (of one game and its presets); the number deleted."""
        with self._connect(create=False) as conn:
            if conn is None:
                return 0
            with conn:
                if game_id is None:
                    cur = conn.execute("DELETE FROM results")
                else:
                    cur = conn.execute(
                        "DELETE FROM results WHERE game = ? OR base_game = ?", (game_id, game_id)
                    )
            return cur.rowcount


def damage(row: tuple[Any, ...]) -> str | None:
    """What is wrong with a row (id, game, options, won, cards_left, score, seconds, assisted),
    or None."""
    _, game, options, won, left, score, seconds, assisted = row
    if not isinstance(game, str) or len(game) > 200 or not _ID.match(game):
        return "its game is not a game id"
    try:
        values = json.loads(options) if isinstance(options, str) else None
    except (ValueError, RecursionError):
        return "its options are not JSON"
    if not isinstance(values, dict) or not all(
        isinstance(k, str) and type(v) in (bool, int, str) for k, v in values.items()
    ):
        return "its options are not a JSON object of option values"
    if type(won) is not int or won not in (0, 1):
        return "its won is not 0 or 1"
    if type(left) is not int or not 0 <= left <= 52:
        return "its cards_left is not a number of cards"
    if type(score) is not int:
        return "its score is not a whole number"
    if seconds is not None and (type(seconds) not in (int, float) or not 0 <= seconds < 1e10):
        return "its seconds are not a playing time"
    if assisted not in (0, 1):
        return "its assisted is not 0 or 1"
    return None


def _plain(value: object) -> object:
    return value if value is None or isinstance(value, int | float | str) else repr(value)
