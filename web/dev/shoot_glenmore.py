"""Dev tool: screenshots of the Glen More harness in headless Chromium at phone
and desktop sizes, plus a check that every renderer target is a legal move.

    PYTHONPATH=engine python3 web/dev/serve.py 8765 &
    python3 web/dev/shoot_glenmore.py [outdir] [snapshot-name-substring ...]
"""
from __future__ import annotations

import json
import os
import sys
import urllib.parse

from playwright.sync_api import sync_playwright

BASE = "http://127.0.0.1:8765/dev/glenmore.html"
SIZES = {"phone": (360, 640, 2), "desktop": (1280, 800, 1)}
if os.environ.get("GM_SIZES"):  # e.g. GM_SIZES=mid:900x760x1,short:360x460x2
    SIZES = {k: tuple(int(n) for n in v.split("x")) for k, v in
             (item.split(":") for item in os.environ["GM_SIZES"].split(","))}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/gmshots"
    filters = sys.argv[2:]
    os.makedirs(out, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for size, (w, h, dpr) in SIZES.items():
            page = browser.new_page(viewport={"width": w, "height": h}, device_scale_factor=dpr)
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: m.type == "error" and errors.append(m.text))
            page.goto(BASE)
            page.wait_for_function("document.documentElement.dataset.ready === '1'")
            names = page.evaluate("[...document.getElementById('pick').options].map(o => o.value)")
            for name in names:
                if filters and not any(f in name for f in filters):
                    continue
                page.goto(BASE + "?bare=1&snap=" + urllib.parse.quote(name))
                page.wait_for_function("document.documentElement.dataset.ready === '1'")
                page.wait_for_timeout(100)
                res = page.evaluate("""() => {
                    const s = window.__snapshot, t = window.__renderer.targets();
                    const legal = new Set(s.legal.map(m => JSON.stringify(m)));
                    const bad = t.filter(x => !legal.has(JSON.stringify(x.move)));
                    return {targets: t.length, bad: bad.length, choices: window.__choices.length,
                            types: [...new Set(t.map(x => x.move.type))]};
                }""")
                fname = os.path.join(out, f"{size}-{name.replace(' ', '_').replace('/', '_')}.png")
                page.screenshot(path=fname)
                print(size, name, json.dumps(res), errors[-3:] if errors else "")
                errors.clear()
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
