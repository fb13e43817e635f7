"""What one client may cost (SPEC 6, "A public server"): quotas per client, answered 429.

A client is its remote address; behind a proxy named with ``--trusted-proxy``, and only when the
request comes from that proxy, it is the address the proxy appended to ``X-Forwarded-For`` (the
last one: whatever comes before it was written by the client and proves nothing).

Three quotas, each past its limit answered 429 with ``Retry-After`` and an error whose code is
``quota`` and whose message names the quota, so that one client never denies the service to the
others (the global limits, answered 503, stay behind them):

- ``rate``: requests a second (averaged over :data:`RATE_WINDOW` seconds), counted by :class:`Quotas`
  (the middleware) with the ``limits`` library's moving window;
- ``costly``: costly requests in flight at once (audits, designs, a request that brings its own
  card set or board, or a large body), held by :meth:`ClientQuotas.costly` around the work, which
  :class:`api.service.Service` calls: the client is the one :class:`Quotas` put in
  :data:`CLIENT` for the request, so routes in any module are counted without passing it along;
  and ``designs``, one design job per client (:meth:`ClientQuotas.design`), under a bound on the
  design jobs of the whole service (503 past it);
- ``games``: unfinished games, counted by the game store itself
  (:class:`deduce.game.store.GameStore`), so the count survives a restart.

Every count lives in a **ledger**, a SQLite file that every process of one server opens
(``deduce serve --workers N`` puts it beside the game store), so the quotas hold across processes:
the rate's moving window in :class:`SQLiteStorage` (a ``limits`` storage, ``sqlite:///PATH``), the
work in flight as leases (:class:`Leases`). A lease names the process that holds it: one left by a
process that died is void as soon as a client is refused for it, and any lease expires after
:data:`LEASE_SECONDS` whatever happens. A server on several machines gives the rate another
``limits`` storage (``redis://...``; :attr:`ClientQuotas.rate_storage`). Each statement that counts
and adds is one short SQLite transaction (no fsync: counts are not worth keeping across a crash).
"""

from __future__ import annotations

import contextlib
import contextvars
import ipaddress
import math
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from limits import RateLimitItemPerSecond
from limits.errors import ConfigurationError
from limits.storage import MovingWindowSupport, Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter
from starlette.types import ASGIApp, Receive, Scope, Send

from api.jobs import Busy
from api.middleware import error_json
from deduce.errors import DeduceError, InputError

#: Defaults: unfinished games, costly requests in flight, and requests a second, per client.
GAMES_PER_CLIENT = 20
COSTLY_PER_CLIENT = 3  # the designer page at once: its live audit, a design job, its deck audit
REQUESTS_PER_SECOND = 100  # the web page asks for about twenty files when it opens; a bot plays fast
#: Seconds over which the rate is averaged: a page that asks for its files at once is not refused.
RATE_WINDOW = 10
#: The client of the request being answered (set by :class:`Quotas`; "" outside a request).
CLIENT: contextvars.ContextVar[str] = contextvars.ContextVar("client", default="")


class QuotaExceeded(DeduceError):
    """A client is past one of its quotas (named by ``quota``); it may try again in ``retry_after`` s."""

    def __init__(self, quota: str, message: str, retry_after: int):
        super().__init__(f"quota {quota!r}: {message}; try again in {retry_after} s")
        self.quota = quota
        self.retry_after = retry_after


def client_address(scope: Scope, trusted_proxy: str | None) -> str:
    """The client of a request: its peer's address, or what the trusted proxy forwards for it."""
    peer = (scope.get("client") or ("", 0))[0] or ""
    if trusted_proxy is None or peer != trusted_proxy:
        return str(peer)
    forwarded = [value.decode("latin-1") for name, value in scope.get("headers", [])
                 if name == b"x-forwarded-for"]
    hops = [hop.strip() for hop in ",".join(forwarded).split(",") if hop.strip()]
    if not hops:
        return str(peer)
    try:
        return str(ipaddress.ip_address(hops[-1]))
    except ValueError:  # the proxy forwards what it received: an address that is not one is the proxy's client
        return str(peer)


