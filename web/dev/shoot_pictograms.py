"""Dev tool: screenshots of web/dev/pictograms.html (every Caledonia unit and good at 16, 24 and
32 px, the units in four seat colours on the map's colours) at 1x, 2x, and 3x zoomed, served
straight from web/ (no build needed).

    .venv/bin/python web/dev/shoot_pictograms.py [outdir]     (default web/dev/out/pictograms)
"""
from __future__ import annotations

import functools
import http.server
import os
import sys
import threading

from playwright.sync_api import sync_playwright

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from shots import launch  # noqa: E402

WEB = os.path.dirname(HERE)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "out", "pictograms")
    os.makedirs(out, exist_ok=True)
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *a):
            pass

    handler = functools.partial(Quiet, directory=WEB)
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_address[1]}/dev/pictograms.html"
    with sync_playwright() as pw:
        browser = launch(pw)
        for name, dsf, zoom, width in (("1x", 1, 1, 1300), ("2x", 2, 1, 1300), ("zoom3", 1, 3, 1900)):
            page = browser.new_page(viewport={"width": width, "height": 900}, device_scale_factor=dsf)
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"{url}?zoom={zoom}")
            page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=20_000)
            path = os.path.join(out, f"pictograms-{name}.png")
            page.screenshot(path=path, full_page=True)
            print(path, errors or "")
            if zoom > 1:   # one image per sheet, to look at closely
                figs = page.locator("figure")
                for i in range(figs.count()):
                    figs.nth(i).screenshot(path=os.path.join(out, f"pictograms-{name}-{i}.png"))
            page.close()
        browser.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
