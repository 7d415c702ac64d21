"""``patience bench``: the fixed workload of :mod:`patience_core.bench`, as a table or JSON."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table as RichTable

import patience_core
from patience_core import bench as workloads
from patience_core.bench import BenchResult, GameBench
from patience_core.cli.common import (
    CliError,
    PlainOpt,
    complete_game,
    fail,
    make_console,
    no_color_env,
    user_errors,
)
from patience_core.cli.solve import EXIT_INTERRUPTED


def bench(
    quick: Annotated[
        bool,
        typer.Option("--quick", help="A small workload of a few seconds, for tests and CI."),
    ] = False,
    smoke: Annotated[
        bool,
        typer.Option(
            "--smoke",
            help="The least workload that runs every part (10 playouts, 2 solves a game): checks"
            " that the bench works, measures nothing.",
        ),
    ] = False,
    game: Annotated[
        list[str] | None,
        typer.Option(
            "--game",
            "-g",
            metavar="GAME",
            help="Only this game or preset; repeat for several. Default: every installed game and preset.",
            autocompletion=complete_game,
            show_default=False,
        ),
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    plain: PlainOpt = False,
) -> None:
    """Measure speed on a fixed workload, the same everywhere: random playouts and full-information solves.

    For each installed game and preset: random playouts through the public API (deal, then a
    random legal move until the game is over) per second, moves per second and the share won;
    and full-information solves (the solver sees every card) of a fixed range of deals at a
    fixed node limit: deals and states per second. The default workload takes a few seconds a
    game (about two minutes for every game that ships); --quick a few seconds. The moves and
    nodes counted are the same on
    every machine for the same version, so they show that two runs did the same work.
    """
    plain = plain or no_color_env()
    with user_errors():
        if quick and smoke:
            raise CliError("--quick and --smoke are two workloads: give one")
        workload = workloads.SMOKE if smoke else workloads.QUICK if quick else workloads.DEFAULT
        ids = workloads.game_ids()
        if game:
            for gid in game:
                patience_core.find_game(gid)  # an unknown id says so and lists the installed ones
            ids = list(dict.fromkeys(game))
        if not ids:
            raise CliError("no game is installed, so there is nothing to measure")
    console = make_console(plain)
    try:
        if json_out or plain or not sys.stdout.isatty():
            result = workloads.run(workload, ids)
        else:
            with Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                console=console,
                transient=True,
            ) as progress:
                task = progress.add_task("bench", total=None)

                def show(what: str, done: int, total: int) -> None:
                    progress.update(task, description=what, completed=done, total=total)

                result = workloads.run(workload, ids, show)
    except KeyboardInterrupt:
        fail("bench interrupted: no figures (they need the whole workload)", EXIT_INTERRUPTED)
    if json_out:
        typer.echo(json.dumps(result.to_dict(), indent=1))
        return
    _print(console, result, plain)


def _print(console: Console, result: BenchResult, plain: bool) -> None:
    console.print(
        f"patience {result.version} bench, {result.workload.name} workload: {result.workload.describe()}."
    )
    console.print(f"{result.implementation} {result.python} on {result.machine}; solvers: {result.build}.")
    if plain:
        for g in result.games:
            console.print(_plain_line(g))
    else:
        for table in _tables(result.games):
            console.print()
            console.print(table)
        console.print()
    console.print(
        f"Moves played {result.moves:,}, nodes searched {result.nodes:,}:"
        " the same on every machine for this version."
    )
    memory = "" if result.peak_memory_mb is None else f"; peak memory {result.peak_memory_mb:.1f} MB"
    console.print(f"Time {result.seconds:.1f} s{memory} (the whole process).")


def _tables(games: tuple[GameBench, ...]) -> tuple[RichTable, RichTable]:
    playouts = _table("Random playouts", ("Game", "Playouts/s", "Moves/s", "Won"))
    solves = _table(
        "Full-information solves",
        ("Game", "Deals/s", "States/s", "Won", "No win", "Unknown", "Solver"),
    )
    for g in games:
        p, s = g.playouts, g.solves
        playouts.add_row(g.game, f"{p.per_second:,.0f}", f"{p.moves_per_second:,.0f}", f"{p.won_share:.1%}")
        solves.add_row(
            g.game,
            f"{s.deals_per_second:,.1f}",
            f"{s.states_per_second:,.0f}",
            str(s.won),
            str(s.no_win),
            str(s.unknown),
            ", ".join(s.solvers),
        )
    return playouts, solves


def _table(title: str, heads: tuple[str, ...]) -> RichTable:
    table = RichTable(
        title=title,
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        header_style="bold",
    )
    for head in heads:
        table.add_column(head, justify="left" if head in ("Game", "Solver") else "right", no_wrap=True)
    return table


def _plain_line(g: GameBench) -> str:
    p, s = g.playouts, g.solves
    return (
        f"{g.game}: random playouts {p.per_second:,.0f} a second ({p.moves_per_second:,.0f} moves a"
        f" second, {p.won_share:.1%} won); full-information solves {s.deals_per_second:,.1f} deals"
        f" a second, {s.states_per_second:,.0f} states a second ({s.won} won, {s.no_win} no win,"
        f" {s.unknown} unknown; solver {', '.join(s.solvers)})."
    )


def register(app: typer.Typer) -> None:
    app.command("bench", short_help="Measure speed on a fixed workload.")(bench)
