"""What the service prepares once at start-up and shares between requests.

:class:`Service` holds the card set, its warmed candidate space, the board, and the
places where work runs, so that the event loop only routes and no request can stall the
others:

- **requests** are decoded, checked and answered (deductions, tracking, game actions) on
  a bounded set of worker threads (:meth:`Service.run`): at most ``threads`` at once and
  ``queue`` more waiting, past which the answer is 503 with ``Retry-After``. A body larger
  than :data:`SMALL_BODY` (no real query comes near it) is answered in a child process
  instead (:meth:`Service.answer`): decoding a megabyte of JSON holds the interpreter's lock
  for tens of milliseconds, which on a thread would hold up every other request. Deductions use
  the fast evaluator only, explanations and conflicts included, so the service runs no z3
  work at all: z3 stays the reference model of the tests and the CLI's ``--engine z3``.
- **audits** run in child processes (:class:`api.jobs.Jobs`): decoded and read there too,
  refused before any enumeration when their estimated time
  (:func:`deduce.who.audit.audit_cost`) is above ``audit_seconds``, stopped at
  ``audit_timeout`` or when the client leaves, a few at a time with a bounded queue.

The threads and processes belong to the running app: :meth:`Service.start` and
:meth:`Service.close` are called by its lifespan.
"""

from __future__ import annotations

import contextlib
import json
import weakref
from collections.abc import AsyncGenerator, Awaitable, Callable
from dataclasses import dataclass, field
from math import comb
from pathlib import Path
from typing import Any, NamedTuple, NotRequired, TypeVar

import anyio
import anyio.to_thread
from starlette.responses import Response

from api.bodies import card_set_body, decode_json
from api.jobs import Admission, Jobs
from api.middleware import language_headers, service_words
from api.quotas import ClientQuotas
from deduce.document import in_file
from deduce.game.material import Rules
from deduce.game.situation import parse_trail_query
from deduce.shipped import data_path, load_board, load_cards
from deduce.where.board import Board
from deduce.where.query import parse_track_query
from deduce.where.tracker import TrackingJSON, track
from deduce.who import cardfile
from deduce.who.audit import AuditReportJSON, audit, audit_cost
from deduce.who.cardfile import CardSetJSON
from deduce.who.cards import CardSet
from deduce.who.deduction import EXPLAIN_TIMEOUT_MS, DeductionJSON, deduce
from deduce.who.evaluator import CandidateSpace, space_for
from deduce.who.query import ROLES, observe_lady, parse_query

T = TypeVar("T")
P = TypeVar("P")

#: An audit estimated at most this long, of a set with at most so many possible Dark Ladies (the
#: estimate itself builds the set's candidate space), runs on a worker thread, not in a child.
CHEAP_AUDIT_SECONDS, CHEAP_CANDIDATES = 0.02, 2_000
#: The longest audit the service starts, by its estimated time (``deduce audit`` allows more).
AUDIT_SECONDS = 10.0
#: Past this, a running audit is stopped (the estimate is cautious; this is the hard stop).
AUDIT_TIMEOUT = 30.0
#: A design job's time limit (``deduce design``'s defaults take about half a minute).
DESIGN_TIMEOUT = 120.0
#: Design jobs at once, and designs that may wait for one before 503.
DESIGN_WORKERS, DESIGN_QUEUE = 1, 4
#: The most steps a design job may take (about 1.7 ms a step on one core).
DESIGN_MAX_STEPS = 100_000
#: Worker threads for requests, and requests that may wait for one before 503. Two: the answers are
#: computed in Python (the fast evaluator, the advisor), so the GIL runs one at a time whatever the
#: count, and each thread more is one more the event loop queues behind for the GIL after each of its
#: system calls. Measured with bench.load (one process, 32 connections asking for hints): /healthz
#: p99 under load 1.0-2.3x idle with 2 threads, 2.8-5.8x with 4 and 2.8-4.3x with 8, as many hints a
#: second. Large bodies, audits and designs run in child processes of their own.
THREADS, QUEUE = 2, 64
#: Largest body answered on a worker thread; larger ones go to a child process. A query with
#: the most clues allowed, each a card typed with its whole key, is a few kilobytes.
SMALL_BODY = 64 << 10
#: Child processes for large bodies at once, and how many more may wait; their time limit.
LARGE_WORKERS, LARGE_QUEUE, LARGE_TIMEOUT = 2, 16, 10.0


#: Candidates in a page of an answer: the default and the most a request may ask for (SPEC 6). At
#: most about a hundred bytes each, a page stays far below the 1 MiB an answer may take.
PAGE = 1000


class PagedDeductionJSON(DeductionJSON):
    """A deduction as the HTTP API answers it: the candidates of one page, ``count`` of them in all,
    and ``next``, the cursor of the following page, when there is one."""

    count: int
    next: NotRequired[str]


