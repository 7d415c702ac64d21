"""Canfield's win rate over a range of deals, by the Klondike family's full-information solver.

    python scripts/bench_canfield.py --deals 1..1000                      # Solvitaire's rules
    python scripts/bench_canfield.py --deals 1..1000 --rules canfield     # the game's own rules
    python scripts/bench_canfield.py --deals 1..200 --node-limit 2000000
    python scripts/bench_canfield.py --deals 6,12,40..42 --verbose       # some deals

Each deal is our numbered deal (``patience_klondike.canfield_deal``, the game ``canfield``'s
``--seed N``), solved in this process. ``--rules solvitaire`` (the default) is Canfield as
Solvitaire states it, whose win rate Blake and Gent published (71.245% +- 0.031%): columns
build down from the base rank and never across it. ``--rules canfield`` is the game's own
(PySolFC's and Aisleriot's building round the corner), ``--rules pysol`` adds PySolFC's
whole-column-or-top-card moves. Printed: verdicts, the win rate among decided deals with its
95% interval (Wilson), CPU per deal (median, p99, max, total) and whether the search ran
compiled.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from patience_core import parse_seeds
from patience_core.solver.builds import describe
from patience_klondike import (
    CANFIELD,
    CANFIELD_PYSOL,
    CANFIELD_SOLVITAIRE,
    DEFAULT_NODE_LIMIT,
    canfield_deal,
    solve_full_information,
)

RULES = {"solvitaire": CANFIELD_SOLVITAIRE, "canfield": CANFIELD, "pysol": CANFIELD_PYSOL}


def wilson(won: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a rate of ``won`` in ``n`` (Wilson's score interval)."""
    if n == 0:
        return 0.0, 1.0
    p = won / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1..100", help="deal numbers, such as 1..1000 or 6,12,40..42")
    parser.add_argument("--rules", choices=sorted(RULES), default="solvitaire")
    parser.add_argument("--node-limit", type=int, default=DEFAULT_NODE_LIMIT)
    parser.add_argument("--time-limit", type=float, default=None, help="seconds a deal")
    parser.add_argument("--verbose", action="store_true", help="one line a deal")
    args = parser.parse_args()
    variant = RULES[args.rules]
    counts = {"won": 0, "no win": 0, "unknown": 0}
    cpu: list[float] = []
    seeds = [seed for part in args.deals.split(",") for seed in parse_seeds(part.strip())]
    for seed in seeds:
        start = time.process_time()
        result = solve_full_information(canfield_deal(seed), variant, args.node_limit, args.time_limit)
        cpu.append(time.process_time() - start)
        counts[result.verdict] += 1
        if args.verbose:
            print(seed, result.verdict, result.nodes, f"{cpu[-1]:.3f}", flush=True)
    decided = counts["won"] + counts["no win"]
    low, high = wilson(counts["won"], decided)
    cpu.sort()
    print(f"Solver: {describe()}")
    print(f"Rules: {args.rules}; deals {args.deals}: {counts}")
    if decided:
        print(
            f"Won {counts['won']} of {decided} decided: {100 * counts['won'] / decided:.2f}%"
            f" (95%: {100 * low:.2f}% to {100 * high:.2f}%)"
        )
    if cpu:
        p99 = cpu[min(len(cpu) - 1, math.ceil(0.99 * len(cpu)) - 1)]
        print(
            f"CPU a deal: median {statistics.median(cpu):.3f} s, p99 {p99:.3f} s, max {cpu[-1]:.3f} s;"
            f" total {sum(cpu):.1f} s"
        )


if __name__ == "__main__":
    main()
