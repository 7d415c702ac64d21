"""The game contract on the toy games and on the installed TriPeaks and Pyramid: options, deals,
illegal moves, undo, views, saved games, restart, copies and observers."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import patience_core
from patience_core import (
    Deal,
    DealError,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    OptionError,
    RecordError,
    UnknownGameError,
    hookimpl,
)
from patience_core.engine.cards import CARD_TEXT
from patience_core.engine.moves import CARD_MOVES
from patience_core.plugins.registry import LISTING_LIMIT

GAMES = ["toy-golf", "toy-pairs", "tripeaks", "pyramid", "par-pyramid"]


def played(game_id: str, seed: int = 1, moves: int = 6, **options: Any) -> Game:
    """A game a few random legal moves in, stopping before its end."""
    game = patience_core.new_game(game_id, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = game.legal_moves()
        game.play(rng.choice(legal))
        if game.is_over():
            game.undo()
            break
    return game


def illegal_moves(game: Game) -> list[Move]:
    legal = game.legal_moves()
    pairs = [Move.of_cards(a, b) for a, b in [(0, 13), (11, 27), (5, 6), (12, 51)]]
    candidates = [*CARD_MOVES, *pairs, Move.of_word("pass"), Move.of_word("redeal")]
    return [m for m in candidates if m not in legal]


def state(game: Game) -> tuple[Any, ...]:
    return game.snapshot(), game.to_dict("full"), game.moves


# --- options and deals ----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_an_unknown_option_is_named_with_the_options_there_are(game_id):
    spec, _ = patience_core.find_game(game_id)
    with pytest.raises(OptionError) as info:
        patience_core.new_game(game_id, seed=1, colour="red")
    message = str(info.value)
    assert "'colour'" in message
    known = ", ".join(o.name for o in spec.options) or "none"
    assert f"(its options: {known})" in message


@pytest.mark.parametrize(
    ("game_id", "option", "value", "accepts"),
    [
        ("tripeaks", "wrap", "yes", "true or false"),
        (
            "tripeaks",
            "scoring",
            "fancy",
            "one of 'runs', 'classic', 'aisleriot', 'aisleriot-multiplier', 'pysol', 'streaks'",
        ),
        ("pyramid", "passes", 0, "a whole number >= 1 and <= 5, or 'unlimited'"),
        ("pyramid", "passes", 10**12, "a whole number >= 1 and <= 5, or 'unlimited'"),
        ("pyramid", "win", "both", "one of 'pyramid', 'all'"),
        ("toy-pairs", "passes", 5, "a whole number >= 1 and <= 4"),
        ("toy-pairs", "passes", True, "a whole number >= 1 and <= 4"),
    ],
)
def test_a_bad_value_is_named_with_what_the_option_accepts(game_id, option, value, accepts):
    with pytest.raises(OptionError) as info:
        patience_core.new_game(game_id, seed=1, **{option: value})
    assert f"option {option!r} accepts {accepts}, not {value!r}" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_a_preset_fixes_its_options_and_leaves_the_others_open():
    game = patience_core.new_game("par-pyramid", seed=2, win="all")
    assert game.id == "par-pyramid"
    assert game.spec.id == "pyramid"
    assert game.options["passes"] == 3
    assert game.options["win"] == "all"
    assert patience_core.new_game("par-pyramid", seed=2, passes=3).options["passes"] == 3
    with pytest.raises(OptionError, match="fixes option 'passes'"):
        patience_core.new_game("par-pyramid", seed=2, passes=1)


def test_an_unknown_game_lists_the_installed_games_and_presets():
    with pytest.raises(UnknownGameError) as info:
        patience_core.new_game("par-pyramis")
    message = str(info.value)
    assert "'par-pyramis'" in message
    ids = sorted(
        [s.id for s in patience_core.games()] + [p.id for s in patience_core.games() for p in s.presets]
    )
    if len(", ".join(ids)) <= LISTING_LIMIT:
        assert all(known in message for known in ids)
    else:  # too many to spell out: the closest, and how to list them all
        assert "did you mean par-pyramid" in message
        assert f"{len(ids)} games are installed (`patience games` lists them)" in message
    assert "\n" not in message
    assert len(message) < 300


def test_a_seed_and_a_deal_together_are_refused():
    deal = str(Deal.from_seed(4))
    with pytest.raises(DealError, match="not both"):
        patience_core.new_game("tripeaks", seed=4, deal=deal)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_deal_comes_from_a_seed_from_text_or_at_random(game_id):
    by_seed = patience_core.new_game(game_id, seed=8)
    by_text = patience_core.new_game(game_id, deal=by_seed.deal_text().lower())
    assert by_text.snapshot() == by_seed.snapshot()
    assert by_text.deal.seed is None
    at_random = patience_core.new_game(game_id)
    assert at_random.deal.seed is not None
    assert at_random.deal_text() == str(Deal.from_seed(at_random.deal.seed))


# --- moves ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("cached", [False, True])
def test_an_illegal_move_says_why_and_changes_nothing(game_id, cached):
    game = played(game_id, seed=3)
    if cached:
        game.legal_moves()
    before = state(game)
    refused = illegal_moves(game)
    assert len(refused) > 40
    for move in refused:
        reason = game.why_illegal(move)
        assert reason
        assert not game.is_legal(move)
        with pytest.raises(IllegalMoveError) as info:
            game.play(str(move) if move.ids else move)
        assert reason in str(info.value)
        assert str(move) in str(info.value)
        assert isinstance(info.value, ValueError)
        assert state(game) == before


@pytest.mark.parametrize("text", ["", "  ", "4H+4H", "draw now", "QH++AS", "11S"])
def test_text_that_is_not_a_move_changes_nothing(text):
    game = played("tripeaks")
    before = state(game)
    with pytest.raises(InvalidMoveError):
        game.play(text)
    assert state(game) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_move_applies_and_undo_restores_exactly(game_id):
    game = played(game_id, seed=5)
    before = state(game)
    for move in game.legal_moves():
        assert game.why_illegal(move) is None
        assert game.play(str(move)) is move
        assert game.moves[-1] is move
        assert game.peek() is move
        assert state(game) != before
        assert game.undo() is move
        assert state(game) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_on_a_fresh_game_is_an_index_error(game_id):
    game = patience_core.new_game(game_id, seed=1)
    before = state(game)
    with pytest.raises(IndexError):
        game.undo()
    with pytest.raises(IndexError):
        game.peek()
    assert state(game) == before


def test_push_and_pop_are_play_and_undo():
    game = patience_core.new_game("pyramid", seed=6)
    start = game.snapshot()
    move = game.push("draw")
    assert list(game) == [move]
    assert game.pop() is move
    assert game.snapshot() == start


@pytest.mark.parametrize("game_id", ["tripeaks", "toy-golf"])
def test_refusing_a_hidden_card_does_not_tell_face_down_from_stock(game_id):
    game = played(game_id, seed=19, moves=3)
    t = game.table
    down = [t.cards[p] for p in range(len(t.layout)) if t.present >> p & 1 and not t.face_up_mask() >> p & 1]
    stock = list(t.stock)
    assert down
    assert stock
    answers = {game.why_illegal(Move.of_cards(c)).replace(CARD_TEXT[c], "<card>") for c in down + stock}
    assert len(answers) == 1


# --- views ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_the_player_view_holds_no_deal_seed_or_hidden_card(game_id):
    game = played(game_id, seed=7)
    view = game.to_dict("player")
    assert json.loads(json.dumps(view)) == view
    assert "deal" not in view
    assert "seed" not in view
    assert "cards" not in view["stock"]
    assert view["view"] == "player"
    t = game.table
    hidden = {str(Move.of_cards(c)) for c in t.stock}
    for entry, pos in zip(view["layout"], range(len(t.layout)), strict=True):
        if entry["present"] and not entry["face_up"]:
            assert entry["card"] is None
            hidden.add(str(Move.of_cards(t.cards[pos])))
    words = set(
        json.dumps(view).replace('"', " ").replace(",", " ").replace("[", " ").replace("]", " ").split()
    )
    assert not hidden & words
    assert view["stock"]["count"] == t.stock_left()


def test_the_closed_tripeaks_view_shows_18_face_down_cards_as_nothing():
    view = patience_core.new_game("tripeaks", seed=9).to_dict("player")
    down = [e for e in view["layout"] if not e["face_up"]]
    assert len(down) == 18
    assert all(e["card"] is None for e in down)
    full = patience_core.new_game("tripeaks", seed=9).to_dict("full")
    assert all(e["card"] is not None for e in full["layout"])


@pytest.mark.parametrize("game_id", GAMES)
def test_the_full_view_holds_the_deal_and_the_stock(game_id):
    game = played(game_id, seed=7)
    full = game.to_dict("full")
    assert full["deal"] == game.deal_text()
    assert full["seed"] == 7
    t = game.table
    assert full["stock"]["cards"] == [str(Move.of_cards(c)) for c in t.stock[::-1]]
    assert full["moves"] == [str(m) for m in game.moves]


def test_an_unknown_view_is_refused():
    with pytest.raises(ValueError, match="'player' or 'full'"):
        patience_core.new_game("tripeaks", seed=1).to_dict("secret")  # type: ignore[arg-type]


# --- saved games ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_a_full_view_loads_back_to_the_same_game(game_id):
    game = played(game_id, seed=10, moves=12)
    full = json.loads(json.dumps(game.to_dict("full")))
    again = Game.from_dict(full)
    assert again.snapshot() == game.snapshot()
    assert again.moves == game.moves
    assert again.id == game.id
    assert again.deal.seed == 10
    assert again.to_dict("full") == game.to_dict("full")


def test_a_bare_record_loads_without_the_stated_position():
    game = played("pyramid", seed=11)
    record = {
        "format": "patience-game",
        "version": 1,
        "game": "pyramid",
        "deal": game.deal_text(),
        "moves": [str(m) for m in game.moves],
        "options": {},
    }
    again = Game.from_dict(record)
    assert again.snapshot() == game.snapshot()
    assert again.deal.seed is None


def saved(game_id: str = "tripeaks") -> dict[str, Any]:
    return played(game_id, seed=12, moves=8).to_dict("full")


def _set(key: str, value: Any) -> Any:
    def change(d: dict[str, Any]) -> None:
        d[key] = value

    return change


def _drop(key: str) -> Any:
    return lambda d: d.pop(key)


def _illegal_move(d: dict[str, Any]) -> None:
    game = Game.from_dict(d)
    d["moves"].append(str(illegal_moves(game)[0]))


def _other_seed(d: dict[str, Any]) -> None:
    d["seed"] += 1


def _bad_deal(d: dict[str, Any]) -> None:
    d["deal"] = " ".join(d["deal"].split()[:51])


def _more_score(d: dict[str, Any]) -> None:
    d["score"] += 1


def _other_waste(d: dict[str, Any]) -> None:
    d["waste"] = d["waste"][:-1]


def _other_stock(d: dict[str, Any]) -> None:
    d["stock"]["cards"] = d["stock"]["cards"][::-1]


def _flip_card(d: dict[str, Any]) -> None:
    d["layout"][0]["present"] = not d["layout"][0]["present"]


@pytest.mark.parametrize(
    ("tamper", "problem"),
    [
        (_set("view", "player"), "player view"),
        (_set("format", "chess-game"), "format 'chess-game'"),
        (_drop("format"), "format None"),
        (_set("version", 3), "version 3"),
        (_set("version", "1"), "version '1'"),
        (_drop("game"), "field 'game'"),
        (_drop("deal"), "field 'deal'"),
        (_drop("moves"), "field 'moves'"),
        (_drop("options"), "field 'options'"),
        (_set("moves", "draw draw"), "field 'moves'"),
        (_set("game", "no-such-game"), "'no-such-game'"),
        (_set("preset", "par-pyramid"), "pyramid has no option 'wrap'"),
        (_set("options", {"wrap": "yes"}), "option 'wrap'"),
        (_set("options", {"colour": "red"}), "'colour'"),
        (_illegal_move, "move 9"),
        (_set("moves", ["draw", 7]), "move 2 is not move text"),
        (_set("moves", ["draw", "QH++AS"]), "move 2 (QH++AS)"),
        (_other_seed, "the deal is not deal #13"),
        (_set("seed", -1), "seed"),
        (_bad_deal, "missing"),
        (_more_score, "'score'"),
        (_other_waste, "'waste'"),
        (_flip_card, "'layout'"),
        (_other_stock, "'stock'"),
        (_set("status", "won"), "'status'"),
        (_set("legal_moves", []), "'legal_moves'"),
        (_set("cards_left", 0), "'cards_left'"),
    ],
)
def test_from_dict_refuses_a_bad_record_naming_the_problem(tamper, problem):
    record = saved()
    tamper(record)
    with pytest.raises(RecordError) as info:
        Game.from_dict(record)
    assert problem in str(info.value)
    assert isinstance(info.value, ValueError)


def test_from_dict_refuses_a_preset_of_another_game():
    record = saved("par-pyramid")
    record["game"] = "tripeaks"
    with pytest.raises(RecordError, match="preset 'par-pyramid' is not a preset of 'tripeaks'"):
        Game.from_dict(record)


@pytest.mark.parametrize("name", ["deal", "game_id"])
def test_from_dict_refuses_an_option_named_like_an_argument(name):
    record = saved()
    record["options"] = {name: "x"}
    with pytest.raises(RecordError, match=f"'{name}'"):
        Game.from_dict(record)


@pytest.mark.parametrize("data", [None, [], "patience-game", 7])
def test_from_dict_refuses_what_is_not_an_object(data):
    with pytest.raises(RecordError, match="JSON object"):
        Game.from_dict(data)  # type: ignore[arg-type]


def test_from_dict_does_not_touch_the_record():
    record = saved("par-pyramid")
    kept = copy.deepcopy(record)
    Game.from_dict(record)
    assert record == kept


# --- restart and copies ---------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_restart_goes_back_to_the_deal(game_id):
    fresh = patience_core.new_game(game_id, seed=14)
    game = played(game_id, seed=14, moves=10)
    assert game.moves
    game.restart()
    assert game.moves == []
    assert game.snapshot() == fresh.snapshot()
    assert game.legal_moves() == fresh.legal_moves()
    assert game.to_dict("full") == fresh.to_dict("full")
    with pytest.raises(IndexError):
        game.undo()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_copy_is_independent(game_id):
    game = played(game_id, seed=15)
    before = state(game)
    other = game.copy()
    assert state(other) == before
    move = other.legal_moves()[0]
    other.play(move)
    assert state(game) == before
    other.undo()
    other.undo()
    assert state(game) == before
    game.undo()
    assert other.moves == game.moves
    other.restart()
    assert game.moves


def test_status_and_repr():
    game = patience_core.new_game("par-pyramid", seed=16)
    assert game.status() == "playing"
    assert repr(game) == "<Game par-pyramid seed=16 moves=0 playing>"
    rng = random.Random(0)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    assert game.status() == ("won" if game.is_won() else "lost")
    assert game.legal_moves() == [] or game.is_won()
    assert game.cards_left() == game.table.layout_left()


# --- observers ------------------------------------------------------------------------------------


class Observer:
    def __init__(self) -> None:
        self.played: list[tuple[Game, Move]] = []
        self.finished: list[Game] = []

    @hookimpl
    def move_played(self, game: Game, move: Move) -> None:
        self.played.append((game, move))

    @hookimpl
    def game_finished(self, game: Game) -> None:
        self.finished.append(game)


@pytest.fixture
def observer():
    watcher = Observer()
    name = patience_core.register_plugin(watcher, "test-observer")
    try:
        yield watcher
    finally:
        if patience_core.REGISTRY.pm.has_plugin(name):
            patience_core.unregister_plugin(name)


def test_observers_see_every_move_and_the_end(observer):
    assert patience_core.REGISTRY.observing
    game = patience_core.new_game("toy-golf", seed=17)
    rng = random.Random(17)
    n = 0
    while not game.is_over():
        move = rng.choice(game.legal_moves())
        game.play(move)
        n += 1
        assert observer.played[-1] == (game, move)
        assert observer.finished == ([game] if game.is_over() else [])
    assert len(observer.played) == n
    last = game.undo()  # undo is not a move played
    assert len(observer.played) == n
    game.play(last)  # ending the game again is another end
    assert observer.finished == [game, game]
    with pytest.raises(IllegalMoveError):
        game.play("redeal")
    assert len(observer.played) == n + 1  # a refused move is not played


def test_observers_stop_after_unregistering(observer):
    game = patience_core.new_game("tripeaks", seed=18)
    game.play("draw")
    assert len(observer.played) == 1
    patience_core.unregister_plugin("test-observer")
    assert not patience_core.REGISTRY.pm.has_plugin("test-observer")
    game.play("draw")
    assert len(observer.played) == 1


# --- issue 16, finding 9: the API refuses bad values with clear errors --------------------------


def _deep(depth: int = 100_000) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("key", "value", "problem"),
    [
        ("preset", [1], "field 'preset'"),
        ("preset", {"a": 1}, "field 'preset'"),
        ("options", {"wrap": _deep()}, "field 'options'"),
        ("options", {"wrap": 10**5000}, "field 'options'"),
        ("seed", _deep(), "field 'seed'"),
        ("seed", 10**5000, "field 'seed'"),
        ("seed", True, "field 'seed'"),
        ("moves", [_deep()], "move 1 is not move text"),
        ("moves", ["x" * 10_000_000], "move 1 is far too long"),
        ("score", _deep(), "field 'score'"),
        ("layout", _deep(), "field 'layout'"),
        ("stock", {"count": _deep()}, "field 'stock'"),
        ("legal_moves", [_deep()], "field 'legal_moves'"),
        ("deal", "AC " * 1_000_000, "field 'deal'"),
        ("version", True, "version True"),
        ("format", _deep(), "format [[[[...]]]]"),
        ("game", "x" * 10_000, "field 'game'"),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 20 else "value",
)
def test_from_dict_refuses_odd_values_as_a_record_error_quoting_a_little(key, value, problem):
    record = saved()
    record[key] = value
    with pytest.raises(RecordError) as info:
        Game.from_dict(record)
    assert problem in str(info.value)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("move", [None, 7, b"draw", ["draw"], object()])
def test_play_and_is_legal_refuse_what_is_not_a_move(move):
    game = patience_core.new_game("tripeaks", seed=3)
    before = game.snapshot()
    for method in (game.play, game.is_legal, game.why_illegal, game.checked):
        with pytest.raises(InvalidMoveError, match="a move is move text or a Move"):
            method(move)
    assert game.snapshot() == before
    assert game.moves == []
