#!/usr/bin/env python3
"""The app's start next to a bare Pyodide boot, side by side in one run, in
headless Chromium, from the same dist/:

    python3 build/boot_bench.py [--runs 3] [--rate 10] [--rtt 40] [--only link|local] [--dist DIR]

The site is served as a plain static host serves it: every file as it is
(no Content-Encoding, no Cache-Control), under a sub-path (/cairn/).  "Bare
Pyodide" is loadPyodide() + runPython("1+1") in a module worker, from the
site's own dist/pyodide/ (the whole standard library, the raw runtime);
"playable" is the app's data-engine="ready" (every game can be started),
both timed from the page's navigation start.

1. The phone link (--rate Mbit/s shared by every connection, --rtt ms before
   each response), nothing cached: bare Pyodide in a fresh profile, then the
   app in another: bytes sent before playable and in all (once the service
   worker has kept the site and nothing moved for 3 s), per file, requests
   made twice, seconds to playable and the ratio.  Then the app's second
   visit (what it downloads) and a new build that changed one page file
   (what a returning visitor downloads).
2. Localhost, --runs runs, each one side-by-side: bare cold (fresh profile),
   the app cold (fresh profile), bare warm (its profile again), the app warm
   (its profile again, once its service worker has kept the site); each
   run's times and ratios, then the medians.  The app's start is broken
   down by the worker's marks (ms since the worker started).

Builds dist/ first if it is missing or stale; --dist DIR measures a site
built elsewhere instead (an earlier commit's, for "before" figures: the new
build step is left out).
"""
from __future__ import annotations

import argparse
import collections
import functools
import http.server
import importlib.util
import io
import json
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
    return page.evaluate("({ready: window.cairn.readyAt, boot: window.cairn.engine.boot, origin: performance.timeOrigin})")


def link_judged(r):
    """What the worker made of the link: its speed as the first file came, the packing chosen."""
    b = r.get("boot") or {}
    speed = b.get("link")
    shown = "not timed" if speed is None else ("at once" if speed >= 1e12 else f"{speed / 1e6:.1f} MB/s")
    return f"the link judged {shown}: {b.get('packing')}"


def worker_start(page, r):
    """When the engine's worker started running, ms after the page's navigation began (and
    when the page made it, after "made at", when the record says)."""
    boot = r.get("boot") or {}
    origin, created = boot.get("origin"), boot.get("created")
    if origin is None:
        return None
    ran = round(origin - r["origin"])
    return ran if created is None else f"{ran} (made at {round(created - r['origin'])})"


def by_file(rows, prefix=SUB_PATH):
    """{path: bytes} of ``rows``, the sub-path left out."""
    out = collections.Counter()
    for r in rows:
        out[r[1][len(prefix):] if r[1].startswith(prefix) else r[1]] += r[2]
    return out


def print_files(before, after, width=44):
    """The per-file table: bytes sent before playable and after."""
    names = sorted(set(before) | set(after), key=lambda n: (-(before.get(n, 0) + after.get(n, 0)), n))
    big = [n for n in names if before.get(n, 0) + after.get(n, 0) >= 20_000]
    small = [n for n in names if n not in big]
    print(f"  {'file':{width}s} {'before':>10s} {'after':>10s}")
    for n in big:
        print(f"  {n:{width}s} {before.get(n, 0) / 1e3:9.0f}K {after.get(n, 0) / 1e3:9.0f}K")
    if small:
        b = sum(before.get(n, 0) for n in small)
        a = sum(after.get(n, 0) for n in small)
        print(f"  {f'{len(small)} files under 20 KB':{width}s} {b / 1e3:9.0f}K {a / 1e3:9.0f}K")
    print(f"  {'in all':{width}s} {sum(before.values()) / 1e3:9.0f}K {sum(after.values()) / 1e3:9.0f}K")


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
    ap.add_argument("--only", choices=["link", "local"], help="only the phone link or only localhost")
    ap.add_argument("--dist", help="a site built elsewhere (e.g. an earlier commit's) instead of dist/")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args()
    site = load_site()
    if not args.dist:
        site.ensure_built(site.DIST)
    # A private copy: another build replacing dist/ mid-run must not mix builds.
    copy = tempfile.TemporaryDirectory(prefix="cairn-bench-dist-")
    dist = os.path.join(copy.name, "dist")
    shutil.copytree(args.dist or site.DIST, dist)
    link, tally = Link(), Tally()
    server = plain_server(site, dist, link, tally)
    url = f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"
    with open(os.path.join(dist, "build.json")) as f:
        print(f"build {json.load(f)['id']}; load {os.getloadavg()[0]:.2f}", flush=True)
    from playwright.sync_api import sync_playwright

    def profile(pw):
        tmp = tempfile.TemporaryDirectory(prefix="cairn-bench-")
        ctx = pw.chromium.launch_persistent_context(tmp.name, executable_path=args.chromium,
                                                    args=CHROMIUM_ARGS, headless=True)
        return tmp, ctx, ctx.new_page()

    with sync_playwright() as pw:
        if args.only != "local":
            phone_link(args, site, dist, url, link, tally, profile, pw)
        if args.only != "link":
            link.rate, link.rtt = 0.0, 0.0
            localhost(args, url, tally, profile, pw)
    server.shutdown()
    copy.cleanup()


