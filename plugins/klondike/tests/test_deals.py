"""Deals: our numbered deals laid out our way, and PySolFC's deal N laid out as PySolFC's own code does.

PySolFC's layout is checked by playing its ``startGame`` over again here, stack by stack, on a
small model of its talon (cards dealt from the end of its list, ``dealRow(reverse=1)`` dealing
from the last column), from the card order its shuffle gives, independently of how
``patience_klondike.deals`` slices that order.
"""

from __future__ import annotations

import pytest

from patience_core import Deal
from patience_core.engine.cards import parse_card_index
from patience_core.engine.errors import DealError
from patience_klondike import canfield_deal, canfield_position, klondike_deal, klondike_position
from patience_klondike.deals import pysol_canfield, pysol_klondike, pysol_order

pytest.importorskip("pysol_cards")


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card_index(t) for t in text.split())


def test_klondike_deal_order_t1_one_card_then_t2_bottom_first_then_the_stock():
    deal = Deal.from_seed(7).indices
    p = klondike_deal(7)
    assert p.columns[0] == ((), (deal[0],))
    assert p.columns[1] == ((deal[1],), (deal[2],))
    assert p.columns[6] == (deal[21:27], (deal[27],))
    assert p.stock == deal[28:]  # the first card to be drawn first
    assert p.waste == ()
    assert p.foundations == (0, 0, 0, 0)
    assert p.passes_used == 0


def test_each_column_shows_only_its_top_card():
    for seed in range(5):
        p = klondike_deal(seed)
        assert [len(c.up) for c in p.columns] == [1] * 7
        assert [len(c.down) for c in p.columns] == list(range(7))


def test_canfield_deal_order_base_reserve_columns_stock():
    deal = Deal.from_seed(3).indices
    p = canfield_deal(3)
    base = deal[0]
    assert p.base == base % 13 + 1
    assert p.foundations[base // 13] == 1
    assert sum(p.foundations) == 1
    assert p.reserve == deal[1:14]  # bottom first: its last card is the one in play
    assert [c.up for c in p.columns] == [(deal[14],), (deal[15],), (deal[16],), (deal[17],)]
    assert p.stock == deal[18:]
    assert len(p.stock) == 34


def test_positions_from_card_lists_refuse_bad_decks():
    with pytest.raises(DealError, match="exactly once"):
        klondike_position([0] * 52)
    with pytest.raises(DealError, match="exactly once"):
        canfield_position(range(51))


class _PysolTalon:
    """PySolFC's talon as its stacks see it: a list whose last card is the top, dealt first."""

    def __init__(self, order: list[int]) -> None:
        self.cards = list(reversed(order))

    def take(self) -> int:
        return self.cards.pop()


def _pysol_klondike_by_its_start_game(
    number: int, draw: int
) -> tuple[list[list[tuple[int, bool]]], list[int], list[int]]:
    """Klondike.startGame (pysollib/games/klondike.py): ``for i in range(1, 7):
    dealRow(rows=rows[i:], flip=0, reverse=1)``, then ``dealRow(reverse=1)`` face up, then
    ``dealCards()`` (``num_deal`` cards to the waste)."""
    talon = _PysolTalon(pysol_order(number))
    rows: list[list[tuple[int, bool]]] = [[] for _ in range(7)]
    for i in range(1, 7):
        for r in reversed(range(i, 7)):
            rows[r].append((talon.take(), False))
    for r in reversed(range(7)):
        rows[r].append((talon.take(), True))
    waste = [talon.take() for _ in range(draw)]
    stock = list(reversed(talon.cards))  # the next card to be turned first
    return rows, waste, stock


@pytest.mark.parametrize("number", [1, 2, 1000, 31999, 32000, 32001, 123456789])
@pytest.mark.parametrize("draw", [1, 3])
def test_pysol_klondike_is_laid_out_as_its_start_game_lays_it(number, draw):
    rows, waste, stock = _pysol_klondike_by_its_start_game(number, draw)
    p = pysol_klondike(number, draw)
    for column, row in zip(p.columns, rows, strict=True):
        assert column.down == tuple(c for c, up in row if not up)
        assert column.up == tuple(c for c, up in row if up)
        assert len(column.up) == 1  # which cards are face down: all but the last dealt
    assert p.waste == tuple(waste)
    assert p.stock == tuple(stock)


def test_pysol_klondike_deal_1_as_pysol_cards_writes_it():
    p = pysol_klondike(1)
    assert p.columns[0].up == cards("QH")
    assert p.columns[1] == (cards("7H"), cards("TS"))
    assert p.columns[6] == (cards("JD 7C 5S 3H 9D JS"), cards("AS"))
    assert p.waste == cards("4H")  # PySolFC turns the first card at the deal
    assert p.stock[:3] == cards("AC 4D 7S")


def _pysol_canfield_by_its_start_game(number: int) -> dict:
    """Canfield.startGame (pysollib/games/canfield.py): the talon's top card to the foundation
    of its suit, setting every foundation's base rank; 13 cards one by one to the reserve, whose
    top card is then turned up; ``dealRow(reverse=1)`` face up; ``dealCards()``: three cards to
    the waste."""
    talon = _PysolTalon(pysol_order(number))
    base = talon.take()
    reserve = [talon.take() for _ in range(13)]  # each on the one before: the last is the top
    rows: list[list[int]] = [[] for _ in range(4)]
    for r in reversed(range(4)):
        rows[r].append(talon.take())
    waste = [talon.take() for _ in range(3)]
    return {
        "base": base,
        "reserve": reserve,
        "rows": rows,
        "waste": waste,
        "stock": list(reversed(talon.cards)),
    }


@pytest.mark.parametrize("number", [1, 2, 77, 32000, 32001, 98765432101])
def test_pysol_canfield_is_laid_out_as_its_start_game_lays_it(number):
    want = _pysol_canfield_by_its_start_game(number)
    p = pysol_canfield(number)
    base = want["base"]
    assert p.base == base % 13 + 1
    assert p.foundation_cards(base // 13) == (base,)
    assert p.reserve == tuple(want["reserve"])
    assert [c.up for c in p.columns] == [tuple(r) for r in want["rows"]]
    assert all(c.down == () for c in p.columns)
    assert p.waste == tuple(want["waste"])
    assert p.stock == tuple(want["stock"])


def test_the_pysol_talon_order_is_the_one_its_klondike_deals_from():
    # pysol-cards deals its own Klondike layout from the same shuffled list: the card it puts
    # at the bottom of the last column is the talon's top card.
    order = pysol_order(5)
    p = pysol_klondike(5)
    assert p.columns[6].down[0] == order[0]
    assert p.columns[5].down[0] == order[1]


@pytest.mark.parametrize("bad", [0, -1, 10**20, True, 1.5, "7"])
def test_pysol_numbers_out_of_range_are_refused_in_one_line(bad):
    with pytest.raises(DealError, match="PySolFC deal number") as info:
        pysol_canfield(bad)
    assert "\n" not in str(info.value)
    with pytest.raises(DealError):
        pysol_klondike(bad)
