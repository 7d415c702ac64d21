"""The plugin layer: the hook specifications and the registry that loads plugins.

Above the engine, below the applications. Plugins import the marker from the root package
(``from patience_core import hookimpl``); apps reach the installed games and players through
:data:`REGISTRY`.
"""

from __future__ import annotations

from patience_core.plugins.hookspecs import hookimpl, hookspec
from patience_core.plugins.registry import (
    DEFAULT_PLUGINS,
    ENTRY_POINT_GROUP,
    ENV_FILTER,
    REGISTRY,
    Observers,
    Registry,
)

__all__ = [
    "DEFAULT_PLUGINS",
    "ENTRY_POINT_GROUP",
    "ENV_FILTER",
    "REGISTRY",
    "Observers",
    "Registry",
    "hookimpl",
    "hookspec",
]
