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

Then ``deduce serve --workers N`` side by side for each N of ``--serve-workers`` (issue 21):
``--connections`` keep-alive connections (32, from ``--clients`` processes, 2), each with a game
of its own, ask for its hints, then play it (a new game when it ends), as fast as they are answered;
the answers (200s only) a second are printed for each N, beside ``/healthz``'s p99 idle and under
the hints' load (the goal: at most 3x). The clients are cheap on purpose (asyncio, prebuilt
requests, answers read by their length: a few percent of a core for a thousand answers a second),
since on a machine of two cores they share the server's CPU; enough connections that the kernel
spreads them evenly over the workers.

    .venv/bin/python -m bench.load [--requests 1000] [--attackers 2] [--kinds audit,deduce,yaml]
                                   [--serve-workers 1,2] [--clients 2] [--connections 32] [--seconds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import socket
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


class Connection:
    """One keep-alive HTTP/1.1 connection of a cheap client: requests written as prebuilt bytes, answers
    read by their ``Content-Length`` (the server sends no other framing). A client here must cost far
    less than the server's answer, or a machine of two cores measures its clients."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def __aenter__(self) -> Connection:
        self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        self._writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._writer is not None:
            self._writer.close()

    def request(self, method: str, path: str, token: str | None = None, doc: object = None) -> bytes:
        """The bytes of a request (with a JSON body ``doc`` unless it is None), to send once or again and again."""
        body = b"" if doc is None else json.dumps(doc).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        if doc is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        return (head + "\r\n").encode() + body

    async def send(self, request: bytes) -> tuple[int, bytes]:
        """Send ``request``; the answer's status and body."""
        assert self._reader is not None and self._writer is not None
        self._writer.write(request)
        head = await self._reader.readuntil(b"\r\n\r\n")
        at = head.lower().index(b"\r\ncontent-length:") + 17
        length = int(head[at:head.index(b"\r\n", at)])
        return int(head[9:12]), await self._reader.readexactly(length)

    async def json(self, request: bytes, status: int = 200) -> Any:
        """The JSON answer to ``request``, which must have ``status``."""
        code, body = await self.send(request)
        if code != status:
            raise SystemExit(f"HTTP {code} for {request.split(b' ', 2)[:2]!r}: {body[:200]!r}")
        return json.loads(body)


class Player:
    """A game of one connection, and the requests that ask for its hints or play it."""

    def __init__(self, http: Connection, neighbours: dict[str, list[str]], rng: random.Random) -> None:
        self.http, self.neighbours, self.rng = http, neighbours, rng
        self.game_id, self.token = "", ""
        self.view: dict[str, Any] = {}
        self.hints = b""

    async def new_game(self) -> None:
        game = await self.http.json(self.http.request("POST", "/v1/games", doc={"seed": self.rng.randrange(1 << 31)}),
                                    201)
        self.game_id, self.token, self.view = game["id"], game["token"], game["view"]
        self.hints = self.http.request("GET", f"/v1/games/{self.game_id}/hints", self.token)

    async def ask_hints(self) -> bool:
        """Ask for the game's hints once; whether they were answered (200)."""
        status, _ = await self.http.send(self.hints)
        return status == 200

    async def act(self) -> bool:
        """Play one legal action (a new game when it ends); whether it was answered (200). A refused one
        (the view did not allow it) reads the view again."""
        path = f"/v1/games/{self.game_id}"
        status, body = await self.http.send(self.http.request("POST", f"{path}/actions", self.token,
                                                              a_move(self.view, self.neighbours, self.rng)))
        if status == 200:
            self.view = json.loads(body)["view"]
        else:
            self.view = await self.http.json(self.http.request("GET", path, self.token))
        if self.view["end"] is not None:
            await self.new_game()
        return status == 200


async def drive_connections(base: str, kind: str, connections: int, seed: int, ready: Any, go: EventLike,
                            stop: EventLike) -> int:
    """``connections`` connections of one client process, each with a game of its own: from ``go`` to
    ``stop`` each asks for its game's hints (``kind`` "hints") or plays it (``kind`` "actions"), one
    request after another; the answers (200s) they had when ``stop`` came."""
    host, port = base.removeprefix("http://").rsplit(":", 1)
    rng = random.Random(seed)
    async with contextlib.AsyncExitStack() as stack:
        conns = [await stack.enter_async_context(Connection(host, int(port))) for _ in range(connections)]
        neighbours: dict[str, list[str]] = {}
        for a, b in (await conns[0].json(conns[0].request("GET", "/v1/board")))["paths"]:
            neighbours.setdefault(a, []).append(b)
            neighbours.setdefault(b, []).append(a)
        players = [Player(http, neighbours, random.Random(rng.randrange(1 << 31))) for http in conns]
        for player in players:
            await player.new_game()
        await asyncio.to_thread(ready.wait)
        await asyncio.to_thread(go.wait)
        running = True
        answered = 0

        async def loop(player: Player) -> None:
            nonlocal answered
            step = player.ask_hints if kind == "hints" else player.act
            while running:
                if await step() and running:  # an answer after the stop is not counted
                    answered += 1

        tasks = [asyncio.create_task(loop(player)) for player in players]
        await asyncio.to_thread(stop.wait)
        running = False
        counted = answered
        await asyncio.gather(*tasks)
    return counted


def drive(base: str, kind: str, connections: int, seed: int, ready: Any, go: EventLike, stop: EventLike,
          counts: CountsLike) -> None:
    """A client process: :func:`drive_connections`, its answers counted in ``counts``. At a low CPU
    priority, as the attackers are: they stand for clients on other machines, and on a machine of two
    cores they would otherwise take the core the client that measures ``/healthz`` waits for."""
    os.nice(10)
    counts[f"{kind} {seed}"] = asyncio.run(drive_connections(base, kind, connections, seed, ready, go, stop))


def served_rates(workers: int, clients: int, connections: int, seconds: float) -> dict[str, Any]:
    """``deduce serve --workers workers`` (quotas out of the way: every client is this machine):
    hints and game actions answered a second to ``connections`` connections spread over ``clients``
    client processes, and ``/healthz``'s latencies idle and while the hints are asked for."""
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
                    shares = [connections // clients + (i < connections % clients) for i in range(clients)]
                    drivers = [context.Process(target=drive, args=(base, kind, share, seed, ready, go, stop, counts))
                               for seed, share in enumerate(shares)]
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
    parser.add_argument("--clients", type=int, default=2, help="client processes asking for hints or acting")
    parser.add_argument("--connections", type=int, default=32,
                        help="keep-alive connections of those processes, each with a game of its own")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long each kind of request is sent")
    args = parser.parse_args()
    attack_healthz(args)
    if args.serve_workers:
        compare_workers([int(n) for n in args.serve_workers.split(",")], args.clients, args.connections, args.seconds)


def compare_workers(counts: list[int], clients: int, connections: int, seconds: float) -> None:
    """Print :func:`served_rates` for each number of server processes, side by side."""
    print(f"\ndeduce serve --workers N: {connections} connections from {clients} client processes, "
          f"{seconds:g} s per kind of request")
    print(f"{'N':>3}{'hints/s':>10}{'actions/s':>11}{'healthz p99 idle ms':>21}{'under hints ms':>16}{'ratio':>8}"
          f"{'load':>7}")
    for workers in counts:
        rates = served_rates(workers, clients, connections, seconds)
        idle, loaded = percentile(rates["idle"], 99), percentile(rates["loaded"], 99)
        print(f"{workers:>3}{rates['hints']:>10.0f}{rates['actions']:>11.0f}{idle * 1e3:>21.2f}"
              f"{loaded * 1e3:>16.2f}{loaded / idle:>7.2f}x{os.getloadavg()[0]:>7.1f}", flush=True)
    print(f"goal: hints and actions scale with the processes; /healthz p99 under load at most 3x idle "
          f"({os.cpu_count()} CPUs; load: the machine's load average after each row)")


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
