"""My Castle: Beleaguered Castle, a game of piles. The aces start the foundations; the other 48
cards lie face up in eight columns of six; move one card at a time, down regardless of suit,
any card into an empty column, and build each suit up from its ace to win."""

from __future__ import annotations

from collections.abc import Callable

from patience_core import Build, BuildOnPiles, GameSpec, Kind, Pile, Reach, Step, Suits, hookimpl
from patience_core.engine.cards import parse_card_index

ACES = tuple(parse_card_index(f"A{suit}") for suit in "CDHS")

# Four foundations in a row, one per suit, each dealt its ace, built up by suit.
FOUNDATIONS = tuple(
    Pile(
        f"f{s + 1}",
        Kind.FOUNDATION,
        x=6 + 3 * s,
        y=0,
        deal=1,
        build=Build(Step.UP, Suits.SAME),
        empty=1,
        suit=s,
        takes=Reach.ONE,
    )
    for s in range(4)
)
# Eight columns of six below them: one card leaves or arrives at a time.
COLUMNS = tuple(
    Pile(
        f"t{c + 1}",
        Kind.TABLEAU,
        x=3 * c,
        y=3,
        fan="down",
        deal=6,
        build=Build(Step.DOWN, Suits.ANY),
        empty="any",
        takes=Reach.ONE,
        gives=Reach.ONE,
    )
    for c in range(8)
)


class Castle(BuildOnPiles):
    """Beleaguered Castle: the block plays every move the piles allow; no stock."""

    piles = FOUNDATIONS + COLUMNS

    def deal_order(self, deal: tuple[int, ...]) -> tuple[int, ...]:
        # The aces are taken out first, to start the foundations; the rest are dealt in order.
        return (*ACES, *(card for card in deal if card not in ACES))


CASTLE = GameSpec(
    id="my-castle",
    name="My Castle",
    description="Build each suit up from its ace out of eight columns, one card at a time.",
    rules=Castle,
    family="Castle",
)


@hookimpl
def register_games(register: Callable[[GameSpec], None]) -> None:
    register(CASTLE)
