"""Every parser, fed anything: a clear one-line error or a value, never another exception.

Cards, deals, seeds and ranges, moves, options, player parameters, records (as data, checked
against the record schema, and as files). The ``default`` Hypothesis profile runs each a few
dozen times in CI; ``HYPOTHESIS_PROFILE=thorough`` runs each a thousand times for a release
(docs/limits.md says how).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import patience_core
from patience_core import (
    Card,
    CardError,
    Deal,
    DealError,
    Game,
    InvalidMoveError,
    Move,
    OptionError,
    RecordError,
    parse_seeds,
)
from patience_core.engine.cards import CARD_IDS
from patience_core.engine.deal import MAX_SEED, span

SCHEMA = json.loads(
    (Path(__file__).parents[1] / "docs" / "schemas" / "game-record.schema.json").read_text(encoding="utf-8")
)
MESSAGE_LIMIT = 400
"""No message repeats more than a few dozen characters of what it was given."""

# Text of every kind, weighted towards what looks like the real thing.
CARDISH = st.sampled_from(
    ["A", "2", "10", "T", "J", "Q", "K", "1", "0", "C", "d", "H", "s", "♥", "♠", "+", " "]
)
TEXT = st.one_of(
    st.text(),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=300),
    st.lists(CARDISH, max_size=12).map("".join),
    st.sampled_from(["draw", "redeal", "²", "①", "٣", "\x00", "9" * 5000, "AC+" * 100, "x" * 100_000]),
)
JSON: st.SearchStrategy[Any] = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(min_value=-(10**4000), max_value=10**4000),
        st.floats(),
        TEXT,
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)


def clear(error: BaseException) -> None:
    """A message a person can read: one line, a few hundred characters at most."""
    message = str(error)
    assert message
    assert "\n" not in message
    assert len(message) < MESSAGE_LIMIT, message[:200]


@given(TEXT)
def test_card_text(text):
    try:
        card = Card.parse(text)
    except CardError as err:
        clear(err)
    else:
        assert Card.parse(str(card)) == card


@given(
    st.one_of(
        TEXT, st.lists(st.sampled_from([str(c) for c in patience_core.CARDS]), max_size=60).map(" ".join)
    )
)
def test_deal_text(text):
    try:
        deal = Deal.parse(text)
    except DealError as err:
        clear(err)
    else:
        assert Deal.parse(str(deal)) == deal


@given(st.lists(st.one_of(st.integers(-100, 100), TEXT, JSON), max_size=70))
def test_deal_from_anything(cards):
    try:
        Deal.from_cards(cards)
    except DealError as err:
        clear(err)


@given(st.one_of(st.integers(), st.integers(min_value=MAX_SEED - 5, max_value=2**70), JSON))
def test_seeds(seed):
    try:
        deal = Deal.from_seed(seed)
    except DealError as err:
        clear(err)
    else:
        assert deal.seed == seed


@given(
    st.one_of(
        TEXT,
        st.tuples(st.integers(-5, 2**65), st.integers(-5, 2**65)).map(lambda p: f"{p[0]}..{p[1]}"),
        st.builds(
            lambda a, b, c: f"{a}{b}{c}", st.integers(0, 99), st.sampled_from([".", "...", " .. ", "-"]), TEXT
        ),
    )
)
def test_seed_ranges(text):
    try:
        seeds = parse_seeds(text)
    except DealError as err:
        clear(err)
    else:
        assert 0 <= seeds.start <= seeds.stop - 1 <= MAX_SEED
        assert span(seeds) == seeds.stop - seeds.start  # len() of the largest would overflow


@given(TEXT)
def test_move_text(text):
    try:
        move = Move.parse(text)
    except InvalidMoveError as err:
        clear(err)
    else:
        assert Move.parse(str(move)) == move


@given(st.lists(st.one_of(st.integers(-60, 60), st.integers(), JSON), max_size=6))
def test_moves_of_cards(cards):
    try:
        move = Move.of_cards(*cards)
    except InvalidMoveError as err:
        clear(err)
    else:
        assert all(0 <= i < CARD_IDS for i in move.ids)  # a copy of a card in a game of several decks


def _all_options():
    return [(spec, option) for spec in patience_core.games() for option in spec.options]


@given(st.data(), TEXT)
def test_option_text(data, text):
    _, option = data.draw(st.sampled_from(_all_options()))
    try:
        value = option.parse(text)
    except OptionError as err:
        clear(err)
    else:
        assert option.check(value) == value


@given(
    st.data(), st.dictionaries(st.one_of(st.sampled_from(["wrap", "passes", "win", "scoring"]), TEXT), JSON)
)
def test_option_values(data, given_options):
    spec = data.draw(st.sampled_from(patience_core.games()))
    try:
        spec.resolve(given_options)
    except OptionError as err:
        clear(err)


@given(st.lists(TEXT, max_size=4))
def test_option_pairs_of_the_command_line(pairs):
    from patience_core.cli.common import parse_option_pairs

    spec, _ = patience_core.find_game("pyramid")
    try:
        parse_option_pairs(spec, pairs)
    except OptionError as err:
        clear(err)


@given(
    st.sampled_from(["hint", "solver", "random", "greedy"]),
    st.dictionaries(
        st.sampled_from(["samples", "solved", "node_limit", "node_budget", "time_limit", "depth"]),
        JSON,
        max_size=3,
    ),
)
def test_player_parameters(player, params):
    from patience_core.players import PlayerError, get_player

    try:
        get_player(player, **params)
    except PlayerError as err:
        clear(err)


def _records() -> list[dict[str, Any]]:
    from patience_core.userdata.records import record_of

    out = []
    for game_id, seed in (("tripeaks", 3), ("par-pyramid", 4), ("golf", 5)):
        game = patience_core.new_game(game_id, seed=seed)
        for _ in range(6):
            game.play(game.legal_moves()[0])
        out.append(record_of(game))
    return out


RECORDS = _records()


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from(RECORDS), st.sampled_from(sorted(SCHEMA["properties"])), JSON)
def test_records_as_data_follow_the_schema(record, field, value):
    """A record the schema refuses (one field changed) is refused; none raises anything else."""
    import jsonschema

    record = copy.deepcopy(record)
    record[field] = value
    valid = jsonschema.Draft202012Validator(SCHEMA).is_valid(record)
    try:
        Game.from_dict(record)
    except RecordError as err:
        clear(err)
    else:
        assert valid, f"loaded a record the schema refuses: {field} = {value!r:.80}"


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(
    st.one_of(
        st.binary(max_size=2000),
        st.sampled_from(RECORDS).map(lambda r: json.dumps(r).encode()),
        st.tuples(st.sampled_from(RECORDS), st.integers(0, 4000)).map(
            lambda p: json.dumps(p[0]).encode()[: p[1]]
        ),
        st.builds(lambda v: json.dumps(v).encode(), JSON),
    )
)
def test_records_as_files(tmp_path, raw):
    from patience_core.cli.common import CliError
    from patience_core.userdata.records import load_game

    path = tmp_path / "record.json"
    path.write_bytes(raw)
    try:
        load_game(path)
    except CliError as err:
        clear(err)
    assert path.read_bytes() == raw
    assert sorted(p.name for p in tmp_path.iterdir()) == ["record.json"]
