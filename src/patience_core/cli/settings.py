"""The player's settings for ``patience play``: auto-play, the colour theme, "still winnable?".

Kept as JSON in ``settings.json`` in the data folder, written atomically; a damaged or foreign
file is reported in one line and the defaults are used, never a traceback. Options on the
command line override them for one session; ``set`` at the prompt changes and keeps them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar, Final

import attrs

from patience_core.cli.common import CliError
from patience_core.engine.errors import quoted
from patience_core.userdata.common import data_dir
from patience_core.userdata.records import write_atomic

SETTINGS_NAME: Final = "settings.json"
MAX_SETTINGS_BYTES: Final = 64 * 1024
THEMES: Final = ("default", "dark", "light", "plain")
"""``default`` reads on dark and light terminals alike (black suits in the terminal's own text
colour); ``dark`` and ``light`` tune the colours to the background; ``plain`` has none."""
_ON: Final = {"on", "true", "yes", "1"}
_OFF: Final = {"off", "false", "no", "0"}


@attrs.frozen
class Settings:
    """The settings of ``patience play``.

    - ``auto``: auto-play (draw when it is the only move, finish a forced ending); on by default.
    - ``theme``: one of :data:`THEMES`.
    - ``still_winnable``: after each move say whether the deal can still be won, asking the
      full-information solver (it looks at the hidden cards); off by default, and a game
      played with it on is counted apart in the statistics.
    """

    auto: bool = True
    theme: str = attrs.field(default="default", validator=attrs.validators.in_(THEMES))
    still_winnable: bool = False

    NAMES: ClassVar[tuple[str, ...]] = ("auto", "theme", "still_winnable")

    def changed(self, name: str, value: str) -> Settings:
        """These settings with ``name`` set to ``value`` (as typed); :class:`CliError` if either is bad."""
        key = name.strip().lower().replace("-", "_")
        if key == "winnable":
            key = "still_winnable"
        text = value.strip().lower()
        if key == "theme":
            if text not in THEMES:
                raise CliError(f"theme is one of {', '.join(THEMES)}, not {quoted(value)}")
            return attrs.evolve(self, theme=text)
        if key in ("auto", "still_winnable"):
            if text not in _ON | _OFF:
                raise CliError(f"{key.replace('_', ' ')} is on or off, not {quoted(value)}")
            on = text in _ON
            return attrs.evolve(self, auto=on) if key == "auto" else attrs.evolve(self, still_winnable=on)
        raise CliError(f"no setting {quoted(name)}: the settings are auto, theme and winnable")

    def describe(self) -> str:
        """One line: ``auto on, theme default, still winnable off``."""
        return (
            f"auto {'on' if self.auto else 'off'}, theme {self.theme},"
            f" still winnable {'on' if self.still_winnable else 'off'}"
        )


def settings_path() -> Path:
    return data_dir() / SETTINGS_NAME


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The kept settings, and a one-line warning when the file could not be used (then the defaults)."""
    path = path or settings_path()
    try:
        if not path.exists():
            return Settings(), None
        if not path.is_file() or path.stat().st_size > MAX_SETTINGS_BYTES:
            return Settings(), f"{path} is not a settings file; using the default settings"
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as err:
        return Settings(), f"cannot read the settings in {path} ({type(err).__name__}); using the defaults"
    if not isinstance(data, dict):
        return Settings(), f"the settings in {path} are not a JSON object; using the defaults"
    settings = Settings()
    for name in Settings.NAMES:
        if name not in data:
            continue
        value = data[name]
        text = ("on" if value else "off") if isinstance(value, bool) else str(value)
        try:
            settings = settings.changed(name, text)
        except CliError as err:
            return Settings(), f"the settings in {path}: {err}; using the defaults"
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Keep ``settings`` (atomically); :class:`CliError` when the file cannot be written."""
    path = path or settings_path()
    write_atomic(path, json.dumps(attrs.asdict(settings), indent=1) + "\n")
