"""The table: what a player is told about cards that are not free, the primitives (draw, redeal,
play, remove) and exact snapshots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from patience_core import Card, Kind, Layout, Pile, Scoring
from patience_core.engine.layout import bits
from patience_core.engine.table import NO_CARD, STOCK_PILE, WASTE_PILE, Table
from patience_core.testing import deal_with

PYRAMID3 = Layout.pyramid(3)  # r1c1 / r2c1 r2c2 / r3c1 r3c2 r3c3
BOTTOM = PYRAMID3.free_mask(PYRAMID3.full)
COUNT = Scoring("count", "a point a card")
CARDS = {"r1c1": "KS", "r2c1": "QH", "r2c2": "JD", "r3c1": "2C", "r3c2": "3D", "r3c3": "4H"}


def c(text: str) -> int:
    return Card.parse(text).index


def make(
    layout: Layout = PYRAMID3,
    cards: Mapping[int | str, str] | None = None,
    stock: Sequence[str] = ("9S", "8S", "7S"),
    dealt_up: int | None = None,
    scoring: Scoring = COUNT,
) -> Table:
    deal = deal_with(layout, CARDS if cards is None and layout is PYRAMID3 else cards, stock)
    up = layout.full if dealt_up is None else dealt_up
    return Table(layout, deal.indices, scoring, up, PILES, scoring.counters)


PILES = (STOCK_PILE, WASTE_PILE, Pile("h", Kind.HAND))


def turn_order(table: Table) -> tuple[int, ...]:
    """The stock from the next card to be turned."""
    return table.stock[::-1]


def play(table: Table, pid: str) -> None:
    table.layout_to_waste(table.layout.index[pid])


def state(table: Table) -> dict[str, object]:
    """Every field, the lists copied (the primitives change them in place)."""
    return {
        name: list(value) if isinstance(value, list) else value
        for name in Table.__slots__
        for value in [getattr(table, name)]
    }


# --- why_not_free ---------------------------------------------------------------------------------


def test_a_free_face_up_card_has_no_reason():
    table = make(dealt_up=BOTTOM)
    assert [table.why_not_free(c(t)) for t in ("2C", "3D", "4H")] == [None, None, None]


def test_a_covered_face_up_card_names_the_face_up_cards_on_it():
    table = make()  # all dealt face up
    assert table.why_not_free(c("QH")) == "QH is covered by 2C and 3D"
    assert table.why_not_free(c("KS")) == "KS is covered by QH and JD"
    play(table, "r3c1")
    assert table.why_not_free(c("QH")) == "QH is covered by 3D"
    play(table, "r3c2")
    assert table.why_not_free(c("QH")) is None


def test_a_card_on_it_that_is_face_down_is_not_named():
    table = make(dealt_up=BOTTOM | 1)  # the top card dealt face up over face-down cards
    assert table.why_not_free(c("KS")) == "KS is covered by 2 face-down cards"
    play(table, "r3c1")
    play(table, "r3c2")  # QH is uncovered and turns face up
    assert table.why_not_free(c("KS")) == "KS is covered by QH and a face-down card"


def test_a_face_down_card_and_a_stock_card_get_the_same_answer():
    """Nothing leaks: the answer cannot tell a face-down layout card from a stock card."""
    table = make(dealt_up=BOTTOM)
    face_down = table.why_not_free(c("QH"))
    in_stock = table.why_not_free(c("8S"))
    assert face_down is not None
    assert in_stock is not None
    assert face_down.replace("QH", "<card>") == in_stock.replace("8S", "<card>")
    assert "stock" in face_down  # the answer is honest about both possibilities
    assert "face down" in in_stock
    play(table, "r3c1")  # still covered by 3D: still face down
    assert table.why_not_free(c("QH")) == face_down


def test_where_the_other_cards_lie():
    table = make()
    table.draw_to_hand()  # 9S drawn
    table.draw_to_hand()  # 9S to the waste, 8S drawn
    table.draw_to_hand()  # 8S to the waste, 7S drawn
    play(table, "r3c3")  # 4H on the waste
    assert table.why_not_free(c("7S")) == "7S is the drawn card"
    assert table.why_not_free(c("4H")) == "4H is the top of the waste"
    assert table.why_not_free(c("9S")) == "9S is in the waste under 8S"
    assert table.why_not_free(c("8S")) == "8S is in the waste under 4H"
    table.remove((c("4H"), c("7S")))
    assert table.why_not_free(c("4H")) == "4H has already been removed"
    assert table.why_not_free(c("7S")) == "7S has already been removed"
    assert table.why_not_free(c("AD")) == "AD is not in sight (face down or in the stock)"


# --- primitives -----------------------------------------------------------------------------------


def test_the_deal_goes_to_layout_then_stock():
    table = make()
    assert [table.cards[PYRAMID3.index[p]] for p in CARDS] == [c(t) for t in CARDS.values()]
    assert turn_order(table)[:3] == (c("9S"), c("8S"), c("7S"))
    assert table.stock_left() == 46
    assert table.where[c("QH")] == PYRAMID3.index["r2c1"]
    assert table.where[c("9S")] == NO_CARD
    assert bits(table.rank_masks[12]) == [PYRAMID3.index["r2c1"]]
    assert table.layout_left() == 6
    assert table.waste_top() == NO_CARD


def test_turn_to_waste_starts_the_waste_without_counting_a_draw():
    table = make(scoring=Scoring("r", "", per_card=0, runs=True, per_draw=-5))
    play(table, "r3c1")
    table.turn_to_waste()
    assert table.waste == (c("2C"), c("9S"))
    assert table.points == 1
    assert table.run == 1
    assert table.stock_left() == 45


def test_draw_to_waste_puts_the_next_stock_card_on_the_waste():
    table = make(scoring=Scoring("r", "", per_draw=-5))
    assert table.draw_to_waste() == c("9S")
    assert table.draw_to_waste() == c("8S")
    assert table.waste == (c("9S"), c("8S"))
    assert table.waste_top() == c("8S")
    assert table.drawn == NO_CARD
    assert table.points == -10


def test_draw_to_hand_pushes_the_previous_drawn_card_onto_the_waste():
    """P6: a drawn card already showing first goes on top of the waste."""
    table = make(scoring=Scoring("r", "", per_draw=-1))
    assert table.draw_to_hand() == c("9S")
    assert table.drawn == c("9S")
    assert table.waste == ()
    assert table.draw_to_hand() == c("8S")
    assert table.drawn == c("8S")
    assert table.waste == (c("9S"),)
    table.remove((c("8S"),))
    assert table.draw_to_hand() == c("7S")
    assert table.waste == (c("9S"),)  # nothing was showing: nothing pushed
    assert table.points == -3 + 1


def test_redeal_turns_the_waste_over_first_card_first():
    """The first card put on the waste is the first drawn again (P10)."""
    table = make(Layout.columns(7, 7), {}, stock=("AS", "2S", "3S"), scoring=Scoring("r", "", per_redeal=-7))
    for _ in range(3):
        table.draw_to_waste()
    assert table.stock_left() == 0
    table.redeal()
    assert turn_order(table) == (c("AS"), c("2S"), c("3S"))
    assert table.stock_left() == 3
    assert table.waste == ()
    assert table.passes_used == 1
    assert table.points == -7
    assert table.draw_to_waste() == c("AS")


def test_redeal_puts_the_drawn_card_on_the_waste_first():
    table = make(Layout.columns(7, 7), {}, stock=("AS", "2S", "3S"))
    for _ in range(3):
        table.draw_to_hand()
    assert (table.waste, table.drawn) == ((c("AS"), c("2S")), c("3S"))
    table.redeal()
    assert turn_order(table) == (c("AS"), c("2S"), c("3S"))
    assert table.drawn == NO_CARD
    assert table.draw_to_hand() == c("AS")
    table.remove((c("AS"),))
    assert table.draw_to_hand() == c("2S")
    table.draw_to_hand()  # 2S to the waste, 3S drawn
    table.redeal()
    assert turn_order(table) == (c("2S"), c("3S"))
    assert table.passes_used == 2


def test_remove_takes_layout_drawn_and_waste_top_cards_in_order():
    table = make()
    table.draw_to_hand()  # 9S
    table.draw_to_hand()  # 9S to the waste, 8S drawn
    table.remove((c("9S"), c("4H"), c("8S")))
    assert table.removed == (c("9S"), c("4H"), c("8S"))
    assert table.waste == ()
    assert table.drawn == NO_CARD
    assert not table.present >> PYRAMID3.index["r3c3"] & 1
    assert table.points == 3


@pytest.mark.parametrize("card", ["9S", "2C", "7S", "AD"])
def test_removing_a_card_that_is_not_available_is_a_plugin_bug(card):
    table = make()
    table.draw_to_waste()  # 9S on the waste
    table.draw_to_waste()  # 8S on top of it
    play(table, "r3c1")  # 2C on top of both
    table.remove((c("2C"),))
    with pytest.raises(AssertionError, match=f"{card} is not available"):
        table.remove((c(card),))


def test_face_up_mask_is_dealt_up_or_free():
    table = make(dealt_up=BOTTOM | 1)
    assert table.face_up_mask() == BOTTOM | 1
    play(table, "r3c1")
    play(table, "r3c2")
    assert table.face_up_mask() == (BOTTOM | 1 | 1 << PYRAMID3.index["r2c1"]) & table.present


# --- snapshots ------------------------------------------------------------------------------------

OPS = ["draw_to_waste", "draw_to_hand", "redeal", "play", "remove_drawn", "remove_top", "turn"]


def step(table: Table, op: str, pick: int) -> bool:
    """Apply one primitive if it is possible now; return whether it was."""
    if op in ("draw_to_waste", "draw_to_hand", "turn") and table.stock_left():
        getattr(table, op if op != "turn" else "turn_to_waste")()
    elif op == "redeal" and not table.stock_left():
        table.redeal()
    elif op == "play" and table.free_mask():
        free = bits(table.free_mask())
        table.layout_to_waste(free[pick % len(free)])
    elif op == "remove_drawn" and table.drawn != NO_CARD:
        table.remove((table.drawn,))
    elif op == "remove_top" and table.waste:
        table.remove((table.waste[-1],))
    else:
        return False
    return True


@given(st.lists(st.tuples(st.sampled_from(OPS), st.integers(0, 27)), max_size=80), st.booleans())
def test_snapshot_and_restore_are_exact_and_every_card_stays_once(ops, runs):
    scoring = Scoring("s", "", per_card=0 if runs else 2, runs=runs, per_draw=-3, per_redeal=-11)
    table = make(Layout.pyramid(7), {}, stock=(), dealt_up=Layout.pyramid(7).full, scoring=scoring)
    history = []
    for op, pick in ops:
        before = (table.snapshot(), state(table))
        if step(table, op, pick):
            history.append(before)
        assert set(table.count_cards().values()) == {1}
        assert hash(table.snapshot()) is not None
    while history:
        snap, full = history.pop()
        table.restore(snap)
        assert table.snapshot() == snap
        assert state(table) == full


def test_copy_is_independent():
    table = make()
    before = state(table)
    other = table.copy()
    other.draw_to_hand()
    play(other, "r3c1")
    other.remove((c("9S"),))
    assert state(table) == before
    assert other.snapshot() != table.snapshot()