#: Seconds after which any lease is void, whatever happened to its holder. The longest work holds
#: one: a design that waits behind the others of its queue, each at most its time limit, then runs.
LEASE_SECONDS = 15 * 60.0
#: Seconds a client refused a design is told to wait.
DESIGN_RETRY = 5
#: Hits of one process between two deletions of the hits out of their window.
PRUNE_EVERY = 1000
#: The ledger of a process alone (a server of one process, and the tests).
MEMORY = ":memory:"

LEDGER_SCHEMA = """
CREATE TABLE IF NOT EXISTS hits (key TEXT NOT NULL, at REAL NOT NULL, expires REAL NOT NULL, amount INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS hits_key ON hits (key, expires, amount);
CREATE INDEX IF NOT EXISTS hits_expiry ON hits (expires);
CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, value INTEGER NOT NULL, expires REAL NOT NULL);
CREATE TABLE IF NOT EXISTS leases (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, client TEXT NOT NULL,
                                   pid INTEGER NOT NULL, expires REAL NOT NULL);
CREATE INDEX IF NOT EXISTS leases_kind ON leases (kind, client);
"""


class Refused(Exception):
    """No lease: the client holds its share (``by_client``), or the service holds its total."""

    def __init__(self, by_client: bool) -> None:
        super().__init__("the client holds its share" if by_client else "the service holds its total")
        self.by_client = by_client


def alive(pid: int) -> bool:
    """Whether process ``pid`` is running on this machine."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: it runs
        return True
    return True


class Ledger:
    """This process's connection to a ledger file (:data:`MEMORY`: a ledger of this process alone),
    safe to share between threads; the tables of :data:`LEDGER_SCHEMA`."""

    def __init__(self, path: str) -> None:
        self.path = path
        db: sqlite3.Connection | None = None
        try:
            if path != MEMORY:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=OFF")  # counts, not records: none is worth an fsync
            db.execute("PRAGMA busy_timeout=5000")
            db.executescript(LEDGER_SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            if db is not None:
                db.close()
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise InputError.at((), f"cannot use {path!r} as the quotas' ledger: {reason}", code="store") from None
        self._db = db
        self._lock = threading.Lock()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def read(self, sql: str, params: tuple[Any, ...]) -> tuple[Any, ...]:
        """The first row of a query."""
        with self._lock:
            row: tuple[Any, ...] = self._db.execute(sql, params).fetchone()
            return row

    def write(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        """One statement on its own (SQLite makes it atomic); the rows it changed."""
        with self._lock:
            return self._db.execute(sql, params).rowcount

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """The connection, in one write transaction: other processes wait for it (it is short)."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def take(self, kind: str, client: str, per_client: int, total: int | None = None) -> int:
        """A lease of ``kind`` for ``client`` (its id, for :meth:`release`); raise :class:`Refused` when
        the client holds ``per_client`` of them, or every process together ``total``."""
        with self.transaction() as db:
            now = time.time()
            db.execute("DELETE FROM leases WHERE expires <= ?", (now,))
            refusal = self._refusal(db, kind, client, per_client, total)
            if refusal is not None and self._forget_the_dead(db):  # a dead process's leases may be what is full
                refusal = self._refusal(db, kind, client, per_client, total)
            lease = None if refusal else db.execute(
                "INSERT INTO leases (kind, client, pid, expires) VALUES (?, ?, ?, ?)",
                (kind, client, os.getpid(), now + LEASE_SECONDS)).lastrowid
        if refusal is not None:
            raise refusal
        assert lease is not None
        return lease

    def release(self, lease: int) -> None:
        """Give a lease back."""
        self.write("DELETE FROM leases WHERE id = ?", (lease,))

    @staticmethod
    def _refusal(db: sqlite3.Connection, kind: str, client: str, per_client: int, total: int | None) -> Refused | None:
        mine = db.execute("SELECT COUNT(*) FROM leases WHERE kind = ? AND client = ?", (kind, client)).fetchone()[0]
        if mine >= per_client:
            return Refused(by_client=True)
        held = db.execute("SELECT COUNT(*) FROM leases WHERE kind = ?", (kind,)).fetchone()[0]
        if total is not None and held >= total:
            return Refused(by_client=False)
        return None

    @staticmethod
    def _forget_the_dead(db: sqlite3.Connection) -> bool:
        """Drop the leases of processes that are gone (a worker killed while it held them); whether any were."""
        dead = [(pid,) for (pid,) in db.execute("SELECT DISTINCT pid FROM leases") if not alive(pid)]
        db.executemany("DELETE FROM leases WHERE pid = ?", dead)
        return bool(dead)


