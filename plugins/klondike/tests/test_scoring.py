"""Klondike's scoring option (docs/klondike.md, "Scoring"): each rule of Windows Solitaire's
standard scoring and of Vegas, the presets ``vegas`` and ``vegas-3``, and the carried Vegas
score kept by the statistics."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import patience_core
from patience_core import Game, Move, OptionError
from patience_core.testing import conformance_tests
from patience_core.userdata.stats import Store

TestVegasConformance = conformance_tests("vegas", max_examples=1, steps=15, solver_nodes=2_000)
TestVegas3Conformance = conformance_tests("vegas-3", max_examples=1, steps=15, solver_nodes=2_000)


def kinds(game: Game, move: Move) -> str:
    """``waste_to_foundation`` and so on, from the piles' letters."""
    names = {"s": "stock", "w": "waste", "f": "foundation", "t": "tableau"}
    return f"{names[move.src[0]]}_to_{names[move.dst[0]]}"


def flips(game: Game, move: Move) -> bool:
    """Whether ``move`` turns a face-down card up (played on a copy)."""
    trial = game.copy()
    before = sum(trial.table.down)
    trial.play(move)
    return sum(trial.table.down) < before


def find(game_id: str, wanted: Callable[[Game, Move], bool], **options: object) -> tuple[Game, Move]:
    """A game at a position where a legal move is ``wanted``, reached by seeded random play
    that prefers moves home and moves that turn cards up."""
    for seed in range(1, 200):
        game = patience_core.new_game(game_id, seed=seed, **options)  # type: ignore[arg-type]
        rng = random.Random(seed)
        for _ in range(400):
            if game.is_over():
                break
            legal = game.legal_moves()
            for move in legal:
                if move.src and wanted(game, move):
                    return game, move
            home = [m for m in legal if m.src and m.dst.startswith("f")]
            game.play(home[0] if home and rng.random() < 0.8 else rng.choice(legal))
    raise AssertionError("no position found")


def delta(game: Game, move: Move) -> int:
    trial = game.copy()
    before = trial.score()
    trial.play(move)
    return trial.score() - before


def standard(draw: int = 1) -> dict[str, object]:
    return {"scoring": "standard", "draw": draw}


def test_scoring_none_is_the_default_and_never_scores():
    game, move = find("klondike", lambda g, m: m.src == "w" and m.dst.startswith("f"))
    assert game.score() == 0
    assert delta(game, move) == 0


def test_standard_a_card_from_the_waste_to_a_foundation_scores_10():
    game, move = find("klondike", lambda g, m: m.src == "w" and m.dst.startswith("f"), **standard())
    assert delta(game, move) == 10


def test_standard_a_card_from_a_column_to_a_foundation_scores_10_and_5_more_for_the_card_it_turns_up():
    game, move = find(
        "klondike",
        lambda g, m: m.src.startswith("t") and m.dst.startswith("f") and not flips(g, m),
        **standard(),
    )
    assert delta(game, move) == 10
    game, move = find(
        "klondike", lambda g, m: m.src.startswith("t") and m.dst.startswith("f") and flips(g, m), **standard()
    )
    assert delta(game, move) == 15


def test_standard_a_card_from_the_waste_to_a_column_scores_5():
    game, move = find("klondike", lambda g, m: m.src == "w" and m.dst.startswith("t"), **standard())
    assert delta(game, move) == 5


def test_standard_turning_a_card_up_scores_5_and_moves_between_columns_score_nothing():
    game, move = find(
        "klondike", lambda g, m: m.src.startswith("t") and m.dst.startswith("t") and flips(g, m), **standard()
    )
    assert delta(game, move) == 5
    game, move = find(
        "klondike",
        lambda g, m: m.src.startswith("t") and m.dst.startswith("t") and not flips(g, m),
        **standard(),
    )
    assert delta(game, move) == 0


def test_standard_a_card_back_down_from_a_foundation_costs_15():
    def back(g: Game, m: Move) -> bool:
        return m.src.startswith("f") and g.score() >= 15

    game, move = find("klondike", back, **standard())
    assert delta(game, move) == -15


def scored_to_the_end_of_the_stock(draw: int, at_least: int) -> Game:
    """A standard game whose score is at least ``at_least`` with the stock used up."""
    for seed in range(1, 300):
        game = patience_core.new_game("klondike", seed=seed, **standard(draw))  # type: ignore[arg-type]
        for _ in range(200):
            if game.is_over():
                break
            cards = [
                m for m in game.legal_moves() if m.src and not m.src.startswith("f") and delta(game, m) > 0
            ]
            if cards:
                game.play(cards[0])
            elif "draw" in {str(m) for m in game.legal_moves()}:
                game.play("draw")
            else:
                break
        if game.score() >= at_least and "redeal" in {str(m) for m in game.legal_moves()}:
            return game
    raise AssertionError("no game scored enough")


def test_standard_draw_one_each_recycle_of_the_waste_costs_100():
    game = scored_to_the_end_of_the_stock(1, 100)
    before = game.score()
    game.play("redeal")
    assert game.score() == before - 100


