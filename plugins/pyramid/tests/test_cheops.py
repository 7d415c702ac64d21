"""Cheops (CH1-CH4 of docs/pyramid-relatives.md): PySolFC's class Cheops."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience_core
from patience_core import Game
from patience_core.solver import generic_solve
from patience_core.testing import conformance_tests, deal_with, play_winning_line
from patience_pyramid import LAYOUT
from patience_pyramid.pairing import PairRule
from patience_pyramid.search import _adjacent_fit
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
    """Deal 5: the search with the pairs in the usual order meets a win after 186,884
    positions; the third short search (50,000 each within a limit of 1,000,000), in another
    order, after 43,050: 143,050 in all."""
    game = patience_core.new_game("cheops", seed=5)
    result = patience_core.solve_full_information(game, node_limit=1_000_000)
    assert result.won
    assert result.nodes < 150_000
    for text in result.line:
        game.play(text)
    assert game.status() == "won"


@functools.cache
def _splits_into_pairs(cards: tuple[tuple[int, bool], ...]) -> bool:
    """Every way of pairing ``cards`` (rank, on the waste), sorted: ranks at most one apart, never
    two waste cards together."""
    if not cards:
        return True
    (rank, waste), rest = cards[0], cards[1:]
    for i, (other, other_waste) in enumerate(rest):
        fits = abs(rank - other) <= 1 and not (waste and other_waste)
        if fits and _splits_into_pairs(rest[:i] + rest[i + 1 :]):
            return True
    return False


@st.composite
def _cards_left(draw: st.DrawFn) -> list[tuple[int, bool]]:
    # Ranks close together, so that pairs compete for partners; at most four of a rank.
    low = draw(st.integers(1, 13))
    cards = draw(st.lists(st.tuples(st.integers(low, min(13, low + 4)), st.booleans()), max_size=12))
    return [card for i, card in enumerate(cards) if [r for r, _ in cards[: i + 1]].count(card[0]) <= 4]


@given(_cards_left())
def test_pruning_7_finds_a_split_into_pairs_exactly_when_trying_every_pairing_does(cards):
    """The rank-by-rank count of pruning 7 against trying every pairing of the cards."""
    waste = others = 0
    for rank, on_waste in cards:
        if on_waste:
            waste += 1 << 4 * rank
        else:
            others += 1 << 4 * rank
    assert _adjacent_fit(waste, others) == _splits_into_pairs(tuple(sorted(cards)))


def test_pruning_7_two_waste_cards_never_pair():
    """Two fives on the waste and one six elsewhere: the six takes one five, the other five is
    left; with the six on the waste too, a four elsewhere cannot take the last card."""
    five, six, four = 1 << 20, 1 << 24, 1 << 16
    assert not _adjacent_fit(2 * five, six)
    assert _adjacent_fit(five, five)
    assert _adjacent_fit(2 * five, 2 * six)
    assert not _adjacent_fit(2 * five + six, four)
    assert _adjacent_fit(five, 0) is False
    assert _adjacent_fit(0, five + six)


@pytest.mark.parametrize(("seed", "at_most", "without"), [(1, 400, 2_164), (2, 1_000, 3_807), (4, 800, 968)])
def test_pruning_7_cuts_the_search_to_a_win(seed, at_most, without):
    """In the usual order (no short searches), pruning 7 takes the search to a win in far fewer
    positions than it took without it (``without``); this fails if the pruning is dropped. Its
    soundness is checked by the comparisons with the generic solver (tests/test_solver.py)."""
    game = patience_core.new_game("cheops", seed=seed)
    rule = game.rules.rule
    result = solve(game, 300_000, None, list(rule.fits), rule.alone)
    assert result.won
    assert result.nodes <= at_most < without
    for text in result.line:
        game.play(text)
    assert game.status() == "won"


def test_pruning_7_agrees_with_the_generic_solver_where_the_waste_is_deep():
    """Positions late in a deal's winning line, some left as they are and some after a few
    random moves (most of which lose): the search's verdict is the generic solver's (which
    prunes nothing), won and lost, and its lines replay. Late in the stock many cards wait on
    the waste, where pruning 7 bites."""
    verdicts: list[str] = []
    for seed in range(1, 13):
        rng = random.Random(seed)
        game = patience_core.new_game("cheops", seed=seed)
        rule = game.rules.rule
        line = solve(game, 300_000, None, list(rule.fits), rule.alone).line
        for stray in (0, 1, 3):
            here = game.copy()
            stock_at = rng.randrange(0, 6)
            for text in line:
                if here.table.stock_left() <= stock_at:
                    break
                here.play(text)
            for _ in range(stray):
                legal = here.legal_moves()
                if legal:
                    here.play(rng.choice(legal))
            plain = generic_solve(here, node_limit=100_000).verdict
            if plain == "unknown":
                continue
            fast = solve(here, 300_000, None, list(rule.fits), rule.alone)
            assert fast.verdict == plain, (seed, stray)
            if fast.won:
                for text in fast.line:
                    here.play(text)
                assert here.status() == "won", (seed, stray)
            verdicts.append(plain)
    assert verdicts.count("no win") >= 5, verdicts
    assert verdicts.count("won") >= 5, verdicts