class SQLiteStorage(Storage, MovingWindowSupport):
    """A ``limits`` storage in a ledger (``sqlite:///PATH``, ``sqlite:///:memory:`` for this process
    alone), so that the processes sharing the file share their counts: the moving window keeps a row
    per hit until it leaves the window, fixed windows a counter per key."""

    STORAGE_SCHEME = ["sqlite"]  # noqa: RUF012  # limits declares it so, and registers the class under it

    def __init__(self, uri: str = f"sqlite:///{MEMORY}", wrap_exceptions: bool = False, ledger: Ledger | None = None,
                 **options: float | str | bool) -> None:
        super().__init__(uri, wrap_exceptions, **options)
        self.ledger = ledger or Ledger(uri.removeprefix("sqlite:///"))
        self._hits = 0

    @property
    def base_exceptions(self) -> type[Exception]:
        return sqlite3.Error

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        """One statement, so atomic: count the key's hits in the window and add these if they fit."""
        if amount > limit:
            return False
        now = time.time()
        self._hits += 1
        if self._hits % PRUNE_EVERY == 0:  # hits out of their window no longer count: drop them now and then
            self.ledger.write("DELETE FROM hits WHERE expires <= ?", (now,))
        return self.ledger.write(
            "INSERT INTO hits (key, at, expires, amount) SELECT ?1, ?2, ?3, ?4 WHERE ?4 + (SELECT "
            "COALESCE(SUM(amount), 0) FROM hits WHERE key = ?1 AND expires > ?2) <= ?5",
            (key, now, now + expiry, amount, limit)) == 1

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        now = time.time()
        oldest, count = self.ledger.read("SELECT MIN(at), COALESCE(SUM(amount), 0) FROM hits WHERE key = ? AND "
                                         "expires > ?", (key, now))
        return (oldest, count) if count else (now, 0)

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        with self.ledger.transaction() as db:
            value: int = db.execute(
                "INSERT INTO counters (key, value, expires) VALUES (?1, ?2, ?3) ON CONFLICT (key) DO UPDATE SET "
                "value = CASE WHEN expires <= ?4 THEN ?2 ELSE value + ?2 END, "
                "expires = CASE WHEN expires <= ?4 THEN ?3 ELSE expires END RETURNING value",
                (key, amount, now + expiry, now)).fetchone()[0]
        return value

    def get(self, key: str) -> int:
        row = self.ledger.read("SELECT value FROM counters WHERE key = ? AND expires > ?", (key, time.time()))
        return int(row[0]) if row else 0

    def get_expiry(self, key: str) -> float:
        now = time.time()
        row = self.ledger.read("SELECT expires FROM counters WHERE key = ? AND expires > ?", (key, now))
        return float(row[0]) if row else now

    def check(self) -> bool:
        return self.ledger.read("SELECT 1", ()) == (1,)

    def reset(self) -> int | None:
        return self.ledger.write("DELETE FROM counters") + self.ledger.write("DELETE FROM hits")

    def clear(self, key: str) -> None:
        self.ledger.write("DELETE FROM counters WHERE key = ?", (key,))
        self.ledger.write("DELETE FROM hits WHERE key = ?", (key,))


def rate_storage(uri: str) -> Storage:
    """The ``limits`` storage at ``uri`` for the rate (a moving window), or :class:`InputError` saying why not."""
    try:
        storage = storage_from_string(uri)
    except ConfigurationError as exc:
        raise InputError.at((), f"cannot count the rate in {uri!r}: {exc}", code="store") from None
    if not isinstance(storage, Storage) or not isinstance(storage, MovingWindowSupport):
        raise InputError.at((), f"cannot count the rate in {uri!r}: that storage has no moving window, or is "
                                "asynchronous", code="store")
    return storage


