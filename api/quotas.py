"""What one client may cost (SPEC 6, "A public server"): quotas per client, answered 429.

A client is its remote address; behind a proxy named with ``--trusted-proxy``, and only when the
request comes from that proxy, it is the address the proxy appended to ``X-Forwarded-For`` (the
last one: whatever comes before it was written by the client and proves nothing).

Three quotas, each past its limit answered 429 with ``Retry-After`` and an error whose code is
``quota`` and whose message names the quota, so that one client never denies the service to the
others (the global limits, answered 503, stay behind them):

- ``rate``: requests a second (averaged over :data:`RATE_WINDOW` seconds), counted by :class:`Quotas`
  (the middleware) in a moving window (:class:`RateWindow`, or a ``limits`` storage);
- ``costly``: costly requests in flight at once (audits, designs, a request that brings its own
  card set or board, or a large body), held by :meth:`ClientQuotas.costly` around the work, which
  :class:`api.service.Service` calls: the client is the one :class:`Quotas` put in
  :data:`CLIENT` for the request, so routes in any module are counted without passing it along;
  and ``designs``, one design job per client (:meth:`ClientQuotas.design`), under a bound on the
  design jobs of the whole service (503 past it);
- ``games``: unfinished games, held to their limit here (:meth:`ClientQuotas.admit_game`), which the game
  store asks as it stores a new game: the store counts the client's games (each records its client) in
  the transaction that stores it, so the count holds across processes and survives a restart.

Every count lives in a **ledger**, a SQLite file that every process of one server opens
(``deduce serve --workers N`` puts it beside the game store), so the quotas hold across processes:
the rate's moving window (:class:`RateWindow`: each process claims a few of a client's hits at a
time, so that a request seldom writes to the file), the work in flight as leases
(:meth:`Ledger.take`). A lease names the process that holds it: one left by a process that died is
void as soon as a client is refused for it, and any lease expires after :data:`LEASE_SECONDS`
whatever happens. A server on several machines counts the rate in a ``limits`` storage instead
(``redis://...``; :attr:`ClientQuotas.rate_storage`), a hit at a time. Each statement that counts
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
from typing import Any

from limits import RateLimitItemPerSecond
from limits.errors import ConfigurationError
from limits.storage import MovingWindowSupport, Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter
from starlette.types import ASGIApp, Receive, Scope, Send

from api.jobs import Busy, ServiceError
from api.middleware import send_error, service_words
from deduce.errors import DeduceError, InputError, Problem
from deduce.game.store import ClientGames, open_sqlite
from deduce.text.catalog import Phrase

#: Defaults: unfinished games, costly requests in flight, and requests a second, per client.
GAMES_PER_CLIENT = 20
COSTLY_PER_CLIENT = 3  # the designer page at once: its live audit, a design job, its deck audit
REQUESTS_PER_SECOND = 100  # the web page asks for about twenty files when it opens; a bot plays fast
#: Seconds over which the rate is averaged: a page that asks for its files at once is not refused.
RATE_WINDOW = 10
#: The client of the request being answered (set by :class:`Quotas`; "" outside a request).
CLIENT: contextvars.ContextVar[str] = contextvars.ContextVar("client", default="")


class QuotaExceeded(ServiceError):
    """A client is past one of its quotas (named by ``quota``, why in ``reason``); it may try again in
    ``retry_after`` s."""

    def __init__(self, quota: str, reason: Phrase, retry_after: int):
        super().__init__(service_words("quota", quota=repr(quota), reason=reason, retry=retry_after))
        self.quota = quota
        self.retry_after = retry_after


class ClientFull(ServiceError):
    """A client holds its most unfinished games (quota ``games``); it may start another in ``retry_after`` s."""

    def __init__(self, per_client: int, retry_after: int):
        super().__init__(service_words("quota.games", most=per_client, retry=retry_after))
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
#: Seconds a slot of the rate's window spans: what one process claims of a client's hits in one slot
#: is one row of the ledger, so a client's window is at most about a hundred rows, however fast it asks.
SLOT = 0.1
#: How long a process may admit the hits it claimed, the most it claims at once, and the share of what is
#: left in the client's window it may claim (near its limit, a client is counted hit by hit).
CLAIM_SECONDS, CLAIM_MOST, CLAIM_SHARE = 0.2, 64, 16
#: Claims of one process between two deletions of the slots out of their window.
PRUNE_EVERY = 100
#: The ledger of a process alone (a server of one process, and the tests).
MEMORY = ":memory:"

LEDGER_SCHEMA = """
CREATE TABLE IF NOT EXISTS rate_claims (key TEXT NOT NULL, slot INTEGER NOT NULL, amount INTEGER NOT NULL,
                                        expires REAL NOT NULL, PRIMARY KEY (key, slot));
