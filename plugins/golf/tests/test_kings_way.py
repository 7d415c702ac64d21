"""One test (at least) per rule of King's Way, KW1-KW9 (docs/two-decks.md).

Deals are written in deal order: the eight kings (k1-k8), each column's five cards from the
face-down one up to its free top, the card turned to the waste, then the stock from its first
card to be turned; the cards not named follow in deck order, twice.
"""

from __future__ import annotations

from collections import Counter

import pytest

import patience_core
from patience_core import Deal, Game, IllegalMoveError
from patience_core.engine.cards import CARD_TEXT, RANK_OF
from patience_core.testing import check_cards, conformance_tests
from patience_golf_family.double_golf import TWO_DECKS

TestKingsWayConformance = conformance_tests("kings-way", max_examples=4, steps=30)

KINGS = ["KC", "KD", "KH", "KS"] * 2


def deal(
    columns: dict[int, list[str]] | None = None,
    waste: str = "5H",
    stock: tuple[str, ...] = (),
    stock_end: tuple[str, ...] = (),
) -> Deal:
    """``columns[c]``: the top cards of column c, its free top last (five: every card on the
    king, the face-down one first); ``stock`` begins the stock, ``stock_end`` ends it; the
    unnamed cards fill the rest in deck order."""
    columns = columns or {}
    named = [card for cards in columns.values() for card in cards] + [waste, *stock, *stock_end]
    left = Counter({CARD_TEXT[i]: 2 for i in range(52) if RANK_OF[i] != 13})
    left.subtract(Counter(named))
    assert all(n >= 0 for n in left.values()), "a card is named more than twice"
    rest = [CARD_TEXT[i] for i in range(52) if RANK_OF[i] != 13 for _ in range(left[CARD_TEXT[i]])]
    order = list(KINGS)
    for c in range(1, 9):
        top = columns.get(c, [])
        order += [rest.pop(0) for _ in range(5 - len(top))] + top
    order += [waste, *stock, *rest, *stock_end]
    return Deal.from_cards(order, deck=TWO_DECKS)


def new(d: Deal) -> Game:
    return patience_core.new_game("kings-way", deal=d)


