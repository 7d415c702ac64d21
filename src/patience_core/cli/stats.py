"""Statistics: every finished game, kept in SQLite, summed up per game and option set.

What counts: a game is *played* when it ends, won or lost, in ``patience play``. A game left
unfinished (quit, restarted, replaced by a new deal) is not a result, and neither are
``--moves`` runs, replays or resumed games that had already ended. Each finished game is one
row written in one transaction, so a crash never leaves half a result.

The key is the id played (a preset shows under its own id) and the full set of option values,
so a game played with one option changed is counted apart from the same game with defaults.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Final

import attrs
import typer
from rich import box
from rich.table import Table as RichTable
from rich.text import Text

import patience_core
from patience_core import Game
from patience_core.cli.common import (
    CliError,
    PlainOpt,
    data_dir,
    make_console,
    no_color_env,
    option_label,
    user_errors,
)
from patience_core.cli.files import article, file_kind, show_path

DB_NAME: Final = "stats.sqlite3"
SCHEMA_VERSION: Final = 1
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
        kind = file_kind(self.path)
        if kind is None and not create:
            yield None
            return
        if kind is not None and kind != "file":  # SQLite would wait for ever on a named pipe
            raise CliError(f"cannot use the statistics file {show_path(self.path)}: it is {article(kind)}")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with closing(sqlite3.connect(self.path, timeout=10)) as conn:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version > SCHEMA_VERSION:
                    raise CliError(
                        f"the statistics in {self.path} were written by a newer version of patience"
                    )
                if version < SCHEMA_VERSION:
                    with conn:
                        conn.executescript(_SCHEMA)
                        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                yield conn
        except (sqlite3.DatabaseError, OSError) as err:
            raise CliError(
                f"cannot use the statistics file {self.path}: {err}; move it away to start afresh"
            ) from None

    def record(self, game: Game) -> None:
        """Add the result of a finished game, in one transaction."""
        if not game.is_over():
            raise ValueError("only a finished game has a result")
        row = (
            datetime.now(UTC).isoformat(timespec="seconds"),
            game.id,
            game.spec.id,
            json.dumps(game.options, sort_keys=True),
            None if game.deal.seed is None else str(game.deal.seed),
            game.deal_text(),
            int(game.is_won()),
            game.cards_left(),
            game.score(),
            len(game.moves),
        )
        with self._connect(create=True) as conn:
            assert conn is not None
            with conn:
                conn.execute(
                    "INSERT INTO results (finished_at, game, base_game, options, seed, deal, won,"
                    " cards_left, score, moves) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    row,
                )

    def summaries(self, game_id: str | None = None) -> list[Summary]:
        """One summary per game and option set, by game id; ``game_id`` keeps that game and its presets."""
        query = "SELECT game, options, won, cards_left, score FROM results"
        args: tuple[str, ...] = ()
        if game_id is not None:
            query += " WHERE game = ? OR base_game = ?"
            args = (game_id, game_id)
        with self._connect(create=False) as conn:
            rows = [] if conn is None else conn.execute(query + " ORDER BY id", args).fetchall()
        groups: dict[tuple[str, str], list[tuple[int, int, int]]] = {}
        for game, options, won, left, score in rows:
            groups.setdefault((game, options), []).append((won, left, score))
        out = []
        for (game, options_json), results in groups.items():
            options = json.loads(options_json)
            streak = best = 0
            for won, _, _ in results:
                streak = streak + 1 if won else 0
                best = max(best, streak)
            out.append(
                Summary(
                    game=game,
                    options=options,
                    label=option_label(game, options),
                    played=len(results),
                    won=sum(r[0] for r in results),
                    current_streak=streak,
                    best_streak=best,
                    best_cards_left=min(r[1] for r in results),
                    best_score=max(r[2] for r in results),
                    total_score=sum(r[2] for r in results),
                )
            )
        return sorted(out, key=lambda s: (s.game, s.label))

    def count(self, game_id: str | None = None) -> int:
        return sum(s.played for s in self.summaries(game_id))

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


# --- the command -----------------------------------------------------------------------------------


def stats(
    words: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[GAME] | reset [GAME]",
            help="A game or preset id to show only that game (with its presets); 'reset' deletes statistics.",
            show_default=False,
        ),
    ] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="Print the statistics as JSON for programs.")
    ] = False,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="With reset: do not ask for confirmation.")
    ] = False,
    plain: PlainOpt = False,
) -> None:
    """Show statistics per game and option set: played, won, win rate, streaks, best results.

    A game counts once it ends, won or lost. 'patience stats reset [GAME]' deletes them after
    asking. They are kept in stats.sqlite3 under $PATIENCE_HOME (default: the XDG data folder,
    ~/.local/share/patience).
    """
    args = list(words or [])
    with user_errors():
        if args and args[0] == "reset":
            if len(args) > 2:
                raise CliError("reset takes at most one game: patience stats reset [GAME]")
            _reset(args[1] if len(args) == 2 else None, yes)
            return
        if len(args) > 1:
            raise CliError("give one game at most: patience stats [GAME]")
        game_id = args[0] if args else None
        summaries = Store().summaries(game_id)
        if game_id is not None and not summaries:
            patience_core.find_game(game_id)  # an unknown id says so and lists the installed ones
        if json_out:
            typer.echo(json.dumps([s.to_json() for s in summaries], indent=1))
            return
        _show(summaries, game_id, plain or no_color_env())


def _show(summaries: list[Summary], game_id: str | None, plain: bool) -> None:
    console = make_console(plain)
    if not summaries:
        where = f" of {game_id}" if game_id else ""
        console.print(f"No finished games{where} yet. Play one with: patience play GAME")
        return
    if not plain and console.width < 100:  # too narrow for the table: a short block per game
        for s in summaries:
            title = Text(s.game, style="bold")
            title.append(f" ({s.label})" if s.label else " (default options)")
            console.print(title)
            console.print(
                f"  played {s.played}, won {s.won} ({s.win_rate:.0%}),"
                f" streak {s.current_streak}, best streak {s.best_streak}"
            )
            console.print(
                f"  best cards left {s.best_cards_left}, best score {s.best_score},"
                f" series score total {s.total_score}"
            )
        return
    if plain:
        for s in summaries:
            name = s.game + (f" ({s.label})" if s.label else "")
            console.print(
                f"{name}: played {s.played}, won {s.won} ({s.win_rate:.0%}),"
                f" current streak {s.current_streak}, best streak {s.best_streak},"
                f" best cards left {s.best_cards_left},"
                f" best score {s.best_score}, series score total {s.total_score}."
            )
        return
    table = RichTable(box=box.SIMPLE_HEAD, pad_edge=False, header_style="bold")
    heads = ("Game", "Options", "Played", "Won", "Win", "Streak", "Best\nstreak", "Best\nleft")
    for head in (*heads, "Best\nscore", "Series\ntotal"):
        table.add_column(head, justify="left" if head in ("Game", "Options") else "right")
    for s in summaries:
        table.add_row(
            Text(s.game, style="bold", overflow="fold"),
            s.label or "default",
            str(s.played),
            str(s.won),
            f"{s.win_rate:.0%}",
            str(s.current_streak),
            str(s.best_streak),
            str(s.best_cards_left),
            str(s.best_score),
            str(s.total_score),
        )
    console.print(table)


def _with_presets(game_id: str) -> str:
    try:
        spec, preset = patience_core.find_game(game_id)
    except ValueError:
        return game_id
    return f"{game_id} and its presets" if preset is None and spec.presets else game_id


def _reset(game_id: str | None, yes: bool) -> None:
    store = Store()
    n = store.count(game_id)
    what = f"of {_with_presets(game_id)}" if game_id else "of every game"
    if n == 0:
        if game_id is not None:
            patience_core.find_game(game_id)
        typer.echo(f"No statistics {what} to delete.")
        return
    if not yes and not typer.confirm(f"Delete the statistics {what} ({n} game{'s' if n != 1 else ''})?"):
        typer.echo("Nothing deleted.")
        return
    deleted = store.reset(game_id)
    typer.echo(f"Deleted the statistics {what} ({deleted} game{'s' if deleted != 1 else ''}).")


def register(app: typer.Typer) -> None:
    app.command("stats")(stats)
