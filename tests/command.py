"""The installed ``patience`` command, run as a person or a script runs it."""

from __future__ import annotations

import os
import signal
import subprocess
import sysconfig
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

EXE = Path(sysconfig.get_path("scripts")) / "patience"
needs_exe = pytest.mark.skipif(not EXE.exists(), reason="the patience command is not installed here")


def environment(home: Path | None = None, **more: str) -> dict[str, str]:
    """This process's environment without what changes the output, and ``PATIENCE_HOME``."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "PATIENCE_PLUGINS")}
    if home is not None:
        env["PATIENCE_HOME"] = str(home)
    env.update(more)
    return env


def patience(
    *args: str,
    home: Path | None = None,
    stdin: str = "",
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    preexec_fn: Callable[[], None] | None = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """Run ``patience ARGS``; one that waits for ever fails at ``timeout`` instead of hanging."""
    env = dict(env) if env is not None else environment()
    if home is not None:
        env["PATIENCE_HOME"] = str(home)
    return subprocess.run(
        [str(EXE), *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        preexec_fn=preexec_fn,
        timeout=timeout,
        check=False,
    )


def one_line_error(result: subprocess.CompletedProcess[str], *words: str) -> str:
    """The one ``Error:`` line of a run that failed with exit code 1 (warnings aside), holding
    ``words``; no traceback."""
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    lines = [line for line in result.stderr.splitlines() if line and not line.startswith("Warning: ")]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: ")
    for word in words:
        assert word in lines[0]
    return lines[0]


def interruptible() -> None:
    """A ``preexec_fn`` for a child that a test interrupts: SIGINT back to its default.

    A shell that starts a job in the background (``pytest &``) sets SIGINT to be ignored, and
    children inherit that; Python then installs no Ctrl-C handler, and the child would never
    see the test's Ctrl-C. With the default restored, Python turns it into KeyboardInterrupt.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def ctrl_c(proc: subprocess.Popen[str], when: Callable[[], bool], *, timeout: float = 60) -> tuple[str, str]:
    """Press Ctrl-C in ``proc`` once ``when()`` is true (it is asked until ``timeout``), wait for
    the command to end, and return what it wrote; a command still running at the end is killed."""
    try:
        deadline = time.monotonic() + timeout
        while not when() and proc.poll() is None:
            assert time.monotonic() < deadline, "the moment to press Ctrl-C never came"
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        return proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
