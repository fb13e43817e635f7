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

Then ``deduce serve --workers N`` side by side for each N of ``--serve-workers`` (issue 21): client
processes ask for their game's hints, then play game actions, as fast as they are answered, and
the requests answered a second are printed for each N, beside ``/healthz``'s p99 idle and under
the hints' load (the goal: at most 3x). On a machine of two cores the clients take CPU too.

    .venv/bin/python -m bench.load [--requests 1000] [--attackers 2] [--kinds audit,deduce,yaml]
                                   [--serve-workers 1,2] [--clients 4] [--seconds 10]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import tempfile
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

    def wait(self, timeout: float | None = None) -> bool: ...


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


def a_move(view: dict[str, Any], neighbours: dict[str, list[str]], rng: random.Random) -> dict[str, Any]:
    """A legal action in most views: move, search or pass, or what a pending fog card asks (never a
    confrontation, which would end most games at once)."""
    pending = view["pending"]
    if pending is not None:
        asks = pending["asks"]
        answer = [rng.choice(neighbours[view["pawn"]])] if asks == "path" else rng.choice(pending["choices"])
        return {"version": view["version"], "action": "resolve", asks: answer}
    name = rng.choice([a for a in view["actions"] if a in ("move", "search", "pass")] or view["actions"])
    action = {"version": view["version"], "action": name}
    if name == "move":
        action["to"] = rng.choice(neighbours[view["pawn"]])
    return action


def drive(base: str, kind: str, seed: int, ready: Any, go: EventLike, stop: EventLike,
          counts: CountsLike) -> None:
    """A client process: with a game of its own, ask for its hints (``kind`` "hints") or play it
    (``kind`` "actions", a new game when it ends) from ``go`` to ``stop``; count the answers."""
    rng = random.Random(seed)
    with httpx.Client(base_url=base, timeout=60) as http:
        neighbours: dict[str, list[str]] = {}
        for a, b in http.get("/v1/board").json()["paths"]:
            neighbours.setdefault(a, []).append(b)
            neighbours.setdefault(b, []).append(a)

        def new_game() -> tuple[str, dict[str, str], dict[str, Any]]:
            game = http.post("/v1/games", json={"seed": rng.randrange(1 << 31)}).json()
            return game["id"], {"Authorization": f"Bearer {game['token']}"}, game["view"]

        game_id, auth, view = new_game()
        ready.wait()
        go.wait()
        answered = 0
        while not stop.is_set():
            if kind == "hints":
                answered += http.get(f"/v1/games/{game_id}/hints", headers=auth).status_code == 200
                continue
            step = http.post(f"/v1/games/{game_id}/actions", headers=auth, json=a_move(view, neighbours, rng))
            if step.status_code == 200:
                answered += 1
                view = step.json()["view"]
            else:  # refused (a move the view did not allow): read the view again
                view = http.get(f"/v1/games/{game_id}", headers=auth).json()
            if view["end"] is not None:
                game_id, auth, view = new_game()
    counts[f"{kind} {seed}"] = answered


def served_rates(workers: int, clients: int, seconds: float) -> dict[str, Any]:
    """``deduce serve --workers workers`` (quotas out of the way: every client is this machine):
    hints and game actions answered a second to ``clients`` client processes, and ``/healthz``'s
    latencies idle and while the hints are asked for."""
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory() as folder:
        proc, base = start_server(None, "--workers", str(workers), "--db", f"{folder}/games.sqlite3",
                                  "--rate", "1000000", "--games-per-client", "100000")
        try:
            healthz_latencies(base, 30)  # warm up
            result: dict[str, Any] = {"idle": healthz_latencies(base, 300)}
            with context.Manager() as manager:
                for kind in ("hints", "actions"):
                    ready, go, stop, counts = (manager.Barrier(clients + 1), manager.Event(), manager.Event(),
                                               manager.dict())
                    drivers = [context.Process(target=drive, args=(base, kind, seed, ready, go, stop, counts))
                               for seed in range(clients)]
                    for process in drivers:
                        process.start()
                    ready.wait()
                    go.set()
                    started = time.perf_counter()
                    if kind == "hints":
                        result["loaded"] = healthz_latencies(base, 300)
                    time.sleep(max(0.0, seconds - (time.perf_counter() - started)))
                    stop.set()
                    elapsed = time.perf_counter() - started
                    for process in drivers:
                        process.join(60)
                    result[kind] = sum(counts.values()) / elapsed
        finally:
            proc.terminate()
            proc.wait(timeout=60)
    return result


def line(label: str, values: list[float]) -> str:
    return f"{label:<28}{len(values):>9}{percentile(values, 50) * 1e3:>9.2f}{percentile(values, 99) * 1e3:>9.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(prog="bench.load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=1000, help="healthz requests per measurement")
    parser.add_argument("--attackers", type=int, default=2, help="clients per kind of expensive request")
    parser.add_argument("--kinds", default="audit,deduce,yaml", help="the kinds of expensive request sent")
    parser.add_argument("--serve-workers", default="1,2", help="the numbers of server processes compared "
                                                               "(empty: none)")
    parser.add_argument("--clients", type=int, default=4, help="client processes asking for hints or acting")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long each kind of request is sent")
    args = parser.parse_args()
    attack_healthz(args)
    if args.serve_workers:
        compare_workers([int(n) for n in args.serve_workers.split(",")], args.clients, args.seconds)


def compare_workers(counts: list[int], clients: int, seconds: float) -> None:
    """Print :func:`served_rates` for each number of server processes, side by side."""
    print(f"\ndeduce serve --workers N: {clients} client processes, {seconds:g} s per kind of request")
    print(f"{'N':>3}{'hints/s':>10}{'actions/s':>11}{'healthz p99 idle ms':>21}{'under hints ms':>16}{'ratio':>8}")
    for workers in counts:
        rates = served_rates(workers, clients, seconds)
        idle, loaded = percentile(rates["idle"], 99), percentile(rates["loaded"], 99)
        print(f"{workers:>3}{rates['hints']:>10.0f}{rates['actions']:>11.0f}{idle * 1e3:>21.2f}"
              f"{loaded * 1e3:>16.2f}{loaded / idle:>7.2f}x", flush=True)
    print(f"goal: hints and actions scale with the processes; /healthz p99 under load at most 3x idle "
          f"({os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the end)")


def attack_healthz(args: argparse.Namespace) -> None:
    """``/healthz`` idle and while the attackers of ``args`` send their expensive requests."""
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
