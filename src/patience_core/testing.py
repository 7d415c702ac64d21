"""The conformance kit: what a plugin author runs to know a game is sound.

In a test file of the plugin::

    from patience_core.testing import conformance_tests

    TestGolf = conformance_tests("golf")

collects three tests. The first is a stateful hypothesis test (a rule-based state machine)
that deals random games under random option combinations, plays random legal moves (one or
several at a time), undoes at random, asks the solver, and checks after every step that

- each card exactly once: every card of the game's deck lies somewhere (layout, piles,
  removed), each once;
- the player view hides what is face down: no face-down card, no stock order, no deal, no seed;
- hidden cards do not matter: swapping two cards the player has never seen changes neither
  the player view nor any refusal message;
- undo restores the exact state;
- move text and state dicts round-trip;
- every legal move applies (and undoes);
- an illegal move is refused, says why, and changes nothing;
- the end is consistent: a game that is not over has a legal move, a won one has none and
  no cards left;
- the game ends: no position comes back along a line of play (so no play is endless), for
  games whose rules do not let positions repeat (:attr:`Rules.repeats
  <patience_core.engine.rules.Rules.repeats>`);
- the solver's winning lines replay to a win through ``Game.play``, and a specialised solver
  agrees with the generic one whenever both decide.

The second plays whole games at random to their end (within :data:`MAX_MOVES`; a game whose
positions may repeat, for :data:`REPEATS_MAX_MOVES`), and the third
checks that a seed always gives the same deal. A broken invariant raises
:class:`ConformanceError`, whose message names the invariant and gives the line of Python that
deals the game and the moves that reach the position.

The strategies (:func:`seeds`, :func:`deals`, :func:`option_sets`, :func:`games`), the checks
(``check_*``) and :func:`deal_with` are there to write more tests. Needs the ``test`` extra
(hypothesis, pytest).
"""

from __future__ import annotations

import json
import random
import re
import warnings
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Final, NoReturn

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import patience_core
from patience_core.engine.cards import CARD_OF, CARD_TEXT, parse_card_index
from patience_core.engine.deal import MAX_SEED, Deal, Deck
from patience_core.engine.errors import IllegalMoveError
from patience_core.engine.game import Game
from patience_core.engine.layout import Layout, bits
from patience_core.engine.moves import CARD_MOVES, Move
from patience_core.engine.spec import GameSpec, Option, OptionValue
from patience_core.solver import NO_WIN, WON, PluginWarning, generic_solve, solve_full_information

MAX_MOVES: Final = 5_000
"""Every game must end within this many moves of random play."""

REPEATS_MAX_MOVES: Final = 1_000
"""A game whose positions may repeat (:attr:`Rules.repeats
<patience_core.engine.rules.Rules.repeats>`) seldom ends in random play, so its random game
stops here, where the checks run as at an end: later moves would only repeat their kind."""

SOLVER_NODES: Final = 2_000
"""The kit's node limit for each solve: small, so that every step stays cheap."""

GENERIC_NODES = 500
"""The node limit of the generic solver that checks a specialised solver's verdict (at most the
solve's own). Most positions of random play that the generic solver decides at all, it decides
at once (a game over) or within 500 nodes: across the family kits, 474 of the 506 it decided at
2,000. A position it cannot decide costs the whole limit, and those were most of the kit's
time. The repository's long test profile sets it to :data:`SOLVER_NODES`."""

_CARD_WORD: Final = re.compile(r"\b[2-9TJQKA][CDHS]\b")

# The invariants, as a failure names them.
CARDS_ONCE: Final = "each card exactly once"
VIEW_HIDES: Final = "the player view hides what is face down"
HIDDEN_DO_NOT_MATTER: Final = "hidden cards do not matter"
UNDO_EXACT: Final = "undo restores the exact state"
ROUND_TRIP: Final = "move text and state dicts round-trip"
LEGAL_APPLY: Final = "every legal move applies"
ILLEGAL_REFUSED: Final = "an illegal move is refused without change"
END_CONSISTENT: Final = "the end is consistent"
GAME_ENDS: Final = "the game ends"
SOLVER_REPLAYS: Final = "the solver's winning lines replay to a win"
SAME_DEAL: Final = "a seed always gives the same deal"