CREATE INDEX IF NOT EXISTS rate_claims_expiry ON rate_claims (expires);
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
        self._db = open_sqlite(path, lambda db: db.executescript(LEDGER_SCHEMA), durable=False,  # counts, not records
                               unusable=lambda reason: service_words("ledger.unusable", path=repr(path), reason=reason))
        self._lock = threading.Lock()

    def close(self) -> None:
        with self._lock:
            self._db.close()

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


@dataclass
class Claim:
    """What this process may admit of one client's rate without asking the ledger: ``left`` hits until
    ``until``; or none until ``refused_until``, when the oldest slot of the client's full window leaves it."""

    left: int = 0
    until: float = 0.0
    refused_until: float = 0.0
    slot: int = 0


class RateWindow:
    """The ``rate`` quota: at most ``limit`` hits of one client in any ``window`` seconds, counted in a
    ledger that the processes of one server share, without a write to it on every request.

    A process claims some of the client's hits from the window in the ledger (counted there at once,
    in one transaction), then admits them from its memory, for :data:`CLAIM_SECONDS` at most; a
    claim takes at most :data:`CLAIM_MOST` hits and a :data:`CLAIM_SHARE`-th of the room left, so
    that near its limit a client is counted hit by hit, exactly, whichever process it reaches.
    Never more than ``limit``: a claim stays counted until ``window`` + :data:`CLAIM_SECONDS` after
    the end of its :data:`SLOT`, later than any hit admitted from it needs. At most a few percent
    fewer: what a process claims and does not use, and those 0.3 s more, count too (a client asking
    steadily at its rate is answered about 97 % of it). Once a client's window is full, the process
    refuses it from memory until the window's oldest slot leaves it: nothing frees room sooner.
    """

    def __init__(self, ledger: Ledger, limit: int, window: float) -> None:
        self.ledger = ledger
        self.limit = limit
        self.window = window
        self._claims: dict[str, Claim] = {}
        self._lock = threading.Lock()
        self._made = 0

    def hit(self, key: str) -> float | None:
        """Count one hit of ``key``: None when it is admitted, else the seconds until one would be."""
        now = time.time()
        with self._lock:
            claim = self._claims.get(key)
            if claim is None or not (now < claim.refused_until or (claim.left > 0 and now < claim.until)):
                claim = self._claims[key] = self._claim(key, now, claim)  # nothing to admit or refuse from memory
            if now < claim.refused_until:
                return claim.refused_until - now
            claim.left -= 1
            return None

    def _claim(self, key: str, now: float, spent: Claim | None) -> Claim:
        """Claim hits of ``key`` from its window in the ledger (at least one), or learn until when it is
        full; the hits left unused of the ``spent`` claim are given back first."""
        slot = math.floor(now / SLOT)
        self._made += 1
        with self.ledger.transaction() as db:
            if spent is not None and spent.left > 0:
                db.execute("UPDATE rate_claims SET amount = amount - ? WHERE key = ? AND slot = ?",
                           (spent.left, key, spent.slot))
            if self._made % PRUNE_EVERY == 0:  # slots out of their window no longer count: drop them now and then
                db.execute("DELETE FROM rate_claims WHERE expires <= ?", (now,))
                self._claims = {k: c for k, c in self._claims.items() if max(c.until, c.refused_until) > now}
            used, oldest = db.execute("SELECT COALESCE(SUM(amount), 0), MIN(expires) FROM rate_claims "
                                      "WHERE key = ? AND expires > ?", (key, now)).fetchone()
            if used >= self.limit:
                return Claim(refused_until=oldest)
            take = max(1, min(CLAIM_MOST, (self.limit - used) // CLAIM_SHARE))
            db.execute("INSERT INTO rate_claims (key, slot, amount, expires) VALUES (?, ?, ?, ?) "
                       "ON CONFLICT (key, slot) DO UPDATE SET amount = amount + excluded.amount",
                       (key, slot, take, (slot + 1) * SLOT + self.window + CLAIM_SECONDS))
        return Claim(left=take, until=now + CLAIM_SECONDS, slot=slot)


class StorageWindow:
    """The ``rate`` quota in a ``limits`` storage (:func:`rate_storage`), a hit at a time: at most
    ``limit`` hits of one client in any ``window`` seconds, as :meth:`RateWindow.hit` counts them."""

    def __init__(self, storage: Storage, limit: int, window: int) -> None:
        self._limiter = MovingWindowRateLimiter(storage)
        self._item = RateLimitItemPerSecond(limit, window)

    def hit(self, key: str) -> float | None:
        if self._limiter.hit(self._item, key):
            return None
        return self._limiter.get_window_stats(self._item, key).reset_time - time.time()


def rate_storage(uri: str) -> Storage:
    """The ``limits`` storage at ``uri`` for the rate (a moving window), or :class:`InputError` saying why not."""
    try:
        storage = storage_from_string(uri)
    except ConfigurationError as exc:  # the library's own reason, as it says it
        raise InputError.at((), service_words("rate-storage.unusable", uri=repr(uri), reason=str(exc)),
                            code="store") from None
    if not isinstance(storage, Storage) or not isinstance(storage, MovingWindowSupport):
        raise InputError.at((), service_words("rate-storage.no-window", uri=repr(uri)), code="store")
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
    _rate: RateWindow | StorageWindow = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._ledger = Ledger(self.ledger)
        limit = self.requests_per_second * RATE_WINDOW
        self._rate = RateWindow(self._ledger, limit, RATE_WINDOW) if self.rate_storage is None else \
            StorageWindow(rate_storage(self.rate_storage), limit, RATE_WINDOW)

    def settings(self) -> dict[str, Any]:
        """The arguments that make these quotas again (in another process)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.init}

    def close(self) -> None:
        self._ledger.close()

    def hit(self, client: str) -> None:
        """Count one request of ``client``; raise :class:`QuotaExceeded` past the rate."""
        wait = self._rate.hit(client)
        if wait is not None:
            raise QuotaExceeded("rate", service_words("quota.rate", most=self.requests_per_second, window=RATE_WINDOW),
                                max(1, math.ceil(wait)))

    def admit_game(self, held: ClientGames) -> None:
        """The ``games`` quota, checked by the game store as it stores a client's new game (its
        :data:`~deduce.game.store.Admission`): raise :class:`ClientFull` when the client holds its most."""
        if held.unfinished >= self.games:
            raise ClientFull(self.games, held.retry_after)

    def costly(self) -> contextlib.AbstractContextManager[None]:
        """Hold one of the request's client's places for costly work while the block runs; raise
        :class:`QuotaExceeded` when it has none left (in any process of the server)."""
        return self._held("costly", self.costly_in_flight, None, lambda _: QuotaExceeded(
            "costly", service_words("quota.costly", most=self.costly_in_flight), 1))

    def design(self, total: int) -> contextlib.AbstractContextManager[None]:
        """Hold the request's client's one place for a design job while the block runs: raise
        :class:`QuotaExceeded` when it has one already, and :class:`api.jobs.Busy` when the whole
        service (every process) has ``total`` design jobs running or waiting."""
        return self._held("design", 1, total, lambda refused: QuotaExceeded(
            "designs", service_words("quota.designs"), DESIGN_RETRY)
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
            await send_error(send, scope, 429, Problem((), exc.words, "quota"),
                             [(b"retry-after", str(exc.retry_after).encode())])
            return
        token = CLIENT.set(client)
        try:
            await self.app(scope, receive, send)
        finally:
            CLIENT.reset(token)
