"""``patience games``: every installed game and preset, its options and its plugin."""

from __future__ import annotations

import json
from importlib.metadata import entry_points
from typing import Annotated, Any

import typer
from rich.text import Text

import patience_core
from patience_core import GameSpec, Option
from patience_core.cli.common import PlainOpt, make_console, no_color_env, warn
from patience_core.plugins import ENTRY_POINT_GROUP


def plugin_sources() -> dict[str, str]:
    """Plugin name to the distribution that installs it, as ``patience-cards 0.1.0``."""
    out = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        dist = getattr(ep, "dist", None)
        if dist is not None:
            out[ep.name] = f"{dist.name} {dist.version}"
    return out


def _value(value: object) -> Any:
    return str(value).lower() if isinstance(value, bool) else value


def option_json(option: Option) -> dict[str, Any]:
    return {
        "name": option.name,
        "type": option.kind,
        "default": option.default,
        "accepts": option.accepts(),
        "help": option.help,
        "choices": list(option.choices) or None,
        "minimum": option.minimum,
        "maximum": option.maximum,
        "words": list(option.words) or None,
    }


def spec_json(spec: GameSpec, sources: dict[str, str]) -> dict[str, Any]:
    return {
        "id": spec.id,
        "name": spec.name,
        "family": spec.family or None,
        "pysol_deals": spec.pysol is not None,
        "description": spec.description,
        "plugin": spec.plugin,
        "distribution": sources.get(spec.plugin),
        "options": [option_json(o) for o in spec.options],
        "presets": [
            {"id": p.id, "name": p.name, "description": p.description, "options": dict(p.options)}
            for p in spec.presets
        ],
    }


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
                head.append(f" ({option.kind}, default {_value(option.default)}; {option.accepts()})")
                console.print(head)
                console.print(f"      {option.help}")
        for preset in spec.presets:
            values = " ".join(f"{k}={_value(v)}" for k, v in preset.options.items())
            line = Text("  Preset ")
            line.append(preset.id, style="bold cyan")
            line.append(f" - {preset.name}: {preset.description} ({values})")
            console.print(line)


def register(app: typer.Typer) -> None:
    app.command("games", short_help="List the installed games, their options and presets.")(games)