class ConformanceError(AssertionError):
    """A game broke an invariant of the kit.

    The message names the invariant, says what went wrong, and gives the Python that reaches
    the position: the :func:`patience_core.new_game` call and the moves played.
    """

    def __init__(self, invariant: str, detail: str, game: Game | None = None) -> None:
        where = ""
        if game is not None:
            where = "\nTo reach the position:\n" + "\n".join(f"    {line}" for line in reproduction(game))
        super().__init__(f"[{invariant}] {detail}{where}")
        self.invariant = invariant
        self.detail = detail


def reproduction(game: Game) -> list[str]:
    """Lines of Python that deal ``game`` again and play its moves, to run in a test or a shell::

    game = patience_core.new_game('golf', seed=3)
    for move in '5H draw 4C'.split(): game.play(move)
    """
    deal = f"seed={game.deal.seed}" if game.deal.seed is not None else f"deal={game.deal_text()!r}"
    options = "".join(f", {name}={value!r}" for name, value in game.options.items())
    lines = [f"game = patience_core.new_game({game.id!r}, {deal}{options})"]
    if game.moves:
        moves = " ".join(str(m) for m in game.moves)
        lines.append(f"for move in {moves!r}.split(): game.play(move)")
    return lines


def _fail(invariant: str, detail: str, game: Game | None = None) -> NoReturn:
    raise ConformanceError(invariant, detail, game)


# --- strategies ------------------------------------------------------------------------------


def seeds() -> st.SearchStrategy[int]:
    """Deal seeds, small ones more often (they are the ones people type)."""
    return st.one_of(st.integers(0, 10_000), st.integers(0, MAX_SEED))


def deals(deck: Deck | None = None) -> st.SearchStrategy[Deal]:
    """Deals of ``deck`` (one of 52 cards by default) from seeds and from arbitrary orders."""
    deck = deck or Deck(tuple(range(52)))
    return st.one_of(
        seeds().map(lambda seed: Deal.from_seed(seed, deck)),
        st.permutations(deck.cards).map(lambda p: Deal.from_cards(p, deck)),
    )


def option_values(option: Option) -> st.SearchStrategy[OptionValue]:
    """Every value ``option`` accepts (ints near the default when unbounded)."""
    if isinstance(option.default, bool):
        return st.booleans()
    if isinstance(option.default, int):
        low = option.minimum if option.minimum is not None else option.default - 3
        high = option.maximum if option.maximum is not None else max(low, option.default) + 3
        return st.integers(low, high)
    if option.choices:
        return st.sampled_from(option.choices)
    return st.just(option.default)


def option_sets(
    spec: GameSpec, fixed: Mapping[str, OptionValue] | None = None
) -> st.SearchStrategy[dict[str, OptionValue]]:
    """Every combination of a game's options (``fixed`` ones held)."""
    fixed = dict(fixed or {})
    parts = {o.name: st.just(fixed[o.name]) if o.name in fixed else option_values(o) for o in spec.options}
    return st.fixed_dictionaries(parts)


def games(game_id: str, **fixed: OptionValue) -> st.SearchStrategy[Game]:
    """New games of ``game_id`` (a game or preset id) over deals and option combinations: the
    game's own numbered deals, and its deck in any order."""
    spec, preset = patience_core.find_game(game_id)
    held = {**(preset.options if preset else {}), **fixed}
    base = preset.options if preset else None

    def deal(opts: dict[str, OptionValue], seed: int | None, order: random.Random) -> Game:
        if seed is not None:
            return patience_core.new_game(game_id, seed=seed, observed=False, **opts)  # type: ignore[arg-type]
        deck = spec.rules(spec.resolve(opts, base)).deck
        cards = list(deck.cards)
        order.shuffle(cards)
        return patience_core.new_game(game_id, deal=Deal.from_cards(cards, deck), observed=False, **opts)  # type: ignore[arg-type]

    return st.builds(deal, option_sets(spec, held), st.one_of(st.none(), seeds()), st.randoms())


