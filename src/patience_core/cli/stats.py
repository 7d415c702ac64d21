"""``patience stats``: the statistics per game and option set, and their upkeep (reset, repair,
add a kept result). What counts, and how the file is kept, is in :mod:`patience_core.userdata.stats`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.table import Table as RichTable
from rich.text import Text

import patience_core
from patience_core.cli.common import (
    CliError,
    PlainOpt,
    describe_game,
    make_console,
    no_color_env,
    user_errors,
)
from patience_core.cli.render import clock_text
from patience_core.userdata.files import show_path
from patience_core.userdata.stats import Store, Summary, damage


def stats(
    words: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[GAME] | reset [GAME] | repair | add FILE",
            help="A game or preset id to show only that game (with its presets); 'reset' deletes"
            " statistics; 'repair' sets damaged rows aside; 'add FILE' counts a finished game kept"
            " when the statistics could not be written.",
            show_default=False,
        ),
    ] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="Print the statistics as JSON for programs.")
    ] = False,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="With reset or repair: do not ask for confirmation.")
    ] = False,
    plain: PlainOpt = False,
) -> None:
    """Show statistics per game and option set: played, won, win rate, streaks, best results.

    A game counts once it ends, won or lost, and once only, however many times a save of it is
    resumed. 'patience stats reset [GAME]' deletes them after asking; 'patience stats repair'
    sets aside rows damaged by hand or by other programs. They are kept in stats.sqlite3 under
    $PATIENCE_HOME (default: the XDG data folder, ~/.local/share/patience).
    """
    from patience_core.userdata import unrecorded

    args = list(words or [])
    with user_errors():
        command = args[0] if args else None
        if command == "reset":
            if len(args) > 2:
                raise CliError("reset takes at most one game: patience stats reset [GAME]")
            _reset(args[1] if len(args) == 2 else None, yes)
            return
        if command == "repair":
            if len(args) > 1:
                raise CliError("repair takes no game: patience stats repair")
            _repair(yes)
            return
        if command == "add":
            if len(args) != 2:
                raise CliError("add takes one file: patience stats add FILE")
            game, saved_at, assisted = unrecorded.finished(Path(args[1]))
            abandoned = Path(args[1]).name.startswith("abandoned-")
            counted = Store().record(game, finished_at=saved_at, assisted=assisted, abandoned=abandoned)
            what = f"{describe_game(game)}, {game.status()}"
            typer.echo(f"Counted {what}." if counted else f"Already counted: {what}.")
            return
        if len(args) > 1:
            raise CliError("give one game at most: patience stats [GAME]")
        store = Store()
        try:
            kept = unrecorded.count_kept(store)
        except CliError:
            kept = 0  # the statistics cannot be written: they can still be read
        if kept:
            games = f"{kept} finished game{'s' * (kept > 1)}"
            typer.echo(f"Counted {games} kept when the statistics could not be written.", err=True)
        game_id = command
        summaries = store.summaries(game_id)
        if game_id is not None and not summaries:
            patience_core.find_game(game_id)  # an unknown id says so and lists the installed ones
        if json_out:
            typer.echo(json.dumps([s.to_json() for s in summaries], indent=1))
            return
        _show(summaries, game_id, plain or no_color_env())


def _repair(yes: bool) -> None:
    store = Store()
    rows = store._rows()
    damaged = sum(damage(row) is not None for row in rows)
    if not damaged:
        typer.echo(f"No damaged row: all {len(rows)} rows read as results.")
        return
    where = show_path(store.path)
    rows_named = f"{damaged} damaged row{'s' * (damaged > 1)}"
    if not yes and not typer.confirm(
        f"Set aside {rows_named} of {where} (kept in its table damaged_results)?"
    ):
        typer.echo("Nothing changed.")
        return
    moved, left = store.repair()
    typer.echo(
        f"Set aside {moved} damaged row{'s' * (moved > 1)} into the table damaged_results of {where};"
        f" {left} result{'s' * (left != 1)} counted."
    )


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
            console.print(f"  fastest win {_time(s.fastest_win)}, mean time {_time(s.mean_seconds)}")
        return
    if plain:
        for s in summaries:
            name = s.game + (f" ({s.label})" if s.label else "")
            console.print(
                f"{name}: played {s.played}, won {s.won} ({s.win_rate:.0%}),"
                f" current streak {s.current_streak}, best streak {s.best_streak},"
                f" best cards left {s.best_cards_left},"
                f" best score {s.best_score}, series score total {s.total_score},"
                f" fastest win {_time(s.fastest_win)}, mean time {_time(s.mean_seconds)}."
            )
        return
    table = RichTable(box=box.SIMPLE_HEAD, pad_edge=False, header_style="bold")
    heads = ("Game", "Options", "Played", "Won", "Win", "Streak", "Best\nstreak", "Best\nleft")
    for head in (*heads, "Best\nscore", "Series\ntotal", "Fastest\nwin", "Mean\ntime"):
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
            _time(s.fastest_win),
            _time(s.mean_seconds),
        )
    console.print(table)


def _time(seconds: float | None) -> str:
    return "-" if seconds is None else clock_text(seconds)


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
    app.command("stats", short_help="Show your statistics per game and option set.")(stats)
