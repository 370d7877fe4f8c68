#!/usr/bin/env python3
"""A first visit as users meet it, and the start-up times, in headless
Chromium, next to a bare Pyodide boot from the same dist/ in the same run.

    python3 build/boot_bench.py [--runs 3] [--rate 10] [--rtt 40]

The site is served as a plain static host serves it: every file as it is
(no Content-Encoding, no Cache-Control), under a sub-path (/cairn/).

1. Over a throttled link (--rate Mbit/s shared by all connections, --rtt ms
   before each response), a first visit in a fresh profile: bytes sent
   until the app is playable (data-engine="ready") and in all (once the
   service worker has kept the site and nothing moved for 3 s), requests
   made more than once, and the time to playable next to a bare Pyodide
   boot (loadPyodide() + runPython("1+1") from dist/pyodide/) over the same
   link.  Then a second visit offline-capable: what it downloads.
2. On localhost (no throttling): the app cold (fresh profile) and warm
   (the same profile again) next to a bare boot cold, median of --runs.
3. A new build that changed one page file: what a returning visitor
   downloads.

Builds dist/ first if it is missing or stale.
"""
from __future__ import annotations

import argparse
import collections
import functools
import http.server
import importlib.util
import io
import os
import shutil
import statistics
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
SUB_PATH = "/cairn/"
BARE_PAGE = b"""<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script>
window.bare = { readyAt: null };
const w = new Worker("bare-worker.js", { type: "module" });
w.onmessage = (ev) => { window.bare.result = ev.data; window.bare.readyAt = performance.now(); };
</script>"""
BARE_WORKER = b"""const { loadPyodide } = await import(new URL("../pyodide/pyodide.mjs", import.meta.url).href);
const py = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
postMessage(py.runPython("1+1"));
"""
MB = 1e6


def load_site():
    spec = importlib.util.spec_from_file_location("cairn_site_builder", os.path.join(HERE, "site.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Link:
    """A link shared by every connection: ``rate`` bytes/s, ``rtt`` s."""

    def __init__(self, rate: float = 0.0, rtt: float = 0.0):
        self.rate, self.rtt = rate, rtt
        self.lock = threading.Lock()
        self.free_at = 0.0

    def send(self, n: int) -> None:
        if not self.rate:
            return
        with self.lock:
            now = time.monotonic()
            self.free_at = max(self.free_at, now) + n / self.rate
            wait = self.free_at - now
        if wait > 0:
            time.sleep(wait)


class Tally:
    """Every response the host sent: [time, path, bytes]."""

    def __init__(self):
        self.lock = threading.Lock()
        self.rows = []

    def add(self, path, n):
        with self.lock:
            self.rows.append([time.monotonic(), path, n])

    def since(self, t0):
        with self.lock:
            return [r for r in self.rows if r[0] >= t0]


def plain_server(site, dist, link, tally):
    """A plain static host for ``dist`` under SUB_PATH, through ``link``."""
    pages = {SUB_PATH + "__bench__/bare.html": (BARE_PAGE, "text/html; charset=utf-8"),
             SUB_PATH + "__bench__/bare-worker.js": (BARE_WORKER, "text/javascript; charset=utf-8")}

    class Plain(http.server.SimpleHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def guess_type(self, path):  # type: ignore[override]
            return site.mime_type(str(path))

        def translate_path(self, path):  # type: ignore[override]
            path = path.split("?")[0]
            if not path.startswith(SUB_PATH):
                return "/nonexistent"
            return super().translate_path("/" + path[len(SUB_PATH):])

        def send_head(self):  # type: ignore[override]
            if link.rtt:
                time.sleep(link.rtt)
            page = pages.get(self.path.split("?")[0])
            if page is None:
                return super().send_head()
            body, ctype = page
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)

        def copyfile(self, source, outputfile):  # type: ignore[override]
            n = 0
            try:
                while True:
                    block = source.read(16384)
                    if not block:
                        break
                    link.send(len(block))
                    outputfile.write(block)
                    n += len(block)
            except (BrokenPipeError, ConnectionResetError):
                pass   # the browser went away (a closed page)
            tally.add(self.path.split("?")[0], n)

        def log_message(self, format, *args):  # noqa: A002
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Plain, directory=dist))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def wait_ready(page):
    page.wait_for_function("(window.cairn && window.cairn.readyAt != null) || document.documentElement.dataset.engine === 'fatal'",
                           timeout=300_000, polling=50)
    if page.evaluate("document.documentElement.dataset.engine") == "fatal":
        raise SystemExit("the app could not start: " + page.inner_text("#boot-text"))
    return page.evaluate("({ready: window.cairn.readyAt, boot: window.cairn.engine.boot})")


