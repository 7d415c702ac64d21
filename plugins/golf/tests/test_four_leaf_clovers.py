"""Four Leaf Clovers, rules F1-F6 of docs/golf-relatives.md, and its PySolFC deals."""

from __future__ import annotations

import random

import pytest

import patience_core
from patience_core import Deal, Game
from patience_core.engine.cards import CARD_TEXT
from patience_core.testing import conformance_tests
from patience_golf_family import four_leaf_clovers, four_leaf_clovers_search

TestFourLeafCloversConformance = conformance_tests("four-leaf-clovers", max_examples=4, steps=20)

RANKS = "A23456789TJQK"


def tops(cards: dict[int, str]) -> Deal:
    """A deal with ``cards[c]`` on top of column ``c`` (1-13), the other cards in deck order."""
    slots: list[str | None] = [None] * 52
    for c, card in cards.items():
        slots[4 * (c - 1) + 3] = card
    rest = iter(t for t in (CARD_TEXT[i] for i in range(52)) if t not in cards.values())
    return Deal.parse(" ".join(s if s is not None else next(rest) for s in slots))


def new(deal: Deal) -> Game:
    return patience_core.new_game("four-leaf-clovers", deal=deal)


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def column(game: Game, c: int) -> list[str]:
    return next(p["cards"] for p in game.to_dict()["piles"] if p["id"] == f"t{c}")


def test_f1_thirteen_columns_of_four_all_face_up_only_the_top_card_moves():
    game = patience_core.new_game("four-leaf-clovers", seed=3)
    view = game.to_dict()
    columns = [p for p in view["piles"] if p["id"].startswith("t")]
    assert [len(p["cards"]) for p in columns] == [4] * 13
    assert all(card for p in columns for card in p["cards"])  # every card shows
    assert "stock" not in view or not view["stock"] or not view["stock"].get("count")
    assert all(str(m).endswith(("x2", "x3", "x4")) is False for m in game.legal_moves())


def test_f2_a_top_card_goes_on_another_one_rank_up_or_down_any_suit_k_and_a_neighbours():
    game = new(tops({1: "7D", 2: "8C", 3: "6S", 4: "KH", 5: "AS", 6: "9H"}))
    legal = moves(game)
    assert {"t1-t2", "t1-t3", "t2-t1", "t3-t1", "t4-t5", "t5-t4", "t2-t6", "t6-t2"} <= set(legal)
    assert "t1-t6" not in legal  # 7 on 9
    assert game.why_illegal("t1-t6") == "7D does not go on 9H: column 6 builds up or down, K and A neighbours"
    game.play("t1-t2")
    assert column(game, 2)[-2:] == ["8C", "7D"]
    assert "t2-t3x2" not in moves(game)  # one card at a time


def test_f3_an_empty_column_stays_empty():
    cards = ["4H", "3D", "2C", "AS"]  # column 1 from its first card: its top is the ace
    rest = [CARD_TEXT[i] for i in range(52) if CARD_TEXT[i] not in cards]
    game = new(Deal.parse(" ".join(cards + rest)))
    for _ in range(4):
        game.play("t1-f")
    assert column(game, 1) == []
    assert not any(m.endswith("-t1") for m in moves(game))
    assert game.why_illegal("t2-t1") == "an empty column stays empty in this game"


def test_f4_the_foundation_starts_with_an_ace_and_climbs_one_rank_any_suit_k_then_a():
    game = new(tops({1: "2S", 2: "AD", 3: "3H", 4: "KC"}))
    assert [m for m in moves(game) if m.endswith("-f")] == ["t2-f"]
    assert game.why_illegal("t1-f") == "an empty foundation takes an A, not 2S"
    game.play("t2-f")
    game.play("t1-f")  # any suit
    assert game.why_illegal("t4-f") == "KC does not go on 2S: the foundation builds up, K and A neighbours"
    game.play("t3-f")


def test_f5_nothing_leaves_the_foundation_and_there_is_no_stock():
    game = new(tops({1: "AS"}))
    game.play("t1-f")
    assert not any(m.startswith("f-") for m in moves(game))
    assert game.why_illegal("f-t1") == "cards never leave the foundation"
    assert game.why_illegal("draw") is not None


def test_f6_won_with_all_52_home():
    # Columns A 2 3 4 of clubs ... each column from the foundation's next card down.
    order = [RANKS[r] + s for s in "CDHS" for r in range(13)]
    cards = [order[4 * c + 3 - r] for c in range(13) for r in range(4)]  # each column's top first home
    game = new(Deal.parse(" ".join(cards)))
    for c in range(1, 14):
        for _ in range(4):
            game.play(f"t{c}-f")
    assert game.status() == "won"
    assert game.cards_left() == 0


def test_the_pysolfc_deal_is_four_rows_across_thirteen_piles():
    talon = four_leaf_clovers.pysol_talon(5)
    game = new(four_leaf_clovers.pysol_deal(5))
    assert column(game, 1) == [talon[0], talon[13], talon[26], talon[39]]
    assert column(game, 13) == [talon[12], talon[25], talon[38], talon[51]]
    assert column(game, 1) == ["AH", "2C", "JD", "AC"]  # as PySolFC's own shuffle deals it


