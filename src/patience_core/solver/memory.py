"""The memory a search may use, checked by the search itself before the system says no.

A solver's tables grow with the positions it has seen; on a hard deal and a high node limit
they can outgrow the machine, or a limit set on the process (``ulimit -v``). Then the system
refuses memory and Python raises ``MemoryError`` wherever it happens to be. Instead, a search
loop calls :func:`check_memory` every :data:`CHECK_EVERY` positions; it costs one read of the
process's size, and raises :class:`MemoryLimitReached` (a ``MemoryError``) once the process
is above its limit, so the search stops where it is, frees its tables, and
:func:`~patience_core.solver.solve_full_information` answers ``unknown`` (out of memory) with
the positions searched.

The limit is the one given (``memory_limit``, ``patience solve --memory-limit``), else
:func:`default_limit`: most of the machine's memory. An address-space limit on the process
(``ulimit -v``) is respected as well, with room to spare. Solvers of plugins call
``check_memory(nodes)`` from their loops the same way. For a solver that does not, the main
thread is also checked ten times a second of CPU time (a ``SIGVTALRM`` timer, where the system
has one), so it too stops before the system refuses memory: near that edge CPython may fail in
odd ways (a ``SystemError``, or a loop that never ends) rather than raise ``MemoryError``.

A search that calls :func:`check_memory` itself is left to do so: the timer then checks
nothing, and Ctrl-C (SIGINT) in the main thread is held until the search's next check, which
raises ``KeyboardInterrupt`` there. A search compiled with mypyc must not be stopped between
its checks: CPython looks for signals in the middle of long-integer arithmetic, and mypyc's
runtime takes a failure there (the ``KeyboardInterrupt`` of Python's own Ctrl-C handler) for
an allocation that failed and aborts the process ("fatal: out of memory"). A search that has
not called :func:`check_memory` for :data:`HOLD_SECONDS` of CPU time is taken not to check
(it may have handed over to one that does not): the timer then checks its memory and
delivers a Ctrl-C held for it.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from types import FrameType
from typing import Final

import attrs

CHECK_EVERY: Final = 1 << 14
"""Positions between two checks: a check costs a few microseconds, a position about one."""
MASK: Final = CHECK_EVERY - 1
"""``if not nodes & MASK: check_memory(nodes)`` in a search loop checks every CHECK_EVERY nodes."""
MB: Final = 1024 * 1024
DEFAULT_SHARE: Final = 0.8
"""Of the machine's memory, the share a search may use by default."""
ADDRESS_SPACE_SHARE: Final = 0.85
"""Of an address-space limit (``ulimit -v``), the share a search may use: the rest is room for
the allocation that crosses it."""


@attrs.frozen
class Limit:
    """What a search may use: ``resident`` bytes of memory, and ``virtual`` bytes of address
    space (None when the process has no such limit)."""

    resident: int
    virtual: int | None


class MemoryLimitReached(MemoryError):
    """A search stopped because the process used more memory than it may.

    ``nodes`` is the positions searched by then (0 when not counted), ``used`` and ``limit``
    are in bytes (None when the system refused memory before any check saw it coming), and
    ``of`` says which: ``"memory"`` (resident) or ``"address space"`` (``ulimit -v``).
    """

    def __init__(
        self, nodes: int, used: int | None = None, limit: int | None = None, of: str = "memory"
    ) -> None:
        super().__init__(nodes, used, limit, of)
        self.nodes = nodes
        self.used = used
        self.limit = limit
        self.of = of

    def __str__(self) -> str:
        if self.used is None or self.limit is None:
            return "the system refused more memory"
        return (
            f"the process used {self.used / MB:,.0f} MB of {self.of},"
            f" above the limit of {self.limit / MB:,.0f} MB"
        )


_LIMIT: ContextVar[Limit | None] = ContextVar("patience_memory_limit", default=None)
_NODES: ContextVar[int] = ContextVar("patience_nodes_checked", default=0)

HOLD_SECONDS: Final = 2.0
"""CPU seconds since a search's last :func:`check_memory` within which its Ctrl-C waits for its
next check; a compiled search checks far more often than that (16,384 positions)."""


class _MainThread:
    """What the main thread's search has done, for the signal handlers (only the main thread
    takes signals): when it last checked its memory itself, and whether a Ctrl-C waits."""

    checked_at: float | None = None
    interrupted = False


_main = _MainThread()


def default_limit() -> int:
    """The resident memory a search may use when no limit is given: most of the machine's."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # not on every system
        return 2**63 - 1
    return int(total * DEFAULT_SHARE)


def _address_space_limit() -> int | None:
    try:
        import resource
    except ImportError:  # Windows
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    return None if soft == resource.RLIM_INFINITY else int(soft * ADDRESS_SPACE_SHARE)


def usage() -> tuple[int, int | None]:
    """The process's resident memory and address space now, in bytes (address space None where
    not known; resident then the peak so far)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            size, resident = statm.read().split()[:2]
        page = os.sysconf("SC_PAGE_SIZE")
        return int(resident) * page, int(size) * page
    except (OSError, ValueError):
        pass
    try:
        import resource
    except ImportError:
        return 0, None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return (peak if sys.platform == "darwin" else peak * 1024), None