def visit(page, url, tally):
    """Open the app in ``page``: (its boot record, bytes the host sent until
    it was ready, when the visit began)."""
    t0 = time.monotonic()
    page.goto(url)
    r = wait_ready(page)
    t_ready = time.monotonic()
    return r, summed(tally.since(t0)) - summed(tally.since(t_ready)), t0


def time_bare(page, url):
    page.goto(url + "__bench__/bare.html")
    page.wait_for_function("window.bare && window.bare.readyAt != null", timeout=300_000, polling=50)
    assert page.evaluate("window.bare.result") == 2
    return page.evaluate("window.bare.readyAt") / 1000


def settle(tally, quiet=3.0, limit=120.0):
    """Wait until the host sent nothing for ``quiet`` seconds."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < limit:
        rows = tally.since(0)
        last = rows[-1][0] if rows else t0
        if time.monotonic() - last >= quiet:
            return
        time.sleep(0.2)


def summed(rows):
    return sum(r[2] for r in rows)


def twice(rows):
    seen = collections.Counter(r[1] for r in rows)
    return sorted(p for p, n in seen.items() if n > 1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--rate", type=float, default=10.0, help="throttled link, Mbit/s")
    ap.add_argument("--rtt", type=float, default=40.0, help="throttled link, ms per request")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args()
    site = load_site()
    site.ensure_built(site.DIST)
    # A private copy: another build replacing dist/ mid-run must not mix builds.
    copy = tempfile.TemporaryDirectory(prefix="cairn-bench-dist-")
    dist = os.path.join(copy.name, "dist")
    shutil.copytree(site.DIST, dist)
    link, tally = Link(), Tally()
    server = plain_server(site, dist, link, tally)
    url = f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"
    from playwright.sync_api import sync_playwright

    def profile(pw):
        tmp = tempfile.TemporaryDirectory(prefix="cairn-bench-")
        ctx = pw.chromium.launch_persistent_context(tmp.name, executable_path=args.chromium,
                                                    args=CHROMIUM_ARGS, headless=True)
        return tmp, ctx, ctx.new_page()

    out = {}
    with sync_playwright() as pw:
        # 1. a first visit over the throttled link
        link.rate, link.rtt = args.rate * 1e6 / 8, args.rtt / 1000
        tmp, ctx, page = profile(pw)
        t0 = time.monotonic()
        bare = time_bare(page, url)
        bare_bytes = summed(tally.since(t0))
        ctx.close()
        tmp.cleanup()
        tmp, ctx, page = profile(pw)
        r, to_ready, t0 = visit(page, url, tally)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        settle(tally)
        first = tally.since(t0)
        out["slow"] = {"bare": bare, "bare_bytes": bare_bytes, "ready": r["ready"] / 1000, "boot": r["boot"],
                       "to_ready": to_ready, "all": summed(first), "twice": twice(first), "requests": len(first)}
        print(f"{args.rate:g} Mbit/s, {args.rtt:g} ms, plain host, first visit: playable after {r['ready'] / 1000:.1f} s "
              f"and {to_ready / MB:.1f} MB ({r['boot']['mode']}, {r['boot'].get('source')}); "
              f"{summed(first) / MB:.1f} MB in all in {len(first)} requests; requested twice: {twice(first) or 'none'}; "
              f"bare Pyodide {bare:.1f} s and {bare_bytes / MB:.1f} MB", flush=True)
        # ... and the second visit on the same link
        t1 = time.monotonic()
        page.goto("about:blank")
        page.goto(url)
        r2 = wait_ready(page)
        settle(tally, quiet=1.5)
        second = tally.since(t1)
        out["slow_again"] = {"ready": r2["ready"] / 1000, "boot": r2["boot"], "all": summed(second)}
        print(f"  second visit: playable after {r2['ready'] / 1000:.2f} s ({r2['boot']['mode']}, {r2['boot'].get('source')}), "
              f"{summed(second) / 1e3:.0f} KB downloaded", flush=True)

        # 3. a new build that changed one page file: what the returning visitor downloads
        with open(os.path.join(dist, "js", "app.js"), "a") as f:
            f.write("\n// a change\n")
        shutil.copy2(os.path.join(site.WEB, "sw.js"), os.path.join(dist, "sw.js"))
        os.remove(os.path.join(dist, site.MANIFEST))
        build_id = site.write_boot_manifest(dist)
        site.finish_service_worker(dist, build_id)
        t2 = time.monotonic()
        page.goto("about:blank")
        page.goto(url)
        wait_ready(page)
        page.wait_for_function(f"caches.has('cairn-{build_id}')", timeout=120_000)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r && r.update()).then(() => true)")
        page.wait_for_function("navigator.serviceWorker.controller && caches.keys().then(k => k.length === 1)",
                               timeout=120_000)
        settle(tally, quiet=1.5)
        update = tally.since(t2)
        out["update"] = {"all": summed(update), "files": sorted({r[1] for r in update if r[2]})}
        print(f"  after a new build (one page file changed): {summed(update) / 1e3:.0f} KB downloaded: "
              f"{', '.join(out['update']['files'])}", flush=True)
        ctx.close()
        tmp.cleanup()

        # 2. localhost
        link.rate, link.rtt = 0.0, 0.0
        rows = collections.defaultdict(list)
        for run in range(args.runs):
            tmp, ctx, page = profile(pw)
            rows["bare"].append(time_bare(page, url))
            ctx.close()
            tmp.cleanup()
            tmp, ctx, page = profile(pw)
            cold, cold_bytes, _ = visit(page, url, tally)
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            settle(tally, quiet=1.0)
            page.goto("about:blank")
            page.goto(url)
            warm = wait_ready(page)
            ctx.close()
            tmp.cleanup()
            rows["cold"].append(cold["ready"] / 1000)
            rows["warm"].append(warm["ready"] / 1000)
            rows["cold_bytes"].append(cold_bytes)
            print(f"localhost run {run + 1}: bare {rows['bare'][-1]:.2f} s; app cold {rows['cold'][-1]:.2f} s "
                  f"({cold['boot']['mode']}, {cold['boot'].get('source')}, {cold_bytes / MB:.1f} MB), "
                  f"warm {rows['warm'][-1]:.2f} s ({warm['boot']['mode']}, {warm['boot'].get('source')})", flush=True)
    server.shutdown()
    copy.cleanup()
    med = {k: statistics.median(v) for k, v in rows.items()}
    s = out["slow"]
    print(f"\nplain host, {args.rate:g} Mbit/s and {args.rtt:g} ms, first visit:")
    print(f"  sent before playable: {s['to_ready'] / MB:.1f} MB (goal <= 10); in all: {s['all'] / MB:.1f} MB (goal <= 12); "
          f"requested twice: {len(s['twice'])}")
    print(f"  time to playable: {s['ready']:.1f} s = {s['ready'] / s['bare']:.2f}x a bare Pyodide boot "
          f"({s['bare']:.1f} s, {s['bare_bytes'] / MB:.1f} MB) (goal <= 1.0x)")
    print(f"  second visit: {out['slow_again']['ready']:.2f} s, {out['slow_again']['all'] / 1e3:.0f} KB; "
          f"after a one-file change: {out['update']['all'] / 1e3:.0f} KB")
    print(f"localhost, median of {args.runs}: bare {med['bare']:.2f} s; app cold {med['cold']:.2f} s = "
          f"{med['cold'] / med['bare']:.2f}x (goal <= 0.5x, {med['cold_bytes'] / MB:.1f} MB), "
          f"warm {med['warm']:.2f} s = {med['warm'] / med['bare']:.2f}x (goal <= 0.5x)")


if __name__ == "__main__":
    main()
