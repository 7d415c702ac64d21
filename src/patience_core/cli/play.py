"""``patience show`` and ``patience play``: a deal at the start, and playing it."""

from __future__ import annotations

import json
import secrets
import shlex
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import attrs
import typer

import patience_core
from patience_core import Game, PluginError
from patience_core.cli.common import (
    CliError,
    DealOpt,
    OptionOpt,
    PlainOpt,
    PysolOpt,
    SeedOpt,
    complete_game,
    describe_game,
    fail,
    make_console,
    make_game,
    no_color_env,
    option_label,
    parse_option_pairs,
    playable_id,
    unicode_ok,
    user_errors,
    warn,
)
from patience_core.cli.render import Renderer
from patience_core.cli.session import Session, play_moves, result_text
from patience_core.cli.settings import load_settings
from patience_core.inplay import InPlay, rules_failed
from patience_core.userdata.common import USER_ERRORS
from patience_core.userdata.files import file_kind
from patience_core.userdata.records import autosave_path, load_game, read_record

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
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="[GAME]",
            help="The id of the game or preset to show; without one, the installed games are listed.",
            autocompletion=complete_game,
            show_default=False,
        ),
    ] = None,
    seed: SeedOpt = None,
    deal: DealOpt = None,
    option: OptionOpt = None,
    deal_text: Annotated[
        bool,
        typer.Option(
            "--deal-text",
            help="Also print the deal text: every card in deal order, so it shows the face-down"
            " cards and the stock order (it spoils the deal).",
        ),
    ] = False,
    json_out: JsonOpt = False,
    plain: PlainOpt = False,
    pysol: PysolOpt = None,
) -> None:
    """Print a deal as it looks at the start; --deal-text adds every card (a spoiler)."""
    plain = plain or no_color_env()
    if game is None:
        console = make_console(plain)
        console.print("Installed games ('patience games' describes them and their options):")
        for spec in patience_core.games():
            presets = ", ".join(p.id for p in spec.presets)
            console.print(f"  {spec.id} - {spec.name}" + (f" (presets: {presets})" if presets else ""))
        console.print("Show one with: patience show GAME [--seed N]")
        return
    with user_errors():
        g = make_game(game, seed, deal, option, pysol)
    if json_out:
        out = {
            "game": g.spec.id,
            "preset": g.preset.id if g.preset else None,
            "options": g.options,
            "seed": g.deal.seed,
            "position": g.to_dict("player"),
        }
        if deal_text:
            out["deal"] = g.deal_text()
        typer.echo(json.dumps(out, indent=1, ensure_ascii=False))
        return
    console = make_console(plain)
    renderer = Renderer(plain=plain, unicode=unicode_ok(), width=console.width)
    for line in renderer.position(g, title=describe_game(g), clock=False):
        console.print(line)
    if deal_text:
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
    winnable: Annotated[
        bool,
        typer.Option(
            "--winnable",
            help="Deal only a deal the full-information solver proves winnable: the first from"
            " --seed (default: a random number) on.",
        ),
    ] = False,
    auto: Annotated[
        bool | None,
        typer.Option(
            "--auto/--no-auto",
            help="Auto-play: draw when it is the only move, finish a forced ending. Default: the"
            " kept setting (on).",
            show_default=False,
        ),
    ] = None,
    theme: Annotated[
        str | None,
        typer.Option(
            "--theme",
            help="Colours: default (reads on any background), dark, light or plain."
            " Default: the kept setting.",
            show_default=False,
        ),
    ] = None,
    still_winnable: Annotated[
        bool | None,
        typer.Option(
            "--still-winnable/--no-still-winnable",
            help="After each move, say whether the deal can still be won (the solver looks at"
            " the hidden cards; such games are counted apart). Default: the kept setting (off).",
            show_default=False,
        ),
    ] = None,
    count: Annotated[
        bool,
        typer.Option(
            "--count",
            help="Count a game finished from piped commands in the statistics (games played at a"
            " terminal always count).",
        ),
    ] = False,
    plain: PlainOpt = False,
    pysol: PysolOpt = None,
) -> None:
    """Play a game in the terminal; commands may also come from a pipe, one a line.

    Without --seed or --deal the deal is random; its number is shown so you can play it again.
    At the prompt type a move (4H, QH+AS, draw), the number of a listed move, or undo, redo,
    hint, moves, restart, new, demo, winnable, save [FILE], set, help, quit. An unfinished game
    is kept when you quit: 'patience play --resume' continues it.
    """
    plain = plain or no_color_env()
    from_autosave = False
    save_path = None
    assisted = False
    with user_errors():
        if resume:
            if seed is not None or deal is not None or pysol is not None or option:
                raise CliError(
                    "--resume continues a saved game with its own deal and options;"
                    " drop --seed, --deal, --pysol and -o"
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
            assisted = read_record(path).get("assisted") is True
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
            if winnable:
                if deal is not None or pysol is not None:
                    raise CliError("--winnable chooses a deal number; drop --deal and --pysol")
                seed = winnable_seed(game, seed, option)
            g = make_game(game, seed, deal, option, pysol)
        settings, problem = load_settings()
        if problem:
            warn(problem)
        if moves is not None or not sys.stdin.isatty():
            # A script plays exactly the moves it gives: no auto-play, no solver, unless asked.
            settings = attrs.evolve(settings, auto=False, still_winnable=False)
        for name, value in (("auto", auto), ("still_winnable", still_winnable)):
            if value is not None:
                settings = settings.changed(name, "on" if value else "off")
        if theme is not None:
            settings = settings.changed("theme", theme)

    interactive = moves is None and sys.stdin.isatty()
    if json_out and interactive:
        fail("--json needs --moves or commands piped in; at a terminal the game is drawn")
    # With --json, standard output carries the JSON alone: everything else goes to stderr.
    console = make_console(plain or settings.theme == "plain", stderr=json_out)
    renderer = Renderer(plain=plain, unicode=unicode_ok(), width=console.width, theme=settings.theme)

    with contained(g):
        if moves is not None:
            InPlay(g, counts=False).check_rules()  # the moves are read against the legal ones
            error = play_moves(g, moves)
            InPlay(g, counts=False).check_rules()
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
            g,
            console,
            renderer,
            interactive=interactive,
            settings=settings,
            count=interactive or count,
            keep_settings=interactive,
            save_path=save_path,
            from_autosave=from_autosave,
            assisted=assisted,
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


@contextmanager
def contained(game: Game) -> Iterator[None]:
    """A game whose plugin's rules fail in it (an exception, legal moves that are not moves)
    ends with one line naming the plugin, as its trial deal would have refused it. (A new deal
    at the prompt is a game of the same plugin.)"""
    try:
        yield
    except (CliError, PluginError, typer.Exit, typer.Abort, *USER_ERRORS):
        raise
    except Exception as err:
        fail(rules_failed(game, err))


def winnable_seed(game_id: str, seed: int | None, options: list[str] | None) -> int:
    """The deal for ``--winnable``: the first deal from ``seed`` (or a random number) on that the
    full-information solver proves winnable within its limit."""
    from patience_core.solver import next_winnable_deal_full_information

    start = seed if seed is not None else secrets.randbits(32)
    spec, _ = patience_core.find_game(game_id)
    values: dict[str, Any] = parse_option_pairs(spec, options)
    return next_winnable_deal_full_information(game_id, start, **values)


def register(app: typer.Typer) -> None:
    app.command("show", short_help="Show a deal as it looks at the start.")(show)
    app.command("play", short_help="Play a game in the terminal.")(play)
