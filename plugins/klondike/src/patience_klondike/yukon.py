"""Yukon and Russian Solitaire: Klondike's columns with no stock, any face-up group moving.

Seven columns: the first is dealt one card face up, each other column ``c`` (from 2) ``c - 1``
cards face down under five face up (PySolFC's ``Yukon.startGame`` and Aisleriot's
``yukon.scm`` deal this shape). Any face-up card moves with whatever lies on it, in sequence
or not (``Reach.GROUP`` on the core's build-on-piles block), as long as that card fits the
column it goes to: down in alternating colours (Yukon) or down by suit (Russian Solitaire),
a king into an empty column. Foundations build up by suit from the ace and give nothing back.
The rules, their sources and where peers differ: docs/yukon.md.

>>> import patience_core
>>> game = patience_core.new_game("yukon", seed=1)
>>> [(p["id"], len(p["cards"]), p["down"]) for p in game.to_dict("player")["piles"]][4:]
[('t1', 1, 0), ('t2', 6, 1), ('t3', 7, 2), ('t4', 8, 3), ('t5', 9, 4), ('t6', 10, 5), ('t7', 11, 6)]
"""

from __future__ import annotations

from typing import Final

from patience_core import STANDARD, Build, BuildOnPiles, Deal, GameSpec, Kind, Pile, Step, Suits
from patience_core.engine.pysol import pysol_layout
from patience_klondike.deals import _card

COLUMNS: Final = 7
FACE_UP: Final = 5
"""Face-up cards on each column but the first, which has one."""
HOME: Final = Build(Step.UP, Suits.SAME)


def yukon_piles(build: Suits) -> tuple[Pile, ...]:
    """Four foundations, then seven columns each dealt from its bottom card."""
    return (
        *(
            Pile(
                f"f{s + 1}",
                Kind.FOUNDATION,
                x=3 * COLUMNS + 1,
                y=4 * s,
                build=HOME,
                empty=1,
                suit=s,
                takes="one",
            )
            for s in range(4)
        ),
        *(
            Pile(
                f"t{c + 1}",
                Kind.TABLEAU,
                x=3 * c,
                y=0,
                fan="down",
                deal=1 if c == 0 else c + FACE_UP,
                deal_down=c,
                build=Build(Step.DOWN, build),
                empty=13,
                takes="run",
                gives="group",
            )
            for c in range(COLUMNS)
        ),
    )


class YukonRules(BuildOnPiles):
    """Yukon: no stock; any face-up card moves with what lies on it onto a card one rank higher
    of the other colour, or a king into an empty column."""

    deck = STANDARD
    piles = yukon_piles(Suits.ALTERNATE)
    redeals = 0


class RussianSolitaireRules(YukonRules):
    """Russian Solitaire: Yukon building down by suit."""

    piles = yukon_piles(Suits.SAME)


def pysol_yukon_columns(number: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """PySolFC's Yukon deal ``number`` (Russian Solitaire's too: the same shuffle, the same
    ``startGame``) as (face-down, face-up) cards per column, each bottom first, from
    pysol-cards' copy of ``Yukon.startGame``: a face-down card to columns 2-7, 3-7, ... 7;
    four face-up rounds to columns 2-7; a last face-up round to all seven.

    Raises :class:`~patience_core.engine.errors.DealError` for a number out of range or
    without pysol-cards.
    """
    layout = pysol_layout("yukon", number)
    return tuple(
        (
            tuple(_card(t) for t in pile if t.startswith("<")),
            tuple(_card(t) for t in pile if not t.startswith("<")),
        )
        for pile in layout.piles
    )


def pysol_deal(number: int) -> Deal:
    """PySolFC's deal ``number`` in this game's deal order (``--pysol N``): the columns
    ``t1..t7`` each from its bottom card."""
    cards = [c for down, up in pysol_yukon_columns(number) for c in (*down, *up)]
    return Deal(tuple(cards), deck=STANDARD)


YUKON = GameSpec(
    "yukon",
    "Yukon",
    "Klondike's columns with the whole deck dealt and no stock; any face-up card moves with "
    "whatever lies on it, down in alternating colours, kings into spaces (docs/yukon.md).",
    YukonRules,
    family="klondike",
    pysol=pysol_deal,
)
RUSSIAN_SOLITAIRE = GameSpec(
    "russian-solitaire",
    "Russian Solitaire",
    "Yukon building down by suit: any face-up card moves with whatever lies on it onto the "
    "next higher card of its suit, kings into spaces (docs/yukon.md).",
    RussianSolitaireRules,
    family="klondike",
    pysol=pysol_deal,
)

SPECS: Final = (YUKON, RUSSIAN_SOLITAIRE)

__all__ = [
    "RUSSIAN_SOLITAIRE",
    "SPECS",
    "YUKON",
    "RussianSolitaireRules",
    "YukonRules",
    "pysol_deal",
    "pysol_yukon_columns",
    "yukon_piles",
]
