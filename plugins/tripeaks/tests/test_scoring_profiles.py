"""The scoring profiles of other programs, as data (docs/tripeaks.md#scoring): Aisleriot's,
PySolFC's scored Three Peaks and the Microsoft Solitaire Collection's streaks."""

from __future__ import annotations

import pytest

import patience_core
from patience_tripeaks import PYSOL, STREAKS

# Deal 124's example game (docs/tripeaks.md) opens: draw QD, KC on it, AD on KC.
OPENING = ["draw", "KC", "AD"]


def scores(profile: str, moves: list[str]) -> list[int]:
    game = patience_core.new_game("tripeaks", seed=124, scoring=profile)
    out = [game.score()]
    for move in moves:
        game.play(move)
        out.append(game.score())
    return out


def test_aisleriot_a_draw_never_takes_the_score_below_zero():
    assert scores("classic", OPENING) == [0, -5, -4, -2]
    assert scores("aisleriot", OPENING) == [0, 0, 1, 3]
    assert scores("aisleriot", [*OPENING, "draw"]) == [0, 0, 1, 3, 0]


def test_pysol_a_hand_starts_at_minus_52_draws_cost_nothing_runs_double_every_four_cards():
    assert scores("pysol", OPENING) == [-52, -52, -51, -50]
    assert [PYSOL.card_points(k, patience_core.new_game("tripeaks", seed=1).table) for k in (1, 4, 5, 9)] == [
        1,
        1,
        2,
        4,
    ]


def test_pysol_card_points_double_with_each_peak_cleared():
    game = patience_core.new_game("tripeaks", seed=124)
    game.table.present &= ~game.rules.layout.group("peak1")  # as if the first peak were gone
    assert PYSOL.card_points(5, game.table) == 4
    assert PYSOL.bonus(game.table) == 10


def test_streaks_a_card_scores_100_plus_200_times_its_place_in_the_streak():
    assert scores("streaks", OPENING) == [0, 0, 100, 400]
    assert STREAKS.group_bonus == (500, 1000, 5000)


@pytest.mark.parametrize("profile", ["aisleriot", "pysol", "streaks"])
def test_every_profile_names_its_source(profile):
    spec, _ = patience_core.find_game("tripeaks")
    assert profile in spec.option("scoring").choices
    game = patience_core.new_game("tripeaks", seed=1, scoring=profile)
    assert game.rules.scoring.source
