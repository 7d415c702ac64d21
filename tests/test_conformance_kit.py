"""The conformance kit catches broken games, and says which invariant each one breaks.

Each game below is a small build-on-waste game with one deliberate bug. A check passing on
the sound games (every plugin's own kit run) and failing here, naming the invariant, shows
that the check can fail.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import Phase, settings

import patience_core
from patience_core import DRAW, GameSpec, Layout, Move, Scoring, SolveResult, Table, hookimpl, testing
from patience_core.blocks.build_on_waste.rules import BuildOnWaste
from patience_core.engine.cards import RANK_OF
from patience_core.engine.rules import LAYOUT_CLEARED
from patience_core.testing import ConformanceError, deal_with

SMALL = Layout.columns(3, 2, name="kit-small")


class Sound(BuildOnWaste):
    layout = SMALL
    scoring = Scoring("cards", "a point a card")
    wrap = False


class ForgetsTheLayout(Sound):
    def apply(self, table: Table, move: Move) -> None:
        if move.word:
            table.draw_to_waste()
        else:
            table.piles[table.waste_i] += (move.ids[0],)  # the bug: the card stays on the layout too


class PeeksAtTheStock(Sound):
    """Refuses to draw a king: legality depends on the hidden stock order."""

    def legal_moves(self, table: Table) -> list[Move]:
        moves = super().legal_moves(table)
        if DRAW in moves and RANK_OF[table.stock[-1]] == 13:  # the next card: the bug peeks
            moves.remove(DRAW)
        return moves

    def illegal_reason(self, table: Table, move: Move) -> str | None:
        if move is DRAW and DRAW not in self.legal_moves(table):
            return "not now"
        return super().illegal_reason(table, move)


class SaysWhereHiddenCardsAre(Sound):
    def dealt_face_up(self) -> int:
        return SMALL.free_mask(SMALL.full)

    def illegal_reason(self, table: Table, move: Move) -> str | None:
        if len(move.ids) == 1 and table.why_not_free(move.ids[0]):
            pos = table.where[move.ids[0]]
            return "that card is in the stock" if pos < 0 else "that card is face down"
        return super().illegal_reason(table, move)


class CountsDrawsOnItself(Sound):
    """Keeps state outside the table, so undo cannot restore it."""

    def __init__(self, options: object) -> None:
        super().__init__({})
        self.draws = 0

    def legal_moves(self, table: Table) -> list[Move]:
        moves = super().legal_moves(table)
        return [m for m in moves if m is not DRAW or self.draws < 3]

    def apply(self, table: Table, move: Move) -> None:
        super().apply(table, move)
        self.draws += move is DRAW


class AllowsAnything(Sound):
    def illegal_reason(self, table: Table, move: Move) -> str | None:
        return None


class ListsAMoveItRefuses(Sound):
    def legal_moves(self, table: Table) -> list[Move]:
        return [*super().legal_moves(table), Move.of_word("redeal")]


class PassesForEver(Sound):
    def legal_moves(self, table: Table) -> list[Move]:
        return [*super().legal_moves(table), Move.of_word("pass")]

    def illegal_reason(self, table: Table, move: Move) -> str | None:
        return None if move.word == "pass" else super().illegal_reason(table, move)

    def apply(self, table: Table, move: Move) -> None:
        if move.word != "pass":
            super().apply(table, move)


class NeverOver(Sound):
    over = LAYOUT_CLEARED  # the bug: a stuck game never ends


SPECS = {
    game_id: GameSpec(game_id, game_id, "A broken game for the kit's own tests.", rules)
    for game_id, rules in {
        "kit-sound": Sound,
        "kit-forgets-the-layout": ForgetsTheLayout,
        "kit-peeks-at-the-stock": PeeksAtTheStock,
        "kit-says-where": SaysWhereHiddenCardsAre,
        "kit-counts-draws": CountsDrawsOnItself,
        "kit-allows-anything": AllowsAnything,
        "kit-lists-a-refused-move": ListsAMoveItRefuses,
        "kit-passes-for-ever": PassesForEver,
        "kit-never-over": NeverOver,
        "kit-lying-solver": Sound,
        "kit-gloomy-solver": Sound,
    }.items()
}


class BrokenGames:
    @hookimpl
    def register_games(self, register: Callable[[GameSpec], None]) -> None:
        for spec in SPECS.values():
            register(spec)

    @hookimpl
    def solve_full_information(self, game: patience_core.Game) -> SolveResult | None:
        if game.spec.id == "kit-lying-solver":
            return SolveResult("won", ("draw",), solver="liar")
        if game.spec.id == "kit-gloomy-solver":
            return SolveResult("no win", solver="gloomy")
        return None


@pytest.fixture(scope="module", autouse=True)
def broken_games():
    name = patience_core.register_plugin(BrokenGames(), "kit-broken-games")
    yield
    patience_core.unregister_plugin(name)


def fails(invariant: str, check: Callable[[], object]) -> ConformanceError:
    with pytest.raises(ConformanceError) as info:
        check()
    assert info.value.invariant == invariant
    assert str(info.value).startswith(f"[{invariant}] ")
    return info.value


# A deal on which the first column's free card (2C) fits the turned card (3D), and a king waits
# in the stock.
DEAL = deal_with(SMALL, {"c1r2": "2C", "c1r1": "AC"}, stock=["3D", "KH", "5S"])


def test_the_sound_game_passes_every_check():
    game = patience_core.new_game("kit-sound", deal=DEAL)
    rng = random.Random(1)
    testing.check_all(game, rng)
    testing.check_solver(game)
    testing.check_hidden_cards_do_not_matter(game, rng, pair=("KH", "5S"))
    assert testing.play_out(game, rng) > 0


def test_each_card_exactly_once():
    game = patience_core.new_game("kit-forgets-the-layout", deal=DEAL)
    game.play("2C")
    error = fails(testing.CARDS_ONCE, lambda: testing.check_cards(game))
    assert "'2C': 2" in str(error)


def test_legality_that_depends_on_the_stock_order_is_caught():
    game = patience_core.new_game("kit-peeks-at-the-stock", deal=DEAL)
    game.play("2C")
    rng = random.Random(0)
    fails(
        testing.HIDDEN_DO_NOT_MATTER,
        lambda: testing.check_hidden_cards_do_not_matter(game, rng, pair=("KH", "5S")),
    )
    # The sound game on the same deal and the same swap passes.
    sound = patience_core.new_game("kit-sound", deal=DEAL)
    sound.play("2C")
    testing.check_hidden_cards_do_not_matter(sound, rng, pair=("KH", "5S"))


def test_a_message_that_tells_face_down_from_stock_is_caught():
    game = patience_core.new_game("kit-says-where", deal=DEAL)
    error = fails(
        testing.HIDDEN_DO_NOT_MATTER,
        lambda: testing.check_hidden_cards_do_not_matter(game, random.Random(0), pair=("AC", "KH")),
    )
    assert "face down" in str(error)


def test_state_outside_the_table_breaks_undo():
    game = patience_core.new_game("kit-counts-draws", deal=DEAL)
    for _ in range(2):
        game.play("draw")
    fails(testing.UNDO_EXACT, lambda: testing.check_legal_moves_apply(game))


def test_a_move_the_rules_do_not_refuse_is_caught():
    game = patience_core.new_game("kit-allows-anything", deal=DEAL)
    fails(testing.ILLEGAL_REFUSED, lambda: testing.check_illegal_refused(game, random.Random(0)))


def test_a_listed_move_that_is_refused_is_caught():
    game = patience_core.new_game("kit-lists-a-refused-move", deal=DEAL)
    error = fails(testing.LEGAL_APPLY, lambda: testing.check_legal_moves_apply(game))
    assert "redeal" in str(error)


def test_endless_play_is_caught():
    game = patience_core.new_game("kit-passes-for-ever", deal=DEAL)
    fails(testing.GAME_ENDS, lambda: testing.play_out(game, random.Random(0)))


def test_a_game_that_runs_past_the_move_limit_is_caught():
    game = patience_core.new_game("kit-sound", deal=DEAL)
    fails(testing.GAME_ENDS, lambda: testing.play_out(game, random.Random(0), max_moves=2))


@pytest.mark.parametrize("game_id", ["toy-klondike", "toy-freecell"])
def test_a_game_whose_positions_repeat_is_played_for_its_own_bound(game_id):
    """Such a game seldom ends in random play: it stops at REPEATS_MAX_MOVES, not MAX_MOVES,
    unless a bound is given."""
    assert testing.REPEATS_MAX_MOVES < testing.MAX_MOVES
    for seed in range(1, 4):
        game = patience_core.new_game(game_id, seed=seed)
        played = testing.play_out(game, random.Random(seed))
        assert played == len(game.moves)
        assert game.is_over() or played == testing.REPEATS_MAX_MOVES
    game = patience_core.new_game(game_id, seed=1)
    played = testing.play_out(game, random.Random(1), max_moves=7)
    assert game.is_over() or played == 7


def test_a_stuck_game_that_is_not_over_is_caught():
    game = patience_core.new_game("kit-never-over", deal=DEAL)
    while "draw" in map(str, game.legal_moves()):
        game.play("draw")
    assert game.legal_moves() == []  # KS on the waste; 2C, 5C and 6C free
    fails(testing.END_CONSISTENT, lambda: testing.check_end(game))
    sound = patience_core.new_game("kit-sound", deal=DEAL)
    for move in game.moves:
        sound.play(move)
    testing.check_end(sound)
    assert sound.status() == "lost"


def test_a_solver_line_that_does_not_win_is_caught():
    game = patience_core.new_game("kit-lying-solver", deal=DEAL)
    error = fails(testing.SOLVER_REPLAYS, lambda: testing.check_solver(game))
    assert "liar" in str(error)


def test_a_solver_that_misses_a_win_is_caught():
    game = patience_core.new_game("kit-gloomy-solver", deal=DEAL)
    error = fails(testing.SOLVER_REPLAYS, lambda: testing.check_solver(game))
    assert "generic solver says 'won'" in str(error)


def test_a_leaking_player_view_is_caught(monkeypatch):
    game = patience_core.new_game("kit-sound", seed=5)
    real = patience_core.Game.to_dict

    def leaky(self, view="player"):
        out = real(self, view)
        out["stock"]["cards"] = [str(c) for c in self.table.stock]
        return out

    monkeypatch.setattr(patience_core.Game, "to_dict", leaky)
    fails(testing.VIEW_HIDES, lambda: testing.check_player_view(game))


def test_the_message_says_how_to_reach_the_position():
    game = patience_core.new_game("kit-forgets-the-layout", deal=DEAL)
    game.play("2C")
    game.play("draw")
    error = fails(testing.CARDS_ONCE, lambda: testing.check_cards(game))
    code = str(error).split("To reach the position:\n", 1)[1]
    scope = {"patience_core": patience_core}
    exec(code.replace("\n    ", "\n").strip(), scope)
    assert scope["game"].snapshot() == game.snapshot()


def machine_error(game_id: str) -> ConformanceError:
    """What the kit's state machine raises on ``game_id``."""
    run = testing.machine_for(game_id).TestCase("runTest")
    run.settings = settings(run.settings, max_examples=20, phases=[Phase.generate], database=None)
    with pytest.raises(ConformanceError) as info:
        run.runTest()
    return info.value


