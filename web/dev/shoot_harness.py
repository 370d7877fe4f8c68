"""Dev tool: screenshots of one game's renderer in the dev harness (web/dev/harness.html,
served by web/dev/serve.py, started here) for each stored position (web/dev/<game>-mock.json
and <game>-snapshots.json) at a phone and a desktop size, with a check that every renderer
target is a legal move and on the board.  Where the first target places a tile (Hunters) it is
tapped twice (the ghost, turned); where it picks a member it is tapped once; on the desktop the
middle of the board is hovered (a feature's outline).

    python3 web/dev/shoot_harness.py GAME [outdir] [snapshot-name-substring ...]
    HARNESS_SIZES=mid:900x760x1,short:360x460x2 python3 web/dev/shoot_harness.py glenmore
"""
from __future__ import annotations

import json
import os
import sys
import urllib.parse

from playwright.sync_api import sync_playwright

from serve import serve_in_thread
from shots import launch

SIZES = {"phone": (360, 640, 2), "desktop": (1280, 800, 1)}
if os.environ.get("HARNESS_SIZES"):
    SIZES = {k: tuple(int(n) for n in v.split("x")) for k, v in
             (item.split(":") for item in os.environ["HARNESS_SIZES"].split(","))}

CHECK = """() => {
  const s = window.__snap, t = window.__renderer.targets();
  const legal = new Set(s.legal.map(m => JSON.stringify(m)));
  const bad = t.filter(x => x.move && !legal.has(JSON.stringify(x.move)));
  const c = document.getElementById('board').getBoundingClientRect();
  const off = t.filter(x => x.x < 0 || x.y < 0 || x.x > c.width || x.y > c.height);
  return {targets: t.length, bad: bad.length, offscreen: off.length,
          types: [...new Set(t.map(x => x.move && x.move.type))], choices: window.__choices.map(c => c.label)};
}"""


def shoot(page, base, out, size, name):
    """The position ``name``: its screenshot(s) and the check, printed."""
    page.goto(base + "&bare=1&snap=" + urllib.parse.quote(name))
    page.wait_for_function("window.__ready === true")
    page.wait_for_timeout(150)
    path = os.path.join(out, f"{size}-{name.replace(' ', '_').replace('/', '_')}")
    page.screenshot(path=path + ".png")
    print(size, name, json.dumps(page.evaluate(CHECK)), flush=True)
    targets = page.evaluate("window.__renderer.targets()")
    box = page.locator("#board").bounding_box()
    kind = targets[0]["move"]["type"] if targets and targets[0].get("move") else None
    if kind == "place":
        t = targets[len(targets) // 2]
        for shot in ("ghost", "ghost2"):
            page.mouse.click(box["x"] + t["x"], box["y"] + t["y"])
            page.wait_for_timeout(80)
            page.screenshot(path=f"{path}-{shot}.png")
        print("   after taps:", json.dumps(page.evaluate(CHECK)["choices"]))
    elif kind == "meeple":
        page.mouse.click(box["x"] + targets[0]["x"], box["y"] + targets[0]["y"])
        page.wait_for_timeout(80)
        page.screenshot(path=path + "-pick.png")
        print("   after tap:", json.dumps(page.evaluate(CHECK)["choices"]), "played", page.evaluate("window.__played"))
    if size == "desktop":
        page.mouse.move(box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.45)
        page.wait_for_timeout(80)
        page.screenshot(path=path + "-hover.png")


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("caledonia", "glenmore", "hunters"):
        raise SystemExit(__doc__)
    game = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                              "out", f"harness-{game}")
    filters = sys.argv[3:]
    os.makedirs(out, exist_ok=True)
    url, server = serve_in_thread()
    base = f"{url}?game={game}"
    with sync_playwright() as pw:
        browser = launch(pw)
        for size, (w, h, dpr) in SIZES.items():
            page = browser.new_page(viewport={"width": w, "height": h}, device_scale_factor=dpr,
                                    has_touch=(size == "phone"))
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: m.type == "error" and errors.append(m.text))
            page.goto(base + "&bare=1")
            page.wait_for_function("window.__ready === true")
            names = page.evaluate("[...document.getElementById('pick').options].map(o => o.value)")
            for name in names:
                if not filters or any(f in name for f in filters):
                    shoot(page, base, out, size, name)
                    if errors:
                        print("   errors:", errors[-3:])
                    errors.clear()
            page.close()
        browser.close()
    server.shutdown()
    print("screenshots in", out)


if __name__ == "__main__":
    main()
