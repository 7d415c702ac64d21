"""The two builds of the searches, for tests that check both (see patience_core.solver.builds)."""

from __future__ import annotations

import pytest

from patience_core.blocks.build_on_waste import solver as build_on_waste
from patience_core.solver import builds
from patience_golf_family import four_leaf_clovers, robert
from patience_pyramid import solver as pyramid_solver
from patience_tripeaks import ricochet_solver

# Each hot module, the solver module that calls it, and the name it is called through there.
SEARCHES = {
    "patience_core.blocks.build_on_waste.search": (build_on_waste, "_search"),
    "patience_core.blocks.build_on_waste.search_columns": (build_on_waste, "_columns_search"),
    "patience_pyramid.search": (pyramid_solver, "_search"),
    "patience_tripeaks.ricochet_search": (ricochet_solver, "_search"),
    "patience_golf_family.robert_search": (robert, "_search"),
    "patience_golf_family.four_leaf_clovers_search": (four_leaf_clovers, "_search"),
}
BUILDS = ("installed build", "plain Python")


def use_plain_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the solvers call fresh plain-Python copies of the searches until the test ends."""
    for name, (wrapper, attribute) in SEARCHES.items():
        monkeypatch.setattr(wrapper, attribute, builds.load_pure(name))
