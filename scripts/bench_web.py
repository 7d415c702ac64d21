"""The server's benchmark: moves per second and latency with 1, 10 and 50 clients at once.

    python scripts/bench_web.py [--clients 1 10 50] [--moves 200] [--runs 3]

It needs httpx (the test extra). It starts ``patience serve`` on 127.0.0.1 and a free port in
a process of its own, with a fresh data folder, and drives it from this process: each client
makes TriPeaks games and plays moves (the first legal move of the view it was sent, the version it saw with
it), dealing again when a game ends, until it has played its share. Every answer must be a
200 with one more move, or the run stops. Printed per client count: moves per second over the
whole run, and the median (p50) and 99th percentile (p99) of a move's latency, the best of
``--runs`` runs (the machine is shared, so the best run is the least disturbed one).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def client(http: httpx.AsyncClient, moves: int, seed: int, latencies: list[float]) -> None:
    played = 0
    while played < moves:
        state = (await http.post("/api/games", json={"game": "tripeaks", "seed": seed})).json()
        seed += 1_000
        while played < moves and state["view"]["status"] == "playing":
            body = {"move": state["view"]["legal_moves"][0], "version": state["version"]}
            start = time.perf_counter()
            answer = await http.post(f"/api/games/{state['id']}/moves", json=body)
            latencies.append(time.perf_counter() - start)
            if (
                answer.status_code != 200
                or len(answer.json()["view"]["moves"]) != len(state["view"]["moves"]) + 1
            ):
                raise SystemExit(f"a move failed: {answer.status_code} {answer.text[:200]}")
            state = answer.json()
            played += 1


async def run(url: str, clients: int, moves: int) -> tuple[float, float, float]:
    latencies: list[float] = []
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
        start = time.perf_counter()
        await asyncio.gather(*(client(http, moves, n + 1, latencies) for n in range(clients)))
        seconds = time.perf_counter() - start
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    return len(latencies) / seconds, statistics.median(latencies) * 1000, p99 * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description="Benchmark patience serve on 127.0.0.1.")
    parser.add_argument(
        "--clients", type=int, nargs="+", default=[1, 10, 50], help="clients at once, per run"
    )
    parser.add_argument("--moves", type=int, default=200, help="moves per client (default 200)")
    parser.add_argument("--runs", type=int, default=3, help="runs per client count; the best is printed")
    args = parser.parse_args()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    exe = Path(sysconfig.get_path("scripts")) / "patience"
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "PATIENCE_HOME": home}
        server = subprocess.Popen(
            [str(exe), "serve", "--port", str(port)], env=env, stdout=subprocess.DEVNULL
        )
        try:
            for _ in range(200):
                try:
                    httpx.get(url + "/api/games", timeout=1)
                    break
                except httpx.TransportError:
                    time.sleep(0.05)
            print(
                f"patience serve on 127.0.0.1, TriPeaks moves, {args.moves} per client,"
                f" best of {args.runs} runs"
            )
            print(f"{'clients':>8} {'moves/s':>9} {'p50 ms':>8} {'p99 ms':>8}")
            for clients in args.clients:
                results = [asyncio.run(run(url, clients, args.moves)) for _ in range(args.runs)]
                rate, p50, p99 = max(results)
                print(f"{clients:>8} {rate:>9.0f} {p50:>8.1f} {p99:>8.1f}")
        finally:
            server.terminate()
            server.wait(timeout=30)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
