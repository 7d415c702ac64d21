"""Nothing hidden leaves the server: every installed game played to its end through the API,
and no response (body or headers) names a face-down card or a stock card, nor the deal or its
number while the game is on. The record is the one exception, and only when asked for so."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest
from web_helpers import cards_in, hidden_cards, leaks

import patience_core
from patience_core import CARDS
from patience_core.players import Seen

VIEW_SCHEMA = json.loads(
    (Path(__file__).parents[2] / "docs" / "schemas" / "player-view.schema.json").read_text()
)
# Checked against its meta-schema once here: jsonschema.validate would check it again on every
# call, which took most of this file's time.
jsonschema.validators.validator_for(VIEW_SCHEMA).check_schema(VIEW_SCHEMA)
VIEW = jsonschema.validators.validator_for(VIEW_SCHEMA)(VIEW_SCHEMA)
VALID_VIEWS: set[str] = set()
"""The views already found valid, as text: the answers after a move, a refusal and a fetch
often show the same view, and the same view needs checking once."""


def validate_view(view: dict) -> None:
    text = json.dumps(view, sort_keys=True)
    if text not in VALID_VIEWS:
        VIEW.validate(view)
        VALID_VIEWS.add(text)


def every_game_id() -> list[str]:
    return sorted(
        [spec.id for spec in patience_core.games()]
        + [preset.id for spec in patience_core.games() for preset in spec.presets]
    )


def check(response, game, *, allowed=frozenset(), schema=True):
    """A response that shows nothing hidden of ``game`` (the server's own game at this moment);
    with ``schema``, its view is checked against the view's JSON schema too."""
    assert response.status_code < 500, response.text
    body = response.text
    assert not leaks(body, dict(response.headers), game, allowed=set(allowed)), body
    data = response.json()
    if "view" in data:
        if schema:
            validate_view(data["view"])
        assert data["view"] == game.to_dict("player")
        on = game.status() == "playing"
        assert (data["deal_number"] is None) == (on or game.deal.seed is None)
    assert '"deal":' not in body  # the key; the word move "deal" (a row from the stock) is fine
    assert '"seed"' not in body
    assert '"stock_cards"' not in body


@pytest.mark.parametrize("game_id", every_game_id())
def test_a_whole_game_through_the_api_shows_nothing_hidden(client, game_id, long_profile):
    rng = random.Random(game_id)
    created = client.post("/api/games", json={"game": game_id, "seed": 11})
    gid = created.json()["id"]
    server = client.app.state.games

    def game():
        return server._find(gid).game  # the server's own game: what it may not tell

    check(created, game())
    # A game of piles may never end under random moves: sixty of them show what they show.
    repeats = game().rules.repeats
    turns = 0
    while game().status() == "playing" and not (repeats and turns == 60):
        turns += 1
        assert turns < 400
        # A view checked against its schema costs some 18 ms: every tenth turn's (every turn's in
        # the long profile; tests/test_schemas.py checks the views of random play of every game).
        schema = long_profile or turns % 10 == 1
        # An illegal click on a card the player cannot see: the answer names only that card,
        # and is the answer of every game that looks the same to the player (the unseen cards
        # shuffled), so it tells nothing of where the card lies.
        unseen = sorted(hidden_cards(game()))
        if unseen and turns % 5 == 1:
            seen = Seen(game())
            for card in rng.sample(unseen, min(3, len(unseen))):
                refused = client.post(f"/api/games/{gid}/moves", json={"move": card})
                assert refused.status_code == 422
                check(refused, game(), allowed={card}, schema=schema)
                for _ in range(3):
                    alike = seen.sample(rng)
                    assert refused.json()["error"] == f"illegal move {card}: {alike.why_illegal(card)}"
        # A hint takes about half a second: once a game shows what it shows (every seventh turn
        # in the long profile).
        if (turns % 7 == 3) if long_profile else turns == 3:
            check(client.post(f"/api/games/{gid}/hint"), game(), schema=schema)
        if turns % 9 == 4:
            check(client.post(f"/api/games/{gid}/undo"), game(), schema=schema)
            check(client.post(f"/api/games/{gid}/redo"), game(), schema=schema)
        move = rng.choice(game().legal_moves())
        check(
            client.post(f"/api/games/{gid}/moves", json={"move": str(move), "auto": True}),
            game(),
            schema=schema,
        )
        check(client.get(f"/api/games/{gid}"), game(), schema=schema)
        refused = client.get(f"/api/games/{gid}/record")
        if game().status() == "playing":
            assert refused.status_code == 403
            check(refused, game(), schema=schema)
    if game().status() != "playing":
        record = client.get(f"/api/games/{gid}/record").json()  # over: the record, with everything
        assert record["deal"] == game().deal_text()
    check(client.post(f"/api/games/{gid}/still-winnable-full-information"), game())
    check(client.get("/api/stats"), game())


def test_the_check_is_not_toothless(client):
    gid = client.post("/api/games", json={"game": "tripeaks", "seed": 2}).json()["id"]
    game = client.app.state.games._find(gid).game
    down = next(iter(hidden_cards(game)))
    assert leaks(f'{{"x": "{down}"}}', {}, game) == {down}
    assert cards_in("QH+AS draw 10H") == {"QH", "AS"}
    assert {str(c) for c in CARDS} >= hidden_cards(game)


def test_the_page_holds_no_game(client):
    before = client.get("/").text
    client.post("/api/games", json={"game": "tripeaks", "seed": 2})
    assert client.get("/").text == before
    assert not cards_in(before.replace("suit-", ""))
