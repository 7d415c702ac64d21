"""Dolphin, rules D1-D6 of docs/golf-relatives.md, and its PySolFC deals."""

from __future__ import annotations

import patience_core
from patience_core import Deal, Game
from patience_core.engine.cards import CARD_TEXT
from patience_core.solver import generic_solve
from patience_core.testing import conformance_tests
from patience_golf_family import dolphin
from patience_golf_family.pysol_talon import pysol_talon

TestDolphinConformance = conformance_tests("dolphin", max_examples=4, steps=20)

RANKS = "A23456789TJQK"
TOP = {1: 6, 2: 13, 3: 20, 4: 27, 5: 33, 6: 39, 7: 45, 8: 51}  # the deal index of each column's top card


def tops(cards: dict[int, str]) -> Deal:
    """A deal with ``cards[c]`` on top of column ``c`` (1-8), the other cards in deck order."""
    slots: list[str | None] = [None] * 52
    for c, card in cards.items():
        slots[TOP[c]] = card
    rest = iter(t for t in (CARD_TEXT[i] for i in range(52)) if t not in cards.values())
    return Deal.parse(" ".join(s if s is not None else next(rest) for s in slots))


def new(deal: Deal) -> Game:
    return patience_core.new_game("dolphin", deal=deal)


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def pile(game: Game, pid: str) -> list[str]:
    return next(p["cards"] for p in game.to_dict()["piles"] if p["id"] == pid)


def test_d1_eight_columns_of_seven_and_six_face_up_four_empty_cells_an_empty_foundation():
    game = patience_core.new_game("dolphin", seed=3)
    assert [len(pile(game, f"t{c}")) for c in range(1, 9)] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert all(card for c in range(1, 9) for card in pile(game, f"t{c}"))
    assert [pile(game, f"c{i}") for i in range(1, 5)] == [[]] * 4
    assert pile(game, "f") == []


def test_d2_a_column_top_goes_to_an_empty_cell_or_home_nothing_goes_on_a_column():
    game = new(tops({1: "7D", 2: "8C"}))
    legal = moves(game)
    assert {"t1-c1", "t1-f", "t2-c4"} <= set(legal)
    assert not any("-t" in m for m in legal)
    assert game.why_illegal("t1-t2") == "nothing is put on column 2"
    game.play("t1-c1")
    assert game.why_illegal("t2-c1") == "cell 1 holds one card at most"
    assert "t1-c1x2" not in legal


def test_d3_any_card_starts_the_foundation_then_one_rank_up_any_suit_k_then_a():
    game = new(tops({1: "KD", 2: "AC", 3: "QS", 4: "2H"}))
    assert [m for m in moves(game) if m.endswith("-f")] == [f"t{c}-f" for c in range(1, 9)]
    game.play("t1-f")
    assert [m for m in moves(game) if m.endswith("-f")] == ["t2-f"]  # up only, K then A
    assert game.why_illegal("t3-f") == "QS does not go on KD: the foundation builds up, K and A neighbours"
    game.play("t2-f")
    game.play("t4-f")
    assert pile(game, "f") == ["KD", "AC", "2H"]


def test_d4_a_cell_card_goes_home_or_to_another_empty_cell_never_back_to_a_column():
    game = new(tops({1: "7D", 2: "8C"}))
    game.play("t2-c1")
    game.play("t1-f")
    assert "c1-f" in moves(game)
    assert "c1-c2" in moves(game)
    assert game.why_illegal("c1-t2") == "nothing is put on column 2"
    game.play("c1-f")
    assert pile(game, "f") == ["7D", "8C"]


def test_d5_the_foundation_top_may_go_back_to_an_empty_cell():
    # PySolFC's Dolphin foundation keeps max_move=1, so its top card may be dragged to a free cell.
    game = new(tops({1: "7D", 2: "8C", 3: "8S"}))
    game.play("t1-f")
    game.play("t2-f")
    assert "f-c1" in moves(game)
    game.play("f-c1")
    assert pile(game, "f") == ["7D"]
    game.play("t3-f")  # the other 8 follows the 7 instead
    assert pile(game, "f") == ["7D", "8S"]


def test_d6_won_with_all_52_cards_home():
    order = [RANKS[r] + s for s in "CDHS" for r in range(13)]  # A to K four times
    sizes = [7, 7, 7, 7, 6, 6, 6, 6]
    columns, at = [], 0
    for n in sizes:
        columns.append(order[at : at + n][::-1])  # each column's top is the next card home
        at += n
    game = new(Deal.parse(" ".join(card for column in columns for card in column)))
    for c, n in enumerate(sizes, 1):
        for _ in range(n):
            game.play(f"t{c}-f")
    assert game.status() == "won"
    assert game.cards_left() == 0


def test_the_pysolfc_deal_is_six_rows_across_eight_piles_then_four_more():
    talon = pysol_talon(5)
    game = new(dolphin.pysol_deal(5))
    assert pile(game, "t1") == [talon[8 * r] for r in range(6)] + [talon[48]]
    assert pile(game, "t5") == [talon[4 + 8 * r] for r in range(6)]
    assert pile(game, "t1")[:2] == ["AH", "5C"]  # as PySolFC's own shuffle deals it


def test_the_solver_line_replays_to_a_win():
    game = patience_core.new_game("dolphin", seed=2)
    result = patience_core.solve_full_information(game, node_limit=20_000)
    assert result.verdict == "won"
    for move in result.line:
        game.play(move)
    assert game.status() == "won"


def test_dolphin_tries_short_searches_in_shuffled_orders_before_the_long_one():
    # Deal 36: the generic search, moves in the usual order, meets no win in 50,000
    # positions; with ten short searches first (2,500 each at that limit), one meets a win.
    game = patience_core.new_game("dolphin", seed=36)
    assert generic_solve(game, node_limit=50_000).verdict == "unknown"
    result = patience_core.solve_full_information(game, node_limit=50_000)
    assert result.won
    assert result.solver == "generic"  # the same search, in other orders
    for move in result.line:
        game.play(move)
    assert game.status() == "won"
    assert dolphin.SPEC.solver is dolphin.solve_full_information
