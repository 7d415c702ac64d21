"""``patience replay``: re-check every move of a game record and show how it ended."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Final

import typer
from rich.console import Console
from rich.text import Text

from patience_core import Game, RecordError
from patience_core.cli.common import (
    CliError,
    PlainOpt,
    describe_game,
    make_console,
    no_color_env,
    unicode_ok,
    user_errors,
)
from patience_core.cli.render import Renderer
from patience_core.engine.errors import QUOTE_LIMIT, quoted
from patience_core.engine.record import check_fields
from patience_core.userdata.files import show_path
from patience_core.userdata.records import read_record

# The fields that say which game and deal a record is; the rest is moves and what they give.
_HEADER: Final = ("format", "version", "view", "game", "preset", "options", "seed", "deal")


def outcome(game: Game) -> str:
    status = {"won": "won", "lost": "lost", "playing": "not finished"}[game.status()]
    return f"Result: {status}; cards left {game.cards_left()}, score {game.score()}."


def replay(
    file: Annotated[
        Path, typer.Argument(help="A saved game (written by 'save' at the prompt).", show_default=False)
    ],
    step: Annotated[
        bool,
        typer.Option(
            "--step", help="Show the position after every move (at a terminal, Enter goes on, q stops)."
        ),
    ] = False,
    plain: PlainOpt = False,
) -> None:
    """Re-check every move of a saved game and print the result, step by step with --step.

    Exit code 0 when every move is legal and the record's stated result is what its moves give,
    1 with the first problem otherwise.
    """
    plain = plain or no_color_env()
    console = make_console(plain)
    renderer = Renderer(plain=plain, unicode=unicode_ok(), width=console.width)
    with user_errors():
        data = read_record(file)
        moves = data.get("moves")
        try:
            game = Game.from_dict({**{k: data[k] for k in _HEADER if k in data}, "moves": []})
            check_fields(data)  # the moves too, before any is played
        except RecordError as err:
            raise CliError(f"{show_path(file)}: {err}") from None
        assert isinstance(moves, list)
        console.print(Text(f"Replaying {file}: {describe_game(game)}, {len(moves)} moves.", style="bold"))
        pause = step and sys.stdin.isatty()
        if step:
            _print(console, renderer.position(game, title="Start", legal=False, clock=False))
        for n, text in enumerate(moves, 1):
            try:  # a replay is not play: checked, then pushed, so no observer sees it
                game.push(game.checked(text if isinstance(text, str) else repr(text)))
            except ValueError as err:  # an illegal move or not move text: the record is bad
                shown = text if len(text) <= QUOTE_LIMIT else quoted(text)
                raise CliError(f"{show_path(file)}: move {n} ({shown}) cannot be played: {err}") from None
            if step:
                console.print()
                _print(console, renderer.position(game, title=f"Move {n}: {text}", legal=False, clock=False))
                if pause and n < len(moves) and _stop():
                    return
        try:
            Game.from_dict(data)  # the stated status, score and position must be what the moves give
        except RecordError as err:
            raise CliError(f"{show_path(file)}: {err}") from None
    if not step:
        _print(console, renderer.position(game, title=f"After move {len(moves)}", legal=False, clock=False))
    console.print(f"All {len(moves)} moves are legal. {outcome(game)}")


def _print(console: Console, lines: list[Text]) -> None:
    for line in lines:
        console.print(line)


def _stop() -> bool:
    try:
        return input("Enter for the next move, q to stop: ").strip().lower() in ("q", "quit")
    except (EOFError, KeyboardInterrupt):
        return True


def register(app: typer.Typer) -> None:
    app.command("replay", short_help="Check and replay a saved game, move by move.")(replay)
