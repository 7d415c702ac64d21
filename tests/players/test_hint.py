"""Hints: the one winning move when there is one, exact when nothing is hidden, no hidden card read."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from player_helpers import played, twin
from typer.testing import CliRunner

import patience_core
from patience_core import Deal, Game, Move, hookimpl
from patience_core.cli import app
from patience_core.players import Seen, get_player, greedy_order, hint, play_game
from patience_core.players.advice import MARGIN, MoveTally, _choose, advise
from patience_core.players.seen import HIDDEN

FAST = {"samples": 8, "solved": 8, "node_limit": 3000, "node_budget": 50_000, "time_limit": None}

# TriPeaks deal 287 after these moves: 3S, AC or draw may be played, three cards are hidden,
# and only AC wins, whatever the hidden cards are (checked below by trying every arrangement).
MOVES_TO_IT = (
    "5C 6H draw AD KS QH JH TH draw 3H draw QC JC draw 3C 4S draw JD draw 9D 8H 9C 8D 7D 6S 5S "
    "draw draw draw draw draw 2C draw 8C 9H TD draw draw draw draw draw draw draw draw 2D"
)
ONE_WINS = MOVES_TO_IT.split()


def one_move_wins() -> Game:
    game = patience_core.new_game("tripeaks", seed=287)
    for move in ONE_WINS:
        game.play(move)
    return game


def arrangements(seen: Seen):
    """Every game that looks like ``seen``: each order of the unseen cards over the hidden places."""
    known = list(seen._known)
    places = [i for i, card in enumerate(known) if card == HIDDEN]
    for order in itertools.permutations(c.index for c in seen.unseen):
        cards = list(known)
        for place, card in zip(places, order, strict=True):
            cards[place] = card
        game = patience_core.new_game(seen.game_id, deal=Deal(tuple(cards)), **seen.options)
        for move in seen.moves:
            game.play(move)
        yield game


def test_the_position_has_one_winning_move_whatever_is_hidden():
    game = one_move_wins()
    seen = Seen(game)
    assert seen.hidden == 3
    assert [str(m) for m in game.legal_moves()] == ["3S", "AC", "draw"]
    for each in arrangements(seen):
        for move in each.legal_moves():
            after = each.copy()
            after.play(move)
            won = after.is_won() or patience_core.solve_full_information(after).won
            assert won == (str(move) == "AC")


def test_the_hint_finds_the_one_winning_move_where_greedy_does_not():
    game = one_move_wins()
    assert greedy_order(Seen(game))[0] != Move.parse("AC")
    h = hint(game, **FAST)
    assert h.move == Move.parse("AC")
    assert h.wins == h.samples == 8
    assert h.sure == 1.0
    assert not h.exact
    assert h.explanation.startswith("AC won most often when I tried the unseen cards: 8 of 8 tries")
    assert h.tallies[0].move == h.move
    assert all(t.losses == 8 for t in h.tallies[1:])


def test_the_hint_depends_only_on_what_the_player_has_seen():
    for game_id, seed in (("tripeaks", 4), ("pyramid", 6), ("tripeaks", 9)):
        game = played(game_id, seed=seed, moves=12)
        other = twin(game)
        assert other.to_dict("full") != game.to_dict("full")
        a = hint(game, rng=random.Random(2), **FAST)
        b = hint(other, rng=random.Random(2), **FAST)
        assert (a.move, a.wins, a.samples, a.tallies, a.explanation) == (
            b.move,
            b.wins,
            b.samples,
            b.tallies,
            b.explanation,
        )


def redealt_and_winnable() -> Game:
    """A Par Pyramid game just turned over for its second pass (P10), that can still be won."""
    for seed in range(1, 40):
        game = patience_core.new_game("par-pyramid", seed=seed)
        while not game.is_legal("redeal"):
            game.play("draw")
        game.play("redeal")
        if patience_core.solve_full_information(game.copy()).won:
            return game
    raise AssertionError("no deal found that can still be won after drawing through the stock")


def test_with_nothing_hidden_the_hint_is_exact_and_its_moves_win():
    """P10: after the first pass of Par Pyramid every card has been seen."""
    game = redealt_and_winnable()
    assert Seen(game).hidden == 0
    while not game.is_over():
        h = hint(game, time_limit=None)
        assert h.exact
        assert h.sure == 1.0
        assert "nothing is hidden, so this is certain" in h.explanation
        game.play(h.move)
    assert game.is_won()


def test_the_only_legal_move_is_said_so():
    game = patience_core.new_game("tripeaks", seed=1)
    while len(game.legal_moves()) != 1:
        game.play(greedy_order(Seen(game))[0])
    h = hint(game, **FAST)
    assert h.move == game.legal_moves()[0]
    assert h.explanation.startswith(
        f"{h.move} is the only move; it won {h.wins} of 8 tries of the unseen cards"
    )
    quick = advise(Seen(game), sample_forced=False)
    assert (quick.samples, quick.sure) == (0, 1.0)


def test_undecided_samples_are_counted_and_still_give_a_move():
    game = patience_core.new_game("pyramid", seed=12)
    h = hint(game, samples=5, node_limit=1, time_limit=None)
    assert h.move in game.legal_moves()
    assert h.samples == 5
    for t in h.tallies:  # with one node no solve decides: the only wins are play-outs won
        assert t.losses == 0
        assert t.wins + t.unknown == 5
        assert t.wins == t.played_wins
    assert f"{h.tallies[0].unknown} too long to settle" in h.explanation


def test_a_hint_changes_nothing_and_is_seen_by_no_observer():
    calls = []

    class Observer:
        @hookimpl
        def move_played(self, game, move):
            calls.append(move)

    game = one_move_wins()
    before = (game.snapshot(), game.moves, game.to_dict("full"))
    name = patience_core.register_plugin(Observer(), "test-hint-observer")
    try:
        hint(game, **FAST)
    finally:
        patience_core.unregister_plugin(name)
    assert (game.snapshot(), game.moves, game.to_dict("full")) == before
    assert calls == []


def test_no_hint_for_a_finished_game_or_no_samples():
    game = play_game(patience_core.new_game("tripeaks", seed=2), get_player("greedy"))
    with pytest.raises(ValueError, match="the game is over"):
        hint(game)
    with pytest.raises(ValueError, match="samples must be at least 1"):
        hint(patience_core.new_game("tripeaks", seed=2), samples=0)


def test_a_clock_bounds_the_hint_and_it_still_answers():
    game = patience_core.new_game("pyramid", seed=3)
    h = hint(game, time_limit=0.05, samples=1000)
    assert h.move in game.legal_moves()
    assert h.samples < 1000


def test_the_obvious_move_stays_unless_another_is_clearly_better():
    a, b = Move.parse("4H"), Move.parse("draw")
    win, lose = (2, True, 0), (0, False, -3)
    margin = 3
    assert margin == MARGIN * 40
    # b better in 3 samples, worse in none: clearly better.
    assert _choose({a: [lose] * 3 + [win] * 37, b: [win] * 40}, a, margin) == b
    # Better in 2 only: not enough.
    assert _choose({a: [lose] * 2 + [win] * 38, b: [win] * 40}, a, margin) == a
    # Better in 6, worse in 4: the gain is noise.
    outcomes = {a: [lose] * 6 + [win] * 4 + [win] * 30, b: [win] * 6 + [lose] * 4 + [win] * 30}
    assert _choose(outcomes, a, margin) == a


def test_hint_in_patience_play(tmp_path, monkeypatch):
    monkeypatch.setenv("PATIENCE_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    lines = [*ONE_WINS, "hint", "quit"]
    for plain in ([], ["--plain"]):
        result = CliRunner().invoke(
            app,
            ["play", "tripeaks", "-s", "287", *plain],
            input="\n".join(lines) + "\n",
            catch_exceptions=False,
        )
        assert result.exit_code == 0
        pattern = r"^Hint: AC won most often when I tried the unseen cards: (\d+) of \1 tries"
        assert re.search(pattern, result.stdout, re.M), result.stdout


def test_the_hint_player_solves_once_when_nothing_is_hidden_and_follows_the_line(monkeypatch):
    import patience_core.players.builtin as builtin

    calls = []
    real = builtin.solve_full_information

    def counted(game, **limits):
        calls.append(len(game.moves))
        return real(game, **limits)

    monkeypatch.setattr(builtin, "solve_full_information", counted)
    game = redealt_and_winnable()
    play_game(game, get_player("hint"))
    assert game.is_won()
    assert len(calls) == 1


# --- the hint's line of reasons says why -------------------------------------------------------------


def test_the_line_says_why_the_obvious_move_stays_when_another_wins_more_samples():
    from patience_core.players.advice import _explain

    chosen = MoveTally(Move.parse("TD"), wins=4, unknown=35, played_wins=3, mean_left=5.0)
    runner = MoveTally(Move.parse("8S"), wins=9, unknown=30, played_wins=8, mean_left=4.0)
    line = _explain([chosen, runner], 40, 40, obvious=True, margin=3)
    assert line.startswith(
        "TD, the natural move, won 4 of 40 tries of the unseen cards, 35 too long to settle"
    )
    assert "8S won 9, but not clearly more often" in line
    assert "next best" not in line
    chosen_better = _explain([runner, chosen], 40, 40, obvious=False, margin=3)
    assert chosen_better.startswith("8S won most often when I tried the unseen cards: 9 of 40 tries")
    assert chosen_better.endswith("next best TD: 4")
    for words in (line, chosen_better):  # a player's words, not a statistician's
        assert "sample" not in words
        assert "undecided" not in words


def test_when_no_sample_can_be_won_the_line_says_what_each_move_leaves():
    game = patience_core.new_game("pyramid", seed=5)
    h = hint(game, samples=20, solved=4, time_limit=None)
    assert "won 0 of" not in h.explanation
    assert "cards on average" in h.explanation
    assert h.explanation.startswith(f"{h.move} ")
