"""The fields of a game record, checked one by one before any of them is used.

A record comes from a file or a network and may hold anything JSON can: ``"preset": [1]``, a
number of thousands of digits, lists nested a hundred thousand deep. :func:`check_fields` holds
each field present to what ``docs/schemas/game-record.schema.json`` says it is (and to sizes no
real game comes near; that deal and move text are canonical, as records are written, is checked
as they are read), so that :meth:`Game.from_dict <patience_core.engine.game.Game.from_dict>`
hands its parsers and comparisons only values of the right type and size, and refuses anything
else with a :class:`~patience_core.engine.errors.RecordError` naming the field. Whether the
values make a game (a known game, legal moves, the stated position) is checked after, by
replaying the moves.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Final

from patience_core.engine.cards import CARD_IDS
from patience_core.engine.clock import MAX_SECONDS
from patience_core.engine.deal import MAX_DEAL_TEXT, MAX_SEED
from patience_core.engine.errors import RecordError, quoted
from patience_core.engine.moves import MAX_MOVE_TEXT

MAX_MOVES: Final = 100_000
"""The most moves a record may hold; a game of 52 cards and a few passes plays a few hundred."""
MAX_OPTIONS: Final = 64
MAX_TEXT: Final = 256
"""The longest option value, move or id in a record."""
MAX_NUMBER: Final = 2**63 - 1
"""Numbers in a record (other than the seed) lie within a 64-bit signed integer."""
MAX_PILES: Final = 256
"""The most piles a record's view may list."""

_ID: Final = re.compile(r"[a-z][a-z0-9-]*\Z")
_NAME: Final = re.compile(r"[a-z][a-z0-9_]*\Z")
_UID: Final = re.compile(r"[0-9a-f]{32}\Z")


def _number(value: object, low: int = -MAX_NUMBER, high: int = MAX_NUMBER) -> bool:
    return type(value) is int and low <= value <= high


def _text(value: object, limit: int = MAX_TEXT) -> bool:
    return isinstance(value, str) and len(value) <= limit


def _scalar(value: object) -> bool:
    return value is None or type(value) in (bool, float) or _number(value) or _text(value)


def _texts(value: object, limit: int = MAX_MOVES) -> bool:
    return isinstance(value, list) and len(value) <= limit and all(_text(v) for v in value)


def _layout(value: object) -> bool:
    return (
        isinstance(value, list)
        and len(value) <= CARD_IDS
        and all(
            isinstance(p, dict)
            and len(p) <= 16
            and all(
                _text(k) and (_scalar(v) or (k == "covered_by" and _texts(v, CARD_IDS))) for k, v in p.items()
            )
            for p in value
        )
    )


def _stock(value: object) -> bool:
    return (
        isinstance(value, dict)
        and len(value) <= 8
        and all(_text(k) and (_scalar(v) or _texts(v, CARD_IDS)) for k, v in value.items())
    )


def _cards_or_nulls(value: object) -> bool:
    return isinstance(value, list) and len(value) <= CARD_IDS and all(v is None or _text(v, 3) for v in value)


def _piles(value: object) -> bool:
    return (
        isinstance(value, list)
        and len(value) <= MAX_PILES
        and all(
            isinstance(p, dict)
            and len(p) <= 16
            and all(_text(k) and (_scalar(v) or (k == "cards" and _cards_or_nulls(v))) for k, v in p.items())
            for p in value
        )
    )


_STATE: Final[dict[str, tuple[Callable[[object], bool], str]]] = {
    "status": (lambda v: v in ("playing", "won", "lost"), "'playing', 'won' or 'lost'"),
    "cards_left": (lambda v: _number(v, 0, CARD_IDS), f"a whole number from 0 to {CARD_IDS}"),
    "cards_at_start": (lambda v: _number(v, 0, CARD_IDS), f"a whole number from 0 to {CARD_IDS}"),
    "score": (_number, "a whole number"),
    "layout": (_layout, "a list of at most 52 positions"),
    "stock": (_stock, "an object with the count, the passes and the cards of the stock"),
    "has_drawn_card": (lambda v: type(v) is bool, "true or false"),
    "drawn": (lambda v: v is None or _text(v, 3), "a card or null"),
    "waste": (lambda v: _texts(v, CARD_IDS), "a list of cards"),
    "removed": (lambda v: _texts(v, CARD_IDS), "a list of cards"),
    "legal_moves": (_texts, "a list of moves"),
    "piles": (_piles, f"a list of at most {MAX_PILES} piles"),
}
"""The fields of the position a record states (``Game.from_dict`` compares them with what its
moves give), and what each must be before it is compared."""


