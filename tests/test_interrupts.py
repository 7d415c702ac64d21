"""The tests that press Ctrl-C work in a run started in the background (finding 20).

A shell starts a background job (``python -m pytest &``) with SIGINT ignored, and every child
inherits that: a child Python then installs no Ctrl-C handler and never stops, and a test that
reads its terminal without a deadline waited for ever. Here those tests run in such a job.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

from command import needs_exe

TESTS = Path(__file__).parent
CTRL_C_TESTS = [
    "web/test_serve.py::test_serve_serves_the_page_and_stops_on_ctrl_c_without_a_traceback",
    "cli/test_solve.py::test_at_a_terminal_a_progress_bar_shows_and_ctrl_c_prints_the_summary",
    "test_plugins.py::test_a_real_ctrl_c_while_a_plugin_runs_still_stops_the_program",
    "cli/test_solve.py::test_ctrl_c_in_a_compiled_search_exits_130_without_aborting",
]


def ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@needs_exe
def test_the_ctrl_c_tests_pass_in_a_job_that_ignores_sigint():
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "0", *(str(TESTS / t) for t in CTRL_C_TESTS)],
        capture_output=True,
        text=True,
        timeout=240,
        preexec_fn=ignore_sigint,
        cwd=TESTS.parent,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:]
    assert "5 passed" in result.stdout
