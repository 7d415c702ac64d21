"""``patience solve``: the full-information solver on one position, or on a range of deals.

The solver sees every card, face-down ones and the stock order, so everything this command
prints says so: it tells what can be won, never what a player could know.
"""

from __future__ import annotations

import json
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Final

import attrs
import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

import patience_core
from patience_core import Game, SolveResult
from patience_core.bench import DealSolve, SolveSummary, peak_memory_mb, solve_seeds, summarize
from patience_core.cli.common import (
    CliError,
    DealOpt,
    OptionOpt,
    PlainOpt,
    PysolOpt,
    SeedOpt,
    complete_game,
    describe_game,
    make_console,
    make_game,
    no_color_env,
    option_label,
    parse_option_pairs,
    playable_id,
    user_errors,
)
from patience_core.engine.deal import parse_seeds, span
from patience_core.engine.errors import quoted
from patience_core.engine.pysol import MAX_PYSOL_DEAL
from patience_core.solver import (
    DEFAULT_NODE_LIMIT,
    MAX_NODE_LIMIT,
    NO_WIN,
    UNKNOWN,
    WON,
    builds,
    default_node_limit,
)
from patience_core.userdata.records import load_game

EXIT_UNKNOWN: Final = 3
EXIT_INTERRUPTED: Final = 130  # the shell's code for a program stopped by Ctrl-C
SEES_ALL: Final = "the solver sees every card, face-down ones and the stock order"
_UNKNOWN_SHOWN: Final = 20  # seeds listed in the summary; --json has them all
MAX_SECONDS: Final = 10**7
"""The highest --time-limit (about four months)."""
MIN_MEGABYTES: Final = 1
MAX_MEGABYTES: Final = 10**7
"""The --memory-limit bounds, in megabytes (10 TB at most)."""