def deal_with(
    layout: Layout,
    cards: Mapping[int | str, str] | None = None,
    stock: Sequence[str] = (),
    deck: Deck | None = None,
) -> Deal:
    """A deal built for a test: ``cards`` at layout positions (index or id), the stock
    beginning with ``stock`` (first to be turned first); every other place gets the unused
    cards in deck order (clubs A-K, diamonds, hearts, spades). ``deck`` (one of 52 by default)
    holds the cards; of a deck of several copies, a card's text places the next unused copy.

    >>> from patience_core import Layout
    >>> deal = deal_with(Layout.pyramid(7), {"r7c1": "QH", 0: "KC"}, stock=["AS"])
    >>> str(deal).split()[0], str(deal).split()[21], str(deal).split()[28]
    ('KC', 'QH', 'AS')
    """
    n = len(layout)
    deck = deck or Deck(tuple(range(52)))
    slots: list[int | None] = [None] * len(deck)
    for where, text in (cards or {}).items():
        pos = layout.index[where] if isinstance(where, str) else where
        if not 0 <= pos < n:
            raise ValueError(f"layout position {where!r} is not in the layout")
        slots[pos] = parse_card_index(text)
    for i, text in enumerate(stock):
        slots[n + i] = parse_card_index(text)
    left = [c % 52 for c in deck.cards]  # the faces still to place
    for face in (c for c in slots if c is not None):
        if face not in left:
            raise ValueError("deal_with: a card is placed more times than the deck holds it")
        left.remove(face)
    rest = iter(left)
    faces = [c if c is not None else next(rest) for c in slots]
    if len(deck) == 52:
        return Deal.from_cards([CARD_OF[c] for c in faces])
    return Deal.from_cards([CARD_OF[c] for c in faces], deck)


def deal_piles(
    game_id: str, piles: Mapping[str, str], stock: Sequence[str] = (), **options: OptionValue
) -> Deal:
    """A deal of ``game_id`` built for a test: each pile of ``piles`` (pile id to its cards,
    bottom first, such as ``{"t1": "KS QH", "f1": "AC"}``) dealt those cards, the stock beginning
    with ``stock`` (first to be turned first); every other place gets the unused cards in deck
    order. The piles must be given as many cards as the game deals them.

    >>> deal = deal_piles("tripeaks", {}, stock=["AS"])
    >>> str(deal).split()[28]
    'AS'
    """
    spec, preset = patience_core.find_game(game_id)
    rules = spec.rules(spec.resolve(options, preset.options if preset else None))
    n = len(rules.layout)
    slots: list[int | None] = [None] * len(rules.deck)
    at = {}
    for pile in rules.piles:
        at[pile.id] = (n, pile.deal)
        n += pile.deal
    for pile_id, text in piles.items():
        if pile_id not in at:
            raise ValueError(f"{game_id} has no pile {pile_id!r} (its piles: {', '.join(at)})")
        start, count = at[pile_id]
        cards = text.split()
        if len(cards) != count:
            raise ValueError(f"pile {pile_id!r} is dealt {count} cards, not {len(cards)}")
        for k, card in enumerate(cards):
            slots[start + k] = parse_card_index(card)
    for i, card in enumerate(stock):
        slots[n + i] = parse_card_index(card)
    used = [c for c in slots if c is not None]
    if len(set(used)) != len(used):
        raise ValueError("deal_piles: a card is placed twice")
    rest = iter(c for c in rules.deck.cards if c not in set(used))
    deal = Deal.from_cards([c if c is not None else next(rest) for c in slots], rules.deck)
    if rules.deal_order(deal.indices) != deal.indices:
        raise ValueError(
            f"the rules of {game_id} move cards before they deal them (deal_order): give every pile"
            " they fill, such as the foundations of the cards they take out first"
        )
    return deal


# --- checks: each raises ConformanceError naming its invariant ---------------------------------


def check_cards(game: Game) -> None:
    """Every card of the game's deck lies somewhere exactly once, and no other card does."""
    counts = game.table.count_cards()
    deck = game.rules.deck.cards
    wrong = {_name(c): counts.get(c, 0) for c in deck if counts.get(c, 0) != 1}
    wrong.update({_name(c): n for c, n in counts.items() if c not in set(deck)})
    if wrong:
        _fail(CARDS_ONCE, f"cards found another number of times than once (card: times): {wrong}", game)


def _name(card: int) -> str:
    """A card id in a message: its text, and which copy for a deck of several."""
    return CARD_TEXT[card] if card < 52 else f"{CARD_TEXT[card]} (copy {card // 52 + 1})"


def hidden_ids(game: Game) -> list[int]:
    """The ids of the cards the player must not see now: face-down layout cards, the face-down
    parts of piles, and the stock."""
    t = game.table
    hidden = [t.cards[p] for p in bits(t.present & ~t.face_up_mask())]
    for i, pile in enumerate(t.piles):
        hidden += pile if i == t.stock_i else pile[: t.down[i]]
    return hidden


def hidden_cards(game: Game) -> set[str]:
    """The texts of the cards the player must not see (of a one-deck game: in a game of several
    decks a hidden card's text is also a card in sight)."""
    return {CARD_TEXT[c] for c in hidden_ids(game)}


