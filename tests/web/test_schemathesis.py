"""Schemathesis against the OpenAPI document the server serves: every operation with data
drawn from its schemas (and data that breaks them), and the stateful phase (games made, then
played through the document's links), with every check but the one about authentication,
which this API has none of.

Profiles: ``SCHEMATHESIS_PROFILE=ci`` (the default, in the test run: a few examples per
operation and short stateful runs, under a minute) and ``long`` (before a release, several
minutes: ``SCHEMATHESIS_PROFILE=long python -m pytest -n 0 tests/web/test_schemathesis.py``).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config._checks import PositiveDataAcceptanceConfig
from schemathesis.specs.openapi.checks import ignored_auth

from patience_core.web.app import create_app
from patience_core.web.games import PLAY_SECONDS, WINNABLE_SECONDS, Games

PROFILE = os.environ.get("SCHEMATHESIS_PROFILE", "ci")
EXAMPLES = {"ci": 8, "long": 300}[PROFILE]
STEPS = {"ci": 4, "long": 50}[PROFILE]
RUNS = {"ci": 6, "long": 200}[PROFILE]

HOME = Path(tempfile.mkdtemp(prefix="patience-schemathesis-"))
# Schemathesis's ASGI client names its host "testserver": a name the server is told, as
# `patience serve --allowed-host` tells it a proxy's. It starts and stops the app around each
# call, so the games are opened here, for the whole module.
GAMES = Games(HOME)


@atexit.register
def _clean_up() -> None:
    # Every worker imports this module to collect it, whether or not it runs it: without this,
    # each test run left a folder per worker in the system's temporary folder.
    GAMES.close()
    shutil.rmtree(HOME, ignore_errors=True)


APP = create_app(HOME, games=GAMES, allowed_hosts=["testserver"])
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)
# A request the schemas allow may still be refused for what it says (a record whose deal
# repeats a card, an option a game does not have, a move the rules refuse now, a game that is
# not there): 400, 422, 404 and 410 are such refusals, by design, as the command line's are;
# 403 is the record of a game still on, asked for without reveals_deal=true.
schema.config.checks.positive_data_acceptance = PositiveDataAcceptanceConfig(
    expected_statuses=["2xx", "400", "403", "404", "409", "410", "422", "503"]
)
# A winnable deal of a game without a fast solver (Spider) may take the whole search budget,
# which the server bounds itself; the client waits that long, not its default 10 s.
schema.config.request_timeout = WINNABLE_SECONDS + PLAY_SECONDS + 10
SETTINGS = {"deadline": None, "suppress_health_check": list(HealthCheck)}


@schema.parametrize()
@settings(max_examples=EXAMPLES, **SETTINGS)
def test_every_operation_answers_as_documented(case):
    case.call_and_validate(excluded_checks=[ignored_auth])


def test_stateful_sequences_answer_as_documented():
    machine = schema.as_state_machine()
    machine.run(settings=settings(max_examples=RUNS, stateful_step_count=STEPS, **SETTINGS))
