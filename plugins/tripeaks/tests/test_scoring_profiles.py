"""The scoring profiles of other programs, as data (docs/tripeaks.md#scoring): Aisleriot's,
PySolFC's scored Three Peaks and the Microsoft Solitaire Collection's streaks."""

from __future__ import annotations

import pytest

import patience_core
from patience_core.inplay import InPlay, NotNow
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


def test_aisleriot_multiplier_the_nth_card_of_a_run_scores_2_to_the_n_minus_1_draws_cost_nothing():
    # Deal 124 goes on: draw 4D, then 8H 9D TD 9H, a run of four.
    assert scores("aisleriot-multiplier", [*OPENING, "draw", "8H", "9D", "TD", "9H"]) == [
        0,
        0,
        1,
        3,
        3,
        4,
        6,
        10,
        18,
    ]
    from patience_tripeaks import PROFILES

    assert PROFILES["aisleriot-multiplier"].group_bonus == (25, 25, 50)  # check-bonus with multiplier-scoring


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


@pytest.mark.parametrize("profile", ["aisleriot", "aisleriot-multiplier", "pysol", "streaks"])
def test_every_profile_names_its_source(profile):
    spec, _ = patience_core.find_game("tripeaks")
    assert profile in spec.option("scoring").choices
    game = patience_core.new_game("tripeaks", seed=1, scoring=profile)
    assert game.rules.scoring.source


# --- PySolFC's code on the winning card, and its undo ---------------------------------------------

# Deal 2, won by the last card after a draw: PySolFC's own methods (threepeaks.py, run on this
# line) end at 63; counting the last card in its run, as the rules page reads, gives 161.
DEAL_2 = (
    "4D 5S 4H 3C 2S AD draw 8C 7S 6H 7H 6S 7D 8H 9S draw draw QC KH QD JH TC JD TD draw 2D 3S"
    " draw 6C 5H draw QH draw draw AC draw draw draw draw draw draw 4C"
)
DEAL_2_LINE = DEAL_2.split()


def pysolfc_hand_scores(game: patience_core.Game, line: list[str]) -> list[int]:
    """PySolFC's scored Three Peaks restated move by move from threepeaks.py: a card goes through
    ThreePeaks_RowStack.clickHandler, whose move runs the win check (ThreePeaks.isGameWon) before
    clickHandler counts it in the run (``sequence``) and calls computeHandScore; a deal
    (ThreePeaks_TalonStack.dealCards) sets ``sequence`` to 0. The three peak tops are the first
    three layout cards, as PySolFC's rows[:3]."""
    t = game.table
    hand, sequence, counted, peaks = -52, 0, False, [0, 0, 0]

    def compute_hand_score() -> None:
        nonlocal hand
        empty = [not t.present >> p & 1 for p in range(3)]
        i = 2 ** sum(empty)
        for p in range(3):
            if empty[p] and not peaks[p]:
                hand, peaks[p] = hand + 5 * i, 1
        if sequence and len(t.waste) - 1:
            hand += i * 2 ** ((sequence - 1) // 4)

    def is_game_won() -> None:
        nonlocal hand, counted, sequence
        if t.present:
            return
        if sequence:
            hand += t.stock_left() * 10
        compute_hand_score()
        counted, sequence = True, 0

    out = []
    for move in line:
        game.play(move)
        if move == "draw":
            sequence = 0
            is_game_won()
        else:
            is_game_won()
            if not counted:
                sequence += 1
                compute_hand_score()
            else:
                counted = False
        out.append(hand)
    return out


def test_pysol_scores_the_winning_card_as_pysolfcs_win_check_does():
    game = patience_core.new_game("tripeaks", seed=2, scoring="pysol")
    for move in DEAL_2_LINE:
        game.play(move)
    assert game.is_won()
    assert game.score() == 63
    assert (
        pysolfc_hand_scores(patience_core.new_game("tripeaks", seed=2, scoring="pysol"), DEAL_2_LINE)[-1]
        == 63
    )


@pytest.mark.parametrize("seed", range(1, 21))
def test_pysol_scores_every_move_of_a_won_game_as_pysolfcs_code(seed):
    game = patience_core.new_game("tripeaks", seed=seed, scoring="pysol")
    line = list(patience_core.solve_full_information(game, node_limit=500_000).line)
    assert line, "deals 1..20 are all won"
    ours = []
    for move in line:
        game.play(move)
        ours.append(game.score())
    theirs = pysolfc_hand_scores(patience_core.new_game("tripeaks", seed=seed, scoring="pysol"), line)
    assert ours == theirs


def test_pysol_turns_undo_off_as_pysolfcs_scored_three_peaks_does():
    inplay = InPlay(patience_core.new_game("tripeaks", seed=2, scoring="pysol"), Tally())
    inplay.play(["4D"])
    for action in (inplay.undo, inplay.redo):
        with pytest.raises(NotNow, match=r"no move is taken back in this game: PySolFC's scored Three Peaks"):
            action()
    assert [str(m) for m in inplay.game.moves] == ["4D"]
    inplay.restart()  # PySolFC's restart stays
    assert inplay.game.moves == []
    other = InPlay(patience_core.new_game("tripeaks", seed=2, scoring="runs"), Tally())
    other.play(["4D"])
    assert str(other.undo()) == "4D"


class Tally:
    def record(self, game, *, assisted, abandoned):
        pass
