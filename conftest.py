"""Hypothesis profiles for every test in the repository.

``default`` keeps the whole run within a few minutes on two cores (CI runs it); set
``HYPOTHESIS_PROFILE=thorough`` for a long hunt before a release.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
