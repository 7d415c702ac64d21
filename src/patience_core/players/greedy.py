"""The greedy heuristic: a rule of thumb that works for any game from what the player sees.

For each card move it plays the move on a sample of the game (only to use the rules; the
hidden cards of a sample are random and never counted) and measures two things:

1. ``run``: the longest sequence of further card moves that uses only cards already in sight,
   so a card turned up by the move does not count, its identity being unknown;
2. ``freed``: how many layout cards the move frees (in TriPeaks, turns up); in a game of
   piles, how many cards it turns face up and sends home.

The best move has the longest run, then frees the most cards; words such as ``draw`` and
``redeal`` come last, so greedy draws only when no card can be played. Ties keep the game's
own order of the legal moves.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from patience_core.engine.game import Game
from patience_core.engine.moves import Move
from patience_core.engine.piles import Kind
from patience_core.engine.rules import Rules
from patience_core.engine.table import Table
from patience_core.players.seen import Seen

PLAY_OUT_LIMIT = 2_000
"""The most moves of a quick play-out (a game whose positions may repeat never comes back to one)."""
REPEATING_PLAY_OUT_LIMIT = 400
"""The same in a game whose positions may repeat (a game of piles): cards shuffled between
columns and through the stock would otherwise fill every play-out up to the limit above."""
RUN_NODE_LIMIT = 400
"""Positions the run search may visit per move: enough for any run a player would see at once."""
REPEATING_RUN_NODE_LIMIT = 40
"""The same in a game whose positions may repeat: there nearly every card is in sight and moves
can go back and forth, so a run has no natural end and a long search tells nothing more."""
PROGRESS_DEPTH = 3
"""Card moves a greedy player of a game of piles looks ahead for progress after each move."""


def greedy_order(seen: Seen, moves: Sequence[Move] | None = None) -> list[Move]:
    """``moves`` (default: every legal move) best first by the greedy heuristic.

    A game whose positions may repeat (a game of piles) is ranked by progress instead:
    :func:`_piles_order`.
    """
    moves = list(seen.legal_moves() if moves is None else moves)
    rules = seen.spec.rules(seen.options)
    if rules.repeats:
        return _piles_order(seen, moves, rules)
    cards = [m for m in moves if not m.word]
    if len(cards) < 2:
        return cards + [m for m in moves if m.word]
    game = seen.sample(seen.rng)
    in_sight = frozenset(seen.deck.cards) - set(seen.unseen_ids)
    scores = {m: _score(game, m, in_sight) for m in cards}
    ranked = sorted(cards, key=lambda m: scores[m], reverse=True)  # stable: ties keep the game's order
    return ranked + [m for m in moves if m.word]


def _piles_order(seen: Seen, moves: list[Move], rules: Rules) -> list[Move]:
    """The greedy order where positions may repeat: first the card moves that make progress
    (:func:`progress`: a card home, a face-down card turned up, a card out of the stock and
    waste, a card onto a run) now or within a few further moves of cards in sight, the most
    first; then words (``draw``, ``deal``); then the card moves that make none; a card taken
    back down from a foundation last. Ranked by the longest run in sight, as other games are,
    the player moved runs to and fro (every move of a run makes another possible) and never
    won a deal of Klondike or FreeCell."""
    home = frozenset(pile.id for pile in rules.piles if pile.kind == Kind.FOUNDATION)
    words = [m for m in moves if m.word]
    downs = [m for m in moves if not m.word and m.src in home]
    cards = [m for m in moves if not m.word and m.src not in home]
    if not cards:
        return words + downs
    game = seen.sample(seen.rng)
    in_sight = frozenset(seen.deck.cards) - set(seen.unseen_ids)
    base = progress(game.table)
    scores: dict[Move, tuple[int, int]] = {}
    for move in cards:
        game.push(move)  # on the sample, taken back below
        try:
            now = progress(game.table) - base
            scores[move] = (_reachable(game, in_sight, home) - base, now)
        finally:
            game.pop()
    ranked = sorted(cards, key=lambda m: scores[m], reverse=True)  # stable: ties keep the game's order
    useful = [m for m in ranked if scores[m][0] > 0]
    idle = [m for m in ranked if scores[m][0] <= 0]
    return useful + words + idle + downs


def progress(table: Table) -> int:
    """How far a game of piles has come (more is further): cards home, less cards face down,
    less cards in the stock and the waste, each counted four times; plus the face-up cards of
    the columns that lie on a card they would move with as a run (in Spider a run of one suit
    goes home only whole, so the runs built on the way are most of its progress: without them
    the greedy player won no Spider deal)."""
    done = 0
    built = 0
    for i, spec in enumerate(table.specs):
        if spec.kind == Kind.FOUNDATION:
            done += len(table.piles[i])
        elif spec.kind in (Kind.STOCK, Kind.WASTE):
            done -= len(table.piles[i])
        elif spec.kind == Kind.TABLEAU:
            run = spec.moves_as_run
            cards = table.piles[i]
            if run is not None:
                for k in range(table.down[i] + 1, len(cards)):
                    built += run.fits(cards[k], cards[k - 1])
    return 4 * (done - sum(table.down)) + built


def _reachable(game: Game, in_sight: frozenset[int], home: frozenset[str]) -> int:
    """The most :func:`progress` reachable from ``game``'s position in at most
    :data:`PROGRESS_DEPTH` card moves of cards in sight (none from a foundation)."""
    rules, table = game.rules, game.table
    budget = [REPEATING_RUN_NODE_LIMIT]

    def search(depth: int) -> int:
        best = progress(table)
        if not depth or budget[0] <= 0 or rules.is_won(table):
            return best
        snap = table.snapshot()
        for move in rules.legal_moves(table):
            if move.word or move.src in home or not in_sight.issuperset(_moved_cards(table, move)):
                continue
            budget[0] -= 1
            rules.apply(table, move)
            best = max(best, search(depth - 1))
            table.restore(snap)
            if budget[0] <= 0:
                break
        return best

    return search(PROGRESS_DEPTH)


class Visited:
    """The positions of one game a player has been in, as it saw them (no hidden card), so that
    in a game whose positions may repeat it does not go round in circles."""

    def __init__(self) -> None:
        self._game: tuple[str, tuple[Move, ...]] = ("", ())
        self._keys: set[Hashable] = set()

    def avoid(self, seen: Seen, order: list[Move]) -> Move:
        """The first move of ``order`` that leads to a position not yet been in (the first
        move if every one does); in a game whose positions never repeat, the first."""
        if not seen.spec.rules(seen.options).repeats:
            return order[0]
        game_id, moves = self._game
        if game_id != seen.game_id or seen.moves[: len(moves)] != moves:
            self._keys.clear()  # another game, or moves taken back
        self._game = (seen.game_id, seen.moves)
        self._keys.add(_view_key(seen.view))
        if len(order) == 1:
            return order[0]
        sample = seen.sample(seen.rng)
        for move in order:
            sample.push(move)
            key = _view_key(sample.to_dict("player"))
            sample.pop()
            if key not in self._keys:
                return move
        return order[0]


def _view_key(view: dict[str, Any]) -> Hashable:
    """A player view's position: every pile's cards as seen (None face down), columns and cells
    in any order, and the passes used where they are limited. Looser than a game's own key
    where column order counts (Spider while its stock deals): it only keeps a player from going
    round in circles, and proves nothing."""
    stock = view.get("stock") or {}
    passes = stock.get("passes_used") if stock.get("passes") is not None else None
    fixed: list[tuple[Any, ...]] = []
    alike: dict[str, list[tuple[Any, ...]]] = {"tableau": [], "cell": []}
    for pile in view["piles"]:
        cards = tuple(pile["cards"])
        group = alike.get(pile["kind"])
        if group is None:
            fixed.append(cards)
        else:
            group.append(cards)
    return passes, tuple(fixed), *(tuple(sorted(group, key=repr)) for group in alike.values())


def _score(game: Game, move: Move, in_sight: frozenset[int]) -> tuple[int, int]:
    table = game.table
    before = _freed(table, table.present & table.layout.free_mask(table.present))
    game.push(move)  # on the sample, taken back below: no copy of the game a move
    try:
        return _longest_run(game, in_sight), _freed(game.table, before)
    finally:
        game.pop()


def _freed(table: Table, before: int) -> int:
    """Layout cards free now that were not in ``before`` (a bitmask); in a game of piles alone,
    the cards in sight or home less the face-down ones (more is better)."""
    if table.layout.spots:
        return (table.present & table.layout.free_mask(table.present) & ~before).bit_count()
    home = sum(len(table.piles[i]) for i, spec in enumerate(table.specs) if spec.kind == Kind.FOUNDATION)
    return home - sum(table.down)


def _moved_cards(table: Table, move: Move) -> tuple[int, ...]:
    """The cards a move plays: its cards, or a pile move's run."""
    if move.src:
        return table.piles[table.pile_index[move.src]][-move.count :]
    return move.ids


