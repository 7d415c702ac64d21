"""The conformance kit: what a plugin author runs to know a game is sound.

In a test file of the plugin::

    from patience_core.testing import conformance_tests

    TestGolf = conformance_tests("golf")

collects a stateful hypothesis test that plays random legal moves and undoes at random,
checking after every step that

- all 52 cards are somewhere exactly once;
- the player view shows no face-down card and nothing of the stock;
- undo restores the exact state;
- move text and full state dicts round-trip;
- every legal move applies, and an illegal one is refused without change;

and property tests that a seed always gives the same deal and that every game ends. The
strategies (:func:`seeds`, :func:`option_sets`, :func:`games`) are there to write more.

Needs the ``test`` extra (hypothesis, pytest).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import patience_core
from patience_core.cards import CARD_TEXT, CARDS, parse_card_index
from patience_core.deal import MAX_SEED, Deal
from patience_core.errors import IllegalMoveError
from patience_core.game import Game
from patience_core.layout import Layout, bits
from patience_core.moves import CARD_MOVES, Move
from patience_core.spec import GameSpec, Option, OptionValue

MAX_MOVES = 5_000
"""Every game must end within this many moves of random play."""


# --- strategies ------------------------------------------------------------------------------


def seeds() -> st.SearchStrategy[int]:
    """Deal seeds, small ones more often (they are the ones people type)."""
    return st.one_of(st.integers(0, 10_000), st.integers(0, MAX_SEED))


def deals() -> st.SearchStrategy[Deal]:
    """Deals from seeds and from arbitrary permutations."""
    return st.one_of(
        seeds().map(Deal.from_seed),
        st.permutations(range(52)).map(lambda p: Deal(tuple(p))),
    )


def option_values(option: Option) -> st.SearchStrategy[OptionValue]:
    if isinstance(option.default, bool):
        return st.booleans()
    if isinstance(option.default, int):
        low = option.minimum if option.minimum is not None else option.default - 3
        high = option.maximum if option.maximum is not None else max(low, option.default) + 3
        return st.integers(low, high)
    if option.choices:
        return st.sampled_from(option.choices)
    return st.just(option.default)


def option_sets(
    spec: GameSpec, fixed: Mapping[str, OptionValue] | None = None
) -> st.SearchStrategy[dict[str, OptionValue]]:
    """Every combination of a game's options (``fixed`` ones held)."""
    fixed = dict(fixed or {})
    parts = {o.name: st.just(fixed[o.name]) if o.name in fixed else option_values(o) for o in spec.options}
    return st.fixed_dictionaries(parts)


def games(game_id: str, **fixed: OptionValue) -> st.SearchStrategy[Game]:
    """New games of ``game_id`` over seeds and option combinations."""
    spec, preset = patience_core.find_game(game_id)
    held = {**(preset.options if preset else {}), **fixed}
    return st.builds(
        lambda opts, seed: patience_core.new_game(game_id, seed=seed, **opts),
        option_sets(spec, held),
        seeds(),
    )


def deal_with(
    layout: Layout, cards: Mapping[int | str, str] | None = None, stock: Sequence[str] = ()
) -> Deal:
    """A deal built for a test: ``cards`` at layout positions (index or id), the stock
    beginning with ``stock`` (first to be turned first); every other place gets the unused
    cards in deck order (clubs A-K, diamonds, hearts, spades).

    >>> from patience_core import Layout
    >>> deal = deal_with(Layout.pyramid(7), {"r7c1": "QH", 0: "KC"}, stock=["AS"])
    >>> str(deal).split()[0], str(deal).split()[21], str(deal).split()[28]
    ('KC', 'QH', 'AS')
    """
    n = len(layout)
    slots: list[int | None] = [None] * 52
    for where, text in (cards or {}).items():
        pos = layout.index[where] if isinstance(where, str) else where
        if not 0 <= pos < n:
            raise ValueError(f"layout position {where!r} is not in the layout")
        slots[pos] = parse_card_index(text)
    for i, text in enumerate(stock):
        slots[n + i] = parse_card_index(text)
    used = [c for c in slots if c is not None]
    if len(set(used)) != len(used):
        raise ValueError("deal_with: a card is placed twice")
    rest = iter(c for c in range(52) if c not in set(used))
    return Deal.from_cards([CARDS[c if c is not None else next(rest)] for c in slots])


