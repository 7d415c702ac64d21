"""Every draw-3 line is a draw-1 line (docs/solver.md, Klondike's deal 225): a draw of three
leaves the waste as three draws of one do, and every other move, redeals included, is the same
move. So a position whose draw-1 game has no win has no draw-3 win either."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import patience_core


@given(
    seed=st.integers(0, 10_000),
    choices=st.integers(0, 2**32 - 1),
    redeals=st.sampled_from(["unlimited", "2"]),
)
def test_a_draw_3_line_played_with_draws_of_one_reaches_the_same_positions(seed, choices, redeals):
    three = patience_core.new_game("klondike", seed=seed, draw=3, redeals=redeals)
    one = patience_core.new_game("klondike", seed=seed, draw=1, redeals=redeals)
    assert three.table.piles == one.table.piles  # the two deal the same cards
    stock = three.rules._stock
    rng = random.Random(choices)
    for _ in range(60):
        legal = three.legal_moves()
        if not legal:
            break
        move = str(rng.choice(legal))
        if move == "draw":
            for _ in range(min(3, len(three.table.piles[stock]))):
                one.play("draw")
        else:
            one.play(move)  # raises if the draw-1 game refuses it
        three.play(move)
        assert one.table.piles == three.table.piles
        assert one.table.down == three.table.down
