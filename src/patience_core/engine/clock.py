"""A game's playing time: a clock that runs while the game is open and stops at its end.

>>> clock = Clock(seconds=12.5, running=False)
>>> clock.seconds, clock.running
(12.5, False)
>>> clock.start(); clock.running
True
"""

from __future__ import annotations

import math
import time
from typing import Final

MAX_SECONDS: Final = 10 * 365 * 24 * 3600.0
"""The longest playing time a record may state: ten years, far beyond any real game."""


class Clock:
    """Seconds of play so far; :meth:`stop` when the game is closed or ends, :meth:`start` when
    it is open again. Monotonic, so a change of the system time never moves it."""

    __slots__ = ("_since", "_total")

    def __init__(self, seconds: float = 0.0, *, running: bool = True) -> None:
        if not (isinstance(seconds, int | float) and math.isfinite(seconds) and 0 <= seconds <= MAX_SECONDS):
            raise ValueError(f"a playing time is 0 to {MAX_SECONDS:.0f} seconds, not {seconds!r}")
        self._total = float(seconds)
        self._since: float | None = time.monotonic() if running else None

    @property
    def seconds(self) -> float:
        """The playing time so far."""
        if self._since is None:
            return self._total
        return self._total + time.monotonic() - self._since

    @property
    def running(self) -> bool:
        return self._since is not None

    def start(self) -> None:
        if self._since is None:
            self._since = time.monotonic()

    def stop(self) -> None:
        if self._since is not None:
            self._total = min(self._total + time.monotonic() - self._since, MAX_SECONDS)
            self._since = None

    def __repr__(self) -> str:
        return f"<Clock {self.seconds:.1f} s {'running' if self.running else 'stopped'}>"
