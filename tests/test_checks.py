"""The trial a registered game gets before it is served (``patience_core.plugins.checks``)."""

from __future__ import annotations

import attrs
import pytest

import patience_core
from patience_core import Layout
from patience_core.plugins import checks


def test_a_layout_is_declared_again_once_however_many_games_share_it(monkeypatch):
    layout = patience_core.new_game("pyramid", seed=1).rules.layout
    twin = attrs.evolve(layout)  # alike, but another object
    declared: list[str] = []
    real = Layout.declare
    monkeypatch.setattr(checks, "_SOUND_LAYOUTS", {})
    monkeypatch.setattr(
        Layout, "declare", lambda *a, **k: declared.append(k.get("name", "")) or real(*a, **k)
    )
    checks._check_layout(layout)
    assert len(declared) == 1
    checks._check_layout(layout)  # the same layout: found sound already
    assert len(declared) == 1
    checks._check_layout(twin)  # checked for itself
    assert len(declared) == 2


def test_a_layout_whose_coverage_is_not_what_its_positions_declare_is_refused():
    good = patience_core.new_game("pyramid", seed=1).rules.layout
    checks._check_layout(good)  # found sound, and remembered
    bad = attrs.evolve(good, blockers=(good.blockers[1], good.blockers[0], *good.blockers[2:]))
    with pytest.raises(checks.Refused, match="coverage is not what its positions declare"):
        checks._check_layout(bad)
