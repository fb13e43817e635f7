"""How much work a piece of code does, measured as the tests may measure it: by what was done, never
by the clock (a machine under load is slow, not wrong; timings belong in ``bench/``)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any


def calls_made(work: Callable[[], object]) -> int:
    """How many function calls (Python and built-in) ``work()`` makes: the same on every machine,
    so a bound on it says that work is bounded without saying how fast the machine is."""
    count = 0

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        work()
    finally:
        sys.setprofile(previous)
    return count