class Page(NamedTuple):
    """Which candidates of an answer to send: ``limit`` of them from ``offset`` (the cursor)."""

    limit: int = PAGE
    offset: int = 0

    def of(self, answer: DeductionJSON) -> PagedDeductionJSON:
        """``answer`` cut to this page, with the total and the cursor of the next page."""
        candidates = answer["candidates"]
        end = self.offset + self.limit
        paged: PagedDeductionJSON = {**answer, "candidates": candidates[self.offset:end],  # type: ignore[typeddict-item]
                                     "count": len(candidates)}
        if end < len(candidates):
            paged["next"] = str(end)
        return paged


def deduction_answer(cards: CardSet, explain_timeout_ms: int, page: Page, body: bytes) -> PagedDeductionJSON:
    """``POST /v1/deduce``: a query from its body, answered (fast evaluator, no z3), one page of it."""
    query = parse_query(cards, decode_json(body, "a query"))
    return page.of(deduce(cards, query, explain_timeout_ms=explain_timeout_ms).to_json())


def tracking_answer(rules: Rules, body: bytes) -> TrackingJSON:
    """``POST /v1/track``: a tracking query from its body (its observations, or a game's trail, SPEC 8, read as a
    game's hints read it: :func:`deduce.game.situation.parse_trail_query`), answered on the rules' board."""
    doc = decode_json(body, "a tracking query")
    trailed = isinstance(doc, dict) and "trail" in doc
    query = parse_trail_query(rules, doc) if trailed else parse_track_query(rules.board, doc)
    return track(rules.board, query).to_json()


