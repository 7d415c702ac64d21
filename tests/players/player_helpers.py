"""Helpers for the player tests: games part way through, and their twins that differ only in hidden cards."""

from __future__ import annotations

import random

import patience_core
from patience_core import Deal, Game
from patience_core.engine.layout import bits


def played(game_id: str, seed: int, moves: int, **options) -> Game:
    """A game ``moves`` random legal moves in (fewer if it ends), never finished."""
    game = patience_core.new_game(game_id, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))
        if game.is_over():
            game.undo()
            break
    return game


def hidden_places(game: Game) -> list[int]:
    """Deal places (layout positions, then 28 + stock index) whose card the player has not seen."""
    t = game.table
    n = len(t.layout)
    places = list(bits(t.present & ~t.face_up_mask()))
    if not t.passes_used:
        turned = 52 - n - t.stock_left()
        places += [n + i for i in range(turned, 52 - n)]
    return places


def twin(game: Game) -> Game:
    """The same game but for its hidden cards, which are reversed in their places."""
    places = hidden_places(game)
    cards = list(game.deal.indices)
    hidden = [cards[p] for p in places]
    for p, card in zip(places, reversed(hidden), strict=True):
        cards[p] = card
    other = patience_core.new_game(game.id, deal=Deal(tuple(cards)), **game.options)
    for move in game.moves:
        other.play(move)
    return other
