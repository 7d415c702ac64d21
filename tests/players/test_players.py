"""Players: the registry fed by the hook, play_game, and each built-in player."""

from __future__ import annotations

import random

import pytest

import patience_core
from patience_core import Move, hookimpl
from patience_core.players import (
    Player,
    PlayerError,
    PlayerSpec,
    Seen,
    get_player,
    greedy_order,
    play_game,
    players,
    sees_hidden_cards,
)

FAST_HINT = {"samples": 6, "node_limit": 2000, "node_budget": 20_000}
FAST_SOLVER = {"node_limit": 20_000}


class FirstMove:
    """A player for the tests: always the first legal move."""

    name = "first"

    def choose(self, seen: Seen) -> Move:
        return seen.legal_moves()[0]


class PlayersPlugin:
    @hookimpl
    def register_players(self, register):
        register(PlayerSpec("first", "the first legal move", FirstMove))


class Clash:
    @hookimpl
    def register_players(self, register):
        register(PlayerSpec("greedy", "another greedy", FirstMove))
        register("not a spec")


def test_the_core_ships_four_players_one_of_them_full_information():
    specs = {s.name: s for s in players()}
    assert {"random", "greedy", "hint", "solver"} <= set(specs)
    assert [n for n, s in specs.items() if s.full_information] == ["solver"]
    assert "FULL INFORMATION" in specs["solver"].description
    assert all(s.plugin == "patience-core" for s in specs.values())
    assert isinstance(get_player("random"), Player)
    assert sees_hidden_cards(get_player("solver"))
    assert not sees_hidden_cards(get_player("hint"))


def test_a_plugin_adds_a_player_through_the_hook_and_takes_it_away_again():
    name = patience_core.register_plugin(PlayersPlugin(), "test-players")
    try:
        spec = next(s for s in players() if s.name == "first")
        assert spec.plugin == "test-players"
        game = play_game(patience_core.new_game("tripeaks", seed=4), get_player("first"))
        assert game.is_over()
    finally:
        patience_core.unregister_plugin(name)
    assert "first" not in [s.name for s in players()]


def test_a_name_taken_twice_is_served_by_neither_and_both_stay_reachable():
    before = len(patience_core.plugin_errors())
    name = patience_core.register_plugin(Clash(), "test-clash")
    try:
        with pytest.raises(PlayerError, match="choose one: patience-core:greedy, test-clash:greedy"):
            get_player("greedy")
        assert get_player("patience-core:greedy").__class__.__name__ == "GreedyPlayer"
        assert get_player("test-clash:greedy").__class__.__name__ == "FirstMove"
        assert get_player("random").__class__.__name__ == "RandomPlayer"  # the others still load
        errors = [str(e) for e in patience_core.plugin_errors()[before:]]
        assert any("'test-clash'" in e and "player name 'greedy' is registered by each" in e for e in errors)
        assert any("not a PlayerSpec" in e for e in errors)
    finally:
        patience_core.unregister_plugin(name)
        del patience_core.REGISTRY.errors[before:]
    assert get_player("greedy").__class__.__name__ == "GreedyPlayer"


def test_unknown_players_and_parameters_are_named():
    with pytest.raises(PlayerError, match=r"unknown player 'best'; players: .*greedy.*hint"):
        get_player("best")
    with pytest.raises(PlayerError, match=r"player 'hint' has no parameter 'depth' \(it takes: samples"):
        get_player("hint", depth=3)
    with pytest.raises(ValueError, match="player name"):
        PlayerSpec("Best Player", "", FirstMove)


@pytest.mark.parametrize("game_id", ["tripeaks", "pyramid", "par-pyramid", "toy-golf", "toy-pairs"])
@pytest.mark.parametrize(
    ("player", "params"), [("random", {}), ("greedy", {}), ("hint", FAST_HINT), ("solver", FAST_SOLVER)]
)
def test_play_game_plays_to_the_end(game_id, player, params):
    game = patience_core.new_game(game_id, seed=8)
    out = play_game(game, get_player(player, **params), rng=random.Random(1))
    assert out is game
    assert game.is_over()
    assert game.moves


def test_play_game_starts_where_the_game_is_and_replays_the_same_with_the_same_rng():
    game = patience_core.new_game("pyramid", seed=6)
    game.play("draw")
    a = play_game(game.copy(), get_player("random"), rng=random.Random(3))
    b = play_game(game.copy(), get_player("random"), rng=random.Random(3))
    assert a.moves[0] == Move.parse("draw")
    assert a.moves == b.moves


def test_a_player_returning_an_illegal_move_is_stopped():
    class Cheat:
        name = "cheat"

        def choose(self, seen):
            return Move.parse("9H")

    game = patience_core.new_game("tripeaks", seed=1)
    with pytest.raises(patience_core.IllegalMoveError):
        play_game(game, Cheat())


def test_greedy_draws_only_when_no_card_can_be_played():
    for seed in range(1, 30):
        game = patience_core.new_game("tripeaks", seed=seed)
        player = get_player("greedy")
        while not game.is_over():
            move = player.choose(Seen(game))
            if move.word:
                assert all(m.word for m in game.legal_moves())
            game.play(move)


def test_greedy_plays_the_longest_run_in_sight():
    # Deal 2 of TriPeaks opens with 4H on the waste; 3 fits on 4 and 5 on 4.
    game = patience_core.new_game("tripeaks", seed=2)
    seen = Seen(game)
    order = greedy_order(seen)
    assert order[-1] == Move.parse("draw")
    # Whatever greedy plays first, no other first card allows a longer run of cards in sight.
    from patience_core.players.greedy import _longest_run, _score

    in_sight = frozenset(range(52)) - {c.index for c in seen.unseen}
    sample = seen.sample(random.Random(0))
    runs = {m: _score(sample, m, in_sight)[0] for m in order if not m.word}
    assert runs[order[0]] == max(runs.values())
    assert _longest_run(sample, in_sight) == max(runs.values()) + 1


def test_the_solver_player_sees_hidden_cards_and_wins_what_can_be_won():
    player = get_player("solver")
    with pytest.raises(TypeError, match="reads hidden cards"):
        player.choose(Seen(patience_core.new_game("tripeaks", seed=1)))
    for seed in (1, 2, 3):
        game = patience_core.new_game("tripeaks", seed=seed)
        verdict = patience_core.solve_full_information(game.copy()).verdict
        play_game(game, player)
        assert player.last_result.verdict == verdict
        assert game.is_won() == (verdict == "won")


def test_the_solver_player_on_a_deal_it_cannot_win_plays_greedy_to_the_end():
    seed = next(
        s
        for s in range(1, 200)
        if patience_core.solve_full_information(patience_core.new_game("pyramid", seed=s)).verdict == "no win"
    )
    game = play_game(patience_core.new_game("pyramid", seed=seed), get_player("solver"))
    greedy = play_game(patience_core.new_game("pyramid", seed=seed), get_player("greedy"))
    assert game.moves == greedy.moves
