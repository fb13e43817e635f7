"""The designer's live audit in a real browser: keystroke to report, on the Designer page.

Starts ``deduce serve`` on a free loopback port and opens the Designer page in Debian's
chromium (headless, off the network), with the shipped 12-lady set loaded into the editor. Each
measured edit is one key pressed in Jacqueline Field's Rose field, which turns her key entry
from 1 (true) to 3 (a lie) and back, each time after a Backspace that leaves the field empty
(an entry the page cannot read, so it is not audited). The time runs, in the page's own clock,
from the key's ``keydown`` to the moment the page has drawn the audit of the edited set (the
status line then says "No errors" or how many, the findings stand beside the cards: the page
draws them in the first frame after the answer arrives), the round trip to ``POST /v1/audit``
included. Printed: the p50, p95 and max over the edits, in milliseconds (the goal: p95 under
300), and the same for the audit request's round trip alone (what the server and the network
take of it), with the machine's load average.

    .venv/bin/python -m bench.workbench [--edits 60]

Loopback only; the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import os
import statistics

from playwright.sync_api import Page, expect, sync_playwright

from api.browser import DESKTOP, launch
from bench.api import percentile, start_server

WARM_UP = 5  # edits, not counted

#: In the page: the time from the last keydown to the frame that draws the report of the set as it now is,
#: and how long the audit request of that set took (its round trip, from the page's resource timing).
REPORTED = """async () => {
  const m = await import("/static/js/cardset.js");
  const doc = m.workbench.doc;
  if (m.workbench.audited !== doc) {
    await new Promise((resolve) => {
      const stop = m.subscribe(() => { if (m.workbench.audited === doc) { stop(); resolve(); } });
    });
  }
  await new Promise((resolve) => requestAnimationFrame(resolve));  // after the page's own draw of it
  const total = performance.now() - window.benchKeydown;
  const audits = performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/v1/audit"));
  performance.clearResourceTimings();
  return [total, audits.length ? audits[audits.length - 1].duration : null];
}"""


def open_designer(page: Page) -> None:
    """The Designer page with the shipped set loaded and audited; keydowns timed."""
    page.goto("/#/designer")
    page.get_by_role("button", name="Load the shipped set").click()
    expect(page.locator(".wb-status")).to_contain_text("No errors")
    page.evaluate("document.addEventListener('keydown', () => { window.benchKeydown = performance.now(); }, true)")


def edit_times(page: Page, edits: int) -> tuple[list[float], list[float]]:
    """Milliseconds from keystroke to report for each edit of Jacqueline Field's Rose entry, and of
    the audit's round trip alone."""
    rose = page.locator(".wb-cards").get_by_role("group", name="Jacqueline Field", exact=True) \
        .get_by_role("textbox", name="Rose")
    rose.click()
    page.keyboard.press("End")
    page.evaluate("performance.setResourceTimingBufferSize(1000); performance.clearResourceTimings()")
    times, trips = [], []
    for i in range(edits):
        page.keyboard.press("Backspace")
        page.keyboard.press("3" if i % 2 == 0 else "1")
        total, trip = page.evaluate(REPORTED)
        times.append(float(total))
        if trip is not None:
            trips.append(float(trip))
    return times, trips


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=60, help="edits measured (at least 50)")
    args = parser.parse_args()
    edits = max(args.edits, 50)
    proc, base = start_server(None)
    try:
        with sync_playwright() as p:
            browser = launch(p)
            page = browser.new_page(viewport=DESKTOP, base_url=base)
            open_designer(page)
            edit_times(page, WARM_UP)
            times, trips = edit_times(page, edits)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(10)
    print(f"shipped set (12 ladies), {edits} edits; {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    print(f"{'':36} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for label, values in (("keystroke to report drawn (goal)", times), ("of which POST /v1/audit round trip", trips)):
        print(f"{label:36} {statistics.median(values):8.1f} {percentile(values, 95):8.1f} {max(values):8.1f}")


if __name__ == "__main__":
    main()