def never_seen(game: Game) -> list[int]:
    """Cards the player has never seen: face down, or in a stock not yet turned over, and not
    seen in an earlier round of a game of rounds."""
    t = game.table
    # After a redeal the stock holds cards the player saw on the waste.
    stock = set(t.stock) if t.passes_used else set()
    return sorted(c for c in hidden_ids(game) if c not in stock and not t.seen >> c & 1)


def check_player_view(game: Game) -> None:
    """The player view holds no hidden card, no deal, no seed, no stock order; the full view
    shows every card on the table."""
    view = game.to_dict("player")
    for key in ("deal", "seed"):
        if key in view:
            _fail(VIEW_HIDES, f"the player view has the key {key!r}", game)
    if "cards" in view["stock"]:
        _fail(VIEW_HIDES, "the player view lists the stock's cards", game)
    text = json.dumps(view)
    if json.loads(text) != view:
        _fail(VIEW_HIDES, "the player view is not plain JSON (it does not read back equal)", game)
    if len(game.rules.deck) == 52:  # with several decks a hidden card's text may be in sight too
        tokens = set(text.replace('"', " ").replace(",", " ").replace("]", " ").replace("[", " ").split())
        # A card seen in an earlier round of a game of rounds may lie hidden now and still be
        # named by the moves that played it; the checks of each place below still hold for it.
        seen = game.table.seen
        leaked = {CARD_TEXT[c] for c in hidden_ids(game) if not seen >> c & 1} & tokens
        if leaked:
            _fail(VIEW_HIDES, f"the player view shows hidden cards: {sorted(leaked)}", game)
    for pos, entry in enumerate(view["layout"]):
        if entry["present"] and not entry["face_up"] and entry["card"] is not None:
            _fail(VIEW_HIDES, f"face-down position {pos} ({entry['id']}) shows its card", game)
    for entry in view["piles"]:
        shown = entry["cards"][: entry["down"]]
        if any(card is not None for card in shown) or len(entry["cards"]) != entry["count"]:
            _fail(VIEW_HIDES, f"pile {entry['id']} shows a face-down card", game)
    full = game.to_dict("full")
    for pos, entry in enumerate(full["layout"]):
        if entry["present"] and entry["card"] is None:
            _fail(ROUND_TRIP, f"the full view hides the card at position {pos} ({entry['id']})", game)
    for entry in full["piles"]:
        if None in entry["cards"]:
            _fail(ROUND_TRIP, f"the full view hides a card of pile {entry['id']}", game)


def _swapped(game: Game, a: int, b: int) -> Game:
    """``game``'s options and moves on its deal with cards ``a`` and ``b`` exchanged."""
    order = list(game.deal.indices)
    i, j = order.index(a), order.index(b)
    order[i], order[j] = order[j], order[i]
    options: dict[str, Any] = dict(game.options)
    deal = Deal(tuple(order), deck=game.rules.deck)
    other = patience_core.new_game(game.id, deal=deal, observed=False, **options)
    for n, move in enumerate(game.moves, 1):
        try:
            other.play(move)
        except IllegalMoveError as err:
            _fail(
                HIDDEN_DO_NOT_MATTER,
                f"with the unseen cards {CARD_TEXT[a]} and {CARD_TEXT[b]} swapped in the deal, move {n}"
                f" ({move}) is refused ({err.reason}): whether a move is legal depends on a card the"
                " player has not seen",
                game,
            )
    return other


