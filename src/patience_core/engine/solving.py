"""What a full-information solve found: :class:`SolveResult` and its verdicts.

The value a game's own solver (``GameSpec(solver=...)``) and the solvers of
:mod:`patience_core.solver` return; it lives here, below them all, so the engine's specs and
the plugin layer's hooks can name it. No search code is here.
"""

from __future__ import annotations

from typing import Final, Literal

import attrs

Verdict = Literal["won", "no win", "unknown"]
WON: Final[Verdict] = "won"
NO_WIN: Final[Verdict] = "no win"
UNKNOWN: Final[Verdict] = "unknown"

DEFAULT_NODE_LIMIT: Final = 2_000_000


@attrs.frozen
class SolveResult:
    """What a full-information solve found.

    - ``verdict``: ``"won"`` (``line`` wins from the position solved), ``"no win"`` (proved:
      every reachable position was searched) or ``"unknown"`` (a limit stopped the search).
    - ``line``: the winning moves as move text, empty unless won.
    - ``nodes``: positions searched; ``seconds``: wall time; ``solver``: which solver ran.
    - ``reason``: why an ``"unknown"`` verdict stopped short when it was not a node or time
      limit, such as ``"out of memory: ..."``; for ``"no win"``, how it was proved when not by
      searching the game's own positions (a relaxation the solver argues is sound); empty
      otherwise.
    """

    verdict: Verdict
    line: tuple[str, ...] = ()
    nodes: int = 0
    seconds: float = 0.0
    solver: str = "generic"
    reason: str = ""

    @property
    def won(self) -> bool:
        return self.verdict == WON

    @property
    def decided(self) -> bool:
        return self.verdict != UNKNOWN

    def to_dict(self) -> dict[str, object]:
        return {
            "verdict": self.verdict,
            "line": list(self.line),
            "nodes": self.nodes,
            "seconds": self.seconds,
            "solver": self.solver,
            "reason": self.reason,
        }
