"""Scoring profiles on small tables: per card, runs (T12), group bonuses, and the end formula by
pass of Par Pyramid."""

from __future__ import annotations

import pytest

from patience_core import Card, Kind, Layout, Pile, Scoring
from patience_core.engine.table import STOCK_PILE, WASTE_PILE, Table
from patience_core.testing import deal_with


def c(text: str) -> int:
    return Card.parse(text).index


PILES = (STOCK_PILE, WASTE_PILE, Pile("h", Kind.HAND))


def make(layout: Layout, scoring: Scoring) -> Table:
    return Table(layout, deal_with(layout).indices, scoring, layout.full, PILES)


def play(table: Table, *pids: str) -> None:
    for pid in pids:
        table.layout_to_waste(table.layout.index[pid])


def test_per_card_draw_and_redeal():
    scoring = Scoring("p", "", per_card=2, per_draw=-1, per_redeal=-3)
    table = make(Layout.columns(3, 2), scoring)
    play(table, "c1r2")
    assert scoring.score(table) == 2
    table.remove((table.cards[table.layout.index["c2r2"]], table.cards[table.layout.index["c3r2"]]))
    assert scoring.score(table) == 6
    table.draw_to_waste()
    assert scoring.score(table) == 5
    table.draw_to_hand()
    assert scoring.score(table) == 4
    table.turn_to_waste()  # the card turned at the deal is no draw
    assert scoring.score(table) == 4
    while table.stock_left():
        table.draw_to_waste()
    table.redeal()
    assert scoring.score(table) == 4 - 43 - 3  # 46 stock cards less the three turned above


def test_t12_runs_score_1_2_3_and_a_draw_costs_5_and_ends_the_run():
    """T12: the n-th card played in a run scores n; a draw costs 5 and ends the run."""
    runs = Scoring("runs", "", per_card=0, runs=True, per_draw=-5)
    table = make(Layout.columns(6, 1), runs)
    play(table, "c1r1", "c2r1", "c3r1")
    assert runs.score(table) == 1 + 2 + 3
    table.draw_to_waste()
    assert runs.score(table) == 6 - 5
    play(table, "c4r1")
    assert runs.score(table) == 1 + 1
    play(table, "c5r1")
    assert runs.score(table) == 2 + 2
    table.draw_to_hand()  # any draw ends the run
    play(table, "c6r1")
    assert runs.score(table) == 4 - 5 + 1


def test_runs_count_each_card_of_a_removal():
    runs = Scoring("runs", "", per_card=0, runs=True, per_redeal=-2)
    table = make(Layout.columns(4, 1), runs)
    table.remove((table.cards[0], table.cards[1]))
    assert runs.score(table) == 1 + 2
    table.remove((table.cards[2],))
    assert runs.score(table) == 3 + 3
    while table.stock_left():
        table.turn_to_waste()
    table.redeal()  # a redeal ends the run too
    table.remove((table.cards[3],))
    assert runs.score(table) == 6 - 2 + 1


def test_group_bonus_counts_groups_cleared_in_any_order():
    bonus = Scoring("bonus", "", per_card=0, group_bonus=(15, 15, 30))
    table = make(Layout.beside(*[Layout.pyramid(2)] * 3), bonus)
    play(table, "p2.r2c1", "p2.r2c2", "p1.r2c1")
    assert bonus.score(table) == 0  # no group is gone yet
    play(table, "p2.r1c1")
    assert bonus.score(table) == 15
    play(table, "p3.r2c1", "p3.r2c2", "p3.r1c1")
    assert bonus.score(table) == 30
    play(table, "p1.r2c2", "p1.r1c1")
    assert bonus.score(table) == 60


def test_group_bonus_with_shared_positions_and_fewer_bonuses_than_groups():
    bonus = Scoring("bonus", "", per_card=1, group_bonus=(10,))
    layout = Layout.peaks(2, 3)  # two peaks sharing the middle card of the bottom row
    table = make(layout, bonus)
    peak1 = [layout.spots[p].id for p in range(len(layout)) if layout.group("peak1") >> p & 1]
    peak1.sort(key=lambda pid: -layout.spots[layout.index[pid]].y)  # bottom first
    play(table, *peak1)
    assert bonus.score(table) == 6 + 10
    rest = [s.id for s in sorted(layout.spots, key=lambda s: -s.y) if table.present >> layout.index[s.id] & 1]
    play(table, *rest)
    assert bonus.score(table) == 11 + 10  # the second peak has no bonus in the list


# --- the end formula by pass ----------------------------------------------------------------------

MATCH = Scoring("match", "", per_card=5, per_draw=-1, clear_by_pass=(50, 35, 20))
ONE = Layout.columns(1, 1)  # one layout card, 51 in the stock


def through_stock(table: Table) -> None:
    while table.stock_left():
        table.draw_to_hand()
    table.redeal()


def test_cleared_in_pass_1_scores_50_less_the_cards_off_the_layout():
    table = make(ONE, MATCH)
    table.draw_to_hand()
    table.draw_to_hand()
    table.remove((table.cards[0], table.drawn))
    assert table.count("cleared_in_pass") == 1
    assert MATCH.score(table) == 50 - (49 + 1)  # 49 in the stock, one on the waste, none drawn
    table.draw_to_hand()
    assert MATCH.score(table) == 50 - (48 + 1 + 1)  # the drawn card counts too
    through_stock(table)
    assert MATCH.score(table) == 50 - 50  # a later redeal does not change the pass it was cleared in


@pytest.mark.parametrize(("passes_before", "bonus"), [(1, 35), (2, 20), (3, 0), (5, 0)])
def test_cleared_in_a_later_pass_scores_that_passs_bonus(passes_before, bonus):
    table = make(ONE, MATCH)
    for _ in range(passes_before):
        through_stock(table)
    assert table.passes_used == passes_before
    table.remove((table.cards[0],))
    assert table.count("cleared_in_pass") == passes_before + 1
    assert MATCH.score(table) == bonus - 51


def test_not_cleared_scores_minus_every_card_left_in_play():
    layout = Layout.columns(2, 1)
    table = make(layout, MATCH)
    assert MATCH.score(table) == -52
    table.draw_to_hand()
    table.remove((table.cards[0], table.drawn))
    assert MATCH.score(table) == -50
    through_stock(table)
    assert MATCH.score(table) == -50
    assert table.count("cleared_in_pass") == 0
