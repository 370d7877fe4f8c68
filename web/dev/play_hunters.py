"""Dev tool: play Hunters through the harness in live mode (serve.py, started here)
in headless Chromium the way a player would: tap a renderer target, confirm
with the on-canvas tick or a choices button, or choose "Place nothing".
Also checks pan, wheel zoom, pinch and double-tap fit with synthetic pointers.

    python3 web/dev/play_hunters.py [moves] [players] [size WxH]
"""
from __future__ import annotations

import random
import sys

from playwright.sync_api import sync_playwright

from serve import serve_in_thread
from shots import launch

GESTURES = """async () => {
  const c = document.getElementById('board'), r = c.getBoundingClientRect(), R = window.__renderer;
  const ev = (type, id, x, y) => c.dispatchEvent(new PointerEvent(type, {pointerId: id, clientX: r.left + x,
      clientY: r.top + y, pointerType: 'touch', bubbles: true, cancelable: true, isPrimary: id === 1}));
  const cam = () => ({...R.cam});
  const out = {};
  const a = cam();
  ev('pointerdown', 1, 100, 300); ev('pointermove', 1, 130, 310); ev('pointermove', 1, 160, 340); ev('pointerup', 1, 160, 340);
  out.pan = [R.cam.ox - a.ox, R.cam.oy - a.oy];
  const b = cam();
  ev('pointerdown', 1, 150, 300); ev('pointerdown', 2, 210, 300);
  ev('pointermove', 1, 120, 300); ev('pointermove', 2, 240, 300);
  ev('pointerup', 1, 120, 300); ev('pointerup', 2, 240, 300);
  out.pinch = R.cam.s / b.s;
  const d = cam();
  c.dispatchEvent(new WheelEvent('wheel', {deltaY: -200, clientX: r.left + 150, clientY: r.top + 300, bubbles: true, cancelable: true}));
  out.wheel = R.cam.s / d.s;
  // double tap on empty table far from the board: back to the fitted view
  let px = 0, py = 0;
  for (let y = 150; y < r.height - 150 && !px; y += 10) for (let x = 10; x < 200 && !px; x += 10) {
    const [wx, wy] = R.toWorld(x, y), k = `${Math.round(wx)},${Math.round(wy)}`;
    if (!R.cells.has(k) && !R.placeAt.has(k)) { px = x; py = y; }
  }
  ev('pointerdown', 1, px, py); ev('pointerup', 1, px, py);
  ev('pointerdown', 1, px, py); ev('pointerup', 1, px, py);
  out.refit = !R.userMoved;
  return out;
}"""


def main():
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    w, h = (int(v) for v in (sys.argv[3] if len(sys.argv) > 3 else "360x640").split("x"))
    rng = random.Random(5)
    url, server = serve_in_thread()
    with sync_playwright() as pw:
        browser = launch(pw)
        page = browser.new_page(viewport={"width": w, "height": h})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url + f"?game=hunters&live=1&bare=1&players={players}&seed=3")
        page.wait_for_function("window.__ready === true")
        print("gestures", page.evaluate(GESTURES))
        played = 0
        for step in range(moves):
            page.wait_for_timeout(60)
            snap = page.evaluate("({phase: window.__snap.view.phase, n: window.__played.length})")
            if snap["phase"] == "over":
                break
            box = page.locator("#board").bounding_box()
            targets = page.evaluate("window.__renderer.targets()")
            before = snap["n"]
            if targets and targets[0]["move"]["type"] == "place":
                t = rng.choice(targets)
                page.mouse.click(box["x"] + t["x"], box["y"] + t["y"])
                page.wait_for_timeout(30)
                if rng.random() < 0.5:
                    page.get_by_role("button", name="Place here").click()
                else:
                    tick = page.evaluate("window.__renderer.buttons.find(b => b.act === 'confirm')")
                    page.mouse.click(box["x"] + tick["x"] + tick["w"] / 2, box["y"] + tick["y"] + tick["h"] / 2)
            elif targets and rng.random() < 0.7:
                t = rng.choice(targets)
                page.mouse.click(box["x"] + t["x"], box["y"] + t["y"])
                page.wait_for_timeout(30)
                if page.evaluate("window.__played.length") == before:
                    labels = page.evaluate("window.__choices.map(c => c.label)")
                    page.get_by_role("button", name=rng.choice([l for l in labels if l != "Place nothing"])).click()
            else:
                page.get_by_role("button", name="Place nothing").click()
            page.wait_for_function(f"window.__played.length > {before}")
            page.wait_for_timeout(80)
            played += 1
            log = page.evaluate("document.getElementById('log').textContent")
            if "error" in log:
                print("ERROR", log)
                break
        v = page.evaluate("({phase: window.__snap.view.phase, tiles: window.__snap.view.board.length, players: window.__snap.view.players})")
        page.screenshot(path=f"/tmp/hg-play-{w}x{h}.png")
        print("played", played, "moves; now", v["phase"], v["tiles"], "tiles", [p["score"] for p in v["players"]], "errors", errors)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
