"""TriPeaks, as Robert Hogue made it in 1989, with the variants of the rule texts.

Rules T1-T15 of the project's rules page; see docs/tripeaks.md. The game is the Golf family's
"build on the waste" with three peaks for a layout: the core's
:class:`~patience_core.blocks.build_on_waste.rules.BuildOnWaste` plays it, this module chooses the layout,
what is dealt face up, the options and the scoring.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING

import attrs

from patience_core import BuildOnWaste, GameSpec, Layout, Option, Preset, Scoring, Table, hookimpl
from patience_core.engine.cards import RANK_OF
from patience_core.engine.solving import NO_WIN, SolveResult
from patience_core.engine.spec import OptionValue
from patience_tripeaks import ricochet  # with its solver, which loads its search now

if TYPE_CHECKING:
    from patience_core.engine.game import Game

# T1, T2: rows of 3, 6, 9 and 10; every card above the bottom row is covered by two below it.
LAYOUT = Layout.peaks(3, 4, name="tripeaks")

# T12. The rule texts give the run scoring only; the peak bonuses of "classic" come from
# descriptions of the 1990 Windows game, not from the rule texts.
RUNS = Scoring(
    "runs",
    "the n-th card of a run scores n; each draw costs 5 and ends the run",
    per_card=0,
    runs=True,
    per_draw=-5,
    source="the German rule text (n-th card of a run scores n, a draw costs 5)",
)
CLASSIC = attrs.evolve(
    RUNS,
    id="classic",
    description="runs, plus 15 for the first and second peak cleared and 30 for the third",
    group_bonus=(15, 15, 30),
    source="descriptions of the 1990 Windows game; the rule texts do not give these numbers",
)
AISLERIOT = attrs.evolve(
    CLASSIC,
    id="aisleriot",
    description="classic, but a draw never takes the score below 0",
    floor=0,
    source="GNOME Aisleriot's Triple Peaks (triple-peaks.scm): the n-th card of a run scores n, a"
    " peak 15 and the last one 30, a draw costs 5 but never takes the score below 0",
)
MULTIPLIER = attrs.evolve(
    AISLERIOT,
    id="aisleriot-multiplier",
    description="Aisleriot's multiplier scoring: the n-th card of a run scores 2 to the power n-1;"
    " peaks 25, and the last one 50; draws cost nothing",
    run_points=tuple(2 ** (k - 1) for k in range(1, 29)),
    group_bonus=(25, 25, 50),
    per_draw=0,
    source="GNOME Aisleriot's Triple Peaks (triple-peaks.scm) with its option Multiplier Scoring:"
    " tally-score adds 2^(cards on the waste - 2), check-bonus 25 a peak and 50 for the last,"
    " do-deal-next-cards charges nothing",
)
PYSOL = Scoring(
    "pysol",
    "PySolFC's scored Three Peaks: a hand starts at -52; the k-th card of a run scores 2 to the"
    " power (k-1) div 4, doubled for each peak cleared; peaks score 10, 20 and 40; a win adds 10"
    " for each card left in the stock",
    per_card=0,
    runs=True,
    run_points=tuple(2 ** ((k - 1) // 4) for k in range(1, 29)),
    card_factor=(1, 2, 4, 8),
    group_bonus=(10, 20, 40),
    start=-52,
    per_stock_card_on_win=10,
    last_card_late=True,  # ThreePeaks.isGameWon scores the last card before its run counts it
    source="PySolFC's threepeaks.py (ThreePeaks, game 22216): computeHandScore, isGameWon and"
    " ThreePeaks_RowStack.clickHandler",
)
STREAKS = Scoring(
    "streaks",
    "Microsoft Solitaire Collection: a card scores 100 + 200 times its place in the streak"
    " (0 for the first after a draw); peaks 500, 1000 and 5000",
    per_card=0,
    runs=True,
    run_points=tuple(100 + 200 * place for place in range(28)),
    group_bonus=(500, 1000, 5000),
    source="descriptions of the Microsoft Solitaire Collection's TriPeaks; no rule text publishes"
    " the numbers",
)
PROFILES = {p.id: p for p in (RUNS, CLASSIC, AISLERIOT, MULTIPLIER, PYSOL, STREAKS)}


class TriPeaks(BuildOnWaste):
    """TriPeaks with its options chosen."""

    layout = LAYOUT
    passes = 1  # T9

    def __new__(cls, options: Mapping[str, OptionValue]) -> TriPeaks:
        # The option rounds plays Aisleriot's Progressive Rounds, rules of their own (rounds.py).
        if cls is TriPeaks and options.get("rounds"):
            from patience_tripeaks.rounds import ProgressiveRounds

            cls = ProgressiveRounds
        return super().__new__(cls)

    def __init__(self, options: Mapping[str, OptionValue]) -> None:
        super().__init__(options)
        self.wrap = bool(options["wrap"])  # T6; false is T13
        self.open_peaks = bool(options["open_peaks"])  # T14
        self.turn_first = not options["free_start"]  # T3; false is T15
        self.scoring = PROFILES[str(options["scoring"])]
        if self.scoring is PYSOL:  # PySolFC's scored games answer False to canUndo
            self.undo_off = "PySolFC's scored Three Peaks turns undo off (scoring=pysol)"

    def dealt_face_up(self) -> int:
        # T1: only the bottom row (the cards nothing covers) is dealt face up; T14 deals all 28 up.
        layout = self.layout
        return layout.full if self.open_peaks else layout.free_mask(layout.full)

    def solver_key(self, table: Table) -> Hashable:
        # Suits never matter: the waste top counts by its rank alone. One pass: the stock left
        # says which of its cards are still to come.
        waste = table.piles[1]
        top = RANK_OF[waste[-1]] if waste else 0
        size = len(self.layout)  # so a subclass with another layout keeps a sound key
        return table.present | len(table.piles[0]) << size | top << (size + 6)


SPEC = GameSpec(
    id="tripeaks",
    name="TriPeaks",
    description="Clear three peaks by playing free cards one rank up or down onto the waste (Hogue, 1989).",
    rules=TriPeaks,
    family="Golf",
    options=(
        Option("wrap", True, "K and A are neighbours, so Q, K, A, 2 chain (false: no wrap, as in Golf)"),
        Option("open_peaks", False, "deal all 28 cards face up, so the whole game can be planned"),
        Option(
            "free_start",
            False,
            "turn no card at the deal: any free card may start the waste while it is empty",
        ),
        Option(
            "scoring",
            "runs",
            "scoring profile: 'runs' (n-th card of a run scores n, a draw costs 5), 'classic' (runs"
            " plus peaks 15, 15, 30), 'aisleriot' (classic, never below 0 after a draw),"
            " 'aisleriot-multiplier' (Aisleriot's multiplier scoring: the n-th card of a run 2^(n-1),"
            " peaks 25, 25, 50, draws free), 'pysol'"
            " (PySolFC's Three Peaks) or 'streaks' (Microsoft Solitaire Collection)",
            choices=tuple(PROFILES),
        ),
        Option(
            "rounds",
            False,
            "Aisleriot's Progressive Rounds: a cleared layout deals a new round from all 52 cards,"
            " the score carried over; the game ends when no move is left",
        ),
    ),
    presets=(
        Preset(
            "triple-peaks-rounds",
            "Triple Peaks, Progressive Rounds",
            "GNOME Aisleriot's Triple Peaks with Progressive Rounds: round after round, its score",
            {"rounds": True, "scoring": "aisleriot"},
        ),
    ),
    since_version_1={"rounds": False},
    solver=lambda game, node_limit, time_limit: rounds_solve(game),
)


def rounds_solve(game: Game) -> SolveResult | None:
    """A game of progressive rounds is never won (a cleared layout is dealt again): the answer,
    with no search. Declines (None) for every other TriPeaks game, which the family's solver plays."""
    if not game.options.get("rounds"):
        return None
    return SolveResult(NO_WIN, nodes=1, solver="tripeaks-rounds")  # the one position it looked at


@hookimpl
def register_games(register: Callable[[GameSpec], None]) -> None:
    register(SPEC)
    register(ricochet.SPEC)
