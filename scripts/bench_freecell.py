"""The FreeCell family's solver over a range of deals, and Freecell Solver beside it.

    python scripts/bench_freecell.py --deals 1..1000                     # Microsoft's deals
    python scripts/bench_freecell.py --deals 1..32000 --json out.jsonl   # one JSON line a deal
    python scripts/bench_freecell.py --variant bakers-game --deals 1..1000 --numbering seed
    python scripts/bench_freecell.py --deals 1..1000 --fc-solve default  # fc-solve, a process a deal
    python scripts/bench_freecell.py --deals 1..1000 --fc-solve lg
    python scripts/bench_freecell.py --deals 1..1000 --fc-solve-range lg # fc-solve in one process

Ours: each deal solved in this process (``patience_freecell.solve``), its CPU time
(``time.process_time``) and wall time; ``Solver:`` says whether the search ran compiled.
Printed: verdicts, the median, p90, p99 and max per deal and the total, positions searched,
solution lengths (run moves and single-card moves) and the process's peak memory.

``--fc-solve MODE`` runs ``make-microsoft-freecell-board -t N | fc-solve [-l lg] -m`` for each
deal (Debian package freecell-solver-bin) and times the fc-solve process alone (its CPU from
``wait4``, its wall time, its peak memory); the length is its count of printed moves (a run
moved as one counts one). ``--fc-solve-range MODE`` runs
``freecell-solver-range-parallel-solve FIRST LAST 1 [-l lg]`` once and takes each deal's wall
time from the time stamps it prints (no process start a deal). Microsoft's deals only.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from patience_core import Deal
from patience_core.solver.builds import describe
from patience_freecell import VARIANTS, microsoft_position, pysol_position, solve
from patience_freecell.rules import Position, Variant
from patience_freecell.solver import line_moves


def deal_range(text: str) -> range:
    first, _, last = text.partition("..")
    return range(int(first), int(last or first) + 1)


def position_of(variant: Variant, numbering: str, n: int) -> Position:
    if numbering == "microsoft":
        if variant.id != "freecell":
            raise SystemExit("Microsoft's numbers deal FreeCell only: use --numbering seed or pysol")
        return microsoft_position(n)
    if numbering == "pysol":
        return pysol_position(variant, n)
    return variant.deal(Deal.from_seed(n).indices)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def summary(label: str, values: list[float], unit: str, scale: float = 1.0) -> str:
    if not values:
        return f"{label}: none"
    v = [x * scale for x in values]
    return (
        f"{label}: median {statistics.median(v):,.2f} / p90 {percentile(v, 0.9):,.2f} / "
        f"p99 {percentile(v, 0.99):,.2f} / max {max(v):,.2f} {unit}; total {sum(v) / 1000:,.2f} s"
        if unit == "ms"
        else f"{label}: median {statistics.median(v):,.0f} / p90 {percentile(v, 0.9):,.0f} / "
        f"p99 {percentile(v, 0.99):,.0f} / max {max(v):,.0f}; total {sum(v):,.0f}"
    )


def run_ours(args: argparse.Namespace, variant: Variant, out: object) -> None:
    cpu: list[float] = []
    wall: list[float] = []
    nodes: list[float] = []
    lengths: list[float] = []
    singles: list[float] = []
    verdicts: dict[str, int] = {}
    slowest = (0.0, 0)
    for n in deal_range(args.deals):
        position = position_of(variant, args.numbering, n)
        c0, w0 = time.process_time(), time.perf_counter()
        found = solve(position, variant, node_limit=args.node_limit)
        c1, w1 = time.process_time(), time.perf_counter()
        cpu.append(c1 - c0)
        wall.append(w1 - w0)
        nodes.append(found.nodes)
        verdicts[found.verdict] = verdicts.get(found.verdict, 0) + 1
        if c1 - c0 > slowest[0]:
            slowest = (c1 - c0, n)
        single = 0
        if found.won:
            lengths.append(found.length)
            single = len(_single_line(position, variant, found))
            singles.append(single)
        if out is not None:
            record = {
                "deal": n,
                "verdict": found.verdict,
                "nodes": found.nodes,
                "cpu_ms": round((c1 - c0) * 1000, 3),
                "wall_ms": round((w1 - w0) * 1000, 3),
                "length": found.length,
                "single_length": single,
            }
            print(json.dumps(record), file=out)  # type: ignore[call-overload]
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"Patience ({variant.name}, deals {args.deals}, {args.numbering} numbering)")
    print(f"Solver: {describe()}; node limit {args.node_limit:,}")
    print("Verdicts: " + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items())))
    print(summary("CPU per deal", cpu, "ms", 1000) + f" (slowest: deal {slowest[1]})")
    print(summary("Wall per deal", wall, "ms", 1000))
    print(summary("Positions searched", nodes, ""))
    print(summary("Line length, run moves", lengths, ""))
    print(summary("Line length, single cards", singles, ""))
    print(f"Peak memory: {peak:,.0f} MB (the whole process)")


def _single_line(position: Position, variant: Variant, found: object) -> tuple[object, ...]:
    # the same line, runs spelt out: cheaper than solving again
    from patience_freecell.rules import Move

    steps: list[int] = []
    n = len(position.columns)
    for move in found.moves:  # type: ignore[attr-defined]
        assert isinstance(move, Move)

        def code(pile: str) -> int:
            kind, index = pile[0], int(pile[1:]) - 1
            return index if kind == "t" else n + index if kind == "c" else 63

        steps.append(code(move.src) | code(move.dst) << 6 | move.count << 12)
    return line_moves(position, variant, steps, True)


def run_fc_solve(args: argparse.Namespace, out: object) -> None:
    preset = [] if args.fc_solve == "default" else ["-l", args.fc_solve]
    cpu: list[float] = []
    wall: list[float] = []
    memory: list[float] = []
    lengths: list[float] = []
    verdicts: dict[str, int] = {}
    for n in deal_range(args.deals):
        board = subprocess.run(
            ["make-microsoft-freecell-board", "-t", str(n)], capture_output=True, text=True, check=True
        ).stdout
        w0 = time.perf_counter()
        proc = subprocess.Popen(
            ["fc-solve", *preset, "-m"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env={**os.environ, "FREECELL_SOLVER_QUIET": "1"},
        )
        assert proc.stdin is not None
        assert proc.stdout is not None
        proc.stdin.write(board)
        proc.stdin.close()
        text = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        w1 = time.perf_counter()
        used = usage.ru_utime + usage.ru_stime
        cpu.append(used)
        wall.append(w1 - w0)
        memory.append(usage.ru_maxrss / 1024)
        verdict = (
            "won"
            if "This game is solveable" in text
            else "no win"
            if "could not solve" in text
            else "unknown"
        )
        verdicts[verdict] = verdicts.get(verdict, 0) + 1
        length = sum(1 for line in text.splitlines() if line.startswith("Move "))
        if verdict == "won":
            lengths.append(length)
        if out is not None:
            record = {
                "deal": n,
                "verdict": verdict,
                "cpu_ms": round(used * 1000, 3),
                "wall_ms": round((w1 - w0) * 1000, 3),
                "length": length,
                "max_rss_mb": round(usage.ru_maxrss / 1024, 1),
            }
            print(json.dumps(record), file=out)  # type: ignore[call-overload]
    print(f"fc-solve {' '.join(preset) or '(default settings)'}, a process a deal, deals {args.deals}")
    print("Verdicts: " + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items())))
    print(summary("CPU per deal (the fc-solve process)", cpu, "ms", 1000))
    print(summary("Wall per deal (the fc-solve process)", wall, "ms", 1000))
    print(summary("Line length (moves printed)", lengths, ""))
    print(
        f"Peak memory of one process: median {statistics.median(memory):,.1f} MB, max {max(memory):,.1f} MB"
    )


def run_fc_solve_range(args: argparse.Namespace) -> None:
    span = deal_range(args.deals)
    preset = [] if args.fc_solve_range == "default" else ["-l", args.fc_solve_range]
    command = ["freecell-solver-range-parallel-solve", str(span.start), str(span.stop - 1), "1", *preset]
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    w0 = time.perf_counter()
    text = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    w1 = time.perf_counter()
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    stamps = [float(m) for m in re.findall(r"at (\d+\.\d+)", text)]
    iters = [int(m) for m in re.findall(r"total_num_iters=(\d+)", text)]
    per = [b - a for a, b in itertools.pairwise(stamps)]
    steps = [b - a for a, b in zip([0, *iters], iters, strict=False)]
    used = (c1.ru_utime + c1.ru_stime) - (c0.ru_utime + c0.ru_stime)
    print(f"{' '.join(command)}: one process, {len(per)} deals")
    print(summary("Wall per deal (from its time stamps)", per, "ms", 1000))
    print(summary("Positions checked (its iterations)", [float(s) for s in steps], ""))
    print(
        f"CPU of the whole run: {used:,.2f} s; wall {w1 - w0:,.2f} s;"
        f" peak memory {c1.ru_maxrss / 1024:,.0f} MB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1..1000", help="a range such as 1..1000")
    parser.add_argument("--variant", default="freecell", choices=sorted(VARIANTS))
    parser.add_argument("--numbering", default=None, choices=("microsoft", "seed", "pysol"))
    parser.add_argument("--node-limit", type=int, default=2_000_000)
    parser.add_argument("--json", help="write one JSON line a deal to this file ('-': standard output)")
    parser.add_argument(
        "--fc-solve", choices=("default", "lg"), help="run fc-solve instead, a process a deal"
    )
    parser.add_argument(
        "--fc-solve-range", choices=("default", "lg"), help="run fc-solve's range solver once"
    )
    args = parser.parse_args()
    variant = VARIANTS[args.variant]
    if args.numbering is None:
        args.numbering = "microsoft" if variant.id == "freecell" else "seed"
    out = None
    if args.json:
        out = sys.stdout if args.json == "-" else Path(args.json).open("w", encoding="utf-8")  # noqa: SIM115
    if args.fc_solve_range:
        run_fc_solve_range(args)
    elif args.fc_solve:
        run_fc_solve(args, out)
    else:
        run_ours(args, variant, out)


if __name__ == "__main__":
    main()
