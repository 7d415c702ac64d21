"""Scoring profiles: how a game scores, declared as data.

The table's primitives feed the running part (cards played, runs, draws, redeals) as they
happen; the parts that depend on where the game stands (groups cleared, an end formula) are
computed when asked. A plugin declares profiles; it never adds points by hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from patience_core.engine.table import Table


@attrs.frozen
class Scoring:
    """A scoring profile.

    - ``per_card``: points for each card played off the table (onto the waste, or removed).
    - ``runs``: instead, the n-th card of a run scores n; a draw ends the run.
    - ``per_draw``, ``per_redeal``: points for each draw and each redeal (negative costs).
    - ``group_bonus``: bonus for the 1st, 2nd, ... layout group cleared (TriPeaks' peaks).
    - ``clear_by_pass``: an end formula that replaces the running points: when the layout was
      cleared during pass p, ``clear_by_pass[p-1]`` less the cards left in the stock, the
      drawn card and the waste (0 for passes past the list); otherwise minus every card left
      in play.
    - ``source``: where the numbers come from.

    >>> Scoring("count", "one point per card removed").per_card
    1
    """

    id: str
    description: str
    per_card: int = 1
    runs: bool = False
    per_draw: int = 0
    per_redeal: int = 0
    group_bonus: tuple[int, ...] = ()
    clear_by_pass: tuple[int, ...] = ()
    source: str = ""

    def score(self, table: Table) -> int:
        """The score of ``table`` under this profile."""
        if self.clear_by_pass:
            left_off_layout = table.stock_left() + len(table.waste) + (table.drawn >= 0)
            if table.cleared_pass:
                p = table.cleared_pass - 1
                bonus = self.clear_by_pass[p] if p < len(self.clear_by_pass) else 0
                return bonus - left_off_layout
            return -(table.layout_left() + left_off_layout)
        points = table.points
        if self.group_bonus:
            cleared = sum(1 for _, mask in table.layout.groups if not table.present & mask)
            points += sum(self.group_bonus[:cleared])
        return points
