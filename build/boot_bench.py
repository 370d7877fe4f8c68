#!/usr/bin/env python3
"""Time-to-playable of the built site in headless Chromium.

    python3 build/boot_bench.py [--runs 3]

Cold: a fresh browser profile with empty caches.  Warm: the same profile
loading the page a second time (service worker and HTTP caches filled).
Each figure is navigation start -> the moment the app sets
document.documentElement.dataset.engine = "ready" (performance.now() taken by
the app, window.cairn.readyAt), median of --runs runs.
Builds dist/ first if it is missing or stale.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def load_site():
    spec = importlib.util.spec_from_file_location("cairn_site_builder", os.path.join(HERE, "site.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def time_load(page, url: str) -> float:
    page.goto(url)
    page.wait_for_function("window.cairn && window.cairn.readyAt != null", timeout=180_000, polling=200)
    return page.evaluate("window.cairn.readyAt") / 1000.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args()
    site = load_site()
    site.ensure_built(site.DIST)
    server = site.serve_in_thread(site.DIST, 0)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    from playwright.sync_api import sync_playwright

    cold, warm = [], []
    with sync_playwright() as pw:
        for run in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="cairn-bench-") as profile:
                ctx = pw.chromium.launch_persistent_context(profile, executable_path=args.chromium,
                                                            args=CHROMIUM_ARGS, headless=True)
                page = ctx.new_page()
                cold.append(time_load(page, url))
                page.evaluate("navigator.serviceWorker.ready.then(() => true)")
                page.goto("about:blank")
                warm.append(time_load(page, url))
                ctx.close()
            print(f"run {run + 1}: cold {cold[-1]:.2f} s, warm {warm[-1]:.2f} s", flush=True)
    server.shutdown()
    print(f"time to playable (median of {args.runs}): cold {statistics.median(cold):.2f} s, "
          f"warm {statistics.median(warm):.2f} s")


if __name__ == "__main__":
    main()
