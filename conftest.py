"""Hypothesis profiles and the long test profile for every test in the repository.

``default`` keeps the whole run within a few minutes on two cores (CI runs it: 25 inputs per
test); set ``HYPOTHESIS_PROFILE=thorough`` for a long hunt before a release (1,000 inputs per
test; docs/limits.md gives the command for the fuzz tests of every parser and command).
"""

import os

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


@pytest.fixture(scope="session")
def long_profile() -> bool:
    """Whether the long test profile is on (``PATIENCE_TEST_PROFILE=long``)."""
    return LONG_PROFILE
