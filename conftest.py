"""Hypothesis profiles and the long test profile for every test in the repository.

``default`` keeps the whole run within a few minutes on two cores (CI runs it: 25 inputs per
test); set ``HYPOTHESIS_PROFILE=thorough`` for a long hunt before a release (1,000 inputs per
test; docs/limits.md gives the command for the fuzz tests of every parser and command).
"""

import os
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

LONG_PROFILE = os.environ.get("PATIENCE_TEST_PROFILE", "ci") == "long"
"""``PATIENCE_TEST_PROFILE=long``: the tests that bound their work to keep the run within ten
minutes (docs/testing.md) do the longer work instead, as they did before the bound."""
if LONG_PROFILE:  # the conformance kit's generic cross-check searches as far as each solve
    import patience_core.testing

    patience_core.testing.GENERIC_NODES = patience_core.testing.SOLVER_NODES


@pytest.fixture(scope="session")
def long_profile() -> bool:
    """Whether the long test profile is on (``PATIENCE_TEST_PROFILE=long``)."""
    return LONG_PROFILE


# Test files whose tests are each a few seconds of work on their own (one game each, no server
# nor browser kept for the file): spread test by test over the workers. Every other file stays
# whole on one worker (``--dist loadfile``), since several share a server, a browser or a data
# folder per file.
SPREAD = frozenset(
    {
        "tests/test_layers.py",
        "tests/test_solver.py",
        "tests/test_schemas.py",
        "tests/web/test_hidden.py",
        "tests/cli/test_play.py",
        "plugins/klondike/tests/test_solver.py",
    }
)


BUILD = re.compile(r"\[(?:installed build|plain Python)-")
"""The parameter of a test run on each build of the searches (tests/searches.py)."""


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hooks: unknown with -p no:xdist
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadfile`` (the default), but the files of :data:`SPREAD` go test by test.

    The files with the most tests are sent first and single tests last, so the spread tests
    fill the workers at the end of the run. (pytest-xdist's own ``loadgroup`` does not group
    under pytest 9.2, pytest-xdist issue 1386.)"""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class FileOrTest(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            # A test's runs on the two builds of the searches go together: they share the work
            # of the reference searches (tests/test_solver.py).
            return BUILD.sub("[", nodeid) if path in SPREAD else path

    return FileOrTest(config, log)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Two workers more than the machine has cores, up to four: the browser tests and the
    commands the tests run leave a worker waiting, and the others keep the cores busy (on two
    cores, four workers ran the tests in 548 s where three took 568 s)."""
    return min(4, (os.cpu_count() or 1) + 2)