def check_hidden_cards_do_not_matter(
    game: Game, rng: random.Random, pair: tuple[str, str] | None = None
) -> None:
    """Swapping two cards the player has never seen changes no player view and no refusal.

    Otherwise the view, the legal moves or an error message tell the player something about a
    face-down card or the stock order. The two cards are ``pair`` (card texts) or drawn at
    random.
    """
    unseen = never_seen(game)
    if pair is not None:
        a, b = (parse_card_index(text) for text in pair)
        if a not in unseen or b not in unseen or a == b:
            raise ValueError(f"{pair[0]} and {pair[1]} must be two cards the player has never seen")
    elif len(unseen) < 2:
        return
    else:
        a, b = rng.sample(unseen, 2)
    other = _swapped(game, a, b)
    if other.to_dict("player") != game.to_dict("player"):
        view, other_view = game.to_dict("player"), other.to_dict("player")
        keys = sorted(k for k in view if view[k] != other_view.get(k))
        _fail(
            HIDDEN_DO_NOT_MATTER,
            f"swapping the unseen cards {CARD_TEXT[a]} and {CARD_TEXT[b]} in the deal changes the"
            f" player view ({', '.join(keys)})",
            game,
        )
    seen = [c for c in game.rules.deck.cards if c not in unseen]
    moves = [Move.of_cards(a), Move.of_cards(b), Move.of_word("draw"), Move.of_word("redeal")]
    moves += [Move.of_cards(a, c) for c in rng.sample(seen, min(3, len(seen)))]
    moves += [Move.of_cards(a, b), *_pile_moves(game, rng, 6)]
    for move in moves:
        mine, theirs = game.why_illegal(move), other.why_illegal(move)
        if mine != theirs:
            _fail(
                HIDDEN_DO_NOT_MATTER,
                f"the answer to {move} depends on where unseen cards lie: {mine!r} here, {theirs!r}"
                f" with {CARD_TEXT[a]} and {CARD_TEXT[b]} swapped in the deal",
                game,
            )


def check_round_trips(game: Game) -> None:
    """Move text and the full state dict read back to the same things."""
    for move in game.legal_moves():
        if Move.parse(str(move)) != move:
            _fail(ROUND_TRIP, f"move text {move} does not read back as the same move", game)
    full = game.to_dict("full")
    try:
        again = Game.from_dict(json.loads(json.dumps(full)))
    except ValueError as err:
        _fail(ROUND_TRIP, f"Game.from_dict refuses the game's own full view: {err}", game)
    if again.snapshot() != game.snapshot():
        _fail(ROUND_TRIP, "Game.from_dict(game.to_dict('full')) is another position", game)
    if again.to_dict("full") != full:
        _fail(ROUND_TRIP, "the full view of the reloaded game differs from the original's", game)


def check_legal_moves_apply(game: Game) -> None:
    """Every listed move is legal, plays, keeps the cards, and undoes exactly; no move twice;
    card moves before word moves."""
    legal = game.legal_moves()
    if len(set(legal)) != len(legal):
        _fail(LEGAL_APPLY, f"legal_moves() lists a move twice: {[str(m) for m in legal]}", game)
    words = [m.is_word for m in legal]
    if words != sorted(words):
        _fail(LEGAL_APPLY, f"legal_moves() lists a word move before a card move: {legal}", game)
    before = game.snapshot()
    for move in legal:
        reason = game.why_illegal(move)
        if reason is not None:
            _fail(LEGAL_APPLY, f"{move} is listed as legal but why_illegal says: {reason}", game)
        try:
            played = game.play(move)
        except ValueError as err:
            _fail(LEGAL_APPLY, f"{move} is listed as legal but play refuses it: {err}", game)
        if played != move or game.moves[-1] != move:
            _fail(LEGAL_APPLY, f"playing {move} recorded {game.moves[-1]}", game)
        check_cards(game)
        game.undo()
        if game.snapshot() != before:
            _fail(UNDO_EXACT, f"undoing {move} does not give back the position before it", game)
        if game.legal_moves() != legal:
            _fail(UNDO_EXACT, f"after playing and undoing {move} the legal moves differ", game)


def check_illegal_refused(game: Game, rng: random.Random) -> None:
    """Moves not in the list are refused, with a reason, without change."""
    legal = game.legal_moves()
    before = game.snapshot(), game.to_dict("full")
    candidates = [
        *rng.sample(CARD_MOVES, 6),
        Move.of_word("draw"),
        Move.of_word("redeal"),
        Move.of_word("deal"),
        Move.of_word("pass"),
        *_pile_moves(game, rng, 10),
    ]
    hidden = hidden_cards(game) if len(game.rules.deck) == 52 else set()
    seen = [c for c in range(52) if CARD_TEXT[c] not in hidden]
    candidates += [Move.of_cards(*rng.sample(range(52), 2)) for _ in range(4)]
    candidates += [Move.of_cards(*rng.sample(seen, 2)) for _ in range(6) if len(seen) >= 2]
    for move in candidates:
        if move in legal:
            continue
        reason = game.why_illegal(move)
        if not reason:
            _fail(
                ILLEGAL_REFUSED,
                f"{move} is not in legal_moves() but the rules give no reason to refuse it",
                game,
            )
        try:
            game.play(move)
        except IllegalMoveError as err:
            message = str(err)
        else:
            game.undo()
            _fail(ILLEGAL_REFUSED, f"{move} is not in legal_moves() but was played", game)
        if reason not in message:
            _fail(
                ILLEGAL_REFUSED, f"refusing {move}, the error {message!r} does not say why ({reason!r})", game
            )
        if (game.snapshot(), game.to_dict("full")) != before:
            _fail(ILLEGAL_REFUSED, f"refusing {move} changed the game", game)
        named = set(_CARD_WORD.findall(reason)) - {CARD_TEXT[c] for c in move.ids}
        leaked = sorted(named & hidden)
        if leaked:
            _fail(
                ILLEGAL_REFUSED,
                f"the reason for refusing {move} names hidden cards {leaked}: {reason!r}",
                game,
            )


