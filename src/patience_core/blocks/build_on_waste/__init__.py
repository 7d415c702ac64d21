"""Build on the waste: the rules (:mod:`.rules`), the fast solver (:mod:`.solver`) and its
search on integers (:mod:`.search`, compiled with mypyc where the install could)."""

from patience_core.blocks.build_on_waste.rules import BuildOnWaste, WasteFits

__all__ = ["BuildOnWaste", "WasteFits"]
