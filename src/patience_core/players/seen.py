"""What a player may know about a game: :class:`Seen`, and samples of the hidden cards.

A player has seen every card that has ever been face up: the layout cards in sight or already
played, the cards of the piles in sight, and the stock cards turned so far, in the places they
were dealt. Every other card is hidden, and as far as the player knows any arrangement of those
cards over the hidden places is as likely as any other. :meth:`Seen.sample` draws one such
arrangement and deals it, so a player can try a move on a game that looks exactly like the
real one without ever reading a hidden card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from patience_core.engine.cards import CARD_OF, Card
from patience_core.engine.deal import Deal
from patience_core.engine.game import Game
from patience_core.engine.layout import bits
from patience_core.engine.moves import Move
from patience_core.engine.spec import GameSpec, OptionValue, Preset

HIDDEN = -1


class Seen:
    """What a player may know about a game at one moment; made from a game, it keeps no reference to it.

    - ``game_id``, ``spec``, ``options``: the game and its rules.
    - ``view``: the player view, ``game.to_dict("player")``.
    - ``moves``: the moves played so far; :meth:`legal_moves`: the legal moves now.
    - ``unseen``: the cards never seen face up (hidden somewhere, in no known place).
    - ``rng``: the random source for the player's own choices (``play_game`` passes its own,
      so a game replayed with the same seed is played the same way).
    - :meth:`sample`: a full game in the same visible position, the hidden cards shuffled.

    >>> import random, patience_core
    >>> seen = Seen(patience_core.new_game("tripeaks", seed=3))
    >>> len(seen.unseen), seen.hidden   # 18 face-down layout cards and 23 stock cards
    (41, 41)
    >>> seen.sample(random.Random(1)).to_dict("player") == seen.view
    True
    """

    __slots__ = (
        "_known",
        "_legal",
        "_preset",
        "deck",
        "game_id",
        "moves",
        "options",
        "rng",
        "spec",
        "unseen",
        "unseen_ids",
        "view",
    )

    def __init__(self, game: Game, rng: random.Random | None = None) -> None:
        self.game_id: str = game.id
        self.spec: GameSpec = game.spec
        self._preset: Preset | None = game.preset
        self.options: Mapping[str, OptionValue] = dict(game.options)
        self.view: dict[str, Any] = game.to_dict("player")
        self.moves: tuple[Move, ...] = tuple(game.moves)
        self._legal: tuple[Move, ...] = tuple(game.legal_moves())
        self.rng = rng if rng is not None else random.Random(0)
        self._known = _known_places(game)
        self.deck = game.rules.deck
        """The cards of the game (the rules' deck)."""
        placed = set(self._known)
        self.unseen_ids: tuple[int, ...] = tuple(c for c in self.deck.cards if c not in placed)
        """The ids of the cards never seen face up."""
        self.unseen: tuple[Card, ...] = tuple(CARD_OF[c] for c in self.unseen_ids)

    def legal_moves(self) -> list[Move]:
        """The legal moves now, in the game's order (card moves first, then words such as ``draw``)."""
        return list(self._legal)

    @property
    def hidden(self) -> int:
        """How many cards are hidden; 0 when the player knows where every card is."""
        return len(self.unseen)

    def sample(self, rng: random.Random) -> Game:
        """A full game in this visible position, the unseen cards shuffled over the hidden places.

        Dealt from a new deal (no seed; its cards in the order the rules lay them out) with
        the moves played so far pushed on it (no observer sees it); its player view equals
        :attr:`view`. Only what was seen and ``rng`` decide it: two games that look the same to
        the player give the same sample for the same ``rng`` state.
        """
        cards = list(self._known)
        hidden = list(self.unseen_ids)
        rng.shuffle(hidden)
        it = iter(hidden)
        for i, card in enumerate(cards):
            if card == HIDDEN:
                cards[i] = next(it)
        game = Game(self.spec, self.options, Deal(tuple(cards), deck=self.deck), self._preset)
        for move in self.moves:
            game.push(move)
        return game

    def __repr__(self) -> str:
        return f"<Seen {self.game_id} moves={len(self.moves)} hidden={self.hidden}>"


def _known_places(game: Game) -> tuple[int, ...]:
    """The deal as laid out, with ``HIDDEN`` in each place whose card the player has never seen.

    Hidden: face-down layout cards, the face-down parts of piles, and the stock's cards until
    its first redeal (the stock is turned in order, and a redeal needs it used up, so after the
    first redeal every stock card has been seen), unless seen in an earlier round of a game of
    rounds. Every other card is in sight or has been.
    """
    table = game.table
    hidden: set[int] = {table.cards[pos] for pos in bits(table.present & ~table.face_up_mask())}
    for i, pile in enumerate(table.piles):
        if i == table.stock_i:
            if not table.passes_used:
                hidden.update(pile)
        else:
            hidden.update(pile[: table.down[i]])
    if table.seen:  # a game of rounds: a card seen in an earlier round is known, hidden or not
        hidden = {card for card in hidden if not table.seen >> card & 1}
    deal = game.rules.deal_order(game.deal.indices)  # the cards in the places they were dealt
    return tuple(HIDDEN if card in hidden else card for card in deal)


__all__ = ["HIDDEN", "Seen"]
