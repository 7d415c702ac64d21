"""Seen: what a player may know. It never depends on a hidden card, and its samples look like the game."""

from __future__ import annotations

import random

import pytest
from player_helpers import hidden_places, played, twin

import patience_core
from patience_core import Deal, Game
from patience_core.players import Seen, get_player, play_game
from patience_core.testing import hidden_cards

GAMES = [
    ("tripeaks", {}),
    ("tripeaks", {"open_peaks": True}),
    ("tripeaks", {"free_start": True}),
    ("pyramid", {}),
    ("par-pyramid", {}),
    ("toy-golf", {}),
    ("toy-pairs", {"passes": 2}),
]


@pytest.mark.parametrize(("game_id", "options"), GAMES)
@pytest.mark.parametrize("moves", [0, 7, 25])
def test_two_games_that_differ_only_in_hidden_cards_are_seen_alike(game_id, options, moves):
    game = played(game_id, seed=11 + moves, moves=moves, **options)
    other = twin(game)
    if len(hidden_places(game)) > 1:  # the test means something only when the hidden cards differ
        assert other.to_dict("full") != game.to_dict("full")
    a, b = Seen(game), Seen(other)
    assert a.view == b.view
    assert a.legal_moves() == b.legal_moves()
    assert a.moves == b.moves
    assert a.unseen == b.unseen
    assert a.game_id == b.game_id
    assert a.options == b.options
    for salt in range(3):
        sample_a, sample_b = a.sample(random.Random(salt)), b.sample(random.Random(salt))
        assert sample_a.to_dict("full") == sample_b.to_dict("full")


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_a_sample_looks_exactly_like_the_game(game_id, options):
    rng = random.Random(5)
    for seed in range(4):
        game = played(game_id, seed=seed, moves=rng.randrange(40), **options)
        seen = Seen(game)
        unseen = {c.index for c in seen.unseen}
        assert unseen == {game.deal.indices[p] for p in hidden_places(game)}
        if not game.table.passes_used:  # later, the stock is face down but was all seen
            assert {patience_core.Card.parse(c).index for c in hidden_cards(game)} == unseen
        for _ in range(3):
            sample = seen.sample(rng)
            assert sample.to_dict("player") == game.to_dict("player")
            assert sample.moves == game.moves
            assert sample.legal_moves() == game.legal_moves()
            assert sample.deal.seed is None
            # The places the player never saw hold the unseen cards, in some order.
            places = hidden_places(sample)
            assert sorted(sample.deal.indices[p] for p in places) == sorted(unseen)


def test_samples_vary_and_every_unseen_card_can_be_anywhere_hidden():
    seen = Seen(patience_core.new_game("pyramid", seed=4))
    rng = random.Random(1)
    first_stock_cards = {seen.sample(rng).deal.indices[28] for _ in range(400)}
    assert first_stock_cards == {c.index for c in seen.unseen}  # 24 cards, 400 tries


def test_what_is_hidden_at_the_deal():
    assert Seen(patience_core.new_game("tripeaks", seed=1)).hidden == 18 + 23  # T1, T3
    assert Seen(patience_core.new_game("tripeaks", seed=1, open_peaks=True)).hidden == 23  # T14
    assert Seen(patience_core.new_game("tripeaks", seed=1, free_start=True)).hidden == 18 + 24  # T15
    assert Seen(patience_core.new_game("pyramid", seed=1)).hidden == 24  # P1, P2


def test_after_the_first_pass_of_pyramid_nothing_is_hidden():
    """P10: the waste turned over is the stock again, every card of it seen in the first pass."""
    game = patience_core.new_game("par-pyramid", seed=3)
    while "redeal" not in [str(m) for m in game.legal_moves()]:
        game.play("draw" if game.is_legal("draw") else game.legal_moves()[0])
    game.play("redeal")
    seen = Seen(game)
    assert seen.hidden == 0
    sample = seen.sample(random.Random(9))
    assert sample.to_dict("full")["stock"] == game.to_dict("full")["stock"]
    assert sample.snapshot() == game.snapshot()


def test_seen_hands_out_neither_the_game_nor_its_deal():
    game = played("tripeaks", seed=2, moves=5)
    seen = Seen(game)
    for name in Seen.__slots__:
        value = getattr(seen, name)
        assert not isinstance(value, Game | Deal), name
        assert value is not game.table
    assert "deal" not in seen.view
    assert "seed" not in seen.view


def test_sampling_calls_no_observer():
    calls = []

    class Observer:
        @patience_core.hookimpl
        def move_played(self, game, move):
            calls.append(move)

    game = played("tripeaks", seed=3, moves=6)
    name = patience_core.register_plugin(Observer(), "test-observer")
    try:
        Seen(game).sample(random.Random(0))
        play_game(game.copy(), get_player("greedy"), rng=random.Random(0))
        play_game(played("tripeaks", seed=3, moves=0), get_player("greedy"), rng=random.Random(0))
        Seen(game).sample(random.Random(1))
        assert calls == [], "samples and players are not observed"
        game.play(game.legal_moves()[0])
        assert len(calls) == 1, "the observer is registered: real play reaches it"
    finally:
        patience_core.unregister_plugin(name)