def solve(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help="The id of the game or preset ('patience games' lists them); optional with --record.",
            autocompletion=complete_game,
            show_default=False,
        ),
    ] = None,
    seed: SeedOpt = None,
    deal: DealOpt = None,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            "--from-record",
            metavar="FILE",
            help="Solve from the current position of a saved game (written by 'save' in 'patience play').",
            show_default=False,
        ),
    ] = None,
    seeds: Annotated[
        str | None,
        typer.Option(
            "--seeds",
            metavar="FIRST..LAST",
            help="Solve every deal from FIRST to LAST (both included) and print a summary:"
            " verdicts, share winnable, time per deal, states per second, peak memory.",
            show_default=False,
        ),
    ] = None,
    option: OptionOpt = None,
    limit: Annotated[
        int | None,
        typer.Option(
            "--limit",
            "-n",
            metavar="NODES",
            help="Positions to search at most (per deal); the verdict is 'unknown' when it runs out."
            " Default: the limit the game's own solver declares (docs/solver.md), else"
            f" {DEFAULT_NODE_LIMIT:,}.",
            show_default=False,
        ),
    ] = None,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time-limit",
            metavar="SECONDS",
            help="Seconds to search at most (per deal). Results then depend on the machine;"
            " --limit alone gives the same answer everywhere.",
            show_default=False,
        ),
    ] = None,
    memory_limit: Annotated[
        float | None,
        typer.Option(
            "--memory-limit",
            metavar="MB",
            help="Megabytes of memory the process may use while searching; past it the verdict is"
            " 'unknown (out of memory)'. Default: 80% of the machine's memory.",
            show_default=False,
        ),
    ] = None,
    generic: Annotated[
        bool,
        typer.Option("--generic", help="Use the generic solver even where the game offers a faster one."),
    ] = False,
    json_out: Annotated[
        bool, typer.Option("--json", help="Print the result (or the summary and every deal) as JSON.")
    ] = False,
    plain: PlainOpt = False,
    pysol: PysolOpt = None,
    pysol_seeds: Annotated[
        str | None,
        typer.Option(
            "--pysol-seeds",
            metavar="FIRST..LAST",
            help="As --seeds, on PySolFC's deals FIRST to LAST of the game (its numbering, as --pysol).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Solve a deal with full information: the solver sees every card, face-down ones and the stock order.

    It answers whether the position can be won at all and how (a line of moves): a question of
    analysis, not the view a player has. It starts from the deal, or with --record from where
    a saved game stands. With --seeds FIRST..LAST it solves each deal of the range and prints a
    summary (Ctrl-C stops and prints the summary of the deals done).

    Exit code 0 when decided (won or no win; every deal with --seeds), 3 when the limit left a
    verdict unknown, 130 when stopped by Ctrl-C, 1 for a mistake on the command line.
    """
    plain = plain or no_color_env()
    with user_errors():
        if limit is not None and not 1 <= limit <= MAX_NODE_LIMIT:
            raise CliError(
                f"--limit is the number of positions to search, from 1 to {MAX_NODE_LIMIT:,},"
                f" not {quoted(limit)}"
            )
        if time_limit is not None and not 0 < time_limit <= MAX_SECONDS:
            raise CliError(
                f"--time-limit is a number of seconds above 0 and at most {MAX_SECONDS:,}, not {time_limit}"
            )
        if memory_limit is not None and not MIN_MEGABYTES <= memory_limit <= MAX_MEGABYTES:
            raise CliError(
                f"--memory-limit is a number of megabytes from {MIN_MEGABYTES} to {MAX_MEGABYTES:,},"
                f" not {memory_limit}"
            )
        sources = [
            name
            for name, value in (
                ("--seed", seed),
                ("--deal", deal),
                ("--pysol", pysol),
                ("--record", record),
                ("--seeds", seeds),
                ("--pysol-seeds", pysol_seeds),
            )
            if value is not None
        ]
        if len(sources) > 1:
            raise CliError(
                f"give one of --seed, --deal, --pysol, --record, --seeds and --pysol-seeds,"
                f" not {' and '.join(sources)}"
            )
        if record is not None:
            if option:
                raise CliError("a saved game keeps its own options; drop -o with --record")
            g = load_game(record)
            if game is not None and game not in (g.id, g.spec.id):
                raise CliError(f"{record} is a game of {g.id}, not {game}")
        else:
            if game is None:
                raise CliError(f"name a game to solve, such as: patience solve {_first_id()} --seed 1")
            if seeds is not None or pysol_seeds is not None:
                by_pysol = pysol_seeds is not None
                deals = parse_seeds(pysol_seeds if by_pysol else seeds)  # type: ignore[arg-type]
                spec, _ = patience_core.find_game(game)
                values = parse_option_pairs(spec, option)
                if by_pysol:
                    if spec.pysol is None:
                        known = ", ".join(s.id for s in patience_core.games() if s.pysol is not None)
                        raise CliError(f"{spec.id} has no PySolFC deal numbers (games that have: {known})")
                    if deals.start < 1 or deals.stop - 1 > MAX_PYSOL_DEAL:
                        raise CliError(f"PySolFC's deal numbers run from 1 to {MAX_PYSOL_DEAL}")
                    patience_core.new_game(game, deal=spec.pysol(deals.start), **values)  # type: ignore[arg-type]
                else:
                    patience_core.new_game(game, seed=deals.start, **values)  # type: ignore[arg-type]  # bad options fail here
                shown = limit or default_node_limit(spec, generic=generic)
                limits = Limits(shown, time_limit, memory_limit, limit)
                code = _solve_range(game, values, deals, limits, generic, json_out, plain, by_pysol)
                raise typer.Exit(code)
            g = make_game(game, seed, deal, option, pysol)
    nodes = limit or default_node_limit(g.spec, generic=generic)
    _solve_one(g, record, Limits(nodes, time_limit, memory_limit, limit), generic, json_out)


def _first_id() -> str:
    ids = sorted(spec.id for spec in patience_core.games())
    return ids[0] if ids else "GAME"


# --- one position ---------------------------------------------------------------------------------


@attrs.frozen
class Limits:
    """How far each solve may go: positions, seconds and megabytes (None: no limit, the default).

    ``nodes`` is the node limit reported; ``given`` is ``--limit`` as typed (None: each solver's
    default, which the API chooses: the game's own solver's declared limit, else the core's)."""

    nodes: int
    seconds: float | None
    megabytes: float | None
    given: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"node_limit": self.nodes, "time_limit": self.seconds, "memory_limit_mb": self.megabytes}


def _solve_one(game: Game, record: Path | None, limits: Limits, generic: bool, json_out: bool) -> None:
    result = patience_core.solve_full_information(
        game,
        node_limit=limits.given,
        time_limit=limits.seconds,
        generic=generic,
        memory_limit_mb=limits.megabytes,
    )
    if json_out:
        out: dict[str, Any] = {
            "full_information": True,
            "game": game.spec.id,
            "preset": game.preset.id if game.preset else None,
            "options": game.options,
            "seed": game.deal.seed,
            "deal": game.deal_text(),
            "moves_played": len(game.moves),
            **limits.to_dict(),
            "generic": generic,
            **result.to_dict(),
        }
        typer.echo(json.dumps(out, indent=1, ensure_ascii=False))
    else:
        for line in _report(game, record, result, limits):
            typer.echo(line)
    if not result.decided:
        raise typer.Exit(EXIT_UNKNOWN)


def _report(game: Game, record: Path | None, result: SolveResult, limits: Limits) -> list[str]:
    where = f"from move {len(game.moves)} of {record}" if record is not None else "from the deal"
    lines = [f"Full-information solve of {describe_game(game)}, {where}.", f"Note: {SEES_ALL}."]
    if result.verdict == WON:
        if result.line:
            lines.append(f"Verdict: won, in {_count(len(result.line), 'move')}.")
            lines.append("Line:")
            width = len(str(len(result.line)))
            lines += [f"  {n:>{width}}. {move}" for n, move in enumerate(result.line, 1)]
        else:
            lines.append("Verdict: won: the position is already won.")
    elif result.verdict == NO_WIN and result.nodes == 0:
        lines.append(
            "Verdict: no win, proved before any search: a counting bound shows that no line can"
            " win (docs/solver.md), so no position needed searching."
        )
    elif result.verdict == NO_WIN and result.reason:
        lines.append(f"Verdict: no win, {result.reason}.")
    elif result.verdict == NO_WIN:
        lines.append("Verdict: no win: every position reachable from here was searched and none is won.")
    elif result.reason:
        cause, _, why = result.reason.partition(": ")
        more = "a higher --memory-limit" if limits.megabytes else "more memory"
        after = f" after {result.nodes:,} positions" if result.nodes else ""
        lines.append(
            f"Verdict: unknown ({cause}): the search stopped{after} before deciding: {why};"
            f" {more} may decide it."
        )
    else:
        lines.append(f"Verdict: unknown: {_why_unknown(result, limits.nodes, limits.seconds)}.")
    lines += [
        f"Nodes: {result.nodes:,}"
        if result.nodes or not result.reason
        else "Nodes: not counted by this solver",
        f"Time: {result.seconds * 1000:.2f} ms",
        f"Solver: {result.solver}",
    ]
    if result.line and record is None:
        lines.append(f"Check it: {_check_command(game, result.line)}")
    return lines


def _why_unknown(result: SolveResult, limit: int, time_limit: float | None) -> str:
    if result.nodes < limit and time_limit is not None:
        return f"the search stopped at the time limit ({time_limit:g} s) before deciding"
    more = "a higher --limit may decide it"
    if result.nodes > limit:  # a solver that runs a second search under the same limit (a relaxation)
        return f"the searches stopped at the node limit ({limit:,} each) before deciding; {more}"
    return f"the search stopped at the node limit ({limit:,}) before deciding; {more}"


def _check_command(game: Game, line: Sequence[str]) -> str:
    """The ``patience play --moves`` command that plays ``line`` from the deal."""
    words = ["patience", "play", playable_id(game)]
    words += ["--seed", str(game.deal.seed)] if game.deal.seed is not None else ["--deal", game.deal_text()]
    for pair in option_label(playable_id(game), game.options).split():
        words += ["-o", pair]
    return shlex.join([*words, "--moves", " ".join(line)])


def _count(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


# --- a range of deals -------------------------------------------------------------------------------


def _solve_range(
    game_id: str,
    options: dict[str, Any],
    deals: range,
    limits: Limits,
    generic: bool,
    json_out: bool,
    plain: bool,
    pysol: bool = False,
) -> int:
    console = make_console(plain)
    solves: list[DealSolve] = []
    interrupted = False
    start = time.perf_counter()
    run = solve_seeds(
        game_id,
        deals,
        options=options,
        node_limit=limits.given,
        time_limit=limits.seconds,
        generic=generic,
        memory_limit_mb=limits.megabytes,
        pysol=pysol,
    )
    try:
        if json_out or plain or not sys.stdout.isatty():
            solves.extend(run)
        else:
            with Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=console,
                transient=True,
            ) as progress:
                task = progress.add_task(f"Solving {game_id}", total=span(deals))
                for solve in run:
                    solves.append(solve)
                    progress.advance(task)
    except KeyboardInterrupt:
        interrupted = True
    wall = time.perf_counter() - start
    summary = summarize(solves)
    memory = peak_memory_mb()
    if json_out:
        spec, preset = patience_core.find_game(game_id)
        out = {
            "full_information": True,
            "game": spec.id,
            "preset": preset.id if preset else None,
            "options": options,
            "seeds": {"first": deals.start, "last": deals.stop - 1},
            "numbering": "pysolfc" if pysol else "patience",
            **limits.to_dict(),
            "generic": generic,
            "interrupted": interrupted,
            "summary": {
                **summary.to_dict(),
                "wall_seconds": wall,
                "peak_memory_mb": memory,
                "peak_memory_of": "the whole process",
                "build": builds.describe(),
            },
            "deals": [s.to_dict() for s in solves],
        }
        typer.echo(json.dumps(out, indent=1, ensure_ascii=False))
    else:
        text = f"Node limit: {limits.nodes:,} a deal"
        if limits.seconds is not None:
            text += f"; time limit: {limits.seconds:g} s a deal, so the verdicts depend on the machine"
        if limits.megabytes is not None:
            text += f"; memory limit: {limits.megabytes:g} MB"
        _print_summary(
            console, game_id, options, deals, solves, summary, wall, memory, text, interrupted, pysol
        )
    if interrupted:
        return EXIT_INTERRUPTED
    return EXIT_UNKNOWN if summary.unknown else 0


def _print_summary(
    console: Console,
    game_id: str,
    options: dict[str, Any],
    deals: range,
    solves: list[DealSolve],
    summary: SolveSummary,
    wall: float,
    memory: float | None,
    limits: str,
    interrupted: bool,
    pysol: bool = False,
) -> None:
    spec, preset = patience_core.find_game(game_id)
    name = preset.name if preset else spec.name
    label = option_label(game_id, options)
    shown = f"{deals.start}..{deals.stop - 1}"
    which = "PySolFC's deals" if pysol else "deals"
    out = [f"Full-information solves of {name}{f' ({label})' if label else ''}, {which} {shown}."]
    out.append(f"Note: {SEES_ALL}.")
    if interrupted:
        done = f"deals {deals.start}..{solves[-1].seed}" if solves else "no deal"
        out.append(f"Interrupted after {len(solves)} of {span(deals)} deals: the figures cover {done}.")
    out.append(f"{limits}.")
    out.append(
        f"Deals: {summary.deals:,}; won {summary.won:,}, no win {summary.no_win:,},"
        f" unknown {summary.unknown:,}."
    )
    share = summary.winnable_share
    if share is None:
        out.append("Winnable: no deal was decided.")
    elif summary.unknown:
        low, high = summary.winnable_bounds
        out.append(
            f"Winnable: {share:.2%} of the {summary.decided:,} decided deals;"
            f" {low:.2%} to {high:.2%} of all {summary.deals:,}, counting the unknown as lost or won."
        )
    else:
        out.append(f"Winnable: {share:.2%}.")
    if solves:
        out.append(
            f"Time per deal: median {summary.median_ms:.2f} ms, p90 {summary.p90_ms:.2f} ms,"
            f" p99 {summary.p99_ms:.2f} ms, max {summary.max_ms:.2f} ms (deal {summary.slowest_seed})."
        )
        median, p99, most = summary.cpu_ms
        out.append(
            f"CPU time per deal: median {median:.2f} ms, p99 {p99:.2f} ms, max {most:.2f} ms"
            " (this process's own time: on a busy machine nearer what a quiet one takes)."
        )
        out.append(
            f"Nodes: {summary.nodes:,} in {summary.seconds:.2f} s of solving:"
            f" {summary.states_per_second:,.0f} states per second."
        )
        out.append(f"Solver: {', '.join(summary.solvers)}; {builds.describe()}.")
    out.append(f"Wall time: {wall:.2f} s.")
    if memory is not None:
        out.append(f"Peak memory: {memory:.1f} MB (the peak resident memory of the whole process).")
    unknown = [s.seed for s in solves if s.verdict == UNKNOWN]
    if unknown:
        more = f" and {len(unknown) - _UNKNOWN_SHOWN:,} more" if len(unknown) > _UNKNOWN_SHOWN else ""
        out.append(f"Unknown: deals {', '.join(map(str, unknown[:_UNKNOWN_SHOWN]))}{more}.")
    for line in out:
        console.print(line)


def register(app: typer.Typer) -> None:
    app.command("solve", short_help="Solve deals seeing every card (full information).")(solve)
