"""``patience show`` and ``patience play``: a deal at the start, and playing it."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer

import patience_core
from patience_core import Game
from patience_core.cli.common import (
    CliError,
    DealOpt,
    GameArg,
    OptionOpt,
    PlainOpt,
    SeedOpt,
    complete_game,
    describe_game,
    fail,
    make_console,
    make_game,
    no_color_env,
    option_label,
    playable_id,
    unicode_ok,
    user_errors,
)
from patience_core.cli.files import file_kind
from patience_core.cli.records import autosave_path, load_game
from patience_core.cli.render import Renderer
from patience_core.cli.session import Session, play_moves, result_text

JsonOpt = Annotated[
    bool,
    typer.Option("--json", help="Print the player's view of the position as JSON, for programs."),
]


def replay_command(game: Game) -> str:
    """The command line that deals ``game`` again."""
    words = ["patience", "play", playable_id(game)]
    if game.deal.seed is not None:
        words += ["--seed", str(game.deal.seed)]
    else:
        words += ["--deal", game.deal_text()]
    label = option_label(playable_id(game), game.options)
    for pair in label.split():
        words += ["-o", pair]
    return shlex.join(words)


def show(
    game: GameArg,
    seed: SeedOpt = None,
    deal: DealOpt = None,
    option: OptionOpt = None,
    json_out: JsonOpt = False,
    plain: PlainOpt = False,
) -> None:
    """Print a deal as it looks at the start, and its deal text."""
    plain = plain or no_color_env()
    with user_errors():
        g = make_game(game, seed, deal, option)
    if json_out:
        out = {
            "game": g.spec.id,
            "preset": g.preset.id if g.preset else None,
            "options": g.options,
            "seed": g.deal.seed,
            "deal": g.deal_text(),
            "position": g.to_dict("player"),
        }
        typer.echo(json.dumps(out, indent=1, ensure_ascii=False))
        return
    console = make_console(plain)
    renderer = Renderer(plain=plain, unicode=unicode_ok(), width=console.width)
    for line in renderer.position(g, title=describe_game(g)):
        console.print(line)
    for line in renderer.deal_text(g.deal_text()):
        console.print(line)
    console.print(f"Play it with: {replay_command(g)}", soft_wrap=True)


def play(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help="The id of the game or preset to play ('patience games' lists them);"
            " with --resume, the saved game file to continue.",
            autocompletion=complete_game,
            show_default=False,
        ),
    ] = None,
    seed: SeedOpt = None,
    deal: DealOpt = None,
    option: OptionOpt = None,
    moves: Annotated[
        str | None,
        typer.Option(
            "--moves",
            "-m",
            help="Play these moves (move text such as '4H 3D draw'), print the final position and"
            " exit: 0 when all were legal, 1 naming the first that was not.",
            show_default=False,
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            "-r",
            help="Continue a saved game: the file named instead of GAME, or without a file the"
            " unfinished game kept when you last quit.",
        ),
    ] = False,
    json_out: Annotated[
        bool,
        typer.Option(
            "--json",
            help="With --moves or commands piped in: print the player's view of the final position"
            " as JSON instead of the picture.",
        ),
    ] = False,
    plain: PlainOpt = False,
) -> None:
    """Play a game in the terminal; commands may also come from a pipe, one a line.

    Without --seed or --deal the deal is random; its number is shown so you can play it again.
    At the prompt type a move (4H, QH+AS, draw), the number of a listed move, or undo, hint,
    moves, restart, save [FILE], help, quit. An unfinished game is kept when you quit:
    'patience play --resume' continues it.
    """
    plain = plain or no_color_env()
    from_autosave = False
    save_path = None
    with user_errors():
        if resume:
            if seed is not None or deal is not None or option:
                raise CliError(
                    "--resume continues a saved game with its own deal and options;"
                    " drop --seed, --deal and -o"
                )
            if game is None:
                path = autosave_path()
                if file_kind(path) is None:
                    raise CliError(
                        "there is no unfinished game to resume;"
                        " name a saved game: patience play --resume FILE"
                    )
                from_autosave = True
            else:
                path = save_path = Path(game)
            g = load_game(path)
        else:
            if game is None:
                ids = sorted(
                    [s.id for s in patience_core.games()]
                    + [p.id for s in patience_core.games() for p in s.presets]
                )
                raise CliError(
                    f"name a game to play, such as: patience play {ids[0] if ids else 'GAME'}"
                    f" (installed: {', '.join(ids) or 'none'})"
                )
            g = make_game(game, seed, deal, option)

    interactive = moves is None and sys.stdin.isatty()
    if json_out and interactive:
        fail("--json needs --moves or commands piped in; at a terminal the game is drawn")
    # With --json, standard output carries the JSON alone: everything else goes to stderr.
    console = make_console(plain, stderr=json_out)
    renderer = Renderer(plain=plain, unicode=unicode_ok(), width=console.width)

    if moves is not None:
        error = play_moves(g, moves)
        if json_out:
            typer.echo(json.dumps(g.to_dict("player"), indent=1))
        else:
            for line in renderer.position(g, title=describe_game(g)):
                console.print(line)
            console.print(result_text(g))
        if error:
            fail(error)
        return

    session = Session(
        g, console, renderer, interactive=interactive, save_path=save_path, from_autosave=from_autosave
    )
    if resume:
        where = "the game kept when you last quit" if from_autosave else str(path)
        session.note(f"Resumed {where}: {len(g.moves)} moves played so far.")
    elif g.deal.seed is not None and interactive:
        session.note(f"Deal {g.deal.seed}: play it again with {replay_command(g)}")
    session.run()
    if json_out:
        typer.echo(json.dumps(session.game.to_dict("player"), indent=1))
    if session.unrecorded:  # said as an error when it happened; a script sees it too
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("show")(show)
    app.command("play")(play)
