"""Benchmarks: each prints its figures against a named peer measured in the same run."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any


def per_query(fn: Callable[[Any], Any], items: Iterable[Any]) -> float:
    """Microseconds per item of calling ``fn`` on each item in turn."""
    items = list(items)
    started = time.perf_counter()
    for item in items:
        fn(item)
    return (time.perf_counter() - started) / len(items) * 1e6
