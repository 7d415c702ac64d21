"""Helpers for the web tests: a live server in a thread, and what a response may not hold."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from typing import Any

import uvicorn

from patience_core import Game
from patience_core.web import serving

CARD = re.compile(r"(?<![A-Za-z0-9_-])[A2-9TJQK][CDHS](?![A-Za-z0-9_-])")


class LiveServer:
    """uvicorn serving ``app`` in a thread on 127.0.0.1 and a port the system picks."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        config = serving.config(app, "127.0.0.1", self.port)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)
        self.sock.close()

    @property
    def games(self) -> Any:
        return self.app.state.games


def hidden_cards(game: Game) -> set[str]:
    """The cards a player cannot see now: face-down layout cards, face-down cards of piles and
    the stock. With several decks, a card whose other copy is in sight is not counted: its
    name alone cannot say which copy a response means."""
    full = game.to_dict("full")
    down = {p["card"] for p in full["layout"] if p["present"] and not p["face_up"]}
    down |= set(full["stock"]["cards"])
    seen = {p["card"] for p in full["layout"] if p["present"] and p["face_up"]}
    seen |= {*full["waste"], *full["removed"]} | ({full["drawn"]} if full["drawn"] else set())
    for pile in full["piles"]:
        down |= {c for c in pile["cards"][: pile["down"]] if c}
        seen |= {c for c in pile["cards"][pile["down"] :] if c}
    return down - seen if len(game.rules.deck) > 52 or game.rules.deck.cards[-1] >= 52 else down


def cards_in(text: str) -> set[str]:
    """Every card named in ``text`` (as move text names them: 4H, QH+AS)."""
    return set(CARD.findall(text))


def leaks(body: str, headers: dict[str, str], game: Game, *, allowed: set[str] = frozenset()) -> set[str]:  # type: ignore[assignment]
    """The hidden cards of ``game`` that a response names (besides ``allowed``, the client's own words)."""
    said = cards_in(body) | cards_in(json.dumps(headers))
    return (said & hidden_cards(game)) - allowed
