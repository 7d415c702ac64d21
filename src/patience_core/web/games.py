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

import contextlib
import json
import logging
import math
import os
import re
import secrets
import sqlite3
import tempfile
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Final, TypeVar

import attrs

import patience_core
from patience_core import DealError, Game, GameSpec, IllegalMoveError
from patience_core.engine.clock import MAX_SECONDS, Clock
from patience_core.engine.deal import MAX_SEED
from patience_core.engine.errors import quoted
from patience_core.engine.game import STATE_KEYS
from patience_core.engine.solving import WON
from patience_core.inplay import InPlay, NotNow, Statistics, told
from patience_core.players import hint
from patience_core.plugins.guard import TookTooLong, time_bound
from patience_core.solver import solve_full_information, still_winnable_full_information
from patience_core.solver.winnable import WINNABLE_DEAL_NODES
from patience_core.userdata.common import USER_ERRORS, UserError, data_dir
from patience_core.userdata.files import article, file_kind, show_path
from patience_core.userdata.stats import DB_NAME as STATS_DB_NAME
from patience_core.userdata.stats import Store

log = logging.getLogger("patience.web")

DB_NAME: Final = "games.sqlite3"
SCHEMA_VERSION: Final = 3
APPLICATION_ID: Final = 0x50415449  # "PATI": marks a games file as ours
IDLE_SECONDS: Final = 180.0
"""The most playing time counted between two requests on a game: a page left open overnight
does not add a night to the clock."""
OPEN_GAMES: Final = 2_000
"""Games kept in memory; the least recently used beyond this are loaded again when asked for."""
MAX_GAMES: Final = 200_000
"""Games kept in the games file (about 830 bytes each: 170 MB at most); past it a new game is
refused (503) until games expire."""
EXPIRE_DAYS: Final = 180
"""A game not touched for this many days is removed, at start and as new games are made."""
STILL_WINNABLE_SECONDS: Final = 2.0
PLAY_SECONDS: Final = 5.0
"""The most time a plain request may spend in a game's rules (a move takes about a
millisecond); past it the game ends (410), and after :data:`REFUSE_AFTER` such overruns its
plugin is refused by name until the server restarts."""
RESUME_SECONDS: Final = 30.0
"""The most time replaying a record may take (100,000 moves at most)."""
REFUSE_AFTER: Final = 3
"""A plugin whose rules overrun their bound this many times is refused until the server restarts."""
ADVICE_SECONDS: Final = 20.0
"""The most time a hint or "still winnable?" may spend in a game's rules, its own limits included."""
WINNABLE_SECONDS: Final = 20.0
"""The most time one request may spend looking for a winnable deal."""
WINNABLE_TRIES: Final = 40
"""Deals one request may try for a winnable deal, each up to
:data:`~patience_core.solver.winnable.WINNABLE_DEAL_NODES` positions (8,000,000 in all)."""
MAX_VERSION: Final = 2**63 - 1
_ID: Final = re.compile(r"[A-Za-z0-9_-]{16,64}\Z")
_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    version INTEGER NOT NULL,   -- one more at every change: a stale client is told
    counted INTEGER NOT NULL,   -- the result goes to the statistics (not when the demo played)
    recorded INTEGER NOT NULL,  -- an end of the game was reached (its result stands)
    record TEXT NOT NULL,       -- the game record (full view, undone moves, playing time)
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
"""
# Each step brings a games file from the version before it to its own.
_MIGRATIONS: Final = {
    1: _SCHEMA,
    2: "ALTER TABLE games ADD COLUMN assisted INTEGER NOT NULL DEFAULT 0;  -- still-winnable was asked\n",
    3: (
        "ALTER TABLE games ADD COLUMN pending INTEGER NOT NULL DEFAULT 0;  -- a result not yet counted\n"
        "ALTER TABLE games ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0;  -- left for a new deal\n"
        "CREATE INDEX IF NOT EXISTS games_pending ON games (pending) WHERE pending = 1;\n"
        "CREATE INDEX IF NOT EXISTS games_by_age ON games (updated_at);\n"
        f"PRAGMA application_id = {APPLICATION_ID};\n"
    ),
}
_COLUMNS: Final = {"id", "version", "counted", "recorded", "record", "created_at", "updated_at"}
T = TypeVar("T")


class ApiError(Exception):
    """A request the server refuses: an HTTP status and the one-line reason a person reads
    (``retry_after``: seconds after which the same request may succeed)."""

    def __init__(self, status: int, message: str, *, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after


@contextmanager
def refusals() -> Iterator[None]:
    """The core's errors for user mistakes as :class:`ApiError`, with the message the CLI prints."""
    try:
        yield
    except (IllegalMoveError, NotNow) as err:
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