@contextmanager
def memory_limit(megabytes: float | None = None) -> Iterator[Limit]:
    """Searches within the block may use ``megabytes`` of resident memory (None: the default),
    and no more of the address space than a ``ulimit -v`` allows."""
    resident = default_limit() if megabytes is None else int(megabytes * MB)
    limit = Limit(resident, _address_space_limit())
    token = _LIMIT.set(limit)
    nodes = _NODES.set(0)
    timed = _start_timer()
    held = timed and _hold_ctrl_c()
    try:
        yield limit
    finally:
        if timed:
            signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        _LIMIT.reset(token)
        _NODES.reset(nodes)
        if held:
            signal.signal(signal.SIGINT, signal.default_int_handler)
            _main.checked_at = None
            if _main.interrupted:  # pressed after the search's last check
                _main.interrupted = False
                raise KeyboardInterrupt


TIMER_SECONDS: Final = 0.1
"""CPU seconds between two checks of the timer."""


def _start_timer() -> bool:
    """Check the main thread's memory every TIMER_SECONDS of CPU time, if nobody else uses the
    timer; True when it was started."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        return False
    if signal.getitimer(signal.ITIMER_VIRTUAL) != (0.0, 0.0):
        return False  # somebody else's timer: leave it be
    handler = signal.getsignal(signal.SIGVTALRM)
    if handler is not _on_timer:
        if handler not in (signal.SIG_DFL, None):
            return False  # somebody else's handler
        # Installed once and kept: a signal still on its way when the timer stops finds it.
        signal.signal(signal.SIGVTALRM, _on_timer)
    signal.setitimer(signal.ITIMER_VIRTUAL, TIMER_SECONDS, TIMER_SECONDS)
    return True


def _on_timer(signum: int, frame: FrameType | None) -> None:
    if _checks_itself():
        return
    if _main.interrupted:
        _main.interrupted = False
        raise KeyboardInterrupt
    _check(_NODES.get())  # nothing outside memory_limit


def _hold_ctrl_c() -> bool:
    """Take Ctrl-C in hand while a search runs, if Python's own handler has it (the caller is
    the main thread); True when it was taken."""
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return False  # ignored, or somebody else's handler (or ours, in a search within one)
    _main.checked_at = None
    _main.interrupted = False
    signal.signal(signal.SIGINT, _on_ctrl_c)
    return True


def _on_ctrl_c(signum: int, frame: FrameType | None) -> None:
    if _checks_itself():
        _main.interrupted = True  # raised at the search's next check
        return
    raise KeyboardInterrupt


def _checks_itself() -> bool:
    """Whether the main thread's search has checked its memory lately, so will again soon."""
    checked = _main.checked_at
    return checked is not None and time.process_time() - checked < HOLD_SECONDS


def check_memory(nodes: int) -> None:
    """Raise :class:`MemoryLimitReached` when the process uses more memory than the search
    under way may; ``nodes`` is the positions it has searched. Call it every
    :data:`CHECK_EVERY` positions (``if not nodes & MASK``); outside :func:`memory_limit` it
    checks nothing. A Ctrl-C pressed since the last call is raised here
    (``KeyboardInterrupt``).
    """
    if threading.current_thread() is threading.main_thread():
        if _main.interrupted:
            _main.interrupted = False
            raise KeyboardInterrupt
        _main.checked_at = time.process_time()
    _check(nodes)


def _check(nodes: int) -> None:
    limit = _LIMIT.get()
    if limit is None:
        return
    _NODES.set(nodes)
    resident, virtual = usage()
    if resident > limit.resident:
        raise MemoryLimitReached(nodes, resident, limit.resident)
    if virtual is not None and limit.virtual is not None and virtual > limit.virtual:
        raise MemoryLimitReached(nodes, virtual, limit.virtual, "address space (ulimit -v)")


def peaked() -> bool:
    """Whether the process has come near its limit at its peak, under :func:`memory_limit`.

    CPython may fail with a ``SystemError`` (an error return without an exception) instead of a
    ``MemoryError`` when memory runs out; after a search's ``SystemError`` this tells which.
    """
    limit = _LIMIT.get()
    if limit is None:
        return False
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            fields = dict(line.split(":", 1) for line in status if ":" in line)
        peak_resident = int(fields["VmHWM"].split()[0]) * 1024
        peak_virtual = int(fields["VmPeak"].split()[0]) * 1024
    except (OSError, KeyError, ValueError):
        return usage()[0] >= limit.resident * 0.9
    return peak_resident >= limit.resident * 0.9 or (
        limit.virtual is not None and peak_virtual >= limit.virtual
    )


def nodes_checked() -> int:
    """The positions the search under way had searched at its last :func:`check_memory`."""
    return _NODES.get()
