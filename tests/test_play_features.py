"""What players expect of a mature program, in the engine: redo, auto-play, the playing time,
records that keep both, "still winnable?" and winnable deals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience_core
from patience_core import Game, RecordError
from patience_core.engine.clock import Clock
from patience_core.engine.rules import AutoPlay
from patience_core.solver import (
    NOT_WINNABLE,
    UNDECIDED,
    WINNABLE,
    next_winnable_deal_full_information,
    solve_full_information,
    still_winnable_full_information,
)

GAMES = ["tripeaks", "pyramid", "par-pyramid", "golf", "toy-golf"]

# --- redo ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
@given(seed=st.integers(0, 10_000), choices=st.lists(st.integers(0, 100), min_size=1, max_size=30))
def test_undo_then_redo_replays_the_same_moves_to_the_same_state(game_id, seed, choices):
    game = patience_core.new_game(game_id, seed=seed, observed=False)
    for n in choices:
        if game.is_over():
            break
        legal = game.legal_moves()
        game.play(legal[n % len(legal)])
    played, state = game.moves, game.to_dict("full")
    back = len(played) // 2 + 1
    for _ in range(min(back, len(played))):
        game.undo()
    assert game.undone == played[len(game.moves) :]
    while game.undone:
        game.redo()
    assert game.moves == played
    assert game.to_dict("full") == state


def test_a_new_move_ends_what_redo_replays_unless_it_is_the_move_redo_plays():
    game = patience_core.new_game("tripeaks", seed=2, observed=False)
    for move in ("4D", "5S", "4H"):
        game.play(move)
    game.undo()
    game.undo()
    game.play("5S")  # the move redo would play: the rest stays
    assert [str(m) for m in game.undone] == ["4H"]
    game.play("draw")  # another move: redo has nothing left
    assert game.undone == []
    with pytest.raises(IndexError, match="no move to redo"):
        game.redo()


def test_redo_after_restart_replays_the_whole_line():
    game = patience_core.new_game("pyramid", seed=28, observed=False)
    for move in ("KS", "7S+6H", "draw"):
        game.play(move)
    game.restart()
    assert game.moves == []
    assert [str(m) for m in game.undone] == ["KS", "7S+6H", "draw"]
    game.redo()
    game.redo()
    assert [str(m) for m in game.moves] == ["KS", "7S+6H"]


def test_push_and_pop_leave_redo_alone():
    game = patience_core.new_game("tripeaks", seed=2, observed=False)
    game.play("4D")
    game.undo()
    game.push("draw")
    game.pop()
    assert [str(m) for m in game.undone] == ["4D"]


# --- auto-play ---------------------------------------------------------------------------------------


def only_draw_position() -> Game:
    """A TriPeaks position where drawing is the only legal move."""
    for seed in range(200):
        game = patience_core.new_game("tripeaks", seed=seed, observed=False)
        for _ in range(60):
            if game.is_over():
                break
            legal = game.legal_moves()
            if [str(m) for m in legal] == ["draw"]:
                return game
            game.play(legal[0])
    raise AssertionError("no position with draw as the only move")


def test_auto_play_draws_while_drawing_is_the_only_move():
    game = only_draw_position()
    auto = game.auto_moves()
    assert auto
    assert all(str(m) == "draw" for m in auto)
    before = len(game.moves)
    played = game.play_auto()
    # auto_moves looks no further than the card a draw turns up; play_auto goes on drawing
    assert played[: len(auto)] == auto
    assert all(str(m) == "draw" for m in played)
    assert game.moves[before:] == played
    # it stopped where a choice came (or at the end)
    assert game.is_over() or [str(m) for m in game.legal_moves()] != ["draw"]


def test_auto_play_never_plays_by_itself_in_the_api():
    game = only_draw_position()
    moves = list(game.moves)
    game.auto_moves()
    assert game.moves == moves


def test_auto_play_finishes_a_forced_ending_and_nothing_while_there_is_a_choice():
    # Every game played to its end with a one-move-at-a-time rule: once the rest is forced,
    # auto-play plays it all; where two moves are legal it plays nothing.
    rng = random.Random(3)
    finished = 0
    for seed in range(40):
        game = patience_core.new_game("golf", seed=seed, observed=False)
        while not game.is_over():
            legal = game.legal_moves()
            auto = game.auto_moves()
            if len(legal) > 1:
                assert auto == []
            elif auto and str(auto[0]) != "draw":
                trial = game.copy()
                for move in auto:
                    assert trial.legal_moves() == [move]
                    trial.play(move)
                assert trial.is_over()
                finished += 1
            game.play(rng.choice(legal))
    assert finished


def test_a_game_may_turn_auto_play_off():
    game = only_draw_position()
    game.rules.autoplay = AutoPlay.OFF
    assert game.auto_moves() == []


def test_auto_played_moves_are_normal_moves_seen_by_observers():
    calls = []

    class Watch:
        @patience_core.hookimpl
        def move_played(self, game, move):
            calls.append(str(move))

    game = only_draw_position()
    record = game.to_dict("full")
    observed = patience_core.load_game(record)
    name = patience_core.register_plugin(Watch(), "test-auto-watch")
    try:
        auto = observed.play_auto()
    finally:
        patience_core.unregister_plugin(name)
    assert calls == [str(m) for m in auto]
    assert patience_core.load_game(observed.to_record()).moves == observed.moves


# --- the clock and records ------------------------------------------------------------------------------


def test_the_clock_runs_while_playing_and_stops_at_the_end():
    game = patience_core.new_game("tripeaks", seed=5, observed=False)
    assert game.clock.running
    while not game.is_over():
        game.play(game.legal_moves()[-1])
    assert not game.clock.running
    stopped = game.clock.seconds
    assert game.clock.seconds == stopped
    game.undo()
    assert game.clock.running, "taking back the end plays on"


def test_a_record_keeps_the_playing_time_and_the_moves_to_redo():
    game = patience_core.new_game("pyramid", seed=28, observed=False)
    for move in ("KS", "7S+6H", "draw"):
        game.play(move)
    game.undo()
    game.clock = Clock(125.5, running=False)
    record = game.to_record()
    assert record["seconds"] == 125.5
    assert record["undone"] == ["draw"]
    loaded = Game.from_dict(record)
    assert loaded.clock.seconds >= 125.5
    assert loaded.clock.running
    assert [str(m) for m in loaded.undone] == ["draw"]
    assert loaded.to_dict("full") == game.to_dict("full")


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("seconds", -1, "'seconds' is not a number of seconds"),
        ("seconds", "12", "'seconds' is not a number of seconds"),
        ("seconds", True, "'seconds' is not a number of seconds"),
        ("seconds", float("nan"), "'seconds' is not a number of seconds"),
        ("seconds", 1e20, "'seconds' is not a number of seconds"),
        ("undone", "draw", "'undone' is not a list of move text"),
        ("undone", ["KS"], r"move 1 to redo \(KS\) cannot be played"),
    ],
)
def test_a_record_with_a_bad_time_or_redo_is_refused(field, value, says):
    game = patience_core.new_game("pyramid", seed=28, observed=False)
    game.play("KS")
    record = game.to_record()
    record[field] = value
    with pytest.raises(RecordError, match=says):
        Game.from_dict(record)


def test_a_finished_game_loads_with_its_clock_stopped():
    game = patience_core.new_game("tripeaks", seed=5, observed=False)
    while not game.is_over():
        game.play(game.legal_moves()[-1])
    loaded = Game.from_dict(game.to_record())
    assert not loaded.clock.running
    assert loaded.clock.seconds == pytest.approx(game.clock.seconds, abs=1e-3)


# --- still winnable, winnable deals -------------------------------------------------------------------


def test_still_winnable_says_what_the_solver_proves():
    won = patience_core.new_game("pyramid", seed=18)
    lost = patience_core.new_game("pyramid", seed=17)
    assert solve_full_information(won).won
    assert still_winnable_full_information(won) == WINNABLE
    assert solve_full_information(lost).verdict == "no win"
    assert still_winnable_full_information(lost) == NOT_WINNABLE
    assert still_winnable_full_information(won, node_limit=1) == UNDECIDED


def test_still_winnable_after_a_losing_move():
    # Pyramid deal 18 is winnable; after some moves of a player who never draws well it may
    # not be: the answer follows the position, not the deal.
    game = patience_core.new_game("par-pyramid", seed=18)
    answers = set()
    rng = random.Random(1)
    while not game.is_over() and len(answers) < 2:
        answers.add(still_winnable_full_information(game, time_limit=None, node_limit=200_000))
        game.play(rng.choice(game.legal_moves()))
    assert WINNABLE in answers


def test_the_next_winnable_deal_is_the_first_the_solver_proves():
    seed = next_winnable_deal_full_information("pyramid", 1)
    assert solve_full_information(patience_core.new_game("pyramid", seed=seed)).won
    for earlier in range(1, seed):
        assert not solve_full_information(patience_core.new_game("pyramid", seed=earlier)).won
    assert next_winnable_deal_full_information("pyramid", seed) == seed
    with pytest.raises(ValueError, match="no winnable deal of pyramid among 3 deals from 1"):
        next_winnable_deal_full_information("pyramid", 1, tries=3)


def test_winnable_deals_follow_the_options():
    plain = next_winnable_deal_full_information("tripeaks", 0)
    assert solve_full_information(patience_core.new_game("tripeaks", seed=plain)).won
    no_wrap = next_winnable_deal_full_information("tripeaks", 0, wrap=False)
    assert solve_full_information(patience_core.new_game("tripeaks", seed=no_wrap, wrap=False)).won


@pytest.mark.parametrize(
    ("game_id", "options", "total"),
    [
        ("tripeaks", {}, 28),
        ("pyramid", {}, 28),
        ("pyramid", {"win": "all"}, 52),  # every card must go: the count runs from 52
        ("triangle", {}, 52),
        ("black-hole", {}, 51),  # the ace of spades starts the pile
    ],
)
def test_cards_left_counts_down_from_what_the_game_counts(game_id, options, total):
    """The view says what "cards left" counts down from, so no screen shows "52 of 28"."""
    game = patience_core.new_game(game_id, seed=3, **options)
    assert game.cards_at_start() == game.cards_left() == total
    for view in ("player", "full"):
        assert game.to_dict(view)["cards_at_start"] == total
    moves = game.legal_moves()
    game.play(moves[0])
    assert game.cards_at_start() == total
    assert game.copy().cards_at_start() == total
    assert patience_core.Game.from_dict(game.to_dict("full")).cards_at_start() == total