def test_the_state_machine_stops_on_a_broken_game():
    assert machine_error("kit-passes-for-ever").invariant in (testing.GAME_ENDS, testing.ILLEGAL_REFUSED)


def test_the_state_machine_catches_a_solver_whose_line_does_not_win():
    assert machine_error("kit-lying-solver").invariant == testing.SOLVER_REPLAYS


def test_the_state_machine_checks_a_game_once_per_history_and_again_after_an_undo(monkeypatch):
    checked: list[tuple[str, ...]] = []
    monkeypatch.setattr(
        testing, "check_round_trips", lambda game: checked.append(tuple(map(str, game.moves)))
    )
    machine = testing.machine_for("kit-sound")()
    machine.start(game=patience_core.new_game("kit-sound", deal=DEAL, observed=False), salt=0)
    machine.round_trips()
    machine.round_trips()  # the same game, nothing played: not checked again
    move = machine.game.legal_moves()[0]
    machine._play(move)
    machine.round_trips()
    machine.undo()
    machine.round_trips()  # back where it began, but by an undo: checked again
    assert checked == [(), (str(move),), ()]
    again = testing.machine_for("kit-sound")()  # another machine checks for itself
    again.start(game=patience_core.new_game("kit-sound", deal=DEAL, observed=False), salt=0)
    again.round_trips()
    assert checked == [(), (str(move),), (), ()]
