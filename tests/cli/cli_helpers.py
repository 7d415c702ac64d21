"""Helpers for the CLI tests: running the app, and finishing games with a simple strategy."""

from __future__ import annotations

import re

from typer.testing import CliRunner

import patience_core
from patience_core import Game
from patience_core.cli import app

ANSI = re.compile(r"\x1b\[[0-9;]*m")
BOX_AND_BLOCKS = re.compile(r"[\u2500-\u259f]")  # box drawing and block elements (card backs)


def run(*args: str, input: str | None = None, env: dict[str, str] | None = None, **extra):
    """Invoke ``patience ARGS`` in-process; genuine bugs raise instead of being swallowed."""
    result = CliRunner().invoke(app, list(args), input=input, env=env, catch_exceptions=False, **extra)
    assert "Traceback" not in result.output
    return result


def greedy_moves(game: Game, limit: int = 400) -> list[str]:
    """The moves of 'always the first legal move' from ``game``'s position to the end (``game``
    unchanged). In a game whose positions may repeat, the first move to a position not yet
    seen; it stops short of the end when there is none, or after ``limit`` moves."""
    game = game.copy()
    moves: list[str] = []
    seen = {game.rules.solver_key(game.table)}
    while not game.is_over() and len(moves) < limit:
        for move in game.legal_moves():
            trial = game.copy()
            trial.push(move)
            key = trial.rules.solver_key(trial.table)
            if not game.rules.repeats or key not in seen:
                seen.add(key)
                moves.append(str(game.play(move)))
                break
        else:
            break
    return moves


def find_deal(game_id: str, *, won: bool, skip: int = 0, **options) -> tuple[int, list[str]]:
    """A seed on which the greedy strategy wins (or loses) ``game_id``, and its moves."""
    for seed in range(1000):
        game = patience_core.new_game(game_id, seed=seed, **options)
        moves = greedy_moves(game)
        for move in moves:
            game.play(move)
        if game.is_won() == won:
            if skip == 0:
                return seed, moves
            skip -= 1
    raise AssertionError(f"no deal of {game_id} found where greedy play {'wins' if won else 'loses'}")


def all_game_ids() -> list[str]:
    return sorted(gid for spec in patience_core.games() for gid in (spec.id, *(p.id for p in spec.presets)))
