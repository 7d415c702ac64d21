"""Progressive rounds: GNOME Aisleriot's Triple Peaks with its option Progressive Rounds
(games/triple-peaks.scm, ``check-bonus`` and ``progressive-redeal``; docs/tripeaks.md#progressive-rounds).

R1. The move that clears the layout scores as in any round (the card, then the peak bonus),
    and then deals a new round: the stock, the waste and the cards under it are gathered in
    Aisleriot's order, shuffled, and dealt as a new game is (28 to the peaks, one to the waste,
    23 to the stock).
R2. The score carries over into the new round; the new waste card starts a new run.
R3. The game is never won: it ends when no move is left (the stock empty and no free card
    fits), and its score is what it was played for.
R4. The deal text is round 1's; each later round is a shuffle fixed by the round's number and
    the cards of the layout just cleared (all of them seen), so a record replays exactly and
    undo takes a round back.
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable

from patience_core import Table
from patience_core.engine.deal import Deal
from patience_core.engine.moves import Move
from patience_core.engine.rules import NO_LEGAL_MOVE, Condition
from patience_tripeaks import TriPeaks

NEVER_WON = Condition("never: a cleared layout is dealt again", lambda r, t, m: False)


def gathered(table: Table) -> tuple[int, ...]:
    """The cards ``progressive-redeal`` shuffles, in Aisleriot's order (slot 0 from its top): each
    run of the waste from its first card, the last run first (``flip-deck 1 2`` turns each run
    onto the discards), then the stock from its next card (``add-cards!`` puts them on top).

    A run starts at each card that did not come from the layout: the card turned at the deal
    and every draw."""
    waste = table.waste
    runs: list[tuple[int, ...]] = []
    start = 0
    for i in range(1, len(waste) + 1):
        if i == len(waste) or table.where[waste[i]] < 0:
            runs.append(waste[start:i])
            start = i
    out: list[int] = []
    for run in reversed(runs):
        out += run
    out += reversed(table.stock)
    return tuple(out)


def round_seed(cleared: tuple[int, ...], round_number: int) -> int:
    """The deal number whose shuffle orders round ``round_number``: a hash of the cards of the
    layout just cleared (every one of them seen) and the number, so it tells nothing hidden."""
    data = bytes(cleared) + round_number.to_bytes(8, "big")
    digest = hashlib.blake2b(data, digest_size=8).digest()
    return int.from_bytes(digest, "big")


def next_round(table: Table, round_number: int) -> tuple[int, ...]:
    """The deal order of round ``round_number`` (2 on): the gathered cards, put in the order the
    project's deal number :func:`round_seed` puts the ordered deck (``shuffle-slot 0``)."""
    cards = gathered(table)
    order = Deal.from_seed(round_seed(table.cards, round_number)).indices
    return tuple(cards[i] for i in order)


class ProgressiveRounds(TriPeaks):
    """TriPeaks with Aisleriot's Progressive Rounds (rules R1-R4 above)."""

    counters = ("round",)
    win = NEVER_WON
    over = NO_LEGAL_MOVE

    def apply(self, table: Table, move: Move) -> None:
        super().apply(table, move)
        if not table.present:  # R1: check-bonus calls progressive-redeal once the peaks are gone
            played = table.count("round") + 1
            table.set_count("round", played)
            table.deal_again(next_round(table, played + 1), self.deal_data)
            self.start(table)

    def solver_key(self, table: Table) -> Hashable:
        # The round's layout decides the future as much as what is left of it.
        return super().solver_key(table), table.cards


__all__ = ["NEVER_WON", "ProgressiveRounds", "gathered", "next_round", "round_seed"]