def test_standard_draw_three_recycles_are_free_three_times_then_cost_20():
    game = scored_to_the_end_of_the_stock(3, 20)
    before = game.score()
    for _ in range(3):
        game.play("redeal")
        assert game.score() == before  # the first three recycles are free
        while "draw" in {str(m) for m in game.legal_moves()}:
            game.play("draw")
    game.play("redeal")
    assert game.score() == before - 20


def test_standard_the_score_never_goes_below_0():
    game = patience_core.new_game("klondike", seed=3, **standard(1))  # type: ignore[arg-type]
    while "draw" in {str(m) for m in game.legal_moves()}:
        game.play("draw")
    assert game.score() == 0
    game.play("redeal")
    assert game.score() == 0  # -100 would take it below 0
    game.undo()
    assert game.score() == 0


def test_vegas_the_cards_cost_52_and_each_card_home_pays_5():
    game = patience_core.new_game("klondike", seed=5, scoring="vegas")
    assert game.score() == -52
    game, move = find("klondike", lambda g, m: m.dst.startswith("f"), scoring="vegas")
    home = sum(len(game.table.piles[i]) for i in game.rules._foundations)
    assert game.score() == -52 + 5 * home
    assert delta(game, move) == 5
    game, move = find("klondike", lambda g, m: m.src.startswith("f"), scoring="vegas")
    assert delta(game, move) == -5  # a card taken back down pays its 5 back


def test_vegas_turning_cards_and_recycling_score_nothing():
    game, move = find(
        "klondike",
        lambda g, m: m.src.startswith("t") and m.dst.startswith("t") and flips(g, m),
        scoring="vegas",
    )
    assert delta(game, move) == 0


STANDARD_POINTS = {"waste_to_foundation": 10, "tableau_to_foundation": 10, "waste_to_tableau": 5}


@pytest.mark.parametrize("draw", [1, 3])
def test_a_won_game_scores_208_in_vegas_and_in_standard_what_each_move_earns(draw):
    # The solver's winning line, replayed with each profile; standard scoring summed move by
    # move from the pile kinds here, independently of the profile.
    seed = 2  # solved in a few thousand nodes at either draw
    solved = patience_core.new_game("klondike", seed=seed, draw=draw)
    line = patience_core.solve_full_information(solved, node_limit=300_000, time_limit=60).line
    vegas = patience_core.new_game("klondike", seed=seed, draw=draw, scoring="vegas")
    game = patience_core.new_game("klondike", seed=seed, draw=draw, scoring="standard")
    expected = recycles = 0
    for move in line:
        move = Move.parse(str(move))
        if move.src:
            expected += STANDARD_POINTS.get(kinds(game, move), 0) + 5 * flips(game, move)
            expected = max(expected - 15 * move.src.startswith("f"), 0)
        elif str(move) == "redeal":
            recycles += 1
            expected -= 100 if draw == 1 else 20 * (recycles > 3)
            expected = max(expected, 0)
        vegas.play(move)
        game.play(move)
        assert game.score() == expected, move
    assert vegas.is_won()
    assert vegas.score() == -52 + 5 * 52
    assert game.is_won()


def test_preset_vegas_is_draw_one_one_pass_vegas_scoring():
    game = patience_core.new_game("vegas", seed=2)
    assert (game.rules.draw, game.rules.redeals, game.score()) == (1, 0, -52)
    while "draw" in {str(m) for m in game.legal_moves()}:
        game.play("draw")
    assert "redeal" not in {str(m) for m in game.legal_moves()}


def test_preset_vegas_3_is_draw_three_three_passes_vegas_scoring():
    game = patience_core.new_game("vegas-3", seed=2)
    assert (game.rules.draw, game.rules.redeals, game.score()) == (3, 2, -52)
    for _ in range(2):
        while "draw" in {str(m) for m in game.legal_moves()}:
            game.play("draw")
        game.play("redeal")
    while "draw" in {str(m) for m in game.legal_moves()}:
        game.play("draw")
    assert "redeal" not in {str(m) for m in game.legal_moves()}


@pytest.mark.parametrize("bad", ["windows", "", "Vegas!", 3])
def test_a_bad_scoring_is_refused_in_one_line_naming_the_choices(bad):
    with pytest.raises(OptionError, match="scoring") as err:
        patience_core.new_game("klondike", seed=1, scoring=bad)
    assert "\n" not in str(err.value)
    assert "vegas" in str(err.value)


def test_the_carried_vegas_score_is_the_statistics_series_total(tmp_path):
    store = Store(tmp_path / "stats.sqlite3")
    scores = []
    for seed in (1, 2):
        game = patience_core.new_game("vegas", seed=seed)
        while "draw" in {str(m) for m in game.legal_moves()}:  # one pass, playing what goes home
            home = [m for m in game.legal_moves() if m.src and m.dst.startswith("f")]
            game.play(home[0] if home else "draw")
        scores.append(game.score())
        store.record(game, abandoned=True)  # left unfinished: a loss, its score counted
    (summary,) = store.summaries("klondike")
    assert summary.total_score == sum(scores)
    assert summary.played == 2
    assert Store(tmp_path / "stats.sqlite3").summaries("klondike")[0].total_score == sum(scores)  # kept
