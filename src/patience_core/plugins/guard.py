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


# --- a time bound on a plugin's code ------------------------------------------------------------------


class TookTooLong(Exception):
    """A plugin's code ran past its time bound and was stopped."""


class _Stop(BaseException):
    """Raised into code that overran: a BaseException, so that the plugin's own ``except
    Exception`` does not swallow it."""


_bounded = threading.local()


@contextmanager
def time_bound(seconds: float | None) -> Iterator[None]:
    """Run the body for at most ``seconds``; past that it is stopped with :class:`TookTooLong`.

    In the main thread a timer signal (SIGALRM) interrupts it, in any other thread an
    asynchronous exception: both stop Python code, a loop or a ``time.sleep`` in the main
    thread; neither stops code that never returns to the interpreter (a loop in a C extension
    or a compiled module, a blocking call in another thread) until it does, nor code that
    catches ``BaseException`` and carries on. A bound inside a bound is the outer one.

    >>> with time_bound(0.05):
    ...     while True:
    ...         pass
    Traceback (most recent call last):
    ...
    patience_core.plugins.guard.TookTooLong: took more than 0.05 s
    """
    if seconds is None or getattr(_bounded, "on", False):
        yield
        return
    _bounded.on = True
    try:
        if threading.current_thread() is threading.main_thread() and _alarm_free():
            with _alarm(seconds):
                yield
        else:
            with _async_stop(seconds):
                yield
    except _Stop:
        raise TookTooLong(f"took more than {seconds:g} s") from None
    finally:
        _bounded.on = False


def _alarm_free() -> bool:
    return (
        hasattr(signal, "setitimer")
        and signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, None)
        and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    )


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    armed = [True]

    def stop(signum: int, frame: FrameType | None) -> None:
        if armed[0]:  # a signal arriving after the body ended stops nothing
            armed[0] = False
            raise _Stop

    signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)


@contextmanager
def _async_stop(seconds: float) -> Iterator[None]:
    import ctypes

    thread = threading.get_ident()
    lock = threading.Lock()
    state = {"inside": True, "fired": False}

    def fire() -> None:
        with lock:
            if state["inside"]:
                state["fired"] = True
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), ctypes.py_object(_Stop))

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        with lock:
            state["inside"] = False
            timer.cancel()
            if state["fired"]:  # not delivered yet: take it back, it would land in other code
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), None)
