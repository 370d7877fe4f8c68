"""Dev tool: does the replay stay usable while a review runs? In the built site (dist/, built
if stale), per prepared game (tests/data/review/<name>.json): the time from the Review button to
the first mark on screen and to the whole review, and the time a replay step takes (a click on
"back one move" to the position drawn: median, worst) with no review and while one runs, clicking
as fast as the answers come and 0.7 s apart; the machine's load average.

    python3 web/dev/review_latency.py [glenmore hunters caledonia caledonia-solo]
"""
from __future__ import annotations

import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

from playwright.sync_api import sync_playwright  # noqa: E402

from shoot_replay import WAIT_IDLE, step_times  # noqa: E402
from shots import LAPTOP, launch, serve_site  # noqa: E402

DATA = os.path.join(ROOT, "tests", "data", "review")


def main():
    games = sys.argv[1:] or ["glenmore", "hunters", "caledonia", "caledonia-solo"]
    url, server = serve_site()
    with sync_playwright() as pw:
        browser = launch(pw)
        for game in games:
            context = browser.new_context(**LAPTOP)
            page = context.new_page()
            page.goto(url + "?fast=1")
            page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
            page.set_input_files("#import-file", os.path.join(DATA, f"{game}.json"))
            page.wait_for_function(WAIT_IDLE, timeout=120_000)
            page.evaluate("window.cairn.replay.seek(Math.floor(window.cairn.replay.plies / 2))")
            page.wait_for_function(WAIT_IDLE)
            calm = step_times(page, "#rp-prev", 20) + step_times(page, "#rp-next", 20)
            t0 = time.perf_counter()
            page.click("#rp-review-btn")
            page.wait_for_function("window.cairn.review && window.cairn.review.shown >= 1", timeout=60_000)
            first = time.perf_counter() - t0
            busy = step_times(page, "#rp-prev", 20) + step_times(page, "#rp-next", 20)
            paced = step_times(page, "#rp-prev", 10, 700)
            page.wait_for_function("window.cairn.review.complete", timeout=600_000, polling=200)
            whole = time.perf_counter() - t0
            print(f"{game}: first mark {first:.1f} s, whole review {whole:.1f} s; a replay step: "
                  f"no review median {statistics.median(calm):.0f} ms worst {max(calm):.0f} ms; "
                  f"during the review median {statistics.median(busy):.0f} ms worst {max(busy):.0f} ms, "
                  f"0.7 s apart median {statistics.median(paced):.0f} ms worst {max(paced):.0f} ms "
                  f"(load average {os.getloadavg()[0]:.1f})", flush=True)
            context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
