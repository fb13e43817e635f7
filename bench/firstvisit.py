"""A first visit and a return visit on a phone's network: the page as delivered now against the
page of the base commit (issue 33, item 8), in the same run.

Both apps are served on free loopback ports from source trees: this checkout, and the base commit
(``BASE``, main@9df5526) taken out with ``git archive`` into a temporary folder. Each page (home,
At the table, Play) is opened in Debian's chromium at a phone's size (375×667) on DevTools' Fast 3G
network (``Network.emulateNetworkConditions`` with DevTools' preset: 562.5 ms of latency, 180,000
bytes/s down, 84,375 up), first in a fresh browser (nothing kept), then again in the same browser
(what its HTTP cache keeps). The service worker is left out: its own requests escape the page's
emulated network, and it only passes them on (network first).

Measured, in the page's own clock, from the navigation's start to the first frame that shows the
page's heading and a control under it (``main h1`` and a button, field or link of the view); the
requests that went to the network before then (the page, the files, the API: ``data:`` URLs and
answers from the cache not counted) and the bytes they took (headers included, as sent:
compressed where the server compressed). Printed: the median over ``--runs`` visits of each
page, then and now; the goal is 2.5 s for a first visit.

    .venv/bin/python -m bench.firstvisit [--runs 3]

Loopback only; both servers are stopped at the end.
"""

from __future__ import annotations

import argparse
import statistics
from typing import TypedDict

from playwright.sync_api import Browser, BrowserContext, sync_playwright

from api.browser import PHONE, launch
from bench.trees import BASE, archived, served

#: DevTools' Fast 3G preset (its network panel's "Fast 3G", as Puppeteer's PredefinedNetworkConditions copy it).
FAST_3G = {"offline": False, "latency": 150 * 3.75, "downloadThroughput": 1.6 * 1000 * 1000 / 8 * 0.9,
           "uploadThroughput": 750 * 1000 / 8 * 0.9}
PAGES = {"home": "/#/", "table": "/#/table", "play": "/#/play"}
#: Put in each page before its own scripts: notes the time of the first frame that shows the heading and a control.
WATCH_READY = """(() => {
  const shown = () => document.querySelector("main h1")
    && document.querySelector("main .view :is(button, select, input, a[href])");
  const look = () => { if (shown()) window.benchReady = performance.now(); else requestAnimationFrame(look); };
  requestAnimationFrame(look);
})();"""
#: The requests that went to the network before the page was ready, and their bytes (Resource Timing).
NETWORK = """(ready) => {
  const entries = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
    .filter((e) => e.startTime <= ready && !e.name.startsWith("data:") && e.transferSize > 0);
  return {requests: entries.length, bytes: entries.reduce((sum, e) => sum + e.transferSize, 0)};
}"""


class Visit(TypedDict):
    """One visit of a page: the time to its heading and controls (ms), the requests and bytes before then."""

    ms: float
    requests: int
    bytes: int


def visit_twice(browser: Browser, url: str) -> tuple[Visit, Visit]:
    """A first visit of ``url`` in a fresh browser, then a return visit in the same one."""
    context = browser.new_context(viewport=PHONE, service_workers="block")
    context.add_init_script(WATCH_READY)
    try:
        return visit(context, url), visit(context, url)
    finally:
        context.close()


def visit(context: BrowserContext, url: str) -> Visit:
    """One visit of ``url`` in a new tab of ``context``, on the emulated network."""
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", FAST_3G)
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.benchReady !== undefined", timeout=60_000)
    ready: float = page.evaluate("window.benchReady")
    network = page.evaluate(NETWORK, ready)
    page.close()
    return {"ms": ready, "requests": network["requests"], "bytes": network["bytes"]}


def median(visits: list[Visit]) -> Visit:
    """The median of each figure over ``visits``."""
    return {"ms": statistics.median(v["ms"] for v in visits),
            "requests": round(statistics.median(v["requests"] for v in visits)),
            "bytes": round(statistics.median(v["bytes"] for v in visits))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="visits of each page by each app (median printed)")
    args = parser.parse_args()
    print(f"Fast 3G ({FAST_3G['latency']:g} ms, {FAST_3G['downloadThroughput']:,.0f} B/s down), 375x667, "
          f"median of {args.runs}; then: {BASE}, now: this checkout")
    print(f"{'page':<6} {'visit':<7} {'then s':>7} {'now s':>6} {'then req':>9} {'now req':>8} "
          f"{'then KB':>8} {'now KB':>7}")
    with archived() as tree, served(tree) as then_url, served() as now_url, sync_playwright() as p:
        browser = launch(p)
        for name, path in PAGES.items():
            figures: dict[str, list[list[Visit]]] = {"then": [[], []], "now": [[], []]}
            for _ in range(args.runs):
                for app, base in (("then", then_url), ("now", now_url)):
                    for i, one in enumerate(visit_twice(browser, base + path)):
                        figures[app][i].append(one)
            for i, kind in enumerate(("first", "return")):
                then, now = median(figures["then"][i]), median(figures["now"][i])
                print(f"{name:<6} {kind:<7} {then['ms'] / 1000:>7.2f} {now['ms'] / 1000:>6.2f} "
                      f"{then['requests']:>9} {now['requests']:>8} {then['bytes'] / 1000:>8.1f} "
                      f"{now['bytes'] / 1000:>7.1f}", flush=True)
        browser.close()


if __name__ == "__main__":
    main()
