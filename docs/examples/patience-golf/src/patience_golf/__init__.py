"""Golf: clear seven columns onto the waste, one rank up or down, with no wrap."""

from __future__ import annotations

from collections.abc import Callable

from patience_core import GameSpec, Layout, Scoring, hookimpl
from patience_core.build_on_waste import BuildOnWaste


class Golf(BuildOnWaste):
    # Seven columns of five cards, all face up; only the bottom card of a column is free.
    layout = Layout.columns(7, 5, name="golf")
    scoring = Scoring("cards", "one point for each card played from the columns")
    wrap = False  # a king is next to a queen only, an ace next to a two only
    passes = 1  # the 17 other cards are the stock, turned one at a time, once


GOLF = GameSpec(
    id="golf",
    name="Golf",
    description="Clear seven columns by playing their bottom cards one rank up or down onto the waste.",
    rules=Golf,
)


@hookimpl
def register_games(register: Callable[[GameSpec], None]) -> None:
    register(GOLF)
