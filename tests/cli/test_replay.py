"""``patience replay``: every move re-checked, the result printed, step by step on request."""

import json

from cli_helpers import find_deal, run

import patience_core
from patience_core.userdata.records import record_of, save_game


def saved(tmp_path, game_id, moves, seed, name="game.json"):
    game = patience_core.new_game(game_id, seed=seed)
    for move in moves:
        game.play(move)
    path = tmp_path / name
    save_game(game, path)
    return game, path


def test_replay_checks_every_move_and_prints_the_result(tmp_path):
    seed, moves = find_deal("tripeaks", won=True)
    game, path = saved(tmp_path, "tripeaks", moves, seed)
    result = run("replay", str(path))
    assert result.exit_code == 0
    assert f"Replaying {path}: TriPeaks, deal {seed}, {len(moves)} moves." in result.stdout
    assert (
        f"All {len(moves)} moves are legal. Result: won; cards left 0, score {game.score()}." in result.stdout
    )


def test_replay_step_shows_each_move(tmp_path):
    seed, moves = find_deal("pyramid", won=False)
    _, path = saved(tmp_path, "pyramid", moves[:5], seed)
    result = run("replay", str(path), "--step", "--plain")
    assert result.exit_code == 0
    for n, move in enumerate(moves[:5], 1):
        assert f"Move {n}: {move}." in result.stdout
    assert "Result: not finished" in result.stdout
    assert result.stdout.count("Row 7:") == 6  # the start and each of the five moves


def test_replay_names_the_first_illegal_move(tmp_path):
    seed, moves = find_deal("tripeaks", won=False)
    game, _ = saved(tmp_path, "tripeaks", moves[:4], seed)
    data = record_of(game)
    data["moves"][2] = "9Z"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = run("replay", str(path), "--step")
    assert result.exit_code == 1
    assert "move 3 (9Z) cannot be played" in result.stderr
    assert "Move 2:" in result.stdout  # the moves before it were shown


def test_replay_refuses_a_stated_result_the_moves_do_not_give(tmp_path):
    seed, moves = find_deal("tripeaks", won=False)
    game, _ = saved(tmp_path, "tripeaks", moves, seed)
    data = record_of(game)
    data["status"] = "won"
    path = tmp_path / "boast.json"
    path.write_text(json.dumps(data))
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert "'status' does not match what its moves give" in result.stderr
