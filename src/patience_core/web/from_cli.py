"""What the server borrows from the command line: the data folder, the statistics store, the
saved-game record and the games' JSON of ``patience games --json``. The one door between web/
and cli/, so that moving these helpers to a module both apps share changes this file alone."""

from __future__ import annotations

from patience_core.cli.common import USER_ERRORS, CliError, data_dir
from patience_core.cli.games import plugin_sources, spec_json
from patience_core.cli.records import record_of
from patience_core.cli.stats import DB_NAME as STATS_DB_NAME
from patience_core.cli.stats import Store, Summary

__all__ = [
    "STATS_DB_NAME",
    "USER_ERRORS",
    "CliError",
    "Store",
    "Summary",
    "data_dir",
    "plugin_sources",
    "record_of",
    "spec_json",
]
