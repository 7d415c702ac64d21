"""Random legal play on random seeds under every option combination.

The core's conformance kit checks what every game must keep (each card exactly once, no hidden
card in the player view, exact undo, round trips). The properties below check TriPeaks itself
against a model written from the rules page, reading only the player view.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import patience_core
from patience_core import Game
from patience_core.testing import check_cards, check_player_view, conformance_tests, seeds

TestTriPeaksConformance = conformance_tests("tripeaks")

RANKS = "A23456789TJQK"
BONUS = (15, 15, 30)


def rank(card: str) -> int:
    return RANKS.index(card[0]) + 1


def fits(card: str, top: str, wrap: bool) -> bool:
    """T5, T6, T13: one rank up or down, K and A neighbours when wrapping."""
    gap = abs(rank(card) - rank(top))
    return gap == 1 or (wrap and gap == 12)


def model_legal(view: dict[str, Any]) -> list[str]:
    """The legal moves as the rules page gives them, from what the player sees."""
    if view["cards_left"] == 0:
        return []  # T10: the game is over
    waste = view["waste"]
    wrap = bool(view["options"]["wrap"])
    out = [
        e["card"]
        for e in view["layout"]
        if e["free"] and (not waste or fits(e["card"], waste[-1], wrap))  # T15: any card on an empty waste
    ]
    return [*out, "draw"] if view["stock"]["count"] else out  # T8, T9


def model_score(game: Game, view: dict[str, Any]) -> int:
    """T12: the n-th card of a run scores n, a draw costs 5 and ends the run; classic adds peaks."""
    points = run = 0
    for move in game.moves:
        if str(move) == "draw":
            points -= 5
            run = 0
        else:
            run += 1
            points += run
    if view["options"]["scoring"] == "classic":
        tops = {e["id"]: e["present"] for e in view["layout"] if e["id"].startswith("r1")}
        points += sum(BONUS[: sum(not present for present in tops.values())])
    return points


def check_position(game: Game, before: dict[str, Any] | None) -> None:
    view = game.to_dict("player")
    opts = view["options"]
    layout = view["layout"]
    assert [str(m) for m in game.legal_moves()] == model_legal(view)
    assert game.score() == view["score"] == model_score(game, view)
    # T1, T7, T14: a card shows when dealt face up (bottom row, or all with open peaks) or once free.
    for e in layout:
        if e["present"]:
            shows = bool(opts["open_peaks"]) or e["id"].startswith("r4") or e["free"]
            assert e["face_up"] is shows, e
            assert (e["card"] is not None) is shows, e
    # T10, T11: the end, and cards_left() as its measure.
    left = sum(e["present"] for e in layout)
    assert game.cards_left() == view["cards_left"] == left
    assert game.is_won() is (left == 0)
    nothing_fits = not any(m != "draw" for m in model_legal(view))
    assert game.is_over() is (left == 0 or (view["stock"]["count"] == 0 and nothing_fits))
    # T3, T15: the waste starts with one card, or none with free start; the stock with the rest.
    played = 28 - left
    draws = sum(str(m) == "draw" for m in game.moves)
    start = 0 if opts["free_start"] else 1
    assert len(view["waste"]) == start + played + draws
    assert view["stock"]["count"] == 24 - start - draws
    if before is not None:
        # T9: the waste only grows; a played card fits the card it went on.
        assert view["waste"][: len(before["waste"])] == before["waste"]
        move = str(game.moves[-1])
        if move != "draw":
            assert view["waste"][-1] == move
            if before["waste"]:
                assert fits(move, before["waste"][-1], bool(opts["wrap"]))
            gone = [
                e["id"] for e, b in zip(layout, before["layout"], strict=True) if b["present"] != e["present"]
            ]
            assert len(gone) == 1


# Every combination of the options, each on its own random seeds.
COMBINATIONS = [
    dict(zip(("wrap", "open_peaks", "free_start", "scoring"), values, strict=True))
    for values in itertools.product((True, False), (False, True), (False, True), ("runs", "classic"))
]


@pytest.mark.parametrize("options", COMBINATIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
@settings(max_examples=max(3, settings.default.max_examples // 5))
# greed: how often a card is played rather than any legal move; plain random play rarely wins,
# playing cards first wins about one game in four, so both ends get checked.
@given(seed=seeds(), salt=st.integers(0, 2**32), greed=st.sampled_from([0.0, 0.9]))
def test_random_play_follows_the_rules_page(options: dict[str, Any], seed: int, salt: int, greed: float):
    game = patience_core.new_game("tripeaks", seed=seed, **options)
    rng = random.Random(salt)
    start = game.to_dict("full")
    check_position(game, None)
    while not game.is_over():
        before = game.to_dict("player")
        legal = game.legal_moves()
        cards = [m for m in legal if not m.is_word]
        game.play(rng.choice(cards if cards and rng.random() < greed else legal))
        check_position(game, before)
        check_cards(game)
        check_player_view(game)
    assert game.status() in ("won", "lost")
    # Undo takes every move back, to the deal exactly.
    while game.moves:
        game.undo()
    assert game.to_dict("full") == start
