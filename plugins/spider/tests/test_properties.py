"""Two decks kept whole: every physical card once and undo exact over random play that deals
from the stock, and a two-deck game's record saved, loaded and replayed."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import patience_core
from patience_core import Game
from patience_core.engine.cards import CARD_TEXT
from patience_core.testing import check_cards, check_player_view
from patience_core.userdata.records import load_game, save_game

GAMES = st.sampled_from(["spider", "spider-1", "spider-2", "spiderette"])


def play_with_deals(game: Game, rng: random.Random, moves: int) -> None:
    """Random moves, a deal whenever one is legal half the time, so the stock runs down."""
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            return
        deals = [m for m in legal if str(m) == "deal"]
        game.play(deals[0] if deals and rng.random() < 0.5 else rng.choice(legal))


@settings(max_examples=15, deadline=None)
@given(game_id=GAMES, seed=st.integers(0, 2**32), salt=st.integers(0, 2**16), moves=st.integers(1, 60))
def test_every_card_of_both_decks_lies_once_and_undo_is_exact_through_deals(game_id, seed, salt, moves):
    game = patience_core.new_game(game_id, seed=seed, observed=False)
    faces = Counter(game.deal_text().split())
    rng = random.Random(salt)
    states = [(game.snapshot(), game.to_dict("full"))]
    for _ in range(moves):
        if game.is_over():
            break
        play_with_deals(game, rng, 1)
        check_cards(game)  # each of the 104 (or 52) physical cards exactly once
        check_player_view(game)
        states.append((game.snapshot(), game.to_dict("full")))
    laid = Counter(CARD_TEXT[c] for pile in game.table.piles for c in pile)  # copies included
    assert laid == faces
    while game.moves:
        game.undo()
        states.pop()
        assert (game.snapshot(), game.to_dict("full")) == states[-1]


def test_the_undo_of_a_deal_puts_the_cards_back_in_the_stock_in_their_order():
    game = patience_core.new_game("spider-2", seed=11)
    stock = game.table.pile("s")
    columns = [game.table.pile(f"t{c}") for c in range(1, 11)]
    game.play("deal")
    game.play("deal")
    game.undo()
    game.undo()
    assert game.table.pile("s") == stock
    assert [game.table.pile(f"t{c}") for c in range(1, 11)] == columns
    assert game.score() == 500


def test_a_two_deck_record_is_saved_loaded_and_replayed(tmp_path):
    game = patience_core.new_game("spider-2", seed=12)
    rng = random.Random(12)
    play_with_deals(game, rng, 40)
    assert "deal" in [str(m) for m in game.moves]
    path = tmp_path / "spider.json"
    save_game(game, path)
    record = json.loads(path.read_text())
    assert (record["game"], record["preset"], record["options"]["suits"]) == ("spider", "spider-2", "2")
    loaded = load_game(path)
    assert loaded.snapshot() == game.snapshot()
    assert loaded.deal_text() == game.deal_text()
    assert [str(m) for m in loaded.moves] == [str(m) for m in game.moves]
    # Replayed by hand from its deal text and move list, the record reaches the same position.
    again = patience_core.new_game("spider", deal=record["deal"], suits="2")
    for move in record["moves"]:
        again.play(move)
    assert again.snapshot() == game.snapshot()
    assert again.score() == game.score()
