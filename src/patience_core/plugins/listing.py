"""The installed games as JSON, one object per game: what ``patience games --json`` prints
and what the server's ``GET /api/games`` answers (the same shape, so programs read either)."""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any

from patience_core.engine.spec import GameSpec, Option
from patience_core.plugins.registry import ENTRY_POINT_GROUP


def plugin_sources() -> dict[str, str]:
    """Plugin name to the distribution that installs it, as ``patience-cards 0.1.0``."""
    out = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        dist = getattr(ep, "dist", None)
        if dist is not None:
            out[ep.name] = f"{dist.name} {dist.version}"
    return out


def plain_value(value: object) -> Any:
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
