"""Hypothesis profiles for every test in the repository.

``default`` keeps the whole run within a few minutes on two cores (CI runs it: 25 inputs per
test); set ``HYPOTHESIS_PROFILE=thorough`` for a long hunt before a release (1,000 inputs per
test; docs/limits.md gives the command for the fuzz tests of every parser and command).
"""

import os

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
