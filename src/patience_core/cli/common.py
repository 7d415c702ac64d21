"""What the commands share: user errors, the game arguments and options, the console, the data folder."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

import patience_core
from patience_core import (
    Game,
    GameSpec,
    OptionError,
)
from patience_core.engine.errors import quoted
from patience_core.userdata.common import USER_ERRORS, UserError, option_label

CliError = UserError
"""A mistake of the user or a problem with a file: printed as one line, exit code 1."""


def error(message: str) -> None:
    """Print ``message`` as an error, one ``Error:`` line on standard error."""
    typer.echo(f"Error: {message}", err=True)


def fail(message: str, code: int = 1) -> NoReturn:
    """Print ``message`` as an error and leave with a non-zero exit code."""
    error(message)
    raise typer.Exit(code)


def warn(message: str) -> None:
    typer.echo(f"Warning: {message}", err=True)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn user mistakes (the core's errors and :class:`CliError`) into a message and exit 1."""
    try:
        yield
    except (CliError, *USER_ERRORS) as err:
        fail(str(err))


# --- games and options --------------------------------------------------------------------


def complete_game(incomplete: str) -> list[tuple[str, str]]:
    """Shell completion for GAME: every installed game and preset id."""
    out = []
    for spec in patience_core.games():
        out.append((spec.id, spec.name))
        out += [(p.id, p.name) for p in spec.presets]
    return [(gid, name) for gid, name in out if gid.startswith(incomplete)]


def complete_option(ctx: typer.Context, args: list[str], incomplete: str) -> list[tuple[str, str]]:
    """Shell completion for ``-o``: the options of the game named on the line, as ``name=``."""
    # While ``-o`` still lacks its value the line does not parse and GAME comes out empty, so
    # look at the words as well: the ones given, or those the shell hands the completion.
    line = os.environ.get("_TYPER_COMPLETE_ARGS") or os.environ.get("COMP_WORDS") or ""
    spec = None
    for word in [ctx.params.get("game") or "", *args, *line.split()]:
        try:
            spec, _ = patience_core.find_game(word)
            break
        except ValueError:
            continue
    if spec is None:
        return []
    name, sep, _ = incomplete.partition("=")
    if sep:  # the values of one option
        option = next((o for o in spec.options if o.name == name.replace("-", "_")), None)
        if option is None:
            return []
        values = ["true", "false"] if isinstance(option.default, bool) else list(option.choices)
        return [(f"{name}={v}", option.accepts()) for v in values if f"{name}={v}".startswith(incomplete)]
    return [(f"{o.name}=", o.help) for o in spec.options if o.name.startswith(incomplete)]


GameArg = Annotated[
    str,
    typer.Argument(
        metavar="GAME",
        help="The id of the game or preset to play ('patience games' lists them).",
        autocompletion=complete_game,
        show_default=False,
    ),
]
SeedOpt = Annotated[
    int | None,
    typer.Option(
        "--seed",
        "-s",
        help="Deal number: the same number gives the same deal on every machine. Default: a random one.",
        show_default=False,
    ),
]
DealOpt = Annotated[
    str | None,
    typer.Option(
        "--deal",
        "-d",
        help="Deal text: the 52 cards in deal order, such as '8D TH ...' (layout first, then the stock).",
        show_default=False,
    ),
]
PysolOpt = Annotated[
    int | None,
    typer.Option(
        "--pysol",
        metavar="N",
        help="PySolFC's deal number N of the game, to play the same deal in both programs (games"
        " that know PySolFC's numbers say so in 'patience games'; needs the 'pysol' extra).",
        show_default=False,
    ),
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="A game option as KEY=VALUE; repeat for several ('patience games' lists each game's options).",
        autocompletion=complete_option,
        show_default=False,
    ),
]
PlainOpt = Annotated[
    bool,
    typer.Option(
        "--plain",
        help="Plain text a screen reader can follow line by line: no colour, no drawing."
        " Also set by the NO_COLOR environment variable.",
    ),
]


def parse_option_pairs(spec: GameSpec, pairs: list[str] | None) -> dict[str, object]:
    """Typed option values from ``KEY=VALUE`` texts; :class:`OptionError` names a bad one."""
    texts: dict[str, str] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name:
            # Names only: what each accepts is a line of `patience show`, and all of it would not
            # fit one line for a game of many options.
            known = ", ".join(o.name for o in spec.options) or "none"
            raise OptionError(
                f"option {quoted(pair)} is not KEY=VALUE; options of {spec.id}: {known}"
                f" (`patience show {spec.id}` says what each accepts)"
            )
        if name in texts:
            raise OptionError(f"option {quoted(name)} is given twice")
        texts[name] = value
    return dict(spec.parse_options(texts))


def make_game(
    game_id: str, seed: int | None, deal: str | None, options: list[str] | None, pysol: int | None = None
) -> Game:
    """A new game from the command line's GAME, --seed, --deal, --pysol and -o values."""
    spec, _ = patience_core.find_game(game_id)
    values: dict[str, Any] = parse_option_pairs(spec, options)
    if pysol is None:
        return patience_core.new_game(game_id, seed=seed, deal=deal, **values)
    if seed is not None or deal is not None:
        raise CliError("give one of --seed, --deal and --pysol")
    if spec.pysol is None:
        known = ", ".join(s.id for s in patience_core.games() if s.pysol is not None) or "none installed"
        raise CliError(f"{spec.id} has no PySolFC deal numbers (games that have: {known})")
    return patience_core.new_game(game_id, deal=spec.pysol(pysol), **values)


def playable_id(game: Game) -> str:
    """The id that makes ``game`` again: its preset's or its own, or ``plugin:id`` when two
    plugins register that id."""
    return patience_core.REGISTRY.id_of(game.spec, game.preset)


def new_deal_like(game: Game) -> Game:
    """A new random deal of the same game with the same options."""
    options: dict[str, Any] = dict(game.options)
    return patience_core.new_game(playable_id(game), **options)


def describe_game(game: Game) -> str:
    """``Name (key=value), deal 42``: what is being played, for titles."""
    name = game.preset.name if game.preset else game.spec.name
    label = option_label(playable_id(game), game.options)
    deal = f"deal {game.deal.seed}" if game.deal.seed is not None else "typed deal"
    return f"{name}{f' ({label})' if label else ''}, {deal}"


# --- output ------------------------------------------------------------------------------------


def no_color_env() -> bool:
    """The NO_COLOR convention: set and not empty."""
    return bool(os.environ.get("NO_COLOR"))


def make_console(plain: bool, *, stderr: bool = False) -> Console:
    """The console for a command: no styles at all in plain mode."""
    if plain:
        return Console(
            color_system=None, highlight=False, markup=False, emoji=False, soft_wrap=True, stderr=stderr
        )
    # soft_wrap: long lines are left to the terminal, never cut into the picture's rows.
    return Console(highlight=False, markup=False, emoji=False, soft_wrap=True, stderr=stderr)


def unicode_ok() -> bool:
    """Whether standard output can show suit glyphs and card backs."""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "♣♦♥♠░·".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True