def phone_link(args, site, dist, url, link, tally, profile, pw):
    link.rate, link.rtt = args.rate * 1e6 / 8, args.rtt / 1000
    tmp, ctx, page = profile(pw)
    t0 = time.monotonic()
    bare = time_bare(page, url)
    bare_rows = tally.since(t0)
    ctx.close()
    tmp.cleanup()
    tmp, ctx, page = profile(pw)
    r, to_ready, t0 = visit(page, url, tally)
    t_ready = time.monotonic()
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    settle(tally)
    first = tally.since(t0)
    before, after = by_file([x for x in first if x[0] < t_ready]), by_file([x for x in first if x[0] >= t_ready])
    ready = r["ready"] / 1000
    print(f"\nphone link ({args.rate:g} Mbit/s, {args.rtt:g} ms, a plain static host, nothing cached), first visit:")
    print(f"  bare Pyodide: {bare:.2f} s, {summed(bare_rows) / MB:.2f} MB")
    print(f"  the app: playable after {ready:.2f} s = {ready / bare:.2f}x bare, {to_ready / MB:.2f} MB "
          f"({r['boot']['mode']}, {r['boot'].get('source')}); {summed(first) / MB:.2f} MB in all in {len(first)} requests; "
          f"requested twice: {twice(first) or 'none'}")
    print(f"  worker's marks (ms since it started, {worker_start(page, r)} ms after navigation): {r['boot'].get('marks')}")
    print(f"  {link_judged(r)}")
    print("  the app's files, KB sent before playable and after:")
    print_files(before, after)
    print("  bare Pyodide's files:")
    print_files(by_file(bare_rows), {})
    # the second visit on the same link
    t1 = time.monotonic()
    page.goto("about:blank")
    page.goto(url)
    r2 = wait_ready(page)
    settle(tally, quiet=1.5)
    second = tally.since(t1)
    print(f"  second visit: playable after {r2['ready'] / 1000:.2f} s ({r2['boot']['mode']}, {r2['boot'].get('source')}), "
          f"{summed(second) / 1e3:.0f} KB downloaded{': ' + ', '.join(sorted(by_file(second))) if second else ''}", flush=True)
    if args.dist:
        ctx.close()
        tmp.cleanup()
        return
    # a new build that changed one page file: what the returning visitor downloads
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
    print(f"  after a new build (one page file changed): {summed(update) / 1e3:.0f} KB downloaded: "
          f"{', '.join(sorted(n for n, b in by_file(update).items() if b))}", flush=True)
    ctx.close()
    tmp.cleanup()


def localhost(args, url, tally, profile, pw):
    rows = collections.defaultdict(list)
    print(f"\nlocalhost, {args.runs} side-by-side runs (seconds to playable; ratio = app / bare):", flush=True)
    for run in range(args.runs):
        bare_tmp, bare_ctx, bare_page = profile(pw)
        app_tmp, app_ctx, app_page = profile(pw)
        bare_cold = time_bare(bare_page, url)
        cold, cold_bytes, _ = visit(app_page, url, tally)
        app_page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        settle(tally, quiet=1.0)
        bare_page.goto("about:blank")
        bare_warm = time_bare(bare_page, url)
        app_page.goto("about:blank")
        app_page.goto(url)
        warm = wait_ready(app_page)
        for ctx, tmp in ((bare_ctx, bare_tmp), (app_ctx, app_tmp)):
            ctx.close()
            tmp.cleanup()
        app_cold, app_warm = cold["ready"] / 1000, warm["ready"] / 1000
        for k, v in (("bare_cold", bare_cold), ("app_cold", app_cold), ("bare_warm", bare_warm), ("app_warm", app_warm)):
            rows[k].append(v)
        print(f"  run {run + 1}: cold: bare {bare_cold:.2f}, app {app_cold:.2f} = {app_cold / bare_cold:.2f}x "
              f"({cold['boot']['mode']}, {cold['boot'].get('source')}, {cold_bytes / MB:.1f} MB); "
              f"warm: bare {bare_warm:.2f}, app {app_warm:.2f} = {app_warm / bare_warm:.2f}x bare warm, "
              f"{app_warm / bare_cold:.2f}x bare cold ({warm['boot']['mode']}, {warm['boot'].get('source')})", flush=True)
        print(f"         worker's marks (ms since it started, {worker_start(app_page, cold)} ms after navigation): "
              f"cold {cold['boot'].get('marks')}; {link_judged(cold)}", flush=True)
        print(f"         warm (started {worker_start(app_page, warm)} ms after navigation) {warm['boot'].get('marks')}",
              flush=True)
    med = {k: statistics.median(v) for k, v in rows.items()}
    cold_r = [a / b for a, b in zip(rows["app_cold"], rows["bare_cold"])]
    warm_r = [a / b for a, b in zip(rows["app_warm"], rows["bare_warm"])]
    warm_rc = [a / b for a, b in zip(rows["app_warm"], rows["bare_cold"])]
    print(f"  medians: bare cold {med['bare_cold']:.2f} s, app cold {med['app_cold']:.2f} s; "
          f"bare warm {med['bare_warm']:.2f} s, app warm {med['app_warm']:.2f} s")
    print(f"  ratios per run: cold {', '.join(f'{r:.2f}' for r in cold_r)}; "
          f"warm (to bare warm) {', '.join(f'{r:.2f}' for r in warm_r)}; "
          f"warm (to bare cold) {', '.join(f'{r:.2f}' for r in warm_rc)}")


if __name__ == "__main__":
    main()
