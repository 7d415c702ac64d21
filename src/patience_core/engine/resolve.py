"""Short move text read against the legal moves: ``t3-f``, ``7H-t3``, ``t1-t4``, ``7H``.

The canonical text of a pile move names both piles and, for a run, how many cards
(``t1-t4x3``). A player types less: a card instead of the pile it lies in (the card and
whatever lies on it move), a kind's letter instead of a pile (``f``: whichever foundation takes
it), no count when one run fits, or a card alone when one legal move plays it. :func:`resolve`
reads such text against the legal moves now and gives the one move it stands for; text that
is already a move is that move, legal or not, so that the game can say why it is illegal.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from patience_core.engine.cards import card_index
from patience_core.engine.errors import InvalidMoveError, quoted
from patience_core.engine.moves import Move
from patience_core.engine.table import Table

_SHORT: Final = re.compile(r"([^-\s]{1,4})-([a-z](?:[1-9][0-9]?)?)(?:x([1-9][0-9]{0,2}))?\Z", re.IGNORECASE)


def resolve(text: str, legal: Sequence[Move], table: Table) -> Move:
    """The move ``text`` stands for now; :class:`InvalidMoveError` for text that is no move, or
    that matches several legal moves (naming them).

    >>> import patience_core
    >>> game = patience_core.new_game("tripeaks", seed=1)
    >>> resolve("draw", game.legal_moves(), game.table)
    Move.parse('draw')
    """
    try:
        move: Move | None = Move.parse(text)
    except InvalidMoveError as err:
        if not isinstance(text, str):
            raise
        move, error = None, err
    if move is not None and move.ids and max(move.ids) < 52 and move not in legal:
        alike = _same_faces(move, legal)
        if len(alike) == 1:
            return alike[0]  # a card named by its face: the one copy that may be played
        if alike:
            choices = ", ".join(str(m) for m in alike[:6])
            raise InvalidMoveError(f"{quoted(text.strip())} could be any of {choices}: type one of them")
    if move is not None and (move in legal or not table.specs or not _pile_moves(legal)):
        return move
    found = _matches(text.strip(), legal, table)
    if len(found) > 1 and _alike_empty(found, table):
        return found[0]  # the same card into one of several empty piles of a kind: the first
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        choices = ", ".join(str(m) for m in found[:6])
        raise InvalidMoveError(f"{quoted(text.strip())} could be any of {choices}: type one of them")
    if move is None:
        raise error
    return move


def _alike_empty(found: Sequence[Move], table: Table) -> bool:
    """Whether the moves differ only in which empty pile of one kind they go to."""
    first = found[0]
    index = table.pile_index
    return all(
        m.src == first.src
        and m.count == first.count
        and m.dst[0] == first.dst[0]
        and not table.piles[index[m.dst]]
        and table.specs[index[m.dst]].kind == table.specs[index[first.dst]].kind
        for m in found
    )


def _same_faces(move: Move, legal: Sequence[Move]) -> list[Move]:
    """The legal card moves that take the same faces as ``move``, a move named by faces alone:
    other copies of its cards, in a game of several decks; none in a game of one deck."""
    faces = sorted(i % 52 for i in move.ids)
    return [m for m in legal if len(m.ids) == len(faces) and sorted(i % 52 for i in m.ids) == faces]


def _pile_moves(legal: Sequence[Move]) -> bool:
    return any(m.src for m in legal)


def _matches(text: str, legal: Sequence[Move], table: Table) -> list[Move]:
    card = card_index(text) if len(text) <= 4 else None
    if card is not None:  # a card alone: the pile moves that move it and what lies on it
        return [m for m in legal if m.src and _bottom(table, m) % 52 == card]
    short = _SHORT.match(text)
    if short is None:
        return []
    src, dst, count = short[1], short[2].lower(), short[3]
    src_card = card_index(src)
    src_pile = src.lower() if src_card is None else None
    if src_card is None and src_pile not in table.pile_index:
        return []
    exact_dst = dst in table.pile_index
    out = []
    for m in legal:
        if not m.src:
            continue
        if src_pile is not None and m.src != src_pile:
            continue
        if src_card is not None and _bottom(table, m) % 52 != src_card:
            continue
        if (exact_dst and m.dst != dst) or (not exact_dst and m.dst[0] != dst[0]):
            continue
        if count is not None and m.count != int(count):
            continue
        out.append(m)
    return out


def _bottom(table: Table, move: Move) -> int:
    """The bottom card of the run a pile move moves (-1 when the pile has no such card)."""
    i = table.pile_index.get(move.src)
    if i is None:
        return -1
    pile = table.piles[i]
    return pile[-move.count] if len(pile) >= move.count else -1


__all__ = ["resolve"]