def moves(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def pile(game: Game, pid: str) -> list[str | None]:
    return next(p["cards"] for p in game.to_dict()["piles"] if p["id"] == pid)


def refused(game: Game, move: str) -> str:
    before = game.to_dict("full")
    with pytest.raises(IllegalMoveError) as err:
        game.play(move)
    assert game.to_dict("full") == before
    return str(err.value).removeprefix(f"illegal move {move}: ")


def draw_out(game: Game) -> None:
    while game.table.piles[0]:
        game.play("draw")


def test_kw1_a_king_heads_each_column_one_card_down_four_up_one_to_the_waste_55_in_the_stock():
    for seed in (1, 2, 3):
        game = patience_core.new_game("kings-way", seed=seed)
        table = game.table
        assert len(game.rules.deck) == 104
        assert [pile(game, f"k{c}")[0][0] for c in range(1, 9)] == ["K"] * 8  # face up
        columns = table.piles[11:]
        assert [len(c) for c in columns] == [5] * 8
        assert not any(CARD_TEXT[x][0] == "K" for c in columns for x in c)
        assert table.down[11:] == (1,) * 8
        assert [len(table.piles[0]), len(table.piles[1]), len(table.piles[2])] == [55, 1, 0]
        shown = pile(game, "t1")
        assert shown[0] is None
        assert all(shown[1:])
        check_cards(game)


def test_kw1_the_deal_order_puts_the_kings_first_and_keeps_the_rest_in_order():
    rules = patience_core.new_game("kings-way", seed=1).rules
    shuffled = Deal.from_seed(7, TWO_DECKS).indices
    order = rules.deal_order(shuffled)
    assert sorted(order) == sorted(shuffled)
    assert [CARD_TEXT[c][0] for c in order[:8]] == ["K"] * 8
    rest = [c for c in shuffled if CARD_TEXT[c][0] != "K"]
    assert [c for c in order if CARD_TEXT[c][0] != "K"] == rest
    assert rules.deal_order(order) == order


def test_kw2_a_column_top_goes_on_the_waste_one_rank_up_or_down_in_the_other_colour():
    game = new(deal({1: ["3C", "4S"], 2: ["6C"], 3: ["4D"], 4: ["7S"]}, waste="5H"))
    legal = moves(game)
    assert {"t1-w", "t2-w"} <= legal
    assert "t3-w" not in legal
    assert "t4-w" not in legal
    assert refused(game, "t3-w") == "4D does not go on 5H: the waste builds up or down in alternating colours"
    assert "7S does not go on 5H" in refused(game, "t4-w")
    assert "nothing is put on column 2" in refused(game, "t1-t2")
    assert "nothing is put on column 1" in refused(game, "w-t1")
    game.play("t1-w")
    assert pile(game, "w") == ["5H", "4S"]
    assert pile(game, "t1")[-1] == "3C"  # the card under it is now the top


def test_kw3_a_king_never_leaves_its_column():
    # 8D, 9S, TD, JS, QH go up the waste in turn; then KC would fit QH but stays.
    game = new(deal({1: ["QH", "JS", "TD", "9S", "8D"]}, waste="7C"))
    for _ in range(5):
        game.play("t1-w")
    assert pile(game, "t1") == []
    assert pile(game, "k1") == ["KC"]
    assert pile(game, "w")[-1] == "QH"
    assert not any(m.startswith("k") for m in moves(game))
    assert refused(game, "k1-w") == "KC stays at the head of its column: a king never moves"
    assert refused(game, "w-t1") == "nothing is put on column 1"


def test_kw4_a_draw_turns_the_next_stock_card_onto_the_waste_whatever_it_is():
    game = new(deal(waste="5H", stock=["5D", "JS"]))
    assert "draw" in moves(game)
    game.play("draw")
    assert pile(game, "w") == ["5H", "5D"]
    game.play("draw")
    assert pile(game, "w") == ["5H", "5D", "JS"]
    assert len(game.table.piles[0]) == 53


def test_kw5_an_ace_on_the_waste_top_goes_to_the_reserve_and_the_stock_deals_at_once():
    game = new(deal({2: ["AD"]}, waste="AH", stock=("AS", "7C", "9D")))
    assert "w-r" in moves(game)
    game.play("w-r")
    assert pile(game, "r") == ["AH"]
    assert pile(game, "w") == ["AS"]  # dealt as the ace left
    game.play("w-r")
    assert pile(game, "r") == ["AH", "AS"]  # as many aces as come
    assert pile(game, "w") == ["7C"]
    assert len(game.table.piles[0]) == 53
    assert "t2-r" not in moves(game)
    assert refused(game, "t2-r") == (
        "only an ace on top of the waste goes to the reserve, not one from a column"
    )
    assert "7C does not go on AS" in refused(game, "w-r")


def test_kw6_the_redeal_takes_back_the_oldest_waste_cards_one_for_each_ace():
    game = new(deal(waste="AH", stock=("AS", "2D", "AD", "3S", "9C")))
    assert "redeal" not in moves(game)
    game.play("draw")  # AS on AH
    game.play("w-r")  # AS to the reserve, 2D dealt
    game.play("draw")  # AD
    game.play("w-r")  # AD to the reserve, 3S dealt
    assert refused(game, "redeal") == (
        "the stock is not used up yet: redeal only turns the waste over when it is"
    )
    draw_out(game)
    waste = pile(game, "w")
    assert waste[:4] == ["AH", "2D", "3S", "9C"]
    assert "redeal" in moves(game)
    game.play("redeal")
    # The two oldest (AH, 2D) are the new stock, 2D on top: it is dealt at once, AH after it.
    assert pile(game, "w") == [*waste[2:], "2D"]
    assert [CARD_TEXT[c] for c in game.table.piles[0]] == ["AH"]
    game.play("draw")
    assert pile(game, "w")[-2:] == ["2D", "AH"]
    assert game.table.passes_used == 1
    assert "redeal" not in moves(game)
    assert refused(game, "redeal") == "the stock is empty and the one redeal is used"


def test_kw6_no_redeal_without_an_ace_in_the_reserve():
    game = new(deal(waste="5H"))
    draw_out(game)
    assert "redeal" not in moves(game)
    assert refused(game, "redeal") == (
        "no ace in the reserve: the redeal takes back one waste card for each ace there"
    )


def test_kw7_an_ace_moved_with_the_stock_gone_redeals_in_the_first_pass_only():
    game = new(deal(waste="5H", stock_end=("AC",)))
    draw_out(game)
    first = pile(game, "w")
    assert first[-1] == "AC"
    game.play("w-r")  # no stock left in the first pass: the redeal comes at once
    assert game.table.passes_used == 1
    assert pile(game, "w") == [*first[1:-1], "5H"]

    game = new(deal(waste="AH", stock=("AS", "2D", "AD", "3S")))
    game.play("draw")
    game.play("w-r")
    game.play("draw")
    game.play("w-r")
    draw_out(game)
    game.play("redeal")
    game.play("draw")  # AH, the oldest, comes last
    assert pile(game, "w")[-1] == "AH"
    assert not game.table.piles[0]
    game.play("w-r")  # PySolFC would redeal again here; the one redeal is used
    assert pile(game, "r") == ["AS", "AD", "AH"]
    assert pile(game, "w")[-1] == "2D"
    assert not game.table.piles[0]
    assert game.table.passes_used == 1


def test_kw8_the_face_down_card_turns_up_when_uncovered():
    game = new(deal({1: ["QH", "JS", "TD", "9S", "8D"]}, waste="7C"))
    for _ in range(3):
        game.play("t1-w")
    assert pile(game, "t1") == [None, "JS"]
    game.play("t1-w")
    assert pile(game, "t1") == ["QH"]
    assert game.table.down[11] == 0


def chain(start: str, n: int) -> list[str]:
    """``n`` cards that go on ``start`` and on one another in turn: up or down one rank in the
    other colour (red odd ranks, black even ones when ``start`` is a red odd), two copies each."""
    left = Counter({CARD_TEXT[i]: 2 for i in range(52) if RANK_OF[i] != 13})
    left[start] -= 1
    out: list[str] = []
    rank, step = RANK_OF[CARD_TEXT.index(start)], -1
    red = start[1] in "DH"
    while len(out) < n:
        if not 1 <= rank + step <= 12:
            step = -step
        rank += step
        red = not red
        suits = "DH" if red else "CS"
        face = "A23456789TJQ"[rank - 1]
        card = next(face + s for s in suits if left[face + s] > 0)
        left[card] -= 1
        out.append(card)
    return out


def test_kw9_won_when_every_column_holds_its_king_alone():
    cards = chain("5H", 40)
    # Column 1's cards are played first, top first: each column lists its five bottom first.
    columns = {c: cards[5 * (c - 1) : 5 * c][::-1] for c in range(1, 9)}
    game = new(deal(columns, waste="5H"))
    for c in range(1, 9):
        for _ in range(5):
            assert game.status() == "playing"
            game.play(f"t{c}-w")
    assert [len(p) for p in game.table.piles[3:]] == [1] * 8 + [0] * 8
    assert game.status() == "won"
    assert game.cards_left() == 0
    assert len(game.table.piles[0]) == 55  # the stock need not be used


def test_kw9_lost_when_no_move_is_left():
    black = ["2C", "2S", "4C", "4S", "6C", "6S", "TC", "TS"]
    columns = {c: [black[c - 1]] for c in range(1, 9)}
    game = new(deal(columns, waste="JH", stock_end=("7S",)))
    draw_out(game)
    assert pile(game, "w")[-1] == "7S"  # no black card goes on a black 7
    assert game.legal_moves() == []
    assert game.status() == "lost"
    assert game.cards_left() == 40


def test_the_waste_never_empties_in_random_play():
    # PySolFC's waste reads its top card unasked; here as there it always has one.
    import random

    for seed in range(1, 13):
        game = patience_core.new_game("kings-way", seed=seed)
        rng = random.Random(seed)
        while game.status() == "playing":
            game.play(rng.choice(game.legal_moves()))
            assert game.table.piles[1]
        check_cards(game)


def test_the_solver_line_replays_to_a_win():
    for seed in range(1, 30):
        game = patience_core.new_game("kings-way", seed=seed)
        result = patience_core.solve_full_information(game, node_limit=20_000)
        if result.verdict == "won":
            break
    else:
        pytest.fail("no win found in deals 1..29")
    for move in result.line:
        game.play(move)
    assert game.status() == "won"


def test_the_search_key_sees_ranks_and_colours_and_not_the_columns_order():
    # Columns 1 and 2 exchanged, their black 5s changing suits: one position to the search. A
    # red 5 for a black one is another.
    one, two = ["2C", "3D", "4C", "6D"], ["8C", "9D", "TC", "JD"]
    a = new(deal({1: [*one, "5C"], 2: [*two, "5S"]}))
    b = new(deal({1: [*two, "5C"], 2: [*one, "5S"]}))
    c = new(deal({1: [*two, "5D"], 2: [*one, "5S"]}))
    key = a.rules.solver_key
    assert key(a.table) == key(b.table)
    assert key(a.table) != key(c.table)