def _pile_moves(game: Game, rng: random.Random, n: int) -> list[Move]:
    """Some pile moves between the game's piles, of one card or a few (none without piles)."""
    ids = list(game.table.pile_index)
    if len(ids) < 2:
        return []
    moves = []
    for _ in range(n):
        src, dst = rng.sample(ids, 2)
        moves.append(Move.between(src, dst, rng.choice((1, 1, 2, 3, 13))))
    return moves


def check_end(game: Game) -> None:
    """A game not over has a legal move; a won game is over, offers none and has no cards left."""
    legal = game.legal_moves()
    over, won, status = game.is_over(), game.is_won(), game.status()
    expected = "won" if won else "lost" if over else "playing"
    if status != expected:
        _fail(END_CONSISTENT, f"status() is {status!r} but is_won()={won}, is_over()={over}", game)
    if not over and not legal:
        _fail(END_CONSISTENT, "the game is not over but has no legal move", game)
    if won and (not over or legal or game.cards_left()):
        _fail(
            END_CONSISTENT,
            f"a won game must be over with no legal move and 0 cards left; it has is_over()={over},"
            f" {len(legal)} legal moves, cards_left()={game.cards_left()}",
            game,
        )


def check_solver(game: Game, node_limit: int = SOLVER_NODES, generic_nodes: int | None = None) -> None:
    """The solver answers from ``game`` without changing it; a win replays through
    ``Game.play``; its verdict fits the position; a specialised solver agrees with the generic
    one whenever both decide (the generic one within ``generic_nodes``, by default
    :data:`GENERIC_NODES`)."""
    before, moves = game.snapshot(), game.moves
    with warnings.catch_warnings(record=True) as passed_over:
        warnings.simplefilter("always", PluginWarning)
        result = solve_full_information(game, node_limit=node_limit)
    for warning in passed_over:  # a solver the dispatch had to pass over is wrong all the same
        if issubclass(warning.category, PluginWarning):
            _fail(SOLVER_REPLAYS, str(warning.message), game)
    if game.snapshot() != before or game.moves != moves:
        _fail(SOLVER_REPLAYS, f"solving changed the game (solver {result.solver!r})", game)
    if result.verdict == WON:
        replay = game.copy()
        for n, text in enumerate(result.line, 1):
            try:
                replay.play(text)
            except ValueError as err:
                _fail(SOLVER_REPLAYS, f"move {n} ({text}) of the {result.solver} solver's line: {err}", game)
        if not replay.is_won():
            _fail(
                SOLVER_REPLAYS,
                f"the {result.solver} solver says won, but its line {' '.join(result.line)!r} ends"
                f" {replay.status()}",
                game,
            )
    elif result.line:
        _fail(SOLVER_REPLAYS, f"the verdict is {result.verdict!r} but a line is given", game)
    if game.is_won() and result.verdict != WON:
        _fail(SOLVER_REPLAYS, f"the game is won but the solver says {result.verdict!r}", game)
    if game.is_over() and not game.is_won() and result.verdict != NO_WIN:
        _fail(SOLVER_REPLAYS, f"the game is lost but the solver says {result.verdict!r}", game)
    if result.solver != "generic" and result.decided:
        limit = GENERIC_NODES if generic_nodes is None else generic_nodes
        other = generic_solve(game, node_limit=min(limit, node_limit))
        if other.decided and other.won != result.won:
            _fail(
                SOLVER_REPLAYS,
                f"the {result.solver} solver says {result.verdict!r} but the generic solver says"
                f" {other.verdict!r}",
                game,
            )