# --- checks ----------------------------------------------------------------------------------


def check_cards(game: Game) -> None:
    """Every card lies somewhere exactly once."""
    counts = game.table.count_cards()
    wrong = {CARD_TEXT[c]: n for c, n in counts.items() if n != 1}
    assert not wrong, f"cards not exactly once (card: times): {wrong}"


def hidden_cards(game: Game) -> set[str]:
    """Cards the player must not see: face-down layout cards and the stock."""
    t = game.table
    down = t.present & ~t.face_up_mask()
    hidden = {CARD_TEXT[t.cards[p]] for p in bits(down)}
    hidden |= {CARD_TEXT[c] for c in t.stock[t.stock_pos :]}
    return hidden


def check_player_view(game: Game) -> None:
    """The player view holds no hidden card, no deal, no seed, no stock order."""
    view = game.to_dict("player")
    assert "deal" not in view, "the player view gives the deal away"
    assert "seed" not in view, "the player view gives the seed away"
    assert "cards" not in view["stock"], "the player view shows the stock"
    text = json.dumps(view)
    assert json.loads(text) == view, "the player view is not plain JSON"
    tokens = set(text.replace('"', " ").replace(",", " ").replace("]", " ").replace("[", " ").split())
    leaked = hidden_cards(game) & tokens
    assert not leaked, f"the player view shows hidden cards: {sorted(leaked)}"
    for pos, entry in enumerate(view["layout"]):
        if entry["present"] and not entry["face_up"]:
            assert entry["card"] is None, f"face-down position {pos} shows its card"


def check_round_trips(game: Game) -> None:
    """Move text and the full state dict read back to the same things."""
    for move in game.legal_moves():
        assert Move.parse(str(move)) == move, f"move text {move} does not read back"
    full = game.to_dict("full")
    again = Game.from_dict(json.loads(json.dumps(full)))
    assert again.snapshot() == game.snapshot(), "from_dict(to_dict('full')) is another position"
    assert again.to_dict("full") == full


def check_illegal_refused(game: Game, rng: random.Random) -> None:
    """Every legal move is called legal, and moves not in the list are refused without change."""
    legal = game.legal_moves()
    for move in legal:
        assert game.why_illegal(move) is None, (
            f"{move} is listed as legal but refused: {game.why_illegal(move)}"
        )
    before = game.snapshot(), game.to_dict("full")
    candidates = [
        *rng.sample(CARD_MOVES, 6),
        Move.of_word("draw"),
        Move.of_word("redeal"),
        Move.of_word("pass"),
    ]
    seen = [c for c in range(52) if CARD_TEXT[c] not in hidden_cards(game)]
    candidates += [Move.of_cards(*rng.sample(range(52), 2)) for _ in range(4)]
    candidates += [Move.of_cards(*rng.sample(seen, 2)) for _ in range(6)]  # pairs a player might try
    for move in candidates:
        if move in legal:
            continue
        reason = game.why_illegal(move)
        assert reason, f"{move} is not in legal_moves() but the rules give no reason to refuse it"
        try:
            game.play(move)
        except IllegalMoveError as err:
            message = str(err)
        else:
            raise AssertionError(f"{move} is not in legal_moves() but was played")
        assert reason in message, "an illegal move must say why"
        assert (game.snapshot(), game.to_dict("full")) == before, f"refusing {move} changed the game"


def check_all(game: Game, rng: random.Random | None = None) -> None:
    """Every per-position check of the kit."""
    check_cards(game)
    check_player_view(game)
    check_round_trips(game)
    check_illegal_refused(game, rng or random.Random(0))


