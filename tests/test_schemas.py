"""The JSON Schemas of docs/schemas describe what the engine and the command really write.

Real views and records of every installed game and preset, through random play with undo,
validate; a player view never validates as a record nor a record as a player view; and a view
changed to leak what it must hide (the deal, the seed, the stock, a face-down card) is refused.
"""

from __future__ import annotations

import copy
import json
import random
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import patience_core
from patience_core.userdata.records import record_of

SCHEMAS = Path(__file__).parents[1] / "docs" / "schemas"
PLAYER = json.loads((SCHEMAS / "player-view.schema.json").read_text(encoding="utf-8"))
RECORD = json.loads((SCHEMAS / "game-record.schema.json").read_text(encoding="utf-8"))


VALIDATORS = {
    id(schema): Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    for schema in (PLAYER, RECORD)
}


def errors(schema: dict[str, Any], data: Any) -> list[str]:
    return [e.message for e in VALIDATORS[id(schema)].iter_errors(data)]


def valid(schema: dict[str, Any], data: Any) -> bool:
    return VALIDATORS[id(schema)].is_valid(data)


def game_ids() -> list[str]:
    return sorted(i for spec in patience_core.games() for i in (spec.id, *(p.id for p in spec.presets)))


def test_the_schemas_are_draft_2020_12_schemas():
    for schema in (PLAYER, RECORD):
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_every_installed_game_is_checked_golf_among_them():
    assert {"golf", "tripeaks", "pyramid", "par-pyramid"} <= set(game_ids())


@pytest.mark.parametrize("game_id", game_ids())
def test_views_and_records_of_random_play_validate(game_id, long_profile):
    rng = random.Random(game_id)
    every = 3 if long_profile else 10
    for seed in rng.sample(range(10_000), 2):
        game = patience_core.new_game(game_id, seed=seed)
        steps = 0
        while True:
            # Every few moves (and at the end): a validation costs far more than a move.
            if steps % every == 0 or game.is_over() or steps >= 200:
                player, full = game.to_dict("player"), game.to_dict("full")
                assert errors(PLAYER, player) == []
                assert errors(RECORD, full) == []
                # Neither passes for the other.
                assert not valid(RECORD, player)
                assert not valid(PLAYER, full)
            if game.is_over() or steps >= 200:  # a game of piles may go round for ever
                break
            game.play(rng.choice(game.legal_moves()))
            steps += 1
            if rng.random() < 0.1:
                game.undo()
        assert steps > 1
        assert errors(RECORD, json.loads(json.dumps(record_of(game)))) == []


def test_a_deal_given_as_text_and_a_finished_game_validate():
    game = patience_core.new_game("golf", deal=str(patience_core.Deal.from_seed(13)))
    while not game.is_over():
        game.play(game.legal_moves()[0])
    full = game.to_dict("full")
    assert full["seed"] is None
    assert full["status"] in ("won", "lost")
    assert errors(RECORD, full) == []
    assert errors(PLAYER, game.to_dict("player")) == []


def test_a_saved_record_says_when_and_by_what():
    record = record_of(patience_core.new_game("golf", seed=2))
    assert errors(RECORD, record) == []
    assert datetime.fromisoformat(record["saved_at"]).tzinfo is not None
    assert errors(RECORD, {**record, "program": 3})


def leaks(game_id: str = "tripeaks", seed: int = 2) -> dict[str, dict[str, Any]]:
    """Player views of a game in play, each changed to give away one thing it must hide."""
    game = patience_core.new_game(game_id, seed=seed)
    game.play("draw")
    view, full = game.to_dict("player"), game.to_dict("full")
    out = {
        "the deal": {**view, "deal": full["deal"]},
        "the seed": {**view, "seed": seed},
        "the stock's cards": copy.deepcopy(view),
        "a face-down card": copy.deepcopy(view),
        "a key the schema does not know": {**view, "hidden": full["stock"]["cards"]},
    }
    out["the stock's cards"]["stock"]["cards"] = full["stock"]["cards"]
    down = next(n for n, e in enumerate(view["layout"]) if e["present"] and not e["face_up"])
    out["a face-down card"]["layout"][down]["card"] = full["layout"][down]["card"]
    return out


@pytest.mark.parametrize("what", list(leaks()))
def test_a_player_view_that_gives_away_what_it_hides_is_refused(what):
    view = leaks()[what]
    assert errors(PLAYER, view), f"a player view with {what} validated"


def test_the_leaks_are_made_from_a_view_that_validates():
    game = patience_core.new_game("tripeaks", seed=2)
    game.play("draw")
    assert errors(PLAYER, game.to_dict("player")) == []


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.update(version=3), "version"),
        (lambda d: d.update(status="paused"), "status"),
        (lambda d: d["waste"].append("10H"), "card text"),
        (lambda d: d["legal_moves"].append("Draw"), "move text"),
        (lambda d: d.update(deal=d["deal"] + " 1X"), "a deal with a word that is no card"),
        (lambda d: d["options"].update({"Wrap": True}), "option name"),
    ],
)
def test_a_record_with_a_bad_field_is_refused(change, where):
    record = patience_core.new_game("golf", seed=2).to_dict("full")
    change(record)
    assert errors(RECORD, record), where


def test_the_command_line_json_is_a_player_view(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from patience_core.cli import app

    monkeypatch.setenv("PATIENCE_HOME", str(tmp_path))
    result = CliRunner().invoke(app, ["play", "golf", "--seed", "13", "--moves", "4S 3C", "--json"])
    assert result.exit_code == 0, result.output
    assert errors(PLAYER, json.loads(result.stdout)) == []