def play_winning_line(game: Game, node_limit: int | None = None) -> Game:
    """Solve ``game`` seeing every card, play the solver's winning line on it through
    ``Game.play`` (the game not won before the last move), and return it, won: the test of a
    rule that says when a game is won. Fails (``AssertionError``) when the solver finds no win.

    >>> import patience_core
    >>> play_winning_line(patience_core.new_game("golf", seed=2)).status()
    'won'
    """
    if node_limit is None:
        result = solve_full_information(game)
    else:
        result = solve_full_information(game, node_limit=node_limit)
    assert result.verdict == WON, f"{game.id}: the solver says {result.verdict!r}, not a win"
    for text in result.line:
        assert not game.is_won(), f"{game.id} is won before the line's end, at {text}"
        game.play(text)
    assert game.status() == "won", f"{game.id}: the solver's line ends {game.status()}"
    return game


def check_all(game: Game, rng: random.Random | None = None) -> None:
    """Every per-position check of the kit."""
    rng = rng or random.Random(0)
    check_cards(game)
    check_player_view(game)
    check_round_trips(game)
    check_legal_moves_apply(game)
    check_illegal_refused(game, rng)
    check_hidden_cards_do_not_matter(game, rng)
    check_end(game)


def position_key(game: Game) -> Hashable:
    """Where every card lies and the passes used: a position whose return would allow endless play."""
    return game.snapshot().position()  # the score (run, points, cleared pass) aside


def play_out(game: Game, rng: random.Random, max_moves: int | None = None) -> int:
    """Play random legal moves to the end; return how many were played.

    Fails when a position comes back (play could go round for ever) or the game does not end
    within ``max_moves`` (default :data:`MAX_MOVES`). A game whose positions may repeat is
    played until it ends or for ``max_moves`` (default :data:`REPEATS_MAX_MOVES`).
    """
    n = 0
    seen = {position_key(game)}
    repeats = game.rules.repeats
    if max_moves is None:
        max_moves = REPEATS_MAX_MOVES if repeats else MAX_MOVES
    while not game.is_over():
        legal = game.legal_moves()
        if not legal:
            _fail(END_CONSISTENT, "the game is not over but has no legal move", game)
        game.play(rng.choice(legal))
        n += 1
        if n >= max_moves:
            if repeats:  # a game that may go round ends when its player stops
                return n
            _fail(GAME_ENDS, f"no end after {max_moves} random moves", game)
        if repeats:
            continue
        key = position_key(game)
        if key in seen:
            _fail(GAME_ENDS, f"move {n} ({game.moves[-1]}) returns to an earlier position", game)
        seen.add(key)
    return n


# --- the stateful machine and the collected tests --------------------------------------------------


