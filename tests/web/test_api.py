"""The JSON API: games with options and presets, making and playing a game, the errors the
command line gives, stale clients, the record, resuming, the statistics and the OpenAPI document."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from typer.testing import CliRunner

import patience_core
from patience_core.cli import app as cli_app
from patience_core.userdata.stats import Store
from patience_core.web.app import MAX_BODY, create_app

ROOT = Path(__file__).parents[2]
BASE = "http://127.0.0.1:8000"
JSON = {"content-type": "application/json"}
SCHEMAS = ROOT / "docs" / "schemas"
STATIC = ROOT / "src" / "patience_core" / "web" / "static"


def make(client, game="tripeaks", **body):
    response = client.post("/api/games", json={"game": game, **body})
    assert response.status_code == 201, response.text
    return response.json()


def test_the_games_with_their_options_and_presets(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert set(games) == {spec.id for spec in patience_core.games()}
    pyramid = games["pyramid"]
    spec, _ = patience_core.find_game("pyramid")
    assert [o["name"] for o in pyramid["options"]] == [o.name for o in spec.options]
    assert {"passes", "win", "pair_with_covered", "scoring"} <= {o["name"] for o in pyramid["options"]}
    par = next(p for p in pyramid["presets"] if p["id"] == "par-pyramid")
    assert par["options"] == {"passes": 3, "scoring": "match"}


def test_a_game_is_made_by_seed_with_options_and_an_unguessable_id(client):
    state = make(client, seed=2, options={"wrap": False})
    assert state["view"]["options"]["wrap"] is False
    assert state["view"] == patience_core.new_game("tripeaks", seed=2, wrap=False).to_dict("player")
    assert len(state["id"]) >= 24
    assert state["version"] == 1
    assert make(client, seed=2)["id"] != state["id"]
    assert state["deal_number"] is None  # it would give the deal away while the game is on
    assert "seed" not in json.dumps(state)
    assert "deal" not in state["view"]


def test_a_preset_by_its_id_and_a_seed_as_digits(client):
    state = make(client, "par-pyramid", seed="18446744073709551615")
    assert state["title"] == "Par Pyramid"
    assert state["view"]["preset"] == "par-pyramid"
    assert state["view"] == patience_core.new_game("par-pyramid", seed=2**64 - 1).to_dict("player")


def test_winnable_deals_come_from_the_solver(client):
    # Deal 18 is the first from 1 that the solver proves winnable (docs/embedding.md shows it).
    state = make(client, "pyramid", winnable=True, seed=1)
    assert state["view"] == patience_core.new_game("pyramid", seed=18).to_dict("player")


def test_play_undo_redo_restart(client):
    state = make(client, seed=2)
    gid = state["id"]
    played = client.post(f"/api/games/{gid}/moves", json={"move": "4d", "version": 1}).json()
    assert played["played"] == "4D"
    assert played["auto_played"] == []
    assert played["version"] == 2
    assert played["view"]["moves"] == ["4D"]
    undone = client.post(f"/api/games/{gid}/undo", json={"version": 2}).json()
    assert undone["undone"] == "4D"
    assert undone["redo"] == 1
    assert undone["view"]["moves"] == []
    redone = client.post(f"/api/games/{gid}/redo").json()
    assert redone["redone"] == "4D"
    assert redone["redo"] == 0
    assert redone["view"]["moves"] == ["4D"]
    client.post(f"/api/games/{gid}/moves", json={"move": "5S"})
    restarted = client.post(f"/api/games/{gid}/restart").json()
    assert restarted["view"]["moves"] == []
    assert restarted["redo"] == 2
    again = client.get(f"/api/games/{gid}").json()
    assert again["seconds"] >= restarted["seconds"]  # the clock runs between requests
    assert again == {**restarted, "seconds": again["seconds"]}


def test_auto_play_plays_the_forced_draws_when_asked(client):
    game = patience_core.new_game("pyramid", seed=28)
    while len(game.legal_moves()) > 1:
        game.play(game.legal_moves()[0])
    before = game.copy()
    last = game.moves[-1]
    game.undo()
    state = client.post("/api/records", json=game.to_record()).json()
    answer = client.post(f"/api/games/{state['id']}/moves", json={"move": str(last), "auto": True}).json()
    assert answer["played"] == str(last)
    assert answer["auto_played"] == [str(m) for m in before.auto_moves()]
    assert answer["auto_played"], "this position has moves to auto-play"
    plain = client.post("/api/records", json=game.to_record()).json()
    assert (
        client.post(f"/api/games/{plain['id']}/moves", json={"move": str(last)}).json()["auto_played"] == []
    )


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        (
            b"{",
            400,
            "the body is not JSON: Expecting property name enclosed in double quotes at line 1 column 2",
        ),
        (b"[1]", 400, "the body is a JSON object, not a JSON array"),
        (b"\xff", 400, "the body is not JSON: it is not UTF-8 text"),
        (b'{"move": "4D", "x": 1}', 400, "unknown field 'x' (fields here: move, version, auto, demo)"),
        (b'{"move": 4}', 400, "field 'move' is text, not 4"),
        (b'{"move": "4D", "version": true}', 400, "field 'version' is a whole number, not true"),
        (b"{}", 400, "field 'move' is missing: move text such as 4H, QH+AS or draw"),
        (b'{"move": "9X"}', 400, str(pytest.raises)),
        (b'{"move": "9H"}', 422, "illegal move 9H: 9H is not in sight (face down or in the stock)"),
        (
            b"[" * 100_000 + b"]" * 100_000,
            400,
            "the body is not JSON this server reads: it is nested too deeply",
        ),
    ],
    ids=[
        "broken",
        "array",
        "not-utf8",
        "unknown-field",
        "type",
        "bool",
        "missing",
        "not-a-move",
        "illegal",
        "deep",
    ],
)
def test_bad_requests_get_one_line_and_change_nothing(client, body, status, error):
    state = make(client, seed=2)
    response = client.post(f"/api/games/{state['id']}/moves", content=body, headers=JSON)
    assert response.status_code == status
    if body == b'{"move": "9X"}':
        with pytest.raises(patience_core.InvalidMoveError) as err:
            patience_core.Move.parse("9X")
        error = f"not a move: {err.value}" if not str(err.value).startswith("not a move") else str(err.value)
    assert response.json() == {"error": error}
    assert "\n" not in response.json()["error"]
    assert client.get(f"/api/games/{state['id']}").json()["version"] == 1


def test_a_body_too_large_is_refused(client):
    state = make(client, seed=2)
    big = b'{"move": "' + b"x" * MAX_BODY + b'"}'
    response = client.post(f"/api/games/{state['id']}/moves", content=big, headers=JSON)
    assert response.status_code == 413
    assert response.json() == {"error": f"the request body is larger than {MAX_BODY} bytes"}

    def chunks():  # no content-length: the limit holds as the body streams in
        yield b'{"move": "'
        for _ in range(MAX_BODY // 1000 + 1):
            yield b"x" * 1000
        yield b'"}'

    assert client.post(f"/api/games/{state['id']}/moves", content=chunks(), headers=JSON).status_code == 413


def cli_error(*args):
    result = CliRunner().invoke(cli_app, list(args))
    assert result.exit_code == 1
    return result.output.strip().removeprefix("Error: ")


def test_errors_say_what_the_command_line_says(client):
    for body, args in [
        ({"game": "nosuchgame"}, ["show", "nosuchgame"]),
        ({"game": "tripeaks", "options": {"wrap": "maybe"}}, ["show", "tripeaks", "-o", "wrap=maybe"]),
        ({"game": "tripeaks", "options": {"peaks": 3}}, ["show", "tripeaks", "-o", "peaks=3"]),
        ({"game": "par-pyramid", "options": {"passes": 1}}, ["show", "par-pyramid", "-o", "passes=1"]),
    ]:
        response = client.post("/api/games", json=body)
        assert response.status_code == 400
        assert response.json()["error"] == cli_error(*args)


def test_unknown_games_and_routes_are_404_json(client):
    assert client.get("/api/games/" + "a" * 24).json() == {
        "error": "no game with id 'aaaaaaaaaaaaaaaaaaaaaaaa': it was never made here"
    }
    assert client.get("/api/games/x").status_code == 404
    assert client.get("/api/nothing").json() == {"error": "no such page or API route: /api/nothing"}
    assert client.delete("/api/games").status_code == 405


def test_a_stale_change_is_refused(client):
    state = make(client, seed=2)
    gid = state["id"]
    assert client.post(f"/api/games/{gid}/moves", json={"move": "4D", "version": 1}).status_code == 200
    # Another window still at version 1 takes back "a" move: it is told, and nothing changes.
    stale = client.post(f"/api/games/{gid}/undo", json={"version": 1})
    assert stale.status_code == 409
    assert stale.json()["error"] == (
        "stale: the game changed since version 1 (it is at version 2); load it again and retry"
    )
    assert client.get(f"/api/games/{gid}").json()["view"]["moves"] == ["4D"]


def test_nothing_to_undo_or_redo_and_a_finished_game(client):
    gid = make(client, seed=2)["id"]
    assert client.post(f"/api/games/{gid}/undo").json() == {
        "error": "nothing to undo: no move has been played yet"
    }
    assert client.post(f"/api/games/{gid}/redo").status_code == 422
    assert client.post(f"/api/games/{gid}/restart").json() == {"error": "already at the start of the deal"}


def lost_game_record() -> dict:
    game = patience_core.new_game("tripeaks", seed=2, observed=False)
    while not game.is_over():
        game.play(game.legal_moves()[-1])  # draw first: a quick loss
    assert game.status() == "lost"
    last = game.moves[-1]
    game.undo()
    return {"record": game.to_record(), "last": str(last)}


def test_the_record_only_after_the_end_or_with_the_word(client):
    lost = lost_game_record()
    state = client.post("/api/records", json=lost["record"]).json()
    gid = state["id"]
    refused = client.get(f"/api/games/{gid}/record")
    assert refused.status_code == 403
    assert "reveals_deal=true" in refused.json()["error"]
    revealed = client.get(f"/api/games/{gid}/record?reveals_deal=true").json()
    assert revealed["deal"] == lost["record"]["deal"]
    assert revealed["program"].startswith("patience ")
    end = client.post(f"/api/games/{gid}/moves", json={"move": lost["last"]}).json()
    assert end["view"]["status"] == "lost"
    assert end["deal_number"] == "2"
    record = client.get(f"/api/games/{gid}/record")
    assert record.status_code == 200
    assert record.headers["content-disposition"] == 'attachment; filename="tripeaks-2.json"'
    assert patience_core.load_game(record.json()).status() == "lost"
    assert client.get(f"/api/games/{gid}/record?reveals_deal=maybe").status_code == 400


def test_a_record_resumes_with_its_moves_redo_and_time(client):
    game = patience_core.new_game("pyramid", seed=28, observed=False)
    for move in ("KS", "7S+6H", "draw"):
        game.play(move)
    game.undo()
    record = game.to_record()
    record["seconds"] = 75.0
    state = client.post("/api/records", json=record).json()
    assert state["view"] == game.to_dict("player")
    assert state["redo"] == 1
    assert state["seconds"] == 75.0
    record["moves"] = ["KS", "QC"]
    bad = client.post("/api/records", json=record)
    assert bad.status_code == 400
    assert bad.json()["error"].startswith("saved game: move 2 (QC) cannot be played")
    view = client.post("/api/records", json=game.to_dict("player"))
    assert view.json()["error"] == "a player view hides cards and cannot be loaded; save with view='full'"


def test_a_restarted_server_resumes_every_game(isolated):
    with TestClient(create_app(isolated), base_url=BASE) as first:
        ids = []
        for seed in (2, 3):
            gid = make(first, seed=seed)["id"]
            first.post(f"/api/games/{gid}/moves", json={"move": "draw"})
            first.post(f"/api/games/{gid}/moves", json={"move": "draw"})
            first.post(f"/api/games/{gid}/undo")
            ids.append(gid)
        before = [first.get(f"/api/games/{gid}").json() for gid in ids]
    with TestClient(create_app(isolated), base_url=BASE) as second:
        after = [second.get(f"/api/games/{gid}").json() for gid in ids]
    for old, new in zip(before, after, strict=True):
        assert new["view"] == old["view"]
        assert new["redo"] == 1
        assert new["version"] == old["version"]


def test_a_finished_game_counts_once_in_the_same_statistics(client, isolated):
    lost = lost_game_record()
    gid = client.post("/api/records", json=lost["record"]).json()["id"]
    client.post(f"/api/games/{gid}/moves", json={"move": lost["last"]})
    client.post(f"/api/games/{gid}/undo")
    client.post(f"/api/games/{gid}/moves", json={"move": lost["last"]})
    stats = client.get("/api/stats").json()
    assert [(s["game"], s["played"], s["won"]) for s in stats] == [("tripeaks", 1, 0)]
    assert Store(isolated / "stats.sqlite3").count() == 1  # the file patience stats reads


def test_a_game_the_demo_played_is_not_counted_and_one_that_looked_is_counted_apart(client):
    """As in the terminal: the demo's games are not the player's; still-winnable is help."""
    lost = lost_game_record()
    gid = client.post("/api/records", json=lost["record"]).json()["id"]
    end = client.post(f"/api/games/{gid}/moves", json={"move": lost["last"], "demo": True}).json()
    assert end["counted"] is False
    assert end["view"]["status"] == "lost"
    assert client.get("/api/stats").json() == []
    gid = client.post("/api/records", json=lost["record"]).json()["id"]
    answer = client.post(f"/api/games/{gid}/still-winnable-full-information").json()
    assert answer == {"verdict": "not winnable", "counted": True, "assisted": True, "version": 2}
    end = client.post(f"/api/games/{gid}/moves", json={"move": lost["last"]}).json()
    assert (end["counted"], end["assisted"]) == (True, True)
    [summary] = client.get("/api/stats").json()
    assert (summary["played"], summary["assisted"]) == (1, True)
    assert "still winnable asked" in summary["label"]


def test_a_hint_with_its_reasons(client):
    gid = make(client, seed=2)["id"]
    advice = client.post(f"/api/games/{gid}/hint").json()
    assert advice["move"] in ["4D", "2S", "4H", "draw"]
    assert advice["explanation"].startswith(advice["move"])
    assert "unseen cards" in advice["explanation"]


def test_the_shipped_schemas_are_the_documented_ones():
    for path in SCHEMAS.glob("*.json"):
        assert (STATIC / "schemas" / path.name).read_bytes() == path.read_bytes(), path.name


def openapi_validator(doc: dict, name: str) -> jsonschema.Draft202012Validator:
    # The components as $defs, so that a schema's own "$id" scopes its "#/$defs/..." refs.
    schemas = json.loads(
        json.dumps(doc["components"]["schemas"]).replace("#/components/schemas/", "#/$defs/")
    )
    return jsonschema.Draft202012Validator(
        {"$id": "https://example.org/openapi", "$ref": f"#/$defs/{name}", "$defs": schemas}
    )


def test_the_openapi_document_is_valid_openapi_with_every_reference_resolved(client):
    """The page audit, defect 3: the embedded schemas' "#/$defs/..." references did not resolve
    inside the document (openapi-spec-validator: PointerToNowhere '/$defs/id')."""
    from openapi_spec_validator import validate

    doc = client.get("/openapi.json").json()
    validate(doc)
    assert '"#/$defs/' not in json.dumps(doc)


def test_the_openapi_document_names_every_route_and_the_answers_fit_it(client):
    doc = client.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.1")
    assert doc["info"]["version"] == patience_core.__version__
    routes = {
        (route.path, method.lower())
        for route in client.app.routes
        if route.path.startswith("/api/")
        for method in (route.methods or ())
        if method != "HEAD"
    }
    documented = {
        (path, method) for path, ops in doc["paths"].items() for method in ops if method != "parameters"
    }
    assert routes == documented
    gid = make(client, seed=2)["id"]
    openapi_validator(doc, "GameState").validate(client.get(f"/api/games/{gid}").json())
    moved = client.post(f"/api/games/{gid}/moves", json={"move": "4D"}).json()
    openapi_validator(doc, "MoveResult").validate(moved)
    openapi_validator(doc, "Error").validate(
        client.post(f"/api/games/{gid}/moves", json={"move": "9H"}).json()
    )
    openapi_validator(doc, "GameRecord").validate(
        client.get(f"/api/games/{gid}/record?reveals_deal=true").json()
    )
    for spec in client.get("/api/games").json():
        openapi_validator(doc, "GameSpec").validate(spec)
    with pytest.raises(jsonschema.ValidationError):
        openapi_validator(doc, "PlayerView").validate(
            patience_core.new_game("tripeaks", seed=2).to_dict("full")
        )


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
field_names = st.sampled_from(["game", "seed", "winnable", "options", "move", "version", "auto", "demo", "x"])


@settings(max_examples=60)
@given(
    body=st.one_of(
        st.binary(max_size=40),
        st.dictionaries(field_names, json_values, max_size=4).map(lambda d: json.dumps(d).encode()),
        json_values.map(lambda v: json.dumps(v).encode()),
    ),
    route=st.sampled_from(["/api/games", "/moves", "/undo", "/redo", "/restart", "/api/records"]),
)
def test_any_body_gets_an_answer_in_one_line_and_changes_nothing(fuzz_client, body, route):
    client, gid = fuzz_client
    before = client.get(f"/api/games/{gid}").json()
    path = route if route.startswith("/api/") else f"/api/games/{gid}{route}"
    response = client.post(path, content=body, headers=JSON)
    assert response.status_code in (200, 201, 400, 404, 409, 413, 422), response.text
    if response.status_code >= 400:
        error = response.json()["error"]
        assert error
        assert "\n" not in error
        assert "Traceback" not in error
        assert client.get(f"/api/games/{gid}").json()["version"] == before["version"]
    elif route != "/api/games" and route != "/api/records":
        client.post(f"/api/games/{gid}/restart")  # a legal change: back to the deal for the next body


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("fuzz-home")), base_url=BASE) as client:
        yield client, make(client, seed=2)["id"]


def test_a_games_file_of_the_first_version_is_brought_up_to_date(tmp_path):
    import sqlite3

    from patience_core.web.games import _SCHEMA, SCHEMA_VERSION, Database, Row

    path = tmp_path / "games.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(_SCHEMA + "PRAGMA user_version = 1;")
    conn.execute("INSERT INTO games VALUES ('x' , 1, 1, 0, '{}', 'now', 'now')")
    conn.commit()
    conn.close()
    db = Database(path)
    try:
        assert db.load("x") == Row(1, True, False, False, False, False, {})
    finally:
        db.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    conn.close()