def check_fields(data: Mapping[str, Any]) -> None:
    """Refuse a record whose fields are not of the type and size a game record has.

    Raises :class:`RecordError` naming the first field that is not; changes nothing.

    >>> check_fields({"game": "tripeaks", "deal": "", "moves": [], "options": {}, "preset": [1]})
    Traceback (most recent call last):
    ...
    patience_core.engine.errors.RecordError: saved game field 'preset' is not a game id or null: [1]
    """
    for key, kind in (("game", str), ("deal", str), ("moves", list), ("options", dict)):
        if not isinstance(data.get(key), kind):
            raise RecordError(f"saved game field {key!r} is missing or not a {kind.__name__}")
    _check(data, "game", lambda v: _text(v, 64) and bool(_ID.match(v)), "a game id")
    preset = data.get("preset")
    if preset is not None and not (_text(preset, 64) and _ID.match(preset)):
        _refuse("preset", "a game id or null", preset)
    seed = data.get("seed")
    if seed is not None and not _number(seed, 0, MAX_SEED):
        _refuse("seed", f"a deal number from 0 to {MAX_SEED} or null", seed)
    _check(data, "deal", lambda v: _text(v, MAX_DEAL_TEXT), "deal text")
    options = data["options"]
    if len(options) > MAX_OPTIONS:
        _refuse("options", f"at most {MAX_OPTIONS} options", f"{len(options)} of them")
    for name, value in options.items():
        if not (_text(name, 64) and _NAME.match(name)):
            _refuse("options", "option names in lowercase", name)
        if not (type(value) is bool or _number(value) or _text(value)):
            _refuse("options", f"a true, false, whole number or text value for {name!r}", value)
    moves = data["moves"]
    if len(moves) > MAX_MOVES:
        _refuse("moves", f"at most {MAX_MOVES:,} moves", f"{len(moves):,} of them")
    for n, text in enumerate(moves, 1):
        if not isinstance(text, str):
            raise RecordError(f"saved game: move {n} is not move text: {quoted(text)}")
        if len(text) > MAX_MOVE_TEXT:
            raise RecordError(f"saved game: move {n} is far too long for a move: {quoted(text)}")
    if "assisted" in data and type(data["assisted"]) is not bool:
        _refuse("assisted", "true or false", data["assisted"])
    for key, limit in (("saved_at", 64), ("program", MAX_TEXT)):
        if key in data and not _text(data[key], limit):
            _refuse(key, "text", data[key])
    if "uid" in data and not (isinstance(data["uid"], str) and _UID.match(data["uid"])):
        _refuse("uid", "32 hexadecimal digits", data["uid"])
    if "undone" in data and not _texts(data["undone"]):
        _refuse("undone", "a list of move text", data["undone"])
    seconds = data.get("seconds", 0)
    if type(seconds) not in (int, float) or not 0 <= seconds <= MAX_SECONDS:
        _refuse("seconds", f"a number of seconds from 0 to {MAX_SECONDS:.0f}", seconds)
    for key, (ok, what) in _STATE.items():
        if key in data and not ok(data[key]):
            _refuse(key, what, data[key])


def _check(data: Mapping[str, Any], key: str, ok: Callable[[Any], bool], what: str) -> None:
    if not ok(data.get(key)):
        _refuse(key, what, data.get(key))


def _refuse(key: str, what: str, value: object) -> None:
    raise RecordError(f"saved game field {key!r} is not {what}: {quoted(value)}")
