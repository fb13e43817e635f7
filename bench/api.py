"""Latency of the HTTP API under load: ``POST /v1/deduce`` against ``GET /healthz``.

Starts ``deduce serve`` on a free loopback port, then four clients (threads, each with its
own keep-alive connection) send requests that alternate between the two endpoints, so
both are measured side by side under the same load. ``/v1/deduce`` gets mid-game queries
with four clues (the Dark Lady's suit and four other cards, by id or typed from the
table; seeded). ``/healthz`` does no work, so it is the floor of what the server, the
event loop and HTTP cost. Printed: p50 and p99 per endpoint in milliseconds, and the
ratio p99(deduce) / p99(healthz) (the goal is at most 3). Two workloads are measured
against the same server: open queries, and the same queries with a misread typed card
that makes the clues contradict each other (the answer then names the smallest set of
conflicting clues).

    .venv/bin/python -m bench.api [--clients 4] [--requests 400] [--seconds 60] [--cards FILE]

Loopback only; the run stops by itself after ``--requests`` per client and endpoint or
``--seconds``, whichever comes first, and then stops the server.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from api.browser import free_port
from deduce.shipped import load_cards
from deduce.who.cards import CardSet
from deduce.who.deduction import deduce
from deduce.who.query import parse_query

HOST = "127.0.0.1"
WARM_UP = 30  # requests per client and endpoint, not counted
#: Seconds the server has to answer ``/healthz`` (its workers import the service: long on a busy machine).
START_SECONDS = 90


def four_clue_queries(cards: CardSet, count: int = 64, seed: int = 1600) -> list[dict[str, Any]]:
    """Queries a player sends mid-game: her suit and four other revealed cards."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        dark = rng.choice(cards.ladies)
        deck = [lady for lady in cards.ladies if lady.suit != dark.suit]
        clues = []
        for lady in rng.sample(deck, 4):
            if rng.random() < 0.3:
                clues.append({"traits": list(lady.traits), "counts": sorted(lady.key[dark.suit])})
            else:
                clues.append({"card": lady.id})
        out.append({"suit": dark.suit, "clues": clues})
    return out


def contradicting(cards: CardSet, queries: list[dict[str, Any]], seed: int = 1601) -> list[dict[str, Any]]:
    """Each query with one more typed card whose key entry was misread, so that the clues conflict."""
    rng = random.Random(seed)
    out = []
    for doc in queries:
        while True:
            misread = {"traits": rng.sample(cards.trait_ids, cards.traits_per_lady),
                       "counts": [rng.randint(0, cards.traits_per_lady)]}
            bad = {**doc, "clues": [*doc["clues"], misread]}
            if deduce(cards, parse_query(cards, bad)).status == "contradiction":
                out.append(bad)
                break
    return out


def start_server(cards: str | None, *flags: str, tree: Path | None = None) -> tuple[subprocess.Popen[str], str]:
    """``deduce serve`` (with ``flags``) on a free loopback port, once it answers ``/healthz`` and
    each of its workers (``--workers``) has started: one answers before the others are ready.
    ``tree``: the project's source tree to serve (another version of it, e.g. a ``git archive``),
    run with this virtualenv's Python; else this one."""
    port = free_port()
    program = [sys.executable, "-m", "deduce"] if tree else [str(Path(sys.executable).with_name("deduce"))]
    command = [*program, "serve", "--host", HOST, "--port", str(port), *flags]
    if cards:
        command += ["--cards", cards]
    env = {**os.environ, "PYTHONPATH": str(tree)} if tree else None
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=tree, env=env)
    base = f"http://{HOST}:{port}"
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"deduce serve exited: {proc.stderr.read() if proc.stderr else ''}")
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                workers = int(flags[flags.index("--workers") + 1]) if "--workers" in flags else 1
                started = 0
                while started < workers and proc.stderr is not None:  # uvicorn's log: a line per worker started
                    started += "Application startup complete" in proc.stderr.readline()
                return proc, base
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"deduce serve did not come up within {START_SECONDS} s")


def client(base: str, queries: list[dict[str, Any]], requests: int, stop_at: float, seed: int,
           out: dict[str, list[float]], lock: threading.Lock) -> None:
    """Alternate deduce and healthz requests; record each latency in seconds."""
    rng = random.Random(seed)
    mine: dict[str, list[float]] = {"deduce": [], "healthz": []}
    with httpx.Client(base_url=base, timeout=30) as http:
        for i in range(WARM_UP + requests):
            if time.monotonic() > stop_at:
                break
            for name in ("deduce", "healthz") if i % 2 else ("healthz", "deduce"):
                start = time.perf_counter()
                if name == "deduce":
                    response = http.post("/v1/deduce", json=rng.choice(queries))
                else:
                    response = http.get("/healthz")
                elapsed = time.perf_counter() - start
                if response.status_code != 200:
                    raise SystemExit(f"{name}: HTTP {response.status_code}: {response.text[:200]}")
                if i >= WARM_UP:
                    mine[name].append(elapsed)
    with lock:
        for name, values in mine.items():
            out[name].extend(values)


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def measure(base: str, queries: list[dict[str, Any]], args: argparse.Namespace) -> tuple[dict[str, list[float]], float]:
    """Latencies per endpoint of ``args.clients`` clients sending these queries, and the wall time."""
    out: dict[str, list[float]] = {"deduce": [], "healthz": []}
    lock = threading.Lock()
    stop_at = time.monotonic() + args.seconds
    threads = [threading.Thread(target=client, args=(base, queries, args.requests, stop_at, seed, out, lock))
               for seed in range(args.clients)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out, time.perf_counter() - started


def report(title: str, out: dict[str, list[float]], wall: float) -> None:
    total = sum(len(v) for v in out.values())
    print(f"{title}: {total} timed requests in {wall:.1f} s ({total / wall:.0f}/s, warm-up excluded)")
    print(f"{'endpoint':<22}{'requests':>9}{'p50 ms':>9}{'p99 ms':>9}{'mean ms':>9}")
    for name, label in (("deduce", "POST /v1/deduce"), ("healthz", "GET /healthz")):
        v = out[name]
        print(f"{label:<22}{len(v):>9}{percentile(v, 50) * 1e3:>9.2f}{percentile(v, 99) * 1e3:>9.2f}"
              f"{statistics.fmean(v) * 1e3:>9.2f}")
    p50 = percentile(out["deduce"], 50) / percentile(out["healthz"], 50)
    p99 = percentile(out["deduce"], 99) / percentile(out["healthz"], 99)
    print(f"ratio deduce/healthz: p50 {p50:.2f}x, p99 {p99:.2f}x (goal: p99 at most 3x)")


def main() -> None:
    parser = argparse.ArgumentParser(prog="bench.api", description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--requests", type=int, default=400, help="per client and endpoint")
    parser.add_argument("--seconds", type=float, default=60, help="stop measuring each workload after this long")
    parser.add_argument("--cards", metavar="FILE", help="card set (default: the shipped one)")
    args = parser.parse_args()

    cards = load_cards(args.cards)
    queries = four_clue_queries(cards)
    workloads = (("open queries, four clues", queries),
                 ("contradictions, five clues (one misread)", contradicting(cards, queries)))
    proc, base = start_server(args.cards)
    try:
        print(f"deduce serve on {base}, card set {cards.name!r}; {args.clients} clients")
        for title, docs in workloads:
            report(title, *measure(base, docs, args))
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    main()
