"""Black Hole and All in a Row beside black-hole-solver, on PySolFC's deal numbers.

Runs Patience's column search (``patience solve GAME --pysol-seeds A..B --json``, its
``cpu_ms`` per deal) and black-hole-solver (one process a deal on the board pysol-cards writes,
its CPU time as ``wait4`` reports it) in turns, ``--runs`` times each, and prints for each run
the verdicts and the median, p90, p99, max and total CPU per deal, then whether the verdicts
agree. black-hole-solver is built from its own repository by its INSTALL file; pass the binary
with ``--bhs``::

    python scripts/bench_black_hole.py --game black-hole --deals 1..1000 --bhs ./black-hole-solve

``--jobs N`` splits the range into N parts solved at once (each deal's CPU time is still its
own), for a machine too busy to give one stream the hours black-hole-solver needs; ``--solvers``
runs one of the two alone.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

GAMES = {"black-hole": "black_hole", "all-in-a-row": "all_in_a_row"}


def boards(game: str, first: int, last: int, into: Path) -> list[Path]:
    """pysol-cards' boards of PySolFC's deals ``first..last``, as black-hole-solver reads them."""
    from pysol_cards.cards import CardRenderer
    from pysol_cards.deal_game import Game
    from pysol_cards.random_base import RandomBase

    out = []
    for n in range(first, last + 1):
        text = Game(GAMES[game], n, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
        path = into / f"d{n}.board"
        path.write_text(text)
        out.append(path)
    return out


def theirs(binary: str, game: str, paths: list[Path]) -> tuple[list[str], list[float]]:
    verdicts, cpu = [], []
    for path in paths:
        proc = subprocess.Popen(
            [binary, "--game", GAMES[game], str(path)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        out = proc.stdout.read().decode() if proc.stdout else ""
        _, _, usage = os.wait4(proc.pid, 0)
        cpu.append((usage.ru_utime + usage.ru_stime) * 1000)
        verdicts.append("won" if "Solved!" in out else "no win" if "Unsolved!" in out else "unknown")
    return verdicts, cpu


def ours(game: str, first: int, last: int) -> tuple[list[str], list[float]]:
    command = ["solve", game, "--pysol-seeds", f"{first}..{last}", "--json"]
    out = subprocess.run(
        [sys.executable, "-m", "patience_core.cli", *command],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    deals = json.loads(out)["deals"]
    return [d["verdict"] for d in deals], [d["cpu_ms"] for d in deals]


def parts(first: int, last: int, jobs: int) -> list[tuple[int, int]]:
    """``first..last`` cut into ``jobs`` contiguous parts of nearly equal size."""
    n = last - first + 1
    jobs = max(1, min(jobs, n))
    cuts = [first + n * i // jobs for i in range(jobs + 1)]
    return [(cuts[i], cuts[i + 1] - 1) for i in range(jobs)]


def one_run(
    name: str, args: argparse.Namespace, paths: list[Path], a: int, b: int
) -> tuple[list[str], list[float]]:
    """One run of one solver over ``a..b``, in ``args.jobs`` parts at once."""
    chunks = parts(a, b, args.jobs)

    def one(chunk: tuple[int, int]) -> tuple[list[str], list[float]]:
        if name == "patience":
            return ours(args.game, *chunk)
        return theirs(args.bhs, args.game, paths[chunk[0] - a : chunk[1] - a + 1])

    verdicts: list[str] = []
    cpu: list[float] = []
    with ThreadPoolExecutor(len(chunks)) as pool:
        for v, c in pool.map(one, chunks):
            verdicts += v
            cpu += c
    return verdicts, cpu


def figures(verdicts: list[str], cpu: list[float]) -> str:
    s = sorted(cpu)

    def at(q: float) -> float:
        return s[min(len(s) - 1, int(q * len(s)))]

    won = verdicts.count("won")
    lost = verdicts.count("no win")
    return (
        f"won {won}, no win {lost}, unknown {len(verdicts) - won - lost}; CPU ms median {at(0.5):.2f}, "
        f"p90 {at(0.9):.1f}, p99 {at(0.99):.1f}, max {s[-1]:.1f}, total {sum(s) / 1000:.1f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="black-hole")
    parser.add_argument("--deals", default="1..1000", help="PySolFC's deal numbers, A..B")
    parser.add_argument("--bhs", default="", help="the black-hole-solve binary")
    parser.add_argument("--runs", type=int, default=2, help="turns of each solver")
    parser.add_argument("--jobs", type=int, default=1, help="parts of the range solved at once")
    parser.add_argument("--solvers", choices=["both", "patience", "bhs"], default="both")
    args = parser.parse_args()
    if args.solvers != "patience" and not args.bhs:
        parser.error("--bhs names the black-hole-solve binary (or run --solvers patience)")
    first, _, last = args.deals.partition("..")
    a, b = int(first), int(last or first)
    with tempfile.TemporaryDirectory() as tmp:
        paths = boards(args.game, a, b, Path(tmp))
        seen: dict[str, list[str]] = {}
        for run in range(1, args.runs + 1):
            for name in ("patience", "bhs"):
                if args.solvers not in ("both", name):
                    continue
                verdicts, cpu = one_run(name, args, paths, a, b)
                seen[name] = verdicts
                print(f"run {run} {name:8} {figures(verdicts, cpu)}", flush=True)
            # After every run, so that a sitting stopped before its last run still compares.
            if len(seen) == 2:
                pairs = zip(seen["patience"], seen["bhs"], strict=True)
                differ = [a + i for i, (x, y) in enumerate(pairs) if x != y]
                listed = f": {differ[:20]}" if differ else ""
                print(f"run {run} verdicts differ on {len(differ)} deals{listed}", flush=True)


if __name__ == "__main__":
    main()