def shown_version(version: int) -> str:
    """A client's version as an error quotes it: a few dozen digits at most."""
    text = str(version)
    return text if len(text) <= 24 else f"{text[:20]}... ({len(text)} digits)"


@attrs.define(eq=False)
class Open:
    """A game in memory: the game in play, its version, and the lock that serializes it."""

    id: str
    inplay: InPlay
    version: int
    paused_at: float = attrs.field(factory=time.monotonic)
    lock: threading.Lock = attrs.field(factory=threading.Lock)
    broken: str | None = None
    """Why the game cannot go on (its plugin failed in it), or None."""

    @property
    def game(self) -> Game:
        return self.inplay.game


@attrs.frozen
class Row:
    """A game's row as the file holds it, every field checked."""

    version: int
    counted: bool
    recorded: bool
    assisted: bool
    pending: bool
    abandoned: bool
    record: dict[str, Any]


class Damaged(Exception):
    """A row of the games file that does not read as a game."""


class Database:
    """The games file: one connection, used under a lock (SQLite writes one at a time anyway).

    A new file is made whole under another name and renamed into place, and marked as ours
    (``application_id``); a file that is not ours, is empty, or fails SQLite's integrity
    check is refused at start rather than read as holding no game.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        try:
            kind = file_kind(path)
            if kind is not None and kind != "file":
                raise UserError(f"cannot use the games file {show_path(path)}: it is {article(kind)}")
            if kind is None:
                _create(path)
            conn = sqlite3.connect(path, timeout=10, check_same_thread=False, isolation_level=None)
            try:
                _check_ours(conn, path)
                # WAL: readers never wait for a writer; NORMAL: a commit survives the process dying.
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=NORMAL")
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version < SCHEMA_VERSION:
                    steps = "".join(_MIGRATIONS[step] for step in range(version + 1, SCHEMA_VERSION + 1))
                    conn.executescript(f"BEGIN; {steps} PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")
            except BaseException:
                conn.close()
                raise
        except (sqlite3.DatabaseError, OSError) as err:
            raise UserError(
                f"cannot use the games file {show_path(path)}: {err}; move it away to start afresh"
            ) from None
        self._conn = conn

    def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            try:
                return fn(self._conn)
            except sqlite3.DatabaseError as err:
                log.warning("the games file failed: %s", err)
                raise ApiError(503, f"cannot use the games file: {err}", retry_after=5) from None

    def insert(self, entry: Open) -> None:
        now = _now()
        inplay = entry.inplay
        row = (entry.id, entry.version, not inplay.demoed, inplay.ended, _record_text(inplay), now, now)
        flags = (inplay.assisted, inplay.pending, inplay.abandoned)

        def go(conn: sqlite3.Connection) -> None:
            with conn:
                conn.execute(
                    "INSERT INTO games (id, version, counted, recorded, record, created_at, updated_at,"
                    " assisted, pending, abandoned) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    row + flags,
                )

        self._run(go)

    def update(self, entry: Open, version: int) -> bool:
        """Write ``entry`` over the row still at ``version``, in one transaction; False when the
        row has moved on (another process changed the game)."""
        inplay = entry.inplay
        args = (
            entry.version,
            not inplay.demoed,
            inplay.ended,
            inplay.assisted,
            inplay.pending,
            inplay.abandoned,
            _record_text(inplay),
            _now(),
            entry.id,
            version,
        )

        def go(conn: sqlite3.Connection) -> bool:
            with conn:
                cur = conn.execute(
                    "UPDATE games SET version = ?, counted = ?, recorded = ?, assisted = ?, pending = ?,"
                    " abandoned = ?, record = ?, updated_at = ? WHERE id = ? AND version = ?",
                    args,
                )
            return cur.rowcount == 1

        return self._run(go)

    def set_pending(self, game_id: str, version: int, pending: bool) -> None:
        """Say whether the game's result still waits for the statistics (the version stays)."""

        def go(conn: sqlite3.Connection) -> None:
            with conn:
                conn.execute(
                    "UPDATE games SET pending = ? WHERE id = ? AND version = ?", (pending, game_id, version)
                )

        self._run(go)

    def pending(self) -> list[str]:
        """The games whose results wait for the statistics."""
        return [
            r[0] for r in self._run(lambda c: c.execute("SELECT id FROM games WHERE pending = 1").fetchall())
        ]

    def load(self, game_id: str) -> Row | None:
        """The row of ``game_id``; :class:`Damaged` when it does not read as a game."""

        def go(conn: sqlite3.Connection) -> Any:
            return conn.execute(
                "SELECT version, counted, recorded, assisted, pending, abandoned, record FROM games"
                " WHERE id = ?",
                (game_id,),
            ).fetchone()

        row = self._run(go)
        if row is None:
            return None
        version, *flags, text = row
        if type(version) is not int or not 1 <= version <= MAX_VERSION:
            raise Damaged("its version is not a whole number from 1")
        if any(flag not in (0, 1) or type(flag) is not int for flag in flags):
            raise Damaged("a flag of it is not 0 or 1")
        if not isinstance(text, str):
            raise Damaged("its record is not text")
        try:
            record = json.loads(text)
        except (ValueError, RecursionError):
            raise Damaged("its record is not JSON this server reads") from None
        if not isinstance(record, dict):
            raise Damaged("its record is not a JSON object")
        counted, recorded, assisted, pending, abandoned = (bool(f) for f in flags)
        return Row(version, counted, recorded, assisted, pending, abandoned, record)

    def count(self) -> int:
        return int(self._run(lambda conn: conn.execute("SELECT count(*) FROM games").fetchone()[0]))

    def expire(self, days: float) -> int:
        """Remove the games not touched for ``days`` days, but those whose result waits; how many."""
        since = (datetime.now(UTC) - timedelta(days=days)).isoformat(timespec="seconds")

        def go(conn: sqlite3.Connection) -> int:
            with conn:
                cur = conn.execute("DELETE FROM games WHERE updated_at < ? AND pending = 0", (since,))
            return cur.rowcount

        return self._run(go)

    def backup(self, target: Path) -> None:
        """A copy of the games file as one file, consistent as of now (the WAL included)."""
        if file_kind(target) is not None:
            raise UserError(f"{show_path(target)} exists; choose a new file for the backup")
        try:
            out = sqlite3.connect(target)
        except (sqlite3.DatabaseError, OSError) as err:
            raise UserError(f"cannot write the backup {show_path(target)}: {err}") from None
        try:
            with self._lock:
                self._conn.backup(out)
        except (sqlite3.DatabaseError, OSError) as err:
            raise UserError(f"cannot write the backup {show_path(target)}: {err}") from None
        finally:
            out.close()

    def close(self) -> None:
        with self._lock:
            # At rest the games are in the file itself: a lost -wal file then loses nothing.
            with contextlib.suppress(sqlite3.DatabaseError):
                self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._conn.close()