def encoded(work: Callable[..., Any], *args: Any) -> bytes:
    """``work(*args)``'s answer as JSON bytes, written as Starlette's ``JSONResponse`` writes them."""
    return json.dumps(work(*args), ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


def json_response(content: bytes) -> Response:
    """An answer already encoded (see :func:`encoded`)."""
    return Response(content, media_type="application/json")


def said_in(lang: str, answer: Response) -> Response:
    """An answer whose words (an audit's findings) are said in ``lang``, the request's language: it says
    so (``Content-Language``), and that another ``Accept-Language`` gets other words (``Vary``)."""
    answer.headers.update(language_headers(lang))
    return answer


async def in_child(jobs: Jobs, gone: Callable[[], Awaitable[bool]], work: Callable[..., Any], *args: Any) -> Response:
    """The JSON answer of ``work(*args)``, made and encoded in a child process of ``jobs``."""
    content: bytes = await jobs.run(encoded, work, *args, gone=gone)
    return json_response(content)


def started(part: P | None) -> P:
    """A part of the service made by :meth:`Service.start`, which the app's lifespan calls."""
    if part is None:
        raise RuntimeError("the service is not started (Service.start, in the app's lifespan)")
    return part


def audit_card_set(body: bytes, content_type: str | None, max_seconds: float, lang: str = "en") -> AuditReportJSON:
    """A job for :class:`api.jobs.Jobs`: decode a card set document, read it, audit it (findings said in ``lang``)."""
    return audit_of(card_set_body(body, content_type), max_seconds, lang)


def audit_of(cards: CardSet, max_seconds: float, lang: str = "en") -> AuditReportJSON:
    """The audit report of ``cards``, refused past ``max_seconds`` by its estimated cost, its findings
    said in ``lang``."""
    return audit(cards, max_seconds=max_seconds, advice=service_words("audit.more-seconds")).to_json(lang)


def cheap_audit(body: bytes, content_type: str | None, max_seconds: float, lang: str = "en") -> bytes | None:
    """The encoded report of a small card set whose audit costs less than starting a child process
    (a designer's live audit of a 12-lady set: a few milliseconds), or None: then it is a job."""
    if len(body) > SMALL_BODY:
        return None
    cards = card_set_body(body, content_type)
    if comb(len(cards.traits), cards.traits_per_lady) * len(cards.suits) > CHEAP_CANDIDATES:
        return None
    if audit_cost(cards).seconds > CHEAP_AUDIT_SECONDS:
        return None
    return encoded(audit_of, cards, max_seconds, lang)


@dataclass
class Service:
    """The state of one running service (``app.state.service``)."""

    cards: CardSet
    board: Board
    explain_timeout_ms: int = EXPLAIN_TIMEOUT_MS
    audit_seconds: float = AUDIT_SECONDS
    audit_timeout: float = AUDIT_TIMEOUT
    audit_workers: int = 1
    audit_queue: int = 4
    threads: int = THREADS
    queue: int = QUEUE
    isolated_timeout: float = LARGE_TIMEOUT
    design_timeout: float = DESIGN_TIMEOUT
    design_max_steps: int = DESIGN_MAX_STEPS
    quotas: ClientQuotas = field(default_factory=ClientQuotas)
    space: CandidateSpace = field(init=False)
    cards_json: CardSetJSON = field(init=False)
    _limiter: anyio.CapacityLimiter | None = field(default=None, init=False, repr=False)
    _admission: Admission = field(init=False, repr=False)
    _jobs: Jobs | None = field(default=None, init=False, repr=False)
    _large: Jobs | None = field(default=None, init=False, repr=False)
    _designs: Jobs | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.space = space_for(self.cards)
        for lady in self.cards.ladies:  # every named card's masks, so no request pays for them
            for role in ROLES:
                for distinct in (True, False):
                    self.space.observation_mask(observe_lady(self.cards, lady.id, role), distinct)
        self.cards_json = cardfile.to_json(self.cards)

    @classmethod
    def load(cls, cards_path: str | Path | None = None, board_path: str | Path | None = None,
             **options: Any) -> Service:
        """Read the card set and the board (the shipped ones by default).

        A bad file raises :class:`InputError` whose problems name the file
        (``FILE: ladies[3].key.rose: ...``), so the start-up error says which one.
        """
        cards_file = cards_path or data_path("clues.yaml")
        board_file = board_path or data_path("board.yaml")
        with in_file(cards_file):
            cards = load_cards(cards_file)
        with in_file(board_file):
            board = load_board(board_file)
        return cls(cards, board, **options)

    # -- the running app's threads and processes ---------------------------------

    def start(self) -> None:
        """Make the worker threads' limiter and the audit processes (in the app's event loop)."""
        self._limiter = anyio.CapacityLimiter(self.threads)
        self._admission = Admission(self.threads + self.queue, retry_after=1)
        self._jobs = Jobs(workers=self.audit_workers, queue=self.audit_queue, timeout=self.audit_timeout)
        self._large = Jobs(workers=LARGE_WORKERS, queue=LARGE_QUEUE, timeout=self.isolated_timeout)
        # Designs have a queue of their own: a design's half minute never holds up an audit (the
        # designer's live audit follows every edit while a design runs).
        self._designs = Jobs(workers=DESIGN_WORKERS, queue=DESIGN_QUEUE, timeout=self.design_timeout)
        self._jobs.warm()

    @property
    def audits_held(self) -> int:
        """How many audits run in a child process or wait for one now (the cheap ones, on threads, aside)."""
        return started(self._jobs).held

    def close(self) -> None:
        """Stop the audits and other child processes still running (at the app's shutdown)."""
        for jobs in (self._jobs, self._large, self._designs):
            if jobs is not None:
                jobs.close()

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` on a worker thread: decoding, checking and answering a request.

        Raises :class:`api.jobs.Busy` (503) when every thread is taken and the queue is full.
        """
        limiter = started(self._limiter)
        with self._admission.entry():
            return await anyio.to_thread.run_sync(work, *args, limiter=limiter)

    async def answer(self, work: Callable[..., Any], body: bytes, gone: Callable[[], Awaitable[bool]],
                     *args: Any, isolate: bool = False) -> Response:
        """The JSON answer of ``work(*args, body)``, made and encoded off the event loop: on a worker
        thread, or in a child process (``work`` a module-level function) when the body is larger
        than :data:`SMALL_BODY` or when ``isolate`` says the request brings documents of its own
        (a card set or a board), whose reading has no cost bound but the child's time limit.

        The answer is sent as the bytes made there: a large answer (every candidate of a big card
        set) is never validated or encoded on the event loop. Work in a child process is costly: it
        holds one of the client's places (:meth:`api.quotas.ClientQuotas.costly`, 429 past them)."""
        if not isolate and len(body) <= SMALL_BODY:
            return json_response(await self.run(encoded, work, *args, body))
        with self.quotas.costly():
            return await in_child(started(self._large), gone, work, *args, body)

    # -- audits and designs ------------------------------------------------------

    async def audit(self, body: bytes, content_type: str | None, gone: Callable[[], Awaitable[bool]],
                    lang: str = "en") -> Response:
        """Audit a card set document, its findings said in ``lang``: a small, cheap one on a worker
        thread (the designer's live audit), any other in a child process (see :mod:`api.jobs`), whose
        report, which can run to megabytes, comes back encoded. It holds one of the client's costly places."""
        with self.quotas.costly():
            report = await self.run(cheap_audit, body, content_type, self.audit_seconds, lang)
            answer = json_response(report) if report is not None else await in_child(
                started(self._jobs), gone, audit_card_set, body, content_type, self.audit_seconds, lang)
            return said_in(lang, answer)

    def design(self, job: Callable[..., Any], *args: Any,
               gone: Callable[[], Awaitable[bool]]) -> AsyncGenerator[tuple[str, Any], None]:
        """A design job (:mod:`api.design`) in the designs' queue, over :attr:`design_timeout` seconds:
        its progress reports, then its answer (:meth:`api.jobs.Jobs.stream`).

        The job holds the client's one design place and one of its costly places from this call (429
        now when it has none left, 503 when the whole service, every process of it, has
        :data:`DESIGN_WORKERS` + :data:`DESIGN_QUEUE` design jobs) until the stream ends, is closed, or
        is dropped unread."""
        with contextlib.ExitStack() as taking:  # both places, or neither
            taking.enter_context(self.quotas.design(DESIGN_WORKERS + DESIGN_QUEUE))
            taking.enter_context(self.quotas.costly())
            place = taking.pop_all()
        stream = started(self._designs).stream(job, *args, gone=gone, timeout=self.design_timeout)

        async def held() -> AsyncGenerator[tuple[str, Any], None]:
            with place:
                async for item in stream:
                    yield item

        events = held()
        weakref.finalize(events, place.close)  # a stream never started gives its place back too
        return events
