"""The greedy player in games whose positions may repeat (the games of piles).

Ranked by the longest run in sight, as in TriPeaks or Pyramid, the player sent a card home and
took it back down, or moved runs to and fro, until the game was stopped: it won none of
Klondike's deals 1..100 (nor FreeCell's, Yukon's, Canfield's). Now it ranks a game of piles by
progress, never goes back to a position it has been in while another move is left, and a game
that makes no progress is stopped.
"""

from __future__ import annotations

import random

import patience_core
from patience_core import Move
from patience_core.players import get_player, greedy_order, play_game
from patience_core.players.base import MAX_GAME_MOVES, STALL_MOVES
from patience_core.players.greedy import Visited, progress
from patience_core.players.seen import Seen


def test_the_greedy_player_wins_a_klondike_deal_it_used_to_lose_going_round_in_circles():
    game = play_game(patience_core.new_game("klondike", seed=6), get_player("greedy"), rng=random.Random(6))
    assert game.is_won()


def test_greedy_orders_progress_then_words_then_idle_moves_then_cards_back_from_a_foundation():
    game = patience_core.new_game("klondike", seed=1)
    player = get_player("greedy")
    rng = random.Random(1)
    checked = 0
    while not game.is_over() and len(game.moves) < 150:
        seen = Seen(game, rng)
        order = greedy_order(seen)
        assert sorted(map(str, order)) == sorted(map(str, seen.legal_moves()))
        kinds = ["down" if m.src.startswith("f") else "word" if m.word else "card" for m in order]
        words = [i for i, k in enumerate(kinds) if k == "word"]
        downs = [i for i, k in enumerate(kinds) if k == "down"]
        if words and downs:
            assert max(words) < min(downs)  # a card back down from a foundation comes last
            checked += 1
        if words:
            # the card moves after the words make no progress, now or within a few moves
            base = progress(game.table)
            for move in order[max(words) + 1 :]:
                if move.src.startswith("f"):
                    continue
                trial = game.copy()
                trial.push(move)
                assert progress(trial.table) <= base
        game.push(player.choose(Seen(game, rng)))
    assert checked  # the deal did offer cards back down beside a draw


def test_the_greedy_player_does_not_go_back_to_a_position_while_another_move_is_left():
    game = patience_core.new_game("freecell", seed=1)
    visited = Visited()
    first = Move.parse("t1-c1")
    assert visited.avoid(Seen(game), [first]) == first
    game.push(first)
    back = Move.parse("c1-t1")
    other = next(m for m in game.legal_moves() if m != back and not m.word)
    assert visited.avoid(Seen(game), [back, other]) == other  # back would return to the deal
    assert visited.avoid(Seen(game), [back]) == back  # the only move left is played all the same


def test_a_game_of_piles_that_makes_no_progress_is_stopped():
    class Drawer:
        """Turns the stock for ever."""

        name = "drawer"

        def choose(self, seen: Seen) -> Move:
            legal = seen.legal_moves()
            return next((m for m in legal if m.word), legal[0])

    game = play_game(patience_core.new_game("klondike", seed=3), Drawer(), rng=random.Random(3))
    assert not game.is_over()
    # Each pass through the stock is a new position (the passes are counted), so before the
    # stall stop this ran to MAX_GAME_MOVES.
    assert STALL_MOVES <= len(game.moves) < STALL_MOVES + 30 < MAX_GAME_MOVES
