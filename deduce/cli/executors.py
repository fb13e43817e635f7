"""Where ``deduce simulate`` plays its games: local processes, or a Dask cluster.

The simulation itself (:func:`deduce.game.simulate.simulate`) only cuts its games into
chunks and hands them to an :class:`~deduce.game.simulate.Executor`; starting processes
and connecting to a cluster is I/O, so it lives here, in the front end:

- ``--workers N`` (default: one per CPU this process may use): a
  ``concurrent.futures.ProcessPoolExecutor`` of N processes, or, with one worker, this
  process itself (no pool to start);
- ``--scheduler ADDRESS``: a ``distributed.Client`` connected to a running Dask scheduler
  (the ``[dask]`` extra), whose workers need this package installed at the same version.

Both executors take the same chunks and the simulation adds their outcomes up in order, so
the figures are the same either way. Bad choices stop with exit 2 and a message: a worker
count below one or above :data:`WORKERS_PER_CPU` per CPU, a scheduler that does not answer
within ``--connect-timeout`` seconds (or a timeout that is not a positive number),
``--workers`` beside ``--scheduler``, or the extra not installed.
"""

from __future__ import annotations

import argparse
import math
import os
import signal
from collections.abc import Awaitable, Callable, Iterator
from concurrent import futures
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from deduce.cli.common import needs_extra, say, words
from deduce.errors import InputError
from deduce.executor import Executor, Future, InProcess
from deduce.text.catalog import PhraseParam

if TYPE_CHECKING:
    from distributed import Client

T = TypeVar("T")

#: Seconds to wait for a Dask scheduler to answer before giving up.
CONNECT_TIMEOUT = 10.0
#: The most local processes ``--workers`` may ask for, per CPU: a pool larger than the
#: machine only slows the games down, and thousands of processes would exhaust it.
WORKERS_PER_CPU = 4


def default_workers() -> int:
    """One worker per CPU this process may run on (at least one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not every platform has CPU affinity
        return max(1, os.cpu_count() or 1)


def workers_options(lang: str) -> argparse.ArgumentParser:
    """``--workers``, ``--scheduler`` and ``--connect-timeout``, to share through ``parents=[...]``;
    their help said in ``lang``."""
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("--workers", type=int, metavar="N", help=say(lang, "help.option.workers", n=str(default_workers())))
    p.add_argument("--scheduler", metavar="ADDRESS", help=say(lang, "help.option.scheduler"))
    p.add_argument("--connect-timeout", type=float, default=CONNECT_TIMEOUT, metavar="SECONDS",
                   help=say(lang, "help.option.connect-timeout", seconds=f"{CONNECT_TIMEOUT:g}"))
    return p


@contextmanager
def executor_for(args: argparse.Namespace, command: str) -> Iterator[Executor]:
    """The executor the options of ``workers_options`` ask for, shut down when the block ends."""
    if not 0 < args.connect_timeout < math.inf:
        raise InputError.at(("--connect-timeout",), words("timeout.positive", got=str(args.connect_timeout)))
    if args.scheduler is not None:
        if args.workers is not None:
            raise InputError.at(("--workers",), words("workers.with-scheduler"))
        with dask_executor(args.scheduler, args.connect_timeout, command) as ex:
            yield ex
        return
    workers = default_workers() if args.workers is None else args.workers
    if workers < 1:
        raise InputError.at(("--workers",), words("workers.too-few", got=workers))
    if workers > WORKERS_PER_CPU * default_workers():
        raise InputError.at(("--workers",), words("workers.too-many", most=WORKERS_PER_CPU * default_workers(),
                                                  per_cpu=WORKERS_PER_CPU, got=workers))
    with local_executor(workers) as ex:
        yield ex


def _ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the parent, which stops the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def local_executor(workers: int) -> Iterator[Executor]:
    """``workers`` local processes (this process alone for one). Leaving the block early
    (an error, Ctrl-C) cancels the chunks not yet started instead of playing them all."""
    if workers == 1:
        yield InProcess()
        return
    pool = futures.ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    try:
        yield pool
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


class DaskExecutor:
    """A ``distributed.Client`` as an :class:`~deduce.game.simulate.Executor`. Tasks are
    marked impure: every chunk is its own work, never deduplicated by hashing its arguments."""

    def __init__(self, client: Client):
        self.client = client

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Future[T]:
        future: Future[T] = self.client.submit(fn, *args, pure=False)
        return future


@contextmanager
def dask_executor(address: str, timeout: float, command: str) -> Iterator[Executor]:
    """A client of the Dask scheduler at ``address``; exit 2 when it does not answer in time."""
    import asyncio

    with needs_extra(command, "dask"):
        from distributed import Client
        from distributed.comm.core import connect
    problem = asyncio.run(_reach(connect, address, timeout))
    if problem is not None:
        raise InputError.at(("--scheduler",), words("scheduler.silent", address=address, seconds=f"{timeout:g}",
                                                    reason=problem))
    client = Client(address, timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]
    try:
        yield DaskExecutor(client)
    finally:
        client.close()  # type: ignore[no-untyped-call]


async def _reach(connect: Callable[..., Awaitable[Any]], address: str, timeout: float) -> PhraseParam | None:
    """Why the scheduler at ``address`` cannot be reached, or None when it answers Dask's handshake:
    the command's words, with Dask's own detail (its words for a refused or timed-out connection).

    Checked before making the ``Client``, whose failed start leaves a half-made object that
    prints a traceback of its own when it is collected.
    """
    import asyncio

    try:
        comm = await asyncio.wait_for(connect(address, timeout=timeout), timeout + 1)
    except OSError as exc:  # refused, no such host, nothing answered in time (TimeoutError is an OSError)
        return str(exc) or words("scheduler.timed-out")
    except (ValueError, TypeError) as exc:  # not an address Dask can use
        return words("scheduler.not-an-address", detail=str(exc))
    except Exception as exc:  # something answered, but not in Dask's protocol
        return words("scheduler.not-dask", detail=type(exc).__name__)
    await comm.close()
    return None
