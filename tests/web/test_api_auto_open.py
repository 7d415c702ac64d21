"""Auto-play as a game opens: ``POST /api/games/{id}/auto-play`` plays what auto-play plays
now (the aces of a new Klondike or FreeCell deal go home), only when the client asks; the moves
it plays at the deal are no move of the player's, so a game left after them is not a loss."""

from __future__ import annotations

import patience_core
from patience_core.inplay import InPlay


def make(client, game, seed):
    response = client.post("/api/games", json={"game": game, "seed": seed})
    assert response.status_code == 201, response.text
    return response.json()


def foundation_cards(view):
    return [card for pile in view["piles"] if pile["kind"] == "foundation" for card in pile["cards"]]


def test_a_new_klondike_and_freecell_deal_send_their_aces_home_when_the_client_asks(client):
    for game, seed, expected in (("klondike", 3, ["t1-f2", "t6-f1"]), ("freecell", 8, ["t5-f1", "t8-f2"])):
        state = make(client, game, seed)
        assert state["view"]["moves"] == []  # the API plays nothing by itself
        assert foundation_cards(state["view"]) == []
        opened = client.post(f"/api/games/{state['id']}/auto-play", json={"version": 1})
        assert opened.status_code == 200, opened.text
        answer = opened.json()
        assert answer["auto_played"] == expected
        assert answer["version"] == 2
        assert answer["view"]["moves"] == expected
        assert sorted(c[0] for c in foundation_cards(answer["view"])) == ["A", "A"]
        reference = patience_core.new_game(game, seed=seed)
        reference.play_auto()
        assert answer["view"] == reference.to_dict("player")
        # Ordinary moves: undo takes them back.
        undone = client.post(f"/api/games/{state['id']}/undo", json={"version": 2}).json()
        assert undone["undone"] == expected[-1]


def test_auto_play_with_nothing_to_play_plays_nothing_and_a_move_without_auto_plays_no_more(client):
    state = make(client, "klondike", 1)  # deal 1: no ace in sight, more than one move
    answer = client.post(f"/api/games/{state['id']}/auto-play", json={}).json()
    assert answer["auto_played"] == []
    assert answer["view"]["moves"] == []
    state = make(client, "freecell", 8)
    legal = [m for m in state["view"]["legal_moves"] if not m.endswith(("f1", "f2", "f3", "f4"))]
    moved = client.post(f"/api/games/{state['id']}/moves", json={"move": legal[0]}).json()
    assert moved["auto_played"] == []
    assert moved["view"]["moves"] == [legal[0]]


def test_auto_play_refuses_a_stale_version_an_ended_game_and_a_body_it_does_not_know(client):
    state = make(client, "klondike", 3)
    gid = state["id"]
    assert client.post(f"/api/games/{gid}/auto-play", json={"version": 7}).status_code == 409
    assert client.post(f"/api/games/{gid}/auto-play", json={"auto": True}).status_code == 400
    client.post(f"/api/games/{gid}/abandon", json={})
    refused = client.post(f"/api/games/{gid}/auto-play", json={})
    assert refused.status_code == 422
    assert "abandoned" in refused.json()["error"]
    assert client.get(f"/api/games/{gid}").json()["view"]["moves"] == []


def test_a_game_left_after_only_the_opening_auto_play_is_not_a_loss(client):
    state = make(client, "klondike", 3)
    assert state["abandon_counts"] is False
    opened = client.post(f"/api/games/{state['id']}/auto-play", json={}).json()
    assert opened["abandon_counts"] is False  # auto-play's aces decide nothing
    left = client.post(f"/api/games/{state['id']}/abandon", json={}).json()
    assert left["abandoned_as"] is None
    assert client.get("/api/stats").json() == []
    # One move of the player's after them, and leaving it is a loss.
    state = make(client, "klondike", 3)
    opened = client.post(f"/api/games/{state['id']}/auto-play", json={}).json()
    moved = client.post(f"/api/games/{state['id']}/moves", json={"move": "draw"}).json()
    assert moved["abandon_counts"] is True
    left = client.post(f"/api/games/{state['id']}/abandon", json={}).json()
    assert left["abandoned_as"] == "lost"
    [summary] = client.get("/api/stats").json()
    assert summary["played"] == 1
    assert summary["won"] == 0


def test_the_player_moved_only_beyond_the_moves_auto_play_plays_at_the_deal():
    game = patience_core.new_game("klondike", seed=3)
    inplay = InPlay(game)
    assert inplay.opening() == game.copy().play_auto()
    assert not inplay.player_moved()
    inplay.auto_play()
    assert not inplay.player_moved()
    game.undo()  # part of the opening: still nothing of the player's
    assert not inplay.player_moved()
    game.undo()
    inplay.play(["draw"])  # the same number of moves, not the opening's
    assert inplay.player_moved()
    # The ace played by hand, as auto-play would have: it decides nothing either.
    game = patience_core.new_game("klondike", seed=3)
    inplay = InPlay(game)
    inplay.play(["t1-f2"])
    assert not inplay.player_moved()


def test_the_opening_auto_play_plays_safe_moves_only_and_leaves_a_draw_to_the_player(client):
    game = patience_core.new_game("pyramid", seed=3)
    assert [str(m) for m in game.auto_moves()] == ["draw"]  # the only move: auto-play draws it
    state = make(client, "pyramid", 3)
    answer = client.post(f"/api/games/{state['id']}/auto-play", json={}).json()
    assert answer["auto_played"] == []  # the deal is shown as dealt
    assert answer["view"]["moves"] == []
    assert InPlay(game).opening() == []
    # After a move of the player's, auto-play plays as ever.
    moved = client.post(f"/api/games/{state['id']}/moves", json={"move": "draw", "auto": True}).json()
    game.play("draw")
    assert moved["auto_played"] == [str(m) for m in game.play_auto()]
