"""Where independent pieces of work run: here, in local processes, or on a cluster.

``deduce simulate`` plays chunks of games and ``deduce design`` runs independent restarts of its
search through an :class:`Executor`: this process (:class:`InProcess`), a
``concurrent.futures`` pool, or a Dask client. The work's results never depend on which runs it.
Foundation module: it knows nothing of the game or the cards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

__all__ = ["Executor", "Future", "InProcess"]

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Future(Protocol[T_co]):
    """A piece of work under way: ``result()`` waits for its value (or raises what it raised)."""

    def result(self) -> T_co: ...


class Executor(Protocol):
    """Where pieces of work run: ``submit(fn, *args)`` starts ``fn(*args)`` and returns its
    :class:`Future`. A ``concurrent.futures`` executor fits as it is; so does a Dask
    ``distributed.Client`` (through a thin adapter). Elsewhere than :class:`InProcess`,
    ``fn`` and ``args`` are pickled: module-level functions and plain values only."""

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Future[T]: ...


@dataclass(frozen=True)
class _Later:
    fn: Callable[..., Any]
    args: tuple[Any, ...]

    def result(self) -> Any:
        return self.fn(*self.args)


class InProcess:
    """The :class:`Executor` that runs the work in this process, each piece when its result is
    asked for (so progress is reported as the work is done)."""

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Future[T]:
        return _Later(fn, args)
