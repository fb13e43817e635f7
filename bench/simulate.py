"""Games per second of `deduce simulate` with 1 and 2 workers, against the serial run in this process.

The workload is the simulator's default: its default bot (the advisor, as ``deduce simulate``
plays; ``--bot baseline`` for the other) plays ``--games`` seeded games on each of the eleven
default sequences (positions 1-8, easy-1, moderate-1, hard-1) in normal mode.
The same games are played by every executor that ``deduce simulate`` offers: this
process alone (``--workers 1``, the peer: the serial loop it had before), a pool of 1 and
of 2 local processes (``--workers 1`` never starts a pool; the pool of one shows what
sending the games to another process costs), and, when the ``[dask]`` extra is installed,
a local Dask cluster of 2 worker processes, started once before the rounds (a user's
cluster is already up) and reached over TCP through the same code as ``--scheduler``.
Every run's figures are checked to equal the serial run's. Start-up (forking the pool,
connecting to the scheduler) is counted, as a user of the command pays it. Rounds are
interleaved and each executor's best round is reported, since noise only slows. On a
machine with fewer than 2 free cores the second worker cannot help: the load average is
printed with the figures. On a shared machine, give the run priority over the other jobs
(with autogroup scheduling, niceness counts only within a session, so start a session of
its own): ``setsid sh -c 'echo -20 > /proc/$$/autogroup; exec nice -n -20 python -m bench.simulate'``.

    .venv/bin/python -m bench.simulate [--games 16] [--rounds 3] [--bot advisor]
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import AbstractContextManager, ExitStack, contextmanager
from typing import Any

from deduce.cli.executors import CONNECT_TIMEOUT, dask_executor, local_executor
from deduce.cli.game import DEFAULT_SEQUENCES
from deduce.executor import Executor, InProcess
from deduce.game.simulate import BOTS, simulate
from deduce.shipped import load_rules

#: A way to play: makes its executor (and shuts it down) around one run.
Setup = Callable[[], AbstractContextManager[Executor]]


@contextmanager
def in_process() -> Iterator[Executor]:
    yield InProcess()


@contextmanager
def dask_cluster(workers: int) -> Iterator[str]:
    """A local Dask cluster of ``workers`` single-threaded processes; its scheduler's TCP address."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,  # type: ignore[no-untyped-call]
                      protocol="tcp://", host="127.0.0.1", dashboard_address=None) as cluster:
        yield cluster.scheduler_address


@contextmanager
def local_executor_forced(workers: int) -> Iterator[Executor]:
    """A process pool even for one worker (``local_executor(1)`` plays in this process)."""
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield pool


def setups(stack: ExitStack) -> dict[str, Setup]:
    """The executors measured, by the name printed; the first is the peer. A Dask cluster is
    started once into ``stack`` (a user's cluster is already running); each run connects to it."""
    out: dict[str, Setup] = {
        "in this process (--workers 1)": in_process,
        "pool of 1 process": lambda: local_executor_forced(1),
        "pool of 2 processes (--workers 2)": lambda: local_executor(2),
    }
    try:
        import distributed  # noqa: F401
    except ImportError:
        return out
    address = stack.enter_context(dask_cluster(2))
    out["Dask, 2 local worker processes"] = lambda: dask_executor(address, CONNECT_TIMEOUT, "bench.simulate")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(prog="bench.simulate", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16, help="games per sequence (default 16)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="interleaved rounds; each executor's best round is reported (noise only slows)")
    parser.add_argument("--bot", choices=list(BOTS), default="advisor",
                        help="the bot that plays (default advisor, as deduce simulate)")
    args = parser.parse_args()
    rules = load_rules()
    total = args.games * len(DEFAULT_SEQUENCES)
    load = os.getloadavg()[0]
    with ExitStack() as stack:
        ways = setups(stack)
        best: dict[str, float] = dict.fromkeys(ways, float("inf"))
        reference: list[Any] | None = None
        for _ in range(args.rounds):
            for name, setup in ways.items():
                started = time.perf_counter()
                with setup() as executor:
                    figures = [s.to_json() for s in simulate(rules, ["normal"], DEFAULT_SEQUENCES, args.games,
                                                             seed=1, bot=args.bot, executor=executor)]
                best[name] = min(best[name], time.perf_counter() - started)
                reference = reference or figures
                assert figures == reference, f"{name} gave other figures than the serial run"
    print(f"{total} games ({args.games} per default sequence, normal, {args.bot} bot), the same figures from every "
          "executor; "
          f"best of {args.rounds} interleaved rounds; {os.cpu_count()} CPUs, load average {load:.1f} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end")
    peer = next(iter(ways))
    print(f"{'executor':36} {'seconds':>8} {'games/s':>8} {'speed-up':>9}")
    for name in ways:
        print(f"{name:36} {best[name]:>8.2f} {total / best[name]:>8.1f} {best[peer] / best[name]:>8.2f}x")


if __name__ == "__main__":
    main()
