"""The Klondike solver over a range of our numbered deals: verdicts, CPU time, memory.

    python scripts/bench_klondike.py --draw 3 --deals 1..1000              # thoughtful Klondike
    python scripts/bench_klondike.py --draw 1 --deals 1..1000
    python scripts/bench_klondike.py --draw 3 --node-limit 1000000         # a lower limit
    python scripts/bench_klondike.py --draw 3 --tries 0                    # no short searches first
    python scripts/bench_klondike.py --draw 1 --deals 153,186,225..230     # some deals
    python scripts/bench_klondike.py --draw 3 --deals 1..1000 --json out.jsonl
    python scripts/bench_klondike.py --summarize part1.jsonl part2.jsonl    # runs over parts of a range

Each deal (``klondike_deal(n)``, our deal ``n``) is solved in this process with
``solve_full_information`` at its default limits unless ``--node-limit`` or ``--time-limit``
says otherwise; its CPU time is ``time.process_time`` around the call. Printed: won / no win /
unknown (and the unknown deals' numbers), the median, p90, p99 and max CPU time a deal and the
total, positions searched, the won share with its 95% interval, and the process's peak memory.
``Solver:`` says whether the search ran compiled.
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import statistics
import sys
import time
from pathlib import Path

from patience_core.solver.builds import describe
from patience_klondike import Variant, klondike_deal, solve_full_information
from patience_klondike.solver import DEFAULT_NODE_LIMIT


def deal_range(text: str) -> list[int]:
    """The deals of ``text``: ranges and single deals separated by commas (``1..300,413,509``)."""
    deals: list[int] = []
    for part in text.split(","):
        first, _, last = part.strip().partition("..")
        deals.extend(range(int(first), int(last or first) + 1))
    return deals


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def summary(label: str, values: list[float], unit: str) -> str:
    v = values
    if unit == "ms":
        return (
            f"{label}: median {statistics.median(v):,.2f} / p90 {percentile(v, 0.9):,.2f} / "
            f"p99 {percentile(v, 0.99):,.2f} / max {max(v):,.2f} ms; total {sum(v) / 1000:,.2f} s"
        )
    return (
        f"{label}: median {statistics.median(v):,.0f} / p90 {percentile(v, 0.9):,.0f} / "
        f"p99 {percentile(v, 0.99):,.0f} / max {max(v):,.0f}; total {sum(v):,.0f}"
    )


def report(records: list[dict[str, object]], peak_mb: float) -> None:
    """Print the figures for ``records`` (one a deal, as written with ``--json``)."""
    cpu = [float(r["cpu_ms"]) for r in records]  # type: ignore[arg-type]
    nodes = [float(r["nodes"]) for r in records]  # type: ignore[arg-type]
    count = {v: sum(1 for r in records if r["verdict"] == v) for v in ("won", "no win", "unknown")}
    unknown = [str(r["deal"]) for r in records if r["verdict"] == "unknown"]
    slowest = max(records, key=lambda r: float(r["cpu_ms"]))  # type: ignore[arg-type]
    share = count["won"] / len(records)
    half = 1.96 * math.sqrt(share * (1 - share) / len(records))
    print(
        f"Verdicts: won {count['won']}, no win {count['no win']}, unknown {count['unknown']}"
        + (f" (deals {', '.join(unknown)})" if unknown else "")
    )
    print(f"Won: {100 * share:.1f}% +- {100 * half:.1f} (95% interval, unknown counted as not won)")
    print(summary("CPU per deal", cpu, "ms") + f" (slowest: deal {slowest['deal']})")
    print(summary("Positions searched", nodes, ""))
    print(f"Peak memory: {peak_mb:,.0f} MB (the whole process)" if peak_mb else "Peak memory: not recorded")


def summarize(paths: list[str]) -> None:
    """The figures over the deals in JSON-lines files written with ``--json`` (by runs over
    parts of a range, say), each deal counted once."""
    records: dict[int, dict[str, object]] = {}
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            records[record["deal"]] = record
    deals = sorted(records)
    print(f"{len(deals)} deals from {deals[0]} to {deals[-1]}, from {', '.join(paths)}")
    peak = max(float(r.get("peak_mb", 0.0)) for r in records.values())  # type: ignore[arg-type]
    report([records[n] for n in deals], peak)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--deals", default="1..1000", help="ranges and deals, comma-separated: 1..1000 or 186,225,313"
    )
    parser.add_argument("--draw", type=int, default=3)
    parser.add_argument("--redeals", type=int, default=None, help="redeals allowed (default: no limit)")
    parser.add_argument("--node-limit", type=int, default=DEFAULT_NODE_LIMIT)
    parser.add_argument("--time-limit", type=float, default=None, help="seconds a deal")
    parser.add_argument(
        "--tries", type=int, default=None, help="short searches in other orders first (default: the rules')"
    )
    parser.add_argument("--json", help="write one JSON line a deal to this file ('-': standard output)")
    parser.add_argument("--summarize", nargs="+", metavar="FILE", help="print the figures of --json files")
    args = parser.parse_args()
    if args.summarize:
        summarize(args.summarize)
        return
    variant = Variant(draw=args.draw, redeals=args.redeals)
    out = None
    if args.json:
        out = sys.stdout if args.json == "-" else Path(args.json).open("w", encoding="utf-8")  # noqa: SIM115
    records: list[dict[str, object]] = []
    for n in deal_range(args.deals):
        position = klondike_deal(n)
        c0 = time.process_time()
        found = solve_full_information(
            position, variant, node_limit=args.node_limit, time_limit=args.time_limit, tries=args.tries
        )
        used = time.process_time() - c0
        record: dict[str, object] = {
            "deal": n,
            "verdict": found.verdict,
            "nodes": found.nodes,
            "cpu_ms": round(used * 1000, 3),
            "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        }
        records.append(record)
        if out is not None:
            print(json.dumps(record), file=out, flush=True)  # type: ignore[call-overload]
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    limits = f"node limit {args.node_limit:,}" + (
        f", time limit {args.time_limit:g} s" if args.time_limit is not None else ""
    )
    if args.tries is not None:
        limits += f", {args.tries} short searches first"
    redeals = "no limit on redeals" if args.redeals is None else f"{args.redeals} redeals"
    print(f"Klondike, draw {args.draw}, {redeals}, deals {args.deals}")
    print(f"Solver: {describe()}; {limits}")
    report(records, peak)


if __name__ == "__main__":
    main()
