"""The games the server plays: made, played and kept in SQLite, one transaction per change.

Every game has an unguessable id (``secrets.token_urlsafe``): whoever holds the id plays the
game, so the id is the only key. A game lives in the table ``games`` as its record
(:meth:`Game.to_record`, which replays on load), so a restarted server resumes every game.

Two clients on one game cannot corrupt it. Changes to a game are serialized by a lock per
game, each write is conditional on the version it started from (so even two server processes
on one file cannot lose a move), and a client may send the ``version`` it last saw: when the
game has changed since, the change is refused as stale (409) instead of applied to a position
the client never saw.

Nothing here hands out a hidden card: :meth:`Games.state` is the player view and the facts
beside it (redo count, playing time); the record, which reveals the deal, comes only from
:meth:`Games.record`, after the end or when asked for with a word that it reveals the deal.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, TypeVar

import attrs

import patience_core
from patience_core import DealError, Game, GameSpec, IllegalMoveError, OptionError, UnknownGameError
from patience_core.engine.clock import MAX_SECONDS, Clock
from patience_core.engine.game import STATE_KEYS
from patience_core.players import hint
from patience_core.solver import next_winnable_deal_full_information, still_winnable_full_information
from patience_core.userdata.common import USER_ERRORS, UserError, data_dir
from patience_core.userdata.records import record_of
from patience_core.userdata.stats import DB_NAME as STATS_DB_NAME
from patience_core.userdata.stats import Store

log = logging.getLogger("patience.web")

DB_NAME: Final = "games.sqlite3"
SCHEMA_VERSION: Final = 2
IDLE_SECONDS: Final = 180.0
"""The most playing time counted between two requests on a game: a page left open overnight
does not add a night to the clock."""
OPEN_GAMES: Final = 2_000
"""Games kept in memory; the least recently used beyond this are loaded again when asked for."""
STILL_WINNABLE_SECONDS: Final = 2.0
_ID: Final = re.compile(r"[A-Za-z0-9_-]{16,64}\Z")
_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    version INTEGER NOT NULL,   -- one more at every change: a stale client is told
    counted INTEGER NOT NULL,   -- the result goes to the statistics (not when the demo finished it)
    recorded INTEGER NOT NULL,  -- the result is in the statistics already
    record TEXT NOT NULL,       -- the game record (full view, undone moves, playing time)
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
"""
# Each step brings a games file from the version before it to its own.
_MIGRATIONS: Final = {
    1: _SCHEMA,
    2: "ALTER TABLE games ADD COLUMN assisted INTEGER NOT NULL DEFAULT 0;  -- still-winnable was asked\n",
}
T = TypeVar("T")


class ApiError(Exception):
    """A request the server refuses: an HTTP status and the one-line reason a person reads."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@contextmanager
def refusals() -> Iterator[None]:
    """The core's errors for user mistakes as :class:`ApiError`, with the message the CLI prints."""
    try:
        yield
    except IllegalMoveError as err:
        raise ApiError(422, str(err)) from None
    except USER_ERRORS as err:  # bad input: the errors the command line reports in one line
        raise ApiError(400, str(err)) from None


def typed_options(spec: GameSpec, given: Mapping[str, Any]) -> dict[str, Any]:
    """Option values as JSON gives them (true, 3, "match"), or as text the way the command line
    reads ``-o wrap=false``; :class:`OptionError` names an unknown option."""
    out = {}
    for name, value in given.items():
        option = spec.option(name)
        text_for_typed = isinstance(value, str) and not isinstance(option.default, str)
        out[name] = option.parse(value) if text_for_typed else value
    return out


@attrs.define(eq=False)
class Open:
    """A game in memory: the game, its version and flags, and the lock that serializes it."""

    id: str
    game: Game
    version: int
    counted: bool
    recorded: bool
    assisted: bool = False
    """Still-winnable was asked: the result is counted apart, as the terminal counts it."""
    paused_at: float = attrs.field(factory=time.monotonic)
    lock: threading.Lock = attrs.field(factory=threading.Lock)