@dataclass
class ClientQuotas:
    """The per-client limits of one app, and where they are counted: the ``ledger`` file that every
    process of one server shares (:data:`MEMORY`: this process alone), and the rate in
    ``rate_storage`` instead when it is given (a ``limits`` storage URI)."""

    games: int = GAMES_PER_CLIENT
    costly_in_flight: int = COSTLY_PER_CLIENT
    requests_per_second: int = REQUESTS_PER_SECOND
    trusted_proxy: str | None = None
    ledger: str = MEMORY
    rate_storage: str | None = None
    _ledger: Ledger = field(init=False, repr=False)
    _limiter: MovingWindowRateLimiter = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._ledger = Ledger(self.ledger)
        storage = SQLiteStorage(ledger=self._ledger) if self.rate_storage is None else rate_storage(self.rate_storage)
        self._limiter = MovingWindowRateLimiter(storage)
        self._rate = RateLimitItemPerSecond(self.requests_per_second * RATE_WINDOW, RATE_WINDOW)

    def settings(self) -> dict[str, Any]:
        """The arguments that make these quotas again (in another process)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.init}

    def close(self) -> None:
        self._ledger.close()

    def hit(self, client: str) -> None:
        """Count one request of ``client``; raise :class:`QuotaExceeded` past the rate."""
        if self._limiter.hit(self._rate, client):
            return
        reset = self._limiter.get_window_stats(self._rate, client).reset_time
        raise QuotaExceeded("rate", f"at most {self.requests_per_second} requests a second per client "
                                    f"(over {RATE_WINDOW} s)",
                            max(1, math.ceil(reset - time.time())))

    def costly(self) -> contextlib.AbstractContextManager[None]:
        """Hold one of the request's client's places for costly work while the block runs; raise
        :class:`QuotaExceeded` when it has none left (in any process of the server)."""
        return self._held("costly", self.costly_in_flight, None, lambda _: QuotaExceeded(
            "costly", f"at most {self.costly_in_flight} costly requests (audits, designs, a card set or board of "
                      "the request's own) in flight per client", 1))

    def design(self, total: int) -> contextlib.AbstractContextManager[None]:
        """Hold the request's client's one place for a design job while the block runs: raise
        :class:`QuotaExceeded` when it has one already, and :class:`api.jobs.Busy` when the whole
        service (every process) has ``total`` design jobs running or waiting."""
        return self._held("design", 1, total, lambda refused: QuotaExceeded(
            "designs", "one design job per client at a time: wait for yours to end, or cancel it", DESIGN_RETRY)
            if refused.by_client else Busy(DESIGN_RETRY, "design jobs"))

    @contextlib.contextmanager
    def _held(self, kind: str, per_client: int, total: int | None,
              refusal: Callable[[Refused], DeduceError]) -> Iterator[None]:
        """A lease of ``kind`` for the request's client (:data:`CLIENT`) while the block runs, or ``refusal``."""
        try:
            lease = self._ledger.take(kind, CLIENT.get(), per_client, total)
        except Refused as refused:
            raise refusal(refused) from None
        try:
            yield
        finally:
            self._ledger.release(lease)


class Quotas:
    """ASGI middleware: name each HTTP request's client (:data:`CLIENT`) and hold it to its rate."""

    def __init__(self, app: ASGIApp, quotas: ClientQuotas) -> None:
        self.app = app
        self.quotas = quotas

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = client_address(scope, self.quotas.trusted_proxy)
        try:
            if scope.get("path") != "/healthz":  # a monitor's probe is never refused
                self.quotas.hit(client)
        except QuotaExceeded as exc:
            body = error_json(str(exc), "quota")
            await send({"type": "http.response.start", "status": 429,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(body)).encode()),
                                    (b"retry-after", str(exc.retry_after).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        token = CLIENT.set(client)
        try:
            await self.app(scope, receive, send)
        finally:
            CLIENT.reset(token)
