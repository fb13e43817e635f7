"""How much work a piece of code does, measured as the tests may measure it: by what was done, never
by the clock (a machine under load is slow, not wrong; timings belong in ``bench/``).

The one look at the clock the tests keep is here, in :func:`wait_until`: a bound on waiting for
something to happen (a server to come up, a connection to be dropped), so that a test where it never
does fails instead of hanging. Nothing is asserted on how long it took.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from types import FrameType
from typing import Any

import httpx


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


def wait_until(condition: Callable[[], bool], what: str, within_s: float = 30) -> None:
    """Return once ``condition()`` holds, asking again every tenth of a second; fail, saying
    ``what`` did not happen, after ``within_s`` seconds: a bound on a hang, not a measure of speed."""
    deadline = time.monotonic() + within_s
    while not condition():
        if time.monotonic() >= deadline:
            raise AssertionError(f"{what} did not happen within {within_s:g} s")
        time.sleep(0.1)  # the interval between two looks, not a wait for something to happen


def wait_until_up(url: str, server: subprocess.Popen[Any], within_s: float = 30) -> None:
    """Return once ``url`` answers 200, asking again while ``server`` starts; fail at once if the
    server exits first (with its output, when it is piped), and after ``within_s`` seconds if it
    never answers."""

    def answers() -> bool:
        if server.poll() is not None:
            output = server.stdout.read() if server.stdout else ""
            raise AssertionError(f"the server exited (status {server.returncode}) before {url} answered:\n{output}")
        try:
            return httpx.get(url, timeout=5).status_code == 200
        except httpx.TransportError:
            return False  # not listening yet

    wait_until(answers, f"an answer 200 from {url}", within_s)
