"""The root ``patience`` application: ``--version``, shell completion, and the commands.

Each command group lives in its own module with a ``register(app)`` function; a new group
(``solve``, ``bench``...) is one more module and one more line in :data:`COMMANDS`.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import re
import sys
import warnings
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

import patience_core
from patience_core import PluginError
from patience_core.cli import bench, games, play, replay, serve, simulate, solve, stats
from patience_core.cli.common import fail, warn
from patience_core.solver import PluginWarning, builds

COMMANDS = (games, play, replay, stats, solve, simulate, bench, serve)

_LONG_WORD = re.compile(r"[^\s()'\"]{41,}")
MAX_USAGE_ERROR = 300
"""The most characters a usage error keeps of its message."""


def _usage_errors() -> tuple[type[Exception], ...]:
    # Recent typer carries a copy of click of its own, with its own exception classes.
    found = []
    for name in ("typer._click.exceptions", "click.exceptions"):
        try:
            found.append(importlib.import_module(name).UsageError)
        except (ImportError, AttributeError):
            continue
    return tuple(found)


_USAGE_ERRORS = _usage_errors()


def shorten_usage_error(err: Any) -> None:
    """Quote at most a few dozen characters of each word typed in a usage error (an unknown
    option, an extra argument), as every other error of the command does. The help shown for
    a command given no arguments travels as a usage error too, and is left whole."""
    if type(err).__name__ == "NoArgsIsHelpError":
        return
    text = _LONG_WORD.sub(lambda m: f"{m.group(0)[:40]}... ({len(m.group(0))} characters)", err.message)
    text = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)
    err.message = text if len(text) <= MAX_USAGE_ERROR else text[:MAX_USAGE_ERROR] + "..."


class _Commands(TyperGroup):
    """The root group: its usage errors, and those of its commands, are shortened."""

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().make_context(*args, **kwargs)
        except _USAGE_ERRORS as err:
            shorten_usage_error(err)
            raise

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except _USAGE_ERRORS as err:
            shorten_usage_error(err)
            raise


app = typer.Typer(
    cls=_Commands,
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
    show_plugin_warnings()
    read_any_bytes()


def read_any_bytes() -> None:
    """Standard input that is not UTF-8 (a pipe of other bytes) reads as text that keeps the
    odd bytes, as on a C locale, instead of failing: the commands refuse it as they refuse any
    text that is not a move. Echoed or quoted back, such text shows as escapes."""
    for stream, errors in (
        (sys.stdin, "surrogateescape"),
        (sys.stdout, "backslashreplace"),
        (sys.stderr, "backslashreplace"),
    ):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            # A closed or detached stream refuses: nothing goes through it anyway.
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors=errors)


def show_plugin_warnings() -> None:
    """Print a plugin's warnings (a solver passed over) as one ``Warning:`` line each."""
    shown = warnings.showwarning

    def show(message: Any, category: type[Warning], *args: Any, **kwargs: Any) -> None:
        if issubclass(category, PluginWarning):
            warn(str(message))
        else:
            shown(message, category, *args, **kwargs)

    if getattr(shown, "__name__", "") != "show":
        warnings.showwarning = show


for module in COMMANDS:
    module.register(app)


def main() -> None:
    """The console script: ``patience``.

    A plugin's failure that reaches this far (an observer that exits) is one line, and output
    cut off by a closed pipe (``patience ... | head``) ends quietly.
    """
    try:
        app(prog_name="patience", standalone_mode=True)
    except PluginError as err:
        try:
            fail(str(err))
        except typer.Exit as done:
            sys.exit(done.exit_code)
    except BrokenPipeError:
        # The reader is gone: nothing more can be said. Point stdout at nothing so that
        # flushing at exit does not complain a second time.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(141)
