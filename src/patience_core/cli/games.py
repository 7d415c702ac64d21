"""``patience games``: every installed game and preset, its options and its plugin."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.text import Text

import patience_core
from patience_core.cli.common import PlainOpt, make_console, no_color_env, warn
from patience_core.plugins.listing import plain_value, plugin_sources, spec_json


def games(
    json_out: Annotated[bool, typer.Option("--json", help="Print the list as JSON for programs.")] = False,
    plain: PlainOpt = False,
) -> None:
    """List every installed game and preset by family: description, options (type, default,
    help) and plugin."""
    specs = sorted(patience_core.games(), key=lambda s: (not s.family, s.family, s.id))
    for error in patience_core.plugin_errors():
        warn(str(error))
    sources = plugin_sources()
    if json_out:
        typer.echo(json.dumps([spec_json(s, sources) for s in specs], indent=1, ensure_ascii=False))
        return
    plain = plain or no_color_env()
    console = make_console(plain)
    if not specs:
        console.print(
            "No game is installed. Install a game plugin: a package that registers games"
            " in the 'patience' entry-point group."
        )
        return
    family = None
    for n, spec in enumerate(specs):
        if n:
            console.print()
        if spec.family != family or n == 0:
            family = spec.family
            console.print(Text(f"{family} family" if family else "Other games", style="bold underline"))
            console.print()
        source = sources.get(spec.plugin)
        title = Text(spec.id, style="bold cyan")
        title.append(f" - {spec.name}", style="bold")
        title.append(f"  (plugin {spec.plugin}{f', {source}' if source else ''})", style="dim")
        console.print(title)
        console.print(f"  {spec.description}")
        if spec.pysol is not None:
            console.print("  Deals also by PySolFC's numbers: --pysol N")
        if spec.options:
            console.print("  Options, given as -o KEY=VALUE:")
            for option in spec.options:
                head = Text(f"    {option.name}", style="bold")
                head.append(f" ({option.kind}, default {plain_value(option.default)}; {option.accepts()})")
                console.print(head)
                console.print(f"      {option.help}")
        for preset in spec.presets:
            values = " ".join(f"{k}={plain_value(v)}" for k, v in preset.options.items())
            line = Text("  Preset ")
            line.append(preset.id, style="bold cyan")
            line.append(f" - {preset.name}: {preset.description} ({values})")
            console.print(line)


def register(app: typer.Typer) -> None:
    app.command("games", short_help="List the installed games, their options and presets.")(games)