def test_the_solver_line_replays_to_a_win():
    game = patience_core.new_game("four-leaf-clovers", seed=2)
    result = patience_core.solve_full_information(game, node_limit=20_000)
    assert result.verdict == "won"
    for move in result.line:
        game.play(move)
    assert game.status() == "won"


# --- the game's own search (four_leaf_clovers_search) ------------------------------------------


def near_the_end(seed: int, rest: int) -> Game:
    """A game with ``52 - rest`` cards home and ``rest`` cards left in columns of random heights
    in a random order: often won, at times lost."""
    rng = random.Random(seed)
    suits = [rng.sample(range(4), 4) for _ in range(13)]
    home = [r + 13 * suits[r][k] for k in range(4) for r in range(13)]  # A to K, four times
    played, left = home[: 52 - rest], home[52 - rest :]
    rng.shuffle(left)
    heights = [0] * 13
    for _ in range(rest):
        heights[rng.choice([c for c in range(13) if heights[c] < 4])] += 1
    cards: list[int] = []
    done = 0
    for c in range(13):
        # The cards left at the bottom, then the next cards home, the first on top.
        run = played[done : done + 4 - heights[c]]
        done += len(run)
        cards += [left.pop() for _ in range(heights[c])] + run[::-1]
    game = new(Deal.parse(" ".join(CARD_TEXT[card] for card in cards)))
    for c in range(13):
        for _ in range(4 - heights[c]):
            game.play(f"t{c + 1}-f")
    return game


def columns(game: Game) -> list[list[int]]:
    """The game's columns as the search takes them: ranks 0-12, bottom first."""
    return [[RANKS.index(card[0]) for card in column(game, c)] for c in range(1, 14)]


def test_near_the_end_deals_what_it_says():
    game = near_the_end(3, 14)
    assert game.cards_left() == 14
    assert game.status() == "playing"


@pytest.mark.parametrize("seed", range(20))
def test_the_search_agrees_with_the_generic_solver_and_its_line_wins(seed):
    game = near_the_end(seed, 14)
    generic = patience_core.solve_full_information(game, node_limit=100_000, generic=True)
    assert generic.decided
    result = four_leaf_clovers_search.solve_full_information(game, 100_000, None)
    assert result is not None
    assert result.verdict == generic.verdict
    for move in result.line:
        game.play(move)
    assert game.status() == ("won" if result.won else "playing")


def test_the_positions_compared_include_won_and_lost_ones():
    found = {four_leaf_clovers_search.search(columns(near_the_end(s, 14)), 100_000)[0] for s in range(20)}
    assert found == {"won", "no win"}


@pytest.mark.parametrize("seed", [2, 3, 4, 7, 11])
def test_the_search_wins_whole_deals_with_lines_that_replay(seed):
    game = patience_core.new_game("four-leaf-clovers", seed=seed)
    result = patience_core.solve_full_information(game, node_limit=20_000)
    assert result.solver == "four-leaf-clovers"
    assert result.won
    for move in result.line:
        game.play(move)
    assert game.status() == "won"


def test_a_needed_rank_under_a_pinned_card_is_dead():
    # 9 T J Q K left (ranks 8-12), the foundation needs the 9: it lies under a T and a Q, and a
    # J on top whose T and Q both lie below it, so the J leaves only for home, after the 9.
    assert four_leaf_clovers_search.dead([[8, 9, 11, 10], [12]], 47)
    # Pinned cards that come home in the order they lie are no bar: K Q J T 9, the 9 on top.
    assert not four_leaf_clovers_search.dead([[12, 11, 10, 9, 8]], 47)
    assert four_leaf_clovers_search.search([[12, 11, 10, 9, 8]], 100)[0] == "won"


def test_a_lone_card_only_goes_home():
    # A K and a Q alone in two columns, the foundation needing the Q: the K is never put on it.
    status, line, _ = four_leaf_clovers_search.search([[12], [11]] + [[] for _ in range(11)], 1_000)
    assert status == "won"
    assert line == [(1, four_leaf_clovers_search.HOME), (0, four_leaf_clovers_search.HOME)]


def test_a_short_search_in_a_shuffled_order_wins_where_the_usual_order_stalls():
    game = patience_core.new_game("four-leaf-clovers", seed=29)
    assert four_leaf_clovers_search.search(columns(game), 10_000)[0] == "unknown"
    result = patience_core.solve_full_information(game, node_limit=160_000)
    assert result.won
    assert 10_000 < result.nodes < 40_000
    for move in result.line:
        game.play(move)
    assert game.status() == "won"


def test_the_search_stops_at_its_time_limit():
    game = patience_core.new_game("four-leaf-clovers", seed=1)  # not decided in 10,000 positions
    result = four_leaf_clovers_search.solve_full_information(game, 2_000_000, 0.0)
    assert result is not None
    assert result.verdict == "unknown"
    assert result.nodes <= four_leaf_clovers_search.TRY_NODES