def _create(path: Path) -> None:
    """Make a new games file whole beside ``path`` and rename it into place: a crash leaves no
    file, or a whole one, never an empty file that would read as holding no game."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".new", dir=path.parent)
    os.close(fd)
    try:
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            steps = "".join(_MIGRATIONS[step] for step in range(1, SCHEMA_VERSION + 1))
            conn.executescript(f"BEGIN; {steps} PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")
        finally:
            conn.close()
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def _check_ours(conn: sqlite3.Connection, path: Path) -> None:
    """Refuse a file that is not a games file of ours, or that SQLite finds damaged."""
    where = show_path(path)
    if path.stat().st_size == 0:
        raise UserError(
            f"the games file {where} is empty: it is not a games file of patience (a new one is never"
            " left empty); move it away to start afresh"
        )
    application = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION and application == APPLICATION_ID:
        raise UserError(f"the games in {where} were written by a newer version of patience")
    columns = {row[1] for row in conn.execute("PRAGMA table_info(games)")}
    if application != APPLICATION_ID and not (application == 0 and 1 <= version <= 2 and columns >= _COLUMNS):
        raise UserError(
            f"{where} is not a games file of patience; move it away, or start the server with"
            " another PATIENCE_HOME"
        )
    problems = [row[0] for row in conn.execute("PRAGMA integrity_check(3)")]
    if problems != ["ok"]:
        raise UserError(
            f"the games file {where} is damaged (SQLite's integrity check: {quoted(problems[0], 80)});"
            " move it away and restore a backup, or start afresh"
        )


def _as_sent(err: IllegalMoveError, sent: str) -> str:
    """The refusal naming the move as the client wrote it (``QQ``, not the word ``qq`` it reads as)."""
    head = f"illegal move {err.move}:"
    text = str(err)
    if text.startswith(head) and str(err.move).lower() == sent.strip().lower() != sent.strip():
        return f"illegal move {quoted(sent.strip(), 24)[1:-1]}:{text[len(head) :]}"
    return text


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _record_text(inplay: InPlay) -> str:
    """What the file keeps of a game: its record without the position its moves give (loading
    replays them anyway, and the position is most of a record's size and time to write)."""
    record = inplay.game.to_record()
    for key in STATE_KEYS:
        del record[key]
    return json.dumps(record, separators=(",", ":"))


class Games:
    """The games of one server: make, find, change and keep them; what happens to a game in
    play (checks, help, results) is :class:`~patience_core.inplay.InPlay`'s.

    Every method is safe to call from several threads; the web app calls them from thread
    pools so that a long hint never holds up other games. Every call into a game's rules runs
    within a time bound (:data:`PLAY_SECONDS`, :data:`ADVICE_SECONDS`): a plugin whose rules
    overrun it, or fail (an exception, legal moves that are not moves), ends that game with one
    line naming the plugin (410), and a plugin that overran is refused by name from then on.
    """

    def __init__(self, folder: Path | None = None, *, stats: Store | None = None) -> None:
        folder = folder or data_dir()
        self.folder = folder
        self.db = Database(folder / DB_NAME)
        self.stats = stats or Store(folder / STATS_DB_NAME)
        self.tally = Statistics(self.stats, folder)
        self._lock = threading.Lock()
        self._open: OrderedDict[str, Open] = OrderedDict()
        self._overruns: dict[str, int] = {}
        self.refused_plugins: dict[str, str] = {}
        """Plugins refused since the start (their rules overran a bound), with why."""
        self.expired = self.db.expire(EXPIRE_DAYS)
        self.retry_pending()

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
        full-information solver proves winnable, within :data:`WINNABLE_TRIES` deals and
        :data:`WINNABLE_SECONDS`. Returns its state."""
        self._room()
        with refusals():
            spec, _ = patience_core.find_game(game_id)
            self._plugin_ok(spec.plugin)
            options = typed_options(spec, options or {})
            # The search stops itself at WINNABLE_SECONDS; the bound is for rules that never return.
            with self._contained(spec.plugin, WINNABLE_SECONDS + PLAY_SECONDS if winnable else PLAY_SECONDS):
                if winnable:
                    seed = self._winnable_seed(
                        game_id, secrets.randbits(32) if seed is None else seed, options
                    )
                game = patience_core.new_game(game_id, seed=seed, **options)
                entry = Open(secrets.token_urlsafe(18), InPlay(game, self.tally), 1)
                state = self._state(entry)  # the rules' first answers, within the bound
        return self._add(entry, state)

    def _winnable_seed(self, game_id: str, start: int, options: dict[str, Any]) -> int:
        if not 0 <= start <= MAX_SEED:
            raise DealError(f"a deal number is 0 to {MAX_SEED}, not {quoted(start)}")
        deadline = time.monotonic() + WINNABLE_SECONDS
        for seed in range(start, min(start + WINNABLE_TRIES, MAX_SEED + 1)):
            left = deadline - time.monotonic()
            if left <= 0:
                break
            game = patience_core.new_game(game_id, seed=seed, observed=False, **options)
            result = solve_full_information(game, node_limit=WINNABLE_DEAL_NODES, time_limit=left)
            if result.verdict == WON:
                return seed
        else:
            left = 1.0
        why = f"within {WINNABLE_SECONDS:g} s" if left <= 0 else f"among {WINNABLE_TRIES} deals"
        raise ApiError(
            422,
            f"no deal from {quoted(start, 24)} was proved winnable {why} (the most one request may search);"
            " ask again for another random start, or choose a deal",
        )

    def resume(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """A new game id for a game record (as downloaded), every move replayed and checked; a
        game that had ended was counted where it ended."""
        self._room()
        with refusals():
            game_id = record.get("game")
            plugin = "?"
            if isinstance(game_id, str):
                with contextlib.suppress(ValueError):
                    plugin = patience_core.find_game(game_id)[0].plugin
            self._plugin_ok(plugin)
            with self._contained(plugin, RESUME_SECONDS):
                inplay = InPlay.resume(record, tally=self.tally)
                entry = Open(secrets.token_urlsafe(18), inplay, 1)
                state = self._state(entry)
        return self._add(entry, state)

    def _room(self) -> None:
        if self.db.count() >= MAX_GAMES:
            self.expired += self.db.expire(EXPIRE_DAYS)
            if self.db.count() >= MAX_GAMES:
                raise ApiError(
                    503,
                    f"this server keeps at most {MAX_GAMES:,} games; a game untouched for"
                    f" {EXPIRE_DAYS} days makes room",
                    retry_after=3600,
                )

    def _add(self, entry: Open, state: dict[str, Any]) -> dict[str, Any]:
        entry.game.clock.stop()
        self.db.insert(entry)
        with self._lock:
            self._keep(entry)
        return state

    def _keep(self, entry: Open) -> None:
        # Under self._lock: remember an open game, forgetting the least recently used.
        self._open[entry.id] = entry
        self._open.move_to_end(entry.id)
        while len(self._open) > OPEN_GAMES:
            self._open.popitem(last=False)

    def _find(self, game_id: str) -> Open:
        if not _ID.match(game_id):
            raise ApiError(404, f"no game with id {quoted(game_id, 24)}")
        with self._lock:
            entry = self._open.get(game_id)
            if entry is not None:
                self._open.move_to_end(game_id)
                return entry
        try:
            row = self.db.load(game_id)
        except Damaged as err:
            log.warning("game %s cannot be read: %s", game_id, err)
            raise ApiError(410, f"game {game_id[:24]!r} cannot be loaded any more: {err}") from None
        if row is None:
            raise ApiError(404, f"no game with id {game_id[:24]!r}: it was never made here")
        game_name = row.record.get("game")
        try:
            with refusals():
                spec, _ = patience_core.find_game(game_name if isinstance(game_name, str) else "")
            self._plugin_ok(spec.plugin)
            with self._contained(spec.plugin, RESUME_SECONDS):
                game = patience_core.load_game(row.record)
        except (ValueError, ApiError) as err:  # a game whose plugin is gone, say
            why = err.message if isinstance(err, ApiError) else str(err)
            raise ApiError(410, f"game {game_id[:24]!r} cannot be loaded any more: {why}") from None
        game.clock.stop()
        inplay = InPlay(
            game,
            self.tally,
            demoed=not row.counted,
            assisted=row.assisted,
            abandoned=row.abandoned,
            ended=row.recorded or game.is_over(),
            pending=row.pending,
        )
        with self._lock:
            entry = self._open.get(game_id)  # another request may have loaded it meanwhile
            if entry is None:
                entry = Open(game_id, inplay, row.version)
                self._keep(entry)
        return entry

    @contextmanager
    def _using(self, game_id: str, seconds: float = PLAY_SECONDS) -> Iterator[Open]:
        """The game, locked, its clock running for the time of the request (plus the time
        since the last one, up to :data:`IDLE_SECONDS`); its rules bounded by ``seconds``."""
        entry = self._find(game_id)
        with entry.lock:
            if entry.broken is not None:
                raise ApiError(410, entry.broken)
            game = entry.game
            self._plugin_ok(game.spec.plugin, game_id)
            if not game.is_over():
                gap = min(max(time.monotonic() - entry.paused_at, 0.0), IDLE_SECONDS)
                game.clock = Clock(min(game.clock.seconds + gap, MAX_SECONDS))
            if entry.inplay.pending:  # a result that waits: the statistics may take it now
                self._flush(entry, quiet=True)
            try:
                with self._contained(game.spec.plugin, seconds, entry):
                    yield entry
            finally:
                game.clock.stop()
                entry.paused_at = time.monotonic()

    def _plugin_ok(self, plugin: str, game_id: str | None = None) -> None:
        why = self.refused_plugins.get(plugin)
        if why is not None:
            what = f"game {game_id[:24]!r} cannot go on" if game_id else "its games are not served"
            raise ApiError(410 if game_id else 503, f"{what}: {why}")

    @contextmanager
    def _contained(self, plugin: str, seconds: float, entry: Open | None = None) -> Iterator[None]:
        """Run a game's rules within ``seconds``; a plugin that overruns or fails ends the
        game (``entry``) with one line naming it (410), and one that overran is refused."""
        try:
            with time_bound(seconds):
                yield
        except (ApiError, UserError, NotNow, *USER_ERRORS):
            raise
        except TookTooLong:
            self._overruns[plugin] = self._overruns.get(plugin, 0) + 1
            why = f"the game stopped: plugin {plugin!r} took more than {seconds:g} s in its rules"
            if self._overruns[plugin] >= REFUSE_AFTER:
                why = f"plugin {plugin!r} is refused: its rules took more than {seconds:g} s"
                self.refused_plugins[plugin] = why
            log.warning("%s", why)
            self._broken(entry, why)
            raise ApiError(410 if entry else 503, why) from None
        except Exception as err:  # the plugin's rules failed (or returned what is not a move)
            why = f"the game stopped: plugin {plugin!r} failed in its rules: {told(err)}"
            log.warning("%s", why, exc_info=err)
            self._broken(entry, why)
            raise ApiError(410, why) from None

    def _broken(self, entry: Open | None, why: str) -> None:
        if entry is not None:
            entry.broken = why  # in memory only: the file keeps the game as it was before

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
            inplay = entry.inplay
            game = inplay.game
            if game.is_over():
                raise ApiError(422, f"the game is over ({game.status()}): {quoted(move, 24)} was not played")
            with refusals():
                if demo:
                    played = [inplay.play_for_demo(move)]
                    auto_played = inplay.auto_play() if auto else []
                else:
                    outcome = inplay.play([move], auto=auto)
                    if isinstance(outcome.refused, IllegalMoveError):
                        raise ApiError(422, _as_sent(outcome.refused, move))
                    if outcome.refused is not None:
                        raise outcome.refused
                    played, auto_played = outcome.played, outcome.auto_played
            return {"played": str(played[0]), "auto_played": [str(m) for m in auto_played]}

        return self._change(game_id, version, change)

    def auto_play(self, game_id: str, *, version: int | None = None) -> dict[str, Any]:
        """Play the safe moves auto-play plays now (``auto_played``, maybe none): what a
        client with auto-play on asks for as a game opens (the aces of a new deal fly home), and
        after a restart. Draws and forced endings wait for a move of the player's (``auto`` on
        a move). The API plays nothing by itself: a client that never asks never gets it."""

        def change(entry: Open) -> dict[str, Any]:
            game = entry.inplay.game
            if game.is_over():
                raise ApiError(422, f"the game is over ({game.status()}): there is nothing to auto-play")
            with refusals():
                return {"auto_played": [str(m) for m in entry.inplay.auto_play(opening=True)]}

        return self._change(game_id, version, change)

    def undo(self, game_id: str, *, version: int | None = None) -> dict[str, Any]:
        def change(entry: Open) -> dict[str, Any]:
            with refusals():
                return {"undone": str(entry.inplay.undo())}

        return self._change(game_id, version, change)

    def redo(self, game_id: str, *, version: int | None = None) -> dict[str, Any]:
        def change(entry: Open) -> dict[str, Any]:
            with refusals():
                return {"redone": str(entry.inplay.redo())}

        return self._change(game_id, version, change)

    def restart(self, game_id: str, *, version: int | None = None) -> dict[str, Any]:
        def change(entry: Open) -> dict[str, Any]:
            with refusals():
                entry.inplay.restart()
            return {}

        return self._change(game_id, version, change)

    def abandon(self, game_id: str, *, version: int | None = None) -> dict[str, Any]:
        """Leave the game for a new deal: a loss in the statistics when it has moves, is not
        over and has no result yet (``abandoned_as``: ``"lost"``, or null when it counts for
        nothing). The game takes no more changes."""

        def change(entry: Open) -> dict[str, Any]:
            owed = entry.inplay.abandon()  # pending: counted once the game is kept, as an end is
            return {"abandoned_as": "lost" if owed is not None and owed.why_not is None else None}

        return self._change(game_id, version, change)

    def _change(
        self, game_id: str, version: int | None, change: Callable[[Open], dict[str, Any]]
    ) -> dict[str, Any]:
        """Apply ``change`` to the game and keep it in one transaction; nothing changes when
        ``change`` refuses, the client's ``version`` is stale, or the write fails. A result the
        change brings is kept as pending in that transaction, then handed to the statistics:
        a crash between the two leaves it pending, to be counted at the next start."""
        with self._using(game_id) as entry:
            if version is not None and version != entry.version:
                raise ApiError(
                    409,
                    f"stale: the game changed since version {shown_version(version)} (it is at version"
                    f" {entry.version}); load it again and retry",
                )
            if entry.inplay.abandoned:
                raise ApiError(422, "the game was abandoned for a new deal: it takes no more changes")
            before = entry.version
            extra = change(entry)
            entry.inplay.conclude()
            self._save(entry, before)
            if entry.inplay.pending:
                self._flush(entry)
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

    def _flush(self, entry: Open, *, quiet: bool = False) -> None:
        """Hand the game's pending result to the statistics; it stays pending (and is tried
        again at its next request, at ``GET /api/stats`` and at the next start) when they
        cannot take it."""
        result = entry.inplay.flush()
        if result is None:
            return
        if result.counted:
            with contextlib.suppress(ApiError):  # still pending in the file: counted again, once
                self.db.set_pending(entry.id, entry.version, False)
        elif not quiet:
            log.warning("a result waits for the statistics: %s", result.error)

    def retry_pending(self) -> int:
        """Count the results that wait for the statistics; how many were counted."""
        counted = 0
        for game_id in self.db.pending():
            with contextlib.suppress(ApiError):
                with self._using(game_id) as entry:
                    pass
                counted += not entry.inplay.pending
        return counted

    def _forget(self, entry: Open) -> None:
        with self._lock:
            if self._open.get(entry.id) is entry:
                del self._open[entry.id]

    def hint(self, game_id: str) -> dict[str, Any]:
        """The hint (it never reads a hidden card): the move, and the line of reasons."""
        with self._using(game_id) as entry:
            if entry.game.is_over():
                raise ApiError(422, f"the game is over ({entry.game.status()}): there is no move to hint")
            trial = entry.game.copy()
            plugin = entry.game.spec.plugin
        with self._contained(plugin, ADVICE_SECONDS, entry):
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
            inplay = entry.inplay
            was = inplay.assisted
            with refusals():
                trial = inplay.assisting_copy()
            if not was:
                self._save(entry, entry.version)
            version = entry.version
            counted = inplay.counted
            plugin = entry.game.spec.plugin
        with self._contained(plugin, ADVICE_SECONDS, entry):
            verdict = still_winnable_full_information(trial, time_limit=STILL_WINNABLE_SECONDS)
        return {"verdict": verdict, "counted": counted, "assisted": True, "version": version}

    def record(self, game_id: str, *, reveals_deal: bool = False) -> dict[str, Any]:
        """The game record: every card, the deal and the moves. Only once the game is over, or
        with ``reveals_deal``, the player's word that they know it shows the hidden cards; the
        game is then assisted, as with "still winnable?"."""
        with self._using(game_id) as entry:
            inplay = entry.inplay
            if inplay.game.is_over():
                return inplay.record()
            if not reveals_deal:
                raise ApiError(
                    403,
                    "the record shows every card, the face-down ones and the stock order: it is"
                    " given once the game is over, or when asked for with reveals_deal=true",
                )
            was = inplay.assisted
            data = inplay.reveal()
            if not was:
                self._save(entry, entry.version)
            return data

    # --- what goes out ------------------------------------------------------------------------------

    def _state(self, entry: Open) -> dict[str, Any]:
        """What a client may know of a game: the player view and the facts the view leaves out
        because they are not the position (redo, playing time). The deal number only once the
        game is over: it gives away the whole deal."""
        inplay = entry.inplay
        inplay.check_rules()  # the view lists the legal moves: they must be moves
        game = inplay.game
        over = game.is_over()
        seed = game.deal.seed
        return {
            "id": entry.id,
            "version": entry.version,
            "title": game.preset.name if game.preset else game.spec.name,
            "view": game.to_dict("player"),
            "redo": len(game.undone),
            "seconds": math.floor(game.clock.seconds * 10) / 10,  # down: the page floors it too
            "counted": inplay.counted,
            "recorded": inplay.counted and inplay.ended and not inplay.pending,
            "assisted": inplay.assisted,
            "abandoned": inplay.abandoned,
            "abandon_counts": inplay.abandon_counts(),
            "deal_number": str(seed) if over and seed is not None else None,
        }

    def summaries(self) -> list[dict[str, Any]]:
        """The statistics, as ``patience stats --json`` prints them (results that waited for
        them are counted first)."""
        self.retry_pending()
        try:
            return [s.to_json() for s in self.stats.summaries()]
        except UserError as err:
            raise ApiError(503, str(err)) from None
