"""The root ``patience`` application: ``--version``, shell completion, and the commands.

Each command group lives in its own module with a ``register(app)`` function; a new group
(``solve``, ``bench``...) is one more module and one more line in :data:`COMMANDS`.
"""

from __future__ import annotations

from typing import Annotated

import typer

import patience_core
from patience_core.cli import bench, games, play, replay, serve, simulate, solve, stats
from patience_core.solver import builds

COMMANDS = (games, play, replay, stats, solve, simulate, bench, serve)

app = typer.Typer(
    name="patience",
    help=(
        "Play solitaire card games in the terminal: every installed game, saved games, statistics, "
        "full-information solving and benchmarks."
    ),
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_show_locals=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"patience {patience_core.__version__}")
        patience_core.games()  # the plugins load their solvers
        typer.echo(f"Solvers: {builds.describe()}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option("--version", help="Show the version and exit.", callback=_version, is_eager=True),
    ] = False,
) -> None:
    """Play solitaire card games in the terminal: every installed game, saved games, statistics."""


for module in COMMANDS:
    module.register(app)


def main() -> None:
    """The console script: ``patience``."""
    app(prog_name="patience")