def machine_for(
    game_id: str, *, solver_nodes: int = SOLVER_NODES, **fixed: OptionValue
) -> type[RuleBasedStateMachine]:
    """A rule-based state machine that plays ``game_id`` and checks every invariant."""
    # Hypothesis plays the steps of one run again in the next (while it generates runs and
    # while it shrinks one), and the invariants run again after a step that changes nothing, so
    # the same game comes back: each check that depends on the game alone runs once per game
    # and history (its options, deal, and every move played and taken back) for the machine.
    # In FreeCell's kit, 132 solves were of 36 positions; its random play took half the time
    # once each was checked once. A position reached again by undoing is checked again.
    passed: set[tuple[str, str, str, tuple[str, ...]]] = set()

    class GameMachine(RuleBasedStateMachine):
        game: Game
        rng: random.Random
        line: list[tuple[Any, dict[str, Any]]]
        keys: list[Hashable]
        history: list[str]  # the moves played and taken back ("undo"), in order

        def once(self, check: str, run: Callable[[Game], None]) -> None:
            game = self.game
            key = (check, repr(sorted(game.options.items())), game.deal_text(), tuple(self.history))
            if key not in passed:
                run(game)
                passed.add(key)  # only once the check has passed

        @initialize(game=games(game_id, **fixed), salt=st.integers(0, 2**32))
        def start(self, game: Game, salt: int) -> None:
            self.game = game
            self.rng = random.Random(salt)
            self.line = []  # (snapshot, full view) before each move played
            self.keys = [position_key(game)]  # the positions along the line of play
            self.history = []

        def _play(self, move: Move) -> None:
            game = self.game
            self.line.append((game.snapshot(), game.to_dict("full")))
            game.play(move)
            self.history.append(str(move))
            if game.moves[-1] != move:
                _fail(LEGAL_APPLY, f"playing {move} recorded {game.moves[-1]}", game)
            key = position_key(game)
            if key in self.keys and not game.rules.repeats:
                _fail(GAME_ENDS, f"{move} returns to an earlier position: play could go on for ever", game)
            self.keys.append(key)
            if len(game.moves) > MAX_MOVES and not game.rules.repeats:
                _fail(GAME_ENDS, f"no end after {MAX_MOVES} moves", game)

        @precondition(lambda self: not self.game.is_over())
        @rule(data=st.data())
        def play_legal(self, data: st.DataObject) -> None:
            self._play(data.draw(st.sampled_from(self.game.legal_moves()), label="move"))

        @precondition(lambda self: not self.game.is_over())
        @rule(data=st.data(), count=st.integers(2, 12))
        def play_several(self, data: st.DataObject, count: int) -> None:
            for _ in range(count):
                if self.game.is_over():
                    break
                self._play(data.draw(st.sampled_from(self.game.legal_moves()), label="move"))

        @precondition(lambda self: bool(self.line))
        @rule()
        def undo(self) -> None:
            snap, full = self.line.pop()
            self.keys.pop()
            self.game.undo()
            self.history.append("undo")
            if self.game.snapshot() != snap or self.game.to_dict("full") != full:
                _fail(UNDO_EXACT, "undo did not restore the exact state", self.game)

        @rule()
        def refuse_illegal(self) -> None:
            check_illegal_refused(self.game, self.rng)

        @rule()
        def swap_unseen_cards(self) -> None:
            check_hidden_cards_do_not_matter(self.game, self.rng)

        @rule()
        def solve(self) -> None:
            self.once("solve", lambda game: check_solver(game, solver_nodes))

        @invariant()
        def cards_exactly_once(self) -> None:
            check_cards(self.game)

        @invariant()
        def player_view_hides(self) -> None:
            check_player_view(self.game)

        @invariant()
        def round_trips(self) -> None:
            self.once("round trips", check_round_trips)

        @invariant()
        def legal_moves_apply(self) -> None:
            self.once("legal moves apply", check_legal_moves_apply)

        @invariant()
        def end_is_consistent(self) -> None:
            check_end(self.game)

    GameMachine.__name__ = f"{game_id.title().replace('-', '')}Machine"
    return GameMachine


def conformance_tests(
    game_id: str,
    *,
    max_examples: int | None = None,
    steps: int = 30,
    solver_nodes: int = SOLVER_NODES,
    **fixed: OptionValue,
) -> type:
    """A pytest test class that runs the whole kit on ``game_id`` (a game or preset id).

    Options given as keywords are held fixed; the others range over every value they accept.
    ``max_examples`` bounds the games hypothesis tries per test (default: the active settings
    profile), ``steps`` the steps of each stateful run, ``solver_nodes`` each solve.
    """
    machine = machine_for(game_id, solver_nodes=solver_nodes, **fixed)
    held: dict[str, Any] = dict(fixed)
    quiet = [HealthCheck.too_slow, HealthCheck.data_too_large]
    # Settings of the active profile, with the kit's own on top.
    kit = settings(suppress_health_check=quiet, deadline=None)
    if max_examples is not None:
        kit = settings(kit, max_examples=max_examples)

    class ConformanceTests:
        def test_random_play_keeps_every_invariant(self) -> None:
            run_state_machine_as_test(machine, settings=settings(kit, stateful_step_count=steps))

        @kit
        @given(game=games(game_id, **fixed), salt=st.integers(0, 2**32))
        def test_every_game_ends(self, game: Game, salt: int) -> None:
            rng = random.Random(salt)
            played = play_out(game, rng)
            check_all(game, rng)
            check_solver(game, solver_nodes)
            # Near the end the search is small, so the solver decides within its limit.
            for _ in range(rng.randint(0, min(played, 12))):
                game.undo()
            check_solver(game, solver_nodes)

        @kit
        @given(seed=seeds())
        def test_a_seed_always_gives_the_same_deal(self, seed: int) -> None:
            a = patience_core.new_game(game_id, seed=seed, observed=False, **held)
            b = patience_core.new_game(game_id, seed=seed, observed=False, **held)
            same = a.deal_text() == b.deal_text() == str(a.rules.deal_for(seed))
            if not same or a.snapshot() != b.snapshot():
                _fail(SAME_DEAL, f"seed {seed} dealt two different games", a)

    ConformanceTests.__name__ = f"Test{game_id.title().replace('-', '')}Conformance"
    return ConformanceTests