def play_out(game: Game, rng: random.Random, max_moves: int = MAX_MOVES) -> int:
    """Play random legal moves to the end; return how many were played. Fails on endless games."""
    n = 0
    while not game.is_over():
        legal = game.legal_moves()
        assert legal, "the game is not over but has no legal move"
        game.play(rng.choice(legal))
        n += 1
        assert n <= max_moves, f"no end after {max_moves} random moves"
    return n


# --- the stateful machine and the collected tests --------------------------------------------------


def machine_for(game_id: str, **fixed: OptionValue) -> type[RuleBasedStateMachine]:
    """A rule-based state machine that plays ``game_id`` and checks every invariant."""

    class GameMachine(RuleBasedStateMachine):
        game: Game
        history: list[tuple[Any, dict[str, Any]]]

        @initialize(game=games(game_id, **fixed), salt=st.integers(0, 2**32))
        def start(self, game: Game, salt: int) -> None:
            self.game = game
            self.rng = random.Random(salt)
            self.history = []

        @precondition(lambda self: not self.game.is_over())
        @rule(data=st.data())
        def play_legal(self, data: st.DataObject) -> None:
            legal = self.game.legal_moves()
            move = data.draw(st.sampled_from(legal))
            self.history.append((self.game.snapshot(), self.game.to_dict("full")))
            self.game.play(move)
            assert self.game.moves[-1] == move

        @precondition(lambda self: bool(self.history))
        @rule()
        def undo(self) -> None:
            snap, full = self.history.pop()
            self.game.undo()
            assert self.game.snapshot() == snap, "undo did not restore the exact state"
            assert self.game.to_dict("full") == full

        @rule()
        def refuse_illegal(self) -> None:
            check_illegal_refused(self.game, self.rng)

        @invariant()
        def cards_exactly_once(self) -> None:
            check_cards(self.game)

        @invariant()
        def player_view_hides(self) -> None:
            check_player_view(self.game)

        @invariant()
        def round_trips(self) -> None:
            check_round_trips(self.game)

    GameMachine.__name__ = f"{game_id.title().replace('-', '')}Machine"
    return GameMachine


def conformance_tests(game_id: str, *, max_examples: int | None = None, **fixed: OptionValue) -> type:
    """A pytest test class that runs the whole kit on ``game_id``.

    ``max_examples`` bounds hypothesis (default: the active settings profile).
    """
    machine = machine_for(game_id, **fixed)
    limit = {} if max_examples is None else {"max_examples": max_examples}
    quiet = [HealthCheck.too_slow, HealthCheck.data_too_large]

    class ConformanceTests:
        def test_random_play_keeps_every_invariant(self) -> None:
            run = machine.TestCase("runTest")
            run.settings = settings(
                run.settings, suppress_health_check=quiet, stateful_step_count=40, **limit
            )
            run.runTest()

        @settings(suppress_health_check=quiet, **limit)
        @given(seed=seeds())
        def test_a_seed_always_gives_the_same_deal(self, seed: int) -> None:
            a = patience_core.new_game(game_id, seed=seed, **fixed)
            b = patience_core.new_game(game_id, seed=seed, **fixed)
            assert a.deal_text() == b.deal_text() == str(Deal.from_seed(seed))
            assert a.snapshot() == b.snapshot()

        @settings(suppress_health_check=quiet, **limit)
        @given(game=games(game_id, **fixed), salt=st.integers(0, 2**32))
        def test_every_game_ends(self, game: Game, salt: int) -> None:
            rng = random.Random(salt)
            play_out(game, rng)
            assert game.is_over()
            assert game.status() in ("won", "lost")
            assert not game.legal_moves() or game.is_won()
            check_all(game, rng)

    ConformanceTests.__name__ = f"Test{game_id.title().replace('-', '')}Conformance"
    return ConformanceTests