class Database:
    """The games file: one connection, used under a lock (SQLite writes one at a time anyway)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(path, timeout=10, check_same_thread=False, isolation_level=None)
            # WAL: readers never wait for a writer; NORMAL: a commit survives the process dying.
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise UserError(f"the games in {path} were written by a newer version of patience")
            if version < SCHEMA_VERSION:
                steps = "".join(_MIGRATIONS[step] for step in range(version + 1, SCHEMA_VERSION + 1))
                conn.executescript(f"BEGIN; {steps} PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")
        except (sqlite3.DatabaseError, OSError) as err:
            raise UserError(
                f"cannot use the games file {path}: {err}; move it away to start afresh"
            ) from None
        self._conn = conn

    def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            try:
                return fn(self._conn)
            except sqlite3.DatabaseError as err:
                raise ApiError(503, f"cannot use the games file: {err}") from None

    def insert(self, entry: Open) -> None:
        now = _now()
        row = (
            entry.id,
            entry.version,
            entry.counted,
            entry.recorded,
            _record_text(entry.game),
            now,
            now,
            entry.assisted,
        )

        def go(conn: sqlite3.Connection) -> None:
            with conn:
                conn.execute(
                    "INSERT INTO games (id, version, counted, recorded, record, created_at, updated_at,"
                    " assisted) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    row,
                )

        self._run(go)

    def update(self, entry: Open, version: int) -> bool:
        """Write ``entry`` over the row still at ``version``, in one transaction; False when the
        row has moved on (another process changed the game)."""
        args = (
            entry.version,
            entry.counted,
            entry.recorded,
            entry.assisted,
            _record_text(entry.game),
            _now(),
            entry.id,
            version,
        )

        def go(conn: sqlite3.Connection) -> bool:
            with conn:
                cur = conn.execute(
                    "UPDATE games SET version = ?, counted = ?, recorded = ?, assisted = ?, record = ?,"
                    " updated_at = ? WHERE id = ? AND version = ?",
                    args,
                )
            return cur.rowcount == 1

        return self._run(go)

    def load(self, game_id: str) -> tuple[int, bool, bool, bool, dict[str, Any]] | None:
        def go(conn: sqlite3.Connection) -> Any:
            return conn.execute(
                "SELECT version, counted, recorded, assisted, record FROM games WHERE id = ?", (game_id,)
            ).fetchone()

        row = self._run(go)
        if row is None:
            return None
        return int(row[0]), bool(row[1]), bool(row[2]), bool(row[3]), json.loads(row[4])

    def count(self) -> int:
        return int(self._run(lambda conn: conn.execute("SELECT count(*) FROM games").fetchone()[0]))

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _record_text(game: Game) -> str:
    """What the file keeps of a game: its record without the position its moves give (loading
    replays them anyway, and the position is most of a record's size and time to write)."""
    record = game.to_record()
    for key in STATE_KEYS:
        del record[key]
    return json.dumps(record, separators=(",", ":"))


class Games:
    """The games of one server: make, find, change and keep them.

    Every method is safe to call from several threads; the web app calls them from a thread
    pool so that a long hint never holds up other games.
    """

    def __init__(self, folder: Path | None = None, *, stats: Store | None = None) -> None:
        folder = folder or data_dir()
        self.db = Database(folder / DB_NAME)
        self.stats = stats or Store(folder / STATS_DB_NAME)
        self._lock = threading.Lock()
        self._open: OrderedDict[str, Open] = OrderedDict()

    def close(self) -> None:
        self.db.close()

    # --- making and finding games -----------------------------------------------------------------

    def create(
        self,
        game_id: str,
        *,
        seed: int | None = None,
        winnable: bool = False,
        options: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A new game of ``game_id`` (a game or preset id) on deal ``seed``, a random deal, or
        with ``winnable`` the first deal from ``seed`` (or a random number) that the
        full-information solver proves winnable. Returns its state."""
        with refusals():
            spec, _ = patience_core.find_game(game_id)
            options = typed_options(spec, options or {})
            if winnable:
                start = secrets.randbits(32) if seed is None else seed
                try:
                    seed = next_winnable_deal_full_information(game_id, start, **options)
                except (OptionError, UnknownGameError, DealError):
                    raise
                except ValueError as err:  # no winnable deal among those tried
                    raise ApiError(422, str(err)) from None
            game = patience_core.new_game(game_id, seed=seed, **options)
        return self._add(game, counted=True, recorded=False)

    def resume(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """A new game id for a game record (as downloaded), every move replayed and checked."""
        with refusals():
            game = patience_core.load_game(record)
        game.clock.stop()
        # A game that had ended was counted where it ended.
        return self._add(game, counted=True, recorded=game.is_over())

    def _add(self, game: Game, *, counted: bool, recorded: bool) -> dict[str, Any]:
        game.clock.stop()
        entry = Open(secrets.token_urlsafe(18), game, 1, counted, recorded)
        self.db.insert(entry)
        with self._lock:
            self._keep(entry)
        return self._state(entry)

    def _keep(self, entry: Open) -> None:
        # Under self._lock: remember an open game, forgetting the least recently used.
        self._open[entry.id] = entry
        self._open.move_to_end(entry.id)
        while len(self._open) > OPEN_GAMES:
            self._open.popitem(last=False)

    def _find(self, game_id: str) -> Open:
        if not _ID.match(game_id):
            raise ApiError(404, f"no game with id {game_id[:24]!r}")
        with self._lock:
            entry = self._open.get(game_id)
            if entry is not None:
                self._open.move_to_end(game_id)
                return entry
        row = self.db.load(game_id)
        if row is None:
            raise ApiError(404, f"no game with id {game_id[:24]!r}: it was never made here")
        version, counted, recorded, assisted, record = row
        try:
            game = patience_core.load_game(record)
        except ValueError as err:  # a game whose plugin is gone, say
            raise ApiError(410, f"game {game_id[:24]!r} cannot be loaded any more: {err}") from None
        game.clock.stop()
        with self._lock:
            entry = self._open.get(game_id)  # another request may have loaded it meanwhile
            if entry is None:
                entry = Open(game_id, game, version, counted, recorded, assisted)
                self._keep(entry)
        return entry

    @contextmanager
    def _using(self, game_id: str) -> Iterator[Open]:
        """The game, locked, its clock running for the time of the request (plus the time
        since the last one, up to :data:`IDLE_SECONDS`)."""
        entry = self._find(game_id)
        with entry.lock:
            game = entry.game
            if not game.is_over():
                gap = min(max(time.monotonic() - entry.paused_at, 0.0), IDLE_SECONDS)
                game.clock = Clock(min(game.clock.seconds + gap, MAX_SECONDS))
            try:
                yield entry
            finally:
                game.clock.stop()
                entry.paused_at = time.monotonic()

    # --- the player's requests ------------------------------------------------------------------

    def state(self, game_id: str) -> dict[str, Any]:
        with self._using(game_id) as entry:
            return self._state(entry)

    def play(
        self,
        game_id: str,
        move: str,
        *,
        version: int | None = None,
        auto: bool = False,
        demo: bool = False,
    ) -> dict[str, Any]:
        """Play ``move`` (move text); with ``auto``, then what auto-play plays. ``demo`` says
        the move came from the demo, so the game no longer counts in the statistics."""

        def change(entry: Open) -> dict[str, Any]:
            game = entry.game
            if game.is_over():
                raise ApiError(422, f"the game is over ({game.status()}): {move[:24]} was not played")
            with refusals():
                played = game.play(move)
            auto_played = [str(m) for m in game.play_auto()] if auto else []
            if demo:
                entry.counted = False
            return {"played": str(played), "auto_played": auto_played}

        return self._change(game_id, version, change)

    def undo(self, game_id: str, *, version: int | None = None) -> dict[str, Any]:
        def change(entry: Open) -> dict[str, Any]:
            if not entry.game.moves:
                raise ApiError(422, "nothing to undo: no move has been played yet")
            return {"undone": str(entry.game.undo())}

        return self._change(game_id, version, change)

    def redo(self, game_id: str, *, version: int | None = None) -> dict[str, Any]:
        def change(entry: Open) -> dict[str, Any]:
            if not entry.game.undone:
                raise ApiError(422, "nothing to redo: no move has been taken back")
            return {"redone": str(entry.game.redo())}

        return self._change(game_id, version, change)

    def restart(self, game_id: str, *, version: int | None = None) -> dict[str, Any]:
        def change(entry: Open) -> dict[str, Any]:
            if not entry.game.moves:
                raise ApiError(422, "already at the start of the deal")
            entry.game.restart()
            return {}

        return self._change(game_id, version, change)

    def _change(
        self, game_id: str, version: int | None, change: Callable[[Open], dict[str, Any]]
    ) -> dict[str, Any]:
        """Apply ``change`` to the game and keep the result in one transaction; nothing changes
        when ``change`` refuses, the client's ``version`` is stale, or the write fails."""
        with self._using(game_id) as entry:
            if version is not None and version != entry.version:
                raise ApiError(
                    409,
                    f"stale: the game changed since version {version} (it is at version"
                    f" {entry.version}); load it again and retry",
                )
            before = entry.version
            extra = change(entry)
            game = entry.game
            finished = game.is_over() and not entry.recorded
            entry.recorded = entry.recorded or finished
            self._save(entry, before)
            if finished and entry.counted:
                self._count(game, entry.assisted)
            return {**self._state(entry), **extra}

    def _save(self, entry: Open, before: int) -> None:
        """Write the changed game over the row still at version ``before``, as version
        ``before + 1``. When that fails, the game in memory is dropped: the file wins."""
        entry.version = before + 1
        try:
            stored = self.db.update(entry, before)
        except BaseException:
            self._forget(entry)
            raise
        if not stored:
            self._forget(entry)
            raise ApiError(409, "stale: the game was changed elsewhere; load it again and retry")

    def _forget(self, entry: Open) -> None:
        with self._lock:
            if self._open.get(entry.id) is entry:
                del self._open[entry.id]

    def _count(self, game: Game, assisted: bool) -> None:
        try:
            self.stats.record(game, assisted=assisted)
        except (UserError, OSError) as err:
            log.warning("the result was not counted in the statistics: %s", err)

    def hint(self, game_id: str) -> dict[str, Any]:
        """The hint (it never reads a hidden card): the move, and the line of reasons."""
        with self._using(game_id) as entry:
            if entry.game.is_over():
                raise ApiError(422, f"the game is over ({entry.game.status()}): there is no move to hint")
            trial = entry.game.copy()
        advice = hint(trial)  # on a copy, outside the lock: other requests on the game go on
        return {
            "move": str(advice.move),
            "explanation": advice.explanation,
            "wins": advice.wins,
            "samples": advice.samples,
            "exact": advice.exact,
        }

    def still_winnable(self, game_id: str) -> dict[str, Any]:
        """Whether the game can still be won, SEEING THE HIDDEN CARDS. From then on the game
        counts apart in the statistics ("still winnable asked"), as in the terminal."""
        with self._using(game_id) as entry:
            if not entry.assisted:
                entry.assisted = True
                self._save(entry, entry.version)
            trial = entry.game.copy()
            version = entry.version
            counted = entry.counted
        verdict = still_winnable_full_information(trial, time_limit=STILL_WINNABLE_SECONDS)
        return {"verdict": verdict, "counted": counted, "assisted": True, "version": version}

    def record(self, game_id: str, *, reveals_deal: bool = False) -> dict[str, Any]:
        """The game record: every card, the deal and the moves. Only once the game is over, or
        with ``reveals_deal``, the player's word that they know it shows the hidden cards."""
        with self._using(game_id) as entry:
            if not (entry.game.is_over() or reveals_deal):
                raise ApiError(
                    403,
                    "the record shows every card, the face-down ones and the stock order: it is"
                    " given once the game is over, or when asked for with reveals_deal=true",
                )
            return record_of(entry.game)

    # --- what goes out ------------------------------------------------------------------------------

    def _state(self, entry: Open) -> dict[str, Any]:
        """What a client may know of a game: the player view and the facts the view leaves out
        because they are not the position (redo, playing time). The deal number only once the
        game is over: it gives away the whole deal."""
        game = entry.game
        over = game.is_over()
        seed = game.deal.seed
        return {
            "id": entry.id,
            "version": entry.version,
            "title": game.preset.name if game.preset else game.spec.name,
            "view": game.to_dict("player"),
            "redo": len(game.undone),
            "seconds": round(game.clock.seconds, 1),
            "counted": entry.counted,
            "assisted": entry.assisted,
            "deal_number": str(seed) if over and seed is not None else None,
        }

    def summaries(self) -> list[dict[str, Any]]:
        """The statistics, as ``patience stats --json`` prints them."""
        try:
            return [s.to_json() for s in self.stats.summaries()]
        except UserError as err:
            raise ApiError(503, str(err)) from None
