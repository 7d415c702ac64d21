"""Golf: clear seven columns onto the waste, one rank up or down."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from patience_core import BuildOnWaste, GameSpec, Layout, Option, Scoring, hookimpl


class Golf(BuildOnWaste):
    """Golf with its options chosen."""

    # Seven columns of five cards, all face up; only the bottom card of a column is free.
    layout = Layout.columns(7, 5, name="golf")
    scoring = Scoring("cards", "one point for each card played from the columns")

    def __init__(self, options: Mapping[str, object]) -> None:
        super().__init__(options)
        self.wrap = bool(options["wrap"])  # Golf's own rule is no wrap: K is next to Q only


GOLF = GameSpec(
    id="my-golf",
    name="My Golf",
    description="Clear seven columns by playing their bottom cards one rank up or down onto the waste.",
    rules=Golf,
    family="Golf",
    options=(Option("wrap", False, "K and A are neighbours, so Q, K, A, 2 chain (as in TriPeaks)"),),
)


@hookimpl
def register_games(register: Callable[[GameSpec], None]) -> None:
    register(GOLF)
