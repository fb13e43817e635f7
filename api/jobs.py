"""Expensive jobs (audits, designs) in child processes: a bounded queue, a time limit, cancellation.

An audit is seconds of pure-Python work on big integers. On a thread it would hold the GIL
and slow every other request, and it could not be stopped. Each job here runs in a child
process of its own, forked from a server process that has the engine imported already
(``multiprocessing``'s *forkserver*, so a job starts in milliseconds), which gives:

- **no stall**: the event loop and the worker threads never compute for it; they wait on a
  pipe, checking every :data:`POLL_SECONDS` whether the job is done, over its time, or its
  client gone;
- **the server first**: a job runs at a lower CPU priority (:data:`NICENESS`), so the event
  loop and the other requests are not slowed by it on a machine with few cores;
- **a real bound**: past ``timeout`` seconds, or as soon as the client disconnects, the
  child is killed and its work ends there; its address space is capped (``max_memory``),
  and all its memory goes back to the system when it ends;
- **a bounded queue**: at most ``workers`` jobs run at once and ``queue`` more wait; past
  that :class:`Busy` is raised (HTTP 503 with ``Retry-After``), so no backlog builds up.

A job is a module-level function (it is sent to the child by name) that takes plain data
and returns JSON-ready data, or raises :class:`~deduce.errors.InputError` for bad input. A long
job (a design) may report how far it has got: :meth:`Jobs.stream` gives it a ``progress``
callable, and yields each report to the request as it comes.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import resource
import threading
from collections.abc import AsyncGenerator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from multiprocessing import forkserver
from multiprocessing.connection import Connection
from typing import Any

from api.middleware import service_words
from deduce.errors import DeduceError, InputError, Problem
from deduce.text.catalog import Phrase

#: How often a waiting request looks at its client and its job's deadline (its answer wakes it at once).
POLL_SECONDS = 0.05
#: How much lower than the server's a job's CPU priority is: the requests of every other
#: client come first, the audit takes what is left.
NICENESS = 10
#: Modules the fork server imports once, so that no job pays for them.
PRELOAD = ["api.jobs", "api.design", "deduce.who.audit", "deduce.who.cardfile", "deduce.where.audit"]

Job = Callable[..., Any]


class ServiceError(DeduceError):
    """An error of the service's own, in its ``words`` (the service's part of the catalog), which the
    error handlers say in the request's language; ``str()`` is the English sentence, for logs."""

    def __init__(self, words: Phrase):
        super().__init__(str(words))
        self.words = words


class Busy(ServiceError):
    """Every job slot and every place in the queue is taken: try again after ``retry_after`` s.
    ``work`` names what the service is busy with (``audits``, ``design jobs``)."""

    def __init__(self, retry_after: int, work: str = "audits"):
        super().__init__(service_words(f"busy.{work.replace(' ', '-')}", retry=retry_after))
        self.retry_after = retry_after


@dataclass
class Admission:
    """At most ``capacity`` requests in at once, running or waiting; one more is :class:`Busy`.

    A bounded queue in front of a pool of threads or processes: the pool's own queue would
    grow without end."""

    capacity: int
    retry_after: int
    _in: int = field(default=0, init=False, repr=False)

    @property
    def held(self) -> int:
        """How many places are held now (requests running or waiting)."""
        return self._in

    @contextlib.contextmanager
    def entry(self) -> Iterator[None]:
        """Hold a place while the block runs; raise :class:`Busy` if there is none."""
        if self._in >= self.capacity:
            raise Busy(self.retry_after)
        self._in += 1
        try:
            yield
        finally:
            self._in -= 1


class Gone(ServiceError):
    """The client left before its job was done; the job was stopped."""


class JobFailed(DeduceError):
    """A job ended without an answer (an error inside it, or its process was killed)."""


