"""The Spider family's solver over a range of deals, and Freecell Solver beside it on Simple Simon.

    python scripts/bench_spider.py --game spider-1 --deals 1..200
    python scripts/bench_spider.py --game scorpion --deals 1..1000 --json out.jsonl   # a JSON line a deal
    python scripts/bench_spider.py --game simple-simon --deals 1..1000 --fc-solve     # fc-solve beside it
    python scripts/bench_spider.py --sum part1.jsonl part2.jsonl     # the figures of runs in parts

Ours: each deal solved in this process (``patience_spider.solver.solve``) at the game's default
limits (the core's, or the one its spec declares: Simple Simon's) unless ``--node-limit`` or
``--time-limit`` say otherwise, its CPU time (``time.process_time``); ``Solver:`` says whether
the search ran compiled. Every won line is replayed through the public API (``Game.play``) and
must win. Printed: won / no win / unknown with the share of each, the median, p90, p99 and max
CPU a deal and the total, positions searched, and the process's peak memory.

``--fc-solve`` (Simple Simon only) gives each deal, as dealt here, to ``fc-solve -g
simple_simon`` (Debian package freecell-solver-bin) as board text (a column a line, bottom card
first) and times the fc-solve process alone (its CPU from ``wait4``): its verdicts and times
are printed beside ours.

``--sum FILE...`` prints the same figures from the JSON lines of earlier runs (a long range run
in parts, or cut short), deals counted once each, and which deals were left unknown.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import time

from patience_spider.rules import SpiderRules
from patience_spider.solver import solve

import patience_core
from patience_core import Kind
from patience_core.engine.cards import CARD_TEXT
from patience_core.solver import default_node_limit
from patience_core.solver.builds import describe


def deal_range(text: str) -> range:
    first, _, last = text.partition("..")
    return range(int(first), int(last or first) + 1)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def board_text(game: patience_core.Game) -> str:
    """The columns as Freecell Solver reads a board: a column a line, bottom card first."""
    piles = game.table.piles
    columns = [piles[i] for i, pile in enumerate(game.rules.piles) if pile.kind == Kind.TABLEAU]
    return "".join(" ".join(CARD_TEXT[c % 52] for c in column) + "\n" for column in columns)


def fc_solve(board: str) -> tuple[str, float]:
    """Freecell Solver's verdict on a Simple Simon board and the CPU seconds of its process."""
    proc = subprocess.Popen(
        ["fc-solve", "-g", "simple_simon"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdin is not None
    assert proc.stdout is not None
    proc.stdin.write(board)
    proc.stdin.close()
    out = proc.stdout.read()
    _, _, usage = os.wait4(proc.pid, 0)
    cpu = usage.ru_utime + usage.ru_stime
    if "This game is solveable" in out:
        return "won", cpu
    if "I could not solve" in out:
        return "no win", cpu
    return "unknown", cpu


def summary(name: str, verdicts: list[str], seconds: list[float]) -> None:
    n = len(verdicts) or 1
    counts = {v: verdicts.count(v) for v in ("won", "no win", "unknown")}
    shares = ", ".join(f"{v} {c} ({100 * c / n:.1f}%)" for v, c in counts.items())
    print(f"{name}: {shares}")
    print(
        f"  CPU a deal: median {statistics.median(seconds) * 1000:.1f} ms,"
        f" p90 {percentile(seconds, 0.9) * 1000:.1f} ms,"
        f" p99 {percentile(seconds, 0.99) * 1000:.1f} ms, max {max(seconds, default=0) * 1000:.1f} ms;"
        f" total {sum(seconds):.2f} s"
    )


def print_sum(paths: list[str]) -> None:
    """The figures of earlier runs from their JSON lines (the last line of a deal counts)."""
    records: dict[int, dict[str, object]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for text in lines:
                if text.strip():
                    record = json.loads(text)
                    records[int(record["deal"])] = record
    if not records:
        raise SystemExit("no deals in " + " ".join(paths))
    rows = [records[deal] for deal in sorted(records)]
    deals = sorted(records)
    gaps = len(deals) != deals[-1] - deals[0] + 1
    print(f"deals {deals[0]}..{deals[-1]} ({len(deals)} deals{', with gaps' if gaps else ''})")
    summary("ours", [str(r["verdict"]) for r in rows], [float(str(r["cpu"])) for r in rows])
    nodes = [int(str(r["nodes"])) for r in rows]
    print(
        f"  positions searched: median {statistics.median(nodes):,.0f}, max {max(nodes):,},"
        f" total {sum(nodes):,}"
    )
    print(f"  unknown: {[r['deal'] for r in rows if r['verdict'] == 'unknown']}")
    if all("fc_solve" in r for r in rows):
        theirs = [str(r["fc_solve"]) for r in rows]
        summary("fc-solve -g simple_simon", theirs, [float(str(r["fc_solve_cpu"])) for r in rows])
        differ = [
            (r["deal"], r["verdict"], t) for r, t in zip(rows, theirs, strict=True) if r["verdict"] != t
        ]
        print(f"  verdicts differ: {len(differ)} {differ[:12]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--game", default="spider-1", help="spider, spider-1, spider-2, spiderette, scorpion, simple-simon"
    )
    parser.add_argument("--deals", default="1..200", type=deal_range, help="seeds, FIRST..LAST")
    parser.add_argument("--node-limit", type=int, default=None, help="positions a deal (the game's default)")
    parser.add_argument("--time-limit", type=float, default=None)
    parser.add_argument("--json", help="write a JSON line a deal to this file")
    parser.add_argument("--fc-solve", action="store_true", help="Freecell Solver beside ours (Simple Simon)")
    parser.add_argument("--sum", nargs="+", metavar="FILE", help="the figures of earlier --json runs")
    args = parser.parse_args()
    if args.sum:
        print_sum(args.sum)
        return
    if args.fc_solve and args.game != "simple-simon":
        raise SystemExit("fc-solve plays Simple Simon of this family only: use --game simple-simon")
    out = open(args.json, "w", encoding="utf-8") if args.json else None  # noqa: SIM115
    verdicts: list[str] = []
    seconds: list[float] = []
    nodes: list[int] = []
    theirs: list[str] = []
    their_seconds: list[float] = []
    limit = args.node_limit or default_node_limit(patience_core.find_game(args.game)[0])
    for seed in args.deals:
        game = patience_core.new_game(args.game, seed=seed)
        start = time.process_time()
        rules = game.rules
        assert isinstance(rules, SpiderRules)
        found = solve(rules, game.table, node_limit=limit, time_limit=args.time_limit)
        cpu = time.process_time() - start
        if found.verdict == "won":
            for move in found.moves:
                game.play(move)
            if not game.is_won():
                raise SystemExit(f"deal {seed}: the line does not win")
        verdicts.append(found.verdict)
        seconds.append(cpu)
        nodes.append(found.nodes)
        record: dict[str, object] = {
            "deal": seed,
            "verdict": found.verdict,
            "cpu": round(cpu, 4),
            "nodes": found.nodes,
            "moves": len(found.moves),
        }
        if args.fc_solve:
            verdict, their_cpu = fc_solve(board_text(patience_core.new_game(args.game, seed=seed)))
            theirs.append(verdict)
            their_seconds.append(their_cpu)
            record.update(fc_solve=verdict, fc_solve_cpu=round(their_cpu, 4))
        if out:
            out.write(json.dumps(record) + "\n")
            out.flush()
    if out:
        out.close()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{args.game}, deals {args.deals.start}..{args.deals.stop - 1}, node limit {limit:,}")
    print(f"Solver: {describe()}")
    summary("ours", verdicts, seconds)
    print(
        f"  positions searched: median {statistics.median(nodes):,.0f}, max {max(nodes):,};"
        f" peak memory {peak:.0f} MB"
    )
    if args.fc_solve:
        summary("fc-solve -g simple_simon", theirs, their_seconds)
        differ = [
            (seed, a, b)
            for seed, a, b in zip(args.deals, verdicts, theirs, strict=True)
            if a != b and "unknown" not in (a, b)
        ]
        print(f"  decided differently: {len(differ)} {differ[:10]}")


if __name__ == "__main__":
    main()
