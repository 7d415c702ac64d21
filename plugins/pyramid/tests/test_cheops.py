"""Cheops (CH1-CH4 of docs/pyramid-relatives.md): PySolFC's class Cheops."""

from __future__ import annotations

import random

import patience_core
from patience_core import Game
from patience_core.testing import conformance_tests, deal_with, play_winning_line
from patience_pyramid import LAYOUT
from patience_pyramid.pairing import PairRule
from patience_pyramid.solver import solve, solve_one_pass_pairs

TestCheopsConformance = conformance_tests("cheops", max_examples=10)


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def new(cards: dict[str, str], stock: str = "") -> Game:
    return patience_core.new_game("cheops", deal=deal_with(LAYOUT, cards, stock.split()))


def test_ch1_the_pyramid_face_up_one_card_on_the_waste_and_the_next_drawn():
    game = new({}, stock="AC 2C 3C")
    view = game.to_dict("player")
    assert len(view["layout"]) == 28
    assert all(e["face_up"] for e in view["layout"])
    assert [e["id"] for e in view["layout"] if e["free"]] == [f"r7c{c}" for c in range(1, 8)]
    table = game.table
    assert list(table.waste) == [patience_core.Card.parse("AC").index]
    assert table.drawn == patience_core.Card.parse("2C").index
    assert view["stock"]["count"] == 22


def test_ch2_pairs_of_equal_or_adjacent_ranks_and_nothing_alone():
    game = new({"r7c1": "KD", "r7c2": "QS", "r7c3": "KS", "r7c4": "AH", "r7c5": "5C"}, stock="6C 2S")
    legal = set(moves(game))
    assert {"KD+QS", "KD+KS", "KS+QS", "2S+AH", "6C+5C"} <= legal
    assert "KS" not in legal
    assert "KD+AH" not in legal
    assert game.why_illegal("KD+AH") == (
        "KD+AH do not pair: remove two cards of the same or adjacent ranks (no king with an ace)"
    )
    assert game.why_illegal("KS") == "KS is not removed alone: pair it with a Q or a K"


def test_ch2_the_drawn_card_pairs_with_the_waste_top():
    game = new({}, stock="9C 9D")
    assert "9C+9D" in moves(game)


def test_ch3_draw_puts_the_drawn_card_on_the_waste_one_pass():
    game = new({}, stock="AC 2C 3C")
    game.play("draw")
    assert game.table.drawn == patience_core.Card.parse("3C").index
    assert [patience_core.Card.parse(c).index for c in ("AC", "2C")] == list(game.table.waste)
    while "draw" in moves(game):
        game.push("draw")
    assert game.to_dict("player")["stock"]["count"] == 0
    assert "redeal" not in moves(game)
    assert game.why_illegal("draw") == "the stock is empty (this game allows one pass through it)"


def test_ch4_won_when_all_52_cards_are_gone():
    game = play_winning_line(patience_core.new_game("cheops", seed=2))
    assert len(game.to_dict()["removed"]) == 52


def test_pyramids_search_answers_cheops_and_its_lines_replay():
    """The Pyramid family's search, with Cheops's pairs, wins these deals; each line, played
    through ``Game.play``, removes all 52 cards."""
    won = 0
    for seed in range(1, 9):
        game = patience_core.new_game("cheops", seed=seed)
        result = patience_core.solve_full_information(game, node_limit=200_000)
        assert result.solver == "pyramid"
        if result.verdict == "won":
            won += 1
            for text in result.line:
                game.play(text)
            assert game.status() == "won", seed
    assert won >= 6


def test_the_search_declines_a_rank_alone_that_also_pairs():
    """Pruning 1 removes a lone card at once, sound only when it pairs with nothing: a rule
    whose lone rank also pairs is left to the generic solver."""
    game = patience_core.new_game("cheops", seed=1)
    assert solve_one_pass_pairs(game, 1000, None) is not None
    game.rules.rule = PairRule.of("kings alone or paired", lambda r, s: abs(r - s) <= 1, alone=(13,))
    assert solve_one_pass_pairs(game, 1000, None) is None


def test_searches_that_try_the_pairs_in_shuffled_orders_give_the_usual_verdicts():
    """Each short search tries the pairs in its own order and is whole in itself: where it
    ends, its verdict is the one-order search's, and its line wins. Positions a dozen or so
    random moves into deals 1..16, won and lost."""
    verdicts = set()
    for seed in range(1, 17):
        rng = random.Random(seed)
        game = patience_core.new_game("cheops", seed=seed)
        for _ in range(rng.randrange(8, 20)):
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rng.choice(legal))
        rule = game.rules.rule
        usual = solve(game, 300_000, None, list(rule.fits), rule.alone)
        # A limit of 2,000,000 gives each short search 100,000 positions.
        tried = solve(game, 2_000_000, None, list(rule.fits), rule.alone, tries=3)
        if usual.decided and tried.nodes < 300_000:
            assert tried.verdict == usual.verdict, seed
            verdicts.add(usual.verdict)
        if tried.won:
            for text in tried.line:
                game.play(text)
            assert game.status() == "won", seed
    assert verdicts == {"won", "no win"}


def test_cheops_tries_short_searches_in_other_orders_before_the_long_one():
    """Deal 5: the search with the pairs in the usual order meets a win after 694,544
    positions; the fourth short search (50,000 each within a limit of 1,000,000), in another
    order, after 15,850: 165,850 in all."""
    game = patience_core.new_game("cheops", seed=5)
    result = patience_core.solve_full_information(game, node_limit=1_000_000)
    assert result.won
    assert result.nodes < 250_000
    for text in result.line:
        game.play(text)
    assert game.status() == "won"
