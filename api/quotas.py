"""What one client may cost (SPEC 6, "A public server"): quotas per client, answered 429.

A client is its remote address; behind a proxy named with ``--trusted-proxy``, and only when the
request comes from that proxy, it is the address the proxy appended to ``X-Forwarded-For`` (the
last one: whatever comes before it was written by the client and proves nothing).

Three quotas, each past its limit answered 429 with ``Retry-After`` and an error whose code is
``quota`` and whose message names the quota, so that one client never denies the service to the
others (the global limits, answered 503, stay behind them):

- ``rate``: requests a second (averaged over :data:`RATE_WINDOW` seconds), counted by :class:`Quotas`
  (the middleware) with the ``limits`` library's moving window, in this process's memory;
- ``costly``: costly requests in flight at once (audits, designs, a request that brings its own
  card set or board, or a large body), held by :meth:`ClientQuotas.costly` around the work, which
  :class:`api.service.Service` calls: the client is the one :class:`Quotas` put in
  :data:`CLIENT` for the request, so routes in any module are counted without passing it along;
- ``games``: unfinished games, counted by the game store itself
  (:class:`deduce.game.store.GameStore`), so the count survives a restart.
"""

from __future__ import annotations

import contextlib
import contextvars
import ipaddress
import math
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from limits import RateLimitItemPerSecond
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.types import ASGIApp, Receive, Scope, Send

from api.middleware import error_json
from deduce.errors import DeduceError

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


@dataclass
class ClientQuotas:
    """The per-client limits of one app, and the costly requests each client has in flight."""

    games: int = GAMES_PER_CLIENT
    costly_in_flight: int = COSTLY_PER_CLIENT
    requests_per_second: int = REQUESTS_PER_SECOND
    trusted_proxy: str | None = None
    _costly: Counter[str] = field(default_factory=Counter, init=False, repr=False)
    _limiter: MovingWindowRateLimiter = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._limiter = MovingWindowRateLimiter(MemoryStorage())
        self._rate = RateLimitItemPerSecond(self.requests_per_second * RATE_WINDOW, RATE_WINDOW)

    def hit(self, client: str) -> None:
        """Count one request of ``client``; raise :class:`QuotaExceeded` past the rate."""
        if self._limiter.hit(self._rate, client):
            return
        reset = self._limiter.get_window_stats(self._rate, client).reset_time
        raise QuotaExceeded("rate", f"at most {self.requests_per_second} requests a second per client "
                                    f"(over {RATE_WINDOW} s)",
                            max(1, math.ceil(reset - time.time())))

    @contextlib.contextmanager
    def costly(self) -> Iterator[None]:
        """Hold one of the request's client's places for costly work; raise :class:`QuotaExceeded`
        when it has none left. The event loop runs this (no lock needed)."""
        client = CLIENT.get()
        if self._costly[client] >= self.costly_in_flight:
            raise QuotaExceeded("costly", f"at most {self.costly_in_flight} costly requests (audits, designs, "
                                          "a card set or board of the request's own) in flight per client", 1)
        self._costly[client] += 1
        try:
            yield
        finally:
            self._costly[client] -= 1
            if not self._costly[client]:
                del self._costly[client]


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
