"""``GET /healthz`` while the service is attacked: its p99 idle, and under expensive requests.

Starts ``deduce serve`` (audits allowed up to 1000 estimated seconds, so that the costliest
card set the audit accepts really runs, until its 30 s time limit), measures ``/healthz``
alone, then again while other clients keep sending, side by side:

- the costliest card set to ``POST /v1/audit`` (20-card decks, keys that allow every count:
  about 45 s of enumeration, run in a child process and stopped at the time limit);
- 1 MB ``POST /v1/deduce`` bodies with 60,000 unknown suits (each a 422 of 51 problems);
- 1 MB of YAML to ``POST /v1/audit`` (a long list, parsed and refused in a child process).

The attackers run in processes of their own at a low CPU priority (they stand for clients on
other machines; on a 2-core machine their own work would otherwise be what is measured).

Printed: p50 and p99 of ``/healthz`` in milliseconds, idle and under load, and the ratio of
the two p99 (the goal of issue 11: at most 3x).

    .venv/bin/python -m bench.load [--requests 1000] [--attackers 2] [--kinds audit,deduce,yaml]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import time
from collections.abc import MutableMapping
from typing import Any, Protocol

import httpx

from bench.api import percentile, start_server


def worst_card_set(suits: int = 11, traits: int = 16, per: int = 8) -> dict[str, Any]:
    """The costliest card set the audit accepts: 20-card decks, and keys that allow every count,
    so that the suit card leaves every one of the 12,870 trait sets (about 45 s of enumeration)."""
    rng = random.Random(1)
    trait_ids = [f"t{i}" for i in range(traits)]
    suit_ids = [f"s{i}" for i in range(suits)]
    return {"schema": 1, "name": "worst", "traits_per_lady": per,
            "traits": [{"id": t} for t in trait_ids], "suits": [{"id": s} for s in suit_ids],
            "ladies": [{"id": f"l{i}", "suit": suit_ids[i // 2], "traits": rng.sample(trait_ids, per),
                        "key": {s: list(range(per + 1)) for s in suit_ids}} for i in range(2 * suits)]}


class EventLike(Protocol):
    def is_set(self) -> bool: ...


CountsLike = MutableMapping[str, int]


def healthz_latencies(base: str, requests: int) -> list[float]:
    """``requests`` sequential ``GET /healthz`` on one keep-alive connection, in seconds."""
    out = []
    with httpx.Client(base_url=base, timeout=60) as http:
        for _ in range(requests):
            start = time.perf_counter()
            assert http.get("/healthz").status_code == 200
            out.append(time.perf_counter() - start)
            time.sleep(0.01)
    return out


def attack(base: str, kind: str, stop: EventLike, counts: CountsLike) -> None:
    """Send one kind of expensive request again and again until ``stop``: in a process of its own
    at a low CPU priority, so that on a small machine the attackers' own work (they would be
    elsewhere) takes no CPU from the server or from the client that measures."""
    os.nice(10)
    unknown = {"suit": "rose", "clues": [{"traits": ["a", "b", "c"], "key": {f"s{i}": [1] for i in range(60_000)}}]}
    bodies = {
        "audit": (json.dumps(worst_card_set()).encode(), "application/json", "/v1/audit"),
        "deduce": (json.dumps(unknown).encode(), "application/json", "/v1/deduce"),
        "yaml": (b"- x\n" * 250_000, "application/yaml", "/v1/audit"),
    }
    body, content_type, path = bodies[kind]
    with httpx.Client(base_url=base, timeout=60) as http:
        while not stop.is_set():
            try:
                status = str(http.post(path, content=body, headers={"content-type": content_type}).status_code)
            except httpx.TimeoutException:  # waited a minute in the audits' queue
                status = "timed out"
            key = f"{kind} {status}"
            counts[key] = counts.get(key, 0) + 1  # one writer per kind and client: no race that matters


def line(label: str, values: list[float]) -> str:
    return f"{label:<28}{len(values):>9}{percentile(values, 50) * 1e3:>9.2f}{percentile(values, 99) * 1e3:>9.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(prog="bench.load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=1000, help="healthz requests per measurement")
    parser.add_argument("--attackers", type=int, default=2, help="clients per kind of expensive request")
    parser.add_argument("--kinds", default="audit,deduce,yaml", help="the kinds of expensive request sent")
    args = parser.parse_args()
    proc, base = start_server(None, "--audit-seconds", "1000")
    try:
        healthz_latencies(base, 30)  # warm up
        idle = healthz_latencies(base, args.requests)
        context = multiprocessing.get_context("spawn")
        with context.Manager() as manager:
            stop, counts = manager.Event(), manager.dict()
            attackers = [context.Process(target=attack, args=(base, kind, stop, counts))
                         for kind in args.kinds.split(",") for _ in range(args.attackers)]
            for process in attackers:
                process.start()
            time.sleep(3)  # the attack under way
            loaded = healthz_latencies(base, args.requests)
            stop.set()
            for process in attackers:
                process.join(90)
            answered = dict(counts)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    print(f"deduce serve on {base}; {args.attackers} clients per kind of expensive request")
    print(f"{'GET /healthz':<28}{'requests':>9}{'p50 ms':>9}{'p99 ms':>9}")
    print(line("idle", idle))
    print(line("under attack", loaded))
    print("attack requests answered: " + ", ".join(f"{k}: {v}" for k, v in sorted(answered.items())))
    ratio = percentile(loaded, 99) / percentile(idle, 99)
    print(f"ratio p99 under attack / idle: {ratio:.2f}x (goal: at most 3x)")


if __name__ == "__main__":
    main()
