"""Dev tool: screenshots of the Hunters harness in headless Chromium at phone
and desktop sizes, with a few interactions (select a place, turn the ghost,
hover a feature), and a check that every renderer target is a legal move.

    PYTHONPATH=engine python3 web/dev/serve.py 8766 hunters &
    python3 web/dev/shoot_hunters.py [outdir] [snapshot-name-substring ...]
"""
from __future__ import annotations

import json
import os
import sys
import urllib.parse

from playwright.sync_api import sync_playwright

BASE = "http://127.0.0.1:8766/dev/hunters.html"
SIZES = {"phone": (360, 640, 2), "desktop": (1280, 800, 1)}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

CHECK = """() => {
  const s = window.__snap, t = window.__renderer.targets();
  const legal = new Set(s.legal.map(m => JSON.stringify(m)));
  const bad = t.filter(x => !legal.has(JSON.stringify(x.move)));
  const c = document.getElementById('board').getBoundingClientRect();
  const off = t.filter(x => x.x < 0 || x.y < 0 || x.x > c.width || x.y > c.height);
  const nonBoard = s.legal.filter(m => m.type === 'place' || m.type === 'meeple').length;
  return {targets: t.length, legalOnBoard: nonBoard, bad: bad.length, offscreen: off.length,
          choices: window.__choices.map(c => c.label)};
}"""


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/hgshots"
    filters = sys.argv[2:]
    os.makedirs(out, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for size, (w, h, dpr) in SIZES.items():
            page = browser.new_page(viewport={"width": w, "height": h}, device_scale_factor=dpr,
                                    has_touch=(size == "phone"))
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: m.type == "error" and errors.append(m.text))
            page.goto(BASE + "?bare=1")
            page.wait_for_function("window.__ready === true")
            names = page.evaluate("[...document.getElementById('pick').options].map(o => o.value)")
            for name in names:
                if filters and not any(f in name for f in filters):
                    continue
                page.goto(BASE + "?bare=1&snap=" + urllib.parse.quote(name))
                page.wait_for_function("window.__ready === true")
                page.wait_for_timeout(150)
                base = os.path.join(out, f"{size}-{name}")
                res = page.evaluate(CHECK)
                page.screenshot(path=base + ".png")
                print(size, name, json.dumps(res), errors[-3:] if errors else "")
                targets = page.evaluate("window.__renderer.targets()")
                box = page.locator("#board").bounding_box()
                if targets and targets[0]["move"]["type"] == "place":
                    t = targets[len(targets) // 2]
                    page.mouse.click(box["x"] + t["x"], box["y"] + t["y"])
                    page.wait_for_timeout(80)
                    page.screenshot(path=base + "-ghost.png")
                    page.mouse.click(box["x"] + t["x"], box["y"] + t["y"])
                    page.wait_for_timeout(80)
                    page.screenshot(path=base + "-ghost2.png")
                    print("   after taps:", json.dumps(page.evaluate(CHECK)["choices"]))
                elif targets and targets[0]["move"]["type"] == "meeple":
                    t = targets[0]
                    page.mouse.click(box["x"] + t["x"], box["y"] + t["y"])
                    page.wait_for_timeout(80)
                    page.screenshot(path=base + "-pick.png")
                    print("   after tap:", json.dumps(page.evaluate(CHECK)["choices"]),
                          "played", page.evaluate("window.__played"))
                if size == "desktop":
                    # hover the middle of the board to outline a feature
                    page.mouse.move(box["x"] + w * 0.5, box["y"] + h * 0.45)
                    page.wait_for_timeout(80)
                    page.screenshot(path=base + "-hover.png")
                errors.clear()
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