def _child(conn: Connection, max_memory: int, job: Job, args: tuple[Any, ...], reports: bool) -> None:
    """In the child: yield the CPU to the server, cap the address space, run the job (with a
    ``progress`` callable when it ``reports``), send ``(kind, value)`` back."""
    os.nice(NICENESS)
    if max_memory:
        resource.setrlimit(resource.RLIMIT_AS, (max_memory, max_memory))
    try:
        progress = {"progress": lambda value: conn.send(("progress", value))} if reports else {}
        conn.send(("ok", job(*args, **progress)))
    except InputError as exc:
        conn.send(("input", list(exc.problems)))
    except MemoryError:
        conn.send(("input", [Problem((), service_words("job.memory", mib=max_memory >> 20), "limit")]))
    except BaseException as exc:  # anything else is a bug: the parent logs it as such
        conn.send(("failed", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


@dataclass
class Jobs:
    """Runs jobs in child processes; one per app, made and closed in its lifespan."""

    workers: int = 1
    queue: int = 4
    timeout: float = 30.0
    max_memory: int = 2 << 30
    retry_after: int = 5
    _slots: asyncio.Semaphore = field(init=False, repr=False)
    _admission: Admission = field(init=False, repr=False)
    _running: set[multiprocessing.process.BaseProcess] = field(default_factory=set, init=False, repr=False)

    def __post_init__(self) -> None:
        self._slots = asyncio.Semaphore(self.workers)
        self._admission = Admission(self.workers + self.queue, self.retry_after)
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(PRELOAD)

    @property
    def held(self) -> int:
        """How many jobs are running or waiting now."""
        return self._admission.held

    def warm(self) -> None:
        """Start the fork server (it imports the engine) now, on a thread of its own, so that the
        first job does not wait for it; a no-op once it runs."""
        threading.Thread(target=forkserver.ensure_running, name="forkserver-start", daemon=True).start()

    async def run(self, job: Job, *args: Any, gone: Callable[[], Awaitable[bool]]) -> Any:
        """``job(*args)`` in a child process, once a slot is free; raises :class:`Busy` when the
        queue is full, :class:`Gone` when ``gone()`` turns true first, :class:`InputError` when the
        job refused its input or ran over its time, :class:`JobFailed` when it broke."""
        events = [event async for event in self.stream(job, *args, gone=gone, reports=False)]
        return events[-1][1]

    async def stream(self, job: Job, *args: Any, gone: Callable[[], Awaitable[bool]], reports: bool = True,
                     timeout: float | None = None) -> AsyncGenerator[tuple[str, Any], None]:
        """As :meth:`run`, over ``timeout`` seconds (the service's by default), yielding
        ``("progress", report)`` for each report of a job that ``reports`` (called with a
        ``progress`` callable), then ``("ok", answer)``. The job is stopped as soon as the
        iteration is closed (the client left); :class:`Busy` comes from the first step."""
        with self._admission.entry():
            await self._acquire(gone)
            try:
                async for event in self._in_child(job, args, gone, reports, timeout or self.timeout):
                    yield event
            finally:
                self._slots.release()

    async def _acquire(self, gone: Callable[[], Awaitable[bool]]) -> None:
        while True:
            try:
                await asyncio.wait_for(self._slots.acquire(), POLL_SECONDS * 4)
                return
            except TimeoutError:
                if await gone():
                    raise Gone(service_words("gone.waited")) from None

    async def _in_child(self, job: Job, args: tuple[Any, ...], gone: Callable[[], Awaitable[bool]], reports: bool,
                        timeout: float) -> AsyncGenerator[tuple[str, Any], None]:
        receiver, sender = self._context.Pipe(duplex=False)
        process = self._context.Process(target=_child, args=(sender, self.max_memory, job, args, reports),
                                        daemon=True)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, process.start)  # the fork server's first start takes a moment
        sender.close()
        self._running.add(process)
        deadline = loop.time() + timeout
        try:
            while True:
                kind, value = await self._next_message(receiver, process, deadline, timeout, gone)
                if kind != "progress":
                    break
                yield kind, value
        finally:
            receiver.close()
            self._stop(process)
        if kind == "input":
            raise InputError(value)
        if kind == "failed":
            raise JobFailed(value)
        yield kind, value

    async def _next_message(self, receiver: Connection, process: multiprocessing.process.BaseProcess,
                            deadline: float, timeout: float,
                            gone: Callable[[], Awaitable[bool]]) -> tuple[str, Any]:
        """The child's next ``(kind, value)``, waiting no longer than the job's deadline or its client.

        The event loop wakes as soon as the pipe has something to read (a message, or the end of a
        child that died), and every :data:`POLL_SECONDS` meanwhile to look at the deadline and the client."""
        loop = asyncio.get_running_loop()
        readable = asyncio.Event()
        loop.add_reader(receiver.fileno(), readable.set)
        try:
            while not receiver.poll():
                if not process.is_alive() and not receiver.poll():
                    raise JobFailed(f"the job's process ended with exit code {process.exitcode}")
                if loop.time() > deadline:
                    raise InputError.at((), service_words("job.timeout", seconds=f"{timeout:g}"), code="limit")
                if await gone():
                    raise Gone(service_words("gone.ran"))
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(readable.wait(), POLL_SECONDS)
                readable.clear()
            message: tuple[str, Any] = await loop.run_in_executor(None, receiver.recv)
            return message
        except EOFError:
            raise JobFailed("the job's process ended without an answer") from None
        finally:
            loop.remove_reader(receiver.fileno())

    def _stop(self, process: multiprocessing.process.BaseProcess) -> None:
        self._running.discard(process)
        if process.is_alive():
            process.kill()
        with contextlib.suppress(Exception):
            process.join(1)
            process.close()

    def close(self) -> None:
        """Kill every running job (at the app's shutdown)."""
        for process in list(self._running):
            self._stop(process)
