"""A real server on 127.0.0.1 under load: many clients at once, every move checked, and two
clients on one game that cannot corrupt it. Bounded: 20 clients x 50 moves, a minute at most."""

from __future__ import annotations

import asyncio

import httpx

import patience_core
from patience_core.web import serving

CLIENTS = 20
MOVES = 50


async def one_client(http: httpx.AsyncClient, n: int) -> int:
    """Play MOVES moves (dealing again when a game ends), checking each answer against the
    same moves played here on a game of our own."""
    played = 0
    seed = 1000 + n
    while played < MOVES:
        answer = await http.post("/api/games", json={"game": "tripeaks", "seed": seed})
        assert answer.status_code == 201, answer.text
        state = answer.json()
        mine = patience_core.new_game("tripeaks", seed=seed, observed=False)
        while played < MOVES and mine.status() == "playing":
            move = mine.legal_moves()[played % len(mine.legal_moves())]
            answer = await http.post(
                f"/api/games/{state['id']}/moves", json={"move": str(move), "version": state["version"]}
            )
            assert answer.status_code == 200, answer.text
            mine.play(move)
            state = answer.json()
            assert state["view"] == mine.to_dict("player")
            played += 1
        seed += 100
    return played


async def load(url: str) -> list[int]:
    # The client lets an idle connection go before the server's keep-alive (5 s) closes it:
    # otherwise, on a loaded machine, a request can be sent on a connection the server is
    # closing at that moment (a ReadError, no fault of the server's).
    limits = httpx.Limits(max_connections=CLIENTS, keepalive_expiry=serving.KEEP_ALIVE_SECONDS / 2)
    async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits) as http:
        return await asyncio.wait_for(asyncio.gather(*(one_client(http, n) for n in range(CLIENTS))), 60)


def test_twenty_clients_fifty_moves_each_every_move_checked(live):
    assert asyncio.run(load(live.url)) == [MOVES] * CLIENTS


async def race(url: str) -> tuple[list[httpx.Response], str]:
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        state = (await http.post("/api/games", json={"game": "tripeaks", "seed": 2})).json()
        gid = state["id"]
        answers: list[httpx.Response] = []
        for _ in range(8):  # both clients send a draw seen at the same version, eight times
            version = (await http.get(f"/api/games/{gid}")).json()["version"]
            body = {"move": "draw", "version": version}
            answers += await asyncio.gather(
                *(http.post(f"/api/games/{gid}/moves", json=body) for _ in range(2))
            )
        return answers, gid


def test_two_clients_on_one_game_one_wins_each_race_and_the_other_is_told(live):
    answers, gid = asyncio.run(race(live.url))
    codes = [a.status_code for a in answers]
    assert codes.count(200) == 8
    assert codes.count(409) == 8
    for answer in answers:
        if answer.status_code == 409:
            assert answer.json()["error"].startswith("stale: the game changed since version")
    # The game is the eight draws, in memory and in the file alike.
    assert live.games._find(gid).game.moves == [patience_core.Move.parse("draw")] * 8
    record = live.games.db.load(gid)
    assert record is not None
    assert record.record["moves"] == ["draw"] * 8
    assert record.version == 9


async def pile_on(url: str) -> tuple[list[httpx.Response], str]:
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        gid = (await http.post("/api/games", json={"game": "tripeaks", "seed": 2})).json()["id"]
        answers = await asyncio.gather(
            *(http.post(f"/api/games/{gid}/moves", json={"move": "draw"}) for _ in range(30))
        )
        return list(answers), gid


def test_moves_without_versions_are_serialized(live):
    answers, _gid = asyncio.run(pile_on(live.url))
    ok = [a.json() for a in answers if a.status_code == 200]
    assert len(ok) == 23  # the stock's 23 cards; the rest are refused: the stock is empty
    assert sorted(len(a["view"]["moves"]) for a in ok) == list(range(1, 24))
    assert sorted(a["version"] for a in ok) == list(range(2, 25))
    for answer in answers:
        if answer.status_code != 200:
            assert answer.status_code == 422
            assert "draw" in answer.json()["error"]
