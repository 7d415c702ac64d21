"""How FreeCell's meta threads were chosen (docs/solver.md, "FreeCell's own threads").

    python scripts/choose_freecell_threads.py count --deals 1..3000 --out counts.jsonl
    python scripts/choose_freecell_threads.py choose counts.jsonl --train 1..2000 --check 2001..3000
    python scripts/choose_freecell_threads.py add counts.jsonl --train 1..2000 --check 2001..3000

``count`` runs each candidate thread alone (no other thread, no complete thread) on
Microsoft's deals, to ``--limit`` positions, and writes a JSON line a deal: the positions each
candidate needed to win, negative where it did not win within the limit. It uses every core.

``choose`` reckons a portfolio's positions on a deal from those counts (each thread keeps its
own table, so the threads do not meet: they take turns of ``QUOTA`` positions, the complete
thread ``COMPLETE_QUOTA``, until one reaches its count), then, from the five default threads,
adds, removes, swaps and replaces threads while that lowers the slowest deal plus four times
the 99th percentile (plus a little of the median and the total) over the ``--train`` deals. It
prints each step with the figures on the ``--check`` deals, which play no part in the choice.

``add`` starts from the first eight of FreeCell's threads and tries each other candidate in
every place among them, or in place of one of them, and prints the tries with the fewest
positions in all over the ``--train`` deals (the ninth thread was added so), with their figures
on the ``--check`` deals.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from multiprocessing import Pool

from patience_core.solver.memory import check_memory
from patience_freecell import solver
from patience_freecell.deals import microsoft_position
from patience_freecell.rules import FREECELL
from patience_freecell.solver import DEFAULT_THREADS, MetaThread

_search = solver._search
NEVER = 10**9
"""The count of a thread that did not win within the limit."""


def candidates() -> list[MetaThread]:
    """The five default threads, the rated thread with other weights and seeds, the shuffled
    thread with other seeds (83 threads), then threads with moves that free a card (16): 99
    threads, always in this order."""
    rated = (solver._rated(*solver._PRODUCTIVE),)
    found = list(DEFAULT_THREADS)
    weights = [
        (3, 2, 4, 1, 1, 3),
        (3, 1, 3, 2, 2, 3),
        (3, 2, 4, 1, 2, 3),
        (4, 2, 4, 1, 1, 3),
        (3, 2, 4, 2, 1, 3),
        (3, 1, 4, 1, 1, 5),
        (2, 2, 3, 1, 1, 2),
        (3, 1, 3, 2, 3, 3),
        (3, 0, 3, 2, 2, 3),
    ]
    for w in weights:
        for seed in (3333, 44250, 7777, 1, 2, 3):
            thread = MetaThread(rated, w, seed)
            if thread not in found:
                found.append(thread)
    shuffled = DEFAULT_THREADS[3]
    for seed in (5, 6, 7, 11, 12, 13, 14, 15, 16, 17, 18):
        found.append(MetaThread(shuffled.groups, shuffled.weights, seed))
    for w in [(3, 1, 4, 1, 1, 5), (3, 2, 4, 1, 1, 3), (3, 1, 3, 2, 3, 3), (2, 2, 3, 1, 1, 2)]:
        for seed in (11, 12, 13, 14):
            found.append(MetaThread(rated, w, seed))
    # Threads that also move a card alone into a free cell or an empty column, or a run onto
    # another parent: the moves that free a card without a purpose named in advance. Rated
    # together with the purposeful moves ("wide"), or tried at a frame only once those have
    # run out ("fallback").
    freeing = solver._FREEING
    wide = (solver._rated(*solver._PRODUCTIVE, *freeing),)
    fallback = (rated[0], solver._rated(*freeing, _search.EMPTY_COLUMN, _search.CELL_EMPTY))
    for groups in (wide, fallback):
        for w in [(2, 2, 3, 1, 1, 2), (3, 1, 3, 2, 3, 3), (3, 2, 4, 1, 1, 3), (3, 1, 4, 1, 1, 5)]:
            for seed in (13, 3333):
                found.append(MetaThread(groups, w, seed))
    return found


_LIMIT = [20_000]


def alone(deal: int, thread: MetaThread, limit: int) -> int:
    """The positions ``thread`` alone needs to win Microsoft's deal, negative if it does not
    within ``limit``."""
    status, nodes = _search.search(
        *solver.search_position(microsoft_position(deal), FREECELL),
        [thread.program()],
        [thread.seed],
        [list(thread.weights)],
        False,
        limit,
        0,
        limit,
        0.0,
        [],
        check_memory,
    )
    return nodes if status == _search.WON else -nodes


def _count(deal: int) -> tuple[int, list[int]]:
    return deal, [alone(deal, thread, _LIMIT[0]) for thread in candidates()]


def _init(limit: int) -> None:
    _LIMIT[0] = limit


def deal_range(text: str) -> range:
    lo, _, hi = text.partition("..")
    return range(int(lo), int(hi or lo) + 1)


def reckon(counts: Sequence[int], order: Sequence[int], quota: int, complete_quota: int) -> int:
    """The positions a portfolio of the threads ``order`` searches on a deal."""
    spent = [0] * len(order)
    total = 0
    while total < 2_000_000:
        for k, t in enumerate(order):
            need = counts[t] - spent[k]
            if need <= quota:
                return total + need
            spent[k] += quota
            total += quota
        total += complete_quota
    return total


def figures(rows: list[list[int]], order: Sequence[int]) -> tuple[int, int, int, int, int]:
    """Median, p90, p99, max and total positions of a portfolio over deals."""
    s = sorted(reckon(r, order, solver.QUOTA, solver.COMPLETE_QUOTA) for r in rows)
    n = len(s)
    return s[n // 2], s[int(n * 0.9)], s[int(n * 0.99)], s[-1], sum(s)


def _score(f: tuple[int, int, int, int, int]) -> float:
    median, _, p99, most, total = f
    return most + 4 * p99 + total / 400 + 5 * median


def one_more(order: Sequence[int], candidates: int) -> list[list[int]]:
    """``order`` with each candidate not in it put in each place, or in place of each thread."""
    tries: list[list[int]] = []
    for t in range(candidates):
        if t not in order:
            tries += [[*order[:p], t, *order[p:]] for p in range(len(order) + 1)]
            tries += [[*order[:p], t, *order[p + 1 :]] for p in range(len(order))]
    return tries


def choose(rows: list[list[int]], check: list[list[int]], most_threads: int) -> list[int]:
    order = list(range(len(DEFAULT_THREADS)))
    best = _score(figures(rows, order))
    print("start", order, figures(rows, order), "check", figures(check, order), flush=True)
    improved = True
    while improved:
        improved = False
        tries = one_more(order, len(rows[0]))
        tries += [order[:p] + order[p + 1 :] for p in range(len(order))]
        for i in range(len(order)):
            for j in range(i + 1, len(order)):
                swapped = list(order)
                swapped[i], swapped[j] = swapped[j], swapped[i]
                tries.append(swapped)
        for tried in tries:
            if tried and len(tried) <= most_threads:
                score = _score(figures(rows, tried))
                if score < best:
                    best, order, improved = score, tried, True
        print("step", order, figures(rows, order), "check", figures(check, order), flush=True)
    return order


def add(rows: list[list[int]], check: list[list[int]], first: Sequence[int], shown: int = 5) -> list[int]:
    """The best of ``first`` with one more thread, or one thread replaced, by the total."""
    tries = one_more(first, len(rows[0]))
    print("start", list(first), figures(rows, first), "check", figures(check, first), flush=True)
    ranked = sorted(tries, key=lambda tried: figures(rows, tried)[4])
    for tried in ranked[:shown]:
        print("try", tried, figures(rows, tried), "check", figures(check, tried), flush=True)
    return ranked[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    count = sub.add_parser("count", help="each candidate alone on each deal")
    count.add_argument("--deals", default="1..3000")
    count.add_argument("--limit", type=int, default=20_000)
    count.add_argument("--out", required=True)
    pick = sub.add_parser("choose", help="choose a portfolio from the counts")
    pick.add_argument("counts")
    pick.add_argument("--train", default="1..2000")
    pick.add_argument("--check", default="2001..3000")
    pick.add_argument("--most", type=int, default=8, help="at most this many meta threads")
    more = sub.add_parser("add", help="FreeCell's first eight threads and one more")
    more.add_argument("counts")
    more.add_argument("--train", default="1..2000")
    more.add_argument("--check", default="2001..3000")
    args = parser.parse_args()
    if args.command == "count":
        with Pool(initializer=_init, initargs=(args.limit,)) as pool, open(args.out, "w") as out:
            for deal, counts in pool.imap(_count, deal_range(args.deals), chunksize=10):
                out.write(json.dumps({"deal": deal, "n": counts}) + "\n")
        return
    with open(args.counts) as counts_file:
        lines = [json.loads(line) for line in counts_file]

    def rows(span: range) -> list[list[int]]:
        # a deal no candidate wins within the limit tells nothing about the order
        return [
            [n if n > 0 else NEVER for n in r["n"]] for r in lines if r["deal"] in span and max(r["n"]) > 0
        ]

    threads = candidates()
    if args.command == "add":
        first = [threads.index(t) for t in solver.FREECELL_THREADS[:8]]
        order = add(rows(deal_range(args.train)), rows(deal_range(args.check)), first)
    else:
        order = choose(rows(deal_range(args.train)), rows(deal_range(args.check)), args.most)
    for t in order:
        print(threads[t])


if __name__ == "__main__":
    main()
