#!/usr/bin/env python3
"""Time-to-playable of the built site in headless Chromium, next to a bare
Pyodide boot from the same dist/ measured in the same run.

    python3 build/boot_bench.py [--runs 3] [--slow]

App, cold: a fresh browser profile with empty caches, navigation start to
the moment the app sets data-engine="ready" (window.cairn.readyAt).  App,
warm: the same profile loading the page again (service worker, Cache
Storage and HTTP caches filled).  Bare Pyodide: a page that starts a module
worker doing only loadPyodide() + runPython("1+1") from dist/pyodide/ (what
any Pyodide app pays before its own code runs), navigation start to the
answer, cold (fresh profile) and warm (reload).  Also: the first contentful
paint of the app, how it booted (snapshot or fresh), and the longest time the
progress bar stood still.  Median of --runs runs.  --slow adds a 4G-like
link (40 Mbit/s, 20 ms) and a 4x slower CPU.
Builds dist/ first if it is missing or stale.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import statistics
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
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


def load_site():
    spec = importlib.util.spec_from_file_location("cairn_site_builder", os.path.join(HERE, "site.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def bench_server(site, dist):
    """The site's own server (precompressed files and all) plus the bare
    Pyodide page under /__bench__/ (never part of dist/)."""
    pages = {"/__bench__/bare.html": (BARE_PAGE, "text/html; charset=utf-8"),
             "/__bench__/bare-worker.js": (BARE_WORKER, "text/javascript; charset=utf-8")}

    class BenchHandler(site.Handler):
        def send_head(self):  # type: ignore[override]
            page = pages.get(self.path.split("?")[0])
            if page is None:
                return super().send_head()
            body, ctype = page
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            import io
            return io.BytesIO(body)

    import functools
    import http.server
    import threading
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(BenchHandler, directory=dist))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def throttle(page, slow: bool) -> None:
    if not slow:
        return
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 20,
                                                  "downloadThroughput": 40e6 / 8, "uploadThroughput": 10e6 / 8})
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})


# Samples the progress bar every 50 ms from the first moment of the page.
WATCH_BAR = """
window.__bar = { changes: [] };
(function poll() {
  const bar = document.getElementById('boot-bar');
  if (bar) {
    const c = window.__bar.changes;
    const v = bar.position < 0 ? "moving" : bar.value;   // no value yet: the animated (indeterminate) bar
    const text = (document.getElementById('boot-text') || {}).textContent;
    if (!c.length || c[c.length - 1][1] !== v) c.push([performance.now(), v, text]);
  }
  if (!(window.cairn && window.cairn.readyAt != null)) setTimeout(poll, 50);
})();
"""


def time_app(page, url: str) -> dict:
    page.goto(url)
    page.wait_for_function("(window.cairn && window.cairn.readyAt != null) || document.documentElement.dataset.engine === 'fatal'",
                           timeout=300_000, polling=100)
    if page.evaluate("document.documentElement.dataset.engine") == "fatal":
        raise SystemExit("the app could not start: " + page.inner_text("#boot-text"))
    r = page.evaluate("""() => ({
        ready: window.cairn.readyAt,
        fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime,
        changes: window.__bar.changes,
        boot: window.cairn.engine.boot,
    })""")
    # The longest time the progress bar stood still before ready (the
    # animated bar shown before the first figure arrives counts as moving).
    marks = r["changes"] + [[r["ready"], "ready", "ready"]]
    stuck, during = 0.0, ""
    for (t, v, text), (t2, _, _) in zip(marks, marks[1:]):
        if v != "moving" and t2 - t > stuck:
            stuck, during = t2 - t, text
    return {"ready": r["ready"] / 1000, "fcp": (r["fcp"] or 0) / 1000, "mode": (r["boot"] or {}).get("mode"),
            "stuck": stuck / 1000, "during": during}


def time_bare(page, url: str) -> float:
    page.goto(url + "__bench__/bare.html")
    page.wait_for_function("window.bare && window.bare.readyAt != null", timeout=300_000, polling=100)
    assert page.evaluate("window.bare.result") == 2
    return page.evaluate("window.bare.readyAt") / 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--slow", action="store_true", help="4G-like link and 4x slower CPU")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args()
    site = load_site()
    site.ensure_built(site.DIST)
    # A private copy: another build replacing dist/ mid-run must not mix builds.
    copy = tempfile.TemporaryDirectory(prefix="cairn-bench-dist-")
    dist = os.path.join(copy.name, "dist")
    shutil.copytree(site.DIST, dist)
    server = bench_server(site, dist)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    from playwright.sync_api import sync_playwright

    rows = {k: [] for k in ("bare_cold", "bare_warm", "cold", "warm", "fcp", "stuck")}
    modes = set()

    def profile(pw):
        tmp = tempfile.TemporaryDirectory(prefix="cairn-bench-")
        ctx = pw.chromium.launch_persistent_context(tmp.name, executable_path=args.chromium,
                                                    args=CHROMIUM_ARGS, headless=True)
        ctx.add_init_script(WATCH_BAR)
        page = ctx.new_page()
        throttle(page, args.slow)
        return tmp, ctx, page

    with sync_playwright() as pw:
        for run in range(args.runs):
            tmp, ctx, page = profile(pw)
            rows["bare_cold"].append(time_bare(page, url))
            page.goto("about:blank")
            rows["bare_warm"].append(time_bare(page, url))
            ctx.close()
            tmp.cleanup()

            tmp, ctx, page = profile(pw)
            cold = time_app(page, url)
            # The service worker is active once it has stored the whole site.
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            page.goto("about:blank")
            warm = time_app(page, url)
            ctx.close()
            tmp.cleanup()
            rows["cold"].append(cold["ready"])
            rows["warm"].append(warm["ready"])
            rows["fcp"].append(cold["fcp"])
            rows["stuck"].append(max(cold["stuck"], warm["stuck"]))
            during = cold["during"] if cold["stuck"] >= warm["stuck"] else warm["during"]
            modes.update([cold["mode"], warm["mode"]])
            print(f"run {run + 1}: bare Pyodide cold {rows['bare_cold'][-1]:.2f} s, warm {rows['bare_warm'][-1]:.2f} s; "
                  f"app cold {cold['ready']:.2f} s ({cold['mode']}), warm {warm['ready']:.2f} s ({warm['mode']}); "
                  f"first paint {cold['fcp']:.3f} s; bar still at most {rows['stuck'][-1]:.2f} s ({during!r})", flush=True)
    server.shutdown()
    copy.cleanup()
    med = {k: statistics.median(v) for k, v in rows.items()}
    bare = med["bare_cold"]
    print(f"\nmedian of {args.runs}{' (4G-like link, 4x slower CPU)' if args.slow else ''}:")
    print(f"  bare Pyodide boot (loadPyodide + runPython('1+1')): cold {bare:.2f} s, warm {med['bare_warm']:.2f} s")
    print(f"  app time to ready, cold: {med['cold']:.2f} s = {med['cold'] / bare:.2f}x bare cold (goal <= 1.0x)")
    print(f"  app time to ready, warm: {med['warm']:.2f} s = {med['warm'] / bare:.2f}x bare cold (goal <= 0.6x); "
          f"{med['warm'] / med['bare_warm']:.2f}x bare warm")
    print(f"  first contentful paint: {med['fcp']:.3f} s (goal < 0.3 s); "
          f"progress bar still at most {med['stuck']:.2f} s; booted from: {', '.join(sorted(m or '?' for m in modes))}")


if __name__ == "__main__":
    main()
