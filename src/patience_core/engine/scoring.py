"""Scoring profiles: how a game scores, declared as data.

The table's primitives feed the running part (cards played, runs, draws, redeals, and named
events such as a card moved from the waste to a foundation or turned face up) as they happen;
the parts that depend on where the game stands (groups cleared, an end formula) are computed
when asked. A plugin declares profiles; it never adds points by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from patience_core.engine.table import Table


def _frozen(values: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(values))


@attrs.frozen
class Scoring:
    """A scoring profile.

    - ``per_card``: points for each card played off the table (onto the waste, or removed).
    - ``runs``: instead, the n-th card of a run scores n; a draw ends the run.
    - ``run_points``: with ``runs``, the n-th card of a run scores ``run_points[n-1]`` instead
      (the last entry for longer runs): streak tables such as 100, 300, 500...
    - ``card_factor``: card points are multiplied by ``card_factor[g]`` once ``g`` layout
      groups are cleared (the card that clears one counts it; the last entry for more).
    - ``per_draw``, ``per_redeal``: points for each draw and each redeal (negative costs).
    - ``free_redeals``: the first ``free_redeals`` redeals cost nothing; ``per_redeal`` is
      charged from the next one on (Windows Solitaire's draw three: the first three are free).
    - ``floor``: a draw, a redeal or an event's penalty never takes the score below this
      (None: no floor).
    - ``start``: the score at the deal (a stake paid for the cards, say).
    - ``group_bonus``: bonus for the 1st, 2nd, ... layout group cleared (such as a peak).
    - ``per_stock_card_on_win``: bonus for each card left in the stock when the layout is
      cleared.
    - ``clear_by_pass``: an end formula that replaces the running points: when the layout was
      cleared during pass p, ``clear_by_pass[p-1]`` less the cards left in the stock, the
      drawn card and the waste (0 for passes past the list); otherwise minus every card left
      in play.
    - ``events``: points for each named event: the table's primitives score
      ``"<kind>_to_<kind>"`` when cards move between piles (``"waste_to_tableau"``,
      ``"tableau_to_foundation"``, ``"foundation_to_tableau"``...), ``"layout_to_<kind>"``,
      ``"flip"`` when a face-down card turns up and ``"deal"`` for a row dealt from the stock;
      a game's rules may score events of their own (:meth:`Table.event
      <patience_core.engine.table.Table.event>`), and its profiles name them here.
    - ``last_card_late``: the card that clears the layout scores what the card before it in its
      run scored (at the multiplier now, nothing when it starts a run), and the bonus per stock
      card is paid only when it does not start a run: PySolFC's Three Peaks scores its last card
      inside its win check, before its run has counted it.
    - ``source``: where the numbers come from.

    >>> Scoring("count", "one point per card removed").per_card
    1
    >>> Scoring("vegas", "5 a card home", per_card=0, start=-52,
    ...         events={"tableau_to_foundation": 5}).events["tableau_to_foundation"]
    5
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
    run_points: tuple[int, ...] = ()
    card_factor: tuple[int, ...] = ()
    floor: int | None = None
    start: int = 0
    per_stock_card_on_win: int = 0
    events: Mapping[str, int] = attrs.field(factory=dict, converter=_frozen, hash=False)
    free_redeals: int = 0
    last_card_late: bool = False

    @property
    def counters(self) -> tuple[str, ...]:
        """The counters this profile keeps on the table: ``cleared_in_pass``, the pass (1, 2...)
        during which the layout was cleared (0 while it is not), for ``clear_by_pass``."""
        return ("cleared_in_pass",) if self.clear_by_pass else ()

    def score(self, table: Table) -> int:
        """The score of ``table`` under this profile."""
        if self.clear_by_pass:
            left_off_layout = table.stock_left() + len(table.waste) + (table.drawn >= 0)
            cleared = table.count("cleared_in_pass")
            if cleared:
                p = cleared - 1
                bonus = self.clear_by_pass[p] if p < len(self.clear_by_pass) else 0
                return bonus - left_off_layout
            return -(table.layout_left() + left_off_layout)
        points = table.points + self.bonus(table)
        if self.per_stock_card_on_win and not table.present and not (self.last_card_late and table.run < 2):
            points += self.per_stock_card_on_win * table.stock_left()
        return points

    def bonus(self, table: Table) -> int:
        """The bonus for the layout groups cleared so far."""
        if not self.group_bonus:
            return 0
        return sum(self.group_bonus[: groups_cleared(table)])

    def card_points(self, run: int, table: Table) -> int:
        """What the ``run``-th card of a run scores, played just now (with ``runs``)."""
        if self.last_card_late and not table.present:
            run -= 1  # the layout's last card: scored as the card before it (see the field)
            if not run:
                return 0
        table_ = self.run_points
        points = table_[min(run, len(table_)) - 1] if table_ else run
        if self.card_factor:
            points *= self.card_factor[min(groups_cleared(table), len(self.card_factor) - 1)]
        return points


def groups_cleared(table: Table) -> int:
    """How many of the layout's groups (such as peaks) are gone from the table."""
    present = table.present
    return sum(1 for _, mask in table.layout.groups if not present & mask)