def _longest_run(game: Game, in_sight: frozenset[int]) -> int:
    """The most card moves in a row from ``game``'s position using only cards in ``in_sight``."""
    rules, table = game.rules, game.table
    budget = [REPEATING_RUN_NODE_LIMIT if rules.repeats else RUN_NODE_LIMIT]

    def search() -> int:
        if budget[0] <= 0 or rules.is_won(table):
            return 0
        best = 0
        snap = table.snapshot()
        for move in rules.legal_moves(table):
            if move.word or not in_sight.issuperset(_moved_cards(table, move)):
                continue
            budget[0] -= 1
            rules.apply(table, move)
            best = max(best, 1 + search())
            table.restore(snap)
            if budget[0] <= 0:
                break
        return best

    return search()


def play_out(game: Game, *, turns: list[int] | None = None) -> tuple[bool, int]:
    """Play ``game`` (a sample) to its end by a quick greedy rule; whether it was won, and the cards left.

    The rule uses nothing a player could not see: a card move whenever there is one, the one
    that frees the most cards (the first of equals), else the first word move (``draw``); a
    card taken back down from a foundation only when nothing else is left. ``game`` itself is
    not changed. ``turns[0]``, when given, is increased by the turns taken: a listing of the
    legal moves each, what a play-out costs.
    """
    rules, table = game.rules, game.table.copy()
    layout = table.layout
    # A game whose positions may repeat: never back to a position, and a bound on the moves.
    seen: set[Hashable] | None = set() if rules.repeats else None
    home = {spec.id for spec in table.specs if spec.kind == Kind.FOUNDATION}
    for _ in range(REPEATING_PLAY_OUT_LIMIT if rules.repeats else PLAY_OUT_LIMIT):
        if rules.is_won(table):
            return True, 0
        if turns is not None:
            turns[0] += 1
        legal = rules.legal_moves(table)
        if seen is not None:
            seen.add(rules.solver_key(table))
            legal = [m for m in legal if _leads_elsewhere(rules, table, m, seen)]
        if not legal:
            return False, rules.cards_left(table)
        cards = [m for m in legal if not m.word and m.src not in home]
        if not cards:
            words = [m for m in legal if m.word]
            rules.apply(table, words[0] if words else legal[0])
            continue
        best = cards[0]
        if len(cards) > 1:
            free = _freed(table, 0) if not layout.spots else table.present & layout.free_mask(table.present)
            snap = table.snapshot()
            most = None
            for move in cards:
                rules.apply(table, move)
                freed = _freed(table, free) if layout.spots else _freed(table, 0) - free
                table.restore(snap)
                if most is None or freed > most:
                    best, most = move, freed
        rules.apply(table, best)
    return False, rules.cards_left(table)


def _leads_elsewhere(rules: Rules, table: Table, move: Move, seen: set[Hashable]) -> bool:
    """Whether ``move`` leads to a position not in ``seen``."""
    snap = table.snapshot()
    rules.apply(table, move)
    new = rules.solver_key(table) not in seen
    table.restore(snap)
    return new
