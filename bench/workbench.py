"""The designer's live audit in a real browser: keystroke to report, on the Designer page.

Starts ``deduce serve`` on a free loopback port and opens the Designer page in Debian's
chromium (headless, off the network), with the shipped 12-lady set loaded into the editor. Each
measured edit is one key pressed in Jacqueline Field's Rose field, which turns her key entry
from 1 (true) to 3 (a lie) and back, each time after a Backspace that leaves the field empty
(an entry the page cannot read, so it is not audited). The time runs, in the page's own clock,
from the key's ``keydown`` (the event's own time stamp: a page still busy with earlier work when
the key comes is counted) to the frame that shows the audit of the edited set, laid out (the
status line then says "No errors" or how many, the findings stand beside the cards, the cases
table follows: the page draws them as the answer arrives; the difficulty charts follow when the
page is idle, off the keystroke's path), the round trip to ``POST /v1/audit`` included.
Printed: the p50, p95 and max over the edits, in milliseconds (the goal: p95 under 300), and
the same for the audit request's round trip alone (what the server and the network take of it),
with the machine's load average.

Then the same edits typed in bursts of three, each burst as fast as the browser takes the keys
(faster than a loaded server answers), timed from the burst's last keydown: the audits of the
sets typed before it are stale, and must not hold up the newest (the page aborts one that has
been on its way too long, and draws no report of an older set).

``--busy N`` runs N processes that keep a CPU busy at the normal priority for the whole
measurement (other people's work on a shared machine): the "loaded" figures.

    .venv/bin/python -m bench.workbench [--edits 60] [--busy 2]

Loopback only; the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Page, expect, sync_playwright

from api.browser import DESKTOP, launch
from bench.api import percentile, start_server

WARM_UP = 5  # edits, not counted
BURST = 3  # edits typed one after the other, with no wait for a report between them

#: In the page: the time from the last keydown to the frame that shows the report of the set as it now is, laid out,
#: and how long the audit request of that set took (its round trip, from the page's resource timing).
REPORTED = """async () => {
  const m = await import("/static/js/designer/cardset.js");
  const doc = m.workbench.doc;
  if (m.workbench.audited !== doc) {
    await new Promise((resolve) => {
      const stop = m.subscribe(() => { if (m.workbench.audited === doc) { stop(); resolve(); } });
    });
  }
  await new Promise((resolve) => requestAnimationFrame(resolve));  // the frame that shows the page's draw of it,
  document.body.getBoundingClientRect();  // laid out
  const total = performance.now() - window.benchKeydown;
  const audits = performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/v1/audit"));
  performance.clearResourceTimings();
  return [total, audits.length ? audits[audits.length - 1].duration : null];
}"""


def open_designer(page: Page) -> None:
    """The Designer page with the shipped set loaded and audited; keydowns timed."""
    page.goto("/#/designer")
    page.get_by_role("button", name="Load the sample set").click()
    expect(page.locator(".wb-status")).to_contain_text("No errors")
    page.evaluate("document.addEventListener('keydown', (e) => { window.benchKeydown = e.timeStamp; }, true)")


def edit_times(page: Page, edits: int, burst: int = 1) -> tuple[list[float], list[float]]:
    """Milliseconds from keystroke to report for each edit (or burst of ``burst`` edits, from its
    last keystroke) of Jacqueline Field's Rose entry, and of the last audit's round trip alone."""
    rose = page.locator(".wb-cards").get_by_role("group", name="Jacqueline Field", exact=True) \
        .get_by_role("textbox", name="Rose")
    rose.click()
    page.keyboard.press("End")
    page.evaluate("performance.setResourceTimingBufferSize(1000); performance.clearResourceTimings()")
    times, trips = [], []
    typed = 0
    for _ in range(edits):
        for _ in range(burst):
            page.keyboard.press("Backspace")
            page.keyboard.press("3" if typed % 2 == 0 else "1")
            typed += 1
        total, trip = page.evaluate(REPORTED)
        times.append(float(total))
        if trip is not None:
            trips.append(float(trip))
    return times, trips


def spin() -> None:
    """Keep a CPU busy until stopped."""
    while True:
        pass


@contextmanager
def busy(processes: int) -> Iterator[None]:
    """``processes`` processes each keeping a CPU busy, at the normal priority, for the block."""
    spinners = [multiprocessing.Process(target=spin, daemon=True) for _ in range(processes)]
    for spinner in spinners:
        spinner.start()
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.terminate()
            spinner.join()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=60, help="edits measured (at least 50)")
    parser.add_argument("--busy", type=int, default=0, help="processes keeping a CPU busy meanwhile (a loaded machine)")
    args = parser.parse_args()
    edits = max(args.edits, 50)
    proc, base = start_server(None)
    try:
        with sync_playwright() as p, busy(args.busy):
            browser = launch(p)
            page = browser.new_page(viewport=DESKTOP, base_url=base)
            open_designer(page)
            edit_times(page, WARM_UP)
            single = edit_times(page, edits)
            bursts = edit_times(page, edits, BURST)
            load = os.getloadavg()[0]
            browser.close()
    finally:
        proc.terminate()
        proc.wait(10)
    print(f"shipped set (12 ladies), {edits} edits and {edits} bursts of {BURST}; {os.cpu_count()} CPUs, "
          f"{args.busy} kept busy, load average {load:.1f}")
    print(f"{'':40} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    rows = (("keystroke to report drawn (goal)", single[0]), ("of which POST /v1/audit round trip", single[1]),
            (f"last of {BURST} quick edits to report drawn", bursts[0]),
            ("of which the last audit's round trip", bursts[1]))
    for label, values in rows:
        print(f"{label:40} {statistics.median(values):8.1f} {percentile(values, 95):8.1f} {max(values):8.1f}")


if __name__ == "__main__":
    main()
