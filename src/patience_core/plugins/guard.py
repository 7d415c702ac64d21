"""Running a plugin's code so that what it raises stays the plugin's problem.

A plugin is code from another package. Whatever it raises while it is imported or while one
of its hooks runs must not end the program: :func:`plugin_code` turns a ``SystemExit`` or a
``KeyboardInterrupt`` that the plugin raised itself into :class:`Escaped`, an ordinary
exception the caller records against the plugin. A real Ctrl-C (the interrupt signal arriving
while the plugin runs) still stops the program, as the person pressing it means.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from patience_core.engine.errors import quoted


class Escaped(Exception):
    """A ``SystemExit`` or ``KeyboardInterrupt`` that a plugin raised itself, caught."""


@contextmanager
def plugin_code() -> Iterator[None]:
    """Run the body as a plugin's code: its ``SystemExit`` and ``KeyboardInterrupt`` become
    :class:`Escaped`; a real Ctrl-C goes through as ``KeyboardInterrupt``.

    >>> import sys
    >>> with plugin_code():
    ...     sys.exit(3)
    Traceback (most recent call last):
    ...
    patience_core.plugins.guard.Escaped: raised SystemExit(3)
    """
    signalled: list[int] = []
    previous = None
    mine = None
    # Only the main thread receives signals and may set their handlers; elsewhere a
    # KeyboardInterrupt can only come from code.
    if threading.current_thread() is threading.main_thread():
        previous = signal.getsignal(signal.SIGINT)
        if callable(previous):
            handler = previous

            def mine(signum: int, frame: FrameType | None) -> None:
                signalled.append(signum)
                handler(signum, frame)

            signal.signal(signal.SIGINT, mine)
    try:
        yield
    except (SystemExit, KeyboardInterrupt) as err:
        if signalled:
            raise
        args = ", ".join(quoted(a) for a in err.args)
        raise Escaped(f"raised {type(err).__name__}({args})") from None
    finally:
        if mine is not None and signal.getsignal(signal.SIGINT) is mine:
            signal.signal(signal.SIGINT, previous)
