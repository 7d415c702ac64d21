"""``patience simulate``: play many deals with one player and print the win rate."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

import patience_core
from patience_core.cli.common import (
    CliError,
    GameArg,
    OptionOpt,
    PlainOpt,
    make_console,
    no_color_env,
    option_label,
    parse_option_pairs,
    user_errors,
)
from patience_core.engine.deal import MAX_SEED, parse_seeds, span
from patience_core.engine.errors import quoted
from patience_core.players import PlayerError, players
from patience_core.simulate import MAX_WORKERS, Simulation, simulate


def complete_player(incomplete: str) -> list[tuple[str, str]]:
    return [(p.name, p.description) for p in players() if p.name.startswith(incomplete)]


def parse_params(pairs: list[str] | None) -> dict[str, Any]:
    """Player parameters from ``KEY=VALUE`` texts: whole numbers, decimals, true/false, none, or text."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        name, sep, text = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name:
            raise CliError(f"player parameter {quoted(pair)} is not KEY=VALUE (such as samples=20)")
        out[name] = _value(text.strip())
    return out


def _value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("none", "null"):
        return None
    if lowered in ("true", "false"):
        return lowered == "true"
    if len(text) > 40:  # no number is written this long: leave it text for the player to refuse
        return text
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text


def simulate_command(
    game: GameArg,
    deals: Annotated[
        int | None,
        typer.Option("--deals", "-n", help="Play deals 1 to N (default 100).", show_default=False),
    ] = None,
    seeds: Annotated[
        str | None,
        typer.Option(
            "--seeds", help="Play the deals A..B, both included (such as 1..1000).", show_default=False
        ),
    ] = None,
    player: Annotated[
        str,
        typer.Option(
            "--player",
            "-p",
            help="Who plays: random, greedy, hint, or solver (full information: it sees every hidden card).",
            autocompletion=complete_player,
        ),
    ] = "greedy",
    param: Annotated[
        list[str] | None,
        typer.Option(
            "--param",
            metavar="KEY=VALUE",
            help="A parameter of the player, such as samples=20 for hint; repeat for several.",
            show_default=False,
        ),
    ] = None,
    option: OptionOpt = None,
    workers: Annotated[
        int, typer.Option("--workers", "-w", help=f"Local processes to play on (1 to {MAX_WORKERS}).")
    ] = 1,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            help="Play on the Dask cluster at this address (tcp://HOST:8786); needs patience-core[dask].",
            show_default=False,
        ),
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the results as JSON for programs.")] = False,
    per_deal: Annotated[
        bool, typer.Option("--per-deal", help="With --json: add every deal's result.")
    ] = False,
    plain: PlainOpt = False,
) -> None:
    """Play many deals with one player: win rate with its 95% interval, cards left, score, speed.

    Every deal plays the same way on any number of workers or machines, so the numbers are
    reproducible. Ctrl-C stops and prints what was done.
    """
    plain = plain or no_color_env()
    with user_errors():
        if deals is not None and seeds is not None:
            raise CliError("give --deals N or --seeds A..B, not both")
        if deals is not None and not 1 <= deals <= MAX_SEED:
            raise CliError(f"--deals is a number of deals from 1 to {MAX_SEED}, not {quoted(deals)}")
        if not 1 <= workers <= MAX_WORKERS:
            raise CliError(
                f"--workers is a number of processes from 1 to {MAX_WORKERS}, not {quoted(workers)}"
            )
        chosen = parse_seeds(seeds) if seeds is not None else range(1, (deals or 100) + 1)
        spec, _ = patience_core.find_game(game)
        values = parse_option_pairs(spec, option)
        params = parse_params(param)
        progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=make_console(plain, stderr=True),
            transient=True,
            disable=plain or json_out or not sys.stderr.isatty(),
        )
        try:
            with progress:
                task = progress.add_task(f"{game} with {player}", total=span(chosen))
                result = simulate(
                    game,
                    chosen,
                    player=player,
                    params=params,
                    options=values,
                    workers=workers,
                    scheduler=scheduler,
                    progress=lambda n: progress.advance(task, n),
                )
        except (PlayerError, RuntimeError, OSError, ValueError) as err:
            raise CliError(str(err)) from None
    if json_out:
        typer.echo(json.dumps(result.to_dict(deals=per_deal), indent=1))
    else:
        console = make_console(plain)
        for line in summary_lines(result, chosen):
            console.print(line)
    if result.stopped:
        raise typer.Exit(130)


def summary_lines(sim: Simulation, seeds: range) -> list[str]:
    """The results for a person, one fact a line."""
    spec, preset = patience_core.find_game(sim.game_id)
    name = preset.name if preset else spec.name
    label = option_label(sim.game_id, sim.options)
    params = " ".join(f"{k}={v}" for k, v in sim.params.items())
    where = (
        f"the cluster at {sim.scheduler}"
        if sim.scheduler
        else f"{sim.workers} worker{'s' * (sim.workers > 1)}"
    )
    lines = [
        f"{name}{f' ({label})' if label else ''}, seeds {seeds.start}..{seeds.stop - 1},"
        f" player {sim.player}{f' ({params})' if params else ''}"
    ]
    if sim.stopped:
        lines.append(f"Stopped: {sim.deals} of {sim.requested} deals were finished; these are their results.")
    if not sim.deals:
        return lines
    low, high = sim.interval
    lines += [
        f"Deals played: {sim.deals}",
        f"Won: {sim.wins} ({sim.win_rate:.1%}, 95% interval {low:.1%} to {high:.1%})",
        f"Mean cards left: {sim.mean_cards_left:.2f}",
        f"Mean score: {sim.mean_score:.2f}",
        f"Speed: {sim.deals_per_second:.1f} deals a second ({sim.seconds:.1f} s on {where})",
    ]
    if any(r.verdict is not None for r in sim.results):
        lines.insert(-3, f"Undecided by the solver within its limit: {sim.undecided}")
    return lines


def register(app: typer.Typer) -> None:
    app.command("simulate", short_help="Play many deals with one player: win rates.")(simulate_command)
